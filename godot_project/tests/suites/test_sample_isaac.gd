extends RefCounted
## The sample's Isaac floors: special rooms look special, secret rooms stay
## hidden until the player bumps the right wall, the minimap shows only
## discovered rooms, and large rooms are one room node each, sized
## `room_size * shape`, walled along their outline with an opening per door.

const MAIN_SCENE := "res://main.tscn"
const SEED := 2024
const SIDES := [DungeonGrid.DOOR_NORTH, DungeonGrid.DOOR_EAST, DungeonGrid.DOOR_SOUTH, DungeonGrid.DOOR_WEST]
const STEP := {1: Vector2i.UP, 2: Vector2i.RIGHT, 4: Vector2i.DOWN, 8: Vector2i.LEFT}


func _main() -> Node:
	var main: Node = load(MAIN_SCENE).instantiate()
	main.run_seed = SEED
	main.start()
	return main


func _done(node: Node) -> void:
	if node.get_parent() != null:
		node.get_parent().remove_child(node)
	node.free()


func _index(main: Node, id: String) -> int:
	for i in main.GENERATORS.size():
		if main.GENERATORS[i]["id"] == id:
			return i
	return -1


func _hit(rects: Array[Rect2], p: Vector2) -> bool:
	for r in rects:
		if r.has_point(p):
			return true
	return false


func test_large_rooms_are_one_node_each(t) -> void:
	var main := _main()
	var index := _index(main, "isaac_large_rooms")
	t.check(index >= 0, "the sample offers isaac_large_rooms")
	var large_seen := 0
	for level in range(1, 6):
		main.select_generator(index, level)
		var dungeon: Dungeon = main.dungeon
		var grid := dungeon.grid
		var label := "level %d" % level
		t.check_eq(dungeon.room_nodes().size(), grid.get_room_count(), label + ": one node per room")
		t.check_eq(dungeon.drawn_room_count(), grid.get_room_count(), label + ": HUD counts rooms")
		for r in grid.get_room_count():
			var rect := grid.get_room_rect(r)
			var room: Node2D = dungeon.get_room(grid.get_room_cells(r)[0])
			t.check(room != null, label + ": a node for room %d" % r)
			t.check_eq(room.position, Vector2(rect.position) * dungeon.room_size, label + ": at cell * room_size")
			t.check_eq(room.size, Vector2(rect.size) * dungeon.room_size, label + ": sized room_size * shape")
			for c in grid.get_room_cells(r):
				t.check(dungeon.get_room(c) == room, label + ": every cell maps to its room node")
			t.check_eq(room.collision_rects(), room.wall_rects(), label + ": collision == wall_rects")
			if grid.get_room_cells(r).size() > 1:
				large_seen += 1
				_check_large_walls(t, grid, room, dungeon.room_size, label + " room %d" % r)
	t.check(large_seen >= 3, "large rooms on screen: %d" % large_seen)
	_done(main)


## Walls of a large room, checked by sampling: across each outline side a
## wall except in the door opening; between two cells of the room no wall
## on the way from one centre to the other; no gap where two cells meet.
func _check_large_walls(t, grid: DungeonGrid, room: Node2D, cell_size: Vector2, label: String) -> void:
	var rects: Array[Rect2] = room.wall_rects()
	var leaks := 0
	var blocked := 0
	var door_blocked := 0
	var mid := Room.MARGIN + Room.WALL * 0.5
	for off in room.cells:
		var cell: Vector2i = room.cell + off
		var o := Vector2(off) * cell_size
		var centre := o + cell_size * 0.5
		var doors := grid.room_door_mask(cell) & ~grid.secret_door_mask(cell)
		for side in SIDES:
			var step: Vector2i = STEP[side]
			if room.cells.has(off + step):
				# Inside the room: a straight walk between the centres.
				for k in 21:
					if _hit(rects, centre + Vector2(step) * cell_size * (k / 20.0)):
						blocked += 1
				continue
			var horizontal: bool = side == DungeonGrid.DOOR_NORTH or side == DungeonGrid.DOOR_SOUTH
			var length: float = cell_size.x if horizontal else cell_size.y
			for i in range(0, int(length)):
				var along := i + 0.5
				var p := Vector2(o.x + along, o.y + mid)
				match side:
					DungeonGrid.DOOR_SOUTH: p = Vector2(o.x + along, o.y + cell_size.y - mid)
					DungeonGrid.DOOR_WEST: p = Vector2(o.x + mid, o.y + along)
					DungeonGrid.DOOR_EAST: p = Vector2(o.x + cell_size.x - mid, o.y + along)
				# The margin ends of a side belong to the room only where it goes on.
				var before: bool = room.cells.has(off + (Vector2i.LEFT if horizontal else Vector2i.UP))
				var after: bool = room.cells.has(off + (Vector2i.RIGHT if horizontal else Vector2i.DOWN))
				if (along < Room.MARGIN and not before) or (along > length - Room.MARGIN and not after):
					continue
				var in_door: bool = doors & side != 0 and absf(along - length * 0.5) < 12.0
				var hit := _hit(rects, p)
				if in_door and hit:
					door_blocked += 1
				elif not in_door and absf(along - length * 0.5) > 30.0 and not hit:
					leaks += 1
	t.check_eq(leaks, 0, label + ": gaps in the outline walls")
	t.check_eq(blocked, 0, label + ": walls inside the room")
	t.check_eq(door_blocked, 0, label + ": doors blocked")


func test_special_rooms_look_special_and_secrets_hide(t) -> void:
	var main := _main()
	main.select_generator(_index(main, "isaac_branching"), 3)
	var dungeon: Dungeon = main.dungeon
	var grid := dungeon.grid
	for role in [DungeonGrid.ROLE_BOSS, DungeonGrid.ROLE_TREASURE, DungeonGrid.ROLE_SHOP, DungeonGrid.ROLE_SECRET, DungeonGrid.ROLE_SUPER_SECRET]:
		var r := grid.get_rooms_with_role(role)[0]
		var room: Node2D = dungeon.get_room(grid.get_room_cells(r)[0])
		t.check_eq(room.role, role, "room node knows role %d" % role)
		t.check(Room.ROLE_FLOORS.has(role), "role %d has a tint" % role)
	# Secret rooms are hidden, their doors walls on both sides.
	var secret := grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET)[0]
	var cell := grid.get_room_cells(secret)[0]
	var node: Node2D = dungeon.get_room(cell)
	t.check(not node.visible, "the secret room is hidden")
	t.check_eq(node.open_sides, 0, "its doors are walls")
	var mask := grid.door_mask(cell)
	var side := 0
	for s in SIDES:
		if mask & s:
			side = s
			break
	var outside: Vector2i = cell + STEP[side]
	var back := {1: 4, 4: 1, 2: 8, 8: 2}[side] as int
	var neighbour: Node2D = dungeon.get_room(outside)
	t.check(not neighbour.is_open(back), "the neighbour's secret door is a wall")
	t.check(not main.hud.minimap.discovered_rooms().has(secret), "not on the minimap")
	# A wrong wall does nothing; the right one opens the door both ways.
	var wrong := 0
	for s in SIDES:
		if grid.door_mask(grid.start_cell) & s == 0:
			wrong = s
	t.check_eq(dungeon.bump(grid.start_cell, wrong), -1, "a plain wall hides nothing")
	t.check_eq(dungeon.bump(outside, back), secret, "bumping the right wall finds the secret room")
	t.check(node.visible and node.is_open(side) and neighbour.is_open(back), "door open on both sides, room shown")
	t.check_eq(node.collision_rects(), node.wall_rects(), "walls rebuilt")
	t.check(main.hud.minimap.revealed.has(secret), "the minimap learns of it")
	t.check_eq(dungeon.bump(outside, back), -1, "found once")
	_done(main)


func test_minimap_shows_discovered_rooms_only(t) -> void:
	var main := _main()
	main.select_generator(_index(main, "isaac_branching"), 4)
	var grid: DungeonGrid = main.dungeon.grid
	var minimap = main.hud.minimap
	var shown: Dictionary = minimap.discovered_rooms()
	var start := grid.get_start_room()
	var want := {start: true}
	for other in grid.get_room_doors(start):
		var o := grid.get_room_at(other)
		if not grid.get_secret_rooms().has(o):
			want[o] = true
	t.check_eq(shown.keys().size(), want.keys().size(), "the start room and the rooms its doors lead to")
	for r in want:
		t.check(shown.has(r), "room %d shown" % r)
	t.check(shown.size() < grid.get_room_count(), "not the whole floor")
	minimap.show_all()
	t.check_eq(minimap.discovered_rooms().size(), grid.get_room_count(), "show_all() shows every room")
	_done(main)


## The locked levels (a DungeonProgression on the generator): one key per
## key room where get_key_cell says, one shut door per locked side, each
## colliding and belonging to a key lock; a key picked up shows on the HUD.
## Levels without locks show none of it.
func test_locked_levels_draw_keys_and_shut_doors(t) -> void:
	var main := _main()
	for id in ["isaac_locked", "bsp_locked", "templates_locked"]:
		var index := _index(main, id)
		t.check(index >= 0, "the sample offers " + id)
		for level in range(1, 4):
			main.select_generator(index, level)
			var grid: DungeonGrid = main.dungeon.grid
			var view: Node2D = main.dungeon.locks_view
			var label := "%s level %d" % [id, level]
			t.check(grid.get_lock_count() > 0, label + ": has locks")
			t.check(grid.is_finishable(), label + ": finishable")
			var locks := grid.get_locks_packed()
			var key_rooms: Array[int] = []
			for i in grid.get_lock_count():
				if locks["kinds"][i] == DungeonGrid.LOCK_KEY and not key_rooms.has(locks["key_rooms"][i]):
					key_rooms.append(locks["key_rooms"][i])
			t.check_eq(view.keys.size(), key_rooms.size(), label + ": one key per key room")
			for room in key_rooms:
				t.check(view.keys.has(room), label + ": a key for room %d" % room)
				if view.keys.has(room):
					t.check_eq(view.keys[room].position, main.dungeon.cell_to_local(grid.get_key_cell(room)), label + ": key on get_key_cell")
			var sides := 0
			for y in grid.height:
				for x in grid.width:
					var mask := grid.locked_door_mask(Vector2i(x, y))
					sides += int(mask & DungeonGrid.DOOR_EAST != 0) + int(mask & DungeonGrid.DOOR_SOUTH != 0)
			t.check(sides > 0, label + ": locked sides")
			t.check_eq(view.doors.size(), sides, label + ": one shut door per locked side")
			for door in view.doors:
				t.check_eq(locks["kinds"][door["lock"]], DungeonGrid.LOCK_KEY, label + ": a door belongs to a key lock")
				t.check_eq(door["key_room"], locks["key_rooms"][door["lock"]], label + ": opened by its lock's key")
				t.check((door["body"] as StaticBody2D).get_child_count() == 1, label + ": a shut door collides")
			t.check(main.hud.keys_row.visible, label + ": the HUD shows the keys row")
			t.check(main.hud._key_colours.is_empty(), label + ": no key held at the start")
			view.pick_up(key_rooms[0])
			t.check(view.has_key(key_rooms[0]), label + ": key held after pick-up")
			t.check(not view.keys.has(key_rooms[0]), label + ": the key left the floor")
			t.check_eq(main.hud._key_colours, [view.key_colour(key_rooms[0])], label + ": the HUD shows the key's colour")
	main.select_generator(_index(main, "isaac_branching"), 1)
	t.check(main.dungeon.locks_view.keys.is_empty() and main.dungeon.locks_view.doors.is_empty(), "no keys or doors without locks")
	t.check(not main.hud.keys_row.visible, "no keys row without locks")
	_done(main)
