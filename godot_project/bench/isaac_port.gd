extends RefCounted
## The `compact` preset's "neighbour" generator (Binding of Isaac style),
## ported to GDScript without the extension. Benchmark code only.
##
## From the centre cell (3, 3), passes over every placed room; a free
## neighbour with n room neighbours is skipped with probability 1/(4 − n)
## (always when n ≥ 3), otherwise with probability 1/3, and becomes a room
## when neither skip fires — until the level's room count is reached. Then
## regenerate-until-valid (RoomGridPort.pick_ends). Bounded like the
## extension: a pass with no eligible cell, or more than 64 × 64 coin flips,
## ends the attempt, and there are at most MAX_ATTEMPTS attempts.

const RoomGridPort := preload("res://bench/room_grid_port.gd")

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
		var origin := Vector2i(3, 3)
		grid[origin.y][origin.x] = RoomGridPort.ROOM
		var rooms: Array[Vector2i] = [origin]
		if not _grow(grid, rooms, target):
			continue
		var ends := RoomGridPort.pick_ends(grid, rooms, rng)
		if ends.is_empty():
			continue
		return RoomGridPort.finish(grid, rooms, ends)
	return {}


func _grow(grid: Array, rooms: Array[Vector2i], target: int) -> bool:
	var flips := 64 * RoomGridPort.WIDTH * RoomGridPort.HEIGHT
	while rooms.size() < target:
		var eligible := false
		var placed := rooms.size()
		for k in placed:
			var c := rooms[k]
			for d in RoomGridPort.DIRS:
				var n := c + d
				if not RoomGridPort.in_bounds(n) or grid[n.y][n.x] != RoomGridPort.EMPTY:
					continue
				var filled := RoomGridPort.filled_neighbours(grid, n)
				if filled >= 3:
					continue
				eligible = true
				flips -= 1
				if flips < 0:
					return false
				if rng.randf() < 1.0 / (4 - filled) or rng.randf() < 1.0 / 3.0:
					continue
				grid[n.y][n.x] = RoomGridPort.ROOM
				rooms.append(n)
				if rooms.size() >= target:
					return true
		if not eligible:
			return false
	return true
