extends Node2D
## Draws a TinyKeep room graph over the tile map: the Delaunay triangulation
## as thin grey lines, the spanning tree the hallways follow in gold, the
## extra (loop) hallways in teal, and a dot on each main room's centre.
## [Dungeon] fills [member graph] from [method TinyKeepGenerator.generate_with_graph].

const DELAUNAY := Color(0.85, 0.88, 0.95, 0.35)
const TREE := Color(1.0, 0.78, 0.25, 0.9)
const EXTRA := Color(0.3, 0.9, 0.85, 0.9)

## The dictionary generate_with_graph returned (without its grid), or empty.
var graph: Dictionary = {}:
	set(value):
		graph = value
		queue_redraw()
## Tile size in pixels: a room centre tile (x, y) is drawn at its middle.
var tile_size := 32


func _centre(i: int) -> Vector2:
	var c: Vector2i = graph["centers"][i]
	return (Vector2(c) + Vector2(0.5, 0.5)) * tile_size


func _draw() -> void:
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
