extends RefCounted
## generate_async() on every generator class: results equal generate_level()
## byte for byte, requests arrive in order on the main thread (from the
## SceneTree's process_frame, driven here through poll_async()), cancel()
## stops them, failures are reported, and nothing leaks.

const Generators := preload("res://tests/generators.gd")
## Classes asked for more seeds than the others' 12.
const MORE_SEEDS := {"IsaacGenerator": 40, "BspGenerator": 40}


## Calls poll_async() until nothing is pending (the SceneTree does it once
## a frame in a running game), at most ~10 s.
static func drain(gen: Resource) -> void:
	var tries := 0
	while gen.is_generating() and tries < 10000:
		OS.delay_usec(1000)
		gen.poll_async()
		tries += 1


func test_async_equals_sync_over_many_seeds(t) -> void:
	var tree := Engine.get_main_loop() as SceneTree
	t.check(not Generators.classes().is_empty(), "GeneratorRegistry lists the generators")
	for cls in Generators.classes():
		t.part(cls)
		var gen: Resource = ClassDB.instantiate(cls)
		var got: Array = []
		gen.generated.connect(func(g): got.append(g))
		var want: Array[String] = []
		var seeds: int = MORE_SEEDS.get(cls, 12)
		for s in seeds:
			gen.seed = s * 7919 - 3
			var level := 1 + s % 3
			gen.generate_async(level)
			var grid: DungeonGrid = gen.generate_level(level)
			t.check(grid != null, "%s seed %d level %d generates: %s" % [cls, gen.seed, level, gen.last_error])
			want.append(grid.to_json() if grid != null else "")
		t.check(tree.process_frame.is_connected(Callable(gen, "poll_async")), cls + ": follows the frames while busy")
		drain(gen)
		t.check_eq(got.size(), seeds, cls + ": every request delivered")
		var same := 0
		for i in mini(got.size(), seeds):
			if got[i].to_json() == want[i]:
				same += 1
		t.check_eq(same, seeds, cls + ": async grids equal generate_level's, in request order")
		t.check(not gen.is_generating() and gen.progress == 1.0, cls + ": idle afterwards")
		t.check(not tree.process_frame.is_connected(Callable(gen, "poll_async")), cls + ": stops following the frames")


func test_settings_are_copied_when_the_request_is_made(t) -> void:
	var gen := BspGenerator.new()
	gen.seed = 5
	var want := gen.generate_level(2).to_json()
	var got: Array = []
	gen.generated.connect(func(g): got.append(g))
	gen.generate_async(2)
	gen.seed = 6
	gen.width = 60
	gen.wait_async()
	t.check_eq(got.size(), 1, "delivered by wait_async")
	t.check_eq(got[0].to_json(), want, "the settings at request time count")


func test_cancel_stops_requests(t) -> void:
	var gen := CaveGenerator.new()
	var got: Array = []
	gen.generated.connect(func(g): got.append(g))
	for i in 50:
		gen.generate_async(1)
	t.check(gen.is_generating(), "busy")
	t.check_eq(gen.cancel(), 50, "cancel() counts the pending requests")
	t.check(not gen.is_generating(), "idle after cancel")
	OS.delay_msec(50)
	gen.poll_async()
	gen.wait_async()
	t.check_eq(got.size(), 0, "no grid after cancel")
	# cancel_request drops one request; the others arrive.
	var a: int = gen.generate_async(1)
	var b: int = gen.generate_async(2)
	var c: int = gen.generate_async(3)
	t.check(a < b and b < c, "request ids grow")
	t.check(gen.cancel_request(b), "cancel_request finds a pending request")
	t.check(not gen.cancel_request(b), "a cancelled request is no longer pending")
	gen.wait_async()
	t.check_eq(got.map(func(g): return g.level), [1, 3], "the other requests arrive")


func test_failures_arrive_as_signals(t) -> void:
	var gen := BspGenerator.new()
	var failed: Array = []
	var got: Array = []
	gen.generation_failed.connect(func(m): failed.append(m))
	gen.generated.connect(func(g): got.append(g))
	gen.width = 3
	gen.generate_async(1)
	gen.width = 40
	gen.generate_async(1)
	t.expect_error("width")
	gen.wait_async()
	t.check_eq(failed.size(), 1, "one failure")
	t.check(failed.size() == 1 and failed[0].contains("width"), "the message names the setting")
	t.check_eq(got.size(), 1, "the good request still arrives")
	t.check_eq(gen.last_error, "", "last_error cleared by the later success")
	gen.generate_async(0)
	t.expect_error("level")
	gen.wait_async()
	t.check(gen.last_error.contains("level"), "a bad level fails like generate_level")


func test_a_handler_may_request_again(t) -> void:
	var gen := IsaacGenerator.new()
	var levels: Array = []
	gen.generated.connect(func(g):
		levels.append(g.level)
		if g.level < 5:
			gen.generate_async(g.level + 1))
	gen.generate_async(1)
	drain(gen)
	t.check_eq(levels, [1, 2, 3, 4, 5], "chained requests from the handler")
	# The handler holds the generator: break the cycle.
	for c in gen.generated.get_connections():
		gen.generated.disconnect(c["callable"])


func test_progress(t) -> void:
	var gen := MazeGenerator.new()
	t.check_eq(gen.progress, 1.0, "idle: 1")
	for i in 20:
		gen.generate_async(1 + i)
	var p: float = gen.progress
	t.check(p >= 0.0 and p <= 1.0, "progress within 0..1 while busy (%f)" % p)
	var last := p
	var monotonic := true
	while gen.is_generating():
		OS.delay_usec(200)
		gen.poll_async()
		monotonic = monotonic and gen.progress >= last
		last = gen.progress
	t.check(monotonic, "progress never goes back")
	t.check_eq(gen.progress, 1.0, "done: 1")


func test_no_leaks_over_1000_async_generations(t) -> void:
	var gen := IsaacGenerator.new()
	var count := [0]
	gen.generated.connect(func(_g): count[0] += 1)
	# Warm up (first use creates the worker pool and caches).
	gen.generate_async(1)
	gen.wait_async()
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	var resources := Performance.get_monitor(Performance.OBJECT_RESOURCE_COUNT)
	for i in 1000:
		gen.seed = i
		gen.generate_async(1 + i % 10)
		if i % 100 == 99:
			drain(gen)
	drain(gen)
	t.check_eq(count[0], 1001, "every request delivered")
	t.check_eq(Performance.get_monitor(Performance.OBJECT_COUNT), objects, "object count unchanged")
	t.check_eq(Performance.get_monitor(Performance.OBJECT_RESOURCE_COUNT), resources, "resource count unchanged")


## Calls what the SceneTree calls on process_frame for the extension: the
## generators' poll_async and the one-shot release of kept generators.
static func frame() -> void:
	var tree := Engine.get_main_loop() as SceneTree
	for c in tree.process_frame.get_connections():
		var callable: Callable = c["callable"]
		if callable.get_method() == "poll_async" or callable.is_custom():
			if c["flags"] & Object.CONNECT_ONE_SHOT:
				tree.process_frame.disconnect(callable)
			callable.call()


func test_a_dropped_generator_still_delivers_then_goes(t) -> void:
	var got := []
	frame()  # let go of what earlier tests left to the next frame
	var objects := Performance.get_monitor(Performance.OBJECT_COUNT)
	var request := func() -> void:
		var gen := CaveGenerator.new()
		gen.generated.connect(func(g): got.append(g.to_json()))
		gen.generate_async(1)
	request.call()
	t.check(Performance.get_monitor(Performance.OBJECT_COUNT) > objects, "the generator is kept while its request is pending")
	var frames := 0
	while got.is_empty() and frames < 5000:
		OS.delay_usec(1000)
		frame()
		frames += 1
	t.check_eq(got.size(), 1, "the request of a generator nobody holds arrives")
	t.check(got.size() == 1 and got[0] == CaveGenerator.new().generate_level(1).to_json(), "and equals generate_level's grid")
	frame()
	t.check_eq(Performance.get_monitor(Performance.OBJECT_COUNT), objects, "a frame later the generator is gone")
