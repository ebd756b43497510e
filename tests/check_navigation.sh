#!/usr/bin/env bash
# DungeonNavigation in the real navigation servers, with real frames:
# godot_project/tests/frames/navigation.gd loads the navigation of every
# generator's presets (three seeds each; plain, and with walls or an agent
# radius) into NavigationServer2D maps, and
# of BSP levels into NavigationServer3D maps, and asks for the path from
# START to END, which must exist and stay on the grid. Passes when the
# script exits 0 and prints "all passed".
#
# Usage: tests/check_navigation.sh   (after tests/build_extension.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
status=0
tests/godot.sh --timeout 600 -- --headless --path godot_project \
  --script res://tests/frames/navigation.gd >"$out" 2>&1 || status=$?
grep '^navigation:' "$out" >&2 || true
if [[ $status -ne 0 ]] || grep -q "Program crashed\|handle_crash\|SCRIPT ERROR\|^ERROR:" "$out" \
  || ! grep -q "^navigation: all passed" "$out"; then
  echo "check_navigation: FAIL (status $status); Godot's output:" >&2
  tail -n 40 "$out" >&2
  exit 1
fi
echo "check_navigation: paths from START to END on every generator's navigation, 2D and 3D" >&2
