#!/usr/bin/env bash
# Builds the GDExtension and copies the library into the addon folder
# (godot_project/addons/dungeon_gen/bin/), where the .gdextension file looks.
# Usage: tests/build_extension.sh [--release]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
profile=debug
args=()
if [[ "${1:-}" == "--release" ]]; then
  profile=release
  args=(--release)
fi
cargo build -p dungeon_godot "${args[@]}"
target="${CARGO_TARGET_DIR:-$root/target}"
bin="$root/godot_project/addons/dungeon_gen/bin"
mkdir -p "$bin"
case "$(uname -s)" in
  Linux) lib=libdungeon_godot.so ;;
  Darwin) lib=libdungeon_godot.dylib ;;
  *) lib=dungeon_godot.dll ;;
esac
# Copy to a temporary name and rename, so a running editor never maps a
# half-written library.
# dungeon_gen.gdextension names the Linux arm64 library apart from the x86_64 one.
dest=$lib
[[ $lib == libdungeon_godot.so && $(uname -m) == aarch64 ]] && dest=libdungeon_godot.arm64.so
cp "$target/$profile/$lib" "$bin/.$dest.tmp"
mv -f "$bin/.$dest.tmp" "$bin/$dest"
echo "build_extension: $profile library -> godot_project/addons/dungeon_gen/bin/$dest" >&2
