#!/usr/bin/env bash
# Runs one of the scripts in godot_project/tests/frames/ (tests that need
# real frames, which the GDScript runner does not give: physics bodies,
# navigation maps syncing). Each script prints lines "NAME: ..." and, when
# every check passed, "NAME: all passed", and exits 0; see its header for
# what it checks.
#
# Usage: tests/check_frames.sh NAME   (after tests/build_extension.sh)
#   NAME: chunk_borders (collision and navigation across chunk layers) or
#         navigation (DungeonNavigation paths in the navigation servers) or
#         enemies (the sample's enemies chasing along the navigation)
set -euo pipefail
cd "$(dirname "$0")/.."

name="${1:-}"
if [[ -z $name || ! -f godot_project/tests/frames/$name.gd ]]; then
  echo "usage: tests/check_frames.sh NAME, NAME one of:" \
    "$(cd godot_project/tests/frames && ls ./*.gd | sed 's|^\./||; s|\.gd$||' | tr '\n' ' ')" >&2
  exit 2
fi
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
status=0
tests/godot.sh --timeout 600 -- --headless --path godot_project \
  --script "res://tests/frames/$name.gd" >"$out" 2>&1 || status=$?
grep "^$name:" "$out" >&2 || true
if [[ $status -ne 0 ]] || grep -q "Program crashed\|handle_crash\|SCRIPT ERROR\|^ERROR:" "$out" \
  || ! grep -q "^$name: all passed" "$out"; then
  echo "check_frames $name: FAIL (status $status); Godot's output:" >&2
  tail -n 40 "$out" >&2
  exit 1
fi
echo "check_frames $name: all passed" >&2
