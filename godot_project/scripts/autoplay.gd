extends Node
## A bot for checks and demos, added by main.gd for `-- --autoplay=N`.
##
## With real physics it first walks the player into a closed side of the
## start room (or of the first room cell that has one, when the start opens
## on all four sides) for 1.5 s and checks that it went nowhere, then walks the shortest path (DungeonGrid.path) through the door
## openings to the EXIT, N times (N levels). On a level with locked doors
## it follows DungeonGrid.get_solution(): to each key in turn (walking with
## get_path_with_keys and only the doors already opened), picks it up,
## opens its doors by walking into them, and on to the EXIT. It prints what happened and
## quits with 0 on success, 1 on failure. Use it with --fixed-fps 60 to run
## faster than real time.
##
## Enemies (enemy.gd) chase the player meanwhile; the bot ignores them. It
## reports how many stood on each level and how often they touched the
## player, and fails on a level (but a huge one) without enemies.

## Game seconds a level may take before the bot counts as stuck.
const LEVEL_TIMEOUT := 40.0
const WALL_PUSH_FRAMES := 90

var levels_wanted := 3

var _main: Node
var _phase := "wall"
var _wall_cell := Vector2i.ZERO
var _frames := 0
var _push := Vector2.ZERO
var _route: Array[Vector2i] = []
var _level := 0
var _levels_done := 0
var _level_time := 0.0
## Locked levels: the walks left, each {to, open, key}: a cell (a key's, or
## the EXIT), the locks opened on the way, the key room picked up there (-1).
var _legs: Array[Dictionary] = []
var _legs_planned := false
## Locked doors of this level, and how many the player opened so far.
var _doors_total := 0
var _doors_opened := 0
## LEVEL_TIMEOUT, longer on huge maps (the walk across is long).
var _timeout := LEVEL_TIMEOUT
## The enemies of this level, and their touches of the player so far.
var _enemy_count := 0
var _touches := 0


## Counts a level left; true when the bot has finished.
func _level_changed() -> bool:
	_levels_done += 1
	print("autoplay: level %d done in %.1f s (game time), now on level %d, %d rooms" % [
		_level, _level_time, _main.level, _main.dungeon.drawn_room_count()])
	if _doors_total > 0:
		print("autoplay: level %d had %d locked doors, the player opened %d of them" % [_level, _doors_total, _doors_opened])
	if not _main.is_huge(_main.generator_index):
		print("autoplay: level %d had %d enemies, touches on the player: %d" % [_level, _enemy_count, _touches])
		if _enemy_count == 0:
			_finish(false, "no enemies on level %d" % _level)
			return true
	_level = _main.level
	_level_time = 0.0
	_route.clear()
	_legs.clear()
	_legs_planned = false
	_doors_total = 0
	_doors_opened = 0
	if _levels_done >= levels_wanted:
		_finish(true, "reached the EXIT %d times through door openings" % _levels_done)
		return true
	return false


## A huge level has just been painted: the player must stand on START and
## the loading bar must have reached 100 %. Sets the walk's timeout from the
## path's length.
func _check_huge_loaded(grid: DungeonGrid) -> bool:
	var bar: float = _main.hud.loading_bar.value
	if _main.player_cell() != grid.start_cell:
		_finish(false, "huge level: the player is on %s, not on START %s" % [_main.player_cell(), grid.start_cell])
		return false
	if bar < 100.0:
		_finish(false, "huge level: the loading bar stopped at %.0f %%" % bar)
		return false
	var steps := grid.path(grid.start_cell, grid.end_cell).size()
	var px: float = _main.dungeon.cell_size().x * steps
	_timeout = LEVEL_TIMEOUT + 2.0 * px / maxf(1.0, _main.player.speed)
	print("autoplay: huge level %dx%d generated and painted, player on START %s, loading bar %.0f %%, %d steps to the EXIT (timeout %.0f s game time), longest frame while loading %.1f ms (%s; debug builds are slower)" % [
		grid.width, grid.height, grid.start_cell, bar, steps, _timeout, _main.longest_loading_frame_ms, _main.longest_loading_frame_stage])
	return true


func _ready() -> void:
	_main = get_parent()
	_level = _main.level
	# Steer before the player moves in the same physics frame.
	process_physics_priority = -1


func _physics_process(delta: float) -> void:
	var grid: DungeonGrid = _main.dungeon.grid
	var player: Node2D = _main.player
	# Huge entries: the level is generated off the main thread and painted
	# over frames; wait for it (a level left counts at once).
	if _main.loading:
		player.auto_direction = Vector2.ZERO
		if _phase == "walk" and _main.level != _level:
			_level_changed()
		return
	if _phase == "wall" and _frames == 0 and _main.is_huge(_main.generator_index):
		if not _check_huge_loaded(grid):
			return
	if grid == null:
		_finish(false, "no dungeon: %s" % _main.dungeon.last_error)
		return
	# Whatever the bot does, the player never stands in a wall or outside.
	if not _main.changing_level and not grid.is_walkable(_main.player_cell()):
		_finish(false, "the player is in a non-walkable cell %s" % _main.player_cell())
		return
	if _phase == "wall":
		_wall_check(grid, player)
		return
	_level_time += delta
	if _main.level == _level and not _main.changing_level:
		var enemies: Array = _main.enemies.all()
		_enemy_count = enemies.size()
		_touches = 0
		for enemy in enemies:
			_touches += enemy.touches
	if _main.level != _level and _level_changed():
		return
	if _level_time > _timeout:
		_finish(false, "stuck on level %d at cell %s (walking to %s, %d of %d locked doors opened)" % [
			_level, _main.player_cell(), _legs[0]["to"] if not _legs.is_empty() else grid.end_cell, _doors_opened, _doors_total])
		return
	if _main.changing_level:
		player.auto_direction = Vector2.ZERO
		return
	# Minesweeper mode: a room with shut doors is cleared by solver hints alone.
	if _main.minesweeper != null:
		var status: String = _main.minesweeper.bot_step()
		if status == "" and _route.size() == 1:
			# The next step is the EXIT: first clear every board left.
			status = _main.minesweeper.bot_clear_rest()
		if status.begins_with("FAIL"):
			_finish(false, "minesweeper: " + status)
			return
		if status != "":
			player.auto_direction = Vector2.ZERO
			return
	var locked := grid.get_lock_count() > 0
	if locked and not _legs_planned:
		_plan_legs(grid)
	if locked:
		_doors_opened = _doors_total - _main.dungeon.locks_view.doors.size()
	if _route.is_empty():
		if locked:
			var leg: Dictionary = _legs[0]
			_route = grid.get_path_with_keys(_main.player_cell(), leg["to"], leg["open"])
		else:
			_route = grid.path(_main.player_cell(), grid.end_cell)
		if _route.is_empty():
			_finish(false, "no path from %s to %s" % [_main.player_cell(), _legs[0]["to"] if locked else "the EXIT"])
			return
	var target: Vector2 = _main.cell_position(_route[0])
	if player.position.distance_to(target) < 5.0 and _route.size() > 1:
		_route.pop_front()
		target = _main.cell_position(_route[0])
	if locked and _route.size() == 1 and _legs.size() > 1 and player.position.distance_to(target) < 5.0:
		# On a key's cell: go on once it is picked up.
		var key: int = _legs[0]["key"]
		if _main.dungeon.locks_view.has_key(key):
			print("autoplay: picked up the key of room %d at %s after %.1f s; doors opened so far: %d of %d" % [
				key, _route[0], _level_time, _doors_opened, _doors_total])
			_legs.pop_front()
			_route.clear()
			return
	player.auto_direction = (target - player.position).limit_length(1.0) if player.position.distance_to(target) > 2.0 else Vector2.ZERO


## The walks of a locked level from its proof's order: to each lock's key
## (if not held yet) with the locks before it open, then to the EXIT with
## all of them open.
func _plan_legs(grid: DungeonGrid) -> void:
	_legs_planned = true
	_legs.clear()
	var locks := grid.get_locks_packed()
	var key_rooms: PackedInt32Array = locks["key_rooms"]
	var opened := PackedInt32Array()
	var keys: Array[int] = []
	for lock in grid.get_solution():
		var room := key_rooms[lock]
		if not keys.has(room):
			keys.append(room)
			_legs.append({"to": grid.get_key_cell(room), "open": opened.duplicate(), "key": room})
		opened.append(lock)
	_legs.append({"to": grid.end_cell, "open": opened, "key": -1})
	_doors_total = _main.dungeon.locks_view.doors.size()
	print("autoplay: level %d is locked: %d locks, solution %s, %d keys to fetch, %d locked doors drawn shut" % [
		_level, grid.get_lock_count(), grid.get_solution(), keys.size(), _doors_total])


func _wall_check(grid: DungeonGrid, player: Node2D) -> void:
	if _frames == 0:
		var dirs := {
			DungeonGrid.DOOR_NORTH: Vector2.UP, DungeonGrid.DOOR_EAST: Vector2.RIGHT,
			DungeonGrid.DOOR_SOUTH: Vector2.DOWN, DungeonGrid.DOOR_WEST: Vector2.LEFT,
		}
		var tile_map := Dungeon.is_tile_grid(grid)
		# The start, or else the first room cell with a closed side (a start
		# room can have doors on all four sides).
		var candidates: Array[Vector2i] = [grid.start_cell]
		candidates.append_array(grid.room_cells())
		# Open-floor maps (tunnels, walks) have no room cells: try the tiles
		# on the way to the EXIT.
		candidates.append_array(grid.path(grid.start_cell, grid.end_cell))
		for cell in candidates:
			for side in dirs:
				var closed: bool = not grid.is_walkable(cell + Vector2i(dirs[side])) if tile_map else grid.door_mask(cell) & side == 0
				if closed:
					_push = dirs[side]
					_wall_cell = cell
					break
			if _push != Vector2.ZERO:
				break
		if _push == Vector2.ZERO:
			_finish(false, "no room cell has a wall to push against")
			return
		player.teleport(_main.cell_position(_wall_cell))
	_frames += 1
	player.auto_direction = _push
	if _frames < WALL_PUSH_FRAMES:
		return
	player.auto_direction = Vector2.ZERO
	var moved: float = player.position.distance_to(_main.cell_position(_wall_cell))
	if not Dungeon.is_tile_grid(grid) and _main.player_cell() != _wall_cell:
		_finish(false, "walked through the wall of %s towards %s into cell %s" % [_wall_cell, _push, _main.player_cell()])
		return
	print("autoplay: pushed %s into a wall of %s for %d frames: stopped in %s, %.0f px away" % [_push, _wall_cell, _frames, _main.player_cell(), moved])
	player.teleport(_main.cell_position(grid.start_cell))
	_phase = "walk"


func _finish(ok: bool, message: String) -> void:
	set_physics_process(false)
	_main.player.auto_direction = Vector2.ZERO
	var mode: Node = _main.minesweeper
	if ok and mode != null:
		print("autoplay: minesweeper: %d boards cleared by solver hints alone, %d mines opened, %d levels left fully cleared" % [
			mode.boards_cleared, mode.mines_opened, mode.levels_cleared])
		if mode.mines_opened != 0 or mode.levels_cleared < _levels_done:
			ok = false
			message = "minesweeper: %d mines opened, %d of %d levels cleared" % [mode.mines_opened, mode.levels_cleared, _levels_done]
	if ok:
		print("autoplay: ok, " + message)
	else:
		printerr("autoplay: FAILED, " + message)
	get_tree().quit(0 if ok else 1)
