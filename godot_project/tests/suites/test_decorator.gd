extends RefCounted
## DungeonDecorator and DungeonDecorRule from GDScript, as a game uses them:
## props from rules on a BSP level (walls, dead ends, inner corners, the
## boss room), never on the start, the end, a door, a spawn point kept
## free, and with blocking props the end still reachable from the start;
## the same grid gives the same props; rotations face away from the wall;
## bad rules get errors naming the rule; place_2d/place_3d put meshes in
## one MultiMesh per rule and tiles on a Decor layer, at the props' cells.

const DIRS := [[Vector2i(0, -1), 1], [Vector2i(1, 0), 2], [Vector2i(0, 1), 4], [Vector2i(-1, 0), 8]]


static func rule(marker: int, chance: float, blocks := false) -> DungeonDecorRule:
	var r := DungeonDecorRule.new()
	r.marker = marker
	r.chance = chance
	r.blocks = blocks
	return r


static func decorator() -> DungeonDecorator:
	var d := DungeonDecorator.new()
	var torches := rule(DungeonDecorRule.MARKER_WALL, 0.4)
	torches.spacing = 3
	d.rules = [torches, rule(DungeonDecorRule.MARKER_DEAD_END, 1.0, true),
		rule(DungeonDecorRule.MARKER_INNER_CORNER, 1.0, true), rule(DungeonDecorRule.MARKER_FLOOR_ROOM, 0.5, true)]
	return d


## Whether `to` is reachable from `from` through open sides, never
## entering a cell of `blocked`.
static func reachable(g: DungeonGrid, from: Vector2i, to: Vector2i, blocked: Dictionary) -> bool:
	var seen := {from: true}
	var todo: Array[Vector2i] = [from]
	while not todo.is_empty():
		var p: Vector2i = todo.pop_back()
		if p == to:
			return true
		for d in DIRS:
			var q: Vector2i = p + d[0]
			if g.door_mask(p) & d[1] != 0 and g.is_walkable(q) and not seen.has(q) and not blocked.has(q):
				seen[q] = true
				todo.append(q)
	return false


func test_props_on_a_level(t) -> void:
	var d := decorator()
	var checked := 0
	for s in 8:
		var gen := BspGenerator.new()
		gen.seed = s
		var grid := gen.generate_level(1)
		var spawns := grid.get_spawn_points(DungeonSpawnRules.new())
		var props := d.decorate(grid, spawns["cells"])
		if not t.check(not props.is_empty(), "seed %d: props (%s)" % [s, d.last_error]):
			continue
		var n: int = props["cells"].size()
		t.check(n > 10 and props["rules"].size() == n and props["facings"].size() == n and props["rotations"].size() == n and props["rooms"].size() == n, "seed %d: %d props, one entry each in every array" % [s, n])
		var kept := {}
		var sp: PackedInt32Array = spawns["cells"]
		for i in range(0, sp.size(), 2):
			kept[Vector2i(sp[i], sp[i + 1])] = true
		var blocked := {}
		var bad := []
		for i in n:
			var c := Vector2i(props["cells"][i])
			if not grid.is_walkable(c) or c == grid.start_cell or c == grid.end_cell or grid.get_cell(c) == DungeonGrid.DOOR or kept.has(c):
				bad.append(c)
			if d.rules[props["rules"][i]].blocks:
				blocked[c] = true
		t.check(bad.is_empty(), "seed %d: no prop off the floor, on the start, the end, a door or a spawn point %s" % [s, bad])
		t.check(not blocked.is_empty() and reachable(grid, grid.start_cell, grid.end_cell, blocked), "seed %d: the end is reachable past %d blocking props" % [s, blocked.size()])
		var again := d.decorate(grid, spawns["cells"])
		t.check(again == props, "seed %d: the same grid, the same props" % s)
		checked += 1
	t.check_eq(checked, 8, "eight levels decorated")


func test_rotations_and_filters(t) -> void:
	var grid := BspGenerator.new().generate_level(2)
	var d := DungeonDecorator.new()
	d.rules = [rule(DungeonDecorRule.MARKER_WALL, 1.0)]
	var props := d.decorate(grid)
	var want := {1: 0.0, 2: PI / 2, 4: PI, 8: -PI / 2}
	var wrong := 0
	for i in props["cells"].size():
		if absf(wrapf(props["rotations"][i] - want[props["facings"][i]], -PI, PI)) > 0.001:
			wrong += 1
	t.check(props["cells"].size() > 50 and wrong == 0, "a wall prop turns away from its wall: north 0, east π/2, south π, west -π/2 (%d wrong of %d)" % [wrong, props["cells"].size()])
	var start_only := rule(DungeonDecorRule.MARKER_FLOOR_ROOM, 1.0)
	start_only.roles = PackedInt32Array([DungeonGrid.ROLE_START])
	d.rules = [start_only]
	props = d.decorate(grid)
	var start_room := grid.get_room_at(grid.start_cell)
	var others := 0
	for r in props["rooms"]:
		others += int(r != start_room)
	t.check(props["cells"].size() > 0 and others == 0, "roles = [ROLE_START]: props in the start room only (%d props)" % props["cells"].size())


func test_bad_rules(t) -> void:
	var grid := BspGenerator.new().generate_level(1)
	var d := DungeonDecorator.new()
	d.rules = [rule(DungeonDecorRule.MARKER_WALL, 0.5), rule(DungeonDecorRule.MARKER_WALL, 1.5)]
	t.expect_error("chance")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("chance") and d.last_error.contains("rule 1"), "a chance of 1.5: empty, last_error names the rule: " + d.last_error)
	d.rules = [rule(DungeonDecorRule.MARKER_WALL, 0.5), null]
	t.expect_error("rule 1 is empty")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("rule 1 is empty"), "an empty rule: " + d.last_error)
	var negative := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	negative.spacing = -2
	d.rules = [negative]
	t.expect_error("spacing")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("spacing") and d.last_error.contains("rule 0"), "a negative spacing: " + d.last_error)
	var role := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	role.roles = PackedInt32Array([99])
	d.rules = [role]
	t.expect_error("roles")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("roles = 99"), "an unknown role: " + d.last_error)
	var empty := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	empty.scene = PackedScene.new()
	d.rules = [rule(DungeonDecorRule.MARKER_WALL, 0.5), empty]
	t.expect_error("scene")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("invalid scene") and d.last_error.contains("rule 1"), "an empty scene: refused, naming the rule: " + d.last_error)
	d.rules = [rule(DungeonDecorRule.MARKER_WALL, 0.5)]
	t.expect_error("grid is null")
	t.check(d.decorate(null).is_empty() and d.last_error.contains("grid is null"), "a null grid: " + d.last_error)
	t.check(not d.decorate(grid).is_empty() and d.last_error == "", "good rules again: props, no last_error")


## A level node with a decorator: the props are in `props`, each rule's
## scene is instanced under Props at its cell's centre, turned away from
## its wall; spawn points get none; the next level replaces them; 3D too.
func test_level_nodes_place_props(t) -> void:
	var torch := Node2D.new()
	torch.name = "Torch"
	var scene := PackedScene.new()
	scene.pack(torch)
	torch.free()
	var walls := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	walls.scene = scene
	var d := DungeonDecorator.new()
	d.rules = [walls, rule(DungeonDecorRule.MARKER_DEAD_END, 1.0)]
	var level := DungeonLevel2D.new()
	level.generate_on_ready = false
	level.generator = BspGenerator.new()
	level.decorator = d
	level.spawn_rules = DungeonSpawnRules.new()
	var grid := level.generate()
	var props: Dictionary = level.props
	var placed: Node = level.get_output().get_node_or_null("Props")
	var with_scene := 0
	for r in props.get("rules", []):
		with_scene += int(r == 0)
	t.check(props.get("cells", []).size() >= with_scene and with_scene > 10, "props (dead ends, and walls (%d with a scene)" % with_scene)
	t.check(placed != null and placed.get_child_count() == with_scene, "one Torch per wall prop under Props (%d)" % (placed.get_child_count() if placed else -1))
	t.check_eq(props, d.decorate(grid, level.spawn_points["cells"]), "the props DungeonDecorator gives, spawn points kept free")
	var tile: Vector2 = level.get_tile_layer().tile_set.tile_size
	var at_cells := placed != null
	if placed:
		var k := 0
		for i in props["cells"].size():
			if props["rules"][i] != 0:
				continue
			var node: Node2D = placed.get_child(k)
			k += 1
			at_cells = at_cells and node.position.is_equal_approx((props["cells"][i] + Vector2(0.5, 0.5)) * tile) and is_equal_approx(node.rotation, props["rotations"][i])
	t.check(at_cells, "each at its cell's centre, turned away from its wall")
	level.seed = 2
	level.generate()
	t.check(level.props != props and level.get_output().get_node("Props").get_child_count() > 0, "the next level has its own props")
	level.decorator = null
	level.generate()
	t.check(level.props.is_empty() and level.get_output().get_node_or_null("Props") == null, "no decorator: no props")
	level.free()
	var level3 := DungeonLevel3D.new()
	level3.generate_on_ready = false
	level3.generator = BspGenerator.new()
	var block := Node3D.new()
	var scene3 := PackedScene.new()
	scene3.pack(block)
	block.free()
	var walls3 := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	walls3.scene = scene3
	var d3 := DungeonDecorator.new()
	d3.rules = [walls3]
	level3.decorator = d3
	level3.generate()
	var placed3: Node = level3.get_output().get_node_or_null("Props")
	t.check(placed3 != null and placed3.get_child_count() == level3.props["cells"].size() and placed3.get_child_count() > 10, "3D: one instance per prop under Props")
	level3.free()


## A tile set with one atlas source (id 0) holding tiles (0, 0) and (2, 0).
static func decor_tiles() -> TileSet:
	var ts := TileSet.new()
	ts.tile_size = Vector2i(16, 16)
	var src := TileSetAtlasSource.new()
	src.texture = ImageTexture.create_from_image(Image.create(64, 16, false, Image.FORMAT_RGBA8))
	src.texture_region_size = Vector2i(16, 16)
	src.create_tile(Vector2i(0, 0))
	src.create_tile(Vector2i(2, 0))
	ts.add_source(src, 0)
	return ts


## Instance `j`'s transform from a 2D MultiMesh buffer (the headless
## renderer keeps the buffer but not get_instance_transform_2d).
static func transform_2d(b: PackedFloat32Array, j: int) -> Transform2D:
	var k := 8 * j
	if b.size() < k + 8:
		return Transform2D()
	return Transform2D(Vector2(b[k], b[k + 4]), Vector2(b[k + 1], b[k + 5]), Vector2(b[k + 3], b[k + 7]))


## Instance `j`'s transform from a 3D MultiMesh buffer.
static func transform_3d(b: PackedFloat32Array, j: int) -> Transform3D:
	var k := 12 * j
	if b.size() < k + 12:
		return Transform3D()
	var basis := Basis(Vector3(b[k], b[k + 4], b[k + 8]), Vector3(b[k + 1], b[k + 5], b[k + 9]), Vector3(b[k + 2], b[k + 6], b[k + 10]))
	return Transform3D(basis, Vector3(b[k + 3], b[k + 7], b[k + 11]))


## Each prop of `rule_index` in `props`, as [cell, rotation].
static func props_of(props: Dictionary, rule_index: int) -> Array:
	var out := []
	for i in props["cells"].size():
		if props["rules"][i] == rule_index:
			out.append([props["cells"][i], props["rotations"][i]])
	return out


## place_2d: a mesh rule gets one MultiMeshInstance2D with one instance per
## prop, each at its cell's centre and turned as the prop; a tile rule's
## tile is on exactly its props' cells of the Decor layer; a scene rule's
## instances stand beside them.
func test_place_2d_meshes_and_tiles(t) -> void:
	var grid := BspGenerator.new().generate_level(2)
	var walls := rule(DungeonDecorRule.MARKER_WALL, 0.6)
	walls.spacing = 2
	var quad := QuadMesh.new()
	quad.size = Vector2(16, 16)
	walls.mesh = quad
	walls.mesh_texture = PlaceholderTexture2D.new()
	var rubble := rule(DungeonDecorRule.MARKER_FLOOR_ROOM, 0.2)
	rubble.tile_source = 0
	rubble.tile_atlas_coords = Vector2i(2, 0)
	var chest := rule(DungeonDecorRule.MARKER_DEAD_END, 1.0)
	var box := Node2D.new()
	var scene := PackedScene.new()
	scene.pack(box)
	box.free()
	chest.scene = scene
	var d := DungeonDecorator.new()
	d.rules = [walls, rubble, chest]
	var props := d.decorate(grid)
	var placed := d.place_2d(props, Vector2(16, 16), decor_tiles())
	if not t.check(placed != null and d.last_error == "", "place_2d gives a Props node: " + d.last_error):
		return
	t.check_eq(placed.name, &"Props", "named Props")
	var want_walls := props_of(props, 0)
	var mmi := placed.get_node_or_null("MeshRule0") as MultiMeshInstance2D
	var mm: MultiMesh = mmi.multimesh if mmi else null
	t.check(mm != null and mm.mesh == quad and mmi.texture != null and mm.instance_count == want_walls.size() and want_walls.size() > 30, "one MultiMeshInstance2D for the wall rule, one instance per prop (%d)" % want_walls.size())
	var wrong := 0
	if mm:
		for j in mm.instance_count:
			var tr := transform_2d(mm.buffer, j)
			var at: Vector2 = (want_walls[j][0] + Vector2(0.5, 0.5)) * 16.0
			if not tr.origin.is_equal_approx(at) or absf(wrapf(tr.get_rotation() - want_walls[j][1], -PI, PI)) > 0.001:
				wrong += 1
	t.check(mm != null and wrong == 0, "each instance at its cell's centre, turned away from its wall (%d wrong)" % wrong)
	var want_tiles := props_of(props, 1)
	var layer := placed.get_node_or_null("Decor") as TileMapLayer
	var bad_tiles := 0
	if layer:
		for p in want_tiles:
			var c := Vector2i(p[0])
			if layer.get_cell_source_id(c) != 0 or layer.get_cell_atlas_coords(c) != Vector2i(2, 0):
				bad_tiles += 1
	t.check(layer != null and layer.get_used_cells().size() == want_tiles.size() and want_tiles.size() > 10 and bad_tiles == 0, "a Decor layer with tile (2, 0) of source 0 on each rubble cell, and nowhere else (%d cells, %d wrong)" % [want_tiles.size(), bad_tiles])
	t.check(placed.get_node_or_null("MeshRule1") == null and placed.get_node_or_null("MeshRule2") == null, "no MultiMesh for rules without a mesh")
	t.check_eq(placed.get_child_count(), 2 + props_of(props, 2).size(), "Decor, MeshRule0 and one instance per chest prop")
	placed.free()


## place_3d: one MultiMeshInstance3D per mesh rule, one instance per prop,
## on the floor at its cell's centre, turned about +y; tiles are ignored.
func test_place_3d_meshes(t) -> void:
	var grid := BspGenerator.new().generate_level(1)
	var pillars := rule(DungeonDecorRule.MARKER_INNER_CORNER, 1.0)
	pillars.mesh = BoxMesh.new()
	pillars.tile_source = 0
	var d := DungeonDecorator.new()
	d.rules = [pillars]
	var props := d.decorate(grid)
	var placed := d.place_3d(props, Vector3(2, 3, 2))
	var mmi := placed.get_node_or_null("MeshRule0") as MultiMeshInstance3D if placed else null
	var mm: MultiMesh = mmi.multimesh if mmi else null
	var want := props_of(props, 0)
	t.check(mm != null and mm.transform_format == MultiMesh.TRANSFORM_3D and mm.instance_count == want.size() and want.size() > 10, "one MultiMeshInstance3D, one instance per prop (%d)" % want.size())
	var wrong := 0
	if mm:
		for j in mm.instance_count:
			var tr := transform_3d(mm.buffer, j)
			var c: Vector2 = want[j][0]
			var turned := Basis(Vector3.UP, -float(want[j][1]))
			if not tr.origin.is_equal_approx(Vector3((c.x + 0.5) * 2, 0, (c.y + 0.5) * 2)) or not tr.basis.is_equal_approx(turned):
				wrong += 1
	t.check(mm != null and wrong == 0, "each at its cell's centre on the floor, turned about +y (%d wrong)" % wrong)
	t.check(placed != null and placed.get_child_count() == 1, "no Decor layer in 3D")
	if placed:
		placed.free()


## Bad tile settings and props from elsewhere: errors naming the rule.
func test_bad_tiles_and_props(t) -> void:
	var grid := BspGenerator.new().generate_level(1)
	var bad := rule(DungeonDecorRule.MARKER_FLOOR_ROOM, 0.3)
	bad.tile_source = 0
	bad.tile_atlas_coords = Vector2i(-1, 0)
	var d := DungeonDecorator.new()
	d.rules = [rule(DungeonDecorRule.MARKER_WALL, 0.5), bad]
	t.expect_error("tile_atlas_coords")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("tile_atlas_coords = (-1, 0)") and d.last_error.contains("rule 1"), "negative atlas coordinates: " + d.last_error)
	bad.tile_atlas_coords = Vector2i(0, 0)
	bad.tile_source = -2
	t.expect_error("tile_source")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("tile_source = -2") and d.last_error.contains("rule 1"), "tile_source below -1: " + d.last_error)
	bad.tile_source = 0
	bad.tile_atlas_coords = Vector2i(7, 7)
	var props := d.decorate(grid)
	t.expect_error("tile_atlas_coords")
	t.check(d.place_2d(props, Vector2(16, 16), decor_tiles()) == null and d.last_error.contains("tile_atlas_coords = (7, 7)") and d.last_error.contains("rule 1"), "a tile the source lacks: " + d.last_error)
	bad.tile_atlas_coords = Vector2i(0, 0)
	bad.tile_source = 4
	t.expect_error("tile_source")
	t.check(d.place_2d(props, Vector2(16, 16), decor_tiles()) == null and d.last_error.contains("tile_source = 4") and d.last_error.contains("rule 1"), "a source the tile set lacks: " + d.last_error)
	bad.tile_source = 0
	t.expect_error("tile_set is null")
	t.check(d.place_2d(props, Vector2(16, 16), null) == null and d.last_error.contains("rule 1"), "a tile rule and no tile set: " + d.last_error)
	var one := DungeonDecorator.new()
	one.rules = [rule(DungeonDecorRule.MARKER_WALL, 0.5)]
	t.expect_error("the decorator has 1 rules")
	t.check(one.place_2d(props, Vector2(16, 16), null) == null and one.last_error.contains("of rule 1"), "props of another decorator: " + one.last_error)
	t.expect_error("no \"rules\" array")
	t.check(one.place_3d({}, Vector3.ONE) == null, "an empty Dictionary: " + one.last_error)
	var placed := d.place_2d(props, Vector2(16, 16), decor_tiles())
	t.check(placed != null and d.last_error == "", "good settings again: placed, no last_error")
	if placed:
		placed.free()


## A level node places mesh rules as MultiMesh and tile rules on a Decor
## layer with its own tile set (here the built-in one: source 0, tile
## (0, 0) is its floor).
func test_level_node_meshes_and_tiles(t) -> void:
	var walls := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	walls.mesh = QuadMesh.new()
	var floor_tile := rule(DungeonDecorRule.MARKER_FLOOR_ROOM, 0.1)
	var level := DungeonLevel2D.new()
	level.generate_on_ready = false
	level.generator = BspGenerator.new()
	floor_tile.tile_source = 0
	var d := DungeonDecorator.new()
	d.rules = [walls, floor_tile]
	level.decorator = d
	level.generate()
	var placed: Node = level.get_output().get_node_or_null("Props")
	var mmi: MultiMeshInstance2D = placed.get_node_or_null("MeshRule0") if placed else null
	var layer: TileMapLayer = placed.get_node_or_null("Decor") if placed else null
	t.check(mmi != null and mmi.multimesh.instance_count == props_of(level.props, 0).size() and mmi.multimesh.instance_count > 10, "the wall rule's MultiMesh under Props")
	t.check(layer != null and layer.tile_set == level.get_tile_layer().tile_set and layer.get_used_cells().size() == props_of(level.props, 1).size(), "the floor rule's tiles on Decor, with the level's tile set")
	t.check_eq(level.last_error, "", "a dressed level: no last_error")
	# A tile the level's tile set lacks: the level stands, without props,
	# and the node's last_error says why (the decorator's error).
	floor_tile.tile_atlas_coords = Vector2i(9, 9)
	t.expect_error("tile_atlas_coords")
	level.generate()
	t.check(level.grid != null and level.get_output().get_node_or_null("Props") == null, "a bad tile: the level, no Props")
	t.check(level.last_error.contains("tile_atlas_coords = (9, 9)") and level.last_error.contains("rule 1") and level.last_error.contains("without its props"), "a bad tile: the node's last_error names it: " + level.last_error)
	floor_tile.tile_atlas_coords = Vector2i(0, 0)
	level.generate()
	t.check(level.last_error == "" and level.get_output().get_node_or_null("Props") != null, "good again: props, last_error cleared")
	level.free()


## A rule's offset moves each prop from its cell's centre, turned with the
## prop ((0, -0.4): against its wall, whichever side the wall is on), and
## its rotation_degrees turns it further; place_2d and place_3d put the
## props there. An offset or turn that is not a number is refused.
func test_offset_and_rotation(t) -> void:
	var grid := BspGenerator.new().generate_level(2)
	var torches := rule(DungeonDecorRule.MARKER_WALL, 0.5)
	torches.offset = Vector2(0.1, -0.4)
	torches.rotation_degrees = 90.0
	torches.mesh = QuadMesh.new()
	var d := DungeonDecorator.new()
	d.rules = [torches]
	var props := d.decorate(grid)
	var n: int = props["cells"].size()
	var toward := {1: Vector2(0, -1), 2: Vector2(1, 0), 4: Vector2(0, 1), 8: Vector2(-1, 0)}
	var bad := 0
	for i in n:
		var cell: Vector2 = props["cells"][i]
		var facing: int = props["facings"][i]
		var at: Vector2 = props["positions"][i]
		# 0.4 of a cell toward the prop's wall, 0.1 along it.
		var wall_way: Vector2 = toward[facing]
		var along := Vector2(-wall_way.y, wall_way.x)
		var want := cell + Vector2(0.5, 0.5) + wall_way * 0.4 + along * 0.1
		if not at.is_equal_approx(want):
			bad += 1
	t.check(n > 30 and props["positions"].size() == n and bad == 0, "each torch 0.4 of a cell toward its wall and 0.1 along it (%d of %d wrong)" % [bad, n])
	torches.offset = Vector2.ZERO
	torches.rotation_degrees = 0.0
	var plain := d.decorate(grid)
	var turned := 0
	for i in n:
		if absf(wrapf(props["rotations"][i] - plain["rotations"][i] - PI / 2, -PI, PI)) < 0.001:
			turned += 1
	t.check(plain["cells"] == props["cells"] and turned == n, "rotation_degrees 90: the same cells, each turned a quarter more (%d of %d)" % [turned, n])
	var centred := 0
	for i in n:
		if Vector2(plain["positions"][i]).is_equal_approx(Vector2(plain["cells"][i]) + Vector2(0.5, 0.5)):
			centred += 1
	t.check_eq(centred, n, "offset (0, 0): every prop at its cell's centre")
	torches.offset = Vector2(0.1, -0.4)
	torches.rotation_degrees = 90.0
	var placed := d.place_2d(props, Vector2(16, 16), null)
	var mm: MultiMesh = (placed.get_node("MeshRule0") as MultiMeshInstance2D).multimesh if placed else null
	var wrong := 0
	if mm:
		for j in mm.instance_count:
			var tr := transform_2d(mm.buffer, j)
			if not tr.origin.is_equal_approx(Vector2(props["positions"][j]) * 16.0) or absf(wrapf(tr.get_rotation() - props["rotations"][j], -PI, PI)) > 0.001:
				wrong += 1
	t.check(mm != null and mm.instance_count == n and wrong == 0, "place_2d: each instance at its position, turned (%d wrong)" % wrong)
	if placed:
		placed.free()
	var placed_3d := d.place_3d(props, Vector3(2, 3, 2))
	var mm3: MultiMesh = (placed_3d.get_node("MeshRule0") as MultiMeshInstance3D).multimesh if placed_3d else null
	var wrong_3d := 0
	if mm3:
		for j in mm3.instance_count:
			var at: Vector2 = props["positions"][j]
			if not transform_3d(mm3.buffer, j).origin.is_equal_approx(Vector3(at.x * 2, 0, at.y * 2)):
				wrong_3d += 1
	t.check(mm3 != null and mm3.instance_count == n and wrong_3d == 0, "place_3d: each instance at its position on the floor (%d wrong)" % wrong_3d)
	if placed_3d:
		placed_3d.free()
	torches.offset = Vector2(NAN, 0)
	t.expect_error("offset")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("offset") and d.last_error.contains("rule 0"), "a NaN offset: refused, naming the rule: " + d.last_error)
	torches.offset = Vector2.ZERO
	torches.rotation_degrees = INF
	t.expect_error("rotation_degrees")
	t.check(d.decorate(grid).is_empty() and d.last_error.contains("rotation_degrees") and d.last_error.contains("rule 0"), "an infinite turn: refused, naming the rule: " + d.last_error)


## A rule with tags decorates only rooms drawn from templates carrying one
## of them: get_room_tags reads them from generate_with_graph, decorate
## takes them, and the level nodes pass them themselves (generate() and
## generate_async() alike). Without room tags no room passes the filter.
func test_tag_filters(t) -> void:
	var gen := TemplateGenerator.new()
	gen.seed = 4
	var made := gen.generate_with_graph(2)
	var grid: DungeonGrid = made["grid"]
	var tags := DungeonDecorator.get_room_tags(made)
	var boss_rooms := []
	for r in tags.size():
		if "boss" in tags[r].split(","):
			boss_rooms.append(r)
	t.check(tags.size() == grid.get_room_count() and boss_rooms.size() >= 1 and "start" in tags[0].split(","), "get_room_tags: a tag list per room, the boss room tagged boss, the start start (%s)" % [tags])
	var loot := rule(DungeonDecorRule.MARKER_FLOOR_ROOM, 0.5)
	loot.tags = PackedStringArray(["boss", "vault"])
	var d := DungeonDecorator.new()
	d.rules = [loot]
	var props := d.decorate(grid, PackedInt32Array(), tags)
	var outside := 0
	for r in props["rooms"]:
		if not boss_rooms.has(r):
			outside += 1
	t.check(props["cells"].size() > 3 and outside == 0, "tags [boss, vault]: %d props, all in the boss room (%d outside)" % [props["cells"].size(), outside])
	t.check(d.decorate(grid)["cells"].is_empty(), "no room tags given: no room passes a tag filter")
	var level := DungeonLevel2D.new()
	level.generate_on_ready = false
	level.generator = gen
	level.seed = 4
	level.level = 2
	level.decorator = d
	level.generate()
	t.check(level.props == props, "DungeonLevel2D.generate(): the same props, room tags passed by the node")
	t.check(level.generate_async(), "generate_async() starts")
	var tree := Engine.get_main_loop() as SceneTree
	var frames := 0
	while level.is_generating() and frames < 20000:
		OS.delay_usec(1000)
		tree.process_frame.emit()
		frames += 1
	t.check(not level.is_generating() and level.props == props, "generate_async(): the same props (%d frames)" % frames)
	level.free()
