@tool
extends EditorPlugin
## Test only (tests/check_graph_editor.sh --screenshot PATH): in the editor
## under Xvfb, opens a copy of the sample's 11-room level graph with room
## positions and a corridor connection in the Level Graph bottom panel,
## lays it out in the preview and saves the panel (cut from the editor
## window) as a PNG at the
## path in the DUNGEON_SCREENSHOT environment variable.

const POSITIONS := [
	Vector2(0, 195), Vector2(210, 120), Vector2(210, 290), Vector2(420, 195),
	Vector2(630, 110), Vector2(630, 290), Vector2(420, 10), Vector2(1050, 360),
	Vector2(840, 195), Vector2(1040, 195), Vector2(1300, 320),
]


func _enter_tree() -> void:
	_run.call_deferred()


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame


func _run() -> void:
	await _frames(10)
	EditorInterface.set_plugin_enabled("dungeon_gen", true)
	var graph: Resource = ClassDB.instantiate("LevelGraph")
	var tags := [["start"], [], [], [], [], [], ["shop"], ["treasure"], [], [], ["boss"]]
	var names := ["entrance", "guard room", "cellar", "hub", "armoury", "crypt", "shop", "shrine", "bridge", "antechamber", "throne room"]
	for i in tags.size():
		graph.add_room(PackedStringArray(tags[i]))
		graph.set_room_name(i, names[i])
	for c in [[0, 1], [0, 2], [1, 3], [2, 3], [1, 6], [3, 4], [3, 5], [4, 8], [5, 8], [5, 7], [8, 9], [9, 10, 2]]:
		graph.connect_rooms(c[0], c[1], c[2] if c.size() > 2 else 0)
	graph.set_meta("editor_positions", PackedVector2Array(POSITIONS))
	ResourceSaver.save(graph, "res://level_graph.tres")
	graph = load("res://level_graph.tres")
	EditorInterface.edit_resource(graph)
	await _frames(5)
	var found := EditorInterface.get_base_control().find_children("LevelGraphEditor", "", true, false)
	var ok := found.size() == 1
	if ok:
		var panel: Control = found[0]
		# The docks hidden, a tall bottom panel, the graph zoomed to fit
		# beside the preview.
		EditorInterface.distraction_free_mode = true
		panel.custom_minimum_size = Vector2(0, 440)
		panel.graph_edit.zoom = 0.66
		await _frames(3)
		panel.graph_edit.scroll_offset = Vector2(-20, -30)
		panel.get_room_node(3).selected = true
		panel.run_preview()
		var until := Time.get_ticks_msec() + 20000
		while panel.preview.is_busy() and Time.get_ticks_msec() < until:
			await _frames(1)
		ok = panel.preview.error.is_empty()
		print("SCREENSHOT preview: ", panel.preview.error if not ok else "laid out")
	await _frames(30)
	var image := EditorInterface.get_base_control().get_viewport().get_texture().get_image()
	if found.size() == 1:
		# Only the bottom panel and its tab bar.
		var rect := Rect2i(found[0].get_global_rect().grow(6))
		rect.end.y = image.get_height()
		image = image.get_region(rect.intersection(Rect2i(Vector2i.ZERO, image.get_size())))
	var path := OS.get_environment("DUNGEON_SCREENSHOT")
	var err := image.save_png(path)
	print("SCREENSHOT %s: %s (%dx%d)" % [path, error_string(err), image.get_width(), image.get_height()])
	get_tree().quit(0 if err == OK and ok else 1)
