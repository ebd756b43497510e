extends Node3D
## One room of the 3D sample's room mode, placed by DungeonRoomPlacer: a
## floor and four walls built in code, each wall open in its middle where
## the room has a door on that side.

const WALL_HEIGHT := 2.0
const WALL_THICKNESS := 0.2
const DOOR_WIDTH := 1.2

## The info DungeonRoomPlacer gave (see DungeonRoomPlacer's docs).
var info := {}


func setup_room(room_info: Dictionary) -> void:
	info = room_info
	var rect: Rect2i = info["rect"]
	var cell: Vector3 = info["size"]
	var w := cell.x * rect.size.x
	var d := cell.z * rect.size.y
	_box(Vector3(w, 0.1, d), Vector3(w / 2, -0.05, d / 2), Color("37324f") if info["code"] == DungeonGrid.ROOM else Color("1d4a4a"))
	var mask: int = info["door_mask"]
	# N, E, S, W: wall centre line, along x (true) or z.
	var sides := [[DungeonGrid.DOOR_NORTH, Vector3(w / 2, 0, 0), true, w],
			[DungeonGrid.DOOR_EAST, Vector3(w, 0, d / 2), false, d],
			[DungeonGrid.DOOR_SOUTH, Vector3(w / 2, 0, d), true, w],
			[DungeonGrid.DOOR_WEST, Vector3(0, 0, d / 2), false, d]]
	for s in sides:
		var length: float = s[3]
		var centre: Vector3 = s[1] + Vector3(0, WALL_HEIGHT / 2, 0)
		var along := Vector3.RIGHT if s[2] else Vector3.BACK
		if mask & s[0] == 0:
			_wall(centre, along, length)
		else:
			var piece := (length - DOOR_WIDTH) / 2
			_wall(centre - along * (DOOR_WIDTH + piece) / 2, along, piece)
			_wall(centre + along * (DOOR_WIDTH + piece) / 2, along, piece)


func _wall(centre: Vector3, along: Vector3, length: float) -> void:
	var size := Vector3(length, WALL_HEIGHT, WALL_THICKNESS) if along == Vector3.RIGHT else Vector3(WALL_THICKNESS, WALL_HEIGHT, length)
	_box(size, centre, Color("6d63a0"))


func _box(size: Vector3, at: Vector3, colour: Color) -> void:
	var mesh := BoxMesh.new()
	mesh.size = size
	var mat := StandardMaterial3D.new()
	mat.albedo_color = colour
	mesh.material = mat
	var mi := MeshInstance3D.new()
	mi.mesh = mesh
	mi.position = at
	add_child(mi)
