extends RefCounted
## DungeonGrid.get_spawn_points and DungeonSpawnRules, read as a game reads
## them: every point on its room's floor, off doors and ends, spaced, and
## never blocking the way (walled up, the map stays whole).

const KINDS := [DungeonGrid.SPAWN_ENEMY, DungeonGrid.SPAWN_LOOT, DungeonGrid.SPAWN_TRAP, DungeonGrid.SPAWN_BOSS]


static func _chebyshev(a: Vector2i, b: Vector2i) -> int:
	return maxi(absi(a.x - b.x), absi(a.y - b.y))


## Cells reached from the start with `walled` cells shut, as a Dictionary
## set of Vector2i.
static func _reached(grid: DungeonGrid, walled: Dictionary) -> Dictionary:
	var seen := {grid.get_start_cell(): true}
	var queue: Array[Vector2i] = [grid.get_start_cell()]
	var steps := [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]
	while not queue.is_empty():
		var c: Vector2i = queue.pop_back()
		var mask := grid.door_mask(c)
		for k in 4:
			var q: Vector2i = c + steps[k]
			if mask & (1 << k) and not seen.has(q) and not walled.has(q):
				seen[q] = true
				queue.append(q)
	return seen


## Checks one grid's points against the rules they followed.
static func _check(t, grid: DungeonGrid, rules: DungeonSpawnRules, label: String) -> void:
	if not t.check(grid != null, label + ": generated"):
		return
	var points := grid.get_spawn_points(rules)
	for key in ["cells", "rooms", "kinds"]:
		t.check_eq(typeof(points[key]), TYPE_PACKED_INT32_ARRAY, label + ": " + key + " is packed")
	var cells: PackedInt32Array = points["cells"]
	var rooms: PackedInt32Array = points["rooms"]
	var kinds: PackedInt32Array = points["kinds"]
	var n := rooms.size()
	t.check_eq(cells.size(), 2 * n, label + ": one x, y pair per point")
	t.check_eq(kinds.size(), n, label + ": one kind per point")
	t.check(n > 0, label + ": some points")
	t.check_eq(grid.get_spawn_points(rules), points, label + ": the same points again")
	var tile_map := grid.get_kind() == DungeonGrid.KIND_TILE_MAP
	var walled := {}
	var bosses := 0
	for i in n:
		var c := Vector2i(cells[2 * i], cells[2 * i + 1])
		var what := "%s: point %d at %s" % [label, i, c]
		t.check(KINDS.has(kinds[i]), what + ": a known kind")
		t.check_eq(grid.get_room_at(c), rooms[i], what + ": in its room")
		if i > 0:
			var before := Vector4i(rooms[i - 1], kinds[i - 1], cells[2 * i - 1], cells[2 * i - 2])
			var here := Vector4i(rooms[i], kinds[i], cells[2 * i + 1], cells[2 * i])
			t.check(before < here, what + ": sorted by room, kind, row, column, no repeats")
		if kinds[i] == DungeonGrid.SPAWN_BOSS:
			bosses += 1
			t.check_eq(rooms[i], grid.get_end_room(), what + ": the boss in the end room")
		if rules.start_room_safe and (kinds[i] == DungeonGrid.SPAWN_ENEMY or kinds[i] == DungeonGrid.SPAWN_TRAP):
			t.check(rooms[i] != grid.get_start_room(), what + ": the start room is safe")
		if not tile_map:
			continue
		t.check_eq(grid.get_cell(c), DungeonGrid.ROOM, what + ": on plain room floor")
		for door in grid.get_room_doors(rooms[i]):
			t.check(_chebyshev(c, door) > rules.door_clearance, what + ": clear of the door at %s" % door)
		for j in range(i + 1, n):
			if rooms[j] != rooms[i]:
				break
			var d := Vector2i(cells[2 * j], cells[2 * j + 1])
			t.check(_chebyshev(c, d) >= rules.min_spacing, what + ": apart from %s" % d)
		walled[c] = true
	t.check(bosses <= 1, label + ": at most one boss")
	if not tile_map:
		return
	var before := _reached(grid, {})
	var after := _reached(grid, walled)
	t.check(after.has(grid.get_end_cell()), label + ": walled up, the points leave the end reachable")
	for r in grid.get_room_count():
		var was := false
		var is_now := false
		for c in grid.get_room_cells(r):
			was = was or before.has(c)
			is_now = is_now or after.has(c)
		t.check_eq(is_now, was, label + ": room %d still reachable" % r)


func test_points_on_tile_maps_and_room_grids(t) -> void:
	var bsp := BspGenerator.new()
	bsp.preset = BspGenerator.PRESET_LARGE
	var isaac := IsaacGenerator.new()
	isaac.preset = IsaacGenerator.PRESET_BRANCHING
	var gens := {"bsp large": bsp, "isaac branching": isaac, "template": TemplateGenerator.new(),
			"tinykeep": TinyKeepGenerator.new()}
	var busy := DungeonSpawnRules.new()
	busy.enemy_density = 10.0
	busy.traps_per_room = 1.5
	busy.min_spacing = 2
	busy.door_clearance = 2
	busy.start_room_safe = false
	for name: String in gens:
		var gen = gens[name]
		for seed in [1, 2, 3]:
			gen.seed = seed
			var grid: DungeonGrid = gen.generate_level(1 + seed)
			_check(t, grid, DungeonSpawnRules.new(), "%s seed %d" % [name, seed])
			_check(t, grid, busy, "%s seed %d, busy rules" % [name, seed])


func test_room_grids_get_one_point_of_a_kind_per_cell(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	for seed in 5:
		gen.seed = seed
		var grid := gen.generate_level(3)
		var points := grid.get_spawn_points(null)
		var seen := {}
		for i in points["kinds"].size():
			var key := Vector3i(points["cells"][2 * i], points["cells"][2 * i + 1], points["kinds"][i])
			t.check(not seen.has(key), "seed %d: one point of a kind per cell %s" % [seed, key])
			seen[key] = true
		var bosses := []
		for i in points["kinds"].size():
			if points["kinds"][i] == DungeonGrid.SPAWN_BOSS:
				bosses.append(points["rooms"][i])
		t.check_eq(bosses, [grid.get_end_room()], "seed %d: one boss, in the end room" % seed)


func test_null_rules_are_the_defaults(t) -> void:
	var gen := BspGenerator.new()
	gen.seed = 7
	var grid := gen.generate()
	t.check_eq(grid.get_spawn_points(null), grid.get_spawn_points(DungeonSpawnRules.new()), "null = defaults")
	var rules := DungeonSpawnRules.new()
	rules.loot_per_dead_end = 3
	t.check(grid.get_spawn_points(rules) != grid.get_spawn_points(null), "a rule changes the points")


func test_caves_have_no_points(t) -> void:
	for gen in [CaveGenerator.new(), TunnelerGenerator.new(), WalkerGenerator.new()]:
		var grid: DungeonGrid = gen.generate_level(1)
		if not t.check(grid != null, "generated"):
			continue
		var points := grid.get_spawn_points(null)
		for key in ["cells", "rooms", "kinds"]:
			t.check(points[key].is_empty(), "%s: no %s" % [grid.generator, key])


func test_bad_rules_give_an_error_naming_the_setting(t) -> void:
	var grid := BspGenerator.new().generate()
	var rules := DungeonSpawnRules.new()
	t.check_eq(rules.check(), "", "the defaults are valid")
	rules.min_spacing = 0
	t.check(rules.check().contains("min_spacing"), "check names min_spacing: " + rules.check())
	t.expect_error("invalid min_spacing = 0: allowed 1..=16")
	t.check(grid.get_spawn_points(rules).is_empty(), "bad rules give an empty Dictionary")
	rules.min_spacing = 3
	rules.enemy_density = NAN
	t.expect_error("enemy_density")
	t.check(grid.get_spawn_points(rules).is_empty(), "NaN is refused")
	rules.enemy_density = 2.0
	rules.door_clearance = 1 << 40
	t.expect_error("invalid door_clearance = 1099511627776: allowed 0..=4")
	t.check(grid.get_spawn_points(rules).is_empty(), "a value past 32 bits is refused")


func test_rules_emit_changed_and_round_trip(t) -> void:
	var rules := DungeonSpawnRules.new()
	var count := [0]
	rules.changed.connect(func() -> void: count[0] += 1)
	rules.enemy_density = 9.5
	rules.enemy_density = 9.5
	rules.start_room_safe = false
	t.check_eq(count[0], 2, "changed once per real change")
	var path := "user://spawn_rules_test.tres"
	t.check_eq(ResourceSaver.save(rules, path), OK, "saved")
	var back: DungeonSpawnRules = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	t.check_eq(back.enemy_density, 9.5, "density saved")
	t.check_eq(back.start_room_safe, false, "start_room_safe saved")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
