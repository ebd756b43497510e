extends "res://tests/frame_checks.gd"
## Collision and navigation from the tile set across chunk borders, with real
## frames (the GDScript runner gives none, so test_tile_chunks.gd checks the
## shapes only). A handmade map painted into 8×8 chunk layers
## (CHUNKS_ALWAYS): a corridor along row 4 from x = 2 (chunk 0_0) to x = 15
## (chunk 1_0), whose end wall (16, 4) lies in chunk 2_0, and a corridor down
## column 5 from row 4 to row 13 (into chunk 0_1). A CharacterBody2D walks
## along both corridors across the borders, then is pushed into the end
## wall; NavigationServer2D finds paths from chunk 0_0 into the other chunks.
## tests/check_frames.sh chunk_borders runs it; exit status 0 when every check
## passes, 1 otherwise.
##
## Run: godot --headless --path godot_project --script res://tests/frames_runner.gd -- chunk_borders

const TILE := 16
const CHUNK := 8
const W := 24
const H := 20
const FLOOR_TILE := Vector2i(0, 0)
const WALL_TILE := Vector2i(1, 0)
const RADIUS := 5.0

var _grid: DungeonGrid


func _init() -> void:
	max_frames = 600
	print_passes = true


## Walls get a full-square collision polygon (physics layer 0), floor tiles a
## square navigation polygon (navigation layer 0).
static func tile_set() -> TileSet:
	var ts := TileSet.new()
	ts.tile_size = Vector2i(TILE, TILE)
	ts.add_physics_layer()
	ts.add_navigation_layer()
	var img := Image.create_empty(TILE * 2, TILE, false, Image.FORMAT_RGBA8)
	img.fill(Color.WHITE)
	var source := TileSetAtlasSource.new()
	source.texture = ImageTexture.create_from_image(img)
	source.texture_region_size = Vector2i(TILE, TILE)
	ts.add_source(source, 0)
	source.create_tile(FLOOR_TILE)
	source.create_tile(WALL_TILE)
	var h := TILE * 0.5
	var square := PackedVector2Array([Vector2(-h, -h), Vector2(h, -h), Vector2(h, h), Vector2(-h, h)])
	var wall := source.get_tile_data(WALL_TILE, 0)
	wall.add_collision_polygon(0)
	wall.set_collision_polygon_points(0, 0, square)
	var nav := NavigationPolygon.new()
	nav.vertices = square
	nav.add_polygon(PackedInt32Array([0, 1, 2, 3]))
	source.get_tile_data(FLOOR_TILE, 0).set_navigation_polygon(0, nav)
	return ts


static func mapping() -> DungeonTileMapping:
	var m := DungeonTileMapping.new()
	for kind in ["room", "floor", "corridor", "door", "start", "end"]:
		m.set("%s_atlas_coords" % kind, FLOOR_TILE)
	m.wall_style = DungeonTileMapping.WALLS_SINGLE
	m.wall_atlas_coords = WALL_TILE
	return m


static func grid() -> DungeonGrid:
	var cells := []
	var doors := []
	for y in H:
		var row := []
		row.resize(W)
		row.fill(DungeonGrid.EMPTY)
		cells.append(row)
		var zeros := []
		zeros.resize(W)
		zeros.fill(0)
		doors.append(zeros)
	for x in range(2, 16):
		cells[4][x] = DungeonGrid.CORRIDOR
	for y in range(5, 14):
		cells[y][5] = DungeonGrid.CORRIDOR
	cells[4][2] = DungeonGrid.START
	cells[4][15] = DungeonGrid.END
	# Each walkable cell is open towards its walkable neighbours.
	var open := func(x: int, y: int) -> bool:
		return x >= 0 and y >= 0 and x < W and y < H and cells[y][x] != DungeonGrid.EMPTY
	for y in H:
		for x in W:
			if open.call(x, y):
				doors[y][x] = (DungeonGrid.DOOR_NORTH if open.call(x, y - 1) else 0) \
						| (DungeonGrid.DOOR_EAST if open.call(x + 1, y) else 0) \
						| (DungeonGrid.DOOR_SOUTH if open.call(x, y + 1) else 0) \
						| (DungeonGrid.DOOR_WEST if open.call(x - 1, y) else 0)
	var data := {"version": 2, "kind": "tile_map", "generator": "handmade", "seed": 0, "level": 1,
			"width": W, "height": H, "cells": cells, "doors": doors, "start": [2, 4],
			"end": [15, 4], "rooms": [], "connections": []}
	return DungeonGrid.from_json(JSON.stringify(data))


static func center(c: Vector2i) -> Vector2:
	return Vector2(c) * TILE + Vector2(TILE, TILE) * 0.5


func walkable_at(p: Vector2) -> bool:
	# A point on a cell border counts for either cell.
	var e := 0.01
	for dx in [-e, e]:
		for dy in [-e, e]:
			var c := Vector2i(floori((p.x + dx) / TILE), floori((p.y + dy) / TILE))
			if c.x >= 0 and c.y >= 0 and c.x < W and c.y < H and _grid.get_cell(c) != DungeonGrid.EMPTY:
				return true
	return false


## Moves `body` by `step` pixels at a time from its place to `to`; the first
## collision, or null.
func walk(body: CharacterBody2D, to: Vector2, step: float) -> KinematicCollision2D:
	for i in 1000:
		var left := to - body.global_position
		if left.length() < 0.001:
			return null
		var hit := body.move_and_collide(left.limit_length(step))
		if hit != null:
			return hit
		await physics_frame
	return null


func _run() -> void:
	_grid = grid()
	if not check(_grid != null, "handmade grid loads"):
		finish("the handmade grid did not load")
		return
	var layer := TileMapLayer.new()
	layer.tile_set = tile_set()
	var painter := DungeonTilePainter.new()
	painter.mapping = mapping()
	painter.chunking = DungeonTilePainter.CHUNKS_ALWAYS
	painter.chunk_size = CHUNK
	root.add_child(painter)
	root.add_child(layer)
	var nav_map: RID = root.get_world_2d().navigation_map
	var iteration: int = NavigationServer2D.map_get_iteration_id(nav_map)
	check(painter.paint(_grid, layer), "paint into %d×%d chunk layers" % [CHUNK, CHUNK])
	var names := []
	for child in layer.get_children():
		names.append(String(child.name))
	names.sort()
	print("chunk_borders: chunk layers: %s" % ", ".join(names))
	var c00: TileMapLayer = painter.get_layer_at(layer, Vector2i(3, 4))
	var c10: TileMapLayer = painter.get_layer_at(layer, Vector2i(14, 4))
	var c20: TileMapLayer = painter.get_layer_at(layer, Vector2i(16, 4))
	var c01: TileMapLayer = painter.get_layer_at(layer, Vector2i(5, 12))
	check(c00 != null and c00.name == "Chunk_0_0" and c10 != null and c10.name == "Chunk_1_0"
			and c20 != null and c20.name == "Chunk_2_0" and c01 != null and c01.name == "Chunk_0_1",
			"cells (3,4), (14,4), (16,4), (5,12) are in chunks 0_0, 1_0, 2_0, 0_1")
	check(c20 != null and c20.get_cell_atlas_coords(Vector2i(16, 4)) == WALL_TILE, "the corridor's end wall (16,4) is a wall tile in Chunk_2_0")
	check(c10 != null and c10.get_cell_atlas_coords(Vector2i(15, 4)) == FLOOR_TILE, "its last floor cell (15,4) is in Chunk_1_0")

	# Let the layers build their physics bodies and navigation regions.
	for i in 4:
		await physics_frame

	# Physics.
	var body := CharacterBody2D.new()
	var shape := CollisionShape2D.new()
	var circle := CircleShape2D.new()
	circle.radius = RADIUS
	shape.shape = circle
	body.add_child(shape)
	root.add_child(body)
	body.global_position = center(Vector2i(3, 4))
	await physics_frame
	var border_x := float(CHUNK * TILE)
	var hit := await walk(body, center(Vector2i(14, 4)), 4.0)
	check(hit == null and body.global_position.is_equal_approx(center(Vector2i(14, 4))),
			"a body walks east along row 4 from (3,4) to (14,4), across the chunk 0_0 | 1_0 border at x = %d px, without a collision (at %s%s)"
			% [border_x, body.global_position, "" if hit == null else ", hit %s" % hit.get_collider()])
	body.global_position = center(Vector2i(5, 5))
	await physics_frame
	hit = await walk(body, center(Vector2i(5, 13)), 4.0)
	check(hit == null and body.global_position.is_equal_approx(center(Vector2i(5, 13))),
			"a body walks south down column 5 from (5,5) to (5,13), across the chunk 0_0 / 0_1 border at y = %d px, without a collision (at %s%s)"
			% [border_x, body.global_position, "" if hit == null else ", hit %s" % hit.get_collider()])
	body.global_position = center(Vector2i(14, 4))
	await physics_frame
	hit = await walk(body, center(Vector2i(19, 4)), 4.0)
	var wall_x := 16.0 * TILE - RADIUS
	var collider: Object = hit.get_collider() if hit != null else null
	check(hit != null, "a body pushed east from (14,4) collides")
	check(collider != null and collider == c20,
			"the collider is Chunk_2_0, the layer holding the wall (16,4) (got %s)" % [collider.name if collider is Node else collider])
	check(absf(body.global_position.x - wall_x) < 0.5 and absf(body.global_position.y - center(Vector2i(14, 4)).y) < 0.01,
			"the body stops at the wall: x = %.2f px (wall face %d px - radius %d = %.0f)" % [body.global_position.x, 16 * TILE, RADIUS, wall_x])

	# Navigation.
	var synced := false
	for i in 60:
		if NavigationServer2D.map_get_iteration_id(nav_map) > iteration:
			synced = true
			break
		await physics_frame
	for i in 4:
		await physics_frame
	check(synced, "the navigation map synced (iteration %d -> %d)" % [iteration, NavigationServer2D.map_get_iteration_id(nav_map)])
	print("chunk_borders: navigation map: %d regions, edge connection margin %.2f px, cell size %.2f px" % [
			NavigationServer2D.map_get_regions(nav_map).size(),
			NavigationServer2D.map_get_edge_connection_margin(nav_map),
			NavigationServer2D.map_get_cell_size(nav_map)])
	for case in [[Vector2i(3, 4), Vector2i(14, 4), "east, 0_0 -> 1_0"], [Vector2i(3, 4), Vector2i(5, 12), "south, 0_0 -> 0_1"]]:
		var from := center(case[0])
		var to := center(case[1])
		var path := NavigationServer2D.map_get_path(nav_map, from, to, true)
		print("chunk_borders: path %s: %s" % [case[2], path])
		var on_floor := path.size() > 0
		for i in path.size():
			if not walkable_at(path[i]) or (i > 0 and not walkable_at((path[i - 1] + path[i]) * 0.5)):
				on_floor = false
		check(path.size() >= 2 and path[0].distance_to(from) < 1.0 and path[path.size() - 1].distance_to(to) < 1.0,
				"path %s from %s to %s: %d points, ends at the target" % [case[2], case[0], case[1], path.size()])
		check(on_floor, "path %s: every point and segment midpoint on a walkable cell" % case[2])
		var crosses := false
		for p in path:
			if p.x > border_x or p.y > border_x:
				crosses = true
		check(crosses, "path %s crosses the chunk border" % case[2])

	body.queue_free()
	layer.queue_free()
	painter.queue_free()
	finish("done")
