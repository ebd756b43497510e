@tool
extends EditorPlugin
## Test only (tests/check_editor_plugin.sh --overview PATH): in the editor
## under Xvfb (1600×900), the whole window with the addon at work: a scene
## whose DungeonLevel2D lays out the sample's 11-room level graph with a
## GraphLayoutGenerator, generated in the 2D view; the node's Inspector
## with its buttons and live preview box; the Level Graph panel open on the
## same graph with its layout preview. Saved as a PNG at the path in the
## DUNGEON_SCREENSHOT environment variable.

const SampleGraph := preload("sample_graph.gd")


func _enter_tree() -> void:
	_run.call_deferred()


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame


func _run() -> void:
	await _frames(10)
	EditorInterface.set_plugin_enabled("dungeon_gen", true)
	var graph := SampleGraph.make("res://level_graph.tres")
	var generator: Resource = ClassDB.instantiate("GraphLayoutGenerator")
	generator.graph = graph
	ResourceSaver.save(generator, "res://level_generator.tres")
	generator = load("res://level_generator.tres")
	var root := Node2D.new()
	root.name = "Main"
	var level: Node = ClassDB.instantiate("DungeonLevel2D")
	level.name = "DungeonLevel2D"
	level.generator = generator
	level.seed = 1
	level.position = Vector2(120, -50)
	level.scale = Vector2(0.34, 0.34)
	root.add_child(level)
	level.owner = root
	var packed := PackedScene.new()
	packed.pack(root)
	root.free()
	ResourceSaver.save(packed, "res://level.tscn")
	EditorInterface.open_scene_from_path("res://level.tscn")
	EditorInterface.set_main_screen_editor("2D")
	await _frames(10)
	level = EditorInterface.get_edited_scene_root().get_node("DungeonLevel2D")
	# The generator first: the plugin opens its graph in the Level Graph
	# panel; then the level node, whose Inspector shows the buttons.
	EditorInterface.edit_resource(level.generator)
	await _frames(5)
	EditorInterface.edit_node(level)
	EditorInterface.get_selection().clear()
	EditorInterface.get_selection().add_node(level)
	await _frames(10)
	var ok := true
	var buttons := EditorInterface.get_inspector().find_children("Generate", "Button", true, false)
	ok = ok and buttons.size() == 1
	if buttons.size() == 1:
		buttons[0].pressed.emit()
	var found := EditorInterface.get_base_control().find_children("LevelGraphEditor", "", true, false)
	ok = ok and found.size() == 1 and found[0].is_visible_in_tree()
	if found.size() == 1:
		var panel: Control = found[0]
		panel.custom_minimum_size = Vector2(0, 330)
		panel.graph_edit.zoom = 0.5
		await _frames(3)
		panel.graph_edit.scroll_offset = Vector2(-10, -20)
		panel.run_preview()
		var until := Time.get_ticks_msec() + 20000
		while panel.preview.is_busy() and Time.get_ticks_msec() < until:
			await _frames(1)
		ok = ok and panel.preview.error.is_empty()
	ok = ok and level.grid != null
	print("SCREENSHOT level: %s, graph panel: %s" % [level.last_error if level.grid == null else "generated", "open" if found.size() == 1 else "missing"])
	await _frames(30)
	var image := EditorInterface.get_base_control().get_viewport().get_texture().get_image()
	var path := OS.get_environment("DUNGEON_SCREENSHOT")
	var err := image.save_png(path)
	print("SCREENSHOT %s: %s (%dx%d)" % [path, error_string(err), image.get_width(), image.get_height()])
	get_tree().quit(0 if err == OK and ok else 1)
