@tool
extends EditorInspectorPlugin
## The buttons at the top of a DungeonLevel2D's (or DungeonLevel3D's) Inspector, the
## "Live preview" box, and a line that says what the last button or preview
## did (or why it failed).

## The LevelActions the buttons call (set by plugin.gd).
var actions: RefCounted
## The live preview (level_preview.gd, set by plugin.gd): it follows the
## level in the Inspector.
var preview: Node


func _can_handle(object: Object) -> bool:
	return object != null and (object.is_class("DungeonLevel2D") or object.is_class("DungeonLevel3D"))


func _parse_begin(object: Object) -> void:
	var box := VBoxContainer.new()
	box.name = "DungeonLevelTools"
	# Two by two: the four fit the narrowest Inspector dock.
	var row := GridContainer.new()
	row.columns = 2
	box.add_child(row)
	var status := Label.new()
	status.name = "Status"
	status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	status.custom_minimum_size.x = 100
	var level := object as Node
	_add_button(row, "Generate", "Reload",
			"Make the level of this seed and level number now (a preview: not saved with the scene).",
			func(): _show(status, actions.generate(level)))
	_add_button(row, "New seed", "RandomNumberGenerator",
			"Pick a random seed and make its level (Ctrl+Z restores the previous seed).",
			func(): _show(status, actions.new_seed(level)))
	_add_button(row, "Bake", "PackedScene",
			"Copy the level on display into ordinary nodes under a \"Baked\" child, saved with the scene and editable by hand (replaces an earlier bake; Ctrl+Z undoes it).",
			func(): _show(status, actions.bake(level)))
	_add_button(row, "Clear", "Clear",
			"Remove the level on display and the baked nodes (Ctrl+Z brings them back).",
			func(): _show(status, actions.clear(level)))
	if preview:
		preview.watch(level)
		var live := CheckBox.new()
		live.name = "LivePreview"
		live.text = "Live preview"
		live.tooltip_text = "Make the level again (off the main thread) whenever a setting of this node or of its generator changes."
		live.button_pressed = preview.enabled
		live.toggled.connect(func(on: bool) -> void: preview.enabled = on)
		box.add_child(live)
		# The status line follows the preview until the Inspector drops it.
		var on_update := func(from: Node, result: Dictionary) -> void:
			if from == level:
				_show(status, result)
		preview.updated.connect(on_update)
		status.tree_exited.connect(func() -> void:
			if is_instance_valid(preview) and preview.updated.is_connected(on_update):
				preview.updated.disconnect(on_update))
	box.add_child(status)
	_show(status, actions.describe(level))
	add_custom_control(box)


func _add_button(row: Container, text: String, icon: String, tip: String, on_press: Callable) -> void:
	var b := Button.new()
	b.text = text
	b.name = text.to_pascal_case()
	b.tooltip_text = tip
	b.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	var theme := EditorInterface.get_editor_theme()
	if theme and theme.has_icon(icon, "EditorIcons"):
		b.icon = theme.get_icon(icon, "EditorIcons")
	b.pressed.connect(on_press)
	row.add_child(b)


## Shows `result` (LevelActions' {ok, message}) in the status line: red on a failure.
func _show(status: Label, result: Dictionary) -> void:
	if not is_instance_valid(status):
		return
	status.text = result.get("message", "")
	var color := Color(1, 0.45, 0.45) if not result.get("ok", true) else Color(0.7, 0.7, 0.7)
	status.add_theme_color_override("font_color", color)
