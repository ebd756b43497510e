extends Control
## The corner map. Room grids are drawn Isaac-style (one block per room,
## door links between them, visited rooms lit); tile maps are drawn one
## pixel block per tile from an Image.

const ROOM := Color("5b5482")
const ROOM_SEEN := Color("b9b3dc")
const LINK := Color("8b84b8")
const START := Color("5ee0b4")
const EXIT := Color("ff6b81")
const TREASURE := Color("ffcd75")
const HERE := Color("ffffff")
const TILE_COLORS := {
	DungeonGrid.ROOM: Color("6b6496"),
	DungeonGrid.FLOOR: Color("6b6496"),
	DungeonGrid.CORRIDOR: Color("4f4975"),
	DungeonGrid.DOOR: Color("c08a4f"),
	DungeonGrid.START: Color("5ee0b4"),
	DungeonGrid.END: Color("ff6b81"),
}

var grid: DungeonGrid
var tile_view := false
## Width / height of one room (room grids), for the blocks' shape.
var room_aspect := 0.5
## Rooms the player has been in.
var visited: Dictionary = {}
## The player's position in cells (fractional), or negative when unknown.
var player_cell := Vector2(-1, -1)

var _texture: ImageTexture


## Shows `g`; `is_tile_map` picks the style; `room_size` shapes room blocks.
func show_grid(g: DungeonGrid, is_tile_map: bool, room_size: Vector2 = Vector2(100, 200)) -> void:
	grid = g
	tile_view = is_tile_map
	room_aspect = room_size.x / maxf(room_size.y, 1.0)
	visited.clear()
	_texture = null
	if grid != null and tile_view:
		var img := Image.create_empty(grid.width, grid.height, false, Image.FORMAT_RGBA8)
		img.fill(Color(0, 0, 0, 0))
		for y in grid.height:
			for x in grid.width:
				var code := grid.get_cell(Vector2i(x, y))
				if code != DungeonGrid.EMPTY:
					img.set_pixel(x, y, TILE_COLORS.get(code, ROOM))
		_texture = ImageTexture.create_from_image(img)
	queue_redraw()


## Moves the player marker (cells, fractional) and records the room visited.
func set_player(cell_pos: Vector2) -> void:
	player_cell = cell_pos
	var cell := Vector2i(cell_pos.floor())
	if grid != null and grid.is_walkable(cell) and not tile_view:
		visited[cell] = true
	queue_redraw()


# The cell size and offset that fit the grid in this control: the whole
# tile map, or the rooms' bounding box (plus half a cell) for room grids.
func _layout() -> Array:
	var area := Rect2(Vector2.ZERO, size).grow(-6.0)
	var aspect := 1.0 if tile_view else room_aspect
	var box := Rect2(0, 0, grid.width, grid.height)
	if not tile_view and grid.get_room_cell_count() > 0:
		var r := Rect2i(grid.room_cells()[0], Vector2i.ONE)
		for cell in grid.room_cells():
			r = r.expand(cell).expand(cell + Vector2i.ONE)
		box = Rect2(r).grow(0.5)
	var cw := minf(area.size.x / box.size.x, area.size.y * aspect / box.size.y)
	if not tile_view:
		cw = minf(cw, 34.0)
	var cs := Vector2(cw, cw / aspect)
	var used := cs * box.size
	return [cs, area.position + (area.size - used) * 0.5 - box.position * cs]


func _draw() -> void:
	if grid == null or grid.width == 0:
		return
	var layout := _layout()
	var cs: Vector2 = layout[0]
	var origin: Vector2 = layout[1]
	if tile_view:
		draw_texture_rect(_texture, Rect2(origin, cs * Vector2(grid.width, grid.height)), false)
	else:
		_draw_rooms(cs, origin)
	if player_cell.x >= 0.0:
		var p := origin + player_cell * cs
		if tile_view:
			draw_circle(p, 3.5, Color(0, 0, 0, 0.6))
			draw_circle(p, 2.5, HERE)


func _draw_rooms(cs: Vector2, origin: Vector2) -> void:
	var pad := maxf(1.0, cs.x * 0.12)
	var dead := grid.dead_ends()
	var here := Vector2i(player_cell.floor())
	# Door links under the blocks.
	for cell in grid.room_cells():
		var c := origin + (Vector2(cell) + Vector2(0.5, 0.5)) * cs
		var mask := grid.door_mask(cell)
		if mask & DungeonGrid.DOOR_EAST:
			draw_line(c, c + Vector2(cs.x, 0), LINK, maxf(1.0, cs.x * 0.18))
		if mask & DungeonGrid.DOOR_SOUTH:
			draw_line(c, c + Vector2(0, cs.y), LINK, maxf(1.0, cs.x * 0.18))
	for cell in grid.room_cells():
		var r := Rect2(origin + Vector2(cell) * cs, cs).grow(-pad)
		var col := ROOM_SEEN if visited.has(cell) else ROOM
		if cell == here:
			col = HERE
		draw_rect(r.grow(1.0), Color(0, 0, 0, 0.7))
		draw_rect(r, col)
		var code := grid.get_cell(cell)
		var mark := Color.TRANSPARENT
		if code == DungeonGrid.START:
			mark = START
		elif code == DungeonGrid.END:
			mark = EXIT
		elif dead.has(cell):
			mark = TREASURE
		if mark.a > 0.0:
			draw_circle(r.get_center(), minf(r.size.x, r.size.y) * 0.28, Color(0, 0, 0, 0.6))
			draw_circle(r.get_center(), minf(r.size.x, r.size.y) * 0.22, mark)
