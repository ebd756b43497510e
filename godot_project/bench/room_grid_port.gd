extends RefCounted
## What the two room-grid generators (`compact` and `winding`) share, ported to
## plain GDScript the way a Godot developer would write it without the
## dungeon_gen extension: an Array of row Arrays for the grid, Array[Vector2i]
## for the rooms, a Dictionary for BFS distances.
##
## Benchmark code only (godot_project/bench/): never part of the addon. It keeps
## the original room-grid rules with their known bugs fixed, so it does
## the same work as the extension: grid-edge rooms can be dead ends, the end is
## the dead end farthest from the start by path, and every loop is bounded.

const WIDTH := 8
const HEIGHT := 8
const DIRS: Array[Vector2i] = [Vector2i(0, -1), Vector2i(1, 0), Vector2i(0, 1), Vector2i(-1, 0)]
## Layouts tried before giving up (the extension's max_attempts).
const MAX_ATTEMPTS := 2000
## Cell codes, as DungeonGrid uses them.
const EMPTY := 0
const ROOM := 1
const START := 2
const END := 3


## The original room-grid count: randint(0, 3) + 7 + level * 3.
static func room_count(rng: RandomNumberGenerator, level: int) -> int:
	return rng.randi_range(0, 3) + 7 + level * 3


static func empty_grid() -> Array:
	var grid := []
	for y in HEIGHT:
		var row := []
		row.resize(WIDTH)
		row.fill(EMPTY)
		grid.append(row)
	return grid


static func in_bounds(p: Vector2i) -> bool:
	return p.x >= 0 and p.y >= 0 and p.x < WIDTH and p.y < HEIGHT


static func filled_neighbours(grid: Array, p: Vector2i) -> int:
	var n := 0
	for d in DIRS:
		var q := p + d
		if in_bounds(q) and grid[q.y][q.x] != EMPTY:
			n += 1
	return n


## Breadth-first steps from `from` to every reachable room.
static func bfs(grid: Array, from: Vector2i) -> Dictionary:
	var dist := {from: 0}
	var queue: Array[Vector2i] = [from]
	var head := 0
	while head < queue.size():
		var c := queue[head]
		head += 1
		var d: int = dist[c] + 1
		for dir in DIRS:
			var n := c + dir
			if in_bounds(n) and grid[n.y][n.x] != EMPTY and not dist.has(n):
				dist[n] = d
				queue.append(n)
	return dist


## The acceptance rules: at least 2 dead ends; start = a random room;
## end = the dead end farthest from it by path, sharing neither row nor column,
## at least 3 apart. Tries the rooms in random order as starts. Returns
## [start, end], or [] when the layout must be regenerated.
static func pick_ends(grid: Array, rooms: Array[Vector2i], rng: RandomNumberGenerator) -> Array:
	var dead_ends: Array[Vector2i] = []
	for r in rooms:
		if filled_neighbours(grid, r) == 1:
			dead_ends.append(r)
	if dead_ends.size() < 2:
		return []
	var order := rooms.duplicate()
	for i in range(order.size() - 1, 0, -1):
		var j := rng.randi_range(0, i)
		var tmp: Vector2i = order[i]
		order[i] = order[j]
		order[j] = tmp
	for s: Vector2i in order:
		var dist := bfs(grid, s)
		var best := Vector2i(-1, -1)
		var best_d := -1
		for e in dead_ends:
			if e == s or e.x == s.x or e.y == s.y or not dist.has(e):
				continue
			if Vector2(e - s).length() + 1e-9 < 3.0:
				continue
			if dist[e] > best_d:
				best_d = dist[e]
				best = e
		if best_d >= 0:
			return [s, best]
	return []


## The result every port returns: the grid with start and end marked.
static func finish(grid: Array, rooms: Array[Vector2i], ends: Array) -> Dictionary:
	var start: Vector2i = ends[0]
	var end: Vector2i = ends[1]
	grid[start.y][start.x] = START
	grid[end.y][end.x] = END
	return {"grid": grid, "rooms": rooms, "start": start, "end": end}
