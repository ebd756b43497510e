#!/usr/bin/env bash
# Checks the addon's editor plugin in a real (headless) editor.
#
# Opens the editor on a throwaway project holding a copy of the addon and a
# test-only plugin (tests/editor_plugin/) that enables the addon's plugin and,
# on a BSP tile level and an Isaac level of room scenes, presses the
# Inspector's Generate button, bakes, saves and reloads the scene, and undoes
# and redoes Bake, Clear and New seed (see tests/editor_plugin/plugin.gd).
#
# With --screenshot PATH it instead takes a picture of the editor (under
# Xvfb) with a generated level and the Inspector's buttons, as
# docs/editor_inspector.png (tests/editor_plugin/screenshot.gd).
#
# With --graph it checks the Level Graph panel instead
# (tests/editor_plugin/graph_editor.gd; tests/check_graph_editor.sh), and
# --graph --screenshot PATH pictures that panel (graph_screenshot.gd), as
# docs/graph_editor.png.
#
# With --overview PATH it pictures the whole editor window (1600×900) with a
# level generated from a level graph, its Inspector and the Level Graph
# panel with its layout preview, as docs/editor_overview.png
# (tests/editor_plugin/overview_screenshot.gd).
#
# With --preview-bench it instead measures the Inspector's live preview for
# every generator (tests/editor_plugin/preview_bench.gd): the time from a
# setting change to the new level, and the longest editor frame meanwhile
# (BENCHMARKS.md; build with tests/build_extension.sh --release first).
#
# Usage: tests/check_editor_plugin.sh [--graph] [--screenshot PATH] | --overview PATH | --preview-bench   (after tests/build_extension.sh)
set -euo pipefail
shot=
suite=plugin.gd
shot_script=screenshot.gd
what="the Inspector buttons generate, bake, clear, undo and redo in the editor"
if [[ ${1:-} == --graph ]]; then
  suite=graph_editor.gd
  shot_script=graph_screenshot.gd
  what="the Level Graph panel edits, undoes, saves and previews a LevelGraph in the editor"
  shift
fi
if [[ ${1:-} == --overview ]]; then
  shot_script=overview_screenshot.gd
  export DUNGEON_XVFB_SIZE=1600x900
  set -- --screenshot "${2:?--overview needs a path}"
fi
if [[ ${1:-} == --preview-bench ]]; then
  suite=preview_bench.gd
  what="the live preview, measured (BENCH lines above)"
  shift
fi
if [[ ${1:-} == --screenshot ]]; then
  shot=$(realpath -m "${2:?--screenshot needs a path}")
fi
cd "$(dirname "$0")/.."
[[ -n $(ls godot_project/addons/dungeon_gen/bin/ 2>/dev/null) ]] \
  || { echo "check_editor_plugin: no library in the addon's bin/ (run tests/build_extension.sh)" >&2; exit 2; }

work=$(mktemp -d /tmp/dungeon-plugin.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/addons/editor_plugin_check"
cp -r godot_project/addons/dungeon_gen "$work/addons/"
cp tests/editor_plugin/plugin.cfg tests/editor_plugin/*.gd "$work/addons/editor_plugin_check/"
sed -i "s/^script=.*/script=\"$suite\"/" "$work/addons/editor_plugin_check/plugin.cfg"
cat > "$work/project.godot" <<'PROJECT'
config_version=5

[application]
config/name="dungeon_gen editor plugin check"

[editor_plugins]
enabled=PackedStringArray("res://addons/editor_plugin_check/plugin.cfg")
PROJECT

export DUNGEON_GODOT_BIND="$work${DUNGEON_GODOT_BIND:+:$DUNGEON_GODOT_BIND}"
# The first import of a project with a GDExtension can crash on exit after
# writing its results (see run_all.sh); its outcome does not matter here.
tests/godot.sh --timeout 300 -- --headless --path "$work" --import >/dev/null 2>&1 || true
if [[ -n $shot ]]; then
  sed -i "s/^script=.*/script=\"$shot_script\"/" "$work/addons/editor_plugin_check/plugin.cfg"
  mkdir -p "$(dirname "$shot")"
  DUNGEON_SCREENSHOT="$shot" DUNGEON_GODOT_BIND="$DUNGEON_GODOT_BIND:$(dirname "$shot")" \
    tests/godot.sh --xvfb --timeout 300 -- --editor --rendering-driver opengl3 --audio-driver Dummy --path "$work" 2>&1 \
    | grep -E '^SCREENSHOT|ERROR' || true
  [[ -s $shot ]] || { echo "check_editor_plugin: no screenshot at $shot" >&2; exit 1; }
  echo "check_editor_plugin: screenshot -> $shot" >&2
  exit 0
fi
status=0
out=$(tests/godot.sh --timeout 300 -- --headless --editor --path "$work" 2>&1) || status=$?

grep -E '^(CHECK|BENCH|IDLE)' <<<"$out" || true
# A script error in the addon (a parse error, a bad call) fails the check
# even when the checks it broke still pass.
script_errors=$(grep -c '^SCRIPT ERROR' <<<"$out" || true)
if [[ $status -ne 0 || $script_errors -ne 0 ]] || ! grep -Eq '^CHECK total: [0-9]+ passed, 0 failed' <<<"$out"; then
  echo "--- editor output ---"
  grep -vE '^CHECK ' <<<"$out" | tail -n 60
  echo "check_editor_plugin: failed (status $status, $script_errors script errors)" >&2
  exit 1
fi
echo "check_editor_plugin: $what" >&2
