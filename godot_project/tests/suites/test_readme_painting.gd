extends RefCounted
## The painting example (docs/painting.md), run exactly as written, with the frames
## it waits for driven by hand (the runner runs no frames).

const ReadmeSuite := preload("res://tests/suites/test_readme.gd")


func test_painting_example_paints_a_cave(t) -> void:
	var suite := ReadmeSuite.new()
	var example := ""
	for e in suite._examples():
		if e.contains("paint_over_frames"):
			example = e
	var node: Node2D = suite._load(example)
	if not t.check(node != null, "the painting example compiles"):
		return
	node.run()
	var layer: TileMapLayer = node.get_child(0)
	var painter: DungeonTilePainter = node.get_child(1)
	# What the SceneTree does each frame: call what follows process_frame.
	var tree := Engine.get_main_loop() as SceneTree
	var frames := 0
	while frames < 20000:
		frames += 1
		for c in tree.process_frame.get_connections():
			var callable: Callable = c["callable"]
			if callable.get_method() in ["poll_async", "paint_step"]:
				callable.call()
		if layer.get_used_cells().size() > 0 and not painter.is_painting():
			break
		OS.delay_usec(500)
	var grid := CaveGenerator.new().generate_level(1)
	var walkable := grid.width * grid.height - grid.cells_packed().count(DungeonGrid.EMPTY)
	var floors := layer.get_used_cells_by_id(0, Vector2i(0, 0)).size()
	t.check_eq(floors, walkable - 2, "every floor tile painted (start and end have tiles of their own)")
	var walls := layer.get_used_cells().size() - walkable
	t.check(walls > 0, "walls painted")
	var blob_row := 0
	for c in layer.get_used_cells():
		if layer.get_cell_atlas_coords(c).y >= 1:
			blob_row += 1
	t.check_eq(blob_row, walls, "walls come from the blob rows")
	node.free()
