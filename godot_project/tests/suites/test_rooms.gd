extends RefCounted
## DungeonGrid's rooms and room graph, as a game reads them.


func test_room_grid_rooms_are_cells(t) -> void:
	var gen := IsaacGenerator.new()
	gen.seed = 11
	var grid := gen.generate_level(2)
	t.check_eq(grid.get_kind(), DungeonGrid.KIND_ROOM_GRID, "Isaac makes a room grid")
	var cells := grid.room_cells()
	t.check_eq(grid.get_room_count(), cells.size(), "one room per room cell")
	for i in grid.get_room_count():
		t.check_eq(grid.get_room_rect(i), Rect2i(cells[i], Vector2i.ONE), "room %d covers its cell" % i)
		t.check_eq(grid.get_room_at(cells[i]), i, "room_at finds room %d" % i)
	var start := grid.get_start_room()
	var end := grid.get_end_room()
	t.check_eq(grid.get_room_rect(start).position, grid.start_cell, "start room holds the start cell")
	t.check_eq(grid.get_room_role(start), DungeonGrid.ROLE_START, "start role")
	t.check_eq(grid.get_room_role(end), DungeonGrid.ROLE_END, "end role")
	t.check_eq(grid.get_rooms_with_role(DungeonGrid.ROLE_END), PackedInt32Array([end]), "one end room")
	t.check_eq(grid.get_rooms_with_role(DungeonGrid.ROLE_NORMAL).size(), grid.get_room_count() - 2, "the rest are normal")
	# Room neighbours are exactly the cells the door mask opens to.
	for i in grid.get_room_count():
		var via_doors: Array[int] = []
		for c in grid.neighbors(cells[i]):
			via_doors.append(grid.get_room_at(c))
		via_doors.sort()
		t.check_eq(Array(grid.get_room_neighbors(i)), Array(via_doors), "neighbours of room %d" % i)
	# The room path is as long as the cell path between start and end.
	var rooms := grid.get_room_path(start, end)
	t.check_eq(rooms.size(), grid.path(grid.start_cell, grid.end_cell).size(), "room path = cell path")
	t.check_eq(rooms[0], start, "path starts at the start room")
	t.check_eq(rooms[-1], end, "path ends at the end room")
	for k in grid.get_connection_count():
		t.check(grid.get_connection_tiles(k).is_empty(), "room grids connect through doors, not tiles")


func test_tile_map_rooms_join_through_corridors(t) -> void:
	var grid := BspGenerator.new().generate_level(1)
	t.check_eq(grid.get_kind(), DungeonGrid.KIND_TILE_MAP, "BSP makes a tile map")
	var rects := grid.room_rects()
	t.check_eq(grid.get_room_count(), rects.size(), "one room per rect")
	var total := 0
	for i in grid.get_room_count():
		t.check_eq(grid.get_room_rect(i), rects[i], "room %d rect" % i)
		total += grid.get_room_cells(i).size()
		t.check(not grid.get_room_doors(i).is_empty(), "room %d has a door" % i)
	t.check_eq(total, grid.room_cells().size(), "room cells add up")
	t.check(grid.get_connection_count() >= grid.get_room_count() - 1, "enough connections to join every room")
	for k in grid.get_connection_count():
		var pair := grid.get_connection_rooms(k)
		var tiles := grid.get_connection_tiles(k)
		t.check(pair.x < pair.y, "connection %d is ordered" % k)
		t.check(not tiles.is_empty(), "connection %d runs through corridor tiles" % k)
		for tile in tiles:
			t.check_eq(grid.get_room_at(tile), -1, "connection tiles are not room floor")
			t.check(grid.get_cell(tile) in [DungeonGrid.CORRIDOR, DungeonGrid.DOOR], "connection tiles are corridor or door")
	# Every room can be reached from the start room.
	for i in grid.get_room_count():
		t.check(not grid.get_room_path(grid.get_start_room(), i).is_empty(), "room %d reachable" % i)


func test_bad_room_numbers_are_errors(t) -> void:
	var grid := IsaacGenerator.new().generate_level(1)
	t.expect_error("is not a room number")
	t.check_eq(grid.get_room_rect(-1), Rect2i(), "no rect for room -1")
	t.expect_error("is not a room number")
	t.check_eq(grid.get_room_role(999), -1, "no role for room 999")
	t.expect_error("is not a room number")
	t.check(grid.get_room_path(0, 999).is_empty(), "no path to room 999")
	t.expect_error("is not a connection number")
	t.check_eq(grid.get_connection_rooms(-3), Vector2i(-1, -1), "no connection -3")
	t.expect_error("unknown role")
	t.check(grid.get_rooms_with_role(42).is_empty(), "no rooms of role 42")
	t.check_eq(grid.get_room_at(Vector2i(-1, -1)), -1, "no room outside")


func test_rooms_survive_json(t) -> void:
	var grid := BspGenerator.new().generate_level(2)
	var back := DungeonGrid.from_json(grid.to_json())
	t.check(back != null, "v2 JSON loads")
	if back == null:
		return
	t.check_eq(back.get_room_count(), grid.get_room_count(), "room count survives")
	t.check_eq(back.get_connection_count(), grid.get_connection_count(), "connections survive")
	var data = JSON.parse_string(grid.to_json())
	t.check_eq(data["version"], 2.0, "JSON version 2")
	t.check_eq(data["kind"], "tile_map", "JSON kind")
	# Godot's JSON turns whole numbers into floats; they still load.
	var via_godot := DungeonGrid.from_json(JSON.stringify(data))
	t.check(via_godot != null, "JSON that went through Godot's JSON loads")


## The grids the bulk-read test compares: a floor with large rooms and
## special rooms, a room grid, and tile maps with rooms.
static func grids_with_rooms() -> Dictionary:
	var large := IsaacGenerator.new()
	large.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	large.seed = 186
	var drunk := DrunkardGenerator.new()
	var maze := MazeGenerator.new()
	maze.seed = 4
	var hilbert := HilbertGenerator.new()
	hilbert.preset = HilbertGenerator.PRESET_SPRAWLING
	return {
		"isaac large rooms": large.generate_level(4),
		"drunkard": drunk.generate_level(2),
		"bsp": BspGenerator.new().generate_level(1),
		"tinykeep": TinyKeepGenerator.new().generate_level(1),
		"maze": maze.generate_level(1),
		"hilbert": hilbert.generate_level(3),
		"cave (no rooms)": CaveGenerator.new().generate_level(1),
	}


func test_rooms_packed_equal_the_per_room_reads(t) -> void:
	var grids := grids_with_rooms()
	for label in grids:
		var grid: DungeonGrid = grids[label]
		var packed := grid.get_rooms_packed()
		var n := grid.get_room_count()
		var rects: PackedInt32Array = packed["rects"]
		var roles: PackedInt32Array = packed["roles"]
		var shapes: PackedInt32Array = packed["shapes"]
		var cells: PackedInt32Array = packed["cells"]
		var starts: PackedInt32Array = packed["cell_starts"]
		t.check_eq([rects.size(), roles.size(), shapes.size(), starts.size()], [4 * n, n, n, n + 1], label + ": one entry per room")
		if starts.size() != n + 1:
			continue
		t.check_eq(starts[n] * 2, cells.size(), label + ": the last start closes the cells")
		var same := true
		for r in n:
			var rect := grid.get_room_rect(r)
			same = same and Rect2i(rects[4 * r], rects[4 * r + 1], rects[4 * r + 2], rects[4 * r + 3]) == rect
			same = same and roles[r] == grid.get_room_role(r) and shapes[r] == grid.get_room_shape(r)
			var mine: Array[Vector2i] = []
			for k in range(starts[r], starts[r + 1]):
				mine.append(Vector2i(cells[2 * k], cells[2 * k + 1]))
			same = same and mine == grid.get_room_cells(r)
		t.check(same, "%s: %d rooms' rects, roles, shapes and cells equal get_room_*" % [label, n])
	var empty := DungeonGrid.new()
	t.check_eq(empty.get_rooms_packed()["cell_starts"], PackedInt32Array([0]), "a new grid: no rooms")
