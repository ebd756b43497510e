@tool
extends RefCounted
## The level-graph editor's edits of a LevelGraph, each one undoable action
## of the editor's EditorUndoRedoManager (Ctrl+Z, Ctrl+Shift+Z). An action
## sets the graph's `rooms`, `room_names` and `connections` properties and
## its "editor_positions" metadata (a PackedVector2Array: where each room's
## node sits in the graph editor, saved in the .tres) to their new values,
## and undo sets them back; the graph is the actions' object, so the editor
## marks it changed and saves it with Ctrl+S. Every action ends with
## `emit_changed()` on the graph, which the panel follows to redraw.
##
## Removing a room also removes its connections and renumbers the later
## rooms down by one (room 5 becomes room 4), in `room_names`, the
## connections and the positions alike. An edit the graph refuses (a room
## connected to itself, two rooms already connected, a room that does not
## exist) makes no action and returns false; `message` says why.

const POSITIONS := &"editor_positions"
const MODE_NAMES: PackedStringArray = ["default", "direct", "corridor"]

## Why the last refused edit was refused ("" after an edit that was made).
var message := ""

var _undo_redo: EditorUndoRedoManager


func _init(undo_redo: EditorUndoRedoManager) -> void:
	_undo_redo = undo_redo


static func is_graph(object: Object) -> bool:
	return object != null and is_instance_valid(object) and object.is_class("LevelGraph")


## Where room `i`'s node goes when the graph stores no position for it: a
## row of five, then the next row.
static func default_position(i: int) -> Vector2:
	return Vector2(40 + (i % 5) * 240, 40 + (i / 5) * 170)


## The rooms' node positions: the "editor_positions" metadata, cut or
## padded (default_position) to the number of rooms.
static func positions(graph: Resource) -> PackedVector2Array:
	var stored: Variant = graph.get_meta(POSITIONS, PackedVector2Array())
	var out := PackedVector2Array(stored) if stored is PackedVector2Array else PackedVector2Array()
	var n: int = graph.get_room_count()
	if out.size() > n:
		out.resize(n)
	while out.size() < n:
		out.append(default_position(out.size()))
	return out


## "start, boss" (commas or spaces) as tags, without empty ones or repeats.
static func parse_tags(text: String) -> PackedStringArray:
	var tags := PackedStringArray()
	for part in text.replace(",", " ").split(" ", false):
		var tag := part.strip_edges()
		if not tag.is_empty() and not tags.has(tag):
			tags.append(tag)
	return tags


## A copy of everything an action may change.
static func state(graph: Resource) -> Dictionary:
	var rooms: Array[PackedStringArray] = []
	for tags in graph.rooms:
		rooms.append(PackedStringArray(tags))
	var connections: Array[Vector3i] = []
	connections.assign(graph.connections)
	return {
		rooms = rooms,
		room_names = PackedStringArray(graph.room_names),
		connections = connections,
		positions = positions(graph),
	}


## Adds a room with `tags` and `name` at `position` (graph editor
## coordinates; the default place when null). Returns its number, -1 if
## refused.
func add_room(graph: Resource, tags := PackedStringArray(), name := "", position: Variant = null) -> int:
	if not _check_graph(graph):
		return -1
	var s := state(graph)
	var room: int = s.rooms.size()
	s.rooms.append(tags)
	if not name.is_empty():
		s.room_names.resize(room + 1)
		s.room_names[room] = name
	s.positions.append(position if position is Vector2 else default_position(room))
	_commit(graph, "add room %d" % room, s)
	return room


## Removes `rooms` (room numbers), their connections, and renumbers the
## rooms after them.
func remove_rooms(graph: Resource, rooms: Array) -> bool:
	if not _check_graph(graph):
		return false
	var s := state(graph)
	var n: int = s.rooms.size()
	var gone := {}
	for r in rooms:
		if int(r) < 0 or int(r) >= n:
			return _refuse("room %d does not exist (rooms 0..%d)" % [r, n - 1])
		gone[int(r)] = true
	if gone.is_empty():
		return _refuse("no room selected")
	var new_index := PackedInt32Array()
	var kept_rooms: Array[PackedStringArray] = []
	var kept_names := PackedStringArray()
	var kept_positions := PackedVector2Array()
	for i in n:
		if gone.has(i):
			new_index.append(-1)
			continue
		new_index.append(kept_rooms.size())
		kept_rooms.append(s.rooms[i])
		kept_positions.append(s.positions[i])
		if i < s.room_names.size():
			kept_names.append(s.room_names[i])
	# Names past the rooms (a longer room_names) are kept as they were.
	for i in range(n, s.room_names.size()):
		kept_names.append(s.room_names[i])
	while not kept_names.is_empty() and kept_names[kept_names.size() - 1].is_empty():
		kept_names.resize(kept_names.size() - 1)
	var kept_connections: Array[Vector3i] = []
	for c in s.connections:
		var a: int = new_index[c.x] if c.x >= 0 and c.x < n else c.x
		var b: int = new_index[c.y] if c.y >= 0 and c.y < n else c.y
		if a >= 0 and b >= 0:
			kept_connections.append(Vector3i(a, b, c.z))
	s.rooms = kept_rooms
	s.room_names = kept_names
	s.positions = kept_positions
	s.connections = kept_connections
	var keys := PackedStringArray()
	for i in n:
		if gone.has(i):
			keys.append(str(i))
	_commit(graph, "remove room%s %s" % ["s" if keys.size() > 1 else "", ", ".join(keys)], s)
	return true


func set_room_tags(graph: Resource, room: int, tags: PackedStringArray) -> bool:
	if not _check_room(graph, room):
		return false
	var s := state(graph)
	if s.rooms[room] == tags:
		return _refuse("")
	s.rooms[room] = tags
	_commit(graph, "tags of room %d" % room, s)
	return true


func set_room_name(graph: Resource, room: int, name: String) -> bool:
	if not _check_room(graph, room):
		return false
	var s := state(graph)
	if String(graph.get_room_name(room)) == name:
		return _refuse("")
	if s.room_names.size() <= room:
		s.room_names.resize(room + 1)
	s.room_names[room] = name
	_commit(graph, "name of room %d" % room, s)
	return true


## Connects rooms `a` and `b` (mode: LevelGraph.CONNECTION_*).
func connect_rooms(graph: Resource, a: int, b: int, mode := 0) -> bool:
	if not _check_room(graph, a) or not _check_room(graph, b):
		return false
	if a == b:
		return _refuse("room %d cannot be connected to itself" % a)
	if graph.are_connected(a, b):
		return _refuse("rooms %d and %d are already connected" % [a, b])
	if mode < 0 or mode >= MODE_NAMES.size():
		return _refuse("no connection mode %d" % mode)
	var s := state(graph)
	s.connections.append(Vector3i(a, b, mode))
	_commit(graph, "connect %d–%d" % [a, b], s)
	return true


func disconnect_rooms(graph: Resource, a: int, b: int) -> bool:
	if not _check_graph(graph):
		return false
	var s := state(graph)
	var k := find_connection(s.connections, a, b)
	if k < 0:
		return _refuse("rooms %d and %d are not connected" % [a, b])
	s.connections.remove_at(k)
	_commit(graph, "disconnect %d–%d" % [a, b], s)
	return true


## Sets how the connection between `a` and `b` is realised
## (LevelGraph.CONNECTION_DEFAULT, _DIRECT or _CORRIDOR).
func set_connection_mode(graph: Resource, a: int, b: int, mode: int) -> bool:
	if not _check_graph(graph):
		return false
	if mode < 0 or mode >= MODE_NAMES.size():
		return _refuse("no connection mode %d" % mode)
	var s := state(graph)
	var k := find_connection(s.connections, a, b)
	if k < 0:
		return _refuse("rooms %d and %d are not connected" % [a, b])
	var c: Vector3i = s.connections[k]
	if c.z == mode:
		return _refuse("")
	s.connections[k] = Vector3i(c.x, c.y, mode)
	_commit(graph, "connection %d–%d: %s" % [a, b, MODE_NAMES[mode]], s)
	return true


## Moves room nodes: `moved` maps room numbers to positions.
func move_rooms(graph: Resource, moved: Dictionary) -> bool:
	if not _check_graph(graph):
		return false
	var s := state(graph)
	var changed := false
	for room in moved:
		if int(room) >= 0 and int(room) < s.positions.size() and s.positions[int(room)] != moved[room]:
			s.positions[int(room)] = moved[room]
			changed = true
	if not changed:
		return _refuse("")
	_commit(graph, "move room%s" % ("s" if moved.size() > 1 else ""), s)
	return true


## The number of the connection between `a` and `b` (either order), or -1.
static func find_connection(connections: Array, a: int, b: int) -> int:
	for k in connections.size():
		var c: Vector3i = connections[k]
		if (c.x == a and c.y == b) or (c.x == b and c.y == a):
			return k
	return -1


func _commit(graph: Resource, what: String, new_state: Dictionary) -> void:
	message = ""
	var old := state(graph)
	_undo_redo.create_action("Level graph: " + what, UndoRedo.MERGE_DISABLE, graph)
	for key in ["rooms", "room_names", "connections"]:
		if new_state[key] != old[key]:
			_undo_redo.add_do_property(graph, key, new_state[key])
			_undo_redo.add_undo_property(graph, key, old[key])
	_undo_redo.add_do_method(graph, "set_meta", POSITIONS, new_state.positions)
	_undo_redo.add_undo_method(graph, "set_meta", POSITIONS, old.positions)
	_undo_redo.add_do_method(graph, "emit_changed")
	_undo_redo.add_undo_method(graph, "emit_changed")
	_undo_redo.commit_action()


func _check_graph(graph: Resource) -> bool:
	return is_graph(graph) or _refuse("no LevelGraph is open")


func _check_room(graph: Resource, room: int) -> bool:
	if not _check_graph(graph):
		return false
	if room < 0 or room >= graph.get_room_count():
		return _refuse("room %d does not exist (%d rooms)" % [room, graph.get_room_count()])
	return true


func _refuse(why: String) -> bool:
	message = why
	return false
