#!/usr/bin/env bash
# The project's whole test suite: formatting, lints, Rust tests, docs, then
# the GDExtension loaded in real Godot 4 (provisioned on first use, see
# tests/godot.sh) running every GDScript suite headless.
# Usage: tests/run_all.sh   (needs cargo; on Linux as root Godot is
#                            provisioned automatically, else set GODOT=/path/to/godot)
# For the quick loop while you work, see tests/quick.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# Each step's header says how long the run has taken so far.
step() { printf '\n=== %s (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)) >&2; }

# On a fresh machine (CI set) the ci profile builds without incremental
# caches, which only pay on a second build (2m33s instead of 2m43s for the
# core's and the CLI's tests here).
[[ -z ${CI:-} ]] || export CARGO_PROFILE_CI_INCREMENTAL=false

step "cargo fmt --check"
cargo fmt --all -- --check
step "Godot is provisioned in the background (a fresh machine downloads it while Rust builds)"
# tests/godot.sh locks its cache: the Godot steps below wait for this run
# if it is still going, and provision again (showing why) if it failed.
godot_log="$(mktemp)"
tests/godot.sh --provision >"$godot_log" 2>&1 &
godot_pid=$!

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets -- -D warnings

step "build once: every Rust test (ci profile) and the extension (debug)"
# The core's and the CLI's tests build once, in the optimised `ci` profile
# (Cargo.toml): the ordinary tests and the issues' full seed counts below run
# in the same binaries. The binding's own unit tests build in the debug
# profile, beside the debug library that every Godot step loads.
cargo test --profile ci -p dungeon_core -p dungeon_cli --no-run
tests/build_extension.sh
cargo test -p dungeon_godot --no-run

step "fuzz targets build in the background, beside the tests that follow"
# cargo-fuzz is installed on first use (outside the repository, see
# fuzz/README.md). The fuzzing itself starts with the Godot checks below,
# which keep one core busy (Godot runs one main thread), so it takes the
# other; its log is shown, and its status checked, at the end.
fuzz_log="$(mktemp)" log="$(mktemp)" errlog="$(mktemp)"
fuzz_pid=""
cleanup() {
  [[ -z $fuzz_pid ]] || { pkill -P "$fuzz_pid" 2>/dev/null; kill "$fuzz_pid" 2>/dev/null; } || true
  [[ -z $godot_pid ]] || kill "$godot_pid" 2>/dev/null || true
  rm -f "$fuzz_log" "$log" "$errlog" "$godot_log" "${inputs_log:-}" "${fuzz_rc:-}" "${inputs_rc:-}"
}
trap cleanup EXIT
tests/fuzz.sh --build-only >"$fuzz_log" 2>&1 &
fuzz_pid=$!

step "cargo test (core and CLI in the ci profile, the binding in debug)"
cargo test --profile ci -p dungeon_core -p dungeon_cli
cargo test -p dungeon_godot

step "the issues' full seed counts (the tests marked #[ignore]: too slow for a debug build)"
# 10 000 Isaac floors per level and preset (levels 1-10) and 10 000 no-guess
# minesweeper boards per size, each checked against every rule; the
# progression planner on 10 000 seeds per generator with rooms (the presets
# in turn, varied settings): every plan proven, searched for soft-locks by the
# independent checker, round-tripped through JSON with the same layout hash,
# and planned again the same (it prints its figures). The level-graph seed
# counts (random graphs, designer-drawn graphs, the layout-existence oracles)
# run later, on one core beside the Godot checks, with Edgar's inputs over
# 1000 seeds.
# (`-p dungeon_core -p dungeon_cli` as in the build step: the same feature
# set, so nothing is compiled again; alone, dungeon_core rebuilds for 80 s.)
cargo test --profile ci -p dungeon_core -p dungeon_cli --test isaac_floors --test minesweeper_properties \
  --test progression_properties -- --ignored --nocapture
# Every generator at its worst accepted settings: each ends, with a grid or
# the error its work cap names (times are printed, never asserted).
cargo test --profile ci -p dungeon_core -p dungeon_cli --test worst_settings -- --ignored --nocapture
# Navigation polygons: the lower bound against exhaustive search on 200 000
# small grids, and every preset within twice the bound over 40 seeds.
cargo test --profile ci -p dungeon_core -p dungeon_cli --lib nav -- --ignored

step "cargo doc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

step "fuzz, then Edgar's inputs over 1000 seeds, the random and designer graphs and the layout oracles, start in the background, beside the Godot checks"
# Godot runs one main thread, so the other core takes, one after the other:
# the fuzz targets (fuzz/regressions replayed, then 10 000 executions, at
# most 4 s, per target), and Edgar's inputs (tests/data/level_graphs), 1000
# seeds each, direct doors and with corridors, every seed laid out and
# checked (the goal for these inputs), on one thread. The test binary runs
# directly, not through cargo, so it holds no lock on the build directory.
# (Moved here from the seed counts, the level-graph tests shorten the whole
# run: this core had the time to spare.)
fuzz_status=0
wait "$fuzz_pid" || fuzz_status=$?
fuzz_pid=""
if [[ $fuzz_status -ne 0 ]]; then
  cat "$fuzz_log" >&2
  echo "run_all: building the fuzz targets failed (status $fuzz_status)" >&2
  exit 1
fi
# Then, one test at a time: level graphs laid out over 500-2500 random graphs
# each (trees and loops, direct doors and corridors), every layout checked;
# designer-drawn level graphs, one per class, size and cycle count, fixed
# slots and door lines (each class lays out at least as many as measured);
# and the layout-existence oracles (no graph the search lays out is proven to
# have no layout; the two oracles never contradict).
test_bin() {
  cargo test --profile ci -p dungeon_core -p dungeon_cli --test "$1" --no-run --message-format=json \
    2>/dev/null | grep -o "\"executable\":\"[^\"]*/$1-[^\"]*\"" | cut -d'"' -f4
}
inputs_bin="$(test_bin graph_layout_inputs)"
designer_bin="$(test_bin designer_layouts)"
proof_bin="$(test_bin layout_proof)"
props_bin="$(test_bin graph_layout_properties)"
for b in "$inputs_bin" "$designer_bin" "$proof_bin" "$props_bin"; do
  [[ -x $b ]] || { echo "run_all: a background test binary is missing: '$b'" >&2; exit 1; }
done
inputs_log="$(mktemp)" fuzz_rc="$(mktemp)" inputs_rc="$(mktemp)"
(
  s=0
  tests/fuzz.sh --runs 10000 --max-time 4 >>"$fuzz_log" 2>&1 || s=$?
  echo "$s" >"$fuzz_rc"
  s=0
  DUNGEON_TEST_WORKERS=1 "$inputs_bin" --ignored --nocapture >"$inputs_log" 2>&1 || s=$?
  for b in "$props_bin" "$designer_bin" "$proof_bin"; do
    [[ $s -ne 0 ]] || "$b" --ignored --nocapture --test-threads=1 >>"$inputs_log" 2>&1 || s=$?
  done
  echo "$s" >"$inputs_rc"
) &
fuzz_pid=$!

step "provision Godot"
godot_status=0
wait "$godot_pid" || godot_status=$?
godot_pid=""
[[ $godot_status -eq 0 ]] || { cat "$godot_log" >&2; echo "run_all: background provisioning failed; trying again" >&2; }
tests/godot.sh --provision

step "import the Godot project"
# The first import of a project with a GDExtension can crash on exit
# (upstream godot issue 111048) after writing its results; the frame delay
# avoids it. The import writes .godot/ (class cache, imported resources).
tests/godot.sh --timeout 300 -- --headless --path godot_project --import --frame-delay 800 >/dev/null 2>&1 || true

step "editor help shows the extension's docs (register-docs)"
tests/check_editor_help.sh

step "editor plugin: the Inspector's Generate, New seed, Bake and Clear on a DungeonLevel2D and a DungeonLevel3D, with undo and redo"
tests/check_editor_plugin.sh

step "editor plugin: the Level Graph panel edits, undoes, saves and previews a LevelGraph"
tests/check_graph_editor.sh

step "sample project: screenshot (Xvfb + Mesa) and a bot playing every generator"
tests/run_sample.sh --check

step "quitting mid-work is clean: every generator's generate_async, paint_over_frames, DungeonNavigation's async builds, the other classes"
# Once per case and delay here (the script's default is twice).
tests/check_quit.sh --repeat 1

step "real frames, in one Godot: tile-set collision and navigation across chunk borders, navigation from the grid in the servers, the sample's enemies (2D and walk_3d)"
tests/check_frames.sh chunk_borders navigation enemies

step "a project from nothing: scenes with DungeonLevel2D or DungeonLevel3D and a generator run with no code (rooms, tiles, GridMap cells)"
tests/check_fresh_project.sh

step "GDScript runner self-test (every test in it must fail)"
# Proves the runner counts failed checks, unannounced engine/script errors and
# missing announced errors as failures. Its output is kept out of the log so
# the last "N passed, N failed" line is the real suites'.
selftest="$(tests/godot.sh --timeout 120 -- --headless --path godot_project --script res://tests/runner.gd \
  -- --suite-dir=res://tests/selftest 2>&1)" && selftest_status=0 || selftest_status=$?
# (The passes are the extension's required classes, one each.)
if [[ $selftest_status -ne 1 ]] || ! grep -Eqx '[0-9]+ passed, 5 failed' <<<"$selftest"; then
  printf '%s\n' "$selftest" >&2
  echo "run_all: the runner self-test did not catch exactly the 5 planted failures (status $selftest_status)" >&2
  exit 1
fi
echo "runner self-test: caught all 5 planted failures" >&2

step "GDScript suites in Godot"
# Bad-input tests make the extension log errors on purpose (the runner checks
# each one was announced); Godot's stderr goes to a file, shown on failure.
set +e
tests/godot.sh --timeout 600 -- --headless --path godot_project --script res://tests/runner.gd \
  2>"$errlog" | tee "$log"
status=${PIPESTATUS[0]}
set -e
echo "(Godot logged $(grep -c '^ERROR:' "$errlog") errors, each expected by a test; see the runner's lines above)" >&2
if [[ $status -ne 0 ]] || ! grep -Eq '^[0-9]+ passed, [0-9]+ failed$' "$log"; then
  echo "--- Godot's stderr (last 80 lines):" >&2
  tail -n 80 "$errlog" >&2
  echo "run_all: Godot suites failed (status $status)" >&2
  exit 1
fi

step "fuzz, Edgar's inputs, random and designer graphs and the layout oracles: the background run's results"
wait "$fuzz_pid" || true
fuzz_pid=""
cat "$fuzz_log" >&2
fuzz_status="$(cat "$fuzz_rc")"
if [[ $fuzz_status != 0 ]]; then
  echo "run_all: fuzz failed (status ${fuzz_status:-unknown})" >&2
  exit 1
fi
cat "$inputs_log" >&2
inputs_status="$(cat "$inputs_rc")"
if [[ $inputs_status != 0 ]]; then
  echo "run_all: Edgar's inputs over 1000 seeds, the random or designer graphs or the layout oracles failed (status ${inputs_status:-unknown})" >&2
  exit 1
fi

step "cross-platform determinism: Windows CLI under Wine, Linux arm64 CLI under qemu-user"
# Only when tests/build_release.sh has provisioned the cross toolchain (cached
# outside the repository); otherwise cross_check.sh prints a SKIP notice.
tests/cross_check.sh

echo "run_all: all green (in $((SECONDS / 60))m$((SECONDS % 60))s)" >&2
# The suites' count, last, for whoever reads the closing line.
grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1
