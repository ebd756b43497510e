#!/usr/bin/env bash
# tests/godot.sh -- give the test suite a real Godot 4 (>= 4.5) and run it safely.
#
#   tests/godot.sh [--xvfb] [--timeout SECS] [--] GODOT_ARGS...
#   tests/godot.sh --provision   # make sure the runtime exists; print the Godot version
#   tests/godot.sh --version     # print the resolved Godot's version string
#
# Which Godot is used, in this order:
#   1. $GODOT (any OS; run directly),
#   2. `godot` or `godot4` on PATH whose --version is >= 4.5,
#   3. on Linux as root: a Debian sid chroot (package `godot`) built with
#      debootstrap in ${DUNGEON_GODOT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dungeon-godot}.
# See tests/README_runtime.md for details.
set -euo pipefail

readonly MIN_MAJOR=4 MIN_MINOR=5
# ca-certificates: Godot's editor/--import reports an ERROR without the system CA file.
readonly PACKAGES="godot xvfb xauth libgl1 libgl1-mesa-dri libegl1 libegl-mesa0 libgles2 ca-certificates"
# Bump when the provisioning recipe changes: a cache built by another recipe is redone.
readonly PROVISION_ID="sid-minbase-1 ${PACKAGES}"
readonly XVFB_SCREEN="-screen 0 ${DUNGEON_XVFB_SIZE:-1280x720}x24"
readonly KILL_GRACE=5          # seconds between SIGTERM and SIGKILL on timeout
readonly EXIT_SETUP=125        # godot.sh itself could not provide/run Godot
readonly CHROOT_PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

PROG=godot.sh
SELF_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)"
SELF="$SELF_DIR/$(basename -- "${BASH_SOURCE[0]}")"
REPO_TOP="$(cd -- "$SELF_DIR/.." && pwd -P)"

msg() { printf '%s: %s\n' "$PROG" "$*" >&2; }
die() { msg "error: $*"; exit "$EXIT_SETUP"; }
have() { command -v "$1" >/dev/null 2>&1; }

usage() {
  cat <<'EOF'
usage: tests/godot.sh [--xvfb] [--timeout SECS] [--] GODOT_ARGS...
       tests/godot.sh --provision
       tests/godot.sh --version

Runs Godot 4 (>= 4.5) with GODOT_ARGS from the current directory and exits with
Godot's exit code (124 on timeout, 125 if no Godot could be provided).

  --xvfb          run under `xvfb-run -a` with a 1280x720x24 screen (another
                  size with $DUNGEON_XVFB_SIZE, e.g. 1600x900), so that
                  `--rendering-driver opengl3` renders with Mesa's software GL
  --timeout SECS  kill Godot's whole process group after SECS (default 600,
                  or $DUNGEON_GODOT_TIMEOUT), exit 124
  --provision     only make sure the runtime exists, print its version
  --version       print the resolved Godot's version string

Environment:
  GODOT=/path/to/godot   use this binary directly (any OS, no chroot)
  DUNGEON_GODOT_CACHE    cache dir for the Debian sid chroot
                         (default ${XDG_CACHE_HOME:-$HOME/.cache}/dungeon-godot)
  DUNGEON_GODOT_MIRROR   Debian mirror URI (default: read from the host's apt sources)
  DUNGEON_GODOT_BIND     extra ':'-separated host dirs to expose inside the chroot
  DUNGEON_GODOT_TIMEOUT  default for --timeout
EOF
}

# ---------------------------------------------------------------------------
# Version helpers
# ---------------------------------------------------------------------------

# Last line of stdin that looks like a Godot version ("4.6.1.stable.debian").
extract_version() {
  sed -n 's/^[[:space:]]*v\{0,1\}\([0-9][0-9]*\.[0-9][0-9]*[^[:space:]]*\).*$/\1/p' | tail -n 1
}

# version_ok VERSION -> 0 if >= MIN_MAJOR.MIN_MINOR
version_ok() {
  local major minor
  major="${1%%.*}"
  minor="${1#*.}"; minor="${minor%%.*}"
  [[ $major =~ ^[0-9]+$ && $minor =~ ^[0-9]+$ ]] || return 1
  (( major > MIN_MAJOR || (major == MIN_MAJOR && minor >= MIN_MINOR) ))
}

# host_godot_version BINARY -> prints version string (may be empty)
host_godot_version() {
  local out
  if have timeout; then
    out="$(timeout 60 "$1" --version 2>/dev/null </dev/null || true)"
  else
    out="$("$1" --version 2>/dev/null </dev/null || true)"
  fi
  printf '%s\n' "$out" | extract_version
}

# ---------------------------------------------------------------------------
# Chroot: paths, mirror, provisioning
# ---------------------------------------------------------------------------

CACHE_DIR="${DUNGEON_GODOT_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/dungeon-godot}"
CHROOT="$CACHE_DIR/sid"
PARTIAL="$CACHE_DIR/sid.partial"
READY="$CACHE_DIR/ready"
LOG="$CACHE_DIR/provision.log"
# Beside the cache dir, not in it: deleting the cache by hand must not break
# the locking of runs that are waiting or running.
LOCK="${CACHE_DIR%/}.lock"

# The URI of the host's Debian main archive (not -security), from apt's sources.
detect_mirror() {
  if [[ -n ${DUNGEON_GODOT_MIRROR:-} ]]; then
    printf '%s\n' "$DUNGEON_GODOT_MIRROR"; return 0
  fi
  local want='^(bookworm|trixie|forky|duke|sid|unstable|testing|stable)$'
  local codename=""
  if [[ -r /etc/os-release ]]; then
    codename="$(sed -n 's/^VERSION_CODENAME=//p' /etc/os-release | tr -d '"')"
  fi
  [[ -n $codename ]] && want="^(${codename}|${want#^(}"
  local f uri=""
  for f in /etc/apt/sources.list.d/*.sources; do
    [[ -r $f ]] || continue
    uri="$(awk -v want="$want" '
      function flush(   n, i, s, u) {
        if (!done && uris != "" && enabled != "no" && (" " types " ") ~ /[ \t]deb[ \t]/) {
          n = split(suites, s, " ")
          for (i = 1; i <= n; i++) {
            if (s[i] ~ want) {
              split(uris, u, " ")
              if (u[1] ~ /^(https?|ftp):\/\// && u[1] !~ /security/) { print u[1]; done = 1 }
              break
            }
          }
        }
        uris = ""; suites = ""; types = ""; key = ""; enabled = "yes"
      }
      BEGIN { enabled = "yes" }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ {
        v = $0; sub(/^[ \t]+/, "", v)
        if (key == "uris") uris = uris " " v
        else if (key == "suites") suites = suites " " v
        else if (key == "types") types = types " " v
        next
      }
      {
        k = tolower($0); sub(/:.*/, "", k); v = $0; sub(/^[^:]*:[ \t]*/, "", v); key = k
        if (k == "uris") uris = v
        else if (k == "suites") suites = v
        else if (k == "types") types = v
        else if (k == "enabled") enabled = tolower(v)
      }
      END { flush() }' "$f")"
    [[ -n $uri ]] && { printf '%s\n' "$uri"; return 0; }
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [[ -r $f ]] || continue
    uri="$(awk -v want="$want" '
      $1 == "deb" {
        i = 2
        if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
        if ($(i) ~ /^(https?|ftp):\/\// && $(i) !~ /security/ && $(i + 1) ~ want) { print $(i); exit }
      }' "$f")"
    [[ -n $uri ]] && { printf '%s\n' "$uri"; return 0; }
  done
  return 1
}

# Reads the ready marker: sets READY_VERSION; returns 0 if the chroot is usable.
chroot_ready() {
  READY_VERSION=""
  [[ -f $READY && -x $CHROOT/usr/bin/godot ]] || return 1
  local id
  id="$(sed -n 's/^id=//p' "$READY")"
  [[ $id == "$PROVISION_ID" ]] || return 1
  READY_VERSION="$(sed -n 's/^version=//p' "$READY")"
  [[ -n $READY_VERSION ]]
}

ensure_debootstrap() {
  have debootstrap && return 0
  have apt-get || die "debootstrap is missing and there is no apt-get to install it; set GODOT=/path/to/godot (4.5+)"
  msg "installing debootstrap on the host (apt-get)"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap >>"$LOG" 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update >>"$LOG" 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap >>"$LOG" 2>&1 \
      || die "could not install debootstrap (see $LOG)"
  fi
}

provision_failed() {
  msg "provisioning failed; last lines of $LOG:"
  tail -n 30 "$LOG" >&2 || true
  exit "$EXIT_SETUP"
}

# Called with the exclusive lock held.
provision_chroot() {
  local t0=$SECONDS mirror version
  # Anything not marked ready is a leftover of a killed or older run: redo it.
  # (--one-file-system: never descend into a mount, should one exist.)
  rm -rf --one-file-system -- "$PARTIAL" "$CHROOT" "$READY"
  : >"$LOG"
  ensure_debootstrap
  mirror="$(detect_mirror)" || die "cannot find the Debian mirror in /etc/apt/sources.list{,.d}; set DUNGEON_GODOT_MIRROR=http://.../debian"
  msg "provisioning Godot: debootstrap --variant=minbase sid from $mirror into $CACHE_DIR (log: $LOG)"
  # debootstrap mounts /proc and /sys in the target: keep those mounts in a
  # private namespace so that a killed run leaves nothing mounted on the host.
  # The PID namespace + pdeathsig: if this script is killed, debootstrap dies too.
  setpriv --pdeathsig KILL -- unshare --mount --propagation private --pid --fork --kill-child -- \
    debootstrap --variant=minbase sid "$PARTIAL" "$mirror" >>"$LOG" 2>&1 </dev/null || provision_failed
  msg "debootstrap done after $((SECONDS - t0)) s; installing: $PACKAGES"
  cp -L /etc/resolv.conf "$PARTIAL/etc/resolv.conf" 2>/dev/null || true
  cat >"$PARTIAL/etc/apt/apt.conf.d/99dungeon-godot" <<'EOF'
// The mirror may serve a snapshot whose Release file is past its Valid-Until date.
Acquire::Check-Valid-Until "false";
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
  printf '#!/bin/sh\nexit 101\n' >"$PARTIAL/usr/sbin/policy-rc.d"
  chmod 755 "$PARTIAL/usr/sbin/policy-rc.d"
  # shellcheck disable=SC2086 # PACKAGES is a word list on purpose
  run_in_chroot "$PARTIAL" / "" -- /usr/bin/env DEBIAN_FRONTEND=noninteractive /bin/sh -ec "
      apt-get -o Acquire::Check-Valid-Until=false update
      apt-get install -y --no-install-recommends $PACKAGES
      apt-get clean
      rm -rf /var/lib/apt/lists/*
      mkdir -p /root/.local/share /root/.config /root/.cache" >>"$LOG" 2>&1 </dev/null || provision_failed
  version="$(run_in_chroot "$PARTIAL" / "" -- godot --headless --version 2>>"$LOG" </dev/null | extract_version)" || true
  [[ -n $version ]] || { msg "installed godot does not report a version"; provision_failed; }
  version_ok "$version" || die "Debian sid's godot is $version, need >= $MIN_MAJOR.$MIN_MINOR"
  mv -- "$PARTIAL" "$CHROOT"
  printf 'id=%s\nversion=%s\nmirror=%s\nseconds=%s\n' "$PROVISION_ID" "$version" "$mirror" "$((SECONDS - t0))" >"$READY.tmp"
  mv -- "$READY.tmp" "$READY"
  msg "provisioned Godot $version in $((SECONDS - t0)) s ($CHROOT)"
}

# Makes sure the chroot exists. On return fd 9 holds a *shared* lock on the
# cache, so that no other run re-provisions it while we use it.
ensure_chroot() {
  [[ $(uname -s) == Linux ]] || die "no Godot found. Set GODOT=/path/to/godot (Godot $MIN_MAJOR.$MIN_MINOR or newer)"
  [[ $(id -u) -eq 0 ]] || die "no Godot $MIN_MAJOR.$MIN_MINOR+ found (not on PATH, GODOT unset), and building the Debian sid chroot needs root. Set GODOT=/path/to/godot (Godot $MIN_MAJOR.$MIN_MINOR or newer)"
  local tool
  for tool in flock unshare setpriv chroot mount; do
    have "$tool" || die "'$tool' is missing; cannot use the chroot. Set GODOT=/path/to/godot"
  done
  mkdir -p -- "$CACHE_DIR"
  exec 9>>"$LOCK"
  if ! flock -n -s 9; then
    msg "waiting for another run that is provisioning $CACHE_DIR"
    flock -s 9
  fi
  chroot_ready && return 0
  flock -u 9
  if ! flock -n -x 9; then
    msg "waiting for another run that holds $LOCK (provisioning, or using the chroot)"
    flock -x 9
  fi
  chroot_ready || provision_chroot
  chroot_ready || die "provisioning did not produce a usable chroot (see $LOG)"
  flock -s 9   # downgrade to shared
}

# ---------------------------------------------------------------------------
# Inside the private mount + PID namespace (we are PID 1 there)
# ---------------------------------------------------------------------------

# Never expose these host dirs over the chroot's own system dirs.
bind_allowed() {
  case "$1" in
    / | /root | /home | /mnt | /media | /opt | /srv) return 1 ;;
    /proc | /proc/* | /sys | /sys/* | /dev | /dev/* | /run | /run/* | /boot | /boot/*) return 1 ;;
    /usr | /usr/* | /etc | /etc/* | /var | /var/* | /bin | /bin/* | /sbin | /sbin/*) return 1 ;;
    /lib | /lib/* | /lib32 | /lib32/* | /lib64 | /lib64/* | /libx32 | /libx32/*) return 1 ;;
  esac
  return 0
}

# mkdir -p ROOT/PATH, refusing to follow a symlink inside ROOT (which could
# point back out to the host).
mkdir_in_root() {
  local root=$1 path=$2 cur="" comp
  local IFS=/
  for comp in $path; do
    [[ -n $comp ]] || continue
    cur="$cur/$comp"
    if [[ -L $root$cur ]]; then return 1; fi
    [[ -d $root$cur ]] || mkdir -- "$root$cur" || return 1
  done
}

inner_die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit "$EXIT_SETUP"; }

inner_main() {
  local root=$_DG_ROOT cwd=$_DG_CWD binds=$_DG_BINDS p
  mount -t proc proc "$root/proc" || inner_die "cannot mount /proc in $root"
  mount --rbind /dev "$root/dev" || inner_die "cannot bind /dev into $root"
  mount --rbind /sys "$root/sys" || inner_die "cannot bind /sys into $root"
  while IFS= read -r p; do
    [[ -n $p ]] || continue
    if mkdir_in_root "$root" "$p"; then
      mount --rbind -- "$p" "$root$p" || inner_die "cannot bind $p into $root"
    else
      printf '%s: warning: cannot expose %s inside the chroot\n' "$PROG" "$p" >&2
    fi
  done <<<"$binds"
  local xdg=${_DG_XDG:-} xdg_data=${_DG_XDG_DATA:-}
  unset _DG_ROOT _DG_CWD _DG_BINDS _DG_XDG _DG_XDG_DATA
  # Callers that give no private data dir (the cross scripts) get none set:
  # an empty XDG_DATA_HOME makes Godot warn.
  local -a data_env=(-u XDG_DATA_HOME)
  [[ -n $xdg_data ]] && data_env=(XDG_DATA_HOME="$xdg_data")
  # shellcheck disable=SC2016 # $1 and $@ are expanded by the inner sh
  chroot "$root" /usr/bin/env \
    -u LD_LIBRARY_PATH -u LD_PRELOAD -u XDG_CONFIG_HOME \
    -u XDG_CACHE_HOME -u XDG_DATA_DIRS -u XDG_CONFIG_DIRS \
    -u XAUTHORITY -u OLDPWD "${data_env[@]}" \
    HOME=/root PATH="$CHROOT_PATH" PWD="$cwd" XDG_RUNTIME_DIR="$xdg" \
    /bin/sh -c 'cd -- "$1" 2>/dev/null || { echo "godot.sh: error: directory $1 is not visible inside the chroot (add it to DUNGEON_GODOT_BIND)" >&2; exit 125; }; shift; exec "$@"' \
    godot.sh "$cwd" "$@" &
  local child=$! rc=0
  # We are PID 1: a signal we have no handler for is ignored. The supervisor
  # signals the whole process group (which reaches Godot directly); unshare
  # sends TERM (--kill-child=TERM) if the supervisor was SIGKILLed. Either
  # way, pass TERM on to everything in the namespace -- Xvfb too, which sits
  # in a process group of its own. Wait only once: bash's `wait PID` again
  # after a trap, with reparented orphans around, can block forever.
  trap 'kill -TERM -1 2>/dev/null || true' TERM INT HUP
  wait "$child" 2>/dev/null || rc=$?
  # When PID 1 exits the kernel SIGKILLs the rest of the namespace. First ask
  # what is left (e.g. Xvfb after xvfb-run) to stop, so it removes its lock
  # and socket files from /tmp.
  if others_left "$root"; then
    kill -TERM -1 2>/dev/null || true
    local n
    for ((n = 0; n < 30; n++)); do
      others_left "$root" || break
      sleep 0.1
    done
  fi
  exit "$rc"
}

# others_left ROOT -> 0 if a live process other than PID 1 is in our PID namespace.
others_left() {
  local d line st
  for d in "$1"/proc/[0-9]*; do
    [[ ${d##*/} != 1 ]] || continue
    line=""
    { read -r line <"$d/stat"; } 2>/dev/null || continue   # gone meanwhile
    st=${line##*) }; st=${st%% *}
    [[ $st == Z ]] || return 0
  done
  return 1
}

# run_in_chroot ROOT CWD BINDS -- CMD...   (foreground; BINDS newline-separated)
run_in_chroot() {
  local root=$1 cwd=$2 binds=$3
  shift 4
  _DG_ROOT=$root _DG_CWD=$cwd _DG_BINDS=$binds \
    setpriv --pdeathsig KILL -- unshare --mount --propagation private --pid --fork --kill-child=TERM -- \
    "$BASH" "$SELF" __inner "$@"
}

# Host dirs the caller may need inside the chroot, newline-separated, minimal.
compute_binds() {
  local -a cand=("$REPO_TOP" /tmp "$PWD_PHYS")
  [[ -n ${CARGO_TARGET_DIR:-} ]] && cand+=("$CARGO_TARGET_DIR")
  [[ -n ${TMPDIR:-} ]] && cand+=("$TMPDIR")
  local extra p i
  if [[ -n ${DUNGEON_GODOT_BIND:-} ]]; then
    IFS=: read -r -a extra <<<"$DUNGEON_GODOT_BIND"
    cand+=(${extra[@]+"${extra[@]}"})
  fi
  # Also the project given with --path / --main-pack's directory.
  for ((i = 0; i < ${#GODOT_ARGS[@]}; i++)); do
    case "${GODOT_ARGS[i]}" in
      --path) (( i + 1 < ${#GODOT_ARGS[@]} )) && cand+=("${GODOT_ARGS[i + 1]}") ;;
      --path=*) cand+=("${GODOT_ARGS[i]#--path=}") ;;
    esac
  done
  local -a phys=()
  for p in "${cand[@]}"; do
    [[ -n $p ]] || continue
    [[ $p == /* ]] || p="$PWD_PHYS/$p"
    [[ -d $p ]] || continue
    p="$(cd -- "$p" && pwd -P)"
    if bind_allowed "$p"; then phys+=("$p"); else msg "warning: not exposing $p inside the chroot (system dir)"; fi
  done
  # Shortest first; drop paths already covered by an earlier one.
  local -a kept=()
  local k covered
  while IFS= read -r p; do
    [[ -n $p ]] || continue
    covered=0
    for k in ${kept[@]+"${kept[@]}"}; do
      if [[ $p == "$k" || $p == "$k"/* ]]; then covered=1; break; fi
    done
    (( covered )) || kept+=("$p")
  done < <(printf '%s\n' "${phys[@]}" | awk '{ print length($0) "\t" $0 }' | sort -n -k1,1 -s | cut -f2- | uniq)
  printf '%s\n' "${kept[@]}"
}

# ---------------------------------------------------------------------------
# Supervision: own process group, signal forwarding, timeout
# ---------------------------------------------------------------------------

SUP_CHILD=""
SUP_SIGNAL=""
SUP_INTERRUPTED=0
# shellcheck disable=SC2317 # invoked from traps
on_signal() {
  SUP_SIGNAL=$1
  SUP_INTERRUPTED=1
  # Always TERM: bash starts background jobs with SIGINT ignored, and that
  # disposition is inherited by everything below, Godot included.
  [[ -n $SUP_CHILD ]] && kill -TERM -- "-$SUP_CHILD" 2>/dev/null
  return 0
}

# Stop any Xvfb that was started with our per-run auth file.
reap_xvfb() {
  have pgrep || return 0
  local pat="-auth $RUN_DIR/Xauthority" pids n
  pids="$(pgrep -f -- "$pat" || true)"
  [[ -n $pids ]] || return 0
  # shellcheck disable=SC2086 # list of pids
  kill -TERM $pids 2>/dev/null || true
  for ((n = 0; n < 30; n++)); do
    pgrep -f -- "$pat" >/dev/null || return 0
    sleep 0.1
  done
  pids="$(pgrep -f -- "$pat" || true)"
  # shellcheck disable=SC2086
  [[ -z $pids ]] || kill -KILL $pids 2>/dev/null || true
}

# group_alive PGID -> 0 while any process of the group exists
group_alive() { kill -0 -- "-$1" 2>/dev/null; }

# supervise SECS CMD... ; sets SUP_RC to what the script should exit with.
supervise() {
  local secs=$1
  shift
  local flag="$RUN_DIR/timed-out"
  local -a wrap=()
  # Kill the tree if this script dies without a chance to clean up (SIGKILL).
  if have setpriv && [[ $(uname -s) == Linux ]]; then wrap=(setpriv --pdeathsig KILL --); fi
  trap 'on_signal INT' INT
  trap 'on_signal TERM' TERM
  trap 'on_signal HUP' HUP
  if have setsid; then
    # Not a process-group leader (no job control in scripts), so setsid does
    # not fork: $! is the new session's and process group's id.
    setsid ${wrap[@]+"${wrap[@]}"} "$@" &
  else
    set -m          # job control: the background job gets its own process group
    ${wrap[@]+"${wrap[@]}"} "$@" &
    set +m
  fi
  SUP_CHILD=$!
  local parent=$$
  (
    sp=""
    trap '[[ -n $sp ]] && kill "$sp" 2>/dev/null; exit 0' TERM
    # Sleep in 1 s steps; give up if this script is gone (e.g. SIGKILLed).
    left=$secs
    while (( left > 0 )); do
      sleep 1 & sp=$!; wait "$sp"
      kill -0 "$parent" 2>/dev/null || exit 0
      left=$((left - 1))
    done
    : >"$flag"
    kill -TERM -- "-$SUP_CHILD" 2>/dev/null || exit 0
    sleep "$KILL_GRACE" & sp=$!; wait "$sp"
    kill -KILL -- "-$SUP_CHILD" 2>/dev/null || true
  ) &
  local dog=$! rc n
  while :; do
    SUP_INTERRUPTED=0; rc=0
    wait "$SUP_CHILD" 2>/dev/null || rc=$?   # (no "Killed" job notice)
    (( SUP_INTERRUPTED )) || break
  done
  kill -TERM "$dog" 2>/dev/null || true
  wait "$dog" 2>/dev/null || true
  # Leave nothing of the group behind (e.g. an Xvfb that xvfb-run signalled
  # but did not wait for): TERM, a short grace to clean up, then KILL.
  if group_alive "$SUP_CHILD"; then
    kill -TERM -- "-$SUP_CHILD" 2>/dev/null || true
    for ((n = 0; n < 30; n++)); do
      group_alive "$SUP_CHILD" || break
      sleep 0.1
    done
    kill -KILL -- "-$SUP_CHILD" 2>/dev/null || true
  fi
  # Xvfb puts itself in a process group of its own, and xvfb-run killed by a
  # signal does not stop it: find it by our unique auth-file path (host mode;
  # in the chroot, the PID namespace has already ended it).
  reap_xvfb
  trap - INT TERM HUP
  SUP_RC=$rc
  if [[ -e $flag ]]; then
    msg "TIMEOUT: Godot did not finish within ${secs} s; killed its process group (exit 124)"
    SUP_RC=124
  elif [[ -n $SUP_SIGNAL ]]; then
    msg "interrupted by SIG$SUP_SIGNAL; stopped Godot"
    case $SUP_SIGNAL in INT) SUP_RC=130 ;; TERM) SUP_RC=143 ;; HUP) SUP_RC=129 ;; esac
  fi
  return 0
}

# ---------------------------------------------------------------------------
# Resolution and main
# ---------------------------------------------------------------------------

MODE=""            # host | chroot
GODOT_BIN=""
GODOT_VERSION=""
GODOT_WHERE=""

resolve_godot() {
  if [[ -n ${GODOT:-} ]]; then
    local g=$GODOT
    if [[ $g != */* ]]; then
      g="$(command -v -- "$g" 2>/dev/null)" || die "GODOT=$GODOT: no such command. Set GODOT to the path of a Godot $MIN_MAJOR.$MIN_MINOR+ binary, or unset it to use godot on PATH / the Debian sid chroot."
    fi
    [[ -f $g && -x $g ]] || die "GODOT=$GODOT is not an executable file. Set GODOT to the path of a Godot $MIN_MAJOR.$MIN_MINOR+ binary, or unset it to use godot on PATH / the Debian sid chroot."
    GODOT_VERSION="$(host_godot_version "$g")"
    if [[ -z $GODOT_VERSION ]]; then
      msg "warning: GODOT=$GODOT did not report a version with --version; using it anyway"
      GODOT_VERSION="unknown"
    elif ! version_ok "$GODOT_VERSION"; then
      die "GODOT=$GODOT is Godot $GODOT_VERSION; the tests need $MIN_MAJOR.$MIN_MINOR or newer"
    fi
    MODE=host GODOT_BIN=$g GODOT_WHERE="\$GODOT=$g"
    return 0
  fi
  local name g v
  for name in godot godot4; do
    g="$(command -v -- "$name" 2>/dev/null)" || continue
    v="$(host_godot_version "$g")"
    if [[ -n $v ]] && version_ok "$v"; then
      MODE=host GODOT_BIN=$g GODOT_VERSION=$v GODOT_WHERE="PATH: $g"
      return 0
    fi
    msg "ignoring $g (version '${v:-?}', need >= $MIN_MAJOR.$MIN_MINOR)"
  done
  ensure_chroot
  MODE=chroot GODOT_BIN=/usr/bin/godot GODOT_VERSION=$READY_VERSION
  GODOT_WHERE="Debian sid chroot: $CHROOT"
}

main() {
  if [[ ${1:-} == __inner ]]; then
    shift
    inner_main "$@"
  fi

  local action=run xvfb=0 timeout_s=${DUNGEON_GODOT_TIMEOUT:-600}
  GODOT_ARGS=()
  while (( $# )); do
    case "$1" in
      --xvfb) xvfb=1; shift ;;
      --timeout)
        (( $# >= 2 )) || { msg "--timeout needs a value"; exit 2; }
        timeout_s=$2; shift 2 ;;
      --timeout=*) timeout_s=${1#--timeout=}; shift ;;
      --provision) action=provision; shift ;;
      --version) action=version; shift ;;
      -h | --help) usage; exit 0 ;;
      --) shift; break ;;
      *) break ;;   # first unknown argument starts Godot's arguments
    esac
  done
  GODOT_ARGS=("$@")
  [[ $timeout_s =~ ^[0-9]+$ && $timeout_s -gt 0 ]] || { msg "--timeout: not a positive integer: $timeout_s"; exit 2; }
  if [[ $action != run && ${#GODOT_ARGS[@]} -gt 0 ]]; then
    msg "--$action takes no Godot arguments"; exit 2
  fi

  resolve_godot
  case $action in
    provision | version) printf '%s\n' "$GODOT_VERSION"; exit 0 ;;
  esac
  if [[ $action == run && ${#GODOT_ARGS[@]} -eq 0 ]]; then
    msg "no Godot arguments given (see --help)"; exit 2
  fi

  msg "using Godot $GODOT_VERSION ($GODOT_WHERE)"
  # Per-run scratch dir (timeout flag, Xauthority). Under /tmp in the chroot
  # case, because /tmp is the same directory inside the chroot.
  local tmp=/tmp d owner
  [[ $MODE == chroot ]] || tmp=${TMPDIR:-/tmp}
  # Sweep scratch dirs left by runs that were SIGKILLed (named after their pid).
  for d in "$tmp"/godot-sh.*.*; do
    [[ -d $d ]] || continue
    owner=${d##*/godot-sh.}; owner=${owner%%.*}
    [[ $owner =~ ^[0-9]+$ ]] && ! kill -0 "$owner" 2>/dev/null && rm -rf -- "$d"
  done
  RUN_DIR="$(mktemp -d "$tmp/godot-sh.$$.XXXXXX")"
  local -a cmd=()
  if (( xvfb )); then
    if [[ $MODE == host ]]; then
      have xvfb-run || { rm -rf -- "$RUN_DIR"; die "--xvfb needs xvfb-run on the host for $GODOT_BIN (apt-get install xvfb xauth), or unset GODOT to use the Debian sid chroot, which has it"; }
    fi
    # Our own auth file: xvfb-run killed by a signal would leak its temp dir.
    cmd=(xvfb-run -a -f "$RUN_DIR/Xauthority" -s "$XVFB_SCREEN")
  fi
  cmd+=("$GODOT_BIN" "${GODOT_ARGS[@]}")

  PWD_PHYS="$(pwd -P)"
  # A private user:// (Godot keeps it under XDG_DATA_HOME) for every run, so
  # runs side by side never share the files a test writes there.
  mkdir -p -- "$RUN_DIR/xdg-data"
  if [[ $MODE == host ]]; then
    XDG_DATA_HOME="$RUN_DIR/xdg-data" supervise "$timeout_s" "${cmd[@]}"
  else
    local binds
    binds="$(compute_binds)"
    # A private XDG_RUNTIME_DIR: without one, libpulse leaves /tmp/pulse-* dirs.
    mkdir -m 700 -- "$RUN_DIR/xdg-runtime"
    supervise "$timeout_s" env _DG_ROOT="$CHROOT" _DG_CWD="$PWD_PHYS" _DG_BINDS="$binds" \
      _DG_XDG="$RUN_DIR/xdg-runtime" _DG_XDG_DATA="$RUN_DIR/xdg-data" \
      unshare --mount --propagation private --pid --fork --kill-child=TERM -- \
      "$BASH" "$SELF" __inner "${cmd[@]}"
  fi
  rm -rf -- "$RUN_DIR"
  exit "$SUP_RC"
}

main "$@"
