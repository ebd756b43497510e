@tool
extends "check_base.gd"
## Test only (tests/check_graph_editor.sh): in a headless editor, enables
## the dungeon_gen plugin, opens a LevelGraph .tres (EditorInterface.
## edit_resource, as a double-click in the FileSystem dock does) and drives
## the "Level Graph" panel through the functions its buttons, fields and
## graph signals call: adds rooms, connects them (a drag between ports),
## sets a connection's mode, tags and names a room, moves rooms (a drag),
## undoes and redoes, refuses a self-loop, saves with the editor's Ctrl+S
## (save_scene) and with ResourceSaver and reloads the .tres, presses Add
## room, types tags in a room's field, right-clicks a connection for its
## mode, deletes a room with Delete, removes a selected room (renumbering)
## and undoes it all; then the layout preview: a layout of the graph, and
## the errors of a tag no template has and of a non-planar K3,3, with the
## rooms and connection they name tinted. Last, real mouse input (events
## through Input, as the window delivers them): a drag from port to port
## connects two rooms, a drag of a title bar moves a room, a right-click on
## a connection opens its menu, and the undo history holds each step.
## Prints "CHECK ok: ..." / "CHECK FAIL: ..." lines and a total.

const PATH := "res://level_graph.tres"


func _checks() -> void:
	await _edit_graph()
	await _mouse()


func _history(object: Object) -> UndoRedo:
	var m := EditorInterface.get_editor_undo_redo()
	return m.get_history_undo_redo(m.get_object_history_id(object))


func _tags(graph: Resource, room: int) -> Array:
	return Array(graph.get_room_tags(room))


func _connections(graph: Resource) -> Array:
	return Array(graph.connections)


## Waits (up to 20 s) for the preview's layout; returns its error.
func _preview(panel: Control) -> String:
	panel.run_preview()
	var until := Time.get_ticks_msec() + 20000
	while panel.preview.is_busy() and Time.get_ticks_msec() < until:
		await _frames(1)
	await _frames(1)
	return panel.preview.error


func _edit_graph() -> void:
	var fresh: Resource = ClassDB.instantiate("LevelGraph")
	ResourceSaver.save(fresh, PATH)
	var graph: Resource = load(PATH)
	EditorInterface.edit_resource(graph)
	await _frames(3)
	var found := EditorInterface.get_base_control().find_children("LevelGraphEditor", "", true, false)
	if not _check(found.size() == 1, "the editor holds the Level Graph panel (%d found)" % found.size()):
		return
	var panel: Control = found[0]
	if not _check(panel.graph == graph, "editing a LevelGraph .tres opens it in the Level Graph panel"):
		return
	_check(panel.is_visible_in_tree(), "the Level Graph bottom panel is shown")
	panel.auto_preview = false

	# Three rooms, as the Add room button does.
	var start: int = panel.add_room(PackedStringArray(["start"]))
	var middle: int = panel.add_room()
	var boss: int = panel.add_room(PackedStringArray(["boss"]))
	await _frames(1)
	_check([start, middle, boss] == [0, 1, 2] and graph.get_room_count() == 3, "Add room three times: rooms 0, 1, 2 (%d rooms)" % graph.get_room_count())
	_check(panel.room_nodes().size() == 3 and panel.get_room_node(2).title == "2", "the graph shows one node per room, titled by number")

	# Connect 0-1 by a drag between ports (the GraphEdit's request), 1-2 too.
	panel.graph_edit.connection_request.emit(&"room_0", 0, &"room_1", 0)
	panel.graph_edit.connection_request.emit(&"room_2", 0, &"room_1", 0)
	await _frames(1)
	_check(_connections(graph) == [Vector3i(0, 1, 0), Vector3i(2, 1, 0)], "dragging between ports connects 0–1 and 2–1 (%s)" % [_connections(graph)])
	_check(panel.graph_edit.get_connection_list().size() == 2, "the graph draws the 2 connections")
	_check(not panel.connect_rooms(1, 1) and panel.get_status().contains("itself"), "a room connected to itself is refused (%s)" % panel.get_status())
	_check(not panel.connect_rooms(1, 0) and graph.get_connection_count() == 2, "a repeated connection is refused")

	# A connection's mode, tags and a name.
	_check(panel.set_connection_mode(1, 2, LevelGraph.CONNECTION_CORRIDOR), "set connection 1–2 to corridor")
	_check(graph.connections[1].z == LevelGraph.CONNECTION_CORRIDOR, "connection 1–2 is a corridor connection")
	_check(panel.set_room_tags_text(1, "shop,  extra shop"), "edit room 1's tags")
	_check(_tags(graph, 1) == ["shop", "extra"], "room 1's tags are shop, extra (%s)" % [_tags(graph, 1)])
	_check(panel.set_room_name(1, "market"), "name room 1")
	await _frames(1)
	_check(graph.get_room_name(1) == "market" and panel.get_room_node(1).title == "1 · market", "room 1 is named market, its node titled \"1 · market\" (%s)" % panel.get_room_node(1).title)

	# A drag of room 2's node.
	var node: GraphNode = panel.get_room_node(2)
	node.position_offset = Vector2(620, 260)
	panel.graph_edit.end_node_move.emit()
	await _frames(1)
	var positions: PackedVector2Array = graph.get_meta("editor_positions")
	_check(positions.size() == 3 and positions[2] == Vector2(620, 260), "dragging room 2 stores its position in the metadata (%s)" % [positions])

	# Undo and redo (Ctrl+Z / Ctrl+Shift+Z).
	var history := _history(graph)
	_check(history.undo(), "undo the move")
	await _frames(1)
	positions = graph.get_meta("editor_positions")
	_check(positions[2] != Vector2(620, 260) and panel.get_room_node(2).position_offset == positions[2], "after undo room 2 is back where it was, node too (%s)" % positions[2])
	_check(history.undo(), "undo the name")
	await _frames(1)
	_check(graph.get_room_name(1) == "" and panel.get_room_node(1).title == "1", "after undo room 1 has no name")
	_check(history.undo() and _tags(graph, 1).is_empty(), "undo the tags: room 1 has none")
	_check(history.undo() and graph.connections[1].z == LevelGraph.CONNECTION_DEFAULT, "undo the mode: connection 1–2 is default")
	for i in 4:
		history.redo()
	await _frames(1)
	positions = graph.get_meta("editor_positions")
	_check(graph.connections[1].z == LevelGraph.CONNECTION_CORRIDOR and _tags(graph, 1) == ["shop", "extra"] and graph.get_room_name(1) == "market" and positions[2] == Vector2(620, 260), "redo four times: mode, tags, name and position are back")

	# The editor's Save Scene (Ctrl+S, with some scene open) writes the
	# edited graph too (the plugin's _save_external_data).
	var scene := PackedScene.new()
	var root := Node.new()
	root.name = "Empty"
	scene.pack(root)
	root.free()
	ResourceSaver.save(scene, "res://empty.tscn")
	EditorInterface.open_scene_from_path("res://empty.tscn")
	await _frames(2)
	_check(panel.unsaved, "the panel knows the graph has unsaved edits")
	EditorInterface.save_scene()
	await _frames(2)
	var text := FileAccess.get_file_as_string(PATH)
	_check(text.contains("market") and text.contains("editor_positions"), "Ctrl+S (EditorInterface.save_scene) writes the edited graph to its .tres")
	_check(not panel.unsaved, "after saving the panel has no unsaved edits")

	# Saved to the .tres and read back.
	_check(ResourceSaver.save(graph, PATH) == OK, "save the graph with ResourceSaver")
	text = FileAccess.get_file_as_string(PATH)
	_check(text.contains("metadata/editor_positions"), "the .tres holds the positions as metadata/editor_positions")
	var again: Resource = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	_check(again != null and again.get_room_count() == 3, "the reloaded .tres has 3 rooms")
	if again != null:
		_check(_connections(again) == [Vector3i(0, 1, 0), Vector3i(2, 1, 2)], "the reloaded connections are 0–1 and 2–1 (corridor) (%s)" % [_connections(again)])
		_check(_tags(again, 0) == ["start"] and _tags(again, 1) == ["shop", "extra"] and _tags(again, 2) == ["boss"] and again.get_room_name(1) == "market", "the reloaded tags and name are kept")
		_check(again.get_meta("editor_positions", PackedVector2Array()) == positions, "the reloaded positions are kept (%s)" % [again.get_meta("editor_positions", null)])

	# The widgets: Add room, a tags field, a right-click on a connection,
	# Delete on a selected room; each undone.
	var buttons := panel.find_children("AddRoom", "Button", true, false)
	buttons[0].pressed.emit()
	await _frames(1)
	_check(graph.get_room_count() == 4 and panel.room_nodes().size() == 4, "the Add room button adds room 3")
	var tags_edit: LineEdit = panel.get_room_node(3).get_node("Tags")
	tags_edit.text = "treasure"
	tags_edit.text_submitted.emit(tags_edit.text)
	await _frames(1)
	_check(_tags(graph, 3) == ["treasure"], "typing tags in room 3's field and Enter sets them")
	panel.graph_edit.delete_nodes_request.emit([&"room_3"] as Array[StringName])
	await _frames(1)
	_check(graph.get_room_count() == 3, "Delete on room 3 removes it")
	for i in 3:
		history.undo()
	await _frames(1)
	_check(graph.get_room_count() == 3 and _connections(graph) == [Vector3i(0, 1, 0), Vector3i(2, 1, 2)], "three undos: back to 3 rooms")
	var from: GraphNode = panel.get_room_node(0)
	var to: GraphNode = panel.get_room_node(1)
	var mid := (from.position + from.get_output_port_position(0) * from.scale + to.position + to.get_input_port_position(0) * to.scale) / 2
	panel._on_popup_request(mid)
	_check(panel._menu_connection == Vector2i(0, 1), "a right-click on connection 0–1 opens its menu (%s)" % panel._menu_connection)
	panel._menu.id_pressed.emit(LevelGraph.CONNECTION_DIRECT)
	panel._menu.hide()
	_check(graph.connections[0].z == LevelGraph.CONNECTION_DIRECT, "its Direct item makes 0–1 direct")
	history.undo()
	_check(graph.connections[0].z == LevelGraph.CONNECTION_DEFAULT, "undo: 0–1 is default again")

	# Remove a room: its connections go, later rooms renumber; undo.
	_check(panel.connect_rooms(0, 2, LevelGraph.CONNECTION_DIRECT), "connect 0–2 (direct)")
	var before: Array = _connections(graph)
	panel.get_room_node(1).selected = true
	_check(panel.selected_rooms() == [1], "room 1 is selected")
	_check(panel.remove_selected(), "Remove selected removes room 1")
	await _frames(1)
	_check(graph.get_room_count() == 2 and _tags(graph, 1) == ["boss"], "2 rooms left; old room 2 (boss) is room 1")
	_check(_connections(graph) == [Vector3i(0, 1, 1)], "only 0–2 is left, renumbered 0–1, still direct (%s)" % [_connections(graph)])
	positions = graph.get_meta("editor_positions")
	_check(positions.size() == 2 and positions[1] == Vector2(620, 260), "the positions follow the renumbering")
	_check(panel.room_nodes().size() == 2 and panel.graph_edit.get_connection_list().size() == 1, "the graph shows 2 rooms and 1 connection")
	_check(history.undo(), "undo the removal")
	await _frames(1)
	_check(graph.get_room_count() == 3 and _connections(graph) == before and graph.get_room_name(1) == "market", "after undo the 3 rooms, their connections and names are back")
	_check(panel.room_nodes().size() == 3 and panel.graph_edit.get_connection_list().size() == 3, "the graph shows them again")
	_check(history.undo() and graph.get_connection_count() == 2, "undo the 0–2 connection")

	# The preview: a layout, then errors.
	_check(panel.set_room_tags_text(1, "shop"), "room 1's tags: shop")
	var error: String = await _preview(panel)
	_check(error == "" and panel.preview.grid != null and panel.preview.grid.get_room_count() >= 3, "the preview lays the graph out (%s)" % [error if error else "%d rooms" % panel.preview.grid.get_room_count()])
	_check(panel.highlighted_rooms.is_empty(), "nothing is highlighted after a layout")
	panel.set_room_tags_text(1, "nosuchtag")
	error = await _preview(panel)
	_check(error.contains("nosuchtag"), "a tag no template carries fails the preview (%s)" % error)
	_check(panel.highlighted_rooms.has(1), "the room it names is highlighted (%s)" % [panel.highlighted_rooms])
	await _frames(1)
	_check(panel.get_room_node(1).self_modulate == panel.HIGHLIGHT and panel.get_room_node(0).self_modulate == Color.WHITE, "room 1's node is tinted red, room 0's not")
	_check(panel.preview.get_node("Error").visible and panel.preview.get_node("Error").text == error, "the preview shows the error")
	history.undo()

	# Another generator's templates: the corridor preset's pieces.
	var corridors: Resource = ClassDB.instantiate("GraphLayoutGenerator")
	corridors.preset = 1
	panel.set_preview_generator(corridors)
	error = await _preview(panel)
	_check(error == "" and panel.preview.grid != null and panel.preview.grid.get_room_count() > 3, "with a corridor generator's templates the preview has corridor pieces too (%s)" % [error if error else "%d rooms" % panel.preview.grid.get_room_count()])
	_check(corridors.graph == null, "the generator itself is not changed")
	panel.set_preview_generator(null)

	# Opening a GraphLayoutGenerator that has a graph opens its graph, laid
	# out with its templates.
	var owner_gen: Resource = ClassDB.instantiate("GraphLayoutGenerator")
	owner_gen.preset = 1
	owner_gen.graph = graph
	ResourceSaver.save(owner_gen, "res://generator.tres")
	owner_gen = load("res://generator.tres")
	EditorInterface.edit_resource(owner_gen)
	await _frames(2)
	_check(panel.generator == owner_gen and panel.graph == owner_gen.graph, "editing a GraphLayoutGenerator opens its graph with its templates")
	_check(panel.get_node("Toolbar/Title").text.contains("generator.tres"), "the title names the generator (%s)" % panel.get_node("Toolbar/Title").text)
	EditorInterface.edit_resource(graph)
	await _frames(2)
	panel.set_preview_generator(null)

	# The rooms and connections error messages name.
	var named: Dictionary = panel.named_in("the loop room 1 – room 2 (hall) – room 4 – room 12 cannot close", 6)
	_check(named.rooms == PackedInt32Array([1, 2, 4]) and named.connections.is_empty(), "a loop's message names its rooms, corridor pieces (room 12 of 6) left out (%s)" % [named.rooms])
	var ring: Array[Vector3i] = [Vector3i(1, 2, 0), Vector3i(2, 4, 2), Vector3i(4, 1, 0), Vector3i(0, 1, 0)]
	named = panel.named_in("the loop room 1 – room 2 (hall) – room 12 – room 4 cannot close", 6, ring)
	_check(named.connections == [Vector2i(1, 2), Vector2i(2, 4), Vector2i(4, 1)], "a loop's message names its connections, through a corridor piece too (%s)" % [named.connections])
	named = panel.named_in("room 3 (shop) and room 4 share 3 loops of three (with room 0, room 1, room 5)", 6)
	_check(named.rooms == PackedInt32Array([3, 4, 0, 1, 5]), "three loops of three name five rooms (%s)" % [named.rooms])
	named = panel.named_in("connection #7 [2, 5] makes the graph non-planar", 6)
	_check(named.rooms == PackedInt32Array([2, 5]) and named.connections == [Vector2i(2, 5)], "a connection's message names it and its rooms")
	named = panel.named_in("graph.rooms[1] (market) tags [\"x\"]: no template carries them", 6)
	_check(named.rooms == PackedInt32Array([1]), "graph.rooms[1] names room 1 (%s)" % [named.rooms])

	# A non-planar graph (K3,3: rooms 0-2 each joined to rooms 3-5) in a
	# second .tres.
	var k33: Resource = ClassDB.instantiate("LevelGraph")
	for i in 6:
		k33.add_room(PackedStringArray(["start"] if i == 0 else []))
	for a in 3:
		for b in range(3, 6):
			k33.connect_rooms(a, b)
	ResourceSaver.save(k33, "res://k33.tres")
	k33 = load("res://k33.tres")
	EditorInterface.edit_resource(k33)
	await _frames(2)
	_check(panel.graph == k33 and panel.room_nodes().size() == 6, "editing another LevelGraph switches the panel to it")
	_check(panel.unsaved_paths() == PackedStringArray([PATH]), "the first graph's unsaved edits are still known (%s)" % [panel.unsaved_paths()])
	error = await _preview(panel)
	_check(error.contains("non-planar"), "K3,3 fails the preview as non-planar (%s)" % error)
	_check(panel.highlighted_connections.size() == 1 and panel.highlighted_rooms.size() == 2, "the connection it names and its two rooms are highlighted (%s, %s)" % [panel.highlighted_connections, panel.highlighted_rooms])
	var room: int = panel.highlighted_rooms[0] if panel.highlighted_rooms.size() > 0 else 0
	_check(panel.get_room_node(room).self_modulate == panel.HIGHLIGHT, "room %d's node is tinted red" % room)


## A mouse event at `at` (window coordinates) through Input, as the window
## would deliver it (the button state is Input's too).
func _push(event: InputEvent, at: Vector2) -> void:
	event.position = at
	event.global_position = at
	Input.parse_input_event(event)
	Input.flush_buffered_events()


func _button(at: Vector2, button: MouseButton, pressed: bool) -> void:
	var e := InputEventMouseButton.new()
	e.button_index = button
	e.pressed = pressed
	e.button_mask = MOUSE_BUTTON_MASK_LEFT if pressed and button == MOUSE_BUTTON_LEFT else 0
	_push(e, at)


## A left-button drag from `from` to `to` in `steps` moves, a frame apart.
func _drag(from: Vector2, to: Vector2, steps := 6) -> void:
	_button(from, MOUSE_BUTTON_LEFT, true)
	await _frames(1)
	for i in range(1, steps + 1):
		var m := InputEventMouseMotion.new()
		m.button_mask = MOUSE_BUTTON_MASK_LEFT
		var at := from.lerp(to, float(i) / steps)
		m.relative = (to - from) / steps
		_push(m, at)
		await _frames(1)
	_button(to, MOUSE_BUTTON_LEFT, false)
	await _frames(2)


## The viewport position of `node`'s port (`output` or input) 0.
func _port(node: GraphNode, output: bool) -> Vector2:
	var local := node.get_output_port_position(0) if output else node.get_input_port_position(0)
	return node.get_global_transform_with_canvas() * local


## Real mouse input on the panel (not its signals): a drag from one room's
## output port to another's input port connects them, a drag of a room's
## title bar moves it (one undoable step, saved in editor_positions), a
## right-click on the connection opens its mode menu.
func _mouse() -> void:
	var path := "res://mouse_graph.tres"
	ResourceSaver.save(ClassDB.instantiate("LevelGraph"), path)
	var graph: Resource = load(path)
	EditorInterface.edit_resource(graph)
	await _frames(3)
	var panel: Control = EditorInterface.get_base_control().find_children("LevelGraphEditor", "", true, false)[0]
	panel.graph_edit.zoom = 1.0
	panel.add_room(PackedStringArray(["start"]), "a")
	panel.add_room(PackedStringArray(), "b")
	panel.move_rooms({0: Vector2(10, 60), 1: Vector2(180, 90)})
	panel.graph_edit.scroll_offset = Vector2.ZERO
	await _frames(3)
	var a: GraphNode = panel.get_room_node(0)
	var b: GraphNode = panel.get_room_node(1)
	var area: Rect2 = panel.graph_edit.get_global_rect()
	# Below the graph's own toolbar (zoom buttons) at its top left.
	area = area.grow_side(SIDE_TOP, -50)
	if not _check(area.size.x > 250 and area.size.y > 150 and area.has_point(_port(a, true)) and area.has_point(_port(b, false)), "mouse: the graph area (%s) shows both rooms' ports (%s, %s)" % [area, _port(a, true), _port(b, false)]):
		return
	await _drag(_port(a, true), _port(b, false))
	_check(_connections(graph).size() == 1 and _connections(graph)[0].x == 0 and _connections(graph)[0].y == 1, "mouse: a drag from room 0's port to room 1's connects them (%s)" % [_connections(graph)])
	var history := _history(graph)
	# A drag on the title bar moves the room (the panel rebuilt its boxes).
	await _frames(2)
	a = panel.get_room_node(0)
	var before: Vector2 = a.position_offset
	var title := a.get_global_transform_with_canvas() * Vector2(a.size.x * 0.5, 8)
	await _drag(title, title + Vector2(30, 40))
	await _frames(2)
	a = panel.get_room_node(0)
	var moved: Vector2 = a.position_offset - before
	_check(moved.distance_to(Vector2(30, 40)) < 1.5, "mouse: dragging room 0's title bar moves it by (30, 40) (%s)" % moved)
	var saved: Vector2 = graph.get_meta("editor_positions", PackedVector2Array())[0]
	_check(saved.is_equal_approx(a.position_offset), "mouse: the new place is in editor_positions (%s)" % saved)
	_check(history.undo() and graph.get_meta("editor_positions")[0].is_equal_approx(before), "mouse: one undo puts the room back")
	_check(history.undo() and _connections(graph).is_empty(), "mouse: the next undo removes the connection")
	_check(history.redo() and _connections(graph).size() == 1, "mouse: redo connects them again")
	await _frames(2)
	# A right-click on the connection opens its mode menu.
	var mid: Vector2 = (_port(panel.get_room_node(0), true) + _port(panel.get_room_node(1), false)) / 2
	_button(mid, MOUSE_BUTTON_RIGHT, true)
	_button(mid, MOUSE_BUTTON_RIGHT, false)
	await _frames(2)
	_check(panel._menu.visible, "mouse: a right-click on the connection opens its menu")
	panel._menu.hide()
