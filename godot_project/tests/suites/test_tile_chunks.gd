extends RefCounted
## Chunked painting (DungeonTilePainter.chunking, chunk_size): chunk layers
## hold the same tiles as one layer, cell for cell and across chunk
## borders; repainting replaces the old level with no stale tile or chunk;
## collision meets across chunk borders; bad input is refused.

const Painter := preload("res://tests/suites/test_tile_painter.gd")


## Wall styles to compare: [style, set origin, set columns].
const STYLES := [[DungeonTileMapping.WALLS_SINGLE, Vector2i(0, 1), 8],
		[DungeonTileMapping.WALLS_EDGE_16, Vector2i(2, 3), 4],
		[DungeonTileMapping.WALLS_BLOB_47, Vector2i(0, 1), 8]]


static func painter(style: Array, chunk: int) -> DungeonTilePainter:
	var p := Painter.set_painter(style[0], style[1], style[2])
	p.chunking = DungeonTilePainter.CHUNKS_ALWAYS
	p.chunk_size = chunk
	return p


static func grids() -> Array[DungeonGrid]:
	var cave := CaveGenerator.new()
	cave.width = 77
	cave.height = 61
	# BSP has every kind: room, start, end, corridor, door; caves have floor.
	return [BspGenerator.new().generate_level(1), cave.generate_level(2)]


## Every cell of `g` (and a ring outside) read from `target` through the
## painter against `one`; the number of differences.
static func differences(p: DungeonTilePainter, target: Node2D, one: TileMapLayer, g: DungeonGrid) -> int:
	var wrong := 0
	for y in range(-1, g.height + 1):
		for x in range(-1, g.width + 1):
			var c := Vector2i(x, y)
			if p.get_cell_atlas_coords_at(target, c) != one.get_cell_atlas_coords(c) \
					or p.get_cell_source_id_at(target, c) != one.get_cell_source_id(c) \
					or p.get_cell_alternative_tile_at(target, c) != one.get_cell_alternative_tile(c):
				wrong += 1
	return wrong


## Chunk layers under `parent`: each holds only cells of its own block, and
## the total of their tiles.
static func chunk_tiles(t, parent: Node, size: int, label: String) -> int:
	var total := 0
	var outside := 0
	for child in parent.get_children():
		if not child is TileMapLayer or not child.name.begins_with("Chunk_"):
			continue
		var parts: PackedStringArray = child.name.split("_")
		var at := Vector2i(int(parts[1]), int(parts[2]))
		for c in child.get_used_cells():
			total += 1
			if Vector2i(floori(float(c.x) / size), floori(float(c.y) / size)) != at:
				outside += 1
	t.check_eq(outside, 0, "%s: every chunk holds only its own block" % label)
	return total


func test_chunks_equal_one_layer_cell_for_cell(t) -> void:
	for g in grids():
		for style in STYLES:
			var one := Painter.layer()
			var ref := painter(style, 16)
			ref.chunking = DungeonTilePainter.CHUNKS_NEVER
			ref.paint(g, one)
			var used := one.get_used_cells().size()
			for size in [7, 16, 50]:
				var label := "%dx%d, style %d, chunk %d" % [g.width, g.height, style[0], size]
				var p := painter(style, size)
				# Onto a TileMapLayer (chunks under it) and into a plain Node2D.
				var layer := Painter.layer()
				t.check(p.paint(g, layer), label + ": paint")
				t.check_eq(layer.get_used_cells().size(), 0, label + ": the layer itself holds no tile")
				t.check_eq(differences(p, layer, one, g), 0, label + ": same tiles as one layer")
				t.check_eq(chunk_tiles(t, layer, size, label), used, label + ": as many tiles")
				var want := ceili(g.width / float(size)) * ceili(g.height / float(size))
				t.check(layer.get_child_count() <= want, label + ": at most one layer per block")
				var parent := Node2D.new()
				p.chunk_template = Painter.layer()
				t.check(p.paint_over_frames(g, parent), label + ": paint_over_frames into a Node2D")
				Painter.step_to_end(p)
				t.check_eq(differences(p, parent, one, g), 0, label + ": over frames, same tiles")
				t.check_eq(chunk_tiles(t, parent, size, label), used, label + ": over frames, as many tiles")
				var border := Vector2i(size, 3)
				var l: TileMapLayer = p.get_layer_at(parent, border)
				if l != null:
					t.check_eq(String(l.name), "Chunk_1_0", label + ": the layer at a border cell is its chunk")
				t.check_eq(p.get_cell_kind_at(parent, Vector2i(g.width / 2, g.height / 2)),
						g.get_cell(Vector2i(g.width / 2, g.height / 2)), label + ": cell kind read back")
				p.chunk_template.free()
				parent.free()
				layer.free()
				p.free()
			one.free()
			ref.free()


func test_auto_paints_small_maps_on_one_layer(t) -> void:
	var g: DungeonGrid = BspGenerator.new().generate_level(1)
	var p := DungeonTilePainter.new()
	t.check_eq(p.chunking, DungeonTilePainter.CHUNKS_AUTO, "automatic by default")
	t.check_eq(p.chunk_size, 256, "default chunk size")
	var l := Painter.layer()
	p.paint(g, l)
	t.check(l.get_used_cells().size() > 0 and l.get_child_count() == 0, "a small map stays on the layer")
	t.check_eq(p.get_layer_at(l, Vector2i(3, 3)), l, "the layer holds every cell")
	var cave := CaveGenerator.new()
	cave.width = 600
	cave.height = 500
	var big := cave.generate_level(1)
	p.paint(big, l)
	t.check_eq(l.get_used_cells().size(), 0, "a map over 512² goes into chunks")
	t.check_eq(l.get_child_count(), 3 * 2, "600×500 in 256² chunks")
	p.paint(g, l)
	t.check_eq(l.get_child_count(), 0, "a small map again: the chunks are freed")
	var one := Painter.layer()
	p.paint(g, one)
	t.check(Painter.same_tiles(l, one), "and the layer holds it")
	l.free()
	one.free()
	p.free()


func test_repainting_leaves_no_stale_tiles(t) -> void:
	var big_gen := CaveGenerator.new()
	big_gen.width = 140
	big_gen.height = 100
	var big := big_gen.generate_level(1)
	var small: DungeonGrid = BspGenerator.new().generate_level(2)
	var style: Array = STYLES[2]
	var one := Painter.layer()
	var ref := painter(style, 16)
	ref.chunking = DungeonTilePainter.CHUNKS_NEVER
	ref.paint(small, one)
	var used := one.get_used_cells().size()
	var p := painter(style, 32)
	var l := Painter.layer()
	# Chunks of 32, then chunks of 16, then one layer, then chunks again:
	# each time exactly the new map, over frames.
	for step in [[big, 32, DungeonTilePainter.CHUNKS_ALWAYS], [small, 32, DungeonTilePainter.CHUNKS_ALWAYS],
			[big, 16, DungeonTilePainter.CHUNKS_ALWAYS], [small, 16, DungeonTilePainter.CHUNKS_NEVER],
			[big, 16, DungeonTilePainter.CHUNKS_NEVER], [small, 20, DungeonTilePainter.CHUNKS_ALWAYS]]:
		var g: DungeonGrid = step[0]
		p.chunk_size = step[1]
		p.chunking = step[2]
		p.tiles_per_frame = 700
		p.paint_over_frames(g, l)
		var steps := Painter.step_to_end(p)
		t.check(steps > 1, "spread over %d steps" % steps)
		if g == small:
			var label := "small map, chunk %d, chunking %d" % [step[1], step[2]]
			t.check_eq(differences(p, l, one, small), 0, label + ": same tiles as one layer")
			var total := l.get_used_cells().size() + chunk_tiles(t, l, step[1], label)
			t.check_eq(total, used, label + ": no stale tile anywhere")
			var stray := 0
			for c in l.get_children():
				if not String(c.name).begins_with("Chunk_"):
					stray += 1
			t.check_eq(stray, 0, label + ": no stale chunk layer")
	l.free()
	one.free()
	ref.free()
	p.free()


## A tile set like Painter.tile_set() whose wall tile (3, 0) has a full
## square collision polygon on physics layer 1.
static func solid_tile_set() -> TileSet:
	var ts := Painter.tile_set()
	ts.add_physics_layer()
	var data: TileData = (ts.get_source(0) as TileSetAtlasSource).get_tile_data(Vector2i(3, 0), 0)
	data.add_collision_polygon(0)
	data.set_collision_polygon_points(0, 0, PackedVector2Array([Vector2(-2, -2), Vector2(2, -2), Vector2(2, 2), Vector2(-2, 2)]))
	return ts


## A handmade grid: a corridor along row 2 from x = 1 to `end`, walls
## around it.
static func corridor(w: int, end: int) -> DungeonGrid:
	var cells := []
	for y in 5:
		var row := []
		row.resize(w)
		row.fill(0)
		cells.append(row)
	for x in range(1, end + 1):
		cells[2][x] = 6
	cells[2][1] = 2
	cells[2][end] = 3
	var doors := []
	for y in 5:
		var row := []
		row.resize(w)
		row.fill(0)
		doors.append(row)
	for x in range(1, end + 1):
		doors[2][x] = (2 if x < end else 0) | (8 if x > 1 else 0)
	var data := {"version": 2, "kind": "tile_map", "generator": "handmade", "seed": 0, "level": 1,
			"width": w, "height": 5, "cells": cells, "doors": doors, "start": [1, 2],
			"end": [end, 2], "rooms": [], "connections": []}
	return DungeonGrid.from_json(JSON.stringify(data))


func test_collision_across_a_chunk_border(t) -> void:
	# A corridor from chunk 0 ending at x = 17, so its end wall (x = 18) is
	# in chunk 1 (16 cells a side). (The runner gives no physics frames, so
	# the collision shapes are checked, not a moving body.)
	var g := corridor(24, 17)
	if not t.check(g != null, "handmade grid loads"):
		return
	var p := DungeonTilePainter.new()
	p.chunking = DungeonTilePainter.CHUNKS_ALWAYS
	p.chunk_size = 16
	var l := TileMapLayer.new()
	l.tile_set = solid_tile_set()
	p.paint(g, l)
	var wall_layer: TileMapLayer = p.get_layer_at(l, Vector2i(18, 2))
	var floor_layer: TileMapLayer = p.get_layer_at(l, Vector2i(15, 2))
	t.check(wall_layer != null and wall_layer != floor_layer, "the end wall is in the next chunk")
	t.check(wall_layer.collision_enabled and wall_layer.tile_set == l.tile_set, "the chunk copies the layer's tile set and collision setting")
	var data: TileData = p.get_cell_tile_data_at(l, Vector2i(18, 2))
	t.check(data != null and data.get_collision_polygons_count(0) == 1, "the wall tile across the border has its collision polygon")
	# The chunks sit at the layer's origin with the map's own coordinates,
	# so a wall's collision is where one layer would put it.
	t.check_eq(wall_layer.position, Vector2.ZERO, "chunk at the parent's origin")
	t.check_eq(wall_layer.to_global(wall_layer.map_to_local(Vector2i(18, 2))), l.to_global(l.map_to_local(Vector2i(18, 2))), "same place as on one layer")
	# Every cell around the corridor across the border is a solid wall.
	var open := 0
	for x in range(0, 19):
		for y in [1, 3]:
			var d: TileData = p.get_cell_tile_data_at(l, Vector2i(x, y))
			if d == null or d.get_collision_polygons_count(0) != 1:
				open += 1
	t.check_eq(open, 0, "the corridor's walls are solid on both sides of the border")
	l.free()
	p.free()


func test_bad_chunk_input_is_refused(t) -> void:
	var p := DungeonTilePainter.new()
	p.chunk_size = 64
	for bad in [0, -1, 4097, 9223372036854775807]:
		t.expect_error("invalid chunk_size = %d" % bad)
		p.chunk_size = bad
		t.check_eq(p.chunk_size, 64, "chunk_size = %d is refused" % bad)
		t.check(p.last_error.contains("chunk_size"), "last_error names chunk_size")
	p.chunk_size = 4096
	t.check_eq(p.chunk_size, 4096, "4096 is accepted")
	var g: DungeonGrid = BspGenerator.new().generate_level(1)
	t.expect_error("layer is null")
	t.check(not p.paint(g, null), "null target refused")
	t.expect_error("layer is null")
	t.check(not p.paint_over_frames(g, null), "null target refused over frames")
	var parent := Node2D.new()
	t.expect_error("chunk_template")
	t.check(not p.paint(g, parent), "a Node2D without a template is refused")
	t.check(p.last_error.contains("chunk_template"), "last_error says what to set")
	t.check_eq(parent.get_child_count(), 0, "nothing created")
	t.check_eq(p.get_layer_at(null, Vector2i.ZERO), null, "reading a null target gives null")
	t.check_eq(p.get_cell_atlas_coords_at(parent, Vector2i.ZERO), Vector2i(-1, -1), "nothing painted there")
	t.check_eq(p.get_cell_kind_at(parent, Vector2i.ZERO), DungeonGrid.EMPTY, "no grid there")
	# The target freed while painting: the paint stops with an error.
	p.chunk_size = 8
	p.chunk_template = Painter.layer()
	p.paint_over_frames(g, parent)
	parent.free()
	t.expect_error("target was freed")
	Painter.step_to_end(p)
	t.check(not p.is_painting(), "stopped")
	p.chunk_template.free()
	p.free()


## Every tile under `parent` (its chunk layers): cell -> [layer name, atlas].
static func snapshot(parent: Node) -> Dictionary:
	var out := {}
	for child in parent.get_children():
		if child is TileMapLayer:
			for c in child.get_used_cells():
				out[c] = [String(child.name), child.get_cell_atlas_coords(c)]
	return out


## How many cells differ between two snapshots.
static func changed(a: Dictionary, b: Dictionary) -> int:
	var n := 0
	for c in a:
		if not b.has(c) or b[c] != a[c]:
			n += 1
	for c in b:
		if not a.has(c):
			n += 1
	return n


func test_chunks_over_frames_stay_within_the_tile_budget(t) -> void:
	# Chunks of 50×50 (up to 2500 tiles each) at 300 tiles per frame: a
	# chunk is written over several frames, never whole, onto a new parent
	# and when the next level replaces the old one (old cells erased).
	var cave := CaveGenerator.new()
	cave.width = 120
	cave.height = 90
	var first := cave.generate_level(1)
	var second := cave.generate_level(2)
	var style: Array = STYLES[2]
	var one := Painter.layer()
	var ref := painter(style, 16)
	ref.chunking = DungeonTilePainter.CHUNKS_NEVER
	var p := painter(style, 50)
	p.tiles_per_frame = 300
	var l := Painter.layer()
	for g in [first, second]:
		var label := "level %d" % (1 if g == first else 2)
		p.paint_over_frames(g, l)
		var most := 0
		var most_layers := 0
		var steps := 0
		var before := snapshot(l)
		var layers := l.get_child_count()
		while p.is_painting() and steps < 100000:
			p.paint_step()
			if p.get_paint_progress() == 0.0:
				OS.delay_usec(500)
				continue
			steps += 1
			var now := snapshot(l)
			most = maxi(most, changed(before, now))
			most_layers = maxi(most_layers, absi(l.get_child_count() - layers))
			before = now
			layers = l.get_child_count()
		t.check(most <= 300, "%s: at most 300 cells change per frame (most %d)" % [label, most])
		t.check(most > 0, "%s: tiles were written" % label)
		t.check(most_layers <= 2, "%s: at most 2 chunk layers made or freed per frame (%d)" % [label, most_layers])
		t.check(steps > 2 * 6, "%s: spread over %d frames" % [label, steps])
		ref.paint(g, one)
		t.check_eq(differences(p, l, one, g), 0, label + ": same tiles as one layer")
	# A smaller map: the chunks beyond it are emptied, then freed.
	cave.width = 40
	cave.height = 30
	var small := cave.generate_level(3)
	p.paint_over_frames(small, l)
	Painter.step_to_end(p)
	ref.paint(small, one)
	t.check_eq(differences(p, l, one, small), 0, "smaller map: same tiles as one layer")
	t.check_eq(chunk_tiles(t, l, 50, "smaller map"), one.get_used_cells().size(), "smaller map: no stale tile")
	t.check(l.get_child_count() <= 1, "smaller map: the chunks beyond it were freed")
	l.free()
	one.free()
	ref.free()
	p.free()
