extends RefCounted
## HilbertGenerator as a game uses it: a winding main path along a Hilbert
## curve, side rooms and loops, on a room grid placed like Isaac's.

const Support := preload("res://tests/support.gd")


## The rooms joined to `cell` through its open doors.
static func _open_neighbours(grid: DungeonGrid, cell: Vector2i) -> Array[Vector2i]:
	var out: Array[Vector2i] = []
	for d in Support.DIRS:
		if grid.door_mask(cell) & d[1]:
			out.append(cell + d[0])
	return out


## The number of open doors (each counted once).
static func _doors(grid: DungeonGrid) -> int:
	var n := 0
	for cell in grid.room_cells():
		n += _open_neighbours(grid, cell).size()
	return n / 2


func test_ten_level_runs(t) -> void:
	for preset in [HilbertGenerator.PRESET_WINDING, HilbertGenerator.PRESET_SPRAWLING]:
		var gen := HilbertGenerator.new()
		gen.preset = preset
		gen.seed = 4711
		for level in range(1, 11):
			var grid := gen.generate_level(level)
			var label := "hilbert preset %d level %d" % [preset, level]
			Support.check_grid(t, grid, label)
			if grid == null:
				continue
			t.check_eq(grid.get_kind(), DungeonGrid.KIND_ROOM_GRID, label + ": a room grid")
			t.check_eq(grid.width, grid.height, label + ": a square grid")
			t.check_eq(grid.width & (grid.width - 1), 0, label + ": the side is a power of two")
			var r := gen.room_count_range(level)
			var n := grid.room_cells().size()
			t.check(n >= r.x and n <= r.y, "%s: %d rooms outside %s" % [label, n, r])
			var path_length := gen.path_length_for_level(level)
			t.check(path_length >= r.x and path_length <= n, label + ": the path is part of the rooms")


func test_winding_is_one_path_from_start_to_end(t) -> void:
	var gen := HilbertGenerator.new()
	t.check_eq(gen.preset, HilbertGenerator.PRESET_WINDING, "the default preset is winding")
	for s in 20:
		gen.seed = s
		var grid := gen.generate_level(3)
		var label := "winding seed %d" % s
		if not t.check(grid != null, label):
			continue
		var n := grid.room_cells().size()
		t.check_eq(n, gen.path_length_for_level(3), label + ": the rooms are the path")
		t.check_eq(_doors(grid), n - 1, label + ": doors only between consecutive rooms")
		var walk := grid.path(grid.start_cell, grid.end_cell)
		t.check_eq(walk.size(), n, label + ": the walk from start to end passes every room")
		t.check(grid.dead_ends().has(grid.start_cell) and grid.dead_ends().has(grid.end_cell),
				label + ": start and end are the path's ends")
		var seen := {}
		for cell in walk:
			seen[cell] = true
		t.check_eq(seen.size(), n, label + ": the path never crosses itself")


func test_sprawling_adds_side_rooms_and_loops(t) -> void:
	var gen := HilbertGenerator.new()
	gen.preset = HilbertGenerator.PRESET_SPRAWLING
	var extra := 0
	var loops := 0
	for s in 20:
		gen.seed = s
		var grid := gen.generate_level(2)
		if not t.check(grid != null, "sprawling seed %d" % s):
			continue
		var n := grid.room_cells().size()
		extra += n - gen.path_length_for_level(2)
		loops += _doors(grid) - (n - 1)
	t.check(extra > 20, "side rooms were added: %d" % extra)
	t.check(loops > 0, "loops were added: %d" % loops)
	gen.loop_chance = 0.0
	gen.side_room_chance = 0.0
	t.check_eq(gen.preset, HilbertGenerator.PRESET_CUSTOM, "edited settings are Custom")
	var bare := gen.generate_level(2)
	t.check_eq(bare.room_cells().size(), gen.path_length_for_level(2), "no side rooms at chance 0")


func test_deterministic_and_level_dependent(t) -> void:
	var a := HilbertGenerator.new()
	var b := HilbertGenerator.new()
	a.seed = 9
	b.seed = 9
	t.check_eq(a.generate_level(4).to_json(), b.generate_level(4).to_json(), "same seed, same floor")
	t.check(a.generate_level(4).to_json() != a.generate_level(5).to_json(), "other level, other floor")
	b.seed = 10
	t.check(a.generate_level(4).to_json() != b.generate_level(4).to_json(), "other seed, other floor")


func test_the_order_grows_with_the_level(t) -> void:
	var gen := HilbertGenerator.new()
	t.check_eq(gen.generate_level(1).width, 8, "winding starts on an 8x8 grid")
	t.check_eq(gen.generate_level(40).width, 16, "level 40 needs order 4")
	gen.grow_order = false
	t.expect_error("invalid level = 40")
	t.check(gen.generate_level(40) == null, "without grow_order level 40 is refused")
	t.check(gen.last_error.contains("1..=27"), "the message names the levels that fit: " + gen.last_error)


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["order", 0], ["order", 11], ["order", -1], ["path_length", 1], ["path_length", 1 << 40],
		["path_per_level", -0.5], ["path_variance", -1], ["side_room_chance", 1.5],
		["side_room_chance", -0.1], ["branch_length", 0], ["branch_length", 65], ["loop_chance", 2.0],
	]
	for c in cases:
		Support.check_rejects(t, HilbertGenerator.new(), c[0], c[1])
	var gen := HilbertGenerator.new()
	gen.grow_order = false
	Support.check_rejects(t, gen, "path_length", 65)
	t.expect_error("invalid level = 0")
	t.check_eq(gen.path_length_for_level(0), -1, "path_length_for_level(0) is refused")
