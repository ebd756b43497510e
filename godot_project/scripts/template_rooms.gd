extends Node2D
## Instances the room scenes of a [TemplateGenerator] level from its
## placements ([method TemplateGenerator.generate_with_graph]): each scene at
## its placement's [code]transform_2d[/code], and a barricade over every
## sealed door. The tile map under them ([Dungeon]) already has walls where
## the sealed doors are, so the level is walkable exactly as the grid says.
##
## Door lines ([method RoomTemplate.add_door_line], laid out by
## [GraphLayoutGenerator]): a door placed on a line opens only its own
## cells ([code]"width"[/code] cells from [code]"cell"[/code]; the rest of
## the line stays wall), and a line no door was placed on is one sealed
## door [code]"length"[/code] cells long, barricaded whole.

## Barricade colours over sealed doors.
const PLANK := Color(0.45, 0.3, 0.16)
const PLANK_EDGE := Color(0.22, 0.14, 0.07)

## The room nodes, one per placement, in placement order.
var room_nodes: Array[Node] = []
## Cells of sealed doors (map cells), in placement order; a sealed door
## line gives every cell of the line.
var sealed_cells: Array[Vector2i] = []
## Cells of open doors (map cells), in placement order: each joined door's
## own cells, only the stretch of a door line the door was placed on.
var open_cells: Array[Vector2i] = []

var _tile := 32.0


## Replaces the rooms with the ones of `graph` (a generate_with_graph
## result without its grid), drawn for tiles of `tile_size` pixels when the
## generator's cells are `cell_size` pixels.
func build(graph: Dictionary, tile_size: int, cell_size: Vector2) -> void:
	clear()
	if not graph.has("placements") or cell_size.x <= 0 or cell_size.y <= 0:
		return
	_tile = tile_size
	var view := Vector2(tile_size, tile_size) / cell_size
	for p in graph["placements"]:
		for d in p["doors"]:
			var step := Vector2i(1, 0) if d["side"] % 2 == 0 else Vector2i(0, 1)
			if d["sealed"]:
				# A sealed door line is closed along its whole length.
				for i in d.get("length", d["width"]):
					sealed_cells.append(d["cell"] + step * i)
			else:
				for i in d["width"]:
					open_cells.append(d["cell"] + step * i)
		var scene: PackedScene = p["scene"]
		if scene == null:
			continue
		var room := scene.instantiate()
		var xf: Transform2D = p["transform_2d"]
		if room is Node2D:
			room.transform = Transform2D().scaled(view) * xf
		add_child(room)
		room_nodes.append(room)
	queue_redraw()


## Removes every room node and barricade.
func clear() -> void:
	for child in get_children():
		remove_child(child)
		child.free()
	room_nodes.clear()
	sealed_cells.clear()
	open_cells.clear()
	queue_redraw()


func _draw() -> void:
	var inset := _tile * 0.12
	for cell in sealed_cells:
		var r := Rect2(Vector2(cell) * _tile, Vector2(_tile, _tile)).grow(-inset)
		draw_rect(r, PLANK)
		draw_line(r.position, r.end, PLANK_EDGE, 3.0)
		draw_line(Vector2(r.position.x, r.end.y), Vector2(r.end.x, r.position.y), PLANK_EDGE, 3.0)
		draw_rect(r, PLANK_EDGE, false, 2.0)
