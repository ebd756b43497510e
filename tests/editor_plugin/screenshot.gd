@tool
extends EditorPlugin
## Test only (tests/check_editor_plugin.sh --screenshot PATH): in the
## editor under Xvfb, opens a scene with a DungeonLevel2D (BspGenerator),
## selects it, presses the Inspector's Generate and saves the editor window
## as a PNG at the path in the DUNGEON_SCREENSHOT environment variable.


func _enter_tree() -> void:
	_run.call_deferred()


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame


func _run() -> void:
	await _frames(10)
	EditorInterface.set_plugin_enabled("dungeon_gen", true)
	var root := Node2D.new()
	root.name = "Main"
	var level: Node = ClassDB.instantiate("DungeonLevel2D")
	level.name = "DungeonLevel2D"
	level.generator = BspGenerator.new()
	level.seed = 7
	level.position = Vector2(40, 40)
	level.scale = Vector2(0.6, 0.6)
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
	EditorInterface.edit_node(level)
	EditorInterface.get_selection().clear()
	EditorInterface.get_selection().add_node(level)
	await _frames(10)
	var buttons := EditorInterface.get_inspector().find_children("Generate", "Button", true, false)
	if buttons.size() == 1:
		buttons[0].pressed.emit()
	await _frames(30)
	var image := EditorInterface.get_base_control().get_viewport().get_texture().get_image()
	var path := OS.get_environment("DUNGEON_SCREENSHOT")
	var err := image.save_png(path)
	print("SCREENSHOT %s: %s (%dx%d)" % [path, error_string(err), image.get_width(), image.get_height()])
	get_tree().quit(0 if err == OK and buttons.size() == 1 else 1)
