extends RefCounted
## Door lines from GDScript (issue 37): RoomTemplate.add_door_line and the
## door getters, door lines read from 2D and 3D scenes (a door marker's
## `length` metadata) equal to the same template made in code, a
## GraphLayoutGenerator laying the demo graph out on templates with door
## lines over many seeds (every connection realised, every placed door on
## its template's line turned as the room is, the same seed the same
## level), placement dictionaries (`slot`, `length`, `node`), the sample's
## template_rooms.gd closing a sealed line whole, door lines kept through a
## .tres save and through JSON (RoomTemplate.templates_from_json and
## templates_to_json, docs/examples/templates.json laid out), and bad input
## refused naming the door or the place in the JSON.

const GraphSuite := preload("res://tests/suites/test_graph_layout.gd")
const SCENES := "res://tests/template_scenes/"
const SEEDS := 24


## The demo templates with, on every side that has doors, one door line 1
## cell wide along the whole wall but its corners (as the core's
## GraphConfig::demo_line_templates), made with add_door_line.
static func line_templates() -> Array[RoomTemplate]:
	var out: Array[RoomTemplate] = []
	for tpl: RoomTemplate in GraphLayoutGenerator.new().templates:
		var sides := {}
		for d in tpl.doors:
			sides[d.x] = true
		tpl.doors = []
		tpl.door_lengths = PackedInt32Array()
		for side in 4:
			if sides.has(side):
				var wall := tpl.size.x if side % 2 == 0 else tpl.size.y
				tpl.add_door_line(side, 1, 1, wall - 2)
		out.append(tpl)
	return out


## The scene line.tscn's template, made in code.
static func coded_line() -> RoomTemplate:
	var tpl := RoomTemplate.new()
	tpl.size = Vector2i(9, 7)
	tpl.add_door_line(RoomTemplate.SIDE_NORTH, 1, 1, 7)
	tpl.add_door_line(RoomTemplate.SIDE_EAST, 1, 2, 5)
	tpl.add_door(RoomTemplate.SIDE_SOUTH, 4)
	tpl.add_door_line(RoomTemplate.SIDE_WEST, 2, 1, 3)
	tpl.tags = PackedStringArray(["lined"])
	tpl.rotations = true
	return tpl


## Cell `c` of a `w` × `h` room, mirrored (x flipped) and turned `turns`
## quarter turns clockwise.
static func orient(c: Vector2i, w: int, h: int, turns: int, mirrored: bool) -> Vector2i:
	var x := c.x
	var y := c.y
	if mirrored:
		x = w - 1 - x
	var cw := w
	var ch := h
	for i in turns % 4:
		var nx := ch - 1 - y
		y = x
		x = nx
		var tmp := cw
		cw = ch
		ch = tmp
	return Vector2i(x, y)


static func orient_side(side: int, turns: int, mirrored: bool) -> int:
	if mirrored and side % 2 == 1:
		side = 4 - side
	return (side + turns) % 4


## The step along a door on `side`.
static func along(side: int) -> Vector2i:
	return Vector2i(1, 0) if side % 2 == 0 else Vector2i(0, 1)


## Every map cell of template door `slot` (the whole line, `inset` cells in
## from its side) of placement `p`.
static func line_cells(p: Dictionary, tpl: RoomTemplate, slot: int) -> Array[Vector2i]:
	var d := tpl.get_door(slot)
	var w := tpl.size.x
	var h := tpl.size.y
	var inset := tpl.get_door_inset(slot)
	var first: Vector2i = [Vector2i(d.y, inset), Vector2i(w - 1 - inset, d.y), Vector2i(d.y, h - 1 - inset), Vector2i(inset, d.y)][d.x]
	var out: Array[Vector2i] = []
	for i in d.w:
		var c := first + along(d.x) * i
		out.append(p["position"] + orient(c, w, h, p["rotation"], p["mirrored"]))
	return out


## Checks one level's placements: each door on its template's line (turned),
## of the line's width, a joined door as long as it is wide, a sealed one the
## whole line, `node` the slot's marker. Returns how many joined doors were
## off their line's middle.
static func check_doors(t, level: Dictionary, label: String) -> int:
	var off_middle := 0
	for i in level["placements"].size():
		var p: Dictionary = level["placements"][i]
		var tpl: RoomTemplate = p["resource"]
		if tpl == null:
			continue
		var joined_per_slot := {}
		for d in p["doors"]:
			var slot: int = d["slot"]
			var line := tpl.get_door(slot)
			var cells := line_cells(p, tpl, slot)
			var what := "%s: placement %d door on slot %d" % [label, i, slot]
			t.check_eq(d["side"], orient_side(line.x, p["rotation"], p["mirrored"]), what + ": side turned")
			t.check_eq(d["width"], line.z, what + ": the line's width")
			t.check_eq(d["node"], tpl.door_nodes[slot] if slot < tpl.door_nodes.size() else NodePath(), what + ": node")
			for k in d["length"]:
				var c: Vector2i = d["cell"] + along(d["side"]) * k
				if not cells.has(c):
					t.check(false, "%s: cell %s not on the line %s" % [what, c, cells])
					break
			if d["sealed"]:
				t.check_eq(d["length"], line.w, what + ": a sealed line is closed whole")
				t.check(not joined_per_slot.has(slot), what + ": a sealed line holds no door")
			else:
				t.check_eq(d["length"], d["width"], what + ": a joined door is as long as it is wide")
				joined_per_slot[slot] = joined_per_slot.get(slot, 0) + 1
				var middle: Vector2i = cells[(line.w - line.z) / 2]
				if tpl.is_door_line(slot) and d["cell"] != middle and d["cell"] != cells[(line.w - line.z + 1) / 2]:
					off_middle += 1
		for slot in joined_per_slot:
			t.check(joined_per_slot[slot] <= 1 or tpl.is_door_line(slot), "%s: a fixed slot holds one door" % label)
	return off_middle


func test_room_template_api(t) -> void:
	var tpl := RoomTemplate.new()
	tpl.size = Vector2i(9, 7)
	var edits := [0]
	tpl.changed.connect(func(): edits[0] += 1)
	t.check_eq(tpl.add_door(RoomTemplate.SIDE_SOUTH, 4), 0, "add_door returns the index")
	t.check_eq(tpl.door_lengths, PackedInt32Array(), "a fixed door needs no length")
	t.check_eq(tpl.add_door_line(RoomTemplate.SIDE_NORTH, 1, 2, 7), 1, "add_door_line returns the index")
	t.check_eq(tpl.doors, [Vector3i(RoomTemplate.SIDE_SOUTH, 4, 1), Vector3i(RoomTemplate.SIDE_NORTH, 1, 2)], "doors holds side, offset, width")
	t.check_eq(tpl.door_lengths, PackedInt32Array([0, 7]), "door_lengths holds the line's length")
	t.check_eq(tpl.get_door_count(), 2, "get_door_count")
	t.check_eq(tpl.get_door(0), Vector4i(RoomTemplate.SIDE_SOUTH, 4, 1, 1), "a fixed door's length is its width")
	t.check_eq(tpl.get_door(1), Vector4i(RoomTemplate.SIDE_NORTH, 1, 2, 7), "get_door gives the length")
	t.check_eq(tpl.get_door_length(1), 7, "get_door_length")
	t.check(tpl.is_door_line(1) and not tpl.is_door_line(0), "is_door_line")
	t.check(tpl.has_door_lines(), "has_door_lines")
	# (7 + 1) / (2 + 1) = 2 doors on the line, 1 in the fixed slot.
	t.check_eq(tpl.get_door_capacity(), 3, "get_door_capacity")
	t.check_eq(tpl.check(), "", "a valid template with a door line")
	t.check_eq(edits[0], 2, "each add emitted changed")
	t.check_eq(tpl.add_door(RoomTemplate.SIDE_EAST, 2, 2), 2, "a fixed door after a line")
	t.check_eq(tpl.door_lengths, PackedInt32Array([0, 7]), "no entry for a fixed door after the last line")
	t.check_eq(tpl.get_door_length(2), 2, "its length is its width")
	# A line as long as its door is wide is a fixed door.
	t.check_eq(tpl.add_door_line(RoomTemplate.SIDE_WEST, 2, 3, 3), 3, "a line as long as wide")
	t.check(not tpl.is_door_line(3), "is a fixed door")

	t.part("errors")
	var cases := [
		[[RoomTemplate.SIDE_NORTH, 1, 2, 1], "door 4 (side 0, offset 1, width 2, length 1): length 1 is less than its width 2"],
		[[RoomTemplate.SIDE_NORTH, 2, 1, 7], "door 4 (side 0, offset 2, width 1, length 7): it is off the wall"],
		[[RoomTemplate.SIDE_EAST, 0, 1, 3], "door 4 (side 1, offset 0, width 1, length 3): it is off the wall"],
		[[7, 1, 1, 3], "door 4 (side 7, offset 1, width 1, length 3): side 7 is none of"],
		[[RoomTemplate.SIDE_SOUTH, 1, 0, 3], "width 0 is less than 1"],
	]
	for c in cases:
		var args: Array = c[0]
		t.expect_error(c[1])
		t.check_eq(tpl.add_door_line(args[0], args[1], args[2], args[3]), -1, "refused: " + c[1])
		t.check(tpl.last_error.contains(c[1]) and tpl.last_error.begins_with("RoomTemplate.add_door_line"), "last_error names the door: " + tpl.last_error)
	t.expect_error("RoomTemplate.add_door: door 4 (side 2, offset 8, width 1, length 1): it is off the wall")
	t.check_eq(tpl.add_door(RoomTemplate.SIDE_SOUTH, 8), -1, "a fixed door on the corner is refused")
	t.check_eq(tpl.get_door_count(), 4, "refusals add nothing")
	t.check_eq(edits[0], 4, "refusals emit nothing")
	t.check_eq(tpl.add_door(RoomTemplate.SIDE_SOUTH, 1), 4, "a success after a refusal")
	t.check_eq(tpl.last_error, "", "a success clears last_error")
	t.expect_error("RoomTemplate.get_door: no door 9 (the template has 5 doors)")
	t.check_eq(tpl.get_door(9), Vector4i(-1, -1, -1, -1), "get_door out of range")
	t.expect_error("RoomTemplate.get_door_length: no door -1")
	t.check_eq(tpl.get_door_length(-1), -1, "get_door_length out of range")
	# door_lengths set by hand: check() names the door line at fault.
	var typed := RoomTemplate.new()
	typed.size = Vector2i(7, 7)
	typed.doors = [Vector3i(RoomTemplate.SIDE_NORTH, 1, 2), Vector3i(RoomTemplate.SIDE_SOUTH, 1, 1)]
	typed.door_lengths = PackedInt32Array([1])
	t.check(typed.check().contains("door 0") and typed.check().contains("at least as long"), "check: a line shorter than its door: " + typed.check())
	typed.door_lengths = PackedInt32Array([0, 9])
	t.check(typed.check().contains("door line 1"), "check: a line off the wall: " + typed.check())
	typed.door_lengths = PackedInt32Array([5, 5])
	t.check_eq(typed.check(), "", "lines within the walls")
	t.check_eq(typed.get_door(1), Vector4i(RoomTemplate.SIDE_SOUTH, 1, 1, 5), "door_lengths set by hand")


func test_scene_lines_match_code(t) -> void:
	var want := coded_line()
	for c in [["line.tscn", Vector2(32, 32)], ["line3d.tscn", Vector2(1, 1)]]:
		t.part(c[0])
		var tpl := RoomTemplate.from_scene(load(SCENES + c[0]), c[1])
		if not t.check(tpl != null, c[0] + " reads"):
			continue
		t.check_eq(tpl.size, want.size, "size")
		t.check_eq(tpl.doors, want.doors, "doors")
		t.check_eq(tpl.door_lengths, want.door_lengths, "door_lengths")
		for i in want.get_door_count():
			t.check_eq(tpl.get_door(i), want.get_door(i), "door %d" % i)
		t.check_eq(tpl.tags, want.tags, "tags")
		t.check_eq(tpl.rotations, want.rotations, "rotations")
		t.check_eq(tpl.door_nodes, [NodePath("North"), NodePath("East"), NodePath("South"), NodePath("West")], "one marker per door line")
		t.check_eq(tpl.check(), "", "valid")
	t.part("errors")
	t.expect_error("door Short: length 1 is less than its width 2")
	var bad := RoomTemplate.new()
	t.check(not bad.load_scene(load(SCENES + "line_short.tscn"), Vector2(32, 32)), "a line shorter than its door is refused")
	t.check(bad.last_error.contains("door Short") and bad.last_error.contains("line_short"), "last_error names the door and scene: " + bad.last_error)
	# A marker whose line runs over a corner.
	var scene := PackedScene.new()
	var root := Node2D.new()
	var bounds := ReferenceRect.new()
	bounds.name = "Bounds"
	bounds.size = Vector2(224, 224)
	root.add_child(bounds)
	bounds.owner = root
	var marker := Marker2D.new()
	marker.name = "Long"
	marker.position = Vector2(112, 0)
	marker.set_meta("length", 7)
	marker.add_to_group("door", true)
	root.add_child(marker)
	marker.owner = root
	scene.pack(root)
	root.free()
	t.expect_error("door Long: the door line (north offset 0 length 7) is off the wall")
	t.check(RoomTemplate.from_scene(scene, Vector2(32, 32)) == null, "a line over a corner is refused")


func test_demo_graph_on_door_lines(t) -> void:
	var gen := GraphLayoutGenerator.new()
	gen.templates = line_templates()
	for tpl: RoomTemplate in gen.templates:
		t.check(tpl.has_door_lines() and tpl.check() == "", "%s: door lines, valid: %s" % [tpl.resource_name, tpl.check()])
	var demo := LevelGraph.from_json(GeneratorRegistry.get_generator("graph")["settings"][0]["default"])
	var want := GraphSuite.graph_pairs(demo)
	var off_middle := 0
	var sealed_lines := 0
	for s in SEEDS:
		gen.seed = s
		var level := gen.generate_with_graph(1)
		if not t.check(not level.is_empty(), "seed %d lays out: %s" % [s, gen.last_error]):
			continue
		var grid: DungeonGrid = level["grid"]
		t.check_eq(grid.get_room_count(), 11, "seed %d: the demo graph's rooms" % s)
		t.check_eq(GraphSuite.grid_pairs(grid), want, "seed %d: every connection realised, nothing else" % s)
		t.check_eq(level["joins"].size(), want.size(), "seed %d: a join per connection" % s)
		off_middle += check_doors(t, level, "seed %d" % s)
		for r in level["sealed"]:
			var d: Dictionary = level["placements"][r.x]["doors"][r.y]
			t.check(d["sealed"], "seed %d: sealed names a sealed door" % s)
			if d["length"] > d["width"]:
				sealed_lines += 1
		for j in level["joins"]:
			for end in [j["a"], j["b"]]:
				var d: Dictionary = level["placements"][end.x]["doors"][end.y]
				t.check_eq(d["join"], j["edge"], "seed %d: a join's doors carry its connection" % s)
		var again := gen.generate_level(1)
		t.check_eq(again.layout_hash(), grid.layout_hash(), "seed %d: the same seed, the same layout" % s)
	t.check(off_middle > 0, "doors sit along the lines, not only in their middles (%d off the middle)" % off_middle)
	t.check(sealed_lines > 0, "unused lines are sealed whole (%d)" % sealed_lines)
	gen.seed = 0
	var a := gen.generate_level(1).layout_hash()
	gen.seed = 1
	t.check(gen.generate_level(1).layout_hash() != a, "another seed, another layout")


func test_scene_lines_in_a_level(t) -> void:
	var tpl := RoomTemplate.from_scene(load(SCENES + "line.tscn"), Vector2(32, 32))
	var g := LevelGraph.new()
	for i in 5:
		g.add_room(PackedStringArray())
	for e in [[0, 1], [1, 2], [2, 3], [3, 0], [2, 4]]:
		g.connect_rooms(e[0], e[1])
	var gen := GraphLayoutGenerator.new()
	gen.templates = [tpl]
	gen.graph = g
	gen.cell_size = Vector2(32, 32)
	var rooms := preload("res://scripts/template_rooms.gd").new()
	var laid := 0
	for s in 8:
		gen.seed = s
		var level := gen.generate_with_graph(1)
		if not t.check(not level.is_empty(), "seed %d lays out: %s" % [s, gen.last_error]):
			continue
		laid += 1
		t.check_eq(GraphSuite.grid_pairs(level["grid"]), GraphSuite.graph_pairs(g), "seed %d: the graph realised" % s)
		check_doors(t, level, "scene seed %d" % s)
		var scene_room: Node = tpl.scene.instantiate()
		for p in level["placements"]:
			for d in p["doors"]:
				t.check(scene_room.has_node(d["node"]), "seed %d: node %s is a marker of the scene" % [s, d["node"]])
		scene_room.free()
		# The sample barricades a sealed line whole and opens only doors' cells.
		rooms.build(level, 32, Vector2(32, 32))
		var sealed := 0
		var open := 0
		for p in level["placements"]:
			for d in p["doors"]:
				if d["sealed"]:
					sealed += d["length"]
				else:
					open += d["width"]
		t.check_eq(rooms.sealed_cells.size(), sealed, "seed %d: a barricade per sealed cell, lines whole" % s)
		t.check_eq(rooms.open_cells.size(), open, "seed %d: open cells are the doors' own" % s)
		var grid: DungeonGrid = level["grid"]
		for c in rooms.open_cells:
			t.check_eq(grid.get_cell(c), DungeonGrid.DOOR, "seed %d: open cell %s is a door" % [s, c])
		for c in rooms.sealed_cells:
			t.check(grid.get_cell(c) != DungeonGrid.DOOR, "seed %d: sealed cell %s is no door" % [s, c])
		t.check_eq(rooms.room_nodes.size(), 5, "seed %d: a scene per room" % s)
	rooms.free()
	t.check(laid > 0, "scene templates with lines lay out")


## Checks that a TemplateGenerator starting from `start` and a
## GraphLayoutGenerator with corridor piece `piece` both refuse to run,
## logging an error containing `logged`, with `why` in `last_error` (and
## the corridor one naming corridor_templates).
static func check_refused(t, start: RoomTemplate, piece: RoomTemplate, logged: String, why: String) -> void:
	var gen := TemplateGenerator.new()
	start.tags = PackedStringArray(["start"])
	gen.templates = [start]
	gen.end_tag = ""
	t.expect_error(logged)
	t.check(gen.generate() == null, "TemplateGenerator refuses the template")
	t.check(gen.last_error.contains(why), "the message says why: " + gen.last_error)
	var graph := GraphLayoutGenerator.new()
	graph.corridors = true
	graph.corridor_templates = [piece]
	t.expect_error(logged)
	t.check(graph.generate() == null, "the corridor piece is refused")
	t.check(graph.last_error.contains("corridor_templates") and graph.last_error.contains(why), "the message names corridor_templates and says why: " + graph.last_error)


func test_template_generator_refuses_lines(t) -> void:
	var piece := RoomTemplate.new()
	piece.size = Vector2i(5, 5)
	piece.add_door(RoomTemplate.SIDE_NORTH, 2)
	piece.add_door_line(RoomTemplate.SIDE_EAST, 1, 1, 3)
	check_refused(t, coded_line(), piece, "fixed door slots", "door line")


## Door lines survive a .tres save: the template alone and inside a
## generator, which then lays out the same level.
func test_tres_round_trip(t) -> void:
	var tpl := coded_line()
	var path := "user://test_door_line_template.tres"
	t.check_eq(ResourceSaver.save(tpl, path), OK, "a template saved as .tres")
	var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as RoomTemplate
	if t.check(back != null, "loaded back"):
		t.check_eq(back.doors, tpl.doors, ".tres: doors")
		t.check_eq(back.door_lengths, tpl.door_lengths, ".tres: door_lengths")
		t.check_eq(back.get_door(3), Vector4i(RoomTemplate.SIDE_WEST, 2, 1, 3), ".tres: a line's length")
	var gen := GraphLayoutGenerator.new()
	gen.templates = line_templates()
	gen.seed = 5
	var gen_path := "user://test_door_line_generator.tres"
	t.check_eq(ResourceSaver.save(gen, gen_path), OK, "a generator with line templates saved")
	var gen_back := ResourceLoader.load(gen_path, "", ResourceLoader.CACHE_MODE_IGNORE) as GraphLayoutGenerator
	if t.check(gen_back != null, "the generator loaded back"):
		for i in gen.templates.size():
			t.check_eq(gen_back.templates[i].door_lengths, gen.templates[i].door_lengths, "template %d: door_lengths" % i)
		var a := gen.generate_level(1)
		var b := gen_back.generate_level(1)
		if t.check(a != null and b != null, "both lay out: " + gen.last_error + gen_back.last_error):
			t.check_eq(b.layout_hash(), a.layout_hash(), "the same level after the round trip")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	DirAccess.remove_absolute(ProjectSettings.globalize_path(gen_path))


func test_json_round_trip(t) -> void:
	# The demo's door-line templates, written and read back: every field.
	var lines := line_templates()
	var json := RoomTemplate.templates_to_json(lines)
	var back := RoomTemplate.templates_from_json(json)
	if t.check_eq(back.size(), lines.size(), "as many templates back"):
		for i in lines.size():
			var a: RoomTemplate = lines[i]
			var b: RoomTemplate = back[i]
			t.check_eq(b.size, a.size, "template %d: size" % i)
			t.check_eq(b.doors, a.doors, "template %d: doors" % i)
			t.check_eq(b.door_lengths, a.door_lengths, "template %d: door_lengths" % i)
			t.check_eq(b.floors, a.floors, "template %d: floors" % i)
			t.check_eq(b.tags, a.tags, "template %d: tags" % i)
			t.check_eq([b.weight, b.rotations, b.mirroring], [a.weight, a.rotations, a.mirroring], "template %d: weight, turns" % i)
			t.check(b.check() == "" and b.scene == null, "template %d: valid, no scene" % i)
		t.check_eq(RoomTemplate.templates_to_json(back), json, "written again: the same text")
		var gen := GraphLayoutGenerator.new()
		gen.templates = lines
		gen.seed = 3
		var want := gen.generate_level(1)
		gen.templates = back
		var got := gen.generate_level(1)
		if t.check(want != null and got != null, "both lay out: " + gen.last_error):
			t.check_eq(got.layout_hash(), want.layout_hash(), "the same level from the templates read back")
	# A trimmed L with an inset door keeps both.
	var l := RoomTemplate.new()
	l.size = Vector2i(9, 9)
	l.floors = [Rect2i(1, 1, 3, 4), Rect2i(1, 5, 7, 3)]
	l.trim_to_floors = true
	l.add_door(RoomTemplate.SIDE_WEST, 3)
	l.add_door(RoomTemplate.SIDE_NORTH, 6, 1, 4)
	var l_back := RoomTemplate.templates_from_json(RoomTemplate.templates_to_json([null, l]))
	if t.check_eq(l_back.size(), 1, "an empty entry is left out"):
		t.check(l_back[0].trim_to_floors, "trim_to_floors read back")
		t.check_eq(l_back[0].get_door_inset(1), 4, "an inset read back")
		t.check_eq(l_back[0].get_outline(), l.get_outline(), "the same outline")
		t.check_eq(l_back[0].resource_name, "template 0", "no name: named by its place among the templates written")
	# The manual's whole example set, on the manual's sample graph.
	var root := ProjectSettings.globalize_path("res://").path_join("../docs/examples/")
	var set := RoomTemplate.templates_from_json(FileAccess.get_file_as_string(root.path_join("templates.json")))
	var graph := LevelGraph.from_json(FileAccess.get_file_as_string(root.path_join("level_graph.json")))
	if t.check(set.size() > 0 and graph != null, "docs/examples/templates.json and level_graph.json read"):
		var lined := 0
		var trimmed := 0
		for tpl in set:
			lined += int(tpl.has_door_lines())
			trimmed += int(tpl.trim_to_floors)
		t.check(lined > 0 and trimmed > 0, "the set has door lines (%d) and a trimmed room (%d)" % [lined, trimmed])
		var gen := GraphLayoutGenerator.new()
		gen.templates = set
		gen.graph = graph
		gen.corridors = false
		var want := GraphSuite.graph_pairs(graph)
		for s in 3:
			gen.seed = s
			var level := gen.generate_with_graph(1)
			if t.check(not level.is_empty(), "seed %d lays out on the example set: %s" % [s, gen.last_error]):
				# (A room of several floors is several rooms of the grid:
				# the joins name placements, which are the graph's rooms.)
				var got := []
				for j in level["joins"]:
					got.append(Vector2i(j["a"].x, j["b"].x))
				t.check_eq(GraphSuite.pairs(got), want, "seed %d: a join per connection, between its rooms" % s)
				t.check_eq(level["placements"].size(), graph.get_room_count(), "seed %d: a placement per room" % s)
	# Bad JSON: an empty array and the place named.
	t.expect_error("templates[0].doors[0].side")
	var bad := RoomTemplate.templates_from_json('{"templates": [{"size": [7, 7], "doors": [{"side": "up", "offset": 1}]}]}')
	t.check(bad.is_empty(), "a bad side: nothing read")
	t.expect_error("RoomTemplate.templates_from_json")
	t.check(RoomTemplate.templates_from_json("not json").is_empty(), "not JSON: nothing read")
