extends RefCounted
## DungeonGrid.get_room_metrics and get_critical_path, read as a game reads
## them, and recounted here from the room graph.

const INT_KEYS := ["distance_rooms", "distance_tiles", "branch_depth"]
const Generators := preload("res://tests/generators.gd")
## The presets tried for a class with rooms, when not only its default: the
## ones with secret rooms and large rooms.
const PRESETS := {
	"IsaacGenerator": [IsaacGenerator.PRESET_BRANCHING, IsaacGenerator.PRESET_LARGE_ROOMS],
	"BspGenerator": [BspGenerator.PRESET_LARGE],
}


## Fewest connections from `from` to every room over `adj` (lists of room
## numbers), skipping room `cut` and the connection `cut_a`–`cut_b`; -1
## where unreachable.
static func _hops(adj: Array, from: int, cut := -1, cut_a := -1, cut_b := -1) -> PackedInt32Array:
	var dist := PackedInt32Array()
	dist.resize(adj.size())
	dist.fill(-1)
	if from == cut:
		return dist
	dist[from] = 0
	var queue: Array[int] = [from]
	var head := 0
	while head < queue.size():
		var a: int = queue[head]
		head += 1
		for b: int in adj[a]:
			if b == cut or dist[b] != -1 or (a == cut_a and b == cut_b) or (a == cut_b and b == cut_a):
				continue
			dist[b] = dist[a] + 1
			queue.append(b)
	return dist


## The room graph without the connections that touch a secret room.
static func _visible(grid: DungeonGrid, secret: PackedInt32Array) -> Array:
	var adj := []
	for r in grid.get_room_count():
		var list: Array[int] = []
		if not secret.has(r):
			for q in grid.get_room_neighbors(r):
				if not secret.has(q):
					list.append(q)
		adj.append(list)
	return adj


## Checks one grid's metrics against the graph they describe.
static func _check(t, grid: DungeonGrid, label: String) -> void:
	if not t.check(grid != null, label + ": generated"):
		return
	var m := grid.get_room_metrics()
	var n := grid.get_room_count()
	t.check(n > 0, label + ": has rooms")
	for key in INT_KEYS:
		t.check_eq(typeof(m[key]), TYPE_PACKED_INT32_ARRAY, label + ": " + key + " is packed")
		t.check_eq(m[key].size(), n, label + ": one " + key + " per room")
	t.check_eq(typeof(m["flags"]), TYPE_PACKED_BYTE_ARRAY, label + ": flags are bytes")
	t.check_eq(m["flags"].size(), n, label + ": one flag byte per room")
	var path: PackedInt32Array = m["critical_path"]
	t.check_eq(path, grid.get_critical_path(), label + ": get_critical_path agrees")
	var start := grid.get_start_room()
	var end := grid.get_end_room()
	if not t.check(path.size() >= 2, label + ": a critical path"):
		return
	t.check_eq(path[0], start, label + ": the path starts in the start room")
	t.check_eq(path[-1], end, label + ": the path ends in the end room")
	for k in path.size() - 1:
		t.check(grid.get_room_neighbors(path[k]).has(path[k + 1]), label + ": path step %d connected" % k)
	var secret := grid.get_secret_rooms()
	if secret.is_empty():
		t.check_eq(path, grid.get_room_path(start, end), label + ": the fewest-rooms path")
	var adj := _visible(grid, secret)
	var dist := _hops(adj, start)
	t.check_eq(path.size() - 1, dist[end], label + ": the path is a shortest one")
	var rooms: PackedInt32Array = m["distance_rooms"]
	var tiles: PackedInt32Array = m["distance_tiles"]
	var depth: PackedInt32Array = m["branch_depth"]
	var flags: PackedByteArray = m["flags"]
	var single_cells := grid.get_kind() == DungeonGrid.KIND_ROOM_GRID and grid.room_cells().size() == n
	t.check_eq(tiles[start], 0, label + ": the start room is 0 tiles away")
	for r in n:
		var what := "%s: room %d" % [label, r]
		var is_secret := secret.has(r)
		t.check_eq(flags[r] & DungeonGrid.ROOM_SECRET != 0, is_secret, what + ": secret flag")
		t.check(tiles[r] >= rooms[r] and rooms[r] >= 0, what + ": tiles at least rooms")
		if single_cells:
			t.check_eq(tiles[r], rooms[r], what + ": one step per room on a grid of one-cell rooms")
		t.check_eq(depth[r] == 0, path.has(r), what + ": depth 0 exactly on the path")
		if is_secret:
			t.check_eq(flags[r], DungeonGrid.ROOM_SECRET, what + ": a secret room has no other flag")
			continue
		t.check_eq(rooms[r], dist[r], what + ": distance in rooms")
		t.check_eq(flags[r] & DungeonGrid.ROOM_ON_CRITICAL_PATH != 0, path.has(r), what + ": on the path")
		t.check_eq(flags[r] & DungeonGrid.ROOM_DEAD_END != 0, adj[r].size() == 1, what + ": dead end")
		var looped := false
		for q: int in adj[r]:
			if _hops(adj, r, -1, r, q)[q] != -1:
				looped = true
				break
		t.check_eq(flags[r] & DungeonGrid.ROOM_IN_CYCLE != 0, looped, what + ": on a loop")
		var choke := r == start or r == end or _hops(adj, start, r)[end] == -1
		t.check_eq(flags[r] & DungeonGrid.ROOM_CHOKEPOINT != 0, choke, what + ": chokepoint")


func test_metrics_on_every_generator_with_rooms(t) -> void:
	var gens := {}
	for cls in Generators.classes_with_rooms():
		for preset in PRESETS.get(cls, [-1]):
			var gen: Resource = ClassDB.instantiate(cls)
			if preset >= 0:
				gen.preset = preset
			gens["%s preset %d" % [cls, gen.preset]] = gen
	t.check(not gens.is_empty(), "GeneratorRegistry lists generators with rooms")
	var secrets := 0
	for name: String in gens:
		var gen = gens[name]
		for seed in [1, 2, 3]:
			gen.seed = seed
			var grid: DungeonGrid = gen.generate_level(1 + seed)
			_check(t, grid, "%s seed %d" % [name, seed])
			if grid != null:
				secrets += grid.get_secret_rooms().size()
	t.check(secrets > 0, "some floors have secret rooms")


func test_secret_rooms_stay_off_the_critical_path(t) -> void:
	var gen := IsaacGenerator.new()
	gen.preset = IsaacGenerator.PRESET_BRANCHING
	for seed in 10:
		gen.seed = seed
		var grid := gen.generate_level(5)
		if not t.check(grid != null, "seed %d generated" % seed):
			continue
		var path := grid.get_critical_path()
		var secret := grid.get_secret_rooms()
		t.check(not secret.is_empty(), "seed %d: a branching floor has secret rooms" % seed)
		for r in secret:
			t.check(not path.has(r), "seed %d: secret room %d off the critical path" % [seed, r])
			t.check(grid.get_room_metrics()["distance_rooms"][r] >= 1, "seed %d: secret room %d has a distance" % [seed, r])


func test_open_floor_maps_have_no_metrics(t) -> void:
	var open_floor := Generators.classes().filter(func(c: String) -> bool: return c not in Generators.classes_with_rooms())
	t.check(not open_floor.is_empty(), "GeneratorRegistry lists generators without rooms")
	for cls in open_floor:
		var grid: DungeonGrid = ClassDB.instantiate(cls).generate_level(1)
		if not t.check(grid != null, "generated"):
			continue
		var m := grid.get_room_metrics()
		for key in INT_KEYS + ["critical_path", "flags"]:
			t.check(m[key].is_empty(), "%s: no %s" % [grid.generator, key])
		t.check(grid.get_critical_path().is_empty(), grid.generator + ": no critical path")


func test_flag_constants_are_distinct_bits(t) -> void:
	var bits := [DungeonGrid.ROOM_ON_CRITICAL_PATH, DungeonGrid.ROOM_DEAD_END, DungeonGrid.ROOM_IN_CYCLE,
			DungeonGrid.ROOM_CHOKEPOINT, DungeonGrid.ROOM_SECRET]
	var all := 0
	for b: int in bits:
		t.check(b > 0 and b & (b - 1) == 0, "flag %d is one bit" % b)
		t.check_eq(all & b, 0, "flag %d is not reused" % b)
		all |= b
	t.check(all < 256, "flags fit in a byte")
