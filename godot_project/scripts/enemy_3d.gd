extends CharacterBody3D
## walk_3d's enemy: a red capsule that stands at its spawn point until the
## walking camera comes within [member chase_range], then chases it over
## the floor along the level's [NavigationRegion3D] with a
## [NavigationAgent3D]. Touching the camera stuns it for a moment; the
## camera's walk never notices. walk_3d has no collision shapes, so the
## enemy follows the navigation alone (and a stunned one stands still).

## Body radius in metres.
const RADIUS := 0.25
## Seconds an enemy stays stunned after a touch.
const STUN_TIME := 1.2

## Walking speed in metres per second (the camera walks about 8 cells a second).
@export var speed := 2.0
## Chase when the camera is this close (metres, over the floor).
@export var chase_range := 6.0

## The node chased (the camera); its position over the floor is the target.
var target: Node3D
## Height of the walkable surface.
var floor_y := 0.0
var chasing := false
## Times it touched the chased node.
var touches := 0

var agent: NavigationAgent3D
var _stun := 0.0
## The navigation map's iteration when the region was set (see [method setup]).
var _wait_iteration := -1


func _init() -> void:
	collision_layer = 0
	collision_mask = 0
	motion_mode = MOTION_MODE_FLOATING
	var mesh := CapsuleMesh.new()
	mesh.radius = RADIUS
	mesh.height = 0.9
	var mat := StandardMaterial3D.new()
	mat.albedo_color = Color("e43b44")
	mesh.material = mat
	var body := MeshInstance3D.new()
	body.mesh = mesh
	body.position.y = 0.45
	add_child(body)
	agent = NavigationAgent3D.new()
	agent.path_desired_distance = 0.2
	agent.target_desired_distance = RADIUS
	agent.radius = RADIUS
	add_child(agent)


## Starts the enemy at `point` (on the floor, parent coordinates), chasing
## `chased`; paths are asked for once the navigation map has moved past
## `iteration`.
func setup(point: Vector3, chased: Node3D, iteration: int) -> void:
	position = point
	floor_y = point.y
	target = chased
	_wait_iteration = iteration


## Whether the navigation map has the level's region yet.
func navigation_ready() -> bool:
	if not is_inside_tree():
		return false
	return NavigationServer3D.map_get_iteration_id(agent.get_navigation_map()) > _wait_iteration


func _physics_process(delta: float) -> void:
	if target == null or not navigation_ready():
		return
	if _stun > 0.0:
		_stun -= delta
		return
	var goal := Vector3(target.global_position.x, floor_y, target.global_position.z)
	var to_goal := goal - global_position
	chasing = to_goal.length() <= chase_range
	if not chasing:
		velocity = Vector3.ZERO
		return
	if to_goal.length() <= RADIUS * 2.0:
		touches += 1
		_stun = STUN_TIME
		velocity = Vector3.ZERO
		return
	agent.target_position = goal
	var step := agent.get_next_path_position() - global_position
	step.y = 0.0
	velocity = step.normalized() * speed if step.length() > 0.01 else Vector3.ZERO
	move_and_slide()
