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


## The item and orientation a DungeonGridMapPainter with the default
## items (start and end as floor) must put at `c` of `g`: [item, turn].
static func expected_cell(g: DungeonGrid, c: Vector2i, turns: Array) -> Array:
	var items := {DungeonGrid.ROOM: 0, DungeonGrid.START: 0, DungeonGrid.END: 0,
			DungeonGrid.CORRIDOR: 1, DungeonGrid.DOOR: 2}
	if g.is_walkable(c):
		return [items.get(g.get_cell(c), 0), 0]
	for dy in [-1, 0, 1]:
		for dx in [-1, 0, 1]:
			if g.is_walkable(c + Vector2i(dx, dy)):
				# Face the first open side among S, E, N, W.
				for side in [[Vector2i(0, 1), 0], [Vector2i(1, 0), 1], [Vector2i(0, -1), 2], [Vector2i(-1, 0), 3]]:
					if g.is_walkable(c + side[0]):
						return [3, turns[side[1]]]
				return [3, turns[0]]
	return [-1, 0]


## Every cell of `map` and of its chunk GridMaps, "cell:item:turn", sorted.
static func all_cells(map: GridMap) -> PackedStringArray:
	var out := PackedStringArray()
	for m in [map] + map.get_children().filter(func(c): return c is GridMap):
		for c in m.get_used_cells():
			out.append("%s:%d:%d" % [c, m.get_cell_item(c), m.get_cell_item_orientation(c)])
	out.sort()
	return out


## Maps over 512×512 cells go into chunk GridMaps of 256×256 cells: each
## chunk holds only its block, the cells along the chunk borders are the
## grid's, nothing is missing (the tile painter's count, an independent
## painting), paint_over_frames gives the same cells, and a small map
## painted next drops the chunks.
func test_grid_map_painter_chunks_big_maps(t) -> void:
	var gen := BspGenerator.new()
	gen.width = 600
	gen.height = 520
	gen.seed = 3
	var g := gen.generate_level(1)
	var gm := GridMap.new()
	var p := DungeonGridMapPainter.new()
	p.start_item = -1
	p.end_item = -1
	t.check(p.paint(g, gm), "paint a 600×520 cave")
	t.check_eq(gm.get_used_cells().size(), 0, "nothing in the map itself")
	# The tile painter, on one layer: which cells are painted.
	var tiles := DungeonTilePainter.new()
	tiles.chunking = DungeonTilePainter.CHUNKS_NEVER
	var layer := TileMapLayer.new()
	tiles.paint(g, layer)
	var tile_count := layer.get_used_cells().size()
	var blocks := {}
	for c in layer.get_used_cells():
		blocks["Chunk_%d_%d" % [c.x / 256, c.y / 256]] = true
	layer.free()
	tiles.free()
	var chunks := gm.get_children().filter(func(c): return c is GridMap)
	var names := chunks.map(func(c): return String(c.name))
	names.sort()
	var want_names := blocks.keys()
	want_names.sort()
	t.check_eq(names, want_names, "a chunk GridMap per 256² block with painted cells")
	var outside := 0
	var total := 0
	for chunk in chunks:
		var parts := String(chunk.name).split("_")
		var block := Rect2i(Vector2i(parts[1].to_int(), parts[2].to_int()) * 256, Vector2i(256, 256))
		t.check(chunk.mesh_library == gm.mesh_library and chunk.cell_size == gm.cell_size, "%s is set up like the map" % chunk.name)
		for c in chunk.get_used_cells():
			total += 1
			if not block.has_point(Vector2i(c.x, c.z)):
				outside += 1
	t.check_eq(outside, 0, "every chunk holds only its own block")
	var turns := []
	for k in 4:
		turns.append(gm.get_orthogonal_index_from_basis(Basis(Vector3.UP, k * PI / 2)))
	var wrong := 0
	var seen := 0
	for line in [255, 256, 511, 512]:
		for i in maxi(g.width, g.height):
			for c in [Vector2i(line, i), Vector2i(i, line)]:
				if c.x >= g.width or c.y >= g.height:
					continue
				var want := expected_cell(g, c, turns)
				if want[0] >= 0:
					seen += 1
				var at := Vector3i(c.x, 0, c.y)
				var got := p.get_cell_item_at(gm, at)
				var map := p.get_map_at(gm, at)
				if got != want[0] or (got >= 0 and map.get_cell_item_orientation(at) != want[1]):
					wrong += 1
	t.check(seen >= 200, "painted cells on the chunk borders: %d" % seen)
	t.check_eq(wrong, 0, "every cell along the chunk borders matches the grid")
	# The plain painting (use_chunks off, one GridMap) as the oracle.
	var plain := DungeonGridMapPainter.new()
	plain.start_item = -1
	plain.end_item = -1
	plain.use_chunks = false
	var one := GridMap.new()
	plain.paint(g, one)
	t.check_eq(one.get_child_count(), 0, "use_chunks off: no chunks")
	t.check(all_cells(gm) == all_cells(one), "chunked: exactly the cells of the plain painting")
	one.free()
	plain.free()
	t.check_eq(total, tile_count, "as many cells as the tile painter paints tiles")
	# Over frames: the same cells.
	var want := all_cells(gm)
	var other := GridMap.new()
	p.cells_per_frame = 50000
	p.paint_over_frames(g, other)
	var frames := 0
	while p.is_painting() and frames < 2000:
		OS.delay_usec(1000)
		(Engine.get_main_loop() as SceneTree).process_frame.emit()
		frames += 1
	t.check_eq(all_cells(other), want, "paint_over_frames: the same cells in the same chunks")
	# A small map next: no chunks left; get_map_at finds the map.
	var small := BspGenerator.new().generate_level(1)
	p.paint_over_frames(small, other)
	frames = 0
	while p.is_painting() and frames < 2000:
		OS.delay_usec(1000)
		(Engine.get_main_loop() as SceneTree).process_frame.emit()
		frames += 1
	t.check_eq(other.get_children().filter(func(c): return c is GridMap and not c.is_queued_for_deletion()).size(), 0, "a small map next: the chunks are gone")
	t.check_eq(p.get_map_at(other, Vector3i(small.start_cell.x, 0, small.start_cell.y)), other, "get_map_at finds the map itself")
	t.check(p.get_cell_item_at(other, Vector3i(small.start_cell.x, 0, small.start_cell.y)) >= 0, "with the small map's cells")
	t.check_eq(all_cells(other).size(), other.get_used_cells().size(), "every cell in the map itself")
	t.check(p.get_map_at(null, Vector3i.ZERO) == null, "get_map_at(null): null")
	gm.free()
	other.free()
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
