#!/usr/bin/env bash
# Runs checks from godot_project/tests/frames/ (tests that need real frames,
# which the GDScript runner does not give: physics bodies, navigation maps
# syncing), one after another in one Godot (tests/frames_runner.gd). Each
# check prints lines "NAME: ..." and, when every check in it passed,
# "NAME: all passed"; see each script's header for what it checks.
#
# Usage: tests/check_frames.sh [NAME ...]   (after tests/build_extension.sh)
#   NAME: chunk_borders (collision and navigation across chunk layers),
#         navigation (DungeonNavigation paths in the navigation servers),
#         enemies (the sample's enemies chasing along the navigation);
#         every check when none is named.
set -euo pipefail
cd "$(dirname "$0")/.."

names=("$@")
if [[ ${#names[@]} -eq 0 ]]; then
  mapfile -t names < <(cd godot_project/tests/frames && ls ./*.gd | sed 's|^\./||; s|\.gd$||')
fi
for name in "${names[@]}"; do
  if [[ ! -f godot_project/tests/frames/$name.gd ]]; then
    echo "check_frames: no check $name; one of:" \
      "$(cd godot_project/tests/frames && ls ./*.gd | sed 's|^\./||; s|\.gd$||' | tr '\n' ' ')" >&2
    exit 2
  fi
done
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
status=0
tests/godot.sh --timeout 900 -- --headless --path godot_project \
  --script res://tests/frames_runner.gd -- "${names[@]}" >"$out" 2>&1 || status=$?
pattern="$(printf '^%s:\\|' "${names[@]}")"
grep "${pattern%\\|}" "$out" >&2 || true
bad=0
for name in "${names[@]}"; do
  grep -q "^$name: all passed" "$out" || { echo "check_frames $name: FAIL" >&2; bad=1; }
done
if [[ $status -ne 0 || $bad -ne 0 ]] || grep -q "Program crashed\|handle_crash\|SCRIPT ERROR\|^ERROR:" "$out"; then
  echo "check_frames: FAIL (status $status); Godot's output:" >&2
  tail -n 40 "$out" >&2
  exit 1
fi
echo "check_frames: all passed (${names[*]})" >&2
