extends RefCounted
## The same (generator, preset, seed, level) gives byte-identical JSON through
## Godot as through the Rust core and the CLI: rust/dungeon_core/tests/golden/vectors.tsv
## is written by the core's determinism test and checked by the CLI's tests.

const VECTORS := "../rust/dungeon_core/tests/golden/vectors.tsv"


func test_vectors_match(t) -> void:
	var path := ProjectSettings.globalize_path("res://").path_join(VECTORS)
	var f := FileAccess.open(path, FileAccess.READ)
	if not t.check(f != null, "open " + path):
		return
	var n := 0
	var seen := {}
	while not f.eof_reached():
		var line := f.get_line()
		if line == "" or line.begins_with("#"):
			continue
		var cols := line.split("\t")
		var gen := generator(cols[0])
		seen[cols[0]] = true
		var preset := _preset_index(gen, cols[1])
		if not t.check(preset >= 0, "generator %s/%s" % [cols[0], cols[1]]):
			continue
		gen.preset = preset
		gen.seed = cols[2].to_int()
		var grid: DungeonGrid = gen.generate_level(cols[3].to_int())
		t.check(grid != null and grid.to_json() == cols[4], "%s %s seed %s level %s: Godot JSON == core JSON" % Array(cols.slice(0, 4)))
		n += 1
	t.check(n >= 20, "read %d vectors" % n)
	for name in GeneratorRegistry.get_generator_names():
		t.check(seen.has(name), "vectors.tsv has vectors of %s" % name)


## A new instance of the class of generator `name` (GeneratorRegistry's
## name: "isaac", "graph"), or null if the registry has no such generator.
static func generator(name: String) -> Resource:
	if not GeneratorRegistry.has_generator(name):
		return null
	return ClassDB.instantiate(GeneratorRegistry.get_generator(name)["class"])


## The index of the preset named `name` (the core's name, e.g. "compact" or
## "long_halls" for LongHalls) in `gen`'s preset enum, or -1.
static func _preset_index(gen: Resource, name: String) -> int:
	if gen == null:
		return -1
	for p in gen.get_property_list():
		if p["name"] == "preset":
			var names := Array(String(p["hint_string"]).to_lower().split(",")).map(func(s): return s.get_slice(":", 0))
			return names.find(name.replace("_", ""))
	return -1
