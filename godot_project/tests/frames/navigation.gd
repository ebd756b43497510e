extends "res://tests/frame_checks.gd"
## DungeonNavigation in the real navigation servers, with real frames (the
## GDScript runner gives none, and a navigation map syncs on physics
## frames). For every registry generator, each preset and a few seeds: the
## NavigationPolygon of a level goes into a fresh NavigationServer2D map, and
## the path from START to END must exist, end at both cells and stay on the
## grid: every point sampled along it lies on a walkable cell, and each step
## from one sampled cell to the next is a move the grid allows (never through
## an empty cell or a closed door side). Each level twice: as it is, and
## with walls and doorways (room grids) or an agent radius (tile maps). The
## same for a NavigationMesh in a NavigationServer3D map on BSP levels, with
## the surface raised.
## Besides START → END, PAIRS seeded pairs of cell centres reachable from
## START per 2D level: each path must start at its source and end at its
## target within END_TOLERANCE of a tile (a server that finds the point of a
## polygon closest to a target by splitting polygons into thin triangles
## lands short of it).
## Last, the async builds over real frames: build_polygon_async and
## build_mesh_async requests arrive through the SceneTree's frames alone (no
## poll_async call), in request order, equal to the sync builds.
## tests/check_frames.sh navigation runs it; exit status 0 when every check passes.
##
## Run: godot --headless --path godot_project --script res://tests/frames_runner.gd -- navigation

const TILE := 16.0
const SEEDS := [1, 2, 3]
## Random pairs of walkable cell centres per 2D level.
const PAIRS := 32
## How far (in tiles) a path's ends may lie from its source and target.
const END_TOLERANCE := 0.01
## Frames to wait for one map to sync before failing.
const SYNC_FRAMES := 120
const Support := preload("res://tests/support.gd")
var _pairs := 0
var _pair_misses := 0


func _init() -> void:
	max_frames = 20000


## The cells whose square (grown by a hair) holds `p`, in cell units.
static func cells_at(p: Vector2) -> Array[Vector2i]:
	var eps := 1e-3
	var out: Array[Vector2i] = []
	for x in range(floori(p.x - eps), floori(p.x + eps) + 1):
		for y in range(floori(p.y - eps), floori(p.y + eps) + 1):
			out.append(Vector2i(x, y))
	return out


## Whether the grid lets a walker go from cell `a` to cell `b` in one step:
## the same cell, an open side, or a diagonal with an open way round one of
## its corners.
static func step_ok(grid: DungeonGrid, a: Vector2i, b: Vector2i) -> bool:
	if a == b:
		return true
	var open_a := grid.neighbors(a)
	if open_a.has(b):
		return true
	if absi(a.x - b.x) == 1 and absi(a.y - b.y) == 1:
		for via in [Vector2i(a.x, b.y), Vector2i(b.x, a.y)]:
			if open_a.has(via) and grid.neighbors(via).has(b):
				return true
	return false


## Walks `path` (cell units) in steps of an eighth of a cell: every sample
## on a walkable cell, every step between samples a move the grid allows.
## An empty string when it holds, else what broke.
static func path_fault(grid: DungeonGrid, path: Array[Vector2]) -> String:
	var prev: Array[Vector2i] = []
	for i in path.size():
		var a: Vector2 = path[i]
		var b: Vector2 = path[mini(i + 1, path.size() - 1)]
		var n := maxi(1, ceili(a.distance_to(b) * 8.0))
		for k in n:
			var p := a.lerp(b, float(k) / n)
			var here: Array[Vector2i] = []
			for c in cells_at(p):
				if grid.is_walkable(c):
					here.append(c)
			if here.is_empty():
				return "point %s is on no walkable cell" % p
			if not prev.is_empty():
				var joined := false
				for c in here:
					for d in prev:
						if step_ok(grid, d, c):
							joined = true
				if not joined:
					return "the step to %s leaves cells %s for %s, which the grid does not join" % [p, prev, here]
			prev = here
	return ""


## A fresh active 2D map with one region holding `poly`, synced: its
## regions are built off the main thread, so the wait is until the map
## holds `probe` (a point on the region), not just its first iteration.
func map_2d(poly: NavigationPolygon, probe: Vector2) -> Array:
	var map := NavigationServer2D.map_create()
	NavigationServer2D.map_set_cell_size(map, poly.cell_size)
	NavigationServer2D.map_set_active(map, true)
	var region := NavigationServer2D.region_create()
	NavigationServer2D.region_set_map(region, map)
	NavigationServer2D.region_set_navigation_polygon(region, poly)
	for i in SYNC_FRAMES:
		if NavigationServer2D.map_get_iteration_id(map) > 0 \
				and NavigationServer2D.map_get_closest_point(map, probe).distance_to(probe) < 0.01:
			break
		await physics_frame
	return [map, region]


func map_3d(mesh: NavigationMesh, probe: Vector3) -> Array:
	var map := NavigationServer3D.map_create()
	NavigationServer3D.map_set_cell_size(map, mesh.cell_size)
	NavigationServer3D.map_set_cell_height(map, mesh.cell_height)
	NavigationServer3D.map_set_active(map, true)
	var region := NavigationServer3D.region_create()
	NavigationServer3D.region_set_map(region, map)
	NavigationServer3D.region_set_navigation_mesh(region, mesh)
	for i in SYNC_FRAMES:
		if NavigationServer3D.map_get_iteration_id(map) > 0 \
				and NavigationServer3D.map_get_closest_point(map, probe).distance_to(probe) < 0.01:
			break
		await physics_frame
	return [map, region]


func check_2d(grid: DungeonGrid, label: String, nav: DungeonNavigation, cell: Vector2) -> void:
	var poly: NavigationPolygon = nav.build_polygon(grid, cell)
	if not check(poly != null, "%s: build_polygon (%s)" % [label, nav.last_error]):
		return
	var from := (Vector2(grid.start_cell) + Vector2(0.5, 0.5)) * cell
	var to := (Vector2(grid.end_cell) + Vector2(0.5, 0.5)) * cell
	var made: Array = await map_2d(poly, from)
	var map: RID = made[0]
	if check(NavigationServer2D.map_get_closest_point(map, from).distance_to(from) < 0.01, "%s: the 2D map synced with the level in it (iteration %d, closest to %s: %s, %d polygons)" % [label, NavigationServer2D.map_get_iteration_id(map), from, NavigationServer2D.map_get_closest_point(map, from), poly.get_polygon_count()]):
		var path := NavigationServer2D.map_get_path(map, from, to, true)
		if check(path.size() >= 2 and path[0].distance_to(from) < 0.5 and path[path.size() - 1].distance_to(to) < 0.5,
				"%s: a path from START %s to END %s (%d points)" % [label, grid.start_cell, grid.end_cell, path.size()]):
			var cells: Array[Vector2] = []
			for p in path:
				cells.append(p / cell)
			var fault := path_fault(grid, cells)
			check(fault == "", "%s: the path stays on the grid: %s" % [label, fault])
		check_pairs(grid, label, map, cell)
	NavigationServer2D.free_rid(made[1])
	NavigationServer2D.free_rid(map)


## The walkable cells reachable from START over the grid's open sides.
static func reachable(grid: DungeonGrid) -> Array[Vector2i]:
	var seen := {grid.start_cell: true}
	var out: Array[Vector2i] = [grid.start_cell]
	var i := 0
	while i < out.size():
		for n in grid.neighbors(out[i]):
			if not seen.has(n) and grid.is_walkable(n):
				seen[n] = true
				out.append(n)
		i += 1
	return out


## PAIRS seeded pairs of cell centres reachable from START: each path must
## start at its source and end at its target, within END_TOLERANCE tiles.
func check_pairs(grid: DungeonGrid, label: String, map: RID, cell: Vector2) -> void:
	var cells := reachable(grid)
	if cells.size() < 2:
		return
	var rng := RandomNumberGenerator.new()
	rng.seed = label.hash()
	var tol := END_TOLERANCE * minf(cell.x, cell.y)
	var shown := 0
	for k in PAIRS:
		var a := cells[rng.randi_range(0, cells.size() - 1)]
		var b := cells[rng.randi_range(0, cells.size() - 1)]
		var from := (Vector2(a) + Vector2(0.5, 0.5)) * cell
		var to := (Vector2(b) + Vector2(0.5, 0.5)) * cell
		var path := NavigationServer2D.map_get_path(map, from, to, true)
		_pairs += 1
		var ok := path.size() >= 1 and path[0].distance_to(from) <= tol \
				and path[path.size() - 1].distance_to(to) <= tol
		if not ok:
			_pair_misses += 1
			if shown < 3:
				shown += 1
				var ends := "no path" if path.is_empty() else "from %s to %s" % [path[0], path[path.size() - 1]]
				check(false, "%s: the path from cell %s to cell %s runs %s, not %s to %s (within %.3f)" % [label, a, b, ends, from, to, tol])


func check_3d(grid: DungeonGrid, label: String, nav: DungeonNavigation) -> void:
	nav.floor_height = 0.1
	var mesh: NavigationMesh = nav.build_mesh(grid, Vector3(1, 1, 1))
	if not check(mesh != null, "%s: build_mesh (%s)" % [label, nav.last_error]):
		return
	var from := Vector3(grid.start_cell.x + 0.5, 0.1, grid.start_cell.y + 0.5)
	var to := Vector3(grid.end_cell.x + 0.5, 0.1, grid.end_cell.y + 0.5)
	var made: Array = await map_3d(mesh, from)
	var map: RID = made[0]
	if check(NavigationServer3D.map_get_closest_point(map, from).distance_to(from) < 0.01, "%s: the 3D map synced with the level in it" % label):
		var path := NavigationServer3D.map_get_path(map, from, to, true)
		if check(path.size() >= 2 and path[0].distance_to(from) < 0.05 and path[path.size() - 1].distance_to(to) < 0.05,
				"%s: a 3D path from START to END (%d points)" % [label, path.size()]):
			var cells: Array[Vector2] = []
			var level := true
			for p in path:
				cells.append(Vector2(p.x, p.z))
				level = level and absf(p.y - 0.1) < 1e-3
			check(level, "%s: the 3D path runs on the raised surface" % label)
			var fault := path_fault(grid, cells)
			check(fault == "", "%s: the 3D path stays on the grid: %s" % [label, fault])
	NavigationServer3D.free_rid(made[1])
	NavigationServer3D.free_rid(map)


func check_async() -> void:
	var cave := CaveGenerator.new()
	cave.width = 512
	cave.height = 512
	var grid := cave.generate_level(1)
	var nav := DungeonNavigation.new()
	nav.agent_radius = 4.0
	var got: Array = []
	nav.built.connect(func(request, navigation): got.append([request, navigation]))
	nav.build_failed.connect(func(request, message): got.append([request, message]))
	var first := nav.build_polygon_async(grid, Vector2(TILE, TILE))
	var second := nav.build_mesh_async(grid, Vector3(TILE, 1, TILE))
	var frames := 0
	while got.size() < 2 and frames < 5000:
		await process_frame
		frames += 1
	if not check(got.size() == 2, "async: both requests arrive over frames (%d after %d frames)" % [got.size(), frames]):
		return
	check(got[0][0] == first and got[1][0] == second, "async: in request order, with their ids")
	check(not nav.is_building() and nav.progress == 1.0, "async: idle once delivered")
	check(Support.same_navigation(got[0][1], nav.build_polygon(grid, Vector2(TILE, TILE))), "async: the polygon equals build_polygon's")
	check(Support.same_navigation(got[1][1], nav.build_mesh(grid, Vector3(TILE, 1, TILE))), "async: the mesh equals build_mesh's")
	print("navigation: async builds of a 512² cave delivered after %d frames" % frames)


func _run() -> void:
	var nav := DungeonNavigation.new()
	# Room grids again with walls and doorways (rooms 160 × 128 px, walls
	# 8 px, doorways 32 px); tile maps again with an agent radius of 4 px.
	var walled := DungeonNavigation.new()
	walled.room_wall_thickness = 8.0
	walled.room_door_width = 32.0
	var round := DungeonNavigation.new()
	round.agent_radius = 4.0
	var levels := 0
	for name in GeneratorRegistry.get_generator_names():
		var info := GeneratorRegistry.get_generator(name)
		var presets: Array = info["presets"]
		for i in presets.size():
			for s in SEEDS:
				var gen: Resource = ClassDB.instantiate(info["class"])
				gen.preset = i
				gen.seed = s
				var grid: DungeonGrid = gen.generate_level(1)
				var label := "%s %s seed %d" % [name, presets[i]["name"], s]
				if not check(grid != null, "%s: generates" % label):
					continue
				await check_2d(grid, label, nav, Vector2(TILE, TILE))
				if name in ["isaac", "drunkard", "hilbert"]:
					await check_2d(grid, label + " (walls, doorways)", walled, Vector2(160, 128))
				else:
					await check_2d(grid, label + " (agent radius 4 px)", round, Vector2(TILE, TILE))
				levels += 1
	var bsp := BspGenerator.new()
	for s in SEEDS:
		bsp.seed = s
		await check_3d(bsp.generate_level(1), "bsp seed %d (3D)" % s, nav)
	await check_async()
	print("navigation: %d of %d random cell pairs missed an end by more than %.2f tile" % [_pair_misses, _pairs, END_TOLERANCE])
	check(_pair_misses == 0, "%d random cell pairs missed an end" % _pair_misses)
	finish("%d levels in 2D (twice each), %d in 3D" % [levels, SEEDS.size()])
