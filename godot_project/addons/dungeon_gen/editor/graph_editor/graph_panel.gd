@tool
extends VBoxContainer
## The "Level Graph" bottom panel: a LevelGraph drawn on a GraphEdit, one
## GraphNode per room (title: number and name; a name and a tags field),
## its connections between them, and beside it a live layout preview. A
## room tagged start has a green title, one tagged boss or end a red one.
##
## - Open… picks a LevelGraph of the project (opening one in the
##   FileSystem dock or the Inspector does the same).
## - Add room (button); Remove selected (button or Delete) removes the
##   selected rooms with their connections and renumbers the rooms after
##   them.
## - Drag from a room's port to another's to connect them; drag a
##   connection's end off its port to disconnect. Right-click a connection
##   for its mode (default, direct, corridor) or to disconnect; a
##   connection that is not default carries a "direct" or "corridor" label.
## - Drag rooms to arrange them: positions are saved in the graph's
##   "editor_positions" metadata, in the .tres.
## - Every edit is an undoable action (graph_actions.gd): Ctrl+Z undoes it.
## - The preview lays the graph out after each edit, with the templates
##   of the GraphLayoutGenerator it was opened from or picked under
##   Templates, or the built-in demo templates; when it fails the
##   error shows under it and the rooms and connections it names are
##   tinted red in the graph.
##
## The functions below the "Edits" heading are what the buttons, the
## fields and the graph's signals call; the tests call them too.

const GraphActions := preload("graph_actions.gd")
const LayoutPreview := preload("layout_preview.gd")
const MENU_DISCONNECT := 10
const HIGHLIGHT := Color(1.0, 0.45, 0.42)

## The LevelGraph being edited (null: none).
var graph: Resource
## The GraphLayoutGenerator whose templates the preview uses (null: the
## built-in demo templates).
var generator: Resource
var actions: GraphActions
var graph_edit: GraphEdit
var preview: LayoutPreview
## Rooms and connections (Vector2i(a, b)) the last failed layout names.
var highlighted_rooms := PackedInt32Array()
var highlighted_connections: Array[Vector2i] = []
## Preview after every edit (off in tests that drive it by hand).
var auto_preview := true

## Whether the graph on display changed since it was opened or saved
## (save_changes).
var unsaved := false
## Every graph opened here with edits not yet saved (graph -> true): a
## graph edited, then left for another, is still saved by save_changes.
var _unsaved_graphs := {}

var _title: Label
var _status: Label
var _overlay: Control
var _menu: PopupMenu
var _menu_connection := Vector2i(-1, -1)
var _refresh_queued := false
var _rebuilding := false
var _preview_timer: Timer


func _init(undo_redo: EditorUndoRedoManager = null) -> void:
	name = "LevelGraphEditor"
	custom_minimum_size = Vector2(0, 280)
	if undo_redo != null:
		actions = GraphActions.new(undo_redo)
	var bar := HBoxContainer.new()
	bar.name = "Toolbar"
	_title = Label.new()
	_title.name = "Title"
	_title.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	_title.clip_text = true
	bar.add_child(_title)
	var open := Button.new()
	open.name = "Open"
	open.text = "Open…"
	open.tooltip_text = "Pick a LevelGraph resource of the project to edit."
	open.pressed.connect(_on_open_pressed)
	bar.add_child(open)
	var add := Button.new()
	add.name = "AddRoom"
	add.text = "Add room"
	add.pressed.connect(func() -> void: add_room())
	bar.add_child(add)
	var templates := MenuButton.new()
	templates.name = "Templates"
	templates.text = "Templates"
	templates.flat = false
	templates.tooltip_text = "Which room templates the preview lays the graph out with."
	templates.get_popup().add_item("Built-in demo templates", 0)
	templates.get_popup().add_item("A GraphLayoutGenerator's…", 1)
	templates.get_popup().id_pressed.connect(_on_templates_id_pressed)
	bar.add_child(templates)
	var remove := Button.new()
	remove.name = "RemoveRooms"
	remove.text = "Remove selected"
	remove.tooltip_text = "Removes the selected rooms and their connections; the rooms after them are renumbered."
	remove.pressed.connect(func() -> void: remove_selected())
	bar.add_child(remove)
	add_child(bar)

	var split := HSplitContainer.new()
	split.size_flags_vertical = Control.SIZE_EXPAND_FILL
	graph_edit = GraphEdit.new()
	graph_edit.name = "Graph"
	graph_edit.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	graph_edit.right_disconnects = true
	graph_edit.minimap_enabled = false
	graph_edit.connection_request.connect(_on_connection_request)
	graph_edit.disconnection_request.connect(_on_disconnection_request)
	graph_edit.delete_nodes_request.connect(_on_delete_nodes_request)
	graph_edit.end_node_move.connect(_on_end_node_move)
	graph_edit.popup_request.connect(_on_popup_request)
	graph_edit.scroll_offset_changed.connect(func(_o: Vector2) -> void: _overlay.queue_redraw())
	split.add_child(graph_edit)
	_overlay = Control.new()
	_overlay.name = "ModeLabels"
	_overlay.mouse_filter = Control.MOUSE_FILTER_IGNORE
	_overlay.set_anchors_preset(Control.PRESET_FULL_RECT)
	_overlay.draw.connect(_draw_overlay)
	graph_edit.add_child(_overlay)
	preview = LayoutPreview.new()
	preview.finished.connect(_on_preview_finished)
	split.add_child(preview)
	add_child(split)

	_status = Label.new()
	_status.name = "Status"
	_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	add_child(_status)

	_menu = PopupMenu.new()
	_menu.name = "ConnectionMenu"
	for mode in GraphActions.MODE_NAMES.size():
		_menu.add_radio_check_item(GraphActions.MODE_NAMES[mode].capitalize(), mode)
	_menu.add_separator()
	_menu.add_item("Disconnect", MENU_DISCONNECT)
	_menu.id_pressed.connect(_on_menu_id_pressed)
	add_child(_menu)

	_preview_timer = Timer.new()
	_preview_timer.one_shot = true
	_preview_timer.wait_time = 0.3
	_preview_timer.timeout.connect(run_preview)
	add_child(_preview_timer)
	_update_title()


## Opens `level_graph` (a LevelGraph; null closes it), laying it out with
## `layout_generator`'s templates (a GraphLayoutGenerator, or null).
func edit_graph(level_graph: Resource, layout_generator: Resource = null) -> void:
	if graph != null and graph.changed.is_connected(_queue_refresh):
		graph.changed.disconnect(_queue_refresh)
	var other := level_graph != graph
	graph = level_graph if GraphActions.is_graph(level_graph) else null
	generator = layout_generator
	if other:
		# Another graph's rooms are not the selected ones.
		for node in room_nodes():
			node.selected = false
	highlighted_rooms = PackedInt32Array()
	highlighted_connections.clear()
	unsaved = _unsaved_graphs.has(graph)
	if graph != null:
		graph.changed.connect(_queue_refresh)
	refresh()
	if auto_preview:
		run_preview()


## Rebuilds the graph's nodes and connections from the resource.
func refresh() -> void:
	_refresh_queued = false
	_rebuilding = true
	var selected := {}
	for node in room_nodes():
		if node.selected:
			selected[node.name] = true
		graph_edit.remove_child(node)
		node.queue_free()
	graph_edit.clear_connections()
	_rebuilding = false
	_update_title()
	if graph == null:
		_overlay.queue_redraw()
		return
	var positions := GraphActions.positions(graph)
	for i in graph.get_room_count():
		var node := _make_room_node(i, positions[i])
		graph_edit.add_child(node)
		node.selected = selected.has(node.name)
	for c in graph.connections:
		var n: int = graph.get_room_count()
		if c.x >= 0 and c.x < n and c.y >= 0 and c.y < n and c.x != c.y:
			graph_edit.connect_node(_node_name(mini(c.x, c.y)), 0, _node_name(maxi(c.x, c.y)), 0)
	_apply_highlight()


## The room nodes, in room order.
func room_nodes() -> Array[GraphNode]:
	var nodes: Array[GraphNode] = []
	for child in graph_edit.get_children():
		if child is GraphNode:
			nodes.append(child)
	return nodes


func get_room_node(room: int) -> GraphNode:
	return graph_edit.get_node_or_null(NodePath(_node_name(room))) as GraphNode


## The numbers of the selected rooms.
func selected_rooms() -> Array[int]:
	var rooms: Array[int] = []
	for node in room_nodes():
		if node.selected:
			rooms.append(_room_of(node.name))
	return rooms


## The status line's text (what the last edit did, or why it was refused).
func get_status() -> String:
	return _status.text


# --- Edits (what the buttons and the graph's signals call) ---


func add_room(tags := PackedStringArray(), room_name := "") -> int:
	if not _ready_to_edit():
		return -1
	# A new room goes right of the rightmost one.
	var at := GraphActions.default_position(graph.get_room_count())
	var positions := GraphActions.positions(graph)
	if not positions.is_empty():
		var right := positions[0]
		for p in positions:
			if p.x > right.x:
				right = p
		at = right + Vector2(240, 0)
	var room := actions.add_room(graph, tags, room_name, at)
	return room if _done(room >= 0, "Added room %d." % room) else -1


func remove_rooms(rooms: Array) -> bool:
	return _ready_to_edit() and _done(actions.remove_rooms(graph, rooms), "Removed room(s) %s; later rooms renumbered." % [rooms])


func remove_selected() -> bool:
	return remove_rooms(selected_rooms())


## Sets room `room`'s tags from text ("start, boss": commas or spaces).
func set_room_tags_text(room: int, text: String) -> bool:
	return _ready_to_edit() and _done(actions.set_room_tags(graph, room, GraphActions.parse_tags(text)), "Tags of room %d set." % room)


func set_room_name(room: int, room_name: String) -> bool:
	return _ready_to_edit() and _done(actions.set_room_name(graph, room, room_name.strip_edges()), "Room %d renamed." % room)


func connect_rooms(a: int, b: int, mode := 0) -> bool:
	return _ready_to_edit() and _done(actions.connect_rooms(graph, a, b, mode), "Connected rooms %d and %d." % [a, b])


func disconnect_rooms(a: int, b: int) -> bool:
	return _ready_to_edit() and _done(actions.disconnect_rooms(graph, a, b), "Disconnected rooms %d and %d." % [a, b])


func set_connection_mode(a: int, b: int, mode: int) -> bool:
	return _ready_to_edit() and _done(actions.set_connection_mode(graph, a, b, mode), "Connection %d–%d: %s." % [a, b, GraphActions.MODE_NAMES[clampi(mode, 0, 2)]])


## Moves room nodes (room number -> position) as one action.
func move_rooms(moved: Dictionary) -> bool:
	return _ready_to_edit() and _done(actions.move_rooms(graph, moved), "Moved.")


## Lays the preview out with `layout_generator`'s templates (a
## GraphLayoutGenerator; null: the built-in demo templates). The generator
## is not changed: the preview uses a copy with the edited graph.
func set_preview_generator(layout_generator: Resource) -> void:
	if layout_generator != null and not layout_generator.is_class("GraphLayoutGenerator"):
		return
	generator = layout_generator
	_update_title()
	if auto_preview:
		run_preview()


## Lays the graph out now (the preview also runs 0.3 s after each edit).
func run_preview() -> void:
	_preview_timer.stop()
	preview.request(graph, generator)


# --- Signals ---


func _on_open_pressed() -> void:
	EditorInterface.popup_quick_open(func(path: String) -> void:
		if not path.is_empty():
			EditorInterface.edit_resource(load(path)), ["LevelGraph"])


func _on_templates_id_pressed(id: int) -> void:
	if id == 0:
		set_preview_generator(null)
	else:
		EditorInterface.popup_quick_open(func(path: String) -> void:
			if not path.is_empty():
				set_preview_generator(load(path)), ["GraphLayoutGenerator"])


func _on_connection_request(from: StringName, _from_port: int, to: StringName, _to_port: int) -> void:
	connect_rooms(_room_of(from), _room_of(to))


func _on_disconnection_request(from: StringName, _from_port: int, to: StringName, _to_port: int) -> void:
	disconnect_rooms(_room_of(from), _room_of(to))


func _on_delete_nodes_request(nodes: Array[StringName]) -> void:
	var rooms: Array[int] = []
	for n in nodes:
		rooms.append(_room_of(n))
	remove_rooms(rooms)


func _on_end_node_move() -> void:
	if graph == null:
		return
	var positions := GraphActions.positions(graph)
	var moved := {}
	for node in room_nodes():
		var room := _room_of(node.name)
		if room >= 0 and room < positions.size() and positions[room] != node.position_offset:
			moved[room] = node.position_offset
	if not moved.is_empty():
		move_rooms(moved)


func _on_popup_request(at: Vector2) -> void:
	if graph == null:
		return
	var hit: Dictionary = graph_edit.get_closest_connection_at_point(at, 10.0)
	if hit.is_empty():
		return
	var a := _room_of(hit.from_node)
	var b := _room_of(hit.to_node)
	var k := GraphActions.find_connection(graph.connections, a, b)
	if k < 0:
		return
	_menu_connection = Vector2i(a, b)
	var mode: int = graph.connections[k].z
	for m in GraphActions.MODE_NAMES.size():
		_menu.set_item_checked(_menu.get_item_index(m), m == mode)
	_menu.position = Vector2i(graph_edit.get_screen_position() + at)
	_menu.reset_size()
	_menu.popup()


func _on_menu_id_pressed(id: int) -> void:
	var c := _menu_connection
	if id == MENU_DISCONNECT:
		disconnect_rooms(c.x, c.y)
	else:
		set_connection_mode(c.x, c.y, id)


func _on_preview_finished(error: String) -> void:
	highlighted_rooms = PackedInt32Array()
	highlighted_connections.clear()
	if not error.is_empty() and graph != null:
		var named := named_in(error, graph.get_room_count(), graph.connections)
		highlighted_rooms = named.rooms
		highlighted_connections = named.connections
	_apply_highlight()


## The rooms ("room 3", "graph.rooms[3]") and connections ("[2, 5]") an
## error message names, among `room_count` rooms:
## {rooms: PackedInt32Array, connections: Array[Vector2i]}. A connection's
## rooms count as named too. Corridor pieces (numbers past the graph's
## rooms) are left out. A loop ("the loop room 1 – room 2 – room 4 ...")
## also names its connections, those of `graph_connections` (the graph's
## Vector3i list) between rooms next to each other on it.
static func named_in(message: String, room_count: int, graph_connections: Array = []) -> Dictionary:
	var rooms := PackedInt32Array()
	var connections: Array[Vector2i] = []
	var pair := RegEx.create_from_string("\\[(-?\\d+), (-?\\d+)\\]")
	for m in pair.search_all(message):
		var a := int(m.get_string(1))
		var b := int(m.get_string(2))
		if a >= 0 and a < room_count and b >= 0 and b < room_count:
			connections.append(Vector2i(a, b))
			for r in [a, b]:
				if not rooms.has(r):
					rooms.append(r)
	var single := RegEx.create_from_string("\\brooms?(?:\\[| )(\\d+)")
	for m in single.search_all(message):
		var r := int(m.get_string(1))
		if r < room_count and not rooms.has(r):
			rooms.append(r)
	var loop_at := message.find("the loop ")
	if loop_at >= 0:
		var on_loop := PackedInt32Array()
		for m in single.search_all(message.substr(loop_at)):
			var r := int(m.get_string(1))
			if r < room_count:
				on_loop.append(r)
		for k in on_loop.size():
			var a := on_loop[k]
			var b := on_loop[(k + 1) % on_loop.size()]
			var edge := Vector2i(a, b)
			if a != b and not connections.has(edge) and not connections.has(Vector2i(b, a)) \
					and GraphActions.find_connection(graph_connections, a, b) >= 0:
				connections.append(edge)
	return {rooms = rooms, connections = connections}


# --- Helpers ---


func _make_room_node(i: int, at: Vector2) -> GraphNode:
	var node := GraphNode.new()
	node.name = _node_name(i)
	var room_name := String(graph.get_room_name(i))
	node.title = "%d" % i if room_name.is_empty() else "%d · %s" % [i, room_name]
	node.position_offset = at
	node.custom_minimum_size = Vector2(170, 0)
	var name_edit := LineEdit.new()
	name_edit.name = "Name"
	name_edit.placeholder_text = "name"
	name_edit.text = room_name
	name_edit.text_submitted.connect(func(text: String) -> void: set_room_name(i, text))
	name_edit.focus_exited.connect(func() -> void:
		if not _rebuilding and graph != null and i < graph.get_room_count() and name_edit.text.strip_edges() != String(graph.get_room_name(i)):
			set_room_name(i, name_edit.text))
	node.add_child(name_edit)
	var tags_edit := LineEdit.new()
	tags_edit.name = "Tags"
	tags_edit.placeholder_text = "tags: start, boss..."
	tags_edit.text = ", ".join(graph.get_room_tags(i))
	tags_edit.tooltip_text = "Tags, separated by commas or spaces. A room may use the templates carrying all its tags."
	tags_edit.text_submitted.connect(func(text: String) -> void: set_room_tags_text(i, text))
	tags_edit.focus_exited.connect(func() -> void:
		if not _rebuilding and graph != null and i < graph.get_room_count() and GraphActions.parse_tags(tags_edit.text) != graph.get_room_tags(i):
			set_room_tags_text(i, tags_edit.text))
	node.add_child(tags_edit)
	# The start room's title green, the end room's (boss or end) red.
	var tags: PackedStringArray = graph.get_room_tags(i)
	var title_color := Color(0.5, 0.95, 0.5) if tags.has("start") else (Color(1.0, 0.5, 0.45) if tags.has("boss") or tags.has("end") else Color(0, 0, 0, 0))
	if title_color.a > 0:
		for label in node.get_titlebar_hbox().get_children():
			if label is Label:
				label.add_theme_color_override("font_color", title_color)
	var port := Color(0.55, 0.75, 1.0)
	node.set_slot(0, true, 0, port, true, 0, port)
	node.position_offset_changed.connect(_overlay.queue_redraw)
	return node


func _apply_highlight() -> void:
	for node in room_nodes():
		node.self_modulate = HIGHLIGHT if highlighted_rooms.has(_room_of(node.name)) else Color.WHITE
	for c in graph_edit.get_connection_list():
		graph_edit.set_connection_activity(c.from_node, c.from_port, c.to_node, c.to_port, 0.0)
	for c in highlighted_connections:
		var a := _node_name(mini(c.x, c.y))
		var b := _node_name(maxi(c.x, c.y))
		if graph_edit.is_node_connected(a, 0, b, 0):
			graph_edit.set_connection_activity(a, 0, b, 0, 1.0)
	_overlay.queue_redraw()


## "direct" / "corridor" at the middle of each connection that is not
## default.
func _draw_overlay() -> void:
	if graph == null:
		return
	var font := _overlay.get_theme_default_font()
	var font_size := 13
	for c in graph.connections:
		if c.z <= 0 or c.z >= GraphActions.MODE_NAMES.size():
			continue
		var from := get_room_node(mini(c.x, c.y))
		var to := get_room_node(maxi(c.x, c.y))
		if from == null or to == null or from.get_output_port_count() == 0 or to.get_input_port_count() == 0:
			continue
		var p := from.position + from.get_output_port_position(0) * from.scale
		var q := to.position + to.get_input_port_position(0) * to.scale
		var mid := (p + q) / 2
		var text: String = GraphActions.MODE_NAMES[c.z]
		var box := font.get_string_size(text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size) + Vector2(8, 4)
		var rect := Rect2(mid - box / 2, box)
		_overlay.draw_rect(rect, Color(0.1, 0.1, 0.12, 0.9))
		_overlay.draw_rect(rect, Color(0.9, 0.75, 0.3) if c.z == 2 else Color(0.6, 0.85, 1.0), false, 1.0)
		_overlay.draw_string(font, rect.position + Vector2(4, box.y - 6), text, HORIZONTAL_ALIGNMENT_LEFT, -1, font_size)


func _update_title() -> void:
	if graph == null:
		_title.text = "No LevelGraph open: double-click a LevelGraph .tres in the FileSystem dock (or a GraphLayoutGenerator with a graph)."
		return
	var where: String = graph.resource_path if not graph.resource_path.is_empty() else "unsaved LevelGraph"
	var templates := "demo templates" if generator == null else "templates of %s" % (generator.resource_path if not generator.resource_path.is_empty() else "the generator")
	_title.text = "%s — %d rooms, %d connections; preview with the %s" % [where, graph.get_room_count(), graph.get_connection_count(), templates]


## Writes the graph to its .tres when it changed (a graph inside a scene
## or another resource is saved with it instead). The plugin calls it when
## the editor saves (Ctrl+S, Save All, before running the game).
func save_changes() -> bool:
	var ok := true
	for edited in _unsaved_graphs.keys():
		var path: String = edited.resource_path
		if path.begins_with("res://") and not path.contains("::"):
			var err := ResourceSaver.save(edited, path)
			if err != OK:
				_status.text = "Could not save %s: %s" % [path, error_string(err)]
				ok = false
				continue
		_unsaved_graphs.erase(edited)
	unsaved = _unsaved_graphs.has(graph)
	return ok


## The paths of the graphs with unsaved edits.
func unsaved_paths() -> PackedStringArray:
	var paths := PackedStringArray()
	for edited in _unsaved_graphs:
		paths.append(edited.resource_path)
	return paths


func _queue_refresh() -> void:
	unsaved = true
	_unsaved_graphs[graph] = true
	if not _refresh_queued:
		_refresh_queued = true
		_refresh_and_preview.call_deferred()


func _refresh_and_preview() -> void:
	if not _refresh_queued:
		return
	refresh()
	if auto_preview and is_inside_tree():
		_preview_timer.start()


func _ready_to_edit() -> bool:
	if graph == null or actions == null:
		_status.text = "Open a LevelGraph first."
		return false
	return true


## Shows what an edit did, or why it was refused (nothing for a no-op).
func _done(ok: bool, what: String) -> bool:
	if ok:
		_status.text = what
	elif not actions.message.is_empty():
		_status.text = "Refused: " + actions.message
	return ok


static func _node_name(room: int) -> String:
	return "room_%d" % room


static func _room_of(node_name: StringName) -> int:
	var s := String(node_name)
	return int(s.trim_prefix("room_")) if s.begins_with("room_") else -1
