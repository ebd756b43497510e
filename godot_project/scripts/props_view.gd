extends Node2D
## The sample's set dressing, drawn over a tile level: torches on walls,
## pillars in the corners of big rooms, rubble in dead ends and on cave
## floor, banners beside the doors of the boss room (or the exit's room). Where they go comes from
## the addon's DungeonDecorator (props never stand on a door, the start,
## the exit, a key or a spawn point); this script only draws them. They do
## not block: the sample's player and enemies walk past them.

## The rules, in the order of their drawings below.
enum { TORCH, PILLAR, RUBBLE, DEAD_END_RUBBLE, BANNER }

const FLAME := Color(1.0, 0.62, 0.2)
const FLAME_CORE := Color(1.0, 0.9, 0.55)
const STONE := Color(0.55, 0.55, 0.6)
const STONE_SHADE := Color(0.32, 0.32, 0.38)
const RUBBLE_COLOUR := Color(0.45, 0.38, 0.3)
const BANNER_COLOUR := Color(0.75, 0.12, 0.15)
## Rooms smaller than this many floor cells get no pillars.
const PILLAR_ROOM_CELLS := 36

## What DungeonDecorator.decorate gave for the level on display.
var props: Dictionary = {}
var tile_size := 32.0
var _grid: DungeonGrid
var _decorator: DungeonDecorator


func _init() -> void:
	_decorator = DungeonDecorator.new()
	_decorator.rules = [
		_rule(DungeonDecorRule.MARKER_WALL, 0.15, 4),
		_rule(DungeonDecorRule.MARKER_INNER_CORNER, 0.7, 0),
		_rule(DungeonDecorRule.MARKER_FLOOR_OPEN, 0.02, 3),
		_rule(DungeonDecorRule.MARKER_DEAD_END, 0.6, 0),
		_rule(DungeonDecorRule.MARKER_DOORWAY, 1.0, 0, [DungeonGrid.ROLE_BOSS, DungeonGrid.ROLE_END]),
	]


static func _rule(marker: int, chance: float, spacing: int, roles: Array = []) -> DungeonDecorRule:
	var r := DungeonDecorRule.new()
	r.marker = marker
	r.chance = chance
	r.spacing = spacing
	r.roles = PackedInt32Array(roles)
	return r


## Dresses `grid` (a tile level), keeping `keep_free` cells (spawn points)
## clear; an empty grid clears.
func dress(grid: DungeonGrid, size: float, keep_free := PackedInt32Array()) -> void:
	_grid = grid
	tile_size = size
	props = _decorator.decorate(grid, keep_free) if grid != null else {}
	queue_redraw()


func clear() -> void:
	dress(null, tile_size)


func _draw() -> void:
	if props.is_empty() or _grid == null:
		return
	var s := tile_size
	for i in props["cells"].size():
		var cell: Vector2 = props["cells"][i]
		var centre := (cell + Vector2(0.5, 0.5)) * s
		var facing: int = props["facings"][i]
		match props["rules"][i]:
			TORCH:
				# On the wall side of the cell.
				var side := _side(facing)
				var at := centre + side * s * 0.34
				draw_circle(at, s * 0.42, Color(FLAME, 0.12))
				draw_rect(Rect2(at - Vector2(s * 0.06, s * 0.0), Vector2(s * 0.12, s * 0.24)), STONE_SHADE)
				draw_circle(at - Vector2(0, s * 0.06), s * 0.16, FLAME)
				draw_circle(at - Vector2(0, s * 0.08), s * 0.07, FLAME_CORE)
			PILLAR:
				var room: int = props["rooms"][i]
				if room < 0 or _grid.get_room_rect(room).get_area() < PILLAR_ROOM_CELLS:
					continue
				draw_circle(centre, s * 0.32, STONE_SHADE)
				draw_circle(centre - Vector2(s * 0.04, s * 0.04), s * 0.26, STONE)
			RUBBLE, DEAD_END_RUBBLE:
				for k in 3:
					var off := Vector2(((k * 37 + int(cell.x) * 13) % 7 - 3) * 0.08, ((k * 53 + int(cell.y) * 11) % 7 - 3) * 0.08) * s
					draw_circle(centre + off, s * (0.09 + 0.03 * k), RUBBLE_COLOUR)
			BANNER:
				var side := _side(facing)
				var at := centre - side * s * 0.3
				draw_rect(Rect2(at - Vector2(s * 0.12, s * 0.2), Vector2(s * 0.24, s * 0.4)), BANNER_COLOUR)
				draw_rect(Rect2(at - Vector2(s * 0.12, s * 0.2), Vector2(s * 0.24, s * 0.4)), Color.BLACK, false, 1.0)


## The unit step towards side `bit` (DungeonGrid.DOOR_*; the first of two).
static func _side(bit: int) -> Vector2:
	if bit & DungeonGrid.DOOR_NORTH:
		return Vector2.UP
	if bit & DungeonGrid.DOOR_EAST:
		return Vector2.RIGHT
	if bit & DungeonGrid.DOOR_SOUTH:
		return Vector2.DOWN
	return Vector2.LEFT
