#!/usr/bin/env bash
# tests/check_fresh_project.sh -- a project from nothing: DungeonLevel2D (and 3D) runs
# with no code at all. Makes a temporary project holding only the addon
# (addons/dungeon_gen/, with the library tests/build_extension.sh built), a
# project.godot, a room scene and a main scene written by hand, as a designer
# would save them: one DungeonLevel2D with an IsaacGenerator sub-resource and
# the room scene, one with a BspGenerator (tiles), both generate_on_ready.
# Godot imports it (as opening it in the editor does), then runs the main
# scene for a few frames; a SceneTree script outside the scene only reads
# what the nodes made. Fails unless the rooms and the tiles are there.
# The same in 3D: main3d.tscn holds one DungeonLevel3D with an IsaacGenerator
# and a Node3D room scene, one with a BspGenerator (GridMap cells of the
# built-in mesh library) and navigation; check3d.gd reads what they made.
# Usage: tests/check_fresh_project.sh   (after tests/build_extension.sh)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"
addon=godot_project/addons/dungeon_gen
ls "$addon"/bin/*dungeon_godot* >/dev/null 2>&1 \
  || { echo "check_fresh_project: no library in $addon/bin (run tests/build_extension.sh)" >&2; exit 2; }

# /tmp: tests/godot.sh exposes it inside its chroot.
proj="$(mktemp -d /tmp/dungeon-fresh-project.XXXXXX)"
trap 'rm -rf -- "$proj"' EXIT
mkdir -p "$proj/addons"
cp -r "$addon" "$proj/addons/"
rm -f "$proj"/addons/dungeon_gen/*.uid

cat >"$proj/project.godot" <<'EOF'
config_version=5

[application]
config/name="fresh project"
run/main_scene="res://main.tscn"
EOF

# A room: any Node2D scene.
cat >"$proj/room.tscn" <<'EOF'
[gd_scene format=3]

[node name="Room" type="Node2D"]

[node name="Floor" type="ColorRect" parent="."]
offset_right = 96.0
offset_bottom = 64.0
EOF

# The level scene, no script anywhere: the nodes by type, the generators as
# sub-resources.
cat >"$proj/main.tscn" <<'EOF'
[gd_scene load_steps=4 format=3]

[ext_resource type="PackedScene" path="res://room.tscn" id="1_room"]

[sub_resource type="IsaacGenerator" id="IsaacGenerator_1"]
seed = 42

[sub_resource type="BspGenerator" id="BspGenerator_1"]
seed = 7

[node name="Main" type="Node2D"]

[node name="Rooms" type="DungeonLevel2D" parent="."]
generator = SubResource("IsaacGenerator_1")
level = 2
generate_on_ready = true
room_scene = ExtResource("1_room")
room_size = Vector2(100, 70)

[node name="Tiles" type="DungeonLevel2D" parent="."]
position = Vector2(0, 800)
generator = SubResource("BspGenerator_1")
generate_on_ready = true
EOF

# Reads what the scene made after a few frames; prints it, exits 0 or 1.
cat >"$proj/check.gd" <<'EOF'
extends SceneTree

var _frames := 0


func _initialize() -> void:
	change_scene_to_file("res://main.tscn")


func _process(_delta: float) -> bool:
	_frames += 1
	if _frames < 5:
		return false
	var failures := 0
	var main := current_scene
	if main == null:
		printerr("FAIL the main scene did not load")
		quit(1)
		return true
	var rooms: Node = main.get_node_or_null("Rooms")
	var tiles: Node = main.get_node_or_null("Tiles")
	if rooms == null or rooms.get_class() != "DungeonLevel2D" or tiles == null or tiles.get_class() != "DungeonLevel2D":
		printerr("FAIL the scene's DungeonLevel2D nodes did not load (is the extension registered?)")
		quit(1)
		return true
	var grid = rooms.grid
	var placed: int = rooms.get_rooms().size()
	if grid == null or grid.get_room_count() == 0 or placed != grid.get_room_count():
		printerr("FAIL Rooms: %d room scenes for %s: %s" % [placed, grid, rooms.last_error])
		failures += 1
	else:
		var first: Node = rooms.get_rooms()[0]
		print("fresh project: Rooms (IsaacGenerator, level %d): %d room scenes for %d rooms, first is a %s" % [
			grid.level, placed, grid.get_room_count(), first.name])
	var layer: TileMapLayer = tiles.get_tile_layer()
	var painted := layer.get_used_cells().size() if layer != null else 0
	if layer != null and (layer.tile_set == null or layer.get_cell_tile_data(layer.get_used_cells()[0]) == null):
		printerr("FAIL Tiles: the cells are no tiles of a tile set (nothing would show)")
		failures += 1
	if tiles.grid == null or painted == 0:
		printerr("FAIL Tiles: %d tiles painted: %s" % [painted, tiles.last_error])
		failures += 1
	else:
		print("fresh project: Tiles (BspGenerator): %d tiles of the built-in tile set painted for a %dx%d map" % [
			painted, tiles.grid.get_width(), tiles.grid.get_height()])
	quit(1 if failures > 0 else 0)
	return true
EOF

# The 3D level scene: a Node3D room, rooms and GridMap cells, no script.
cat >"$proj/room3d.tscn" <<'EOF'
[gd_scene load_steps=2 format=3]

[sub_resource type="BoxMesh" id="BoxMesh_1"]
size = Vector3(8, 0.2, 6)

[node name="Room3D" type="Node3D"]

[node name="Floor" type="MeshInstance3D" parent="."]
mesh = SubResource("BoxMesh_1")
EOF

cat >"$proj/main3d.tscn" <<'EOF'
[gd_scene load_steps=4 format=3]

[ext_resource type="PackedScene" path="res://room3d.tscn" id="1_room"]

[sub_resource type="IsaacGenerator" id="IsaacGenerator_1"]
seed = 42

[sub_resource type="BspGenerator" id="BspGenerator_1"]
seed = 7

[node name="Main3D" type="Node3D"]

[node name="Rooms" type="DungeonLevel3D" parent="."]
generator = SubResource("IsaacGenerator_1")
level = 2
generate_on_ready = true
room_scene = ExtResource("1_room")
room_size = Vector3(8, 3, 6)

[node name="Tiles" type="DungeonLevel3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 100)
generator = SubResource("BspGenerator_1")
generate_on_ready = true
navigation = true
EOF

cat >"$proj/check3d.gd" <<'EOF'
extends SceneTree

var _frames := 0


func _initialize() -> void:
	change_scene_to_file("res://main3d.tscn")


func _process(_delta: float) -> bool:
	_frames += 1
	if _frames < 5:
		return false
	var failures := 0
	var main := current_scene
	var rooms: Node = main.get_node_or_null("Rooms") if main else null
	var tiles: Node = main.get_node_or_null("Tiles") if main else null
	if rooms == null or rooms.get_class() != "DungeonLevel3D" or tiles == null or tiles.get_class() != "DungeonLevel3D":
		printerr("FAIL the scene's DungeonLevel3D nodes did not load (is the extension registered?)")
		quit(1)
		return true
	var grid = rooms.grid
	var placed: int = rooms.get_rooms().size()
	if grid == null or grid.get_room_count() == 0 or placed != grid.get_room_count() or not rooms.get_rooms()[0] is Node3D:
		printerr("FAIL Rooms 3D: %d room scenes for %s: %s" % [placed, grid, rooms.last_error])
		failures += 1
	else:
		print("fresh project: Rooms 3D (IsaacGenerator, level %d): %d Node3D room scenes for %d rooms" % [
			grid.level, placed, grid.get_room_count()])
	var map: GridMap = tiles.get_grid_map()
	var cells := map.get_used_cells().size() if map != null else 0
	if tiles.grid == null or cells == 0 or map.mesh_library == null:
		printerr("FAIL Tiles 3D: %d GridMap cells: %s" % [cells, tiles.last_error])
		failures += 1
	else:
		var region = tiles.get_output().get_node_or_null("Navigation")
		var polys: int = region.navigation_mesh.get_polygon_count() if region is NavigationRegion3D else 0
		if polys == 0:
			printerr("FAIL Tiles 3D: no navigation mesh")
			failures += 1
		print("fresh project: Tiles 3D (BspGenerator): %d GridMap cells of the built-in mesh library, %d navigation polygons" % [
			cells, polys])
	quit(1 if failures > 0 else 0)
	return true
EOF

export XDG_DATA_HOME="${XDG_DATA_HOME:-$proj/.xdg}"
# As in run_all.sh: the first import of a project with a GDExtension can crash
# on exit after writing its results (upstream godot issue 111048).
tests/godot.sh --timeout 120 -- --headless --path "$proj" --import --frame-delay 800 >"$proj/import.log" 2>&1 || true
grep -qx 'res://addons/dungeon_gen/dungeon_gen.gdextension' "$proj/.godot/extension_list.cfg" 2>/dev/null \
  || { cat "$proj/import.log" >&2; echo "check_fresh_project: the import did not register the extension" >&2; exit 1; }
set +e
out="$(tests/godot.sh --timeout 60 -- --headless --path "$proj" --script res://check.gd 2>&1)"
status=$?
set -e
printf '%s\n' "$out" | grep -E '^(fresh project|FAIL)' >&2 || true
if [[ $status -ne 0 ]] || grep -q '^ERROR' <<<"$out"; then
  printf '%s\n' "$out" >&2
  echo "check_fresh_project: failed (status $status)" >&2
  exit 1
fi
set +e
out="$(tests/godot.sh --timeout 60 -- --headless --path "$proj" --script res://check3d.gd 2>&1)"
status=$?
set -e
printf '%s\n' "$out" | grep -E '^(fresh project|FAIL)' >&2 || true
if [[ $status -ne 0 ]] || grep -q '^ERROR' <<<"$out"; then
  printf '%s\n' "$out" >&2
  echo "check_fresh_project: 3D failed (status $status)" >&2
  exit 1
fi
echo "check_fresh_project: scenes with DungeonLevel2D / DungeonLevel3D and a generator run with no code" >&2
