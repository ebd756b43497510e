extends RefCounted
## LevelGraph and GraphLayoutGenerator from GDScript: a graph built with
## add_room/connect_rooms is laid out so that the grid's room graph is
## exactly the level graph (room i = graph room i), nothing overlaps, the
## same seed gives the same level (async too), impossible graphs and bad
## settings fail with a message naming the culprit, and graphs survive
## .tres and JSON round trips.

const Support := preload("res://tests/support.gd")


## start - a - b - c - boss with a loop a - b - c - d - a and a shop off b.
static func loop_graph() -> LevelGraph:
	var g := LevelGraph.new()
	for tags in [["start"], [], [], [], [], ["shop"], ["boss"]]:
		g.add_room(PackedStringArray(tags))
	for e in [[0, 1], [1, 2], [2, 3], [3, 4], [4, 1], [2, 5], [3, 6]]:
		g.connect_rooms(e[0], e[1])
	return g


## The pairs (a < b) of a list of Vector2i connections.
static func pairs(list: Array) -> Array:
	var out := []
	for c in list:
		out.append(Vector2i(mini(c.x, c.y), maxi(c.x, c.y)))
	out.sort()
	return out


static func grid_pairs(grid: DungeonGrid) -> Array:
	var list := []
	for k in grid.get_connection_count():
		list.append(grid.get_connection_rooms(k))
	return pairs(list)


static func graph_pairs(g: LevelGraph) -> Array:
	var list := []
	for c in g.connections:
		list.append(Vector2i(c.x, c.y))
	return pairs(list)


func test_graph_api(t) -> void:
	var g := LevelGraph.new()
	var edits := [0]
	g.changed.connect(func(): edits[0] += 1)
	t.check_eq(g.add_room(PackedStringArray(["start"])), 0, "first room is 0")
	t.check_eq(g.add_room(PackedStringArray()), 1, "second room is 1")
	t.check_eq(g.add_room(PackedStringArray(["boss"])), 2, "third room is 2")
	t.check_eq(g.get_room_count(), 3, "three rooms")
	t.check(g.connect_rooms(0, 1), "connect 0-1")
	t.check(g.connect_rooms(1, 2, LevelGraph.CONNECTION_DIRECT), "connect 1-2 direct")
	t.check_eq(g.connections, [Vector3i(0, 1, LevelGraph.CONNECTION_DEFAULT), Vector3i(1, 2, LevelGraph.CONNECTION_DIRECT)], "connections")
	t.check(g.are_connected(2, 1) and not g.are_connected(0, 2), "are_connected either way round")
	t.expect_error("already connected (connection #0)")
	t.check(not g.connect_rooms(1, 0), "a repeat is refused")
	t.expect_error("room 1 cannot be connected to itself")
	t.check(not g.connect_rooms(1, 1), "a self-loop is refused")
	t.expect_error("room 7 does not exist")
	t.check(not g.connect_rooms(0, 7), "a missing room is refused")
	t.expect_error("invalid mode = 9")
	t.check(not g.connect_rooms(0, 2, 9), "an unknown mode is refused")
	t.check_eq(g.get_connection_count(), 2, "refusals add nothing")
	t.check(g.set_room_tags(1, PackedStringArray(["treasure"])), "set_room_tags")
	t.check_eq(g.get_room_tags(1), PackedStringArray(["treasure"]), "get_room_tags")
	t.check(g.set_room_name(2, "boss room"), "set_room_name")
	t.check_eq(g.get_room_name(2), "boss room", "get_room_name")
	t.check_eq(g.get_room_name(0), "", "unnamed rooms have empty names")
	t.check(g.disconnect_rooms(2, 1), "disconnect 2-1")
	t.check(not g.disconnect_rooms(2, 1), "nothing left to disconnect")
	t.check_eq(edits[0], 8, "every edit emitted changed (3 rooms, 2 connections, tags, name, disconnect)")
	t.check(g.check().contains("room 2 (boss room) cannot be reached")
			or g.check().contains("room 2 cannot be reached"), "check names the unreachable room: " + g.check())
	g.connect_rooms(1, 2)
	t.check_eq(g.check(), "", "a path is a valid graph")
	# A connection typed in the Inspector with a negative room number is
	# named with the number as given.
	var typed := g.duplicate() as LevelGraph
	typed.connections = [Vector3i(0, 1, 0), Vector3i(1, -3, 0)]
	t.check(typed.check().contains("connection #1 [1, -3] names a room that does not exist"),
			"a negative room number is shown as given: " + typed.check())


func test_layout_realises_the_graph(t) -> void:
	var g := loop_graph()
	t.check_eq(g.check(), "", "the test graph is valid")
	var gen := GraphLayoutGenerator.new()
	gen.graph = g
	for seed in [1, 2, 3, 99]:
		gen.seed = seed
		var level := gen.generate_with_graph(1)
		var label := "seed %d" % seed
		if not t.check(not level.is_empty(), label + ": laid out: " + gen.last_error):
			continue
		var grid: DungeonGrid = level["grid"]
		Support.check_grid(t, grid, label)
		t.check_eq(grid.get_room_count(), g.get_room_count(), label + ": one room per graph room")
		t.check_eq(grid_pairs(grid), graph_pairs(g), label + ": the grid's connections are exactly the graph's")
		var placements: Array = level["placements"]
		t.check_eq(placements.size(), g.get_room_count(), label + ": one placement per graph room")
		var overlaps := 0
		for i in placements.size():
			var p: Dictionary = placements[i]
			t.check_eq(p["rooms"][0], i, label + ": placement %d is graph room %d" % [i, i])
			var rect := Rect2i(p["position"], p["size"])
			t.check(rect.encloses(grid.get_room_rect(i)), label + ": room %d's floor inside its placement" % i)
			for tag in g.get_room_tags(i):
				t.check(tag in p["resource"].tags, label + ": room %d's template carries %s" % [i, tag])
			for j in range(i + 1, placements.size()):
				if rect.intersects(Rect2i(placements[j]["position"], placements[j]["size"])):
					overlaps += 1
		t.check_eq(overlaps, 0, label + ": no two placements overlap")
		t.check_eq(level["start"], 0, label + ": the start room")
		t.check_eq(level["end"], 6, label + ": the boss room holds the end")
		t.check_eq(grid.get_room_at(grid.start_cell), 0, label + ": the start cell is in room 0")
		t.check_eq(grid.get_room_at(grid.end_cell), 6, label + ": the end cell is in the boss room")
		t.check_eq(level["joins"].size(), g.get_connection_count(), label + ": one join per connection")
		t.check_eq(pairs(level["mst"] + level["extra"]), graph_pairs(g), label + ": mst + extra are the graph's connections")
		t.check_eq(level["extra"].size(), 1, label + ": one loop")


func test_corridors(t) -> void:
	var g := loop_graph()
	# Connection 5 (2-5, the shop) stays a door; the others get corridors.
	g.disconnect_rooms(2, 5)
	g.connect_rooms(2, 5, LevelGraph.CONNECTION_DIRECT)
	var gen := GraphLayoutGenerator.new()
	gen.graph = g
	gen.corridors = true
	gen.corridor_min = 4
	gen.corridor_max = 7
	var n := g.get_room_count()
	# Expected room pairs: a direct connection as itself, the k-th corridor
	# connection as a - piece - b with the piece numbered n + k.
	var want := []
	var piece := n
	var edges := []
	for c in g.connections:
		if c.z == LevelGraph.CONNECTION_DIRECT:
			want.append(Vector2i(c.x, c.y))
		else:
			want.append(Vector2i(c.x, piece))
			want.append(Vector2i(c.y, piece))
			edges.append(g.connections.find(c))
			piece += 1
	want = pairs(want)
	t.check_eq(gen.room_count_range(1), Vector2i(piece, piece), "rooms plus one piece per corridor connection")
	for seed in [1, 2, 3]:
		gen.seed = seed
		var level := gen.generate_with_graph(1)
		var label := "corridors, seed %d" % seed
		if not t.check(not level.is_empty(), label + ": laid out: " + gen.last_error):
			continue
		var grid: DungeonGrid = level["grid"]
		Support.check_grid(t, grid, label)
		t.check_eq(grid.get_room_count(), piece, label + ": graph rooms, then the pieces")
		t.check_eq(grid_pairs(grid), want, label + ": every corridor connection is room - piece - room, nothing else")
		var placements: Array = level["placements"]
		t.check_eq(placements.size(), piece, label + ": a placement per room and piece")
		for i in placements.size():
			var p: Dictionary = placements[i]
			if i < n:
				t.check(not p["corridor"] and p["edge"] == -1, label + ": placement %d is a room" % i)
			else:
				t.check(p["corridor"], label + ": placement %d is a corridor piece" % i)
				t.check_eq(p["edge"], edges[i - n], label + ": piece %d carries its connection" % i)
				t.check_eq(p["resource"], null, label + ": a generated straight piece has no resource")
				var size: Vector2i = p["size"]
				t.check(maxi(size.x, size.y) >= 4 and maxi(size.x, size.y) <= 7, label + ": piece %d is 4 to 7 long: %s" % [i, size])
		t.check_eq(level["joins"].size(), g.get_connection_count() + edges.size(), label + ": two joins per corridor connection")
	gen.corridor_min = 9
	gen.corridor_max = 5
	t.expect_error("corridor_min")
	t.check(gen.generate_level(1) == null, "corridor_min above corridor_max is refused")
	t.check(gen.last_error.contains("corridor_min = 9 with corridor_max = 5"), "the message names both: " + gen.last_error)


func test_determinism_and_async(t) -> void:
	var gen := GraphLayoutGenerator.new()
	gen.graph = loop_graph()
	gen.seed = 7
	var a: DungeonGrid = gen.generate_level(2)
	var b: DungeonGrid = gen.generate_level(2)
	if not t.check(a != null and b != null, "generates: " + gen.last_error):
		return
	t.check_eq(a.to_json(), b.to_json(), "same seed and level, same grid")
	gen.seed = 8
	var c: DungeonGrid = gen.generate_level(2)
	t.check(c != null and c.to_json() != a.to_json(), "another seed, another layout")
	gen.seed = 7
	var got: Array = []
	gen.generated.connect(func(grid): got.append(grid))
	gen.generate_async(2)
	gen.wait_async()
	t.check_eq(got.size(), 1, "the async request delivered")
	if got.size() == 1:
		t.check_eq(got[0].to_json(), a.to_json(), "async equals sync")
	t.check_eq(gen.progress, 1.0, "progress 1 when idle")
	t.check_eq(gen.room_count_range(1), Vector2i(7, 7), "a graph's levels all have its rooms")


func test_errors(t) -> void:
	var gen := GraphLayoutGenerator.new()
	# A self-loop set straight into the connections (connect_rooms refuses it).
	var g := loop_graph()
	g.connections.append(Vector3i(2, 2, 0))
	gen.graph = g
	t.expect_error("connection #7 [2, 2] joins room 2 to itself")
	t.check(gen.generate() == null, "a self-loop: null")
	t.check(gen.last_error.contains("connection #7 [2, 2] joins room 2 to itself"), "last_error: " + gen.last_error)
	t.check(g.check().contains("joins room 2 to itself"), "check() says it too")
	# K5 with two rooms hanging off it: small enough for 3n - 6, not planar.
	var k5 := LevelGraph.new()
	for i in 7:
		k5.add_room(PackedStringArray(["start"] if i == 0 else []))
	k5.connect_rooms(1, 5)
	k5.connect_rooms(5, 6)
	for a in 5:
		for b in range(a + 1, 5):
			k5.connect_rooms(a, b)
	gen.graph = k5
	t.expect_error("connection #11 [3, 4] makes the graph non-planar")
	t.check(gen.generate_with_graph(1).is_empty(), "K5: an empty dictionary")
	t.check(gen.last_error.contains("connection #11 [3, 4]"), "last_error names the connection: " + gen.last_error)
	t.check(k5.check().contains("connection #11 [3, 4] makes the graph non-planar"), "check() names it: " + k5.check())
	# A room asking for a tag no template carries.
	var tags := loop_graph()
	tags.set_room_tags(5, PackedStringArray(["casino"]))
	gen.graph = tags
	t.expect_error("casino")
	t.check(gen.generate() == null, "an unknown tag: null")
	# Bad settings.
	gen.graph = loop_graph()
	gen.work_budget = 5
	t.expect_error("invalid work_budget = 5")
	t.check(gen.generate() == null, "a tiny work budget: null")
	gen.work_budget = 2000000
	var few := LevelGraph.new()
	few.add_room(PackedStringArray())
	gen.graph = few
	t.expect_error("invalid graph = 1 rooms: allowed 2..=400 rooms")
	t.check(gen.generate() == null, "one room: null")
	t.check(gen.last_error.contains("1 rooms"), "one room: last_error set")
	var failed := [""]
	gen.generation_failed.connect(func(m): failed[0] = m)
	gen.graph = loop_graph()
	gen.work_budget = 1 << 40
	t.expect_error("work_budget")
	t.check(gen.generate() == null, "a work budget past 32 bits: null")
	t.check(failed[0].contains("work_budget"), "generation_failed carries the message")
	gen.work_budget = 2000000
	t.check(gen.generate() != null and gen.last_error == "", "a good run clears last_error")


func test_tres_and_json_round_trips(t) -> void:
	var g := loop_graph()
	g.set_room_name(5, "shop")
	g.connect_rooms(0, 5, LevelGraph.CONNECTION_DIRECT)
	var path := "user://test_level_graph.tres"
	t.check_eq(ResourceSaver.save(g, path), OK, "saved as .tres")
	var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as LevelGraph
	if t.check(back != null, "loaded back"):
		t.check_eq(back.rooms, g.rooms, ".tres: rooms")
		t.check_eq(back.room_names, g.room_names, ".tres: names")
		t.check_eq(back.connections, g.connections, ".tres: connections")
		t.check_eq(back.to_json(), g.to_json(), ".tres: same JSON")
	var json := g.to_json()
	var parsed: Variant = JSON.parse_string(json)
	t.check(parsed is Dictionary and parsed["rooms"].size() == 7 and parsed["edges"].size() == 8, "to_json: rooms and edges: " + json)
	var from := LevelGraph.from_json(json)
	if t.check(from != null, "from_json reads to_json"):
		t.check_eq(from.rooms, g.rooms, "JSON: rooms")
		t.check_eq(from.connections, g.connections, "JSON: connections (modes kept)")
		t.check_eq(from.get_room_name(5), "shop", "JSON: names")
	var hand := LevelGraph.from_json('{"rooms": [{"tags": ["start"]}, {"tags": []}], "edges": [[0, 1, "direct"]]}')
	t.check(hand != null and hand.connections == [Vector3i(0, 1, LevelGraph.CONNECTION_DIRECT)], "from_json: the CLI's form")
	t.expect_error("graph.edges[0]")
	t.check(LevelGraph.from_json('{"rooms": [{}, {}], "edges": [[0]]}') == null, "from_json: a bad edge gives null")
	# A generator with its graph saved and loaded lays out the same level.
	var gen := GraphLayoutGenerator.new()
	gen.graph = g
	gen.seed = 5
	var gpath := "user://test_graph_generator.tres"
	t.check_eq(ResourceSaver.save(gen, gpath), OK, "generator saved")
	var gen2 := ResourceLoader.load(gpath, "", ResourceLoader.CACHE_MODE_IGNORE) as GraphLayoutGenerator
	if t.check(gen2 != null and gen2.graph != null, "generator loaded with its graph"):
		var a: DungeonGrid = gen.generate()
		var b: DungeonGrid = gen2.generate()
		t.check(a != null and b != null and a.to_json() == b.to_json(), "the same level after a round trip")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	DirAccess.remove_absolute(ProjectSettings.globalize_path(gpath))


func test_changed_is_forwarded(t) -> void:
	var gen := GraphLayoutGenerator.new()
	var n := [0]
	gen.changed.connect(func(): n[0] += 1)
	var g := loop_graph()
	gen.graph = g
	t.check_eq(n[0], 1, "setting the graph")
	g.add_room(PackedStringArray())
	t.check_eq(n[0], 2, "an edit of the graph reaches the generator")
	var tpl: RoomTemplate = gen.templates[0]
	tpl.weight = 3.0
	t.check_eq(n[0], 3, "an edit of a template reaches the generator")
	var old := g
	gen.graph = loop_graph()
	var before: int = n[0]
	old.add_room(PackedStringArray())
	t.check_eq(n[0], before, "the replaced graph no longer reaches it")
	gen.graph.add_room(PackedStringArray())
	t.check_eq(n[0], before + 1, "the new graph does")


func test_demo_preset(t) -> void:
	var gen := GraphLayoutGenerator.new()
	t.check_eq(gen.preset, GraphLayoutGenerator.PRESET_DEMO, "starts on the demo preset")
	t.check(gen.graph == null, "null graph: the demo graph")
	t.check_eq(gen.templates.size(), 8, "the eight demo templates")
	var level := gen.generate_with_graph(1)
	if t.check(not level.is_empty(), "the demo lays out: " + gen.last_error):
		t.check_eq(level["grid"].get_room_count(), 11, "the demo graph: 11 rooms")
		t.check_eq(level["mst"].size() + level["extra"].size(), 12, "12 connections")
		t.check_eq(level["extra"].size(), 2, "two loops")
		t.check_eq(grid_pairs(level["grid"]), pairs(level["mst"] + level["extra"]), "the demo graph realised")
	var demo := LevelGraph.from_json(GeneratorRegistry.get_generator("graph")["settings"][0]["default"])
	gen.graph = demo
	t.check_eq(gen.preset, GraphLayoutGenerator.PRESET_DEMO, "the demo graph as a resource is still the Demo preset")
	t.check_eq(gen.generate_level(1).to_json(), level["grid"].to_json(), "the demo graph as a resource lays out the same")
	demo.connect_rooms(0, 10)
	t.check_eq(gen.preset, GraphLayoutGenerator.PRESET_CUSTOM, "an edited graph is Custom")
	gen.preset = GraphLayoutGenerator.PRESET_DEMO
	t.check(gen.graph == null, "choosing Demo clears the graph")


func test_sample_entry(t) -> void:
	var main: Node = load("res://main.tscn").instantiate()
	main.run_seed = 186
	main.start()
	var index := -1
	for i in main.GENERATORS.size():
		if main.GENERATORS[i]["id"] == "graph":
			index = i
	if not t.check(index >= 0, "the sample offers the level graph"):
		main.free()
		return
	main.select_generator(index, 2)
	var dungeon: Dungeon = main.dungeon
	var gen: GraphLayoutGenerator = dungeon.generator
	var graph: LevelGraph = gen.graph
	if not t.check(graph != null and dungeon.grid != null, "a saved graph, laid out: " + gen.last_error):
		main.free()
		return
	t.check_eq(graph.get_room_count(), 11, "start, fights, hub, shop, treasure, boss: 11 rooms")
	t.check_eq(graph.get_connection_count(), 12, "12 connections")
	for tag in ["start", "shop", "treasure", "boss"]:
		var found := range(graph.get_room_count()).filter(func(i): return tag in graph.get_room_tags(i))
		t.check_eq(found.size(), 1, "one %s room" % tag)
	Support.check_grid(t, dungeon.grid, "sample graph level 2")
	var placements: Array = dungeon.room_graph["placements"]
	t.check_eq(placements.size(), 11, "one placement per graph room")
	t.check_eq(dungeon.get_node("TemplateRooms").room_nodes.size(), 11, "a room scene per placement")
	t.check_eq(dungeon.room_graph["centers"].size(), 11, "the G overlay: a centre per room")
	t.check_eq(dungeon.room_graph["extra"].size(), 2, "the G overlay: two loops")
	var want := []
	for c in graph.connections:
		want.append(Vector2i(c.x, c.y))
	var got := []
	for k in dungeon.grid.get_connection_count():
		var r := dungeon.grid.get_connection_rooms(k)
		# Records past 10 are the second floors of L rooms: their own placement.
		if r.x < 11 and r.y < 11:
			got.append(r)
	t.check_eq(pairs(got), pairs(want), "the grid realises the saved graph")
	# The editor preview follows edits of the graph and of the templates:
	# they reach the generator's changed, which the Dungeon node watches.
	var n := [0]
	gen.changed.connect(func(): n[0] += 1)
	var name := graph.get_room_name(3)
	graph.set_room_name(3, "edited")
	graph.set_room_name(3, name)
	t.check_eq(n[0], 2, "graph edits reach the generator")
	var tpl: RoomTemplate = gen.templates[1]
	tpl.weight = tpl.weight
	tpl.emit_changed()
	t.check_eq(n[0], 3, "template edits reach the generator")
	main.free()


## The demo graph with its connection 5 - 8 moved to 5 - 0: rooms 0 and 3
## are both joined to 1, 2 and 5, which the demo templates cannot lay out
## with doors that touch, so every attempt fails at the same loop.
static func stuck_graph() -> LevelGraph:
	var g := LevelGraph.new()
	for tags in [["start"], [], [], [], [], [], ["shop"], ["treasure"], [], [], ["boss"]]:
		g.add_room(PackedStringArray(tags))
	for e in [[0, 1], [0, 2], [1, 3], [2, 3], [1, 6], [3, 4], [3, 5], [4, 8], [5, 0], [5, 7], [8, 9], [9, 10]]:
		g.connect_rooms(e[0], e[1])
	return g


func test_progress_rises_while_attempts_fail(t) -> void:
	# The progress bar follows the rooms placed and the share of the work
	# budget spent, whichever is further: a run stuck at one loop still
	# moves it. The stuck graph on the fixed door slots (on door lines some
	# seeds lay it out) has no layout at all: after the search, the proof
	# says so and names the loops' rooms, and the next call refuses it at
	# once.
	var gen := GraphLayoutGenerator.new()
	gen.preset = GraphLayoutGenerator.PRESET_FIXED_DOORS
	gen.graph = stuck_graph()
	gen.work_budget = 300000
	var failed := []
	gen.generation_failed.connect(func(m): failed.append(m))
	gen.generate_async(1)
	var seen := Support.watch_progress(gen, failed, 60000)
	t.expect_error("a graph with no layout")
	t.check_eq(failed.size(), 1, "the stuck graph fails")
	if failed.size() == 1:
		t.check(failed[0].contains("a graph with no layout") and failed[0].contains("room 0, room 1, room 2, room 3, room 5"), "names the loops' rooms: " + failed[0])
	gen.seed += 1
	t.expect_error("a graph with no layout")
	t.check(gen.generate() == null, "a new seed fails too")
	t.check(gen.last_error.contains("a graph with no layout"), "last_error: " + gen.last_error)
	t.check(seen.values > 10, "progress took %d distinct values over %d frames" % [seen.values, seen.frames])
	t.check(seen.monotonic, "progress never goes back")
