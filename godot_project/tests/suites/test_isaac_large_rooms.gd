extends RefCounted
## Large rooms on Isaac floors (PRESET_LARGE_ROOMS), driven from GDScript:
## shapes, cells, doors per cell side, room counts, JSON and resources.

const SIDES := [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]
const SIZES := {
	DungeonGrid.SHAPE_1X1: Vector2i(1, 1), DungeonGrid.SHAPE_1X2: Vector2i(1, 2),
	DungeonGrid.SHAPE_2X1: Vector2i(2, 1), DungeonGrid.SHAPE_2X2: Vector2i(2, 2),
	DungeonGrid.SHAPE_L_NO_TOP_LEFT: Vector2i(2, 2), DungeonGrid.SHAPE_L_NO_TOP_RIGHT: Vector2i(2, 2),
	DungeonGrid.SHAPE_L_NO_BOTTOM_LEFT: Vector2i(2, 2), DungeonGrid.SHAPE_L_NO_BOTTOM_RIGHT: Vector2i(2, 2),
}


func test_large_room_floors(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	t.check_eq(gen.width, 13, "Rebirth's 13×13 grid")
	t.check(gen.large_room_chance_2x2 > 0.0 and gen.room_rules != null, "large rooms and special rooms")
	var large_seen := 0
	var shapes_seen := {}
	for level in [1, 3, 5, 8, 10]:
		for s in 12:
			gen.seed = s * 31 + level
			var grid := gen.generate_level(level)
			if not t.check(grid != null, "level %d seed %d: %s" % [level, gen.seed, gen.last_error]):
				continue
			var label := "level %d seed %d" % [level, gen.seed]
			# Room counts count rooms: a large room counts once.
			var secrets := grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET).size()
			t.check_eq(grid.get_room_count() - secrets, gen.room_count(level), label + ": rooms counted once")
			var cells := 0
			var owner := {}
			for r in grid.get_room_count():
				var shape := grid.get_room_shape(r)
				var rect := grid.get_room_rect(r)
				var room_cells := grid.get_room_cells(r)
				t.check_eq(rect.size, SIZES[shape], "%s: room %d rect fits its shape" % [label, r])
				t.check_eq(room_cells.size(), 3 if shape >= DungeonGrid.SHAPE_L_NO_TOP_LEFT else rect.size.x * rect.size.y, label + ": cells of the shape")
				for c in room_cells:
					t.check(not owner.has(c), label + ": rooms never overlap")
					t.check(c.x >= 0 and c.y >= 0 and c.x < grid.width and c.y < grid.height, label + ": inside the grid")
					t.check_eq(grid.get_room_at(c), r, label + ": get_room_at")
					t.check_eq(grid.get_cell_role(c), grid.get_room_role(r), label + ": cell role")
					owner[c] = r
					cells += 1
					# Sides inside the room are open but are no doors.
					for k in 4:
						var inside: bool = room_cells.has(c + SIDES[k])
						if inside:
							t.check(grid.door_mask(c) & (1 << k) != 0, label + ": a large room is one floor")
							t.check_eq(grid.room_door_mask(c) & (1 << k), 0, label + ": no door inside a room")
						else:
							t.check_eq(grid.room_door_mask(c) & (1 << k), grid.door_mask(c) & (1 << k), label + ": doors out")
				if shape != DungeonGrid.SHAPE_1X1:
					shapes_seen[shape] = true
					t.check(grid.get_large_rooms().has(r), label + ": listed as large")
			t.check_eq(cells, grid.room_cells().size(), label + ": every room cell in one room")
			large_seen += grid.get_large_rooms().size()
			# The start and the dead-end special rooms are one cell.
			t.check_eq(grid.get_room_shape(grid.get_start_room()), DungeonGrid.SHAPE_1X1, label + ": start is 1×1")
			for role in [DungeonGrid.ROLE_SHOP, DungeonGrid.ROLE_TREASURE, DungeonGrid.ROLE_SECRET, DungeonGrid.ROLE_SUPER_SECRET]:
				for r in grid.get_rooms_with_role(role):
					t.check_eq(grid.get_room_shape(r), DungeonGrid.SHAPE_1X1, label + ": special rooms are 1×1")
			t.check_eq(grid.get_room_role(grid.get_boss_room()), DungeonGrid.ROLE_BOSS, label + ": boss")
	t.check(large_seen > 60, "large rooms appear: %d" % large_seen)
	t.check_eq(shapes_seen.size(), 7, "every large shape appears")


func test_shapes_survive_json_and_resources(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	var grid: DungeonGrid = null
	for s in 40:
		gen.seed = s
		grid = gen.generate_level(6)
		if grid.get_large_rooms().size() >= 2:
			break
	t.check(grid.get_large_rooms().size() >= 2, "a floor with two large rooms")
	var text := grid.to_json()
	t.check(text.contains("\"shape\":"), "JSON carries the shapes")
	var back := DungeonGrid.from_json(text)
	t.check(back != null, "from_json")
	t.check_eq(back.get_large_rooms(), grid.get_large_rooms(), "large rooms after JSON")
	for r in grid.get_room_count():
		t.check_eq(back.get_room_shape(r), grid.get_room_shape(r), "shape of room %d after JSON" % r)
	var path := "user://isaac_large_rooms.tres"
	t.check_eq(ResourceSaver.save(grid, path), OK, "save")
	var loaded := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as DungeonGrid
	t.check_eq(loaded.to_json(), text, "the same grid after .tres")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	# Branching floors have no large rooms, and their JSON no shapes.
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	var plain := gen.generate_level(6)
	t.check(plain.get_large_rooms().is_empty(), "branching: no large rooms")
	t.check(not plain.to_json().contains("\"shape\""), "no shapes in its JSON")
	t.check_eq(plain.room_door_mask(plain.start_cell), plain.door_mask(plain.start_cell), "doors = masks without large rooms")
	t.expect_error("not a room number")
	t.check_eq(plain.get_room_shape(999), -1, "not a room")


func test_bad_chances_name_the_setting(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	gen.large_room_chance_2x2 = 0.95
	t.check_eq(gen.preset, IsaacGenerator.PRESET_CUSTOM, "custom")
	t.expect_error("large_rooms.l_shape")
	t.check(gen.generate_level(2) == null, "chances above 1 in total are refused")
	t.check(gen.last_error.contains("add up to at most 1"), gen.last_error)
	var compact := IsaacGenerator.new()
	compact.large_room_chance_1x2 = 0.5
	t.expect_error("large_rooms")
	t.check(compact.generate_level(2) == null, "crowding growth refuses large rooms")
	t.check(compact.last_error.contains("branching"), compact.last_error)
