#!/usr/bin/env bash
# Quits Godot while the extension is still working, as a game or the editor
# may at any moment, and checks every quit is clean: exit status 0 and no
# crash report. One Godot process per quit (godot_project/tests/quit/
# quit_mid_work.gd, which lists the cases): every generator class in the
# registry with two generate_async requests running (kept, or dropped by the
# script), a paint_over_frames still planning (running, stopped, its painter
# freed, its scene closed), two DungeonNavigation async builds (kept or
# dropped), and the other classes used once; each quits in the frame the
# work starts and 1 and 3 frames later, --repeat times (default 2), --jobs
# Godots at once (default 2).
#
# Usage: tests/check_quit.sh [--repeat N] [--jobs N] [--case NAME]   (after tests/build_extension.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

repeat=2 jobs=2 only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --repeat) repeat="$2"; shift ;;
    --jobs) jobs="$2"; shift ;;
    --case) only="$2"; shift ;;
    *) echo "check_quit: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

script=res://tests/quit/quit_mid_work.gd
if [[ -n $only ]]; then
  cases=("$only")
else
  mapfile -t cases < <(tests/godot.sh --timeout 120 -- --headless --path godot_project --script "$script" \
    -- --list-cases 2>/dev/null | sed -n 's/^case: //p')
  if [[ ${#cases[@]} -lt 10 ]]; then
    echo "check_quit: the quit script listed ${#cases[@]} cases; is the extension built?" >&2
    exit 1
  fi
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# One quit: its output in $work/N.out, its verdict in $work/N.verdict.
quit_once() {
  local n=$1 case=$2 frames=$3 run=$4 status=0 out="$work/$1.out"
  tests/godot.sh --timeout 120 -- --headless --path godot_project \
    --script "$script" -- "--case=$case" "--frames=$frames" >"$out" 2>&1 || status=$?
  if [[ $status -ne 0 ]] || grep -q "Program crashed\|handle_crash\|SCRIPT ERROR" "$out" \
    || ! grep -q "^quit_mid_work: $case quits" "$out"; then
    { echo "check_quit: FAIL $case, quit after $frames frames (run $run): status $status"
      tail -n 20 "$out"; } >"$work/$n.verdict"
  elif grep -q "work still running: true" "$out"; then
    echo busy >"$work/$n.verdict"
  else
    echo ok >"$work/$n.verdict"
  fi
}

runs=0
for case in "${cases[@]}"; do
  for frames in 0 1 3; do
    for ((i = 1; i <= repeat; i++)); do
      while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do wait -n || true; done
      runs=$((runs + 1))
      quit_once "$runs" "$case" "$frames" "$i" &
    done
  done
done
wait
bad=0 busy=0
for ((n = 1; n <= runs; n++)); do
  verdict="$(cat "$work/$n.verdict" 2>/dev/null || echo "check_quit: FAIL run $n left no verdict")"
  case "$verdict" in
    ok) ;;
    busy) busy=$((busy + 1)) ;;
    *) bad=$((bad + 1)); printf '%s\n' "$verdict" >&2 ;;
  esac
done
echo "check_quit: $runs quits mid-work in ${#cases[@]} cases ($busy with a request or paint provably still running), $bad failed" >&2
[[ $bad -eq 0 ]]
