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
cp "$target/$profile/$lib" "$bin/.$lib.tmp"
mv -f "$bin/.$lib.tmp" "$bin/$lib"
echo "build_extension: $profile library -> godot_project/addons/dungeon_gen/bin/$lib" >&2
