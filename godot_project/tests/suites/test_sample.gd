extends RefCounted
## The sample project (main.tscn, the Dungeon node, rooms, tile view, HUD)
## inside real Godot: what is on screen matches the generated grid.
##
## The runner calls tests from SceneTree._initialize, before the root
## viewport is in the tree, so nodes never get _ready here: the tests call
## main.gd's start() (what its _ready does) and Dungeon.generate() directly.

const MAIN_SCENE := "res://main.tscn"
const Generators := preload("res://tests/generators.gd")
const SEED := 2024
const ROOM_GENERATORS := [0, 1, 2]  # main.gd GENERATORS: Isaac branching, Isaac compact, Drunkard
const BSP := 3
const HILBERT := 4  # main.gd GENERATORS: a room grid without room_count()
const SIDES := [DungeonGrid.DOOR_NORTH, DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH, DungeonGrid.DOOR_WEST]
## Atlas coordinates the tile view must use, written out independently of
## dungeon_tiles.gd.
const WANT_ATLAS := {
	DungeonGrid.ROOM: Vector2i(0, 0),
	DungeonGrid.CORRIDOR: Vector2i(1, 0),
	DungeonGrid.DOOR: Vector2i(2, 0),
	DungeonGrid.START: Vector2i(4, 0),
	DungeonGrid.END: Vector2i(5, 0),
}
const WALL_TOP := Vector2i(3, 0)
const WALL_FACE := Vector2i(6, 0)


func _main() -> Node:
	var main: Node = load(MAIN_SCENE).instantiate()
	main.run_seed = SEED
	main.start()
	return main


func _done(node: Node) -> void:
	if node.get_parent() != null:
		node.get_parent().remove_child(node)
	node.free()


func test_main_scene_is_the_project_main_scene(t) -> void:
	t.check_eq(ProjectSettings.get_setting("application/run/main_scene"), MAIN_SCENE, "run/main_scene")
	var main := _main()
	t.check(main.dungeon is Dungeon, "main.tscn has a Dungeon node")
	t.check(main.dungeon.grid != null, "main.tscn generates on start")
	t.check_eq(main.level, 1, "the run starts on level 1")
	for action in ["move_left", "move_right", "move_up", "move_down", "regenerate", "next_level"]:
		t.check(InputMap.has_action(action), "input action " + action)
	# The suites below pick generators by position in main.gd's list.
	var ids := {0: "isaac_branching", 1: "isaac_compact", 2: "drunkard", BSP: "bsp", HILBERT: "hilbert"}
	for index in ids:
		t.check_eq(main.GENERATORS[index]["id"], ids[index], "GENERATORS[%d]" % index)
	_done(main)


func test_room_views_match_the_grid(t) -> void:
	var main := _main()
	for index in ROOM_GENERATORS + [HILBERT]:
		main.select_generator(index)
		var label: String = main.GENERATORS[index]["id"]
		_check_room_view(t, main.dungeon, label)
		# Two levels further down, still one room node per room cell.
		main.next_level()
		main.next_level()
		_check_room_view(t, main.dungeon, label + " level 3")
	_done(main)


func _check_room_view(t, dungeon: Dungeon, label: String) -> void:
	var grid := dungeon.grid
	if not t.check(grid != null, label + ": grid"):
		return
	var cells := grid.room_cells()
	var nodes := dungeon.room_nodes()
	t.check_eq(nodes.size(), cells.size(), label + ": room nodes == room cells")
	t.check_eq(nodes.size(), grid.get_room_cell_count(), label + ": room nodes == get_room_cell_count()")
	var dead := grid.dead_ends()
	var seen := {}
	var bad_pos := 0
	var bad_doors := 0
	var bad_open := 0
	var bad_dead := 0
	var starts: Array[Vector2i] = []
	var exits: Array[Vector2i] = []
	for room in nodes:
		var cell: Vector2i = room.cell
		seen[cell] = true
		if room.position != Vector2(cell) * dungeon.room_size:
			bad_pos += 1
		# Secret doors stay wall until found (Dungeon.bump()).
		var shown_doors := grid.door_mask(cell) & ~grid.secret_door_mask(cell)
		if room.open_sides != shown_doors:
			bad_doors += 1
		for side in SIDES:
			if room.is_open(side) != (shown_doors & side != 0):
				bad_open += 1
		if room.dead_end != dead.has(cell):
			bad_dead += 1
		if room.kind == Room.Kind.START:
			starts.append(cell)
		elif room.kind == Room.Kind.EXIT:
			exits.append(cell)
	var missing := 0
	for cell in cells:
		if not seen.has(cell) or dungeon.get_room(cell) == null:
			missing += 1
	t.check_eq(missing, 0, label + ": room cells without a node")
	t.check_eq(bad_pos, 0, label + ": rooms not at cell * room_size")
	t.check_eq(bad_doors, 0, label + ": open_sides != door_mask")
	t.check_eq(bad_open, 0, label + ": is_open(side) disagrees with the door mask")
	t.check_eq(bad_dead, 0, label + ": dead-end marks")
	t.check(starts.size() == 1 and starts[0] == grid.start_cell, "%s: START rooms %s, want [%s]" % [label, starts, grid.start_cell])
	t.check(exits.size() == 1 and exits[0] == grid.end_cell, "%s: EXIT rooms %s, want [%s]" % [label, exits, grid.end_cell])
	t.check(dungeon.tile_layer == null, label + ": no tile layer in the room view")


func test_walls_close_every_side_without_a_door(t) -> void:
	var main := _main()
	var player_radius: float = (main.player.get_node("Shape").shape as CircleShape2D).radius
	for index in ROOM_GENERATORS + [HILBERT]:
		main.select_generator(index)
		var leaks := 0
		var blocked_doors := 0
		var narrow := 0
		var shapes_differ := 0
		for room in main.dungeon.room_nodes():
			var rects: Array[Rect2] = room.collision_rects()
			if rects != room.wall_rects():
				shapes_differ += 1
			for side in SIDES:
				var r := _side_report(room, rects, side)
				leaks += r[0]
				blocked_doors += r[1]
				if room.is_open(side) and r[2] < player_radius * 2.0 + 2.0:
					narrow += 1
		var label: String = main.GENERATORS[index]["id"]
		t.check_eq(shapes_differ, 0, label + ": collision shapes == wall_rects()")
		t.check_eq(leaks, 0, label + ": wall points a body could pass")
		t.check_eq(blocked_doors, 0, label + ": door openings blocked")
		t.check_eq(narrow, 0, label + ": openings narrower than the player")
	_done(main)


# Samples the middle line of `side`'s wall band every pixel:
# [points outside the door a body could pass, blocked points inside the
# door opening, door opening width].
func _side_report(room: Node2D, rects: Array[Rect2], side: int) -> Array:
	var size: Vector2 = room.size
	var m := Room.MARGIN
	var mid := m + Room.WALL * 0.5
	var door: Rect2 = room.door_rect(side)
	var leaks := 0
	var blocked_in_door := 0
	var horizontal := side == DungeonGrid.DOOR_NORTH or side == DungeonGrid.DOOR_SOUTH
	var length := size.x if horizontal else size.y
	for i in range(int(m), int(length - m)):
		var p := Vector2(i + 0.5, mid)
		match side:
			DungeonGrid.DOOR_SOUTH:
				p = Vector2(i + 0.5, size.y - mid)
			DungeonGrid.DOOR_WEST:
				p = Vector2(mid, i + 0.5)
			DungeonGrid.DOOR_EAST:
				p = Vector2(size.x - mid, i + 0.5)
		var hit := false
		for r in rects:
			if r.has_point(p):
				hit = true
				break
		var in_door := door.has_area() and door.has_point(p)
		if in_door and hit:
			blocked_in_door += 1
		elif not in_door and not hit:
			leaks += 1
	var width := int(door.size.x if horizontal else door.size.y)
	return [leaks, blocked_in_door, width]


func test_next_level_has_its_room_count(t) -> void:
	var main := _main()
	for index in ROOM_GENERATORS:
		main.select_generator(index)
		var gen: Resource = main.dungeon.generator
		var label: String = main.GENERATORS[index]["id"]
		for want_level in range(2, 6):
			main.next_level()
			var grid: DungeonGrid = main.dungeon.grid
			var r: Vector2i = gen.room_count_range(want_level)
			var n := grid.get_room_cell_count()
			# Secret rooms (Isaac's special rooms) come on top of the count.
			var grown := n - grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET).size()
			t.check_eq(main.level, want_level, label + ": level counter")
			t.check_eq(grid.level, want_level, label + ": grid.level")
			t.check(grown >= r.x and grown <= r.y, "%s level %d: %d rooms outside %s" % [label, want_level, grown, r])
			t.check_eq(grown, gen.room_count(want_level), label + ": room_count(level)")
			t.check_eq(main.dungeon.room_nodes().size(), n, label + ": room nodes")
			var hud = main.hud
			t.check(hud.level_label.text.contains(str(want_level)), label + ": HUD level " + hud.level_label.text)
			# The HUD counts in the range's units: "16 rooms + 1 secret".
			var secret := n - grown
			var want_text := "%d rooms" % grown + (" + %d secret" % secret if secret > 0 else "")
			t.check_eq(hud.rooms_label.text, want_text, label + ": HUD rooms")
			t.check(hud.range_label.text.contains("%d – %d" % [r.x, r.y]), label + ": HUD range " + hud.range_label.text)
			t.check(hud.seed_label.text.contains(str(SEED)), label + ": HUD seed " + hud.seed_label.text)
	_done(main)


## The HUD's room count is in the units of the level's range: a template
## level counts its rooms and names its corridor pieces apart; an Isaac floor
## names its secret rooms apart. The README's screenshot shows this HUD.
func test_hud_counts_in_the_ranges_units(t) -> void:
	var main := _main()
	var templates := -1
	var branching := -1
	for i in main.GENERATORS.size():
		if main.GENERATORS[i]["id"] == "templates":
			templates = i
		if main.GENERATORS[i]["id"] == "isaac_branching":
			branching = i
	if not t.check(templates >= 0 and branching >= 0, "the sample offers templates and isaac_branching"):
		_done(main)
		return
	main.select_generator(templates)
	var gen: Resource = main.dungeon.generator
	var pieces_seen := 0
	for want_level in range(2, 5):
		main.next_level()
		var placements: Array = main.dungeon.room_graph["placements"]
		var pieces := 0
		for p in placements:
			if p["resource"].tags.has(gen.corridor_tag):
				pieces += 1
		pieces_seen += pieces
		var rooms := placements.size() - pieces
		var r: Vector2i = gen.room_count_range(want_level)
		t.check(rooms >= r.x and rooms <= r.y, "templates level %d: %d rooms outside %s" % [want_level, rooms, r])
		var want := "%d rooms" % rooms + (" + %d corridor piece%s" % [pieces, "" if pieces == 1 else "s"] if pieces > 0 else "")
		t.check_eq(main.hud.rooms_label.text, want, "templates level %d: HUD rooms" % want_level)
	t.check(pieces_seen > 0, "the template levels have corridor pieces")
	# The README's screenshot: isaac_branching, seed 186, level 4.
	main.select_generator(branching)
	main.run_seed = 186
	main.level = 4
	main.build_level()
	var grid: DungeonGrid = main.dungeon.grid
	var secret := grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET).size()
	t.check(secret > 0, "the README floor has a secret room")
	t.check_eq(main.hud.rooms_label.text, "%d rooms + %d secret" % [main.dungeon.generator.room_count(4), secret], "README floor: HUD rooms")
	_done(main)


func test_run_seed_makes_levels_reproducible(t) -> void:
	var main := _main()
	main.select_generator(1)
	main.next_level()
	main.next_level()
	var shown: String = main.dungeon.grid.to_json()
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_COMPACT
	gen.seed = SEED
	t.check_eq(shown, gen.generate_level(3).to_json(), "level 3 on screen == generate_level(3) of the run seed")
	# Regenerate with the typed seed rebuilds the same floor.
	main.hud.set_seed_text(SEED)
	main.regenerate()
	t.check_eq(main.dungeon.grid.to_json(), shown, "Regenerate with the same seed")
	main.hud.set_seed_text(SEED + 1)
	main.regenerate()
	t.check(main.dungeon.grid.to_json() != shown, "another seed, another floor")
	t.check_eq(main.dungeon.grid.seed, SEED + 1, "grid.seed follows the seed field")
	_done(main)


func test_last_level_starts_a_new_run(t) -> void:
	var main := _main()
	main.select_generator(0)
	var last: int = main.max_level()
	t.check(last > 1, "classic has a last level")
	main.level = last
	main.build_level()
	main.next_level()
	t.check_eq(main.level, 1, "after the last level: level 1")
	t.check_eq(main.run_seed, SEED + 1, "of the next seed")
	t.check(main.dungeon.grid != null, "and it was generated")
	_done(main)


func test_bsp_tile_view(t) -> void:
	var main := _main()
	main.select_generator(BSP)
	var dungeon: Dungeon = main.dungeon
	var grid := dungeon.grid
	if not t.check(grid != null, "bsp grid"):
		_done(main)
		return
	var layer := dungeon.tile_layer
	t.check_eq(dungeon.room_nodes().size(), 0, "no room nodes in the tile view")
	var walkable := 0
	var walls := 0
	var wrong := 0
	var samples := 0
	for y in grid.height:
		for x in grid.width:
			var cell := Vector2i(x, y)
			var code := grid.get_cell(cell)
			var want := Vector2i(-1, -1)
			if code != DungeonGrid.EMPTY:
				walkable += 1
				want = WANT_ATLAS[code]
			else:
				var touches := false
				for dy in [-1, 0, 1]:
					for dx in [-1, 0, 1]:
						if grid.is_walkable(cell + Vector2i(dx, dy)):
							touches = true
				if touches:
					walls += 1
					want = WALL_FACE if grid.is_walkable(cell + Vector2i(0, 1)) else WALL_TOP
			samples += 1
			if layer.get_cell_atlas_coords(cell) != want:
				wrong += 1
			elif want != Vector2i(-1, -1) and layer.get_cell_source_id(cell) != 0:
				wrong += 1
	t.check_eq(layer.get_used_cells().size(), walkable + walls, "used cells == walkable + wall tiles")
	t.check_eq(dungeon.wall_cells.size(), walls, "wall_cells")
	t.check_eq(wrong, 0, "cells with the wrong tile (of %d)" % samples)
	t.check_eq(layer.get_cell_atlas_coords(grid.start_cell), WANT_ATLAS[DungeonGrid.START], "start tile")
	t.check_eq(layer.get_cell_atlas_coords(grid.end_cell), WANT_ATLAS[DungeonGrid.END], "end tile")
	# Where the masks keep two walkable tiles apart, a thin wall stands
	# between them and collides.
	var closed := 0
	for y in grid.height:
		for x in grid.width:
			var cell := Vector2i(x, y)
			for side in [DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH]:
				var other := cell + (Vector2i.RIGHT if side == DungeonGrid.DOOR_EAST else Vector2i.DOWN)
				if grid.is_walkable(cell) and grid.is_walkable(other) and grid.door_mask(cell) & side == 0:
					closed += 1
	t.check_eq(dungeon.edge_walls.size(), closed, "one thin wall per closed side between walkable tiles")
	# They collide in the addon's merged body (DungeonCollision), which the
	# tiles leave the walls to.
	var collision := dungeon.collision_node()
	var thin := 0
	if t.check(collision != null, "the level has the merged collision"):
		for body in collision.get_children():
			t.check(body is StaticBody2D, "a body per chunk: %s" % body.name)
			for child in body.get_children():
				if String(child.name).begins_with("ThinWall_"):
					thin += 1
	t.check_eq(thin > 0, closed > 0, "thin walls in the merged body (%d shapes for %d closed sides)" % [thin, closed])
	t.check(not layer.collision_enabled, "the tiles' own collision is off")
	# The tile set's walls would collide (a tile set for levels without the
	# merged body), floors do not.
	var source := layer.tile_set.get_source(0) as TileSetAtlasSource
	for coords in [WALL_TOP, WALL_FACE]:
		t.check_eq(source.get_tile_data(coords, 0).get_collision_polygons_count(0), 1, "wall tile %s collides" % coords)
	for code in WANT_ATLAS:
		t.check_eq(source.get_tile_data(WANT_ATLAS[code], 0).get_collision_polygons_count(0), 0, "tile %s is walkable" % WANT_ATLAS[code])
	var r: Vector2i = dungeon.generator.room_count_range(1)
	t.check(dungeon.drawn_room_count() >= r.x and dungeon.drawn_room_count() <= r.y, "bsp room count in range")
	t.check(main.hud.rooms_label.text.contains(str(grid.room_rects().size())), "HUD shows the BSP room count")
	# The player starts on the START tile.
	t.check_eq(main.player_cell(), grid.start_cell, "player on START")
	_done(main)


## Enemies (enemies.gd) on level 1 of every generator but the huge ones
## (the autoplay bot checks there are some on level 2 too): 1 to 3, each on its own walkable cell's centre, far enough from
## START and outside secret rooms; the same places when the level is built
## again; a navigation region with polygons under them, and no navigation
## on the tiles.
func test_enemies_on_every_level(t) -> void:
	var main := _main()
	for index in main.GENERATORS.size():
		if main.is_huge(index):
			continue
		main.select_generator(index)
		var label: String = main.GENERATORS[index]["id"] + " level 1"
		var dungeon: Dungeon = main.dungeon
		var grid := dungeon.grid
		var poly: NavigationPolygon = dungeon.navigation_region.navigation_polygon
		t.check(poly != null and poly.get_polygon_count() > 0, label + ": a navigation polygon")
		t.check(dungeon.tile_layer == null or not dungeon.tile_layer.navigation_enabled, label + ": no navigation on the tiles")
		var positions := _enemy_positions(main)
		t.check(positions.size() >= 1 and positions.size() <= main.enemies.COUNT, "%s: 1 to 3 enemies, got %d" % [label, positions.size()])
		var min_steps: int = main.enemies.MIN_STEPS_TILES if Dungeon.is_tile_grid(grid) else main.enemies.MIN_STEPS_ROOMS
		var seen := {}
		var bad := 0
		for p in positions:
			var cell := dungeon.local_to_cell(p)
			if p != dungeon.cell_to_local(cell) or not grid.is_walkable(cell) or seen.has(cell) \
					or grid.distance_from_start(cell) < min_steps or grid.get_secret_rooms().has(grid.get_room_at(cell)):
				bad += 1
			seen[cell] = true
		t.check_eq(bad, 0, label + ": enemies on distinct walkable cell centres, far from START, outside secret rooms")
		main.build_level()
		t.check_eq(_enemy_positions(main), positions, label + ": the same places when the level is built again")
	_done(main)


func _enemy_positions(main: Node) -> Array[Vector2]:
	var out: Array[Vector2] = []
	for enemy in main.enemies.all():
		out.append(enemy.position)
	return out


func test_dungeon_node_on_its_own(t) -> void:
	var dungeon := Dungeon.new()
	var gen := DrunkardGenerator.new()
	dungeon.seed = 5
	dungeon.level = 2
	dungeon.generator = gen
	dungeon.room_size = Vector2(64, 48)
	var grid := dungeon.generate()
	if t.check(grid != null and grid == dungeon.grid, "generate() builds the dungeon"):
		t.check_eq(grid.level, 2, "generate() makes the node's level")
		t.check_eq(grid.seed, 5, "of the node's seed")
		var room: Node2D = dungeon.get_room(grid.end_cell)
		t.check_eq(room.position, Vector2(grid.end_cell) * Vector2(64, 48), "room_size is used")
	var before := dungeon.grid
	gen.width = -3
	t.expect_error("width")
	t.check(dungeon.generate() == null, "a failed generation returns null")
	t.check(dungeon.last_error.contains("width"), "and keeps the message: " + dungeon.last_error)
	t.check(dungeon.grid == before, "and keeps the dungeon on display")
	dungeon.clear()
	t.check_eq(dungeon.room_nodes().size(), 0, "clear() removes the rooms")
	_done(dungeon)


func test_room_scene_api(t) -> void:
	var room: Node2D = load("res://scenes/room.tscn").instantiate()
	room.setup(Vector2i(2, 3), Vector2(100, 200), DungeonGrid.DOOR_NORTH | DungeonGrid.DOOR_WEST, Room.Kind.NORMAL, false)
	t.check(room.is_open(DungeonGrid.DOOR_NORTH) and room.is_open(DungeonGrid.DOOR_WEST), "open sides")
	t.check(not room.is_open(DungeonGrid.DOOR_EAST) and not room.is_open(DungeonGrid.DOOR_SOUTH), "closed sides")
	t.check_eq(room.cell, Vector2i(2, 3), "cell")
	var n: int = room.collision_rects().size()
	room.open_sides = 0
	t.check(room.collision_rects().size() < n, "closing the doors rebuilds the walls")
	t.check_eq(room.collision_rects().size(), 4, "a closed room has four walls")
	_done(room)


func test_keys_and_buttons(t) -> void:
	var main := _main()
	main.select_generator(1)
	var key := InputEventKey.new()
	key.physical_keycode = KEY_N
	key.pressed = true
	main._unhandled_input(key)
	t.check_eq(main.level, 2, "N goes to the next level")
	main.hud.next_level_button.pressed.emit()
	t.check_eq(main.level, 3, "the Next level button too")
	var shown: String = main.dungeon.grid.to_json()
	key.physical_keycode = KEY_R
	main._unhandled_input(key)
	t.check_eq(main.dungeon.grid.to_json(), shown, "R with the same seed rebuilds the same level")
	main.hud.random_seed_toggle.button_pressed = true
	main.hud.regenerate_button.pressed.emit()
	t.check_eq(main.level, 3, "Regenerate keeps the level")
	t.check_eq(main.dungeon.grid.seed, main.run_seed, "Random: the grid uses the new run seed")
	t.check_eq(main.hud.typed_seed(), main.run_seed, "and the seed field shows it")
	main.hud.generator_picker.item_selected.emit(2)
	t.check_eq(main.dungeon.generator.get_class(), "DrunkardGenerator", "the picker switches generators")
	t.check_eq(main.level, 1, "a new generator starts at level 1")
	key.physical_keycode = KEY_TAB
	main._unhandled_input(key)
	t.check(main.overview, "Tab shows the whole level")
	var target: Array = main.camera_target()
	var used: Rect2 = main.dungeon.used_rect()
	t.check(target[0].x < 1.0 and target[0].x > 0.1, "overview zooms out: %s" % target[0])
	t.check(used.grow(1.0).has_point(target[1]), "overview centres on the level")
	_done(main)


## What the 2D editor shows of main.tscn: the HUD is hidden and holds no
## placeholder text; the game shows it once it has something to say.
func test_hud_shows_nothing_in_the_editor(t) -> void:
	var scene: Node = load("res://main.tscn").instantiate()
	var hud: CanvasLayer = scene.get_node("HUD")
	t.check(not hud.visible, "the HUD is hidden in the saved scene")
	var placeholders: Array[String] = []
	for label in hud.find_children("*", "Label", true, false):
		if label.unique_name_in_owner and label.text != "":
			placeholders.append("%s: %s" % [label.name, label.text])
	t.check(placeholders.is_empty(), "no placeholder text: " + ", ".join(placeholders))
	scene.free()
	var main := _main()
	t.check(main.hud.visible, "the running game shows the HUD")
	t.check(main.hud.level_label.text != "", "and fills its labels")
	_done(main)


## The sample's Dungeon is the addon's DungeonLevel2D (a script on top):
## the addon's Inspector (Generate, New seed, Bake, Clear, Live preview)
## takes it, and what it makes goes under the addon's output node.
func test_dungeon_is_the_addons_level_node(t) -> void:
	var dungeon := Dungeon.new()
	t.check(dungeon is DungeonLevel2D, "Dungeon extends DungeonLevel2D")
	# What the addon's Inspector plugin (level_inspector.gd) asks.
	t.check(dungeon.is_class("DungeonLevel2D"), "so the addon's Inspector plugin takes it")
	var gen := BspGenerator.new()
	dungeon.generator = gen
	dungeon.seed = 4
	var grid := dungeon.generate_level(2)
	if t.check(grid != null, "it generates"):
		t.check_eq(grid.to_json(), _bsp_level(4, 2), "the level of its seed and level")
		var output := dungeon.get_output()
		t.check(output != null and dungeon.get_tile_layer().get_parent() == output, "the tiles are the addon's (under get_output())")
		t.check(dungeon.collision_node() != null and dungeon.collision_node().get_parent() == output, "and so is the merged collision")
		t.check(output.get_index(true) < dungeon.get_node("Graph").get_index(true), "the output is drawn under the sample's overlays")
	dungeon.clear()
	t.check(dungeon.grid == null and dungeon.wall_cells.is_empty() and dungeon.edge_walls.is_empty(), "clear() also clears the overlays")
	dungeon.free()


func _bsp_level(seed: int, level: int) -> String:
	var gen := BspGenerator.new()
	gen.seed = seed
	return gen.generate_level(level).to_json()


## The sample offers every generator GeneratorRegistry lists: each class is
## the "type" of one entry of main.gd's GENERATORS or more, and every entry
## makes a registry generator under an id of its own.
func test_every_registry_generator_is_in_the_picker(t) -> void:
	var entries: Array = load("res://scripts/main.gd").GENERATORS
	var classes := Generators.classes()
	t.check(not classes.is_empty(), "GeneratorRegistry lists the generators")
	var types := {}
	var ids := {}
	for entry in entries:
		types[entry["type"]] = true
		t.check(entry["type"] in classes, "main.gd GENERATORS %s: %s is a registry generator" % [entry["id"], entry["type"]])
		t.check(not ids.has(entry["id"]), "main.gd GENERATORS: the id %s is used once" % entry["id"])
		ids[entry["id"]] = true
	for cls in classes:
		t.check(types.has(cls), "main.gd GENERATORS has an entry of %s" % cls)


## The Inspector's range for main.gd's generator_index reaches every entry
## of GENERATORS, and no further.
func test_generator_index_range_reaches_every_entry(t) -> void:
	var script: GDScript = load("res://scripts/main.gd")
	var main: Node = script.new()
	var found := {}
	for p in main.get_property_list():
		if p["name"] == "generator_index":
			found = p
	main.free()
	t.check_eq(found.get("hint"), PROPERTY_HINT_RANGE, "generator_index is an Inspector range")
	var bounds := Array(String(found.get("hint_string", "")).split(",")).slice(0, 2).map(
			func(s: String) -> int: return s.to_int())
	t.check_eq(bounds, [0, script.GENERATORS.size() - 1], "generator_index goes from the first entry of GENERATORS to the last")


## The Dungeon node's generator property offers every registry class in the
## Inspector (its resource-type hint), and only generator classes.
func test_dungeon_node_offers_every_generator(t) -> void:
	var dungeon := Dungeon.new()
	var hint := ""
	for p in dungeon.get_property_list():
		if p["name"] == "generator":
			hint = p["hint_string"]
	dungeon.free()
	var offered := Array(hint.split(","))
	var classes := Generators.classes()
	t.check(not classes.is_empty(), "GeneratorRegistry lists the generators")
	for cls in classes:
		t.check(cls in offered, "Dungeon.generator offers %s" % cls)
	for cls in offered:
		t.check(cls in classes, "Dungeon.generator offers %s, a registry generator" % cls)
