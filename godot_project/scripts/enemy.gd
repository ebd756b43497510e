class_name Enemy
extends CharacterBody2D
## A sample enemy: stands at its spawn point until the player comes within
## [member chase_range], then chases it along the level's navigation region
## (built by [DungeonNavigation], see dungeon.gd) with a
## [NavigationAgent2D]. Touching the player makes it flash and throws the
## enemy back, stunned for a moment: the player is never pushed or slowed,
## so nothing an enemy does can keep anyone from the EXIT.
##
## Collision: the enemy sits on physics layer 3, which the player's mask
## leaves out, and collides only with the walls (layer 1).

## Emitted when the enemy touches the player.
signal touched_player

## Physics layer bit of enemies (layer 3).
const LAYER := 1 << 2
## Body radius in pixels.
const RADIUS := 9.0
## Seconds an enemy stays stunned after touching the player.
const STUN_TIME := 1.2

## Walking speed in pixels per second (the player walks at 230).
@export var speed := 110.0
## Chase when the player is this close (pixels, straight line).
@export var chase_range := 200.0
## Body colour.
@export var color := Color("e43b44")

## The node chased (the player), in the same canvas as this enemy.
var target: Node2D
## Whether the enemy is chasing now.
var chasing := false
## Times it touched the player.
var touches := 0

var agent: NavigationAgent2D
var _stun := 0.0
## The navigation map's iteration when the level's region was added; paths
## are asked for only after the map has synchronised past it.
var _wait_iteration := -1


func _init() -> void:
	collision_layer = LAYER
	collision_mask = 1
	motion_mode = MOTION_MODE_FLOATING
	var shape := CollisionShape2D.new()
	var circle := CircleShape2D.new()
	circle.radius = RADIUS
	shape.shape = circle
	add_child(shape)
	agent = NavigationAgent2D.new()
	agent.path_desired_distance = 6.0
	agent.target_desired_distance = RADIUS
	agent.radius = RADIUS
	add_child(agent)


## Starts the enemy at `point` (parent coordinates), chasing `chased`; it
## asks for paths once the navigation map has moved past `iteration`
## ([method NavigationServer2D.map_get_iteration_id] when the region was set).
func setup(point: Vector2, chased: Node2D, iteration: int) -> void:
	position = point
	target = chased
	_wait_iteration = iteration


## Whether the navigation map has the level's region yet.
func navigation_ready() -> bool:
	if not is_inside_tree():
		return false
	return NavigationServer2D.map_get_iteration_id(agent.get_navigation_map()) > _wait_iteration


func _physics_process(delta: float) -> void:
	if target == null or not navigation_ready():
		return
	if _stun > 0.0:
		_stun -= delta
		velocity = velocity.move_toward(Vector2.ZERO, 400.0 * delta)
		move_and_slide()
		return
	var to_target := target.global_position - global_position
	chasing = to_target.length() <= chase_range
	if not chasing:
		velocity = Vector2.ZERO
		return
	if to_target.length() <= RADIUS + 10.0:
		_touch(to_target)
		return
	agent.target_position = target.global_position
	var next := agent.get_next_path_position()
	var step := next - global_position
	velocity = step.normalized() * speed if step.length() > 0.5 else Vector2.ZERO
	move_and_slide()
	queue_redraw()


func _touch(to_target: Vector2) -> void:
	touches += 1
	_stun = STUN_TIME
	velocity = -to_target.normalized() * speed * 1.5
	if target.has_method("flash"):
		target.flash()
	touched_player.emit()
	queue_redraw()


func _draw() -> void:
	draw_set_transform(Vector2(0, 7), 0.0, Vector2(1.0, 0.45))
	draw_circle(Vector2.ZERO, RADIUS + 1.0, Color(0, 0, 0, 0.35))
	draw_set_transform(Vector2.ZERO)
	var body := color.darkened(0.4) if _stun > 0.0 else color
	# Two horns, then the body over their roots.
	for s in [-1.0, 1.0]:
		draw_colored_polygon(PackedVector2Array([Vector2(s * 3.0, -RADIUS + 2.0),
			Vector2(s * 8.0, -RADIUS - 5.0), Vector2(s * 7.5, -RADIUS + 4.0)]), Color("1a1424"))
	draw_circle(Vector2.ZERO, RADIUS + 1.5, Color("1a1424"))
	draw_circle(Vector2.ZERO, RADIUS, body)
	draw_circle(Vector2(0, -2), RADIUS * 0.55, body.lightened(0.2))
	# Eyes toward where it walks.
	var look := velocity.normalized() * 2.5 if velocity != Vector2.ZERO else Vector2(0, 1)
	var side := look.orthogonal().normalized() * 3.0
	for eye in [look + side + Vector2(0, -2), look - side + Vector2(0, -2)]:
		draw_circle(eye, 2.0, Color.WHITE)
		draw_circle(eye + look * 0.3, 1.0, Color("1a1424"))


## Up to `count` cells of `grid` for enemies, at least `min_steps` steps
## from START and never in a secret room, chosen from the grid alone (no
## random numbers): the grid's enemy spawn points
## ([method DungeonGrid.get_spawn_points], seeded with the level), one per
## cell, else the cells on the way from START to the EXIT; spread evenly
## over the candidates in their order.
static func spawn_cells(grid: DungeonGrid, count: int, min_steps: int) -> Array[Vector2i]:
	var secret := grid.get_secret_rooms()
	var candidates: Array[Vector2i] = []
	if grid.get_room_count() > 0:
		var points: Dictionary = grid.get_spawn_points(null)
		var cells: PackedInt32Array = points.get("cells", PackedInt32Array())
		var kinds: PackedInt32Array = points.get("kinds", PackedInt32Array())
		for i in kinds.size():
			var cell := Vector2i(cells[2 * i], cells[2 * i + 1])
			if kinds[i] == DungeonGrid.SPAWN_ENEMY and not candidates.has(cell) \
					and grid.distance_from_start(cell) >= min_steps and not secret.has(grid.get_room_at(cell)):
				candidates.append(cell)
	if candidates.size() < count:
		# A shortest path's i-th cell lies i steps from START.
		var way := grid.path(grid.start_cell, grid.end_cell)
		for i in range(min_steps, way.size() - 1):
			if not candidates.has(way[i]) and not secret.has(grid.get_room_at(way[i])):
				candidates.append(way[i])
	var out: Array[Vector2i] = []
	var n := candidates.size()
	for i in mini(count, n):
		out.append(candidates[(2 * i + 1) * n / (2 * mini(count, n))])
	return out
