@tool
extends "check_base.gd"
## Benchmark, not a test (tests/check_editor_plugin.sh --preview-bench): in
## a headless editor with the dungeon_gen plugin on, for every generator of
## the registry (a new instance: its default preset), and a 1024² cave, a DungeonLevel2D in
## the Inspector with the live preview on, and ROUNDS seed changes. For each
## generator it prints a BENCH line: the time from the change to the new
## level on display (median and longest), the longest editor frame while
## the preview ran, and, for comparison, the frame a synchronous generate()
## would take. First, IDLE: the editor's longest frame with nothing to do.
## Nothing is asserted.

const ROUNDS := 5


func _checks() -> void:
	var preview: Node = get_tree().root.find_children("DungeonLevelPreview", "", true, false)[0]
	var idle := await _frame_times(func() -> bool: return false, 120)
	print("IDLE\tlongest %.1f ms\tmedian %.1f ms\tframes %d" % [idle.max() / 1000.0, _median(idle) / 1000.0, idle.size()])
	print("BENCH\tgenerator\tto picture: median ms\tlongest ms\tlongest frame ms\tframes\tsync generate() ms")
	var cases := []
	for name in GeneratorRegistry.get_generator_names():
		cases.append([name, GeneratorRegistry.get_generator(name)["class"], {}])
	# A big map, where a synchronous generate() would freeze the editor.
	cases.append(["cave 1024²", "CaveGenerator", {width = 1024, height = 1024}])
	for case in cases:
		var name: String = case[0]
		var level := await _open_scene("res://bench_%d.tscn" % cases.find(case), func(l):
			l.generator = ClassDB.instantiate(case[1])
			for key in case[2]:
				l.generator.set(key, case[2][key])
			l.seed = 1)
		if level == null:
			continue
		EditorInterface.edit_node(level)
		await _frames(3)
		var pictures: Array[float] = []
		var frames: Array[int] = []
		for round in ROUNDS:
			var runs: int = preview.runs_started
			level.seed = 100 + round
			# The preview starts at the next frame and ends with `generated`.
			var times := await _frame_times(func() -> bool: return preview.runs_started > runs and not preview.is_running(), 3000)
			frames.append_array(times)
			pictures.append(preview.last_time_to_picture_usec / 1000.0)
			_check(level.grid != null and level.grid.get_seed() == 100 + round, "%s: the preview shows seed %d" % [name, 100 + round])
		var t0 := Time.get_ticks_usec()
		level.generate()
		var sync_ms := (Time.get_ticks_usec() - t0) / 1000.0
		pictures.sort()
		print("BENCH\t%s\t%.1f\t%.1f\t%.1f\t%d\t%.1f" % [name, pictures[pictures.size() / 2], pictures.max(), frames.max() / 1000.0, frames.size(), sync_ms])
		EditorInterface.close_scene()
		await _frames(2)


## The intervals between frames (µs) until `done` holds, at most `budget`
## frames.
func _frame_times(done: Callable, budget: int) -> Array[int]:
	var times: Array[int] = []
	var last := Time.get_ticks_usec()
	for i in budget:
		await get_tree().process_frame
		var now := Time.get_ticks_usec()
		times.append(now - last)
		last = now
		if done.call():
			break
	return times


static func _median(values: Array) -> float:
	var sorted := values.duplicate()
	sorted.sort()
	return sorted[sorted.size() / 2] if not sorted.is_empty() else 0.0
