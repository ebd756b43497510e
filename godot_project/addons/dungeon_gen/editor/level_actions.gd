@tool
extends RefCounted
## What the Inspector buttons of a DungeonLevel2D or a DungeonLevel3D do, with undo and redo
## through the editor's EditorUndoRedoManager. Each action returns
## {ok: bool, message: String} for the Inspector's status line; nothing
## throws, a failure is a message (the node's last_error).
##
## - generate: the level of the node's seed and level number, on display as
##   a preview (nodes without an owner: never saved with the scene). Not an
##   undoable action: the scene itself does not change.
## - new_seed: a random seed, then generate; undo restores the old seed (and
##   its preview).
## - bake: (refused after a failed generation) copies the preview into a "Baked" child (a Node2D, or a Node3D for a DungeonLevel3D) whose nodes are
##   owned by the edited scene's root, so they are saved and can be edited by
##   hand; an earlier "Baked" child is replaced; the preview is hidden. Undo
##   puts back what was there.
## - clear: removes the preview and the "Baked" child. Undo brings the baked
##   nodes back and makes the preview again (same seed).

const BAKED := "Baked"

var _undo_redo: EditorUndoRedoManager


func _init(undo_redo: EditorUndoRedoManager) -> void:
	_undo_redo = undo_redo


## Makes the level of `level`'s seed (a new one first with randomize_seed).
func generate(level: Node) -> Dictionary:
	if not _is_level(level):
		return _fail("not a DungeonLevel2D or DungeonLevel3D")
	level.generate()
	return describe(level)


## A random seed (0 to 2^32 - 1, easy to type back), then its level.
func new_seed(level: Node) -> Dictionary:
	if not _is_level(level):
		return _fail("not a DungeonLevel2D or DungeonLevel3D")
	var old_seed: int = level.seed
	var had_preview: bool = level.grid != null
	var new_value := randi()
	_undo_redo.create_action(level.get_class() + ": new seed", UndoRedo.MERGE_DISABLE, level)
	_undo_redo.add_do_method(self, "_generate_with_seed", level, new_value)
	_undo_redo.add_undo_method(self, "_restore_seed", level, old_seed, had_preview)
	_undo_redo.commit_action()
	return describe(level)


## Copies the level on display into a "Baked" child owned by the edited
## scene's root (`root`; the edited scene's by default).
func bake(level: Node, root: Node = null) -> Dictionary:
	if not _is_level(level):
		return _fail("not a DungeonLevel2D or DungeonLevel3D")
	if root == null:
		root = EditorInterface.get_edited_scene_root()
	if root == null or not (level == root or root.is_ancestor_of(level)):
		return _warn("Bake: the node is not in the edited scene")
	if not String(level.last_error).is_empty():
		return _warn("Bake: the last generation failed (%s): fix it and press Generate first" % level.last_error)
	var output: Node = level.get_output()
	if output == null or output.get_child_count() == 0:
		return _warn("Bake: nothing to bake: press Generate first")
	var baked: Node = Node3D.new() if level is Node3D else Node2D.new()
	baked.name = BAKED
	for child in output.get_children():
		var copy := child.duplicate()
		copy.name = child.name
		baked.add_child(copy)
	var old := level.get_node_or_null(BAKED)
	var old_index := old.get_index() if old else -1
	_undo_redo.create_action(level.get_class() + ": bake", UndoRedo.MERGE_DISABLE, level)
	_undo_redo.add_do_method(self, "_swap", level, old, baked, root, -1, false)
	_undo_redo.add_undo_method(self, "_swap", level, baked, old, root, old_index, true)
	_undo_redo.add_do_reference(baked)
	if old:
		_undo_redo.add_undo_reference(old)
	_undo_redo.commit_action()
	return {ok = true, message = "Baked %d nodes into \"%s\" (saved with the scene)." % [_count(baked), BAKED]}


## Removes the level on display and the "Baked" child.
func clear(level: Node, root: Node = null) -> Dictionary:
	if not _is_level(level):
		return _fail("not a DungeonLevel2D or DungeonLevel3D")
	if root == null:
		root = EditorInterface.get_edited_scene_root()
	var old := level.get_node_or_null(BAKED)
	var old_index := old.get_index() if old else -1
	var had_preview: bool = level.grid != null
	var output: Node = level.get_output()
	var preview_shown: bool = output != null and output.visible
	_undo_redo.create_action(level.get_class() + ": clear", UndoRedo.MERGE_DISABLE, level)
	_undo_redo.add_do_method(self, "_swap", level, old, null, root, -1, false)
	_undo_redo.add_do_method(level, "clear")
	_undo_redo.add_undo_method(self, "_swap", level, null, old, root, old_index, preview_shown)
	if had_preview:
		_undo_redo.add_undo_method(self, "_regenerate", level, level.seed, preview_shown)
	if old:
		_undo_redo.add_undo_reference(old)
	_undo_redo.commit_action()
	return {ok = true, message = "Cleared."}


## The status line for `level`: its last error, or what is on display.
func describe(level: Node) -> Dictionary:
	if not _is_level(level):
		return _fail("not a DungeonLevel2D or DungeonLevel3D")
	if not String(level.last_error).is_empty():
		return _fail(level.last_error)
	var grid: Resource = level.grid
	var baked := level.get_node_or_null(BAKED)
	var text := ""
	if grid:
		text = "Level %d, seed %d: %d×%d cells, %d rooms." % [level.level, level.seed, grid.width, grid.height, grid.get_room_count()]
	elif level.generator == null:
		text = "Pick a generator, then press Generate."
	else:
		text = "Press Generate to see the level here (not saved unless baked)."
	if baked:
		text += " Baked: %d nodes." % _count(baked)
	return {ok = true, message = text}


# --- Undo/redo steps (called by the EditorUndoRedoManager) ---


## Replaces `remove` (a child of `level`, or null) by `add` (or nothing), at
## `index` (-1: last); `add`'s nodes get `root` as their owner. The preview
## is shown when `show_preview`, hidden otherwise.
func _swap(level: Node, remove: Node, add: Node, root: Node, index: int, show_preview: bool) -> void:
	if remove and remove.get_parent() == level:
		level.remove_child(remove)
	if add:
		level.add_child(add)
		if index >= 0:
			level.move_child(add, index)
		_own(add, root)
	var output: Node = level.get_output()
	if output:
		output.visible = show_preview


func _generate_with_seed(level: Node, seed_value: int) -> void:
	var randomize: bool = level.randomize_seed
	level.randomize_seed = false
	level.seed = seed_value
	level.generate()
	level.randomize_seed = randomize


func _restore_seed(level: Node, seed_value: int, had_preview: bool) -> void:
	if had_preview:
		_generate_with_seed(level, seed_value)
	else:
		level.seed = seed_value
		level.clear()


func _regenerate(level: Node, seed_value: int, show_preview: bool) -> void:
	_generate_with_seed(level, seed_value)
	var output: Node = level.get_output()
	if output:
		output.visible = show_preview


## Makes `root` the owner of `node` and of its descendants, except inside
## instanced scenes (their nodes belong to the instance).
static func _own(node: Node, root: Node) -> void:
	if node != root:
		node.owner = root
	if node.scene_file_path.is_empty() or node == root:
		for child in node.get_children():
			_own(child, root)


static func _count(node: Node) -> int:
	var n := 0
	for child in node.get_children():
		n += 1 + (_count(child) if child.scene_file_path.is_empty() else 0)
	return n


static func _is_level(object: Object) -> bool:
	return object != null and is_instance_valid(object) and (object.is_class("DungeonLevel2D") or object.is_class("DungeonLevel3D"))


## A failure that the node has not logged: in the Output panel too.
static func _warn(message: String) -> Dictionary:
	push_warning("Dungeon level: " + message)
	return _fail(message)


static func _fail(message: String) -> Dictionary:
	return {ok = false, message = message}
