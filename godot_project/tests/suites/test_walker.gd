extends RefCounted
## WalkerGenerator as a game uses it: open-floor caves, the floor fraction,
## directions, presets, errors and the step budget.

const Support := preload("res://tests/support.gd")
const Tunneler := preload("res://tests/suites/test_tunneler.gd")


func test_ten_level_run(t) -> void:
	var gen := WalkerGenerator.new()
	gen.seed = 99
	var target := ceili(gen.floor_fraction * gen.width * gen.height)
	for level in range(1, 11):
		var grid := gen.generate_level(level)
		var label := "walker level %d" % level
		var n := Tunneler.check_open_floor(t, grid, label)
		t.check(n == target or n == target + 1, "%s: %d floor tiles for a target of %d" % [label, n, target])
		t.check_eq(grid.start_cell, Vector2i(gen.width / 2, gen.height / 2), label + ": starts in the middle")
		t.check_eq(gen.room_count_range(level), Vector2i(0, 0), label + ": no rooms")


func test_directions_and_presets(t) -> void:
	var gen := WalkerGenerator.new()
	t.check_eq(gen.preset, WalkerGenerator.PRESET_OPEN_CAVE, "first preset by default")
	t.check_eq(gen.directions, WalkerGenerator.DIRECTIONS_EIGHT, "open cave: eight directions")
	gen.preset = WalkerGenerator.PRESET_SPRAWLING_CAVE
	t.check_eq(gen.directions, WalkerGenerator.DIRECTIONS_FOUR, "sprawling cave: four directions")
	t.check(gen.lifetime > 0, "sprawling cave: walkers are replaced")
	Tunneler.check_open_floor(t, gen.generate(), "sprawling cave")
	gen.walkers = 6
	t.check_eq(gen.preset, WalkerGenerator.PRESET_CUSTOM, "an edited preset is Custom")
	var a := gen.generate_level(2)
	Tunneler.check_open_floor(t, a, "six walkers")
	t.check_eq(gen.generate_level(2).to_json(), a.to_json(), "same seed and level, same bytes")
	t.expect_error("directions")
	gen.directions = 5
	t.check_eq(gen.directions, WalkerGenerator.DIRECTIONS_FOUR, "an unknown direction count is refused")


func test_big_map(t) -> void:
	var gen := WalkerGenerator.new()
	gen.width = 512
	gen.height = 512
	var grid := gen.generate()
	t.check(grid != null and grid.is_fully_connected(), "512x512 generates, connected")


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["width", -3], ["width", 0], ["height", 1 << 40], ["height", 5000],
		["floor_fraction", 0.0], ["floor_fraction", 1.0], ["floor_fraction", -0.5], ["floor_fraction", NAN],
		["walkers", 0], ["walkers", 257], ["lifetime", -1], ["max_steps_per_tile", 0], ["max_steps_per_tile", 1001],
	]
	for c in cases:
		Support.check_rejects(t, WalkerGenerator.new(), c[0], c[1])
	var small := WalkerGenerator.new()
	small.width = 8
	small.height = 8
	Support.check_rejects(t, small, "floor_fraction", 0.6)
	t.check(String(small.last_error).contains("at most 0.5625"), "an unreachable fraction says what is reachable: " + small.last_error)
	# A budget too small: a clear error, not a hang.
	var poor := WalkerGenerator.new()
	poor.floor_fraction = 0.9
	poor.max_steps_per_tile = 1
	t.expect_error("max_steps_per_tile")
	t.check(poor.generate() == null, "the step budget runs out")
	t.check(String(poor.last_error).contains("raise max_steps_per_tile"), "and says what to do: " + poor.last_error)
