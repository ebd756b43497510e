@tool
extends EditorPlugin
## Test only: what the editor-mode checks (plugin.gd, graph_editor.gd) share.
## Once the editor is up it enables the dungeon_gen plugin, runs the check
## script's `_checks()`, prints "CHECK ok: ..." / "CHECK FAIL: ..." lines
## and a total, and quits with status 1 when a check failed.

var _passed := 0
var _failed := 0


func _enter_tree() -> void:
	_run.call_deferred()


## The checks of the script extending this one.
func _checks() -> void:
	pass


func _check(ok: bool, what: String) -> bool:
	if ok:
		_passed += 1
		print("CHECK ok: ", what)
	else:
		_failed += 1
		print("CHECK FAIL: ", what)
	return ok


## A scene at `path` holding a `cls` "Level" set up by `setup`,
## opened in the editor; returns the level node (in the edited scene).
func _open_scene(path: String, setup: Callable, cls := "DungeonLevel2D") -> Node:
	var root: Node = Node3D.new() if cls == "DungeonLevel3D" else Node2D.new()
	root.name = "Main"
	var level: Node = ClassDB.instantiate(cls)
	level.name = "Level"
	setup.call(level)
	root.add_child(level)
	level.owner = root
	var packed := PackedScene.new()
	packed.pack(root)
	ResourceSaver.save(packed, path)
	root.free()
	EditorInterface.open_scene_from_path(path)
	await _frames(3)
	var edited := EditorInterface.get_edited_scene_root()
	if not _check(edited != null and edited.scene_file_path == path, "%s is the edited scene" % path):
		return null
	return edited.get_node("Level")


func _frames(n: int) -> void:
	for i in n:
		await get_tree().process_frame


func _run() -> void:
	var started := Time.get_ticks_msec()
	await _frames(5)
	EditorInterface.set_plugin_enabled("dungeon_gen", true)
	await _frames(2)
	_check(EditorInterface.is_plugin_enabled("dungeon_gen"), "the dungeon_gen plugin is enabled")
	await _checks()
	print("CHECK total: %d passed, %d failed in %d ms" % [_passed, _failed, Time.get_ticks_msec() - started])
	get_tree().quit(1 if _failed else 0)
