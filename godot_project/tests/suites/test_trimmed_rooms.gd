extends RefCounted
## Rooms trimmed to their floors from GDScript: RoomTemplate.trim_to_floors,
## inset doors (add_door's `inset`, door_insets, get_door_inset),
## get_outline, check() naming bad insets, trimmed L rooms read from 2D and
## 3D scenes equal to the same template made in code, a
## GraphLayoutGenerator level whose small rooms sit in the L rooms' notches
## (outlines apart, boxes overlapping, every door where its template says,
## insets included), the scene L turned in a level (each marker on its door
## cell, the sample's template_rooms.gd opening and sealing the right
## cells), and TemplateGenerator and corridor pieces refusing trimmed
## templates.

const DoorLines := preload("res://tests/suites/test_door_lines.gd")
const GraphSuite := preload("res://tests/suites/test_graph_layout.gd")
const SCENES := "res://tests/template_scenes/"
const SEEDS := 6


## A 9 × 9 L with a 4 × 4 notch at its top right: doors on the west and
## south edges, and one on each inner wall of the notch (north, 4 cells in;
## east, 4 cells in). The scenes trimmed_l.tscn and trimmed_l3d.tscn hold
## the same room.
static func coded_l() -> RoomTemplate:
	var tpl := RoomTemplate.new()
	tpl.size = Vector2i(9, 9)
	tpl.floors = [Rect2i(1, 1, 3, 4), Rect2i(1, 5, 7, 3)]
	tpl.trim_to_floors = true
	tpl.add_door(RoomTemplate.SIDE_WEST, 3)
	tpl.add_door(RoomTemplate.SIDE_SOUTH, 4)
	tpl.add_door(RoomTemplate.SIDE_NORTH, 6, 1, 4)
	tpl.add_door(RoomTemplate.SIDE_EAST, 2, 1, 4)
	tpl.tags = PackedStringArray(["notched"])
	return tpl


## A 4 × 4 room whose only doors (south at x = 1, west at y = 2) meet the
## L's notch doors with the room right in the notch: joined to an L it can
## sit nowhere else.
static func notch_room() -> RoomTemplate:
	var tpl := RoomTemplate.new()
	tpl.size = Vector2i(4, 4)
	tpl.add_door(RoomTemplate.SIDE_SOUTH, 1)
	tpl.add_door(RoomTemplate.SIDE_WEST, 2)
	tpl.tags = PackedStringArray(["small"])
	return tpl


## A 7 × 7 hall with a door in the middle of every side.
static func hall() -> RoomTemplate:
	var tpl := RoomTemplate.new()
	tpl.size = Vector2i(7, 7)
	for side in 4:
		tpl.add_door(side, 3)
	return tpl


## Cells of `rects`, each once.
static func cells_of(rects: Array) -> Dictionary:
	var out := {}
	for r: Rect2i in rects:
		for y in range(r.position.y, r.end.y):
			for x in range(r.position.x, r.end.x):
				out[Vector2i(x, y)] = true
	return out


## The map cells placement `p` should take: its template's outline turned
## as the room is, moved to its position.
static func turned_outline(p: Dictionary) -> Dictionary:
	var tpl: RoomTemplate = p["resource"]
	var out := {}
	for c in cells_of(tpl.get_outline()):
		var o := DoorLines.orient(c, tpl.size.x, tpl.size.y, p["rotation"], p["mirrored"])
		out[p["position"] + o] = true
	return out


func test_template_api(t) -> void:
	var tpl := coded_l()
	t.check_eq(tpl.check(), "", "the L with notch doors is valid")
	t.check(tpl.trim_to_floors, "trim_to_floors")
	t.check_eq(tpl.doors, [Vector3i(RoomTemplate.SIDE_WEST, 3, 1), Vector3i(RoomTemplate.SIDE_SOUTH, 4, 1),
			Vector3i(RoomTemplate.SIDE_NORTH, 6, 1), Vector3i(RoomTemplate.SIDE_EAST, 2, 1)], "doors")
	t.check_eq(tpl.door_insets, PackedInt32Array([0, 0, 4, 4]), "door_insets")
	t.check_eq(tpl.door_lengths, PackedInt32Array(), "no door lines")
	t.check_eq([tpl.get_door_inset(0), tpl.get_door_inset(2), tpl.get_door_inset(3)], [0, 4, 4], "get_door_inset")
	t.check_eq(tpl.get_door(2), Vector4i(RoomTemplate.SIDE_NORTH, 6, 1, 1), "get_door of an inset door")
	t.expect_error("RoomTemplate.get_door_inset: no door 4")
	t.check_eq(tpl.get_door_inset(4), -1, "get_door_inset out of range")
	t.check_eq(tpl.get_outline(), [Rect2i(0, 0, 5, 4), Rect2i(0, 4, 9, 5)], "the outline leaves the notch")
	var cells := cells_of(tpl.get_outline())
	t.check_eq(cells.size(), 81 - 16, "the box but the 4 × 4 notch")
	t.check(not cells.has(Vector2i(5, 0)) and not cells.has(Vector2i(8, 3)) and cells.has(Vector2i(4, 3)) and cells.has(Vector2i(8, 4)), "notch cells left out, walls kept")
	var whole := coded_l()
	whole.trim_to_floors = false
	t.check_eq(whole.get_outline(), [Rect2i(0, 0, 9, 9)], "untrimmed: the whole box")
	# A door line on an inner wall, and the inset argument's checks.
	var lined := coded_l()
	lined.doors = [Vector3i(RoomTemplate.SIDE_WEST, 3, 1)]
	lined.door_insets = PackedInt32Array()
	var edits := [0]
	lined.changed.connect(func(): edits[0] += 1)
	t.check_eq(lined.add_door_line(RoomTemplate.SIDE_NORTH, 6, 1, 2, 4), 1, "a door line on the notch's wall")
	t.check_eq(lined.door_lengths, PackedInt32Array([0, 2]), "its length")
	t.check_eq(lined.door_insets, PackedInt32Array([0, 4]), "its inset")
	t.check_eq(lined.check(), "", "valid")
	t.check_eq(lined.add_door(RoomTemplate.SIDE_SOUTH, 4), 2, "an edge door after it")
	t.check_eq(lined.door_insets, PackedInt32Array([0, 4]), "no entry for an edge door after the last inset one")
	t.expect_error("RoomTemplate.add_door: door 3 (side 1, offset 2, width 1, length 1, inset 9): inset 9 is outside the room")
	t.check_eq(lined.add_door(RoomTemplate.SIDE_EAST, 2, 1, 9), -1, "an inset past the box")
	t.expect_error("inset -1 is outside the room")
	t.check_eq(lined.add_door_line(RoomTemplate.SIDE_SOUTH, 1, 1, 2, -1), -1, "a negative inset")
	t.check(lined.last_error.begins_with("RoomTemplate.add_door_line") and lined.last_error.contains("insets 0 to 8"), "last_error: " + lined.last_error)
	t.check_eq(lined.get_door_count(), 3, "refusals add nothing")
	t.check_eq(edits[0], 2, "each add emitted changed, refusals nothing")
	# Copies carry the flag and the insets.
	var copy := tpl.duplicate() as RoomTemplate
	t.check(copy.trim_to_floors, "duplicate: trim_to_floors")
	t.check_eq(copy.door_insets, tpl.door_insets, "duplicate: door_insets")
	var path := "user://test_trimmed_template.tres"
	t.check_eq(ResourceSaver.save(tpl, path), OK, "saved as .tres")
	var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as RoomTemplate
	if t.check(back != null, "loaded back"):
		t.check(back.trim_to_floors, ".tres: trim_to_floors")
		t.check_eq(back.door_insets, tpl.door_insets, ".tres: door_insets")
		t.check_eq(back.get_outline(), tpl.get_outline(), ".tres: the outline")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_check_names_bad_insets(t) -> void:
	var untrimmed := coded_l()
	untrimmed.trim_to_floors = false
	var msg := untrimmed.check()
	t.check(msg.contains("door 2") and msg.contains("inset 4") and msg.contains("needs trim_to_floors"), "an inset door without trim_to_floors: " + msg)
	# East wall of the notch, one cell lower: its end is the notch's corner.
	var corner := coded_l()
	corner.add_door(RoomTemplate.SIDE_EAST, 3, 1, 4)
	msg = corner.check()
	t.check(msg.contains("door 4 (east offset 3 inset 4") and msg.contains("not on a corner"), "a door on the notch's corner: " + msg)
	# The notch's north wall starts at its corner (5, 4).
	var line := coded_l()
	line.doors = [Vector3i(RoomTemplate.SIDE_WEST, 3, 1)]
	line.door_insets = PackedInt32Array()
	line.add_door_line(RoomTemplate.SIDE_NORTH, 5, 1, 3, 4)
	msg = line.check()
	t.check(msg.contains("door 1 (north offset 5 inset 4 width 1 length 3)") and msg.contains("not on a corner"), "a line over the notch's corner: " + msg)
	# A door on the box's edge where the trimmed room has no wall.
	var gone := coded_l()
	gone.add_door(RoomTemplate.SIDE_NORTH, 6)
	msg = gone.check()
	t.check(msg.contains("door 4 (north offset 6 inset 0"), "a door on the notch's empty edge: " + msg)
	# The same door 4 cells in is where the wall is, but door 2 is there.
	var twice := coded_l()
	twice.add_door(RoomTemplate.SIDE_NORTH, 6, 1, 4)
	t.check(twice.check().contains("do not overlap"), "two doors on one cell: " + twice.check())


func test_scenes_match_code(t) -> void:
	var want := coded_l()
	for c in [["trimmed_l.tscn", Vector2(32, 32)], ["trimmed_l3d.tscn", Vector2(1, 1)]]:
		t.part(c[0])
		var tpl := RoomTemplate.from_scene(load(SCENES + c[0]), c[1])
		if not t.check(tpl != null, c[0] + " reads"):
			continue
		t.check(tpl.trim_to_floors, "trim_to_floors from the root's metadata")
		t.check_eq(tpl.size, want.size, "size")
		t.check_eq(tpl.floors, want.floors, "floors")
		t.check_eq(tpl.doors, want.doors, "doors")
		t.check_eq(tpl.door_insets, want.door_insets, "insets read from the markers' positions")
		t.check_eq(tpl.get_outline(), want.get_outline(), "outline")
		t.check_eq(tpl.tags, want.tags, "tags")
		t.check_eq(tpl.door_nodes, [NodePath("West"), NodePath("South"), NodePath("NotchNorth"), NodePath("NotchEast")], "one marker per door")
		t.check_eq(tpl.check(), "", "valid")
	t.part("markers")
	# A marker on the notch's north wall, given as `side` and `inset`
	# metadata while it sits on the box's edge above the notch.
	var tpl := RoomTemplate.from_scene(l_scene(Vector2(208, 0), {"side": "north", "inset": 4}, true), Vector2(32, 32))
	if t.check(tpl != null, "side and inset metadata"):
		t.check_eq(tpl.get_door(1), Vector4i(RoomTemplate.SIDE_NORTH, 6, 1, 1), "the door")
		t.check_eq(tpl.get_door_inset(1), 4, "its inset from the metadata")
	# On the middle of the notch's north wall, no metadata.
	tpl = RoomTemplate.from_scene(l_scene(Vector2(208, 144), {}, true), Vector2(32, 32))
	if t.check(tpl != null, "a marker on the wall's middle"):
		t.check_eq(tpl.get_door_inset(1), 4, "inset from the position")
	t.expect_error("door Marker at cell (7.00, 2.00) is on no straight wall round the floors of the trimmed room")
	t.check(RoomTemplate.from_scene(l_scene(Vector2(224, 64), {}, true), Vector2(32, 32)) == null, "a marker inside the notch is refused")
	# Out-of-range insets and positions are refused, never crash.
	t.expect_error("door Marker at cell (6.50, 4.00) is on no straight wall")
	t.check(RoomTemplate.from_scene(l_scene(Vector2(208, 128), {"inset": 2147483647}, true), Vector2(32, 32)) == null, "a huge inset without a side")
	t.expect_error("door 1 (north offset 6 inset -2147483648 width 1 length 1)")
	t.check(RoomTemplate.from_scene(l_scene(Vector2(208, 128), {"side": "north", "inset": -2147483648}, true), Vector2(32, 32)) == null, "a huge negative inset on the north side")
	t.expect_error("is on no straight wall")
	t.check(RoomTemplate.from_scene(l_scene(Vector2(1e12, -1e12), {}, true), Vector2(32, 32)) == null, "a marker far away")
	t.expect_error("an inset door needs trim_to_floors")
	var bad := RoomTemplate.new()
	t.check(not bad.load_scene(l_scene(Vector2(208, 0), {"inset": 4}, false), Vector2(32, 32)), "an inset marker on an untrimmed room is refused")
	t.check(bad.last_error.contains("inset 4"), "last_error names the inset: " + bad.last_error)


## The 2D L of trimmed_l.tscn with a west door and one marker at `at`
## (pixels, cells of 32) with metadata `meta`; `trim` sets trim_to_floors.
static func l_scene(at: Vector2, meta: Dictionary, trim: bool) -> PackedScene:
	var root := Node2D.new()
	root.set_meta("trim_to_floors", trim)
	var parts := [["Bounds", Rect2(0, 0, 288, 288), ""], ["Upright", Rect2(32, 32, 96, 128), "floor"],
			["Foot", Rect2(32, 160, 224, 96), "floor"]]
	for p in parts:
		var r := ReferenceRect.new()
		r.name = p[0]
		r.position = p[1].position
		r.size = p[1].size
		if p[2] != "":
			r.add_to_group(p[2], true)
		root.add_child(r)
		r.owner = root
	for m in [["West", Vector2(0, 112), {}], ["Marker", at, meta]]:
		var marker := Marker2D.new()
		marker.name = m[0]
		marker.position = m[1]
		for k in m[2]:
			marker.set_meta(k, m[2][k])
		marker.add_to_group("door", true)
		root.add_child(marker)
		marker.owner = root
	var scene := PackedScene.new()
	scene.pack(root)
	root.free()
	return scene


## Hall 0 joined to L rooms 1 and 2, each joined to a small room (3, 4).
static func notch_graph() -> LevelGraph:
	var g := LevelGraph.new()
	for tags in [[], ["notched"], ["notched"], ["small"], ["small"]]:
		g.add_room(PackedStringArray(tags))
	for e in [[0, 1], [0, 2], [1, 3], [2, 4]]:
		g.connect_rooms(e[0], e[1])
	return g


## The grid's connections between placements (an L's two floor rectangles
## are two grid rooms of one placement, joined to each other).
static func placement_pairs(level: Dictionary) -> Array:
	var of := {}
	for i in level["placements"].size():
		for r in level["placements"][i]["rooms"]:
			of[r] = i
	var grid: DungeonGrid = level["grid"]
	var list := []
	for k in grid.get_connection_count():
		var c := grid.get_connection_rooms(k)
		if of[c.x] != of[c.y]:
			list.append(Vector2i(of[c.x], of[c.y]))
	return GraphSuite.pairs(list)


## Lays `gen` out over `seeds` seeds and checks every level: the graph
## realised, doors where their templates say (insets turned with the room),
## each placement's `outline` its template's outline turned, and no cell
## taken by two rooms. Returns [levels laid out, pairs of rooms whose boxes
## overlap, levels where every small room sits in an L's box, trimmed rooms
## placed turned or mirrored].
static func check_levels(t, gen: GraphLayoutGenerator, seeds: Array, label: String) -> Array:
	var laid := 0
	var overlaps := 0
	var all_in_notches := 0
	var turned := 0
	for s in seeds:
		gen.seed = s
		var level := gen.generate_with_graph(1)
		var what := "%s seed %d" % [label, s]
		if not t.check(not level.is_empty(), what + " lays out: " + gen.last_error):
			continue
		laid += 1
		t.check_eq(placement_pairs(level), GraphSuite.graph_pairs(gen.graph), what + ": the graph realised")
		DoorLines.check_doors(t, level, what)
		var owner := {}
		var shared := 0
		var placements: Array = level["placements"]
		for i in placements.size():
			var p: Dictionary = placements[i]
			var cells := cells_of(p["outline"])
			t.check_eq(cells, turned_outline(p), "%s: placement %d's outline is its template's, turned" % [what, i])
			if p["resource"].trim_to_floors and (p["rotation"] != 0 or p["mirrored"]):
				turned += 1
			for c in cells:
				if owner.has(c):
					shared += 1
				owner[c] = i
		t.check_eq(shared, 0, what + ": no cell in two rooms' outlines")
		var in_boxes := 0
		for i in placements.size():
			var a := Rect2i(placements[i]["position"], placements[i]["size"])
			for j in range(i + 1, placements.size()):
				if a.intersects(Rect2i(placements[j]["position"], placements[j]["size"])):
					overlaps += 1
			if placements[i]["resource"].tags.has("small"):
				for j in placements.size():
					if placements[j]["resource"].tags.has("notched") and Rect2i(placements[j]["position"], placements[j]["size"]).encloses(a):
						in_boxes += 1
						break
		if in_boxes == 2:
			all_in_notches += 1
		var again := gen.generate_level(1)
		t.check_eq(again.layout_hash(), level["grid"].layout_hash(), what + ": the same seed, the same level")
	return [laid, overlaps, all_in_notches, turned]


func test_small_rooms_sit_in_notches(t) -> void:
	var gen := GraphLayoutGenerator.new()
	gen.templates = [hall(), coded_l(), notch_room()]
	gen.graph = notch_graph()
	var seeds := range(SEEDS)
	var got := check_levels(t, gen, seeds, "fixed")
	t.check_eq(got[0], SEEDS, "every seed lays out")
	# Joined to an L the small room can only sit in its notch.
	t.check_eq(got[2], got[0], "every small room inside an L's box, every level")
	t.check(got[1] >= 2 * got[0], "boxes overlap (%d pairs)" % got[1])
	t.part("turned")
	for tpl: RoomTemplate in gen.templates:
		tpl.rotations = true
		tpl.mirroring = true
	got = check_levels(t, gen, seeds, "turned")
	t.check(got[0] >= SEEDS / 2, "turned templates lay out (%d of %d)" % [got[0], SEEDS])
	t.check(got[3] > 0, "L rooms placed turned or mirrored (%d)" % got[3])


func test_scene_l_in_a_level(t) -> void:
	var gen := GraphLayoutGenerator.new()
	var l := RoomTemplate.from_scene(load(SCENES + "trimmed_l.tscn"), Vector2(32, 32))
	gen.templates = [hall(), l, notch_room()]
	gen.graph = notch_graph()
	gen.cell_size = Vector2(32, 32)
	var got := check_levels(t, gen, [0, 1], "scene")
	t.check_eq(got[2], got[0], "small rooms in the scene L's notch")
	t.part("turned")
	for tpl: RoomTemplate in gen.templates:
		tpl.rotations = true
		tpl.mirroring = true
	gen.seed = 0
	var level := gen.generate_with_graph(1)
	if not t.check(not level.is_empty(), "turned: lays out: " + gen.last_error):
		return
	# Each door's marker, moved by the placement's transform, lands on its
	# door cell: the inner-wall ones too, turned with the room.
	var scene_room: Node = l.scene.instantiate()
	var markers := 0
	var turned := 0
	for p in level["placements"]:
		if p["resource"] != l:
			continue
		if p["rotation"] != 0 or p["mirrored"]:
			turned += 1
		for d in p["doors"]:
			if not t.check(scene_room.has_node(d["node"]), "node %s is a marker of the scene" % d["node"]):
				continue
			var at: Vector2 = p["transform_2d"] * (scene_room.get_node(d["node"]) as Node2D).position
			var cell := Rect2(Vector2(d["cell"]) * 32.0, Vector2(32, 32)).grow(0.5)
			t.check(cell.has_point(at), "marker %s at %s is on its door cell %s" % [d["node"], at, d["cell"]])
			markers += 1
	scene_room.free()
	t.check_eq(markers, 8, "two L rooms, four markers each")
	t.check(turned > 0, "an L placed turned or mirrored")
	# The sample opens the joined doors' cells and barricades the rest.
	var rooms := preload("res://scripts/template_rooms.gd").new()
	rooms.build(level, 32, Vector2(32, 32))
	var grid: DungeonGrid = level["grid"]
	t.check_eq(rooms.open_cells.size(), 8, "a door cell per side of each connection")
	for c in rooms.open_cells:
		t.check_eq(grid.get_cell(c), DungeonGrid.DOOR, "open cell %s is a door" % c)
	for c in rooms.sealed_cells:
		t.check(grid.get_cell(c) != DungeonGrid.DOOR, "sealed cell %s is no door" % c)
	t.check_eq(rooms.room_nodes.size(), 2, "a scene per L room (the others have none)")
	rooms.free()


func test_trimmed_refused_elsewhere(t) -> void:
	var piece := RoomTemplate.new()
	piece.size = Vector2i(5, 5)
	piece.add_door(RoomTemplate.SIDE_NORTH, 2)
	piece.add_door(RoomTemplate.SIDE_SOUTH, 2)
	piece.trim_to_floors = true
	t.check_eq(piece.check(), "", "the piece alone is valid")
	DoorLines.check_refused(t, coded_l(), piece, "trim_to_floors", "trim_to_floors")
