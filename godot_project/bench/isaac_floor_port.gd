extends RefCounted
## A complete Binding of Isaac floor (IsaacGenerator's PRESET_LARGE_ROOMS)
## ported to GDScript without the extension, as a Godot developer would
## write it: Dictionaries and Arrays of Vector2i. Benchmark code only.
##
## The same rules as the extension: 13×13 grid, `random(2) + 5 + 2.6·level`
## rooms grown from the centre on a FIFO queue (Isaac's four give-up rules),
## large rooms (1×2, 2×1, 2×2, L; 8/8/6/6 %) that touch the floor along one
## cell side, then the boss in the farthest dead end (never beside the
## start), super secret, shop and treasure in the next farthest one-cell
## dead ends, the optional rooms from level 2, and a secret room in the
## empty cell beside the most rooms (3, else 2, else 1), none a dead end.
## Floors that miss a required room are grown again, at most MAX_ATTEMPTS.

const SIDE := 13
const MAX_ATTEMPTS := 2000
const DIRS: Array[Vector2i] = [Vector2i.UP, Vector2i.RIGHT, Vector2i.DOWN, Vector2i.LEFT]
## Chance of each large shape group, and its shapes as cell offsets.
const LARGE_CHANCES := [0.08, 0.08, 0.06, 0.06]
const LARGE_SHAPES := [
	[[Vector2i(0, 0), Vector2i(0, 1)]],
	[[Vector2i(0, 0), Vector2i(1, 0)]],
	[[Vector2i(0, 0), Vector2i(1, 0), Vector2i(0, 1), Vector2i(1, 1)]],
	[
		[Vector2i(1, 0), Vector2i(0, 1), Vector2i(1, 1)],
		[Vector2i(0, 0), Vector2i(0, 1), Vector2i(1, 1)],
		[Vector2i(0, 0), Vector2i(1, 0), Vector2i(1, 1)],
		[Vector2i(0, 0), Vector2i(1, 0), Vector2i(0, 1)],
	],
]
const OPTIONAL := [["sacrifice", 0.15], ["curse", 0.5], ["challenge", 0.3], ["library", 0.15]]

var rng := RandomNumberGenerator.new()
## Attempts the last generate() used.
var attempts := 0


## Level `level` of run `seed`: {"rooms" (Array of cell Arrays), "roles"
## (room -> role name), "boss", "secret"}, or {} if every attempt failed.
func generate(seed: int, level: int) -> Dictionary:
	rng.seed = seed
	var target := rng.randi_range(0, 1) + 5 + int(level * 2.6)
	attempts = 0
	while attempts < MAX_ATTEMPTS:
		attempts += 1
		var floor_plan := _grow(target)
		if floor_plan.is_empty():
			continue
		var done := _place_roles(floor_plan, level)
		if not done.is_empty():
			return done
	return {}


func _inside(c: Vector2i) -> bool:
	return c.x >= 0 and c.y >= 0 and c.x < SIDE and c.y < SIDE


func _filled(room_of: Dictionary, c: Vector2i) -> int:
	var n := 0
	for d in DIRS:
		if room_of.has(c + d):
			n += 1
	return n


# Isaac's growth with large rooms; {} when it stops short.
func _grow(target: int) -> Dictionary:
	var room_of := {}
	var rooms: Array = []
	var origin := Vector2i(6, 6)
	room_of[origin] = 0
	rooms.append([origin])
	var queue: Array[Vector2i] = [origin]
	var head := 0
	while head < queue.size():
		var c := queue[head]
		head += 1
		for d in DIRS:
			if rooms.size() >= target:
				return {"rooms": rooms, "room_of": room_of}
			var n := c + d
			if not _inside(n) or room_of.has(n) or _filled(room_of, n) > 1 or rng.randf() < 0.5:
				continue
			var cells := _large(room_of, n)
			if cells.is_empty():
				cells = [n]
			for cell in cells:
				room_of[cell] = rooms.size()
				queue.append(cell)
			rooms.append(cells)
	return {"rooms": rooms, "room_of": room_of} if rooms.size() >= target else {}


# A large room covering `n` that touches the floor along one side, or [].
func _large(room_of: Dictionary, n: Vector2i) -> Array:
	var u := rng.randf()
	var group := -1
	var edge := 0.0
	for k in LARGE_CHANCES.size():
		edge += LARGE_CHANCES[k]
		if u < edge:
			group = k
			break
	if group < 0:
		return []
	var fits: Array = []
	for shape in LARGE_SHAPES[group]:
		for off in shape:
			var cells: Array = []
			var ok := true
			for s in shape:
				var c: Vector2i = n - off + s
				if not _inside(c) or room_of.has(c):
					ok = false
					break
				cells.append(c)
			if not ok:
				continue
			var touching := 0
			for c in cells:
				for d in DIRS:
					if room_of.has(c + d) and not cells.has(c + d):
						touching += 1
			if touching == 1:
				fits.append(cells)
	if fits.is_empty():
		return []
	return fits[rng.randi_range(0, fits.size() - 1)]


func _place_roles(plan: Dictionary, level: int) -> Dictionary:
	var rooms: Array = plan["rooms"]
	var room_of: Dictionary = plan["room_of"]
	# The room graph: touching rooms share their one door.
	var adj: Array = []
	for r in rooms.size():
		var list: Array[int] = []
		for cell in rooms[r]:
			for d in DIRS:
				var o: int = room_of.get(cell + d, -1)
				if o >= 0 and o != r and not list.has(o):
					list.append(o)
		adj.append(list)
	var dist: Array[int] = []
	dist.resize(rooms.size())
	dist.fill(-1)
	dist[0] = 0
	var queue: Array[int] = [0]
	var head := 0
	while head < queue.size():
		var r := queue[head]
		head += 1
		for o in adj[r]:
			if dist[o] < 0:
				dist[o] = dist[r] + 1
				queue.append(o)
	var dead: Array[int] = []
	for r in range(1, rooms.size()):
		if adj[r].size() == 1:
			dead.append(r)
	if dead.size() < 4:
		return {}
	var boss := dead[0]
	for r in dead:
		if dist[r] > dist[boss]:
			boss = r
	if dist[boss] == 1:
		return {}
	var roles := {boss: "boss"}
	var free: Array[int] = []
	for r in dead:
		if r != boss and rooms[r].size() == 1:
			free.append(r)
	free.shuffle()
	free.sort_custom(func(a: int, b: int) -> bool: return dist[a] > dist[b])
	# Super secret: beside a normal room (not the start, not the boss).
	var super_secret := -1
	for r in free:
		var o: int = adj[r][0]
		if o != 0 and o != boss:
			super_secret = r
			break
	if super_secret < 0:
		return {}
	roles[super_secret] = "super_secret"
	free.erase(super_secret)
	for role in ["shop", "treasure"]:
		if free.is_empty():
			return {}
		roles[free.pop_front()] = role
	if level >= 2:
		for opt in OPTIONAL:
			if rng.randf() < opt[1] and not free.is_empty():
				roles[free.pop_front()] = opt[0]
	# The secret room: the empty cell beside the most rooms, none a dead end.
	var best := 0
	var cells: Array[Vector2i] = []
	var seen := {}
	for r in rooms.size():
		for cell in rooms[r]:
			for d in DIRS:
				var c: Vector2i = cell + d
				if not _inside(c) or room_of.has(c) or seen.has(c):
					continue
				seen[c] = true
				var beside: Array[int] = []
				var bad := false
				for e in DIRS:
					var o: int = room_of.get(c + e, -1)
					if o >= 0 and not beside.has(o):
						beside.append(o)
						bad = bad or adj[o].size() == 1
				var score := 0 if bad else mini(beside.size(), 3)
				if score > best:
					best = score
					cells.clear()
				if score == best and score > 0:
					cells.append(c)
	if cells.is_empty():
		return {}
	var secret := cells[rng.randi_range(0, cells.size() - 1)]
	roles[rooms.size()] = "secret"
	return {"rooms": rooms, "roles": roles, "boss": boss, "secret": secret}
