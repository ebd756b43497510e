@tool
extends Node2D
## The keys and locked doors of a level planned with a [DungeonProgression]
## (a generator's [code]progression[/code]), on room grids and tile maps.
##
## Each key lies on [method DungeonGrid.get_key_cell] of its room, an
## [Area2D] the player picks up by walking over it (one colour per key room).
## Each locked door is a coloured bar on the sides
## [method DungeonGrid.locked_door_mask] gives, with a collision shape: it
## opens (bar and shape removed) when the player touches it holding its key.
## One-way doors ([method DungeonGrid.one_way_mask]) are drawn as arrows
## pointing the way they pass; on tile maps the level's merged collision
## ([DungeonCollision]) lets the player through that way only (room grids:
## they do not block).

## Emitted when the player picks up a key, with the colours of every key held.
signal keys_changed(colours: Array)

## Key colours, by the key room's place in the level's list of key rooms.
const COLOURS: Array[Color] = [
	Color("ffd23f"), Color("3fa7ff"), Color("ff5fa2"), Color("6ee06e"),
	Color("c38bff"), Color("ff8c42"), Color("4ff0e0"), Color("f0f0f0"),
]
const STEP := {
	DungeonGrid.DOOR_NORTH: Vector2i.UP, DungeonGrid.DOOR_EAST: Vector2i.RIGHT,
	DungeonGrid.DOOR_SOUTH: Vector2i.DOWN, DungeonGrid.DOOR_WEST: Vector2i.LEFT,
}
## How far past a shut door's bar the player counts as touching it.
const TOUCH := 14.0

var grid: DungeonGrid
## Key rooms held, in pick-up order.
var held: Array[int] = []
## Shut doors: dictionaries {lock, key_room, rect, body, area}.
var doors: Array[Dictionary] = []
## Key rooms not picked up yet -> their Area2D.
var keys: Dictionary = {}
## One-way doors: [cell, side] pairs (the side the player may leave by).
var one_ways: Array = []

var _dungeon: Node2D
var _key_rooms: Array[int] = []


## The colour of the key lying in `key_room`.
func key_colour(key_room: int) -> Color:
	var i := _key_rooms.find(key_room)
	return COLOURS[maxi(i, 0) % COLOURS.size()]


## Builds the keys and doors of `new_grid`, drawn by `dungeon` (a Dungeon:
## cell_to_local, cell_size). Nothing for a grid without locks.
func build(new_grid: DungeonGrid, dungeon: Node2D) -> void:
	clear()
	grid = new_grid
	_dungeon = dungeon
	if grid == null or grid.get_lock_count() == 0:
		return
	var locks := grid.get_locks_packed()
	var kinds: PackedInt32Array = locks["kinds"]
	var key_rooms: PackedInt32Array = locks["key_rooms"]
	for i in kinds.size():
		if kinds[i] == DungeonGrid.LOCK_KEY and not _key_rooms.has(key_rooms[i]):
			_key_rooms.append(key_rooms[i])
	for room in _key_rooms:
		_add_key(room)
	# Each locked side once (it is set on the cells on both sides): from
	# the cell west or north of it.
	for y in grid.height:
		for x in grid.width:
			var cell := Vector2i(x, y)
			var locked := grid.locked_door_mask(cell)
			for side in [DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH]:
				if locked & side != 0:
					_add_door(cell, side, kinds, key_rooms)
			var one_way := grid.one_way_mask(cell)
			for side in STEP:
				if one_way & side != 0:
					one_ways.append([cell, side])
	queue_redraw()


## Removes every key, door and arrow.
func clear() -> void:
	for child in get_children():
		remove_child(child)
		child.free()
	grid = null
	held.clear()
	doors.clear()
	keys.clear()
	one_ways.clear()
	_key_rooms.clear()
	queue_redraw()


## Whether the player holds the key lying in `key_room`.
func has_key(key_room: int) -> bool:
	return held.has(key_room)


## Whether lock `lock` (a number of [method DungeonGrid.get_locks_packed])
## still has a shut door on screen.
func is_shut(lock: int) -> bool:
	for door in doors:
		if door["lock"] == lock:
			return true
	return false


func _add_key(room: int) -> void:
	var area := Area2D.new()
	area.name = "Key%d" % room
	area.position = _dungeon.cell_to_local(grid.get_key_cell(room))
	var shape := CollisionShape2D.new()
	var circle := CircleShape2D.new()
	circle.radius = 10.0
	shape.shape = circle
	area.add_child(shape)
	area.body_entered.connect(func(body: Node2D) -> void:
		if body is CharacterBody2D:
			pick_up(room))
	add_child(area)
	keys[room] = area


## Picks up the key lying in `room` (the player walked over it).
func pick_up(room: int) -> void:
	if not keys.has(room):
		return
	var area: Area2D = keys[room]
	keys.erase(room)
	area.queue_free()
	held.append(room)
	var colours: Array = []
	for r in held:
		colours.append(key_colour(r))
	keys_changed.emit(colours)
	queue_redraw()


## The lock whose door is the side `side` of `cell`: the one lock that,
## opened alone, lets a walk cross it in one step.
func _lock_of_side(cell: Vector2i, side: int, kinds: PackedInt32Array) -> int:
	var other: Vector2i = cell + STEP[side]
	for i in kinds.size():
		if kinds[i] != DungeonGrid.LOCK_KEY:
			continue
		var open := PackedInt32Array([i])
		if grid.get_path_with_keys(cell, other, open).size() == 2 or grid.get_path_with_keys(other, cell, open).size() == 2:
			return i
	return -1


func _add_door(cell: Vector2i, side: int, kinds: PackedInt32Array, key_rooms: PackedInt32Array) -> void:
	var lock := _lock_of_side(cell, side, kinds)
	if lock < 0:
		push_warning("locks_view: no lock found for side %d of %s" % [side, cell])
		return
	var rect := _bar_rect(cell, side)
	var body := StaticBody2D.new()
	var shape := CollisionShape2D.new()
	var box := RectangleShape2D.new()
	box.size = rect.size
	shape.shape = box
	shape.position = rect.get_center()
	body.add_child(shape)
	add_child(body)
	var area := Area2D.new()
	var touch := CollisionShape2D.new()
	var touch_box := RectangleShape2D.new()
	touch_box.size = rect.grow(TOUCH).size
	touch.shape = touch_box
	touch.position = rect.get_center()
	area.add_child(touch)
	add_child(area)
	doors.append({"lock": lock, "key_room": key_rooms[lock], "rect": rect, "body": body, "area": area})


## The bar shutting side `side` (east or south) of `cell`: across the
## doorway, on the cell edge. Room grids: the room walls' door opening
## through both rooms' walls; tile maps: the tile edge.
func _bar_rect(cell: Vector2i, side: int) -> Rect2:
	var size: Vector2 = _dungeon.cell_size()
	var edge: Vector2 = (Vector2(cell) + Vector2(0.5, 0.5)) * size
	var tile_map := Dungeon.is_tile_grid(grid)
	var across: float
	var depth: float
	if tile_map:
		across = size.x
		# Thin enough that a player walking along the room's edge row
		# does not brush it.
		depth = maxf(6.0, size.x * 0.36)
	else:
		# room.gd: the opening is DOOR_WIDTH wide, through the margin and wall.
		across = Room.DOOR_WIDTH + 2.0 * Room.JAMB
		depth = 2.0 * (Room.MARGIN + Room.WALL)
	if side == DungeonGrid.DOOR_EAST:
		edge.x += size.x * 0.5
		return Rect2(edge - Vector2(depth, across) * 0.5, Vector2(depth, across))
	edge.y += size.y * 0.5
	return Rect2(edge - Vector2(across, depth) * 0.5, Vector2(across, depth))


func _physics_process(_delta: float) -> void:
	for door in doors.duplicate():
		if not has_key(door["key_room"]):
			continue
		var area: Area2D = door["area"]
		for body in area.get_overlapping_bodies():
			if body is CharacterBody2D:
				_open(door)
				break


func _open(door: Dictionary) -> void:
	doors.erase(door)
	# The level's merged collision body (tile maps) shuts the lock too.
	if _dungeon.has_method("set_lock_open"):
		_dungeon.set_lock_open(door["lock"], true)
	(door["body"] as Node).queue_free()
	(door["area"] as Node).queue_free()
	queue_redraw()


## A key glyph centred on `at`, `s` pixels tall: a ring, a shaft, two teeth.
static func draw_key(canvas: CanvasItem, at: Vector2, s: float, colour: Color) -> void:
	var outline := Color(0, 0, 0, 0.8)
	var ring := at + Vector2(0, -s * 0.25)
	var shaft := Rect2(at + Vector2(-s * 0.07, -s * 0.08), Vector2(s * 0.14, s * 0.58))
	var teeth := [Rect2(at + Vector2(s * 0.07, s * 0.28), Vector2(s * 0.18, s * 0.09)),
		Rect2(at + Vector2(s * 0.07, s * 0.4), Vector2(s * 0.13, s * 0.09))]
	canvas.draw_circle(ring, s * 0.25 + 1.5, outline)
	canvas.draw_rect(shaft.grow(1.5), outline)
	for t in teeth:
		canvas.draw_rect(t.grow(1.5), outline)
	canvas.draw_circle(ring, s * 0.25, colour)
	canvas.draw_circle(ring, s * 0.1, outline)
	canvas.draw_rect(shaft, colour)
	for t in teeth:
		canvas.draw_rect(t, colour)


func _draw() -> void:
	if grid == null:
		return
	var tile: float = _dungeon.cell_size().x if Dungeon.is_tile_grid(grid) else 44.0
	for room in keys:
		var at: Vector2 = (keys[room] as Node2D).position
		draw_circle(at, tile * 0.7, Color(key_colour(room), 0.3))
		draw_circle(at, tile * 0.7, Color(0, 0, 0, 0.6), false, 2.0)
		draw_key(self, at, tile * 1.1, key_colour(room))
	for door in doors:
		var r: Rect2 = door["rect"]
		var colour := key_colour(door["key_room"])
		draw_rect(r.grow(5.0), Color(colour, 0.35))
		draw_rect(r.grow(2.0), Color(0, 0, 0, 0.9))
		draw_rect(r, colour)
		# A keyhole in the middle (on a tile map, on a round badge that
		# shows when the whole map is framed).
		var c := r.get_center()
		var k := minf(r.size.x, r.size.y) * 0.22
		if Dungeon.is_tile_grid(grid):
			draw_circle(c, tile * 0.42, Color(0, 0, 0, 0.9))
			draw_circle(c, tile * 0.36, colour)
			k = tile * 0.12
		draw_circle(c + Vector2(0, -k * 0.3), k, Color(0, 0, 0, 0.85))
		draw_rect(Rect2(c + Vector2(-k * 0.4, -k * 0.3), Vector2(k * 0.8, k * 1.6)), Color(0, 0, 0, 0.85))
	for item in one_ways:
		_draw_arrow(item[0], item[1])


## An arrow on side `side` of `cell` pointing out of it: the way the
## one-way door passes.
func _draw_arrow(cell: Vector2i, side: int) -> void:
	var size: Vector2 = _dungeon.cell_size()
	var dir := Vector2(STEP[side])
	var at: Vector2 = _dungeon.cell_to_local(cell) + dir * size * 0.5
	var s := minf(size.x, size.y) * (0.4 if Dungeon.is_tile_grid(grid) else 0.18)
	var normal := dir.orthogonal()
	var points := PackedVector2Array([at + dir * s * 0.6, at - dir * s * 0.4 + normal * s * 0.5, at - dir * s * 0.4 - normal * s * 0.5])
	draw_colored_polygon(points, Color("ffffff"))
	draw_polyline(points + PackedVector2Array([points[0]]), Color(0, 0, 0, 0.85), 2.0)
