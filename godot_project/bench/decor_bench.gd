extends SceneTree
## Headless benchmark: placing 10,000 decoration props in Godot, as one
## MultiMesh per rule against one instanced scene per prop, in 2D and 3D.
##
## Run on a release build of the extension (tests/build_extension.sh --release):
##   godot --headless --path godot_project --script res://bench/decor_bench.gd [-- --runs=5]
## Prints a markdown section on stdout. Nothing is asserted.
##
## The props: one rule on open floor of a 1024² cave, its chance set so
## that it places about 10,000 props (DungeonDecorator.decorate, timed on
## its own). Each case, `--runs` times (default 5; the p50 and the fastest
## are printed):
## - place: DungeonDecorator.place_2d()/place_3d() making the "Props" node
##   (the MultiMesh and its buffer, or the instances);
## - add: adding that node to the tree (every instance enters it);
## - frame: the next process frame after that (headless: no drawing; mostly
##   the frame pacing);
## - free: freeing the node;
## - total: place + add + free, and its ratio scene / MultiMesh.
## 2D scene: a Sprite2D with a texture; 2D mesh: a 16×16 QuadMesh with
## the same texture. 3D scene: a MeshInstance3D of a BoxMesh; 3D mesh: the
## same BoxMesh.

const TARGET := 10000
const SIDE := 1024

var _runs := 5


func _initialize() -> void:
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--runs="):
			_runs = maxi(1, int(arg.substr(7)))
	_run.call_deferred()


static func packed(node: Node) -> PackedScene:
	var scene := PackedScene.new()
	scene.pack(node)
	node.free()
	return scene


static func median(v: Array) -> float:
	var s := v.duplicate()
	s.sort()
	return s[s.size() / 2]


func _run() -> void:
	var gen := CaveGenerator.new()
	gen.width = SIDE
	gen.height = SIDE
	gen.seed = 1
	var grid := gen.generate_level(1)
	var rule := DungeonDecorRule.new()
	rule.marker = DungeonDecorRule.MARKER_FLOOR_OPEN
	rule.chance = 1.0
	var d := DungeonDecorator.new()
	d.rules = [rule]
	var all: int = d.decorate(grid)["cells"].size()
	rule.chance = minf(1.0, float(TARGET) / maxf(1.0, all))
	var decorate_ms := []
	var props := {}
	for i in _runs:
		var t := Time.get_ticks_usec()
		props = d.decorate(grid)
		decorate_ms.append((Time.get_ticks_usec() - t) / 1000.0)
	var n: int = props["cells"].size()
	var texture := PlaceholderTexture2D.new()
	texture.size = Vector2(16, 16)
	var sprite := Sprite2D.new()
	sprite.texture = texture
	var quad := QuadMesh.new()
	quad.size = Vector2(16, 16)
	var box := BoxMesh.new()
	var mesh3 := MeshInstance3D.new()
	mesh3.mesh = box
	var cases := [
		["2D", "scene per prop (Sprite2D)", {"scene": packed(sprite)}],
		["2D", "MultiMeshInstance2D (QuadMesh)", {"mesh": quad, "mesh_texture": texture}],
		["3D", "scene per prop (MeshInstance3D)", {"scene": packed(mesh3)}],
		["3D", "MultiMeshInstance3D (BoxMesh)", {"mesh": box}],
	]
	print("### Placing %d props in Godot: MultiMesh against a scene per prop\n" % n)
	print("`godot --headless --path godot_project --script res://bench/decor_bench.gd -- --runs=%d` on a release build: a 1024² cave, one rule on open floor placing %d props; `decorate()` alone %.1f ms (p50). Per case, p50 / fastest of %d runs, ms: *place* is `place_2d()`/`place_3d()` making the Props node, *add* adding it to the tree, *frame* the next process frame (headless, no drawing), *free* freeing it; *total* is place + add + free (the frame is mostly headless Godot's frame pacing).\n" % [_runs, n, median(decorate_ms), _runs])
	print("| space | what | place | add | frame | free | total | scene / MultiMesh |")
	print("|---|---|---:|---:|---:|---:|---:|---:|")
	var totals := {}
	for c in cases:
		var r := DungeonDecorRule.new()
		r.marker = rule.marker
		r.chance = rule.chance
		for key in c[2]:
			r.set(key, c[2][key])
		var dd := DungeonDecorator.new()
		dd.rules = [r]
		var times := {"place": [], "add": [], "frame": [], "free": [], "total": []}
		for i in _runs:
			var t0 := Time.get_ticks_usec()
			var node: Node = dd.place_2d(props, Vector2(16, 16), null) if c[0] == "2D" else dd.place_3d(props, Vector3(2, 2, 2))
			var t1 := Time.get_ticks_usec()
			root.add_child(node)
			var t2 := Time.get_ticks_usec()
			await process_frame
			var t3 := Time.get_ticks_usec()
			await process_frame
			var t4 := Time.get_ticks_usec()
			node.free()
			var t5 := Time.get_ticks_usec()
			times["place"].append((t1 - t0) / 1000.0)
			times["add"].append((t2 - t1) / 1000.0)
			times["frame"].append((t3 - t2) / 1000.0)
			times["free"].append((t5 - t4) / 1000.0)
			times["total"].append((t2 - t0 + t5 - t4) / 1000.0)
		var cells := []
		for k in ["place", "add", "frame", "free", "total"]:
			cells.append("%.1f / %.1f" % [median(times[k]), times[k].min()])
		totals[c[1]] = median(times["total"])
		var ratio := ""
		if c[1].begins_with("MultiMesh"):
			var scene_total: float = totals[cases[cases.find(c) - 1][1]]
			ratio = "%.0f×" % (scene_total / maxf(0.001, median(times["total"])))
		print("| %s | %s | %s | %s |" % [c[0], c[1], " | ".join(cells), ratio])
	print("\nEND_DECOR_BENCH")
	quit(0)
