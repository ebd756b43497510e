class_name Walk3D
extends Node3D
## A small 3D sample: a BSP level generated off the main thread
## ([method BspGenerator.generate_async]), painted onto a [GridMap] by the
## addon's [DungeonGridMapPainter] with a [MeshLibrary] built in code, and
## walked from START to EXIT by a camera; at the exit the next level comes.
## [method use_rooms] switches to an Isaac room grid whose rooms are 3D
## scenes placed by the addon's [DungeonRoomPlacer] (room_3d.tscn, doors
## open on the sides the grid says).
##
## Run it with: godot --path godot_project res://scenes/walk_3d.tscn [-- --rooms]

## Emitted when a level is on display.
signal level_built(grid: DungeonGrid)

## Seconds per step of the walk.
@export var step_time := 0.12
## The run seed.
@export var run_seed := 7
## Start in room mode (see [method use_rooms]); also `-- --rooms` on the
## command line.
@export var room_mode := false

## MeshLibrary item ids (the painter's defaults).
const FLOOR := 0
const CORRIDOR := 1
const DOOR := 2
const WALL := 3

## The generator: a BspGenerator, or an IsaacGenerator after use_rooms().
var generator: Resource = BspGenerator.new()
## Room mode: the room scenes' placer, and the size of one room cell.
var placer: DungeonRoomPlacer
var rooms_root: Node3D
const ROOM_SIZE := Vector3(8, 2, 6)
var grid: DungeonGrid
var grid_map: GridMap
var painter: DungeonGridMapPainter
var camera: Camera3D
## The walk from start to exit, in grid cells.
var path: Array[Vector2i] = []
var level := 1
var _step := 0
var _clock := 0.0


func _init() -> void:
	grid_map = GridMap.new()
	grid_map.cell_size = Vector3.ONE
	grid_map.cell_center_y = false
	grid_map.mesh_library = make_mesh_library()
	add_child(grid_map)
	painter = DungeonGridMapPainter.new()
	add_child(painter)
	camera = Camera3D.new()
	camera.fov = 80
	add_child(camera)
	var sun := DirectionalLight3D.new()
	sun.rotation_degrees = Vector3(-60, 30, 0)
	add_child(sun)
	rooms_root = Node3D.new()
	add_child(rooms_root)
	generator.generated.connect(build)


## Switches to room mode: Isaac floors, one room_3d.tscn per room.
func use_rooms() -> void:
	generator.generated.disconnect(build)
	generator = IsaacGenerator.new()
	generator.seed = run_seed
	generator.generated.connect(build)
	placer = DungeonRoomPlacer.new()
	placer.room_scene = preload("res://scenes/room_3d.tscn")
	placer.room_size = ROOM_SIZE
	add_child(placer)


func _ready() -> void:
	if (room_mode or OS.get_cmdline_user_args().has("--rooms")) and placer == null:
		use_rooms()
	generator.seed = run_seed
	generator.generate_async(level)


## A MeshLibrary of boxes: floor, corridor and door slabs, and a wall panel
## standing on the front (+Z) edge of its cell, which the painter turns to
## face the floor.
static func make_mesh_library() -> MeshLibrary:
	var lib := MeshLibrary.new()
	var items := [
		[FLOOR, Vector3(1, 0.1, 1), Vector3(0.5, 0.05, 0.5), Color("37324f")],
		[CORRIDOR, Vector3(1, 0.1, 1), Vector3(0.5, 0.05, 0.5), Color("2e2a45")],
		[DOOR, Vector3(1, 0.1, 1), Vector3(0.5, 0.05, 0.5), Color("8a5a2b")],
		[WALL, Vector3(1, 1.6, 0.2), Vector3(0.5, 0.8, 0.9), Color("6d63a0")],
	]
	for it in items:
		var mesh := BoxMesh.new()
		mesh.size = it[1]
		var mat := StandardMaterial3D.new()
		mat.albedo_color = it[3]
		mesh.material = mat
		lib.create_item(it[0])
		lib.set_item_mesh(it[0], mesh)
		# Items are centred on the cell; the offset puts the box where it belongs.
		lib.set_item_mesh_transform(it[0], Transform3D(Basis(), it[2] - Vector3(0.5, 0, 0.5)))
	return lib


## Shows `new_grid`: paints it and starts the walk at its start cell.
func build(new_grid: DungeonGrid) -> void:
	grid = new_grid
	if placer != null:
		for child in rooms_root.get_children():
			child.free()
		grid_map.clear()
		placer.place(grid, rooms_root)
	else:
		painter.paint(grid, grid_map)
	path = grid.path(grid.start_cell, grid.end_cell)
	_step = 0
	_clock = 0.0
	_place_camera(0.0)
	level_built.emit(grid)


## Where the camera stands for cell `cell`: above its centre, eye height
## (a room's centre in room mode).
func cell_position(cell: Vector2i) -> Vector3:
	var s := Vector3(ROOM_SIZE.x, 1, ROOM_SIZE.z) if placer != null else Vector3.ONE
	return Vector3((cell.x + 0.5) * s.x, 0.8, (cell.y + 0.5) * s.z)


func _process(delta: float) -> void:
	if path.size() < 2:
		return
	_clock += delta
	while _clock >= step_time:
		_clock -= step_time
		_step += 1
		if _step >= path.size() - 1:
			level += 1
			path = []
			generator.generate_async(level)
			return
	_place_camera(_clock / step_time)


func _place_camera(t: float) -> void:
	if path.is_empty():
		return
	var a := cell_position(path[mini(_step, path.size() - 1)])
	var b := cell_position(path[mini(_step + 1, path.size() - 1)])
	var at := a.lerp(b, t)
	var ahead := cell_position(path[mini(_step + 3, path.size() - 1)])
	if ahead.is_equal_approx(at):
		camera.position = at
	else:
		camera.transform = Transform3D(Basis(), at).looking_at(ahead, Vector3.UP)
