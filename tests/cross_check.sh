#!/usr/bin/env bash
# tests/cross_check.sh -- the same dungeon on every platform: the Windows CLI
# under Wine and the Linux arm64 CLI under qemu-user must print the golden
# vectors and the golden pictures byte for byte as the native (x86_64) build
# does, and the same JSON and PNG bytes for a few hundred more dungeons.
#
#   tests/cross_check.sh            # check; SKIP (exit 0) if the cross toolchain is not cached
#   tests/cross_check.sh --require  # the same, but a missing toolchain is an error (exit 2)
#   tests/cross_check.sh --count K  # dungeons per preset in the bulk comparison (default 32)
#
# It never provisions: the toolchain (a Debian sid chroot with Wine, qemu-user
# and the cross compilers) is made once by tests/build_release.sh and cached in
# ${DUNGEON_CROSS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dungeon-cross}. When it
# is there, the CLI is (re)built for the three targets first -- cargo rebuilds
# only what changed since the cached build -- so the check always runs the
# current source.
#
# What is compared, for x86_64 (native), arm64 (qemu-aarch64), Windows (wine):
#   1. every line of rust/dungeon_core/tests/golden/vectors.tsv: `dungeon GEN
#      --preset P --seed S --level L --format json` must equal the line's JSON;
#   2. every golden picture rust/dungeon_core/tests/golden/GEN_PRESET.txt is
#      rebuilt from `--format ascii` runs and must equal the file;
#   3. bulk: per preset, `--count K --format json` from a fixed seed, and one
#      `--format png`, must give the native build's bytes;
#   4. every line of rust/dungeon_core/tests/golden/hashes.tsv: `dungeon GEN
#      --preset P --seed S --level L --format hash` must print the line's
#      layout hash (`GEN P S L HASH`).
set -euo pipefail

PROG=cross_check.sh
SELF_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
SELF="$SELF_DIR/$(basename -- "${BASH_SOURCE[0]}")"
REPO_TOP="$(cd -- "$SELF_DIR/.." && pwd -P)"
CACHE_DIR="${DUNGEON_CROSS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/dungeon-cross}"
CHROOT="$CACHE_DIR/sid"
WORK="$CACHE_DIR/work"
readonly TRIPLES="x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-pc-windows-gnu"

msg() { printf '%s: %s\n' "$PROG" "$*" >&2; }

# ---------------------------------------------------------------------------
# Inside the chroot
# ---------------------------------------------------------------------------

# run_cli PLATFORM ARGS...: the CLI of PLATFORM, run the way that platform runs it here.
run_cli() {
  local plat=$1
  shift
  case $plat in
    native) "$WORK/target/x86_64-unknown-linux-gnu/release/dungeon" "$@" ;;
    arm64) qemu-aarch64 -L /usr/aarch64-linux-gnu "$WORK/target/aarch64-unknown-linux-gnu/release/dungeon" "$@" ;;
    windows) run_wine "$WORK/target/x86_64-pc-windows-gnu/release/dungeon.exe" "$@" ;;
  esac
}

# run_wine EXE ARGS...: EXE under Wine. Wine itself now and then loses its
# server connection ("wine client error:0: recvmsg: Connection reset by
# peer") and the run ends with no output; every run here is of valid
# arguments, so a failed exit is retried (twice at most), each retry logged
# to retries.log and counted in the summary. Output is compared only from a
# run that exited 0, so a retry can never hide a difference in the bytes.
run_wine() {
  local tmp="$WORK/check/windows/run.out" try rc=0
  for try in 1 2 3; do
    rc=0
    wine "$@" >"$tmp" || rc=$?
    (( rc == 0 )) && break
    printf 'exit %s on try %s: %s\n' "$rc" "$try" "${*:2}" >>"$WORK/check/windows/retries.log"
    wineserver -k 2>/dev/null || true
    wineserver -p 2>/dev/null || true
  done
  cat -- "$tmp"
  return "$rc"
}

# check_lines PLATFORM FILE FORMAT: runs every case of a golden file (lines
# GEN PRESET SEED LEVEL WANT, tab-separated) with --format FORMAT, which must
# print WANT (json) or `GEN PRESET SEED LEVEL WANT` (hash). Sets `checked` to
# "same/all" and adds the differences to inner_check's `fails`.
check_lines() {
  local plat=$1 file=$2 format=$3 n=0 bad=0 gen preset seed level want got
  while IFS=$'\t' read -r gen preset seed level want; do
    [[ -n $gen && $gen != \#* ]] || continue
    n=$((n + 1))
    [[ $format == hash ]] && want="$gen $preset $seed $level $want"
    got="$(run_cli "$plat" "$gen" --preset "$preset" --seed "$seed" --level "$level" --format "$format" 2>>"$out/$plat/stderr.log")" || true
    if [[ $got != "$want" ]]; then
      bad=$((bad + 1))
      (( bad <= 3 )) && msg "$plat: --format $format $gen $preset seed $seed level $level differs: ${got:0:120}"
    fi
  done <"$file"
  checked="$((n - bad))/$n"
  fails=$((fails + bad))
}

inner_check() {
  local count=$1 golden="$REPO_TOP/rust/dungeon_core/tests/golden"
  local out="$WORK/check" t0=$SECONDS
  rm -rf -- "$out"
  mkdir -p -- "$out"
  mkdir -m 700 -- "$out/xdg"
  export WINEPREFIX="$WORK/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" XDG_RUNTIME_DIR="$out/xdg"
  wineserver -p 2>/dev/null || true   # one server for all runs: each run starts fast
  local fails=0 checked="" plat gen preset seed level
  local -A vectors=() pictures=() bulk=() hashes=()
  for plat in native arm64 windows; do
    local p0=$SECONDS
    mkdir -p -- "$out/$plat"
    # 1. golden vectors
    check_lines "$plat" "$golden/vectors.tsv" json
    vectors[$plat]=$checked
    # 2. golden pictures, rebuilt file by file
    local files=0 pbad=0 cases=0 f hdr
    while IFS=$'\t' read -r gen preset; do
      f="$golden/${gen}_${preset}.txt"
      [[ -f $f ]] || continue
      files=$((files + 1))
      : >"$out/$plat/pic"
      while read -r hdr; do
        read -r _ seed _ level <<<"$hdr"
        cases=$((cases + 1))
        { printf '%s\n' "$hdr"
          run_cli "$plat" "$gen" --preset "$preset" --seed "$seed" --level "$level" --format ascii 2>>"$out/$plat/stderr.log" || true
          printf '\n'; } >>"$out/$plat/pic"
      done < <(grep -E '^seed [0-9]+ level -?[0-9]+$' "$f")
      if ! cmp -s "$out/$plat/pic" "$f"; then
        pbad=$((pbad + 1))
        msg "$plat: golden picture ${gen}_${preset}.txt differs: $(cmp "$out/$plat/pic" "$f" 2>&1 | head -n 1)"
      fi
    done < <(grep -v '^#' "$golden/vectors.tsv" | cut -f1,2 | sort -u)
    pictures[$plat]="$((files - pbad))/$files files ($cases pictures)"
    fails=$((fails + pbad))
    # 3. bulk JSON lines and a PNG per preset (compared with native below)
    local dungeons=0
    while IFS=$'\t' read -r gen preset; do
      run_cli "$plat" "$gen" --preset "$preset" --seed -3 --level 4 --count "$count" --format json \
        >"$out/$plat/bulk_${gen}_${preset}.jsonl" 2>>"$out/$plat/stderr.log" || true
      local lines
      lines=$(wc -l <"$out/$plat/bulk_${gen}_${preset}.jsonl")
      if (( lines != count )); then
        msg "$plat: $gen $preset --count $count gave $lines lines"
        fails=$((fails + 1))
      fi
      dungeons=$((dungeons + lines))
      run_cli "$plat" "$gen" --preset "$preset" --seed 11 --level 2 --format png --out - \
        >"$out/$plat/${gen}_${preset}.png" 2>>"$out/$plat/stderr.log" || true
    done < <(grep -v '^#' "$golden/vectors.tsv" | cut -f1,2 | sort -u)
    bulk[$plat]=$dungeons
    # 4. golden layout hashes
    check_lines "$plat" "$golden/hashes.tsv" hash
    hashes[$plat]=$checked
    msg "$plat: ran in $((SECONDS - p0)) s"
  done
  local b
  for plat in arm64 windows; do
    local same=0 all=0 pbad=0 psame=0
    for b in "$out/native"/bulk_*.jsonl; do
      b=${b##*/}
      all=$((all + $(wc -l <"$out/native/$b")))
      if cmp -s "$out/native/$b" "$out/$plat/$b"; then
        same=$((same + $(wc -l <"$out/native/$b")))
      else
        msg "$plat: $b differs from native: $(cmp "$out/native/$b" "$out/$plat/$b" 2>&1 | head -n 1)"
        fails=$((fails + 1))
      fi
    done
    for b in "$out/native"/*.png; do
      b=${b##*/}
      if [[ -s $out/native/$b ]] && cmp -s "$out/native/$b" "$out/$plat/$b"; then
        psame=$((psame + 1))
      else
        msg "$plat: $b differs from native (or is empty)"
        pbad=$((pbad + 1)); fails=$((fails + 1))
      fi
    done
    bulk[$plat]="$same/$all dungeons as native; PNG $psame/$((psame + pbad)) as native"
  done
  bulk[native]="${bulk[native]} dungeons"
  wineserver -k 2>/dev/null || true
  printf '\n| platform | how it ran here | golden vectors | golden pictures | bulk (--count %s per preset) | layout hashes |\n' "$count"
  printf '| --- | --- | --- | --- | --- | --- |\n'
  printf '| Linux x86_64 | native | %s | %s | %s (reference) | %s |\n' "${vectors[native]}" "${pictures[native]}" "${bulk[native]}" "${hashes[native]}"
  printf '| Linux arm64 | qemu-aarch64 | %s | %s | %s | %s |\n' "${vectors[arm64]}" "${pictures[arm64]}" "${bulk[arm64]}" "${hashes[arm64]}"
  printf '| Windows x86_64 | wine | %s | %s | %s | %s |\n' "${vectors[windows]}" "${pictures[windows]}" "${bulk[windows]}" "${hashes[windows]}"
  printf '\n'
  if [[ -s $out/windows/retries.log ]]; then
    msg "windows: $(wc -l <"$out/windows/retries.log") Wine runs failed and were rerun (Wine's own errors; the bytes compared are from runs that exited 0):"
    sed 's/^/  /' "$out/windows/retries.log" >&2
  fi
  if (( fails )); then
    for plat in native arm64 windows; do
      [[ -s $out/$plat/stderr.log ]] && { msg "$plat stderr (last lines):"; tail -n 5 "$out/$plat/stderr.log" >&2; }
    done
    msg "FAILED: $fails differences (outputs in $out)"
    exit 1
  fi
  msg "the same bytes on all three platforms (compared in $((SECONDS - t0)) s)"
}

# ---------------------------------------------------------------------------
# On the host
# ---------------------------------------------------------------------------

run_chroot() {
  local cwd=$1
  shift 2
  _DG_ROOT=$CHROOT _DG_CWD=$cwd _DG_BINDS="$REPO_TOP"$'\n'"$WORK" \
    setpriv --pdeathsig KILL -- unshare --mount --propagation private --pid --fork --kill-child=TERM -- \
    "$BASH" "$SELF_DIR/godot.sh" __inner "$@"
}

main() {
  if [[ ${1:-} == __inner ]]; then
    inner_check "$2"
    exit 0
  fi
  local require=0 count=32
  while (( $# )); do
    case $1 in
      --require) require=1; shift ;;
      --count) count=$2; shift 2 ;;
      -h | --help) sed -n '2,27p' "$SELF" | sed 's/^# \{0,1\}//'; exit 0 ;;
      *) msg "unknown argument $1 (see --help)"; exit 2 ;;
    esac
  done
  [[ $count =~ ^[1-9][0-9]*$ ]] || { msg "--count: not a positive integer: $count"; exit 2; }
  local why=""
  if [[ $(uname -s) != Linux || $(id -u) -ne 0 ]]; then
    why="needs Linux and root (the cross toolchain is a chroot)"
  elif [[ ! -f $CACHE_DIR/ready || ! -L $CHROOT/usr/bin/wine && ! -x $CHROOT/usr/bin/wine || ! -x $CHROOT/usr/bin/qemu-aarch64 ]]; then
    why="no cross toolchain in $CACHE_DIR"
  elif [[ ! -f $WORK/wineprefix/.dungeon-ready ]]; then
    why="no Wine prefix in $WORK"
  else
    # Only incremental rebuilds here: the first builds (an hour on 2 busy
    # cores) are tests/build_release.sh's job.
    local tr
    for tr in $TRIPLES; do
      [[ -f $WORK/target/$tr/release/dungeon || -f $WORK/target/$tr/release/dungeon.exe ]] \
        || why="no cross build for $tr in $WORK/target yet"
    done
  fi
  if [[ -n $why ]]; then
    if (( require )); then msg "error: $why; run tests/build_release.sh once"; exit 2; fi
    printf '\n*** SKIP: cross-platform determinism NOT checked: %s.\n*** Run tests/build_release.sh once to enable it (provisions ~3 min, then the first builds: ~1 h on 2 busy cores).\n\n' "$why" >&2
    exit 0
  fi
  exec 9>>"${CACHE_DIR%/}.lock"
  flock -s 9
  # Bring the three CLIs up to date with the source (incremental; the
  # standard library for the cross targets is already built in the cache).
  local t0=$SECONDS tr
  local -a envs=(CARGO_HOME="$WORK/cargo-home" CARGO_TARGET_DIR="$WORK/target" CARGO_TERM_COLOR=never
    CARGO_HTTP_CAINFO="$WORK/ca.crt" SSL_CERT_FILE="$WORK/ca.crt" RUSTC_BOOTSTRAP=1
    CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
    CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc)
  # Cargo judges freshness by file times, and its hashes do not tell two
  # checkouts apart: after a build from another checkout (a git worktree),
  # this one's older files would pass as built. Clean our crates then.
  for tr in $TRIPLES; do
    local stamp="$WORK/target/$tr.built-from" from=""
    [[ -f $stamp ]] && from=$(<"$stamp")
    local -a extra=()
    [[ $tr == x86_64-unknown-linux-gnu ]] || extra=("-Zbuild-std=std,panic_abort")
    if [[ $from != "$REPO_TOP" ]]; then
      run_chroot "$REPO_TOP" -- /usr/bin/env "${envs[@]}" cargo clean --release --target "$tr" \
        -p dungeon_core -p dungeon_cli >/dev/null 2>&1 </dev/null || true
    fi
    if ! run_chroot "$REPO_TOP" -- /usr/bin/env "${envs[@]}" nice -n 19 cargo build --locked --release \
        -p dungeon_cli --target "$tr" ${extra[@]+"${extra[@]}"} >"$WORK/cross-check-build.log" 2>&1 </dev/null; then
      tail -n 30 "$WORK/cross-check-build.log" >&2
      msg "error: building the CLI for $tr failed (log: $WORK/cross-check-build.log)"
      exit 1
    fi
    printf '%s\n' "$REPO_TOP" >"$stamp"
  done
  msg "CLIs up to date for $TRIPLES in $((SECONDS - t0)) s"
  # One check at a time: they share the output folder and the Wine prefix,
  # whose server one run's end would stop under another run.
  exec 8>>"$WORK/check.lock"
  flock -x 8
  run_chroot "$REPO_TOP" -- /usr/bin/env DUNGEON_CROSS_CACHE="$CACHE_DIR" nice -n 10 \
    bash "$SELF" __inner "$count" </dev/null
}

main "$@"; exit
