#!/usr/bin/env bash
# Coverage-guided fuzzing of dungeon_core (fuzz/, cargo-fuzz + libFuzzer, on
# the stable toolchain). Installs cargo-fuzz if missing, builds every target,
# replays fuzz/regressions/ and then fuzzes each target for N executions from
# the corpus kept in fuzz/corpus/. Any panic, timeout, allocation over 1 GiB
# or RSS over 2 GiB fails the run; the reproducer's path is printed.
#
# Usage: tests/fuzz.sh [--runs N] [--target NAME]... [--timeout S] [--save]
#                      [--keep-going] [--max-time S] [--lenient] [--replay]
#                      [--replay-file PATH] [--build-only]
#   --runs N        executions per target (default 10000; the long run: 1000000)
#   --target NAME   only this target (repeatable); default: all of them
#   --timeout S     seconds one input may take (default 5, see fuzz/README.md)
#   --save          merge the inputs that found new coverage into fuzz/corpus
#                   (minimised; otherwise a run leaves the repository as it was)
#   --keep-going    do not stop at the first failure: fork mode, collect every
#                   crash/timeout/OOM in fuzz/artifacts/<target>/ (long runs)
#   --replay        only replay fuzz/regressions and the corpus, no fuzzing
#   --replay-file P run one input (a reproducer) through the given --target
#   --max-time S    stop each target after S seconds even if --runs is not reached
#   --build-only    install cargo-fuzz and build the targets, nothing else (so a
#                   later run starts at once: tests/run_all.sh builds early and
#                   fuzzes while Godot runs on one core)
#   --lenient       JSON targets: accept an accepted-but-invalid grid, fail only
#                   on panics, timeouts and big allocations in the queries
# Environment: CARGO_FUZZ (a cargo-fuzz binary to use instead of installing),
#   FUZZ_TOOLS (where cargo-fuzz is installed, default ~/.cache/dungeon_gen).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz="$root/fuzz"
cargo_fuzz_version=0.13.2
runs=10000 max_time=0 timeout=5 save=0 keep_going=0 replay_only=0 replay_file="" build_only=0
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --target) targets+=("$2"); shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    --save) save=1; shift ;;
    --keep-going) keep_going=1; shift ;;
    --replay) replay_only=1; shift ;;
    --replay-file) replay_file="$2"; shift 2 ;;
    --max-time) max_time="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --lenient) export DUNGEON_FUZZ_LENIENT=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "fuzz.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[[ -z "$replay_file" ]] || replay_file="$(realpath "$replay_file")"
[[ "$runs" =~ ^[0-9]+$ ]] || { echo "fuzz.sh: --runs wants a number, got $runs" >&2; exit 2; }

# The CLI target needs dungeon_cli as a library with `run`; built when it is.
features=()
# Every target in fuzz/fuzz_targets/ (cli_args needs the cli feature).
mapfile -t all_targets < <(cd "$fuzz/fuzz_targets" && ls ./*.rs | sed 's|^\./||; s|\.rs$||')
[[ ${#all_targets[@]} -gt 0 ]] || { echo "fuzz.sh: no targets in $fuzz/fuzz_targets" >&2; exit 2; }
if [[ " ${all_targets[*]} " == *" cli_args "* ]]; then
  features=(--features cli)
fi
[[ ${#targets[@]} -gt 0 ]] || targets=("${all_targets[@]}")

# cargo-fuzz, pinned, installed outside the repository on first use.
if [[ -z "${CARGO_FUZZ:-}" ]]; then
  tools="${FUZZ_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/dungeon_gen}/cargo-fuzz-$cargo_fuzz_version"
  CARGO_FUZZ="$tools/bin/cargo-fuzz"
  if [[ ! -x "$CARGO_FUZZ" ]]; then
    echo "fuzz.sh: installing cargo-fuzz $cargo_fuzz_version into $tools" >&2
    cargo install --locked --quiet cargo-fuzz --version "$cargo_fuzz_version" --root "$tools"
  fi
fi

# No sanitizer (the code under test has no unsafe; this keeps the stable
# toolchain usable and runs ~2x faster); debug assertions keep overflow checks.
cd "$root"
start=$SECONDS
"$CARGO_FUZZ" build --fuzz-dir "$fuzz" --sanitizer none --debug-assertions "${features[@]}" >&2
echo "fuzz.sh: built in $((SECONDS - start)) s" >&2
[[ $build_only -eq 0 ]] || exit 0
# Cargo builds into CARGO_TARGET_DIR when it is set (cargo-fuzz passes none).
bin_dir="${CARGO_TARGET_DIR:-$fuzz/target}/$(rustc -vV | sed -n 's/^host: //p')/release"

limits=(-timeout="$timeout" -rss_limit_mb=2048 -malloc_limit_mb=1024)
max_len() { case "$1" in grid_json) echo 16384 ;; grid_json_mutate|*_config|any_generator) echo 256 ;; *) echo 1024 ;; esac; }
extra() { case "$1" in grid_json) echo "-dict=$fuzz/dicts/grid_json.dict" ;; esac; }

# The first line that says why an input fails: a panic message, the
# allocation guard, a timeout or libFuzzer's RSS limit.
describe() {
  "$1" "${limits[@]}" "$2" 2>&1 | grep -A1 -m1 -E "panicked at|==alloc_guard==|ERROR: libFuzzer: (timeout|out-of-memory)" \
    | grep -v -E '^(--|thread .* panicked at)' | head -n 1 | cut -c1-160 || true
}

if [[ -n "$replay_file" ]]; then
  [[ ${#targets[@]} -eq 1 ]] || { echo "fuzz.sh: --replay-file needs one --target" >&2; exit 2; }
  exec "$bin_dir/${targets[0]}" "${limits[@]}" "$replay_file"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=()
summary=()
for t in "${targets[@]}"; do
  bin="$bin_dir/$t"
  [[ -x "$bin" ]] || { echo "fuzz.sh: no target $t (have: ${all_targets[*]})" >&2; exit 2; }
  artifacts="$fuzz/artifacts/$t"
  mkdir -p "$artifacts" "$fuzz/corpus/$t" "$work/$t"
  log="$work/$t.log"
  t0=$SECONDS

  # 1. Every saved reproducer must pass (and with --replay, the corpus; a
  #    fuzzing run replays the corpus first anyway).
  dirs=("$fuzz/regressions/$t")
  [[ $replay_only -eq 0 ]] || dirs+=("$fuzz/corpus/$t")
  mapfile -t inputs < <(find "${dirs[@]}" -type f ! -name '*.md' 2>/dev/null | sort)
  if [[ ${#inputs[@]} -gt 0 ]]; then
    if ! "$bin" "${limits[@]}" -artifact_prefix="$artifacts/" "${inputs[@]}" >"$log" 2>&1; then
      tail -n 40 "$log" >&2
      echo "fuzz.sh: $t FAILED on a saved input: $(grep -o 'Running: .*' "$log" | tail -n 1 | cut -d' ' -f2-)" >&2
      failed+=("$t")
      # --keep-going fuzzes on; otherwise the target has failed already.
      [[ $keep_going -eq 1 ]] || continue
    fi
  fi
  if [[ $replay_only -eq 1 ]]; then
    summary+=("$t: replayed ${#inputs[@]} inputs in $((SECONDS - t0)) s")
    continue
  fi

  # 2. Fuzz. New inputs go to $work/$t; the repository's corpus is only read.
  args=("${limits[@]}" -runs="$runs" -max_len="$(max_len "$t")" -artifact_prefix="$artifacts/"
        -max_total_time="$max_time" -print_final_stats=1 $(extra "$t"))
  if [[ $keep_going -eq 1 ]]; then
    args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  fi
  status=0
  touch "$work/$t.stamp"
  (cd "$work" && "$bin" "${args[@]}" "$work/$t" "$fuzz/corpus/$t") >"$log" 2>&1 || status=$?
  if [[ $keep_going -eq 1 ]]; then
    execs="$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#' || true)"
  else
    execs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}' || true)"
  fi
  found="$(find "$artifacts" -type f -newer "$work/$t.stamp" 2>/dev/null | sort || true)"
  if [[ $status -ne 0 || -n "$found" ]]; then
    tail -n 40 "$log" >&2
    echo "fuzz.sh: $t FAILED (status $status); reproducer(s):" >&2
    { grep -ho 'Test unit written to .*' "$log" | sed 's/^Test unit written to //'; printf '%s\n' $found; } \
      | grep . | sort -u | sed 's/^/  /' >&2 || true
    if [[ $keep_going -eq 1 && -n "$found" ]]; then
      echo "fuzz.sh: $t: $(wc -w <<<"$found") reproducers, by first failure line:" >&2
      for f in $found; do describe "$bin" "$f"; done | sed -E "s/-?[0-9]+/N/g" | sort | uniq -c | sort -rn >&2
    fi
    failed+=("$t")
  fi
  summary+=("$t: ${execs:-?} executions in $((SECONDS - t0)) s, corpus $(find "$fuzz/corpus/$t" -type f | wc -l) + $(find "$work/$t" -type f | wc -l) new")

  # 3. Keep what found new coverage, minimised together with the corpus.
  if [[ $save -eq 1 ]]; then
    mkdir -p "$work/$t.min"
    cp "$fuzz/corpus/$t"/seed-* "$work/$t.min/" 2>/dev/null || true
    "$bin" -merge=1 "${limits[@]}" -max_len="$(max_len "$t")" "$work/$t.min" "$fuzz/corpus/$t" "$work/$t" >>"$log" 2>&1
    rm -f "$fuzz/corpus/$t"/*
    cp "$work/$t.min"/* "$fuzz/corpus/$t/"
    echo "fuzz.sh: $t corpus saved: $(find "$fuzz/corpus/$t" -type f | wc -l) files, $(cat "$fuzz/corpus/$t"/* | wc -c) bytes" >&2
  fi
done

printf '%s\n' "${summary[@]}" >&2
echo "fuzz.sh: $((SECONDS - start)) s in all" >&2
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz.sh: ${#targets[@]} targets passed" >&2
