#!/usr/bin/env bash
# Quits Godot while the extension is still working, as a game or the editor
# may at any moment, and checks every quit is clean: exit status 0 and no
# crash report. One Godot process per quit (godot_project/tests/quit/
# quit_mid_work.gd): every generator class with two generate_async requests
# running (kept, or dropped by the script), a paint_over_frames still
# planning (running, stopped, its painter freed, its scene closed), two
# DungeonNavigation async builds (kept or dropped), and the other classes
# used once; each quits in the frame the work starts and 1 and
# 3 frames later, --repeat times (default 2).
#
# Usage: tests/check_quit.sh [--repeat N] [--case NAME]   (after tests/build_extension.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

repeat=2 only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --repeat) repeat="$2"; shift ;;
    --case) only="$2"; shift ;;
    *) echo "check_quit: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

cases=()
for g in IsaacGenerator DrunkardGenerator BspGenerator HilbertGenerator TunnelerGenerator \
  WalkerGenerator TinyKeepGenerator MazeGenerator CaveGenerator TemplateGenerator; do
  cases+=("gen:$g" "free:$g")
done
cases+=(paint paint_stop paint_free scene_close nav nav_free sync)
if [[ -n $only ]]; then cases=("$only"); fi

out="$(mktemp)"
trap 'rm -f "$out"' EXIT
runs=0 bad=0 busy=0
for case in "${cases[@]}"; do
  for frames in 0 1 3; do
    for ((i = 0; i < repeat; i++)); do
      runs=$((runs + 1))
      status=0
      tests/godot.sh --timeout 120 -- --headless --path godot_project \
        --script res://tests/quit/quit_mid_work.gd -- "--case=$case" "--frames=$frames" >"$out" 2>&1 || status=$?
      if [[ $status -ne 0 ]] || grep -q "Program crashed\|handle_crash\|SCRIPT ERROR" "$out" \
        || ! grep -q "^quit_mid_work: $case quits" "$out"; then
        bad=$((bad + 1))
        echo "check_quit: FAIL $case, quit after $frames frames (run $((i + 1))): status $status" >&2
        tail -n 20 "$out" >&2
      elif grep -q "work still running: true" "$out"; then
        busy=$((busy + 1))
      fi
    done
  done
done
echo "check_quit: $runs quits mid-work ($busy with a request or paint provably still running), $bad failed" >&2
[[ $bad -eq 0 ]]
