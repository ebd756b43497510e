extends RefCounted
## DungeonLevel3D driven the way a game drives it: every registry generator
## made sync and async into 3D room scenes or GridMap cells, signals once
## with the grid, clear(), seeds, navigation, the built-in mesh library and
## the failures. Its helpers are test_level_node.gd's (2D).

const Generators := preload("res://tests/generators.gd")
const Level2D := preload("res://tests/suites/test_level_node.gd")


## A 3D level node for generator class `cls`, with a 3D room scene,
## counting its signals in `log` (see test_level_node.gd's set_up).
static func make_level(cls: String, log: Dictionary) -> DungeonLevel3D:
	var level := DungeonLevel3D.new()
	Level2D.set_up(level, cls, log, true)
	return level


static func room_scene() -> PackedScene:
	return Level2D.room_scene(true)


static func run_frames(level: DungeonLevel3D) -> int:
	return Level2D.run_frames(level)


## Every used cell of `map` with its item and orientation, as text.
static func cells_of(map: GridMap) -> PackedStringArray:
	var out := PackedStringArray()
	for c in map.get_used_cells():
		out.append("%s:%d:%d" % [c, map.get_cell_item(c), map.get_cell_item_orientation(c)])
	out.sort()
	return out


## What a DungeonGridMapPainter paints for `grid` on its own, with the
## built-in library's start and end items when `builtin`.
static func painter_cells(grid: DungeonGrid, builtin: bool) -> PackedStringArray:
	var painter := DungeonGridMapPainter.new()
	if builtin:
		painter.start_item = 4
		painter.end_item = 5
	var map := GridMap.new()
	painter.paint(grid, map)
	var out := cells_of(map)
	map.free()
	painter.free()
	return out


## Checks that `level` shows `grid`: one room node per room for room grids,
## the painter's GridMap cells for tile maps.
static func check_output(t, level: DungeonLevel3D, grid: DungeonGrid, label: String) -> void:
	t.check(level.grid == grid, label + ": grid is the one signalled")
	var out := level.get_output()
	if not t.check(out != null, label + ": an output node"):
		return
	t.check(out is Node3D, label + ": a Node3D output")
	if grid.get_kind() == DungeonGrid.KIND_ROOM_GRID:
		t.check_eq(level.get_rooms().size(), grid.get_room_count(), label + ": one room node per room")
		t.check_eq(out.get_child_count(), grid.get_room_count(), label + ": the rooms are the output's children")
		t.check(level.get_grid_map() == null, label + ": no GridMap for rooms")
		if level.get_rooms().size() > 0:
			t.check(level.get_rooms()[0] is Node3D, label + ": 3D rooms")
	else:
		var map := level.get_grid_map()
		if t.check(map != null, label + ": a GridMap"):
			var cells := cells_of(map)
			t.check(cells.size() > 0, label + ": cells painted")
			t.check_eq(cells, painter_cells(grid, level.mesh_library == null), label + ": the cells DungeonGridMapPainter paints")
		t.check_eq(level.get_rooms().size(), 0, label + ": no room nodes on a tile map")


func test_every_generator_sync(t) -> void:
	t.check(not Generators.classes().is_empty(), "GeneratorRegistry lists the generators")
	for cls in Generators.classes():
		t.part(cls)
		var log := {}
		var level := make_level(cls, log)
		level.seed = 11
		var grid: DungeonGrid = level.generate()
		if not t.check(grid != null, cls + ": generates: " + level.last_error):
			level.free()
			continue
		t.check_eq(log["generated"].size(), 1, cls + ": generated once")
		t.check(log["generated"].size() == 1 and log["generated"][0] == grid, cls + ": with the grid returned")
		t.check_eq(log["failed"].size(), 0, cls + ": no failure")
		t.check_eq(level.last_error, "", cls + ": no last_error")
		check_output(t, level, grid, cls)
		var gen: Resource = ClassDB.instantiate(cls)
		gen.seed = 11
		t.check_eq(grid.to_json(), gen.generate_level(1).to_json(), cls + ": the generator's own level 1 of seed 11")
		level.clear()
		t.check(level.get_output() == null, cls + ": clear() frees the output")
		t.check_eq(level.get_child_count(), 0, cls + ": clear() leaves no children")
		for c in level.get_children(true):
			t.check(c is DungeonRoomPlacer or c is DungeonGridMapPainter, cls + ": only the helpers stay: " + c.name)
		t.check(level.grid == null, cls + ": clear() drops the grid")
		level.free()


func test_every_generator_async(t) -> void:
	for cls in Generators.classes():
		t.part(cls)
		var log := {}
		var level := make_level(cls, log)
		level.seed = 23
		level.level = 2
		t.check(level.generate_async(), cls + ": starts")
		t.check(level.is_generating(), cls + ": busy")
		var frames := run_frames(level)
		t.check(not level.is_generating(), cls + ": done after %d frames" % frames)
		if not t.check_eq(log["generated"].size(), 1, cls + ": generated once: " + level.last_error):
			level.free()
			continue
		var grid: DungeonGrid = log["generated"][0]
		t.check_eq(log["failed"].size(), 0, cls + ": no failure")
		check_output(t, level, grid, cls + " async")
		var gen: Resource = ClassDB.instantiate(cls)
		gen.seed = 23
		t.check_eq(grid.to_json(), gen.generate_level(2).to_json(), cls + ": the same level as sync")
		t.check_eq(level.get_progress(), 1.0, cls + ": progress 1 when done")
		level.free()


func test_room_grid_as_cells_and_second_async_cancels(t) -> void:
	var log := {}
	var level := make_level("IsaacGenerator", log)
	level.room_scene = null
	var grid: DungeonGrid = level.generate()
	t.check(grid != null and grid.get_kind() == DungeonGrid.KIND_ROOM_GRID, "an Isaac room grid")
	var map := level.get_grid_map()
	t.check(map != null and cells_of(map) == painter_cells(grid, true), "a room grid without room_scene is painted as cells")
	t.check_eq(level.get_rooms().size(), 0, "and has no room nodes")
	log["generated"].clear()
	level.generator = BspGenerator.new()
	level.seed = 1
	level.generate_async()
	level.seed = 2
	level.generate_async()
	run_frames(level)
	t.check_eq(log["generated"].size(), 1, "two requests, one level")
	var want := BspGenerator.new()
	want.seed = 2
	t.check(log["generated"].size() == 1 and log["generated"][0].to_json() == want.generate_level(1).to_json(), "the latest request's")
	level.free()


## Emits process_frame once (as a frame would), with a short wait for the
## planning thread.
static func one_frame() -> void:
	OS.delay_usec(1000)
	(Engine.get_main_loop() as SceneTree).process_frame.emit()


func test_gridmap_painted_over_frames(t) -> void:
	var grid: DungeonGrid = CaveGenerator.new().generate_level(1)
	var want := painter_cells(grid, false)
	# The painter on its own: the same cells as paint(), a budget a frame.
	var painter := DungeonGridMapPainter.new()
	painter.cells_per_frame = 1000
	var map := GridMap.new()
	var painted := []
	painter.painted.connect(func(m): painted.append(m))
	t.check(painter.paint_over_frames(grid, map), "paint_over_frames starts")
	t.check(painter.is_painting() and painter.paint_progress == 0.0, "painting, progress 0")
	var frames := 0
	var counts := []
	while painter.is_painting() and frames < 5000:
		one_frame()
		frames += 1
		counts.append(map.get_used_cells().size())
	var most := 0
	for i in range(1, counts.size()):
		most = maxi(most, counts[i] - counts[i - 1])
	t.check(most <= 1000 and frames >= want.size() / 1000, "at most cells_per_frame cells a frame (%d, over %d frames for %d cells)" % [most, frames, want.size()])
	t.check_eq(cells_of(map), want, "the same cells as paint()")
	t.check(painted.size() == 1 and painted[0] == map and painter.paint_progress == 1.0, "painted once, at the end")
	# The next grid onto the same map: its old cells are erased over
	# frames, not cleared at once; the map ends with the new cells only.
	var other: DungeonGrid = BspGenerator.new().generate_level(1)
	painted.clear()
	painter.paint_over_frames(other, map)
	t.check(map.get_used_cells().size() == want.size(), "the same map, repainted: the old cells stay until erased over frames")
	frames = 0
	while painter.is_painting() and frames < 5000:
		one_frame()
		frames += 1
	t.check_eq(cells_of(map), painter_cells(other, false), "the same map, repainted: exactly the new grid's cells")
	t.check_eq(painted.size(), 1, "repainted: painted once")
	# stop() ends it: no signal, part of the cells.
	painted.clear()
	var fresh := GridMap.new()
	painter.paint_over_frames(grid, fresh)
	for i in 3:
		one_frame()
	painter.stop()
	for i in 5:
		one_frame()
	var part := fresh.get_used_cells().size()
	t.check(not painter.is_painting() and painted.is_empty() and part < want.size(), "stop(): no painted, %d of %d cells" % [part, want.size()])
	fresh.free()
	t.expect_error("grid or grid_map is null")
	t.check(not painter.paint_over_frames(null, map) and painter.last_error.contains("null"), "a null grid: false, last_error: " + painter.last_error)
	map.free()
	painter.free()

	# The 3D level node: generate_async sets the cells over frames.
	var log := {}
	var level := make_level("CaveGenerator", log)
	level.generator.width = 200
	level.generator.height = 200
	level.seed = 4
	level.generate_async()
	var partial := false
	frames = 0
	while level.is_generating() and frames < 20000:
		one_frame()
		frames += 1
		var m := level.get_grid_map()
		if m and log["generated"].is_empty() and m.get_used_cells().size() > 0 and level.get_progress() < 1.0:
			partial = partial or level.get_progress() > 0.5
	t.check(partial, "a 200² cave: some frames show part of the cells, progress past 0.5 (%d frames)" % frames)
	if t.check_eq(log["generated"].size(), 1, "generated once, when every cell is set"):
		check_output(t, level, log["generated"][0], "over frames")
	# A new request while cells are being set cancels the old painting.
	log["generated"].clear()
	level.seed = 5
	level.generate_async()
	var guard := 0
	while level.get_grid_map() == null or level.get_progress() <= 0.5:
		one_frame()
		guard += 1
		if guard > 20000:
			break
	level.seed = 6
	level.generate_async()
	run_frames(level)
	t.check_eq(log["generated"].size(), 1, "two requests, one level")
	if log["generated"].size() == 1:
		t.check_eq(log["generated"][0].get_seed(), 6, "the latest request's")
		check_output(t, level, log["generated"][0], "after a cancel")
	level.free()


func test_same_seed_same_level_and_randomize_seed(t) -> void:
	var log := {}
	var level := make_level("IsaacGenerator", log)
	level.seed = 99
	level.level = 3
	var a := level.generate().to_json()
	var positions := []
	for r in level.get_rooms():
		positions.append(r.position)
	t.check_eq(level.generate().to_json(), a, "same seed, same level")
	var again := []
	for r in level.get_rooms():
		again.append(r.position)
	t.check_eq(again, positions, "the rooms at the same places")
	t.check_eq(level.get_output().get_child_count(), level.grid.get_room_count(), "no rooms left over")
	level.seed = 100
	t.check(level.generate().to_json() != a, "another seed, another level")
	t.check_eq(level.generator.seed, 0, "the generator resource's own seed is untouched")
	level.randomize_seed = true
	var seeds := {}
	for i in 4:
		var grid := level.generate()
		t.check(grid != null and grid.seed == level.seed, "randomize_seed writes the seed")
		seeds[level.seed] = true
	t.check(seeds.size() >= 3, "randomize_seed picks new seeds (%d different of 4)" % seeds.size())
	level.free()


func test_generate_on_ready(t) -> void:
	var tree := Engine.get_main_loop() as SceneTree
	var level := DungeonLevel3D.new()
	t.check(level.generate_on_ready, "generate_on_ready is on by default")
	level.generator = BspGenerator.new()
	Level2D.add_ready(level)
	t.check(level.grid != null, "generated on ready")
	t.check(level.get_grid_map() != null and level.get_grid_map().get_used_cells().size() > 0, "cells painted on ready")
	tree.root.remove_child(level)
	level.free()
	var off := DungeonLevel3D.new()
	off.generate_on_ready = false
	off.generator = BspGenerator.new()
	Level2D.add_ready(off)
	t.check(off.grid == null and off.get_output() == null, "off: nothing on ready")
	tree.root.remove_child(off)
	off.free()


func test_navigation_spawn_rules_and_room_places(t) -> void:
	var log := {}
	var level := make_level("BspGenerator", log)
	level.seed = 4
	var p := DungeonProgression.new()
	p.locks = 2
	level.progression = p
	level.spawn_rules = DungeonSpawnRules.new()
	level.navigation = true
	level.cell_size = Vector3(2, 3, 2)
	var grid := level.generate()
	if not t.check(grid != null, "generates: " + level.last_error):
		level.free()
		return
	t.check(grid.get_lock_count() > 0, "the progression's locks are planned")
	t.check(level.generator.progression == null, "the generator resource is untouched")
	t.check_eq(level.spawn_points, grid.get_spawn_points(level.spawn_rules), "spawn_points under spawn_rules")
	t.check_eq(level.get_grid_map().cell_size, Vector3(2, 3, 2), "the GridMap has cell_size")
	var region: Node = level.get_output().get_node_or_null("Navigation")
	t.check(region is NavigationRegion3D, "a Navigation region")
	if region is NavigationRegion3D:
		var want := DungeonNavigation.new().build_mesh(grid, Vector3(2, 3, 2))
		t.check(region.navigation_mesh != null and region.navigation_mesh.get_polygon_count() > 0,
			"with DungeonNavigation's mesh")
		t.check_eq(region.navigation_mesh.get_polygon_count(), want.get_polygon_count(), "built at cell_size")
		var top := 0.0
		for v in region.navigation_mesh.get_vertices():
			top = v.y
		t.check(is_equal_approx(top, 0.3), "on the built-in floor slabs (y %f)" % top)
	level.clear()
	t.check(level.spawn_points.is_empty(), "clear() drops the spawn points")
	# Room grid: navigation at room_size, rooms at rect.position * room_size.
	level.generator = IsaacGenerator.new()
	level.progression = null
	level.spawn_rules = null
	level.room_size = Vector3(8, 2, 6)
	var placed := []
	level.room_placed.connect(func(room, info): placed.append(info))
	grid = level.generate()
	t.check_eq(placed.size(), grid.get_room_count(), "room_placed once per room")
	region = level.get_output().get_node_or_null("Navigation")
	t.check(region is NavigationRegion3D and region.navigation_mesh.get_polygon_count() > 0,
		"a room grid's navigation")
	t.check_eq(level.get_output().get_child_count(), grid.get_room_count() + 1, "rooms and the region")
	var room: Node3D = level.get_rooms()[1]
	var rect: Rect2i = room.info["rect"]
	t.check_eq(room.position, Vector3(rect.position.x * 8, 0, rect.position.y * 6), "rooms placed at room_size (x, z)")
	level.free()


func test_bad_input(t) -> void:
	var log := {}
	var level := make_level("", log)
	t.expect_error("no generator")
	t.check(level.generate() == null, "no generator: null")
	t.check(level.last_error.contains("DungeonLevel3D") and level.last_error.contains("no generator"), "last_error says so: " + level.last_error)
	t.expect_error("no generator")
	t.check(not level.generate_async(), "async: refused at once")
	level.generator = DungeonTileMapping.new()
	t.expect_error("not a dungeon generator")
	t.check(level.generate() == null, "a resource that is no generator: null")
	var bsp := BspGenerator.new()
	bsp.width = 1
	level.generator = bsp
	t.expect_error("width")
	t.check(level.generate() == null, "a bad setting: null")
	t.check(level.last_error.contains("width"), "last_error names the setting: " + level.last_error)
	t.expect_error("width")
	t.check(level.generate_async(), "async: starts")
	run_frames(level)
	t.check_eq(log["failed"].size(), 5, "generation_failed for each")
	t.check_eq(log["generated"].size(), 0, "never generated")
	level.generator = BspGenerator.new()
	var grid := level.generate()
	t.check(grid != null and level.last_error == "", "good again, last_error cleared")
	level.level = 0
	t.expect_error("level")
	t.check(level.generate() == null, "level 0 refused")
	t.check(level.grid == grid and level.get_grid_map() != null, "the previous level stays")
	# A room scene the placer refuses: nothing shown.
	level.level = 1
	level.generator = IsaacGenerator.new()
	var bad := PackedScene.new()
	var plain := Node.new()
	bad.pack(plain)
	plain.free()
	level.room_scene = bad
	t.expect_error("neither a Node2D nor a Node3D")
	t.check(level.generate() == null, "a room scene with a plain Node root: null")
	t.check(level.grid == null and level.get_output() == null, "nothing shown")
	# A 2D room scene (also as a role scene): refused with a message.
	level.room_scene = Level2D.room_scene()
	t.expect_error("need a Node3D root")
	t.check(level.generate() == null, "a Node2D room scene: null")
	t.check(level.last_error.contains("Node2D") and level.last_error.contains("Node3D"), "last_error says why: " + level.last_error)
	level.room_scene = room_scene()
	level.role_scenes = {DungeonGrid.ROLE_BOSS: Level2D.room_scene()}
	t.expect_error("need a Node3D root")
	t.check(level.generate() == null, "a Node2D role scene: null")
	level.role_scenes = {}
	t.check(level.generate() != null and level.last_error == "", "Node3D rooms again: generates")
	level.free()


## The built-in mesh library (items 0 to 5), or yours: items by name, else
## the painter's default ids.
func test_mesh_library(t) -> void:
	var log := {}
	var level := make_level("BspGenerator", log)
	level.generate()
	var lib: MeshLibrary = level.get_grid_map().mesh_library
	t.check(lib != null, "a built-in mesh library")
	if lib != null:
		t.check_eq(Array(lib.get_item_list()), [0, 1, 2, 3, 4, 5], "floor, corridor, door, wall, start, end")
		for c in level.get_grid_map().get_used_cells():
			t.check(lib.get_item_mesh(level.get_grid_map().get_cell_item(c)) != null, "cell %s: an item with a mesh" % c)
			break
	var mine := MeshLibrary.new()
	for i in 4:
		mine.create_item(i)
	level.mesh_library = mine
	var grid := level.generate()
	t.check(level.get_grid_map().mesh_library == mine, "mesh_library is used")
	t.check_eq(cells_of(level.get_grid_map()), painter_cells(grid, false), "the painter's default items")
	# Items found by name (as a library exported from a scene names them).
	var named := MeshLibrary.new()
	for it in [[7, "Floor"], [8, "corridor"], [9, "door"], [10, "Wall"], [11, "start"]]:
		named.create_item(it[0])
		named.set_item_name(it[0], it[1])
	level.mesh_library = named
	grid = level.generate()
	var painter := DungeonGridMapPainter.new()
	painter.floor_item = 7
	painter.corridor_item = 8
	painter.door_item = 9
	painter.wall_item = 10
	painter.start_item = 11
	var map := GridMap.new()
	painter.paint(grid, map)
	t.check_eq(cells_of(level.get_grid_map()), cells_of(map), "items by name: floor 7, corridor 8, door 9, wall 10, start 11, end as floor")
	map.free()
	painter.free()
	level.free()


## The Inspector's picker for `generator` offers exactly the registry's
## generator classes; the other settings are stored in a scene.
func test_inspector_properties(t) -> void:
	var level := DungeonLevel3D.new()
	var props := {}
	for p in level.get_property_list():
		props[p["name"]] = p
	var gen: Dictionary = props.get("generator", {})
	t.check_eq(gen.get("hint"), PROPERTY_HINT_RESOURCE_TYPE, "generator: a resource picker")
	t.check_eq(gen.get("hint_string"), ",".join(Generators.classes()), "listing exactly the registry's classes")
	for name in ["generator", "level", "seed", "randomize_seed", "generate_on_ready", "room_scene", "room_size",
			"role_scenes", "template_scenes", "mesh_library", "cell_size", "progression", "spawn_rules",
			"navigation", "navigation_agent_radius"]:
		t.check(props.has(name) and props[name]["usage"] & PROPERTY_USAGE_STORAGE and props[name]["usage"] & PROPERTY_USAGE_EDITOR,
			name + " is saved and shown in the Inspector")
	for name in ["grid", "last_error", "spawn_points"]:
		t.check(props.has(name) and not props[name]["usage"] & PROPERTY_USAGE_STORAGE, name + " is not saved")
	t.check_eq(level.level, 1, "level 1 by default")
	t.check_eq(level.cell_size, Vector3.ONE, "1 m cells by default")
	level.free()


## A template layout in 3D: the GridMap cells, and each placed template's
## scene (a Node3D) at its "transform_3d", scaled from the generator's
## cell_size to cell_size; 2D template scenes have no place in 3D.
func test_template_scenes(t) -> void:
	var Templates := preload("res://tests/suites/test_template.gd")
	for async in [false, true]:
		t.part("async" if async else "sync")
		var log := {}
		var level := make_level("", log)
		var gen: TemplateGenerator = Templates.sample_generator()
		var scene_3d := room_scene()
		for tpl in gen.templates:
			tpl.scene = scene_3d
		level.generator = gen
		level.seed = 99
		level.level = 2
		level.cell_size = Vector3(2, 3, 2)
		var grid: DungeonGrid
		if async:
			level.generate_async()
			run_frames(level)
			grid = log["generated"][0] if log["generated"].size() == 1 else null
		else:
			grid = level.generate()
		if not t.check(grid != null, "generates: " + level.last_error):
			level.free()
			continue
		gen.seed = 99
		var want := gen.generate_with_graph(2)
		t.check_eq(grid.to_json(), want["grid"].to_json(), "the generator's level")
		var placements: Array = want["placements"]
		var rooms := level.get_rooms()
		t.check_eq(rooms.size(), placements.size(), "one scene per placement")
		var view := Transform3D(Basis.from_scale(Vector3(2.0 / Templates.CELL.x, 1, 2.0 / Templates.CELL.y)), Vector3.ZERO)
		for i in mini(rooms.size(), placements.size()):
			t.check(rooms[i].transform.is_equal_approx(view * placements[i]["transform_3d"]),
				"placement %d: scene at its place, at the cell size" % i)
		t.check(level.get_grid_map() != null and cells_of(level.get_grid_map()) == painter_cells(grid, true),
			"the cells painted under them")
		level.generator = Templates.sample_generator()
		level.generate()
		t.check_eq(level.get_rooms().size(), 0, "2D template scenes: none placed in 3D")
		level.free()


## `collision` in 3D: a StaticBody3D from DungeonCollision, the GridMap's
## own collision layer and mask 0; off, none and the map's layer 1.
func test_collision_option(t) -> void:
	var log := {}
	var level := make_level("BspGenerator", log)
	level.collision = true
	var grid: DungeonGrid = level.generate()
	if not t.check(grid != null, "a BSP level: " + level.last_error):
		level.free()
		return
	var body := level.get_output().get_node_or_null("Collision")
	var want := DungeonCollision.new()
	var expected: Node3D = want.build_bodies_3d(grid, level.cell_size)
	var count := func(root: Node) -> Array:
		var n := [0, 0]
		for b in root.get_children():
			n[0] += int(b is StaticBody3D)
			n[1] += b.get_child_count()
		return n
	t.check(body is Node3D and count.call(body) == count.call(expected) and count.call(expected)[1] == want.last_shape_count,
			"a Collision Node3D of StaticBody3D chunks with the shapes DungeonCollision builds (%d)" % want.last_shape_count)
	expected.free()
	var map := level.get_grid_map()
	t.check(map.collision_layer == 0 and map.collision_mask == 0, "the GridMap's own collision is off")
	# generate_async(): the same bodies, added over frames before `generated`.
	level.level = 2
	var sync_grid: DungeonGrid = level.generate()
	var sync_count: Array = count.call(level.get_output().get_node("Collision"))
	log["generated"].clear()
	level.generate_async()
	run_frames(level)
	var async_body := level.get_output().get_node_or_null("Collision")
	t.check(log["generated"].size() == 1 and async_body is Node3D and count.call(async_body) == sync_count,
			"async: a Collision Node3D with the same %s bodies and shapes as generate()" % [sync_count])
	t.check(sync_grid != null and not level.is_generating(), "async: done")
	level.collision = false
	level.generate()
	t.check(level.get_output().get_node_or_null("Collision") == null and level.get_grid_map().collision_layer == 1, "off: no body, the map's layer 1")
	level.free()
