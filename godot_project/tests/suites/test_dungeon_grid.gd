extends RefCounted
## DungeonGrid: the data a game reads.

const Support := preload("res://tests/support.gd")


func test_constants(t) -> void:
	t.check_eq(DungeonGrid.EMPTY, 0, "EMPTY")
	t.check_eq(DungeonGrid.ROOM, 1, "ROOM")
	t.check_eq(DungeonGrid.START, 2, "START")
	t.check_eq(DungeonGrid.END, 3, "END")
	t.check_eq(DungeonGrid.CORRIDOR, 4, "CORRIDOR")
	t.check_eq(DungeonGrid.DOOR, 5, "DOOR")
	t.check_eq(DungeonGrid.FLOOR, 6, "FLOOR")
	t.check_eq([DungeonGrid.DOOR_NORTH, DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH, DungeonGrid.DOOR_WEST], [1, 2, 4, 8], "door bits")


func test_reading_a_grid(t) -> void:
	var gen := IsaacGenerator.new()
	gen.seed = 7
	var grid := gen.generate_level(3)
	t.check(grid is Resource, "DungeonGrid is a Resource")
	t.check_eq(grid.generator, "isaac", "generator")
	t.check_eq([grid.width, grid.height], [8, 8], "size")
	var rooms := grid.room_cells()
	t.check(rooms is Array, "room_cells is an Array")
	t.check_eq(rooms.get_typed_builtin(), TYPE_VECTOR2I, "room_cells is Array[Vector2i]")
	t.check_eq(grid.get_room_cell_count(), rooms.size(), "get_room_cell_count")
	_check_packed_rooms(t, grid, "isaac")
	_check_packed_rooms(t, BspGenerator.new().generate_level(1), "bsp")
	t.check_eq(grid.get_cell(Vector2i(-1, 0)), DungeonGrid.EMPTY, "outside is EMPTY")
	t.check_eq(grid.door_mask(Vector2i(100, 100)), 0, "outside has no doors")
	t.check_eq(grid.distance_from_start(grid.start_cell), 0, "start distance")
	t.check_eq(grid.distance_from_start(Vector2i(-5, -5)), -1, "outside distance")
	t.check(grid.path(grid.start_cell, Vector2i(-1, -1)).is_empty(), "no path outside")
	for c in grid.neighbors(grid.start_cell):
		t.check(rooms.has(c), "neighbour %s is a room" % c)
	var ascii := grid.to_ascii()
	t.check_eq(ascii.count("\n"), 8, "ascii rows")
	t.check_eq(ascii.count("S"), 1, "ascii start")
	t.check_eq(ascii.count("E"), 1, "ascii end")
	t.check_eq(grid.room_rects().size(), 0, "room grids have no rects")
	t.check_eq(grid.door_masks_packed().size(), 64, "door_masks_packed size")


func test_json_round_trip(t) -> void:
	var gen := BspGenerator.new()
	var grid := gen.generate_level(2)
	var text := grid.to_json()
	var parsed = JSON.parse_string(text)
	t.check(parsed is Dictionary, "to_json is JSON")
	for key in ["version", "kind", "generator", "seed", "level", "width", "height", "cells", "doors", "start", "end", "rooms", "connections"]:
		t.check(parsed.has(key), "JSON has " + key)
	var back := DungeonGrid.from_json(text)
	t.check(back != null, "from_json")
	t.check_eq(back.to_json(), text, "round trip is exact")
	t.check_eq(back.room_rects(), grid.room_rects(), "rects survive")
	t.expect_error("from_json")
	t.check(DungeonGrid.from_json("{not json") == null, "bad JSON gives null")
	t.expect_error("from_json")
	t.check(DungeonGrid.from_json(text.replace("\"width\":40", "\"width\":41")) == null, "inconsistent JSON gives null")


func test_save_and_load_with_resource_saver(t) -> void:
	var gen := DrunkardGenerator.new()
	gen.seed = 12
	var grid := gen.generate_level(5)
	for path in ["user://level5.tres", "user://level5.res"]:
		t.check_eq(ResourceSaver.save(grid, path), OK, "save " + path)
		var back := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as DungeonGrid
		t.check(back != null, "load " + path)
		if back:
			t.check_eq(back.to_json(), grid.to_json(), "same grid after " + path)
			Support.check_room_grid(t, back, "loaded " + path)
		DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


func test_new_grid_is_harmless(t) -> void:
	var g := DungeonGrid.new()
	t.check_eq([g.width, g.height], [1, 1], "empty grid size")
	t.check_eq(g.room_cells().size(), 0, "no rooms")
	t.check_eq(g.path(Vector2i.ZERO, Vector2i.ZERO).size(), 0, "no path")
	t.check(not g.is_fully_connected(), "an empty grid is not connected")


## room_cells_packed() holds room_cells() as x, y pairs, in the same order.
func _check_packed_rooms(t, grid: DungeonGrid, label: String) -> void:
	var rooms := grid.room_cells()
	var packed := grid.room_cells_packed()
	t.check(packed is PackedInt32Array, label + ": room_cells_packed is a PackedInt32Array")
	t.check_eq(packed.size(), 2 * rooms.size(), label + ": two ints per room cell")
	var same := rooms.size() > 0
	for k in rooms.size():
		if Vector2i(packed[2 * k], packed[2 * k + 1]) != rooms[k]:
			same = false
			break
	t.check(same, label + ": room_cells_packed pairs == room_cells")


## A saved grid whose data is garbage: Godot's loader cannot refuse it, so
## the grid loads marked invalid and answers every query with an error and an
## empty result, never with a grid that looks valid.
func test_corrupt_saved_grid_is_refused_loudly(t) -> void:
	var path := "user://corrupt_grid.tres"
	var good := IsaacGenerator.new().generate()
	t.check(good.is_valid(), "a generated grid is valid")
	t.check_eq(ResourceSaver.save(good, path), OK, "save a good grid")
	var text := FileAccess.get_file_as_string(path)
	t.check(text.contains("json_data = "), "the file stores json_data")
	var start := text.find("json_data = ")
	var bad := text.substr(0, start) + "json_data = \"{\\\"generator\\\": garbage\"\n"
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_string(bad)
	f.close()
	t.expect_error("cannot load saved data")
	var grid := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE) as DungeonGrid
	if not t.check(grid != null, "Godot still returns a resource"):
		return
	t.check(not grid.is_valid(), "the corrupt grid says it is invalid")
	for i in 10:
		t.expect_error("answers no query")
	t.check_eq([grid.width, grid.height], [0, 0], "size 0 x 0")
	t.check_eq(grid.start_cell, Vector2i(-1, -1), "no start cell")
	t.check_eq(grid.end_cell, Vector2i(-1, -1), "no end cell")
	t.check_eq(grid.get_cell(Vector2i.ZERO), DungeonGrid.EMPTY, "no cells")
	t.check(grid.room_cells().is_empty(), "no room cells")
	t.check(grid.cells_packed().is_empty(), "no packed cells")
	t.check(not grid.is_fully_connected(), "not connected")
	t.check_eq(grid.to_json(), "", "no JSON")
	t.check_eq(grid.get_room_cell_count(), 0, "no room cell count")
	# Loading good data into it makes it valid again.
	grid.set("json_data", good.to_json())
	t.check(grid.is_valid(), "valid after good data")
	t.check_eq(grid.to_json(), good.to_json(), "and holds that data")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
