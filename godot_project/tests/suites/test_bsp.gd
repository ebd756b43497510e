extends RefCounted
## BspGenerator as a game uses it.

const Support := preload("res://tests/support.gd")


func test_ten_level_run(t) -> void:
	var gen := BspGenerator.new()
	gen.seed = 4242
	for level in range(1, 11):
		var grid := gen.generate_level(level)
		var label := "bsp level %d" % level
		Support.check_grid(t, grid, label)
		if grid == null:
			continue
		var rects := grid.room_rects()
		var r := gen.room_count_range(level)
		t.check(rects.size() >= r.x and rects.size() <= r.y, "%s: %d rooms outside %s" % [label, rects.size(), r])
		var floor_cells := 0
		var outside := 0
		for rect in rects:
			floor_cells += rect.get_area()
			if rect.position.x < 1 or rect.position.y < 1 or rect.end.x > grid.width - 1 or rect.end.y > grid.height - 1:
				outside += 1
		t.check_eq(outside, 0, label + ": rooms cross the border")
		t.check_eq(grid.room_cells().size(), floor_cells, label + ": room_cells() == room floor")
		var overlaps := 0
		for i in rects.size():
			for j in range(i + 1, rects.size()):
				if rects[i].intersects(rects[j]):
					overlaps += 1
		t.check_eq(overlaps, 0, label + ": overlapping rooms")
		var doors := 0
		for v in grid.cells_packed():
			if v == DungeonGrid.DOOR:
				doors += 1
		t.check(doors >= 1, label + ": has doors")


func test_big_map(t) -> void:
	var gen := BspGenerator.new()
	gen.width = 256
	gen.height = 256
	gen.iterations = 8
	var grid := gen.generate()
	t.check(grid != null, "256x256 generates")
	if grid:
		t.check(grid.is_fully_connected(), "256x256 is connected")
		t.check(grid.room_rects().size() > 16, "256x256 has many rooms")


func test_bad_input_never_crashes(t) -> void:
	var cases := [
		["width", -3], ["width", 0], ["height", 1 << 40], ["iterations", 0], ["iterations", 99],
		["partition_range", 0.9], ["min_partition_size", -1], ["room_size_min", 0.0],
		["min_room_size", 0], ["border", 0], ["room_size_max", 1.5], ["border", 1 << 40],
	]
	for c in cases:
		Support.check_rejects(t, BspGenerator.new(), c[0], c[1])
	var gen := BspGenerator.new()
	gen.room_size_min = 0.9
	Support.check_rejects(t, gen, "room_size_max", 0.5, "room_size_min")
	var tiny := BspGenerator.new()
	tiny.width = 10
	tiny.height = 10
	tiny.min_partition_size = 6
	t.expect_error("min_partition_size")
	t.check(tiny.generate() == null, "a 10x10 map cannot hold two rooms of 6-tile parts")
	t.check(tiny.last_error != "", "and says why")
