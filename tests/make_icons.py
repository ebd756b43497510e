#!/usr/bin/env python3
"""Writes the editor icons of the extension's classes.

One 16x16 SVG per class into godot_project/addons/dungeon_gen/icons/, in the
flat style of Godot's own editor icons: one colour per family, a glyph per
class. The SVGs are committed; run this again after changing a glyph or
adding a class: it also rewrites dungeon_gen.gdextension's [icons] section
(test_docs fails on a registered class without an icon). A generator class
docs/generators.md names (written from the registry) and ICONS does not
gets the plain generator glyph, so a new generator needs no edit here.

Usage: python3 tests/make_icons.py
"""
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "godot_project", "addons", "dungeon_gen", "icons")

# One colour per family (Godot's editor palette: Node2D blue for the node,
# light grey for data resources).
GENERATOR = "#ffb35c"  # amber: the generators
DATA = "#e0e0e0"  # grey: grids, rules, templates, registry, extras
PAINTER = "#8eef97"  # green: painters and placers
NAV = "#5fd7e8"  # cyan: navigation
PROGRESSION = "#c68cf5"  # violet: locks, keys, spawns
NODE = "#8da5f3"  # Node2D blue: the level node
NODE3D = "#fc7f7f"  # Node3D red: the 3D level node


def frame(c):
    """A dungeon frame: the outline every generator icon sits in."""
    return f'<rect x="1.5" y="1.5" width="13" height="13" rx="1.5" fill="none" stroke="{c}" stroke-width="1"/>'


def rects(c, *rs):
    return "".join(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{c}"/>' for x, y, w, h in rs)


def path(c, d, w=1.5, cap="square"):
    return f'<path d="{d}" fill="none" stroke="{c}" stroke-width="{w}" stroke-linecap="{cap}" stroke-linejoin="round"/>'


def circles(c, *cs):
    return "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{c}"/>' for x, y, r in cs)


G = GENERATOR
ICONS = {
    # Generators: a frame with the shape of what each one makes.
    "IsaacGenerator": frame(G) + rects(G, (6, 3, 4, 3), (3, 6.5, 4, 3), (9, 6.5, 4, 3), (6, 10, 4, 3)),
    "DrunkardGenerator": frame(G) + path(G, "M4 12V8h4V5h4v5"),
    "HilbertGenerator": frame(G) + path(G, "M4 12V8h3V4M9 4v4h3v4M7 8h2", 1.3),
    "BspGenerator": frame(G) + rects(G, (3, 3, 4, 4), (9, 3, 4, 6), (3, 9, 4, 4), (9, 11, 4, 2)) + path(G, "M7 5h2M5 7v2", 1),
    "CaveGenerator": frame(G) + f'<path d="M3.5 8c0-3 2-4.5 4-4 1.5.4 2 1.6 3.5 1.2 1.8-.4 2 2 1.5 3.6-.6 2-2.5 3.6-5 3.3C5 11.8 3.5 10.3 3.5 8z" fill="{G}"/>',
    "TunnelerGenerator": frame(G) + rects(G, (3, 4, 10, 2), (9, 4, 2, 9), (3, 10, 6, 2)),
    "WalkerGenerator": frame(G) + circles(G, (5, 11.5, 1.3), (7.5, 8.5, 1.3), (6, 5, 1.3), (10.5, 5.5, 1.3), (11, 10, 1.3)),
    "MazeGenerator": frame(G) + path(G, "M4 4v8h8V7H7v2M7 4h5", 1.3),
    "TinyKeepGenerator": frame(G) + path(G, "M5 5l6 1-5 5", 1) + rects(G, (3, 3, 4, 4), (9.5, 4, 3.5, 3.5), (4, 9.5, 3.5, 3.5)),
    "TemplateGenerator": frame(G) + path(G, "M4 7V4h3M10 4h2v3M12 9v3H9M7 12H4V9", 1.3),
    "GraphLayoutGenerator": frame(G) + path(G, "M5 5l6 2M5 5v6l6-4", 1) + circles(G, (5, 5, 1.8), (11, 7, 1.8), (5, 11, 1.8)),
    # Grid and data: resources, grey.
    "DungeonGrid": rects(DATA, (1, 1, 4, 4), (6, 1, 4, 4), (11, 1, 4, 4), (1, 6, 4, 4), (11, 6, 4, 4), (1, 11, 4, 4), (6, 11, 4, 4))
    + rects(DATA, (6.5, 6.5, 3, 3)),
    "LevelGraph": path(DATA, "M4 4l8 0M4 4l4 8M12 4l-4 8", 1.2) + circles(DATA, (4, 4, 2.3), (12, 4, 2.3), (8, 12, 2.3)),
    "RoomTemplate": path(DATA, "M2.5 5.5v-3h3M10.5 2.5h3v11h-3M5.5 13.5h-3v-3", 1.5) + rects(DATA, (6, 6, 4, 4)),
    "GeneratorRegistry": rects(DATA, (2, 2, 3, 3), (2, 6.5, 3, 3), (2, 11, 3, 3), (6.5, 2.5, 7.5, 2), (6.5, 7, 7.5, 2), (6.5, 11.5, 7.5, 2)),
    "IsaacRoomRules": path(DATA, "M2.5 2.5h11v11h-11z", 1) + f'<path d="M8 4l1.1 2.5 2.7.3-2 1.8.6 2.7L8 9.9l-2.4 1.4.6-2.7-2-1.8 2.7-.3z" fill="{DATA}"/>',
    "SpecialRoomRule": f'<path d="M8 1.5l1.9 4.1 4.5.5-3.4 3 1 4.4L8 11.2l-4 2.3 1-4.4-3.4-3 4.5-.5z" fill="{DATA}"/>',
    "MinesweeperBoard": rects(DATA, (1, 1, 6, 6), (9, 1, 6, 6), (1, 9, 6, 6)) + circles(DATA, (12, 12, 2.5)) + path(DATA, "M12 8.5v7M8.5 12h7", 1),
    "ElementaryAutomaton": rects(DATA, (7, 2, 2, 2), (5, 5, 2, 2), (9, 5, 2, 2), (3, 8, 2, 2), (7, 8, 2, 2), (11, 8, 2, 2), (1, 11, 2, 2), (5, 11, 2, 2), (9, 11, 2, 2), (13, 11, 2, 2)),
    # Painters and placers: green.
    "DungeonTilePainter": rects(PAINTER, (1, 9, 6, 6), (9, 9, 6, 6), (1, 1, 6, 6)) + path(PAINTER, "M10 7l4-5", 2, "round"),
    "DungeonTileMapping": rects(PAINTER, (1, 2, 5, 5), (1, 9, 5, 5), (10, 2, 5, 5), (10, 9, 5, 5)) + path(PAINTER, "M7 4.5h2M7 11.5h2", 1),
    "DungeonRoomPlacer": path(PAINTER, "M2 5.5h6v8H2z", 1.5) + path(PAINTER, "M11 2v6M8.5 5.5L11 8l2.5-2.5", 1.5, "round"),
    "DungeonGridMapPainter": f'<path d="M8 1.5l6 3v7l-6 3-6-3v-7z" fill="none" stroke="{PAINTER}" stroke-width="1.3" stroke-linejoin="round"/>'
    + f'<path d="M8 8l6-3.5M8 8L2 4.5M8 8v6.5" stroke="{PAINTER}" stroke-width="1"/>',
    # Navigation: cyan.
    "DungeonNavigation": f'<path d="M2 14L8 1.5 14 14 8 10.5z" fill="{NAV}"/>',
    # Collision: cyan, beside navigation: a wall of bricks with a doorway.
    "DungeonCollision": rects(NAV, (1, 2, 6, 3), (9, 2, 6, 3), (1, 6, 3, 8), (12, 6, 3, 8), (5, 6, 6, 2)) + path(NAV, "M6 14v-4h4v4", 1),
    # Decoration: green like the painters: a torch on a wall, and a pillar.
    "DungeonDecorator": rects(PAINTER, (1, 1, 14, 2), (2, 12, 4, 3), (2.5, 5, 3, 7)) + path(PAINTER, "M11 4v6M9.5 6.5L11 4l1.5 2.5", 1.5, "round"),
    "DungeonDecorRule": rects(PAINTER, (2, 2, 12, 1.5), (2, 6.5, 8, 1.5), (2, 11, 10, 1.5)) + path(PAINTER, "M13 6l1.5 1.5L13 9", 1.2, "round"),
    # Progression and gameplay: violet.
    "DungeonProgression": f'<circle cx="5" cy="5" r="2.7" fill="none" stroke="{PROGRESSION}" stroke-width="2"/>' + path(PROGRESSION, "M7 7l7 7M11 11l-2 2M13.5 13.5l-2 2", 1.8),
    "DungeonSpawnRules": circles(PROGRESSION, (8, 8, 2)) + f'<circle cx="8" cy="8" r="5.5" fill="none" stroke="{PROGRESSION}" stroke-width="1.3"/>'
    + path(PROGRESSION, "M8 1v3M8 12v3M1 8h3M12 8h3", 1.3),
    # The level node: Node2D blue.
    "DungeonLevel2D": rects(NODE, (1, 1, 5, 5), (10, 1, 5, 7), (1, 9, 5, 6), (10, 11, 5, 4), (6, 2.5, 4, 2), (2.5, 6, 2, 3), (11.5, 8, 2, 3)),
    # The same rooms in a box seen from above at an angle: Node3D red.
    "DungeonLevel3D": f'<path d="M8 1.5l6.5 3.2v6.6L8 14.5l-6.5-3.2V4.7z" fill="none" stroke="{NODE3D}" stroke-width="1.2" stroke-linejoin="round"/>'
    + f'<path d="M8 4.2l4 2-4 2-4-2z" fill="{NODE3D}"/>' + path(NODE3D, "M8 8.2v4.5M4 6.2v4.5M12 6.2v4.5", 1),
}


def svg(body):
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">'
        + body
        + "</svg>\n"
    )


def generator_classes():
    """The generator classes docs/generators.md names ("Godot class: `X`")."""
    text = open(os.path.join(ROOT, "docs", "generators.md"), encoding="utf-8").read()
    return re.findall(r"Godot class: `([A-Za-z0-9_]+)`", text)


def write_icons_section(names):
    """Rewrites the [icons] section, the last of the .gdextension file."""
    path = os.path.join(ROOT, "godot_project", "addons", "dungeon_gen", "dungeon_gen.gdextension")
    text = open(path, encoding="utf-8").read()
    head = text[: text.index("[icons]\n")]
    lines = [f'{n} = "res://addons/dungeon_gen/icons/{n}.svg"\n' for n in sorted(names)]
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + "[icons]\n" + "".join(lines))


def main():
    icons = dict(ICONS)
    for name in generator_classes():
        icons.setdefault(name, frame(G) + rects(G, (4, 4, 3, 3), (9, 9, 3, 3)) + path(G, "M7 5.5h2.5V9", 1))
    os.makedirs(OUT, exist_ok=True)
    for name, body in sorted(icons.items()):
        with open(os.path.join(OUT, name + ".svg"), "w", encoding="utf-8") as f:
            f.write(svg(body))
    write_icons_section(icons)
    print(f"make_icons: {len(icons)} icons in {os.path.relpath(OUT, ROOT)} and dungeon_gen.gdextension's [icons]")


if __name__ == "__main__":
    main()
