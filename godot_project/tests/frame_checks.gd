extends SceneTree
## What the scripts in tests/frames/ share (tests that need real frames,
## which the GDScript runner does not give). Every line they print starts
## with the script's file name; `check()` counts and prints failures (and
## passes too, with `print_passes`); past `max_frames` frames the script
## fails; `finish()` prints the summary and "NAME: all passed" and quits
## with the status tests/check_frames.sh reads. A script extends this one,
## sets `max_frames` in `_init()` and does its work in `_run()`.

## Frames before giving up (the script then quits with status 1).
var max_frames := 20000
## Also print the checks that pass.
var print_passes := false
## The script's name, the prefix of its lines.
var label: String = (get_script() as Script).resource_path.get_file().get_basename()

var _failed := 0
var _checks := 0
var _frames := 0


func _initialize() -> void:
	_run()


## The script's checks; ends with `finish()`.
func _run() -> void:
	finish("no checks")


func _process(_delta: float) -> bool:
	_frames += 1
	if _frames > max_frames:
		printerr("%s: FAIL: still running after %d frames" % [label, max_frames])
		quit(1)
	return false


func check(ok: bool, what: String) -> bool:
	_checks += 1
	if not ok:
		_failed += 1
	if print_passes or not ok:
		print("%s: %s: %s" % [label, "ok" if ok else "FAIL", what])
	return ok


## Prints `summary` and the checks' count, then "all passed" if none
## failed, and quits: status 0 when every check passed.
func finish(summary: String) -> void:
	print("%s: %s, %d checks, %d failed" % [label, summary, _checks, _failed])
	if _failed == 0:
		print("%s: all passed" % label)
	quit(0 if _failed == 0 else 1)
