extends RefCounted
## The GDScript examples of the README and of every page of the manual
## (docs/*.md), run exactly as written.

const README := "../README.md"
const DOCS := "../docs"
## Examples other tests run with what they need: needle -> the test.
const RUN_ELSEWHERE := {
	"paint_over_frames": "test_readme_painting (drives the frames it waits for)",
	"width = -3": "test_error_example_returns_null (expects its error)",
}


## The files whose ```gdscript blocks are examples: the README first, then
## docs/*.md by name (paths relative to the project folder).
func _sources() -> Array[String]:
	var files: Array[String] = [README]
	var names := Array(DirAccess.get_files_at(ProjectSettings.globalize_path("res://").path_join(DOCS)))
	names.sort()
	for name in names:
		if name.ends_with(".md"):
			files.append(DOCS.path_join(name))
	return files


## The `gdscript` code blocks of one file, in order.
func _blocks(file: String) -> Array[String]:
	var text := FileAccess.get_file_as_string(ProjectSettings.globalize_path("res://").path_join(file))
	var blocks: Array[String] = []
	var parts := text.split("```gdscript\n")
	for i in range(1, parts.size()):
		blocks.append(parts[i].split("```")[0])
	return blocks


## Every example, in order: the README's first (so [0] is its first block).
func _examples() -> Array[String]:
	var blocks: Array[String] = []
	for file in _sources():
		blocks.append_array(_blocks(file))
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


## The first example (README or docs) whose text contains `needle`.
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


## Every example in the README and in docs/*.md compiles and runs without an
## error (those in RUN_ELSEWHERE run in their own tests).
func test_every_example_runs(t) -> void:
	var sources := _sources()
	t.check(sources.size() >= 9, "the README and the manual's pages: %s" % [sources])
	var total := 0
	for file in sources:
		var blocks := _blocks(file)
		for i in blocks.size():
			total += 1
			var label := "%s example %d" % [file.get_file(), i + 1]
			var node := _load(blocks[i])
			if not t.check(node != null, label + " compiles"):
				continue
			var elsewhere := ""
			for needle in RUN_ELSEWHERE:
				if blocks[i].contains(needle):
					elsewhere = RUN_ELSEWHERE[needle]
			if elsewhere == "":
				print("  running ", label)
				node.run()
			node.free()
	t.check(total >= 15, "%d examples found" % total)
	# Every needle the other tests look for is still in some example.
	for needle in ["PRESET_BRANCHING", "get_room_path", "get_boss_room", "get_large_rooms",
			"MinesweeperBoard.boards_for_grid", "get_path_of_interest", "generate_with_graph",
			"from_json", "generate_async"] + RUN_ELSEWHERE.keys():
		t.check(_example_with(needle) != "", "an example uses " + needle)


func test_maze_example_claims(t) -> void:
	var node := _load(_example_with("get_path_of_interest(true)"))
	if not t.check(node != null, "the path of interest example compiles"):
		return
	node.run()
	node.free()
	# What its comments claim: start and end are the path's two ends.
	var gen := MazeGenerator.new()
	gen.seed = 3
	var grid := gen.generate_level(1)
	var path := grid.get_path_of_interest(true)
	t.check(path.size() >= 2, "a path of interest")
	var ends := [path[0], path[path.size() - 1]]
	t.check(ends.has(grid.start_cell) and ends.has(grid.end_cell), "start and end are its ends")


func test_json_example_claims(t) -> void:
	var node := _load(_example_with("DungeonGrid.from_json(text)"))
	if not t.check(node != null, "the JSON example compiles"):
		return
	node.run()
	node.free()
	var grid := BspGenerator.new().generate_level(1)
	var text := grid.to_json()
	t.check_eq(DungeonGrid.from_json(text).to_json(), text, "JSON round-trips byte for byte")


func test_template_example_places_rooms(t) -> void:
	var node := _load(_example_with("RoomTemplate.SIDE_EAST"))
	if not t.check(node != null, "the template example compiles"):
		return
	node.run()
	node.free()
	var example := _example_with("RoomTemplate.SIDE_EAST")
	t.check(example.contains("gen.seed = 5"), "the example's seed")
	var start := RoomTemplate.new()
	start.size = Vector2i(7, 7)
	start.doors = [Vector3i(RoomTemplate.SIDE_EAST, 3, 1)]
	start.tags = PackedStringArray(["start"])
	var hall := RoomTemplate.new()
	hall.size = Vector2i(9, 7)
	hall.doors = [Vector3i(RoomTemplate.SIDE_EAST, 3, 1), Vector3i(RoomTemplate.SIDE_WEST, 3, 1),
			Vector3i(RoomTemplate.SIDE_NORTH, 4, 1), Vector3i(RoomTemplate.SIDE_SOUTH, 4, 1)]
	hall.tags = PackedStringArray(["hall"])
	var gen := TemplateGenerator.new()
	gen.templates = [start, hall]
	gen.end_tag = ""
	gen.seed = 5
	var level := gen.generate_with_graph(1)
	if t.check(not level.is_empty(), "the example's level grows: " + gen.last_error):
		var r := gen.room_count_range(1)
		var n: int = level["placements"].size()
		t.check(n >= r.x and n <= r.y, "%d rooms within %s" % [n, r])


func test_navigation_async_example_delivers(t) -> void:
	var node := _load(_example_with("build_polygon_async"))
	if not t.check(node != null, "the async navigation example compiles"):
		return
	node.run()
	var region = node.get_child(0) if node.get_child_count() == 1 else null
	t.check(region is NavigationRegion2D and region.navigation_polygon != null
			and region.navigation_polygon.get_polygon_count() > 0,
			"its region has the polygon once wait_async() returned")
	node.free()


func test_collision_lock_example_claims(t) -> void:
	var node := _load(_example_with("set_lock_closed"))
	if not t.check(node != null, "the locked-door collision example compiles"):
		return
	node.run()
	var body = node.get_child(0) if node.get_child_count() == 1 else null
	if not t.check(body is StaticBody2D, "it adds one StaticBody2D"):
		node.free()
		return
	# The lock's doors are open now, connection 0's doors shut.
	var lock_doors := 0
	var open := true
	var shut := true
	for child in body.get_children():
		if child.get_meta("door_lock", -1) == 0:
			lock_doors += 1
			open = open and child.disabled
		if child.get_meta("door_connection", -1) == 0:
			shut = shut and not child.disabled
	t.check(lock_doors > 0 and open, "lock 0's %d door shapes are open" % lock_doors)
	t.check(shut, "connection 0's doors are shut")
	node.free()


func test_async_example_delivers(t) -> void:
	var example := _example_with("gen.wait_async()")
	t.check(example.contains("generated.connect"), "the async example connects generated")
	var node := _load(example)
	if not t.check(node != null, "the async example compiles"):
		return
	node.run()
	node.free()
	# What its comments claim: generating until delivered, then the same grid.
	var gen := BspGenerator.new()
	gen.seed = 9
	var got := []
	gen.generated.connect(func(grid): got.append(grid))
	gen.generate_async(1)
	t.check(gen.is_generating(), "generating until delivered")
	gen.wait_async()
	t.check_eq(got.size(), 1, "wait_async() delivers the grid")
	if got.size() == 1:
		t.check_eq(got[0].to_json(), gen.generate_level(1).to_json(), "the grid generate_level(1) gives")
