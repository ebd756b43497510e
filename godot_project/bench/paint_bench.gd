extends SceneTree
## Headless benchmark: painting a DungeonGrid onto a
## TileMapLayer, side by side in one process, and the longest main-thread
## frame while a 1024² map is generated with generate_async() and painted
## with a per-frame tile budget.
##
## Run (tests/run_bench.sh does, once, on a release build):
##   godot --headless --path godot_project --script res://bench/paint_bench.gd [-- --quick]
## `-- --painters` runs only the painter table (256² and 1024²) and its
## verdicts; `-- --frames` runs only the frame part (idle frames, then the async
## generate-and-paint runs).
## Prints a markdown section on stdout. Nothing is asserted.
##
## What each painter does: floor tiles for every walkable cell and a wall
## tile on every empty cell with a walkable one among its 8 neighbours.
## - ours: DungeonTilePainter.paint() (tile_map_data, or set_cell from Rust);
## - GDScript: the same decisions in a GDScript loop over cells_packed() with
##   one TileMapLayer.set_cell() per tile (what the sample did before);
## - GDScript, 47-tile blob walls: our blob painter's whole job in GDScript
##   (each wall's tile from its 8-neighbour mask), checked to lay the same
##   tiles as ours; the like-for-like baseline;
## - GDScript, sample style: the sample's former painter, get_cell() and
##   is_walkable() per cell and neighbour;
## - terrain: floors by set_cell, walls by one set_cells_terrain_connect()
##   call on a 47-tile blob terrain set (Godot's own autotiling, doing the
##   job of our 47-tile wall set).
## Times are the call (what blocks the script) and, second, the call plus
## TileMapLayer.update_internals() (Godot building its quadrants) for layers
## inside the tree.

const SampleTiles := preload("res://scripts/dungeon_tiles.gd")
const N8: Array[Vector2i] = [Vector2i(0, -1), Vector2i(1, -1), Vector2i(1, 0), Vector2i(1, 1),
		Vector2i(0, 1), Vector2i(-1, 1), Vector2i(-1, 0), Vector2i(-1, -1)]

var _quick := false
var _frames_only := false
## `-- --chunks` runs only the chunk table; `-- --rss=N` paints one
## 2048² map with chunk side N (0: one layer) and prints the peak RSS.
var _chunks_only := false
## `-- --painters` runs only the painter table and its verdicts.
var _painters_only := false
## `-- --level-collision` runs only the level table: a DungeonLevel2D with
## `collision` on making caves with generate_async() (generating, painting
## and adding the collision bodies over frames).
var _level_collision := false
var _rss_chunk := -1
## `-- --tiles=N`: tiles per frame in the chunk table and the RSS run
## (default: the painter's own default).
var _tiles := -1
## `-- --chunk-sizes=256,0`: the chunk sides the chunk table runs (0: one
## layer); default 64, 128, 256 and one layer.
var _chunk_sizes: Array[int] = [64, 128, 256, 0]
## `-- --physics`: the chunk table paints with the sample's tile set (walls
## with a collision polygon, the layer's collision on).
var _physics := false
var _frames: Array[float] = []
## Main-thread work per frame: from the start of the frame's process step to
## the end of the deferred calls (the TileMapLayer's update among them); it
## leaves out the sleep Godot adds to pace a headless frame loop.
var _busy: Array[float] = []
var _frame_start := 0
var _last_tick := 0
var _measuring := false


func _initialize() -> void:
	_quick = OS.get_cmdline_user_args().has("--quick")
	_frames_only = OS.get_cmdline_user_args().has("--frames")
	_chunks_only = OS.get_cmdline_user_args().has("--chunks")
	_painters_only = OS.get_cmdline_user_args().has("--painters")
	_physics = OS.get_cmdline_user_args().has("--physics")
	_level_collision = OS.get_cmdline_user_args().has("--level-collision")
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--rss="):
			_rss_chunk = int(arg.substr(6))
		if arg.begins_with("--tiles="):
			_tiles = int(arg.substr(8))
		if arg.begins_with("--chunk-sizes="):
			_chunk_sizes.clear()
			for size in arg.substr(14).split(","):
				_chunk_sizes.append(int(size))
	if _rss_chunk >= 0:
		_run_rss.call_deferred()
	elif _chunks_only:
		_run_chunks.call_deferred()
	elif _level_collision:
		_run_level_collision.call_deferred()
	else:
		_run.call_deferred()


func _process(_delta: float) -> bool:
	var now := Time.get_ticks_usec()
	if _measuring and _last_tick > 0:
		_frames.append((now - _last_tick) / 1000.0)
	_last_tick = now
	if _measuring:
		_frame_start = now
		process_frame.connect(_after_process_frame, CONNECT_ONE_SHOT)
	return false


## Connected last, so it runs after the painter's paint_step(); the deferred
## call it queues runs after the TileMapLayer's own deferred update (queued by
## the first set_cell of the frame): the end of the frame's main-thread work.
func _after_process_frame() -> void:
	_end_of_work.call_deferred()


func _end_of_work() -> void:
	if _measuring and _frame_start > 0:
		_busy.append((Time.get_ticks_usec() - _frame_start) / 1000.0)
	_frame_start = 0


## The 47 blob masks (N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128).
const BLOB_47 := [0, 1, 4, 5, 7, 16, 17, 20, 21, 23, 28, 29, 31, 64, 65, 68, 69, 71, 80, 81, 84,
		85, 87, 92, 93, 95, 112, 113, 116, 117, 119, 124, 125, 127, 193, 197, 199, 209, 213, 215,
		221, 223, 241, 245, 247, 253, 255]
## Blob bit order as TileSet peering bits.
const PEERING := [TileSet.CELL_NEIGHBOR_TOP_SIDE, TileSet.CELL_NEIGHBOR_TOP_RIGHT_CORNER,
		TileSet.CELL_NEIGHBOR_RIGHT_SIDE, TileSet.CELL_NEIGHBOR_BOTTOM_RIGHT_CORNER,
		TileSet.CELL_NEIGHBOR_BOTTOM_SIDE, TileSet.CELL_NEIGHBOR_BOTTOM_LEFT_CORNER,
		TileSet.CELL_NEIGHBOR_LEFT_SIDE, TileSet.CELL_NEIGHBOR_TOP_LEFT_CORNER]


## An 8×8 atlas. With `terrain`: a real blob terrain set (corners and
## sides): terrain 0 wall with the 47 blob tiles in rows 1.., terrain 1
## floor on tile (0, 0), as a game using Godot's autotiling would have.
static func tile_set(terrain: bool) -> TileSet:
	var ts := TileSet.new()
	ts.tile_size = Vector2i(8, 8)
	var src := TileSetAtlasSource.new()
	src.texture = ImageTexture.create_from_image(Image.create(64, 64, false, Image.FORMAT_RGBA8))
	src.texture_region_size = Vector2i(8, 8)
	for y in 8:
		for x in 8:
			src.create_tile(Vector2i(x, y))
	ts.add_source(src, 0)
	if terrain:
		ts.add_terrain_set()
		ts.set_terrain_set_mode(0, TileSet.TERRAIN_MODE_MATCH_CORNERS_AND_SIDES)
		ts.add_terrain(0)
		ts.add_terrain(0)
		var floor_data := src.get_tile_data(Vector2i(0, 0), 0)
		floor_data.terrain_set = 0
		floor_data.terrain = 1
		for bit in PEERING:
			floor_data.set_terrain_peering_bit(bit, 1)
		for k in BLOB_47.size():
			var data := src.get_tile_data(Vector2i(k % 8, 1 + k / 8), 0)
			data.terrain_set = 0
			data.terrain = 0
			for i in 8:
				data.set_terrain_peering_bit(PEERING[i], 0 if BLOB_47[k] & (1 << i) else 1)
	return ts


func make_layer(terrain := false) -> TileMapLayer:
	var l := TileMapLayer.new()
	l.tile_set = tile_set(terrain)
	root.add_child(l)
	return l


static func grid(side: int, level := 1) -> DungeonGrid:
	var gen := CaveGenerator.new()
	gen.width = side
	gen.height = side
	return gen.generate_level(level)


## The GDScript painter: floors and 8-neighbour walls, one set_cell each.
## With `terrain`, walls are collected and handed to
## set_cells_terrain_connect in one call instead.
static func paint_gdscript(g: DungeonGrid, l: TileMapLayer, terrain: bool) -> void:
	var cells := g.cells_packed()
	var w := g.width
	var h := g.height
	var walls: Array[Vector2i] = []
	for y in h:
		for x in w:
			var code := cells[y * w + x]
			if code != 0:
				l.set_cell(Vector2i(x, y), 0, Vector2i(0, 0))
				continue
			for d in N8:
				var nx := x + d.x
				var ny := y + d.y
				if nx >= 0 and ny >= 0 and nx < w and ny < h and cells[ny * w + nx] != 0:
					if terrain:
						walls.append(Vector2i(x, y))
					else:
						l.set_cell(Vector2i(x, y), 0, Vector2i(3, 0))
					break
	if terrain:
		l.set_cells_terrain_connect(walls, 0, 0)


## The GDScript painter that does our blob painter's whole job: a tile per
## cell kind, and each wall's tile chosen from the 47-tile blob set by its
## 8-neighbour mask of solid cells (corner bits kept only where both sides
## are solid),
## one set_cell each. It lays exactly the tiles DungeonTilePainter lays
## with WALLS_BLOB_47 and the default mapping (the bench checks this).
static func paint_gdscript_blob(g: DungeonGrid, l: TileMapLayer) -> void:
	var cells := g.cells_packed()
	var w := g.width
	var h := g.height
	# Tile per cell code (0 empty is never painted), as the default mapping.
	var kind_tiles: Array[Vector2i] = [Vector2i(-1, -1), Vector2i(0, 0), Vector2i(4, 0), Vector2i(5, 0),
			Vector2i(1, 0), Vector2i(2, 0), Vector2i(0, 0)]
	var blob_tile: Array[Vector2i] = []
	blob_tile.resize(256)
	for k in BLOB_47.size():
		blob_tile[BLOB_47[k]] = Vector2i(k % 8, 1 + k / 8)
	for y in h:
		for x in w:
			var code := cells[y * w + x]
			if code != 0:
				l.set_cell(Vector2i(x, y), 0, kind_tiles[code])
				continue
			var walkable := 0
			for i in 8:
				var nx := x + N8[i].x
				var ny := y + N8[i].y
				if nx >= 0 and ny >= 0 and nx < w and ny < h and cells[ny * w + nx] != 0:
					walkable |= 1 << i
			if walkable == 0:
				continue
			# The mask has a bit per solid neighbour (empty or outside); a
			# corner counts only where both its sides are solid too.
			var mask := ~walkable & 255
			if mask & 5 != 5:
				mask &= ~2
			if mask & 20 != 20:
				mask &= ~8
			if mask & 80 != 80:
				mask &= ~32
			if mask & 65 != 65:
				mask &= ~128
			l.set_cell(Vector2i(x, y), 0, blob_tile[mask])


## The sample's former painter (dungeon.gd before issue 17): get_cell()
## per cell and is_walkable() per neighbour, one set_cell per tile.
static func paint_gdscript_sample(g: DungeonGrid, l: TileMapLayer) -> void:
	for y in g.height:
		for x in g.width:
			var cell := Vector2i(x, y)
			var code := g.get_cell(cell)
			if code != DungeonGrid.EMPTY:
				l.set_cell(cell, 0, Vector2i(0, 0))
				continue
			for d in N8:
				if g.is_walkable(cell + d):
					l.set_cell(cell, 0, Vector2i(3, 0))
					break


## `true` if the GDScript blob loop lays the tiles our blob painter lays.
func same_as_ours_blob(g: DungeonGrid) -> bool:
	var a := TileMapLayer.new()
	var b := TileMapLayer.new()
	a.tile_set = tile_set(false)
	b.tile_set = a.tile_set
	var p := DungeonTilePainter.new()
	p.mapping = DungeonTileMapping.new()
	p.mapping.wall_style = DungeonTileMapping.WALLS_BLOB_47
	# One layer, to compare with get_used_cells() (chunked painting lays
	# the same tiles, cell for cell: test_tile_chunks.gd).
	p.chunking = DungeonTilePainter.CHUNKS_NEVER
	p.paint(g, a)
	paint_gdscript_blob(g, b)
	var same := a.get_used_cells().size() == b.get_used_cells().size()
	for c in a.get_used_cells():
		if not same:
			break
		same = a.get_cell_source_id(c) == b.get_cell_source_id(c) and a.get_cell_atlas_coords(c) == b.get_cell_atlas_coords(c) \
				and a.get_cell_alternative_tile(c) == b.get_cell_alternative_tile(c)
	a.free()
	b.free()
	p.free()
	return same


## [call ms, call + update_internals ms] of one paint on a fresh layer.
func time_once(g: DungeonGrid, how: String) -> Array[float]:
	var l := make_layer(how == "terrain")
	var p := DungeonTilePainter.new()
	p.write_method = DungeonTilePainter.WRITE_SET_CELL if how == "rust_set_cell" else DungeonTilePainter.WRITE_TILE_MAP_DATA
	if how == "terrain":
		p.mapping = DungeonTileMapping.new()
		p.mapping.wall_style = DungeonTileMapping.WALLS_BLOB_47
	# Godot's floor: the tiles our blob painter lays, handed to the same
	# kind of layers as ready bytes (one layer, or a new child layer per
	# chunk as ours makes them for a big map).
	var bytes: Array[PackedByteArray] = []
	if how == "godot_floor":
		var scratch := TileMapLayer.new()
		scratch.tile_set = l.tile_set
		p.mapping = DungeonTileMapping.new()
		p.mapping.wall_style = DungeonTileMapping.WALLS_BLOB_47
		p.paint(g, scratch)
		if scratch.get_child_count() == 0:
			bytes.append(scratch.get_tile_map_data_as_array())
		for c in scratch.get_children():
			bytes.append((c as TileMapLayer).get_tile_map_data_as_array())
		scratch.free()
	var t0 := Time.get_ticks_usec()
	match how:
		"godot_floor":
			if bytes.size() == 1:
				l.set_tile_map_data_from_array(bytes[0])
			else:
				for b in bytes:
					var chunk := TileMapLayer.new()
					chunk.tile_set = l.tile_set
					l.add_child(chunk)
					chunk.set_tile_map_data_from_array(b)
		"gdscript":
			paint_gdscript(g, l, false)
		"gdscript_sample":
			paint_gdscript_sample(g, l)
		"gdscript_blob":
			paint_gdscript_blob(g, l)
		"terrain":
			paint_gdscript(g, l, true)
		"ours_blob":
			p.mapping = DungeonTileMapping.new()
			p.mapping.wall_style = DungeonTileMapping.WALLS_BLOB_47
			p.paint(g, l)
		_:
			p.paint(g, l)
	var t1 := Time.get_ticks_usec()
	l.update_internals()
	var t2 := Time.get_ticks_usec()
	p.free()
	root.remove_child(l)
	l.free()
	return [(t1 - t0) / 1000.0, (t2 - t0) / 1000.0]


static func median(xs: Array) -> float:
	var s := xs.duplicate()
	s.sort()
	return s[s.size() / 2] if s.size() % 2 == 1 else (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2.0


## Median [call, call + update] over `runs` paints.
func time_median(g: DungeonGrid, how: String, runs: int) -> Array[float]:
	var calls := []
	var totals := []
	for i in runs:
		var r := time_once(g, how)
		calls.append(r[0])
		totals.append(r[1])
	return [median(calls), median(totals)]


func fmt(r: Array) -> String:
	return "%.1f / %.1f" % [r[0], r[1]]


func _run() -> void:
	print("### Painting a grid onto a TileMapLayer, and frames while generating async (Godot, `godot_project/bench/paint_bench.gd`)\n")
	print("Godot %s headless, %s. Cave maps (CaveGenerator, level 1); every painter lays floor tiles and 8-neighbour walls. Cells: ms of the call / ms of the call plus `update_internals()` (layer in the tree), median of the runs in brackets.\n" % [Engine.get_version_info()["string"], "quick run" if _quick else "full run"])
	print("| map | painted tiles | ours: `paint()`, tile_map_data | ours: `paint()`, set_cell from Rust | ours, 47-tile blob walls | Godot alone: ready `tile_map_data` bytes | GDScript loop, sample style | GDScript loop over `cells_packed()` | GDScript loop, 47-tile blob walls | `set_cells_terrain_connect`, 47-tile blob terrain | sample-style GDScript ÷ ours | packed GDScript ÷ ours | blob GDScript ÷ ours blob | terrain ÷ ours (blob) |")
	print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
	var verdicts: Array[String] = []
	for side in ([] if _frames_only else [256, 1024]):
		var g := grid(side)
		var runs_fast := 3 if _quick else (9 if side == 256 else 5)
		var runs_slow := 1 if _quick or side == 1024 else 3
		var probe := make_layer()
		var counter := DungeonTilePainter.new()
		counter.chunking = DungeonTilePainter.CHUNKS_NEVER
		counter.paint(g, probe)
		counter.free()
		var tiles := probe.get_used_cells().size()
		root.remove_child(probe)
		probe.free()
		# Round robin, so that a noisy stretch of the machine falls on every
		# painter alike; the median of each.
		var runs := {"rust_data": runs_fast, "rust_set_cell": runs_fast, "godot_floor": runs_fast, "ours_blob": runs_fast,
				"gdscript_sample": runs_slow, "gdscript": runs_slow, "gdscript_blob": 3 if not _quick else 1}
		var times := {}
		for how in runs:
			times[how] = [[], []]
		for round in runs_fast:
			for how in runs:
				if round < runs[how]:
					var r := time_once(g, how)
					times[how][0].append(r[0])
					times[how][1].append(r[1])
		var med := func(how: String) -> Array[float]:
			return [median(times[how][0]), median(times[how][1])]
		var data: Array[float] = med.call("rust_data")
		var setc: Array[float] = med.call("rust_set_cell")
		var floor_: Array[float] = med.call("godot_floor")
		var blob: Array[float] = med.call("ours_blob")
		var sample: Array[float] = med.call("gdscript_sample")
		var gds: Array[float] = med.call("gdscript")
		var gds_blob: Array[float] = med.call("gdscript_blob")
		var blob_same := same_as_ours_blob(g)
		var ours: float = minf(data[0], setc[0])
		var terr_text := "not run (minutes at this size)"
		var terr_ratio := "—"
		if side == 256:
			var terr := time_median(g, "terrain", 1)
			terr_text = fmt(terr) + " (1)"
			var r100 := terr[0] / blob[0]
			terr_ratio = "%.0f×" % r100
			verdicts.append("terrain ÷ ours (both 47-tile blob walls) at 256² = %.0f× (target ≥ 100×: %s)" % [r100, "met" if r100 >= 100 else "missed"])
		var layers := "one layer" if side * side <= 512 * 512 else "chunk layers of 256², as ours paints by default"
		var rf := blob[0] / floor_[0]
		verdicts.append("ours (47-tile blob walls) ÷ Godot storing the same tiles as ready bytes in the same kind of layers (%s) at %d² = %.2f× (%.1f vs %.1f ms; target ≤ 1.3×: %s)" % [
				layers, side, rf, blob[0], floor_[0], "met" if rf <= 1.3 else "missed"])
		var rb := gds_blob[0] / blob[0]
		verdicts.append("a GDScript set_cell loop doing our job onto one layer (47-tile blob walls by neighbour mask; %s) ÷ ours at %d² = %.1f× (%.1f vs %.1f ms; target ≥ 7×: %s)" % [
				"the same tiles as ours, cell for cell" if blob_same else "NOT the same tiles as ours, so not a fair pair", side, rb, gds_blob[0], blob[0], "met" if rb >= 7 and blob_same else "missed"])
		print("| %d² | %d | %s (%d) | %s (%d) | %s (%d) | %s (%d) | %s (%d) | %s (%d) | %s (%d) | %s | %.1f× | %.1f× | %.1f× | %s |" % [side, tiles, fmt(data), runs_fast,
				fmt(setc), runs_fast, fmt(blob), runs_fast, fmt(floor_), runs_fast, fmt(sample), runs_slow, fmt(gds), runs_slow,
				fmt(gds_blob), 3 if not _quick else 1, terr_text, sample[0] / ours, gds[0] / ours, gds_blob[0] / blob[0], terr_ratio])
		if side == 256:
			verdicts.append("tile_map_data vs set_cell from Rust at 256²: %.2f ms vs %.2f ms (call); %s is kept as the default" % [data[0], setc[0], "tile_map_data" if data[0] <= setc[0] else "set_cell (faster here!)"])
	if _painters_only:
		print("\nVerdicts: " + "; ".join(verdicts) + ".\n")
		quit()
		return
	print("")
	# Frames: first idle (the machine's own noise), then generate 1024²
	# async and paint it over frames, with the default budget and a smaller one.
	await _measure_idle()
	var idle_longest: float = _frames.max()
	print("Idle, for comparison: longest of 300 frames with nothing to do %.1f ms (median %.2f ms; headless Godot sleeps to pace its frames at %.1f ms), main-thread work per frame longest %.2f ms: the rest is the scheduler's share on this machine.\n" % [idle_longest, median(_frames), OS.low_processor_usage_mode_sleep_usec / 1000.0, _busy.max()])
	print(where_frames_go() + "\n")
	# A new, empty layer, then the next level painted over the same layer
	# (what a game does from level to level).
	var shared := make_layer()
	for run in [["a new, empty layer", 1], ["the same layer again, holding the previous level", 2]]:
		var line: String = await frames_run(4096, shared, run[0], run[1])
		print(line)
		verdicts.append("frames, 1024² async + paint_over_frames at 4096 tiles per frame onto %s: %s" % [run[0], line.substr(line.find("Target")).strip_edges().trim_suffix(".")])
	root.remove_child(shared)
	shared.free()
	print("Verdicts: " + "; ".join(verdicts) + ".\n")
	await _run_chunks()


## The two parts of a painting frame, timed apart: paint_step() (our
## set_cell calls, 4096 tiles) and update_internals() (Godot building the
## quadrants), called by hand over a whole 1024² paint onto a new layer,
## then over the next level's paint onto the same layer.
func where_frames_go() -> String:
	var l := make_layer()
	var p := DungeonTilePainter.new()
	root.add_child(p)
	p.tiles_per_frame = 4096
	var parts: Array[String] = []
	for level in [1, 2]:
		p.paint_over_frames(grid(1024, level), l)
		process_frame.disconnect(Callable(p, "paint_step"))
		var steps := []
		var updates := []
		var waits := 0
		while p.is_painting() and waits < 100000:
			var t0 := Time.get_ticks_usec()
			p.paint_step()
			var t1 := Time.get_ticks_usec()
			if p.get_paint_progress() == 0.0:
				waits += 1
				OS.delay_usec(1000)
				continue
			l.update_internals()
			var t2 := Time.get_ticks_usec()
			steps.append((t1 - t0) / 1000.0)
			updates.append((t2 - t1) / 1000.0)
		var worst := steps.find(steps.max())
		parts.append("%s (%d steps): `paint_step()` median %.1f ms, longest %.1f ms (step %d, entries %d–%d of the plan), Godot's `update_internals()` median %.1f ms, longest %.1f ms" % [
				"onto a new layer" if level == 1 else "the next level onto the same layer", steps.size(), median(steps), steps.max(),
				worst + 1, worst * 4096 + 1, (worst + 1) * 4096, median(updates), updates.max()])
	root.remove_child(p)
	p.free()
	root.remove_child(l)
	l.free()
	return "Where a painting frame goes (1024², 4096 tiles per step, each step timed apart): " + "; ".join(parts) + \
			". A new layer's tile storage is a Godot HashMap that grows, rehashing every tile it holds, when it passes 294,930 and 589,825 tiles (¾ of 393,241 and of 786,433 slots); that one `set_cell()` is the long step. A layer that held a map as big keeps its slots, so the next level has no such step."


## Generates a 1024² cave (`level`) with generate_async() and paints it
## onto `l` (described by `onto`) with paint_over_frames() at `tiles` per
## frame; the line to print.
func frames_run(tiles: int, l: TileMapLayer, onto: String, level: int, side := 1024, chunk := -1, as_dict := false) -> Variant:
	var gen := CaveGenerator.new()
	gen.width = side
	gen.height = side
	var painter := DungeonTilePainter.new()
	if tiles > 0:
		painter.tiles_per_frame = tiles
	if chunk == 0:
		painter.chunking = DungeonTilePainter.CHUNKS_NEVER
	elif chunk > 0:
		painter.chunking = DungeonTilePainter.CHUNKS_ALWAYS
		painter.chunk_size = chunk
	root.add_child(painter)
	var state := {"grid": null, "painted": false, "gen_frames": 0, "paint_frames": 0, "gen_max": 0.0, "paint_max": 0.0}
	gen.generated.connect(func(g): state["grid"] = g; painter.paint_over_frames(g, l))
	painter.painted.connect(func(_l): state["painted"] = true)
	_frames.clear()
	_busy.clear()
	_frame_start = 0
	_last_tick = 0
	_measuring = true
	var t0 := Time.get_ticks_usec()
	gen.generate_async(level)
	while not state["painted"] and Time.get_ticks_usec() - t0 < 120_000_000:
		await process_frame
		var last: float = _frames[-1] if not _frames.is_empty() else 0.0
		if state["grid"] == null:
			state["gen_frames"] += 1
			state["gen_max"] = maxf(state["gen_max"], last)
		else:
			state["paint_frames"] += 1
			state["paint_max"] = maxf(state["paint_max"], last)
	_measuring = false
	var total_ms := (Time.get_ticks_usec() - t0) / 1000.0
	var longest := 0.0
	var at := 0
	for i in _frames.size():
		if _frames[i] > longest:
			longest = _frames[i]
			at = i
	var within := _frames.filter(func(f): return f <= 16.0).size()
	var busy_sorted := _busy.duplicate()
	busy_sorted.sort()
	var busy_p99: float = busy_sorted[int(busy_sorted.size() * 0.99)] if not busy_sorted.is_empty() else 0.0
	if as_dict:
		root.remove_child(painter)
		painter.free()
		return {"longest": longest, "median": median(_busy) if not _busy.is_empty() else 0.0, "p99": busy_p99,
				"busy_max": busy_sorted.max() if not busy_sorted.is_empty() else 0.0, "over": _frames.size() - within,
				"frames": _frames.size(), "verdict": "met" if longest <= 16.0 and state["painted"] else "missed"}
	var out := "Longest main-thread frame while a 1024² cave (level %d) is generated with `generate_async()` and painted with `paint_over_frames()` (%d tiles per frame) onto %s: **%.1f ms** over %d frames (%d while generating, longest %.1f ms; %d while painting, longest %.1f ms; %.0f ms in all; median frame %.1f ms; %d of the frames within 16 ms; the longest was frame %d). Main-thread work per frame (process step to the end of the layer's update): median %.2f ms, 99th percentile %.2f ms, longest %.2f ms. Target ≤ 16 ms: %s.\n" % [
			level, tiles, onto, longest, _frames.size(), state["gen_frames"], state["gen_max"], state["paint_frames"], state["paint_max"], total_ms,
			median(_frames) if not _frames.is_empty() else 0.0, within, at + 1,
			median(_busy) if not _busy.is_empty() else 0.0, busy_p99, busy_sorted.max() if not busy_sorted.is_empty() else 0.0,
			"met" if longest <= 16.0 and state["painted"] else "missed"]
	root.remove_child(painter)
	painter.free()
	return out


## The peak resident set of this process so far (VmHWM), in MiB; -1 if
## /proc is not there.
static func peak_rss_mib() -> float:
	# /proc files report a length of 0, so FileAccess reads nothing: cat them.
	var out := []
	if OS.execute("cat", ["/proc/%d/status" % OS.get_process_id()], out) != 0 or out.is_empty():
		return -1.0
	for line in String(out[0]).split("\n"):
		if line.begins_with("VmHWM:"):
			return int(line.split(":")[1].strip_edges().split(" ")[0]) / 1024.0
	return -1.0


## Peak RSS while one 2048² cave is generated and painted over frames with
## chunk side `_rss_chunk` (0: one layer); one process per figure.
func _run_rss() -> void:
	var before := peak_rss_mib()
	var l := make_layer()
	var line: String = await frames_run(_tiles, l, "rss", 1, 2048, _rss_chunk)
	print("RSS chunk=%d: peak %.0f MiB (before generating %.0f MiB)" % [_rss_chunk, peak_rss_mib(), before])
	quit(0)


## Records 300 frames with nothing to do in `_frames` and `_busy`: the
## machine's own frame noise, printed beside each frame table.
func _measure_idle(count := 300) -> void:
	_frames.clear()
	_busy.clear()
	_frame_start = 0
	_last_tick = 0
	_measuring = true
	for i in count:
		await process_frame
	_measuring = false


## The chunk table: longest frame, 99th percentile and median main-thread
## work per frame while a cave is generated async and painted over frames
## with the README's code, at 1024² and 2048², onto a new target and onto
## the target holding the previous level, for chunk sides 64, 128, 256 and
## one layer.
func _run_chunks() -> void:
	# As many idle frames as the longest painting case has, so that the
	# machine's own long frames can be counted beside the painting ones.
	await _measure_idle(1200)
	var busy_sorted := _busy.duplicate()
	busy_sorted.sort()
	var idle_over := _frames.filter(func(f): return f > 16.0).size()
	print("#### Frames while generating and painting big maps in chunks\n")
	print("Godot %s headless, release build; a cave generated with `generate_async()` then `paint_over_frames(grid, layer)` at %d tiles per frame%s. Idle (%d empty frames): longest frame %.1f ms, %d frames > 16 ms, main-thread work median %.2f ms, 99th percentile %.2f ms, longest %.2f ms.\n" % [
			Engine.get_version_info()["string"], _tiles if _tiles > 0 else DungeonTilePainter.new().tiles_per_frame,
			"; the sample's tile set, walls with a collision polygon" if _physics else "", _frames.size(), _frames.max(), idle_over,
			median(_busy), busy_sorted[int(busy_sorted.size() * 0.99)], busy_sorted.max()])
	print("| map | chunks | target | longest frame (ms) | work per frame: median / p99 / longest (ms) | frames > 16 ms | frames | verdict |")
	print("|---|---|---|---|---|---|---|---|")
	for side in [1024, 2048]:
		for chunk in _chunk_sizes:
			var l := make_layer()
			if _physics:
				l.tile_set = SampleTiles.make_tile_set(16)
			for run in [["new", 1], ["reused", 2]]:
				var r: Dictionary = await frames_run(_tiles, l, run[0], run[1], side, chunk, true)
				print("| %d² | %s | %s | %.1f | %.2f / %.2f / %.2f | %d | %d | Target ≤ 16 ms: %s |" % [side, str(chunk) + "²" if chunk > 0 else "one layer", run[0],
						r["longest"], r["median"], r["p99"], r["busy_max"], r["over"], r["frames"], r["verdict"]])
			root.remove_child(l)
			l.free()
	print("")
	quit(0)


## The level table: a DungeonLevel2D (default tile set, `collision` on)
## makes 1024² and 2048² caves with generate_async(), the first level onto
## a new node, then the next two levels onto it (the previous level's
## tiles and bodies are replaced); the frames from the call to
## `generated`. Then the level's bodies are checked to be there.
func _run_level_collision() -> void:
	await _measure_idle(600)
	var idle_sorted := _busy.duplicate()
	idle_sorted.sort()
	print("#### Frames while a level node generates, paints and adds collision\n")
	print("Godot %s headless, release build; a `DungeonLevel2D` (default tile set, `collision` on) making caves with `generate_async()` until `generated`. Idle (%d empty frames): longest frame %.1f ms, %d frames > 16 ms, main-thread work p99 %.2f ms.\n" % [
			Engine.get_version_info()["string"], _frames.size(), _frames.max(), _frames.filter(func(f): return f > 16.0).size(),
			idle_sorted[int(idle_sorted.size() * 0.99)]])
	print("| map | level | collision shapes (bodies) | longest frame (ms) | longest while generating / painting / adding bodies (ms) | frame p99 (ms) | work per frame: median / p99 / longest (ms) | frames > 16 ms | frames | ms to `generated` | verdict |")
	print("|---|---|---|---|---|---|---|---|---|---|---|")
	for side in [1024, 2048]:
		var gen := CaveGenerator.new()
		gen.width = side
		gen.height = side
		var node := DungeonLevel2D.new()
		node.generate_on_ready = false
		node.generator = gen
		node.collision = true
		root.add_child(node)
		for level in [1, 2, 3]:
			node.level = level
			var state := {"done": false}
			var on_done := func(_g): state["done"] = true
			node.generated.connect(on_done)
			_frames.clear()
			_busy.clear()
			_frame_start = 0
			_last_tick = 0
			_measuring = true
			var t0 := Time.get_ticks_usec()
			node.generate_async()
			# The longest frame of each phase: generating (progress below
			# 0.5), painting, adding the collision bodies (the new
			# Collision node is there), and the frame `generated` came in.
			var phase_max := {"generating": 0.0, "painting": 0.0, "bodies": 0.0}
			var phase := "generating"
			while not state["done"] and Time.get_ticks_usec() - t0 < 300_000_000:
				await process_frame
				if not _frames.is_empty():
					phase_max[phase] = maxf(phase_max[phase], _frames[-1])
				var out: Node = node.get_output()
				if node.get_progress() >= 0.5 and out != null:
					phase = "bodies" if out.get_node_or_null("Collision") != null else "painting"
			_measuring = false
			var total_ms := (Time.get_ticks_usec() - t0) / 1000.0
			node.generated.disconnect(on_done)
			var sorted := _frames.duplicate()
			sorted.sort()
			var busy := _busy.duplicate()
			busy.sort()
			var col: Node = node.get_output().get_node_or_null("Collision")
			var bodies := col.get_child_count() if col != null else 0
			var shapes := 0
			if col != null:
				for b in col.get_children():
					shapes += b.get_child_count()
			var longest: float = sorted.max()
			print("| %d² | %d | %d (%d) | %.1f | %.1f / %.1f / %.1f | %.1f | %.2f / %.2f / %.2f | %d | %d | %.0f | Target ≤ 16 ms: %s |" % [side, level, shapes, bodies,
					longest, phase_max["generating"], phase_max["painting"], phase_max["bodies"], sorted[int(sorted.size() * 0.99)], median(busy), busy[int(busy.size() * 0.99)], busy.max(),
					sorted.filter(func(f): return f > 16.0).size(), sorted.size(), total_ms,
					"met" if longest <= 16.0 and state["done"] and bodies > 0 else "missed"])
		root.remove_child(node)
		node.queue_free()
		await process_frame
	print("")
	quit(0)
