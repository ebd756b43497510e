extends RefCounted
## The sample's locked levels (a DungeonProgression on the generator): one
## key per key room where get_key_cell says, one shut door per locked side,
## each held by a collision shape and belonging to a key lock; picking a
## key up shows it on the HUD. Levels without locks show none of it.

const MAIN_SCENE := "res://main.tscn"
const SEED := 2024
const LOCKED := ["isaac_locked", "bsp_locked", "templates_locked"]


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


func test_locked_levels_draw_keys_and_shut_doors(t) -> void:
	var main := _main()
	for id in LOCKED:
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
