extends SceneTree
## Headless test runner for the dungeon_gen extension.
##
## Run: godot --headless --path godot_project --script res://tests/runner.gd [-- --filter=NAME[,NAME...]] [--suite-dir=res://...]
##
## Loads every res://tests/suites/test_*.gd, calls each `test_*` method with a
## TestContext, and prints "N passed, N failed" (checks) on its own line. Any
## engine or script error logged while a test runs fails that test unless the
## test announced it with `t.expect_error("substring")` — and an announced
## error that never comes is a failure too. A watchdog thread kills the
## process if a single test (or one part of it: TestContext.part()) runs
## longer than TEST_TIMEOUT_MS.

const TestContext := preload("res://tests/test_context.gd")
const SUITE_DIR := "res://tests/suites"
const TEST_TIMEOUT_MS := 60000
## The classes the extension must register besides the generators, which
## required_classes() adds from GeneratorRegistry (tests/check_release_zip.sh
## reads this list and does the same).
const REQUIRED_CLASSES := ["DungeonGrid", "GeneratorRegistry", "IsaacRoomRules", "SpecialRoomRule",
		"MinesweeperBoard", "ElementaryAutomaton", "RoomTemplate", "LevelGraph",
		"DungeonProgression", "DungeonSpawnRules",
		"DungeonTileMapping", "DungeonTilePainter", "DungeonRoomPlacer", "DungeonGridMapPainter",
		"DungeonNavigation", "DungeonCollision", "DungeonDecorator", "DungeonDecorRule", "DungeonLevel2D", "DungeonLevel3D"]


## Counts every error Godot logs (engine errors, script errors, push_error,
## godot_error! from Rust, Rust panics caught at the FFI boundary).
class ErrorLog extends Logger:
	var _mutex := Mutex.new()
	var _entries: Array[String] = []

	func _log_error(function: String, file: String, line: int, code: String, rationale: String,
			_editor_notify: bool, error_type: int, _script_backtraces: Array[ScriptBacktrace]) -> void:
		# error_type 1 is a warning: report it, but do not count it.
		if error_type == 1:
			return
		_mutex.lock()
		_entries.append("%s (%s:%d in %s) %s" % [rationale if rationale != "" else code, file, line, function, code])
		_mutex.unlock()

	func _log_message(_message: String, _error: bool) -> void:
		pass

	func take() -> Array[String]:
		_mutex.lock()
		var out := _entries.duplicate()
		_entries.clear()
		_mutex.unlock()
		return out


var _log := ErrorLog.new()
var _watchdog := Thread.new()
var _deadline_ms := 0
var _current := ""
var _done := false
var _mutex := Mutex.new()


func _initialize() -> void:
	OS.add_logger(_log)
	_watchdog.start(_watch)
	var code := _run_all()
	_mutex.lock()
	_done = true
	_mutex.unlock()
	_watchdog.wait_to_finish()
	OS.remove_logger(_log)
	quit(code)


func _watch() -> void:
	while true:
		OS.delay_msec(200)
		_mutex.lock()
		var done := _done
		var late := _deadline_ms > 0 and Time.get_ticks_msec() > _deadline_ms
		var name := _current
		_mutex.unlock()
		if done:
			return
		if late:
			printerr("WATCHDOG: %s ran longer than %d ms; killing Godot" % [name, TEST_TIMEOUT_MS])
			print("0 passed, 1 failed")
			OS.kill(OS.get_process_id())
			return


## REQUIRED_CLASSES, then the class of every generator GeneratorRegistry
## lists (none when GeneratorRegistry itself is missing).
static func required_classes() -> Array[String]:
	var out: Array[String] = []
	out.assign(REQUIRED_CLASSES)
	if not ClassDB.class_exists("GeneratorRegistry"):
		return out
	for name in ClassDB.class_call_static("GeneratorRegistry", "get_generator_names"):
		var info: Dictionary = ClassDB.class_call_static("GeneratorRegistry", "get_generator", name)
		out.append(String(info.get("class", "")))
	return out


## Whether test `full` ("suite.test_name") is picked by `filter`: empty
## picks every test, else any of its comma-separated parts that `full`
## contains.
static func _matches(full: String, filter: String) -> bool:
	if filter == "":
		return true
	for part in filter.split(",", false):
		if full.contains(part):
			return true
	return false


func _run_all() -> int:
	var filter := ""
	var suite_dir := SUITE_DIR
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--filter="):
			filter = arg.substr(9)
		elif arg.begins_with("--suite-dir="):
			suite_dir = arg.substr(12)
	var passed := 0
	var failed := 0
	var required := required_classes()
	if required.size() <= REQUIRED_CLASSES.size():
		failed += 1
		printerr("FAIL extension: GeneratorRegistry lists no generator (did the GDExtension load?)")
	for cls in required:
		if ClassDB.class_exists(cls):
			passed += 1
		else:
			failed += 1
			printerr("FAIL extension: class %s is not registered (did the GDExtension load?)" % cls)
	if failed > 0:
		print("%d passed, %d failed" % [passed, failed])
		return 1
	var files := DirAccess.get_files_at(suite_dir)
	files.sort()
	var tests_run := 0
	for file in files:
		if not (file.begins_with("test_") and file.ends_with(".gd")):
			continue
		var script: GDScript = load(suite_dir.path_join(file))
		if script == null or not script.can_instantiate():
			failed += 1
			printerr("FAIL %s: could not load the suite" % file)
			continue
		var suite: Object = script.new()
		for m in suite.get_method_list():
			var name: String = m["name"]
			if not name.begins_with("test_"):
				continue
			var full := "%s.%s" % [file.get_basename(), name]
			if not _matches(full, filter):
				continue
			var t := TestContext.new(full)
			t._on_part = func(what: String) -> void:
				_mutex.lock()
				_current = "%s (%s)" % [full, what]
				_deadline_ms = Time.get_ticks_msec() + TEST_TIMEOUT_MS
				_mutex.unlock()
			_log.take()
			_mutex.lock()
			_current = full
			_deadline_ms = Time.get_ticks_msec() + TEST_TIMEOUT_MS
			_mutex.unlock()
			var started := Time.get_ticks_usec()
			suite.call(name, t)
			_mutex.lock()
			_deadline_ms = 0
			_mutex.unlock()
			t.settle_errors(_log.take())
			tests_run += 1
			passed += t.passed
			failed += t.failed
			var ms := (Time.get_ticks_usec() - started) / 1000.0
			if t.failed == 0:
				print("ok   %s (%d checks, %.1f ms)" % [full, t.passed, ms])
			else:
				print("FAIL %s (%d of %d checks failed)" % [full, t.failed, t.passed + t.failed])
				for f in t.failures:
					print("       - " + f)
		if suite is Node:
			suite.free()
	if tests_run == 0:
		failed += 1
		printerr("FAIL no tests ran (filter %s)" % filter)
	print("%d passed, %d failed" % [passed, failed])
	return 0 if failed == 0 else 1
