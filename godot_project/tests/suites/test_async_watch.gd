extends RefCounted
## A long generate_async() run: its progress rises from frame to frame,
## cancel() stops it part way (the worker is free again long before the run
## would have finished, and nothing is delivered), and the grid still equals
## generate_level()'s. The long run is a 2048² cave: most of a second in a
## debug build, a few dozen milliseconds in a release one.

const Support := preload("res://tests/support.gd")


## One simulated frame: about a millisecond, then what the SceneTree calls
## on process_frame while requests are pending.
static func frame(gen: Resource) -> void:
	OS.delay_usec(1000)
	gen.poll_async()


static func big_cave() -> CaveGenerator:
	var gen := CaveGenerator.new()
	gen.width = 2048
	gen.height = 2048
	gen.seed = 11
	return gen


## Frames until `gen` delivers a grid into `got` (at most 20 000).
static func frames_until_delivered(gen: Resource, got: Array) -> int:
	var frames := 0
	while got.is_empty() and frames < 20000:
		frame(gen)
		frames += 1
	return frames


func test_progress_rises_during_a_long_run(t) -> void:
	var gen := big_cave()
	var got: Array = []
	gen.generated.connect(func(g): got.append(g))
	gen.generate_async(1)
	var seen := Support.watch_progress(gen, got, 20000)
	t.check_eq(got.size(), 1, "the big cave arrives")
	t.check(seen.values > 2, "progress took %d distinct values between 0 and 1 over %d frames" % [seen.values, seen.frames])
	t.check(seen.monotonic, "progress never goes back")
	t.check_eq(gen.progress, 1.0, "1 once delivered")
	if got.size() == 1:
		var sync: DungeonGrid = gen.generate_level(1)
		var grid: DungeonGrid = got[0]
		t.check(grid.cells_packed() == sync.cells_packed() and grid.door_masks_packed() == sync.door_masks_packed()
				and grid.start_cell == sync.start_cell and grid.end_cell == sync.end_cell,
				"the watched async run gives generate_level's grid")


func test_cancel_stops_a_running_generation(t) -> void:
	var gen := big_cave()
	var got: Array = []
	var failed: Array = []
	gen.generated.connect(func(g): got.append(g))
	gen.generation_failed.connect(func(m): failed.append(m))
	# Reference: the frames the whole run takes.
	gen.generate_async(1)
	var full := frames_until_delivered(gen, got)
	t.check_eq(got.size(), 1, "the reference run arrives")
	t.check(full >= 30, "the reference run spans many frames (%d)" % full)
	got.clear()

	# The same run, cancelled once its progress shows it under way.
	gen.generate_async(1)
	var waited := 0
	while gen.progress <= 0.0 and waited < 20000:
		frame(gen)
		waited += 1
	var at: float = gen.progress
	t.check(at > 0.0 and at < 1.0, "running when cancelled (progress %f)" % at)
	t.check_eq(gen.cancel(), 1, "cancel() counts the running request")
	t.check_eq(gen.get_stopping_count(), 1, "the running request counts while it stops")
	t.check(not gen.is_generating(), "not generating right after cancel()")
	t.check_eq(gen.progress, 1.0, "nothing pending: progress 1")
	var stopping := 0
	while gen.get_stopping_count() > 0 and stopping < 20000:
		frame(gen)
		stopping += 1
	t.check_eq(gen.get_stopping_count(), 0, "the cancelled run stopped")
	# Started, ran to `at`, stopped: all in far fewer frames than the run needs.
	t.check((waited + stopping) * 3 < full,
			"stopped early: %d frames from start to stop, the whole run takes %d" % [waited + stopping, full])
	for i in 20:
		frame(gen)
	gen.wait_async()
	t.check_eq(got.size(), 0, "no grid from the cancelled run")
	t.check_eq(failed.size(), 0, "a cancel is no failure")
	t.check_eq(gen.last_error, "", "last_error stays empty")

	# cancel_request() stops a running request the same way; the next one
	# arrives.
	gen.width = 64
	gen.height = 64
	var small_want := gen.generate_level(1).to_json()
	gen.width = 2048
	gen.height = 2048
	var id: int = gen.generate_async(1)
	waited = 0
	while gen.progress <= 0.0 and waited < 20000:
		frame(gen)
		waited += 1
	gen.width = 64
	gen.height = 64
	gen.generate_async(1)
	t.check(gen.cancel_request(id), "cancel_request finds the running request")
	t.check(gen.is_generating(), "the small request is still pending")
	var frames := frames_until_delivered(gen, got)
	t.check_eq(got.size(), 1, "the small request arrives")
	t.check(frames * 3 < full, "without waiting for the cancelled big run (%d frames, the run takes %d)" % [frames, full])
	t.check(got.size() == 1 and got[0].to_json() == small_want, "and it is the small cave")
	stopping = 0
	while gen.get_stopping_count() > 0 and stopping < 20000:
		frame(gen)
		stopping += 1
	t.check_eq(gen.get_stopping_count(), 0, "the cancelled big run stopped")


func test_cancel_before_start_and_many_cancels(t) -> void:
	var gen := big_cave()
	var got: Array = []
	gen.generated.connect(func(g): got.append(g))
	# More requests than workers: the waiting ones never run, the running
	# ones stop; all workers are free again soon after.
	for i in 8:
		gen.generate_async(1)
	t.check_eq(gen.cancel(), 8, "all eight cancelled")
	t.check(gen.get_stopping_count() <= 4, "at most the pool's four workers were running (%d)" % gen.get_stopping_count())
	var frames := 0
	while gen.get_stopping_count() > 0 and frames < 20000:
		frame(gen)
		frames += 1
	t.check_eq(gen.get_stopping_count(), 0, "every cancelled run stopped")
	gen.wait_async()
	t.check_eq(got.size(), 0, "nothing delivered")
	# The workers are free: a small request now arrives at once.
	gen.width = 64
	gen.height = 64
	gen.generate_async(1)
	frames_until_delivered(gen, got)
	t.check_eq(got.size(), 1, "a new request after the cancels arrives")
