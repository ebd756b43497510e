extends RefCounted
## DungeonNavigation from GDScript, without frames: what build_polygon and
## build_mesh return (types, counts, cell sizes, the 3D surface height),
## determinism, the async builds (equal to the sync ones, in request order,
## cancellable, with progress), and the errors bad input gets. Paths through
## the real navigation servers need frames: tests/frames/navigation.gd
## (tests/check_frames.sh navigation) runs those.

const Support := preload("res://tests/support.gd")


static func bsp(s: int) -> DungeonGrid:
	var gen := BspGenerator.new()
	gen.seed = s
	return gen.generate_level(1)


func test_build_polygon(t) -> void:
	var nav := DungeonNavigation.new()
	var grid := bsp(3)
	var poly = nav.build_polygon(grid, Vector2(16, 16))
	if not t.check(poly is NavigationPolygon, "a NavigationPolygon: " + nav.last_error):
		return
	t.check_eq(nav.last_error, "", "no error")
	t.check_eq(poly.get_polygon_count(), nav.last_polygon_count, "last_polygon_count is the polygon count")
	var walkable := 0
	for c in grid.cells_packed():
		if c != 0:
			walkable += 1
	t.check(poly.get_polygon_count() > 0 and poly.get_polygon_count() * 4 < walkable,
			"%d polygons for %d walkable cells" % [poly.get_polygon_count(), walkable])
	t.check_eq(poly.cell_size, float(ProjectSettings.get_setting("navigation/2d/default_cell_size")),
			"the cell size is the project's map cell size")
	# Every vertex lies on the tile lattice or half way along a tile side,
	# inside the map.
	var size := Vector2(grid.width, grid.height) * 16.0
	var inside := true
	for v in poly.vertices:
		inside = inside and v.x >= 0.0 and v.y >= 0.0 and v.x <= size.x and v.y <= size.y \
				and is_equal_approx(fmod(v.x, 8.0), 0.0) and is_equal_approx(fmod(v.y, 8.0), 0.0)
	t.check(inside, "vertices on the map, on whole or half tiles")
	# The same grid and settings: the same polygons.
	var again = nav.build_polygon(grid, Vector2(16, 16))
	var same: bool = again.vertices == poly.vertices and again.get_polygon_count() == poly.get_polygon_count()
	for i in poly.get_polygon_count():
		same = same and again.get_polygon(i) == poly.get_polygon(i)
	t.check(same, "deterministic")
	nav.navigation_cell_size = 0.5
	t.check_eq(nav.build_polygon(grid, Vector2(16, 16)).cell_size, 0.5, "navigation_cell_size overrides the project's")


func test_build_mesh(t) -> void:
	var nav := DungeonNavigation.new()
	nav.floor_level = 2
	nav.floor_height = 0.1
	var mesh = nav.build_mesh(bsp(3), Vector3(2, 3, 2))
	if not t.check(mesh is NavigationMesh, "a NavigationMesh: " + nav.last_error):
		return
	t.check(mesh.get_polygon_count() > 0 and mesh.get_polygon_count() == nav.last_polygon_count, "polygons")
	var level := true
	for v in mesh.vertices:
		level = level and is_equal_approx(v.y, 6.1)
	t.check(level, "every vertex at floor_level * cell_size.y + floor_height = 6.1")
	t.check_eq(mesh.cell_size, float(ProjectSettings.get_setting("navigation/3d/default_cell_size")), "the map's cell size")


func test_room_grids(t) -> void:
	var nav := DungeonNavigation.new()
	var grid := IsaacGenerator.new().generate_level(3)
	# Rooms 320 × 256 px, walls 16 px thick, doorways 48 px wide.
	var open = nav.build_polygon(grid, Vector2(320, 256))
	nav.room_wall_thickness = 16
	nav.room_door_width = 48
	var walled = nav.build_polygon(grid, Vector2(320, 256))
	if t.check(open != null and walled != null, "room grid navigation: " + nav.last_error):
		t.check(walled.get_polygon_count() > open.get_polygon_count(),
				"walls and doorways make more polygons (%d, open %d)" % [walled.get_polygon_count(), open.get_polygon_count()])


func test_bad_input(t) -> void:
	var nav := DungeonNavigation.new()
	t.expect_error("grid is null")
	t.check(nav.build_polygon(null, Vector2(16, 16)) == null, "a null grid: null")
	t.check(nav.last_error.contains("grid is null"), "last_error: " + nav.last_error)
	var grid := bsp(1)
	for size in [Vector2(0, 16), Vector2(-1, 16), Vector2(NAN, 16), Vector2(16, INF)]:
		t.expect_error("cell_size")
		t.check(nav.build_polygon(grid, size) == null, "cell size %s: null" % size)
		t.check(nav.last_error.contains("cell_size"), "names cell_size: " + nav.last_error)
	t.expect_error("cell_size")
	t.check(nav.build_mesh(grid, Vector3(1, 1, 0)) == null, "a 3D cell of depth 0: null")
	nav.agent_radius = 8.0
	t.expect_error("agent_radius")
	t.check(nav.build_polygon(grid, Vector2(16, 16)) == null, "a radius of half a tile: null")
	t.check(nav.last_error.contains("agent_radius"), "names agent_radius: " + nav.last_error)
	nav.agent_radius = 0.0
	nav.navigation_cell_size = 20.0
	t.expect_error("cell size 20 is too coarse for this level")
	t.check(nav.build_polygon(grid, Vector2(16, 16)) == null, "a map cell larger than the tile: null")
	nav.navigation_cell_size = 0.0
	t.check(nav.build_polygon(grid, Vector2(16, 16)) != null and nav.last_error == "", "a good build clears last_error")
	var broken := DungeonGrid.new()
	t.expect_error("cannot load saved data")
	broken.set_json_data("{")
	t.expect_error("is_valid")
	t.check(nav.build_polygon(broken, Vector2(16, 16)) == null, "a grid that failed to load: null")


func test_async_equals_sync(t) -> void:
	var nav := DungeonNavigation.new()
	var grid := bsp(5)
	var got: Array = []
	nav.built.connect(func(request, navigation): got.append([request, navigation]))
	nav.build_failed.connect(func(request, message): got.append([request, message]))
	var first := nav.build_polygon_async(grid, Vector2(16, 16))
	var second := nav.build_mesh_async(grid, Vector3(2, 1, 2))
	t.check(nav.is_building(), "building while requests are pending")
	# The request copied the grid: changing it now does not change the result.
	var original := DungeonGrid.from_json(grid.to_json())
	grid.set_json_data(bsp(6).to_json())
	nav.wait_async()
	t.check(not nav.is_building(), "idle once delivered")
	t.check_eq(nav.progress, 1.0, "progress 1 when idle")
	if not t.check_eq(got.size(), 2, "both requests delivered: %s" % [got]):
		return
	t.check_eq([got[0][0], got[1][0]], [first, second], "in request order, with their ids")
	t.check(got[0][1] is NavigationPolygon and got[1][1] is NavigationMesh, "a NavigationPolygon, then a NavigationMesh")
	t.check(Support.same_navigation(got[0][1], nav.build_polygon(original, Vector2(16, 16))), "async polygon == build_polygon on the grid as it was")
	t.check(Support.same_navigation(got[1][1], nav.build_mesh(original, Vector3(2, 1, 2))), "async mesh == build_mesh")
	t.check_eq(got[1][1].cell_size, float(ProjectSettings.get_setting("navigation/3d/default_cell_size")), "the mesh has the 3D map's cell size")
	t.check_eq(nav.last_error, "", "no error")


func test_async_bad_input_fails_by_signal(t) -> void:
	var nav := DungeonNavigation.new()
	var failed: Array = []
	var built: Array = []
	nav.built.connect(func(request, navigation): built.append(request))
	nav.build_failed.connect(func(request, message): failed.append([request, message]))
	var a := nav.build_polygon_async(null, Vector2(16, 16))
	var b := nav.build_polygon_async(bsp(1), Vector2(0, 16))
	var c := nav.build_polygon_async(bsp(1), Vector2(16, 16))
	t.check(a > 0 and b > a and c > b, "every request gets an id (%d, %d, %d)" % [a, b, c])
	t.expect_error("grid is null")
	t.expect_error("cell_size")
	nav.wait_async()
	if t.check_eq(failed.size(), 2, "two failures: %s" % [failed]):
		t.check(failed[0][0] == a and failed[0][1].contains("grid is null"), "the null grid: " + str(failed[0]))
		t.check(failed[1][0] == b and failed[1][1].contains("cell_size"), "the zero cell size: " + str(failed[1]))
	t.check_eq(built, [c], "the good request after them still arrives")
	t.check_eq(nav.last_error, "", "and clears last_error")


func test_async_cancel_and_progress(t) -> void:
	var gen := CaveGenerator.new()
	gen.width = 1024
	gen.height = 1024
	gen.seed = 4
	var grid := gen.generate_level(1)
	var nav := DungeonNavigation.new()
	nav.agent_radius = 4.0
	var got: Array = []
	nav.built.connect(func(request, navigation): got.append(navigation))
	nav.build_failed.connect(func(request, message): got.append(message))
	# Cancelled at once: nothing is delivered, the object is idle.
	nav.build_polygon_async(grid, Vector2(16, 16))
	var second := nav.build_polygon_async(grid, Vector2(16, 16))
	t.check(nav.cancel_request(second), "cancel_request on a pending request")
	t.check(not nav.cancel_request(second), "not twice")
	t.check(not nav.cancel_request(99), "not an unknown id")
	t.check_eq(nav.cancel(), 1, "cancel() counts the one left")
	t.check(not nav.is_building(), "idle after cancel()")
	var waited := 0
	while nav.get_stopping_count() > 0 and waited < 20000:
		OS.delay_usec(1000)
		waited += 1
	t.check_eq(nav.get_stopping_count(), 0, "the workers stop (%d ms)" % waited)
	nav.wait_async()
	t.check_eq(got.size(), 0, "nothing delivered after cancelling")
	# A watched run: progress rises and never goes back, then the result.
	nav.build_polygon_async(grid, Vector2(16, 16))
	var seen := Support.watch_progress(nav, got, 60000)
	if t.check_eq(got.size(), 1, "the 1024² build arrives"):
		t.check(got[0] is NavigationPolygon and got[0].get_polygon_count() == nav.last_polygon_count, "a polygon: " + str(got[0]))
	t.check(seen.values >= 2, "progress took %d distinct values between 0 and 1 over %d frames" % [seen.values, seen.frames])
	t.check(seen.monotonic, "progress never goes back")
