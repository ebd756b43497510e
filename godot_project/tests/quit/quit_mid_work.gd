extends SceneTree
## Starts one piece of work and quits while it still runs, as a game or the
## editor may at any moment. tests/check_quit.sh runs it once per case and
## delay, many times, and checks Godot exits cleanly (status 0, no crash).
##
## Run: godot --headless --path godot_project --script res://tests/quit/quit_mid_work.gd -- --case=NAME --frames=N
## (--list-cases prints every case, one "case: NAME" line each).
## Cases: gen:CLASS for every generator class the GeneratorRegistry names
## (a big generate_async, two requests), free:CLASS (the
## same, then the script drops the generator), paint, paint_stop,
## paint_free, scene_close (the painter's node freed mid-paint), nav and
## nav_free (two DungeonNavigation async builds of a 1024² cave, the object
## kept or dropped), collision and collision_free (two DungeonCollision
## async builds of a 1024² cave's outline, 2D and 3D, the object kept or
## dropped; a body that arrives is freed), sync (every
## other class used once), level and level_free (a DungeonLevel2D's
## generate_async of a 2048² cave, then its painting over frames and its
## navigation; the node kept or freed at once). --frames: frames to wait before quitting (0:
## quit in the frame the work starts).

## The cases that are not one generator's.
const OTHER_CASES := ["paint", "paint_stop", "paint_free", "scene_close", "nav", "nav_free",
		"collision", "collision_free", "sync", "level", "level_free"]

var _frames_left := 0
var _case := ""
var _keep: Array = []
var _busy: Callable = func() -> bool: return false


## Every generator class the registry names, each once, in its order.
static func generator_classes() -> Array[String]:
	var classes: Array[String] = []
	for name in GeneratorRegistry.get_generator_names():
		var cls: String = GeneratorRegistry.get_generator(name)["class"]
		if cls not in classes:
			classes.append(cls)
	return classes


## Every case, one per line ("case: NAME"): gen:CLASS and free:CLASS for
## every generator class in the registry, then the others.
static func all_cases() -> Array[String]:
	var cases: Array[String] = []
	for cls in generator_classes():
		cases.append_array(["gen:" + cls, "free:" + cls])
	cases.append_array(OTHER_CASES)
	return cases


func _initialize() -> void:
	var frames := 0
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--case="):
			_case = arg.trim_prefix("--case=")
		elif arg.begins_with("--frames="):
			frames = int(arg.trim_prefix("--frames="))
		elif arg == "--list-cases":
			for c in all_cases():
				print("case: " + c)
			quit(0)
			return
	if not _start(_case):
		printerr("quit_mid_work: unknown case '%s'" % _case)
		quit(2)
		return
	_frames_left = frames
	if frames == 0:
		_quit_now()


func _process(_delta: float) -> bool:
	if _frames_left > 0:
		_frames_left -= 1
		if _frames_left == 0:
			_quit_now()
	return false


func _quit_now() -> void:
	print("quit_mid_work: %s quits, work still running: %s" % [_case, _busy.call()])
	quit(0)


## A generator of `name` set up for a long run (most of a second or more in
## a debug build).
static func big_generator(name: String) -> Resource:
	var gen: Resource = ClassDB.instantiate(name)
	gen.seed = 7
	match name:
		"BspGenerator", "CaveGenerator", "WalkerGenerator", "TunnelerGenerator", "MazeGenerator":
			gen.width = 2048
			gen.height = 2048
		"HilbertGenerator":
			gen.order = 10
		"TinyKeepGenerator":
			gen.cell_count = 1000
		"TemplateGenerator":
			var templates: Array[RoomTemplate] = []
			for n in ["start", "square", "long", "hall", "l_room", "shrine", "gallery", "corridor", "bend", "wide_corridor", "boss"]:
				templates.append(RoomTemplate.from_scene(load("res://templates/%s.tscn" % n), Vector2(32, 32)))
			gen.templates = templates
			gen.width = 512
			gen.height = 512
			gen.base_rooms = 100
		"GraphLayoutGenerator":
			gen.corridors = true
	return gen


func _start(name: String) -> bool:
	if name.begins_with("gen:") or name.begins_with("free:"):
		var cls := name.get_slice(":", 1)
		if cls not in generator_classes():
			return false
		var gen := big_generator(cls)
		gen.generate_async(3)
		gen.generate_async(4)
		if name.begins_with("gen:"):
			_keep.append(gen)
			_busy = func() -> bool: return gen.is_generating()
		return true
	if name in ["paint", "paint_stop", "paint_free", "scene_close"]:
		var cave := CaveGenerator.new()
		cave.width = 1024
		cave.height = 1024
		var grid := cave.generate_level(1)
		var holder := Node2D.new()
		root.add_child(holder)
		var layer := TileMapLayer.new()
		holder.add_child(layer)
		var painter := DungeonTilePainter.new()
		holder.add_child(painter)
		painter.paint_over_frames(grid, layer)
		match name:
			"paint":
				_busy = func() -> bool: return painter.is_painting()
			"paint_stop":
				painter.stop()
			"paint_free":
				painter.free()
			"scene_close":
				root.remove_child(holder)
				holder.queue_free()
		return true
	if name in ["nav", "nav_free"]:
		var cave := CaveGenerator.new()
		cave.width = 1024
		cave.height = 1024
		var grid := cave.generate_level(1)
		var nav := DungeonNavigation.new()
		nav.agent_radius = 4.0
		nav.build_polygon_async(grid, Vector2(16, 16))
		nav.build_mesh_async(grid, Vector3(16, 1, 16))
		if name == "nav":
			_keep.append(nav)
			_busy = func() -> bool: return nav.is_building()
		return true
	if name in ["collision", "collision_free"]:
		var cave := CaveGenerator.new()
		cave.width = 1024
		cave.height = 1024
		var grid := cave.generate_level(1)
		var collision := DungeonCollision.new()
		collision.use_outline = true
		collision.built.connect(func(_request, body): body.free())
		collision.build_body_2d_async(grid, Vector2(16, 16))
		collision.build_body_3d_async(grid, Vector3(16, 1, 16))
		if name == "collision":
			_keep.append(collision)
			_busy = func() -> bool: return collision.is_building()
		return true
	if name in ["level", "level_free"]:
		# DungeonLevel2D: a huge cave generated, then painted over frames,
		# with navigation; level_free frees the node mid-work.
		var level := DungeonLevel2D.new()
		level.generate_on_ready = false
		level.generator = big_generator("CaveGenerator")
		level.navigation = true
		root.add_child(level)
		level.generate_async()
		if name == "level":
			_busy = func() -> bool: return level.is_generating()
		else:
			level.free()
		return true
	if name == "sync":
		var grid := BspGenerator.new().generate_level(1)
		var copy := DungeonGrid.from_json(grid.to_json())
		var board := MinesweeperBoard.create(9, 9, 10, 0.0, true, 3)
		var boards := MinesweeperBoard.boards_for_grid(copy, 1, 0.15, true)
		var rule := ElementaryAutomaton.new()
		var placer := DungeonRoomPlacer.new()
		root.add_child(placer)
		var gm := DungeonGridMapPainter.new()
		root.add_child(gm)
		var grid_map := GridMap.new()
		root.add_child(grid_map)
		gm.paint(copy, grid_map)
		var rules := IsaacRoomRules.new()
		var special := SpecialRoomRule.new()
		var mapping := DungeonTileMapping.new()
		var tpl := RoomTemplate.new()
		_keep.append_array([board, boards, rule, rules, special, mapping, tpl])
		return true
	return false
