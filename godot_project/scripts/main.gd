extends Node2D
## The sample game: pick a generator, walk from START to the EXIT stairs,
## and every exit takes you one level down, where the generator draws more
## rooms (IsaacGenerator/DrunkardGenerator.generate_level(level)). The run
## seed makes the whole sequence of levels reproducible.
##
## Command line (after Godot's own `--`):
##   --screenshot=PATH   generate a fixed-seed dungeon, print its ASCII, save a
##                       PNG of the window to PATH (default out/screenshot.png,
##                       git-ignored), check it and quit
##   --generator=ID      an "id" of GENERATORS below (isaac_branching, bsp, graph,
##                       huge_cave...; huge_*: 1024×1024, generated with
##                       generate_async and painted over frames behind a loading bar)
##   --list-generators   print "generator: ID" for every entry of GENERATORS
##                       (" huge" after the huge ones) and quit
##   --seed=N            run seed
##   --level=N           level to show
##   --zoom=Z            camera zoom
##   --overview          frame the whole level instead of following the player
##   --autoplay=N        a bot walks to the EXIT N times (see autoplay.gd), then quits
##   --reveal-secrets    open every secret door and show the whole minimap (screenshots)

## The generators the picker offers: label, class and preset. Every class
## GeneratorRegistry lists is the "type" of one entry or more (the sample's
## tests check it).
const GENERATORS: Array[Dictionary] = [
	{"id": "isaac_branching", "label": "Isaac · branching", "type": "IsaacGenerator", "preset": IsaacGenerator.PRESET_BRANCHING},
	{"id": "isaac_compact", "label": "Isaac · compact", "type": "IsaacGenerator", "preset": IsaacGenerator.PRESET_COMPACT},
	{"id": "drunkard", "label": "Drunkard · winding", "type": "DrunkardGenerator", "preset": DrunkardGenerator.PRESET_WINDING},
	{"id": "bsp", "label": "BSP rooms + corridors", "type": "BspGenerator", "preset": BspGenerator.PRESET_SMALL},
	{"id": "hilbert", "label": "Hilbert · sprawling", "type": "HilbertGenerator", "preset": HilbertGenerator.PRESET_SPRAWLING},
	{"id": "tunneler", "label": "Tunneler · tangled tunnels", "type": "TunnelerGenerator", "preset": TunnelerGenerator.PRESET_TANGLED_TUNNELS},
	{"id": "walker", "label": "Walker · open cave", "type": "WalkerGenerator", "preset": WalkerGenerator.PRESET_OPEN_CAVE},
	{"id": "tinykeep", "label": "TinyKeep · Delaunay graph", "type": "TinyKeepGenerator", "preset": TinyKeepGenerator.PRESET_SMALL},
	{"id": "maze", "label": "Rooms + mazes · path of interest", "type": "MazeGenerator", "preset": MazeGenerator.PRESET_CLASSIC},
	{"id": "cave", "label": "Cave · classic", "type": "CaveGenerator", "preset": CaveGenerator.PRESET_CLASSIC},
	{"id": "isaac_large_rooms", "label": "Isaac · large rooms", "type": "IsaacGenerator", "preset": IsaacGenerator.PRESET_LARGE_ROOMS},
	{"id": "minesweeper", "label": "Minesweeper rooms · BSP", "type": "BspGenerator", "preset": BspGenerator.PRESET_SMALL, "mode": "minesweeper"},
	{"id": "templates", "label": "Templates · hand-made rooms", "type": "TemplateGenerator", "preset": TemplateGenerator.PRESET_CUSTOM, "resource": "res://templates/template_generator.tres"},
	{"id": "graph", "label": "Level graph · rooms you connect", "type": "GraphLayoutGenerator", "preset": GraphLayoutGenerator.PRESET_CUSTOM, "resource": "res://graphs/graph_generator.tres"},
	# Locked doors and keys (a DungeonProgression on the generator, up to
	# "locks" keys, each opening every locked door into its room): the keys
	# lie in rooms, the HUD shows those held.
	{"id": "isaac_locked", "label": "Isaac · locked", "type": "IsaacGenerator", "preset": IsaacGenerator.PRESET_BRANCHING, "locks": 2},
	{"id": "bsp_locked", "label": "BSP · locked", "type": "BspGenerator", "preset": BspGenerator.PRESET_SMALL, "locks": 2},
	{"id": "templates_locked", "label": "Templates · locked", "type": "TemplateGenerator", "preset": TemplateGenerator.PRESET_CUSTOM, "resource": "res://templates/template_generator.tres", "locks": 2},
	# Big maps: generated off the main thread (generate_async) and painted
	# over frames into chunk layers (paint_over_frames), a loading bar meanwhile.
	{"id": "huge_cave", "label": "Huge cave (1024²)", "type": "CaveGenerator", "preset": CaveGenerator.PRESET_CLASSIC, "size": Vector2i(1024, 1024)},
	{"id": "huge_walk", "label": "Huge walk (1024²)", "type": "WalkerGenerator", "preset": WalkerGenerator.PRESET_OPEN_CAVE, "size": Vector2i(1024, 1024)},
]
## Key bindings added at start-up when project.godot does not define them.
const DEFAULT_KEYS := {
	"move_left": [KEY_A, KEY_LEFT],
	"move_right": [KEY_D, KEY_RIGHT],
	"move_up": [KEY_W, KEY_UP],
	"move_down": [KEY_S, KEY_DOWN],
	"regenerate": [KEY_R],
	"next_level": [KEY_N],
	"zoom_in": [KEY_EQUAL, KEY_KP_ADD],
	"zoom_out": [KEY_MINUS, KEY_KP_SUBTRACT],
	"overview": [KEY_TAB, KEY_M],
	"toggle_graph": [KEY_G],
}
## Screen space the HUD panels cover (left, top, right, bottom), kept free
## when the overview frames the whole level.
const HUD_MARGINS := Vector4(250, 70, 262, 62)
## A screenshot must have at least this many distinct colours to count as
## "not blank".
const MIN_SCREENSHOT_COLOURS := 16
const Hud := preload("res://scripts/hud.gd")

## Emitted when a level is on screen with the player on START (at once for
## the synchronous entries, after painting for the huge ones).
signal level_shown

## The run seed: level N of this seed is always the same floor.
@export var run_seed := 2024
## Index into GENERATORS picked at start. The range ends at the last entry
## (the sample's tests check it; an annotation cannot count the list).
@export_range(0, 18) var generator_index := 0
## Camera zoom for room grids and tile maps.
@export var room_zoom := 1.0
@export var tile_zoom := 1.0

## The level on display (1 = first).
var level := 1
## `true` while the camera shows the whole level instead of following.
var overview := false
## `true` during the fade from one level to the next.
var changing_level := false
## `true` while a huge level is generated and painted (the loading bar shows).
var loading := false
## The longest wall-clock frame, in ms, while the last huge level loaded
## (reported by the autoplay bot and the screenshot run; not asserted).
var longest_loading_frame_ms := 0.0
## The loading stage ("generating", "painting") that frame ended in.
var longest_loading_frame_stage := ""
var _last_frame_usec := 0

var dungeon: Dungeon
## The minesweeper mode (scripts/minesweeper_mode.gd) when its entry is picked.
var minesweeper: Node
var player: CharacterBody2D
## The level's enemies (scripts/enemies.gd), drawn under the player.
var enemies: Node2D
var hud: Hud
var camera: Camera2D

var _zoom_factor := 1.0
var _screenshot_path := ""
var _started := false
var _autoplay_levels := 0
var _reveal_secrets := false


static func ensure_input_actions() -> void:
	for action in DEFAULT_KEYS:
		if InputMap.has_action(action):
			continue
		InputMap.add_action(action)
		for key in DEFAULT_KEYS[action]:
			var ev := InputEventKey.new()
			ev.physical_keycode = key
			InputMap.action_add_event(action, ev)


## A new generator for entry `index` of GENERATORS, preset applied.
static func make_generator(index: int) -> Resource:
	var entry: Dictionary = GENERATORS[index]
	var gen: Resource
	if entry.has("resource"):
		# A saved generator (TemplateGenerator, GraphLayoutGenerator: their
		# templates are scenes).
		gen = (load(entry["resource"]) as Resource).duplicate()
	else:
		gen = ClassDB.instantiate(entry["type"])
		gen.preset = entry["preset"]
	if entry.has("size"):
		gen.width = entry["size"].x
		gen.height = entry["size"].y
	if entry.has("locks"):
		var progression := DungeonProgression.new()
		progression.locks = entry["locks"]
		gen.progression = progression
	return gen


## `true` for the entries made with generate_async and paint_over_frames.
static func is_huge(index: int) -> bool:
	return GENERATORS[index].has("size")


func _ready() -> void:
	if "--list-generators" in OS.get_cmdline_user_args():
		print_generators()
		# Nothing was set up: no frame may run this scene.
		process_mode = PROCESS_MODE_DISABLED
		get_tree().quit()
		return
	start()


## Prints "generator: ID" for every entry of GENERATORS, " huge" after the
## huge ones (tests/run_sample.sh reads the list from here).
static func print_generators() -> void:
	for i in GENERATORS.size():
		print("generator: %s%s" % [GENERATORS[i]["id"], " huge" if is_huge(i) else ""])


## Wires the HUD and builds the first level. _ready calls it; call it
## yourself to use the scene before it is in a running scene tree (tests).
func start() -> void:
	if _started:
		return
	_started = true
	dungeon = $Dungeon
	player = $Player
	hud = $HUD
	camera = $Camera
	enemies = preload("res://scripts/enemies.gd").new()
	enemies.name = "Enemies"
	add_child(enemies)
	move_child(enemies, player.get_index())
	hud.setup()
	ensure_input_actions()
	var start_level := _parse_args()
	var labels: Array = []
	for g in GENERATORS:
		labels.append(g["label"])
	hud.setup_generators(labels, generator_index)
	hud.set_seed_text(run_seed)
	hud.generator_selected.connect(select_generator)
	hud.regenerate_requested.connect(regenerate)
	hud.next_level_requested.connect(next_level)
	dungeon.generation_failed.connect(func(msg: String) -> void:
		if loading:
			_set_loading(false)
		hud.show_message(msg))
	dungeon.secret_found.connect(func(room: int) -> void: hud.minimap.reveal_room(room))
	dungeon.generated.connect(_on_level_painted)
	dungeon.locks_view.keys_changed.connect(hud.show_keys)
	select_generator(generator_index, start_level)
	if _screenshot_path != "":
		_take_screenshot.call_deferred()
	elif _autoplay_levels > 0:
		var bot: Node = preload("res://scripts/autoplay.gd").new()
		bot.name = "Autoplay"
		bot.levels_wanted = _autoplay_levels
		add_child(bot)


## Switches to generator `index` and starts its run at `start_level`.
func select_generator(index: int, start_level := 1) -> void:
	generator_index = clampi(index, 0, GENERATORS.size() - 1)
	hud.generator_picker.select(generator_index)
	if dungeon.generator != null and dungeon.generator.is_generating():
		dungeon.generator.cancel()
	dungeon.generator = make_generator(generator_index)
	minesweeper = preload("res://scripts/minesweeper_mode.gd").attach(self, GENERATORS[generator_index].get("mode", "") == "minesweeper")
	level = start_level
	build_level()


## Rebuilds the current level: with the typed seed, or a new random seed if
## "Random" is ticked.
func regenerate() -> void:
	var previous := run_seed
	if hud.is_random_seed():
		run_seed = randi()
		hud.set_seed_text(run_seed)
	else:
		run_seed = hud.typed_seed()
	if not build_level():
		run_seed = previous


## Goes one level down. After the generator's last level a new run begins.
func next_level() -> void:
	var last := max_level()
	if last > 0 and level >= last:
		level = 1
		run_seed = randi() if hud.is_random_seed() else run_seed + 1
		hud.set_seed_text(run_seed)
		if build_level():
			hud.show_banner("RUN COMPLETE", "new run, seed %d" % run_seed)
		return
	level += 1
	if not build_level():
		level -= 1


## The generator's highest level (0: no limit).
func max_level() -> int:
	var gen := dungeon.generator
	return gen.max_level() if gen != null and gen.has_method("max_level") else 0


## Generates `level` of `run_seed`, puts the player on START, updates the
## HUD. On failure the HUD shows the generator's message, the previous
## dungeon stays and this returns false.
func build_level() -> bool:
	var gen := dungeon.generator
	gen.seed = run_seed
	dungeon.seed = run_seed
	if is_huge(generator_index):
		return _build_level_async()
	_set_loading(false)
	var grid := dungeon.generate_level(level)
	if grid == null:
		return false
	_show_level(grid)
	return true


## Huge entries: the generator runs on a worker thread and the painter paints
## over frames; the HUD's loading bar follows both, and the level shows
## (player on START) when `dungeon.generated` comes. Returns true: a failure
## arrives later through `generation_failed`.
func _build_level_async() -> bool:
	_set_loading(true)
	enemies.clear()
	var gen := dungeon.generator
	gen.cancel()
	dungeon.level = level
	dungeon.generate_async()
	return true


func _set_loading(on: bool) -> void:
	if on and not loading:
		longest_loading_frame_ms = 0.0
		_last_frame_usec = 0
	loading = on
	player.controls_enabled = not on
	hud.show_loading(on)


func _on_level_painted(grid: DungeonGrid) -> void:
	if not loading:
		return
	hud.set_loading_progress(1.0)
	_set_loading(false)
	_show_level(grid)


## Puts the player on START of `grid` (built) and updates the HUD.
func _show_level(grid: DungeonGrid) -> void:
	var gen := dungeon.generator
	if minesweeper != null:
		minesweeper.setup(grid, run_seed)
	var tile_view := Dungeon.is_tile_grid(grid)
	_zoom_factor = 1.0
	player.teleport(cell_position(grid.start_cell))
	if not is_huge(generator_index):
		enemies.spawn(dungeon, player)
	_update_camera(true)
	hud.minimap.show_grid(grid, tile_view, dungeon.room_size)
	hud.minimap.set_player(Vector2(grid.start_cell) + Vector2(0.5, 0.5))
	hud.show_keys([], grid.get_lock_count() > 0)
	if _reveal_secrets:
		dungeon.reveal_secrets()
		hud.minimap.show_all()
	var drawn := dungeon.drawn_room_count()
	var floor_tiles := -1
	if grid.get_room_count() == 0:
		# Counted in C++ (PackedInt32Array.count), not a loop over every cell.
		var cells := grid.cells_packed()
		floor_tiles = cells.size() - cells.count(DungeonGrid.EMPTY)
	var counts := Hud.room_counts(grid, gen, dungeon.room_graph, drawn)
	hud.show_level(level, GENERATORS[generator_index]["label"], counts, gen.room_count_range(level), run_seed, max_level(), floor_tiles)
	if _screenshot_path == "":
		hud.show_banner("LEVEL %d" % level, hud.rooms_label.text)
	level_shown.emit()


## Centre of `cell` in this node's coordinates (where the player stands).
func cell_position(cell: Vector2i) -> Vector2:
	return dungeon.transform * dungeon.cell_to_local(cell)


## The grid cell under the player.
func player_cell() -> Vector2i:
	return dungeon.local_to_cell(dungeon.transform.affine_inverse() * player.position)


## The camera's zoom and centre: following the player, or framing the whole
## level in the screen space the HUD leaves free.
func camera_target() -> Array:
	var grid := dungeon.grid
	var base := room_zoom
	if grid != null and Dungeon.is_tile_grid(grid):
		base = tile_zoom
	if not overview or grid == null:
		return [Vector2.ONE * base * _zoom_factor, player.position]
	var view := Vector2(
		ProjectSettings.get_setting("display/window/size/viewport_width"),
		ProjectSettings.get_setting("display/window/size/viewport_height"))
	if is_inside_tree():
		view = get_viewport().get_visible_rect().size
	var area := Rect2(HUD_MARGINS.x, HUD_MARGINS.y, view.x - HUD_MARGINS.x - HUD_MARGINS.z, view.y - HUD_MARGINS.y - HUD_MARGINS.w)
	var used := dungeon.transform * dungeon.used_rect()
	if not used.has_area():
		return [Vector2.ONE * base, player.position]
	var z := minf(area.size.x / used.size.x, area.size.y / used.size.y) * 0.94
	var centre := used.get_center() - (area.get_center() - view * 0.5) / z
	return [Vector2(z, z), centre]


func set_overview(on: bool) -> void:
	overview = on
	_update_camera(false)


func _update_camera(snap: bool) -> void:
	var target := camera_target()
	camera.position = target[1]
	if snap:
		camera.zoom = target[0]
		if camera.is_inside_tree():
			camera.reset_smoothing()


func _process(delta: float) -> void:
	if loading:
		hud.set_loading_progress(dungeon.loading_progress(), dungeon.loading_stage())
		var now := Time.get_ticks_usec()
		var ms := (now - _last_frame_usec) / 1000.0
		if _last_frame_usec > 0 and ms > longest_loading_frame_ms:
			longest_loading_frame_ms = ms
			longest_loading_frame_stage = dungeon.loading_stage()
		_last_frame_usec = now
	var target := camera_target()
	camera.position = target[1]
	camera.zoom = camera.zoom.lerp(target[0], minf(1.0, delta * 8.0))


func _physics_process(_delta: float) -> void:
	var grid := dungeon.grid
	if grid == null or loading:
		return
	var local := dungeon.transform.affine_inverse() * player.position
	hud.minimap.set_player(local / dungeon.cell_size())
	var cell := dungeon.local_to_cell(local)
	_bump_secret_doors(cell)
	if changing_level or cell != grid.end_cell or _screenshot_path != "":
		return
	# Room grids: step onto the stairs in the middle of the EXIT room.
	# Tile maps: step onto the EXIT tile.
	var reach := dungeon.cell_size().x * 0.5 if Dungeon.is_tile_grid(grid) else 24.0
	if local.distance_to(dungeon.cell_to_local(cell)) <= reach:
		_descend()


## Room grids: walking into a wall where a secret door hides opens it (as
## bombing the right wall does in Isaac).
func _bump_secret_doors(cell: Vector2i) -> void:
	if player.get_slide_collision_count() == 0 or player.facing == Vector2.ZERO:
		return
	var f: Vector2 = player.facing
	var side := DungeonGrid.DOOR_EAST if f.x > 0.0 else DungeonGrid.DOOR_WEST
	if absf(f.y) > absf(f.x):
		side = DungeonGrid.DOOR_SOUTH if f.y > 0.0 else DungeonGrid.DOOR_NORTH
	dungeon.bump(cell, side)


func _descend() -> void:
	changing_level = true
	player.controls_enabled = false
	await hud.fade_to(1.0, 0.25)
	next_level()
	await hud.fade_to(0.0, 0.35)
	player.controls_enabled = not loading
	changing_level = false


func _unhandled_input(event: InputEvent) -> void:
	if event is InputEventMouseButton and event.pressed:
		match event.button_index:
			MOUSE_BUTTON_WHEEL_UP:
				_zoom(1.1)
			MOUSE_BUTTON_WHEEL_DOWN:
				_zoom(1.0 / 1.1)
			_:
				get_viewport().gui_release_focus()
		return
	if event.is_action_pressed("regenerate", false, true):
		regenerate()
	elif event.is_action_pressed("next_level", false, true):
		next_level()
	elif event.is_action_pressed("overview", false, true):
		set_overview(not overview)
	elif event.is_action_pressed("toggle_graph", false, true):
		dungeon.show_graph = not dungeon.show_graph
	elif event.is_action_pressed("zoom_in", true, true):
		_zoom(1.15)
	elif event.is_action_pressed("zoom_out", true, true):
		_zoom(1.0 / 1.15)


func _zoom(factor: float) -> void:
	overview = false
	_zoom_factor = clampf(_zoom_factor * factor, 0.3, 3.0)


# --- Command line and screenshot ------------------------------------------


func _parse_args() -> int:
	var start_level := 1
	for arg in OS.get_cmdline_user_args():
		var key := arg.get_slice("=", 0)
		var value := arg.substr(key.length() + 1) if arg.contains("=") else ""
		match key:
			"--screenshot":
				_screenshot_path = value if value != "" else "res://../out/screenshot.png"
			"--generator":
				for g in GENERATORS.size():
					if GENERATORS[g]["id"] == value:
						generator_index = g
			"--seed":
				run_seed = value.to_int()
			"--level":
				start_level = maxi(1, value.to_int())
			"--zoom":
				room_zoom = value.to_float()
				tile_zoom = value.to_float()
			"--overview":
				overview = true
			"--autoplay":
				_autoplay_levels = maxi(1, value.to_int())
			"--reveal-secrets":
				_reveal_secrets = true
	return start_level


func _take_screenshot() -> void:
	var path := ProjectSettings.globalize_path(_screenshot_path) if _screenshot_path.begins_with("res://") else _screenshot_path
	# Huge entries: wait for the worker thread and the painting.
	var waited := Time.get_ticks_msec()
	while loading:
		await get_tree().process_frame
	if waited != Time.get_ticks_msec():
		print("screenshot: level generated and painted over frames in %d ms, loading bar %d %%, longest frame %.1f ms (%s)" % [
			Time.get_ticks_msec() - waited, roundi(hud.loading_bar.value), longest_loading_frame_ms, longest_loading_frame_stage])
	var grid := dungeon.grid
	if grid == null:
		printerr("screenshot: generation failed: %s" % dungeon.last_error)
		get_tree().quit(1)
		return
	hud.hide_banner()
	var gen := dungeon.generator
	print("dungeon: %s, level %d, seed %d, %s (level range %s)" % [
		GENERATORS[generator_index]["label"], level, run_seed, hud.rooms_label.text, gen.room_count_range(level)])
	print(grid.to_ascii())
	# Let the camera, HUD layout and tweens settle.
	for i in 30:
		await get_tree().process_frame
	await RenderingServer.frame_post_draw
	var img := get_viewport().get_texture().get_image()
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	# Written beside the target, then renamed over it: a failed or cut-short
	# run never leaves a half-written PNG where the old one was.
	var partial := path.get_basename() + ".partial.png"
	var err := img.save_png(partial)
	if err == OK:
		err = DirAccess.rename_absolute(partial, path)
	if err != OK:
		DirAccess.remove_absolute(partial)
		printerr("screenshot: cannot write %s: %s" % [path, error_string(err)])
		get_tree().quit(1)
		return
	var ok := _check_screenshot(path)
	get_tree().quit(0 if ok else 1)


## Reloads the saved PNG and checks its size and that it is not blank.
func _check_screenshot(path: String) -> bool:
	var saved := Image.load_from_file(path)
	if saved == null or saved.is_empty():
		printerr("screenshot: %s cannot be read back" % path)
		return false
	saved.convert(Image.FORMAT_RGBA8)
	var want := Vector2i(
		ProjectSettings.get_setting("display/window/size/viewport_width"),
		ProjectSettings.get_setting("display/window/size/viewport_height"))
	var colours := {}
	var data := saved.get_data()
	for i in range(0, data.size(), 4):
		colours[data.decode_u32(i)] = true
	print("screenshot: %s %dx%d, %d colours" % [path, saved.get_width(), saved.get_height(), colours.size()])
	if saved.get_size() != want:
		printerr("screenshot: size %s, want %s" % [saved.get_size(), want])
		return false
	if colours.size() < MIN_SCREENSHOT_COLOURS:
		printerr("screenshot: only %d colours, the window looks blank" % colours.size())
		return false
	return true
