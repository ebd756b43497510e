extends RefCounted
## CaveGenerator as a game uses it: generate a run of levels, walk the cave,
## same seed same cave, and bad settings give null with a clear last_error.

const Support := preload("res://tests/support.gd")


## Floor tiles (FLOOR, START, END) of a grid, from cells_packed().
static func floor_count(grid: DungeonGrid) -> int:
	var n := 0
	for v in grid.cells_packed():
		if v != DungeonGrid.EMPTY:
			n += 1
	return n


func test_levels_are_whole_walkable_caves(t) -> void:
	for preset in [CaveGenerator.PRESET_CLASSIC, CaveGenerator.PRESET_SMALL]:
		var gen := CaveGenerator.new()
		gen.preset = preset
		gen.seed = 99
		for level in range(1, 6):
			var grid := gen.generate_level(level)
			var label := "cave preset %d level %d" % [preset, level]
			Support.check_grid(t, grid, label)
			if grid == null:
				continue
			t.check_eq(grid.get_kind(), DungeonGrid.KIND_TILE_MAP, label + ": a tile map")
			t.check(grid.room_rects().is_empty() and grid.get_room_count() == 0, label + ": no rooms")
			t.check_eq(Vector2i(grid.width, grid.height), Vector2i(gen.width, gen.height), label + ": size")
			var codes := {}
			var on_border := 0
			var packed := grid.cells_packed()
			for y in grid.height:
				for x in grid.width:
					var v: int = packed[y * grid.width + x]
					codes[v] = true
					if v != DungeonGrid.EMPTY and (x == 0 or y == 0 or x == grid.width - 1 or y == grid.height - 1):
						on_border += 1
			t.check_eq(on_border, 0, label + ": the rock ring is intact")
			for v in codes:
				t.check(v in [DungeonGrid.EMPTY, DungeonGrid.FLOOR, DungeonGrid.START, DungeonGrid.END], label + ": code %d" % v)
			var share := float(floor_count(grid)) / ((grid.width - 2) * (grid.height - 2))
			t.check(share >= gen.min_floor_fraction and share < 0.8, label + ": floor share %.2f" % share)
			# Every floor tile reachable, and the end is as far as any.
			var far := 0
			for y in grid.height:
				for x in grid.width:
					far = maxi(far, grid.distance_from_start(Vector2i(x, y)))
			t.check_eq(grid.distance_from_start(grid.end_cell), far, label + ": end is farthest")
			t.check_eq(grid.path(grid.start_cell, grid.end_cell).size() - 1, far, label + ": path to the end")


func test_same_seed_same_cave(t) -> void:
	var a := CaveGenerator.new()
	var b := CaveGenerator.new()
	a.seed = -5
	b.seed = -5
	t.check_eq(a.generate_level(3).to_json(), b.generate_level(3).to_json(), "same seed and level: same JSON")
	t.check(a.generate_level(3).cells_packed() != a.generate_level(4).cells_packed(), "levels differ")
	b.seed = -4
	t.check(a.generate().cells_packed() != b.generate().cells_packed(), "seeds differ")


func test_regions_modes_and_phases(t) -> void:
	var gen := CaveGenerator.new()
	gen.width = 120
	gen.height = 70
	for mode in [CaveGenerator.REGIONS_KEEP_LARGEST, CaveGenerator.REGIONS_CONNECT_ALL, CaveGenerator.REGIONS_NONE]:
		gen.regions = mode
		Support.check_grid(t, gen.generate(), "regions %d" % mode)
	# Designer edits: a third phase, a skipped slot in the middle.
	gen.phase_3_r1_cutoff = 5
	gen.phase_3_r2_cutoff = -1
	gen.phase_3_repeats = 2
	t.check_eq(gen.preset, CaveGenerator.PRESET_CUSTOM, "an edited phase is Custom")
	Support.check_grid(t, gen.generate(), "three phases")
	gen.phase_2_repeats = 0
	Support.check_grid(t, gen.generate(), "phase 2 skipped")
	gen.preset = CaveGenerator.PRESET_CLASSIC
	t.check_eq([gen.phase_1_r1_cutoff, gen.phase_1_r2_cutoff, gen.phase_1_repeats], [5, 2, 4], "classic phase 1")
	t.check_eq([gen.phase_2_r1_cutoff, gen.phase_2_r2_cutoff, gen.phase_2_repeats], [5, -1, 3], "classic phase 2")
	t.check_eq(gen.phase_3_repeats, 0, "classic has no phase 3")


func test_big_cave(t) -> void:
	var gen := CaveGenerator.new()
	gen.width = 512
	gen.height = 512
	var grid := gen.generate()
	t.check(grid != null and grid.is_fully_connected(), "512x512 cave is one cave")
	if grid:
		t.check_eq(grid.cells_packed().size(), 512 * 512, "cells_packed size")


func test_bad_settings_give_null_and_a_clear_error(t) -> void:
	var cases := [
		["width", 0], ["width", 3], ["height", -1], ["height", 1 << 40], ["fill_probability", 1.5],
		["fill_probability", -0.1], ["phase_1_r1_cutoff", 11], ["phase_1_r1_cutoff", -1],
		["phase_2_r2_cutoff", 22], ["phase_2_r2_cutoff", -2], ["phase_1_repeats", 101],
		["phase_1_repeats", -1], ["min_region_size", -1], ["min_floor_fraction", 2.0],
		["max_attempts", 0], ["max_attempts", 101],
	]
	for c in cases:
		Support.check_rejects(t, CaveGenerator.new(), c[0], c[1])
	# No phase at all.
	var empty := CaveGenerator.new()
	empty.phase_2_repeats = 0
	Support.check_rejects(t, empty, "phase_1_repeats", 0, "phases")
	# Too many passes together.
	var long := CaveGenerator.new()
	long.phase_1_repeats = 60
	Support.check_rejects(t, long, "phase_2_repeats", 41, "phases")
	# Too much rock: a clear error, not a hang or a crash.
	var solid := CaveGenerator.new()
	Support.check_rejects(t, solid, "fill_probability", 0.9, "min_floor_fraction")
	t.check(solid.last_error.begins_with("cave: no valid layout in 10 attempts"), solid.last_error)
