extends SceneTree
## Run by tests/check_release_zip.sh inside a fresh project that has only the
## unzipped release addon: the extension loaded, every class it must register
## exists (the classes given, then every generator class GeneratorRegistry
## lists), and each generator gives the golden JSON for its vectors.
## Arguments (after --): classes=A,B,C vectors=/path/to/vectors.tsv


func _init() -> void:
	var args := {}
	for a in OS.get_cmdline_user_args():
		args[a.get_slice("=", 0)] = a.get_slice("=", 1)
	var passed := 0
	var failed := 0
	print("extensions loaded: %s" % [GDExtensionManager.get_loaded_extensions()])
	var classes := Array(String(args.get("classes", "")).split(",", false))
	if ClassDB.class_exists("GeneratorRegistry"):
		var names: PackedStringArray = ClassDB.class_call_static("GeneratorRegistry", "get_generator_names")
		if names.is_empty():
			failed += 1
			printerr("FAIL GeneratorRegistry lists no generator")
		for name in names:
			classes.append(_class_of(name))
	else:
		classes.append("GeneratorRegistry")
	for cls in classes:
		if ClassDB.class_exists(cls):
			passed += 1
		else:
			failed += 1
			printerr("FAIL class %s is not registered" % cls)
	var f := FileAccess.open(String(args.get("vectors", "")), FileAccess.READ)
	if f == null:
		failed += 1
		printerr("FAIL cannot open the vectors file %s" % args.get("vectors", ""))
	else:
		var vectors := 0
		while not f.eof_reached():
			var line := f.get_line()
			if line == "" or line.begins_with("#"):
				continue
			var cols := line.split("\t")
			if _matches(cols):
				passed += 1
			else:
				failed += 1
				printerr("FAIL vector %s" % " ".join(cols.slice(0, 4)))
			vectors += 1
		print("golden vectors checked in Godot: %d" % vectors)
	print("%d passed, %d failed" % [passed, failed])
	quit(1 if failed > 0 else 0)


## The Godot class GeneratorRegistry gives for generator `name` ("graph":
## "GraphLayoutGenerator"), or "" when it has no such generator.
static func _class_of(name: String) -> String:
	if not ClassDB.class_exists("GeneratorRegistry") \
			or not ClassDB.class_call_static("GeneratorRegistry", "has_generator", name):
		return ""
	var info: Dictionary = ClassDB.class_call_static("GeneratorRegistry", "get_generator", name)
	return String(info.get("class", ""))


## Generates one golden vector (generator, preset, seed, level, json) through
## the class GeneratorRegistry names for the generator.
func _matches(cols: PackedStringArray) -> bool:
	var cls := _class_of(cols[0])
	if cls == "" or not ClassDB.class_exists(cls):
		return false
	var gen: Object = ClassDB.instantiate(cls)
	var preset := -1
	for p in gen.get_property_list():
		if p["name"] == "preset":
			var names := Array(String(p["hint_string"]).to_lower().split(",")).map(
					func(s): return s.get_slice(":", 0))
			preset = names.find(cols[1].replace("_", ""))
	if preset < 0:
		return false
	gen.set("preset", preset)
	gen.set("seed", cols[2].to_int())
	var grid: Object = gen.call("generate_level", cols[3].to_int())
	return grid != null and grid.call("to_json") == cols[4]
