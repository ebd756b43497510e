extends RefCounted
## TemplateGenerator and RoomTemplate as a game uses them: templates read
## from real room scenes (the sample's godot_project/templates/ and the test
## scenes in tests/template_scenes/), levels grown from them, the rooms
## instanced from the placements, bad scenes and impossible sets refused.

const Support := preload("res://tests/support.gd")
const CELL := Vector2(32, 32)
const SAMPLE := "res://templates/"
const SCENES := "res://tests/template_scenes/"
const NAMES := ["start", "square", "long", "hall", "l_room", "shrine", "gallery", "corridor", "bend", "wide_corridor", "boss"]


static func sample_templates() -> Array[RoomTemplate]:
	var out: Array[RoomTemplate] = []
	for n in NAMES:
		out.append(RoomTemplate.from_scene(load(SAMPLE + n + ".tscn"), CELL))
	return out


static func sample_generator() -> TemplateGenerator:
	var gen := TemplateGenerator.new()
	gen.templates = sample_templates()
	gen.cell_size = CELL
	return gen


func test_sample_scenes_read_as_templates(t) -> void:
	var all := sample_templates()
	for i in all.size():
		t.check(all[i] != null, "%s.tscn reads" % NAMES[i])
	var start := all[0]
	t.check_eq(start.size, Vector2i(7, 7), "start: 7 × 7 cells from its ReferenceRect bounds")
	t.check_eq(start.doors, [Vector3i(RoomTemplate.SIDE_NORTH, 3, 1), Vector3i(RoomTemplate.SIDE_EAST, 3, 1),
			Vector3i(RoomTemplate.SIDE_SOUTH, 3, 1), Vector3i(RoomTemplate.SIDE_WEST, 3, 1)], "start: its four doors, sides inferred")
	t.check_eq(start.tags, PackedStringArray(["start"]), "start: tags from metadata")
	t.check_eq(start.resource_name, "start", "named after the scene file")
	t.check_eq(start.check(), "", "start is a valid template")
	var l_room := all[4]
	t.check_eq(l_room.floors, [Rect2i(1, 1, 7, 3), Rect2i(1, 4, 3, 4)], "l_room: its L from the floor group")
	t.check(l_room.rotations and l_room.mirroring, "l_room: may turn and mirror")
	var gallery := all[6]
	t.check_eq(gallery.doors[2], Vector3i(RoomTemplate.SIDE_NORTH, 3, 2), "gallery: a 2-wide door from width metadata")
	t.check_eq(all[3].weight, 0.5, "hall: weight from metadata")
	t.check_eq(start.door_nodes, [NodePath("Door0"), NodePath("Door1"), NodePath("Door2"), NodePath("Door3")], "door marker paths")
	t.check(start.scene != null, "the scene is kept for instancing")


func test_moved_bounds_and_metadata(t) -> void:
	var tpl := RoomTemplate.from_scene(load(SCENES + "node2d_bounds.tscn"), CELL)
	if not t.check(tpl != null, "node2d_bounds.tscn reads"):
		return
	t.check_eq(tpl.size, Vector2i(5, 3), "size from a Node2D's size metadata")
	t.check_eq(tpl.origin, Vector3(-80, 0, -48), "origin is the bounds' corner")
	t.check_eq(tpl.doors, [Vector3i(RoomTemplate.SIDE_WEST, 1, 1), Vector3i(RoomTemplate.SIDE_SOUTH, 2, 2)], "doors under a moved parent")
	t.check_eq(tpl.tags, PackedStringArray(["gold", "small"]), "comma-separated tags")
	t.check_eq(tpl.weight, 2.5, "weight")


func test_3d_scene(t) -> void:
	var tpl := RoomTemplate.from_scene(load(SCENES + "room3d.tscn"), Vector2(1, 1))
	if not t.check(tpl != null, "room3d.tscn reads"):
		return
	t.check_eq(tpl.size, Vector2i(5, 7), "x and z of the 3D size")
	t.check_eq(tpl.doors, [Vector3i(RoomTemplate.SIDE_NORTH, 2, 1), Vector3i(RoomTemplate.SIDE_SOUTH, 2, 1),
			Vector3i(RoomTemplate.SIDE_EAST, 4, 1)], "3D doors on x and z")
	# Two copies, one the start: they join north to south.
	var other := tpl.duplicate() as RoomTemplate
	other.tags = PackedStringArray()
	var gen := TemplateGenerator.new()
	gen.templates = [tpl, other]
	gen.cell_size = Vector2(1, 1)
	gen.end_tag = ""
	gen.base_rooms = 3
	gen.rooms_per_level = 0
	gen.room_variance = 0
	gen.width = 40
	gen.height = 40
	var level := gen.generate_with_graph(1)
	if not t.check(not level.is_empty(), "3D templates grow: " + gen.last_error):
		return
	for p in level["placements"]:
		var xf: Transform3D = p["transform_3d"]
		var corner := xf * Vector3(-2.5, 0, -3.5)
		var pos: Vector2i = p["position"]
		var size: Vector2i = p["size"]
		var far := xf * Vector3(2.5, 0, 3.5)
		var lo := Vector3(minf(corner.x, far.x), 0, minf(corner.z, far.z))
		t.check(lo.is_equal_approx(Vector3(pos.x, 0, pos.y)), "3D room lands at its cell position")
		t.check(is_equal_approx(absf(far.x - corner.x), size.x) and is_equal_approx(absf(far.z - corner.z), size.y), "3D room covers its size")


func test_bad_scenes_are_refused_with_reasons(t) -> void:
	var cases := {
		"no_bounds": "no bounds",
		"no_doors": "no doors",
		"off_edge": "not on an edge",
		"fractional": "not whole cells",
	}
	for name in cases:
		t.expect_error(cases[name])
		var tpl := RoomTemplate.new()
		var ok := tpl.load_scene(load(SCENES + name + ".tscn"), CELL)
		t.check(not ok, name + " is refused")
		t.check(tpl.last_error.contains(cases[name]) and tpl.last_error.contains(name), name + ": " + tpl.last_error)
		t.check_eq(tpl.size, Vector2i(5, 5), name + ": settings unchanged")


## A scene whose Bounds rect has `size`, with one door marker.
static func scene_with_bounds(size: Vector2) -> PackedScene:
	var root := Node2D.new()
	var bounds := ReferenceRect.new()
	bounds.name = "Bounds"
	root.add_child(bounds)
	bounds.owner = root
	bounds.size = size
	var door := Marker2D.new()
	door.name = "Door"
	door.add_to_group("door", true)
	door.position = Vector2(CELL.x * 2.5, 0)
	root.add_child(door)
	door.owner = root
	var scene := PackedScene.new()
	scene.pack(root)
	root.free()
	return scene


func test_bounds_of_impossible_size_are_refused_up_front(t) -> void:
	for size in [Vector2(1e30, 0), Vector2(0, 0), Vector2(CELL.x * 2, CELL.y * 5), Vector2(CELL.x * 65, CELL.y * 5),
			Vector2(-CELL.x * 5, CELL.y * 5)]:
		t.expect_error("cells a side")
		var tpl := RoomTemplate.new()
		t.check(not tpl.load_scene(scene_with_bounds(size), CELL), "bounds %s: refused" % size)
		t.check(tpl.last_error.contains("a room is 3 to 64 cells a side"), "bounds %s: the error says the size is at fault (%s)" % [size, tpl.last_error])
	var ok := RoomTemplate.from_scene(scene_with_bounds(CELL * 5), CELL)
	t.check(ok != null and ok.size == Vector2i(5, 5), "5 × 5 cells are read")


func test_level_from_scenes_instanced(t) -> void:
	var gen := sample_generator()
	gen.seed = 99
	for level_no in [1, 2, 4]:
		var level := gen.generate_with_graph(level_no)
		var label := "template level %d" % level_no
		if not t.check(not level.is_empty(), label + ": " + gen.last_error):
			continue
		var grid: DungeonGrid = level["grid"]
		Support.check_grid(t, grid, label)
		t.check_eq(grid.to_json(), gen.generate_level(level_no).to_json(), label + ": same grid as generate_level")
		var placements: Array = level["placements"]
		var rooms := 0
		var root := Node2D.new()
		var rects: Array[Rect2] = []
		for p in placements:
			var res: RoomTemplate = p["resource"]
			if not res.tags.has("corridor"):
				rooms += 1
			var node: Node2D = (p["scene"] as PackedScene).instantiate()
			node.transform = p["transform_2d"]
			root.add_child(node)
			# The instanced scene's bounds cover exactly the placement's cells.
			var bounds: ReferenceRect = node.get_node("Bounds")
			var xf: Transform2D = p["transform_2d"]
			var a := xf * bounds.position
			var b := xf * (bounds.position + bounds.size)
			var r := Rect2(a.min(b), (b - a).abs())
			var want := Rect2(Vector2(p["position"]) * CELL, Vector2(p["size"]) * CELL)
			t.check(r.is_equal_approx(want), "%s: scene %s lands on %s (got %s)" % [label, res.resource_name, want, r])
			rects.append(r)
			# Door markers land on their door cells' outer edge, open ones on DOOR tiles.
			for d in p["doors"]:
				var marker: Node2D = node.get_node(d["node"])
				var at := xf * marker.position / CELL
				var cell: Vector2i = d["cell"]
				var inside := Rect2(Vector2(cell) - Vector2(0.01, 0.01), Vector2(1.02, 1.02))
				if d["width"] == 1:
					t.check(inside.has_point(at), "%s: door marker %s on cell %s (at %s)" % [label, d["node"], cell, at])
				var code := grid.get_cell(cell)
				t.check_eq(code, DungeonGrid.EMPTY if d["sealed"] else DungeonGrid.DOOR, "%s: door cell %s open or sealed" % [label, cell])
		for i in rects.size():
			for j in range(i + 1, rects.size()):
				t.check(not rects[i].grow(-1).intersects(rects[j].grow(-1)), "%s: rooms %d and %d overlap" % [label, i, j])
		root.free()
		var range_v := gen.room_count_range(level_no)
		t.check(rooms >= range_v.x and rooms <= range_v.y, "%s: %d rooms within %s" % [label, rooms, range_v])
		var end: Dictionary = placements[level["end"]]
		t.check((end["resource"] as RoomTemplate).tags.has("boss"), label + ": the end is the boss room")
		for p in placements:
			t.check(p["depth"] <= end["depth"], label + ": no room deeper than the boss")
		var sealed := 0
		for p in placements:
			for d in p["doors"]:
				sealed += 1 if d["sealed"] else 0
		t.check_eq((level["sealed"] as Array).size(), sealed, label + ": sealed list = sealed doors")
		for j in level["joins"]:
			var da: Dictionary = placements[j["a"].x]["doors"][j["a"].y]
			var db: Dictionary = placements[j["b"].x]["doors"][j["b"].y]
			t.check_eq(da["width"], db["width"], label + ": joined doors as wide")
			t.check_eq((da["side"] + 2) % 4, db["side"], label + ": joined doors face each other")


func test_tag_rules_and_corridors(t) -> void:
	var gen := sample_generator()
	gen.tag_rules = {"treasure": Vector2i(1, 1), "hall": Vector2i(0, 1)}
	gen.corridors_between_rooms = true
	for s in 20:
		gen.seed = s
		var level := gen.generate_with_graph(2)
		if not t.check(not level.is_empty(), "seed %d grows: %s" % [s, gen.last_error]):
			continue
		var counts := {"treasure": 0, "hall": 0}
		for p in level["placements"]:
			for tag in counts:
				if (p["resource"] as RoomTemplate).tags.has(tag):
					counts[tag] += 1
		t.check_eq(counts["treasure"], 1, "seed %d: exactly one treasure room" % s)
		t.check(counts["hall"] <= 1, "seed %d: at most one hall" % s)
		for j in level["joins"]:
			var a: RoomTemplate = level["placements"][j["a"].x]["resource"]
			var b: RoomTemplate = level["placements"][j["b"].x]["resource"]
			t.check(a.tags.has("corridor") or b.tags.has("corridor"), "seed %d: rooms meet only through corridors" % s)


func test_impossible_sets_fail_fast(t) -> void:
	var gen := TemplateGenerator.new()
	var a := RoomTemplate.new()
	a.size = Vector2i(5, 5)
	a.doors = [Vector3i(RoomTemplate.SIDE_EAST, 2, 1)]
	a.tags = PackedStringArray(["start"])
	var b := RoomTemplate.new()
	b.size = Vector2i(5, 5)
	b.doors = [Vector3i(RoomTemplate.SIDE_NORTH, 2, 1)]
	gen.templates = [a, b]
	gen.end_tag = ""
	t.expect_error("no template can join")
	t.check(gen.generate() == null, "no template joins the start's east door")
	t.check(gen.last_error.contains("templates"), "the message names templates: " + gen.last_error)
	b.doors = [Vector3i(RoomTemplate.SIDE_WEST, 2, 1)]
	gen.end_tag = "boss"
	t.expect_error("end_tag")
	t.check(gen.generate() == null, "no template carries end_tag")
	gen.end_tag = ""
	b.doors = [Vector3i(RoomTemplate.SIDE_WEST, 4, 1)]
	t.expect_error("not on a corner")
	t.check(gen.generate() == null, "a door on a corner")
	t.check_eq(b.check().contains("not on a corner"), true, "RoomTemplate.check says why")
	b.doors = [Vector3i(RoomTemplate.SIDE_WEST, 2, 1)]
	gen.width = 15
	gen.height = 7
	gen.base_rooms = 2
	gen.rooms_per_level = 0
	gen.room_variance = 0
	gen.level = 1
	var grid := gen.generate()
	t.check(grid != null, "fixed: two rooms side by side: " + gen.last_error)


func test_demo_preset(t) -> void:
	var gen := TemplateGenerator.new()
	t.check_eq(gen.preset, TemplateGenerator.PRESET_DEMO, "a new generator holds the demo set")
	t.check_eq(gen.templates.size(), 8, "eight demo templates")
	gen.seed = 5
	var grid := gen.generate_level(3)
	Support.check_grid(t, grid, "demo level 3")
	gen.loops = false
	t.check_eq(gen.preset, TemplateGenerator.PRESET_CUSTOM, "a changed setting is Custom")


func test_sample_instances_the_level(t) -> void:
	var main: Node = load("res://main.tscn").instantiate()
	main.run_seed = 186
	main.start()
	var index := -1
	for i in main.GENERATORS.size():
		if main.GENERATORS[i]["id"] == "templates":
			index = i
	if not t.check(index >= 0, "the sample offers the templates generator"):
		main.free()
		return
	main.select_generator(index, 2)
	var dungeon: Dungeon = main.dungeon
	var grid: DungeonGrid = dungeon.grid
	Support.check_grid(t, grid, "sample templates level 2")
	var placements: Array = dungeon.room_graph["placements"]
	var rooms: Node = dungeon.get_node("TemplateRooms")
	t.check_eq(rooms.room_nodes.size(), placements.size(), "one room scene per placement")
	var sealed := 0
	for p in placements:
		for d in p["doors"]:
			if d["sealed"]:
				sealed += d["width"]
	t.check_eq(rooms.sealed_cells.size(), sealed, "a barricade on every sealed door cell")
	for cell in rooms.sealed_cells:
		t.check_eq(grid.get_cell(cell), DungeonGrid.EMPTY, "sealed door cell %s is wall" % cell)
	# The room scenes sit where the tiles are: each scene's bounds covers its
	# placement's cells at the view's tile size.
	for i in placements.size():
		var node: Node2D = rooms.room_nodes[i]
		var bounds: Control = node.get_node("Bounds")
		var a := node.transform * bounds.position
		var b := node.transform * (bounds.position + bounds.size)
		var want := Rect2(Vector2(placements[i]["position"]) * dungeon.tile_size, Vector2(placements[i]["size"]) * dungeon.tile_size)
		t.check(Rect2(a.min(b), (b - a).abs()).is_equal_approx(want), "room scene %d on its tiles" % i)
	main.free()


func test_template_edits_emit_changed(t) -> void:
	var tpl := RoomTemplate.new()
	var count := [0]
	tpl.changed.connect(func() -> void: count[0] += 1)
	tpl.size = Vector2i(9, 9)
	tpl.doors = [Vector3i(RoomTemplate.SIDE_SOUTH, 4, 1)]
	tpl.weight = 2.0
	tpl.size = Vector2i(9, 9)
	t.check_eq(count[0], 3, "each change emits changed once, the same value none")
	t.expect_error("expected type")
	tpl.set("size", "big")
	t.check_eq(tpl.size, Vector2i(9, 9), "a value of the wrong type is refused")


func test_readme_example_runs(t) -> void:
	var readme: RefCounted = preload("res://tests/suites/test_readme.gd").new()
	var node: Node2D = readme._load(readme._example_with("RoomTemplate.from_scene"))
	if not t.check(node != null, "the README's template example compiles"):
		return
	node.run()
	var rooms := node.get_child_count()
	t.check(rooms >= 10, "it instanced a room scene per placement (%d)" % rooms)
	for child in node.get_children():
		t.check(child.has_node("Bounds"), "each child is a template scene")
	node.free()


func test_the_sample_dungeon_instances_the_placements(t) -> void:
	var dungeon := Dungeon.new()
	var gen := sample_generator()
	dungeon.generator = gen
	var grid := dungeon.generate_level(1)
	Support.check_grid(t, grid, "Dungeon.generate_level with a TemplateGenerator")
	t.check_eq(dungeon.get_node("TemplateRooms").room_nodes.size(), (dungeon.room_graph["placements"] as Array).size(), "the node instanced every placement")
	dungeon.free()
