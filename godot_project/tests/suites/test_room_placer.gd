extends RefCounted
## DungeonRoomPlacer (room scenes per room record, 2D and 3D) and
## DungeonGridMapPainter (a grid onto a GridMap, walls turned to the floor).

const SCRIPT_2D := "extends Node2D\nvar info := {}\nfunc setup_room(i: Dictionary) -> void:\n\tinfo = i\n"
const SCRIPT_3D := "extends Node3D\nvar info := {}\nfunc setup_room(i: Dictionary) -> void:\n\tinfo = i\n"


static func room_scene(source: String, three_d: bool) -> PackedScene:
	var script := GDScript.new()
	script.source_code = source
	script.reload()
	var root: Node = Node3D.new() if three_d else Node2D.new()
	root.set_script(script)
	var scene := PackedScene.new()
	scene.pack(root)
	root.free()
	return scene


func test_rooms_of_a_room_grid_in_2d(t) -> void:
	var gen := IsaacGenerator.new()
	gen.seed = 4
	var g := gen.generate_level(4)
	var placer := DungeonRoomPlacer.new()
	placer.room_scene = room_scene(SCRIPT_2D, false)
	placer.room_size = Vector3(320, 180, 0)
	var parent := Node2D.new()
	var seen := []
	placer.room_placed.connect(func(n, info): seen.append(info["room"]))
	var rooms := placer.place(g, parent)
	t.check_eq(rooms.size(), g.get_room_count(), "one node per room")
	t.check_eq(parent.get_child_count(), g.get_room_count(), "all under the parent")
	t.check_eq(seen.size(), g.get_room_count(), "room_placed per room")
	var dead := g.dead_ends()
	var wrong := 0
	for i in rooms.size():
		var node: Node2D = rooms[i]
		var info: Dictionary = node.info
		var cell := g.get_room_rect(i).position
		var ok: bool = node.position == Vector2(cell.x * 320, cell.y * 180) \
				and info["room"] == i and info["door_mask"] == g.door_mask(cell) \
				and info["code"] == g.get_cell(cell) and info["dead_end"] == dead.has(cell) \
				and info["cells"] == [cell] and info["role"] == g.get_room_role(i)
		if not ok:
			wrong += 1
			if wrong < 3:
				t.check(false, "room %d: %s at %s" % [i, info, node.position])
	t.check_eq(wrong, 0, "every room placed with its doors")
	var starts := rooms.filter(func(n): return n.info["code"] == DungeonGrid.START)
	t.check_eq(starts.size(), 1, "one start room")
	parent.free()
	placer.free()


## Isaac floors with large rooms and secret rooms: each info's secret doors,
## marker and dead end agree with the grid, over many seeds.
func test_large_and_secret_rooms_info(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	var placer := DungeonRoomPlacer.new()
	placer.room_scene = room_scene(SCRIPT_2D, false)
	var secret_doors := 0
	var large := 0
	var wrong := 0
	for seed in 40:
		gen.seed = seed
		var g := gen.generate_level(1 + seed % 6)
		var parent := Node2D.new()
		var rooms := placer.place(g, parent)
		var dead := g.dead_ends()
		for i in rooms.size():
			var info: Dictionary = rooms[i].info
			var cells := g.get_room_cells(i)
			if cells.size() > 1:
				large += 1
			var want_secret := {}
			var want_marker := cells[0]
			var door_cells := 0
			for c in cells:
				if g.secret_door_mask(c) != 0:
					want_secret[c] = g.secret_door_mask(c)
				if g.get_cell(c) == DungeonGrid.START or g.get_cell(c) == DungeonGrid.END:
					want_marker = c
			secret_doors += want_secret.size()
			var is_dead := cells.any(func(c): return dead.has(c))
			if info["secret_doors"] != want_secret or info["marker"] != want_marker \
					or info["code"] != g.get_cell(want_marker) or info["dead_end"] != is_dead:
				wrong += 1
				if wrong < 3:
					t.check(false, "seed %d room %d: %s" % [seed, i, info])
		parent.free()
	t.check_eq(wrong, 0, "secret doors, marker, code and dead end of every room agree with the grid")
	t.check(secret_doors > 40, "secret doors were seen (%d)" % secret_doors)
	t.check(large > 40, "large rooms were seen (%d)" % large)
	placer.free()


func test_rooms_in_3d_and_multi_cell_rooms(t) -> void:
	var g := BspGenerator.new().generate_level(2)
	var placer := DungeonRoomPlacer.new()
	placer.room_scene = room_scene(SCRIPT_3D, true)
	placer.room_size = Vector3(2, 3, 4)
	var parent := Node3D.new()
	var rooms := placer.place(g, parent)
	t.check_eq(rooms.size(), g.get_room_count(), "one node per BSP room")
	var bad := 0
	for i in rooms.size():
		var node: Node3D = rooms[i]
		var r := g.get_room_rect(i)
		if node.position != Vector3(r.position.x * 2, 0, r.position.y * 4):
			bad += 1
		var doors: Dictionary = node.info["doors"]
		var union := 0
		for cell in doors:
			union |= doors[cell]
			if not r.has_point(cell):
				bad += 1
			for d in [[Vector2i(0, -1), 1], [Vector2i(1, 0), 2], [Vector2i(0, 1), 4], [Vector2i(-1, 0), 8]]:
				if doors[cell] & d[1]:
					var out: Vector2i = cell + d[0]
					if r.has_point(out) or not g.is_walkable(out) or g.door_mask(cell) & d[1] == 0:
						bad += 1
		t.check(doors.size() > 0, "room %d has a door" % i)
		if union != node.info["door_mask"]:
			bad += 1
	t.check_eq(bad, 0, "positions and door openings of multi-cell rooms")
	parent.free()
	placer.free()


func test_room_placer_errors(t) -> void:
	var placer := DungeonRoomPlacer.new()
	var parent := Node.new()
	t.expect_error("room_scene is null")
	t.check_eq(placer.place(IsaacGenerator.new().generate(), parent).size(), 0, "no scene: nothing placed")
	placer.room_scene = room_scene("extends Node\n", false)
	var bad := PackedScene.new()
	var plain := Node.new()
	bad.pack(plain)
	plain.free()
	placer.room_scene = bad
	t.expect_error("neither a Node2D nor a Node3D")
	t.check_eq(placer.place(IsaacGenerator.new().generate(), parent).size(), 0, "plain Node root refused")
	t.check(placer.last_error.contains("Node2D"), "last_error says why")
	t.check_eq(parent.get_child_count(), 0, "nothing left behind")
	parent.free()
	placer.free()


static func mesh_library() -> MeshLibrary:
	var lib := MeshLibrary.new()
	for i in 4:
		lib.create_item(i)
		lib.set_item_mesh(i, BoxMesh.new())
	return lib


func test_grid_map_painter(t) -> void:
	var g := BspGenerator.new().generate_level(3)
	var gm := GridMap.new()
	gm.mesh_library = mesh_library()
	var p := DungeonGridMapPainter.new()
	p.floor_level = 2
	p.start_item = 0
	var done := []
	p.painted.connect(func(m): done.append(m))
	t.check(p.paint(g, gm), "paint")
	t.check_eq(done.size(), 1, "painted emitted")
	var turns := []
	for k in 4:
		turns.append(gm.get_orthogonal_index_from_basis(Basis(Vector3.UP, k * PI / 2)))
	var items := {DungeonGrid.ROOM: 0, DungeonGrid.START: 0, DungeonGrid.END: 0,
			DungeonGrid.CORRIDOR: 1, DungeonGrid.DOOR: 2}
	var wrong := 0
	var walls := 0
	for y in g.height:
		for x in g.width:
			var c := Vector2i(x, y)
			var at := Vector3i(x, 2, y)
			var want := -1
			var orient := 0
			if g.is_walkable(c):
				want = items[g.get_cell(c)]
			else:
				var near := false
				for dy in [-1, 0, 1]:
					for dx in [-1, 0, 1]:
						near = near or g.is_walkable(c + Vector2i(dx, dy))
				if near:
					want = 3
					walls += 1
					# Face the first open side among S, E, N, W.
					var k := 0
					for side in [[Vector2i(0, 1), 0], [Vector2i(1, 0), 1], [Vector2i(0, -1), 2], [Vector2i(-1, 0), 3]]:
						if g.is_walkable(c + side[0]):
							k = side[1]
							break
					orient = turns[k]
			if gm.get_cell_item(at) != want or (want >= 0 and gm.get_cell_item_orientation(at) != orient):
				wrong += 1
	t.check(walls > 50, "walls placed")
	t.check_eq(wrong, 0, "every GridMap cell matches the grid (items and wall turns)")
	t.check_eq(gm.get_used_cells().size(), g.cells_packed().count(1) + g.cells_packed().count(2) + g.cells_packed().count(3)
			+ g.cells_packed().count(4) + g.cells_packed().count(5) + walls, "nothing else painted")
	t.check_eq(turns.size(), 4, "four turns")
	t.check(turns[1] != turns[0] and turns[2] != turns[0], "turns differ")
	gm.free()
	p.free()


func test_grid_map_painter_refuses_null_and_corrupt_grids(t) -> void:
	var p := DungeonGridMapPainter.new()
	var gm := GridMap.new()
	t.expect_error("grid or grid_map is null")
	t.check(not p.paint(null, gm), "null grid refused")
	var bad := DungeonGrid.new()
	t.expect_error("cannot load saved data")
	bad.set_json_data("{not json")
	t.expect_error("failed to load")
	t.check(not p.paint(bad, gm), "corrupt grid refused")
	t.check(p.last_error.contains("is_valid"), "last_error says why")
	t.check(p.paint(BspGenerator.new().generate(), gm) and p.last_error == "", "a good paint clears last_error")
	gm.free()
	p.free()
