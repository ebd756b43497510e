extends RefCounted
## What the checks in tests/frames/ share: tests that need real frames
## (physics bodies, navigation maps syncing), which the GDScript runner does
## not give. tests/frames_runner.gd runs one or more of them, one after
## another, in one Godot. A check extends this script, sets `max_frames` in
## `_init()` and does its work in `_run()`, awaiting `physics_frame` and
## `process_frame` (the tree's, passed on) and adding nodes under `root`, as
## a SceneTree script would; it ends with `finish()`. Every line it prints
## starts with its file name; `check()` counts and prints failures (and
## passes too, with `print_passes`).

## Emitted on each of the tree's physics frames while this check runs.
signal physics_frame
## Emitted on each of the tree's process frames while this check runs.
signal process_frame

## Frames before giving up (the runner then fails the check and quits).
var max_frames := 20000
## Also print the checks that pass.
var print_passes := false
## The script's name, the prefix of its lines.
var label: String = (get_script() as Script).resource_path.get_file().get_basename()
## The tree running the check, and its root window (set by the runner).
var tree: SceneTree
var root: Window
## What `finish()` said; empty until the check has finished.
var summary := ""

var _failed := 0
var _checks := 0


## The check's work; ends with `finish()`.
func _run() -> void:
	finish("no checks")


func check(ok: bool, what: String) -> bool:
	_checks += 1
	if not ok:
		_failed += 1
	if print_passes or not ok:
		print("%s: %s: %s" % [label, "ok" if ok else "FAIL", what])
	return ok


## Ends the check with `text`: the runner prints it with the checks' count,
## then "NAME: all passed" if none failed.
func finish(text: String) -> void:
	summary = text


## True when every check passed (and there was at least one).
func passed() -> bool:
	return _failed == 0 and _checks > 0


## The summary line the runner prints.
func report() -> String:
	return "%s: %s, %d checks, %d failed" % [label, summary, _checks, _failed]
