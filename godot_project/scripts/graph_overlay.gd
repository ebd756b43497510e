extends Node2D
## Draws a TinyKeep room graph over the tile map: the Delaunay triangulation
## as thin grey lines, the spanning tree the hallways follow in gold, the
## extra (loop) hallways in teal, and a dot on each main room's centre.
## [Dungeon] fills [member graph] from [method TinyKeepGenerator.generate_with_graph].
##
## It also marks where enemies, loot, traps and the boss may stand
## ([method DungeonGrid.get_spawn_points] with the default rules): enemies
## as red dots, loot as gold squares, traps as grey crosses, the boss as a
## large red ring. [Dungeon] fills [member spawns] on every level with rooms.

const DELAUNAY := Color(0.85, 0.88, 0.95, 0.35)
const TREE := Color(1.0, 0.78, 0.25, 0.9)
const EXTRA := Color(0.3, 0.9, 0.85, 0.9)
const ENEMY := Color(0.95, 0.25, 0.25, 0.9)
const LOOT := Color(1.0, 0.8, 0.2, 0.95)
const TRAP := Color(0.75, 0.75, 0.8, 0.95)

## The dictionary generate_with_graph returned (without its grid), or empty.
var graph: Dictionary = {}:
	set(value):
		graph = value
		queue_redraw()
## Tile size in pixels: a room centre tile (x, y) is drawn at its middle.
var tile_size := 32
## What [method DungeonGrid.get_spawn_points] returned, or empty.
var spawns: Dictionary = {}:
	set(value):
		spawns = value
		queue_redraw()
## Rooms whose markers are not drawn (secret rooms the player has not
## found: a marker would give them away).
var hidden_rooms := PackedInt32Array()
## The size of one grid cell in pixels (a tile, or a whole room on room
## grids), for the spawn markers.
var cell := Vector2(32, 32)


func _centre(i: int) -> Vector2:
	var c: Vector2i = graph["centers"][i]
	return (Vector2(c) + Vector2(0.5, 0.5)) * tile_size


func _draw() -> void:
	_draw_spawns()
	if graph.is_empty():
		return
	var w := maxf(1.5, tile_size / 10.0)
	for e in graph["delaunay"]:
		draw_line(_centre(e.x), _centre(e.y), DELAUNAY, w * 0.6, true)
	for e in graph["extra"]:
		draw_dashed_line(_centre(e.x), _centre(e.y), EXTRA, w, tile_size * 0.5, true, true)
	for e in graph["mst"]:
		draw_line(_centre(e.x), _centre(e.y), TREE, w, true)
	for i in graph["centers"].size():
		draw_circle(_centre(i), w * 2.0, TREE)


## One marker per spawn point. On room grids a room is one cell and holds
## at most one point of each kind: the kinds go to the cell's four corners.
func _draw_spawns() -> void:
	if spawns.is_empty():
		return
	var cells: PackedInt32Array = spawns["cells"]
	var kinds: PackedInt32Array = spawns["kinds"]
	var rooms: PackedInt32Array = spawns["rooms"]
	var whole_rooms := cell.x > tile_size * 2
	var r := minf(cell.x, cell.y) * (0.08 if whole_rooms else 0.22)
	for i in kinds.size():
		if rooms[i] in hidden_rooms:
			continue
		var at := (Vector2(cells[2 * i], cells[2 * i + 1]) + Vector2(0.5, 0.5)) * cell
		if whole_rooms:
			var corner: Vector2 = [Vector2(-1, -1), Vector2(1, -1), Vector2(-1, 1), Vector2(1, 1)][kinds[i]]
			at += corner * cell * 0.3
		match kinds[i]:
			DungeonGrid.SPAWN_ENEMY:
				draw_circle(at, r, ENEMY)
			DungeonGrid.SPAWN_LOOT:
				draw_rect(Rect2(at - Vector2(r, r), Vector2(r, r) * 2.0), LOOT)
			DungeonGrid.SPAWN_TRAP:
				draw_line(at - Vector2(r, r), at + Vector2(r, r), TRAP, r * 0.5)
				draw_line(at + Vector2(-r, r), at + Vector2(r, -r), TRAP, r * 0.5)
			DungeonGrid.SPAWN_BOSS:
				draw_arc(at, r * 1.8, 0.0, TAU, 24, ENEMY, r * 0.6)
