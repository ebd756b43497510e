@tool
extends "check_base.gd"
## Test only (tests/check_editor_plugin.sh): in a headless editor, enables
## the dungeon_gen plugin, then on a tile level (BspGenerator) and a room
## level (IsaacGenerator + a room scene): opening the scene generates
## nothing, the Inspector shows the buttons and Generate makes the level,
## the preview is not saved, Bake's nodes are saved and come back on reload,
## undo and redo of Bake and Clear, and a failing generation reports its
## error; then a DungeonLevel3D (GridMap cells): its buttons, Generate, Bake
## into a saved Node3D, undo; then the live preview: a generator setting,
## a node setting and an undo each make the level again off the main
## thread, a change during a run cancels it, moving the node or turning the
## preview off starts nothing, a failing setting is shown. Prints "CHECK ok: ..." / "CHECK FAIL: ..." lines
## and a total.

const Actions := preload("res://addons/dungeon_gen/editor/level_actions.gd")


func _checks() -> void:
	await _tile_level()
	await _room_level()
	await _level_3d()
	await _live_preview()


## Saves the edited scene of `level` to `path` (PackedScene + ResourceSaver)
## and loads it back, uncached; returns the reloaded scene's level node
## (its scene root is freed by the caller through .owner).
func _save_and_reload(level: Node, path: String) -> Node:
	var packed := PackedScene.new()
	packed.pack(level.owner)
	ResourceSaver.save(packed, path)
	var again: PackedScene = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
	return again.instantiate().get_node("Level")


func _history(level: Node) -> UndoRedo:
	var m := EditorInterface.get_editor_undo_redo()
	return m.get_history_undo_redo(m.get_object_history_id(level))


func _cells(layer: Node) -> int:
	return layer.get_used_cells().size() if layer is TileMapLayer else -1


func _tile_level() -> void:
	var level := await _open_scene("res://tile_level.tscn", func(l):
		l.generator = BspGenerator.new()
		l.seed = 7)
	if level == null:
		return
	var root := level.owner
	_check(level.get_output() == null, "tiles: opening the scene generates nothing (generate_on_ready is off in the editor)")
	# The Inspector's buttons, pressed like a user.
	EditorInterface.edit_node(level)
	await _frames(3)
	var inspector := EditorInterface.get_inspector()
	var buttons := {}
	for name in ["Generate", "NewSeed", "Bake", "Clear"]:
		var found := inspector.find_children(name, "Button", true, false)
		_check(found.size() == 1, "the Inspector of a DungeonLevel2D shows the %s button (%d found)" % [name, found.size()])
		if found.size() == 1:
			buttons[name] = found[0]
	if buttons.has("Generate"):
		buttons["Generate"].pressed.emit()
	var layer: Node = level.get_tile_layer()
	var cells := _cells(layer)
	if not _check(cells > 0, "tiles: Generate paints the level (%d tiles)" % cells):
		return
	var statuses := inspector.find_children("Status", "Label", true, false)
	_check(statuses.size() == 1 and String(statuses[0].text).contains("seed 7"), "tiles: the Inspector says what is on display (%s)" % [statuses[0].text if statuses.size() == 1 else "no status"])

	# The preview is not saved.
	var reloaded := _save_and_reload(level, "res://tile_level.tscn")
	_check(reloaded.get_child_count(true) == 0, "tiles: the preview is not saved with the scene (%d children after reload)" % reloaded.get_child_count(true))
	reloaded.owner.free()

	var actions := Actions.new(EditorInterface.get_editor_undo_redo())
	var result := actions.bake(level)
	_check(result.ok, "tiles: Bake: %s" % result.message)
	var baked := level.get_node_or_null("Baked/Tiles")
	_check(baked != null and _cells(baked) == cells and baked.owner == root, "tiles: Bake makes Baked/Tiles with the %d tiles, owned by the scene root" % cells)
	_check(not level.get_output().visible, "tiles: Bake hides the preview")
	reloaded = _save_and_reload(level, "res://tile_level.tscn")
	var reloaded_tiles := reloaded.get_node_or_null("Baked/Tiles")
	_check(_cells(reloaded_tiles) == cells, "tiles: saved and reloaded, Baked/Tiles has the %d tiles (%d)" % [cells, _cells(reloaded_tiles)])
	_check(reloaded.get_node_or_null("Generated") == null, "tiles: the reloaded scene has no preview")
	reloaded.owner.free()

	var history := _history(level)
	_check(history.undo(), "tiles: undo Bake")
	_check(level.get_node_or_null("Baked") == null and level.get_output().visible, "tiles: after undo no Baked child, the preview shows again")
	_check(history.redo(), "tiles: redo Bake")
	baked = level.get_node_or_null("Baked/Tiles")
	_check(baked != null and _cells(baked) == cells and baked.owner == root, "tiles: after redo Baked/Tiles is back, owned by the root")

	result = actions.clear(level)
	_check(result.ok and level.get_node_or_null("Baked") == null and level.get_output() == null and level.grid == null, "tiles: Clear removes the preview and the baked nodes")
	_check(history.undo(), "tiles: undo Clear")
	baked = level.get_node_or_null("Baked/Tiles")
	_check(baked != null and _cells(baked) == cells and baked.owner == root, "tiles: after undo Clear the baked tiles are back")
	_check(level.grid != null and _cells(level.get_tile_layer()) == cells, "tiles: after undo Clear the level (same seed) is generated again")
	_check(history.redo() and level.get_node_or_null("Baked") == null, "tiles: redo Clear removes them again")
	reloaded = _save_and_reload(level, "res://tile_level.tscn")
	_check(reloaded.get_child_count(true) == 0, "tiles: after Clear the saved scene has nothing under the level")
	reloaded.owner.free()

	# New seed: a new level; undo restores the seed.
	actions.generate(level)
	result = actions.new_seed(level)
	_check(result.ok and level.seed != 7 and level.grid != null, "tiles: New seed picks seed %d and generates (%s)" % [level.seed, result.message])
	_check(history.undo() and level.seed == 7 and _cells(level.get_tile_layer()) == cells, "tiles: undo New seed brings back seed 7 and its level")

	# Failures: a message, no crash.
	level.generator = null
	result = actions.generate(level)
	_check(not result.ok and String(result.message).contains("no generator"), "errors: no generator: %s" % result.message)
	var locks := DungeonProgression.new()
	locks.locks = 2
	level.generator = CaveGenerator.new()
	level.progression = locks
	result = actions.generate(level)
	_check(not result.ok and not String(result.message).is_empty(), "errors: a cave with locks: %s" % result.message)
	result = actions.bake(level)
	_check(not result.ok, "errors: Bake with nothing on display: %s" % result.message)


func _room_level() -> void:
	var room := Node2D.new()
	room.name = "Room"
	var floor := ColorRect.new()
	floor.name = "Floor"
	floor.size = Vector2(90, 190)
	room.add_child(floor)
	floor.owner = room
	var room_scene := PackedScene.new()
	room_scene.pack(room)
	room.free()
	ResourceSaver.save(room_scene, "res://room.tscn")
	room_scene = load("res://room.tscn")
	var level := await _open_scene("res://room_level.tscn", func(l):
		l.generator = IsaacGenerator.new()
		l.seed = 3
		l.room_scene = room_scene)
	if level == null:
		return
	var root := level.owner
	_check(level.get_output() == null, "rooms: opening the scene generates nothing")
	var actions := Actions.new(EditorInterface.get_editor_undo_redo())
	var result := actions.generate(level)
	var rooms: int = level.get_rooms().size()
	if not _check(result.ok and rooms > 0 and rooms == level.grid.get_room_count(), "rooms: Generate places %d room scenes (%s)" % [rooms, result.message]):
		return
	result = actions.bake(level)
	var baked := level.get_node_or_null("Baked")
	_check(result.ok and baked != null and baked.get_child_count() == rooms, "rooms: Bake copies the %d rooms (%s)" % [rooms, result.message])
	var instances := 0
	for child in baked.get_children():
		if child.scene_file_path == "res://room.tscn" and child.owner == root and child.get_node("Floor").owner == child:
			instances += 1
	_check(instances == rooms, "rooms: each baked room is an instance of room.tscn owned by the root (%d)" % instances)
	var reloaded := _save_and_reload(level, "res://room_level.tscn")
	var again := reloaded.get_node_or_null("Baked")
	var same := again != null and again.get_child_count() == rooms
	if same:
		for i in rooms:
			same = same and again.get_child(i).position == baked.get_child(i).position and again.get_child(i).scene_file_path == "res://room.tscn"
	_check(same, "rooms: saved and reloaded, Baked has the %d rooms at their places" % rooms)
	reloaded.owner.free()
	var history := _history(level)
	_check(history.undo() and level.get_node_or_null("Baked") == null, "rooms: undo Bake removes the baked rooms")
	_check(history.redo() and level.get_node_or_null("Baked") != null and level.get_node("Baked").get_child_count() == rooms, "rooms: redo Bake brings them back")
	actions.clear(level)
	_check(level.get_node_or_null("Baked") == null and level.get_output() == null, "rooms: Clear removes rooms and baked rooms")
	_check(history.undo() and level.get_node_or_null("Baked") != null and level.get_rooms().size() == rooms, "rooms: undo Clear brings the baked rooms and the level back")


func _grid_cells(map: Node) -> int:
	return map.get_used_cells().size() if map is GridMap else -1


## A DungeonLevel3D: the same buttons; Generate paints a GridMap, Bake
## copies it under a Node3D "Baked" child that is saved, undo takes it back.
func _level_3d() -> void:
	var level := await _open_scene("res://level_3d.tscn", func(l):
		l.generator = BspGenerator.new()
		l.seed = 5, "DungeonLevel3D")
	if level == null:
		return
	var root := level.owner
	_check(level.get_output() == null, "3D: opening the scene generates nothing")
	EditorInterface.edit_node(level)
	await _frames(3)
	var inspector := EditorInterface.get_inspector()
	var found := inspector.find_children("Generate", "Button", true, false)
	if not _check(found.size() == 1, "3D: the Inspector of a DungeonLevel3D shows the Generate button (%d found)" % found.size()):
		return
	found[0].pressed.emit()
	var cells := _grid_cells(level.get_grid_map())
	if not _check(cells > 0, "3D: Generate paints the GridMap (%d cells)" % cells):
		return
	var actions := Actions.new(EditorInterface.get_editor_undo_redo())
	var result := actions.bake(level)
	var baked := level.get_node_or_null("Baked")
	_check(result.ok and baked is Node3D, "3D: Bake makes a Node3D Baked child (%s)" % result.message)
	var baked_map := level.get_node_or_null("Baked/Tiles")
	_check(_grid_cells(baked_map) == cells and baked_map.owner == root, "3D: Baked/Tiles is a GridMap with the %d cells, owned by the root" % cells)
	var reloaded := _save_and_reload(level, "res://level_3d.tscn")
	var again := reloaded.get_node_or_null("Baked/Tiles")
	_check(_grid_cells(again) == cells and again.mesh_library != null, "3D: saved and reloaded, Baked/Tiles has the %d cells and its mesh library" % cells)
	reloaded.owner.free()
	var history := _history(level)
	_check(history.undo() and level.get_node_or_null("Baked") == null, "3D: undo Bake")
	result = actions.clear(level)
	_check(result.ok and level.get_output() == null and level.grid == null, "3D: Clear removes the preview")


## Waits (up to `budget` frames) until the preview has no run going.
func _preview_done(preview: Node, budget := 600) -> bool:
	for i in budget:
		if not preview.is_running():
			return true
		await get_tree().process_frame
	return false


func _live_preview() -> void:
	var level := await _open_scene("res://preview_level.tscn", func(l):
		l.generator = BspGenerator.new()
		l.seed = 4)
	if level == null:
		return
	var found := get_tree().root.find_children("DungeonLevelPreview", "", true, false)
	if not _check(found.size() == 1, "live preview: the plugin's preview node is in the editor (%d found)" % found.size()):
		return
	var preview: Node = found[0]
	var runs0: int = preview.runs_started
	EditorInterface.edit_node(level)
	await _frames(3)
	var inspector := EditorInterface.get_inspector()
	var boxes := inspector.find_children("LivePreview", "CheckBox", true, false)
	_check(boxes.size() == 1 and boxes[0].button_pressed, "live preview: the Inspector shows the Live preview box, on")
	_check(preview.watched() == level, "live preview: it follows the level in the Inspector")
	await _frames(2)
	_check(level.grid == null and preview.runs_started == runs0, "live preview: showing the level in the Inspector makes nothing")
	var generated := [0]
	level.generated.connect(func(_g): generated[0] += 1)

	# A generator setting: one run, off the main thread, with the new width.
	level.generator.width = 70
	await _frames(1)
	_check(preview.is_running() and level.is_generating(), "live preview: a generator setting starts a run (generate_async)")
	_check(await _preview_done(preview) and level.grid != null and level.grid.get_width() == 70, "live preview: the level on display has the new width 70 (%s)" % [level.grid.get_width() if level.grid else "no grid"])
	_check(preview.runs_started == runs0 + 1 and generated[0] == 1, "live preview: one run, one generated (%d, %d)" % [preview.runs_started - runs0, generated[0]])
	var statuses := inspector.find_children("Status", "Label", true, false)
	_check(statuses.size() == 1 and String(statuses[0].text).contains("70×"), "live preview: the status line says what is on display (%s)" % [statuses[0].text if statuses.size() == 1 else "no status"])
	_check(preview.last_time_to_picture_usec > 0, "live preview: time from the change to the picture: %d µs" % preview.last_time_to_picture_usec)

	# Several sets in one frame: one run.
	level.generator.width = 60
	level.generator.height = 50
	await _frames(1)
	await _preview_done(preview)
	_check(preview.runs_started == runs0 + 2 and level.grid.get_width() == 60 and level.grid.get_height() == 50, "live preview: two sets in one frame make one run (%d runs, %d×%d)" % [preview.runs_started - runs0, level.grid.get_width(), level.grid.get_height()])

	# A change while a run is going cancels it: only the last one is shown.
	var before: int = generated[0]
	level.generator = CaveGenerator.new()
	level.generator.width = 400
	level.generator.height = 400
	await _frames(1)
	var was_running: bool = preview.is_running()
	level.generator.width = 300
	await _frames(1)
	_check(was_running and await _preview_done(preview), "live preview: a change during a run (a 400×400 cave) starts a new run")
	_check(level.grid != null and level.grid.get_width() == 300 and level.grid.get_generator() == "cave", "live preview: the level on display is the last setting's (a %s of width %d)" % [level.grid.get_generator() if level.grid else "none", level.grid.get_width() if level.grid else 0])
	_check(generated[0] == before + 1, "live preview: the cancelled run sent no generated (%d after two runs)" % (generated[0] - before))

	# The node's own settings: seed and level; moving the node starts nothing.
	var runs: int = preview.runs_started
	level.seed = 11
	await _frames(1)
	_check(await _preview_done(preview) and preview.runs_started == runs + 1 and level.grid.get_seed() == 11, "live preview: a new seed makes its level (seed %d)" % level.grid.get_seed())
	runs = preview.runs_started
	level.position = Vector2(40, 8)
	await _frames(3)
	_check(preview.runs_started == runs, "live preview: moving the node starts nothing")

	# Undo of a setting set through the editor's undo history.
	level.generator = BspGenerator.new()
	await _frames(1)
	await _preview_done(preview)
	var undo := EditorInterface.get_editor_undo_redo()
	undo.create_action("width")
	undo.add_do_property(level.generator, "width", 90)
	undo.add_undo_property(level.generator, "width", level.generator.width)
	undo.commit_action()
	await _frames(1)
	await _preview_done(preview)
	var width_before: int = level.grid.get_width()
	_check(width_before == 90, "live preview: an edited setting (width 90) is shown (%d)" % width_before)
	var history := undo.get_history_undo_redo(undo.get_object_history_id(level.generator))
	history.undo()
	await _frames(1)
	await _preview_done(preview)
	_check(level.grid.get_width() == level.generator.width and level.generator.width != 90, "live preview: undo shows the old width again (%d)" % level.grid.get_width())

	# A failing setting: the error on the status line, nothing on display changes.
	var locks := DungeonProgression.new()
	locks.locks = 2
	level.generator = CaveGenerator.new()
	level.progression = locks
	await _frames(1)
	await _preview_done(preview)
	statuses = inspector.find_children("Status", "Label", true, false)
	_check(not String(level.last_error).is_empty() and statuses.size() == 1 and statuses[0].text == level.last_error, "live preview: a failing setting shows its error (%s)" % [statuses[0].text if statuses.size() == 1 else "no status"])
	level.progression = null

	# Off: changes start nothing.
	await _frames(1)
	await _preview_done(preview)
	boxes = inspector.find_children("LivePreview", "CheckBox", true, false)
	if boxes.size() == 1:
		boxes[0].button_pressed = false
	runs = preview.runs_started
	level.generator.width = 120
	level.seed = 12
	await _frames(3)
	_check(not preview.enabled and preview.runs_started == runs, "live preview: off, a change starts nothing")
	preview.enabled = true
