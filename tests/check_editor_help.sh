#!/usr/bin/env bash
# Checks that the extension's documentation shows in Godot's editor help.
#
# The binding is built with gdext's `register-docs`: the Rust `///` comments
# become class reference XML that the extension hands to the editor when it
# loads. This opens the editor (headless) on a throwaway copy of the addon with
# a test-only plugin (tests/editor_help/) that opens each class's help page and
# prints its text, then looks for one sentence of each class's docs.
#
# Usage: tests/check_editor_help.sh   (after tests/build_extension.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d /tmp/dungeon-help.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/addons/editor_help_check"
cp -r godot_project/addons/dungeon_gen "$work/addons/"
cp tests/editor_help/plugin.cfg tests/editor_help/plugin.gd "$work/addons/editor_help_check/"
cat > "$work/project.godot" <<'PROJECT'
config_version=5

[application]
config/name="dungeon_gen editor help check"

[editor_plugins]
enabled=PackedStringArray("res://addons/editor_help_check/plugin.cfg")
PROJECT

export DUNGEON_GODOT_BIND="$work${DUNGEON_GODOT_BIND:+:$DUNGEON_GODOT_BIND}"
# The first import of a project with a GDExtension can crash on exit after
# writing its results (see run_all.sh); its outcome does not matter here.
tests/godot.sh --timeout 300 -- --headless --path "$work" --import >/dev/null 2>&1 || true
out=$(tests/godot.sh --timeout 300 -- --headless --editor --path "$work" 2>&1 || true)

fail=0
expect() {
  local cls=$1 sentence=$2
  if grep -F "HELP[$cls]:" <<<"$out" | grep -qF "$sentence"; then
    echo "ok: $cls help shows \"$sentence\""
  else
    echo "FAIL: $cls help does not show \"$sentence\""
    fail=1
  fi
}
expect DungeonGrid "A generated dungeon: a grid of cells, its rooms, doors, start and end."
expect DungeonGrid "packed as x, y pairs"
expect DungeonGrid "Door-mask bit: open to the north (y - 1)."
expect DungeonSpawnRules "Where enemies, loot, traps and the boss may stand"
expect IsaacGenerator "rooms grow outward from a start room"
expect DrunkardGenerator "a walker wanders a small grid"
expect BspGenerator "rectangular rooms joined by corridors"
expect HilbertGenerator "path of rooms that follows a Hilbert curve"
expect TunnelerGenerator "Tunnels dug through solid rock"
expect WalkerGenerator "Caves dug by random walkers"
expect CaveGenerator "Natural caves grown by a cellular automaton"
expect MazeGenerator "Rooms and mazes (after Bob Nystrom)"
expect TinyKeepGenerator "TinyKeep-style dungeons"
# Enum constants, the unsaved preset and the corrupt-grid rule reach the help.
expect IsaacGenerator "rule: the Binding of Isaac's rule, a tree"
expect IsaacGenerator "Not saved: it shows the preset whose values equal the current settings"
expect DrunkardGenerator "off_grid: at the edge, stay where it is"
expect DrunkardGenerator "start_rule: start in a random room."
expect BspGenerator "A value of preset: the settings match no preset."
expect DungeonGrid "Check is_valid() after loading a grid from a file."
expect IsaacRoomRules "the boss room is always the end"
expect SpecialRoomRule "A rule with chance 1 is"
expect DungeonGrid "Room role: a shop, in a dead end."
expect DungeonGrid "Room shape: a large room of 2×2 cells."
expect DungeonGrid "Room flag: a chokepoint, a room every way from the start to the end"
expect IsaacGenerator "Chance that a new room is a 2×2 large room"
expect MinesweeperBoard "A minesweeper board, for a room or on its own, that a game plays."
expect MinesweeperBoard "the cell held a mine (nothing else changed)"
expect ElementaryAutomaton "Elementary (rule 0–255) cellular automata, for decorating room floors."
expect TemplateGenerator "Levels grown from hand-made rooms"
expect RoomTemplate "A room a designer drew"
expect RoomTemplate "How many doors (fixed doors and door lines) the template has"
expect RoomTemplate "makes the door a fixed slot (as long as it is wide)"
expect RoomTemplate "Trim the room to its floors"
expect RoomTemplate "The cells the room takes, walls included, as rectangles that do not overlap"
expect GraphLayoutGenerator "Levels laid out from a LevelGraph you draw"
expect GraphLayoutGenerator "breadth-first tree of the graph from the start"
expect LevelGraph "A level drawn as a graph"
expect LevelGraph "A connection mode: through a corridor piece between the rooms."
expect DungeonTileMapping "Which tile each cell kind of a DungeonGrid gets"
expect DungeonTilePainter "wall_neighbours: all eight neighbours"
expect BspGenerator "Emitted on the main thread with each grid"
expect DungeonRoomPlacer "Places one instance of room_scene per room"
expect DungeonGridMapPainter "turned to face the floor"
expect GeneratorRegistry "The list of every dungeon generator, with what each one makes"
expect GeneratorRegistry "An unknown name logs an error listing the known names"
expect CaveGenerator "How many cancelled requests are still running on a worker"
expect DungeonProgression "Locked doors, keys and one-way doors for a level"
expect DungeonProgression "lock_guard: locks guard branches only; the end never"
# locks counts keys (locked rooms), not doors.
expect DungeonProgression "The most keys to place (0 to 32), one per locked room"
expect DungeonGrid "Lock kind: a one-way door, passable from its"
expect DungeonGrid "A shortest walk from from to to, both included, for"
expect GeneratorRegistry "The settings of the lock-and-key planner"
expect BspGenerator "Locked doors, keys and one-way doors planned on every level"
expect DungeonNavigation "Builds navigation for a DungeonGrid in Rust"
expect DungeonCollision "Builds collision for a DungeonGrid in Rust"
expect DungeonDecorator "Set dressing for generated levels: a list of DungeonDecorRules"
expect DungeonDecorRule "One decoration rule of a DungeonDecorator"
expect DungeonLevel2D "A dungeon level in your scene, made by a generator with no code"
expect DungeonLevel2D "Room grids: scenes for rooms of some roles instead of room_scene"
expect DungeonLevel2D "the Inspector shows Generate, New seed, Bake and Clear buttons"
expect DungeonLevel2D "Never in the editor: there only the Inspector's Generate and New seed buttons"
expect DungeonRoomPlacer "Scenes for rooms of some roles instead of room_scene"
expect DungeonLevel3D "A dungeon level in your 3D scene, made by a generator with no code"
expect DungeonLevel3D "Tile maps: the GridMap's cell size in metres"
expect DungeonLevel3D "The GridMap the level on display was painted onto"
if [ "$fail" != 0 ]; then
  echo "--- editor output (HELP lines) ---"
  grep -F "HELP[" <<<"$out" | cut -c1-400 || echo "(none)"
  exit 1
fi
