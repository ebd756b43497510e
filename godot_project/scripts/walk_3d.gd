class_name Walk3D
extends Node3D
## A small 3D sample: a BSP level generated off the main thread
## ([method BspGenerator.generate_async]), painted onto a [GridMap] by the
## addon's [DungeonGridMapPainter] with a [MeshLibrary] built in code, and
## walked from START to EXIT by a camera; at the exit the next level comes.
## [method use_rooms] switches to an Isaac room grid whose rooms are 3D
## scenes placed by the addon's [DungeonRoomPlacer] (room_3d.tscn, doors
## open on the sides the grid says).
## A few enemies (enemy_3d.gd) chase the camera over a [NavigationRegion3D]
## that the addon's [DungeonNavigation] builds from each level's grid. The
## room mode's 0.2 m walls need a finer navigation map than Godot's default
## 0.25 m cell, so this world's map gets [constant NAVIGATION_CELL] (set in
## [method _enter_tree], before the region joins the map) and the
## navigation is built for it.
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
## The navigation map's cell size in this world (metres).
const NAVIGATION_CELL := 0.05
## The navigation's margin from every wall: tiles, and room mode.
const AGENT_RADIUS := 0.25
const ROOM_AGENT_RADIUS := 0.3
## Enemies per level, their fewest steps from START (cells, or rooms), and
## chase range (cells across).
const ENEMY_COUNT := 3
const ENEMY_MIN_STEPS := 6
const ENEMY_MIN_ROOMS := 2
const CHASE_CELLS := 6.0
const CHASE_ROOMS := 1.6
const EnemyScript := preload("res://scripts/enemy_3d.gd")
var grid: DungeonGrid
var grid_map: GridMap
## The level's navigation, and its enemies (children of [member enemies_root]).
var navigation_region: NavigationRegion3D
var enemies_root: Node3D
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
	navigation_region = NavigationRegion3D.new()
	navigation_region.use_edge_connections = false
	# The region is built on the main thread when its mesh changes: with
	# async region iterations (Godot 4.5+), a region given its mesh after an
	# earlier region of the map was freed stayed empty on 4.6.
	if NavigationServer3D.has_method("region_set_use_async_iterations"):
		NavigationServer3D.region_set_use_async_iterations(navigation_region.get_rid(), false)
	add_child(navigation_region)
	enemies_root = Node3D.new()
	add_child(enemies_root)
	generator.generated.connect(build)


func _enter_tree() -> void:
	NavigationServer3D.map_set_cell_size(get_world_3d().navigation_map, NAVIGATION_CELL)


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
	_build_navigation()
	path = grid.path(grid.start_cell, grid.end_cell)
	_step = 0
	_clock = 0.0
	_place_camera(0.0)
	_spawn_enemies()
	level_built.emit(grid)


## The level's [NavigationMesh]: on the floor slabs' top (0.1 m) for the
## GridMap, on the rooms' floor (0 m) with their walls and doorways in room
## mode.
func _build_navigation() -> void:
	var nav := DungeonNavigation.new()
	nav.navigation_cell_size = NAVIGATION_CELL
	var cell := Vector3.ONE
	if placer != null:
		cell = ROOM_SIZE
		nav.agent_radius = ROOM_AGENT_RADIUS
		nav.room_wall_thickness = preload("res://scripts/room_3d.gd").WALL_THICKNESS
		nav.room_door_width = preload("res://scripts/room_3d.gd").DOOR_WIDTH
	else:
		nav.agent_radius = AGENT_RADIUS
		nav.floor_height = 0.1
	navigation_region.navigation_mesh = nav.build_mesh(grid, cell)
	if navigation_region.navigation_mesh == null:
		push_error("Walk3D: no navigation for the level: " + nav.last_error)


func _spawn_enemies() -> void:
	for child in enemies_root.get_children():
		child.free()
	if navigation_region.navigation_mesh == null:
		return
	var rooms := placer != null
	var iteration := -1
	if is_inside_tree():
		iteration = NavigationServer3D.map_get_iteration_id(get_world_3d().navigation_map)
	var reach := (ROOM_SIZE.x * CHASE_ROOMS) if rooms else CHASE_CELLS
	for cell in Enemy.spawn_cells(grid, ENEMY_COUNT, ENEMY_MIN_ROOMS if rooms else ENEMY_MIN_STEPS):
		var enemy: CharacterBody3D = EnemyScript.new()
		enemy.chase_range = reach
		var at := cell_position(cell)
		at.y = 0.0 if rooms else 0.1
		enemy.setup(at, camera, iteration)
		enemies_root.add_child(enemy)


## Every enemy of the level on display.
func enemies() -> Array[Node]:
	return enemies_root.get_children()


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
