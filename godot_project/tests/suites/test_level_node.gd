extends RefCounted
## DungeonLevel2D driven the way a game drives it: every registry generator
## made sync and async into room scenes or tiles, signals once with the
## grid, clear(), seeds, and the failures (no generator, a bad setting).
## The async parts run frames by emitting the SceneTree's process_frame
## (what a running game does once a frame).

const Generators := preload("res://tests/generators.gd")
const ROOM_SCRIPT := "extends %s\nvar info := {}\nfunc setup_room(i: Dictionary) -> void:\n\tinfo = i\n"


## A room scene whose root (a Node2D, or a Node3D when `three_d`) keeps the
## info setup_room() gets.
static func room_scene(three_d := false) -> PackedScene:
	var script := GDScript.new()
	script.source_code = ROOM_SCRIPT % ("Node3D" if three_d else "Node2D")
	script.reload()
	var root: Node = Node3D.new() if three_d else Node2D.new()
	root.set_script(script)
	var scene := PackedScene.new()
	scene.pack(root)
	root.free()
	return scene


## Sets up `level` (a DungeonLevel2D or DungeonLevel3D) for generator class
## `cls`, with a room scene of its space, counting its signals in `log`
## ("generated": [grids], "failed": [messages]).
static func set_up(level: Node, cls: String, log: Dictionary, three_d: bool) -> void:
	level.set("generate_on_ready", false)
	if cls != "":
		level.set("generator", ClassDB.instantiate(cls))
	level.set("room_scene", room_scene(three_d))
	log["generated"] = []
	log["failed"] = []
	level.connect("generated", func(g): log["generated"].append(g))
	level.connect("generation_failed", func(m): log["failed"].append(m))


## A level node for generator class `cls` (see set_up).
static func make_level(cls: String, log: Dictionary) -> DungeonLevel2D:
	var level := DungeonLevel2D.new()
	set_up(level, cls, log, false)
	return level


## Runs frames (process_frame, as the SceneTree does) until `level` (2D or
## 3D) is idle, at most ~20 s.
static func run_frames(level: Node) -> int:
	var tree := Engine.get_main_loop() as SceneTree
	var frames := 0
	while level.call("is_generating") and frames < 20000:
		OS.delay_usec(1000)
		tree.process_frame.emit()
		frames += 1
	return frames


## What the node made for `grid`: the rooms for a room grid with a scene,
## else the tiles painted (the layer and its chunk layers).
static func tiles_of(layer: TileMapLayer) -> int:
	var n := layer.get_used_cells().size()
	for c in layer.get_children():
		if c is TileMapLayer:
			n += c.get_used_cells().size()
	return n


## The tiles a DungeonTilePainter paints for `grid` on its own.
static func painter_tiles(grid: DungeonGrid) -> int:
	var painter := DungeonTilePainter.new()
	var layer := TileMapLayer.new()
	painter.paint(grid, layer)
	var n := tiles_of(layer)
	layer.free()
	painter.free()
	return n


## Checks that `level` shows `grid`: one room node per room for room grids,
## the painter's tiles for tile maps.
static func check_output(t, level: DungeonLevel2D, grid: DungeonGrid, label: String) -> void:
	t.check(level.grid == grid, label + ": grid is the one signalled")
	var out := level.get_output()
	if not t.check(out != null, label + ": an output node"):
		return
	if grid.get_kind() == DungeonGrid.KIND_ROOM_GRID:
		t.check_eq(level.get_rooms().size(), grid.get_room_count(), label + ": one room node per room")
		t.check_eq(out.get_child_count(), grid.get_room_count(), label + ": the rooms are the output's children")
		t.check(level.get_tile_layer() == null, label + ": no tile layer for rooms")
	else:
		var layer := level.get_tile_layer()
		if t.check(layer != null, label + ": a tile layer"):
			var n := tiles_of(layer)
			t.check(n > 0, label + ": tiles painted")
			t.check_eq(n, painter_tiles(grid), label + ": the tiles DungeonTilePainter paints")
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
		t.check(level.get_node_or_null("Generated") == null, cls + ": and no internal output node")
		for c in level.get_children(true):
			t.check(c is DungeonRoomPlacer or c is DungeonTilePainter, cls + ": only the helpers stay: " + c.name)
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
		level.free()


func test_tile_grids_without_room_scene_and_room_grids_as_tiles(t) -> void:
	var log := {}
	var level := make_level("IsaacGenerator", log)
	level.room_scene = null
	var grid: DungeonGrid = level.generate()
	t.check(grid != null and grid.get_kind() == DungeonGrid.KIND_ROOM_GRID, "an Isaac room grid")
	var layer := level.get_tile_layer()
	t.check(layer != null and tiles_of(layer) == painter_tiles(grid), "a room grid without room_scene is painted as tiles")
	t.check_eq(level.get_rooms().size(), 0, "and has no room nodes")
	level.free()


func test_second_async_cancels_the_first(t) -> void:
	var log := {}
	var level := make_level("BspGenerator", log)
	level.seed = 1
	level.generate_async()
	level.seed = 2
	level.generate_async()
	run_frames(level)
	t.check_eq(log["generated"].size(), 1, "one level delivered")
	var gen := BspGenerator.new()
	gen.seed = 2
	t.check(log["generated"].size() == 1 and log["generated"][0].to_json() == gen.generate_level(1).to_json(),
		"the second request's")
	# generate() and clear() cancel a pending async request too.
	level.generate_async()
	var grid := level.generate()
	run_frames(level)
	t.check_eq(log["generated"].size(), 2, "generate() cancels the pending request")
	t.check(log["generated"][-1] == grid, "the last level is generate()'s")
	level.generate_async()
	level.clear()
	run_frames(level)
	t.check_eq(log["generated"].size(), 2, "clear() cancels it")
	t.check(level.get_output() == null and level.grid == null, "nothing shown after clear()")
	level.free()


func test_same_seed_same_level_and_randomize_seed(t) -> void:
	var log := {}
	var level := make_level("IsaacGenerator", log)
	level.seed = 99
	level.level = 3
	var a := level.generate().to_json()
	var b := level.generate().to_json()
	t.check_eq(a, b, "same seed, same level")
	t.check_eq(level.get_rooms().size(), level.grid.get_room_count(), "the old rooms are replaced")
	t.check_eq(level.get_output().get_child_count(), level.grid.get_room_count(), "no rooms left over")
	level.seed = 100
	t.check(level.generate().to_json() != a, "another seed, another level")
	t.check_eq(level.generator.seed, 0, "the generator resource's own seed is untouched")
	level.randomize_seed = true
	var seeds := {}
	for i in 4:
		var grid := level.generate()
		t.check(grid != null, "randomize_seed generates")
		t.check_eq(grid.seed, level.seed, "the random seed is written to seed")
		seeds[level.seed] = true
	t.check(seeds.size() >= 3, "randomize_seed picks new seeds (%d different of 4)" % seeds.size())
	level.randomize_seed = false
	var kept := level.seed
	var again := level.grid.to_json()
	t.check_eq(level.generate().to_json(), again, "off again: the last seed gives the same level")
	t.check_eq(level.seed, kept, "and the seed stays")
	level.free()


## Adds `node` under the root and has it ready. (The runner's tests run
## before the root's first frame, when a new child gets no NOTIFICATION_READY
## of its own; tests/check_fresh_project.sh sees the real one.)
static func add_ready(node: Node) -> void:
	var tree := Engine.get_main_loop() as SceneTree
	tree.root.add_child(node)
	if not node.is_node_ready():
		node.notification(Node.NOTIFICATION_READY)


func test_generate_on_ready(t) -> void:
	var tree := Engine.get_main_loop() as SceneTree
	var level := DungeonLevel2D.new()
	t.check(level.generate_on_ready, "generate_on_ready is on by default")
	level.generator = BspGenerator.new()
	add_ready(level)
	t.check(level.grid != null, "generated on ready")
	t.check(level.get_tile_layer() != null and tiles_of(level.get_tile_layer()) > 0, "tiles painted on ready")
	tree.root.remove_child(level)
	level.free()
	var off := DungeonLevel2D.new()
	off.generate_on_ready = false
	off.generator = BspGenerator.new()
	add_ready(off)
	t.check(off.grid == null and off.get_output() == null, "off: nothing on ready")
	tree.root.remove_child(off)
	off.free()


func test_progression_spawn_rules_navigation(t) -> void:
	var log := {}
	var level := make_level("BspGenerator", log)
	level.seed = 4
	var p := DungeonProgression.new()
	p.locks = 2
	level.progression = p
	level.spawn_rules = DungeonSpawnRules.new()
	level.navigation = true
	level.tile_set = TileSet.new()
	level.tile_set.tile_size = Vector2i(8, 8)
	var grid := level.generate()
	if not t.check(grid != null, "generates: " + level.last_error):
		level.free()
		return
	t.check(grid.get_lock_count() > 0, "the progression's locks are planned")
	t.check(level.generator.progression == null, "the generator resource is untouched")
	var gen := BspGenerator.new()
	gen.seed = 4
	gen.progression = p
	t.check_eq(grid.to_json(), gen.generate_level(1).to_json(), "the same level as the generator with the progression")
	t.check_eq(level.spawn_points, grid.get_spawn_points(level.spawn_rules), "spawn_points under spawn_rules")
	t.check(not level.spawn_points.is_empty(), "spawn points worked out")
	var region: Node = level.get_output().get_node_or_null("Navigation")
	t.check(region is NavigationRegion2D, "a Navigation region")
	if region is NavigationRegion2D:
		t.check(region.navigation_polygon != null and region.navigation_polygon.get_polygon_count() > 0,
			"with DungeonNavigation's polygons")
		var want := DungeonNavigation.new().build_polygon(grid, Vector2(8, 8))
		t.check_eq(region.navigation_polygon.get_polygon_count(), want.get_polygon_count(),
			"built at the tile set's cell size")
	t.check(level.get_tile_layer().tile_set == level.tile_set, "the layer uses tile_set")
	level.clear()
	t.check(level.spawn_points.is_empty(), "clear() drops the spawn points")
	# Room grid: navigation at room_size.
	level.generator = IsaacGenerator.new()
	level.progression = null
	level.spawn_rules = null
	level.room_size = Vector2(160, 96)
	grid = level.generate()
	region = level.get_output().get_node_or_null("Navigation")
	t.check(region is NavigationRegion2D and region.navigation_polygon.get_polygon_count() > 0,
		"a room grid's navigation")
	t.check_eq(level.get_output().get_child_count(), grid.get_room_count() + 1, "rooms and the region")
	var room: Node2D = level.get_rooms()[1]
	var rect: Rect2i = room.info["rect"]
	t.check_eq(room.position, Vector2(rect.position) * Vector2(160, 96), "rooms placed at room_size")
	t.check(level.spawn_points.is_empty(), "no spawn rules, no points")
	level.free()


func test_bad_input(t) -> void:
	var log := {}
	var level := make_level("", log)
	t.expect_error("no generator")
	t.check(level.generate() == null, "no generator: null")
	t.check(level.last_error.contains("no generator"), "last_error says so")
	t.check_eq(log["failed"].size(), 1, "generation_failed once")
	t.check(level.get_output() == null, "nothing made")
	t.expect_error("no generator")
	t.check(not level.generate_async(), "async: refused at once")
	t.check_eq(log["failed"].size(), 2, "generation_failed again")
	level.generator = DungeonTileMapping.new()
	t.expect_error("not a dungeon generator")
	t.check(level.generate() == null, "a resource that is no generator: null")
	t.check(level.last_error.contains("DungeonTileMapping") and level.last_error.contains("IsaacGenerator"),
		"last_error names the class and the generators: " + level.last_error)
	# A setting the generator refuses: its message, nothing made.
	var bsp := BspGenerator.new()
	bsp.width = 1
	level.generator = bsp
	t.expect_error("width")
	t.check(level.generate() == null, "a bad setting: null")
	t.check(level.last_error.contains("width"), "last_error names the setting: " + level.last_error)
	t.check_eq(log["failed"].size(), 4, "generation_failed for each")
	t.check_eq(log["generated"].size(), 0, "never generated")
	t.expect_error("width")
	t.check(level.generate_async(), "async: starts")
	run_frames(level)
	t.check_eq(log["failed"].size(), 5, "async: generation_failed")
	t.check(level.last_error.contains("width"), "async: last_error names the setting")
	# A good level stays when a later generation fails.
	level.generator = BspGenerator.new()
	var grid := level.generate()
	t.check(grid != null and level.last_error == "", "good again, last_error cleared")
	level.level = 0
	t.expect_error("level")
	t.check(level.generate() == null, "level 0 refused")
	t.check(level.grid == grid and level.get_tile_layer() != null, "the previous level stays")
	level.level = 1
	var cave := CaveGenerator.new()
	level.generator = cave
	var p := DungeonProgression.new()
	p.locks = 1
	level.progression = p
	t.expect_error("makes no rooms")
	t.check(level.generate() == null, "locks on a cave: refused")
	t.check(level.last_error.contains("locks"), "last_error names the setting: " + level.last_error)
	level.free()


## The Inspector's picker for `generator` offers exactly the registry's
## generator classes; the other settings are stored in a scene.
func test_inspector_properties(t) -> void:
	var level := DungeonLevel2D.new()
	var props := {}
	for p in level.get_property_list():
		props[p["name"]] = p
	var gen: Dictionary = props.get("generator", {})
	t.check_eq(gen.get("hint"), PROPERTY_HINT_RESOURCE_TYPE, "generator: a resource picker")
	t.check_eq(gen.get("hint_string"), ",".join(Generators.classes()), "listing exactly the registry's classes")
	for name in ["generator", "level", "seed", "randomize_seed", "generate_on_ready", "room_scene", "room_size",
			"tile_set", "tile_mapping", "progression", "spawn_rules", "navigation", "navigation_agent_radius"]:
		t.check(props.has(name) and props[name]["usage"] & PROPERTY_USAGE_STORAGE and props[name]["usage"] & PROPERTY_USAGE_EDITOR,
			name + " is saved and shown in the Inspector")
	for name in ["grid", "last_error", "spawn_points"]:
		t.check(props.has(name) and not props[name]["usage"] & PROPERTY_USAGE_STORAGE, name + " is not saved")
	t.check_eq(level.level, 1, "level 1 by default")
	t.check(not level.randomize_seed and not level.navigation, "randomize_seed and navigation off by default")
	level.free()


## role_scenes: a scene for the end room's role (boss or end), room_scene
## for the rest; room_placed once per room, before generated.
func test_role_scenes_and_room_placed(t) -> void:
	var log := {}
	var level := make_level("IsaacGenerator", log)
	level.seed = 3
	level.level = 4
	var boss := room_scene()
	var boss_root: Node = boss.instantiate()
	boss_root.name = "Boss"
	boss.pack(boss_root)
	boss_root.free()
	var first := level.generate()
	var end_role := first.get_room_role(first.get_room_at(first.end_cell))
	t.check(end_role == DungeonGrid.ROLE_BOSS or end_role == DungeonGrid.ROLE_END, "the end room is the boss's or the end")
	level.role_scenes = {end_role: boss}
	log["generated"].clear()
	var placed: Array = []
	level.room_placed.connect(func(room, info):
		placed.append([room, info])
		t.check(log["generated"].is_empty(), "room_placed comes before generated"))
	var grid := level.generate()
	t.check_eq(placed.size(), grid.get_room_count(), "room_placed once per room")
	var bosses := 0
	for i in grid.get_room_count():
		var room: Node = level.get_rooms()[i]
		var is_boss := grid.get_room_role(i) == end_role
		t.check_eq(room.name.begins_with("Boss"), is_boss, "room %d: the boss scene exactly for the boss room" % i)
		t.check_eq(room.info["room"], i, "room %d: set up with its info" % i)
		if is_boss:
			bosses += 1
	t.check_eq(bosses, 1, "one room of that role")
	level.free()


## progress: below 1 while generate_async works, 1 when done.
func test_async_progress(t) -> void:
	var log := {}
	var level := make_level("CaveGenerator", log)
	t.check_eq(level.get_progress(), 1.0, "idle: 1")
	level.generate_async()
	var seen: Array[float] = [level.get_progress()]
	var tree := Engine.get_main_loop() as SceneTree
	var frames := 0
	while level.is_generating() and frames < 20000:
		OS.delay_usec(1000)
		tree.process_frame.emit()
		seen.append(level.get_progress())
		frames += 1
	t.check(seen[0] < 1.0, "below 1 at the start (%f)" % seen[0])
	var rising := true
	for i in range(1, seen.size()):
		rising = rising and seen[i] >= seen[i - 1]
	t.check(rising, "never goes down")
	t.check_eq(seen[-1], 1.0, "1 when done")
	t.check_eq(log["generated"].size(), 1, "generated")
	level.free()


## A template layout: the tiles, and each placed template's scene over them
## at its placement, scaled from the generator's cell_size to the tiles.
func test_template_scenes(t) -> void:
	var Templates := preload("res://tests/suites/test_template.gd")
	for async in [false, true]:
		t.part("async" if async else "sync")
		var log := {}
		var level := make_level("", log)
		var gen: TemplateGenerator = Templates.sample_generator()
		gen.seed = 99
		level.generator = gen
		level.seed = 99
		level.level = 2
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
		var want := gen.generate_with_graph(2)
		t.check_eq(grid.to_json(), want["grid"].to_json(), "the generator's level")
		var placements: Array = want["placements"]
		var rooms := level.get_rooms()
		t.check_eq(rooms.size(), placements.size(), "one scene per placement")
		var view := Transform2D().scaled(Vector2(16, 16) / Templates.CELL)
		for i in mini(rooms.size(), placements.size()):
			t.check(rooms[i].transform.is_equal_approx(view * placements[i]["transform_2d"]),
				"placement %d: scene at its place, at the tile size" % i)
		t.check(level.get_tile_layer() != null and tiles_of(level.get_tile_layer()) == painter_tiles(grid),
			"the tiles painted under them")
		t.check_eq(level.get_output().get_child_count(), placements.size() + 1, "the scenes and the tile layer")
		var graph := level.room_graph
		t.check(not graph.has("grid") and graph.get("placements", []).size() == placements.size(), "room_graph: the placements, without the grid")
		level.template_scenes = false
		level.generate()
		t.check_eq(level.get_rooms().size(), 0, "template_scenes off: tiles only")
		t.check_eq(level.room_graph.get("placements", []).size(), placements.size(), "room_graph still kept (sync)")
		level.free()


## room_graph: what generate_with_graph gives without the grid, for
## generators with a room graph; empty for the others, after clear(), and
## after generate_async() of a generator whose graph it does not place.
func test_room_graph(t) -> void:
	var log := {}
	var level := make_level("TinyKeepGenerator", log)
	level.seed = 3
	level.level = 2
	var grid := level.generate()
	var copy: TinyKeepGenerator = level.generator.duplicate()
	copy.seed = 3
	var want: Dictionary = copy.generate_with_graph(2)
	want.erase("grid")
	if t.check(grid != null, "TinyKeep generates"):
		t.check_eq(level.room_graph, want, "room_graph: generate_with_graph without the grid")
		t.check(level.room_graph["mst"].size() == level.room_graph["centers"].size() - 1, "the spanning tree's edges")
	level.generate_async()
	t.check_eq(level.room_graph, want, "during generate_async: the level on display's graph")
	run_frames(level)
	t.check(log["generated"].size() == 2 and level.room_graph.is_empty(), "after generate_async: empty (TinyKeep's graph would cost a generation on the main thread)")
	level.generate()
	level.clear()
	t.check(level.room_graph.is_empty(), "clear(): empty")
	level.generator = BspGenerator.new()
	level.generate()
	t.check(level.grid != null and level.room_graph.is_empty(), "BSP has no room graph")
	level.free()


## A big map: generate_async returns at once, the level arrives over many
## frames (generated, then painted a budget per frame into chunk layers),
## the same tiles as painting the generator's grid in one go.
func test_big_map_over_frames(t) -> void:
	var log := {}
	var level := make_level("", log)
	var cave := CaveGenerator.new()
	cave.width = 768
	cave.height = 768
	level.generator = cave
	var started := Time.get_ticks_msec()
	t.check(level.generate_async(), "starts")
	var call_ms := Time.get_ticks_msec() - started
	t.check(call_ms < 200, "generate_async returns at once (%d ms)" % call_ms)
	t.check(level.grid == null and level.get_output() == null, "nothing shown yet")
	var frames := run_frames(level)
	t.check(frames > 3, "over several frames (%d)" % frames)
	if not t.check_eq(log["generated"].size(), 1, "generated once: " + level.last_error):
		level.free()
		return
	var grid: DungeonGrid = log["generated"][0]
	var layer := level.get_tile_layer()
	t.check(layer != null and layer.get_child_count() > 1, "painted into chunk layers")
	t.check(layer != null and tiles_of(layer) == painter_tiles(grid), "every tile painted")
	# The next level repaints the same layer (freeing a big one would take
	# one long frame): afterwards exactly the new level's tiles are there.
	log["generated"].clear()
	level.seed = 9
	level.generate_async()
	run_frames(level)
	if t.check_eq(log["generated"].size(), 1, "the next level: generated once: " + level.last_error):
		grid = log["generated"][0]
		t.check(level.get_tile_layer() == layer, "the next level: the same tile layer, repainted")
		var fresh := TileMapLayer.new()
		var painter := DungeonTilePainter.new()
		painter.paint(grid, fresh)
		t.check_eq(used_cells(layer), used_cells(fresh), "the next level: exactly its tiles, none of the old level's")
		fresh.free()
		painter.free()
	level.free()


## Every cell with a tile in `layer` and its chunk layers, sorted.
static func used_cells(layer: TileMapLayer) -> Array[Vector2i]:
	var cells: Array[Vector2i] = layer.get_used_cells()
	for c in layer.get_children():
		if c is TileMapLayer:
			cells.append_array(c.get_used_cells())
	cells.sort()
	return cells


## A generated handler may call the node again (read it, generate the next
## level at once or async, clear it): nothing breaks.
func test_handlers_may_call_back(t) -> void:
	for cls in ["BspGenerator", "IsaacGenerator"]:
		t.part(cls)
		var log := {}
		var level := make_level(cls, log)
		var calls := {"n": 0}
		level.generated.connect(func(grid):
			calls["n"] += 1
			t.check(level.grid == grid, cls + ": the handler reads the new grid")
			if calls["n"] == 1:
				level.level = 2
				t.check(level.generate() != null, cls + ": generate() from the handler")
			elif calls["n"] == 2:
				level.generate_async()
			elif calls["n"] == 3:
				level.clear())
		level.generate_async()
		run_frames(level)
		t.check_eq(calls["n"], 3, cls + ": async, then generate() and generate_async() from the handlers")
		t.check(level.grid == null and level.get_output() == null, cls + ": cleared from the last handler")
		t.check_eq(log["failed"].size(), 0, cls + ": no failure")
		level.free()


## A room scene the placer refuses: the placer's message, generation_failed,
## nothing shown (sync and async).
func test_bad_room_scene(t) -> void:
	var log := {}
	var level := make_level("IsaacGenerator", log)
	t.check(level.generate() != null, "a good level first")
	var bad := PackedScene.new()
	var plain := Node.new()
	bad.pack(plain)
	plain.free()
	level.room_scene = bad
	t.expect_error("neither a Node2D nor a Node3D")
	t.check(level.generate() == null, "a room scene with a plain Node root: null")
	t.check(level.last_error.contains("Node2D"), "last_error says why: " + level.last_error)
	t.check_eq(log["failed"].size(), 1, "generation_failed once")
	t.check(level.grid == null and level.get_output() == null, "nothing shown")
	t.expect_error("neither a Node2D nor a Node3D")
	level.generate_async()
	run_frames(level)
	t.check_eq(log["failed"].size(), 2, "async: generation_failed")
	t.check_eq(log["generated"].size(), 1, "only the good level was generated")
	t.check(level.grid == null and level.get_output() == null, "async: nothing shown")
	# A 3D room scene in a 2D level: refused with a message.
	var room_3d := PackedScene.new()
	var root_3d := Node3D.new()
	room_3d.pack(root_3d)
	root_3d.free()
	level.room_scene = room_3d
	t.expect_error("need a Node2D root")
	t.check(level.generate() == null, "a Node3D room scene: null")
	t.check(level.last_error.contains("Node3D") and level.last_error.contains("Node2D"), "last_error says why: " + level.last_error)
	level.free()


## With neither tile_set nor tile_mapping the layer gets the built-in tile
## set, and every painted cell is a real tile of it; with a mapping of your
## own and no tile set, none.
func test_built_in_tile_set(t) -> void:
	var log := {}
	var level := make_level("BspGenerator", log)
	level.generate()
	var layer := level.get_tile_layer()
	var ts := layer.tile_set
	if t.check(ts != null, "a tile set without one set up"):
		t.check_eq(ts.tile_size, Vector2i(16, 16), "16×16 tiles")
		t.check(ts.has_source(0) and ts.get_source(0).get_tiles_count() == 6, "one atlas row of six tiles in source 0")
		var missing := 0
		for cell in layer.get_used_cells():
			if layer.get_cell_tile_data(cell) == null:
				missing += 1
		t.check_eq(missing, 0, "every painted cell is a tile of it")
	level.tile_mapping = DungeonTileMapping.new()
	level.generate()
	t.check(level.get_tile_layer().tile_set == null, "with a mapping of your own: no tile set made up")
	var own := TileSet.new()
	level.tile_set = own
	level.generate()
	t.check(level.get_tile_layer().tile_set == own, "tile_set used as given")
	level.free()


## Every chunk body's name with each of its shapes' names, in order.
static func shapes_of(root: Node) -> Array:
	var out := []
	for b in root.get_children():
		for s in b.get_children():
			out.append(String(b.name) + "/" + String(s.name))
	return out


## `collision`: a tile level gets the merged bodies of DungeonCollision and
## its tiles stop colliding; off, the tiles collide and there is no body.
func test_collision_option(t) -> void:
	for async in [false, true]:
		t.part("async" if async else "sync")
		var log := {}
		var level := make_level("BspGenerator", log)
		level.collision = true
		var grid: DungeonGrid
		if async:
			level.generate_async()
			run_frames(level)
			grid = log["generated"][0] if log["generated"].size() == 1 else null
		else:
			grid = level.generate()
		if not t.check(grid != null, "a BSP level: " + level.last_error):
			level.free()
			continue
		var body := level.get_output().get_node_or_null("Collision")
		t.check(body is Node2D and body.get_child_count() > 0 and body.get_children().all(func(b): return b is StaticBody2D),
				"a Collision Node2D of StaticBody2D chunks under the output")
		var want := DungeonCollision.new()
		var expected: Node2D = want.build_bodies_2d(grid, level.get_tile_layer().tile_set.tile_size)
		t.check(body != null and shapes_of(body) == shapes_of(expected) and shapes_of(expected).size() == want.last_shape_count,
				"the bodies and shapes DungeonCollision builds for the grid (%d shapes)" % want.last_shape_count)
		expected.free()
		t.check(not level.get_tile_layer().collision_enabled, "the tiles do not collide")
		level.collision = false
		level.generate()
		t.check(level.get_output().get_node_or_null("Collision") == null and level.get_tile_layer().collision_enabled, "off: no body, the tiles collide")
		level.free()
