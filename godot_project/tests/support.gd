extends RefCounted
## Checks shared by the suites: what every grid a game receives must satisfy.

const DIRS := [
	[Vector2i(0, -1), DungeonGrid.DOOR_NORTH, DungeonGrid.DOOR_SOUTH],
	[Vector2i(1, 0), DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_WEST],
	[Vector2i(0, 1), DungeonGrid.DOOR_SOUTH, DungeonGrid.DOOR_NORTH],
	[Vector2i(-1, 0), DungeonGrid.DOOR_WEST, DungeonGrid.DOOR_EAST],
]


## Connectivity through `path`, start != end, door masks symmetric and only
## between walkable cells, codes of start/end, packed cells agree with get_cell.
static func check_grid(t, grid: DungeonGrid, label: String) -> void:
	if not t.check(grid != null, label + ": grid is null"):
		return
	var start := grid.start_cell
	var end := grid.end_cell
	t.check(start != end, label + ": start == end")
	t.check_eq(grid.get_cell(start), DungeonGrid.START, label + ": start code")
	t.check_eq(grid.get_cell(end), DungeonGrid.END, label + ": end code")
	var packed := grid.cells_packed()
	t.check_eq(packed.size(), grid.width * grid.height, label + ": packed size")
	var walkable := 0
	var bad_doors := 0
	var mismatched := 0
	var unreachable := 0
	var wrong_distance := 0
	for y in grid.height:
		for x in grid.width:
			var cell := Vector2i(x, y)
			var code := grid.get_cell(cell)
			if packed[y * grid.width + x] != code:
				mismatched += 1
			var mask := grid.door_mask(cell)
			if code == DungeonGrid.EMPTY:
				if mask != 0:
					bad_doors += 1
				continue
			walkable += 1
			for d in DIRS:
				if mask & d[1]:
					var n: Vector2i = cell + d[0]
					if grid.get_cell(n) == DungeonGrid.EMPTY or not (grid.door_mask(n) & d[2]):
						bad_doors += 1
	t.check_eq(mismatched, 0, label + ": cells_packed disagrees with get_cell")
	t.check_eq(bad_doors, 0, label + ": one-sided or dangling doors")
	# Every room is reachable from the start, and path agrees with distance.
	for cell in grid.room_cells():
		var p := grid.path(start, cell)
		if p.is_empty() or p[0] != start or p[p.size() - 1] != cell:
			unreachable += 1
		elif p.size() - 1 != grid.distance_from_start(cell):
			wrong_distance += 1
	t.check_eq(unreachable, 0, label + ": rooms not reachable from the start")
	t.check_eq(wrong_distance, 0, label + ": path length != distance_from_start")
	t.check(grid.is_fully_connected(), label + ": is_fully_connected() is false")


## Room-grid extras: the end is a dead end, every walkable cell is a room.
static func check_room_grid(t, grid: DungeonGrid, label: String) -> void:
	check_grid(t, grid, label)
	if grid == null:
		return
	t.check(grid.dead_ends().has(grid.end_cell), label + ": end is not a dead end")
	t.check(grid.dead_ends().size() >= 2, label + ": fewer than 2 dead ends")
	var walkable := 0
	for v in grid.cells_packed():
		if v != DungeonGrid.EMPTY:
			walkable += 1
	t.check_eq(grid.room_cells().size(), walkable, label + ": room_cells() misses walkable cells")


## Sets `prop` to `value` on `gen`, generates, and checks the call failed
## cleanly: null, last_error naming the property, the signal emitted.
static func check_rejects(t, gen: Resource, prop: String, value: Variant, names: String = "") -> void:
	var label := "%s.%s = %s" % [gen.get_class(), prop, var_to_str(value)]
	var got: Array[String] = []
	var on_fail := func(msg: String) -> void: got.append(msg)
	gen.generation_failed.connect(on_fail)
	gen.set(prop, value)
	var want := names if names != "" else prop
	t.expect_error(want)
	var grid = gen.generate_level(1)
	t.check(grid == null, label + ": expected null")
	t.check(String(gen.last_error).contains(want), label + ": last_error %s does not name %s" % [gen.last_error, want])
	t.check_eq(got.size(), 1, label + ": generation_failed emissions")
	gen.generation_failed.disconnect(on_fail)


## Runs simulated frames (about a millisecond each, then `gen.poll_async()`)
## until `done` is not empty or `max_frames` passed, reading `gen.progress`
## before each: `{frames, values}` (the distinct values strictly between 0
## and 1) and `monotonic` (it never went back).
static func watch_progress(gen: Object, done: Array, max_frames: int) -> Dictionary:
	var values := {}
	var last := 0.0
	var monotonic := true
	var frames := 0
	while done.is_empty() and frames < max_frames:
		var p: float = gen.progress
		monotonic = monotonic and p >= last
		last = p
		if p > 0.0 and p < 1.0:
			values[p] = true
		OS.delay_usec(1000)
		gen.poll_async()
		frames += 1
	return {"frames": frames, "values": values.size(), "monotonic": monotonic}


## The same polygons: vertices and every polygon's indices.
static func same_navigation(a, b) -> bool:
	if a == null or b == null or a.get_class() != b.get_class() or a.vertices != b.vertices:
		return false
	if a.get_polygon_count() != b.get_polygon_count():
		return false
	for i in a.get_polygon_count():
		if a.get_polygon(i) != b.get_polygon(i):
			return false
	return true
