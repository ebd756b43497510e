extends RefCounted
## DungeonDecorator and DungeonDecorRule from GDScript, as a game uses them:
## props from rules on a BSP level (walls, dead ends, inner corners, the
## boss room), never on the start, the end, a door, a spawn point kept
## free, and with blocking props the end still reachable from the start;
## the same grid gives the same props; rotations face away from the wall;
## bad rules get errors naming the rule.

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
