extends RefCounted
## DungeonGrid.from_json refuses every grid a generator could not have made,
## without crashing or allocating by the input's say-so.


func _v1(cells: String, doors: String, rects: String, rooms := "[]") -> String:
	return ('{"generator":"bsp","seed":1,"level":1,"width":3,"height":3,"cells":%s,' +
		'"rooms":%s,"start":[0,0],"end":[0,2],"doors":%s,"room_rects":%s}') % [cells, rooms, doors, rects]


func test_huge_or_overflowing_rects_are_refused(t) -> void:
	# Once a 150-byte text that made Godot allocate gigabytes and abort.
	for rects in ["[[0,0,100000,100000]]", "[[5,5,2147483647,1]]", "[[0,0,0,1]]", "[[-1,0,1,1]]"]:
		t.expect_error("not inside")
		t.check(DungeonGrid.from_json(_v1("[[2,0,0],[5,0,0],[3,0,0]]", "[[4,0,0],[5,0,0],[1,0,0]]", rects)) == null,
				"rects %s refused" % rects)


func test_inconsistent_grids_are_refused(t) -> void:
	var good := IsaacGenerator.new().generate_level(1).to_json()
	var data: Dictionary = JSON.parse_string(good)
	var cases := {
		"two start cells": func(d): d["cells"][d["end"][1]][d["end"][0]] = 2,
		"no end cell": func(d): d["cells"][d["end"][1]][d["end"][0]] = 1,
		"a room listed twice": func(d): d["rooms"][1]["rect"] = d["rooms"][0]["rect"],
		"a one-sided door": func(d): d["doors"][d["start"][1]][d["start"][0]] = 0,
		"an unknown version": func(d): d["version"] = 9,
		"a fractional number": func(d): d["level"] = 1.5,
	}
	var wants := {
		"two start cells": "exactly one start",
		"no end cell": "exactly one start cell and one end",
		"a room listed twice": "listed twice",
		"a one-sided door": "one-sided",
		"an unknown version": "unsupported version 9",
		"a fractional number": "1.5",
	}
	for name in cases:
		var d: Dictionary = data.duplicate(true)
		cases[name].call(d)
		t.expect_error(wants[name])
		t.check(DungeonGrid.from_json(JSON.stringify(d)) == null, name + " is refused")


func test_godot_json_and_byte_order_marks_load(t) -> void:
	var grid := DrunkardGenerator.new().generate_level(2)
	# Godot's JSON writes every number as a float; whole ones still load.
	var via_godot := JSON.stringify(JSON.parse_string(grid.to_json()))
	t.check(via_godot.contains(".0"), "Godot wrote floats")
	var back := DungeonGrid.from_json(via_godot)
	t.check(back != null and back.to_ascii() == grid.to_ascii(), "floats load as the same grid")
	var bom := DungeonGrid.from_json(char(0xFEFF) + grid.to_json())
	t.check(bom != null and bom.to_json() == grid.to_json(), "a leading byte order mark is skipped")
