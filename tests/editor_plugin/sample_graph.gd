@tool
extends RefCounted
## Test only: the 11-room level graph the editor screenshots show (a copy
## of the sample's, with room names, a shop, a shrine, a corridor
## connection to the boss and room positions for the Level Graph panel).

const POSITIONS := [
	Vector2(0, 195), Vector2(210, 120), Vector2(210, 290), Vector2(420, 195),
	Vector2(630, 110), Vector2(630, 290), Vector2(420, 10), Vector2(1050, 360),
	Vector2(840, 195), Vector2(1040, 195), Vector2(1300, 320),
]


## The graph, saved at `path` and loaded back (so the editor edits a file).
static func make(path: String) -> Resource:
	var graph: Resource = ClassDB.instantiate("LevelGraph")
	var tags := [["start"], [], [], [], [], [], ["shop"], ["treasure"], [], [], ["boss"]]
	var names := ["entrance", "guard room", "cellar", "hub", "armoury", "crypt", "shop", "shrine", "bridge", "antechamber", "throne room"]
	for i in tags.size():
		graph.add_room(PackedStringArray(tags[i]))
		graph.set_room_name(i, names[i])
	for c in [[0, 1], [0, 2], [1, 3], [2, 3], [1, 6], [3, 4], [3, 5], [4, 8], [5, 8], [5, 7], [8, 9], [9, 10, 2]]:
		graph.connect_rooms(c[0], c[1], c[2] if c.size() > 2 else 0)
	graph.set_meta("editor_positions", PackedVector2Array(POSITIONS))
	ResourceSaver.save(graph, path)
	return load(path)
