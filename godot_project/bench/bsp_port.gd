extends RefCounted
## The BSP dungeon (RogueBasin style), ported to GDScript without the
## extension. Benchmark code only.
##
## Written the way a Godot developer would: split-tree nodes are Dictionaries,
## the map is an Array of row Arrays of cell codes, rooms are Rect2i, BFS
## distances live in a Dictionary. It does the extension's work step by step,
## with the original C++ program's bugs fixed the same way (see bsp.rs):
## 1. split breadth-first for `iterations` levels, across the longer side, at
##    0.5 ± partition_range, never below min_partition tiles;
## 2. one room per leaf, 60–70 % of the leaf's inner side, inside a 1-tile
##    margin;
## 3. siblings joined bottom-up by an L corridor through a random corner,
##    which then stands for the parent;
## 4. a door where a corridor enters a room through its wall;
## 5. start = a random room's centre, end = the room centre farthest from it
##    by path (one BFS).

const EMPTY := 0
const ROOM := 1
const START := 2
const END := 3
const CORRIDOR := 4
const DOOR := 5

var width := 40
var height := 40
var iterations := 4
var partition_range := 0.2
var min_partition := 6
var room_size_min := 0.6
var room_size_max := 0.7
var min_room := 2
var border := 1
var rng := RandomNumberGenerator.new()


## One map: {"grid", "rooms", "start", "end"}.
func generate(seed: int) -> Dictionary:
	rng.seed = seed
	# 1. The split tree, breadth first: the node list is the queue.
	var root := {"rect": Rect2i(border, border, width - 2 * border, height - 2 * border), "depth": 0, "children": []}
	var nodes: Array[Dictionary] = [root]
	var head := 0
	while head < nodes.size():
		var node := nodes[head]
		head += 1
		if node["depth"] >= iterations:
			continue
		var halves := _split(node["rect"])
		for r in halves:
			var child := {"rect": r, "depth": node["depth"] + 1, "children": []}
			node["children"].append(child)
			nodes.append(child)

	# 2. The map and one room per leaf.
	var grid := []
	for y in height:
		var row := []
		row.resize(width)
		row.fill(EMPTY)
		grid.append(row)
	var rooms: Array[Rect2i] = []
	for node in nodes:
		if node["children"].is_empty():
			var room := _place_room(node["rect"])
			for y in range(room.position.y, room.end.y):
				var row: Array = grid[y]
				for x in range(room.position.x, room.end.x):
					row[x] = ROOM
			node["rep"] = room.position + (room.size - Vector2i.ONE) / 2
			rooms.append(room)

	# 3. Corridors, bottom-up: children come after their parent in the list.
	var carved: Array[Vector2i] = []
	for i in range(nodes.size() - 1, -1, -1):
		var node := nodes[i]
		var children: Array = node["children"]
		if not children.is_empty():
			node["rep"] = _join(grid, children[0]["rep"], children[1]["rep"], carved)

	# 4. Doors where a corridor enters a room through its wall.
	for c in carved:
		if _is_entry(grid, c):
			grid[c.y][c.x] = DOOR

	# 5. Start and end.
	var first := rng.randi_range(0, rooms.size() - 1)
	var start := _center(rooms[first])
	var dist := _bfs(grid, start)
	var end := start
	var best := -1
	for k in rooms.size():
		var p := _center(rooms[k])
		if k != first and dist.has(p) and dist[p] > best:
			best = dist[p]
			end = p
	grid[start.y][start.x] = START
	grid[end.y][end.x] = END
	return {"grid": grid, "rooms": rooms, "start": start, "end": end}


static func _center(r: Rect2i) -> Vector2i:
	return r.position + (r.size - Vector2i.ONE) / 2


func _split(r: Rect2i) -> Array[Rect2i]:
	if maxi(r.size.x, r.size.y) < 2 * min_partition:
		return []
	var across_x := rng.randf() < 0.5 if r.size.x == r.size.y else r.size.x > r.size.y
	var side := r.size.x if across_x else r.size.y
	var f := rng.randf_range(0.5 - partition_range, 0.5 + partition_range)
	var at := mini(maxi(roundi(f * side), min_partition), side - min_partition)
	if across_x:
		return [Rect2i(r.position.x, r.position.y, at, r.size.y), Rect2i(r.position.x + at, r.position.y, r.size.x - at, r.size.y)]
	return [Rect2i(r.position.x, r.position.y, r.size.x, at), Rect2i(r.position.x, r.position.y + at, r.size.x, r.size.y - at)]


func _room_side(inner: int) -> int:
	var f := rng.randf_range(room_size_min, room_size_max)
	return mini(maxi(roundi(f * inner), min_room), inner)


func _place_room(part: Rect2i) -> Rect2i:
	var iw := part.size.x - 2
	var ih := part.size.y - 2
	var w := _room_side(iw)
	var h := _room_side(ih)
	var x := rng.randi_range(part.position.x + 1, part.position.x + 1 + iw - w)
	var y := rng.randi_range(part.position.y + 1, part.position.y + 1 + ih - h)
	return Rect2i(x, y, w, h)


func _join(grid: Array, a: Vector2i, b: Vector2i, carved: Array[Vector2i]) -> Vector2i:
	var corner := Vector2i(a.x, b.y) if rng.randf() < 0.5 else Vector2i(b.x, a.y)
	_carve_line(grid, a, corner, carved)
	_carve_line(grid, corner, b, carved)
	return corner


func _carve_line(grid: Array, a: Vector2i, b: Vector2i, carved: Array[Vector2i]) -> void:
	if a.y == b.y:
		var row: Array = grid[a.y]
		for x in range(mini(a.x, b.x), maxi(a.x, b.x) + 1):
			if row[x] == EMPTY:
				row[x] = CORRIDOR
				carved.append(Vector2i(x, a.y))
	else:
		for y in range(mini(a.y, b.y), maxi(a.y, b.y) + 1):
			if grid[y][a.x] == EMPTY:
				grid[y][a.x] = CORRIDOR
				carved.append(Vector2i(a.x, y))


static func _is_room(v: int) -> bool:
	return v == ROOM or v == START or v == END


static func _is_entry(grid: Array, c: Vector2i) -> bool:
	var n: int = grid[c.y - 1][c.x]
	var s: int = grid[c.y + 1][c.x]
	var e: int = grid[c.y][c.x + 1]
	var w: int = grid[c.y][c.x - 1]
	var ns_walls := n == EMPTY and s == EMPTY
	var ew_walls := e == EMPTY and w == EMPTY
	return ((_is_room(n) or _is_room(s)) and ew_walls) or ((_is_room(e) or _is_room(w)) and ns_walls)


static func _bfs(grid: Array, from: Vector2i) -> Dictionary:
	var dirs: Array[Vector2i] = [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]
	var dist := {from: 0}
	var queue: Array[Vector2i] = [from]
	var head := 0
	while head < queue.size():
		var c := queue[head]
		head += 1
		var d: int = dist[c] + 1
		for dir in dirs:
			var n := c + dir
			# Walkable cells never touch the map edge (border >= 1).
			if grid[n.y][n.x] != EMPTY and not dist.has(n):
				dist[n] = d
				queue.append(n)
	return dist
