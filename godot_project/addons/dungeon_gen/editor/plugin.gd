@tool
extends EditorPlugin
## The dungeon_gen editor plugin (Project > Project Settings > Plugins >
## "Dungeon Gen"): adds the Generate, New seed, Bake and Clear buttons to the
## Inspector of every DungeonLevel2D and DungeonLevel3D, with a live preview
## that follows their settings (level_preview.gd), and the "Level Graph" bottom panel
## (graph_editor/graph_panel.gd), which opens when a LevelGraph resource
## (or a GraphLayoutGenerator with a graph) is edited.

const LevelActions := preload("level_actions.gd")
const LevelInspector := preload("level_inspector.gd")
const LevelPreview := preload("level_preview.gd")
const GraphPanel := preload("graph_editor/graph_panel.gd")

var _inspector: EditorInspectorPlugin
var _preview: Node
var _graph_panel: Control


func _enter_tree() -> void:
	var actions := LevelActions.new(get_undo_redo())
	_preview = LevelPreview.new(actions)
	add_child(_preview)
	_inspector = LevelInspector.new()
	_inspector.actions = actions
	_inspector.preview = _preview
	add_inspector_plugin(_inspector)
	_graph_panel = GraphPanel.new(get_undo_redo())
	add_control_to_bottom_panel(_graph_panel, "Level Graph")


func _exit_tree() -> void:
	if _inspector:
		remove_inspector_plugin(_inspector)
		_inspector = null
	if _preview:
		_preview.queue_free()
		_preview = null
	if _graph_panel:
		remove_control_from_bottom_panel(_graph_panel)
		_graph_panel.queue_free()
		_graph_panel = null


## The panel (for tools and tests).
func get_graph_panel() -> Control:
	return _graph_panel


## The Inspector's live preview (level_preview.gd; for tools and tests).
func get_level_preview() -> Node:
	return _preview


func _handles(object: Object) -> bool:
	if object == null:
		return false
	if object.is_class("LevelGraph"):
		return true
	return object.is_class("GraphLayoutGenerator") and object.graph != null


func _edit(object: Object) -> void:
	if _graph_panel == null or object == null:
		return
	if object.is_class("LevelGraph"):
		# Keep the generator's templates when its own graph is opened.
		var gen: Resource = _graph_panel.generator
		_graph_panel.edit_graph(object, gen if gen != null and gen.graph == object else null)
	elif object.is_class("GraphLayoutGenerator") and object.graph != null:
		_graph_panel.edit_graph(object.graph, object)


## The editor saves (Ctrl+S, Save All, running the game): the edited
## level graph too, when it changed.
func _save_external_data() -> void:
	if _graph_panel:
		_graph_panel.save_changes()


## Closing the editor (or the project) with an edited level graph not yet
## saved asks to save it.
func _get_unsaved_status(for_scene: String) -> String:
	if for_scene.is_empty() and _graph_panel:
		var paths: PackedStringArray = _graph_panel.unsaved_paths()
		if not paths.is_empty():
			return "Save changes to the level graph%s %s before closing?" % ["s" if paths.size() > 1 else "", ", ".join(paths)]
	return ""


func _make_visible(visible: bool) -> void:
	if visible and _graph_panel:
		make_bottom_panel_item_visible(_graph_panel)
