extends RefCounted
## The `winding` preset's drunkard walk, ported to GDScript without the
## extension. Benchmark code only.
##
## Starts on a random cell and takes random 4-direction steps; every empty
## cell it enters becomes a room; a step off the grid sends the walker back to
## its first cell. Exactly the level's room count (the original made one
## extra), at most MAX_STEPS steps per walk (the original had no cap), then
## regenerate-until-valid as in RoomGridPort.pick_ends.

const RoomGridPort := preload("res://bench/room_grid_port.gd")
## Steps one walk may take (the extension's max_steps).
const MAX_STEPS := 20000

var rng := RandomNumberGenerator.new()
## Attempts the last generate() used.
var attempts := 0


## Level `level` of run `seed`: {"grid", "rooms", "start", "end"}, or {} if
## every attempt failed.
func generate(seed: int, level: int) -> Dictionary:
	rng.seed = seed
	var target := RoomGridPort.room_count(rng, level)
	attempts = 0
	while attempts < RoomGridPort.MAX_ATTEMPTS:
		attempts += 1
		var grid := RoomGridPort.empty_grid()
		var start := Vector2i(rng.randi_range(0, RoomGridPort.WIDTH - 1), rng.randi_range(0, RoomGridPort.HEIGHT - 1))
		grid[start.y][start.x] = RoomGridPort.ROOM
		var rooms: Array[Vector2i] = [start]
		var at := start
		var steps := 0
		while rooms.size() < target and steps < MAX_STEPS:
			steps += 1
			var next := at + RoomGridPort.DIRS[rng.randi_range(0, 3)]
			if not RoomGridPort.in_bounds(next):
				at = start
				continue
			if grid[next.y][next.x] == RoomGridPort.EMPTY:
				grid[next.y][next.x] = RoomGridPort.ROOM
				rooms.append(next)
			at = next
		if rooms.size() < target:
			continue
		var ends := RoomGridPort.pick_ends(grid, rooms, rng)
		if ends.is_empty():
			continue
		return RoomGridPort.finish(grid, rooms, ends)
	return {}
