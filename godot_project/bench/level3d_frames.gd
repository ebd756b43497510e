extends SceneTree
## Headless benchmark: the frames of a DungeonLevel3D making big caves with
## generate_async(), its GridMap painted over frames in chunk GridMaps (the
## painter's use_chunks, the default) against one GridMap (use_chunks off).
##
## Run: godot --headless --path godot_project --script res://bench/level3d_frames.gd [-- --side=1024 --levels=2]
## Prints a markdown table on stdout, ending with a line `END_LEVEL3D_FRAMES`.
## Nothing is asserted.
##
## Per case: a new DungeonLevel3D (built-in blocks, no collision, no
## navigation) with a CaveGenerator of side × side cells (after a 16² one
## that makes the node's painter, which the case sets up); `levels` levels
## one after another (seeds 1, 2...: the second repaints the first one's
## GridMap over frames). For each level, from the generate_async() call to
## its `generated`: the frame count and the wall-clock time between frames
## while the cells were being set (progress past 0.5): median, p99 and max.

var _side := 1024
var _levels := 2
var _cases := [true, false]
var _case := -1
var _level: DungeonLevel3D
var _painter: DungeonGridMapPainter
var _seed := 0
var _frames: Array[float] = []
var _painting: Array[float] = []
var _last := 0
var _done := false
var _rows: Array[String] = []


func _initialize() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--side="):
			_side = arg.get_slice("=", 1).to_int()
		elif arg.begins_with("--levels="):
			_levels = arg.get_slice("=", 1).to_int()
	print("| painting | level | frames | while setting cells: median ms | p99 ms | max ms |")
	print("|---|---:|---:|---:|---:|---:|")
	_next_case()


func _next_case() -> void:
	if _level != null:
		_level.queue_free()
	_case += 1
	if _case >= _cases.size():
		return
	_level = DungeonLevel3D.new()
	_level.generate_on_ready = false
	var gen := CaveGenerator.new()
	gen.width = _side
	gen.height = _side
	_level.generator = gen
	_level.generated.connect(func(_g): _done = true)
	root.add_child(_level)
	# A tiny level first: the node makes its painter, which the case then
	# sets up before the big levels.
	gen.width = 16
	gen.height = 16
	_level.generate()
	gen.width = _side
	gen.height = _side
	for c in _level.get_children(true):
		if c is DungeonGridMapPainter:
			_painter = c
			_painter.use_chunks = _cases[_case]
	_seed = 0
	_next_level()


func _next_level() -> void:
	_seed += 1
	_level.seed = _seed
	_frames.clear()
	_painting.clear()
	_done = false
	_level.generate_async()
	_last = Time.get_ticks_usec()


func _process(_delta: float) -> bool:
	if _case >= _cases.size():
		print("END_LEVEL3D_FRAMES")
		return true
	var now := Time.get_ticks_usec()
	var ms := (now - _last) / 1000.0
	_last = now
	_frames.append(ms)
	if _level.get_progress() > 0.5:
		_painting.append(ms)
	if _done:
		var s := _painting.duplicate()
		s.sort()
		var label := "chunk GridMaps" if _cases[_case] else "one GridMap"
		if s.is_empty():
			s = [0.0]
		print("| %s | %d | %d | %.1f | %.1f | %.1f |" % [label, _seed, _frames.size(), s[s.size() / 2], s[mini(s.size() - 1, int(s.size() * 0.99))], s[-1]])
		if _seed < _levels:
			_next_level()
		else:
			_next_case()
	return false
