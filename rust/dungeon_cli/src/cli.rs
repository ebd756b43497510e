//! The argument parser: hand-rolled, every error one line naming the argument.
//!
//! Parsing never generates anything. It turns the command line into a
//! [`Request`] (a ready config plus output options) or a [`UsageError`],
//! which `main` prints as `dungeon: <message>` and exits with status 2.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::{DungeonGrid, GenError};

use crate::flags::{self, Flag};
use crate::render;

/// Most dungeons one call may print.
pub const MAX_COUNT: u32 = 100_000;

/// A bad command line: the message names the argument. Exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `DungeonGrid::to_ascii`.
    Ascii,
    /// `DungeonGrid::to_emoji`.
    Emoji,
    /// `DungeonGrid::to_json`, one object per line.
    Json,
    /// A picture (`--out` required).
    Png,
}

/// A generator with its finished config.
#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// `isaac::generate`.
    Isaac(IsaacConfig),
    /// `drunkard::generate`.
    Drunkard(DrunkardConfig),
    /// `bsp::generate`.
    Bsp(BspConfig),
}

impl Job {
    /// Runs the generator: the same call the Godot classes make.
    ///
    /// # Errors
    /// The core's [`GenError`].
    pub fn generate(&self, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
        match self {
            Job::Isaac(c) => isaac::generate(c, seed, level),
            Job::Drunkard(c) => drunkard::generate(c, seed, level),
            Job::Bsp(c) => bsp::generate(c, seed, level),
        }
    }
}

/// Everything a run needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Generator and config.
    pub job: Job,
    /// First run seed.
    pub seed: u64,
    /// Level passed to the generator.
    pub level: i32,
    /// Output format.
    pub format: Format,
    /// Output file; `None` = stdout.
    pub out: Option<PathBuf>,
    /// PNG pixels per cell; `None` = automatic.
    pub scale: Option<u32>,
    /// Number of dungeons, from seeds `seed..seed + count`.
    pub count: u32,
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Print the usage text.
    Help,
    /// Generate.
    Run(Request),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gen {
    Isaac,
    Drunkard,
    Bsp,
}

impl Gen {
    const ALL: [(&'static str, Gen); 3] = [
        ("isaac", Gen::Isaac),
        ("drunkard", Gen::Drunkard),
        ("bsp", Gen::Bsp),
    ];

    fn name(self) -> &'static str {
        match self {
            Gen::Isaac => "isaac",
            Gen::Drunkard => "drunkard",
            Gen::Bsp => "bsp",
        }
    }

    fn flag_names(self) -> Vec<&'static str> {
        match self {
            Gen::Isaac => names(&flags::isaac()),
            Gen::Drunkard => names(&flags::drunkard()),
            Gen::Bsp => names(&flags::bsp()),
        }
    }

    fn presets(self) -> &'static [&'static str] {
        match self {
            Gen::Isaac => &IsaacConfig::PRESETS,
            Gen::Drunkard => &DrunkardConfig::PRESETS,
            Gen::Bsp => &BspConfig::PRESETS,
        }
    }
}

fn names<C>(flags: &[Flag<C>]) -> Vec<&'static str> {
    flags.iter().map(|f| f.name).collect()
}

/// Flags every generator takes.
const GLOBAL: [&str; 7] = ["seed", "level", "preset", "format", "out", "scale", "count"];

/// A flag as given, in command-line order: its name (no `--`) and its value
/// (`None` for a bare switch).
struct Given {
    name: String,
    value: Option<OsString>,
}

impl Given {
    fn text(&self) -> Result<&str, UsageError> {
        match &self.value {
            None => Ok("true"),
            Some(v) => v.to_str().ok_or_else(|| {
                UsageError(format!(
                    "--{}: {:?} is not valid UTF-8",
                    self.name,
                    v.to_string_lossy()
                ))
            }),
        }
    }

    fn err(&self, msg: impl std::fmt::Display) -> UsageError {
        UsageError(format!("--{}: {msg}", self.name))
    }
}

/// Parses the arguments after the program name.
///
/// # Errors
/// A [`UsageError`] naming the first bad argument.
pub fn parse(args: &[OsString]) -> Result<Command, UsageError> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        return Ok(Command::Help);
    }
    let all_isaac = Gen::Isaac.flag_names();
    let all_drunkard = Gen::Drunkard.flag_names();
    let all_bsp = Gen::Bsp.flag_names();
    let known = |n: &str| {
        GLOBAL.contains(&n)
            || all_isaac.contains(&n)
            || all_drunkard.contains(&n)
            || all_bsp.contains(&n)
    };
    let switches: Vec<&str> = flags::isaac()
        .iter()
        .filter(|f| f.is_switch())
        .map(|f| f.name)
        .chain(
            flags::drunkard()
                .iter()
                .filter(|f| f.is_switch())
                .map(|f| f.name),
        )
        .chain(
            flags::bsp()
                .iter()
                .filter(|f| f.is_switch())
                .map(|f| f.name),
        )
        .collect();

    let mut generator: Option<Gen> = None;
    let mut given: Vec<Given> = Vec::new();
    let mut rest = args.iter().peekable();
    while let Some(arg) = rest.next() {
        let Some(text) = arg.to_str() else {
            return Err(UsageError(format!(
                "unexpected argument {:?} (not valid UTF-8)",
                arg.to_string_lossy()
            )));
        };
        if let Some(flag) = text.strip_prefix("--") {
            let (name, inline) = match flag.split_once('=') {
                Some((n, v)) => (n, Some(OsString::from(v))),
                None => (flag, None),
            };
            if !known(name) {
                return Err(UsageError(format!(
                    "--{name}: unknown flag (see dungeon --help)"
                )));
            }
            if given.iter().any(|g| g.name == name) {
                return Err(UsageError(format!("--{name}: given more than once")));
            }
            let looks_like_value = |v: &&OsString| {
                let s = v.to_string_lossy();
                !s.starts_with("--") && !Gen::ALL.iter().any(|(n, _)| *n == s)
            };
            let value = match inline {
                Some(v) => Some(v),
                None if switches.contains(&name) => rest.next_if(|v| looks_like_value(v)).cloned(),
                None => match rest.next_if(|v| !v.to_string_lossy().starts_with("--")) {
                    Some(v) => Some(v.clone()),
                    None => return Err(UsageError(format!("--{name}: missing value"))),
                },
            };
            given.push(Given {
                name: name.to_owned(),
                value,
            });
        } else if text.starts_with('-') && text.len() > 1 {
            return Err(UsageError(format!(
                "{text}: unknown flag (flags start with --; see dungeon --help)"
            )));
        } else if generator.is_none() {
            generator = Some(
                Gen::ALL
                    .iter()
                    .find(|(n, _)| *n == text)
                    .map(|&(_, g)| g)
                    .ok_or_else(|| {
                        UsageError(format!(
                            "unknown generator {text:?} (expected isaac, drunkard or bsp)"
                        ))
                    })?,
            );
        } else {
            return Err(UsageError(format!("unexpected argument {text:?}")));
        }
    }
    let generator = generator.ok_or_else(|| {
        UsageError("missing generator (expected isaac, drunkard or bsp; see dungeon --help)".into())
    })?;
    build(generator, &given)
}

/// Checks every flag in command-line order, then builds the config: preset
/// first, then the generator flags in table order.
fn build(generator: Gen, given: &[Given]) -> Result<Command, UsageError> {
    let mut seed = 0;
    let mut level = 1;
    let mut preset: Option<&str> = None;
    let mut format = None;
    let mut out = None;
    let mut scale = None;
    let mut count = 1;
    let own = generator.flag_names();
    for g in given {
        match g.name.as_str() {
            "seed" => seed = parse_seed(g.text()?).map_err(|e| g.err(e))?,
            "level" => level = flags::int(g.text()?).map_err(|e| g.err(e))?,
            "preset" => {
                let name = g.text()?;
                let presets = generator.presets();
                if !presets.contains(&name) {
                    return Err(g.err(format!(
                        "unknown preset {name:?} for {} (expected {})",
                        generator.name(),
                        presets.join(" or ")
                    )));
                }
                preset = Some(name);
            }
            "format" => {
                format = Some(
                    flags::choice(
                        g.text()?,
                        &[
                            ("ascii", Format::Ascii),
                            ("emoji", Format::Emoji),
                            ("json", Format::Json),
                            ("png", Format::Png),
                        ],
                    )
                    .map_err(|e| g.err(e))?,
                );
            }
            "out" => {
                let path = g.value.as_deref().unwrap_or(OsStr::new(""));
                if path.is_empty() {
                    return Err(g.err("expected a file name"));
                }
                out = Some(PathBuf::from(path));
            }
            "scale" => {
                let s = flags::int(g.text()?).map_err(|e| g.err(e))?;
                scale = Some(
                    u32::try_from(s)
                        .ok()
                        .filter(|s| (1..=render::MAX_SCALE).contains(s))
                        .ok_or_else(|| {
                            g.err(format!("expected 1..={}, got {s}", render::MAX_SCALE))
                        })?,
                );
            }
            "count" => {
                let k = flags::int(g.text()?).map_err(|e| g.err(e))?;
                count = u32::try_from(k)
                    .ok()
                    .filter(|k| (1..=MAX_COUNT).contains(k))
                    .ok_or_else(|| g.err(format!("expected 1..={MAX_COUNT}, got {k}")))?;
            }
            name if own.contains(&name) => {
                // Values are checked here, in command-line order; they are
                // applied below, in table order.
                let v = g.text()?;
                match generator {
                    Gen::Isaac => check_value(&flags::isaac(), IsaacConfig::default(), g, v)?,
                    Gen::Drunkard => {
                        check_value(&flags::drunkard(), DrunkardConfig::default(), g, v)?;
                    }
                    Gen::Bsp => check_value(&flags::bsp(), BspConfig::default(), g, v)?,
                }
            }
            _ => return Err(g.err(format!("not a flag for {}", generator.name()))),
        }
    }

    // One dungeon prints as ASCII, several as JSON lines, unless asked.
    let format = format.unwrap_or(if count > 1 {
        Format::Json
    } else {
        Format::Ascii
    });
    if format == Format::Png && out.is_none() {
        return Err(UsageError("--format png: needs --out FILE".into()));
    }
    if format == Format::Png && count > 1 {
        return Err(UsageError(format!(
            "--count: --format png draws one dungeon, got --count {count}"
        )));
    }
    if scale.is_some() && format != Format::Png {
        return Err(UsageError("--scale: only applies to --format png".into()));
    }
    if seed.checked_add(u64::from(count - 1)).is_none() {
        return Err(UsageError(format!(
            "--count: seeds {seed} + {count} would pass {}",
            u64::MAX
        )));
    }

    let job = match generator {
        Gen::Isaac => Job::Isaac(apply(
            &flags::isaac(),
            preset.and_then(IsaacConfig::preset).unwrap_or_default(),
            given,
        )?),
        Gen::Drunkard => Job::Drunkard(apply(
            &flags::drunkard(),
            preset.and_then(DrunkardConfig::preset).unwrap_or_default(),
            given,
        )?),
        Gen::Bsp => Job::Bsp(apply(
            &flags::bsp(),
            preset.and_then(BspConfig::preset).unwrap_or_default(),
            given,
        )?),
    };
    Ok(Command::Run(Request {
        job,
        seed,
        level,
        format,
        out,
        scale,
        count,
    }))
}

/// Whether `v` is a valid value for flag `g` (on a scratch config).
fn check_value<C>(table: &[Flag<C>], mut scratch: C, g: &Given, v: &str) -> Result<(), UsageError> {
    match table.iter().find(|f| f.name == g.name) {
        Some(f) => (f.set)(&mut scratch, v).map_err(|e| g.err(e)),
        None => Err(g.err("not a flag for this generator")),
    }
}

/// Applies the given generator flags to `config` in table order.
fn apply<C>(table: &[Flag<C>], mut config: C, given: &[Given]) -> Result<C, UsageError> {
    for f in table {
        if let Some(g) = given.iter().find(|g| g.name == f.name) {
            (f.set)(&mut config, g.text()?).map_err(|e| g.err(e))?;
        }
    }
    Ok(config)
}

/// A run seed: `0..=u64::MAX`, or a negative Godot `int` seed, which means
/// the same 64 bits (`-1` = `18446744073709551615`).
fn parse_seed(v: &str) -> Result<u64, String> {
    let v = v.trim();
    v.parse::<u64>()
        .or_else(|_| v.parse::<i64>().map(|s| s as u64))
        .map_err(|_| format!("expected an integer, got {v:?}"))
}

/// The text `--help` prints. Defaults come from the configs themselves.
#[must_use]
pub fn usage() -> String {
    let presets = |g: Gen| g.presets().join(", ");
    format!(
        "\
dungeon: print or draw seeded dungeons (Isaac floor plans, drunkard walks, BSP maps)

Usage: dungeon <isaac|drunkard|bsp> [options] [generator flags]

The same generator, settings, seed and level give the same grid as the Godot
classes IsaacGenerator, DrunkardGenerator and BspGenerator.

Options:
  --seed N                         run seed, 0..=2^64-1; a negative number is read as a Godot
                                   int seed, i.e. the same 64 bits [0]
  --level L                        level to generate; room grids get more rooms per level [1]
  --preset NAME                    load a preset first; the other flags then override it
                                     isaac: {pi}
                                     drunkard: {pd}
                                     bsp: {pb}
                                   [the first of each]
  --format ascii|emoji|json|png    what to print; png needs --out [ascii; json with --count]
  --out FILE                       write to FILE instead of stdout
  --scale PX                       png: pixels per cell, 1..={max_scale}, at most {max_px} px a side
                                   [{def_scale}; less for maps over {auto_w} cells a side]
  --count K                        K dungeons from seeds N, N+1, ..., 1..={max_count}: one JSON
                                   object per line, or with --format ascii/emoji pictures
                                   separated by a blank line [1]
  -h, --help                       print this help

isaac flags: rooms grow from a start room on a small grid (defaults: seed_002)
{isaac}
drunkard flags: a random walk on a small grid (defaults: seed_002)
{drunkard}
bsp flags: rooms and corridors on a tile map (defaults: seed_001)
{bsp}
Values: --flag VALUE or --flag=VALUE; [true|false] flags alone mean true.
ASCII: . empty  # room  S start  E end  = corridor  + door
Exit status: 0 done, 1 the generator rejected the settings or gave up,
2 bad arguments. Generator errors name config fields: max_fill is --max-fill.

Examples:
  dungeon isaac --level 3 --seed 7
  dungeon isaac --preset classic --level 5 --format png --out floor.png
  dungeon drunkard --diagonal --count 1000 --format json > floors.jsonl
  dungeon bsp --preset large --seed 1 --format png --out map.png
",
        pi = presets(Gen::Isaac),
        pd = presets(Gen::Drunkard),
        pb = presets(Gen::Bsp),
        max_scale = render::MAX_SCALE,
        max_px = render::MAX_SIDE_PX,
        def_scale = render::DEFAULT_SCALE,
        auto_w = render::AUTO_SIDE_PX / render::DEFAULT_SCALE,
        max_count = MAX_COUNT,
        isaac = flags::usage_lines(&flags::isaac(), &IsaacConfig::default()),
        drunkard = flags::usage_lines(&flags::drunkard(), &DrunkardConfig::default()),
        bsp = flags::usage_lines(&flags::bsp(), &BspConfig::default()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(line: &str) -> Result<Command, UsageError> {
        let args: Vec<OsString> = line.split_whitespace().map(OsString::from).collect();
        parse(&args)
    }

    fn request(line: &str) -> Request {
        match parse_str(line) {
            Ok(Command::Run(r)) => r,
            other => panic!("{line}: {other:?}"),
        }
    }

    fn error(line: &str) -> String {
        parse_str(line).unwrap_err().0
    }

    #[test]
    fn defaults() {
        let r = request("isaac");
        assert_eq!(r.job, Job::Isaac(IsaacConfig::default()));
        assert_eq!((r.seed, r.level, r.count), (0, 1, 1));
        assert_eq!((r.format, r.out, r.scale), (Format::Ascii, None, None));
    }

    #[test]
    fn preset_then_flags_in_any_order() {
        let r = request("--width 12 isaac --preset classic --rule=crowding");
        let mut want = IsaacConfig::classic();
        want.width = 12;
        want.rule = isaac::GrowthRule::Crowding;
        assert_eq!(r.job, Job::Isaac(want));
        let r = request("bsp --preset large --border 2");
        let mut want = BspConfig::large();
        want.border = 2;
        assert_eq!(r.job, Job::Bsp(want));
    }

    #[test]
    fn origin_after_height_whatever_the_order() {
        let r = request("isaac --origin-x 1 --height 12");
        let Job::Isaac(c) = r.job else { panic!() };
        assert_eq!(c.origin, Some((1, 5)));
    }

    #[test]
    fn switches_alone_or_with_a_value() {
        let r = request("drunkard --diagonal --grow-grid false");
        let Job::Drunkard(c) = r.job else { panic!() };
        assert!(c.diagonal && !c.grow_grid);
        let r = request("--diagonal drunkard");
        let Job::Drunkard(c) = r.job else { panic!() };
        assert!(c.diagonal);
        assert_eq!(
            error("drunkard --diagonal maybe"),
            r#"--diagonal: expected true or false, got "maybe""#
        );
    }

    #[test]
    fn seeds_and_counts() {
        assert_eq!(request("bsp --seed -1").seed, u64::MAX);
        assert_eq!(request("bsp --seed 18446744073709551615").seed, u64::MAX);
        assert!(error("bsp --seed 18446744073709551615 --count 2").starts_with("--count:"));
        assert_eq!(request("bsp --count 100000 --format json").count, 100_000);
        assert_eq!(request("bsp --count 2").format, Format::Json);
        assert_eq!(
            request("bsp --count 2 --format emoji").format,
            Format::Emoji
        );
        assert_eq!(
            error("bsp --count 0"),
            "--count: expected 1..=100000, got 0"
        );
        assert_eq!(
            error("bsp --count 100001"),
            "--count: expected 1..=100000, got 100001"
        );
    }

    #[test]
    fn errors_name_the_argument() {
        for (line, want) in [
            (
                "isaac --level x",
                r#"--level: expected an integer, got "x""#,
            ),
            ("isaac --diagonal", "--diagonal: not a flag for isaac"),
            ("bsp --rule classic", "--rule: not a flag for bsp"),
            (
                "isaac --bogus 1",
                "--bogus: unknown flag (see dungeon --help)",
            ),
            (
                "foo",
                r#"unknown generator "foo" (expected isaac, drunkard or bsp)"#,
            ),
            (
                "",
                "missing generator (expected isaac, drunkard or bsp; see dungeon --help)",
            ),
            ("isaac bsp", r#"unexpected argument "bsp""#),
            ("isaac --seed", "--seed: missing value"),
            ("isaac --seed --level 2", "--seed: missing value"),
            ("isaac --seed 1 --seed 2", "--seed: given more than once"),
            (
                "isaac --format gif",
                r#"--format: expected ascii or emoji or json or png, got "gif""#,
            ),
            ("isaac --format png", "--format png: needs --out FILE"),
            (
                "isaac --format png --out a.png --count 2",
                "--count: --format png draws one dungeon, got --count 2",
            ),
            ("isaac --scale 4", "--scale: only applies to --format png"),
            (
                "isaac --format png --out a.png --scale 0",
                "--scale: expected 1..=256, got 0",
            ),
            (
                "isaac --preset large",
                r#"--preset: unknown preset "large" for isaac (expected seed_002 or classic)"#,
            ),
            (
                "isaac --width 1.5",
                r#"--width: expected an integer, got "1.5""#,
            ),
            (
                "isaac --max-fill lots",
                r#"--max-fill: expected a number, got "lots""#,
            ),
            (
                "isaac -w 3",
                "-w: unknown flag (flags start with --; see dungeon --help)",
            ),
        ] {
            assert_eq!(error(line), want, "{line}");
        }
    }

    #[test]
    fn help_anywhere() {
        assert_eq!(parse_str("isaac --bogus --help"), Ok(Command::Help));
        assert_eq!(parse_str("-h"), Ok(Command::Help));
        let u = usage();
        for name in GLOBAL.iter().chain(&Gen::Bsp.flag_names()) {
            assert!(u.contains(&format!("--{name} ")), "{name}");
        }
        assert!(u.contains("--rule classic|crowding") && u.contains("--off-grid"));
    }
}
