extends RefCounted
## MazeGenerator (Bob Nystrom's rooms and mazes) and the path of interest as a
## game uses them.

const Support := preload("res://tests/support.gd")
const DIRS := [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]


func test_ten_level_run(t) -> void:
	var gen := MazeGenerator.new()
	gen.seed = 1313
	# Small enough for check_grid's per-cell walks in a debug build.
	gen.width = 31
	gen.height = 21
	for level in range(1, 11):
		var grid := gen.generate_level(level)
		var label := "maze level %d" % level
		Support.check_grid(t, grid, label)
		if grid == null:
			continue
		t.check_eq(grid.generator, "maze", label)
		t.check_eq(grid.get_kind(), DungeonGrid.KIND_TILE_MAP, label + ": tile map")
		var rects := grid.room_rects()
		var r := gen.room_count_range(level)
		t.check(rects.size() >= r.x and rects.size() <= r.y, "%s: %d rooms outside %s" % [label, rects.size(), r])
		var odd := 0
		var touching := 0
		for i in rects.size():
			var a: Rect2i = rects[i]
			if a.position.x % 2 == 1 and a.position.y % 2 == 1 and a.size.x % 2 == 1 and a.size.y % 2 == 1:
				odd += 1
			for j in range(i + 1, rects.size()):
				if a.grow(1).intersects(rects[j]):
					touching += 1
		t.check_eq(odd, rects.size(), label + ": rooms odd-sized at odd spots")
		t.check_eq(touching, 0, label + ": rooms never touch")
		# Doors exactly where a corridor meets a room.
		var corridor_by_room := 0
		for y in grid.height:
			for x in grid.width:
				var c := Vector2i(x, y)
				if grid.get_cell(c) != DungeonGrid.CORRIDOR:
					continue
				for d in DIRS:
					var code := grid.get_cell(c + d)
					if code == DungeonGrid.ROOM or code == DungeonGrid.START or code == DungeonGrid.END:
						corridor_by_room += 1
		t.check_eq(corridor_by_room, 0, label + ": corridors meet rooms only through doors")


func test_path_of_interest_runs_from_start_to_end(t) -> void:
	var gen := MazeGenerator.new()
	gen.seed = 7
	var grid := gen.generate()
	if not t.check(grid != null, "classic generates"):
		return
	var tiles := grid.get_path_of_interest(true)
	t.check(tiles.size() > 10, "a long path")
	t.check_eq(tiles[0], grid.start_cell, "starts at the start")
	t.check_eq(tiles[tiles.size() - 1], grid.end_cell, "ends at the end")
	var steps_ok := true
	for i in range(1, tiles.size()):
		var d: Vector2i = tiles[i] - tiles[i - 1]
		if abs(d.x) + abs(d.y) != 1:
			steps_ok = false
	t.check(steps_ok, "each tile next to the one before")
	# At least as long as the shortest walk between the two ends.
	t.check(tiles.size() - 1 >= grid.distance_from_start(grid.end_cell), "no shorter than the walk")
	var nodes := grid.get_path_of_interest_nodes(true)
	t.check(nodes.size() >= 3, "several places")
	t.check_eq(nodes[0]["kind"], "room", "first place is a room")
	t.check_eq(nodes[nodes.size() - 1]["kind"], "room", "last place is a room")
	t.check_eq(nodes[0]["room"], grid.get_start_room(), "first room is the start room")
	t.check_eq(nodes[nodes.size() - 1]["room"], grid.get_end_room(), "last room is the end room")
	var kinds := {}
	var weight := 0
	for n in nodes:
		kinds[n["kind"]] = true
		weight += int(n["weight"])
		t.check(n["cell"] is Vector2i, "cell is a Vector2i")
	t.check(kinds.has("door"), "passes doors")
	t.check(weight >= tiles.size() / 2, "weights add up to a length")
	# Between any places: at least as long as between rooms.
	var any_nodes := grid.get_path_of_interest_nodes(false)
	var any_weight := 0
	for n in any_nodes:
		any_weight += int(n["weight"])
	t.check(any_weight >= weight, "any pair is at least as far apart as the farthest rooms")
	# Works on other generators' maps too.
	var bsp := BspGenerator.new().generate()
	t.check(bsp.get_path_of_interest(true).size() > 2, "bsp maps have a path of interest")
	var isaac := IsaacGenerator.new().generate()
	t.check(isaac.get_path_of_interest(true).size() >= 2, "room grids too")


func test_presets_and_same_grid_as_core(t) -> void:
	for preset in [MazeGenerator.PRESET_CLASSIC, MazeGenerator.PRESET_LABYRINTH]:
		var gen := MazeGenerator.new()
		gen.preset = preset
		gen.seed = 99
		var a := gen.generate()
		t.check(a != null and a.is_fully_connected(), "preset %d generates, connected" % preset)
		var b := gen.generate()
		t.check(a != null and b != null and a.to_json() == b.to_json(), "preset %d: same settings, same grid" % preset)
	var gen := MazeGenerator.new()
	gen.width = 101
	t.check_eq(gen.preset, MazeGenerator.PRESET_CUSTOM, "edited settings show Custom")
	var labyrinth := MazeGenerator.new()
	labyrinth.preset = MazeGenerator.PRESET_LABYRINTH
	t.check_eq(labyrinth.dead_end_removal, 0.0, "labyrinth keeps its dead ends")


func test_knobs_change_the_map(t) -> void:
	var straight := MazeGenerator.new()
	straight.windiness = 0.0
	straight.room_attempts = 0
	straight.dead_end_removal = 0.0
	var twisty := MazeGenerator.new()
	twisty.windiness = 1.0
	twisty.room_attempts = 0
	twisty.dead_end_removal = 0.0
	t.check(_straight_share(straight.generate()) > _straight_share(twisty.generate()), "windiness 0 is straighter than 1")
	var kept := MazeGenerator.new()
	kept.dead_end_removal = 0.0
	var removed := MazeGenerator.new()
	removed.dead_end_removal = 1.0
	t.check(kept.generate().cells_packed().count(DungeonGrid.CORRIDOR) > removed.generate().cells_packed().count(DungeonGrid.CORRIDOR), "dead-end removal fills corridors in")


func _straight_share(grid: DungeonGrid) -> float:
	var straight := 0
	var all := 0
	for y in grid.height:
		for x in grid.width:
			var c := Vector2i(x, y)
			if grid.get_cell(c) != DungeonGrid.CORRIDOR:
				continue
			var m := grid.door_mask(c)
			if m == 5 or m == 10:
				straight += 1
			if m in [3, 5, 6, 9, 10, 12]:
				all += 1
	return float(straight) / max(all, 1)


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["width", 60], ["width", 3], ["height", 1 << 40], ["room_attempts", -1],
		["room_min_size", 4], ["room_min_size", 0], ["windiness", 1.5],
		["extra_connector_chance", -0.1], ["dead_end_removal", NAN], ["room_max_size", 41],
	]
	for c in cases:
		Support.check_rejects(t, MazeGenerator.new(), c[0], c[1])
	var gen := MazeGenerator.new()
	gen.room_min_size = 11
	Support.check_rejects(t, gen, "room_max_size", 9, "room_min_size")
	var even := MazeGenerator.new()
	even.width = 60
	t.expect_error("width = 60")
	t.check(even.generate() == null, "even width refused")
	t.check("try 59 or 61" in even.last_error, "and the message names odd values: " + even.last_error)
