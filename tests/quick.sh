#!/usr/bin/env bash
# The quick loop while you work (a few minutes; tests/run_all.sh is the whole
# suite, run it before you push):
#   1. cargo fmt --check and cargo clippy -D warnings;
#   2. the core's and the CLI's tests, in the ci profile (optimised, so they
#      are quick; the seed-count tests marked #[ignore] stay for run_all);
#   3. the GDScript suites for what changed, in real Godot: the extension is
#      rebuilt (debug) and the runner runs only the suites the change touches.
# What changed is every file that differs from --base (committed or not) and
# every new file. A suite is picked when it changed itself, when it names a
# Godot class defined in a changed binding file, or when its name holds a
# changed core module's name (rust/dungeon_core/src/cave/ -> test_cave);
# a core change adds the golden and layout-hash suites; the sample's
# scripts and scenes pick test_sample*; a change to the runner or the
# suites' shared scripts, or a binding file defining no class, picks every
# suite.
#
# Usage: tests/quick.sh [--base REV] [--all-suites] [--no-godot]
#   --base REV     what the change is measured against (default: where the
#                  branch left main, or HEAD on main: the uncommitted change)
#   --all-suites   every GDScript suite, whatever changed
#   --no-godot     stop after the Rust tests
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

base="" all=0 godot=1
while [[ $# -gt 0 ]]; do
  case "$1" in
    --base) base="$2"; shift ;;
    --all-suites) all=1 ;;
    --no-godot) godot=0 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "quick: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

step() { printf '\n=== %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)) >&2; }

if [[ -z $base ]]; then
  base="$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)"
fi
mapfile -t changed < <({ git diff --name-only "$base" --; git ls-files --others --exclude-standard; } | sort -u)
echo "quick: ${#changed[@]} files changed since $(git rev-parse --short "$base")" >&2

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings
step "core and CLI tests (ci profile)"
cargo test --profile ci -p dungeon_core -p dungeon_cli
[[ $godot -eq 1 ]] || { echo "quick: all green (Rust only, in ${SECONDS}s)" >&2; exit 0; }

# The suites to run: a comma-separated filter for the runner, or "" for all.
suites_dir=godot_project/tests/suites
mapfile -t suites < <(cd "$suites_dir" && ls test_*.gd | sed 's/\.gd$//')
# The Godot classes a binding file defines or adds methods to.
classes_in() {
  { grep -A3 'derive(GodotClass' "$1" | sed -n 's/^pub struct \([A-Za-z0-9_]*\).*/\1/p'
    sed -n 's/^ *class \([A-Z][A-Za-z0-9]*\)(.*/\1/p' "$1"
    grep -A1 '#\[godot_api' "$1" | sed -n 's/^impl \(I[A-Za-z0-9]* for \)\{0,1\}\([A-Z][A-Za-z0-9]*\) *{.*/\2/p'
  } | sort -u
}
picked=()
pick() { local s; for s in "$@"; do [[ " ${picked[*]} " == *" $s "* ]] || picked+=("$s"); done; }
everything=$all
# The editor plugin's checks (tests/check_editor_plugin.sh,
# tests/check_graph_editor.sh) run when the plugin, its checks, the level
# node or the level graph changed.
editor_check=$all
for f in "${changed[@]}"; do
  case "$f" in
    godot_project/addons/dungeon_gen/editor/*|godot_project/addons/dungeon_gen/plugin.cfg|tests/editor_plugin/*|tests/check_editor_plugin.sh|tests/check_graph_editor.sh|rust/dungeon_godot/src/level_node/*|rust/dungeon_godot/src/level_graph.rs|rust/dungeon_godot/src/graph_layout_generator.rs)
      editor_check=1 ;;
  esac
  case "$f" in
    "$suites_dir"/test_*.gd) pick "$(basename "$f" .gd)" ;;
    godot_project/tests/*.gd|godot_project/addons/*) everything=1 ;;
    godot_project/scripts/*|godot_project/scenes/*|godot_project/main.tscn)
      for s in "${suites[@]}"; do [[ $s == test_sample* ]] && pick "$s"; done ;;
    rust/dungeon_godot/src/*.rs)
      [[ -f $f ]] || { everything=1; continue; }
      mapfile -t classes < <(classes_in "$f")
      if [[ ${#classes[@]} -eq 0 ]]; then
        everything=1
      else
        for c in "${classes[@]}"; do
          for s in "${suites[@]}"; do grep -qw "$c" "$suites_dir/$s.gd" && pick "$s"; done
        done
      fi ;;
    rust/dungeon_core/src/*)
      module="${f#rust/dungeon_core/src/}"
      module="${module%%/*}"
      module="${module%.rs}"
      pick test_golden test_layout_hash
      for s in "${suites[@]}"; do [[ $s == *"$module"* ]] && pick "$s"; done ;;
  esac
done
if [[ $everything -eq 0 && ${#picked[@]} -eq 0 && $editor_check -eq 0 ]]; then
  echo "quick: nothing the GDScript suites test changed; all green (in ${SECONDS}s)" >&2
  exit 0
fi
filter=""
if [[ $everything -eq 0 ]]; then
  filter="$(IFS=,; echo "${picked[*]}")"
fi

step "build the extension (debug)"
tests/build_extension.sh
cache=godot_project/.godot/global_script_class_cache.cfg
if [[ ! -f $cache ]] || [[ -n "$(find godot_project -name '*.gd' -newer "$cache" -print -quit)" ]]; then
  step "import the Godot project"
  tests/godot.sh --timeout 300 -- --headless --path godot_project --import --frame-delay 800 >/dev/null 2>&1 || true
  touch "$cache" 2>/dev/null || true
fi

if [[ $everything -eq 1 || ${#picked[@]} -gt 0 ]]; then
  step "GDScript suites: ${filter:-every suite}"
  log="$(mktemp)" errlog="$(mktemp)"
  trap 'rm -f "$log" "$errlog"' EXIT
  set +e
  tests/godot.sh --timeout 600 -- --headless --path godot_project --script res://tests/runner.gd \
    -- ${filter:+"--filter=$filter"} 2>"$errlog" | tee "$log" | grep -v '^ok   '
  status=${PIPESTATUS[0]}
  set -e
  if [[ $status -ne 0 ]] || ! grep -Eq '^[0-9]+ passed, [0-9]+ failed$' "$log"; then
    tail -n 40 "$errlog" >&2
    echo "quick: GDScript suites failed (status $status)" >&2
    exit 1
  fi
fi
if [[ $editor_check -eq 1 ]]; then
  step "editor plugin: the Inspector buttons in a headless editor"
  tests/check_editor_plugin.sh
  step "editor plugin: the Level Graph panel in a headless editor"
  tests/check_graph_editor.sh
fi
echo "quick: all green (in ${SECONDS}s)" >&2
