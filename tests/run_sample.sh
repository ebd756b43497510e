#!/usr/bin/env bash
# tests/run_sample.sh -- build the extension and run the sample project.
#
#   tests/run_sample.sh                       # a display ($DISPLAY set, not CI): open the game window
#                                             # no display: screenshot to out/screenshot.png (git-ignored,
#                                             # so a fresh clone stays clean)
#   tests/run_sample.sh --screenshot [PATH]   # always take the headless (Xvfb) screenshot
#                                             # (default PATH out/screenshot.png)
#   tests/run_sample.sh --update-readme-picture
#                                             # take the screenshot into docs/screenshot.png, the
#                                             # README's picture (a tracked file: commit it on purpose)
#   tests/run_sample.sh --screenshot PATH --check
#                                             # ... and fail unless the PNG exists, has the window's
#                                             # size, is not blank and the run logged no errors; then
#                                             # a bot plays 2 levels of every generator headless
#                                             # (walls stop it, doors let it through, EXIT goes down)
#   tests/run_sample.sh --check               # same, to a temporary PNG (nothing in the checkout changes)
#
# Screenshot options (passed on to main.gd):
#   --generator ID   an "id" of GENERATORS in godot_project/scripts/main.gd (default
#               isaac_branching; --check plays them all, listed by the sample's own
#               --list-generators). huge_*: 1024x1024, generated with generate_async
#               and painted over frames; the screenshot waits for both
#   --seed N (default 186)   --level N (default 4)
#   --zoom Z (follow the player at this zoom instead of framing the whole level)
#   --reveal-secrets (open every secret door and show the whole minimap)
#   --list-generators (print every id, " huge" after the 1024x1024 ones, and quit)
#   generator isaac_large_rooms: Isaac floors with large rooms
#
# The screenshot run generates a fixed-seed dungeon, prints its ASCII map to
# stdout, saves the window as PNG and quits. It runs Godot under Xvfb with the
# opengl3 driver (Mesa software GL) through tests/godot.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

shot="" want_shot=0 readme_picture=0 check=0 list=0 generator=isaac_branching seed=186 level=4 zoom="" reveal=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --screenshot)
      want_shot=1
      if [[ $# -gt 1 && $2 != --* ]]; then shot="$2"; shift; fi ;;
    --screenshot=*) want_shot=1; shot="${1#*=}" ;;
    --update-readme-picture) want_shot=1; readme_picture=1 ;;
    --check) check=1 ;;
    --generator) generator="$2"; shift ;;
    --generator=*) generator="${1#*=}" ;;
    --seed) seed="$2"; shift ;;
    --seed=*) seed="${1#*=}" ;;
    --level) level="$2"; shift ;;
    --level=*) level="${1#*=}" ;;
    --zoom) zoom="$2"; shift ;;
    --zoom=*) zoom="${1#*=}" ;;
    --reveal-secrets) reveal=1 ;;
    --list-generators) list=1 ;;
    -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
    *) echo "run_sample: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

if [[ $readme_picture -eq 1 && -n $shot ]]; then
  echo "run_sample: --update-readme-picture writes docs/screenshot.png; drop --screenshot PATH" >&2
  exit 2
fi

step() { printf '=== %s\n' "$*" >&2; }

step "build the extension"
tests/build_extension.sh

# Import when the project's script class cache is missing or older than any
# script, scene or the extension library (class_name Dungeon, the icon...).
cache=godot_project/.godot/global_script_class_cache.cfg
if [[ ! -f $cache ]] || [[ -n "$(find godot_project/scripts godot_project/scenes godot_project/main.tscn \
      godot_project/project.godot godot_project/icon.svg godot_project/addons -newer "$cache" -print -quit 2>/dev/null)" ]]; then
  step "import the Godot project"
  # The first import of a project with a GDExtension can crash on exit
  # (upstream godot issue 111048) after writing its results; the frame delay avoids it.
  tests/godot.sh --timeout 300 -- --headless --path godot_project --import --frame-delay 800 >/dev/null 2>&1 || true
  touch "$cache" 2>/dev/null || true
fi

if [[ $list -eq 1 ]]; then
  # main.gd prints "generator: ID" (and " huge") for every entry of GENERATORS.
  tests/godot.sh --timeout 120 -- --headless --audio-driver Dummy --path godot_project \
    -- --list-generators 2>/dev/null | sed -n 's/^generator: //p'
  exit "${PIPESTATUS[0]}"
fi

if [[ $want_shot -eq 0 && $check -eq 0 && -n "${DISPLAY:-}" && -z "${CI:-}" ]]; then
  step "run the sample (window)"
  exec tests/godot.sh --timeout 86400 -- --path godot_project
fi

tmpdir=""
cleanup() { [[ -n $tmpdir ]] && rm -rf -- "$tmpdir"; return 0; }
trap cleanup EXIT
if [[ $readme_picture -eq 1 ]]; then
  shot="$root/docs/screenshot.png"
elif [[ -z $shot ]]; then
  if [[ $want_shot -eq 0 && $check -eq 1 ]]; then
    tmpdir="$(mktemp -d /tmp/run_sample.XXXXXX)"
    shot="$tmpdir/screenshot.png"
  else
    shot="$root/out/screenshot.png"
  fi
fi
[[ $shot == /* ]] || shot="$PWD/$shot"
mkdir -p "$(dirname "$shot")"

user_args=("--screenshot=$shot" "--generator=$generator" "--seed=$seed" "--level=$level")
# The whole level framed between the HUD panels, unless a zoom asks to follow the player.
if [[ -n $zoom ]]; then user_args+=("--zoom=$zoom"); else user_args+=("--overview"); fi
if [[ $reveal -eq 1 ]]; then user_args+=("--reveal-secrets"); fi

step "screenshot under Xvfb -> $shot"
log="$(mktemp /tmp/run_sample_log.XXXXXX)"
set +e
tests/godot.sh --xvfb --timeout 300 -- --rendering-driver opengl3 --audio-driver Dummy --path godot_project -- "${user_args[@]}" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

fail() { echo "run_sample: $*" >&2; rm -f "$log"; exit 1; }
[[ $status -eq 0 ]] || fail "the sample exited with status $status"
[[ -s $shot ]] || fail "no screenshot at $shot"

if [[ $check -eq 1 ]]; then
  step "check the screenshot and the log"
  if grep -nE '^(ERROR|SCRIPT ERROR|USER ERROR)|^\s*(ERROR|SCRIPT ERROR):' "$log" >&2; then
    fail "the run logged errors (above)"
  fi
  # PNG signature and IHDR size, read without any image library.
  sig="$(od -An -tx1 -N8 "$shot" | tr -d ' \n')"
  [[ $sig == 89504e470d0a1a0a ]] || fail "$shot is not a PNG"
  w=$(( 16#$(od -An -tx1 -j16 -N4 "$shot" | tr -d ' \n') ))
  h=$(( 16#$(od -An -tx1 -j20 -N4 "$shot" | tr -d ' \n') ))
  want_w="$(sed -n 's/^window\/size\/viewport_width=//p' godot_project/project.godot)"
  want_h="$(sed -n 's/^window\/size\/viewport_height=//p' godot_project/project.godot)"
  [[ $w -eq ${want_w:-1280} && $h -eq ${want_h:-720} ]] || fail "screenshot is ${w}x${h}, want ${want_w}x${want_h}"
  # main.gd reloads the PNG and counts its distinct colours.
  colours="$(sed -n 's/^screenshot: .* \([0-9]*\) colours$/\1/p' "$log" | tail -n 1)"
  [[ -n $colours ]] || fail "the sample printed no screenshot report"
  (( colours >= 16 )) || fail "the screenshot has only $colours colours (blank?)"
  grep -q '^[.#SE]\{4,\}$' "$log" || fail "no ASCII dungeon in the output"
  echo "run_sample: screenshot ok: $shot ${w}x${h}, $colours colours, no errors" >&2

  # The sample's entries, as main.gd's GENERATORS lists them: "generator: ID",
  # and " huge" after the 1024x1024 ones.
  step "list the sample's generators"
  set +e
  tests/godot.sh --timeout 120 -- --headless --audio-driver Dummy --path godot_project \
    -- --list-generators >"$log" 2>&1
  status=$?
  set -e
  [[ $status -eq 0 ]] || { cat "$log" >&2; fail "the sample could not list its generators (status $status)"; }
  if grep -nE '^(ERROR|SCRIPT ERROR|USER ERROR):' "$log" >&2; then
    fail "listing the generators logged errors (above)"
  fi
  plain=() huge=()
  while read -r id kind; do
    if [[ $kind == huge ]]; then huge+=("$id"); else plain+=("$id"); fi
  done < <(sed -n 's/^generator: //p' "$log")
  [[ ${#plain[@]} -gt 0 && ${#huge[@]} -gt 0 ]] || { cat "$log" >&2; fail "the sample listed no generators"; }

  # The bot: autoplay LEVELS GENERATOR SEED TIMEOUT plays that many levels;
  # a non-zero status or a logged error fails the check.
  autoplay() {
    local status=0
    tests/godot.sh --timeout "$4" -- --headless --fixed-fps 60 --audio-driver Dummy --path godot_project \
      -- --autoplay="$1" --generator="$2" --seed="$3" >"$log" 2>&1 || status=$?
    grep '^autoplay' "$log" >&2 || true
    [[ $status -eq 0 ]] || { cat "$log" >&2; fail "autoplay $2 seed $3 failed (status $status)"; }
    if grep -nE '^(ERROR|SCRIPT ERROR|USER ERROR):' "$log" >&2; then
      fail "autoplay $2 seed $3 logged errors (above)"
    fi
  }
  # A bot walks each generator's dungeons with real physics: into a wall
  # (must not pass), then through the door openings to the EXIT, 2 levels.
  for g in "${plain[@]}"; do
    step "autoplay $g"
    autoplay 2 "$g" "$seed" 120
  done
  played="$(printf '%s, ' "${plain[@]}")"
  echo "run_sample: autoplay ok for ${played%, }" >&2
  # Seed 1, level 2 of isaac_branching: the shortest way to the EXIT runs
  # through the secret room, so the bot must find its doors by walking into
  # the walls that hide them (Dungeon.bump()).
  step "autoplay isaac_branching, seed 1 (through a secret room)"
  autoplay 2 isaac_branching 1 120
  # The huge entries (1024x1024): generate_async + paint_over_frames behind
  # the loading bar; the bot checks the player is on START and the bar
  # reached 100 %, then walks to the EXIT once.
  for g in "${huge[@]}"; do
    step "autoplay $g (huge: async generation and painting)"
    autoplay 1 "$g" "$seed" 900
    grep -q '^autoplay: huge level [0-9]*x[0-9]* generated and painted, player on START' "$log" \
      || fail "autoplay $g: no report of the loaded huge level"
  done
  played="$(printf '%s, ' "${huge[@]}")"
  echo "run_sample: autoplay ok for the huge ${played%, }" >&2
fi
rm -f "$log"
