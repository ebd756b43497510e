extends RefCounted
## The README's GDScript examples, run exactly as written.

const README := "../README.md"


## The `gdscript` code blocks of the README, in order.
func _examples() -> Array[String]:
	var text := FileAccess.get_file_as_string(ProjectSettings.globalize_path("res://").path_join(README))
	var blocks: Array[String] = []
	var parts := text.split("```gdscript\n")
	for i in range(1, parts.size()):
		blocks.append(parts[i].split("```")[0])
	return blocks


## Wraps an example in `func run()` of a Node2D script and returns an instance.
func _load(example: String) -> Node2D:
	var src := "extends Node2D\n\nfunc run() -> void:\n"
	for line in example.split("\n"):
		var indent := 0
		while line.substr(indent * 4, 4) == "    ":
			indent += 1
		src += "\t".repeat(indent + 1) + line.substr(indent * 4) + "\n"
	var script := GDScript.new()
	script.source_code = src
	if script.reload() != OK:
		return null
	var node := Node2D.new()
	node.set_script(script)
	return node


func test_first_example_builds_rooms(t) -> void:
	var examples := _examples()
	if not t.check(examples.size() >= 2, "README has its GDScript examples"):
		return
	var node := _load(examples[0])
	if not t.check(node != null, "the first example compiles"):
		return
	node.run()
	var gen := IsaacGenerator.new()
	gen.seed = 42
	var grid := gen.generate_level(3)
	t.check_eq(node.get_child_count(), grid.room_cells().size(), "one room scene per room cell")
	var last: Node2D = node.get_child(node.get_child_count() - 1)
	var cells := grid.room_cells()
	t.check_eq(last.position, Vector2(cells[cells.size() - 1]) * Vector2(100, 200), "rooms placed at cell * size")
	node.free()


## The first example whose text contains `needle`.
func _example_with(needle: String) -> String:
	for e in _examples():
		if e.contains(needle):
			return e
	return ""


func test_preset_example_runs(t) -> void:
	var example := _example_with("PRESET_BRANCHING")
	var node := _load(example)
	if not t.check(node != null, "the preset example compiles"):
		return
	node.run()
	node.free()
	# What its comments claim.
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	t.check_eq(gen.width, 9, "branching is 9 wide")
	gen.max_attempts = 500
	t.check_eq(gen.preset, IsaacGenerator.PRESET_CUSTOM, "a changed setting reads as custom")


func test_rooms_example_runs(t) -> void:
	var node := _load(_example_with("get_room_path"))
	if not t.check(node != null, "the rooms example compiles"):
		return
	node.run()
	node.free()


func test_special_rooms_example_runs(t) -> void:
	var node := _load(_example_with("get_boss_room"))
	if not t.check(node != null, "the special rooms example compiles"):
		return
	node.run()
	node.free()
	# What its comments claim.
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	gen.seed = 3
	var grid := gen.generate_level(3)
	t.check_eq(grid.get_room_rect(grid.get_boss_room()).position, grid.end_cell, "the boss room holds the end")
	t.check(grid.get_special_rooms().size() >= 5, "boss, super secret, shop, treasure, secret")
	for rule in gen.room_rules.rules:
		if rule.role == DungeonGrid.ROLE_LIBRARY:
			rule.chance = 1.0
			rule.min_level = 3
	for s in 20:
		gen.seed = s
		t.check_eq(gen.generate_level(3).get_rooms_with_role(DungeonGrid.ROLE_LIBRARY).size(), 1, "seed %d: a library" % s)
		t.check(gen.generate_level(2).get_rooms_with_role(DungeonGrid.ROLE_LIBRARY).is_empty(), "seed %d: none on level 2" % s)


func test_error_example_returns_null(t) -> void:
	var node := _load(_example_with("width = -3"))
	if not t.check(node != null, "the error example compiles"):
		return
	t.expect_error("invalid width = -3: allowed 2..=256")
	node.run()
	node.free()


func test_large_rooms_example_runs(t) -> void:
	var node := _load(_example_with("get_large_rooms"))
	if not t.check(node != null, "the large rooms example compiles"):
		return
	node.run()
	# One stand-in per room, sized room_size * shape.
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	gen.seed = 186
	var grid := gen.generate_level(4)
	t.check_eq(node.get_child_count(), grid.get_room_count(), "a stand-in per room")
	t.check(not grid.get_large_rooms().is_empty(), "the example's floor has large rooms")
	node.free()


func test_minesweeper_example_runs(t) -> void:
	var node := _load(_example_with("MinesweeperBoard.boards_for_grid"))
	if not t.check(node != null, "the minesweeper example compiles"):
		return
	node.run()
	node.free()
	# What its comments claim.
	var grid := BspGenerator.new().generate_level(1)
	var board: MinesweeperBoard = MinesweeperBoard.boards_for_grid(grid, 7, 0.12, true)[0]
	t.check_eq(Vector2i(board.width, board.height), grid.get_room_rect(0).size, "the board covers room 0's floor")
	board.open(board.first_click)
	while not board.is_cleared():
		for cell in board.mine_cells():
			board.flag(cell, true)
		for cell in board.safe_cells():
			t.check(board.open(cell) != MinesweeperBoard.OPENED_MINE, "hints never open a mine")
	t.check_eq(board.mines_left(), 0, "every mine flagged")
