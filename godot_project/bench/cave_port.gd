extends RefCounted
## The cave cellular automaton (jimrandomh's), ported to GDScript without
## the extension, tile by tile as its write-ups do it. Benchmark code only.
##
## The same work CaveGenerator does with REGIONS_KEEP_LARGEST: random fill
## (border always wall), the phases' passes R1 ≥ r1 or R2 ≤ r2 into a second
## buffer, a flood fill that keeps the largest region, a random floor tile as
## the start and a BFS for the farthest tile as the end.

var width := 256
var height := 256
var fill_probability := 0.45
## [r1_cutoff, r2_cutoff, repeats] per phase (the classic cave).
var phases: Array = [[5, 2, 4], [5, -1, 3]]
var rng := RandomNumberGenerator.new()


## Run `seed`: {"cells" (PackedByteArray, 1 = floor), "floor", "start", "end"}.
func generate(seed: int) -> Dictionary:
	rng.seed = seed
	var w := width
	var h := height
	var a := PackedByteArray()
	a.resize(w * h)
	for y in h:
		for x in w:
			var border := x == 0 or y == 0 or x == w - 1 or y == h - 1
			a[y * w + x] = 1 if border or rng.randf() < fill_probability else 0
	var b := a.duplicate()
	for phase in phases:
		for _r in phase[2]:
			_step(a, b, phase[0], phase[1])
			var t := a
			a = b
			b = t
	# Largest 4-connected floor region (flood fill), the rest becomes wall.
	var label := PackedInt32Array()
	label.resize(w * h)
	var best_id := 0
	var best_size := 0
	var next_id := 0
	var queue := PackedInt32Array()
	for i in w * h:
		if a[i] != 0 or label[i] != 0:
			continue
		next_id += 1
		label[i] = next_id
		queue.resize(0)
		queue.append(i)
		var head := 0
		while head < queue.size():
			var j := queue[head]
			head += 1
			for n in [j - w, j + 1, j + w, j - 1]:
				if a[n] == 0 and label[n] == 0:
					label[n] = next_id
					queue.append(n)
		if queue.size() > best_size:
			best_size = queue.size()
			best_id = next_id
	var floor_tiles := PackedInt32Array()
	for i in w * h:
		if a[i] == 0 and label[i] != best_id:
			a[i] = 1
		elif a[i] == 0:
			floor_tiles.append(i)
	if floor_tiles.size() < 2:
		return {}
	var start := floor_tiles[rng.randi_range(0, floor_tiles.size() - 1)]
	# BFS from the start; the last tile reached is a farthest one.
	var dist := PackedInt32Array()
	dist.resize(w * h)
	dist.fill(-1)
	dist[start] = 0
	queue.resize(0)
	queue.append(start)
	var head := 0
	var last := start
	while head < queue.size():
		var j := queue[head]
		head += 1
		last = j
		for n in [j - w, j + 1, j + w, j - 1]:
			if a[n] == 0 and dist[n] < 0:
				dist[n] = dist[j] + 1
				queue.append(n)
	return {"cells": a, "floor": floor_tiles.size(), "start": start, "end": last}


## One pass: src -> dst. Outside the map counts as wall; the ring stays wall.
func _step(src: PackedByteArray, dst: PackedByteArray, r1_cut: int, r2_cut: int) -> void:
	var w := width
	var h := height
	for y in h:
		for x in w:
			if x == 0 or y == 0 or x == w - 1 or y == h - 1:
				dst[y * w + x] = 1
				continue
			var r1 := 0
			var r2 := 0
			for dy in range(-2, 3):
				var yy := y + dy
				for dx in range(-2, 3):
					if absi(dx) == 2 and absi(dy) == 2:
						continue
					var xx := x + dx
					var wall := xx < 0 or yy < 0 or xx >= w or yy >= h or src[yy * w + xx] != 0
					if wall:
						r2 += 1
						if absi(dx) <= 1 and absi(dy) <= 1:
							r1 += 1
			dst[y * w + x] = 1 if r1 >= r1_cut or r2 <= r2_cut else 0
