extends CanvasLayer
## The sample's HUD: the control bar (generator, seed, Regenerate, Next
## level), the level panel, the minimap, the key hints and the level banner.
## It only shows things and reports clicks; main.gd decides what happens.
## The scene holds no placeholder text, and main.tscn keeps the HUD hidden
## until setup(), so nothing covers the level in the 2D editor.

signal generator_selected(index: int)
signal regenerate_requested
signal next_level_requested

const LocksView := preload("res://scripts/locks_view.gd")

var generator_picker: OptionButton
var seed_edit: LineEdit
var random_seed_toggle: CheckBox
var regenerate_button: Button
var next_level_button: Button
var level_label: Label
var generator_label: Label
var rooms_label: Label
var range_label: Label
var seed_label: Label
var message_label: Label
var banner: Label
var fade_rect: ColorRect
var minimap: Control
## The loading bar shown while a huge level is generated and painted (0–100).
var loading_bar: ProgressBar
var loading_label: Label
## The keys held on a locked level, drawn as coloured key icons (hidden on
## levels without locks).
var keys_row: Control
var _key_colours: Array = []

var _banner_tween: Tween
var _bound := false


func _ready() -> void:
	setup()


## Finds the controls and connects them. _ready calls it; main.gd calls it
## too, so the HUD also works in a scene that is not in a running tree yet.
func setup() -> void:
	if _bound:
		return
	_bound = true
	visible = true
	generator_picker = %GeneratorPicker
	seed_edit = %SeedEdit
	random_seed_toggle = %RandomSeed
	regenerate_button = %Regenerate
	next_level_button = %NextLevel
	level_label = %Level
	generator_label = %GeneratorName
	rooms_label = %Rooms
	range_label = %Range
	seed_label = %Seed
	message_label = %Message
	banner = %Banner
	fade_rect = %Fade
	minimap = %Minimap
	loading_bar = %LoadingBar
	loading_label = %LoadingLabel
	%Loading.hide()
	keys_row = Control.new()
	keys_row.name = "Keys"
	keys_row.custom_minimum_size = Vector2(0, 26)
	keys_row.draw.connect(_draw_keys)
	keys_row.hide()
	rooms_label.get_parent().add_child(keys_row)
	rooms_label.get_parent().move_child(keys_row, rooms_label.get_index() + 1)
	generator_picker.item_selected.connect(func(i: int) -> void: generator_selected.emit(i))
	regenerate_button.pressed.connect(func() -> void: regenerate_requested.emit())
	next_level_button.pressed.connect(func() -> void: next_level_requested.emit())
	seed_edit.text_changed.connect(_on_seed_text_changed)
	seed_edit.text_submitted.connect(func(_t: String) -> void:
		seed_edit.release_focus()
		regenerate_requested.emit())
	random_seed_toggle.add_theme_icon_override("unchecked", _box_icon(false))
	random_seed_toggle.add_theme_icon_override("checked", _box_icon(true))
	banner.modulate.a = 0.0
	fade_rect.color.a = 0.0
	message_label.hide()


## Shows the keys held (their colours, in pick-up order); `shown` false
## hides the row (a level without locks).
func show_keys(colours: Array, shown := true) -> void:
	_key_colours = colours
	keys_row.visible = shown
	keys_row.queue_redraw()


func _draw_keys() -> void:
	var font := ThemeDB.fallback_font
	keys_row.draw_string(font, Vector2(0, 18), "Keys:", HORIZONTAL_ALIGNMENT_LEFT, -1, 14, Color(1, 1, 1, 0.8))
	if _key_colours.is_empty():
		keys_row.draw_string(font, Vector2(44, 18), "none", HORIZONTAL_ALIGNMENT_LEFT, -1, 14, Color(1, 1, 1, 0.45))
	for i in _key_colours.size():
		LocksView.draw_key(keys_row, Vector2(52 + i * 22, 13), 22.0, _key_colours[i])


## Fills the generator picker.
func setup_generators(labels: Array, selected: int) -> void:
	generator_picker.clear()
	for label in labels:
		generator_picker.add_item(label)
	generator_picker.select(selected)


## `true` when "Random" is ticked: Regenerate then rolls a new seed.
func is_random_seed() -> bool:
	return random_seed_toggle.button_pressed


## The seed typed in the field (0 if empty).
func typed_seed() -> int:
	return seed_edit.text.to_int()


func set_seed_text(value: int) -> void:
	seed_edit.text = str(value)


## Updates the level panel. Open-floor maps (caves, tunnels, walks) have no
## rooms: pass their floor tile count as `floor_tiles` to show that instead.
## `counts` is [method room_counts]'s: the rooms in the units of the level's
## room-count range, then the drawn rooms that range leaves out (Isaac's
## secret rooms come on top of the count; a template level's corridor pieces
## are not rooms), so the panel reads e.g. "16 rooms + 1 secret" beside
## "this level: 15 – 16".
func show_level(level: int, generator_name: String, counts: Vector3i, count_range: Vector2i, run_seed: int, max_level: int, floor_tiles := -1) -> void:
	level_label.text = "LEVEL %d" % level if max_level <= 0 else "LEVEL %d / %d" % [level, max_level]
	generator_label.text = generator_name
	if floor_tiles >= 0:
		rooms_label.text = "%d floor tiles" % floor_tiles
		range_label.text = "open floor, no rooms"
	else:
		rooms_label.text = room_count_text(counts)
		range_label.text = "this level: %d – %d" % [count_range.x, count_range.y]
	seed_label.text = "seed %d" % run_seed
	message_label.hide()


## "N rooms", then the drawn rooms the level range does not count:
## "16 rooms + 1 secret", "10 rooms + 8 corridor pieces".
static func room_count_text(counts: Vector3i) -> String:
	var text := "%d rooms" % counts.x
	if counts.y > 0:
		text += " + %d secret" % counts.y
	if counts.z > 0:
		text += " + %d corridor piece%s" % [counts.z, "" if counts.z == 1 else "s"]
	return text


## Vector3i(rooms the level's room-count range counts, secret rooms,
## corridor pieces). `drawn` is every room on screen. A TemplateGenerator
## level (`graph` from generate_with_graph has "placements") counts
## placements: those whose template carries the generator's corridor_tag are
## corridor pieces, the rest rooms. Otherwise the secret rooms of a room grid
## come off `drawn` (the super secret room stands in a dead end of the grown
## floor and is counted).
static func room_counts(grid: DungeonGrid, gen: Resource, graph: Dictionary, drawn: int) -> Vector3i:
	if graph.has("placements"):
		var tag = gen.get("corridor_tag") if gen != null else null
		var pieces := 0
		for p in graph["placements"]:
			var template: RoomTemplate = p["resource"]
			if tag is String and tag != "" and template != null and template.tags.has(tag):
				pieces += 1
		return Vector3i(graph["placements"].size() - pieces, 0, pieces)
	var secret := 0
	if grid != null and grid.get_kind() == DungeonGrid.KIND_ROOM_GRID:
		secret = grid.get_rooms_with_role(DungeonGrid.ROLE_SECRET).size()
	return Vector3i(drawn - secret, secret, 0)


## Shows or hides the loading bar (huge levels), starting it at 0 %.
func show_loading(on: bool) -> void:
	if on:
		set_loading_progress(0.0, "generating")
	%Loading.visible = on


## Sets the loading bar to `fraction` (0 to 1) and says what is going on.
func set_loading_progress(fraction: float, stage := "") -> void:
	loading_bar.value = clampf(fraction, 0.0, 1.0) * 100.0
	loading_label.text = "Loading…" if stage == "" else "Loading… %s" % stage


## Shows an error (or notice) under the level panel.
func show_message(text: String, is_error := true) -> void:
	message_label.text = text
	message_label.modulate = Color("ff8a9a") if is_error else Color("ffcd75")
	message_label.show()


## Flashes a big centred title (e.g. "LEVEL 4").
func show_banner(text: String, sub := "") -> void:
	banner.text = text if sub == "" else "%s\n%s" % [text, sub]
	if _banner_tween:
		_banner_tween.kill()
	banner.modulate.a = 1.0
	if not is_inside_tree():
		return
	_banner_tween = create_tween()
	_banner_tween.tween_interval(1.1)
	_banner_tween.tween_property(banner, "modulate:a", 0.0, 0.6)


## Hides the banner at once.
func hide_banner() -> void:
	if _banner_tween:
		_banner_tween.kill()
	banner.modulate.a = 0.0


## Fades the screen to `alpha` over `seconds`; await the returned signal.
func fade_to(alpha: float, seconds := 0.25) -> Signal:
	var tween := create_tween()
	tween.tween_property(fade_rect, "color:a", alpha, seconds)
	return tween.finished


# A check box drawn in the HUD's colours (the default one is too dark here).
static func _box_icon(checked: bool) -> ImageTexture:
	var img := Image.create_empty(18, 18, false, Image.FORMAT_RGBA8)
	img.fill(Color("6d63a0"))
	img.fill_rect(Rect2i(1, 1, 16, 16), Color("17142a"))
	if checked:
		img.fill_rect(Rect2i(4, 4, 10, 10), Color("5ee0b4"))
	return ImageTexture.create_from_image(img)


func _on_seed_text_changed(text: String) -> void:
	var digits := ""
	for ch in text:
		if ch >= "0" and ch <= "9":
			digits += ch
	if digits != text:
		var caret := seed_edit.caret_column
		seed_edit.text = digits
		seed_edit.caret_column = mini(caret, digits.length())
