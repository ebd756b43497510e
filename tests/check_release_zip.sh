#!/usr/bin/env bash
# tests/check_release_zip.sh [ZIP] -- the release zip works in a new project:
# unzip it into an empty Godot project, let Godot import it (as opening it in
# the editor does), then check in real Godot (Linux x86_64, headless) that the
# extension loaded, that every class tests' runner requires is registered and
# that the generators give the golden vectors' JSON.
# When tests/build_release.sh has added Godot for arm64 to its cross chroot, the
# same check also runs in that Godot under qemu-user (the arm64 library).
# ZIP defaults to the newest out/dungeon_gen-*.zip (made by tests/build_release.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"
# shellcheck disable=SC2012 # our own file names
zip="${1:-$(ls -t out/dungeon_gen-*.zip 2>/dev/null | head -n 1)}"
[[ -n $zip && -f $zip ]] || { echo "check_release_zip: no zip given and none in out/ (run tests/build_release.sh)" >&2; exit 2; }
zip="$(cd "$(dirname "$zip")" && pwd -P)/$(basename "$zip")"

# /tmp: tests/godot.sh exposes it inside its chroot.
proj="$(mktemp -d /tmp/dungeon-zip-check.XXXXXX)"
trap 'rm -rf -- "$proj"' EXIT
cat >"$proj/project.godot" <<'PROJ'
config_version=5

[application]
config/name="release zip check"
PROJ
python3 -m zipfile -e "$zip" "$proj"
[[ -f $proj/addons/dungeon_gen/dungeon_gen.gdextension ]] \
  || { echo "check_release_zip: the zip has no addons/dungeon_gen/dungeon_gen.gdextension at its root" >&2; exit 1; }
cp tests/release/check_classes.gd "$proj/"
cp rust/dungeon_core/tests/golden/vectors.tsv "$proj/vectors.tsv"
# The classes the test runner requires, read from its list.
classes="$(sed -n '/^const REQUIRED_CLASSES/,/]/p' godot_project/tests/runner.gd | grep -o '"[A-Za-z0-9_]*"' | tr -d '"' | paste -sd, -)"
[[ -n $classes ]] || { echo "check_release_zip: cannot read REQUIRED_CLASSES from godot_project/tests/runner.gd" >&2; exit 1; }

export XDG_DATA_HOME="${XDG_DATA_HOME:-$proj/.xdg}"
echo "check_release_zip: importing $(basename "$zip") into a new project ($proj)" >&2
# As in run_all.sh: the first import of a project with a GDExtension can crash
# on exit after writing its results (upstream godot issue 111048).
tests/godot.sh --timeout 300 -- --headless --path "$proj" --import --frame-delay 800 >"$proj/import.log" 2>&1 || true
grep -qx 'res://addons/dungeon_gen/dungeon_gen.gdextension' "$proj/.godot/extension_list.cfg" 2>/dev/null \
  || { cat "$proj/import.log" >&2; echo "check_release_zip: the import did not register the extension" >&2; exit 1; }
echo "check_release_zip: Linux x86_64, Godot $(tests/godot.sh --version)" >&2
tests/godot.sh --timeout 300 -- --headless --path "$proj" --script res://check_classes.gd \
  -- "classes=$classes" "vectors=$proj/vectors.tsv"

cross="${DUNGEON_CROSS_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/dungeon-cross}"
if [[ -f $cross/godot-arm64.ready && -x $cross/sid/usr/bin/qemu-aarch64 && $(id -u) -eq 0 ]]; then
  # The same project, now in Godot for arm64 under qemu-user (in the cross
  # chroot, which sees $cross/work at the same path).
  arm="$cross/work/zip-check-arm64"
  rm -rf -- "$arm"
  cp -a -- "$proj" "$arm"
  echo "check_release_zip: Linux arm64, Debian's Godot for arm64 under qemu-aarch64" >&2
  set +e
  _DG_ROOT="$cross/sid" _DG_CWD="$arm" _DG_BINDS="$cross/work" \
    timeout -k 10 900 setpriv --pdeathsig KILL -- unshare --mount --propagation private --pid --fork --kill-child=TERM -- \
    "$BASH" "$root/tests/godot.sh" __inner qemu-aarch64 /usr/bin/godot --headless --path "$arm" \
    --script res://check_classes.gd -- "classes=$classes" "vectors=$arm/vectors.tsv" </dev/null
  status=$?
  set -e
  rm -rf -- "$arm"
  exit "$status"
else
  echo "check_release_zip: (no Godot for arm64 in $cross: the arm64 library was not loaded; tests/build_release.sh adds it)" >&2
fi
