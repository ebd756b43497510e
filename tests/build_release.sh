#!/usr/bin/env bash
# tests/build_release.sh -- build the extension and the CLI for Linux x86_64,
# Linux arm64 and Windows x86_64 on this Linux machine, and pack the release zip.
#
#   tests/build_release.sh               # provision (first run), build all, zip
#   tests/build_release.sh --provision   # only make sure the cross toolchain exists
#   tests/build_release.sh --no-zip      # build, but skip the zip
#   tests/build_release.sh --no-check    # zip, but do not load it in Godot
#   tests/build_release.sh --targets linux-x86_64,windows-x86_64
#
# How: a Debian sid chroot (debootstrap, like tests/godot.sh's Godot runtime),
# cached in ${DUNGEON_CROSS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dungeon-cross},
# with Debian's rustc + rust-src, the MinGW-w64 and aarch64 cross compilers,
# Wine, qemu-user and Godot for arm64. The standard library for the cross targets is built from
# rust-src (`-Zbuild-std`, RUSTC_BOOTSTRAP=1: Debian ships std for the host
# only). Cargo's registry and target dir live in that cache, never in the repo.
#
# Output:
#   $CACHE/work/dist/<platform>/   the library and the CLI of each platform
#   out/dungeon_gen-<version>.zip  addons/dungeon_gen/ as a user drops it into a project
#   out/dungeon-cli-<version>-<platform>/   the CLI of each platform
# Needs: Linux, root, debootstrap (installed with apt-get when missing), network
# to Debian's mirror and crates.io on the first run.
set -euo pipefail

readonly PACKAGES="rustc cargo rust-src gcc libc6-dev gcc-mingw-w64-x86-64 gcc-aarch64-linux-gnu \
libc6-dev-arm64-cross binutils-mingw-w64-x86-64 binutils-aarch64-linux-gnu qemu-user wine wine64 ca-certificates"
# Bump when the recipe changes: a cache built by another recipe is redone.
readonly PROVISION_ID="cross-sid-1 ${PACKAGES}"
readonly ALL_TARGETS="linux-x86_64 linux-arm64 windows-x86_64"

PROG=build_release.sh
SELF_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
REPO_TOP="$(cd -- "$SELF_DIR/.." && pwd -P)"
GODOT_SH="$SELF_DIR/godot.sh"

msg() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { msg "error: $*"; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

CACHE_DIR="${DUNGEON_CROSS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/dungeon-cross}"
CHROOT="$CACHE_DIR/sid"
PARTIAL="$CACHE_DIR/sid.partial"
READY="$CACHE_DIR/ready"
LOG="$CACHE_DIR/provision.log"
WORK="$CACHE_DIR/work"          # bound into the chroot at the same path
LOCK="${CACHE_DIR%/}.lock"

# Rust target triple, library file, CLI file of each platform.
triple() {
  case $1 in
    linux-x86_64) echo x86_64-unknown-linux-gnu ;;
    linux-arm64) echo aarch64-unknown-linux-gnu ;;
    windows-x86_64) echo x86_64-pc-windows-gnu ;;
    *) die "unknown platform $1 (known: $ALL_TARGETS)" ;;
  esac
}
lib_file() { case $1 in windows-*) echo dungeon_godot.dll ;; *) echo libdungeon_godot.so ;; esac; }
cli_file() { case $1 in windows-*) echo dungeon.exe ;; *) echo dungeon ;; esac; }
# The name the library has in addons/dungeon_gen/bin/ (see dungeon_gen.gdextension).
addon_lib_name() {
  case $1 in
    linux-x86_64) echo libdungeon_godot.so ;;
    linux-arm64) echo libdungeon_godot.arm64.so ;;
    windows-x86_64) echo dungeon_godot.dll ;;
  esac
}

# run_chroot CWD -- CMD...: run CMD in the chroot (private mount + PID
# namespace; the repo and $WORK visible at their host paths), reusing
# tests/godot.sh's inner runner.
run_chroot() {
  local cwd=$1
  shift 2
  _DG_ROOT=$CHROOT _DG_CWD=$cwd _DG_BINDS="$REPO_TOP"$'\n'"$WORK" \
    setpriv --pdeathsig KILL -- unshare --mount --propagation private --pid --fork --kill-child=TERM -- \
    "$BASH" "$GODOT_SH" __inner "$@"
}

chroot_ready() {
  [[ -f $READY && -x $CHROOT/usr/bin/cargo ]] || return 1
  [[ $(sed -n 's/^id=//p' "$READY") == "$PROVISION_ID" ]]
}

provision_failed() {
  msg "provisioning failed; last lines of $LOG:"
  tail -n 30 "$LOG" >&2 || true
  exit 1
}

# Called with the exclusive lock held.
provision() {
  local t0=$SECONDS mirror
  rm -rf --one-file-system -- "$PARTIAL" "$CHROOT" "$READY"
  mkdir -p -- "$CACHE_DIR"
  : >"$LOG"
  if ! have debootstrap; then
    have apt-get || die "debootstrap is missing and there is no apt-get to install it"
    msg "installing debootstrap on the host (apt-get)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap >>"$LOG" 2>&1 \
      || { DEBIAN_FRONTEND=noninteractive apt-get update >>"$LOG" 2>&1 || true
           DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap >>"$LOG" 2>&1; } \
      || die "could not install debootstrap (see $LOG)"
  fi
  mirror="${DUNGEON_GODOT_MIRROR:-}"
  # shellcheck disable=SC2016 # $1 is the inner shell's
  [[ -n $mirror ]] || mirror="$("$BASH" -c 'source <(sed -n "/^detect_mirror()/,/^}/p" "$1"); detect_mirror' _ "$GODOT_SH")" \
    || die "cannot find the Debian mirror; set DUNGEON_GODOT_MIRROR=http://.../debian"
  msg "provisioning the cross toolchain: debootstrap sid from $mirror into $CACHE_DIR (log: $LOG)"
  setpriv --pdeathsig KILL -- unshare --mount --propagation private --pid --fork --kill-child -- \
    debootstrap --variant=minbase sid "$PARTIAL" "$mirror" >>"$LOG" 2>&1 </dev/null || provision_failed
  cp -L /etc/resolv.conf "$PARTIAL/etc/resolv.conf" 2>/dev/null || true
  cat >"$PARTIAL/etc/apt/apt.conf.d/99dungeon-cross" <<'EOF'
Acquire::Check-Valid-Until "false";
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
  printf '#!/bin/sh\nexit 101\n' >"$PARTIAL/usr/sbin/policy-rc.d"
  chmod 755 "$PARTIAL/usr/sbin/policy-rc.d"
  msg "debootstrap done after $((SECONDS - t0)) s; installing: $PACKAGES"
  local saved=$CHROOT
  CHROOT=$PARTIAL
  mkdir -p -- "$WORK"
  # shellcheck disable=SC2086 # PACKAGES is a word list on purpose
  run_chroot / -- /usr/bin/env DEBIAN_FRONTEND=noninteractive /bin/sh -ec "
      apt-get -o Acquire::Check-Valid-Until=false update
      apt-get install -y --no-install-recommends $PACKAGES
      apt-get clean
      rm -rf /var/lib/apt/lists/*" >>"$LOG" 2>&1 </dev/null || { CHROOT=$saved; provision_failed; }
  CHROOT=$saved
  mv -- "$PARTIAL" "$CHROOT"
  local rustc_v
  rustc_v="$(run_chroot / -- rustc --version 2>>"$LOG")" || provision_failed
  printf 'id=%s\nrustc=%s\nmirror=%s\nseconds=%s\n' "$PROVISION_ID" "$rustc_v" "$mirror" "$((SECONDS - t0))" >"$READY.tmp"
  mv -- "$READY.tmp" "$READY"
  msg "provisioned $rustc_v + cross compilers, Wine, qemu-user in $((SECONDS - t0)) s ($CHROOT)"
}

# Makes sure the chroot exists; on return fd 9 holds a shared lock on it.
ensure_chroot() {
  [[ $(uname -s) == Linux ]] || die "the cross builds need Linux (see docs/building.md for building on your own platform)"
  [[ $(id -u) -eq 0 ]] || die "building the Debian sid chroot needs root"
  local tool
  for tool in flock unshare setpriv chroot mount; do
    have "$tool" || die "'$tool' is missing"
  done
  mkdir -p -- "$CACHE_DIR"
  exec 9>>"$LOCK"
  flock -s 9
  chroot_ready && return 0
  flock -u 9
  flock -x 9
  chroot_ready || provision
  flock -s 9
}

# Wine's prefix, made once (wineboot takes a while), so tests/cross_check.sh starts fast.
ensure_wineprefix() {
  [[ -f $WORK/wineprefix/.dungeon-ready ]] && return 0
  msg "initialising the Wine prefix ($WORK/wineprefix)"
  rm -rf -- "$WORK/wineprefix"
  run_chroot / -- /usr/bin/env WINEPREFIX="$WORK/wineprefix" WINEDEBUG=-all \
    WINEDLLOVERRIDES="mscoree,mshtml=" wineboot --init >>"$LOG" 2>&1 </dev/null \
    || { tail -n 20 "$LOG" >&2; die "wineboot failed (see $LOG)"; }
  : >"$WORK/wineprefix/.dungeon-ready"
}

# Godot for Linux arm64 (Debian's godot:arm64, run under qemu-user), so that
# the arm64 library is loaded in a real Godot here too. Added to the chroot
# once, beside the cross toolchain (its own marker: the toolchain is kept).
ensure_godot_arm64() {
  [[ -f $CACHE_DIR/godot-arm64.ready && -x $CHROOT/usr/bin/godot ]] && return 0
  msg "adding Godot for arm64 (godot:arm64, multiarch) to the chroot"
  run_chroot / -- /usr/bin/env DEBIAN_FRONTEND=noninteractive /bin/sh -ec "
      dpkg --add-architecture arm64
      apt-get -o Acquire::Check-Valid-Until=false update
      apt-get install -y --no-install-recommends godot:arm64
      apt-get clean
      rm -rf /var/lib/apt/lists/*" >>"$LOG" 2>&1 </dev/null || provision_failed
  : >"$CACHE_DIR/godot-arm64.ready"
}

# The host's CA bundle (the network may pass through a proxy with its own CA).
copy_ca() {
  local f
  for f in /etc/ssl/certs/ca-certificates.crt /etc/pki/tls/certs/ca-bundle.crt; do
    [[ -r $f ]] && { cp -- "$f" "$WORK/ca.crt"; return 0; }
  done
  cp -- "$CHROOT/etc/ssl/certs/ca-certificates.crt" "$WORK/ca.crt"
}

build_platform() {
  local plat=$1 t0=$SECONDS tr up
  tr="$(triple "$plat")"
  up="$(tr 'a-z-' 'A-Z_' <<<"$tr")"
  local -a envs=(CARGO_HOME="$WORK/cargo-home" CARGO_TARGET_DIR="$WORK/target"
    CARGO_HTTP_CAINFO="$WORK/ca.crt" SSL_CERT_FILE="$WORK/ca.crt" CARGO_TERM_COLOR=never
    # For every target, not only the cross ones: cargo fingerprints it, and
    # the targets share the build scripts and proc macros, so a different
    # value per target would rebuild them (and all that uses them) each time.
    RUSTC_BOOTSTRAP=1)
  local -a extra=()
  case $plat in
    linux-x86_64) ;;
    linux-arm64)
      envs+=("CARGO_TARGET_${up}_LINKER=aarch64-linux-gnu-gcc")
      extra=("-Zbuild-std=std,panic_abort") ;;
    windows-x86_64)
      envs+=("CARGO_TARGET_${up}_LINKER=x86_64-w64-mingw32-gcc")
      extra=("-Zbuild-std=std,panic_abort") ;;
  esac
  # Cargo judges freshness by file times and its hashes do not tell two
  # checkouts apart: after a build from another checkout (a git worktree),
  # this one's older files would pass as built, so our crates are cleaned.
  local stamp="$WORK/target/$tr.built-from"
  if [[ ! -f $stamp || $(<"$stamp") != "$REPO_TOP" ]]; then
    run_chroot "$REPO_TOP" -- /usr/bin/env "${envs[@]}" cargo clean --release --target "$tr" \
      -p dungeon_core -p dungeon_cli -p dungeon_godot >/dev/null 2>&1 </dev/null || true
  fi
  msg "building $plat ($tr) with nice -n 19 (log: $WORK/build-$plat.log)"
  if ! run_chroot "$REPO_TOP" -- /usr/bin/env "${envs[@]}" nice -n 19 \
      cargo build --locked --release -p dungeon_godot -p dungeon_cli --target "$tr" \
      ${extra[@]+"${extra[@]}"} >"$WORK/build-$plat.log" 2>&1 </dev/null; then
    tail -n 40 "$WORK/build-$plat.log" >&2
    die "build for $plat failed (log: $WORK/build-$plat.log)"
  fi
  printf '%s\n' "$REPO_TOP" >"$stamp"
  local out="$WORK/dist/$plat"
  mkdir -p -- "$out"
  cp -- "$WORK/target/$tr/release/$(lib_file "$plat")" "$WORK/target/$tr/release/$(cli_file "$plat")" "$out/"
  printf '%s\n' "$((SECONDS - t0))" >"$out/build-seconds"
  msg "built $plat in $((SECONDS - t0)) s -> $out"
}

# What can be checked of a library without running it on its platform: the
# entry symbol Godot looks up, and what it needs from the system.
check_libraries() {
  local plat f
  for plat in "$@"; do
    f="$WORK/dist/$plat/$(lib_file "$plat")"
    case $plat in
      windows-x86_64)
        run_chroot / -- x86_64-w64-mingw32-objdump -p "$f" >"$WORK/dist/$plat/objdump.txt" 2>&1 </dev/null || die "objdump failed on $f"
        grep -Eq '[[:space:]]gdext_rust_init$' "$WORK/dist/$plat/objdump.txt" || die "$f does not export gdext_rust_init"
        local dlls
        dlls="$(sed -n 's/^[[:space:]]*DLL Name: //p' "$WORK/dist/$plat/objdump.txt" | sort -fu | paste -sd' ' -)"
        msg "$plat: exports gdext_rust_init; imports only: $dlls"
        # Anything beyond Windows' own DLLs (e.g. libgcc_s, libwinpthread) would have to ship too.
        if grep -Eiv '^(kernel32|ntdll|userenv|ws2_32|bcrypt|bcryptprimitives|advapi32|msvcrt|api-ms-win-[a-z0-9-]+|ucrtbase|shell32|ole32|oleaut32|user32|synchronization)\.dll$' \
            <<<"$(tr ' ' '\n' <<<"$dlls")" | grep -q .; then
          die "$f imports a DLL that Windows does not have: $dlls"
        fi ;;
      linux-*)
        local objdump=objdump
        [[ $plat == linux-arm64 ]] && objdump=aarch64-linux-gnu-objdump
        run_chroot / -- "$objdump" -T -p "$f" >"$WORK/dist/$plat/objdump.txt" 2>&1 </dev/null || die "objdump failed on $f"
        grep -Eq '[[:space:]]gdext_rust_init$' "$WORK/dist/$plat/objdump.txt" || die "$f does not export gdext_rust_init"
        local needed glibc
        needed="$(sed -n 's/^[[:space:]]*NEEDED[[:space:]]*//p' "$WORK/dist/$plat/objdump.txt" | paste -sd' ' -)"
        glibc="$(grep -o 'GLIBC_[0-9.]*' "$WORK/dist/$plat/objdump.txt" | sort -uV | tail -n 1)"
        msg "$plat: exports gdext_rust_init; needs $needed (newest symbol version $glibc)" ;;
    esac
  done
}

# Copies every built library into godot_project/addons/dungeon_gen/bin/ under
# the names dungeon_gen.gdextension lists (the Linux x86_64 one only when asked:
# tests/build_extension.sh owns that file for the tests).
install_into_addon() {
  local plat bin="$REPO_TOP/godot_project/addons/dungeon_gen/bin"
  mkdir -p -- "$bin"
  for plat in "$@"; do
    [[ $plat == linux-x86_64 ]] && continue
    cp -- "$WORK/dist/$plat/$(lib_file "$plat")" "$bin/.tmp.$$"
    mv -f -- "$bin/.tmp.$$" "$bin/$(addon_lib_name "$plat")"
  done
}

version() { sed -n 's/^version *= *"\(.*\)"/\1/p' "$REPO_TOP/Cargo.toml" | head -n 1; }

make_zip() {
  local ver stage zip plat
  ver="$(version)"
  stage="$WORK/stage"
  rm -rf -- "$stage"
  mkdir -p -- "$stage/addons/dungeon_gen/bin" "$REPO_TOP/out"
  local addon="$stage/addons/dungeon_gen" src="$REPO_TOP/godot_project/addons/dungeon_gen"
  cp -- "$src/dungeon_gen.gdextension" "$addon/"
  [[ -f $src/dungeon_gen.gdextension.uid ]] && cp -- "$src/dungeon_gen.gdextension.uid" "$addon/"
  for plat in $ALL_TARGETS; do
    [[ -f $WORK/dist/$plat/$(lib_file "$plat") ]] || die "no $plat build in $WORK/dist (run without --targets first)"
    cp -- "$WORK/dist/$plat/$(lib_file "$plat")" "$addon/bin/$(addon_lib_name "$plat")"
    local cli="$REPO_TOP/out/dungeon-cli-$ver-$plat"
    mkdir -p -- "$cli"
    cp -- "$WORK/dist/$plat/$(cli_file "$plat")" "$cli/"
  done
  # The editor plugin (plugin.cfg, editor/) and the class icons.
  cp -- "$src/plugin.cfg" "$addon/"
  cp -r -- "$src/editor" "$src/icons" "$addon/"
  cp -- "$REPO_TOP/LICENSE" "$addon/LICENSE"
  cp -- "$src/README.md" "$addon/README.md"
  # The full manual; .gdignore keeps Godot from importing the folder.
  mkdir -p -- "$addon/docs"
  # README.md beside the manual's pages, its links to docs/ made relative.
  sed 's#(docs/#(#g' "$REPO_TOP/README.md" >"$addon/docs/README.md"
  cp -- "$REPO_TOP"/docs/*.md "$REPO_TOP"/docs/*.png "$addon/docs/"
  : >"$addon/docs/.gdignore"
  zip="$REPO_TOP/out/dungeon_gen-$ver.zip"
  rm -f -- "$zip"
  # Fixed timestamps and sorted names: the same build gives the same zip.
  python3 - "$stage" "$zip" <<'EOF'
import os, sys, zipfile
stage, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for dirpath, dirs, files in os.walk(stage):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(dirpath, name)
            info = zipfile.ZipInfo(os.path.relpath(path, stage), (2024, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as f:
                z.writestr(info, f.read())
EOF
  msg "release zip: $zip ($(du -h "$zip" | cut -f1))"
  python3 -m zipfile -l "$zip" >&2
}

main() {
  local action=build do_zip=1 do_check=1 targets=$ALL_TARGETS
  while (( $# )); do
    case $1 in
      --provision) action=provision; shift ;;
      --no-zip) do_zip=0; shift ;;
      --no-check) do_check=0; shift ;;
      --targets) targets="${2//,/ }"; shift 2 ;;
      --targets=*) targets="${1#--targets=}"; targets="${targets//,/ }"; shift ;;
      -h | --help) sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
      *) die "unknown argument $1 (see --help)" ;;
    esac
  done
  local t0=$SECONDS plat
  for plat in $targets; do triple "$plat" >/dev/null; done
  ensure_chroot
  mkdir -p -- "$WORK"
  ensure_wineprefix
  ensure_godot_arm64
  msg "toolchain: $(sed -n 's/^rustc=//p' "$READY") in $CHROOT"
  [[ $action == provision ]] && exit 0
  copy_ca
  # shellcheck disable=SC2086 # list of platforms
  for plat in $targets; do build_platform "$plat"; done
  # shellcheck disable=SC2086
  check_libraries $targets
  # shellcheck disable=SC2086
  install_into_addon $targets
  if (( do_zip )); then
    local ok=1
    for plat in $ALL_TARGETS; do [[ -f $WORK/dist/$plat/$(lib_file "$plat") ]] || ok=0; done
    if (( ok )); then
      make_zip
      if (( do_check )); then
        msg "checking the zip in a new Godot project (tests/check_release_zip.sh)"
        "$SELF_DIR/check_release_zip.sh" "$REPO_TOP/out/dungeon_gen-$(version).zip"
      fi
    else
      msg "not every platform is built yet: no zip"
    fi
  fi
  msg "done in $((SECONDS - t0)) s"
}

main "$@"; exit
