extends SceneTree
## Headless benchmark: the dungeon_gen extension against plain GDScript ports
## of the same generators, in one Godot process.
##
## Run (tests/run_bench.sh does, three times, with a release build):
##   godot --headless --path godot_project --script res://bench/bench.gd [-- --quick] [--only=cave]
##
## Prints tab-separated lines on stdout, read by the BENCHMARKS.md renderer
## (rust/dungeon_bench/src/bin/report.rs):
##   META     key  value
##   RESULT   id  median_us  min_us  max_us  rounds  batch   (per dungeon)
##   LEVEL10  generator  impl  tried  succeeded  median_us  p99_us  max_us
##   DONE
## Nothing is asserted: this is a report, not a test.

const REQUIRED := ["DungeonGrid", "IsaacGenerator", "DrunkardGenerator", "BspGenerator", "CaveGenerator"]


func _initialize() -> void:
	for c in REQUIRED:
		if not ClassDB.class_exists(c):
			printerr("bench: class %s is not registered: is the extension built and in addons/dungeon_gen/bin/?" % c)
			quit(1)
			return
	# Loaded only now: the cases name the extension's classes in their types.
	var script: GDScript = load("res://bench/bench_cases.gd")
	if script == null or not script.can_instantiate():
		printerr("bench: bench_cases.gd does not load (see the parse errors above)")
		quit(1)
		return
	var cases: RefCounted = script.new()
	var quick := OS.get_cmdline_user_args().has("--quick")
	var only := ""
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--only="):
			only = arg.substr(7)
	cases.run(quick, only)
	print("DONE")
	quit(0)
