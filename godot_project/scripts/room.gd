@tool
class_name Room
extends Node2D
## One room of a room-grid dungeon (IsaacGenerator, DrunkardGenerator).
##
## The node's origin is the top-left corner of its grid cell; the room fills
## `size` pixels from there. Walls run around the border with a door opening
## in the middle of every side whose bit is set in [member open_sides] (the
## cell's [method DungeonGrid.door_mask]). The walls are real collision
## shapes (a StaticBody2D built from [method wall_rects]), so a
## CharacterBody2D can only leave the room through an opening.
##
## A large room (Isaac's 1×2, 2×1, 2×2 and L rooms, [method setup_large]) is
## one node spanning its cells: `size` is `room_size * shape`, walls follow
## the outline of [member cells] (none between two of its cells; an L gets
## a pillar at its inner corner) and each cell side has its own door
## opening ([member cell_doors]). Secret doors ([member hidden_doors]) are
## wall until [method reveal_door] opens them.

## Door bits, the same values as DungeonGrid.DOOR_NORTH/EAST/SOUTH/WEST.
const NORTH := 1
const EAST := 2
const SOUTH := 4
const WEST := 8
const SIDES: Array[int] = [NORTH, EAST, SOUTH, WEST]

## Empty space kept between the room and its cell border (the dark grout
## between neighbouring rooms; door passages bridge it).
const MARGIN := 4.0
## Wall thickness.
const WALL := 10.0
## Width of a door opening (shrinks for very small rooms).
const DOOR_WIDTH := 38.0
## Thickness of the walls lining a door passage across the margin.
const JAMB := 4.0

enum Kind { NORMAL, START, EXIT }

const WALL_COLOR := Color("4b4470")
const WALL_TOP := Color("6d63a0")
const WALL_EDGE := Color("0d0b16")
const FLOOR_COLORS := {
	Kind.NORMAL: [Color("2e2a45"), Color("332f4c")],
	Kind.START: [Color("1d4a4a"), Color("215252")],
	Kind.EXIT: [Color("4a1f33"), Color("532439")],
}
const TREASURE_FLOOR := [Color("3f3524"), Color("4a3e2a")]
const START_ACCENT := Color("5ee0b4")
const EXIT_ACCENT := Color("ff6b81")
const GOLD := Color("ffcd75")
const GOLD_DARK := Color("a0642c")

## Size of the room in pixels (the dungeon's room_size).
@export var size := Vector2(100, 200):
	set(value):
		size = value
		_refresh()
## Sides with a door opening: a sum of NORTH, EAST, SOUTH, WEST.
@export_flags("North:1", "East:2", "South:4", "West:8") var open_sides := 0:
	set(value):
		open_sides = value
		_refresh()
## Start room, exit room or an ordinary one.
@export var kind := Kind.NORMAL:
	set(value):
		kind = value
		queue_redraw()
## A room with a single door (treasure goes here).
@export var dead_end := false:
	set(value):
		dead_end = value
		queue_redraw()

## The grid cell this room stands for (a large room: its top-left cell).
var cell := Vector2i.ZERO
## The room's cells as offsets from [member cell]; one entry for a one-cell
## room.
var cells: Array[Vector2i] = [Vector2i.ZERO]
## The size of one grid cell in pixels (the dungeon's room_size).
var cell_size := Vector2(100, 200)
## Large rooms: the door bits of each cell offset that lead out of the room
## and are open ([method DungeonGrid.room_door_mask] without hidden secret
## doors). One-cell rooms use [member open_sides].
var cell_doors: Dictionary = {}
## Secret doors still hidden, by cell offset: drawn and colliding as wall
## until [method reveal_door].
var hidden_doors: Dictionary = {}
## The room's role ([constant DungeonGrid.ROLE_NORMAL]…): boss, treasure,
## shop, secret and the optional roles get a tint and an icon.
var role := DungeonGrid.ROLE_NORMAL
## Whether the floor has special rooms: then only treasure rooms get a
## chest (without them every dead end does).
var special_floor := false
## The cell offset holding the START or EXIT marker of a large room.
var marker := Vector2i.ZERO
## Seeds the decoration (floor shades, props), so a room looks the same
## every time its level is generated.
var decor_seed := 0

var _walls: StaticBody2D
var _batching := false


## Sets everything at once (one wall rebuild instead of four).
func setup(p_cell: Vector2i, p_size: Vector2, p_open_sides: int, p_kind: Kind, p_dead_end: bool) -> void:
	cell = p_cell
	decor_seed = hash(p_cell)
	name = "Room_%d_%d" % [p_cell.x, p_cell.y]
	_batching = true
	size = p_size
	open_sides = p_open_sides
	kind = p_kind
	dead_end = p_dead_end
	_batching = false
	_refresh()


## Sets up a large room: top-left cell, cell size in pixels, its cells as
## offsets, its open doors by offset, and its kind.
func setup_large(p_cell: Vector2i, p_cell_size: Vector2, p_cells: Array[Vector2i], p_doors: Dictionary, p_kind: Kind, p_dead_end: bool) -> void:
	var span := Vector2i.ONE
	for c in p_cells:
		span = span.max(c + Vector2i.ONE)
	cells = p_cells
	cell_size = p_cell_size
	cell_doors = p_doors
	setup(p_cell, p_cell_size * Vector2(span), 0, p_kind, p_dead_end)


## Whether this room spans several cells.
func is_large() -> bool:
	return cells.size() > 1


## The open door bits of the cell at offset `offset`.
func doors_at(offset: Vector2i) -> int:
	return int(cell_doors.get(offset, 0)) if is_large() else open_sides


## Opens the hidden secret door on `side` of the cell at `offset`; `true`
## if there was one.
func reveal_door(offset: Vector2i, side: int) -> bool:
	if int(hidden_doors.get(offset, 0)) & side == 0:
		return false
	hidden_doors[offset] = int(hidden_doors[offset]) & ~side
	if is_large():
		cell_doors[offset] = doors_at(offset) | side
		_refresh()
	else:
		open_sides |= side
	return true


## What [DungeonRoomPlacer] calls with a room's info before the room enters
## the tree: its cells (a large room spans several), its size in pixels
## ([code]info.size[/code] is one cell), its door sides, START/EXIT kind and
## marker, its role, whether it is a dead end, and its secret doors, which
## stay wall until [method reveal_door].
func setup_room(info: Dictionary) -> void:
	var rect: Rect2i = info["rect"]
	var s: Vector3 = info["size"]
	var one := Vector2(s.x, s.y)
	var k := Kind.NORMAL
	if info["code"] == DungeonGrid.START:
		k = Kind.START
	elif info["code"] == DungeonGrid.END:
		k = Kind.EXIT
	var hidden := {}
	var secret: Dictionary = info.get("secret_doors", {})
	for c in secret:
		hidden[c - rect.position] = secret[c]
	hidden_doors = hidden
	role = info.get("role", DungeonGrid.ROLE_NORMAL)
	marker = info.get("marker", rect.position) - rect.position
	var room_cells: Array = info["cells"]
	if room_cells.size() == 1:
		setup(rect.position, one, int(info["door_mask"]) & ~int(hidden.get(Vector2i.ZERO, 0)), k, info["dead_end"])
		return
	var offsets: Array[Vector2i] = []
	var doors := {}
	var by_cell: Dictionary = info["doors"]
	for c in room_cells:
		var at: Vector2i = c - rect.position
		offsets.append(at)
		doors[at] = int(by_cell.get(c, 0)) & ~int(hidden.get(at, 0))
	setup_large(rect.position, one, offsets, doors, k, info["dead_end"])


## `true` if `side` (NORTH, EAST, SOUTH or WEST) has a door opening.
func is_open(side: int) -> bool:
	return open_sides & side != 0


## The walkable floor inside the walls, in local coordinates.
func floor_rect() -> Rect2:
	return Rect2(Vector2.ZERO, size).grow(-(MARGIN + WALL))


## Width of the door openings for this room size.
func door_width() -> float:
	return door_width_for(size)


## Width of the door openings of a room `room_size` big.
static func door_width_for(room_size: Vector2) -> float:
	var inner := room_size - Vector2(2.0, 2.0) * (MARGIN + WALL)
	return minf(DOOR_WIDTH, minf(inner.x, inner.y) * 0.6)


## The solid rectangles (walls, and the jambs lining door passages), in local
## coordinates. These are exactly the collision shapes of the room.
func wall_rects() -> Array[Rect2]:
	if is_large():
		return _large_wall_rects()
	var out: Array[Rect2] = []
	var w := size.x
	var h := size.y
	var d := door_width()
	var cx := w * 0.5
	var cy := h * 0.5
	var m := MARGIN
	# North and south bands span the full width (they own the corners).
	for side in [NORTH, SOUTH]:
		var y := m if side == NORTH else h - m - WALL
		if is_open(side):
			out.append(Rect2(m, y, cx - d * 0.5 - m, WALL))
			out.append(Rect2(cx + d * 0.5, y, w - m - (cx + d * 0.5), WALL))
			var jy := 0.0 if side == NORTH else h - m
			out.append(Rect2(cx - d * 0.5 - JAMB, jy, JAMB, m))
			out.append(Rect2(cx + d * 0.5, jy, JAMB, m))
		else:
			out.append(Rect2(m, y, w - 2.0 * m, WALL))
	# East and west bands between the north and south bands.
	for side in [WEST, EAST]:
		var x := m if side == WEST else w - m - WALL
		var top := m + WALL
		var bottom := h - m - WALL
		if is_open(side):
			out.append(Rect2(x, top, WALL, cy - d * 0.5 - top))
			out.append(Rect2(x, cy + d * 0.5, WALL, bottom - (cy + d * 0.5)))
			var jx := 0.0 if side == WEST else w - m
			out.append(Rect2(jx, cy - d * 0.5 - JAMB, m, JAMB))
			out.append(Rect2(jx, cy + d * 0.5, m, JAMB))
		else:
			out.append(Rect2(x, top, WALL, bottom - top))
	return out


## A large room's walls: for each cell side on the room's outline, a band
## (split around a door opening, with jambs across the margin). A band
## runs on past the cell edge by the wall's depth where the room goes on,
## so the bands of two cells overlap and an L's inner corner is a pillar.
func _large_wall_rects() -> Array[Rect2]:
	var out: Array[Rect2] = []
	var m := MARGIN
	var t := MARGIN + WALL
	var w := cell_size.x
	var h := cell_size.y
	var d := minf(DOOR_WIDTH, minf(w, h) * 0.6 - t)
	for off in cells:
		var o := Vector2(off) * cell_size
		var doors := doors_at(off)
		var west_in := cells.has(off + Vector2i.LEFT)
		var east_in := cells.has(off + Vector2i.RIGHT)
		var north_in := cells.has(off + Vector2i.UP)
		var south_in := cells.has(off + Vector2i.DOWN)
		for side in [NORTH, SOUTH]:
			if (north_in if side == NORTH else south_in):
				continue
			var y := o.y + (m if side == NORTH else h - m - WALL)
			var x0 := o.x + (-t if west_in else m)
			var x1 := o.x + (w + t if east_in else w - m)
			if doors & side:
				var cx := o.x + w * 0.5
				out.append(Rect2(x0, y, cx - d * 0.5 - x0, WALL))
				out.append(Rect2(cx + d * 0.5, y, x1 - (cx + d * 0.5), WALL))
				var jy := o.y + (0.0 if side == NORTH else h - m)
				out.append(Rect2(cx - d * 0.5 - JAMB, jy, JAMB, m))
				out.append(Rect2(cx + d * 0.5, jy, JAMB, m))
			else:
				out.append(Rect2(x0, y, x1 - x0, WALL))
		for side in [WEST, EAST]:
			if (west_in if side == WEST else east_in):
				continue
			var x := o.x + (m if side == WEST else w - m - WALL)
			var top := o.y + (-t if north_in else t)
			var bottom := o.y + (h + t if south_in else h - t)
			if doors & side:
				var cy := o.y + h * 0.5
				out.append(Rect2(x, top, WALL, cy - d * 0.5 - top))
				out.append(Rect2(x, cy + d * 0.5, WALL, bottom - (cy + d * 0.5)))
				var jx := o.x + (0.0 if side == WEST else w - m)
				out.append(Rect2(jx, cy - d * 0.5 - JAMB, m, JAMB))
				out.append(Rect2(jx, cy + d * 0.5, m, JAMB))
			else:
				out.append(Rect2(x, top, WALL, bottom - top))
	return out


## The floor of the cell at `offset` of a large room: inside its walls on
## the outline, up to the cell edge where the room goes on.
func _large_cell_rect(offset: Vector2i, inset: float) -> Rect2:
	var o := Vector2(offset) * cell_size
	var left := 0.0 if cells.has(offset + Vector2i.LEFT) else inset
	var top := 0.0 if cells.has(offset + Vector2i.UP) else inset
	var right := 0.0 if cells.has(offset + Vector2i.RIGHT) else inset
	var bottom := 0.0 if cells.has(offset + Vector2i.DOWN) else inset
	return Rect2(o + Vector2(left, top), cell_size - Vector2(left + right, top + bottom))


## The rectangles of the collision shapes actually in the tree (local
## coordinates); equal to [method wall_rects] once the room is ready.
func collision_rects() -> Array[Rect2]:
	var out: Array[Rect2] = []
	if _walls == null:
		return out
	for col in _walls.get_children():
		var shape := (col as CollisionShape2D).shape as RectangleShape2D
		out.append(Rect2(col.position - shape.size * 0.5, shape.size))
	return out


## The opening of `side` as a rectangle through the wall and margin, from the
## floor to the cell border (empty if the side is closed).
func door_rect(side: int) -> Rect2:
	if not is_open(side):
		return Rect2()
	var d := door_width()
	var t := MARGIN + WALL
	match side:
		NORTH:
			return Rect2(size.x * 0.5 - d * 0.5, 0.0, d, t)
		SOUTH:
			return Rect2(size.x * 0.5 - d * 0.5, size.y - t, d, t)
		WEST:
			return Rect2(0.0, size.y * 0.5 - d * 0.5, t, d)
		_:
			return Rect2(size.x - t, size.y * 0.5 - d * 0.5, t, d)


func _ready() -> void:
	if _walls == null:
		_refresh()


func _refresh() -> void:
	queue_redraw()
	if _batching:
		return
	_rebuild_walls()


func _rebuild_walls() -> void:
	if _walls == null:
		_walls = StaticBody2D.new()
		_walls.name = "Walls"
		add_child(_walls, false, Node.INTERNAL_MODE_BACK)
	for child in _walls.get_children():
		_walls.remove_child(child)
		child.free()
	for r in wall_rects():
		var shape := RectangleShape2D.new()
		shape.size = r.size
		var col := CollisionShape2D.new()
		col.shape = shape
		col.position = r.get_center()
		_walls.add_child(col)


## Floor colours of the special roles (tints) and their icon letters.
const ROLE_FLOORS := {
	DungeonGrid.ROLE_BOSS: [Color("5a1a24"), Color("6a1f2b")],
	DungeonGrid.ROLE_TREASURE: [Color("3f3524"), Color("4a3e2a")],
	DungeonGrid.ROLE_SHOP: [Color("1f4a2c"), Color("245634")],
	DungeonGrid.ROLE_SECRET: [Color("3b2a5a"), Color("46326a")],
	DungeonGrid.ROLE_SUPER_SECRET: [Color("2a3a6a"), Color("32457a")],
	DungeonGrid.ROLE_SACRIFICE: [Color("4a2424"), Color("552a2a")],
	DungeonGrid.ROLE_CURSE: [Color("2f2440"), Color("372a4a")],
	DungeonGrid.ROLE_CHALLENGE: [Color("4a3a1f"), Color("554324")],
	DungeonGrid.ROLE_LIBRARY: [Color("2a3a3f"), Color("30444a")],
}
const ROLE_ICONS := {
	DungeonGrid.ROLE_BOSS: ["BOSS", Color("ff6b81")],
	DungeonGrid.ROLE_SHOP: ["$ SHOP", Color("7ee08a")],
	DungeonGrid.ROLE_SECRET: ["? SECRET", Color("c9a8ff")],
	DungeonGrid.ROLE_SUPER_SECRET: ["?? SECRET", Color("9ec3ff")],
	DungeonGrid.ROLE_SACRIFICE: ["SACRIFICE", Color("ff9a8a")],
	DungeonGrid.ROLE_CURSE: ["CURSE", Color("b39ad8")],
	DungeonGrid.ROLE_CHALLENGE: ["CHALLENGE", Color("ffcd75")],
	DungeonGrid.ROLE_LIBRARY: ["LIBRARY", Color("9ad8d0")],
}


func _floor_pair() -> Array:
	if ROLE_FLOORS.has(role) and kind != Kind.START:
		return ROLE_FLOORS[role]
	var pair: Array = FLOOR_COLORS[kind]
	if dead_end and kind == Kind.NORMAL and not special_floor:
		pair = TREASURE_FLOOR
	return pair


func _draw() -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = decor_seed
	if is_large():
		_draw_large(rng)
		return
	var outer := Rect2(Vector2.ZERO, size).grow(-MARGIN)
	var inner := floor_rect()
	var floor_pair: Array = _floor_pair()
	# Door passages first, lined with wall colour across the margin.
	for side in SIDES:
		if is_open(side):
			var lined := door_rect(side)
			if side == NORTH or side == SOUTH:
				lined = lined.grow_individual(JAMB, 0, JAMB, 0)
			else:
				lined = lined.grow_individual(0, JAMB, 0, JAMB)
			draw_rect(lined, WALL_COLOR)
	draw_rect(outer.grow(1.0), WALL_EDGE)
	draw_rect(outer, WALL_COLOR)
	# Lit top edge of the walls.
	draw_rect(Rect2(outer.position, Vector2(outer.size.x, 3.0)), WALL_TOP)
	for side in SIDES:
		if is_open(side):
			draw_rect(door_rect(side), floor_pair[0].darkened(0.25))
			_draw_jambs(side)
	# Floor: flagstones in a running bond, each a slightly different shade.
	draw_rect(inner, floor_pair[0].darkened(0.35))
	var stone := Vector2(21.0, 14.0)
	var rows := int(ceil(inner.size.y / stone.y))
	for row in rows:
		var shift := -stone.x * 0.5 if row % 2 == 1 else 0.0
		var x := shift
		while x < inner.size.x:
			var r := Rect2(inner.position + Vector2(x, row * stone.y), stone).intersection(inner).grow(-0.75)
			if r.has_area():
				draw_rect(r, floor_pair[0].lerp(floor_pair[1], rng.randf()))
			x += stone.x
	# Shadow under the north and west walls.
	draw_rect(Rect2(inner.position, Vector2(inner.size.x, 5.0)), Color(0, 0, 0, 0.3))
	draw_rect(Rect2(inner.position, Vector2(3.0, inner.size.y)), Color(0, 0, 0, 0.15))
	match kind:
		Kind.START:
			_draw_start(inner)
		Kind.EXIT:
			_draw_exit(inner)
		_:
			_draw_props(inner, rng)
			if role == DungeonGrid.ROLE_TREASURE or (dead_end and not special_floor):
				_draw_chest(inner.get_center())
	_draw_role(inner)
	_draw_hidden_doors()
	_draw_torches(inner)


# The role's label under the room's top wall (the boss room keeps its stairs).
func _draw_role(inner: Rect2) -> void:
	if not ROLE_ICONS.has(role):
		return
	var icon: Array = ROLE_ICONS[role]
	var y := inner.end.y - 14.0 if kind == Kind.EXIT else inner.get_center().y
	_draw_label(icon[0], Vector2(inner.get_center().x, y), icon[1], 14)


# A cracked patch on the wall where a secret door still hides.
func _draw_hidden_doors() -> void:
	for off in hidden_doors:
		var sides := int(hidden_doors[off])
		var o := Vector2(off) * cell_size if is_large() else Vector2.ZERO
		var cs := cell_size if is_large() else size
		for side in SIDES:
			if sides & side == 0:
				continue
			var p := o + cs * 0.5
			match side:
				NORTH: p.y = o.y + MARGIN + WALL * 0.5
				SOUTH: p.y = o.y + cs.y - MARGIN - WALL * 0.5
				WEST: p.x = o.x + MARGIN + WALL * 0.5
				EAST: p.x = o.x + cs.x - MARGIN - WALL * 0.5
			draw_line(p + Vector2(-5, -3), p + Vector2(0, 1), WALL_EDGE, 1.5)
			draw_line(p + Vector2(0, 1), p + Vector2(4, -2), WALL_EDGE, 1.5)
			draw_line(p + Vector2(0, 1), p + Vector2(1, 4), WALL_EDGE, 1.5)


# A large room: per cell the wall-coloured outer area and the floor, then
# the walls (bands and pillars), the door openings and the decoration.
func _draw_large(rng: RandomNumberGenerator) -> void:
	var floor_pair := _floor_pair()
	for off in cells:
		var outer := _large_cell_rect(off, MARGIN)
		draw_rect(outer.grow(1.0), WALL_EDGE)
	for off in cells:
		draw_rect(_large_cell_rect(off, MARGIN), WALL_COLOR)
	var stone := Vector2(21.0, 14.0)
	for off in cells:
		var inner := _large_cell_rect(off, MARGIN + WALL)
		draw_rect(inner, floor_pair[0].darkened(0.35))
		var rows := int(ceil(inner.size.y / stone.y))
		for row in rows:
			var x := -stone.x * 0.5 if row % 2 == 1 else 0.0
			while x < inner.size.x:
				var r := Rect2(inner.position + Vector2(x, row * stone.y), stone).intersection(inner).grow(-0.75)
				if r.has_area():
					draw_rect(r, floor_pair[0].lerp(floor_pair[1], rng.randf()))
				x += stone.x
	for r in _large_wall_rects():
		draw_rect(r, WALL_COLOR)
		draw_rect(Rect2(r.position, Vector2(r.size.x, minf(3.0, r.size.y))), WALL_TOP)
	var d := minf(DOOR_WIDTH, minf(cell_size.x, cell_size.y) * 0.6 - MARGIN - WALL)
	var t := MARGIN + WALL
	for off in cells:
		var o := Vector2(off) * cell_size
		var doors := doors_at(off)
		for side in SIDES:
			if doors & side == 0:
				continue
			var r: Rect2
			match side:
				NORTH: r = Rect2(o.x + cell_size.x * 0.5 - d * 0.5, o.y, d, t)
				SOUTH: r = Rect2(o.x + cell_size.x * 0.5 - d * 0.5, o.y + cell_size.y - t, d, t)
				WEST: r = Rect2(o.x, o.y + cell_size.y * 0.5 - d * 0.5, t, d)
				_: r = Rect2(o.x + cell_size.x - t, o.y + cell_size.y * 0.5 - d * 0.5, t, d)
			draw_rect(r, floor_pair[0].darkened(0.25))
	var first := _large_cell_rect(marker, MARGIN + WALL)
	match kind:
		Kind.START:
			_draw_start(first)
		Kind.EXIT:
			_draw_exit(first)
		_:
			for off in cells:
				_draw_props(_large_cell_rect(off, MARGIN + WALL), rng)
	_draw_role(first)
	_draw_hidden_doors()


# Wall torches on the north wall, flanking the door if there is one.
func _draw_torches(inner: Rect2) -> void:
	var y := MARGIN + WALL * 0.5
	var xs: Array[float] = []
	if is_open(NORTH) or inner.size.x > 140.0:
		xs = [inner.position.x + inner.size.x * 0.18, inner.end.x - inner.size.x * 0.18]
	else:
		xs = [size.x * 0.5]
	for x in xs:
		var p := Vector2(x, y)
		draw_circle(p + Vector2(0, 3), 14.0, Color(1.0, 0.62, 0.25, 0.07))
		draw_circle(p + Vector2(0, 2), 8.0, Color(1.0, 0.7, 0.3, 0.09))
		draw_rect(Rect2(p + Vector2(-1, 0), Vector2(2, 4)), Color("2a1a0e"))
		draw_circle(p + Vector2(0, -0.5), 2.6, Color("ff8c32"))
		draw_circle(p + Vector2(0, 0), 1.4, Color("ffe08a"))


# A few crates, barrels and pots in the corners, placed from decor_seed.
func _draw_props(inner: Rect2, rng: RandomNumberGenerator) -> void:
	var spots: Array[Vector2] = [
		inner.position + Vector2(11, 16), Vector2(inner.end.x - 11, inner.position.y + 16),
		Vector2(inner.position.x + 11, inner.end.y - 12), inner.end - Vector2(11, 12),
	]
	if rng.randf() < 0.3:
		var rug := Rect2(inner.get_center() - Vector2(inner.size.x * 0.3, inner.size.y * 0.22), Vector2(inner.size.x * 0.6, inner.size.y * 0.44))
		var rug_col: Color = [Color("4f2636"), Color("26344f"), Color("3b2a4f")][rng.randi() % 3]
		draw_rect(rug, rug_col.darkened(0.35))
		draw_rect(rug.grow(-2), rug_col)
		draw_rect(rug.grow(-5), Color(GOLD, 0.35), false, 1.0)
		draw_rect(rug.grow(-9), rug_col.lightened(0.08))
	for spot in spots:
		var roll := rng.randf()
		if roll < 0.18:
			_draw_barrel(spot)
		elif roll < 0.32:
			_draw_crate(spot)
		elif roll < 0.42:
			_draw_pot(spot + Vector2(rng.randf_range(-3, 3), 0))
		elif roll < 0.5:
			for i in 4:
				var o := Vector2(rng.randf_range(-7, 7), rng.randf_range(-5, 5))
				draw_circle(spot + o, rng.randf_range(1.2, 2.4), Color("6d6a85"))


func _draw_barrel(p: Vector2) -> void:
	draw_circle(p + Vector2(1, 2), 8.0, Color(0, 0, 0, 0.3))
	draw_circle(p, 7.5, Color("3a2414"))
	draw_circle(p, 6.5, Color("8a5a2b"))
	draw_arc(p, 4.5, 0.0, TAU, 20, Color("5c3a1c"), 1.2, true)
	draw_circle(p + Vector2(-1.5, -1.5), 1.6, Color("b07a45"))


func _draw_crate(p: Vector2) -> void:
	var r := Rect2(p - Vector2(7, 7), Vector2(14, 14))
	draw_rect(r.grow(1.0), Color("3a2414"))
	draw_rect(r, Color("a0723c"))
	draw_rect(r.grow(-2.0), Color("8a5a2b"), false, 1.0)
	draw_line(r.position + Vector2(2, 2), r.end - Vector2(2, 2), Color("6b4420"), 1.4)
	draw_line(Vector2(r.end.x - 2, r.position.y + 2), Vector2(r.position.x + 2, r.end.y - 2), Color("6b4420"), 1.4)


func _draw_pot(p: Vector2) -> void:
	draw_circle(p + Vector2(1, 2), 5.5, Color(0, 0, 0, 0.3))
	draw_circle(p, 5.0, Color("7a3b26"))
	draw_circle(p, 4.0, Color("b8653d"))
	draw_circle(p, 1.8, Color("3a1a10"))


func _draw_jambs(side: int) -> void:
	var r := door_rect(side)
	var post := WALL_TOP
	if side == NORTH or side == SOUTH:
		var y := MARGIN if side == NORTH else size.y - MARGIN - WALL
		draw_rect(Rect2(r.position.x - 3.0, y, 3.0, WALL), post)
		draw_rect(Rect2(r.end.x, y, 3.0, WALL), post)
	else:
		var x := MARGIN if side == WEST else size.x - MARGIN - WALL
		draw_rect(Rect2(x, r.position.y - 3.0, WALL, 3.0), post)
		draw_rect(Rect2(x, r.end.y, WALL, 3.0), post)


func _draw_label(text: String, centre: Vector2, color: Color, font_size: int) -> void:
	var font := ThemeDB.fallback_font
	var w := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size).x
	var pos := centre + Vector2(-w * 0.5, font_size * 0.35)
	draw_string_outline(font, pos, text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size, 4, Color(0, 0, 0, 0.8))
	draw_string(font, pos, text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size, color)


func _draw_start(inner: Rect2) -> void:
	var c := inner.get_center()
	var r := minf(inner.size.x, inner.size.y) * 0.32
	draw_circle(c, r, Color(START_ACCENT, 0.12))
	draw_arc(c, r, 0.0, TAU, 40, Color(START_ACCENT, 0.7), 2.0, true)
	draw_arc(c, r * 0.62, 0.0, TAU, 32, Color(START_ACCENT, 0.45), 1.5, true)
	for i in 4:
		var a := TAU * i / 4.0 + PI * 0.25
		draw_line(c + Vector2.from_angle(a) * r * 0.62, c + Vector2.from_angle(a) * r, Color(START_ACCENT, 0.6), 1.5, true)
	_draw_label("START", Vector2(c.x, inner.position.y + 18.0), START_ACCENT, 15)


func _draw_exit(inner: Rect2) -> void:
	var c := inner.get_center()
	var w := minf(inner.size.x * 0.62, 52.0)
	# A stairwell going down: steps get darker and narrower.
	var steps := 5
	var step_h := w * 0.16
	var top := c.y - steps * step_h * 0.5
	draw_rect(Rect2(c.x - w * 0.5 - 3.0, top - 3.0, w + 6.0, steps * step_h + 6.0), WALL_EDGE)
	for i in steps:
		var k := float(i) / steps
		var sw := w * (1.0 - k * 0.3)
		var col := Color("c9a27a").darkened(0.15 + k * 0.6)
		draw_rect(Rect2(c.x - sw * 0.5, top + i * step_h, sw, step_h - 1.0), col)
	draw_arc(c, w * 0.78, 0.0, TAU, 40, Color(EXIT_ACCENT, 0.55), 2.0, true)
	_draw_label("EXIT", Vector2(c.x, inner.position.y + 18.0), EXIT_ACCENT, 15)


func _draw_chest(c: Vector2) -> void:
	var body := Rect2(c + Vector2(-13, -6), Vector2(26, 16))
	draw_rect(Rect2(c + Vector2(-14, 9), Vector2(30, 4)), Color(0, 0, 0, 0.3))
	draw_rect(body.grow(1.5), WALL_EDGE)
	draw_rect(body, GOLD_DARK)
	draw_rect(Rect2(body.position, Vector2(body.size.x, 6)), GOLD_DARK.lightened(0.2))
	draw_rect(Rect2(body.position + Vector2(0, 6), Vector2(body.size.x, 2)), GOLD)
	draw_rect(Rect2(c + Vector2(-2.5, -1), Vector2(5, 6)), GOLD)
	draw_circle(c + Vector2(0, -14), 2.0, Color(GOLD, 0.8))
	draw_circle(c + Vector2(9, -16), 1.3, Color(GOLD, 0.6))
