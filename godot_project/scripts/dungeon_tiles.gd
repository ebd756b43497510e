extends RefCounted
## Builds the TileSet the BSP view paints with. Every tile is drawn into an
## Image in code (no downloaded art): one row of tiles, one column per kind.
## Wall tiles get a full-square collision polygon on physics layer 0.

## Atlas coordinates of each tile kind.
const FLOOR := Vector2i(0, 0)
const CORRIDOR := Vector2i(1, 0)
const DOOR := Vector2i(2, 0)
const WALL := Vector2i(3, 0)
const START := Vector2i(4, 0)
const END := Vector2i(5, 0)
## A wall whose south neighbour is walkable: drawn as a brick face.
const WALL_FACE := Vector2i(6, 0)
const KINDS := 7

const FLOOR_A := Color("37324f")
const FLOOR_B := Color("3d3758")
const GAP := Color("221f35")
const CORRIDOR_A := Color("2e2a45")
const WALL_DARK := Color("1c1a2c")
const WALL_MID := Color("221f35")
const WALL_RIM := Color("3a3458")
const WALL_SHADE := Color("100e1a")
const BRICK := Color("4b4470")
const BRICK_LIGHT := Color("6d63a0")
const MORTAR := Color("2a2640")
const WOOD := Color("8a5a2b")
const WOOD_DARK := Color("5c3a1c")
const START_A := Color("1d4a4a")
const START_ACCENT := Color("5ee0b4")
const END_A := Color("4a1f33")
const END_ACCENT := Color("ff6b81")


## The addon painter's mapping for this tile set: one tile per kind, and a
## 16-tile edge wall set whose tiles with an open south side (edge bit 4
## clear) are the brick face, the rest the wall top.
static func make_mapping() -> DungeonTileMapping:
	var m := DungeonTileMapping.new()
	m.room_atlas_coords = FLOOR
	m.floor_atlas_coords = FLOOR
	m.corridor_atlas_coords = CORRIDOR
	m.door_atlas_coords = DOOR
	m.start_atlas_coords = START
	m.end_atlas_coords = END
	m.wall_style = DungeonTileMapping.WALLS_EDGE_16
	var walls: Array[Vector2i] = []
	for edge in 16:
		walls.append(WALL if edge & 4 else WALL_FACE)
	m.wall_set_tiles = walls
	return m


## The atlas coordinates for a DungeonGrid cell code (EMPTY gives (-1, -1)).
static func atlas_for_code(code: int) -> Vector2i:
	match code:
		DungeonGrid.ROOM, DungeonGrid.FLOOR:
			return FLOOR
		DungeonGrid.CORRIDOR:
			return CORRIDOR
		DungeonGrid.DOOR:
			return DOOR
		DungeonGrid.START:
			return START
		DungeonGrid.END:
			return END
	return Vector2i(-1, -1)


## A TileSet with one TileSetAtlasSource (id 0) of `tile_size`-pixel tiles.
static func make_tile_set(tile_size: int) -> TileSet:
	var s := tile_size
	var img := Image.create_empty(s * KINDS, s, false, Image.FORMAT_RGBA8)
	_draw_floor(img, _origin(FLOOR, s), s, FLOOR_A, FLOOR_B)
	_draw_corridor(img, _origin(CORRIDOR, s), s)
	_draw_door(img, _origin(DOOR, s), s)
	_draw_wall(img, _origin(WALL, s), s)
	_draw_floor(img, _origin(START, s), s, START_A, START_A.lightened(0.06))
	_draw_start(img, _origin(START, s), s)
	_draw_floor(img, _origin(END, s), s, END_A, END_A.lightened(0.06))
	_draw_end(img, _origin(END, s), s)
	_draw_wall_face(img, _origin(WALL_FACE, s), s)

	var tile_set := TileSet.new()
	tile_set.tile_size = Vector2i(s, s)
	tile_set.add_physics_layer()
	var source := TileSetAtlasSource.new()
	source.texture = ImageTexture.create_from_image(img)
	source.texture_region_size = Vector2i(s, s)
	tile_set.add_source(source, 0)
	for i in KINDS:
		source.create_tile(Vector2i(i, 0))
	var h := s * 0.5
	var square := PackedVector2Array([Vector2(-h, -h), Vector2(h, -h), Vector2(h, h), Vector2(-h, h)])
	for coords in [WALL, WALL_FACE]:
		var data := source.get_tile_data(coords, 0)
		data.add_collision_polygon(0)
		data.set_collision_polygon_points(0, 0, square)
	return tile_set


static func _origin(coords: Vector2i, s: int) -> Vector2i:
	return Vector2i(coords.x * s, coords.y * s)


static func _fill(img: Image, o: Vector2i, x: int, y: int, w: int, h: int, c: Color) -> void:
	img.fill_rect(Rect2i(o.x + x, o.y + y, w, h), c)


@warning_ignore("integer_division")
static func _draw_floor(img: Image, o: Vector2i, s: int, a: Color, b: Color) -> void:
	var half := s / 2
	_fill(img, o, 0, 0, s, s, GAP.lerp(a, 0.4))
	for j in 2:
		for i in 2:
			var c := a if (i + j) % 2 == 0 else b
			_fill(img, o, i * half + 1, j * half + 1, half - 1, half - 1, c)
			_fill(img, o, i * half + 1, j * half + 1, half - 1, 1, c.lightened(0.08))


@warning_ignore("integer_division")
static func _draw_corridor(img: Image, o: Vector2i, s: int) -> void:
	_fill(img, o, 0, 0, s, s, GAP)
	var q := s / 4
	for j in 4:
		for i in 4:
			var shift := (q / 2) if j % 2 == 1 else 0
			var c := CORRIDOR_A.lightened(0.03 * ((i * 7 + j * 3) % 3))
			_fill(img, o, (i * q + shift) % s + 1, j * q + 1, q - 2, q - 2, c)


@warning_ignore("integer_division")
static func _draw_door(img: Image, o: Vector2i, s: int) -> void:
	_draw_corridor(img, o, s)
	var m := s / 8
	_fill(img, o, m - 1, m - 1, s - 2 * m + 2, s - 2 * m + 2, WOOD_DARK.darkened(0.4))
	_fill(img, o, m, m, s - 2 * m, s - 2 * m, WOOD)
	var planks := 4
	var pw := (s - 2 * m) / planks
	for i in range(1, planks):
		_fill(img, o, m + i * pw, m, 1, s - 2 * m, WOOD_DARK)
	_fill(img, o, m, s / 2 - 1, s - 2 * m, 2, WOOD_DARK)
	_fill(img, o, s - m - pw + 1, s / 2 - 1, 2, 2, Color("ffcd75"))


@warning_ignore("integer_division")
static func _draw_wall(img: Image, o: Vector2i, s: int) -> void:
	_fill(img, o, 0, 0, s, s, WALL_DARK)
	var q := s / 4
	for j in 4:
		for i in 4:
			if (i * 5 + j * 3) % 4 == 0:
				_fill(img, o, i * q + 1, j * q + 1, q - 2, q - 2, WALL_MID)
	# Bevel: lit top-left rim, shaded bottom-right.
	_fill(img, o, 0, 0, s, 1, WALL_RIM)
	_fill(img, o, 0, 0, 1, s, WALL_RIM)
	_fill(img, o, 0, s - 1, s, 1, WALL_SHADE)
	_fill(img, o, s - 1, 0, 1, s, WALL_SHADE)


@warning_ignore("integer_division")
static func _draw_wall_face(img: Image, o: Vector2i, s: int) -> void:
	_fill(img, o, 0, 0, s, s, MORTAR)
	var rows := 4
	var bh := s / rows
	for j in rows:
		var shift := (s / 4) if j % 2 == 1 else 0
		for i in range(-1, 2):
			var x := i * (s / 2) + shift
			var x0 := maxi(x + 1, 0)
			var x1 := mini(x + s / 2 - 1, s)
			if x1 > x0:
				_fill(img, o, x0, j * bh + 1, x1 - x0, bh - 2, BRICK)
				_fill(img, o, x0, j * bh + 1, x1 - x0, 1, BRICK_LIGHT)
	_fill(img, o, 0, 0, s, 3, BRICK_LIGHT)
	_fill(img, o, 0, s - 3, s, 3, Color(0, 0, 0, 1).lerp(MORTAR, 0.4))


static func _draw_start(img: Image, o: Vector2i, s: int) -> void:
	var c := Vector2(s, s) * 0.5
	var r := s * 0.36
	for y in s:
		for x in s:
			var d := Vector2(x + 0.5, y + 0.5).distance_to(c)
			if absf(d - r) < 1.1 or absf(d - r * 0.55) < 0.8:
				img.set_pixel(o.x + x, o.y + y, START_ACCENT)


@warning_ignore("integer_division")
static func _draw_end(img: Image, o: Vector2i, s: int) -> void:
	var m := s / 6
	var steps := 4
	var sh := (s - 2 * m) / steps
	_fill(img, o, m - 1, m - 1, s - 2 * m + 2, steps * sh + 2, Color("141222"))
	for i in steps:
		var col := Color("c9a27a").darkened(0.15 + 0.18 * i)
		_fill(img, o, m + i, m + i * sh, s - 2 * m - 2 * i, sh - 1, col)
	_fill(img, o, 0, 0, s, 1, END_ACCENT)
	_fill(img, o, 0, s - 1, s, 1, END_ACCENT)
	_fill(img, o, 0, 0, 1, s, END_ACCENT)
	_fill(img, o, s - 1, 0, 1, s, END_ACCENT)
