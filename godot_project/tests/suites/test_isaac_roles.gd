extends RefCounted
## Special rooms on Isaac floors, driven as a game drives them: a branching
## IsaacGenerator, its IsaacRoomRules, and DungeonGrid's role queries.

const SIDES := [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]


static func _cell(grid: DungeonGrid, room: int) -> Vector2i:
	return grid.get_room_rect(room).position


## Checks one branching floor with Isaac's default rules.
static func _check_floor(t, grid: DungeonGrid, label: String) -> void:
	if not t.check(grid != null, label + ": generated"):
		return
	var start := grid.get_start_room()
	var boss := grid.get_boss_room()
	t.check_eq(boss, grid.get_end_room(), label + ": the boss room holds the end")
	t.check_eq(grid.get_room_role(boss), DungeonGrid.ROLE_BOSS, label + ": boss role")
	t.check_eq(grid.get_cell_role(grid.end_cell), DungeonGrid.ROLE_BOSS, label + ": role of the end cell")
	t.check_eq(grid.get_room_role(start), DungeonGrid.ROLE_START, label + ": the start is never special")
	t.check(not grid.get_room_neighbors(start).has(boss), label + ": boss beside the start")
	for role in [DungeonGrid.ROLE_SHOP, DungeonGrid.ROLE_TREASURE, DungeonGrid.ROLE_SECRET, DungeonGrid.ROLE_SUPER_SECRET]:
		t.check_eq(grid.get_rooms_with_role(role).size(), 1, "%s: one room of role %d" % [label, role])
	t.check(grid.get_rooms_with_role(DungeonGrid.ROLE_END).is_empty(), label + ": the end room is the boss room")
	# Dead-end rooms have one door.
	for role in [DungeonGrid.ROLE_BOSS, DungeonGrid.ROLE_SHOP, DungeonGrid.ROLE_TREASURE, DungeonGrid.ROLE_SUPER_SECRET]:
		for r in grid.get_rooms_with_role(role):
			t.check_eq(grid.get_room_neighbors(r).size(), 1, "%s: role %d in a dead end" % [label, role])
	# The super secret room: beside exactly one room, a normal one.
	var ss := grid.get_rooms_with_role(DungeonGrid.ROLE_SUPER_SECRET)[0]
	var ss_cell := _cell(grid, ss)
	var beside := 0
	for d in SIDES:
		if grid.get_room_at(ss_cell + d) >= 0:
			beside += 1
	t.check_eq(beside, 1, label + ": super secret beside one room")
	t.check_eq(grid.get_room_role(grid.get_room_neighbors(ss)[0]), DungeonGrid.ROLE_NORMAL, label + ": beside a normal room")
	t.check_eq(grid.secret_door_mask(ss_cell), grid.door_mask(ss_cell), label + ": its door is secret")
	# The secret room: doors to all its neighbours, all secret, none a dead end.
	var secret := grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET)[0]
	var s_cell := _cell(grid, secret)
	t.check(grid.get_room_neighbors(secret).size() >= 1, label + ": secret room joins rooms")
	t.check_eq(grid.secret_door_mask(s_cell), grid.door_mask(s_cell), label + ": secret doors")
	for n in grid.get_room_neighbors(secret):
		t.check(grid.get_room_neighbors(n).size() >= 3, label + ": secret room beside a dead end")
	var secrets := grid.get_secret_rooms()
	t.check(secrets.has(secret) and secrets.has(ss) and secrets.size() == 2, label + ": get_secret_rooms")
	t.check_eq(grid.secret_door_mask(grid.start_cell) & grid.door_mask(grid.start_cell), grid.secret_door_mask(grid.start_cell), label + ": secret doors are doors")
	# Every room but the secret one is reachable without secret doors: a
	# tree of (rooms - 1) doors once the secret room is left out.
	var doors := 0
	for c in grid.room_cells():
		if grid.get_room_at(c) == secret:
			continue
		for k in 4:
			if grid.door_mask(c) & (1 << k) and grid.get_room_at(c + SIDES[k]) != secret:
				doors += 1
	t.check_eq(doors / 2, grid.get_room_count() - 2, label + ": a tree apart from the secret room")


func test_branching_floors_have_isaac_special_rooms(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	t.check(gen.room_rules != null, "branching has room rules")
	for level in range(1, 11):
		for s in 20:
			gen.seed = s * 7919 + level
			var grid := gen.generate_level(level)
			_check_floor(t, grid, "level %d seed %d" % [level, gen.seed])
			if grid == null:
				continue
			t.check_eq(grid.get_room_count() - 1, gen.room_count(level), "level %d: the secret room comes on top" % level)
			var optional := 0
			for role in [DungeonGrid.ROLE_SACRIFICE, DungeonGrid.ROLE_CURSE, DungeonGrid.ROLE_CHALLENGE, DungeonGrid.ROLE_LIBRARY]:
				optional += grid.get_rooms_with_role(role).size()
			if level == 1:
				t.check_eq(optional, 0, "no optional rooms on level 1")
			t.check_eq(grid.get_special_rooms().size(), 5 + optional, "level %d: special rooms" % level)


func test_roles_survive_json_and_resources(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	gen.seed = 42
	var grid := gen.generate_level(5)
	var text := grid.to_json()
	t.check(text.contains("\"role\":\"boss\"") and text.contains("\"role\":\"super_secret\""), "JSON names the roles")
	var back := DungeonGrid.from_json(text)
	t.check(back != null, "from_json")
	for r in grid.get_room_count():
		t.check_eq(back.get_room_role(r), grid.get_room_role(r), "room %d role after JSON" % r)
	t.check_eq(back.get_secret_rooms(), grid.get_secret_rooms(), "secret rooms after JSON")
	var path := "user://isaac_roles_grid.tres"
	t.check_eq(ResourceSaver.save(grid, path), OK, "save the grid")
	var loaded := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as DungeonGrid
	t.check_eq(loaded.get_boss_room(), grid.get_boss_room(), "boss room after .tres")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_rules_are_a_designer_resource(t) -> void:
	var rules := IsaacRoomRules.new()
	t.check_eq(rules.rules.size(), 8, "Isaac's default rules")
	t.check_eq(rules.rules[0].role, DungeonGrid.ROLE_SUPER_SECRET, "super secret first after the boss")
	t.check_eq(rules.min_dead_ends, 0, "no minimum beyond the required rooms")
	t.check_eq(IsaacRoomRules.rebirth().min_dead_ends, 5, "Rebirth: 5 dead ends")
	t.check_eq(IsaacRoomRules.rebirth().dead_ends_per_level, 1, "Rebirth: one more per level")
	# A game's own rules: a library on every floor from level 3, no
	# optional rooms otherwise.
	var mine := IsaacRoomRules.new()
	mine.rules = [
		SpecialRoomRule.create(DungeonGrid.ROLE_SHOP, 1.0, 1, 1),
		SpecialRoomRule.create(DungeonGrid.ROLE_LIBRARY, 1.0, 3, 1),
		null,
	]
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	gen.room_rules = mine
	t.check_eq(gen.preset, IsaacGenerator.PRESET_CUSTOM, "other rules read as custom")
	for s in 10:
		gen.seed = s
		var two := gen.generate_level(2)
		var three := gen.generate_level(3)
		t.check(two.get_rooms_with_role(DungeonGrid.ROLE_LIBRARY).is_empty(), "no library before level 3")
		t.check_eq(three.get_rooms_with_role(DungeonGrid.ROLE_LIBRARY).size(), 1, "a library from level 3")
		t.check(three.get_rooms_with_role(DungeonGrid.ROLE_TREASURE).is_empty(), "no treasure room in these rules")
		t.check(three.get_rooms_with_role(DungeonGrid.ROLE_SECRET).is_empty(), "no secret room in these rules")
	# Settings with rules save and load back to the same floor.
	var path := "user://isaac_roles_settings.tres"
	t.check_eq(ResourceSaver.save(gen, path), OK, "save the generator")
	var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as IsaacGenerator
	t.check_eq(back.generate_level(4).to_json(), gen.generate_level(4).to_json(), "same rules, same floor")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	# No rules: a plain end room.
	gen.room_rules = null
	var plain := gen.generate_level(3)
	t.check_eq(plain.get_boss_room(), -1, "no rules, no boss room")
	t.check(plain.get_special_rooms().is_empty(), "no special rooms")
	t.check_eq(plain.get_rooms_with_role(DungeonGrid.ROLE_END).size(), 1, "a plain end room")


func test_bad_rules_fail_with_the_setting_and_the_role(t) -> void:
	var cases := [
		[1, "chance", -0.5, "room_rules.chance = -0.5"],
		[2, "chance", 1.5, "room_rules.chance = 1.5"],
		[0, "count", -1, "room_rules.count = -1"],
		[3, "min_level", 0, "room_rules.min_level = 0"],
	]
	for c in cases:
		var gen := IsaacGenerator.new()
		gen.preset = IsaacGenerator.PRESET_BRANCHING
		var rule: SpecialRoomRule = gen.room_rules.rules[c[0]]
		var role_name: String = ["super_secret", "shop", "treasure", "sacrifice"][c[0]]
		rule.set(c[1], c[2])
		t.expect_error(c[3])
		t.check(gen.generate_level(2) == null, "%s: refused" % c[3])
		t.check(gen.last_error.contains(c[3]), "%s: message %s" % [c[3], gen.last_error])
		t.check(gen.last_error.contains(role_name), "%s names the role: %s" % [c[3], gen.last_error])
	# Roles that no rule may place are refused when set.
	var rule := SpecialRoomRule.new()
	for bad in [DungeonGrid.ROLE_BOSS, DungeonGrid.ROLE_START, 99, -1]:
		t.expect_error("invalid role = %d" % bad)
		rule.role = bad
		t.check_eq(rule.role, DungeonGrid.ROLE_TREASURE, "role %d refused" % bad)
	rule.role = DungeonGrid.ROLE_CURSE
	t.check_eq(rule.role, DungeonGrid.ROLE_CURSE, "a special role is taken")
	t.expect_error("invalid role = 2")
	t.check_eq(SpecialRoomRule.create(DungeonGrid.ROLE_END, 1.0, 1, 1).role, DungeonGrid.ROLE_TREASURE, "create refuses the end role")
	# Two rules for one role.
	var twice := IsaacGenerator.new()
	twice.preset = IsaacGenerator.PRESET_BRANCHING
	twice.room_rules.rules[1].role = DungeonGrid.ROLE_TREASURE
	t.expect_error("each role once")
	t.check(twice.generate_level(2) == null, "a role twice is refused")
	# A level whose floors can never hold the dead ends it needs.
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	gen.room_rules.dead_ends_per_level = 20
	t.expect_error("invalid level = 2")
	t.check(gen.generate_level(2) == null, "20 more dead ends per level: level 2 refused")
	t.check(gen.last_error.contains("allowed 1..=1"), "names the highest workable level: " + gen.last_error)


func test_compact_floors_have_no_special_rooms(t) -> void:
	var grid := IsaacGenerator.new().generate_level(3)
	t.check_eq(grid.get_boss_room(), -1, "compact: no boss room")
	t.check(grid.get_special_rooms().is_empty() and grid.get_secret_rooms().is_empty(), "compact: no special rooms")
	t.check_eq(grid.secret_door_mask(grid.start_cell), 0, "no secret doors")
	t.check_eq(grid.get_cell_role(Vector2i(-1, -1)), -1, "outside the grid")
	t.expect_error("unknown role 99")
	t.check(grid.get_rooms_with_role(99).is_empty(), "an unknown role is refused")
