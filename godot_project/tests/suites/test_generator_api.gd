extends RefCounted
## What every generator class promises a designer: saved settings load back
## equal, every property set emits `changed`, enums are typed, and messages
## show values as given.

const Generators := preload("res://tests/generators.gd")
## For a class with no `width`, `order` or `cell_count`: the integer
## setting that bounds its levels (see size_setting()).
const SIZE_SETTINGS := {"GraphLayoutGenerator": "work_budget"}
const PATH := "user://generator_round_trip.tres"


## The class's settings a designer edits (Inspector properties), preset first.
static func settings(cls: String) -> Array[Dictionary]:
	var out: Array[Dictionary] = []
	for p in ClassDB.class_get_property_list(cls, true):
		if p["usage"] & PROPERTY_USAGE_EDITOR and not p["usage"] & (PROPERTY_USAGE_GROUP | PROPERTY_USAGE_CATEGORY):
			out.append(p)
	return out


## The integer setting that sizes the map: `width`, or `order` for
## HilbertGenerator, which has no width; SIZE_SETTINGS names it for a class
## whose graph sizes its levels. "" for a class that has none of them: the
## tests that need one fail on it.
static func size_setting(cls: String) -> String:
	var names := {}
	for p in ClassDB.class_get_property_list(cls, true):
		names[p["name"]] = true
	if SIZE_SETTINGS.has(cls) and names.has(SIZE_SETTINGS[cls]):
		return SIZE_SETTINGS[cls]
	# Hilbert sizes its grid by order, TinyKeep by its cell count.
	for name in ["width", "order", "cell_count"]:
		if names.has(name):
			return name
	return ""


## The number of values of an enum property, from its Inspector hint.
static func enum_size(p: Dictionary) -> int:
	return String(p["hint_string"]).split(",").size()


## A valid value of property `p` that differs from `current`.
static func other_value(p: Dictionary, current: Variant) -> Variant:
	if p["hint"] == PROPERTY_HINT_ENUM:
		return (int(current) + 1) % enum_size(p)
	match p["type"]:
		TYPE_BOOL:
			return not current
		TYPE_INT:
			return int(current) + 1
		TYPE_FLOAT:
			return float(current) + 0.125
		TYPE_VECTOR2I:
			return current + Vector2i(1, 1)
		TYPE_VECTOR2:
			return current + Vector2(1, 1)
		TYPE_STRING:
			return current + "x"
		TYPE_DICTIONARY:
			return {} if not current.is_empty() else {"x": Vector2i(0, 1)}
		TYPE_ARRAY:
			# TemplateGenerator.templates: one entry fewer (same element
			# type); an empty list (GraphLayoutGenerator.corridor_templates)
			# gets one new element of its type ("24/17:RoomTemplate").
			if current.is_empty():
				var more: Array = current.duplicate()
				more.append(ClassDB.instantiate(String(p["hint_string"]).get_slice(":", 1)))
				return more
			return current.slice(0, maxi(0, current.size() - 1))
		TYPE_OBJECT:
			# A sub-resource (IsaacGenerator.room_rules): a new one, or none.
			return ClassDB.instantiate(p["hint_string"]) if current == null else null
	return null


## The preset values (not Custom) of `cls`.
static func presets(cls: String) -> Array[int]:
	var out: Array[int] = []
	for i in ClassDB.class_get_integer_constant_list(cls, true):
		if i.begins_with("PRESET_") and i != "PRESET_CUSTOM":
			out.append(ClassDB.class_get_integer_constant(cls, i))
	return out


## `a == b`, with floats compared as Godot's text format keeps them (about
## 15 digits) and NaN equal to NaN.
static func same(a: Variant, b: Variant) -> bool:
	if typeof(a) != typeof(b):
		return false
	if typeof(a) == TYPE_FLOAT:
		return (is_nan(a) and is_nan(b)) or a == b or is_equal_approx(a, b)
	if typeof(a) == TYPE_OBJECT or typeof(a) == TYPE_ARRAY:
		# Sub-resources (alone or in arrays: TemplateGenerator.templates)
		# load as new objects: equal when their settings are.
		return var_to_str(a) == var_to_str(b)
	return a == b


## Saves `gen`, loads it back and checks every setting is equal.
static func check_round_trip(t, gen: Resource, label: String) -> void:
	if not t.check_eq(ResourceSaver.save(gen, PATH), OK, label + ": save"):
		return
	var back: Resource = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
	if not t.check(back != null and back.get_class() == gen.get_class(), label + ": load"):
		return
	var differ: Array[String] = []
	for p in settings(gen.get_class()):
		var want = gen.get(p["name"])
		var got = back.get(p["name"])
		if not same(got, want):
			differ.append("%s: %s != %s" % [p["name"], var_to_str(got), var_to_str(want)])
	t.check(differ.is_empty(), label + ": loaded settings differ: " + ", ".join(differ))


func test_round_trip_every_preset_and_property(t) -> void:
	t.check(not Generators.classes().is_empty(), "GeneratorRegistry lists the generators")
	for cls in Generators.classes():
		t.part(cls)
		var fresh: Resource = ClassDB.instantiate(cls)
		for preset in presets(cls):
			for p in settings(cls):
				var name: String = p["name"]
				if name == "preset":
					continue
				# A non-default value on top of the preset.
				var gen: Resource = ClassDB.instantiate(cls)
				gen.preset = preset
				gen.set(name, other_value(p, gen.get(name)))
				check_round_trip(t, gen, "%s preset %d, %s changed" % [cls, preset, name])
				# The class default value on top of another preset: it is not
				# written to the file, and loading must not replace it.
				gen = ClassDB.instantiate(cls)
				gen.preset = preset
				gen.set(name, fresh.get(name))
				check_round_trip(t, gen, "%s preset %d, %s set to its default" % [cls, preset, name])
			var plain: Resource = ClassDB.instantiate(cls)
			plain.preset = preset
			check_round_trip(t, plain, "%s preset %d as is" % [cls, preset])
			var back: Resource = ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
			t.check_eq(back.preset, preset, "%s preset %d reads back as that preset" % [cls, preset])
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))


func test_preset_is_not_saved(t) -> void:
	for cls in Generators.classes():
		var gen: Resource = ClassDB.instantiate(cls)
		gen.preset = presets(cls)[1]
		ResourceSaver.save(gen, PATH)
		var text := FileAccess.get_file_as_string(PATH)
		t.check(not text.contains("preset"), cls + ": the file holds no preset, only settings")
		var fresh: Resource = ClassDB.instantiate(cls)
		for p in settings(cls):
			if p["name"] != "preset" and gen.get(p["name"]) != fresh.get(p["name"]):
				t.check(text.contains("\n%s = " % p["name"]), "%s: the file holds %s" % [cls, p["name"]])
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))


func test_every_property_set_emits_changed(t) -> void:
	for cls in Generators.classes():
		var gen: Resource = ClassDB.instantiate(cls)
		var count := [0]
		gen.changed.connect(func() -> void: count[0] += 1)
		var props := settings(cls)
		var expected := 0
		for p in props:
			if p["name"] == "preset":
				continue
			gen.set(p["name"], other_value(p, gen.get(p["name"])))
			expected += 1
			t.check_eq(count[0], expected, "%s.%s = … emits changed" % [cls, p["name"]])
		if not t.check(size_setting(cls) != "", cls + ": has a size setting (else name it in SIZE_SETTINGS)"):
			continue
		gen.set(size_setting(cls), gen.get(size_setting(cls)))
		t.check_eq(count[0], expected, cls + ": setting the same value emits nothing")
		gen.preset = presets(cls)[1]
		t.check_eq(count[0], expected + 1, cls + ": choosing a preset emits changed once")
		# Direct assignment from GDScript goes through the same path.
		gen.seed = 99
		t.check_eq(count[0], expected + 2, cls + ": gen.seed = 99 emits changed")


func test_enums_are_typed_with_named_constants(t) -> void:
	var enums := {
		"IsaacGenerator": {"preset": ["PRESET_COMPACT", "PRESET_BRANCHING", "PRESET_LARGE_ROOMS", "PRESET_CUSTOM"],
			"rule": ["RULE_BRANCHING", "RULE_CROWDING"], "start_rule": ["START_ORIGIN", "START_RANDOM_ROOM"]},
		"DrunkardGenerator": {"preset": ["PRESET_WINDING", "PRESET_WIDE", "PRESET_CUSTOM"],
			"off_grid": ["EDGE_RETURN_TO_START", "EDGE_STAY"], "start_rule": ["START_ORIGIN", "START_RANDOM_ROOM"]},
		"BspGenerator": {"preset": ["PRESET_SMALL", "PRESET_LARGE", "PRESET_CUSTOM"]},
		"HilbertGenerator": {"preset": ["PRESET_WINDING", "PRESET_SPRAWLING", "PRESET_CUSTOM"]},
		"TinyKeepGenerator": {"preset": ["PRESET_TINYKEEP", "PRESET_WINDING_HALLS", "PRESET_SMALL", "PRESET_CUSTOM"],
			"shape": ["SHAPE_CIRCLE", "SHAPE_ELLIPSE"], "size_distribution": ["SIZES_UNIFORM", "SIZES_NORMAL"],
			"separation": ["SEPARATION_SQUARE", "SEPARATION_CIRCLE"], "hallway_style": ["HALLWAY_L_SHAPED", "HALLWAY_A_STAR"]},
	}
	enums["MazeGenerator"] = {"preset": ["PRESET_CLASSIC", "PRESET_LABYRINTH", "PRESET_CUSTOM"]}
	for cls in enums:
		var props := {}
		for p in settings(cls):
			props[p["name"]] = p
		for name in enums[cls]:
			var constants: Array = enums[cls][name]
			t.check_eq(props[name]["hint"], PROPERTY_HINT_ENUM, "%s.%s is an Inspector enum" % [cls, name])
			t.check_eq(enum_size(props[name]), constants.size(), "%s.%s has one constant per value" % [cls, name])
			for i in constants.size():
				t.check_eq(ClassDB.class_get_integer_constant(cls, constants[i]), i, "%s.%s" % [cls, constants[i]])
			var gen: Resource = ClassDB.instantiate(cls)
			var before = gen.get(name)
			t.expect_error("invalid %s = %d" % [name, constants.size()])
			gen.set(name, constants.size())
			t.check_eq(gen.get(name), before, "%s.%s: an out-of-range value is refused" % [cls, name])


func test_messages_show_values_as_given(t) -> void:
	for cls in Generators.classes():
		var gen: Resource = ClassDB.instantiate(cls)
		var size := size_setting(cls)
		if not t.check(size != "", cls + ": has a size setting (else name it in SIZE_SETTINGS)"):
			continue
		gen.set(size, 9223372036854775807)
		t.expect_error("invalid %s = 9223372036854775807" % size)
		t.check(gen.generate() == null, "%s: a 64-bit %s is refused" % [cls, size])
		t.check(gen.last_error.contains("9223372036854775807"), "%s: message shows the %s as given: %s" % [cls, size, gen.last_error])
		gen = ClassDB.instantiate(cls)
		t.expect_error("invalid level = -9223372036854775808")
		t.check(gen.generate_level(-9223372036854775807 - 1) == null, cls + ": a 64-bit level is refused")
		t.expect_error("invalid level = -2147483648")
		t.check_eq(gen.room_count_range(-2147483648), Vector2i(0, 0), cls + ": room_count_range of a bad level")
		t.check(gen.last_error.contains("level = -2147483648"), cls + ": room_count_range names the level: " + gen.last_error)
		t.expect_error("invalid level = 1001")
		t.check_eq(gen.room_count_range(1001), Vector2i(0, 0), cls + ": room_count_range(1001)")
		# Open-floor maps (caves) have no rooms: (0, 0) without an error.
		var r2: Vector2i = gen.room_count_range(2)
		t.check(r2.x <= r2.y and gen.last_error == "", cls + ": room_count_range(2) answers")
		t.check_eq(gen.last_error, "", cls + ": a good call clears last_error")
	for cls in ["IsaacGenerator", "DrunkardGenerator"]:
		var gen: Resource = ClassDB.instantiate(cls)
		t.expect_error("invalid level = 0")
		t.check_eq(gen.room_count(0), -1, cls + ": room_count(0)")
		t.check(gen.last_error.contains("level = 0"), cls + ": room_count(0) names the level")
		gen.base_rooms = -9223372036854775807
		t.expect_error("invalid base_rooms = -9223372036854775807")
		t.check_eq(gen.room_count(1), -1, cls + ": room_count with a 64-bit base_rooms")
		t.expect_error("invalid base_rooms = -9223372036854775807")
		t.check(gen.generate() == null, cls + ": generate with a 64-bit base_rooms")


func test_max_level_refuses_bad_settings(t) -> void:
	for cls in ["IsaacGenerator", "DrunkardGenerator"]:
		var gen: Resource = ClassDB.instantiate(cls)
		t.check(gen.max_level() >= 10, cls + ": the default grid holds 10 levels")
		gen.width = 9223372036854775807
		t.expect_error("invalid width = 9223372036854775807")
		t.check_eq(gen.max_level(), 0, cls + ": a 64-bit width holds no level")
		gen.width = 300
		t.expect_error("invalid width = 300")
		t.check_eq(gen.max_level(), 0, cls + ": a width past 256 holds no level")
		gen.width = 2
		gen.height = 2
		t.check_eq(gen.max_level(), 0, cls + ": a 2x2 grid holds no level")
		t.check_eq(gen.last_error, "", cls + ": and that is an answer, not an error")
