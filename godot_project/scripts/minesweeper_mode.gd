extends Node2D
## The minesweeper dungeon mode (the planned minesweeper game, issue 15):
## every BSP room is a minesweeper board laid over its floor tiles.
##
## Walk into a room and its doors shut; its first click opens by itself.
## Left-click a floor tile to open it, right-click to flag it, press H for a
## hint (the solver marks cells it can prove safe in green and mines in red).
## Clear the board and the doors open. Open a mine and the room gets a new
## board (a new seeded variant) instead of ending the game. Boards are made
## with no_guess, so deduction alone always clears them. Room floors carry
## rule-30 decorations (ElementaryAutomaton). The mode's line at the top shows
## the mines left in the room.
##
## main.gd adds this node (under the Dungeon's tile layer) for the "minesweeper" entry of
## its GENERATORS; autoplay.gd calls [method bot_step] to clear rooms with
## the solver's hints alone.

## Share of a room's floor tiles holding mines.
const DENSITY := 0.13
## The elementary automaton rule that decorates floors.
const DECORATION_RULE := 30
const HIDDEN := Color("3b4261")
const HIDDEN_EDGE := Color("565f89")
const FLAG := Color("f7768e")
const HINT_SAFE := Color("9ece6a")
const HINT_MINE := Color("ff5370")
const DECORATION := Color(0.75, 0.6, 1.0, 0.22)
const NUMBER_COLOURS := [Color.WHITE, Color("7aa2f7"), Color("9ece6a"), Color("f7768e"), Color("bb9af7"),
		Color("e0af68"), Color("2ac3de"), Color("c0caf5"), Color("a9b1d6")]

## Mines opened since the mode started (the bot asserts it stays 0).
var mines_opened := 0
## Boards cleared since the mode started.
var boards_cleared := 0
## Levels left with every board cleared (counted when the next one is built).
var levels_cleared := 0
## The room whose doors are shut, or -1.
var active_room := -1

var _main: Node
var _grid: DungeonGrid
var _seed := 0
## Per room: its MinesweeperBoard, or null for rooms under 3x3 tiles.
var _boards: Array = []
var _variants: PackedInt32Array = []
var _decorated := {}
var _hint_safe: Array[Vector2i] = []
var _hint_mines: Array[Vector2i] = []
var _doors: StaticBody2D
var _shut_doors: Array[Vector2i] = []
var _label: Label


## Adds the mode to `main` (on) or removes it (off); returns the mode node
## or null.
static func attach(main: Node, on: bool) -> Node:
	# Drawn just over the floor tiles, under the START/EXIT markers and the
	# player.
	var host: Node = main.dungeon.mode_layer
	var existing: Node = host.get_node_or_null("MinesweeperMode")
	if not on:
		if existing != null:
			existing.queue_free()
			existing.name = "MinesweeperModeGone"
		return null
	if existing != null:
		return existing
	var mode: Node2D = load("res://scripts/minesweeper_mode.gd").new()
	mode.name = "MinesweeperMode"
	mode._main = main
	host.add_child(mode)
	return mode


func _ready() -> void:
	_doors = StaticBody2D.new()
	_doors.name = "ShutDoors"
	add_child(_doors)
	var layer := CanvasLayer.new()
	add_child(layer)
	_label = Label.new()
	_label.position = Vector2(260, 74)
	_label.add_theme_color_override("font_color", Color("ffcd75"))
	layer.add_child(_label)


## Makes the boards and decorations of a freshly built level.
func setup(grid: DungeonGrid, run_seed: int) -> void:
	if not _boards.is_empty() and _boards.all(func(x: Variant) -> bool: return x == null or x.is_cleared()):
		levels_cleared += 1
	_grid = grid
	_seed = run_seed
	_boards.clear()
	_decorated.clear()
	_unlock()
	for room in grid.get_room_count():
		var rect := grid.get_room_rect(room)
		for cell in ElementaryAutomaton.decoration_cells(grid, room, DECORATION_RULE, 0.0, run_seed):
			_decorated[cell] = true
		if rect.size.x < 3 or rect.size.y < 3:
			_boards.append(null)
		else:
			_boards.append(MinesweeperBoard.for_room(grid, room, run_seed, -1, DENSITY, true, 0))
	_variants.resize(_boards.size())
	_variants.fill(0)
	queue_redraw()


## The board of `room`, or null.
func board(room: int) -> MinesweeperBoard:
	return _boards[room] if room >= 0 and room < _boards.size() else null


func _physics_process(_delta: float) -> void:
	if _grid == null or _main == null:
		return
	if active_room < 0:
		var room := _grid.get_room_at(_main.player_cell())
		var b := board(room)
		if b != null and not b.is_cleared():
			_lock(room)
	_update_label()


func _lock(room: int) -> void:
	active_room = room
	var b := board(room)
	b.open(b.first_click)
	var size: Vector2 = _main.dungeon.cell_size()
	for door in _grid.get_room_doors(room):
		_shut_doors.append(door)
		var shape := CollisionShape2D.new()
		var rect := RectangleShape2D.new()
		rect.size = size
		shape.shape = rect
		shape.position = _main.dungeon.cell_to_local(door)
		_doors.add_child(shape)
	_after_move(room)


func _unlock() -> void:
	active_room = -1
	_shut_doors.clear()
	_hint_safe.clear()
	_hint_mines.clear()
	if _doors != null:
		for shape in _doors.get_children():
			shape.queue_free()


## Opens the floor tile `tile` (grid cell). Returns what
## MinesweeperBoard.open returned (0 off any board).
func open_tile(tile: Vector2i) -> int:
	var room := _grid.get_room_at(tile) if _grid != null else -1
	var b := board(room)
	if b == null:
		return 0
	var result := b.open(tile - _grid.get_room_rect(room).position)
	if result == MinesweeperBoard.OPENED_MINE:
		mines_opened += 1
		_variants[room] += 1
		var fresh := MinesweeperBoard.for_room(_grid, room, _seed, -1, DENSITY, true, _variants[room])
		_boards[room] = fresh
		fresh.open(fresh.first_click)
		_main.hud.show_message("BOOM! A mine: room %d has a new board." % room)
	_after_move(room)
	return result


## Flags (or unflags) the floor tile `tile`.
func toggle_flag(tile: Vector2i) -> void:
	var room := _grid.get_room_at(tile) if _grid != null else -1
	var b := board(room)
	if b != null:
		var cell := tile - _grid.get_room_rect(room).position
		b.flag(cell, not b.is_flagged(cell))
		_after_move(room)


## Asks the solver about the room with shut doors: marks the cells it
## proves safe and mines. Returns [safe, mines] in grid cells.
func hint() -> Array:
	_hint_safe.clear()
	_hint_mines.clear()
	var b := board(active_room)
	if b != null:
		var origin := _grid.get_room_rect(active_room).position
		for c in b.safe_cells():
			_hint_safe.append(origin + c)
		for c in b.mine_cells():
			_hint_mines.append(origin + c)
	queue_redraw()
	return [_hint_safe.duplicate(), _hint_mines.duplicate()]


func _after_move(room: int) -> void:
	_hint_safe.clear()
	_hint_mines.clear()
	var b := board(room)
	if room == active_room and b != null and b.is_cleared():
		boards_cleared += 1
		_unlock()
		_main.hud.show_message("Room %d cleared: the doors open." % room, false)
	_update_label()
	queue_redraw()


## One bot move in the room with shut doors, using the solver's hints only:
## flags every proven mine and opens every proven safe cell. Returns "" when
## no room is shut, "solving" while working, or a "FAIL ..." message (a mine
## opened, or the hints ran out before the board was clear).
func bot_step() -> String:
	if active_room < 0:
		return ""
	var room := active_room
	var found := hint()
	var safe: Array[Vector2i] = found[0]
	if safe.is_empty():
		return "FAIL: the solver found no safe cell in room %d before it was clear" % room
	for tile in found[1]:
		var b := board(room)
		var cell: Vector2i = tile - _grid.get_room_rect(room).position
		if not b.is_flagged(cell):
			b.flag(cell, true)
	for tile in safe:
		if open_tile(tile) == MinesweeperBoard.OPENED_MINE:
			return "FAIL: opened a mine at %s in room %d" % [tile, room]
		if active_room != room:
			break
	return "solving"


## One bot move on the first board still to clear anywhere on the level
## (the bot calls it before it steps on the EXIT, so the whole dungeon is
## cleared by hints alone). Returns "" when every board is clear,
## "solving" while working, or a "FAIL ..." message.
func bot_clear_rest() -> String:
	for room in _boards.size():
		var b := board(room)
		if b == null or b.is_cleared():
			continue
		b.open(b.first_click)
		var safe := b.safe_cells()
		for cell in b.mine_cells():
			b.flag(cell, true)
		if safe.is_empty() and not b.is_cleared():
			return "FAIL: the solver found no safe cell in room %d before it was clear" % room
		for cell in safe:
			if b.open(cell) == MinesweeperBoard.OPENED_MINE:
				mines_opened += 1
				return "FAIL: opened a mine at %s in room %d" % [cell, room]
		if b.is_cleared():
			boards_cleared += 1
		_update_label()
		queue_redraw()
		return "solving"
	return ""


func _update_label() -> void:
	if _label == null:
		return
	var b := board(active_room)
	if b != null:
		_label.text = "Room %d: %d mines left · doors shut until the board is clear · H hint, right-click flag" % [
			active_room, b.mines_left()]
	else:
		var left := 0
		for x in _boards:
			if x != null and not x.is_cleared():
				left += 1
		_label.text = "Minesweeper: %d rooms to clear · mines opened: %d" % [left, mines_opened]


func _unhandled_input(event: InputEvent) -> void:
	if _grid == null:
		return
	if event is InputEventMouseButton and event.pressed:
		var tile: Vector2i = _main.dungeon.local_to_cell(_main.dungeon.get_local_mouse_position())
		if event.button_index == MOUSE_BUTTON_LEFT:
			open_tile(tile)
		elif event.button_index == MOUSE_BUTTON_RIGHT:
			toggle_flag(tile)
	elif event is InputEventKey and event.pressed and not event.echo and event.physical_keycode == KEY_H:
		hint()


func _draw() -> void:
	if _grid == null:
		return
	var size: Vector2 = _main.dungeon.cell_size()
	var font := ThemeDB.fallback_font
	for cell in _decorated:
		var r := Rect2(Vector2(cell) * size, size).grow(-size.x * 0.3)
		draw_rect(r, DECORATION)
	for room in _boards.size():
		var b := board(room)
		if b == null:
			continue
		var origin := _grid.get_room_rect(room).position
		for y in b.height:
			for x in b.width:
				var c := Vector2i(x, y)
				var r := Rect2(Vector2(origin + c) * size, size).grow(-1.0)
				if not b.is_open(c):
					draw_rect(r, HIDDEN)
					draw_rect(r, HIDDEN_EDGE, false, 1.0)
					if b.is_flagged(c):
						var m := r.get_center()
						draw_colored_polygon(PackedVector2Array([m + Vector2(-6, 6), m + Vector2(0, -8), m + Vector2(6, 6)]), FLAG)
				elif b.number_at(c) > 0:
					var n := b.number_at(c)
					draw_string(font, r.position + Vector2(0, size.y * 0.7), str(n), HORIZONTAL_ALIGNMENT_CENTER, r.size.x,
							int(size.y * 0.6), NUMBER_COLOURS[n])
	for door in _shut_doors:
		var r := Rect2(Vector2(door) * size, size)
		for k in 3:
			var x := r.position.x + r.size.x * (0.25 + 0.25 * k)
			draw_line(Vector2(x, r.position.y), Vector2(x, r.end.y), FLAG, 3.0)
	for tile in _hint_safe:
		draw_rect(Rect2(Vector2(tile) * size, size).grow(-3.0), HINT_SAFE, false, 2.0)
	for tile in _hint_mines:
		draw_rect(Rect2(Vector2(tile) * size, size).grow(-3.0), HINT_MINE, false, 2.0)
