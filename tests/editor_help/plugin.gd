@tool
extends EditorPlugin
## Test only (tests/check_editor_help.sh): opens the editor's help page of
## each class the extension registers and prints its text on one line, so the
## script can check that the Rust `///` docs reached Godot's help.

const CLASSES := ["DungeonGrid", "IsaacGenerator", "DrunkardGenerator", "BspGenerator",
		"HilbertGenerator", "TunnelerGenerator", "WalkerGenerator", "TinyKeepGenerator", "MazeGenerator", "CaveGenerator",
		"IsaacRoomRules", "SpecialRoomRule",
		"MinesweeperBoard", "ElementaryAutomaton",
		"TemplateGenerator", "RoomTemplate", "GeneratorRegistry", "GraphLayoutGenerator", "LevelGraph",
		"DungeonProgression",
		"DungeonTileMapping", "DungeonTilePainter", "DungeonRoomPlacer", "DungeonGridMapPainter",
		"DungeonSpawnRules", "DungeonNavigation", "DungeonCollision", "DungeonDecorator", "DungeonDecorRule", "DungeonLevel2D", "DungeonLevel3D"]
const FRAMES_PER_PAGE := 20

var _frame := 0


func _process(_delta: float) -> void:
	_frame += 1
	var page := _frame / FRAMES_PER_PAGE - 1
	if _frame % FRAMES_PER_PAGE != 0 or page < 0:
		return
	if page > 0:
		var shown: String = CLASSES[page - 1]
		print("HELP[%s]: %s" % [shown, _page_text(shown).replace("\n", " ")])
	if page < CLASSES.size():
		EditorInterface.get_script_editor().goto_help("class_name:" + CLASSES[page])
	else:
		get_tree().quit()


## The text of the open help page about `cls`, or "" if there is none.
func _page_text(cls: String) -> String:
	for help in EditorInterface.get_base_control().find_children("*", "EditorHelp", true, false):
		for label in help.find_children("*", "RichTextLabel", true, false):
			var text: String = label.get_parsed_text()
			# The page's own class: named before "Inherits:" (other pages
			# may name it in their text).
			var head := text.get_slice("Inherits:", 0)
			if text.begins_with("Class:") and head.contains(cls):
				return text
	return ""
