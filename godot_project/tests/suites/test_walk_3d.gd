extends RefCounted
## The 3D sample (scenes/walk_3d.tscn): a generated level painted onto its
## GridMap, and a walk from start to exit along walkable cells.


func test_walk_3d_builds_and_walks_a_level(t) -> void:
	var scene: Node3D = load("res://scenes/walk_3d.tscn").instantiate()
	var gen: BspGenerator = scene.generator
	gen.seed = 7
	gen.generate_async(1)
	gen.wait_async()
	var grid: DungeonGrid = scene.grid
	if not t.check(grid != null, "the async level arrived and was built"):
		scene.free()
		return
	var gm: GridMap = scene.grid_map
	var floor_cells := 0
	for y in grid.height:
		for x in grid.width:
			if grid.is_walkable(Vector2i(x, y)):
				floor_cells += 1
				if gm.get_cell_item(Vector3i(x, 0, y)) < 0:
					t.check(false, "walkable %s has an item" % Vector2i(x, y))
	t.check(gm.get_used_cells().size() > floor_cells, "floor and walls on the GridMap")
	var path: Array[Vector2i] = scene.path
	t.check(path.size() > 2 and path[0] == grid.start_cell and path[-1] == grid.end_cell, "the walk runs start to exit")
	t.check(path.all(func(c): return grid.is_walkable(c)), "on walkable cells")
	t.check(scene.camera.position.is_equal_approx(scene.cell_position(grid.start_cell)), "the camera starts at the start")
	_check_enemies(t, scene, grid, 6, "BSP")
	# Walking to the end asks for the next level.
	scene._process(scene.step_time * path.size())
	t.check(gen.is_generating() and scene.level == 2, "at the exit the next level is generated")
	gen.wait_async()
	t.check_eq(scene.grid.level, 2, "level 2 on display")
	scene.free()


func test_walk_3d_room_mode_places_3d_rooms(t) -> void:
	var scene: Node3D = load("res://scenes/walk_3d.tscn").instantiate()
	scene.use_rooms()
	var gen: IsaacGenerator = scene.generator
	gen.generate_async(3)
	gen.wait_async()
	var grid: DungeonGrid = scene.grid
	if not t.check(grid != null, "the room grid arrived"):
		scene.free()
		return
	var rooms: Array = scene.rooms_root.get_children()
	t.check_eq(rooms.size(), grid.get_room_count(), "one 3D room per room")
	var wrong := 0
	for room in rooms:
		var cell: Vector2i = room.info["rect"].position
		if room.position != Vector3(cell.x * 8, 0, cell.y * 6) or room.info["door_mask"] != grid.door_mask(cell):
			wrong += 1
		# Floor plus a wall per closed side and two per open one.
		var open := 0
		for side in [1, 2, 4, 8]:
			if grid.door_mask(cell) & side:
				open += 1
		if room.get_child_count() != 1 + 4 + open:
			wrong += 1
	t.check_eq(wrong, 0, "rooms at cell * room_size with their doors open")
	t.check(scene.path.size() >= 2 and scene.path[0] == grid.start_cell, "the walk starts in the start room")
	t.check(scene.camera.position.is_equal_approx(scene.cell_position(grid.start_cell)), "camera in the start room")
	_check_enemies(t, scene, grid, 2, "rooms")
	t.check_eq(scene.grid_map.get_used_cells().size(), 0, "no GridMap in room mode")
	scene.free()


## The level's navigation mesh exists (built for the world's finer map
## cell) and 1 to 3 enemies stand on walkable cells at least `min_steps`
## from the start, on the floor.
func _check_enemies(t, scene: Node3D, grid: DungeonGrid, min_steps: int, label: String) -> void:
	var mesh: NavigationMesh = scene.navigation_region.navigation_mesh
	if not t.check(mesh != null and mesh.get_polygon_count() > 0, label + ": a navigation mesh with polygons"):
		return
	t.check(is_equal_approx(mesh.cell_size, scene.NAVIGATION_CELL), label + ": the mesh is made for the world's map cell size")
	var enemies: Array = scene.enemies()
	t.check(enemies.size() >= 1 and enemies.size() <= scene.ENEMY_COUNT, "%s: 1 to 3 enemies (%d)" % [label, enemies.size()])
	var room_mode: bool = scene.placer != null
	var bad := 0
	for enemy in enemies:
		var size: Vector3 = scene.ROOM_SIZE if room_mode else Vector3.ONE
		var cell := Vector2i(floori(enemy.position.x / size.x), floori(enemy.position.z / size.z))
		if not grid.is_walkable(cell) or grid.distance_from_start(cell) < min_steps:
			bad += 1
		if not is_equal_approx(enemy.position.y, 0.0 if room_mode else 0.1):
			bad += 1
	t.check_eq(bad, 0, label + ": enemies on walkable cells away from the start, on the floor")
