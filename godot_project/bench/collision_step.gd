extends SceneTree
## Headless benchmark: the physics step with moving bodies on a big cave,
## per-tile collision against DungeonCollision's merged rectangles and its
## outline chunks, in one body or one body per chunk.
##
## Run: godot --headless --fixed-fps 60 --path godot_project --script res://bench/collision_step.gd [-- --side=1024 --bodies=200 --frames=300 --rounds=1 --cases=...]
## (`--fixed-fps 60`: one physics step per frame, frames as fast as they go).
## Prints a markdown table on stdout, ending with a line `END_COLLISION_STEP`.
## Nothing is asserted.
##
## Per case: the level's StaticBody2D (none: an empty one; per tile: one
## CollisionShape2D per wall cell, all sharing one 16 px RectangleShape2D;
## tile set: no body but a TileMapLayer with the sample's tile set, a
## collision polygon on every wall tile, painted by DungeonTilePainter;
## merged: build_body_2d(); outline: build_body_2d() with use_outline;
## "chunks": the same shapes as one StaticBody2D per 64² chunk,
## build_bodies_2d()), then
## `bodies` RigidBody2D circles (radius 4 px, no gravity, never sleeping,
## bouncing) on random floor cells with random velocities. After 30 warm-up
## frames, the wall-clock time from one physics frame to the next (with
## `--fixed-fps` one physics step and an empty process frame: nothing is
## drawn headless) of the next `frames` frames: median, p99 and max; and
## the main thread's CPU time over those frames per frame (the physics
## step runs on it), which other processes on the machine inflate less;
## and the physics server's collision pairs (a moving shape and a wall
## shape whose boxes overlap: each one is tested every step).

const TILE := 16.0
const SEED := 4
const WARM_UP := 30

var _side := 1024
var _bodies := 200
var _frames := 300
var _grid: DungeonGrid
## `-- --cases=a,b`: the cases to run, of: none (no walls: the bodies'
## own cost, the floor under every other case), per tile, tile set (run it
## without per tile: the two together pass Godot's shape limit), merged, merged
## chunks, outline, outline chunks, outline chunks:N (chunks of N² cells
## instead of 64²).
var _cases := ["none", "per tile", "merged", "merged chunks", "outline", "outline chunks"]
## `-- --rounds=N`: run the cases N times, interleaved (the machine's load
## drifts); a row per case and round.
var _rounds := 1
## The main thread's CPU time (ns, /proc/self/schedstat) when the measured
## frames began: time it ran, not time it waited for a core.
var _cpu_start := 0
## The physics server's collision pairs, summed over the measured frames.
var _pairs := 0
var _case := -1
var _level: Node
var _movers: Array[RigidBody2D] = []
var _tick := 0
var _times: Array[float] = []
var _rows: Array[String] = []
var _shapes := 0
var _build_ms := 0.0
var _last_usec := 0
var _kept: Array[Node] = []

const SampleTiles := preload("res://scripts/dungeon_tiles.gd")


func _initialize() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--side="):
			_side = int(arg.get_slice("=", 1))
		elif arg.begins_with("--bodies="):
			_bodies = int(arg.get_slice("=", 1))
		elif arg.begins_with("--frames="):
			_frames = int(arg.get_slice("=", 1))
		elif arg.begins_with("--rounds="):
			_rounds = int(arg.get_slice("=", 1))
		elif arg.begins_with("--cases="):
			_cases = Array(arg.get_slice("=", 1).split(","))
	var all := _cases.duplicate()
	for r in _rounds - 1:
		_cases.append_array(all)
	var gen := CaveGenerator.new()
	gen.seed = SEED
	gen.width = _side
	gen.height = _side
	_grid = gen.generate_level(1)
	_next_case()


## The main thread's CPU time so far in ns (the second figure of
## /proc/self/schedstat is time waiting); 0 where /proc is not there.
static func _cpu_ns() -> int:
	# /proc files report a length of 0, so FileAccess reads nothing: cat them.
	var out := []
	if OS.execute("cat", ["/proc/%d/schedstat" % OS.get_process_id()], out) != 0 or out.is_empty():
		return 0
	return int(String(out[0]).split(" ")[0])


func _walk(x: int, y: int) -> bool:
	return x >= 0 and y >= 0 and x < _grid.width and y < _grid.height and _grid.get_cell(Vector2i(x, y)) != 0


func _per_tile_body() -> StaticBody2D:
	var body := StaticBody2D.new()
	var rect := RectangleShape2D.new()
	rect.size = Vector2(TILE, TILE)
	_shapes = 0
	# Walkable flags with a ring of two blocked cells, row-major.
	var w := _grid.width + 4
	var h := _grid.height + 4
	var walk := PackedByteArray()
	walk.resize(w * h)
	var cells := _grid.cells_packed()
	for y in _grid.height:
		for x in _grid.width:
			walk[(y + 2) * w + x + 2] = 1 if cells[y * _grid.width + x] != 0 else 0
	for y in range(1, h - 1):
		for x in range(1, w - 1):
			var i := y * w + x
			if walk[i] != 0:
				continue
			if walk[i - w - 1] + walk[i - w] + walk[i - w + 1] + walk[i - 1] + walk[i + 1] \
					+ walk[i + w - 1] + walk[i + w] + walk[i + w + 1] == 0:
				continue
			var s := CollisionShape2D.new()
			s.shape = rect
			s.position = (Vector2(x - 2, y - 2) + Vector2(0.5, 0.5)) * TILE
			body.add_child(s)
			_shapes += 1
	return body


## What a game paints today: the sample's tile set (a full-square collision
## polygon on every wall tile) on one TileMapLayer, painted by
## DungeonTilePainter; Godot makes the shapes per physics quadrant.
func _tile_set_layer() -> TileMapLayer:
	var layer := TileMapLayer.new()
	layer.tile_set = SampleTiles.make_tile_set(int(TILE))
	var painter := DungeonTilePainter.new()
	painter.chunking = DungeonTilePainter.CHUNKS_NEVER
	painter.paint(_grid, layer)
	painter.free()
	_shapes = 0
	for c in layer.get_used_cells():
		var data := layer.get_cell_tile_data(c)
		if data != null and data.get_collision_polygons_count(0) > 0:
			_shapes += 1
	return layer


func _next_case() -> void:
	if _level != null:
		# Out of the tree (and so out of the space), not freed: freeing a
		# CollisionObject2D with many shapes is quadratic in Godot (each
		# shape's removal renumbers every other), minutes at 10⁵ shapes.
		root.remove_child(_level)
		_kept.append(_level)
		for m in _movers:
			m.free()
		_movers.clear()
	_case += 1
	if _case >= _cases.size():
		print("### Physics step with %d moving bodies on a %d² cave\n" % [_bodies, _side])
		print("`godot --headless --fixed-fps 60 --path godot_project --script res://bench/collision_step.gd -- --side=%d --bodies=%d --frames=%d`: " % [_side, _bodies, _frames]
				+ "frame time (one physics step a frame, `--fixed-fps 60`) over %d frames after %d warm-up frames; " % [_frames, WARM_UP]
				+ "%d RigidBody2D circles bouncing through the cave.\n" % _bodies)
		print("| collision | shapes | build ms | main-thread CPU ms per frame | collision pairs per frame | frame ms p50 | frame ms p99 | frame ms max |")
		print("|---|---|---|---|---|---|---|---|")
		for r in _rows:
			print(r)
		print("END_COLLISION_STEP")
		quit()
		return
	var t0 := Time.get_ticks_usec()
	var level: Node
	match _cases[_case]:
		"none":
			level = StaticBody2D.new()
			_shapes = 0
		"per tile":
			level = _per_tile_body()
		"tile set":
			level = _tile_set_layer()
		var name when name.begins_with("merged") or name.begins_with("outline"):
			var c := DungeonCollision.new()
			c.use_outline = name.begins_with("outline")
			if name.contains(":"):
				c.chunk_size = int(name.get_slice(":", 1))
			if name.contains("chunks"):
				level = c.build_bodies_2d(_grid, Vector2(TILE, TILE))
			else:
				level = c.build_body_2d(_grid, Vector2(TILE, TILE))
			_shapes = c.last_shape_count
	_build_ms = (Time.get_ticks_usec() - t0) / 1000.0
	printerr("collision_step: %s built in %.0f ms, %d shapes" % [_cases[_case], _build_ms, _shapes])
	_level = level
	root.add_child(level)
	printerr("collision_step: %s in the tree after %.0f ms" % [_cases[_case], (Time.get_ticks_usec() - t0) / 1000.0])
	var rng := RandomNumberGenerator.new()
	rng.seed = SEED
	var circle := CircleShape2D.new()
	circle.radius = 4.0
	var material := PhysicsMaterial.new()
	material.bounce = 1.0
	material.friction = 0.0
	while _movers.size() < _bodies:
		var p := Vector2i(rng.randi_range(0, _grid.width - 1), rng.randi_range(0, _grid.height - 1))
		if not _walk(p.x, p.y):
			continue
		var m := RigidBody2D.new()
		m.gravity_scale = 0.0
		m.can_sleep = false
		m.physics_material_override = material
		var s := CollisionShape2D.new()
		s.shape = circle
		m.add_child(s)
		m.position = (Vector2(p) + Vector2(0.5, 0.5)) * TILE
		m.linear_velocity = Vector2.from_angle(rng.randf() * TAU) * 120.0
		root.add_child(m)
		_movers.append(m)
	_tick = 0
	_times.clear()
	_cpu_start = 0
	_pairs = 0


func _physics_process(_delta: float) -> bool:
	if _case >= _cases.size():
		return false
	_tick += 1
	var now := Time.get_ticks_usec()
	if _tick > WARM_UP:
		_times.append((now - _last_usec) / 1000.0)
		_pairs += int(Performance.get_monitor(Performance.PHYSICS_2D_COLLISION_PAIRS))
	elif _tick == WARM_UP:
		_cpu_start = _cpu_ns()
	_last_usec = now
	if _times.size() >= _frames:
		var cpu := (_cpu_ns() - _cpu_start) / 1e6 / _times.size() if _cpu_start > 0 else -1.0
		_times.sort()
		var p := func(xs: Array[float], q: float) -> float:
			return xs[mini(xs.size() - 1, int(q * xs.size()))]
		_rows.append("| %s | %d | %.0f | %.3f | %.0f | %.3f | %.3f | %.3f |" % [_cases[_case], _shapes, _build_ms,
				cpu, float(_pairs) / _times.size(), p.call(_times, 0.5), p.call(_times, 0.99), _times[-1]])
		printerr("collision_step: ", _rows[-1])
		_next_case()
	return false
