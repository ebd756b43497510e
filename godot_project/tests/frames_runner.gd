extends SceneTree
## Runs the checks of tests/frames/ named on the command line (every one when
## none is named), one after another in this one Godot, with real frames.
## Each prints its lines, "NAME: SUMMARY, N checks, N failed" and, when every
## check passed, "NAME: all passed". Exit status 0 when all of them passed.
## A check still running after its `max_frames` frames fails, and the run
## quits. tests/check_frames.sh runs it.
##
## Run: godot --headless --path godot_project --script res://tests/frames_runner.gd -- [NAME ...]

const DIR := "res://tests/frames"

var _current: RefCounted
var _frames := 0


func _initialize() -> void:
	physics_frame.connect(func() -> void:
		if _current != null:
			_current.physics_frame.emit())
	process_frame.connect(func() -> void:
		if _current != null:
			_current.process_frame.emit())
	_run_all()


func _process(_delta: float) -> bool:
	_frames += 1
	if _current != null and _frames > _current.max_frames:
		printerr("%s: FAIL: still running after %d frames" % [_current.label, _current.max_frames])
		quit(1)
	return false


func _run_all() -> void:
	var names := Array(OS.get_cmdline_user_args())
	if names.is_empty():
		for file in DirAccess.get_files_at(DIR):
			if file.ends_with(".gd"):
				names.append(file.get_basename())
	var failed := 0
	for name: String in names:
		var script: GDScript = load("%s/%s.gd" % [DIR, name]) if ResourceLoader.exists("%s/%s.gd" % [DIR, name]) else null
		if script == null:
			printerr("frames_runner: no check %s in %s" % [name, DIR])
			failed += 1
			continue
		var check: RefCounted = script.new()
		check.tree = self
		check.root = root
		_frames = 0
		_current = check
		await check._run()
		_current = null
		# A frame between checks lets what the last one freed go.
		await process_frame
		print(check.report())
		if check.summary != "" and check.passed():
			print("%s: all passed" % check.label)
		else:
			failed += 1
	quit(0 if failed == 0 else 1)
