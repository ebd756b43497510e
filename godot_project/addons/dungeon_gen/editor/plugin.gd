@tool
extends EditorPlugin
## The dungeon_gen editor plugin (Project > Project Settings > Plugins >
## "Dungeon Gen"): adds the Generate, New seed, Bake and Clear buttons to the
## Inspector of every DungeonLevel2D and DungeonLevel3D.

const LevelActions := preload("level_actions.gd")
const LevelInspector := preload("level_inspector.gd")

var _inspector: EditorInspectorPlugin


func _enter_tree() -> void:
	_inspector = LevelInspector.new()
	_inspector.actions = LevelActions.new(get_undo_redo())
	add_inspector_plugin(_inspector)


func _exit_tree() -> void:
	if _inspector:
		remove_inspector_plugin(_inspector)
		_inspector = null
