@tool
extends Node
## The Inspector's live preview (added by plugin.gd). While a DungeonLevel2D
## or DungeonLevel3D is in the Inspector, a change of one of its own settings
## (seed, level, room scene, tile set...) or of any setting of its generator
## (the generator's `changed`, which also follows its templates and rules)
## makes the level again with generate_async(): the generator works on a
## worker thread and tiles are painted over frames, so the editor does not
## wait. A change while a run is still going cancels that run (the level
## node's generate_async does), and all the changes of one frame (a preset,
## an undo) start one run.
##
## Off with the Inspector's "Live preview" box (kept per project in the
## editor's project metadata). Moving the node, or the level's own
## generation (a new seed written by randomize_seed), starts nothing: the
## preview keeps the seed on display.

## A run the preview started finished: `result` is LevelActions' {ok, message}.
signal updated(level: Node, result: Dictionary)

const SETTINGS_SECTION := "dungeon_gen"
const SETTINGS_KEY := "live_preview"
## The level's properties that never start a preview: what generation
## writes, and what only matters in a running game.
const IGNORED := ["grid", "spawn_points", "last_error", "generate_on_ready", "randomize_seed"]

## On: changes start a preview.
var enabled := true:
	set(value):
		enabled = value
		if Engine.is_editor_hint() and EditorInterface.get_editor_settings():
			EditorInterface.get_editor_settings().set_project_metadata(SETTINGS_SECTION, SETTINGS_KEY, value)
## Runs started since the plugin was enabled (for tests and tools).
var runs_started := 0
## Microseconds from the change to the level on display, for the last run
## that finished (-1 before any).
var last_time_to_picture_usec := -1

var _actions: RefCounted
var _level: WeakRef
var _generator: Resource
var _fingerprint: Array = []
var _names: PackedStringArray = []
var _queued := false
var _running := false
var _changed_usec := 0


func _init(actions: RefCounted = null) -> void:
	name = "DungeonLevelPreview"
	_actions = actions
	if Engine.is_editor_hint() and EditorInterface.get_editor_settings():
		enabled = bool(EditorInterface.get_editor_settings().get_project_metadata(SETTINGS_SECTION, SETTINGS_KEY, true))


## Follows `level` (the node in the Inspector); stops following the one before.
func watch(level: Node) -> void:
	if watched() == level:
		return
	_unwatch()
	if level == null:
		return
	_level = weakref(level)
	_names = []
	for p in ClassDB.class_get_property_list(level.get_class(), true):
		if p.usage & PROPERTY_USAGE_EDITOR and not IGNORED.has(p.name):
			_names.append(p.name)
	level.generated.connect(_on_generated)
	level.generation_failed.connect(_on_failed)
	_fingerprint = _settings_of(level)
	_follow_generator(level.generator)


## The level followed, or null.
func watched() -> Node:
	var level: Node = _level.get_ref() if _level else null
	return level if is_instance_valid(level) else null


## Whether a run started by the preview is still going.
func is_running() -> bool:
	return _running


func _exit_tree() -> void:
	_unwatch()


func _unwatch() -> void:
	var level := watched()
	if level:
		if level.generated.is_connected(_on_generated):
			level.generated.disconnect(_on_generated)
		if level.generation_failed.is_connected(_on_failed):
			level.generation_failed.disconnect(_on_failed)
	_follow_generator(null)
	_level = null
	_fingerprint = []
	_queued = false
	_running = false


func _follow_generator(generator: Resource) -> void:
	if _generator == generator:
		return
	if _generator and _generator.changed.is_connected(_on_setting_changed):
		_generator.changed.disconnect(_on_setting_changed)
	_generator = generator
	if _generator:
		_generator.changed.connect(_on_setting_changed)


## The level's own settings as values to compare (resources by identity).
func _settings_of(level: Node) -> Array:
	var values := []
	for name in _names:
		var v: Variant = level.get(name)
		values.append(v.get_instance_id() if v is Object else v)
	return values


func _process(_delta: float) -> void:
	var level := watched()
	if level == null:
		if _level != null:
			_unwatch()
		return
	# The level's own settings have no change signal: compared each frame
	# (a dozen values of one node).
	var now := _settings_of(level)
	if now != _fingerprint:
		_fingerprint = now
		_follow_generator(level.generator)
		_on_setting_changed()
	if _queued:
		_queued = false
		_start(level)


func _on_setting_changed() -> void:
	if not enabled or watched() == null:
		return
	if not _queued:
		_changed_usec = Time.get_ticks_usec()
	_queued = true


func _start(level: Node) -> void:
	runs_started += 1
	_running = true
	# The preview keeps the seed on display: no new seed from randomize_seed.
	var randomize: bool = level.randomize_seed
	level.randomize_seed = false
	if not level.generate_async():
		_running = false
		updated.emit(level, _describe(level))
	level.randomize_seed = randomize


func _on_generated(_grid: Resource) -> void:
	_finish()


func _on_failed(_message: String) -> void:
	_finish()


func _finish() -> void:
	if not _running:
		return
	_running = false
	last_time_to_picture_usec = Time.get_ticks_usec() - _changed_usec
	var level := watched()
	if level:
		updated.emit(level, _describe(level))


func _describe(level: Node) -> Dictionary:
	return _actions.describe(level) if _actions else {ok = String(level.last_error).is_empty(), message = level.last_error}
