#!/usr/bin/env bash
# Collision and navigation from the tile set across chunk borders, with real
# frames: godot_project/tests/frames/chunk_borders.gd paints a handmade map
# into 8×8 chunk layers, walks a CharacterBody2D across chunk borders, pushes
# it into a wall in the next chunk, and asks NavigationServer2D for paths
# from one chunk into others. Passes when the script exits 0 and prints
# "all passed".
#
# Usage: tests/check_chunk_borders.sh   (after tests/build_extension.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
status=0
tests/godot.sh --timeout 300 -- --headless --path godot_project \
  --script res://tests/frames/chunk_borders.gd >"$out" 2>&1 || status=$?
grep '^chunk_borders:' "$out" >&2 || true
if [[ $status -ne 0 ]] || grep -q "Program crashed\|handle_crash\|SCRIPT ERROR" "$out" \
  || ! grep -q "^chunk_borders: all passed" "$out"; then
  echo "check_chunk_borders: FAIL (status $status); Godot's output:" >&2
  tail -n 40 "$out" >&2
  exit 1
fi
echo "check_chunk_borders: collision and navigation meet across chunk borders" >&2
