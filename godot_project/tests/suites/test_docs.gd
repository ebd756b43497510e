extends RefCounted
## The manual (README.md and docs/*.md) against the code: docs/json.md's
## schema lists exactly the keys to_json() writes, the pages name algorithms
## by their origin, the README stays a newcomer's page, and both READMEs
## (the project's and the addon's) list every class the extension registers.

const JSON_DOC := "../docs/json.md"
const ReadmeSuite := preload("res://tests/suites/test_readme.gd")
const Api := preload("res://tests/suites/test_generator_api.gd")
const Generators := preload("res://tests/generators.gd")


func _text(file: String) -> String:
	return FileAccess.get_file_as_string(ProjectSettings.globalize_path("res://").path_join(file))


## Grids from every generator and preset, a few seeds and levels each.
func _grids() -> Array[DungeonGrid]:
	var grids: Array[DungeonGrid] = []
	var makers: Array = []
	for cls in Generators.classes():
		for p in Api.presets(cls):
			var g: Resource = ClassDB.instantiate(cls)
			g.preset = p
			makers.append(g)
	# Locked doors and one-way doors, so the file's `locks` is written.
	var locked := IsaacGenerator.new()
	locked.preset = IsaacGenerator.PRESET_LARGE_ROOMS
	locked.progression = DungeonProgression.new()
	locked.progression.locks = 2
	locked.progression.one_way = 1
	makers.append(locked)
	for gen in makers:
		for s in 3:
			gen.seed = s
			for level in [1, 3]:
				var grid: DungeonGrid = gen.generate_level(level)
				if grid != null:
					grids.append(grid)
	return grids


## docs/json.md's tables: section heading -> the field names in the first
## column of its table (every `name` in that cell).
func _doc_tables() -> Dictionary:
	var tables := {}
	var section := ""
	var name_re := RegEx.create_from_string("`([a-z_]+)`")
	for line in _text(JSON_DOC).split("\n"):
		if line.begins_with("## "):
			section = line.substr(3).strip_edges()
		elif line.begins_with("| `") and section != "":
			var first := line.split("|")[1]
			var names: Array = tables.get(section, [])
			for m in name_re.search_all(first):
				names.append(m.get_string(1))
			tables[section] = names
	return tables


func _add_keys(into: Dictionary, d: Dictionary) -> void:
	for k in d.keys():
		into[k] = true


func test_json_doc_matches_to_json(t) -> void:
	var written := {"Top-level fields": {}, "Room records": {}, "Connection records": {}, "The planned graph": {}}
	var values := {}        # every string value the doc must show: "isaac", "room_grid", "boss", "2x2"...
	var grids := _grids()
	t.check(grids.size() >= 80, "%d grids from every generator" % grids.size())
	var generators := {}
	for grid in grids:
		var data: Dictionary = JSON.parse_string(grid.to_json())
		_add_keys(written["Top-level fields"], data)
		generators[data["generator"]] = true
		values[data["kind"]] = true
		for room in data["rooms"]:
			_add_keys(written["Room records"], room)
			values[room["role"]] = true
			if room.has("shape"):
				values[room["shape"]] = true
		for c in data["connections"]:
			_add_keys(written["Connection records"], c)
		if data.has("graph"):
			_add_keys(written["The planned graph"], data["graph"])
	for name in Generators.names():
		t.check(generators.has(name), "grids from every generator: %s among %s" % [name, generators.keys()])
	var doc := _doc_tables()
	var text := _text(JSON_DOC)
	for section in written:
		var listed: Array = doc.get(section, [])
		t.check(not listed.is_empty(), "docs/json.md has a table under '## %s'" % section)
		# Every key the code writes is in the doc's table.
		for key in written[section]:
			t.check(listed.has(key), "docs/json.md, %s: lists `%s`, which to_json() writes" % [section, key])
		# Every key the doc's table lists is one the code writes.
		for key in listed:
			t.check(written[section].has(key), "docs/json.md, %s: `%s` is listed but to_json() never writes it" % [section, key])
	# Every value seen (kinds, roles, shapes) is spelled out; the generator
	# names are docs/generators.md's (test_manual_lists_every_generator).
	for v in values:
		t.check(text.contains("\"%s\"" % v), "docs/json.md names the value \"%s\"" % v)
	t.check(values.has("boss") and values.has("secret") and values.has("2x2"), "special roles and large rooms were seen")


## The JSON a doc example or the CLI writes loads back only with the keys the
## doc calls required: dropping an optional one still loads, dropping a
## required one is refused.
func test_json_doc_required_keys(t) -> void:
	var gen := TinyKeepGenerator.new()
	gen.preset = TinyKeepGenerator.PRESET_SMALL
	var data: Dictionary = JSON.parse_string(gen.generate_level(1).to_json())
	t.check(data.has("graph"), "TinyKeep writes its planned graph")
	var text := _text(JSON_DOC)
	t.check(text.contains("| `graph` | object, optional |"), "docs/json.md calls graph optional")
	var without_graph := data.duplicate(true)
	without_graph.erase("graph")
	t.check(DungeonGrid.from_json(JSON.stringify(without_graph)) != null, "a grid without graph loads")
	var without_cells := data.duplicate(true)
	without_cells.erase("cells")
	t.expect_error("missing field `cells`")
	t.check(DungeonGrid.from_json(JSON.stringify(without_cells)) == null, "a grid without cells is refused")


## Algorithms are named by their origin, never by internal document numbers
## that a Godot user would read as an RNG seed.
func test_no_seed_numbers_in_the_manual(t) -> void:
	var suite := ReadmeSuite.new()
	var bad := RegEx.create_from_string("(?i)seeds? 00[0-9]")
	for file in suite._sources():
		var m := bad.search(_text(file))
		t.check(m == null, "%s names an algorithm by number: '%s'" % [file, m.get_string() if m else ""])


## The README is a newcomer's page: short, one line per class, and it links
## every page of the manual.
func test_readme_is_a_front_page(t) -> void:
	var readme := _text("../README.md")
	var lines := readme.split("\n")
	t.check(lines.size() <= 250, "README.md has %d lines (at most 250)" % lines.size())
	var in_classes := false
	for line in lines:
		if line.begins_with("## "):
			in_classes = line == "## Classes"
		elif in_classes and line.begins_with("- `"):
			t.check(line.length() <= 160, "one short line per class: " + line.left(60))
	var suite := ReadmeSuite.new()
	for file in suite._sources():
		if file.begins_with("../docs/"):
			t.check(readme.contains("(docs/%s)" % file.get_file()), "README links " + file.get_file())
	t.check(readme.find("tests/run_sample.sh") < readme.find("```gdscript"), "the two commands come first")


## Every relative link in the README and the manual points at a file that
## exists (pages moved into docs/ link back with ../).
func test_links_point_at_files(t) -> void:
	var suite := ReadmeSuite.new()
	var link_re := RegEx.create_from_string("\\]\\(([^)\\s#]+)(#[^)\\s]*)?\\)")
	var root := ProjectSettings.globalize_path("res://").path_join("..")
	var checked := 0
	for file in suite._sources() + ["../ARCHITECTURE.md"]:
		for m in link_re.search_all(_text(file)):
			var target: String = m.get_string(1)
			if target.contains("://"):
				continue
			var path := root.path_join(file.trim_prefix("../").get_base_dir()).path_join(target).simplify_path()
			checked += 1
			t.check(FileAccess.file_exists(path) or DirAccess.dir_exists_absolute(path), "%s links %s: no such file" % [file, target])
	t.check(checked >= 30, "%d links checked" % checked)


## Every class the extension registers, by name (ClassDB's extension API:
## the GDExtension's classes, nothing of Godot's own).
static func _extension_classes() -> Array[String]:
	var out: Array[String] = []
	for c in ClassDB.get_class_list():
		var api := ClassDB.class_get_api_type(c)
		if api == ClassDB.API_EXTENSION or api == ClassDB.API_EDITOR_EXTENSION:
			out.append(String(c))
	out.sort()
	return out


## The class names a page's "## Classes" section lists: the `Name`s before
## the " — " of each "- " line.
func _listed_classes(text: String) -> Array[String]:
	var out: Array[String] = []
	var in_classes := false
	var name_re := RegEx.create_from_string("`([A-Za-z0-9_]+)`")
	for line in text.split("\n"):
		if line.begins_with("## "):
			in_classes = line == "## Classes"
		elif in_classes and line.begins_with("- ") and line.contains(" — "):
			for m in name_re.search_all(line.get_slice(" — ", 0)):
				out.append(m.get_string(1))
	return out


## The addon's own README (shipped in the release zip) lists every class the
## extension registers, one line each, and no class it does not. The
## project's README lists every class but the generators once, and sends the
## reader to docs/generators.md (written from the registry) for those.
func test_readmes_list_every_registered_class(t) -> void:
	var registered := _extension_classes()
	var runner: GDScript = load("res://tests/runner.gd")
	var required: Array = runner.required_classes()
	t.check(registered.size() >= required.size(), "%d extension classes: %s" % [registered.size(), registered])
	for cls in required:
		t.check(registered.has(cls), "%s is an extension class" % cls)
	var generators := Generators.classes()
	var pages := {
		"the addon's README": [FileAccess.get_file_as_string("res://addons/dungeon_gen/README.md"), []],
		"README.md": [_text("../README.md"), generators],
	}
	for page in pages:
		var text: String = pages[page][0]
		var left_to_generators_md: Array = pages[page][1]
		var listed := _listed_classes(text)
		if not t.check(not listed.is_empty(), "%s has a ## Classes list" % page):
			continue
		for cls in registered:
			if not left_to_generators_md.has(cls):
				t.check(listed.count(cls) == 1, "%s lists %s once under ## Classes" % [page, cls])
		for cls in listed:
			t.check(registered.has(cls), "%s lists %s, which the extension does not register" % [page, cls])
			t.check(not left_to_generators_md.has(cls), "%s leaves %s to docs/generators.md" % [page, cls])
		if not left_to_generators_md.is_empty():
			var section := _between(text, "## Classes", "\n## ")
			t.check(section.contains("](docs/generators.md)"), "%s's ## Classes links docs/generators.md" % page)
			for cls in _quoted(section):
				if cls.ends_with("Generator"):
					t.check(generators.has(cls), "%s names %s, which is no registered generator" % [page, cls])


## The names between backticks in `text`, in order.
static func _quoted(text: String, quote := "`") -> Array[String]:
	var out: Array[String] = []
	var re := RegEx.create_from_string("%s([A-Za-z0-9_]+)%s" % [quote, quote])
	for m in re.search_all(text):
		out.append(m.get_string(1))
	return out


## `text` from the end of the first `after` to the next `until`, or "".
static func _between(text: String, after: String, until: String) -> String:
	var i := text.find(after)
	if i < 0:
		return ""
	i += after.length()
	var j := text.find(until, i)
	return text.substr(i, j - i) if j >= 0 else ""


## The manual names no list of generators by hand: docs/generators.md,
## written from the registry, has one section per generator with its class
## and lists those with rooms; the other pages give examples that are
## generators (with rooms, where they say so) and link that page: docs/cli.md's
## GENERATOR and its progression flags, the `generator` row of docs/json.md,
## docs/progression.md; README.md's sample ids are main.gd's GENERATORS ids.
func test_manual_lists_every_generator(t) -> void:
	var names := Generators.names()
	var with_rooms: Array[String] = []
	for name in names:
		if GeneratorRegistry.get_generator(name)["has_rooms"]:
			with_rooms.append(name)
	var generators_md := _text("../docs/generators.md")
	for name in names:
		var section := _between(generators_md, "\n## %s\n" % name, "\n## ")
		t.check(section.contains("Godot class: `%s`" % GeneratorRegistry.get_generator(name)["class"]),
				"docs/generators.md has a section for %s with its class" % name)
	var rooms_md := Array(_quoted(_between(generators_md, "Every generator with rooms (", ")")))
	t.check_eq(rooms_md, Array(with_rooms), "docs/generators.md: the generators with rooms")

	var cli := _text("../docs/cli.md")
	t.check(cli.contains("`dungeon GENERATOR ["), "docs/cli.md's usage line: dungeon GENERATOR")
	var names_para := _between(cli, "`GENERATOR` is a generator's name:", "\n\n")
	t.check(names_para.contains("](generators.md)"), "docs/cli.md's GENERATOR links generators.md")
	t.check(_quoted(names_para).size() >= 2, "docs/cli.md shows a few generator names")
	for name in _quoted(names_para):
		t.check(names.has(name), "docs/cli.md's GENERATOR example %s is a generator" % name)
	t.check(_between(cli, "Every generator with rooms (", ")").contains("generators.md#progression-settings"),
			"docs/cli.md's progression flags link the generators with rooms")

	var json_row := ""
	for line in _text(JSON_DOC).split("\n"):
		if line.begins_with("| `generator` |"):
			json_row = line
	t.check(json_row.contains("](generators.md)"), "docs/json.md's `generator` row links generators.md")
	t.check(_quoted(json_row, "\"").size() >= 2, "docs/json.md's `generator` row shows a few names")
	for name in _quoted(json_row, "\""):
		t.check(names.has(name), "docs/json.md's `generator` example \"%s\" is a generator" % name)

	var progression := _between(_text("../docs/progression.md"), "every generator whose levels have rooms", "Caves")
	t.check(progression.contains("generators.md#progression-settings"), "docs/progression.md links the generators with rooms")
	var want := Generators.classes_with_rooms()
	for cls in _quoted(progression):
		t.check(want.has(cls), "docs/progression.md's example %s is a generator with rooms" % cls)

	var ids: Array[String] = []
	for entry in load("res://scripts/main.gd").GENERATORS:
		ids.append(entry["id"])
	var readme := _text("../README.md")
	var shown := _between(readme, "`tests/run_sample.sh --list-generators` prints every", ");")
	t.check(not _quoted(shown).is_empty(), "README.md names some sample ids")
	for id in _quoted(shown):
		if id != "generate_async" and id != "paint_over_frames":
			t.check(ids.has(id), "README.md's sample id %s is in main.gd's GENERATORS" % id)


## Every class the extension registers has an editor icon: an entry in the
## .gdextension's [icons] section whose SVG exists (tests/make_icons.py
## writes them), and the section names no class the extension lacks.
func test_every_registered_class_has_an_icon(t) -> void:
	var cfg := ConfigFile.new()
	var path := "res://addons/dungeon_gen/dungeon_gen.gdextension"
	if not t.check(cfg.load(path) == OK, "%s reads as a config file" % path):
		return
	var registered := _extension_classes()
	t.check(registered.size() >= 20, "%d extension classes" % registered.size())
	var listed: PackedStringArray = cfg.get_section_keys("icons") if cfg.has_section("icons") else PackedStringArray()
	for cls in registered:
		if not t.check(listed.has(cls), "%s has an entry in [icons]" % cls):
			continue
		var icon: String = cfg.get_value("icons", cls, "")
		t.check(icon.begins_with("res://addons/dungeon_gen/icons/") and icon.ends_with(".svg"), "%s's icon %s is an SVG in the addon's icons/" % [cls, icon])
		t.check(FileAccess.file_exists(icon), "%s's icon %s exists" % [cls, icon])
	for cls in listed:
		t.check(registered.has(cls), "[icons] names %s, which the extension does not register" % cls)
