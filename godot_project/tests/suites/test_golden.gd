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
	while not f.eof_reached():
		var line := f.get_line()
		if line == "" or line.begins_with("#"):
			continue
		var cols := line.split("\t")
		var gen: Resource
		match cols[0]:
			"isaac": gen = IsaacGenerator.new()
			"drunkard": gen = DrunkardGenerator.new()
			"bsp": gen = BspGenerator.new()
		if not t.check(gen != null and gen.apply_preset(cols[1]), "generator %s/%s" % [cols[0], cols[1]]):
			continue
		gen.seed = cols[2].to_int()
		var grid: DungeonGrid = gen.generate_level(cols[3].to_int())
		t.check(grid != null and grid.to_json() == cols[4], "%s %s seed %s level %s: Godot JSON == core JSON" % Array(cols.slice(0, 4)))
		n += 1
	t.check(n >= 20, "read %d vectors" % n)
