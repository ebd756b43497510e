extends RefCounted
## The cases of bench.gd. Each case body generates `n` dungeons from seed
## `seed0` on and returns a checksum (so no work can be skipped). Timings are
## per dungeon: a round times a batch of dungeons and divides; the median,
## fastest and slowest round are printed. Cases queued between _begin() and
## _flush() are timed round-robin; each counts its seeds up from 1.

const IsaacPort := preload("res://bench/isaac_port.gd")
const DrunkardPort := preload("res://bench/drunkard_port.gd")
const BspPort := preload("res://bench/bsp_port.gd")
const CavePort := preload("res://bench/cave_port.gd")
const IsaacFloorPort := preload("res://bench/isaac_floor_port.gd")

const LEVELS: Array[int] = [1, 5, 10]
## BSP sizes and split depths: the same maps as dungeon_core's `generators` bench.
const BSP_SIZES: Array[int] = [40, 256, 1024]
const BSP_ITERATIONS := {40: 4, 256: 8, 1024: 12}

var quick := false
var isaac_port := IsaacPort.new()
var drunkard_port := DrunkardPort.new()
var bsp_port := BspPort.new()
var isaac_gen := IsaacGenerator.new()
var drunkard_gen := DrunkardGenerator.new()
var bsp_gen := BspGenerator.new()
var cave_port := CavePort.new()
var cave_gen := CaveGenerator.new()
var isaac_floor_port := IsaacFloorPort.new()
var isaac_floor_gen := IsaacGenerator.new()
var _sink := 0


## `only`: run just that group ("isaac", "drunkard", "bsp", "cave",
## "isaac_floor"); all when empty.
func run(quick_mode: bool, only := "") -> void:
	quick = quick_mode
	_meta()
	var kinds := ["isaac", "drunkard"].filter(func(k: String) -> bool: return only == "" or only == k)
	for kind in kinds:
		for level in LEVELS:
			_begin()
			_room_grid(kind, level)
			if level == 5:
				_boundary(kind)
			_flush()
	for kind in kinds:
		_level10(kind)
	if only == "" or only == "bsp":
		for side in BSP_SIZES:
			_begin()
			_bsp(side)
			_flush()
	if only == "" or only == "cave":
		_begin()
		_cave(256)
		_flush()
	if only == "" or only == "isaac_floor":
		_begin()
		_isaac_floor(5)
		_flush()
	print("META\tchecksum\t%d" % _sink)


func _meta() -> void:
	print("META\tgodot\t%s" % Engine.get_version_info().string)
	print("META\tgodot_debug_build\t%s" % OS.is_debug_build())
	var lib := "res://addons/dungeon_gen/bin/libdungeon_godot.so"
	if FileAccess.file_exists(lib):
		var f := FileAccess.open(lib, FileAccess.READ)
		print("META\textension_bytes\t%d" % f.get_length())
	print("META\tquick\t%s" % quick)


## Cases queued by _time() until _flush().
var _pending: Array = []


func _begin() -> void:
	_pending.clear()


## Queues `body(seed0, batch)` for `rounds` timed rounds of `batch` dungeons.
func _time(id: String, rounds: int, batch: int, body: Callable, warm_up := true) -> void:
	if quick:
		rounds = mini(rounds, 3)
		batch = maxi(1, batch / 4)
	_pending.append({"id": id, "rounds": rounds, "batch": batch, "body": body, "warm_up": warm_up, "per": []})


## Runs the queued cases round-robin — round r times every case once, each on
## its own seeds from 1 + r × batch on — so a slow moment of a shared machine
## hits all variants alike; then prints one RESULT line per case with the
## median, fastest and slowest round (per dungeon).
func _flush() -> void:
	var rounds := 0
	for c in _pending:
		if c["warm_up"]:
			_sink += c["body"].call(1_000_000, mini(c["batch"], 5))  # other seeds than the timed ones
		rounds = maxi(rounds, c["rounds"])
	for r in rounds:
		for c in _pending:
			if r >= c["rounds"]:
				continue
			var batch: int = c["batch"]
			var t0 := Time.get_ticks_usec()
			_sink += c["body"].call(1 + r * batch, batch)
			c["per"].append(float(Time.get_ticks_usec() - t0) / batch)
	for c in _pending:
		var per: Array = c["per"]
		per.sort()
		print("RESULT\t%s\t%.3f\t%.3f\t%.3f\t%d\t%d" % [c["id"], per[per.size() / 2], per[0], per[-1], c["rounds"], c["batch"]])
	_pending.clear()


# --- Isaac and drunkard on 8x8 ------------------------------------------------

func _room_grid(kind: String, level: int) -> void:
	var port_batch := 20 if level < 10 else 10
	_time("%s/port/%d" % [kind, level], 21, port_batch, func(s0: int, n: int) -> int: return _port(kind, level, s0, n))
	_time("%s/ext_generate/%d" % [kind, level], 21, 400, func(s0: int, n: int) -> int: return _ext_generate(kind, level, s0, n))
	_time("%s/ext_room_cells/%d" % [kind, level], 21, 400, func(s0: int, n: int) -> int: return _ext_room_cells(kind, level, s0, n))


func _port(kind: String, level: int, s0: int, n: int) -> int:
	var port: RefCounted = isaac_port if kind == "isaac" else drunkard_port
	var acc := 0
	for s in range(s0, s0 + n):
		var d: Dictionary = port.generate(s, level)
		if not d.is_empty():
			acc += d["rooms"].size()
	return acc


func _gen(kind: String) -> Resource:
	return isaac_gen if kind == "isaac" else drunkard_gen


# The two generators are separate classes; typed loops per class keep the
# calls as direct as a game's code would make them.
func _ext_generate(kind: String, level: int, s0: int, n: int) -> int:
	var acc := 0
	if kind == "isaac":
		var gen := isaac_gen
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate_level(level)
			if g != null:
				acc += 1
	else:
		var gen := drunkard_gen
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate_level(level)
			if g != null:
				acc += 1
	return acc


func _ext_room_cells(kind: String, level: int, s0: int, n: int) -> int:
	var acc := 0
	if kind == "isaac":
		var gen := isaac_gen
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate_level(level)
			if g != null:
				var cells: Array[Vector2i] = g.room_cells()
				acc += cells.size()
	else:
		var gen := drunkard_gen
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate_level(level)
			if g != null:
				var cells: Array[Vector2i] = g.room_cells()
				acc += cells.size()
	return acc


# --- Boundary cost at level 5 --------------------------------------------------

func _boundary(kind: String) -> void:
	var level := 5
	var gen: Resource = _gen(kind)
	_time("%s/ext_cells_packed/%d" % [kind, level], 21, 400, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g: DungeonGrid = gen.generate_level(level)
			acc += g.cells_packed().size()
		return acc)
	_time("%s/ext_door_masks/%d" % [kind, level], 21, 400, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g: DungeonGrid = gen.generate_level(level)
			acc += g.door_masks_packed().size()
		return acc)
	# Generate and use the rooms: a room scene's position per room cell.
	_time("%s/ext_room_cells_consume/%d" % [kind, level], 21, 400, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g: DungeonGrid = gen.generate_level(level)
			for c in g.room_cells():
				acc += c.x * 100 + c.y * 200
		return acc)
	_time("%s/ext_cells_packed_consume/%d" % [kind, level], 21, 400, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g: DungeonGrid = gen.generate_level(level)
			var w := g.width
			var cells := g.cells_packed()
			for i in cells.size():
				if cells[i] != DungeonGrid.EMPTY:
					acc += (i % w) * 100 + (i / w) * 200
		return acc)
	_time("%s/port_consume/%d" % [kind, level], 21, 20, func(s0: int, n: int) -> int:
		var port: RefCounted = isaac_port if kind == "isaac" else drunkard_port
		var acc := 0
		for s in range(s0, s0 + n):
			var d: Dictionary = port.generate(s, level)
			for c: Vector2i in d["rooms"]:
				acc += c.x * 100 + c.y * 200
		return acc)
	# The conversions alone, on one grid made beforehand.
	gen.seed = 7
	var grid: DungeonGrid = gen.generate_level(level)
	_time("%s/conv_room_cells/%d" % [kind, level], 21, 2000, func(_s0: int, n: int) -> int:
		var acc := 0
		for i in n:
			acc += grid.room_cells().size()
		return acc)
	_time("%s/conv_cells_packed/%d" % [kind, level], 21, 2000, func(_s0: int, n: int) -> int:
		var acc := 0
		for i in n:
			acc += grid.cells_packed().size()
		return acc)
	_time("%s/conv_door_masks/%d" % [kind, level], 21, 2000, func(_s0: int, n: int) -> int:
		var acc := 0
		for i in n:
			acc += grid.door_masks_packed().size()
		return acc)
	# Consuming alone: walking an already converted result.
	var cells_arr: Array[Vector2i] = grid.room_cells()
	var cells_packed := grid.cells_packed()
	var w := grid.width
	_time("%s/walk_room_cells/%d" % [kind, level], 21, 2000, func(_s0: int, n: int) -> int:
		var acc := 0
		for i in n:
			for c in cells_arr:
				acc += c.x * 100 + c.y * 200
		return acc)
	_time("%s/walk_cells_packed/%d" % [kind, level], 21, 2000, func(_s0: int, n: int) -> int:
		var acc := 0
		for i in n:
			for j in cells_packed.size():
				if cells_packed[j] != DungeonGrid.EMPTY:
					acc += (j % w) * 100 + (j / w) * 200
		return acc)
	# The cheapest round trip: one method call with an int argument and result.
	_time("%s/call_room_count/%d" % [kind, level], 21, 2000, func(_s0: int, n: int) -> int:
		var acc := 0
		for i in n:
			acc += gen.room_count(level)
		return acc)
	_time("%s/call_set_seed/%d" % [kind, level], 21, 2000, func(s0: int, n: int) -> int:
		for s in range(s0, s0 + n):
			gen.seed = s
		return 0)


# --- Level 10: success rate, typical and worst time ---------------------------

func _level10(kind: String) -> void:
	var level := 10
	var tried := 200 if quick else 2000
	var gen: Resource = _gen(kind)
	var times: Array[float] = []
	var ok := 0
	for s in range(1, tried + 1):
		var t0 := Time.get_ticks_usec()
		gen.seed = s
		var g: DungeonGrid = gen.generate_level(level)
		if g != null and g.room_cells().size() > 0:
			ok += 1
		times.append(float(Time.get_ticks_usec() - t0))
	_print_level10(kind, "extension", tried, ok, times)
	var port: RefCounted = isaac_port if kind == "isaac" else drunkard_port
	tried = 40 if quick else 300
	times.clear()
	ok = 0
	for s in range(1, tried + 1):
		var t0 := Time.get_ticks_usec()
		var d: Dictionary = port.generate(s, level)
		if not d.is_empty():
			ok += 1
		times.append(float(Time.get_ticks_usec() - t0))
	_print_level10(kind, "gdscript_port", tried, ok, times)


func _print_level10(kind: String, impl: String, tried: int, ok: int, times: Array[float]) -> void:
	times.sort()
	var p99 := times[mini(times.size() - 1, int(times.size() * 0.99))]
	print("LEVEL10\t%s\t%s\t%d\t%d\t%.1f\t%.1f\t%.1f" % [kind, impl, tried, ok, times[times.size() / 2], p99, times[-1]])


# --- BSP -------------------------------------------------------------------------

func _bsp(side: int) -> void:
	var iterations: int = BSP_ITERATIONS[side]
	bsp_gen.width = side
	bsp_gen.height = side
	bsp_gen.iterations = iterations
	bsp_port.width = side
	bsp_port.height = side
	bsp_port.iterations = iterations
	var ext_rounds: int = {40: 15, 256: 15, 1024: 5}[side]
	var ext_batch: int = {40: 200, 256: 10, 1024: 1}[side]
	var gen := bsp_gen
	_time("bsp/ext_generate/%d" % side, ext_rounds, ext_batch, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			acc += gen.generate_level(1).width
		return acc)
	_time("bsp/ext_cells_packed/%d" % side, ext_rounds, ext_batch, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			acc += gen.generate_level(1).cells_packed().size()
		return acc)
	_time("bsp/ext_room_cells/%d" % side, ext_rounds, ext_batch, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var cells: Array[Vector2i] = gen.generate_level(1).room_cells()
			acc += cells.size()
		return acc)
	_time("bsp/ext_room_cells_packed/%d" % side, ext_rounds, ext_batch, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			acc += gen.generate_level(1).room_cells_packed().size()
		return acc)
	_time("bsp/ext_room_rects/%d" % side, ext_rounds, ext_batch, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			acc += gen.generate_level(1).room_rects().size()
		return acc)
	var port_rounds: int = {40: 15, 256: 7, 1024: 3}[side]
	var port_batch: int = {40: 10, 256: 1, 1024: 1}[side]
	_time("bsp/port/%d" % side, port_rounds, port_batch, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			acc += bsp_port.generate(s)["rooms"].size()
		return acc, side == 40)


# --- Cave ------------------------------------------------------------------------

## The classic cave at side × side with the largest cave kept, through the
## extension (generate + cells_packed()) and through the GDScript port, which
## does the same work tile by tile.
func _cave(side: int) -> void:
	cave_gen.preset = CaveGenerator.PRESET_CLASSIC
	cave_gen.width = side
	cave_gen.height = side
	cave_gen.regions = CaveGenerator.REGIONS_KEEP_LARGEST
	cave_port.width = side
	cave_port.height = side
	var gen := cave_gen
	_time("cave/ext_cells_packed/%d" % side, 15, 10, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate()
			if g != null:
				acc += g.cells_packed().size()
		return acc)
	_time("cave/port/%d" % side, 3, 1, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			acc += cave_port.generate(s).get("floor", 0)
		return acc, false)


## A complete level-`level` Isaac floor (PRESET_LARGE_ROOMS: large rooms,
## boss, super secret, shop, treasure, optional and secret rooms): the
## extension, reading every room's cells and role back into GDScript,
## against the GDScript port of the same rules (`bench/isaac_floor_port.gd`).
func _isaac_floor(level: int) -> void:
	isaac_floor_gen.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	var gen := isaac_floor_gen
	_time("isaac_floor/ext_rooms/%d" % level, 21, 200, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate_level(level)
			if g != null:
				for r in g.get_room_count():
					var cells: Array[Vector2i] = g.get_room_cells(r)
					acc += cells.size() + g.get_room_role(r)
		return acc)
	_time("isaac_floor/ext_rooms_packed/%d" % level, 21, 200, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			var g := gen.generate_level(level)
			if g != null:
				var rooms := g.get_rooms_packed()
				var cells: PackedInt32Array = rooms["cells"]
				var roles: PackedInt32Array = rooms["roles"]
				acc += cells.size() / 2 + roles.size()
		return acc)
	_time("isaac_floor/ext_generate/%d" % level, 21, 200, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			gen.seed = s
			if gen.generate_level(level) != null:
				acc += 1
		return acc)
	_time("isaac_floor/port/%d" % level, 21, 20, func(s0: int, n: int) -> int:
		var acc := 0
		for s in range(s0, s0 + n):
			var d: Dictionary = isaac_floor_port.generate(s, level)
			if not d.is_empty():
				acc += d["rooms"].size() + d["roles"].size()
		return acc)
