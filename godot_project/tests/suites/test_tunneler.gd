extends RefCounted
## TunnelerGenerator as a game uses it: open-floor maps, presets, errors.

const Support := preload("res://tests/support.gd")


## What every open-floor map keeps: the 1-tile wall border, floor codes only,
## no rooms, the end farthest from the start by walking (on a sample of tiles).
static func check_open_floor(t, grid: DungeonGrid, label: String) -> int:
	Support.check_grid(t, grid, label)
	if grid == null:
		return 0
	t.check(grid.room_rects().is_empty(), label + ": no rooms")
	var packed := grid.cells_packed()
	var floor_tiles := 0
	var border_dug := 0
	var other := 0
	for y in grid.height:
		for x in grid.width:
			var v := packed[y * grid.width + x]
			if v == DungeonGrid.EMPTY:
				continue
			floor_tiles += 1
			if x == 0 or y == 0 or x == grid.width - 1 or y == grid.height - 1:
				border_dug += 1
			if v != DungeonGrid.FLOOR and v != DungeonGrid.START and v != DungeonGrid.END:
				other += 1
	t.check_eq(border_dug, 0, label + ": the wall border is intact")
	t.check_eq(other, 0, label + ": only floor, start and end tiles")
	var far := grid.distance_from_start(grid.end_cell)
	var farther := 0
	for i in range(0, packed.size(), 37):
		if packed[i] != DungeonGrid.EMPTY and grid.distance_from_start(Vector2i(i % grid.width, i / grid.width)) > far:
			farther += 1
	t.check_eq(farther, 0, label + ": no sampled tile is farther from the start than the end")
	return floor_tiles


func test_ten_level_run(t) -> void:
	var gen := TunnelerGenerator.new()
	gen.seed = 4242
	for level in range(1, 11):
		var grid := gen.generate_level(level)
		var label := "tunneler level %d" % level
		var n := check_open_floor(t, grid, label)
		t.check(n >= gen.max_tunnel_length, label + ": at least one tunnel's worth of floor")
		t.check_eq(gen.room_count_range(level), Vector2i(0, 0), label + ": no rooms")
		t.check_eq(grid.generator, "tunneler", label + ": generator name")


func test_presets_and_determinism(t) -> void:
	var gen := TunnelerGenerator.new()
	t.check_eq(gen.preset, TunnelerGenerator.PRESET_TANGLED_TUNNELS, "first preset by default")
	var a := gen.generate_level(3)
	t.check(a != null and a.width == 60 and a.height == 40, "tangled tunnels: 60x40")
	t.check_eq(gen.generate_level(3).to_json(), a.to_json(), "same seed and level, same bytes")
	t.check(gen.generate_level(4).to_json() != a.to_json(), "another level, another map")
	gen.preset = TunnelerGenerator.PRESET_LONG_HALLS
	t.check_eq(gen.max_tunnel_length, 30, "long halls: tunnels up to 30")
	var b := gen.generate()
	check_open_floor(t, b, "long halls")
	gen.max_tunnels = 7
	t.check_eq(gen.preset, TunnelerGenerator.PRESET_CUSTOM, "an edited preset is Custom")


func test_big_map(t) -> void:
	var gen := TunnelerGenerator.new()
	gen.width = 512
	gen.height = 512
	gen.max_tunnels = 2000
	gen.max_tunnel_length = 60
	var grid := gen.generate()
	t.check(grid != null and grid.is_fully_connected(), "512x512 generates, connected")


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["width", -3], ["width", 0], ["height", 1 << 40], ["height", 5000],
		["max_tunnels", 0], ["max_tunnels", 100001], ["min_tunnel_length", 0],
		["max_tunnel_length", 0], ["max_tunnel_length", 38],
	]
	for c in cases:
		Support.check_rejects(t, TunnelerGenerator.new(), c[0], c[1])
	var gen := TunnelerGenerator.new()
	Support.check_rejects(t, gen, "min_tunnel_length", 9)
	var tiny := TunnelerGenerator.new()
	tiny.width = 8
	tiny.height = 8
	tiny.min_tunnel_length = 1
	t.expect_error("max_tunnel_length")
	t.check(tiny.generate() == null, "a tunnel of 8 steps does not fit an 8x8 map")
	t.check(String(tiny.last_error).contains("allowed 1..=5"), "and says what fits: " + tiny.last_error)
