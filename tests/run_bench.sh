#!/usr/bin/env bash
# tests/run_bench.sh -- run every benchmark and write BENCHMARKS.md.
#
#   tests/run_bench.sh            # 3 runs of everything, writes BENCHMARKS.md (~20 min on 2 cores)
#   tests/run_bench.sh --quick    # 1 short run, writes target/bench-results/BENCHMARKS.quick.md
#
# What it runs, RUNS times each (interleaved, so a noisy minute spreads over the runs):
#   - cargo bench --bench generators (rust/dungeon_bench)      (the core's own criterion bench)
#   - rust/dungeon_bench: cargo bench --bench vs_mapgen         (mapgen comparison, scaling curve)
#   - the headless Godot bench godot_project/bench/bench.gd   (extension vs GDScript ports),
#     on a RELEASE build of the extension (tests/build_extension.sh --release)
# and once: the mapgen matching table (examples/matching.rs), the peak-memory probe,
# each newer generator's side-by-side bench (rust/dungeon_bench/examples/*_bench.rs),
# the level-graph bench (rust/dungeon_core/examples/graph_bench/: 200 seeds per input),
# the progression planner bench (rust/dungeon_core/examples/progression_bench.rs: 1000 seeds),
# the navigation core bench (rust/dungeon_core/examples/nav_bench.rs: 5 seeds),
# the Godot paint bench (godot_project/bench/paint_bench.gd) and the Godot nav bench
# (godot_project/bench/nav_bench.gd).
# Then rust/dungeon_bench's `report` renders BENCHMARKS.md from target/bench-results/.
#
# Benchmarks report; nothing here fails on a slow number. The script fails only if
# something could not run (build error, Godot error, missing results).
#
# Environment: BENCH_RUNS (default 3), BENCH_CRITERION_ARGS (default below),
# GODOT / DUNGEON_GODOT_* as for tests/godot.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

quick=0
if [[ ${1:-} == --quick ]]; then
  quick=1
elif [[ $# -gt 0 ]]; then
  echo "usage: tests/run_bench.sh [--quick]" >&2
  exit 2
fi

if (( quick )); then
  runs=${BENCH_RUNS:-1}
  crit_args=${BENCH_CRITERION_ARGS:---warm-up-time 0.3 --measurement-time 0.7 --nresamples 2000 --noplot}
  godot_args=(-- --quick)
  out="$root/target/bench-results/BENCHMARKS.quick.md"
  command_line="tests/run_bench.sh --quick"
else
  runs=${BENCH_RUNS:-3}
  crit_args=${BENCH_CRITERION_ARGS:---warm-up-time 1 --measurement-time 3 --nresamples 10000 --noplot}
  godot_args=()
  out="$root/BENCHMARKS.md"
  command_line="tests/run_bench.sh"
fi
# shellcheck disable=SC2206 # word splitting of the criterion options is intended
crit=($crit_args)

bench_crate="$root/rust/dungeon_bench"
results="$root/target/bench-results"
t0=$SECONDS
# /proc/stat's first line: user nice system idle iowait irq softirq steal ...
cpu_stat() { awk '/^cpu / { t = 0; for (i = 2; i <= 9; i++) t += $i; print $9, t }' /proc/stat; }
read -r steal0 total0 < <(cpu_stat)

step() { printf '\n=== %s\n' "$*" >&2; }
# godot_once NAME TIMEOUT END_RE: runs the staged bench/NAME.gd once, stdout
# to $results/NAME.out and stderr to NAME.err; stops the whole run (with both
# tails) unless Godot exits 0 and prints a line matching END_RE.
godot_once() {
  local name=$1 timeout=$2 end_re=$3 status
  set +e
  tests/godot.sh --timeout "$timeout" -- --headless --path "$stage" --script "res://bench/$name.gd" "${godot_args[@]}" \
    >"$results/$name.out" 2>"$results/$name.err"
  status=$?
  set -e
  if [[ $status -ne 0 ]] || ! grep -qE "$end_re" "$results/$name.out"; then
    echo "run_bench: the Godot bench bench/$name.gd failed (status $status):" >&2
    tail -n 30 "$results/$name.err" "$results/$name.out" >&2
    exit 1
  fi
}
elapsed() { local s=$((SECONDS - t0)); printf '%dm%02ds' $((s / 60)) $((s % 60)); }

rm -rf -- "$results"
mkdir -p -- "$results"
stage="$(mktemp -d /tmp/dungeon-bench.XXXXXX)"
trap 'rm -rf -- "$stage"' EXIT

step "build: release extension, dungeon_bench, core bench"
tests/build_extension.sh --release
(cd "$bench_crate" && cargo build --release --bins --examples && cargo bench --bench vs_mapgen --bench generators --no-run)
cargo build --release -p dungeon_core --example graph_bench --example progression_bench --example nav_bench

step "stage the Godot project with the release library ($stage)"
# A private copy: a concurrent tests/build_extension.sh (debug) cannot swap the
# library under the bench, and the bench never runs on a debug build by accident.
lib=libdungeon_godot.so
mkdir -p "$stage/addons/dungeon_gen/bin" "$stage/.godot" "$stage/bench"
cp godot_project/project.godot "$stage/"
cp godot_project/addons/dungeon_gen/dungeon_gen.gdextension "$stage/addons/dungeon_gen/"
cp "${CARGO_TARGET_DIR:-$root/target}/release/$lib" "$stage/addons/dungeon_gen/bin/$lib"
printf 'res://addons/dungeon_gen/dungeon_gen.gdextension\n' >"$stage/.godot/extension_list.cfg"
cp godot_project/bench/*.gd godot_project/bench/*.gd.uid "$stage/bench/"
# The paint and nav benches preload the sample's tile set.
mkdir -p "$stage/scripts"
cp godot_project/scripts/dungeon_tiles.gd godot_project/scripts/dungeon_tiles.gd.uid "$stage/scripts/"
lib_bytes=$(stat -c %s "$stage/addons/dungeon_gen/bin/$lib")
lib_sha=$(sha256sum "$stage/addons/dungeon_gen/bin/$lib" | cut -c1-12)

step "machine"
godot_version="$(tests/godot.sh --version)"
{
  printf 'date\t%s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf 'command\t%s\n' "$command_line"
  printf 'criterion_args\t%s\n' "$crit_args"
  printf 'cpu\t%s\n' "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
  printf 'nproc\t%s\n' "$(nproc)"
  printf 'memory\t%s\n' "$(awk '/^MemTotal:/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
  printf 'kernel\t%s\n' "$(uname -sr)"
  printf 'godot\t%s (headless)\n' "$godot_version"
  printf 'rustc\t%s\n' "$(rustc --version)"
  printf 'gdext\t%s\n' "$(awk '/^name = "godot"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)"
  printf 'mapgen\t%s\n' "$(awk '/^name = "mapgen"$/ { getline; gsub(/"/, "", $3); print $3 }' "$bench_crate/Cargo.lock")"
  printf 'extension\trelease profile, %s, %s bytes, sha256 %s…\n' "$lib" "$lib_bytes" "$lib_sha"
  printf 'load_before\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$results/machine.tsv"
cat "$results/machine.tsv" >&2

step "mapgen matching table"
"$bench_crate/target/release/examples/matching" | tee "$results/matching.tsv" >&2

step "peak memory"
: >"$results/peak_mem.tsv"
for kind_side in "bsp 256" "bsp 1024" "bsp 2048" "bsp 4096" "drunkard 256"; do
  # shellcheck disable=SC2086 # two words on purpose
  "$bench_crate/target/release/peak_mem" $kind_side | tee -a "$results/peak_mem.tsv" >&2
done
max_kb=$(/usr/bin/time -v "$bench_crate/target/release/peak_mem" bsp 4096 2>&1 >/dev/null \
  | sed -n 's/.*Maximum resident set size (kbytes): //p')
printf 'time_v_max_rss\tbsp 4096×4096 maximum resident set size %.1f MiB\n' "$(awk -v k="${max_kb:-0}" 'BEGIN { print k / 1024 }')" \
  >>"$results/machine.tsv"

report="$bench_crate/target/release/report"
for ((k = 1; k <= runs; k++)); do
  step "run $k of $runs: dungeon_core generators bench ($(elapsed))"
  since=$(date +%s)
  (cd "$bench_crate" && cargo bench --bench generators -- "${crit[@]}") >"$results/core_run$k.log" 2>&1 \
    || { tail -n 30 "$results/core_run$k.log" >&2; exit 1; }
  "$report" collect "$bench_crate/target/criterion" "$since" "$results/crit_core_run$k.tsv"

  step "run $k of $runs: vs_mapgen bench ($(elapsed))"
  since=$(date +%s)
  (cd "$bench_crate" && cargo bench --bench vs_mapgen -- "${crit[@]}") >"$results/vsm_run$k.log" 2>&1 \
    || { tail -n 30 "$results/vsm_run$k.log" >&2; exit 1; }
  "$report" collect "$bench_crate/target/criterion" "$since" "$results/crit_vsm_run$k.tsv"

  step "run $k of $runs: Godot bench ($(elapsed))"
  set +e
  tests/godot.sh --timeout 900 -- --headless --path "$stage" --script res://bench/bench.gd "${godot_args[@]}" \
    >"$results/godot_run$k.tsv" 2>"$results/godot_run$k.err"
  status=$?
  set -e
  if [[ $status -ne 0 ]] || ! grep -qx DONE "$results/godot_run$k.tsv"; then
    echo "run_bench: the Godot bench failed (status $status):" >&2
    tail -n 30 "$results/godot_run$k.err" "$results/godot_run$k.tsv" >&2
    exit 1
  fi
  grep -E '^(RESULT|LEVEL10)' "$results/godot_run$k.tsv" | cut -f1-4 | column -t >&2 || true
done

# The newer generators' benches: one example each, which measures ours and its
# baseline side by side in one process and prints its own markdown section.
for src in "$bench_crate"/examples/*_bench.rs; do
  [[ -e $src ]] || continue
  ex="$(basename "$src" .rs)"
  step "generator bench $ex ($(elapsed))"
  "$bench_crate/target/release/examples/$ex" >"$results/gen_$ex.md" \
    || { echo "run_bench: $ex failed" >&2; exit 1; }
  cat "$results/gen_$ex.md" >&2
done

# The level-graph bench: Edgar-DotNet's converted inputs and a scaling curve of
# random planar graphs (success rate and time per layout; its own section).
step "graph bench ($(elapsed))"
graph_args=(--seeds 200 --scaling-seeds 20)
if (( quick )); then graph_args=(--quick); fi
"${CARGO_TARGET_DIR:-$root/target}/release/examples/graph_bench" "${graph_args[@]}" >"$results/gen_graph_bench.md" \
  || { echo "run_bench: graph_bench failed" >&2; exit 1; }
cat "$results/gen_graph_bench.md" >&2

# The progression planner: what it places per generator and how long it takes.
step "progression bench ($(elapsed))"
progression_seeds=1000
if (( quick )); then progression_seeds=50; fi
"${CARGO_TARGET_DIR:-$root/target}/release/examples/progression_bench" --seeds "$progression_seeds" \
  >"$results/gen_progression_bench.md" || { echo "run_bench: progression_bench failed" >&2; exit 1; }
cat "$results/gen_progression_bench.md" >&2

# Navigation built from the grid in the Rust core: build time, polygons and
# the lower bound on any rectangle partition (issue 27).
step "navigation core bench ($(elapsed))"
nav_seeds=5
if (( quick )); then nav_seeds=1; fi
"${CARGO_TARGET_DIR:-$root/target}/release/examples/nav_bench" --seeds "$nav_seeds" \
  >"$results/gen_nav_core_bench.md" || { echo "run_bench: nav_bench failed" >&2; exit 1; }
cat "$results/gen_nav_core_bench.md" >&2

# Issue 17's Godot bench: painting a grid onto a TileMapLayer (ours against a
# GDScript set_cell loop and set_cells_terrain_connect) and the longest frame
# while a 1024² map is generated async and painted over frames. Once.
step "Godot paint bench ($(elapsed))"
godot_once paint_bench 1800 '^Verdicts:'
sed -n '/^### /,/^Verdicts:/p' "$results/paint_bench.out" >"$results/gen_paint_bench.md"
cat "$results/gen_paint_bench.md" >&2

# Issue 27's Godot bench: navigation data for a level by Godot's own routes
# (tile navigation polygons; a runtime bake capped at 120 s) and by
# DungeonNavigation once it is built; path queries. Each case runs in its own
# Godot process, stopped past its cap. Once (about 15 to 25 min in full).
step "Godot nav bench ($(elapsed))"
godot_once nav_bench 3600 '^END_NAV_BENCH$'
sed -n '/^### /,/^END_NAV_BENCH$/p' "$results/nav_bench.out" | sed '$d' >"$results/gen_nav_bench.md"
cat "$results/gen_nav_bench.md" >&2

printf 'load_after\t%s\n' "$(cut -d' ' -f1-3 /proc/loadavg)" >>"$results/machine.tsv"
printf 'duration\t%s\n' "$(elapsed)" >>"$results/machine.tsv"
read -r steal1 total1 < <(cpu_stat)
printf 'steal\t%s\n' "$(awk -v s=$((steal1 - steal0)) -v t=$((total1 - total0)) 'BEGIN { printf "%.1f %% of all CPU time", t ? 100 * s / t : 0 }')" \
  >>"$results/machine.tsv"
step "render $out"
"$report" render "$results" "$out"
echo "run_bench: done in $(elapsed); raw results in ${results#"$root"/}" >&2
