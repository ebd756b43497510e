//! The `--help` text.

use super::{Gen, MAX_COUNT};
use crate::{flags, load, render};

/// The text `--help` prints. Defaults come from the configs themselves.
#[must_use]
pub fn usage() -> String {
    let presets = |g: Gen| g.presets().join(", ");
    let defaults = |g: Gen| g.presets()[0];
    format!(
        "\
dungeon: print or draw seeded dungeons (Isaac floor plans, drunkard walks, BSP maps, caves)

Usage: dungeon <isaac|drunkard|bsp|cave> [options] [generator flags]
       dungeon show FILE [--format ascii|emoji|json|png] [--out FILE] [--scale PX]

The same generator, settings, seed and level give the same grid as the Godot
classes IsaacGenerator, DrunkardGenerator, BspGenerator and CaveGenerator.

Options:
  --seed N                         run seed, 0..=2^64-1; a negative number is read as a Godot
                                   int seed, i.e. the same 64 bits [0]
  --level L                        level to generate; room grids get more rooms per level [1]
  --preset NAME                    load a preset first; the other flags then override it
                                     isaac: {pi}
                                     drunkard: {pd}
                                     bsp: {pb}
                                     cave: {pc}
                                   [the first of each]
  --format ascii|emoji|json|png    what to print; png needs --out [ascii; json with --count]
  --out FILE                       write to FILE; - is standard output (png too) [-]
  --scale PX                       png: pixels per cell, 1..={max_scale}, at most {max_px} px a side
                                   [{def_scale}; less for maps over {auto_w} cells a side]
  --count K                        K dungeons from seeds N, N+1, ... (counting on past
                                   2^64-1 to 0, as a Godot int does past -1), 1..={max_count}:
                                   one JSON object per line, or with --format ascii/emoji
                                   pictures separated by a blank line [1]
  -h, --help                       print this help

isaac flags: rooms grow from a start room on a small grid (defaults: {di})
{isaac}
drunkard flags: a random walk on a small grid (defaults: {dd})
{drunkard}
bsp flags: rooms and corridors on a tile map (defaults: {db})
{bsp}
cave flags: a cellular-automaton cave on an open-floor tile map (defaults: {dc})
{cave}
show FILE: read saved grids back; FILE - is standard input. FILE holds one grid as
JSON (version 2 or 1, as --format json or DungeonGrid.to_json() writes it) or JSON
lines as --count writes them (every non-empty line one grid), at most {max_mib} MiB.
Every grid is checked as DungeonGrid.from_json() checks it, then written with
--format [ascii], --out and --scale as above (png: one grid). Nothing is written
unless every grid loads. Generator flags, --seed, --level, --preset and --count
are errors here.

Values: --flag VALUE or --flag=VALUE; a value may start with - (--out -h is a file
named -h). [true|false] flags alone mean true. -- ends the options.
ASCII: . empty  # room  S start  E end  = corridor  + door  , floor
Exit status: 0 done, 1 the generator rejected the settings or gave up, or show's
FILE did not load (FILE: why, or FILE line N: why), 2 bad arguments.
Generator errors name config fields: max_fill is --max-fill.

Examples:
  dungeon isaac --level 3 --seed 7
  dungeon isaac --preset branching --level 5 --format png --out floor.png
  dungeon drunkard --diagonal --count 1000 --format json > floors.jsonl
  dungeon bsp --preset large --seed 1 --format png --out - > map.png
  dungeon cave --phases 5:2:4,5:off:3 --regions keep_largest --format png --out cave.png
  dungeon isaac --format json | dungeon show - --format emoji
  dungeon show floors.jsonl --format ascii
",
        pi = presets(Gen::Isaac),
        pd = presets(Gen::Drunkard),
        pb = presets(Gen::Bsp),
        pc = presets(Gen::Cave),
        di = defaults(Gen::Isaac),
        dd = defaults(Gen::Drunkard),
        db = defaults(Gen::Bsp),
        dc = defaults(Gen::Cave),
        max_scale = render::MAX_SCALE,
        max_px = render::MAX_SIDE_PX,
        def_scale = render::DEFAULT_SCALE,
        auto_w = render::AUTO_SIDE_PX / render::DEFAULT_SCALE,
        max_count = MAX_COUNT,
        max_mib = load::MAX_INPUT_BYTES >> 20,
        isaac = flags::usage_lines(&flags::isaac(), &(flags::ISAAC_PRESETS[0].1)()),
        drunkard = flags::usage_lines(&flags::drunkard(), &(flags::DRUNKARD_PRESETS[0].1)()),
        bsp = flags::usage_lines(&flags::bsp(), &(flags::BSP_PRESETS[0].1)()),
        cave = flags::usage_lines(&flags::cave(), &(flags::CAVE_PRESETS[0].1)()),
    )
}
