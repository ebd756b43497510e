extends RefCounted
## GeneratorRegistry (the core's generator registry) against the generator
## classes: every generator's class exists, its PRESET_* constants are the
## registry's presets in order, and each registry setting is a property
## whose default is the registry's and whose Inspector slider offers only
## values the core accepts; the same for the lock-and-key planner's settings
## and DungeonProgression.

## Registry settings that the class shows under another property name:
## generator -> {setting: property}. Checked like same-name settings.
const RENAMED := {
	"isaac": {
		"large_room_1x2": "large_room_chance_1x2",
		"large_room_2x1": "large_room_chance_2x1",
		"large_room_2x2": "large_room_chance_2x2",
		"large_room_l": "large_room_chance_l",
		"start": "start_rule",
		"end": "end_rule",
	},
	"drunkard": {"start": "start_rule", "end": "end_rule"},
}

## Registry settings that are no property of the class, with the reason:
## generator -> {setting: why}. The test fails on a setting that is in
## neither this table nor the class.
const NOT_PROPERTIES := {
	"isaac": {
		"origin_x": "with origin_y, the origin Vector2i property ((-1, -1) for the centre)",
		"origin_y": "with origin_x, the origin Vector2i property ((-1, -1) for the centre)",
		"special_rooms": "the room_rules IsaacRoomRules resource (null for none)",
	},
	"cave": {
		"phases": "the phase_N_r1_cutoff, phase_N_r2_cutoff and phase_N_repeats properties (N = 1..4)",
	},
}

## Inspector enum keys whose registry name is not the key in snake_case.
const ENUM_NAMES := {"RandomRoom": "random", "AStar": "astar", "Four": "4", "Eight": "8"}


## `CamelCase` -> `camel_case` (`LShaped` -> `l_shaped`).
static func snake(key: String) -> String:
	if ENUM_NAMES.has(key):
		return ENUM_NAMES[key]
	var out := ""
	for i in key.length():
		var c := key[i]
		if i > 0 and c != c.to_lower():
			out += "_"
		out += c.to_lower()
	return out


## The registry name of enum value `value` of a property with an ENUM hint.
static func enum_name(p: Dictionary, value: int) -> String:
	for entry in String(p["hint_string"]).split(","):
		var parts := entry.split(":")
		if parts.size() == 2 and int(parts[1]) == value:
			return snake(parts[0])
	return "<%d not in %s>" % [value, p["hint_string"]]


## A property's range hint: {min, max, step, or_greater}.
static func hint_range(p: Dictionary) -> Dictionary:
	var parts := String(p["hint_string"]).split(",")
	return {
		"min": float(parts[0]),
		"max": float(parts[1]),
		"step": float(parts[2]) if parts.size() > 2 and parts[2].is_valid_float() else 1.0,
		"or_greater": "or_greater" in parts,
	}


## The class's properties by name.
static func properties(cls: String) -> Dictionary:
	var out := {}
	for p in ClassDB.class_get_property_list(cls, true):
		out[p["name"]] = p
	return out


## Whether `value` (a property's) equals the registry default `text`.
## Long numbers are shown with three decimals by the registry (0.333).
static func same_default(p: Dictionary, value: Variant, text: String) -> bool:
	if p["hint"] == PROPERTY_HINT_ENUM and typeof(value) == TYPE_INT:
		return enum_name(p, value) == text
	match typeof(value):
		TYPE_BOOL:
			return str(value) == text
		TYPE_INT:
			return text.is_valid_int() and int(text) == value
		TYPE_FLOAT:
			return text.is_valid_float() and absf(float(text) - value) <= 0.0005 + 1e-9 * absf(value)
		TYPE_STRING, TYPE_STRING_NAME:
			return String(value) == text
		TYPE_DICTIONARY:
			# TemplateGenerator.tag_rules: "none" is no rules.
			return value.is_empty() and text == "none"
		TYPE_NIL:
			# GraphLayoutGenerator.graph: null stands for the default
			# preset's graph, which the registry shows as JSON.
			return p["name"] == "graph" and LevelGraph.from_json(text) != null
		TYPE_ARRAY:
			# GraphLayoutGenerator.templates: the default preset's templates,
			# which the registry shows as JSON (as many of them).
			var parsed: Variant = JSON.parse_string(text)
			return p["name"] == "templates" and parsed is Dictionary \
					and value.size() == parsed.get("templates", []).size()
	return false


func test_names_and_lookup(t) -> void:
	var names := GeneratorRegistry.get_generator_names()
	# The registry lists exactly the extension's generator classes (those
	# with generate_level), each once: none registered in the binding and
	# missing from GENERATORS, none listed without a class.
	var generating: Array[String] = []
	for c in ClassDB.get_class_list():
		if ClassDB.class_get_api_type(c) == ClassDB.API_EXTENSION and ClassDB.class_has_method(c, "generate_level"):
			generating.append(String(c))
	var listed: Array[String] = []
	for name in names:
		listed.append(String(GeneratorRegistry.get_generator(name).get("class", "")))
	generating.sort()
	listed.sort()
	t.check(generating.size() >= 11, "%d generator classes registered" % generating.size())
	t.check_eq(listed, generating, "the registry's classes are the extension's generator classes, each once")
	for name in names:
		t.check(GeneratorRegistry.has_generator(name), "has_generator(%s)" % name)
		var info := GeneratorRegistry.get_generator(name)
		t.check_eq(info.get("name"), name, name + ": name")
		for key in ["class", "summary"]:
			t.check(info.get(key) is String and info[key] != "", "%s: %s is a non-empty String" % [name, key])
		t.check(info.get("presets") is Array and not info["presets"].is_empty(), name + ": presets")
		t.check(info.get("settings") is Array and not info["settings"].is_empty(), name + ": settings")
		t.check(info.get("has_rooms") is bool, name + ": has_rooms is a bool")
		for s in info["settings"]:
			t.check(s["type"] in [TYPE_INT, TYPE_FLOAT, TYPE_BOOL, TYPE_STRING],
					"%s.%s: type %s is int, float, bool or String" % [name, s["name"], s["type"]])
			t.check(s["default"] is String, "%s.%s: default is a String" % [name, s["name"]])
			var ranged := ["min", "max", "step"].filter(func(k: String) -> bool: return s.has(k))
			t.check(ranged.size() in [0, 3], "%s.%s: min, max and step all or none" % [name, s["name"]])
	t.check(not GeneratorRegistry.has_generator("nope"), "has_generator(nope) is false, no error")
	t.expect_error("no generator is called \"nope\"; the generators are isaac, drunkard")
	t.check_eq(GeneratorRegistry.get_generator("nope"), {}, "an unknown name gives {}")


func test_classes_and_presets(t) -> void:
	for name in GeneratorRegistry.get_generator_names():
		var info := GeneratorRegistry.get_generator(name)
		var cls: String = info["class"]
		if not t.check(ClassDB.class_exists(cls), "%s: class %s exists" % [name, cls]):
			continue
		var want: Array[String] = []
		for p in info["presets"]:
			want.append("PRESET_" + String(p["name"]).to_upper())
		want.append("PRESET_CUSTOM")
		var got: Array[String] = []
		for c in ClassDB.class_get_integer_constant_list(cls, true):
			if c.begins_with("PRESET_"):
				got.append(c)
		# In order of value: the preset enum's order.
		got.sort_custom(func(a: String, b: String) -> bool:
			return ClassDB.class_get_integer_constant(cls, a) < ClassDB.class_get_integer_constant(cls, b))
		t.check_eq(got, want, cls + ": PRESET_* constants in order")
		for i in got.size():
			t.check_eq(ClassDB.class_get_integer_constant(cls, got[i]), i, "%s.%s" % [cls, got[i]])
		# The preset enum's Inspector list has the same entries.
		var preset_hint: String = properties(cls)["preset"]["hint_string"]
		t.check_eq(preset_hint.split(",").size(), want.size(), cls + ": preset Inspector entries")


func test_settings_match_properties(t) -> void:
	for name in GeneratorRegistry.get_generator_names():
		var info := GeneratorRegistry.get_generator(name)
		var cls: String = info["class"]
		check_settings(t, cls, info["settings"], RENAMED.get(name, {}), NOT_PROPERTIES.get(name, {}))


## The lock-and-key planner's settings are DungeonProgression's properties,
## with the same names, defaults and ranges; they apply to the generators
## with rooms.
func test_progression_settings_match_properties(t) -> void:
	var settings := GeneratorRegistry.get_progression_settings()
	var names := settings.map(func(s: Dictionary) -> String: return s["name"])
	t.check_eq(names, ["locks", "lock_guard", "max_doors_per_key", "one_way", "secret_rooms", "flat_keys"],
			"the planner's settings, in order")
	check_settings(t, "DungeonProgression", settings, {}, {})
	var with_rooms: Array[String] = []
	for name in GeneratorRegistry.get_generator_names():
		if GeneratorRegistry.get_generator(name)["has_rooms"]:
			with_rooms.append(name)
	t.check_eq(with_rooms, ["isaac", "drunkard", "bsp", "hilbert", "tinykeep", "maze", "template", "graph"],
			"the generators with rooms")
	# Every generator class takes a DungeonProgression (those without rooms
	# refuse one that asks for locks when they generate).
	for name in GeneratorRegistry.get_generator_names():
		var cls: String = GeneratorRegistry.get_generator(name)["class"]
		var p: Dictionary = properties(cls).get("progression", {})
		t.check(p.get("hint_string") == "DungeonProgression" and p.get("type") == TYPE_OBJECT,
				"%s.progression: a DungeonProgression property (%s)" % [cls, p])


## Each registry setting of `settings` is a property of class `cls` (or
## listed in `renamed` / `skipped`) of its type and default, with an
## Inspector slider that offers only values the core accepts.
func check_settings(t, cls: String, settings: Array, renamed: Dictionary, skipped: Dictionary) -> void:
	var props := properties(cls)
	var gen: Object = ClassDB.instantiate(cls)
	var seen := {}
	for s in settings:
		var setting: String = s["name"]
		seen[setting] = true
		var label := "%s.%s" % [cls, setting]
		var prop: String = renamed.get(setting, setting)
		if not props.has(prop):
			t.check(skipped.has(setting), "%s: registry setting %s is no property and not in NOT_PROPERTIES" % [cls, setting])
			continue
		t.check(not skipped.has(setting), label + ": is a property, yet listed in NOT_PROPERTIES")
		var p: Dictionary = props[prop]
		match int(s["type"]):
			TYPE_INT:
				t.check_eq(p["type"], TYPE_INT, label + ": an int property")
			TYPE_FLOAT:
				t.check_eq(p["type"], TYPE_FLOAT, label + ": a float property")
			TYPE_BOOL:
				t.check_eq(p["type"], TYPE_BOOL, label + ": a bool property")
		var value: Variant = gen.get(prop)
		t.check(same_default(p, value, s["default"]),
				"%s: default %s, registry %s" % [label, var_to_str(value), s["default"]])
		if s.has("min") and p["hint"] == PROPERTY_HINT_RANGE:
			check_slider(t, label, hint_range(p), s)
		elif p["hint"] == PROPERTY_HINT_RANGE:
			check_slider_min_accepted(t, cls, prop, hint_range(p))
	for setting in renamed.keys() + skipped.keys():
		t.check(seen.has(setting), "%s: %s in the test's tables is no registry setting" % [cls, setting])


## The slider `h` offers only values the core accepts (range `s`): the same
## minimum, no larger maximum (`or_greater` exactly when it is smaller: the
## field then takes larger values typed in), steps that keep to the core's.
func check_slider(t, label: String, h: Dictionary, s: Dictionary) -> void:
	var rmin := float(s["min"])
	var rmax := float(s["max"])
	var rstep := float(s["step"])
	t.check(is_equal_approx(h["min"], rmin), "%s: slider min %s, core min %s" % [label, h["min"], rmin])
	t.check(h["max"] <= rmax, "%s: slider max %s above the core's %s" % [label, h["max"], rmax])
	t.check_eq(h["or_greater"], h["max"] < rmax,
			"%s: or_greater (slider max %s, core max %s)" % [label, h["max"], rmax])
	if rstep > 0:
		var k: float = h["step"] / rstep
		t.check(is_equal_approx(k, roundf(k)) and k >= 1,
				"%s: slider step %s is a multiple of the core's step %s" % [label, h["step"], rstep])
	elif int(s["type"]) == TYPE_INT:
		t.check(h["step"] >= 1 and is_equal_approx(h["step"], roundf(h["step"])),
				"%s: slider step %s is a whole number" % [label, h["step"]])


## For a setting whose accepted range depends on others (no registry range):
## the slider's minimum, on the default settings, is not refused as a value
## of this setting. The core may still refuse another setting against it
## (`room_size_min` above a `room_size_max` at its minimum) or the level
## (too few cells at the smallest `max_fill`): those depend on the other
## values, which the designer chooses too.
func check_slider_min_accepted(t, cls: String, prop: String, h: Dictionary) -> void:
	var gen: Object = ClassDB.instantiate(cls)
	var value: Variant = int(h["min"]) if typeof(gen.get(prop)) == TYPE_INT else h["min"]
	gen.set(prop, value)
	var others: Array[String] = ["invalid "]
	t.allow_errors_containing(others)
	gen.generate_level(1)
	var error: String = gen.last_error
	t.check(not error.begins_with("invalid %s =" % prop),
			"%s.%s: the slider's minimum %s is refused: %s" % [cls, prop, value, error])
