extends RefCounted
## Locked doors, keys and one-way doors from GDScript: DungeonGrid's lock
## queries on hand-drawn locked levels read with from_json, the
## DungeonProgression resource, and levels the generators plan with it.

const Generators := preload("res://tests/generators.gd")

## A ring of rooms: S(0) A(1) / B(2) E(3).
const RING := ["S#", "#E"]
## A corridor of rooms with two side rooms: X(0) above A(3), Y(1) above
## C(5); S(2) A(3) B(4) C(5) D(6) E(7).
const CHAIN := [".#.#..", "S####E"]
const SIDES := [[0, -1, 1], [1, 0, 2], [0, 1, 4], [-1, 0, 8]]
const CODES := {".": 0, "#": 1, "S": 2, "E": 3}
const ROLES := ["", "normal", "start", "end"]


## A room-grid level as JSON, drawn row by row (`#` a room, `S` the start,
## `E` the end, `.` nothing): rooms numbered row by row, rooms side by side
## open into each other. `locks`: the file's lock records.
static func _picture_json(rows: Array, locks: Array) -> String:
	var w: int = rows[0].length()
	var h := rows.size()
	var number := {}
	var rooms := []
	var cells := []
	var data := {"version": 2, "kind": "room_grid", "generator": "drunkard", "seed": 0, "level": 1,
			"width": w, "height": h}
	for y in h:
		var row := []
		for x in w:
			var code: int = CODES[rows[y][x]]
			row.append(code)
			if code != 0:
				number[Vector2i(x, y)] = rooms.size()
				rooms.append({"role": ROLES[code], "rect": [x, y, 1, 1]})
			if code == 2:
				data["start"] = [x, y]
			if code == 3:
				data["end"] = [x, y]
		cells.append(row)
	var doors := []
	var pairs: Array[int] = []
	for y in h:
		var row := []
		for x in w:
			var mask := 0
			var p := Vector2i(x, y)
			for d in SIDES:
				var q := p + Vector2i(d[0], d[1])
				if number.has(p) and number.has(q):
					mask |= d[2]
					if number[p] < number[q]:
						pairs.append(number[p] * 1000 + number[q])
			row.append(mask)
		doors.append(row)
	pairs.sort()
	data["cells"] = cells
	data["doors"] = doors
	data["rooms"] = rooms
	data["connections"] = pairs.map(func(k: int) -> Dictionary: return {"rooms": [k / 1000, k % 1000], "tiles": []})
	if not locks.is_empty():
		data["locks"] = locks
	return JSON.stringify(data)


static func _picture(rows: Array, locks: Array) -> DungeonGrid:
	return DungeonGrid.from_json(_picture_json(rows, locks))


## Every key of get_locks_packed(), each a PackedInt32Array, `n` values
## long (key cells: 2 n).
static func _check_packed_shape(t, grid: DungeonGrid, label: String) -> Dictionary:
	var locks := grid.get_locks_packed()
	var n := grid.get_lock_count()
	t.check_eq(locks.keys(), ["from", "into", "kinds", "key_rooms", "key_cells"], label + ": the keys")
	for key in locks:
		t.check_eq(typeof(locks[key]), TYPE_PACKED_INT32_ARRAY, "%s: %s is packed" % [label, key])
		t.check_eq(locks[key].size(), 2 * n if key == "key_cells" else n, "%s: %s size" % [label, key])
	return locks


func test_constants(t) -> void:
	t.check_eq(DungeonGrid.LOCK_KEY, 0, "LOCK_KEY")
	t.check_eq(DungeonGrid.LOCK_ONE_WAY, 1, "LOCK_ONE_WAY")
	t.check_eq(DungeonProgression.GUARD_ANY, 0, "GUARD_ANY")
	t.check_eq(DungeonProgression.GUARD_BRANCHES_ONLY, 1, "GUARD_BRANCHES_ONLY")
	t.check_eq(DungeonProgression.SECRETS_OPTIONAL, 0, "SECRETS_OPTIONAL")
	t.check_eq(DungeonProgression.SECRETS_OPEN, 1, "SECRETS_OPEN")


func test_a_level_without_locks(t) -> void:
	var gen := BspGenerator.new()
	gen.seed = 3
	var grid := gen.generate_level(1)
	if not t.check(grid != null, "generated"):
		return
	t.check_eq(grid.get_lock_count(), 0, "no locks")
	_check_packed_shape(t, grid, "bsp without locks")
	t.check_eq(grid.get_solution(), PackedInt32Array(), "nothing to open")
	t.check(grid.is_finishable(), "finishable")
	t.check_eq(grid.get_key_cell(0), Vector2i(-1, -1), "no key in room 0")
	var masks := 0
	for y in grid.height:
		for x in grid.width:
			masks |= grid.locked_door_mask(Vector2i(x, y)) | grid.one_way_mask(Vector2i(x, y))
	t.check_eq(masks, 0, "no locked or one-way side anywhere")
	var walk := grid.get_path_with_keys(grid.start_cell, grid.end_cell, PackedInt32Array())
	t.check(walk.size() > 1, "a walk from start to end")
	t.check_eq(walk, grid.path(grid.start_cell, grid.end_cell), "the same walk as path()")
	# A cave has no rooms: nothing to lock, and its end is reachable.
	var cave := CaveGenerator.new().generate_level(1)
	t.check(cave.is_finishable() and cave.get_lock_count() == 0, "a cave: finishable, no locks")


func test_two_locks_in_a_row(t) -> void:
	var locks := [{"rooms": [3, 4], "key": 0}, {"rooms": [5, 6], "key": 1}]
	var grid := _picture(CHAIN, locks)
	if not t.check(grid != null, "the chain reads"):
		return
	t.check_eq(grid.get_lock_count(), 2, "two locks")
	var packed := _check_packed_shape(t, grid, "chain")
	t.check_eq(packed["from"], PackedInt32Array([3, 5]), "from")
	t.check_eq(packed["into"], PackedInt32Array([4, 6]), "into")
	t.check_eq(packed["kinds"], PackedInt32Array([DungeonGrid.LOCK_KEY, DungeonGrid.LOCK_KEY]), "kinds")
	t.check_eq(packed["key_rooms"], PackedInt32Array([0, 1]), "key rooms")
	t.check_eq(packed["key_cells"], PackedInt32Array([1, 0, 3, 0]), "key cells: the rooms' cells")
	t.check_eq(grid.get_key_cell(0), Vector2i(1, 0), "key cell of room 0")
	t.check_eq(grid.get_key_cell(1), Vector2i(3, 0), "key cell of room 1")
	for room in [2, 3, 7, 8, -1, 1 << 40]:
		t.check_eq(grid.get_key_cell(room), Vector2i(-1, -1), "no key in room %d" % room)
	# Each door is the side between its two rooms, on both cells.
	var want := {Vector2i(1, 1): DungeonGrid.DOOR_EAST, Vector2i(2, 1): DungeonGrid.DOOR_WEST,
			Vector2i(3, 1): DungeonGrid.DOOR_EAST, Vector2i(4, 1): DungeonGrid.DOOR_WEST}
	for y in grid.height:
		for x in grid.width:
			var c := Vector2i(x, y)
			t.check_eq(grid.locked_door_mask(c), want.get(c, 0), "locked sides of %s" % c)
			t.check_eq(grid.one_way_mask(c), 0, "no one-way side at %s" % c)
	t.check_eq(grid.get_solution(), PackedInt32Array([0, 1]), "open lock 0, then lock 1")
	t.check(grid.is_finishable(), "finishable")
	# Walks with some locks open.
	var s := grid.start_cell
	var e := grid.end_cell
	t.check_eq(grid.get_path_with_keys(s, e, PackedInt32Array()), [] as Array[Vector2i], "all shut: no way to the end")
	t.check_eq(grid.get_path_with_keys(s, e, PackedInt32Array([0])), [] as Array[Vector2i], "lock 1 shut: no way")
	t.check_eq(grid.get_path_with_keys(s, e, PackedInt32Array([1, 0])), grid.path(s, e), "both open: the plain path")
	var to_key: Array[Vector2i] = [Vector2i(0, 1), Vector2i(1, 1), Vector2i(2, 1), Vector2i(3, 1), Vector2i(3, 0)]
	t.check_eq(grid.get_path_with_keys(s, Vector2i(3, 0), PackedInt32Array([0])), to_key, "through lock 0 to the second key")
	# The JSON round trip keeps the locks and the hash.
	var back := DungeonGrid.from_json(grid.to_json())
	t.check(back != null and back.to_json() == grid.to_json(), "JSON round trip, byte for byte")
	t.check(back != null and back.get_locks_packed() == packed, "the locks read back")
	t.check(back != null and back.layout_hash() == grid.layout_hash(), "the hash read back")
	t.check(grid.layout_hash() != _picture(CHAIN, []).layout_hash(), "the locks are in the hash")


func test_a_one_way_door_on_a_ring(t) -> void:
	var grid := _picture(RING, [{"rooms": [3, 1], "kind": "one_way"}])
	if not t.check(grid != null, "the ring reads"):
		return
	var packed := _check_packed_shape(t, grid, "ring")
	t.check_eq(packed["kinds"], PackedInt32Array([DungeonGrid.LOCK_ONE_WAY]), "a one-way door")
	t.check_eq(packed["from"], PackedInt32Array([3]), "from the end room")
	t.check_eq(packed["into"], PackedInt32Array([1]), "into room A")
	t.check_eq(packed["key_rooms"], PackedInt32Array([-1]), "no key room")
	t.check_eq(packed["key_cells"], PackedInt32Array([-1, -1]), "no key cell")
	t.check_eq(grid.one_way_mask(Vector2i(1, 1)), DungeonGrid.DOOR_NORTH, "E may leave north")
	t.check_eq(grid.one_way_mask(Vector2i(1, 0)), 0, "A may not leave south")
	t.check_eq(grid.locked_door_mask(Vector2i(1, 1)), 0, "not a locked door")
	t.check_eq(grid.get_solution(), PackedInt32Array(), "no key lock to open")
	t.check(grid.is_finishable(), "finishable")
	var a := Vector2i(1, 0)
	var e := Vector2i(1, 1)
	var around: Array[Vector2i] = [a, Vector2i(0, 0), Vector2i(0, 1), e]
	t.check_eq(grid.get_path_with_keys(a, e, PackedInt32Array()), around, "A to E the long way round")
	t.check_eq(grid.get_path_with_keys(e, a, PackedInt32Array()), [e, a] as Array[Vector2i], "E to A through the door")
	# Listing the one-way door as open changes nothing.
	t.check_eq(grid.get_path_with_keys(a, e, PackedInt32Array([0])), around, "a one-way door does not open")
	t.check_eq(grid.path(a, e), [a, e] as Array[Vector2i], "path() ignores locks")


func test_bad_locks_and_arguments(t) -> void:
	# The first lock's key lies behind it.
	t.expect_error("locks[0] [3, 4] can never be opened: its key is in room 1, which lies behind it")
	t.check(_picture(CHAIN, [{"rooms": [3, 4], "key": 1}]) == null, "a key behind its lock: refused")
	t.expect_error("one_way: rooms 3 and 4 are joined only through it")
	t.check(_picture(CHAIN, [{"rooms": [3, 4], "kind": "one_way"}]) == null, "a one-way door on a bridge: refused")
	var grid := _picture(CHAIN, [{"rooms": [3, 4], "key": 0}])
	for bad in [1, -1, 2]:
		t.expect_error("open_locks holds %d, which is not a lock number of this grid (1 locks)" % bad)
		var walk := grid.get_path_with_keys(grid.start_cell, grid.end_cell, PackedInt32Array([0, bad]))
		t.check(walk.is_empty(), "open_locks with %d: empty" % bad)
	# Cells off the grid: no sides, no walk.
	t.check_eq(grid.locked_door_mask(Vector2i(-5, 99)), 0, "a cell off the grid")
	t.check_eq(grid.one_way_mask(Vector2i(99, 0)), 0, "a cell off the grid")
	t.check(grid.get_path_with_keys(Vector2i(-1, 0), grid.end_cell, PackedInt32Array([0])).is_empty(), "from off the grid")
	# A grid whose saved data is corrupt answers nothing.
	var broken := DungeonGrid.new()
	t.expect_error("cannot load saved data")
	broken.set_json_data("{")
	for i in 5:
		t.expect_error("this grid failed to load")
	t.check_eq(broken.get_lock_count(), 0, "broken: no locks")
	t.check(not broken.is_finishable(), "broken: not finishable")
	t.check_eq(broken.get_solution(), PackedInt32Array(), "broken: no solution")
	t.check_eq(broken.get_key_cell(0), Vector2i(-1, -1), "broken: no key")
	t.check(broken.get_path_with_keys(Vector2i.ZERO, Vector2i.ZERO, PackedInt32Array()).is_empty(), "broken: no walk")


func test_progression_resource(t) -> void:
	var p := DungeonProgression.new()
	t.check_eq(p.locks, 0, "locks: none by default")
	t.check_eq(p.lock_guard, DungeonProgression.GUARD_ANY, "lock_guard")
	t.check_eq(p.max_doors_per_key, 2, "max_doors_per_key")
	t.check_eq(p.one_way, 0, "one_way")
	t.check_eq(p.secret_rooms, DungeonProgression.SECRETS_OPTIONAL, "secret_rooms")
	t.check_eq(p.flat_keys, false, "flat_keys")
	t.check_eq(p.check(), "", "the defaults are valid")
	var seen := [0]
	p.changed.connect(func() -> void: seen[0] += 1)
	var values := {"locks": 3, "lock_guard": DungeonProgression.GUARD_BRANCHES_ONLY, "max_doors_per_key": 1,
			"one_way": 2, "secret_rooms": DungeonProgression.SECRETS_OPEN, "flat_keys": true}
	for key in values:
		var before: int = seen[0]
		p.set(key, values[key])
		t.check_eq(p.get(key), values[key], key + ": set")
		t.check_eq(seen[0], before + 1, key + ": changed emitted")
		p.set(key, values[key])
		t.check_eq(seen[0], before + 1, key + ": the same value again emits nothing")
	t.expect_error("invalid lock_guard = 7: allowed 0 (Any), 1 (BranchesOnly); the setting is unchanged")
	p.lock_guard = 7
	t.check_eq(p.lock_guard, DungeonProgression.GUARD_BRANCHES_ONLY, "a bad lock_guard is refused")
	p.locks = 40
	t.check_eq(p.check(), "invalid locks = 40: allowed 0..=32", "check names locks")
	p.locks = 2
	p.max_doors_per_key = 0
	t.check_eq(p.check(), "invalid max_doors_per_key = 0: allowed 1..=4", "check names max_doors_per_key")
	p.max_doors_per_key = 2
	p.one_way = 1 << 40
	t.check(p.check().begins_with("invalid one_way = 1099511627776"), "a value past 32 bits, as given: " + p.check())


func test_progression_saves_and_loads(t) -> void:
	var p := DungeonProgression.new()
	p.locks = 4
	p.lock_guard = DungeonProgression.GUARD_BRANCHES_ONLY
	p.max_doors_per_key = 1
	p.one_way = 2
	p.secret_rooms = DungeonProgression.SECRETS_OPEN
	p.flat_keys = true
	var path := "user://test_progression.tres"
	t.check_eq(ResourceSaver.save(p, path), OK, "saved")
	var back: Resource = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	if not t.check(back is DungeonProgression, "loaded as a DungeonProgression"):
		return
	for key in ["locks", "lock_guard", "max_doors_per_key", "one_way", "secret_rooms", "flat_keys"]:
		t.check_eq(back.get(key), p.get(key), key + " kept")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))


## A generator of `cls` planning `locks` locks on every level.
static func _locked(cls: String, locks: int) -> Resource:
	var gen: Resource = ClassDB.instantiate(cls)
	var p := DungeonProgression.new()
	p.locks = locks
	gen.progression = p
	return gen


## `locks` counts keys (locked rooms), not doors, as its help says: one key
## opens every locked door into its room. BSP seed 74 with one lock gets one
## key and two doors into the same room; over seeds, the distinct key rooms
## never outnumber `locks` and each key locks one room.
func test_locks_counts_keys_not_doors(t) -> void:
	var gen := _locked("BspGenerator", 1)
	gen.seed = 74
	var grid: DungeonGrid = gen.generate_level(1)
	if not t.check(grid != null, "bsp seed 74: generated"):
		return
	var packed := grid.get_locks_packed()
	t.check_eq(_key_rooms(packed).size(), 1, "bsp seed 74, locks 1: one key")
	t.check_eq(grid.get_lock_count(), 2, "bsp seed 74, locks 1: two locked doors")
	t.check(packed["into"].size() == 2 and packed["into"][0] == packed["into"][1],
			"bsp seed 74: both doors into one room: %s" % [packed])
	for cls in ["IsaacGenerator", "BspGenerator", "TemplateGenerator"]:
		for n in [1, 3]:
			gen = _locked(cls, n)
			for s in 8:
				gen.seed = s
				var label := "%s seed %d locks %d" % [cls, s, n]
				grid = gen.generate_level(1)
				if not t.check(grid != null, label + ": generated"):
					continue
				var keys := _key_rooms(grid.get_locks_packed())
				t.check(keys.size() <= n, "%s: %d keys" % [label, keys.size()])
				for k in keys:
					t.check_eq(keys[k].size(), 1, "%s: key in room %d locks one room" % [label, k])


## Key room -> {locked room: true} of a get_locks_packed() result.
static func _key_rooms(packed: Dictionary) -> Dictionary:
	var out := {}
	for i in packed["kinds"].size():
		if packed["kinds"][i] == DungeonGrid.LOCK_KEY:
			var rooms: Dictionary = out.get(packed["key_rooms"][i], {})
			rooms[packed["into"][i]] = true
			out[packed["key_rooms"][i]] = rooms
	return out


## Walks the level as the solution says: to each lock's key with the locks
## opened so far, then the next lock opens; last to the end. True when every
## leg has a walk, and the end cannot be reached with no lock open when a
## lock guards the way.
static func _play(grid: DungeonGrid) -> bool:
	var locks := grid.get_locks_packed()
	var open := PackedInt32Array()
	var at := grid.start_cell
	for i in grid.get_solution():
		var key := grid.get_key_cell(locks["key_rooms"][i])
		var leg := grid.get_path_with_keys(at, key, open)
		if leg.is_empty() or leg[0] != at or leg[leg.size() - 1] != key:
			return false
		at = key
		open.append(i)
	return not grid.get_path_with_keys(at, grid.end_cell, open).is_empty()


func test_generators_plan_locks(t) -> void:
	for cls in ["IsaacGenerator", "BspGenerator", "TemplateGenerator"]:
		var gen := _locked(cls, 2)
		var with_locks := 0
		var guarded := 0
		var seeds := 12
		for s in seeds:
			gen.seed = s + 1
			var label := "%s seed %d" % [cls, s + 1]
			var grid: DungeonGrid = gen.generate_level(1 + s % 3)
			if not t.check(grid != null, label + ": generated"):
				continue
			t.check(grid.is_finishable(), label + ": finishable")
			var n := grid.get_lock_count()
			t.check(n <= 2 * 4, label + ": at most 2 locks of up to 4 doors each")
			if n > 0:
				with_locks += 1
			var packed := _check_packed_shape(t, grid, label)
			var solution := grid.get_solution()
			var key_locks := 0
			for i in n:
				if packed["kinds"][i] == DungeonGrid.LOCK_KEY:
					key_locks += 1
					var cell := Vector2i(packed["key_cells"][2 * i], packed["key_cells"][2 * i + 1])
					t.check(grid.is_walkable(cell), "%s: key %d on a walkable cell" % [label, i])
					t.check_eq(cell, grid.get_key_cell(packed["key_rooms"][i]), "%s: key cell %d" % [label, i])
			t.check_eq(solution.size(), key_locks, label + ": every locked door in the solution")
			t.check(_play(grid), label + ": following the solution reaches the end")
			if grid.get_path_with_keys(grid.start_cell, grid.end_cell, PackedInt32Array()).is_empty():
				guarded += 1
			# The same grid from a worker thread, and through JSON.
			var got := []
			gen.generated.connect(func(g): got.append(g), CONNECT_ONE_SHOT)
			gen.generate_async(1 + s % 3)
			gen.wait_async()
			t.check(got.size() == 1 and got[0] != null and got[0].layout_hash() == grid.layout_hash(),
					label + ": generate_async gives the same hash")
			var back := DungeonGrid.from_json(grid.to_json())
			t.check(back != null and back.get_locks_packed() == packed and back.layout_hash() == grid.layout_hash(),
					label + ": the JSON round trip keeps the locks")
		t.check(with_locks >= seeds * 3 / 4, "%s: locks on %d of %d levels" % [cls, with_locks, seeds])
		t.check(guarded > 0, "%s: a lock guards the way to the end on %d levels" % [cls, guarded])


func test_generate_with_graph_gives_the_planned_grid(t) -> void:
	for cls in ["TemplateGenerator", "GraphLayoutGenerator"]:
		var gen := _locked(cls, 2)
		gen.seed = 5
		var grid: DungeonGrid = gen.generate_level(1)
		var level: Dictionary = gen.generate_with_graph(1)
		if not t.check(grid != null and level.has("grid"), cls + ": generated"):
			continue
		t.check(grid.get_lock_count() > 0, cls + ": locks planned")
		t.check_eq(level["grid"].layout_hash(), grid.layout_hash(), cls + ": generate_with_graph's grid, locks included")


func test_tinykeep_generate_with_graph_plans_the_locks(t) -> void:
	# generate_with_graph goes the way generate_level does: the same grid,
	# with the progression's locks planned on it.
	var gen := _locked("TinyKeepGenerator", 2)
	var total := 0
	for s in 10:
		gen.seed = s
		var label := "TinyKeepGenerator seed %d" % s
		var grid: DungeonGrid = gen.generate_level(1)
		var level: Dictionary = gen.generate_with_graph(1)
		if not t.check(grid != null and level.has("grid"), label + ": generated"):
			continue
		var with_graph: DungeonGrid = level["grid"]
		t.check_eq(with_graph.get_locks_packed(), grid.get_locks_packed(), label + ": the same locks")
		t.check_eq(with_graph.layout_hash(), grid.layout_hash(), label + ": the same grid, locks included")
		total += with_graph.get_lock_count()
	t.check(total > 0, "TinyKeepGenerator: generate_with_graph planned %d locks on seeds 0-9" % total)

func test_with_progression_plans_a_copy(t) -> void:
	var gen := BspGenerator.new()
	gen.seed = 9
	var plain := gen.generate_level(2)
	var p := DungeonProgression.new()
	p.locks = 2
	var locked := plain.with_progression(p)
	if not t.check(locked != null, "planned"):
		return
	t.check_eq(plain.get_lock_count(), 0, "the original is unchanged")
	t.check(locked.get_lock_count() > 0 and locked.is_finishable(), "the copy has locks, finishable")
	gen.progression = p
	t.check_eq(locked.layout_hash(), gen.generate_level(2).layout_hash(), "the same as the generator's")
	t.check_eq(locked.with_progression(p).layout_hash(), locked.layout_hash(), "planning again: the same")
	p.locks = 0
	t.check_eq(locked.with_progression(p).get_lock_count(), 0, "locks = 0 removes them")
	t.expect_error("DungeonGrid.with_progression: settings is null")
	t.check(plain.with_progression(null) == null, "null settings")
	p.locks = -1
	t.expect_error("DungeonGrid.with_progression: invalid locks = -1: allowed 0..=32")
	t.check(plain.with_progression(p) == null, "bad settings")
	p.locks = 1 << 33
	t.expect_error("invalid locks = 8589934592")
	t.check(plain.with_progression(p) == null, "a value past 32 bits")
	p.locks = 1
	t.expect_error("the cave generator makes no rooms")
	t.check(CaveGenerator.new().generate_level(1).with_progression(p) == null, "a cave")


func test_generators_without_rooms_refuse_locks(t) -> void:
	var without_rooms := Array(GeneratorRegistry.get_generator_names()).filter(
			func(n: String) -> bool: return not GeneratorRegistry.get_generator(n)["has_rooms"])
	t.check(not without_rooms.is_empty(), "GeneratorRegistry lists generators without rooms")
	for name: String in without_rooms:
		var cls: String = GeneratorRegistry.get_generator(name)["class"]
		var gen := _locked(cls, 1)
		var message := "the %s generator makes no rooms" % name
		var failed := []
		gen.generation_failed.connect(func(m: String) -> void: failed.append(m))
		t.expect_error(message)
		t.check(gen.generate_level(1) == null, cls + ": no grid")
		t.check(gen.last_error.contains(message), cls + ": last_error: " + gen.last_error)
		t.check(failed.size() == 1 and String(failed[0]).contains(message), cls + ": generation_failed")
		t.expect_error(message)
		gen.generate_async(1)
		gen.wait_async()
		t.check(failed.size() == 2 and failed[1] == failed[0], cls + ": async fails the same way")
		# Without locks asked for, the property changes nothing.
		gen.progression.locks = 0
		t.check(gen.generate_level(1) != null and gen.last_error == "", cls + ": locks = 0 generates")
	var bad := _locked("BspGenerator", 40)
	t.expect_error("invalid locks = 40: allowed 0..=32")
	t.check(bad.generate_level(1) == null, "locks = 40: refused before generating")


func test_generators_follow_their_progression(t) -> void:
	var gen := IsaacGenerator.new()
	var seen := [0]
	gen.changed.connect(func() -> void: seen[0] += 1)
	var p := DungeonProgression.new()
	gen.progression = p
	t.check_eq(seen[0], 1, "setting progression emits changed")
	p.locks = 3
	t.check_eq(seen[0], 2, "an edit of the resource emits the generator's changed")
	var other := DungeonProgression.new()
	gen.progression = other
	p.locks = 4
	t.check_eq(seen[0], 3, "the old resource is no longer followed")
	other.one_way = 1
	t.check_eq(seen[0], 4, "the new one is")
	gen.progression = null
	other.one_way = 2
	t.check_eq(seen[0], 5, "null: nothing followed")
	# The level graph generator follows its graph and its progression.
	var graph_gen := GraphLayoutGenerator.new()
	var graph_seen := [0]
	graph_gen.changed.connect(func() -> void: graph_seen[0] += 1)
	graph_gen.graph = LevelGraph.new()
	graph_gen.progression = p
	graph_gen.graph.add_room(PackedStringArray())
	p.locks = 1
	t.check_eq(graph_seen[0], 4, "graph and progression both followed")


func test_a_saved_generator_keeps_its_progression(t) -> void:
	var gen := _locked("BspGenerator", 2)
	gen.seed = 4
	var path := "user://test_progression_bsp.tres"
	t.check_eq(ResourceSaver.save(gen, path), OK, "saved")
	var back: Resource = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	if not t.check(back is BspGenerator and back.progression is DungeonProgression, "loaded with its progression"):
		return
	t.check_eq(back.progression.locks, 2, "locks kept")
	t.check_eq(back.generate_level(1).layout_hash(), gen.generate_level(1).layout_hash(), "the same locked level")
	var seen := [0]
	back.changed.connect(func() -> void: seen[0] += 1)
	back.progression.locks = 3
	t.check_eq(seen[0], 1, "the loaded generator follows its progression")


## Every generator class with rooms (the registry's "has_rooms"), each way
## it generates: generate(), generate_level(), generate_async() and, where
## the class has it, generate_with_graph() give the same grid with the same
## locks for the same seed and settings, and the locks are there.
func test_every_way_of_generating_plans_the_same_locks(t) -> void:
	var classes := Generators.classes_with_rooms()
	for cls in classes:
		var gen := _locked(cls, 2)
		gen.level = 2
		var total := 0
		for s in 4:
			gen.seed = s + 1
			var label := "%s seed %d level 2" % [cls, s + 1]
			var grid: DungeonGrid = gen.generate_level(2)
			if not t.check(grid != null, label + ": generate_level"):
				continue
			total += grid.get_lock_count()
			var ways := {"generate": gen.generate()}
			var got := []
			gen.generated.connect(func(g): got.append(g), CONNECT_ONE_SHOT)
			gen.generate_async(2)
			gen.wait_async()
			ways["generate_async"] = got[0] if got.size() == 1 else null
			if gen.has_method("generate_with_graph"):
				ways["generate_with_graph"] = gen.generate_with_graph(2).get("grid")
			for way in ways:
				var other: DungeonGrid = ways[way]
				if t.check(other != null, "%s: %s gives a grid" % [label, way]):
					t.check_eq(other.get_locks_packed(), grid.get_locks_packed(), "%s: %s plans generate_level's locks" % [label, way])
					t.check_eq(other.layout_hash(), grid.layout_hash(), "%s: %s gives generate_level's grid" % [label, way])
		t.check(total > 0, "%s: %d locked doors over 4 seeds" % [cls, total])
	t.check(classes.size() >= 8, "%d registry generators with rooms" % classes.size())
