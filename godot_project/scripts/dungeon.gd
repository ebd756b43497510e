@tool
class_name Dungeon
extends DungeonLevel2D
## The sample's level: the addon's [DungeonLevel2D] with the game's own
## look and rules on top.
##
## Everything generic is the addon's node: the generator and its Inspector
## picker, [member DungeonLevel2D.seed] and [member DungeonLevel2D.level],
## [method DungeonLevel2D.generate] and
## [method DungeonLevel2D.generate_async] (huge maps painted over frames),
## room scenes through [DungeonRoomPlacer], tiles through
## [DungeonTilePainter], the merged wall collision ([DungeonCollision],
## thin walls where door masks keep two walkable tiles apart), the room
## graph ([member DungeonLevel2D.room_graph]) and, in the editor, the
## Inspector's Generate button and live preview. This script adds only
## what belongs to this game:
##
## - the look: the tile set drawn in code (dungeon_tiles.gd), room tints
##   and decoration seeds, the room graph and spawn points over the map
##   ([member show_graph], G in the sample), the path of interest over mazes,
##   START and EXIT labels, thin walls drawn, set dressing (props_view.gd),
##   keys and locked doors (locks_view.gd);
## - secret rooms hidden until the player bumps their door ([method bump]);
## - the enemies' navigation ([member navigation_region]), built with the
##   walls and doorways room.gd draws.
##
## In a game, set [member DungeonLevel2D.seed] and call
## [method generate_level] (or [method DungeonLevel2D.generate_async]) and
## read [member DungeonLevel2D.grid].

## Emitted when the player finds a secret door ([method bump]), with the
## secret room's number.
signal secret_found(room: int)

const DungeonTiles := preload("res://scripts/dungeon_tiles.gd")
## The colour of the path of interest's line.
const POI_COLOUR := Color(1.0, 0.82, 0.25, 0.8)
## Maps with more cells than this are "big": no GDScript loop over every
## cell (no wall list, no thin walls drawn, no set dressing, no navigation).
const BIG_CELLS := 512 * 512

## Tile size in pixels for tile maps (the tile set drawn in code).
@export_range(8, 128, 1) var tile_size := 32:
	set(value):
		tile_size = value
		_use_tile_set()
## Draw the room graph of generators that have one (TinyKeep) and the spawn
## points of every level with rooms over the map.
@export var show_graph := true:
	set(value):
		show_graph = value
		if _graph != null:
			_graph.visible = value
## Draw the path of interest (the longest of the shortest walks between two
## rooms, [method DungeonGrid.get_path_of_interest]) over maze maps, where it
## runs from START to EXIT.
@export var show_path_of_interest := true:
	set(value):
		show_path_of_interest = value
		if grid != null:
			_on_sample_level_generated(grid)

## Room nodes by cell (room grids only).
var rooms: Dictionary = {}
## Cells painted as wall (tile maps that are not big), in scan order.
var wall_cells: Array[Vector2i] = []
## Thin walls between two walkable tiles whose door masks are closed to each
## other (tile maps that are not big), drawn over the tiles: each entry is
## [code][cell, side][/code] with side [constant DungeonGrid.DOOR_EAST] or
## [constant DungeonGrid.DOOR_SOUTH] of [code]cell[/code], in scan order.
## They collide through the addon's merged body ([member DungeonLevel2D.collision]).
var edge_walls: Array = []
## The path of interest drawn over the map (maze maps with
## [member show_path_of_interest]), cells in walking order; empty otherwise.
var path_of_interest: Array[Vector2i] = []
## The painted layer of the level on display ([method DungeonLevel2D.get_tile_layer]),
## null for a level of room scenes.
var tile_layer: TileMapLayer:
	get:
		return get_tile_layer()
## The enemies' navigation ([DungeonNavigation.build_polygon]), or an empty
## region (no level, big levels, the editor).
var navigation_region: NavigationRegion2D
## The navigation's margin from every wall, in pixels: an enemy's radius
## and a pixel (at most 30 % of a tile, as a margin must stay below half).
var navigation_radius := Enemy.RADIUS + 1.0
## Keys, locked and one-way doors (scripts/locks_view.gd) of a level
## planned with a DungeonProgression; empty for the others.
var locks_view: Node2D
## The set dressing (scripts/props_view.gd: the addon's DungeonDecorator
## places it, the script draws it) of tile levels; empty for the others.
var props_view: Node2D

## Where game modes draw over the level (the minesweeper mode): just over
## the tiles and rooms, under every other overlay and the player.
var mode_layer: Node2D

var _markers: Node2D
var _graph: Node2D
## TemplateGenerator levels: labels and barricades over the placements.
var _template_rooms: Node2D
var _edges: Node2D
var _tile_sets: Dictionary = {}
## The overlays show a level (until the addon's output goes).
var _overlays_on := false


func _init() -> void:
	room_scene = preload("res://scenes/room.tscn")
	tile_mapping = DungeonTiles.make_mapping()
	collision = true
	_use_tile_set()
	generated.connect(_on_sample_level_generated)
	room_placed.connect(_on_sample_room_placed)
	navigation_region = NavigationRegion2D.new()
	navigation_region.name = "Navigation"
	# Thin walls are edges of the level's own polygons; no other region may
	# connect to them.
	navigation_region.use_edge_connections = false
	add_child(navigation_region, false, Node.INTERNAL_MODE_BACK)
	mode_layer = Node2D.new()
	mode_layer.name = "Modes"
	_edges = Node2D.new()
	_edges.name = "EdgeWalls"
	_edges.draw.connect(_draw_edge_walls)
	_graph = preload("res://scripts/graph_overlay.gd").new()
	_graph.name = "Graph"
	_template_rooms = preload("res://scripts/template_rooms.gd").new()
	_template_rooms.name = "TemplateRooms"
	locks_view = preload("res://scripts/locks_view.gd").new()
	locks_view.name = "Locks"
	props_view = preload("res://scripts/props_view.gd").new()
	props_view.name = "Props"
	_markers = Node2D.new()
	_markers.name = "Markers"
	_markers.draw.connect(_draw_markers)
	for overlay in [mode_layer, _edges, _graph, _template_rooms, locks_view, props_view, _markers]:
		add_child(overlay, false, Node.INTERNAL_MODE_BACK)
	child_order_changed.connect(_on_children_changed)


func _use_tile_set() -> void:
	if not _tile_sets.has(tile_size):
		_tile_sets[tile_size] = DungeonTiles.make_tile_set(tile_size)
	tile_set = _tile_sets[tile_size]


## Generates level `n` of [member DungeonLevel2D.seed] (it becomes
## [member DungeonLevel2D.level]). Returns null, and keeps the level on
## display, if the generator fails.
func generate_level(n: int) -> DungeonGrid:
	level = n
	return generate()


## How far a [method DungeonLevel2D.generate_async] is:
## [method DungeonLevel2D.get_progress].
func loading_progress() -> float:
	return get_progress()


## What [method loading_progress] measures now: "generating", "painting" or "".
func loading_stage() -> String:
	if not is_generating():
		return ""
	return "generating" if get_progress() < 0.5 else "painting"


## `true` for tile maps (BSP), `false` for room grids (Isaac, Drunkard).
static func is_tile_grid(g: DungeonGrid) -> bool:
	return g != null and g.get_kind() == DungeonGrid.KIND_TILE_MAP


## `true` for maps too big for a GDScript loop over every cell.
static func is_big(g: DungeonGrid) -> bool:
	return g != null and g.width * g.height > BIG_CELLS


# The addon placed `room` (a room.gd): the game's own look, and the room by
# cell for bump().
func _on_sample_room_placed(room: Node, info: Dictionary) -> void:
	if info["room"] == 0:
		rooms.clear()
	for cell in info["cells"]:
		rooms[cell] = room


# A level is in the scene (generate() or generate_async()): the game's own
# parts on top.
func _on_sample_level_generated(new_grid: DungeonGrid) -> void:
	# The addon's output first, so the overlays draw over it.
	var output := get_output()
	if output != null:
		move_child(output, 0)
	_clear_overlays()
	_overlays_on = true
	var tiles := is_tile_grid(new_grid)
	if tiles:
		rooms.clear()
	var big := is_big(new_grid)
	if not tiles:
		_dress_rooms(new_grid)
	var layer := get_tile_layer()
	if layer != null:
		layer.navigation_enabled = false
	_graph.tile_size = tile_size
	_graph.visible = show_graph
	_graph.graph = room_graph if tiles else {}
	_graph.cell = cell_size()
	_graph.hidden_rooms = _secret_room_numbers(new_grid)
	_graph.spawns = new_grid.get_spawn_points(null) if new_grid.get_room_count() > 0 and not big else {}
	if tiles and show_path_of_interest and new_grid.generator == "maze":
		path_of_interest = new_grid.get_path_of_interest(true)
	if tiles and not big:
		_list_walls(new_grid, layer)
	if tiles and room_graph.has("placements"):
		_template_rooms.build(room_graph, tile_size, generator.cell_size)
	if tiles and not big:
		var spawns: Dictionary = _graph.spawns
		props_view.dress(new_grid, tile_size, spawns.get("cells", PackedInt32Array()))
	locks_view.build(new_grid, self)
	if not big:
		_build_navigation(new_grid)
	_markers.queue_redraw()
	_edges.queue_redraw()


# Room grids: the floor's tint, the decoration seed, secret rooms hidden
# until found (see bump()).
func _dress_rooms(g: DungeonGrid) -> void:
	var special := not g.get_special_rooms().is_empty()
	var secret := g.get_secret_rooms()
	var placed := get_rooms()
	for i in placed.size():
		var room: Node2D = placed[i]
		room.special_floor = special
		room.decor_seed = hash([g.seed, g.level, room.cell])
		room.visible = not secret.has(i)
		room.queue_redraw()


# clear() (or a new level) freed the addon's output: the overlays go with it.
func _on_children_changed() -> void:
	if _overlays_on and get_output() == null:
		_overlays_on = false
		rooms.clear()
		_clear_overlays()


func _clear_overlays() -> void:
	wall_cells.clear()
	edge_walls.clear()
	path_of_interest.clear()
	_template_rooms.clear()
	props_view.clear()
	locks_view.clear()
	_graph.graph = {}
	_graph.spawns = {}
	navigation_region.navigation_polygon = null
	_markers.queue_redraw()
	_edges.queue_redraw()


## Fills [member navigation_region] from `g`: tile maps with one cell per
## tile, room grids with the walls and doorways room.gd draws (two rooms'
## walls and margins between neighbours; secret doors stay shut to enemies
## even once found).
func _build_navigation(g: DungeonGrid) -> void:
	if Engine.is_editor_hint():
		return
	var nav := DungeonNavigation.new()
	var cell := cell_size()
	nav.agent_radius = minf(navigation_radius, minf(cell.x, cell.y) * 0.3)
	if not is_tile_grid(g):
		var door := Room.door_width_for(room_size)
		nav.agent_radius = minf(nav.agent_radius, door * 0.3)
		nav.room_wall_thickness = 2.0 * (Room.MARGIN + Room.WALL)
		nav.room_door_width = door
		nav.secret_doors_open = false
	var poly = nav.build_polygon(g, cell)
	if poly == null:
		# Rooms too small for their walls: the level just has no enemies.
		push_warning("Dungeon: no navigation for the level: " + nav.last_error)
		return
	navigation_region.navigation_polygon = poly


## The grid's secret rooms (hidden until found), by room number.
func _secret_room_numbers(g: DungeonGrid) -> PackedInt32Array:
	var out := PackedInt32Array()
	var flags: PackedByteArray = g.get_room_metrics().get("flags", PackedByteArray())
	for room in flags.size():
		if flags[room] & DungeonGrid.ROOM_SECRET:
			out.append(room)
	return out


## The wall tiles the painter put down, and the thin walls to draw.
func _list_walls(g: DungeonGrid, layer: TileMapLayer) -> void:
	var walls: Array[Vector2i] = layer.get_used_cells_by_id(0, DungeonTiles.WALL)
	walls.append_array(layer.get_used_cells_by_id(0, DungeonTiles.WALL_FACE))
	walls.sort_custom(func(a: Vector2i, b: Vector2i) -> bool: return a.y < b.y or (a.y == b.y and a.x < b.x))
	wall_cells = walls
	for y in g.height:
		for x in g.width:
			var cell := Vector2i(x, y)
			if not g.is_walkable(cell):
				continue
			var mask := g.door_mask(cell)
			for side in [DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH]:
				var other := cell + (Vector2i.RIGHT if side == DungeonGrid.DOOR_EAST else Vector2i.DOWN)
				if mask & side == 0 and g.is_walkable(other):
					edge_walls.append([cell, side])


## The merged collision of the level on display (tile maps): the addon's
## "Collision" node, one StaticBody2D per chunk of the map; null for room
## levels (the room scenes collide).
func collision_node() -> Node2D:
	var output := get_output()
	return output.get_node_or_null("Collision") as Node2D if output != null else null


## Opens (or shuts) the doors of lock `lock` in the merged collision.
func set_lock_open(lock: int, open: bool) -> void:
	var node := collision_node()
	if node != null:
		DungeonCollision.new().set_lock_closed(node, lock, not open)


## The atlas coordinates painted for a wall tile at `cell` of `g`.
static func wall_atlas(g: DungeonGrid, cell: Vector2i) -> Vector2i:
	return DungeonTiles.WALL_FACE if g.is_walkable(cell + Vector2i(0, 1)) else DungeonTiles.WALL


## The atlas coordinates painted for a walkable cell code.
static func atlas_for_code(code: int) -> Vector2i:
	return DungeonTiles.atlas_for_code(code)


## Pixel size of one grid cell in the current view.
func cell_size() -> Vector2:
	if grid != null and is_tile_grid(grid):
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
	if is_big(grid):
		# Painted in chunk layers: never ask a layer for its used rect.
		return bounds()
	if is_tile_grid(grid):
		var used := get_tile_layer().get_used_rect()
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
	for room in get_rooms():
		out.append(room)
	return out


## Rooms the grid has: room cells for room grids, BSP rooms for tile maps.
func drawn_room_count() -> int:
	if grid == null:
		return 0
	return grid.room_rects().size() if is_tile_grid(grid) else grid.get_room_count()


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


## The rectangle, in this node's space, of the thin wall on side `side`
## (east or south) of `cell`.
func edge_wall_rect(cell: Vector2i, side: int, thickness: float) -> Rect2:
	var s := float(tile_size)
	var o := Vector2(cell) * s
	if side == DungeonGrid.DOOR_EAST:
		return Rect2(o + Vector2(s - thickness * 0.5, 0), Vector2(thickness, s))
	return Rect2(o + Vector2(0, s - thickness * 0.5), Vector2(s, thickness))


func _draw_edge_walls() -> void:
	var thickness := maxf(2.0, tile_size / 6.0)
	for e in edge_walls:
		var r := edge_wall_rect(e[0], e[1], thickness)
		_edges.draw_rect(r, DungeonTiles.BRICK_LIGHT)
		_edges.draw_rect(r, DungeonTiles.WALL_SHADE, false, 1.0)


# Labels over the tile map's start and exit, drawn above the tiles.
func _draw_markers() -> void:
	if grid == null or not is_tile_grid(grid):
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
