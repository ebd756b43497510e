@tool
class_name Dungeon
extends Node2D
## Turns a dungeon generator's [DungeonGrid] into a level you can walk.
##
## Give it a generator resource in the Inspector ([IsaacGenerator],
## [DrunkardGenerator], [BspGenerator], [CaveGenerator], [MazeGenerator], [TinyKeepGenerator] or another generator of the addon) and it draws the dungeon right in
## the 2D editor; change any generator setting and the preview follows.
##
## - Room grids (Isaac, Drunkard, Hilbert): one [code]room_scene[/code] instance per
##   room at [code]cell * room_size[/code] (a large room at its top-left
##   cell, [code]room_size * shape[/code] big), walls open exactly on the
##   sides of the cells' door masks. Special rooms are tinted and labelled;
##   secret doors stay wall until the player bumps them ([method bump]) and
##   secret rooms stay hidden until then. The addon's [DungeonRoomPlacer]
##   places the rooms (room.gd's [code]setup_room()[/code] reads its info).
## - Tile grids (BSP, TinyKeep): a [TileMapLayer] painted by the addon's
##   [DungeonTilePainter] with a TileSet drawn in code (dungeon_tiles.gd:
##   floor, corridor, door, wall, start, end); walls go on every empty tile
##   that touches a walkable one (8 neighbours) and collide. Where
##   two walkable tiles touch but the door masks keep them apart (a corridor
##   running along a room's side), a thin wall is drawn between them and
##   collides too: corridors enter rooms only through doors.
##
## - TinyKeep: its room graph (Delaunay, spanning tree, loops) is drawn over
##   the map while [member show_graph] is on (G toggles it in the sample),
##   and on every level with rooms so are the spawn points
##   ([method DungeonGrid.get_spawn_points]).
##
## - Every level but the huge ones painted over frames gets a
##   [NavigationRegion2D] ([member navigation_region]) built by the addon's
##   [DungeonNavigation] from the grid, with a margin of
##   [member navigation_radius] from every wall, for the sample's enemies
##   (enemy.gd). The tiles have no navigation layer, so the level is not
##   navigable twice.
##
## In a game, call [method generate_level] and read [member grid]. The
## editor preview generates with [method IsaacGenerator.generate_async] (a
## setting change cancels the run still going), so the editor never waits.

## Emitted after a grid was generated and built.
signal generated(grid: DungeonGrid)
## Emitted when a level from [method generate_level_async] is painted (all
## its tiles on screen).
signal painted(grid: DungeonGrid)
## Emitted with the generator's message when a generation fails.
signal generation_failed(message: String)
## Emitted when the player finds a secret door ([method bump]), with the
## secret room's number.
signal secret_found(room: int)

const DungeonTiles := preload("res://scripts/dungeon_tiles.gd")
## The colour of the path of interest's line.
const POI_COLOUR := Color(1.0, 0.82, 0.25, 0.8)
const NEIGHBOURS_8: Array[Vector2i] = [
	Vector2i(-1, -1), Vector2i(0, -1), Vector2i(1, -1), Vector2i(-1, 0),
	Vector2i(1, 0), Vector2i(-1, 1), Vector2i(0, 1), Vector2i(1, 1),
]

## The generator to call: any generator class of the addon (IsaacGenerator,
## BspGenerator, CaveGenerator, MazeGenerator, TinyKeepGenerator, WalkerGenerator...;
## the Inspector offers every class GeneratorRegistry names). Its seed, level
## and settings decide the editor preview.
@export var generator: Resource:
	set(value):
		if value == generator:
			return
		_watch(generator, false)
		generator = value
		_watch(generator, true)
		if Engine.is_editor_hint() and is_inside_tree():
			generate()
## Size of one room (room grids): room `cell` sits at `cell * room_size`.
@export var room_size := Vector2(100, 200):
	set(value):
		room_size = value
		if grid != null:
			build(grid)
## The scene instanced for every room cell. Its root needs room.gd's API
## (setup(), open_sides, is_open()).
@export var room_scene: PackedScene = preload("res://scenes/room.tscn")
## Tile size in pixels for tile grids (BSP).
@export_range(8, 128, 1) var tile_size := 32:
	set(value):
		tile_size = value
		if grid != null:
			build(grid)
## Draw the room graph of generators that have one (TinyKeep) and the spawn
## points of every level with rooms over the map.
@export var show_graph := true:
	set(value):
		show_graph = value
		if _graph != null:
			_graph.visible = value
## The room graph of the last generation (TinyKeep's generate_with_graph
## without its grid), or empty.
var room_graph: Dictionary = {}
## Draw the path of interest (the longest of the shortest walks between two
## rooms, [method DungeonGrid.get_path_of_interest]) over maze maps, where it
## runs from START to EXIT.
@export var show_path_of_interest := true:
	set(value):
		show_path_of_interest = value
		if grid != null:
			build(grid)
## Generate as soon as the node enters the tree in a running game.
@export var generate_on_ready := true
## Generate again with the current settings (editor preview).
@export_tool_button("Generate", "Reload") var generate_button := generate

## The grid on display, or null.
var grid: DungeonGrid
## Room nodes by cell (room grids only).
var rooms: Dictionary = {}
## Cells painted as wall (tile grids only), in scan order.
var wall_cells: Array[Vector2i] = []
## Thin walls between two walkable tiles whose door masks are closed to each
## other (tile grids only): each entry is [code][cell, side][/code] with side
## [constant DungeonGrid.DOOR_EAST] or [constant DungeonGrid.DOOR_SOUTH] of
## [code]cell[/code], in scan order.
var edge_walls: Array = []
## The path of interest drawn over the map (maze maps with
## [member show_path_of_interest]), cells in walking order; empty otherwise.
var path_of_interest: Array[Vector2i] = []
## The layer painted for tile grids (always present, empty for room grids).
var tile_layer: TileMapLayer
## The level's navigation ([DungeonNavigation.build_polygon]), or an empty
## region (no level, huge levels, the editor).
var navigation_region: NavigationRegion2D
## The navigation's margin from every wall, in pixels: an enemy's radius
## and a pixel (at most 30 % of a tile, as a margin must stay below half).
var navigation_radius := Enemy.RADIUS + 1.0
## Why the last generate call failed; empty after a success.
var last_error := ""

var _rooms_root: Node2D
## The addon's room placer (room grids), made on first use.
var _placer: DungeonRoomPlacer
## Of the grid being built: whether it has special rooms, and its secret rooms.
var _special_floor := false
var _secret_rooms := PackedInt32Array()
var _markers: Node2D
var _graph: Node2D
## TemplateGenerator levels: the room scenes instanced from the placements.
var _template_rooms: Node2D
## Keys, locked and one-way doors (scripts/locks_view.gd) of a level
## planned with a DungeonProgression; empty for the others.
var locks_view: Node2D
## The set dressing (scripts/props_view.gd: the addon's DungeonDecorator
## places it, the script draws it) of tile levels; empty for the others.
var props_view: Node2D
var _edges: StaticBody2D
var _tile_sets: Dictionary = {}
var _painter: DungeonTilePainter
var _preview_queued := false
## A generate_async request of the preview is pending.
var _preview_pending := false
var _tile_view := false
## A [method generate_level_async] request is pending (generating).
var _async_pending := false
## Its grid is being painted over frames.
var _painting := false
## The grid on display was painted over frames (chunk layers): no wall list,
## no thin edge walls, and [method used_rect] is the whole grid.
var _big := false



## The Inspector offers every generator class of GeneratorRegistry for
## `generator` (a resource-type hint made from the registry, so a new
## generator appears without editing this script).
func _validate_property(property: Dictionary) -> void:
	if property["name"] == "generator":
		var classes := PackedStringArray()
		for name in GeneratorRegistry.get_generator_names():
			classes.append(GeneratorRegistry.get_generator(name)["class"])
		property["hint"] = PROPERTY_HINT_RESOURCE_TYPE
		property["hint_string"] = ",".join(classes)

func _init() -> void:
	_painter = DungeonTilePainter.new()
	_painter.name = "Painter"
	_painter.mapping = DungeonTiles.make_mapping()
	_painter.painted.connect(_on_painted)
	add_child(_painter, false, Node.INTERNAL_MODE_BACK)
	tile_layer = TileMapLayer.new()
	tile_layer.name = "Tiles"
	tile_layer.navigation_enabled = false
	add_child(tile_layer, false, Node.INTERNAL_MODE_BACK)
	navigation_region = NavigationRegion2D.new()
	navigation_region.name = "Navigation"
	# Thin walls are edges of the level's own polygons; no other region may
	# connect to them.
	navigation_region.use_edge_connections = false
	add_child(navigation_region, false, Node.INTERNAL_MODE_BACK)
	_rooms_root = Node2D.new()
	_rooms_root.name = "Rooms"
	add_child(_rooms_root, false, Node.INTERNAL_MODE_BACK)
	_edges = StaticBody2D.new()
	_edges.name = "EdgeWalls"
	_edges.draw.connect(_draw_edge_walls)
	add_child(_edges, false, Node.INTERNAL_MODE_BACK)
	_graph = preload("res://scripts/graph_overlay.gd").new()
	_graph.name = "Graph"
	add_child(_graph, false, Node.INTERNAL_MODE_BACK)
	_template_rooms = preload("res://scripts/template_rooms.gd").new()
	_template_rooms.name = "TemplateRooms"
	add_child(_template_rooms, false, Node.INTERNAL_MODE_BACK)
	locks_view = preload("res://scripts/locks_view.gd").new()
	locks_view.name = "Locks"
	add_child(locks_view, false, Node.INTERNAL_MODE_BACK)
	props_view = preload("res://scripts/props_view.gd").new()
	props_view.name = "Props"
	add_child(props_view, false, Node.INTERNAL_MODE_BACK)
	_markers = Node2D.new()
	_markers.name = "Markers"
	_markers.draw.connect(_draw_markers)
	add_child(_markers, false, Node.INTERNAL_MODE_BACK)


func _ready() -> void:
	if Engine.is_editor_hint():
		generate()
		return
	if generate_on_ready and generator != null:
		generate()


func _exit_tree() -> void:
	# A huge level still generating or painting when the game quits: drop it.
	if not Engine.is_editor_hint() and (_async_pending or _painting):
		_async_pending = false
		if generator != null:
			generator.cancel()
		_painter.stop()
		_painting = false


## Generates with the generator's own seed and level and builds the result.
func generate() -> DungeonGrid:
	if generator == null:
		return _fail("Dungeon: no generator set (pick one in the Inspector)")
	return generate_level(generator.level)


## Generates level `level` of the generator's seed and builds the result.
## Returns null (and keeps the previous dungeon) if the generator fails.
func generate_level(level: int) -> DungeonGrid:
	if generator == null:
		return _fail("Dungeon: no generator set (pick one in the Inspector)")
	_async_pending = false
	room_graph = {}
	if generator.has_method("generate_with_graph"):
		var result: Dictionary = generator.generate_with_graph(level)
		if result.is_empty():
			return _take(null)
		room_graph = result.duplicate()
		room_graph.erase("grid")
		return _take(result["grid"])
	return _take(generator.generate_level(level))


## Big maps without a stall: generates `level` on a worker thread
## ([code]generate_async[/code]), then paints it over frames into chunk
## layers ([method DungeonTilePainter.paint_over_frames]); [signal painted]
## comes when it is on screen, [signal generation_failed] if it fails.
## [method loading_progress] feeds a loading bar meanwhile. Only the cheap
## parts of [method build] run: no wall list, no thin edge walls (open-floor
## maps: caves, walks), nothing that loops over every cell in GDScript.
func generate_level_async(level: int) -> void:
	if generator == null:
		_fail("Dungeon: no generator set (pick one in the Inspector)")
		return
	if not generator.generated.is_connected(_on_async_generated):
		generator.generated.connect(_on_async_generated)
		generator.generation_failed.connect(_on_async_failed)
	room_graph = {}
	_async_pending = true
	_painter.stop()
	_painting = false
	generator.generate_async(level)


## How far [method generate_level_async] is, 0 to 1: the generator's
## [code]progress[/code] for the first half, the painter's
## [member DungeonTilePainter.paint_progress] for the second.
func loading_progress() -> float:
	if _async_pending:
		return 0.5 * clampf(generator.progress, 0.0, 1.0)
	if _painting:
		return 0.5 + 0.5 * clampf(_painter.paint_progress, 0.0, 1.0)
	return 1.0


## What [method loading_progress] measures now: "generating", "painting" or "".
func loading_stage() -> String:
	if _async_pending:
		return "generating"
	return "painting" if _painting else ""


func _on_async_generated(new_grid: DungeonGrid) -> void:
	if not _async_pending or generator.is_generating():
		return
	_async_pending = false
	last_error = ""
	clear()
	grid = new_grid
	_tile_view = is_tile_grid(grid)
	_big = true
	_graph.graph = {}
	_graph.spawns = {}
	if not _tile_sets.has(tile_size):
		_tile_sets[tile_size] = DungeonTiles.make_tile_set(tile_size)
	tile_layer.tile_set = _tile_sets[tile_size]
	_painting = true
	_painter.paint_over_frames(grid, tile_layer)
	_markers.queue_redraw()


func _on_async_failed(message: String) -> void:
	if not _async_pending or generator.is_generating():
		return
	_async_pending = false
	last_error = message
	generation_failed.emit(message)


func _on_painted(_target: Node2D) -> void:
	if not _painting:
		return
	_painting = false
	generated.emit(grid)
	painted.emit(grid)


## Replaces what is on display with `new_grid`.
func build(new_grid: DungeonGrid) -> void:
	clear()
	grid = new_grid
	if grid == null:
		return
	_tile_view = is_tile_grid(grid)
	_graph.tile_size = tile_size
	_graph.visible = show_graph
	_graph.graph = room_graph if _tile_view else {}
	_graph.cell = cell_size()
	_graph.hidden_rooms = _secret_room_numbers()
	_graph.spawns = grid.get_spawn_points(null) if grid.get_room_count() > 0 else {}
	if _tile_view and show_path_of_interest and grid.generator == "maze":
		path_of_interest = grid.get_path_of_interest(true)
	if _tile_view:
		_build_tiles()
	else:
		_build_rooms()
	if _tile_view and room_graph.has("placements"):
		_template_rooms.build(room_graph, tile_size, generator.cell_size)
	if _tile_view:
		var spawns: Dictionary = _graph.spawns
		props_view.dress(grid, tile_size, spawns.get("cells", PackedInt32Array()))
	locks_view.build(grid, self)
	_build_navigation()
	queue_redraw()
	_markers.queue_redraw()


## Fills [member navigation_region] from the grid: tile maps with one cell
## per tile, room grids with the walls and doorways room.gd draws (two
## rooms' walls and margins between neighbours; secret doors stay shut to
## enemies even once found).
func _build_navigation() -> void:
	if Engine.is_editor_hint() or grid == null:
		return
	var nav := DungeonNavigation.new()
	var cell := cell_size()
	nav.agent_radius = minf(navigation_radius, minf(cell.x, cell.y) * 0.3)
	if not _tile_view:
		var door := Room.door_width_for(room_size)
		nav.agent_radius = minf(nav.agent_radius, door * 0.3)
		nav.room_wall_thickness = 2.0 * (Room.MARGIN + Room.WALL)
		nav.room_door_width = door
		nav.secret_doors_open = false
	var poly = nav.build_polygon(grid, cell)
	if poly == null:
		# Rooms too small for their walls: the level just has no enemies.
		push_warning("Dungeon: no navigation for the level: " + nav.last_error)
		return
	navigation_region.navigation_polygon = poly


## The grid's secret rooms (hidden until found), by room number.
func _secret_room_numbers() -> PackedInt32Array:
	var out := PackedInt32Array()
	var flags: PackedByteArray = grid.get_room_metrics().get("flags", PackedByteArray())
	for room in flags.size():
		if flags[room] & DungeonGrid.ROOM_SECRET:
			out.append(room)
	return out


## Removes every room node and tile.
func clear() -> void:
	_painter.stop()
	_painting = false
	_big = false
	for child in _rooms_root.get_children():
		_rooms_root.remove_child(child)
		child.free()
	rooms.clear()
	wall_cells.clear()
	path_of_interest.clear()
	_clear_edge_walls()
	tile_layer.clear()
	_template_rooms.clear()
	props_view.clear()
	locks_view.clear()
	_graph.graph = {}
	_graph.spawns = {}
	navigation_region.navigation_polygon = null
	grid = null
	queue_redraw()
	_markers.queue_redraw()


## `true` for tile maps (BSP), `false` for room grids (Isaac, Drunkard).
static func is_tile_grid(g: DungeonGrid) -> bool:
	return g != null and g.get_kind() == DungeonGrid.KIND_TILE_MAP


## The atlas coordinates painted for a wall tile at `cell` of `g`.
static func wall_atlas(g: DungeonGrid, cell: Vector2i) -> Vector2i:
	return DungeonTiles.WALL_FACE if g.is_walkable(cell + Vector2i(0, 1)) else DungeonTiles.WALL


## The atlas coordinates painted for a walkable cell code.
static func atlas_for_code(code: int) -> Vector2i:
	return DungeonTiles.atlas_for_code(code)


## `true` if `cell` of `g` is empty and one of its 8 neighbours is walkable.
static func is_wall(g: DungeonGrid, cell: Vector2i) -> bool:
	if g.get_cell(cell) != DungeonGrid.EMPTY:
		return false
	for d in NEIGHBOURS_8:
		if g.is_walkable(cell + d):
			return true
	return false


## Pixel size of one grid cell in the current view.
func cell_size() -> Vector2:
	if grid != null and _tile_view:
		return Vector2(tile_size, tile_size)
	return room_size


## Centre of `cell`, in this node's coordinates.
func cell_to_local(cell: Vector2i) -> Vector2:
	return (Vector2(cell) + Vector2(0.5, 0.5)) * cell_size()


## The cell under `point` (this node's coordinates).
func local_to_cell(point: Vector2) -> Vector2i:
	return Vector2i((point / cell_size()).floor())


## The part of the grid with rooms (room grids) or painted tiles (tile
## maps), in this node's coordinates.
func used_rect() -> Rect2:
	if grid == null:
		return Rect2()
	if _big:
		# Painted in chunk layers: never ask a layer for its used rect.
		return bounds()
	if _tile_view:
		var used := tile_layer.get_used_rect()
		return Rect2(Vector2(used.position) * cell_size(), Vector2(used.size) * cell_size())
	var r := Rect2i(grid.room_cells()[0], Vector2i.ONE)
	for cell in grid.room_cells():
		r = r.expand(cell).expand(cell + Vector2i.ONE)
	return Rect2(Vector2(r.position) * cell_size(), Vector2(r.size) * cell_size())


## The whole grid in this node's coordinates.
func bounds() -> Rect2:
	if grid == null:
		return Rect2()
	return Rect2(Vector2.ZERO, Vector2(grid.width, grid.height) * cell_size())


## The room node at `cell`, or null.
func get_room(cell: Vector2i) -> Node2D:
	return rooms.get(cell)


## Every room node, in the order the generator placed the rooms.
func room_nodes() -> Array[Node2D]:
	var out: Array[Node2D] = []
	for child in _rooms_root.get_children():
		out.append(child)
	return out


## Rooms the grid has: room cells for room grids, BSP rooms for tile maps.
func drawn_room_count() -> int:
	if grid == null:
		return 0
	return grid.room_rects().size() if _tile_view else grid.get_room_count()


func _take(new_grid: DungeonGrid) -> DungeonGrid:
	if new_grid == null:
		var msg: String = generator.last_error if generator != null else "no generator"
		last_error = msg
		if Engine.is_editor_hint():
			clear()
		generation_failed.emit(msg)
		return null
	last_error = ""
	build(new_grid)
	generated.emit(new_grid)
	return new_grid


func _fail(msg: String) -> DungeonGrid:
	last_error = msg
	if Engine.is_editor_hint():
		clear()
		queue_redraw()
	else:
		push_error(msg)
	generation_failed.emit(msg)
	return null


func _build_rooms() -> void:
	if _placer == null:
		_placer = DungeonRoomPlacer.new()
		_placer.name = "RoomPlacer"
		add_child(_placer, false, Node.INTERNAL_MODE_BACK)
		_placer.room_placed.connect(_on_room_placed)
	_placer.room_scene = room_scene
	_placer.room_size = Vector3(room_size.x, room_size.y, 0)
	_special_floor = not grid.get_special_rooms().is_empty()
	_secret_rooms = grid.get_secret_rooms()
	_placer.place(grid, _rooms_root)


## The look the addon's placer leaves to the sample: the floor's tint, the
## decoration seed, secret rooms hidden until found (see [method bump]).
func _on_room_placed(room: Node, info: Dictionary) -> void:
	var rect: Rect2i = info["rect"]
	room.special_floor = _special_floor
	room.decor_seed = hash([grid.seed, grid.level, rect.position])
	room.visible = not _secret_rooms.has(info["room"])
	for cell in info["cells"]:
		rooms[cell] = room


## The player pushed against `side` (DungeonGrid.DOOR_*) of `cell`: if a
## hidden secret door is there, it opens on both sides and the secret room
## shows. Returns the room number behind it, or -1.
func bump(cell: Vector2i, side: int) -> int:
	if grid == null or is_tile_grid(grid) or grid.secret_door_mask(cell) & side == 0:
		return -1
	var step := {DungeonGrid.DOOR_NORTH: Vector2i.UP, DungeonGrid.DOOR_EAST: Vector2i.RIGHT,
		DungeonGrid.DOOR_SOUTH: Vector2i.DOWN, DungeonGrid.DOOR_WEST: Vector2i.LEFT}
	var back := {DungeonGrid.DOOR_NORTH: DungeonGrid.DOOR_SOUTH, DungeonGrid.DOOR_SOUTH: DungeonGrid.DOOR_NORTH,
		DungeonGrid.DOOR_EAST: DungeonGrid.DOOR_WEST, DungeonGrid.DOOR_WEST: DungeonGrid.DOOR_EAST}
	var other: Vector2i = cell + step[side]
	var here: Node2D = rooms.get(cell)
	var there: Node2D = rooms.get(other)
	if here == null or there == null:
		return -1
	var opened: bool = here.reveal_door(cell - here.cell, side)
	opened = there.reveal_door(other - there.cell, back[side]) or opened
	if not opened:
		return -1
	here.visible = true
	there.visible = true
	var secret := grid.get_room_at(other)
	if not grid.get_secret_rooms().has(secret):
		secret = grid.get_room_at(cell)
	secret_found.emit(secret)
	return secret


## Opens every secret door (screenshots, debugging).
func reveal_secrets() -> void:
	if grid == null or is_tile_grid(grid):
		return
	for cell in grid.room_cells():
		for side in [DungeonGrid.DOOR_NORTH, DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH, DungeonGrid.DOOR_WEST]:
			bump(cell, side)


func _build_tiles() -> void:
	if not _tile_sets.has(tile_size):
		_tile_sets[tile_size] = DungeonTiles.make_tile_set(tile_size)
	tile_layer.tile_set = _tile_sets[tile_size]
	_painter.paint(grid, tile_layer)
	var walls: Array[Vector2i] = tile_layer.get_used_cells_by_id(0, DungeonTiles.WALL)
	walls.append_array(tile_layer.get_used_cells_by_id(0, DungeonTiles.WALL_FACE))
	walls.sort_custom(func(a: Vector2i, b: Vector2i) -> bool: return a.y < b.y or (a.y == b.y and a.x < b.x))
	wall_cells = walls
	_build_edge_walls()


## The closed sides between walkable tiles, as thin colliding walls.
func _build_edge_walls() -> void:
	_clear_edge_walls()
	var thickness := maxf(2.0, tile_size / 6.0)
	for y in grid.height:
		for x in grid.width:
			var cell := Vector2i(x, y)
			if not grid.is_walkable(cell):
				continue
			var mask := grid.door_mask(cell)
			for side in [DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH]:
				var other := cell + (Vector2i.RIGHT if side == DungeonGrid.DOOR_EAST else Vector2i.DOWN)
				if mask & side == 0 and grid.is_walkable(other):
					edge_walls.append([cell, side])
					var shape := CollisionShape2D.new()
					var rect := RectangleShape2D.new()
					var r := edge_wall_rect(cell, side, thickness)
					rect.size = r.size
					shape.shape = rect
					shape.position = r.get_center()
					_edges.add_child(shape)
	_edges.queue_redraw()


## The rectangle, in this node's space, of the thin wall on side `side`
## (east or south) of `cell`.
func edge_wall_rect(cell: Vector2i, side: int, thickness: float) -> Rect2:
	var s := float(tile_size)
	var o := Vector2(cell) * s
	if side == DungeonGrid.DOOR_EAST:
		return Rect2(o + Vector2(s - thickness * 0.5, 0), Vector2(thickness, s))
	return Rect2(o + Vector2(0, s - thickness * 0.5), Vector2(s, thickness))


func _clear_edge_walls() -> void:
	edge_walls.clear()
	for child in _edges.get_children():
		_edges.remove_child(child)
		child.free()
	_edges.queue_redraw()


func _draw_edge_walls() -> void:
	var thickness := maxf(2.0, tile_size / 6.0)
	for e in edge_walls:
		var r := edge_wall_rect(e[0], e[1], thickness)
		_edges.draw_rect(r, DungeonTiles.BRICK_LIGHT)
		_edges.draw_rect(r, DungeonTiles.WALL_SHADE, false, 1.0)


# Labels over the tile map's start and exit, drawn above the tiles.
func _draw_markers() -> void:
	if grid == null or not _tile_view:
		return
	if path_of_interest.size() >= 2:
		var points := PackedVector2Array()
		for cell in path_of_interest:
			points.append(cell_to_local(cell))
		_markers.draw_polyline(points, Color(0, 0, 0, 0.45), tile_size * 0.42)
		_markers.draw_polyline(points, POI_COLOUR, tile_size * 0.26)
	var font := ThemeDB.fallback_font
	for item in [[grid.start_cell, "START", DungeonTiles.START_ACCENT], [grid.end_cell, "EXIT", DungeonTiles.END_ACCENT]]:
		var text: String = item[1]
		var size := 18
		var w := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, size).x
		var at := cell_to_local(item[0]) + Vector2(-w * 0.5, -tile_size * 0.75)
		_markers.draw_string_outline(font, at, text, HORIZONTAL_ALIGNMENT_LEFT, -1, size, 4, Color(0, 0, 0, 0.85))
		_markers.draw_string(font, at, text, HORIZONTAL_ALIGNMENT_LEFT, -1, size, item[2])


func _draw() -> void:
	if not Engine.is_editor_hint():
		return
	var font := ThemeDB.fallback_font
	if generator == null:
		draw_string(font, Vector2(0, -8), "Dungeon: pick a generator in the Inspector", HORIZONTAL_ALIGNMENT_LEFT, -1, 16, Color.WHITE)
	elif grid == null and last_error != "":
		draw_string(font, Vector2(0, -8), "Generation failed: " + last_error, HORIZONTAL_ALIGNMENT_LEFT, -1, 16, Color("ff6b81"))
	elif grid != null:
		draw_rect(bounds(), Color(1, 1, 1, 0.25), false, 2.0)


# --- Editor preview -------------------------------------------------------


func _watch(res: Resource, on: bool) -> void:
	if res == null:
		return
	var watched: Array[Resource] = [res]
	# TemplateGenerator: an edit of one of its RoomTemplates updates the preview too.
	if res is TemplateGenerator:
		for tpl in res.templates:
			if tpl != null:
				watched.append(tpl)
	for r in watched:
		if on and not r.changed.is_connected(_on_generator_changed):
			r.changed.connect(_on_generator_changed)
		elif not on and r.changed.is_connected(_on_generator_changed):
			r.changed.disconnect(_on_generator_changed)
	if on and not res.generated.is_connected(_on_preview_generated):
		res.generated.connect(_on_preview_generated)
		res.generation_failed.connect(_on_preview_failed)
	elif not on and res.generated.is_connected(_on_preview_generated):
		res.generated.disconnect(_on_preview_generated)
		res.generation_failed.disconnect(_on_preview_failed)
		if _preview_pending:
			res.cancel()
			_preview_pending = false


# The generator emits `changed` whenever one of its properties is set. In the
# editor the preview follows; several sets in one frame (a preset, an undo)
# regenerate once.
func _on_generator_changed() -> void:
	if not Engine.is_editor_hint() or _preview_queued:
		return
	_watch(generator, true)
	_preview_queued = true
	_refresh_preview.call_deferred()


func _refresh_preview() -> void:
	_preview_queued = false
	if is_inside_tree():
		preview()


## Generates the preview off the main thread: the run still going (an
## earlier setting) is cancelled, and the grid is built when it arrives.
## Generators with a room graph (TinyKeep) generate at once.
func preview() -> void:
	if generator == null or generator.has_method("generate_with_graph"):
		generate()
		return
	generator.cancel()
	_preview_pending = true
	generator.generate_async(generator.level)


func _on_preview_generated(new_grid: DungeonGrid) -> void:
	if not _preview_pending or generator.is_generating():
		return
	_preview_pending = false
	room_graph = {}
	_take(new_grid)


func _on_preview_failed(_message: String) -> void:
	if not _preview_pending or generator.is_generating():
		return
	_preview_pending = false
	_take(null)
