//! The `--help` text.

use std::fmt::Write as _;

use dungeon_core::registry::{self, SettingInfo};

use super::{MAX_COUNT, flag_name};
use crate::{load, render};

/// The text `--help` prints. Defaults come from the configs themselves.
#[must_use]
pub fn usage() -> String {
    let gens = registry::GENERATORS;
    let names: Vec<&str> = gens.iter().map(|g| g.name()).collect();
    let classes: Vec<&str> = gens.iter().map(|g| g.class()).collect();
    let mut preset_lines = String::new();
    let mut generator_flags = String::new();
    let mut examples = String::new();
    let with_rooms: Vec<&str> = gens
        .iter()
        .filter(|g| g.has_rooms())
        .map(|g| g.name())
        .collect();
    for &g in gens {
        let presets: Vec<&str> = g.presets().iter().map(|p| p.name).collect();
        let _ = writeln!(
            preset_lines,
            "{:37}{}: {}",
            "",
            g.name(),
            presets.join(", ")
        );
        let _ = write!(
            generator_flags,
            "{} flags: {} (defaults: {})\n{}",
            g.name(),
            g.summary(),
            presets.first().copied().unwrap_or_default(),
            usage_lines(&g.settings())
        );
        let _ = writeln!(examples, "  dungeon {}", g.example());
    }
    format!(
        "\
dungeon: print or draw seeded dungeons

Usage: dungeon <{commands}> [options] [generator flags]
       dungeon show FILE [--format ascii|emoji|json|png|hash] [--out FILE] [--scale PX]

The same generator, settings, seed and level give the same grid as the Godot
generator classes:
{classes}

Options:
  --seed N                         run seed, 0..=2^64-1; a negative number is read as a Godot
                                   int seed, i.e. the same 64 bits [0]
  --level L                        level to generate; room grids get more rooms per level [1]
  --preset NAME                    load a preset first; the other flags then override it
{preset_lines}                                   [the first of each]
  --format ascii|emoji|json|png|hash
                                   what to print; png needs --out [ascii; json with --count];
                                   hash: GEN PRESET SEED LEVEL and the layout hash (16 hex
                                   digits) per dungeon, to compare across machines
  --out FILE                       write to FILE; - is standard output (png too) [-].
                                   FILE is replaced only once all is made: a run that fails
                                   leaves it as it was, and no partial file
  --scale PX                       png: pixels per cell, 1..={max_scale}, at most {max_px} px a side
                                   [{def_scale}; less for maps over {auto_w} cells a side]
  --count K                        K dungeons from seeds N, N+1, ... (counting on past
                                   2^64-1 to 0, as a Godot int does past -1), 1..={max_count}:
                                   one JSON object per line, or with --format ascii/emoji
                                   pictures separated by a blank line [1]
  -h, --help                       print this help

{generator_flags}{progression_head}
{progression}show FILE: read saved grids back; FILE - is standard input. FILE holds one grid as
JSON (version 2 or 1, as --format json or DungeonGrid.to_json() writes it) or JSON
lines as --count writes them (every non-empty line one grid), at most {max_mib} MiB.
Every grid is checked as DungeonGrid.from_json() checks it, then written with
--format [ascii], --out and --scale as above (png: one grid). Nothing is written
unless every grid loads. Generator flags, --seed, --level, --preset and --count
are errors here.

Values: --flag VALUE or --flag=VALUE; a value may start with - (--out -h is a file
named -h). [true|false] flags alone mean true. -- ends the options.
ASCII: . empty  # room  S start  E end  = corridor  + door  , open floor
       with locks: A locked door (on a room grid the room behind it),
       a its key, < > ^ v one-way door (the way it may be passed); a legend follows
Exit status: 0 done, 1 the generator rejected the settings or gave up, or show's
FILE did not load (FILE: why, or FILE line N: why), 2 bad arguments.
Generator errors name config fields: max_fill is --max-fill.

Examples:
  dungeon isaac --level 3 --seed 7
{examples}  dungeon isaac --format json | dungeon show - --format emoji
  dungeon show floors.jsonl --format ascii
",
        commands = names.join("|"),
        progression_head = wrap(
            &format!(
                "progression settings (generators with rooms: {}): after generating, \
                 place locked doors, their keys and one-way doors, proven finishable \
                 (json writes them as \"locks\"; ascii, emoji and png draw them, see \
                 ASCII below)",
                with_rooms.join(", ")
            ),
            0,
            80
        ),
        progression = usage_lines(&registry::progression_info()),
        classes = wrap(&classes.join(", "), 2, 80),
        max_scale = render::MAX_SCALE,
        max_px = render::MAX_SIDE_PX,
        def_scale = render::DEFAULT_SCALE,
        auto_w = render::AUTO_SIDE_PX / render::DEFAULT_SCALE,
        max_count = MAX_COUNT,
        max_mib = load::MAX_INPUT_BYTES >> 20,
    )
}

/// Flag lines for `settings`: `--name VALUE  doc; range [default]`, the
/// default being the default preset's value.
fn usage_lines(settings: &[SettingInfo]) -> String {
    let mut out = String::new();
    for s in settings {
        let head = format!("--{} {}", flag_name(s.name), s.placeholder);
        let range = s.range.map(|r| format!("; {r}")).unwrap_or_default();
        // A file's default is its text (a whole level graph): name it instead.
        let default = if s.placeholder == super::FILE {
            "the default preset's"
        } else {
            &s.default
        };
        let _ = writeln!(out, "  {head:<31}  {}{range} [{default}]", s.doc);
    }
    out
}

/// `text` broken at spaces into lines of at most `width` characters, each
/// indented by `indent` spaces.
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > width {
            out.push_str(&pad);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&pad);
    out.push_str(&line);
    out
}
