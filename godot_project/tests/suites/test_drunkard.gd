extends RefCounted
## DrunkardGenerator as a game uses it.

const Support := preload("res://tests/support.gd")


func test_ten_level_runs(t) -> void:
	for preset in [DrunkardGenerator.PRESET_WINDING, DrunkardGenerator.PRESET_WIDE]:
		var gen := DrunkardGenerator.new()
		gen.preset = preset
		gen.seed = 31337
		for level in range(1, 11):
			var grid := gen.generate_level(level)
			var label := "%s level %d" % [preset, level]
			Support.check_room_grid(t, grid, label)
			if grid == null:
				continue
			var r := gen.room_count_range(level)
			var n := grid.room_cells().size()
			t.check(n >= r.x and n <= r.y, "%s: %d rooms outside %s" % [label, n, r])
			t.check_eq(n, gen.room_count(level), label + ": exact drawn count")


func test_deterministic(t) -> void:
	var a := DrunkardGenerator.new()
	var b := DrunkardGenerator.new()
	a.seed = 9
	b.seed = 9
	t.check_eq(a.generate_level(4).to_json(), b.generate_level(4).to_json(), "same seed, same floor")
	b.seed = 10
	t.check(a.generate_level(4).to_json() != b.generate_level(4).to_json(), "other seed, other floor")


func test_presets(t) -> void:
	var gen := DrunkardGenerator.new()
	t.check_eq(gen.preset, DrunkardGenerator.PRESET_WINDING, "default preset is winding")
	t.check_eq(gen.diagonal, false, "winding walks 4 ways")
	t.check_eq(gen.off_grid, DrunkardGenerator.EDGE_RETURN_TO_START, "winding returns to the start at the edge")
	gen.preset = DrunkardGenerator.PRESET_WIDE
	t.check_eq(gen.diagonal, true, "wide walks diagonally")
	t.check_eq(gen.off_grid, DrunkardGenerator.EDGE_STAY, "wide stays at the edge")
	t.expect_error("invalid off_grid = 7")
	gen.off_grid = 7
	t.check_eq(gen.off_grid, DrunkardGenerator.EDGE_STAY, "an out-of-range edge behaviour is refused")
	t.expect_error("invalid start_rule = -1")
	gen.start_rule = -1
	t.check_eq(gen.start_rule, DrunkardGenerator.START_RANDOM_ROOM, "an out-of-range start rule is refused")
	t.check_eq(gen.max_level(), 11, "8x8 holds level 11")


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["width", -1], ["width", 0], ["height", 1 << 40], ["max_steps", 0], ["max_steps", -10],
		["base_rooms", -5], ["rooms_per_level", -0.5], ["min_dead_ends", 0], ["max_fill", 0.99],
		["max_attempts", 0],
	]
	for c in cases:
		Support.check_rejects(t, DrunkardGenerator.new(), c[0], c[1])
	# More rooms than the grid has: a clear error, not a hang.
	var gen := DrunkardGenerator.new()
	gen.width = 3
	gen.height = 3
	Support.check_rejects(t, gen, "base_rooms", 50, "level")
