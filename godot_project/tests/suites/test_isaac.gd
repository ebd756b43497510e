extends RefCounted
## IsaacGenerator as a game uses it.

const Support := preload("res://tests/support.gd")


func test_ten_level_run_compact(t) -> void:
	_ten_level_run(t, IsaacGenerator.PRESET_COMPACT, "compact")


func test_ten_level_run_branching(t) -> void:
	_ten_level_run(t, IsaacGenerator.PRESET_BRANCHING, "branching")


func _ten_level_run(t, preset_value: int, preset: String) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = preset_value
	t.check_eq(gen.preset, preset_value, "preset " + preset)
	gen.seed = 2024
	for level in range(1, 11):
		var grid := gen.generate_level(level)
		var label := "%s level %d" % [preset, level]
		Support.check_room_grid(t, grid, label)
		if grid == null:
			continue
		var r := gen.room_count_range(level)
		# Secret rooms come on top of the count (branching places one).
		var n := grid.room_cells().size() - grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET).size()
		t.check(n >= r.x and n <= r.y, "%s: %d rooms outside %s" % [label, n, r])
		t.check_eq(n, gen.room_count(level), label + ": room_count(level)")
		t.check_eq(grid.level, level, label + ": grid.level")
		t.check_eq(grid.seed, 2024, label + ": grid.seed")
		t.check_eq(gen.last_error, "", label + ": last_error after success")
		if preset == "branching":
			t.check_eq(grid.start_cell, Vector2i(4, 3), label + ": branching starts at the centre")


func test_counts_follow_the_seed_formula(t) -> void:
	var gen := IsaacGenerator.new()
	t.check_eq(gen.room_count_range(1), Vector2i(10, 13), "compact level 1")
	t.check_eq(gen.room_count_range(3), Vector2i(16, 19), "compact level 3")
	t.check_eq(gen.room_count_range(10), Vector2i(37, 40), "compact level 10")
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	t.check_eq(gen.room_count_range(1), Vector2i(7, 8), "branching level 1")
	t.check_eq(gen.room_count_range(5), Vector2i(18, 19), "branching level 5")
	t.check_eq(gen.max_level(), 10, "branching max_level")


func test_branching_is_a_tree_without_blocks(t) -> void:
	# The grown floor: without special rooms, whose secret room is the one
	# loop (test_isaac_roles covers floors with them).
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	gen.room_rules = null
	for s in 30:
		gen.seed = s
		var grid := gen.generate_level(4)
		var doors := 0
		var blocks := 0
		for c in grid.room_cells():
			var m := grid.door_mask(c)
			doors += int(m & 1 != 0) + int(m & 2 != 0) + int(m & 4 != 0) + int(m & 8 != 0)
			if grid.get_cell(c + Vector2i(1, 0)) and grid.get_cell(c + Vector2i(0, 1)) and grid.get_cell(c + Vector2i(1, 1)):
				blocks += 1
		t.check_eq(doors / 2, grid.room_cells().size() - 1, "seed %d: doors == rooms - 1" % s)
		t.check_eq(blocks, 0, "seed %d: 2x2 blocks" % s)


func test_same_seed_same_floor_and_levels_independent(t) -> void:
	var a := IsaacGenerator.new()
	a.seed = 77
	var alone := a.generate_level(3).to_json()
	var b := IsaacGenerator.new()
	b.seed = 77
	b.generate_level(1)
	b.generate_level(2)
	t.check_eq(b.generate_level(3).to_json(), alone, "level 3 alone == level 3 after 1 and 2")
	b.level = 3
	t.check_eq(b.generate().to_json(), alone, "generate() uses the level property")
	b.seed = 78
	t.check(b.generate_level(3).to_json() != alone, "another seed gives another floor")


func test_presets_and_inspector_enum(t) -> void:
	var gen := IsaacGenerator.new()
	t.check_eq(gen.preset, IsaacGenerator.PRESET_COMPACT, "default preset is compact")
	t.check_eq(gen.width, 8, "compact width")
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	t.check_eq(gen.width, 9, "branching width")
	t.check_eq(gen.rule, IsaacGenerator.RULE_BRANCHING, "branching rule")
	t.check_eq(gen.start_rule, IsaacGenerator.START_ORIGIN, "branching starts at the origin")
	t.check_eq(gen.give_up_chance, 0.5, "branching give up")
	gen.width = 10
	t.check_eq(gen.preset, IsaacGenerator.PRESET_CUSTOM, "a changed setting reads as custom")
	gen.preset = IsaacGenerator.PRESET_CUSTOM
	t.check_eq(gen.width, 10, "choosing custom keeps the settings")
	gen.width = 9
	t.check_eq(gen.preset, IsaacGenerator.PRESET_BRANCHING, "back to the preset's values reads as the preset")
	t.expect_error("invalid preset = 99")
	gen.preset = 99
	t.check_eq(gen.preset, IsaacGenerator.PRESET_BRANCHING, "an out-of-range preset is refused")
	t.check_eq(gen.width, 9, "and leaves settings alone")
	t.expect_error("invalid rule = 5")
	gen.rule = 5
	t.check_eq(gen.rule, IsaacGenerator.RULE_BRANCHING, "an out-of-range rule is refused")
	var props := {}
	for p in gen.get_property_list():
		props[p["name"]] = p
	for name in ["preset", "rule", "start_rule"]:
		t.check_eq(props[name]["hint"], PROPERTY_HINT_ENUM, name + " is an enum in the Inspector")
	t.check_eq(Array(props["rule"]["hint_string"].split(",")).map(func(s): return s.get_slice(":", 0)), ["Branching", "Crowding"], "rule's enum names")
	t.check_eq(props["preset"]["usage"] & PROPERTY_USAGE_STORAGE, 0, "preset is not saved")


func test_level_past_capacity_fails_fast_and_grow_grid_fixes_it(t) -> void:
	var gen := IsaacGenerator.new()
	gen.seed = 5
	t.expect_error("level = 11")
	t.check(gen.generate_level(11) == null, "level 11 on 8x8 is refused")
	t.check(gen.last_error.contains("allowed 1..=10"), "message names the highest level: " + gen.last_error)
	gen.grow_grid = true
	var grid := gen.generate_level(11)
	Support.check_room_grid(t, grid, "grow_grid level 11")
	t.check(grid.width * grid.height > 64, "the grid grew")


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["width", -4], ["width", 0], ["width", 100000], ["height", -1], ["height", 1 << 40],
		["give_up_chance", 1.0], ["give_up_chance", -0.5], ["base_rooms", 0], ["base_rooms", 1000000],
		["rooms_per_level", -1.0], ["room_variance", -3], ["min_dead_ends", 0], ["min_end_distance", -2.0],
		["max_fill", 0.0], ["max_fill", 5.0], ["max_attempts", 0], ["max_attempts", -7],
	]
	for c in cases:
		var gen := IsaacGenerator.new()
		Support.check_rejects(t, gen, c[0], c[1])
	# A room count the grid cannot hold is refused by the capacity check.
	Support.check_rejects(t, IsaacGenerator.new(), "base_rooms", 60, "level")
	var gen := IsaacGenerator.new()
	gen.origin = Vector2i(20, 0)
	Support.check_rejects(t, gen, "origin", Vector2i(20, 0), "origin.x")
	for level in [0, -5, 1 << 31, 1001]:
		var g := IsaacGenerator.new()
		t.expect_error("level")
		t.check(g.generate_level(level) == null, "level %d is refused" % level)
		t.check(g.last_error.contains("level"), "level %d names level" % level)


func test_save_and_load_settings(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	gen.width = 11
	gen.seed = -99
	var path := "user://isaac_settings.tres"
	t.check_eq(ResourceSaver.save(gen, path), OK, "save")
	var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as IsaacGenerator
	t.check(back != null, "load")
	t.check_eq(back.width, 11, "width survives")
	t.check_eq(back.rule, 0, "classic rule survives")
	t.check_eq(back.seed, -99, "seed survives")
	t.check_eq(back.generate_level(2).to_json(), gen.generate_level(2).to_json(), "same settings, same floor")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
