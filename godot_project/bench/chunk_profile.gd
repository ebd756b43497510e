extends SceneTree
## Where the long frames of chunked painting go: one case (`-- side chunk`),
## each frame's main-thread work split into the painter's paint_step() (timed
## by hand) and the rest (Godot's own updates, the generator's delivery).
## Prints the frames over 9 ms. Not a test; run by hand.

const Bench := preload("res://bench/paint_bench.gd")

var _rows: Array = []
var _t0 := 0
var _step_ms := 0.0
var _phase := ""
var _painter: DungeonTilePainter
var _on := false


func _initialize() -> void:
	_run.call_deferred()


func _process(_d: float) -> bool:
	if _on:
		_t0 = Time.get_ticks_usec()
		_step_ms = 0.0
		process_frame.connect(_tail, CONNECT_ONE_SHOT)
	return false


func _tail() -> void:
	if _painter.is_painting():
		if process_frame.is_connected(Callable(_painter, "paint_step")):
			process_frame.disconnect(Callable(_painter, "paint_step"))
		var t := Time.get_ticks_usec()
		_painter.paint_step()
		_step_ms = (Time.get_ticks_usec() - t) / 1000.0
	_end.call_deferred(_phase, _painter.get_paint_progress())


func _end(phase: String, progress: float) -> void:
	_rows.append([(Time.get_ticks_usec() - _t0) / 1000.0, _step_ms, phase, progress])


func _run() -> void:
	var args := OS.get_cmdline_user_args()
	var side := int(args[0]) if args.size() > 0 else 2048
	var chunk := int(args[1]) if args.size() > 1 else 128
	var l := TileMapLayer.new()
	l.tile_set = Bench.tile_set(false)
	root.add_child(l)
	_painter = DungeonTilePainter.new()
	if chunk == 0:
		_painter.chunking = DungeonTilePainter.CHUNKS_NEVER
	else:
		_painter.chunking = DungeonTilePainter.CHUNKS_ALWAYS
		_painter.chunk_size = chunk
	root.add_child(_painter)
	for level in [1, 2]:
		var gen := CaveGenerator.new()
		gen.width = side
		gen.height = side
		var done := {"v": false}
		var call_ms := {"v": 0.0}
		gen.generated.connect(func(g):
			var t := Time.get_ticks_usec()
			_painter.paint_over_frames(g, l)
			call_ms["v"] = (Time.get_ticks_usec() - t) / 1000.0
			_phase = "paint")
		_painter.painted.connect(func(_x): done["v"] = true, CONNECT_ONE_SHOT)
		_rows.clear()
		_phase = "gen"
		_on = true
		gen.generate_async(level)
		while not done["v"]:
			await process_frame
		_on = false
		await process_frame
		print("level %d side %d chunk %d: %d frames; paint_over_frames() call %.2f ms" % [level, side, chunk, _rows.size(), call_ms["v"]])
		var steps := []
		for i in _rows.size():
			var r: Array = _rows[i]
			steps.append(r[1])
			if r[0] > 9.0:
				print("  frame %d: work %.2f ms, paint_step %.2f ms, %s, progress %.4f" % [i, r[0], r[1], r[2], r[3]])
		steps.sort()
		print("  paint_step median %.2f, max %.2f" % [steps[steps.size() / 2], steps.max()])
	quit(0)
