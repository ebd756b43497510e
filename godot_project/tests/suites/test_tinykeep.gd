extends RefCounted
## TinyKeepGenerator as a game uses it: levels, the room graph, bad settings.

const Support := preload("res://tests/support.gd")


func test_five_level_run(t) -> void:
	var gen := TinyKeepGenerator.new()
	gen.preset = TinyKeepGenerator.PRESET_SMALL
	gen.seed = 4242
	for level in range(1, 6):
		var grid := gen.generate_level(level)
		var label := "tinykeep level %d" % level
		Support.check_grid(t, grid, label)
		if grid == null:
			continue
		var rects := grid.room_rects()
		var floor_cells := 0
		var overlaps := 0
		for i in rects.size():
			floor_cells += rects[i].get_area()
			for j in range(i + 1, rects.size()):
				# One empty tile between any two rooms.
				if rects[i].grow(1).intersects(rects[j]):
					overlaps += 1
		t.check_eq(overlaps, 0, label + ": rooms overlap or touch")
		t.check_eq(grid.room_cells().size(), floor_cells, label + ": room_cells() == room floor")
		var doors := 0
		for v in grid.cells_packed():
			if v == DungeonGrid.DOOR:
				doors += 1
		t.check(doors >= rects.size(), label + ": every room has a door")


func test_room_graph_dictionary(t) -> void:
	var gen := TinyKeepGenerator.new()
	gen.seed = 7
	var result := gen.generate_with_graph(2)
	t.check_eq(gen.last_error, "", "generate_with_graph succeeds")
	var grid: DungeonGrid = result["grid"]
	t.check_eq(grid.to_json(), gen.generate_level(2).to_json(), "its grid is generate_level's")
	var centers: Array = result["centers"]
	var rects := grid.room_rects()
	t.check(centers.size() >= 2 and centers.size() <= rects.size(), "main rooms are the first rects")
	for i in centers.size():
		t.check(rects[i].has_point(centers[i]), "centre %d lies in room %d" % [i, i])
	var mst: Array = result["mst"]
	t.check_eq(mst.size(), centers.size() - 1, "the spanning tree has rooms - 1 edges")
	# The tree joins every main room (union-find over its edges).
	var parent := range(centers.size())
	var find := func(f, x: int) -> int:
		while parent[x] != x:
			x = parent[x]
		return x
	for e in mst:
		var a: int = find.call(find, e.x)
		var b: int = find.call(find, e.y)
		t.check(a != b, "tree edge %s closes no cycle" % e)
		parent[a] = b
	var delaunay: Array = result["delaunay"]
	for e in mst + result["extra"]:
		t.check(delaunay.has(e), "edge %s is a Delaunay edge" % e)
	t.check_eq(result["hallways"].size(), mst.size() + result["extra"].size(), "one hallway per carved edge")
	# Start and end are main-room centres in two rooms.
	t.check(centers.has(grid.start_cell) and centers.has(grid.end_cell), "start and end at main-room centres")


func test_settings_change_the_map(t) -> void:
	var gen := TinyKeepGenerator.new()
	gen.preset = TinyKeepGenerator.PRESET_SMALL
	var a := gen.generate().to_json()
	gen.hallway_style = TinyKeepGenerator.HALLWAY_A_STAR
	gen.shape = TinyKeepGenerator.SHAPE_CIRCLE
	t.check_eq(gen.preset, TinyKeepGenerator.PRESET_CUSTOM, "edited settings show Custom")
	var b := gen.generate()
	Support.check_grid(t, b, "A* in a circle")
	t.check(b != null and b.to_json() != a, "other settings, another map")


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["cell_count", 1], ["cell_count", 1 << 40], ["radius", 0], ["radius_y", -5],
		["cell_min_size", 0], ["separation_steps", 0], ["min_room_width", 0],
		["min_room_height", 99], ["min_room_area", -1], ["extra_edge_chance", 1.5],
		["extra_edge_chance", -0.1], ["hallway_width", 0], ["border", 0],
	]
	for c in cases:
		Support.check_rejects(t, TinyKeepGenerator.new(), c[0], c[1])
	var gen := TinyKeepGenerator.new()
	gen.cell_min_size = 8
	Support.check_rejects(t, gen, "cell_max_size", 4)
	var narrow := TinyKeepGenerator.new()
	Support.check_rejects(t, narrow, "hallway_width", 8)
	var few := TinyKeepGenerator.new()
	few.cell_count = 2
	few.min_room_width = 10
	few.min_room_height = 10
	t.expect_error("no valid layout")
	t.check(few.generate() == null, "two cells rarely make two 10x10 rooms")
	t.check(few.last_error.contains("min_room_width"), "and says which settings to change: " + few.last_error)
	t.expect_error("invalid level")
	t.check(gen.generate_with_graph(0).is_empty(), "a bad level gives an empty dictionary")


func test_sample_draws_the_graph(t) -> void:
	var dungeon := Dungeon.new()
	var gen := TinyKeepGenerator.new()
	gen.preset = TinyKeepGenerator.PRESET_SMALL
	gen.seed = 3
	dungeon.generator = gen
	dungeon.seed = 3
	var grid := dungeon.generate_level(2)
	if t.check(grid != null and grid == dungeon.grid, "the Dungeon node builds a TinyKeep map"):
		t.check_eq(grid.to_json(), gen.generate_level(2).to_json(), "the same map generate_level gives")
		t.check(dungeon.wall_cells.size() > 0, "painted as a tile map with walls")
		var graph := dungeon.room_graph
		t.check(not graph.has("grid") and graph["mst"].size() == graph["centers"].size() - 1, "the room graph is kept for the overlay")
		var overlay: Node2D = dungeon.get_node("Graph")
		t.check(overlay.visible and overlay.graph == graph, "the overlay draws it")
		dungeon.show_graph = false
		t.check(not overlay.visible, "show_graph hides it")
	dungeon.generator = BspGenerator.new()
	dungeon.generate()
	t.check(dungeon.room_graph.is_empty(), "generators without a graph draw none")
	dungeon.free()


## The overlay G shows also marks the spawn points of every level with
## rooms (the default DungeonSpawnRules), and none on a cave.
func test_sample_marks_spawn_points(t) -> void:
	var dungeon := Dungeon.new()
	var overlay: Node2D = dungeon.get_node("Graph")
	var isaac := IsaacGenerator.new()
	isaac.preset = IsaacGenerator.PRESET_BRANCHING
	for gen in [BspGenerator.new(), isaac, CaveGenerator.new()]:
		gen.seed = 7
		dungeon.generator = gen
		var grid := dungeon.generate_level(4)
		if not t.check(grid != null, "%s builds" % gen.get_class()):
			continue
		var want: Dictionary = grid.get_spawn_points(null) if grid.get_room_count() > 0 else {}
		t.check_eq(overlay.spawns, want, "%s: the overlay holds the grid's spawn points" % gen.get_class())
		t.check_eq(overlay.cell, dungeon.cell_size(), "%s: drawn at the map's cell size" % gen.get_class())
		if grid.get_room_count() > 0:
			t.check(overlay.spawns["kinds"].has(DungeonGrid.SPAWN_BOSS), "%s: the boss stands in the end room" % gen.get_class())
		var secret := PackedInt32Array()
		var flags: PackedByteArray = grid.get_room_metrics().get("flags", PackedByteArray())
		for room in flags.size():
			if flags[room] & DungeonGrid.ROOM_SECRET:
				secret.append(room)
		t.check_eq(overlay.hidden_rooms, secret, "%s: secret rooms' markers stay hidden" % gen.get_class())
		if gen is IsaacGenerator:
			t.check(not secret.is_empty(), "this Isaac floor has a secret room")
	dungeon.free()
