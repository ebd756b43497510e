extends RefCounted
## DungeonGrid.layout_hash(): for every golden vector, generate_level and
## generate_async give the hash pinned in rust/dungeon_core/tests/golden/hashes.tsv
## (written by the core's determinism test, checked on every platform by
## tests/cross_check.sh), layout_hash_hex() spells the same 64 bits, and a
## JSON round trip keeps it.

const HASHES := "../rust/dungeon_core/tests/golden/hashes.tsv"
const VECTORS := "../rust/dungeon_core/tests/golden/vectors.tsv"
const Golden := preload("res://tests/suites/test_golden.gd")
const ReadmeSuite := preload("res://tests/suites/test_readme.gd")


## The non-comment lines of a golden file, split at tabs.
static func _rows(file: String) -> Array[PackedStringArray]:
	var rows: Array[PackedStringArray] = []
	var f := FileAccess.open(ProjectSettings.globalize_path("res://").path_join(file), FileAccess.READ)
	if f == null:
		return rows
	while not f.eof_reached():
		var line := f.get_line()
		if line != "" and not line.begins_with("#"):
			rows.append(line.split("\t"))
	return rows


## An int's 64 bits as 16 lowercase hex digits (negative ints included).
static func _hex(h: int) -> String:
	var s := ""
	for i in 16:
		s += "0123456789abcdef"[(h >> (60 - 4 * i)) & 0xF]
	return s


func test_every_vector_hashes_as_pinned_sync_and_async(t) -> void:
	var hashes := _rows(HASHES)
	var vectors := _rows(VECTORS)
	if not t.check(hashes.size() >= 80 and hashes.size() == vectors.size(), "%d hashes for %d vectors" % [hashes.size(), vectors.size()]):
		return
	var same := 0
	for i in hashes.size():
		var cols := hashes[i]
		var label := "%s %s seed %s level %s" % Array(cols.slice(0, 4))
		if not t.check(cols.size() == 5 and vectors[i].slice(0, 4) == cols.slice(0, 4), label + ": the same case in both files"):
			continue
		var pinned := cols[4]
		var gen: Resource = Golden.generator(cols[0])
		var preset := Golden._preset_index(gen, cols[1])
		if not t.check(preset >= 0, label + ": generator and preset"):
			continue
		gen.preset = preset
		gen.seed = cols[2].to_int()
		var level := cols[3].to_int()
		var sync: DungeonGrid = gen.generate_level(level)
		var got: Array = []
		gen.generated.connect(func(g): got.append(g))
		gen.generate_async(level)
		gen.wait_async()
		if not t.check(sync != null and got.size() == 1 and got[0] != null, label + ": both runs give a grid"):
			continue
		var h := sync.layout_hash()
		var ok := sync.layout_hash_hex() == pinned and _hex(h) == pinned
		ok = ok and got[0].layout_hash() == h and got[0].layout_hash_hex() == pinned
		ok = ok and DungeonGrid.from_json(sync.to_json()).layout_hash() == h
		ok = ok and DungeonGrid.from_json(vectors[i][4]).layout_hash() == h
		if t.check(ok, label + ": sync %s, async %s, pinned %s" % [sync.layout_hash_hex(), got[0].layout_hash_hex(), pinned]):
			same += 1
	t.check_eq(same, hashes.size(), "every vector: the pinned hash from generate_level, generate_async and JSON")


func test_hash_ignores_metadata_and_sees_one_cell(t) -> void:
	var gen := BspGenerator.new()
	gen.seed = 4
	var grid := gen.generate_level(2)
	var data: Dictionary = JSON.parse_string(grid.to_json())
	data["seed"] = 5
	data["level"] = 9
	var relabelled := DungeonGrid.from_json(JSON.stringify(data))
	t.check_eq(relabelled.layout_hash(), grid.layout_hash(), "seed and level are not part of the layout")
	gen.seed = 5
	t.check(gen.generate_level(2).layout_hash() != grid.layout_hash(), "another seed, another dungeon, another hash")
	t.check(grid.layout_hash_hex().length() == 16, "16 hex digits")


func test_the_manual_shows_the_check(t) -> void:
	var example: String = ReadmeSuite.new()._example_with("layout_hash_hex")
	t.check(example.contains("layout_hash()"), "a manual example sends and compares the hash")
