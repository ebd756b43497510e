extends RefCounted
## Hostile input from GDScript: every setting of every class set to extreme
## values and to values of the wrong type, then generated, saved and loaded.
## Nothing may crash or hang; a refused value leaves a clear error (the
## setting's name, the value as given) and a `null` result.

const Api := preload("res://tests/suites/test_generator_api.gd")
const Generators := preload("res://tests/generators.gd")
const PATH := "user://sweep.tres"
const BIG := 9223372036854775807
const EXTREMES := [BIG, -BIG - 1, 0, -1, 1e300, -1e300, NAN, INF, -INF]
## Errors a refused value may log: ours all start with "invalid"; a grid
## given garbage says it cannot load it and then answers no query.
const CLEAR_ERRORS: Array[String] = ["invalid ", "cannot load saved data", "answers no query", "no valid layout"]


static func wrong_types() -> Array:
	return ["text", [1, 2], null, RefCounted.new(), {"a": 1}, Color.RED]


## Every generator GeneratorRegistry lists, one part of the test each.
func test_sweep_every_generator(t) -> void:
	var classes := Generators.classes()
	t.check(not classes.is_empty(), "GeneratorRegistry lists the generators")
	for cls in classes:
		t.part(cls)
		_sweep_generator(t, cls)


func _sweep_generator(t, cls: String) -> void:
	t.allow_errors_containing(CLEAR_ERRORS)
	# As created, the class makes a level: a sweep of values that are all
	# refused would prove nothing.
	var plain: Resource = ClassDB.instantiate(cls)
	t.check(plain != null and plain.generate() != null, "%s generates with its defaults: %s" % [cls, plain.last_error if plain else "no such class"])
	var values := EXTREMES + wrong_types()
	for p in Api.settings(cls):
		var name: String = p["name"]
		for value in values:
			var gen: Resource = ClassDB.instantiate(cls)
			var before = gen.get(name)
			gen.set(name, value)
			var label := "%s.%s = %s" % [cls, name, var_to_str(value)]
			if typeof(value) not in [TYPE_INT, TYPE_FLOAT] and typeof(value) != p["type"]:
				t.check_eq(gen.get(name), before, label + ": a value of the wrong type is refused")
			var grid: DungeonGrid = gen.generate()
			if grid == null:
				t.check(gen.last_error.begins_with("invalid ") or gen.last_error.contains("no valid layout"),
						label + ": null comes with a clear last_error: " + gen.last_error)
			else:
				t.check(grid.is_valid() and grid.is_fully_connected(), label + ": a grid it accepts is whole")
				t.check_eq(gen.last_error, "", label + ": success clears last_error")
			var plain_int: bool = p["type"] == TYPE_INT and p["hint"] != PROPERTY_HINT_ENUM and name != "seed"
			if plain_int and typeof(value) == TYPE_INT and absi(value) >= BIG:
				t.check(grid == null and gen.last_error.contains("%s = %d" % [name, value]),
						label + ": refused, naming the value as given: " + gen.last_error)
			Api.check_round_trip(t, gen, label)
			var back: Resource = ResourceLoader.load(Api.PATH, "", ResourceLoader.CACHE_MODE_IGNORE)
			if back != null:
				t.check_eq(back.generate() == null, grid == null, label + ": the loaded copy behaves the same")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(Api.PATH))


func test_sweep_dungeon_grid(t) -> void:
	var allowed: Array[String] = ["cannot convert"]
	allowed.append_array(CLEAR_ERRORS)
	t.allow_errors_containing(allowed)
	var good := IsaacGenerator.new().generate()
	for value in EXTREMES + wrong_types() + ["", "{}", "[]", "{\"width\": 1e300}"]:
		var grid := DungeonGrid.from_json(good.to_json())
		grid.set("json_data", value)
		var label := "DungeonGrid.json_data = %s" % var_to_str(value)
		# Either the value was refused (the grid is unchanged) or it was read
		# as JSON and refused (the grid is invalid); never a new valid grid.
		if grid.is_valid():
			t.check_eq(grid.to_json(), good.to_json(), label + ": a valid grid kept its data")
		else:
			t.check(grid.room_cells().is_empty() and grid.width == 0, label + ": an invalid grid answers nothing")
		t.check_eq(ResourceSaver.save(grid, PATH), OK, label + ": save")
		var back := ResourceLoader.load(PATH, "", ResourceLoader.CACHE_MODE_IGNORE) as DungeonGrid
		t.check(back != null and back.is_valid() == grid.is_valid(), label + ": loads back as valid or invalid as it was")
	DirAccess.remove_absolute(ProjectSettings.globalize_path(PATH))

