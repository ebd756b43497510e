@tool
extends EditorPlugin
## Test only (tests/check_graph_editor.sh --screenshot PATH): in the editor
## under Xvfb, opens a copy of the sample's 11-room level graph with room
## positions and a corridor connection in the Level Graph bottom panel,
## lays it out in the preview and saves the panel (cut from the editor
## window) as a PNG at the
## path in the DUNGEON_SCREENSHOT environment variable.

const SampleGraph := preload("sample_graph.gd")


func _enter_tree() -> void:
	_run.call_deferred()


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame


func _run() -> void:
	await _frames(10)
	EditorInterface.set_plugin_enabled("dungeon_gen", true)
	var graph: Resource = SampleGraph.make("res://level_graph.tres")
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
