extends SceneTree
## Headless benchmark: navigation data for a generated level, Godot's own
## routes against ours, on the same maps.
##
## Run (tests/run_bench.sh does, once, on a release build):
##   godot --headless --path godot_project --script res://bench/nav_bench.gd [-- --quick]
## `-- --quick` runs the 64² and 256² maps only, with a 30 s bake cap;
## `-- --sides=64,256` picks the map sides (default 64, 256 and 1024).
## Prints a markdown section on stdout, ending with a line `END_NAV_BENCH`.
## Nothing is asserted. Every case runs once (Godot's 1024² routes take
## minutes), each in a child Godot process (this script with
## `-- --case=ROUTE:KIND:SIDE:FILE`, rows written to FILE), so that a case
## past its cap can be stopped: Godot's bake and its map updates cannot be
## interrupted, and freeing a map waits for its update to end.
##
## Maps: BSP, cave and maze grids at about 64², 256² and 1024² (mazes have
## odd sides), 16 px tiles; and walk_3d.tscn's BSP level on a GridMap with
## 1 m cells.
## - ours: DungeonNavigation.build_polygon() / build_mesh(), timed when the
##   class is registered (otherwise a "not built yet" row);
## - route A: a TileSet whose floor tiles each carry a full-square navigation
##   polygon, painted by DungeonTilePainter; Godot makes a region per cell;
## - route B: a runtime bake from the painted geometry: a NavigationPolygon
##   with one outline over the map rect, parsing the wall tiles' full-square
##   collision polygons (static colliders), then
##   bake_from_source_geometry_data(); in 3D a GridMap whose MeshLibrary items
##   carry collision shapes, parsed as static colliders (visual meshes are
##   not parsed).
## "Synced" is the time until the navigation map's iteration id has advanced,
## the server counts the expected polygons and a probe path query reaches its
## target (polled every frame, with physics at PHYSICS_HZ); path queries run
## only after that.

const SampleTiles := preload("res://scripts/dungeon_tiles.gd")

const TILE := 16
const SIDES: Array[int] = [64, 256, 1024]
const KINDS: Array[String] = ["bsp", "cave", "maze"]
## BSP split depth per side: one room per 256 tiles (2·log2(side) − 8).
const BSP_ITERATIONS := {64: 4, 256: 8, 1024: 12}
## Longest wait for a map to sync (ms).
const SYNC_CAP_MS := 120000.0
## Route B's parse + bake cap (ms).
const BAKE_CAP_MS := 120000.0
const QUICK_BAKE_CAP_MS := 30000.0
## Time spent on one map's queries before the rest are left out (ms).
const QUERY_BUDGET_MS := 60000.0
## Slack the parent gives a child's phase beyond the phase's own cap, and
## the cap of a child's whole run (ms).
const PHASE_SLACK_MS := 30000.0
const CHILD_CAP_MS := 900000.0
const QUERIES := 1000
const QUERY_SEED := 27
const PHYSICS_HZ := 240
## walk_3d.tscn's level: its generator's run seed and first level.
const WALK_3D_SEED := 7
## Each route's name in the tables.
const ROUTE_NAMES := {"ours": "ours: `build_polygon`", "a": "A: tile navigation polygons, `paint()`",
		"b": "B: runtime bake, parse + bake", "3d": "ours: `build_mesh`; B: runtime bake"}
const QUERY_NAMES := {"ours": "ours", "a": "A: tile polygons", "b": "B: runtime bake"}

var _quick := false
var _sides: Array[int] = SIDES.duplicate()
## Set when DungeonNavigation is registered (ours can be timed).
var _ours := false
var _build_rows: Array[String] = []
var _query_rows: Array[String] = []
## Kind → the side whose route B bake passed the cap; bigger maps of that
## kind are not baked.
var _capped := {}
## In a child: the file its rows and phases go to.
var _out: FileAccess


func _initialize() -> void:
	_quick = OS.get_cmdline_user_args().has("--quick")
	if _quick:
		_sides = SIDES.slice(0, 2)
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--sides="):
			_sides.clear()
			for side in arg.substr(8).split(","):
				_sides.append(int(side))
		if arg.begins_with("--case="):
			_run_child.call_deferred(arg.substr(7).split(":"))
			return
	_run.call_deferred()


## Ours, where it is timed: true once the extension registers
## DungeonNavigation (issue 27's class).
func has_ours() -> bool:
	return ClassDB.class_exists("DungeonNavigation")


## A DungeonNavigation, whose build_polygon() / build_mesh() the bench
## times (static or not, both are called on an instance).
func make_ours() -> Object:
	return ClassDB.instantiate("DungeonNavigation")


## The sample's tile set with a navigation layer whose floor kinds each
## carry one full-square navigation polygon (walls have none).
static func nav_tile_set() -> TileSet:
	var ts := SampleTiles.make_tile_set(TILE)
	ts.add_navigation_layer()
	var h := TILE * 0.5
	var square := NavigationPolygon.new()
	square.vertices = PackedVector2Array([Vector2(-h, -h), Vector2(h, -h), Vector2(h, h), Vector2(-h, h)])
	square.add_polygon(PackedInt32Array([0, 1, 2, 3]))
	var src := ts.get_source(0) as TileSetAtlasSource
	for coords in [SampleTiles.FLOOR, SampleTiles.CORRIDOR, SampleTiles.DOOR, SampleTiles.START, SampleTiles.END]:
		src.get_tile_data(coords, 0).set_navigation_polygon(0, square)
	return ts


static func make_grid(kind: String, side: int) -> DungeonGrid:
	match kind:
		"bsp":
			var gen := BspGenerator.new()
			gen.width = side
			gen.height = side
			# One room per 256 tiles, as the BSP scaling bench.
			gen.iterations = BSP_ITERATIONS.get(side, 8)
			return gen.generate_level(1)
		"cave":
			var gen := CaveGenerator.new()
			gen.width = side
			gen.height = side
			return gen.generate_level(1)
		_:
			var gen := MazeGenerator.new()
			gen.width = side - 1
			gen.height = side - 1
			return gen.generate_level(1)


## Indices (y · width + x) of the walkable cells.
static func walkable_cells(g: DungeonGrid) -> PackedInt32Array:
	var cells := g.cells_packed()
	var out := PackedInt32Array()
	for i in cells.size():
		if cells[i] != DungeonGrid.EMPTY:
			out.append(i)
	return out


## QUERIES seeded pairs of walkable cell centres, in pixels.
static func query_pairs(g: DungeonGrid, walkable: PackedInt32Array) -> Array[PackedVector2Array]:
	var rng := RandomNumberGenerator.new()
	rng.seed = QUERY_SEED
	var pairs: Array[PackedVector2Array] = []
	for q in QUERIES:
		var a := walkable[rng.randi_range(0, walkable.size() - 1)]
		var b := walkable[rng.randi_range(0, walkable.size() - 1)]
		pairs.append(PackedVector2Array([_centre(a, g.width), _centre(b, g.width)]))
	return pairs


static func _centre(index: int, width: int) -> Vector2:
	return Vector2((index % width + 0.5) * TILE, (index / width + 0.5) * TILE)


static func percentile(xs: Array, p: float) -> float:
	if xs.is_empty():
		return 0.0
	var s := xs.duplicate()
	s.sort()
	return s[mini(int(s.size() * p), s.size() - 1)]


func new_map_2d() -> RID:
	var map := NavigationServer2D.map_create()
	NavigationServer2D.map_set_active(map, true)
	return map


## The server's count `info` (NavigationServer2D/3D.INFO_*), or -1 where the
## server does not report it.
static func process_info(server: Object, info: int) -> int:
	return server.get_process_info(info) if server.has_method("get_process_info") else -1


## Milliseconds from `t0` (µs) until `map`'s iteration id differs from
## `id0`, the server counts `polygons` polygons over its active maps and a
## path query along `probe` reaches its end (the first iteration that counts
## the polygons can still answer no path); -1 after SYNC_CAP_MS.
func wait_synced(server: Object, map: RID, id0: int, polygons: int, t0: int, probe: Array) -> float:
	var poly_info: int = server.INFO_POLYGON_COUNT
	var now := Time.get_ticks_usec()
	while (now - t0) / 1000.0 <= SYNC_CAP_MS:
		var counted := process_info(server, poly_info)
		if server.map_get_iteration_id(map) != id0 and (counted < 0 or counted == polygons) and _reaches(server, map, probe):
			return (now - t0) / 1000.0
		await process_frame
		now = Time.get_ticks_usec()
	return -1.0


## Puts `data` (a NavigationPolygon, or a NavigationMesh for `server`
## NavigationServer3D) on a new region of `map`; the ms until the map has
## it (see wait_synced), -1 past the cap. The region's edge connections are
## off, as the docs advise for one region: its polygons join by shared
## edges, and Godot's search for edge connections alone took two minutes
## on a 1024² cave.
func sync_region(server: Object, map: RID, data: Resource, probe: Array) -> float:
	var region: RID = server.region_create()
	server.region_set_use_edge_connections(region, false)
	var id0: int = server.map_get_iteration_id(map)
	phase("sync")
	var t0 := Time.get_ticks_usec()
	server.region_set_map(region, map)
	if data is NavigationPolygon:
		NavigationServer2D.region_set_navigation_polygon(region, data)
	else:
		NavigationServer3D.region_set_navigation_mesh(region, data)
	return await wait_synced(server, map, id0, data.get_polygon_count(), t0, probe)


## The server's edge counts over its active maps: all polygon edges, those
## merged with another polygon's, and those connected across regions.
static func edge_counts(server: Object) -> String:
	var counts := [process_info(server, server.INFO_EDGE_COUNT), process_info(server, server.INFO_EDGE_MERGE_COUNT),
			process_info(server, server.INFO_EDGE_CONNECTION_COUNT)]
	return "?" if counts[0] < 0 else "%d / %d / %d" % counts


static func _reaches(server: Object, map: RID, probe: Array) -> bool:
	var path: Variant
	if server == NavigationServer2D:
		path = path_2d(map, probe[0], probe[1])
	else:
		var params := NavigationPathQueryParameters3D.new()
		params.map = map
		params.start_position = probe[0]
		params.target_position = probe[1]
		params.path_search_max_polygons = 0
		var result := NavigationPathQueryResult3D.new()
		NavigationServer3D.query_path(params, result)
		path = result.path
	return not path.is_empty() and path[path.size() - 1].distance_to(probe[1]) <= 0.5


## The path from `a` to `b` on `map`: NavigationServer2D.query_path() with
## map_get_path()'s settings (corridor funnel, simplification off) but no
## limit on the polygons searched (4.5+ stops at 4096 by default and
## returns a partial path, which the per-tile regions of a 256² map reach).
static func path_2d(map: RID, a: Vector2, b: Vector2) -> PackedVector2Array:
	var params := NavigationPathQueryParameters2D.new()
	params.map = map
	params.start_position = a
	params.target_position = b
	if "path_search_max_polygons" in params:
		params.path_search_max_polygons = 0
	var result := NavigationPathQueryResult2D.new()
	NavigationServer2D.query_path(params, result)
	return result.path


## [median µs, p95 µs, mean length in tiles, queries that did not reach
## their target, queries run] of the 2D path queries on `map`: the pairs
## in order, until QUERY_BUDGET_MS is spent.
static func time_queries(map: RID, pairs: Array[PackedVector2Array]) -> Array:
	var times := []
	var length := 0.0
	var reached := 0
	var start := Time.get_ticks_usec()
	for pr in pairs:
		if (Time.get_ticks_usec() - start) / 1000.0 > QUERY_BUDGET_MS:
			break
		var t0 := Time.get_ticks_usec()
		var path := path_2d(map, pr[0], pr[1])
		times.append(Time.get_ticks_usec() - t0)
		if path.is_empty() or path[path.size() - 1].distance_to(pr[1]) > 0.5:
			continue
		reached += 1
		for i in range(1, path.size()):
			length += path[i - 1].distance_to(path[i])
	return [percentile(times, 0.5), percentile(times, 0.95), length / TILE / maxi(reached, 1), times.size() - reached, times.size()]


static func format_query_row(label: String, route: String, r: Array) -> String:
	return "| %s | %s | %d | %.0f | %.0f | %.1f | %d |" % [label, route, r[4], r[0], r[1], r[2], r[3]]


static func ms(v: float) -> String:
	return "> cap" if v < 0.0 else "%.1f" % v


## A table row, to the file in a child (the parent collects them).
func emit_row(build: bool, row: String) -> void:
	_out.store_line(("BUILD\t" if build else "QUERY\t") + row)
	_out.flush()


## Tells the parent which capped phase the child is in.
func phase(name: String) -> void:
	_out.store_line("PHASE\t" + name)
	_out.flush()


## The child's job: one route on one map; then DONE, and the parent stops
## the process (nothing is freed: a freed map waits for its update).
func _run_child(job: PackedStringArray) -> void:
	_out = FileAccess.open(job[3], FileAccess.WRITE)
	if _out == null:
		quit(1)
		return
	_ours = has_ours()
	Engine.physics_ticks_per_second = PHYSICS_HZ
	if job[0] == "3d":
		await run_3d()
	else:
		var g := make_grid(job[1], int(job[2]))
		var walkable := walkable_cells(g)
		var pairs := query_pairs(g, walkable)
		var label := "%s %d×%d" % [job[1], g.width, g.height]
		match job[0]:
			"ours":
				await run_ours_2d(label, g, walkable.size(), pairs)
			"a":
				await run_route_a(label, g, walkable.size(), pairs)
			_:
				await run_route_b(label, g, walkable.size(), pairs)
	_out.store_line("DONE")
	_out.flush()
	quit(0)


## Runs one case in a child process and collects its rows; a phase past its
## cap stops the child, and the rows it did not write say "> cap".
func run_case(route: String, kind: String, side: int, label: String, cells: int) -> void:
	if route == "b" and _capped.has(kind):
		_build_rows.append("| %s | %d | %s | > cap (not run: %d² passed it) | | | | |" % [label, cells, ROUTE_NAMES[route], _capped[kind]])
		_query_rows.append("| %s | %s | | > cap | | | |" % [label, QUERY_NAMES[route]])
		return
	# Named by this process, so that benches run from two checkouts at once
	# (one user:// folder) do not share it.
	var file := ProjectSettings.globalize_path("user://nav_bench_case_%d.txt" % OS.get_process_id())
	DirAccess.remove_absolute(file)
	var args := ["--headless", "--path", ProjectSettings.globalize_path("res://"), "--script", get_script().resource_path,
			"--", "--case=%s:%s:%d:%s" % [route, kind, side, file]]
	if _quick:
		args.append("--quick")
	var pid := OS.create_process(OS.get_executable_path(), args)
	var started := Time.get_ticks_usec()
	var current := ""
	var since := started
	var stopped := ""
	var lines := PackedStringArray()
	while pid > 0 and OS.is_process_running(pid):
		lines = FileAccess.get_file_as_string(file).split("\n")
		if lines.has("DONE"):
			break
		var now := Time.get_ticks_usec()
		var last := ""
		for line in lines:
			if line.begins_with("PHASE\t"):
				last = line.substr(6)
		if last != current:
			current = last
			since = now
		if (now - since) / 1000.0 > phase_cap(current) or (now - started) / 1000.0 > CHILD_CAP_MS:
			stopped = current if current != "" else "setup"
			break
		await create_timer(0.05).timeout
	if pid > 0 and OS.is_process_running(pid):
		OS.kill(pid)
	lines = FileAccess.get_file_as_string(file).split("\n")
	DirAccess.remove_absolute(file)
	var built := false
	var queried := false
	for line in lines:
		if line.begins_with("BUILD\t"):
			_build_rows.append(line.substr(6))
			built = true
		elif line.begins_with("QUERY\t"):
			_query_rows.append(line.substr(6))
			queried = true
	var why := ""
	if stopped != "":
		why = "> cap (%s stopped after %.0f s)" % [stopped, (Time.get_ticks_usec() - since) / 1e6]
		if stopped == "bake":
			_capped[kind] = side
	elif not lines.has("DONE"):
		why = "the child process failed (see stderr)"
	if why == "":
		return
	if not built:
		_build_rows.append("| %s | %d | %s | %s | | | | |" % [label, cells, ROUTE_NAMES[route], why])
	if not queried and QUERY_NAMES.has(route):
		_query_rows.append("| %s | %s | | %s | | | |" % [label, QUERY_NAMES[route], why])


## How long a child may stay in `name` (ms).
func phase_cap(name: String) -> float:
	match name:
		"bake":
			return QUICK_BAKE_CAP_MS if _quick else BAKE_CAP_MS
		"sync":
			return SYNC_CAP_MS + PHASE_SLACK_MS
		"queries":
			return QUERY_BUDGET_MS + PHASE_SLACK_MS
	return CHILD_CAP_MS


## Ours: DungeonNavigation.build_polygon() on a region of a new map.
func run_ours_2d(label: String, g: DungeonGrid, cells: int, pairs: Array[PackedVector2Array]) -> void:
	if not _ours:
		emit_row(true, "| %s | %d | ours: `build_polygon` | not built yet | | | | |" % [label, cells])
		emit_row(false, "| %s | ours | | not built yet | | | |" % label)
		return
	var nav := make_ours()
	phase("build")
	var t0 := Time.get_ticks_usec()
	var poly: NavigationPolygon = nav.call("build_polygon", g, Vector2(TILE, TILE))
	var build_ms := (Time.get_ticks_usec() - t0) / 1000.0
	if poly == null:
		emit_row(true, "| %s | %d | ours: `build_polygon` | failed | | | | |" % [label, cells])
		emit_row(false, "| %s | ours | | failed | | | |" % label)
		return
	var map := new_map_2d()
	var synced := await sync_region(NavigationServer2D, map, poly, pairs[0])
	emit_row(true, "| %s | %d | ours: `build_polygon` | %.1f | %s | 1 | %d | %s |" % [
			label, cells, build_ms, ms(synced), poly.get_polygon_count(), edge_counts(NavigationServer2D)])
	emit_row(true, time_ours_async(nav, label, cells, g))
	if synced >= 0.0:
		phase("queries")
		emit_row(false, format_query_row(label, "ours", time_queries(map, pairs)))


## Ours on a worker thread: the main thread's share (the
## build_polygon_async() call, then the poll that makes the resource) and
## the wall time until delivered, polled every millisecond.
func time_ours_async(nav: Object, label: String, cells: int, g: DungeonGrid) -> String:
	var got: Array = []
	nav.connect("built", func(_request, navigation): got.append(navigation))
	var t0 := Time.get_ticks_usec()
	nav.call("build_polygon_async", g, Vector2(TILE, TILE))
	var call_ms := (Time.get_ticks_usec() - t0) / 1000.0
	var poll_ms := 0.0
	while got.is_empty() and Time.get_ticks_usec() - t0 < 60000000:
		OS.delay_usec(1000)
		var p0 := Time.get_ticks_usec()
		nav.call("poll_async")
		poll_ms = (Time.get_ticks_usec() - p0) / 1000.0
	var wall_ms := (Time.get_ticks_usec() - t0) / 1000.0
	if got.is_empty():
		return "| %s | %d | ours: `build_polygon_async` | not delivered in 60 s | | | | |" % [label, cells]
	return "| %s | %d | ours: `build_polygon_async` | main thread %.2f (call %.2f, delivery %.2f); delivered after %.1f | | | %d | |" % [
			label, cells, call_ms + poll_ms, call_ms, poll_ms, wall_ms, got[0].get_polygon_count()]


## Route A: paint onto a TileMapLayer whose floor tiles carry navigation
## polygons; time the paint() call and paint → map synced.
func run_route_a(label: String, g: DungeonGrid, cells: int, pairs: Array[PackedVector2Array]) -> void:
	var map := new_map_2d()
	var layer := TileMapLayer.new()
	layer.tile_set = nav_tile_set()
	layer.collision_enabled = false
	layer.navigation_enabled = true
	layer.set_navigation_map(map)
	root.add_child(layer)
	var painter := DungeonTilePainter.new()
	painter.mapping = SampleTiles.make_mapping()
	painter.chunking = DungeonTilePainter.CHUNKS_NEVER
	var id0 := NavigationServer2D.map_get_iteration_id(map)
	phase("sync")
	var t0 := Time.get_ticks_usec()
	painter.paint(g, layer)
	var paint_ms := (Time.get_ticks_usec() - t0) / 1000.0
	var synced := await wait_synced(NavigationServer2D, map, id0, cells, t0, pairs[0])
	var regions := NavigationServer2D.map_get_regions(map).size()
	var polys := process_info(NavigationServer2D, NavigationServer2D.INFO_POLYGON_COUNT)
	emit_row(true, "| %s | %d | A: tile navigation polygons, `paint()` | %.1f | %s | %d | %s | %s |" % [
			label, cells, paint_ms, ms(synced), regions, str(polys) if polys >= 0 else "?", edge_counts(NavigationServer2D)])
	if synced >= 0.0:
		phase("queries")
		emit_row(false, format_query_row(label, "A: tile polygons", time_queries(map, pairs)))
	else:
		emit_row(false, "| %s | A: tile polygons | | not synced | | | |" % label)


## Route B: paint the sample's tile set (walls with full-square collision),
## parse it as static colliders and bake.
func run_route_b(label: String, g: DungeonGrid, cells: int, pairs: Array[PackedVector2Array]) -> void:
	var map := new_map_2d()
	var layer := TileMapLayer.new()
	layer.tile_set = SampleTiles.make_tile_set(TILE)
	layer.navigation_enabled = false
	root.add_child(layer)
	var painter := DungeonTilePainter.new()
	painter.mapping = SampleTiles.make_mapping()
	painter.chunking = DungeonTilePainter.CHUNKS_NEVER
	painter.paint(g, layer)
	var poly := NavigationPolygon.new()
	poly.cell_size = NavigationServer2D.map_get_cell_size(map)
	poly.agent_radius = 0.0
	poly.parsed_geometry_type = NavigationPolygon.PARSED_GEOMETRY_STATIC_COLLIDERS
	var w := g.width * TILE
	var h := g.height * TILE
	poly.add_outline(PackedVector2Array([Vector2(0, 0), Vector2(w, 0), Vector2(w, h), Vector2(0, h)]))
	var source := NavigationMeshSourceGeometryData2D.new()
	phase("bake")
	var t0 := Time.get_ticks_usec()
	NavigationServer2D.parse_source_geometry_data(poly, source, layer)
	var parse_ms := (Time.get_ticks_usec() - t0) / 1000.0
	var t1 := Time.get_ticks_usec()
	NavigationServer2D.bake_from_source_geometry_data(poly, source)
	var bake_ms := (Time.get_ticks_usec() - t1) / 1000.0
	var polygons := poly.get_polygon_count()
	var row := "| %s | %d | B: runtime bake, parse + bake | %.1f + %.1f = %.1f |" % [label, cells, parse_ms, bake_ms, parse_ms + bake_ms]
	if polygons == 0:
		emit_row(true, "%s the bake failed | | 0 | |" % row)
		emit_row(false, "| %s | B: runtime bake | | the bake failed | | | |" % label)
		return
	var synced := await sync_region(NavigationServer2D, map, poly, pairs[0])
	emit_row(true, "%s %s | 1 | %d | %s |" % [row, ms(synced), polygons, edge_counts(NavigationServer2D)])
	if synced >= 0.0:
		phase("queries")
		emit_row(false, format_query_row(label, "B: runtime bake", time_queries(map, pairs)))


## A MeshLibrary like walk_3d.gd's (floor, corridor and door slabs, a wall
## item), each item with a collision shape: the slabs a 1 × 0.1 × 1 box,
## the wall a full-cell box, so that parsing static colliders sees exactly
## the grid's walkable and blocked cells.
static func mesh_library_3d() -> MeshLibrary:
	var lib := MeshLibrary.new()
	var items := [[0, Vector3(1, 0.1, 1)], [1, Vector3(1, 0.1, 1)], [2, Vector3(1, 0.1, 1)], [3, Vector3(1, 1.6, 1)]]
	for it in items:
		var mesh := BoxMesh.new()
		mesh.size = it[1]
		var shape := BoxShape3D.new()
		shape.size = it[1]
		var at := Transform3D(Basis(), Vector3(0, it[1].y * 0.5, 0))
		lib.create_item(it[0])
		lib.set_item_mesh(it[0], mesh)
		lib.set_item_mesh_transform(it[0], at)
		lib.set_item_shapes(it[0], [shape, at])
	return lib


## Ours in 3D: DungeonNavigation.build_mesh() on a region of a new map.
func run_ours_3d(label: String, g: DungeonGrid, cells: int, probe: Array) -> void:
	if not _ours:
		emit_row(true, "| %s | %d | ours: `build_mesh` | not built yet | | | | |" % [label, cells])
		return
	var nav := make_ours()
	phase("build")
	var t0 := Time.get_ticks_usec()
	var mesh: NavigationMesh = nav.call("build_mesh", g, Vector3(1, 1, 1))
	var build_ms := (Time.get_ticks_usec() - t0) / 1000.0
	if mesh == null:
		emit_row(true, "| %s | %d | ours: `build_mesh` | failed | | | | |" % [label, cells])
		return
	var map := NavigationServer3D.map_create()
	NavigationServer3D.map_set_active(map, true)
	var synced := await sync_region(NavigationServer3D, map, mesh, probe)
	emit_row(true, "| %s | %d | ours: `build_mesh` | %.1f | %s | 1 | %d | %s |" % [
			label, cells, build_ms, ms(synced), mesh.get_polygon_count(), edge_counts(NavigationServer3D)])
	# Out of the server's counts (active maps only) before route B is
	# waited for.
	NavigationServer3D.map_set_active(map, false)


## walk_3d's level: ours, then route B on a GridMap.
func run_3d() -> void:
	var g := walk_3d_grid()
	var cells := walkable_cells(g).size()
	var label := walk_3d_label(g)
	# The floor slabs' top, where both routes' polygons lie.
	var probe := [Vector3(g.start_cell.x + 0.5, 0.1, g.start_cell.y + 0.5), Vector3(g.end_cell.x + 0.5, 0.1, g.end_cell.y + 0.5)]
	await run_ours_3d(label, g, cells, probe)
	var grid_map := GridMap.new()
	grid_map.cell_size = Vector3.ONE
	grid_map.cell_center_y = false
	grid_map.mesh_library = mesh_library_3d()
	root.add_child(grid_map)
	var painter := DungeonGridMapPainter.new()
	painter.paint(g, grid_map)
	# The GridMap builds its octants' collision shapes at the end of the
	# frame; the parser reads those.
	await process_frame
	var nm := NavigationMesh.new()
	nm.geometry_parsed_geometry_type = NavigationMesh.PARSED_GEOMETRY_STATIC_COLLIDERS
	nm.agent_radius = 0.0
	var map := NavigationServer3D.map_create()
	NavigationServer3D.map_set_active(map, true)
	nm.cell_size = NavigationServer3D.map_get_cell_size(map)
	nm.cell_height = NavigationServer3D.map_get_cell_height(map)
	var source := NavigationMeshSourceGeometryData3D.new()
	phase("bake")
	var t1 := Time.get_ticks_usec()
	NavigationServer3D.parse_source_geometry_data(nm, source, grid_map)
	var parse_ms := (Time.get_ticks_usec() - t1) / 1000.0
	var t2 := Time.get_ticks_usec()
	NavigationServer3D.bake_from_source_geometry_data(nm, source)
	var bake_ms := (Time.get_ticks_usec() - t2) / 1000.0
	var synced := await sync_region(NavigationServer3D, map, nm, probe)
	emit_row(true, "| %s | %d | B: runtime bake (GridMap colliders), parse + bake | %.1f + %.1f = %.1f | %s | 1 | %d | %s |" % [
			label, cells, parse_ms, bake_ms, parse_ms + bake_ms, ms(synced), nm.get_polygon_count(), edge_counts(NavigationServer3D)])


static func walk_3d_grid() -> DungeonGrid:
	var gen := BspGenerator.new()
	gen.seed = WALK_3D_SEED
	return gen.generate_level(1)


static func walk_3d_label(g: DungeonGrid) -> String:
	return "walk_3d BSP level, %d×%d, 1 m cells" % [g.width, g.height]


func _run() -> void:
	_ours = has_ours()
	for side in _sides:
		for kind in KINDS:
			var g := make_grid(kind, side)
			if g == null:
				_build_rows.append("| %s %d² | | the generator failed | | | | | |" % [kind, side])
				continue
			var label := "%s %d×%d" % [kind, g.width, g.height]
			var cells := walkable_cells(g).size()
			for route in ["ours", "a", "b"]:
				await run_case(route, kind, side, label, cells)
	var g3 := walk_3d_grid()
	await run_case("3d", "walk_3d", 0, walk_3d_label(g3), walkable_cells(g3).size())
	_print()
	quit(0)


func _print() -> void:
	print("### Navigation: Godot's routes and ours (Godot, `godot_project/bench/nav_bench.gd`)\n")
	print("Godot %s headless, %s, one run per case (each in its own Godot process), 16 px tiles (1 m cells in 3D), the map's default cell size. `DungeonNavigation` %s. Build: ms of the main-thread call(s); for `build_polygon_async`, the main thread's share (the call, and the poll that turns the result into a `NavigationPolygon`) and the ms until it was delivered, polled every millisecond. Synced: ms from handing the data to the server (route A: from the `paint()` call; ours and route B: one region, its edge connections off) until the map's iteration id has advanced, the server counts the polygons and a probe path query reaches its target, polled every frame with physics at %d Hz (cap %.0f s). Polygons: the server's count (route A) or the resource's; edges: the server's counts.\n" % [
			Engine.get_version_info()["string"], "quick run" if _quick else "full run",
			"is registered" if _ours else "is not built yet", PHYSICS_HZ, SYNC_CAP_MS / 1000.0])
	print("| map | walkable cells | route | build (ms) | synced (ms) | regions | polygons | edges / merged / connected |")
	print("|---|---|---|---|---|---|---|---|")
	for row in _build_rows:
		print(row)
	print("\nRoute A: a TileSet navigation layer, one full-square navigation polygon per floor tile, painted by `DungeonTilePainter.paint()` (one layer); Godot builds one region per cell. Route B: a `NavigationPolygon` with one outline over the map rect, agent radius 0, parsing static colliders (the sample's wall tiles, full-square collision, on every empty cell with a walkable 8-neighbour), then `bake_from_source_geometry_data()` on the main thread (parse + bake capped at %.0f s; a bigger map of a kind whose bake passed the cap is not baked). The bake also covers the unpainted empty area beyond the walls (islands no path reaches), and it cannot see the thin walls door masks put between walkable tiles. 3D: walk_3d's level painted by `DungeonGridMapPainter` onto a GridMap whose items carry box collision shapes (wall: a full cell), agent radius 0, the map's cell size and height.\n" % [(QUICK_BAKE_CAP_MS if _quick else BAKE_CAP_MS) / 1000.0])
	print("Path queries: %d seeded pairs of walkable cell centres (the same pairs on every route), `NavigationServer2D.query_path()` as `map_get_path(map, a, b, true)` but with `path_search_max_polygons = 0` (no limit: the default 4096 returns partial paths on the per-tile regions of a 256² map), after sync; at most %.0f s of queries per map. µs per query; length in tiles over the queries that reached their target.\n" % [QUERIES, QUERY_BUDGET_MS / 1000.0])
	print("| map | route | queries | median (µs) | p95 (µs) | mean path length (tiles) | not reached |")
	print("|---|---|---|---|---|---|---|")
	for row in _query_rows:
		print(row)
	print("\nThe machine is shared (2 cores, other builds and benches may run): read the figures as orders of magnitude.\n")
	print("END_NAV_BENCH")
