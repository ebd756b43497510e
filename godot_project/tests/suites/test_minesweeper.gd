extends RefCounted
## MinesweeperBoard and ElementaryAutomaton (issue 15): boards that never
## need a guess, for any generator's rooms, and rule-N room decorations.

func _neighbours(cell: Vector2i) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for dy in range(-1, 2):
		for dx in range(-1, 2):
			if dx != 0 or dy != 0:
				out.append(cell + Vector2i(dx, dy))
	return out


## Plays `board` with the hints alone; returns false if it ever had to stop.
func _play_with_hints(t, board: MinesweeperBoard, label: String) -> bool:
	t.check(board.open(board.first_click) > 0, label + ": the first click opens")
	for round in 500:
		if board.is_cleared():
			return true
		var safe := board.safe_cells()
		for m in board.mine_cells():
			t.check(board.mine_at(m), label + ": a hinted mine is a mine")
			board.flag(m, true)
		if safe.is_empty():
			t.check(false, label + ": the hints ran out before the board was clear")
			return false
		for c in safe:
			t.check(board.open(c) != MinesweeperBoard.OPENED_MINE, label + ": a hinted safe cell held a mine")
	return board.is_cleared()


func test_boards_are_well_formed_and_seeded(t) -> void:
	for seed in 20:
		var board := MinesweeperBoard.create(16, 16, 40, 0.0, true, seed)
		var label := "intermediate seed %d" % seed
		if not t.check(board != null, label + ": made"):
			continue
		t.check_eq(board.width, 16, label)
		t.check_eq(board.height, 16, label)
		t.check_eq(board.mine_count, 40, label)
		var mines := 0
		var wrong := 0
		for y in 16:
			for x in 16:
				var c := Vector2i(x, y)
				if board.mine_at(c):
					mines += 1
				var around := 0
				for n in _neighbours(c):
					if board.mine_at(n):
						around += 1
				if around != board.number_at(c):
					wrong += 1
		t.check_eq(mines, 40, label + ": mines counted")
		t.check_eq(wrong, 0, label + ": numbers match mines")
		for n in _neighbours(board.first_click) + [board.first_click]:
			t.check(not board.mine_at(n), label + ": first click area is free")
		var again := MinesweeperBoard.create(16, 16, 40, 0.0, true, seed)
		t.check_eq(again.to_text(), board.to_text(), label + ": same seed, same board")
	var a := MinesweeperBoard.create(9, 9, 10, 0.0, true, 1)
	var b := MinesweeperBoard.create(9, 9, 10, 0.0, true, 2)
	t.check(a.to_text() != b.to_text(), "different seeds differ")
	var dense := MinesweeperBoard.create(10, 10, -1, 0.2, false, 3)
	t.check_eq(dense.mine_count, 20, "density 0.2 of 100 cells")


func test_no_guess_boards_clear_with_hints_alone(t) -> void:
	for seed in 15:
		var board := MinesweeperBoard.create(30, 16, 99, 0.0, true, seed)
		if t.check(board != null, "expert %d made" % seed):
			t.check(_play_with_hints(t, board, "expert %d" % seed), "expert %d cleared" % seed)
			t.check_eq(board.mines_left(), 0, "expert %d: every mine flagged by hints" % seed)


func test_open_flag_and_mines(t) -> void:
	var board := MinesweeperBoard.create(9, 9, 10, 0.0, false, 4)
	var mine := Vector2i(-1, -1)
	for y in 9:
		for x in 9:
			if board.mine_at(Vector2i(x, y)):
				mine = Vector2i(x, y)
	t.check(board.flag(mine, true), "flag a hidden cell")
	t.check(board.is_flagged(mine), "flag shows")
	t.check_eq(board.mines_left(), 9, "a flag counts down")
	t.check_eq(board.open(mine), 0, "a flagged cell does not open")
	board.flag(mine, false)
	t.check_eq(board.open(mine), MinesweeperBoard.OPENED_MINE, "opening a mine says so")
	t.check(not board.is_open(mine), "a mine never opens")
	var opened := board.open(board.first_click)
	t.check(opened >= 9, "the first click flood-opens its zero area (%d)" % opened)
	t.check(board.is_open(board.first_click), "first click open")
	t.check(not board.flag(board.first_click, true), "open cells take no flag")
	t.check_eq(board.open(board.first_click), 0, "opening twice does nothing")
	t.check(not board.is_cleared(), "not cleared yet")


func test_one_board_per_room_of_any_grid(t) -> void:
	var bsp := BspGenerator.new()
	bsp.seed = 77
	var grid := bsp.generate()
	var boards := MinesweeperBoard.boards_for_grid(grid, 77, 0.12, true)
	t.check_eq(boards.size(), grid.get_room_count(), "one board per BSP room")
	for i in boards.size():
		var rect := grid.get_room_rect(i)
		t.check_eq(Vector2i(boards[i].width, boards[i].height), rect.size, "room %d board fits its floor" % i)
	var b0 := MinesweeperBoard.for_room(grid, 0, 77, -1, 0.12, true, 0)
	t.check_eq(b0.to_text(), boards[0].to_text(), "for_room variant 0 = boards_for_grid")
	var b1 := MinesweeperBoard.for_room(grid, 0, 77, -1, 0.12, true, 1)
	t.check(b1.to_text() != b0.to_text(), "a new variant is a new board")
	var isaac := IsaacGenerator.new()
	isaac.seed = 5
	var rooms := isaac.generate()
	var small := MinesweeperBoard.for_room(rooms, 0, 5, 10, 0.0, true, 0)
	t.check_eq(Vector2i(small.width, small.height), Vector2i(9, 9), "one-cell rooms get 9x9 boards")


func test_bad_settings_name_the_setting(t) -> void:
	t.expect_error("invalid width = 2")
	t.check(MinesweeperBoard.create(2, 9, 1, 0.0, false, 1) == null, "2 wide: null")
	t.check(MinesweeperBoard.get_last_error().contains("width"), "last error names width")
	t.expect_error("invalid density = 1")
	t.check(MinesweeperBoard.create(9, 9, -1, 1.0, false, 1) == null, "density 1: null")
	t.expect_error("invalid density = -0.1")
	t.check(MinesweeperBoard.create(9, 9, -1, -0.1, false, 1) == null, "density -0.1: null")
	for mines in [-2, -1000, -2147483648]:
		t.expect_error("invalid mines = %d" % mines)
		t.check(MinesweeperBoard.create(9, 9, mines, 0.1, false, 1) == null, "%d mines: refused, not taken as -1 (use density)" % mines)
		t.check(MinesweeperBoard.get_last_error().contains("mines"), "last error names mines")
		t.expect_error("invalid mines = %d" % mines)
		t.check(MinesweeperBoard.for_room(BspGenerator.new().generate(), 0, 1, mines, 0.1, false, 0) == null, "for_room, %d mines: refused" % mines)
	t.check(MinesweeperBoard.create(9, 9, -1, 0.1, false, 1) != null, "-1 mines uses the density")
	t.expect_error("invalid mines = 73")
	t.check(MinesweeperBoard.create(9, 9, 73, 0.0, false, 1) == null, "73 mines on 9x9: null")
	t.check(MinesweeperBoard.create(9, 9, 72, 0.0, false, 1) != null, "72 mines fit")
	t.check_eq(MinesweeperBoard.get_last_error(), "", "a success clears the error")
	var grid := BspGenerator.new().generate()
	t.expect_error("invalid room = 999")
	t.check(MinesweeperBoard.for_room(grid, 999, 1, -1, 0.1, true, 0) == null, "no room 999")
	t.expect_error("invalid rule = 256")
	t.check(ElementaryAutomaton.rows(256, 8, 4, 0.0, 1, true).is_empty(), "rule 256: empty")


func test_rule_rows_and_decorations(t) -> void:
	var rows := ElementaryAutomaton.rows(30, 11, 4, 0.0, 0, true)
	var text: Array[String] = []
	for r in rows:
		var s := ""
		for b in r:
			s += "#" if b == 1 else "."
		text.append(s)
	t.check_eq(text, [".....#.....", "....###....", "...##..#...", "..##.####.."] as Array[String], "rule 30")
	var grid := BspGenerator.new().generate()
	for i in grid.get_room_count():
		var rect := grid.get_room_rect(i)
		var cells := ElementaryAutomaton.decoration_cells(grid, i, 30, 0.0, 3)
		var inside := cells.all(func(c: Vector2i) -> bool: return rect.has_point(c))
		t.check(inside, "room %d: decorations on its floor" % i)
		t.check(cells.size() > 0, "room %d: rule 30 decorates something" % i)


## The extension makes exactly the boards the core's golden file pins.
func test_boards_match_the_core_golden_file(t) -> void:
	var path := ProjectSettings.globalize_path("res://").path_join("../rust/dungeon_core/tests/golden/minesweeper_boards.txt")
	var text := FileAccess.get_file_as_string(path)
	if not t.check(text != "", "golden file readable at " + path):
		return
	var sizes := {"beginner": [9, 9, 10], "intermediate": [16, 16, 40], "expert": [30, 16, 99]}
	var seeds := {"0": 0, "7": 7, "18446744073709551615": -1}  # u64::MAX is -1 as a Godot int
	var checked := 0
	for block in text.split("\n\n", false):
		var lines := block.strip_edges().split("\n")
		var head := lines[0].split(" ")
		if not sizes.has(head[0]):
			continue
		var s: Array = sizes[head[0]]
		var board := MinesweeperBoard.create(s[0], s[1], s[2], 0.0, true, seeds[head[2]])
		var want := "\n".join(lines.slice(1)) + "\n"
		t.check_eq(board.to_text(), want, lines[0])
		checked += 1
	t.check_eq(checked, 9, "three presets by three seeds")
