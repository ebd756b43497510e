#!/usr/bin/env bash
# Checks the addon's Level Graph panel (the visual LevelGraph editor) in a
# real headless editor: tests/editor_plugin/graph_editor.gd drives it
# (rooms, connections, modes, tags, moves, undo/redo, save and reload,
# removal, the layout preview and its errors). About 15 s.
#
# Usage: tests/check_graph_editor.sh [--screenshot PATH]   (after tests/build_extension.sh)
exec "$(dirname "$0")/check_editor_plugin.sh" --graph "$@"
