extends Control
## The corner map. Room grids are drawn Isaac-style: only discovered rooms
## (visited ones, lit, and the rooms their visible doors lead to), one
## block per room (a large room spans its cells), door links between them,
## icons for start, exit and special rooms; secret rooms appear once found
## ([method reveal_room]). Tile maps are drawn one pixel block per tile
## from an Image. Big tile maps (over BIG_CELLS cells) skip the per-pixel
## GDScript loop: the cell codes go to the GPU as they are
## ([method DungeonGrid.cells_packed] as the bytes of an RGBA8 image, the code
## in the red channel) and a small shader colours them.

const ROOM := Color("5b5482")
const ROOM_SEEN := Color("b9b3dc")
const LINK := Color("8b84b8")
const START := Color("5ee0b4")
const EXIT := Color("ff6b81")
const TREASURE := Color("ffcd75")
const HERE := Color("ffffff")
const ROLE_MARKS := {
	DungeonGrid.ROLE_BOSS: Color("ff6b81"),
	DungeonGrid.ROLE_TREASURE: Color("ffcd75"),
	DungeonGrid.ROLE_SHOP: Color("7ee08a"),
	DungeonGrid.ROLE_SECRET: Color("c9a8ff"),
	DungeonGrid.ROLE_SUPER_SECRET: Color("9ec3ff"),
	DungeonGrid.ROLE_SACRIFICE: Color("ff9a8a"),
	DungeonGrid.ROLE_CURSE: Color("b39ad8"),
	DungeonGrid.ROLE_CHALLENGE: Color("ffcd75"),
	DungeonGrid.ROLE_LIBRARY: Color("9ad8d0"),
}
const TILE_COLORS := {
	DungeonGrid.ROOM: Color("6b6496"),
	DungeonGrid.FLOOR: Color("6b6496"),
	DungeonGrid.CORRIDOR: Color("4f4975"),
	DungeonGrid.DOOR: Color("c08a4f"),
	DungeonGrid.START: Color("5ee0b4"),
	DungeonGrid.END: Color("ff6b81"),
}

## Tile maps with more cells than this take the shader path.
const BIG_CELLS := 256 * 256
const CODE_SHADER := """
shader_type canvas_item;
uniform vec4 colours[7];
void fragment() {
	int code = int(round(texture(TEXTURE, UV).r * 255.0));
	COLOR = (code > 0 && code < 7) ? colours[code] : vec4(0.0);
}
"""

var grid: DungeonGrid
var tile_view := false
## Width / height of one room (room grids), for the blocks' shape.
var room_aspect := 0.5
## Rooms the player has been in (cells).
var visited: Dictionary = {}
## Secret rooms found (room numbers).
var revealed: Dictionary = {}
## Show every room (screenshots).
var show_everything := false
## The player's position in cells (fractional), or negative when unknown.
var player_cell := Vector2(-1, -1)

var _texture: ImageTexture
## Big tile maps: the codes texture, drawn behind this control's own drawing.
var _big_map: TextureRect


## Shows `g`; `is_tile_map` picks the style; `room_size` shapes room blocks.
func show_grid(g: DungeonGrid, is_tile_map: bool, room_size: Vector2 = Vector2(100, 200)) -> void:
	grid = g
	tile_view = is_tile_map
	room_aspect = room_size.x / maxf(room_size.y, 1.0)
	visited.clear()
	revealed.clear()
	show_everything = false
	_texture = null
	if _big_map != null:
		_big_map.hide()
	if grid != null and tile_view and grid.width * grid.height > BIG_CELLS:
		_show_big(grid)
	elif grid != null and tile_view:
		var img := Image.create_empty(grid.width, grid.height, false, Image.FORMAT_RGBA8)
		img.fill(Color(0, 0, 0, 0))
		for y in grid.height:
			for x in grid.width:
				var code := grid.get_cell(Vector2i(x, y))
				if code != DungeonGrid.EMPTY:
					img.set_pixel(x, y, TILE_COLORS.get(code, ROOM))
		_texture = ImageTexture.create_from_image(img)
	queue_redraw()


func _show_big(g: DungeonGrid) -> void:
	# Little-endian int32 codes: byte 0 of each is the code (0..6).
	var img := Image.create_from_data(g.width, g.height, false, Image.FORMAT_RGBA8, g.cells_packed().to_byte_array())
	if _big_map == null:
		_big_map = TextureRect.new()
		_big_map.name = "BigMap"
		_big_map.show_behind_parent = true
		_big_map.mouse_filter = Control.MOUSE_FILTER_IGNORE
		_big_map.stretch_mode = TextureRect.STRETCH_SCALE
		_big_map.expand_mode = TextureRect.EXPAND_IGNORE_SIZE
		_big_map.texture_filter = CanvasItem.TEXTURE_FILTER_NEAREST
		var shader := Shader.new()
		shader.code = CODE_SHADER
		var mat := ShaderMaterial.new()
		mat.shader = shader
		var colours: Array[Color] = [Color(0, 0, 0, 0)]
		for code in range(1, 7):
			colours.append(TILE_COLORS.get(code, ROOM))
		mat.set_shader_parameter("colours", colours)
		_big_map.material = mat
		add_child(_big_map, false, Node.INTERNAL_MODE_BACK)
	_big_map.texture = ImageTexture.create_from_image(img)
	_big_map.show()


## Moves the player marker (cells, fractional) and records the room visited.
func set_player(cell_pos: Vector2) -> void:
	player_cell = cell_pos
	var cell := Vector2i(cell_pos.floor())
	if grid != null and grid.is_walkable(cell) and not tile_view:
		visited[cell] = true
	queue_redraw()


## A secret room was found: it and its doors show from now on.
func reveal_room(room: int) -> void:
	revealed[room] = true
	queue_redraw()


## Shows every room and secret room (screenshots).
func show_all() -> void:
	show_everything = true
	if grid != null:
		for room in grid.get_secret_rooms():
			revealed[room] = true
	queue_redraw()


## Whether room `room` is a secret room not found yet.
func _hidden(room: int) -> bool:
	return grid.get_secret_rooms().has(room) and not revealed.has(room)


## The rooms to draw: visited ones and those a visible door of a visited
## room leads to (all rooms but unfound secrets with show_all()).
func discovered_rooms() -> Dictionary:
	var out := {}
	if grid == null:
		return out
	for r in grid.get_room_count():
		if _hidden(r):
			continue
		if show_everything:
			out[r] = true
			continue
		for cell in grid.get_room_cells(r):
			if visited.has(cell):
				out[r] = true
				for other in grid.get_room_doors(r):
					var o := grid.get_room_at(other)
					if o >= 0 and not _hidden(o):
						out[o] = true
	return out


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
	if tile_view and _texture == null and _big_map != null:
		_big_map.position = origin
		_big_map.size = cs * Vector2(grid.width, grid.height)
	elif tile_view:
		draw_texture_rect(_texture, Rect2(origin, cs * Vector2(grid.width, grid.height)), false)
	else:
		_draw_rooms(cs, origin)
	if player_cell.x >= 0.0:
		var p := origin + player_cell * cs
		if tile_view:
			draw_circle(p, 3.5, Color(0, 0, 0, 0.6))
			draw_circle(p, 2.5, HERE)


# The block of `cell`, grown east and south where its room goes on.
func _block(cell: Vector2i, cells: Array[Vector2i], cs: Vector2, origin: Vector2, pad: float) -> Rect2:
	var r := Rect2(origin + Vector2(cell) * cs, cs).grow(-pad)
	if cells.has(cell + Vector2i.RIGHT):
		r = r.grow_side(SIDE_RIGHT, pad * 2.0)
	if cells.has(cell + Vector2i.DOWN):
		r = r.grow_side(SIDE_BOTTOM, pad * 2.0)
	return r


func _draw_rooms(cs: Vector2, origin: Vector2) -> void:
	var pad := maxf(1.0, cs.x * 0.12)
	var dead := grid.dead_ends()
	var special := not grid.get_special_rooms().is_empty()
	var here := Vector2i(player_cell.floor())
	var shown := discovered_rooms()
	# Door links under the blocks, between two shown rooms.
	for cell in grid.room_cells():
		var r := grid.get_room_at(cell)
		if not shown.has(r):
			continue
		var c := origin + (Vector2(cell) + Vector2(0.5, 0.5)) * cs
		var mask := grid.room_door_mask(cell)
		if mask & DungeonGrid.DOOR_EAST and shown.has(grid.get_room_at(cell + Vector2i.RIGHT)):
			draw_line(c, c + Vector2(cs.x, 0), LINK, maxf(1.0, cs.x * 0.18))
		if mask & DungeonGrid.DOOR_SOUTH and shown.has(grid.get_room_at(cell + Vector2i.DOWN)):
			draw_line(c, c + Vector2(0, cs.y), LINK, maxf(1.0, cs.x * 0.18))
	for room in shown:
		var cells := grid.get_room_cells(room)
		var seen := false
		var is_here := false
		for cell in cells:
			seen = seen or visited.has(cell)
			is_here = is_here or cell == here
		var col := ROOM_SEEN if seen else ROOM
		if is_here:
			col = HERE
		# One block per room: each cell's block, grown to meet its room mates.
		for cell in cells:
			draw_rect(_block(cell, cells, cs, origin, pad).grow(1.0), Color(0, 0, 0, 0.7))
		for cell in cells:
			draw_rect(_block(cell, cells, cs, origin, pad), col)
		var role := grid.get_room_role(room)
		var mark := Color.TRANSPARENT
		var at := cells[0]
		if role == DungeonGrid.ROLE_START:
			mark = START
			at = grid.start_cell
		elif role == DungeonGrid.ROLE_END or role == DungeonGrid.ROLE_BOSS:
			mark = EXIT
			at = grid.end_cell
		elif ROLE_MARKS.has(role):
			mark = ROLE_MARKS[role]
		elif not special and dead.has(cells[0]):
			mark = TREASURE
		if mark.a > 0.0:
			var r := Rect2(origin + Vector2(at) * cs, cs).grow(-pad)
			draw_circle(r.get_center(), minf(r.size.x, r.size.y) * 0.28, Color(0, 0, 0, 0.6))
			draw_circle(r.get_center(), minf(r.size.x, r.size.y) * 0.22, mark)
