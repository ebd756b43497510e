extends RefCounted
## The sample's minesweeper mode (scripts/minesweeper_mode.gd): shut doors,
## solver-only clearing, a new board after a mine, rule-30 floors.
##
## Nodes never get _ready in the runner, so the test calls the mode's
## _ready and _physics_process itself.


func _mode_main() -> Node:
	var main: Node = load("res://main.tscn").instantiate()
	main.run_seed = 186
	main.start()
	for i in main.GENERATORS.size():
		if main.GENERATORS[i]["id"] == "minesweeper":
			main.select_generator(i)
	return main


func test_doors_shut_until_the_solver_clears_the_room(t) -> void:
	var main := _mode_main()
	var mode: Node = main.minesweeper
	if not t.check(mode != null, "the minesweeper entry attaches the mode"):
		main.free()
		return
	mode._ready()
	var grid: DungeonGrid = main.dungeon.grid
	mode._physics_process(0.0)
	var room := grid.get_room_at(grid.start_cell)
	t.check_eq(mode.active_room, room, "standing in the start room shuts its doors")
	var shut: Node = mode.get_node("ShutDoors")
	t.check_eq(shut.get_child_count(), grid.get_room_doors(room).size(), "one blocker per door")
	var board: MinesweeperBoard = mode.board(room)
	t.check(board.is_open(board.first_click), "the first click opened by itself")
	var steps := 0
	var status := "solving"
	while status == "solving" and steps < 200:
		status = mode.bot_step()
		steps += 1
	t.check_eq(status, "", "the hints alone clear the room")
	t.check(board.is_cleared(), "board cleared")
	t.check_eq(mode.active_room, -1, "the doors open")
	t.check_eq(mode.mines_opened, 0, "no mine opened")
	main.select_generator(3)  # plain BSP: the mode goes away
	t.check(main.minesweeper == null, "other generators have no minesweeper mode")
	t.check(main.dungeon.mode_layer.get_node_or_null("MinesweeperMode") == null, "the mode node is gone")
	mode.free()
	main.free()


func test_a_mine_gives_the_room_a_new_board(t) -> void:
	var main := _mode_main()
	var mode: Node = main.minesweeper
	mode._ready()
	var grid: DungeonGrid = main.dungeon.grid
	var boards := 0
	var decorated := 0
	for room in grid.get_room_count():
		if mode.board(room) != null:
			boards += 1
		decorated += ElementaryAutomaton.decoration_cells(grid, room, 30, 0.0, main.run_seed).size()
	t.check(boards >= 3, "rooms carry boards (%d)" % boards)
	t.check(decorated > 0, "rule-30 decorations on the floors")
	for room in grid.get_room_count():
		var board: MinesweeperBoard = mode.board(room)
		if board == null:
			continue
		var origin := grid.get_room_rect(room).position
		for y in board.height:
			for x in board.width:
				if board.mine_at(Vector2i(x, y)):
					t.check_eq(mode.open_tile(origin + Vector2i(x, y)), MinesweeperBoard.OPENED_MINE, "a mine")
					t.check_eq(mode.mines_opened, 1, "counted")
					var fresh: MinesweeperBoard = mode.board(room)
					t.check(fresh != board and fresh.to_text() != board.to_text(), "a new board for the room")
					main.free()
					return
	t.check(false, "no mine found on any board")
	main.free()
