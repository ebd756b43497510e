extends RefCounted
## DungeonTilePainter and DungeonTileMapping: a painted TileMapLayer matches
## the grid cell for cell (every kind, walls exactly around walkable cells),
## wall sets pick the tile of each neighbour mask, both write methods give
## the same layer, and painting over frames ends with the same layer.

const Generators := preload("res://tests/generators.gd")
const N8: Array[Vector2i] = [Vector2i(0, -1), Vector2i(1, -1), Vector2i(1, 0), Vector2i(1, 1),
		Vector2i(0, 1), Vector2i(-1, 1), Vector2i(-1, 0), Vector2i(-1, -1)]
## The 47 blob masks as published (N=1, NE=2, E=4, SE=8, S=16, SW=32, W=64, NW=128).
const BLOB_47 := [0, 1, 4, 5, 7, 16, 17, 20, 21, 23, 28, 29, 31, 64, 65, 68, 69, 71, 80, 81, 84,
		85, 87, 92, 93, 95, 112, 113, 116, 117, 119, 124, 125, 127, 193, 197, 199, 209, 213, 215,
		221, 223, 241, 245, 247, 253, 255]


## A TileSet whose source 0 is an 8×8 atlas of 4-pixel tiles, every tile created.
static func tile_set() -> TileSet:
	var ts := TileSet.new()
	ts.tile_size = Vector2i(4, 4)
	var src := TileSetAtlasSource.new()
	src.texture = ImageTexture.create_from_image(Image.create(32, 32, false, Image.FORMAT_RGBA8))
	src.texture_region_size = Vector2i(4, 4)
	for y in 8:
		for x in 8:
			src.create_tile(Vector2i(x, y))
	ts.add_source(src, 0)
	return ts


static func layer() -> TileMapLayer:
	var l := TileMapLayer.new()
	l.tile_set = tile_set()
	return l


static func walkable(g: DungeonGrid, c: Vector2i) -> bool:
	return g.get_cell(c) != DungeonGrid.EMPTY


## `true` if `c` is an empty cell in the grid next to a walkable one.
static func is_wall(g: DungeonGrid, c: Vector2i, eight: bool) -> bool:
	if c.x < 0 or c.y < 0 or c.x >= g.width or c.y >= g.height or walkable(g, c):
		return false
	for i in 8:
		if (eight or i % 2 == 0) and walkable(g, c + N8[i]):
			return true
	return false


static func atlas_of(m: DungeonTileMapping, code: int) -> Vector2i:
	match code:
		DungeonGrid.ROOM: return m.room_atlas_coords
		DungeonGrid.START: return m.start_atlas_coords
		DungeonGrid.END: return m.end_atlas_coords
		DungeonGrid.CORRIDOR: return m.corridor_atlas_coords
		DungeonGrid.DOOR: return m.door_atlas_coords
		DungeonGrid.FLOOR: return m.floor_atlas_coords
	return Vector2i(-1, -1)


## Every cell of the grid (and a ring outside it) against the layer.
static func check_layer(t, g: DungeonGrid, l: TileMapLayer, eight: bool, label: String) -> void:
	var m := DungeonTileMapping.new()
	var w := g.width
	var h := g.height
	var cells := g.cells_packed()
	var code_at := func(c: Vector2i) -> int:
		return 0 if c.x < 0 or c.y < 0 or c.x >= w or c.y >= h else cells[c.y * w + c.x]
	var wrong := 0
	var expected := 0
	var kinds := {}
	for y in range(-1, h + 1):
		for x in range(-1, w + 1):
			var c := Vector2i(x, y)
			var code: int = code_at.call(c)
			var want := Vector2i(-1, -1)
			if code != DungeonGrid.EMPTY:
				want = atlas_of(m, code)
				kinds[code] = true
			elif x >= 0 and y >= 0 and x < w and y < h:
				for i in 8:
					if (eight or i % 2 == 0) and code_at.call(c + N8[i]) != DungeonGrid.EMPTY:
						want = m.wall_atlas_coords
						break
			var got := l.get_cell_atlas_coords(c)
			if want != Vector2i(-1, -1):
				expected += 1
			if got != want or (want != Vector2i(-1, -1) and l.get_cell_source_id(c) != 0):
				if wrong < 3:
					t.check(false, "%s: cell %s is %s, want %s" % [label, c, got, want])
				wrong += 1
	t.check_eq(wrong, 0, label + ": cells that differ from the grid")
	t.check_eq(l.get_used_cells().size(), expected, label + ": painted cell count")
	t.check(kinds.size() >= 3, label + ": the grid has walkable kinds to compare")


func test_every_generator_painted_cell_for_cell(t) -> void:
	t.check(not Generators.classes().is_empty(), "GeneratorRegistry lists the generators")
	for cls in Generators.classes():
		var gen: Resource = ClassDB.instantiate(cls)
		gen.seed = 11
		var g: DungeonGrid = gen.generate_level(2)
		# Eight neighbours through tile_map_data, four through set_cell (the
		# two methods are compared byte for byte below).
		for method in [DungeonTilePainter.WRITE_TILE_MAP_DATA, DungeonTilePainter.WRITE_SET_CELL]:
			var eight: bool = method == DungeonTilePainter.WRITE_TILE_MAP_DATA
			if true:
				var p := DungeonTilePainter.new()
				p.write_method = method
				p.wall_neighbours = DungeonTilePainter.NEIGHBOURS_8 if eight else DungeonTilePainter.NEIGHBOURS_4
				var l := layer()
				var signalled := []
				p.painted.connect(func(x): signalled.append(x))
				t.check(p.paint(g, l), "%s: paint returns true" % cls)
				t.check_eq(signalled.size(), 1, "%s: painted emitted once" % cls)
				check_layer(t, g, l, eight, "%s method %d eight %s" % [cls, method, eight])
				l.free()
				p.free()


func test_both_write_methods_give_the_same_layer_bytes(t) -> void:
	var g: DungeonGrid = BspGenerator.new().generate_level(3)
	var a := layer()
	var b := layer()
	var p := DungeonTilePainter.new()
	p.write_method = DungeonTilePainter.WRITE_TILE_MAP_DATA
	p.paint(g, a)
	p.write_method = DungeonTilePainter.WRITE_SET_CELL
	p.paint(g, b)
	var bytes := a.get_tile_map_data_as_array()
	t.check(bytes.size() > 1000, "the layer holds tiles")
	t.check_eq(bytes, b.get_tile_map_data_as_array(), "tile_map_data == set_cell, byte for byte")
	# Round trip: the bytes set on a third layer read back unchanged.
	var c := layer()
	c.set_tile_map_data_from_array(bytes)
	t.check_eq(c.get_tile_map_data_as_array(), bytes, "tile_map_data round-trips")
	# Painting replaces what the layer held.
	p.paint(IsaacGenerator.new().generate_level(1), a)
	t.check(a.get_used_cells().size() < c.get_used_cells().size(), "a new paint replaces the old tiles")
	for l in [a, b, c]:
		l.free()
	p.free()


## A grid of `masks.size()` 6-wide blocks in a row: block k's centre
## (6k + 3, 3) is empty and its 8 neighbours are open floor where the mask
## bit is clear; a ring of floor around each block (joined by a bridge)
## keeps the map in one piece.
static func mask_grid(masks: Array) -> DungeonGrid:
	var w := 6 * masks.size() + 1
	var h := 7
	var cells := []
	for y in h:
		var row := []
		row.resize(w)
		row.fill(0)
		cells.append(row)
	for k in masks.size():
		var ox := 6 * k
		for y in range(1, 6):
			for x in range(ox + 1, ox + 6):
				if x == ox + 1 or x == ox + 5 or y == 1 or y == 5:
					cells[y][x] = 6
		if k > 0:
			cells[1][ox] = 6
		for i in 8:
			if masks[k] & (1 << i) == 0:
				cells[3 + N8[i].y][ox + 3 + N8[i].x] = 6
	cells[1][1] = 2
	cells[5][w - 2] = 3
	var doors := []
	for y in h:
		var row := []
		for x in w:
			var m := 0
			if cells[y][x] != 0:
				for d in [[Vector2i(0, -1), 1], [Vector2i(1, 0), 2], [Vector2i(0, 1), 4], [Vector2i(-1, 0), 8]]:
					var o: Vector2i = Vector2i(x, y) + d[0]
					if o.x >= 0 and o.y >= 0 and o.x < w and o.y < h and cells[o.y][o.x] != 0:
						m |= d[1]
			row.append(m)
		doors.append(row)
	var data := {"version": 2, "kind": "tile_map", "generator": "handmade", "seed": 0, "level": 1,
			"width": w, "height": h, "cells": cells, "doors": doors, "start": [1, 1],
			"end": [w - 2, 5], "rooms": [], "connections": []}
	return DungeonGrid.from_json(JSON.stringify(data))


## A painter whose mapping has a wall set of `style` at `origin`, `columns` per row.
static func set_painter(style: int, origin: Vector2i, columns: int) -> DungeonTilePainter:
	var m := DungeonTileMapping.new()
	m.wall_style = style
	m.wall_set_origin = origin
	m.wall_set_columns = columns
	var p := DungeonTilePainter.new()
	p.mapping = m
	return p


func test_blob_47_picks_the_tile_of_each_mask(t) -> void:
	var g := mask_grid(BLOB_47)
	if not t.check(g != null, "handmade grid loads"):
		return
	var p := set_painter(DungeonTileMapping.WALLS_BLOB_47, Vector2i(0, 1), 8)
	var m := p.mapping
	var l := layer()
	t.check(p.paint(g, l), "paint")
	for k in BLOB_47.size():
		var c := Vector2i(6 * k + 3, 3)
		var want := Vector2i(k % 8, 1 + k / 8) if BLOB_47[k] != 255 else Vector2i(-1, -1)
		t.check_eq(l.get_cell_atlas_coords(c), want, "blob mask %d" % BLOB_47[k])
	# An explicit list replaces origin and columns: tile k at (k % 8, 7 - k / 8).
	var list: Array[Vector2i] = []
	for k in 47:
		list.append(Vector2i(k % 8, 7 - k / 8))
	m.wall_set_tiles = list
	p.paint(g, l)
	t.check_eq(l.get_cell_atlas_coords(Vector2i(6 * 20 + 3, 3)), Vector2i(4, 5), "listed tile 20")
	l.free()
	p.free()


func test_edge_16_picks_the_tile_of_each_mask(t) -> void:
	# Side bits N=1, E=2, S=4, W=8 at blob bits 0, 2, 4, 6; every diagonal
	# solid but NE, so all-solid sides still make a wall.
	var masks := []
	for edge in 16:
		var sides := (edge & 1) | ((edge & 2) << 1) | ((edge & 4) << 2) | ((edge & 8) << 3)
		masks.append(sides | 8 | 32 | 128)
	var g := mask_grid(masks)
	var p := set_painter(DungeonTileMapping.WALLS_EDGE_16, Vector2i(2, 3), 4)
	var l := layer()
	p.paint(g, l)
	for edge in 16:
		t.check_eq(l.get_cell_atlas_coords(Vector2i(6 * edge + 3, 3)), Vector2i(2 + edge % 4, 3 + edge / 4), "edge mask %d" % edge)
	l.free()
	p.free()


func test_sources_alternatives_and_unpainted_kinds(t) -> void:
	var g: DungeonGrid = BspGenerator.new().generate_level(1)
	var m := DungeonTileMapping.new()
	m.door_source_id = 3
	m.door_alternative = 2
	m.corridor_atlas_coords = Vector2i(-1, -1)
	m.wall_atlas_coords = Vector2i(-1, -1)
	var p := DungeonTilePainter.new()
	p.mapping = m
	var l := TileMapLayer.new()
	p.paint(g, l)
	var doors := 0
	for c in l.get_used_cells():
		var code := g.get_cell(c)
		t.check(code != DungeonGrid.CORRIDOR and code != DungeonGrid.EMPTY, "no corridor or wall painted at %s" % c)
		if code == DungeonGrid.DOOR:
			doors += 1
			t.check(l.get_cell_source_id(c) == 3 and l.get_cell_alternative_tile(c) == 2, "door source and alternative")
	t.check(doors > 0, "doors painted")
	l.free()
	p.free()


func test_bad_settings_are_refused(t) -> void:
	var p := DungeonTilePainter.new()
	var l := TileMapLayer.new()
	var m := DungeonTileMapping.new()
	p.mapping = m
	m.room_atlas_coords = Vector2i(70000, 0)
	t.expect_error("room_atlas_coords = (70000, 0)")
	t.check(not p.paint(BspGenerator.new().generate(), l), "bad atlas refused")
	t.check(p.last_error.contains("room_atlas_coords"), "last_error names the setting")
	m.room_atlas_coords = Vector2i.ZERO
	m.wall_style = DungeonTileMapping.WALLS_BLOB_47
	m.wall_set_tiles = [Vector2i.ZERO] as Array[Vector2i]
	t.expect_error("wall_set_tiles with 1 entries")
	t.check(not p.paint(BspGenerator.new().generate(), l), "short wall set refused")
	t.expect_error("grid is null")
	t.check(not p.paint(null, l), "null grid refused")
	t.expect_error("layer is null")
	t.check(not p.paint(BspGenerator.new().generate(), null), "null layer refused")
	m.wall_style = DungeonTileMapping.WALLS_SINGLE
	t.check(p.paint(BspGenerator.new().generate(), l) and p.last_error == "", "a good paint clears last_error")
	l.free()
	p.free()


func test_per_frame_counts_below_one_are_refused(t) -> void:
	var p := DungeonTilePainter.new()
	for property in ["tiles_per_frame", "terrain_tiles_per_frame"]:
		p.set(property, 77)
		for bad in [0, -1, -9223372036854775807 - 1]:
			t.expect_error("invalid %s = %d" % [property, bad])
			p.set(property, bad)
			t.check_eq(p.get(property), 77, "%s = %d is refused; the setting is unchanged" % [property, bad])
			t.check(p.last_error.contains(property), "last_error names %s" % property)
		p.set(property, 1)
		t.check_eq(p.get(property), 1, "%s = 1 is accepted" % property)
	p.free()


func test_paint_over_frames_ends_with_the_same_layer(t) -> void:
	var g: DungeonGrid = CaveGenerator.new().generate_level(1)
	var whole := layer()
	var p := DungeonTilePainter.new()
	p.paint(g, whole)
	var l := layer()
	var done := []
	p.painted.connect(func(x): done.append(x))
	p.tiles_per_frame = 100
	t.check(p.paint_over_frames(g, l), "paint_over_frames starts")
	var tree := Engine.get_main_loop() as SceneTree
	t.check(tree.process_frame.is_connected(Callable(p, "paint_step")), "follows the frames while painting")
	var steps := 0
	var waits := 0
	var rising := true
	var matches := true
	var last := 0.0
	var total := whole.get_used_cells().size()
	while p.is_painting() and steps < 100000 and waits < 5000:
		var before := l.get_used_cells().size()
		p.paint_step()
		var added := l.get_used_cells().size() - before
		if added == 0 and p.paint_progress == 0.0:
			# The plan is still being made on its thread.
			waits += 1
			OS.delay_usec(1000)
			continue
		steps += 1
		rising = rising and p.paint_progress >= last
		last = p.paint_progress
		# A new layer: the share of the tiles written so far.
		if p.is_painting():
			matches = matches and is_equal_approx(p.paint_progress, l.get_used_cells().size() / float(total))
		if p.is_painting() and steps < 4:
			t.check_eq(added, 100, "100 tiles per step")
	t.check(rising, "paint_progress never goes down")
	t.check(matches, "paint_progress is the share of the tiles written")
	t.check_eq(p.paint_progress, 1.0, "paint_progress is 1 once painted")
	t.check_eq(steps, ceili(total / 100.0), "steps")
	t.check_eq(done.size(), 1, "painted emitted once")
	var same := l.get_used_cells().size() == whole.get_used_cells().size()
	for c in whole.get_used_cells():
		same = same and l.get_cell_atlas_coords(c) == whole.get_cell_atlas_coords(c) \
				and l.get_cell_source_id(c) == whole.get_cell_source_id(c)
	t.check(same, "same layer as paint() (quadrant order, so compared cell by cell)")
	t.check(not tree.process_frame.is_connected(Callable(p, "paint_step")), "stops following the frames")
	# stop() mid-way: no signal, painting ends.
	l.free()
	l = layer()
	p.paint_over_frames(g, l)
	while p.get_paint_progress() == 0.0 and waits < 10000:
		p.paint_step()
		waits += 1
		OS.delay_usec(500)
	p.stop()
	t.check(not p.is_painting(), "stopped")
	t.check_eq(l.get_used_cells().size(), 100, "tiles painted before stop stay")
	t.check_eq(done.size(), 1, "no painted signal after stop")
	whole.free()
	l.free()
	p.free()


## Steps `p`'s paint over frames by hand to its end; the steps taken.
static func step_to_end(p: DungeonTilePainter) -> int:
	var steps := 0
	while p.is_painting() and steps < 100000:
		p.paint_step()
		steps += 1
		if p.get_paint_progress() == 0.0:
			OS.delay_usec(500)
	return steps


## `true` if `a` and `b` hold the same tiles on the same cells.
static func same_tiles(a: TileMapLayer, b: TileMapLayer) -> bool:
	if a.get_used_cells().size() != b.get_used_cells().size():
		return false
	for c in a.get_used_cells():
		if a.get_cell_source_id(c) != b.get_cell_source_id(c) or a.get_cell_atlas_coords(c) != b.get_cell_atlas_coords(c) \
				or a.get_cell_alternative_tile(c) != b.get_cell_alternative_tile(c):
			return false
	return true


func test_paint_over_frames_replaces_the_old_tiles(t) -> void:
	var big: DungeonGrid = CaveGenerator.new().generate_level(1)
	var small: DungeonGrid = BspGenerator.new().generate_level(2)
	t.check(big.width > small.width and big.height > small.height, "the old map is the bigger one")
	var p := DungeonTilePainter.new()
	var fresh := layer()
	p.paint(small, fresh)
	# Old tiles: a bigger map, erased quadrant by quadrant from what the
	# painter remembers (never a scan of the layer, never cleared at once).
	var l := layer()
	p.paint(big, l)
	var old_count := l.get_used_cells().size()
	p.tiles_per_frame = 500
	p.paint_over_frames(small, l)
	t.check_eq(l.get_used_cells().size(), old_count, "nothing erased before the first step")
	var steps := step_to_end(p)
	t.check(same_tiles(l, fresh), "the old map's tiles are gone; the layer equals a fresh paint()")
	t.check(steps > 2, "spread over frames (%d steps)" % steps)
	# The same map again: the same layer.
	p.paint_over_frames(small, l)
	step_to_end(p)
	t.check(same_tiles(l, fresh), "repainting the same map keeps the same layer")
	# A new painter knows what the first one painted (it is kept on the layer).
	var q := DungeonTilePainter.new()
	q.paint(big, l)
	q.paint_over_frames(small, l)
	step_to_end(q)
	t.check(same_tiles(l, fresh), "another painter replaces the old map too")
	# A tile the game adds itself is not the painter's: it stays.
	l.set_cell(Vector2i(-3, -2), 0, Vector2i(1, 0))
	q.paint_over_frames(small, l)
	step_to_end(q)
	t.check_eq(l.get_cell_atlas_coords(Vector2i(-3, -2)), Vector2i(1, 0), "a tile added by the game stays")
	# A layer no painter painted: what it holds is unknown, so it is cleared.
	var other := layer()
	other.set_cell(Vector2i(500, 500), 0, Vector2i(1, 0))
	q.paint_over_frames(small, other)
	step_to_end(q)
	t.check(same_tiles(other, fresh), "a layer never painted is cleared first")
	l.free()
	other.free()
	fresh.free()
	p.free()
	q.free()


## A TileSet with one terrain set (match sides) and one wall terrain: tile
## (7, 7) is the terrain with no side bits, (6, 7) with all four sides.
static func terrain_tile_set() -> TileSet:
	var ts := tile_set()
	ts.add_terrain_set()
	ts.set_terrain_set_mode(0, TileSet.TERRAIN_MODE_MATCH_SIDES)
	ts.add_terrain(0)
	var src: TileSetAtlasSource = ts.get_source(0)
	for at in [Vector2i(7, 7), Vector2i(6, 7)]:
		var data := src.get_tile_data(at, 0)
		data.terrain_set = 0
		data.terrain = 0
		if at == Vector2i(6, 7):
			for side in [TileSet.CELL_NEIGHBOR_RIGHT_SIDE, TileSet.CELL_NEIGHBOR_BOTTOM_SIDE,
					TileSet.CELL_NEIGHBOR_LEFT_SIDE, TileSet.CELL_NEIGHBOR_TOP_SIDE]:
				data.set_terrain_peering_bit(side, 0)
	return ts


func test_terrain_walls(t) -> void:
	var g: DungeonGrid = BspGenerator.new().generate_level(1)
	var m := DungeonTileMapping.new()
	m.wall_style = DungeonTileMapping.WALLS_TERRAIN
	var p := DungeonTilePainter.new()
	p.mapping = m
	var l := TileMapLayer.new()
	l.tile_set = terrain_tile_set()
	p.paint(g, l)
	var walls := 0
	var wrong := 0
	for y in g.height:
		for x in g.width:
			var c := Vector2i(x, y)
			if is_wall(g, c, true):
				walls += 1
				var data := l.get_cell_tile_data(c)
				if data == null or data.terrain != 0:
					wrong += 1
			elif l.get_cell_tile_data(c) != null and l.get_cell_tile_data(c).terrain == 0:
				wrong += 1
	t.check(walls > 50, "the map has walls")
	t.check_eq(wrong, 0, "every wall cell, and no other, holds a wall-terrain tile")
	# Over frames, 64 terrain cells at a time: the same layer.
	var l2 := TileMapLayer.new()
	l2.tile_set = l.tile_set
	p.terrain_tiles_per_frame = 64
	p.paint_over_frames(g, l2)
	var steps := 0
	while p.is_painting() and steps < 10000:
		p.paint_step()
		steps += 1
		OS.delay_usec(100)
	t.check(steps > walls / 64, "terrain spread over frames")
	var same := true
	for c in l.get_used_cells():
		same = same and l.get_cell_atlas_coords(c) == l2.get_cell_atlas_coords(c)
	t.check(same and l.get_used_cells().size() == l2.get_used_cells().size(), "same layer over frames")
	l.free()
	l2.free()
	p.free()


func test_a_painter_freed_mid_paint_leaves_nothing_behind(t) -> void:
	var g: DungeonGrid = CaveGenerator.new().generate_level(1)
	var p := DungeonTilePainter.new()
	var l := layer()
	p.paint_over_frames(g, l)
	var tree := Engine.get_main_loop() as SceneTree
	var callable := Callable(p, "paint_step")
	t.check(tree.process_frame.is_connected(callable), "following the frames")
	p.free()
	t.check(not tree.process_frame.is_connected(callable), "the connection went with the painter")
	# Another painter and a generator still work afterwards.
	var q := DungeonTilePainter.new()
	t.check(q.paint_over_frames(g, l), "a new paint starts")
	q.stop()
	var gen := CaveGenerator.new()
	gen.generate_async(1)
	gen.wait_async()
	t.check(not gen.is_generating(), "async still works")
	l.free()
	q.free()


## Steps a paint over frames of `g` onto `l` with 100 units per frame; for
## each full step (not the last), the tiles written: [walls (3, 0), room
## floors (0, 0), others].
static func steps_of(g: DungeonGrid, l: TileMapLayer) -> Array:
	var p := DungeonTilePainter.new()
	p.tiles_per_frame = 100
	p.paint_over_frames(g, l)
	var out := []
	var waits := 0
	var before := {}
	while p.is_painting() and out.size() < 100000 and waits < 5000:
		p.paint_step()
		if p.paint_progress == 0.0:
			waits += 1
			OS.delay_usec(1000)
			continue
		var counts := [0, 0, 0]
		for c in l.get_used_cells():
			if before.has(c):
				continue
			before[c] = true
			match l.get_cell_atlas_coords(c):
				Vector2i(3, 0):
					counts[0] += 1
				Vector2i(0, 0):
					counts[1] += 1
				_:
					counts[2] += 1
		if p.is_painting():
			out.append(counts)
	p.free()
	return out


## A tile with collision (on a layer with collision on) costs 4 tiles of the
## per-frame budget and one with navigation 5, so frames that write them
## write fewer tiles; a plain tile or a layer with those switched off costs 1.
func test_collision_and_navigation_tiles_cost_more_per_frame(t) -> void:
	var g: DungeonGrid = CaveGenerator.new().generate_level(1)
	var ts := tile_set()
	ts.add_physics_layer()
	ts.add_navigation_layer()
	var src := ts.get_source(0) as TileSetAtlasSource
	var wall := src.get_tile_data(Vector2i(3, 0), 0)
	wall.add_collision_polygon(0)
	wall.set_collision_polygon_points(0, 0, PackedVector2Array([Vector2(-2, -2), Vector2(2, -2), Vector2(2, 2), Vector2(-2, 2)]))
	var nav := NavigationPolygon.new()
	nav.vertices = PackedVector2Array([Vector2(-2, -2), Vector2(2, -2), Vector2(2, 2), Vector2(-2, 2)])
	nav.add_polygon(PackedInt32Array([0, 1, 2, 3]))
	src.get_tile_data(Vector2i(0, 0), 0).set_navigation_polygon(0, nav)
	for case in [["collision and navigation on", true, true, 4, 5], ["collision only", true, false, 4, 1],
			["navigation only", false, true, 1, 5], ["both off", false, false, 1, 1]]:
		var l := TileMapLayer.new()
		l.tile_set = ts
		l.collision_enabled = case[1]
		l.navigation_enabled = case[2]
		var steps := steps_of(g, l)
		var in_budget := true
		var mixed := 0
		for s in steps:
			# Walls (3, 0) have the collision polygon, floors (0, 0) the
			# navigation polygon; START and END tiles neither.
			var cost: int = s[0] * case[3] + s[1] * case[4] + s[2]
			in_budget = in_budget and cost >= 100 and cost < 100 + maxi(case[3], case[4]) + 1
			if s[0] > 0 and s[1] > 0:
				mixed += 1
		t.check(steps.size() > 10, "%s: painted over %d frames" % [case[0], steps.size()])
		t.check(mixed > 0, "%s: frames with walls and floors" % case[0])
		t.check(in_budget, "%s: each frame's tiles cost 100 to 100 + the dearest tile" % case[0])
		t.check_eq(l.get_used_cells().size(), paint_count(g), "%s: every tile painted" % case[0])
		l.free()


## Tiles `g` gets from a painter with the default mapping.
static func paint_count(g: DungeonGrid) -> int:
	var l := layer()
	var p := DungeonTilePainter.new()
	p.paint(g, l)
	var n := l.get_used_cells().size()
	l.free()
	p.free()
	return n
