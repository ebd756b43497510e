extends SceneTree
## Where the long frames of chunked painting go: one case (`-- side chunk`),
## each frame's main-thread work split into the painter's paint_step() (timed
## by hand) and the rest (Godot's own updates, the generator's delivery).
## Prints the frames over 9 ms. Not a test; run by hand.

const Bench := preload("res://bench/paint_bench.gd")
const SampleTiles := preload("res://scripts/dungeon_tiles.gd")

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
	# `-- side chunk physics`: the sample's tile set, walls with collision;
	# `nav`: that tile set with a navigation polygon on every floor tile
	# (and `physics` off on the layer unless also given).
	l.tile_set = SampleTiles.make_tile_set(16) if args.has("physics") or args.has("nav") else Bench.tile_set(false)
	l.collision_enabled = args.has("physics") or not args.has("nav")
	if args.has("nav"):
		l.tile_set.add_navigation_layer()
		var src := l.tile_set.get_source(0) as TileSetAtlasSource
		var poly := NavigationPolygon.new()
		poly.vertices = PackedVector2Array([Vector2(-8, -8), Vector2(8, -8), Vector2(8, 8), Vector2(-8, 8)])
		poly.add_polygon(PackedInt32Array([0, 1, 2, 3]))
		for i in src.get_tiles_count():
			var data := src.get_tile_data(src.get_tile_id(i), 0)
			if data.get_collision_polygons_count(0) == 0:
				data.set_navigation_polygon(0, poly)
	root.add_child(l)
	_painter = DungeonTilePainter.new()
	if chunk == 0:
		_painter.chunking = DungeonTilePainter.CHUNKS_NEVER
	else:
		_painter.chunking = DungeonTilePainter.CHUNKS_ALWAYS
		_painter.chunk_size = chunk
	root.add_child(_painter)
	for level in [1, 2]:
		if level == 2 and args.has("fresh"):
			# `fresh`: a new painter for the second level, as paint_bench.gd does.
			var old := _painter
			_painter = DungeonTilePainter.new()
			_painter.chunking = old.chunking
			_painter.chunk_size = old.chunk_size
			root.add_child(_painter)
			old.free()
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
		var works := []
		for i in _rows.size():
			var r: Array = _rows[i]
			steps.append(r[1])
			works.append(r[0])
			if r[0] > 9.0:
				print("  frame %d: work %.2f ms, paint_step %.2f ms, %s, progress %.4f" % [i, r[0], r[1], r[2], r[3]])
		steps.sort()
		works.sort()
		print("  paint_step median %.2f, max %.2f; work per frame median %.2f, p99 %.2f, max %.2f, over 16 ms %d" % [
				steps[steps.size() / 2], steps.max(), works[works.size() / 2], works[int(works.size() * 0.99)], works.max(),
				works.filter(func(w): return w > 16.0).size()])
	quit(0)
