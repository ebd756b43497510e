extends RefCounted
## DungeonCollision in Godot's real physics: the bodies it builds are added
## to the scene tree, and a CharacterBody2D/3D pushed from every walkable
## cell beside a wall (or a closed side) into it never leaves its cell; rays
## across every wall side hit and rays across every open side do not;
## closing a door makes the ray across it hit and stops the body, opening
## lets both through. Also the body's shapes (count, names, door metadata),
## determinism, and the errors bad input gets.
##
## The runner gives no frames and its tree is not running, so the bodies
## go into a space of their own (a new World2D/World3D's) through the
## physics servers: the built StaticBody2D/3D's own body (its shapes are
## registered when they are parented), a kinematic square moved with
## body_test_motion (what move_and_collide runs), and rays through the
## space's direct state.

const CELL := 16.0
## Half the side of the square body pushed into the walls, in pixels.
const HALF := 3.0

## N E S W door bits and their offsets.
const DIRS := [[Vector2i(0, -1), 1, 4], [Vector2i(1, 0), 2, 8], [Vector2i(0, 1), 4, 1], [Vector2i(-1, 0), 8, 2]]


static func bsp(s: int, locks := 0) -> DungeonGrid:
	var gen := BspGenerator.new()
	gen.seed = s
	if locks > 0:
		gen.progression = DungeonProgression.new()
		gen.progression.locks = locks
	return gen.generate_level(1)


static func walk(g: DungeonGrid, p: Vector2i) -> bool:
	return p.x >= 0 and p.y >= 0 and p.x < g.width and p.y < g.height and g.get_cell(p) != 0


## Whether the side of walkable `p` towards `d` (an entry of DIRS) is open
## both ways.
static func open_side(g: DungeonGrid, p: Vector2i, d: Array) -> bool:
	var q: Vector2i = p + d[0]
	return walk(g, q) and g.door_mask(p) & d[1] != 0 and g.door_mask(q) & d[2] != 0


## A space of its own with `body` (a built StaticBody2D) in it, and a
## kinematic square of half-side HALF: what a CharacterBody2D is to the
## server. Free with free_space_2d.
class Space2D:
	var world := World2D.new()
	var mover := PhysicsServer2D.body_create()
	var shape := PhysicsServer2D.rectangle_shape_create()
	var body: Node2D
	## The StaticBody2D in the space: `body`, or the chunk bodies under it.
	var bodies: Array = []

	## `b`: a StaticBody2D, or the Node2D holding build_bodies_2d()'s
	## chunk bodies.
	func _init(b: Node2D) -> void:
		body = b
		bodies = [b] if b is StaticBody2D else b.get_children()
		for x in bodies:
			PhysicsServer2D.body_set_space(x.get_rid(), world.space)
		PhysicsServer2D.shape_set_data(shape, Vector2(HALF, HALF))
		PhysicsServer2D.body_set_mode(mover, PhysicsServer2D.BODY_MODE_KINEMATIC)
		PhysicsServer2D.body_add_shape(mover, shape)
		PhysicsServer2D.body_set_space(mover, world.space)

	## Moves the square from `from` by `motion` as move_and_collide does;
	## returns where it stops and whether it hit.
	func push(from: Vector2, motion: Vector2) -> Array:
		var params := PhysicsTestMotionParameters2D.new()
		params.from = Transform2D(0, from)
		params.motion = motion
		var result := PhysicsTestMotionResult2D.new()
		var hit := PhysicsServer2D.body_test_motion(mover, params, result)
		return [from + result.get_travel(), hit]

	## The first shape a ray from `a` to `b` hits (empty when none). A
	## test move first brings the space's shapes up to date.
	func ray(a: Vector2, b: Vector2) -> Dictionary:
		push(a, Vector2.ZERO)
		var q := PhysicsRayQueryParameters2D.create(a, b)
		q.exclude = [mover]
		return PhysicsServer2D.space_get_direct_state(world.space).intersect_ray(q)

	## Whether `hit` (a ray's result) is one of the built bodies.
	func is_wall(hit: Dictionary) -> bool:
		return not hit.is_empty() and bodies.any(func(x): return x.get_instance_id() == hit["collider_id"])

	func free_all() -> void:
		for x in bodies:
			PhysicsServer2D.body_set_space(x.get_rid(), RID())
		PhysicsServer2D.free_rid(mover)
		PhysicsServer2D.free_rid(shape)
		body.free()


static func centre(p: Vector2i) -> Vector2:
	return (Vector2(p) + Vector2(0.5, 0.5)) * CELL


func test_body_2d_shapes(t) -> void:
	var c := DungeonCollision.new()
	var grid := bsp(3)
	var body := c.build_body_2d(grid, Vector2(CELL, CELL))
	if not t.check(body is StaticBody2D, "a StaticBody2D: " + c.last_error):
		return
	t.check_eq(c.last_error, "", "no error")
	t.check_eq(body.get_child_count(), c.last_shape_count, "one child per shape")
	# Per-tile collision: one shape per empty cell touching a walkable one.
	var per_tile := 0
	for y in range(-1, grid.height + 1):
		for x in range(-1, grid.width + 1):
			var p := Vector2i(x, y)
			if walk(grid, p):
				continue
			var near := false
			for dy in [-1, 0, 1]:
				for dx in [-1, 0, 1]:
					near = near or walk(grid, p + Vector2i(dx, dy))
			per_tile += int(near)
	t.check(c.last_shape_count * 3 < per_tile, "%d shapes, per tile %d" % [c.last_shape_count, per_tile])
	var doors := 0
	var names_ok := true
	for child in body.get_children():
		var shape := child as CollisionShape2D
		names_ok = names_ok and shape != null and shape.shape is RectangleShape2D
		if String(child.name).begins_with("Door_"):
			doors += 1
			var conn: int = child.get_meta("door_connection", -1)
			names_ok = names_ok and conn >= 0 and conn < grid.get_connection_count() \
					and String(child.name).begins_with("Door_%d_" % conn) \
					and child.get_meta("door_lock", 0) == -1 and shape.disabled
	t.check(names_ok, "rectangles; doors named Door_<connection>_<n>, tagged, open (disabled)")
	t.check(doors >= grid.get_connection_count(), "%d door shapes, %d connections" % [doors, grid.get_connection_count()])
	var again := c.build_body_2d(grid, Vector2(CELL, CELL))
	var same := again.get_child_count() == body.get_child_count()
	for i in mini(body.get_child_count(), again.get_child_count()):
		var a: CollisionShape2D = body.get_child(i)
		var b: CollisionShape2D = again.get_child(i)
		same = same and a.name == b.name and a.position == b.position and a.shape.size == b.shape.size
	t.check(same, "deterministic")
	body.free()
	again.free()


## Pushes a body from each walkable cell beside a wall or a closed side
## into it, and casts a ray across every side of every walkable cell.
## With `chunks`, the walls are build_bodies_2d()'s chunk bodies.
func check_walls_2d(t, grid: DungeonGrid, label: String, least := 50, c := DungeonCollision.new(), chunks := false) -> void:
	var body: Node2D = c.build_bodies_2d(grid, Vector2(CELL, CELL)) if chunks else c.build_body_2d(grid, Vector2(CELL, CELL))
	if not t.check(body != null, label + ": built: " + c.last_error):
		return
	var space := Space2D.new(body)
	var pushes := 0
	var escaped := []
	var rays := [0, 0]
	var wrong_rays := []
	for y in grid.height:
		for x in grid.width:
			var p := Vector2i(x, y)
			if not walk(grid, p):
				continue
			for d in DIRS:
				var q: Vector2i = p + d[0]
				var open := open_side(grid, p, d)
				var locked: bool = grid.locked_door_mask(p) & d[1] != 0 or grid.secret_door_mask(p) & d[1] != 0
				var hit := space.ray(centre(p), centre(q))
				if open and not locked:
					rays[1] += 1
					if not hit.is_empty():
						wrong_rays.append("%s->%s open but hit" % [p, q])
					continue
				rays[0] += 1
				if not space.is_wall(hit):
					wrong_rays.append("%s->%s shut but passed" % [p, q])
				# Push from the centre towards the wall, a cell and a half.
				var moved := space.push(centre(p), Vector2(d[0]) * CELL * 1.5)
				pushes += 1
				var at: Vector2 = moved[0]
				if not moved[1]:
					escaped.append("%s towards %s hit nothing" % [p, d[0]])
				var cell := Vector2i((at / CELL).floor())
				var corners_ok := true
				for corner in [Vector2(-1, -1), Vector2(1, -1), Vector2(-1, 1), Vector2(1, 1)]:
					var k := Vector2i(((at + corner * (HALF - 0.05)) / CELL).floor())
					corners_ok = corners_ok and walk(grid, k)
				if cell != p or not corners_ok:
					escaped.append("%s towards %s ended at %s" % [p, d[0], at])
	t.check(pushes > least, "%s: %d pushes" % [label, pushes])
	t.check(escaped.is_empty(), "%s: no body left its cell or entered a blocked one: %s" % [label, escaped.slice(0, 5)])
	t.check(rays[0] > least and rays[1] > least, "%s: %d rays across walls, %d across open sides" % [label, rays[0], rays[1]])
	t.check(wrong_rays.is_empty(), "%s: rays: %s" % [label, wrong_rays.slice(0, 5)])
	space.free_all()


func test_walls_2d_bsp(t) -> void:
	check_walls_2d(t, bsp(3), "bsp")


func test_walls_2d_cave(t) -> void:
	var gen := CaveGenerator.new()
	gen.seed = 4
	gen.width = 40
	gen.height = 30
	check_walls_2d(t, gen.generate_level(1), "cave")


func test_walls_2d_room_grid(t) -> void:
	# Isaac rooms are cells: the walls between them are thin walls.
	var gen := IsaacGenerator.new()
	gen.seed = 2
	var grid := gen.generate_level(6)
	check_walls_2d(t, grid, "isaac", 10)
	# Doorways half a side wide between walls a quarter cell thick: the
	# rays from centre to centre pass through the doorways.
	var c := DungeonCollision.new()
	c.wall_thickness = 0.25
	c.room_door_width = 0.5
	check_walls_2d(t, grid, "isaac doorways", 10, c)


## The same walls as outlines: one concave shape per chunk of 8 cells.
func test_walls_2d_outline(t) -> void:
	var c := DungeonCollision.new()
	c.use_outline = true
	c.chunk_size = 8
	check_walls_2d(t, bsp(5, 2), "bsp outline", 50, c)
	var gen := CaveGenerator.new()
	gen.seed = 4
	gen.width = 40
	gen.height = 30
	check_walls_2d(t, gen.generate_level(1), "cave outline", 50, c)
	var isaac := IsaacGenerator.new()
	isaac.seed = 2
	c.room_door_width = 0.5
	check_walls_2d(t, isaac.generate_level(6), "isaac outline with doorways", 10, c)
	# Shapes: a chunk each (8 × 8 cells of a 40 × 40 map: at most 36 with
	# the ring) and the doors.
	c.room_door_width = -1
	var body := c.build_body_2d(bsp(3), Vector2(CELL, CELL))
	var chunks := 0
	var doors := 0
	for child in body.get_children():
		if String(child.name).begins_with("Chunk_"):
			chunks += 1
			t.check(child.shape is ConcavePolygonShape2D and child.shape.segments.size() >= 2, "a chunk holds segments")
		elif String(child.name).begins_with("Door_"):
			doors += 1
	t.check(chunks > 0 and chunks <= 36, "%d chunks" % chunks)
	t.check_eq(chunks + doors, body.get_child_count(), "chunks and doors only")
	t.check_eq(c.last_shape_count, body.get_child_count(), "last_shape_count")
	body.free()
	c.chunk_size = 0
	t.expect_error("chunk_size")
	t.check(c.build_body_2d(bsp(3), Vector2(CELL, CELL)) == null and c.last_error.contains("chunk_size"), "chunk_size 0: null, named")


func test_walls_2d_locked(t) -> void:
	var grid := bsp(5, 2)
	t.check(grid.get_lock_count() > 0, "bsp with locks: %d" % grid.get_lock_count())
	check_walls_2d(t, grid, "bsp locked")


## The door sides of lock or connection shapes: each door child's middle
## and the way across it.
static func door_crossings(body: Node, key: String, value: int) -> Array:
	var out := []
	var shapes := body.get_children()
	if not body is StaticBody2D:
		shapes = []
		for b in body.get_children():
			shapes.append_array(b.get_children())
	for child in shapes:
		if child.get_meta(key, -2) != value:
			continue
		var size: Vector2 = child.shape.size
		var across := Vector2(1, 0) if size.x < size.y else Vector2(0, 1)
		out.append([child.position, across])
	return out


func test_doors_open_and_close_2d(t) -> void:
	for chunks in [false, true]:
		t.part("chunk bodies" if chunks else "one body")
		check_doors_2d(t, chunks)


## Opens and closes doors in one body, or (`chunks`) in the chunk bodies
## of build_bodies_2d() (chunks of 8 cells: a connection's doors in
## several bodies).
func check_doors_2d(t, chunks: bool) -> void:
	var grid := bsp(5, 2)
	var c := DungeonCollision.new()
	c.chunk_size = 8
	var body: Node2D = c.build_bodies_2d(grid, Vector2(CELL, CELL)) if chunks else c.build_body_2d(grid, Vector2(CELL, CELL))
	var space := Space2D.new(body)
	# The rays and moves across a door: half a cell each way.
	var blocked := func(mid: Vector2, across: Vector2) -> Array:
		var ray := not space.ray(mid - across * CELL * 0.5, mid + across * CELL * 0.5).is_empty()
		return [ray, space.push(mid - across * CELL * 0.5, across * CELL)[1]]
	var conn := -1
	var all := body.get_children()
	if chunks:
		all = []
		for b in body.get_children():
			all.append_array(b.get_children())
	for child in all:
		if String(child.name).begins_with("Door_") and child.get_meta("door_lock") == -1:
			conn = child.get_meta("door_connection")
			break
	if not t.check(conn >= 0, "an ordinary door"):
		return
	var crossings := door_crossings(body, "door_connection", conn)
	for x in crossings:
		t.check_eq(blocked.call(x[0], x[1]), [false, false], "connection %d open: ray and body pass at %s" % [conn, x[0]])
	t.check_eq(c.set_door_closed(body, conn, true), crossings.size(), "closing switches every door of the connection")
	for x in crossings:
		t.check_eq(blocked.call(x[0], x[1]), [true, true], "connection %d closed: ray and body stop at %s" % [conn, x[0]])
	c.set_door_closed(body, conn, false)
	for x in crossings:
		t.check_eq(blocked.call(x[0], x[1]), [false, false], "reopened: ray and body pass at %s" % x[0])
	# A locked door starts closed; its key opens it.
	var locked := door_crossings(body, "door_lock", 0)
	t.check(not locked.is_empty(), "lock 0 has door shapes")
	for x in locked:
		t.check_eq(blocked.call(x[0], x[1]), [true, true], "lock 0 shut at %s" % x[0])
	t.check_eq(c.set_lock_closed(body, 0, false), locked.size(), "opening lock 0")
	for x in locked:
		t.check_eq(blocked.call(x[0], x[1]), [false, false], "lock 0 open at %s" % x[0])
	t.check_eq(c.set_door_closed(body, 100000, true), 0, "no such connection: nothing switched")
	space.free_all()


func test_walls_3d(t) -> void:
	check_walls_3d(t, DungeonCollision.new(), "boxes")


func test_walls_3d_outline(t) -> void:
	var c := DungeonCollision.new()
	c.use_outline = true
	c.chunk_size = 16
	check_walls_3d(t, c, "outline")


func check_walls_3d(t, c: DungeonCollision, label: String) -> void:
	var grid := bsp(3)
	c.wall_height = 2.5
	c.floor_level = 1
	var cell := Vector3(2, 3, 2)
	var body := c.build_body_3d(grid, cell)
	if not t.check(body is StaticBody3D, "a StaticBody3D: " + c.last_error):
		return
	t.check_eq(body.get_child_count(), c.last_shape_count, "one child per shape")
	var first: CollisionShape3D = body.get_child(0)
	if first.shape is BoxShape3D:
		t.check(is_equal_approx(first.shape.size.y, 2.5) and is_equal_approx(first.position.y, 3.0 + 1.25), "boxes 2.5 tall standing on floor 1 (y = 3)")
	else:
		var ys := {}
		for v in first.shape.get_faces():
			ys[snappedf(v.y, 0.001)] = true
		t.check(first.shape is ConcavePolygonShape3D and ys.keys() == [3.0, 5.5], "walls from y = 3 to 5.5: %s" % [ys.keys()])
	var world := World3D.new()
	PhysicsServer3D.body_set_space(body.get_rid(), world.space)
	var mover := PhysicsServer3D.body_create()
	var box := PhysicsServer3D.box_shape_create()
	PhysicsServer3D.shape_set_data(box, Vector3(0.2, 0.2, 0.2))
	PhysicsServer3D.body_set_mode(mover, PhysicsServer3D.BODY_MODE_KINEMATIC)
	PhysicsServer3D.body_add_shape(mover, box)
	PhysicsServer3D.body_set_space(mover, world.space)
	# Moves the box as move_and_collide does: [where it stops, hit].
	var push := func(from: Vector3, motion: Vector3) -> Array:
		var params := PhysicsTestMotionParameters3D.new()
		params.from = Transform3D(Basis(), from)
		params.motion = motion
		var result := PhysicsTestMotionResult3D.new()
		var hit := PhysicsServer3D.body_test_motion(mover, params, result)
		return [from + result.get_travel(), hit]
	var ray := func(a: Vector3, b: Vector3) -> Dictionary:
		push.call(a, Vector3.ZERO)
		var rq := PhysicsRayQueryParameters3D.create(a, b)
		rq.exclude = [mover]
		return PhysicsServer3D.space_get_direct_state(world.space).intersect_ray(rq)
	var y := 3.0 + 1.0
	var at := func(p: Vector2i) -> Vector3:
		return Vector3((p.x + 0.5) * cell.x, y, (p.y + 0.5) * cell.z)
	var escaped := []
	var wrong_rays := []
	var pushes := 0
	var rays := 0
	for gy in grid.height:
		for gx in grid.width:
			var p := Vector2i(gx, gy)
			if not walk(grid, p):
				continue
			for d in DIRS:
				var q: Vector2i = p + d[0]
				var open := open_side(grid, p, d)
				var hit: Dictionary = ray.call(at.call(p), at.call(q))
				rays += 1
				if open != hit.is_empty():
					wrong_rays.append("%s->%s open %s hit %s" % [p, q, open, not hit.is_empty()])
				if open:
					continue
				var moved: Array = push.call(at.call(p), Vector3(d[0].x, 0, d[0].y) * cell.x * 1.5)
				pushes += 1
				var end: Vector3 = moved[0]
				if not moved[1] or Vector2i(floori(end.x / cell.x), floori(end.z / cell.z)) != p:
					escaped.append("%s towards %s ended at %s" % [p, d[0], end])
	t.check(pushes > 50 and rays > 200, "%s: %d pushes, %d rays" % [label, pushes, rays])
	t.check(escaped.is_empty(), "%s: every push hit and no body left its cell: %s" % [label, escaped.slice(0, 5)])
	t.check(wrong_rays.is_empty(), "%s rays: %s" % [label, wrong_rays.slice(0, 5)])
	# Above the walls the rays pass.
	y = 3.0 + 2.6
	var over: Dictionary = ray.call(Vector3(-1, y, -1), Vector3(grid.width * cell.x + 1, y, grid.height * cell.z + 1))
	t.check(over.is_empty(), label + ": nothing above wall_height")
	PhysicsServer3D.body_set_space(body.get_rid(), RID())
	PhysicsServer3D.free_rid(mover)
	PhysicsServer3D.free_rid(box)
	body.free()


func test_bad_input(t) -> void:
	var c := DungeonCollision.new()
	t.expect_error("grid is null")
	t.check(c.build_body_2d(null, Vector2(16, 16)) == null, "a null grid: null")
	t.check(c.last_error.contains("grid is null"), "last_error: " + c.last_error)
	var grid := bsp(1)
	for size in [Vector2(0, 16), Vector2(-1, 16), Vector2(NAN, 16), Vector2(16, INF)]:
		t.expect_error("cell_size")
		t.check(c.build_body_2d(grid, size) == null, "cell size %s: null" % size)
		t.check(c.last_error.contains("cell_size") and c.last_shape_count == 0, "names cell_size: " + c.last_error)
	t.expect_error("cell_size")
	t.check(c.build_body_3d(grid, Vector3(1, 0, 1)) == null, "a 3D cell of height 0: null")
	t.expect_error("grid is null")
	t.check(c.build_body_3d(null, Vector3(1, 1, 1)) == null, "3D, a null grid: null")
	c.wall_thickness = 0.75
	t.expect_error("wall_thickness")
	t.check(c.build_body_2d(grid, Vector2(16, 16)) == null, "a wall thicker than half a cell: null")
	t.check(c.last_error.contains("wall_thickness"), "names wall_thickness: " + c.last_error)
	c.wall_thickness = 0.125
	c.room_door_width = 0.9
	t.expect_error("room_door_width")
	t.check(c.build_body_2d(grid, Vector2(16, 16)) == null, "a doorway wider than the side less its walls: null")
	c.room_door_width = -1
	c.wall_height = NAN
	t.expect_error("wall_height")
	t.check(c.build_body_3d(grid, Vector3(1, 1, 1)) == null, "a NaN wall height: null")
	c.wall_height = 0
	var body := c.build_body_2d(grid, Vector2(16, 16))
	t.check(body != null and c.last_error == "", "a good build clears last_error")
	body.free()
	t.expect_error("body is null")
	t.check_eq(c.set_door_closed(null, 0, true), 0, "a null body: nothing switched")


## Whether two bodies have the same children: names, places, shape sizes
## and disabled flags.
static func same_body(a: Node, b: Node) -> bool:
	if a == null or b == null or a.get_child_count() != b.get_child_count():
		return false
	for i in a.get_child_count():
		var x = a.get_child(i)
		var y = b.get_child(i)
		if x.name != y.name or x.position != y.position or x.shape.size != y.shape.size or x.disabled != y.disabled:
			return false
	return true


func test_async_equals_sync(t) -> void:
	var c := DungeonCollision.new()
	var grid := bsp(5, 2)
	var got: Array = []
	c.built.connect(func(request, body): got.append([request, body]))
	c.build_failed.connect(func(request, message): got.append([request, message]))
	c.wall_height = 2.5
	var first := c.build_body_2d_async(grid, Vector2(CELL, CELL))
	var second := c.build_body_3d_async(grid, Vector3(2, 3, 2))
	t.check(c.is_building(), "building while requests are pending")
	# The requests copied the grid and the settings.
	var original := DungeonGrid.from_json(grid.to_json())
	grid.set_json_data(bsp(6).to_json())
	c.wall_height = 1.0
	c.wait_async()
	t.check(not c.is_building(), "idle once delivered")
	t.check_eq(c.progress, 1.0, "progress 1 when idle")
	if not t.check_eq(got.size(), 2, "both requests delivered: %s" % [got]):
		return
	t.check_eq([got[0][0], got[1][0]], [first, second], "in request order, with their ids")
	t.check(got[0][1] is StaticBody2D and got[1][1] is StaticBody3D, "a StaticBody2D, then a StaticBody3D")
	var sync_2d := c.build_body_2d(original, Vector2(CELL, CELL))
	c.wall_height = 2.5
	var sync_3d := c.build_body_3d(original, Vector3(2, 3, 2))
	t.check(same_body(got[0][1], sync_2d), "async 2D body == build_body_2d on the grid as it was")
	t.check(same_body(got[1][1], sync_3d), "async 3D body == build_body_3d with the settings as they were")
	t.check_eq(c.last_error, "", "no error")
	for x in [got[0][1], got[1][1], sync_2d, sync_3d]:
		x.free()


func test_async_bad_input_and_cancel(t) -> void:
	var c := DungeonCollision.new()
	var failed: Array = []
	var built: Array = []
	c.built.connect(func(request, body):
		built.append(request)
		body.free())
	c.build_failed.connect(func(request, message): failed.append([request, message]))
	var a := c.build_body_2d_async(null, Vector2(16, 16))
	var b := c.build_body_3d_async(bsp(1), Vector3(2, 0, 2))
	var good := c.build_body_2d_async(bsp(1), Vector2(16, 16))
	t.expect_error("grid is null")
	t.expect_error("cell_size")
	c.wait_async()
	if t.check_eq(failed.size(), 2, "two failures: %s" % [failed]):
		t.check(failed[0][0] == a and failed[0][1].contains("grid is null"), "the null grid: " + str(failed[0]))
		t.check(failed[1][0] == b and failed[1][1].contains("cell_size"), "the zero cell height: " + str(failed[1]))
	t.check_eq(built, [good], "the good request after them still arrives")
	built.clear()
	# Cancelled at once: nothing is delivered.
	c.build_body_2d_async(bsp(1), Vector2(16, 16))
	var second := c.build_body_2d_async(bsp(1), Vector2(16, 16))
	t.check(c.cancel_request(second), "cancel_request on a pending request")
	t.check(not c.cancel_request(second), "not twice")
	t.check_eq(c.cancel(), 1, "cancel() counts the one left")
	t.check(not c.is_building(), "idle after cancel()")
	c.wait_async()
	t.check(built.is_empty(), "no cancelled request delivered")


## Every chunk body's name with each of its shapes' names and places, in
## order.
static func chunk_shapes(root: Node) -> Array:
	var out := []
	for b in root.get_children():
		for s in b.get_children():
			out.append("%s/%s@%s" % [b.name, s.name, s.position])
	return out


## build_bodies_2d(): the walls of build_body_2d() split into a body per
## chunk, in real physics as tight as the one body.
func test_walls_2d_chunk_bodies(t) -> void:
	var c := DungeonCollision.new()
	c.chunk_size = 8
	var grid := bsp(5, 2)
	var one := c.build_body_2d(grid, Vector2(CELL, CELL))
	var root := c.build_bodies_2d(grid, Vector2(CELL, CELL))
	if not t.check(root is Node2D and not root is StaticBody2D and root.name == "Collision", "a Node2D named Collision: " + c.last_error):
		return
	var bodies_ok := root.get_children().all(func(b): return b is StaticBody2D and String(b.name).begins_with("Chunk_") and b.get_child_count() > 0)
	t.check(bodies_ok and root.get_child_count() > 4, "%d StaticBody2D chunks, none empty" % root.get_child_count())
	var names := []
	for s in one.get_children():
		names.append(String(s.name))
	var split := []
	for b in root.get_children():
		var cx := int(String(b.name).get_slice("_", 1))
		var cy := int(String(b.name).get_slice("_", 2))
		for s in b.get_children():
			split.append(String(s.name))
			# A wall's top-left corner (a door's centre) lies in its chunk.
			var at: Vector2 = s.position / CELL
			if not String(s.name).begins_with("Door_"):
				at -= s.shape.size / CELL / 2.0
			if Vector2i((at / 8.0).floor()) != Vector2i(cx, cy):
				split.append("%s out of chunk %s" % [s.name, b.name])
	names.sort()
	split.sort()
	t.check(names == split, "the same shapes as one body, each in its chunk")
	t.check_eq(c.last_shape_count, split.size(), "last_shape_count")
	var again := c.build_bodies_2d(grid, Vector2(CELL, CELL))
	t.check_eq(chunk_shapes(again), chunk_shapes(root), "deterministic")
	again.free()
	one.free()
	root.free()
	check_walls_2d(t, grid, "bsp chunk bodies", 50, c, true)
	var gen := CaveGenerator.new()
	gen.seed = 4
	gen.width = 40
	gen.height = 30
	check_walls_2d(t, gen.generate_level(1), "cave chunk bodies", 50, c, true)
	c.use_outline = true
	check_walls_2d(t, gen.generate_level(1), "cave outline chunk bodies", 50, c, true)
	check_walls_2d(t, grid, "bsp outline chunk bodies", 50, c, true)


## build_bodies_2d_async(): the root goes under the parent, its bodies
## come a few per frame, `built` when the last is in; the same bodies as
## build_bodies_2d(); cancelling frees what was added.
func test_bodies_async(t) -> void:
	var c := DungeonCollision.new()
	c.chunk_size = 8
	c.bodies_per_frame = 3
	var grid := bsp(5, 2)
	var parent := Node2D.new()
	var got := []
	c.built.connect(func(request, root): got.append([request, root]))
	c.build_failed.connect(func(request, message): got.append([request, message]))
	var id := c.build_bodies_2d_async(grid, Vector2(CELL, CELL), parent)
	var counts := []
	var progress := [c.progress]
	var polls := 0
	while got.is_empty() and polls < 20000:
		OS.delay_usec(200)
		c.poll_async()
		polls += 1
		var root := parent.get_node_or_null("Collision")
		if root != null and (counts.is_empty() or counts[-1] != root.get_child_count()):
			counts.append(root.get_child_count())
		progress.append(c.progress)
	var sync := c.build_bodies_2d(grid, Vector2(CELL, CELL))
	if not t.check_eq(got.size(), 1, "delivered once: %s" % [got]):
		return
	t.check(got[0][0] == id and got[0][1] == parent.get_node_or_null("Collision"), "built(request, the Collision node under the parent)")
	t.check_eq(chunk_shapes(got[0][1]), chunk_shapes(sync), "the bodies of build_bodies_2d()")
	var steps_ok: bool = counts.size() >= 2 and counts[-1] == sync.get_child_count()
	for i in range(1, counts.size()):
		steps_ok = steps_ok and counts[i] - counts[i - 1] <= 3 and counts[i] > counts[i - 1]
	t.check(steps_ok, "at most bodies_per_frame (3) bodies a frame: %s" % [counts])
	var rising := true
	for i in range(1, progress.size()):
		rising = rising and progress[i] >= progress[i - 1] - 1e-9
	t.check(rising and progress[-1] == 1.0 and not c.is_building(), "progress rises to 1: %s" % [progress.slice(0, 8)])
	sync.free()
	parent.remove_child(got[0][1])
	got[0][1].free()
	got.clear()
	# Cancelled part way: the bodies added go, no signal.
	c.bodies_per_frame = 1
	c.build_bodies_2d_async(grid, Vector2(CELL, CELL), parent)
	polls = 0
	while parent.get_node_or_null("Collision") == null and polls < 20000:
		OS.delay_usec(200)
		c.poll_async()
		polls += 1
	var partial := parent.get_node_or_null("Collision")
	t.check(partial != null and partial.get_child_count() == 1 and c.is_building(), "one body in after the first frame")
	t.check_eq(c.cancel(), 1, "cancel() counts it")
	t.check(parent.get_child_count() == 0 and not c.is_building() and partial.is_queued_for_deletion(), "the partial Collision node is removed and freed")
	partial.free()
	c.poll_async()
	t.check(got.is_empty(), "no signal after cancel")
	# 3D, and wait_async() making every body at once.
	var p3 := Node3D.new()
	c.build_bodies_3d_async(grid, Vector3(2, 3, 2), p3)
	c.wait_async()
	var sync3 := c.build_bodies_3d(grid, Vector3(2, 3, 2))
	t.check(got.size() == 1 and got[0][1] is Node3D and got[0][1].get_parent() == p3, "3D: a Node3D under the parent after wait_async()")
	t.check(got.size() == 1 and chunk_shapes(got[0][1]) == chunk_shapes(sync3), "3D: the bodies of build_bodies_3d()")
	sync3.free()
	got.clear()
	# A null parent fails, naming it.
	t.expect_error("parent is null")
	var bad := c.build_bodies_2d_async(grid, Vector2(CELL, CELL), null)
	c.wait_async()
	t.check(got.size() == 1 and got[0][0] == bad and str(got[0][1]).contains("parent is null"), "a null parent: build_failed: %s" % [got])
	c.bodies_per_frame = 0
	t.expect_error("bodies_per_frame")
	t.check(c.build_bodies_2d(grid, Vector2(CELL, CELL)) == null and c.last_error.contains("bodies_per_frame"), "bodies_per_frame 0: null, named")
	parent.free()
	p3.free()


## A one-way door (DungeonProgression.one_way) in 2D: a body moving out of
## its `from` cell passes, one moving back into it stops; opened it passes
## both ways, closed again it is one-way again.
func test_one_way_doors_2d(t) -> void:
	var found := 0
	var c := DungeonCollision.new()
	var bits := {Vector2i(0, -1): 1, Vector2i(1, 0): 2, Vector2i(0, 1): 4, Vector2i(-1, 0): 8}
	for s in 8:
		var gen = BspGenerator.new() if s % 2 == 0 else IsaacGenerator.new()
		gen.seed = s
		gen.progression = DungeonProgression.new()
		gen.progression.one_way = 1
		var grid: DungeonGrid = gen.generate_level(3)
		var body := c.build_body_2d(grid, Vector2(CELL, CELL))
		var space := Space2D.new(body)
		for child in body.get_children():
			if not child.one_way_collision:
				continue
			found += 1
			var mid: Vector2 = child.position
			# The way it stops: the shape's own +Y.
			var stop := Vector2(0, 1).rotated(child.rotation).round()
			var into := Vector2i(((mid + stop * CELL * 0.5) / CELL).floor())
			var back: int = bits[Vector2i(-stop)]
			t.check(grid.one_way_mask(into) & back != 0, "seed %d: blocked going into the from cell %s" % [s, into])
			t.check(child.get_meta("door_lock") >= 0 and not child.disabled, "seed %d: a lock's door, on" % s)
			var across := func() -> Array:
				return [space.push(mid - stop * CELL * 0.5, stop * CELL)[1], space.push(mid + stop * CELL * 0.5, -stop * CELL)[1]]
			t.check_eq(across.call(), [true, false], "seed %d at %s: stops into the from side, passes out of it" % [s, mid])
			c.set_lock_closed(body, child.get_meta("door_lock"), false)
			t.check_eq(across.call(), [false, false], "seed %d: opened, passes both ways" % s)
			c.set_lock_closed(body, child.get_meta("door_lock"), true)
			t.check_eq(across.call(), [true, false], "seed %d: closed, one-way again" % s)
		space.free_all()
	t.check(found >= 3, "%d one-way door shapes" % found)
