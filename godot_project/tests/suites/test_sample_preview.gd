extends RefCounted
## The sample's editor preview generates with generate_async(): a new
## setting cancels the run still going, and the grid that arrives is the
## one generate_level() gives.

const BSP := 3  # main.gd GENERATORS


func test_preview_generates_async_and_cancels_the_previous_run(t) -> void:
	var main: Node = load("res://main.tscn").instantiate()
	main.run_seed = 77
	main.start()
	main.select_generator(BSP)
	var dungeon: Dungeon = main.dungeon
	var gen: Resource = dungeon.generator
	var got := []
	dungeon.generated.connect(func(g): got.append(g))
	gen.seed = 101
	dungeon.preview()
	t.check(gen.is_generating(), "the preview runs off the main thread")
	gen.seed = 102
	dungeon.preview()
	gen.wait_async()
	t.check_eq(got.size(), 1, "only the last preview arrives")
	var want: String = gen.generate_level(gen.level).to_json()
	t.check(got.size() == 1 and got[0].to_json() == want, "the preview grid equals generate_level's")
	t.check(dungeon.grid != null and dungeon.grid.to_json() == want, "and is on display")
	t.check(dungeon.tile_layer.get_used_cells().size() > 0, "painted")
	main.free()
