@tool
extends VBoxContainer
## The level-graph editor's live layout preview: lays the edited graph out
## with a GraphLayoutGenerator (a copy of the one the graph was opened
## from, with its templates, or the built-in demo templates) on a worker
## thread (generate_async: the editor never waits for it) and draws the
## result (what LevelGraph.check() finds is shown at once, without the
## generator): floor cells grey, the graph's rooms as numbered rectangles, the
## start room green and the end room red. A failed layout shows the
## generator's error in red; `finished` tells the panel either way.

## Emitted when a layout arrives or fails ("" on success).
signal finished(error: String)

## The preview's seed; "New seed" adds one.
var layout_seed := 1
## The last layout drawn (a DungeonGrid), null after a failure.
var grid: Resource
## The last failure's message, "" after a success.
var error := ""
## The graph rooms of the layout drawn (corridor pieces come after them).
var room_count := 0

var _generator: Resource
var _canvas: Control
var _header: Label
var _error_label: Label


func _init() -> void:
	name = "Preview"
	custom_minimum_size = Vector2(280, 0)
	var bar := HBoxContainer.new()
	_header = Label.new()
	_header.name = "Header"
	_header.text = "Layout preview"
	_header.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	bar.add_child(_header)
	var reseed := Button.new()
	reseed.name = "NewSeed"
	reseed.text = "New seed"
	reseed.tooltip_text = "Lay the graph out again with the next seed."
	reseed.pressed.connect(func() -> void:
		layout_seed += 1
		request_again())
	bar.add_child(reseed)
	add_child(bar)
	_canvas = Control.new()
	_canvas.name = "Canvas"
	_canvas.size_flags_vertical = Control.SIZE_EXPAND_FILL
	_canvas.clip_contents = true
	_canvas.draw.connect(_draw_layout)
	add_child(_canvas)
	_error_label = Label.new()
	_error_label.name = "Error"
	_error_label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_error_label.add_theme_color_override("font_color", Color(1, 0.45, 0.4))
	_error_label.visible = false
	add_child(_error_label)


var _last_graph: Resource
var _last_source: Resource


## Lays `graph` out with `source`'s templates (a GraphLayoutGenerator, or
## null for the demo templates); the previous request, if still running,
## is cancelled.
func request(graph: Resource, source: Resource) -> void:
	_last_graph = graph
	_last_source = source
	if _generator != null:
		_generator.cancel()
		_generator = null
	if graph == null:
		grid = null
		error = ""
		_show()
		return
	# What the graph alone gets wrong (too few rooms, not connected, not
	# planar) is told at once, without the generator logging an error.
	var problem := String(graph.check())
	if not problem.is_empty():
		grid = null
		error = problem
		_show()
		finished.emit(error)
		return
	var gen: Resource = source.duplicate() if source != null else ClassDB.instantiate("GraphLayoutGenerator")
	gen.graph = graph.duplicate()
	gen.seed = layout_seed
	_generator = gen
	_header.text = "Layout preview (seed %d): laying out…" % layout_seed
	gen.generated.connect(_on_generated.bind(gen))
	gen.generation_failed.connect(_on_failed.bind(gen))
	gen.generate_async(1)


func _notification(what: int) -> void:
	if what == NOTIFICATION_PREDELETE and _generator != null:
		_generator.cancel()


func request_again() -> void:
	request(_last_graph, _last_source)


func is_busy() -> bool:
	return _generator != null


func _on_generated(result: Resource, gen: Resource) -> void:
	if gen != _generator:
		return
	_generator = null
	grid = result
	error = ""
	room_count = _last_graph.get_room_count() if _last_graph else 0
	_show()
	finished.emit("")


func _on_failed(message: String, gen: Resource) -> void:
	if gen != _generator:
		return
	_generator = null
	grid = null
	error = message
	_show()
	finished.emit(message)


func _show() -> void:
	_error_label.visible = not error.is_empty()
	_error_label.text = error
	if grid != null:
		_header.text = "Layout preview (seed %d): %d×%d cells" % [layout_seed, grid.get_width(), grid.get_height()]
	elif not error.is_empty():
		_header.text = "Layout preview (seed %d): failed" % layout_seed
	else:
		_header.text = "Layout preview"
	_canvas.queue_redraw()


func _draw_layout() -> void:
	var area := _canvas.size
	_canvas.draw_rect(Rect2(Vector2.ZERO, area), Color(0.08, 0.08, 0.1))
	if grid == null:
		return
	var w: int = grid.get_width()
	var h: int = grid.get_height()
	if w <= 0 or h <= 0:
		return
	var cell := minf((area.x - 8) / w, (area.y - 8) / h)
	if cell <= 0:
		return
	var origin := (area - Vector2(w, h) * cell) / 2
	var cells: PackedInt32Array = grid.cells_packed()
	for y in h:
		for x in w:
			if cells[y * w + x] != 0:
				_canvas.draw_rect(Rect2(origin + Vector2(x, y) * cell, Vector2(cell, cell)), Color(0.45, 0.45, 0.5))
	var font := _canvas.get_theme_default_font()
	var start: int = grid.get_start_room()
	var end: int = grid.get_end_room()
	var rooms: int = mini(grid.get_room_count(), room_count)
	for i in rooms:
		var r: Rect2i = grid.get_room_rect(i)
		var rect := Rect2(origin + Vector2(r.position) * cell, Vector2(r.size) * cell)
		var color := Color(0.55, 0.7, 1.0)
		if i == start:
			color = Color(0.4, 0.9, 0.4)
		elif i == end:
			color = Color(1.0, 0.4, 0.35)
		_canvas.draw_rect(rect, Color(color, 0.25))
		_canvas.draw_rect(rect, color, false, 1.5)
		var font_size := clampi(int(cell * 2.5), 8, 16)
		_canvas.draw_string(font, rect.get_center() + Vector2(-font_size * 0.3, font_size * 0.35), str(i), HORIZONTAL_ALIGNMENT_LEFT, -1, font_size, Color.WHITE)
