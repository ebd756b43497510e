extends "res://tests/frame_checks.gd"
## The sample's enemies with real frames (navigation maps sync and bodies
## move only then). For level 1 of every generator of main.tscn but the
## huge ones, then walk_3d.tscn in both modes:
## - 1 to 3 enemies stand on walkable cells far enough from START;
## - with the player (2D) or the camera (3D) held still a few steps from
##   one enemy along the grid, that enemy gets a navigation path, comes
##   closer, reaches it within a few seconds, and its trail (every physics
##   frame) stays on walkable cells and crosses only sides the grid opens
##   (navigation.gd's path_fault);
## - the touch leaves the player where it stood (enemies never push): its
##   position on the frame of the touch and 20 frames later are equal.
## That the bot still reaches the EXIT with enemies on every level is
## tests/run_sample.sh --check's autoplay.
## tests/check_frames.sh enemies runs it; exit status 0 when every check
## passes, 1 otherwise.
##
## Run: godot --headless --path godot_project --script res://tests/frames_runner.gd -- enemies

const Nav := preload("res://tests/frames/navigation.gd")
## Physics frames an enemy has to come closer, and to reach the player.
const CLOSER_FRAMES := 45
const REACH_FRAMES := 420


func _init() -> void:
	max_frames = 60000


func _run() -> void:
	await process_frame
	for rooms in [false, true]:
		var scene: Node3D = load("res://scenes/walk_3d.tscn").instantiate()
		scene.room_mode = rooms
		root.add_child(scene)
		await scene.level_built
		await _check_3d(scene, "walk_3d %s level 1" % ("rooms" if rooms else "BSP"))
		# The next level's navigation replaces the first on the same region.
		scene.generator.generate_async(2)
		await scene.level_built
		await _check_3d(scene, "walk_3d %s level 2" % ("rooms" if rooms else "BSP"))
		scene.queue_free()
	var main: Node = load("res://main.tscn").instantiate()
	root.add_child(main)
	main.player.controls_enabled = false
	for index in main.GENERATORS.size():
		if main.is_huge(index):
			continue
		main.select_generator(index)
		await _check_2d(main, "%s level 1" % main.GENERATORS[index]["id"])
	main.queue_free()
	await process_frame
	finish("done")


## The cell `steps` steps from `from` on the grid's way to START (or START).
static func toward_start(grid: DungeonGrid, from: Vector2i, steps: int) -> Vector2i:
	var route := grid.path(from, grid.start_cell)
	return route[mini(steps, route.size() - 1)] if not route.is_empty() else from


func _check_2d(main: Node, label: String) -> void:
	var dungeon: Dungeon = main.dungeon
	var grid := dungeon.grid
	var enemies: Array = main.enemies.all()
	if not check(enemies.size() >= 1 and enemies.size() <= main.enemies.COUNT, "%s: 1 to 3 enemies, got %d" % [label, enemies.size()]):
		return
	var tiles := Dungeon.is_tile_grid(grid)
	var min_steps: int = main.enemies.MIN_STEPS_TILES if tiles else main.enemies.MIN_STEPS_ROOMS
	for enemy in enemies:
		var cell := dungeon.local_to_cell(enemy.position)
		check(grid.is_walkable(cell) and grid.distance_from_start(cell) >= min_steps,
			"%s: enemy at %s on a walkable cell %d+ steps from START" % [label, cell, min_steps])
	var enemy: Enemy = enemies[0]
	var stand := toward_start(grid, dungeon.local_to_cell(enemy.position), 3 if tiles else 1)
	var player: CharacterBody2D = main.player
	player.teleport(main.cell_position(stand))
	var held := player.position
	var to_cells := func(p: Vector2) -> Vector2: return (dungeon.transform.affine_inverse() * p) / dungeon.cell_size()
	var start_distance := enemy.global_position.distance_to(player.global_position)
	var trail: Array[Vector2] = [to_cells.call(enemy.global_position)]
	var closest := start_distance
	var had_path := false
	var closer_at := -1
	for frame in REACH_FRAMES:
		held = player.position
		await physics_frame
		trail.append(to_cells.call(enemy.global_position))
		closest = minf(closest, enemy.global_position.distance_to(player.global_position))
		had_path = had_path or enemy.agent.get_current_navigation_path().size() >= 2
		if closer_at < 0 and closest < start_distance - dungeon.cell_size().x * 0.5:
			closer_at = frame
		if enemy.touches > 0:
			break
	check(had_path, label + ": the chasing enemy got a navigation path")
	check(closer_at >= 0 and closer_at < CLOSER_FRAMES,
		"%s: the enemy came half a cell closer within %d frames (frame %d, %.0f -> %.0f px)" % [label, CLOSER_FRAMES, closer_at, start_distance, closest])
	check(enemy.touches > 0, "%s: the enemy reached the player %s within %d frames" % [label, stand, REACH_FRAMES])
	var fault: String = Nav.path_fault(grid, trail)
	check(fault == "", "%s: the enemy's trail keeps to the grid: %s" % [label, fault])
	# The player as it stood on the frame of the touch, and 20 frames on.
	for frame in 20:
		await physics_frame
	check(player.position == held, "%s: the touch left the player where it stood (%s, now %s)" % [label, held, player.position])


func _check_3d(scene: Node3D, label: String) -> void:
	var grid: DungeonGrid = scene.grid
	var enemies: Array = scene.enemies()
	if not check(enemies.size() >= 1, "%s: enemies, got %d" % [label, enemies.size()]):
		return
	scene.set_process(false)
	var rooms: bool = scene.placer != null
	var size: Vector3 = scene.ROOM_SIZE if rooms else Vector3.ONE
	var to_cells := func(p: Vector3) -> Vector2: return Vector2(p.x / size.x, p.z / size.z)
	var enemy: CharacterBody3D = enemies[0]
	var from := Vector2i(to_cells.call(enemy.position).floor())
	var stand := toward_start(grid, from, 1 if rooms else 3)
	scene.camera.position = scene.cell_position(stand)
	var goal := Vector3(scene.camera.position.x, enemy.position.y, scene.camera.position.z)
	var start_distance := enemy.position.distance_to(goal)
	var trail: Array[Vector2] = [to_cells.call(enemy.position)]
	var closest := start_distance
	var had_path := false
	for frame in REACH_FRAMES:
		await physics_frame
		trail.append(to_cells.call(enemy.position))
		closest = minf(closest, enemy.position.distance_to(goal))
		had_path = had_path or enemy.agent.get_current_navigation_path().size() >= 2
		if enemy.touches > 0:
			break
	check(is_equal_approx(NavigationServer3D.map_get_cell_size(scene.get_world_3d().navigation_map), scene.NAVIGATION_CELL),
		label + ": the world's navigation map has the finer cell")
	check(had_path, label + ": the chasing enemy got a navigation path")
	check(closest < start_distance - 0.5 and enemy.touches > 0,
		"%s: the enemy came from %.1f m to the camera over %s (closest %.1f m, %d touches)" % [label, start_distance, stand, closest, enemy.touches])
	var fault: String = Nav.path_fault(grid, trail)
	check(fault == "", "%s: the enemy's trail keeps to the grid: %s" % [label, fault])
