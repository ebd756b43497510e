//! The command line. `clap` splits it into flags and values (`--flag VALUE`,
//! `--flag=VALUE`, `--` ending the options, `-h`/`--help`); the generator
//! tables in [`crate::flags`] then check each value and fill the config.
//!
//! clap knows every flag of every generator, so flags may come before the
//! generator's name; a flag of another generator is refused here, naming
//! it. A flag that takes a value takes the next argument whatever it is
//! (`--out -h` writes a file named `-h`); a switch (`--diagonal`) takes the
//! next argument only if it does not start with `-` and is not a
//! generator's name, so `--diagonal drunkard` means `drunkard --diagonal`.
//!
//! Parsing never generates anything: it gives a [`Request`] or a
//! [`UsageError`], which [`crate::run()`] prints as `dungeon: <message>` with
//! exit status 2.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, value_parser};
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::{ConfigError, DungeonGrid, GenError};

use crate::flags::{self, Flag, Presets};
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

/// Where the output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    /// Standard output (no `--out`, or `--out -`).
    Stdout,
    /// `--out FILE`, created on the first write.
    File(PathBuf),
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
    /// The seed was typed as a negative Godot `int`: messages show seeds so.
    pub seed_as_int: bool,
    /// Level passed to the generator.
    pub level: i32,
    /// Output format.
    pub format: Format,
    /// Where to write.
    pub out: Dest,
    /// PNG pixels per cell; `None` = automatic.
    pub scale: Option<u32>,
    /// Number of dungeons.
    pub count: u32,
    /// Each flag given and its value as typed, so that a generator error
    /// about a field shows the value the way the user wrote it.
    pub typed: Vec<(String, String)>,
}

impl Request {
    /// The seed of dungeon `k`: seeds count on modulo 2^64, as `seed + k`
    /// does on a Godot `int` (`--seed -1 --count 3` gives -1, 0, 1).
    #[must_use]
    pub fn seed_at(&self, k: u32) -> u64 {
        self.seed.wrapping_add(u64::from(k))
    }

    /// A seed the way the user wrote theirs: as a Godot `int` if negative.
    #[must_use]
    pub fn show_seed(&self, seed: u64) -> String {
        if self.seed_as_int {
            (seed as i64).to_string()
        } else {
            seed.to_string()
        }
    }

    /// `e` with its value as typed, when a flag set the field it names
    /// (`min_end_distance` is `--min-end-distance`, `origin.x` `--origin-x`).
    #[must_use]
    pub fn as_typed(&self, mut e: ConfigError) -> ConfigError {
        let flag = e.field.replace(['_', '.'], "-");
        if let Some((_, raw)) = self.typed.iter().find(|(name, _)| *name == flag) {
            e.value.clone_from(raw);
        }
        e
    }
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Print the usage text.
    Help,
    /// Generate.
    Run(Box<Request>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gen {
    Isaac,
    Drunkard,
    Bsp,
}

impl Gen {
    const ALL: [Gen; 3] = [Gen::Isaac, Gen::Drunkard, Gen::Bsp];

    fn name(self) -> &'static str {
        match self {
            Gen::Isaac => "isaac",
            Gen::Drunkard => "drunkard",
            Gen::Bsp => "bsp",
        }
    }

    fn from_name(name: &OsStr) -> Option<Gen> {
        Gen::ALL.into_iter().find(|g| name == g.name())
    }

    /// The generator's flags: (name, is a switch).
    fn flags(self) -> Vec<(&'static str, bool)> {
        fn list<C: Clone>(table: &[Flag<C>]) -> Vec<(&'static str, bool)> {
            table.iter().map(|f| (f.name, f.is_switch())).collect()
        }
        match self {
            Gen::Isaac => list(&flags::isaac()),
            Gen::Drunkard => list(&flags::drunkard()),
            Gen::Bsp => list(&flags::bsp()),
        }
    }

    fn presets(self) -> [&'static str; 2] {
        fn names<C>(presets: &Presets<C>) -> [&'static str; 2] {
            presets.map(|p| p.0)
        }
        match self {
            Gen::Isaac => names(&flags::ISAAC_PRESETS),
            Gen::Drunkard => names(&flags::DRUNKARD_PRESETS),
            Gen::Bsp => names(&flags::BSP_PRESETS),
        }
    }
}

/// Flags every generator takes.
const GLOBAL: [&str; 7] = ["seed", "level", "preset", "format", "out", "scale", "count"];

/// clap's id for the generator's name and any stray word after it.
const WORDS: &str = "generator";

/// The clap command: every flag of every generator, each value kept as
/// typed (checked later, by the tables), repeats kept (refused later).
fn command() -> clap::Command {
    let mut cmd = clap::Command::new("dungeon")
        .no_binary_name(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help),
        )
        .arg(
            Arg::new(WORDS)
                .action(ArgAction::Append)
                .value_parser(value_parser!(OsString)),
        );
    let global = GLOBAL.iter().map(|&n| (n, false));
    let mut seen: Vec<&str> = Vec::new();
    for (name, switch) in global.chain(Gen::ALL.into_iter().flat_map(Gen::flags)) {
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let arg = Arg::new(name)
            .long(name)
            .action(ArgAction::Append)
            .value_parser(value_parser!(OsString));
        cmd = cmd.arg(if switch {
            arg.num_args(0..=1).default_missing_value("true")
        } else {
            arg.allow_hyphen_values(true)
        });
    }
    cmd
}

/// A flag as given: its name (no `--`) and its value (`true` for a switch
/// given alone).
struct Given {
    name: String,
    value: OsString,
}

impl Given {
    fn text(&self) -> Result<&str, UsageError> {
        self.value.to_str().ok_or_else(|| {
            self.err(format!(
                "{:?} is not valid UTF-8",
                self.value.to_string_lossy()
            ))
        })
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
    let matches = match command().try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::DisplayHelp => return Ok(Command::Help),
        Err(e) => return Err(from_clap(&e)),
    };
    let mut given = given_flags(&matches)?;
    let words: Vec<&OsStr> = matches.get_raw(WORDS).into_iter().flatten().collect();
    let generator = match words.first() {
        Some(word) => Gen::from_name(word).ok_or_else(|| {
            UsageError(format!(
                "unknown generator {:?} (expected isaac, drunkard or bsp)",
                word.to_string_lossy()
            ))
        })?,
        None => generator_after_switch(&mut given).ok_or_else(|| {
            UsageError(
                "missing generator (expected isaac, drunkard or bsp; see dungeon --help)".into(),
            )
        })?,
    };
    // Flags first: `--seed --level 2` is about `--seed`, not about the `2`.
    let command = build(generator, &given)?;
    if let Some(word) = words.get(1) {
        return Err(UsageError(format!(
            "unexpected argument {:?}",
            word.to_string_lossy()
        )));
    }
    Ok(command)
}

/// The flags given, in command-line order; a flag given twice is refused.
fn given_flags(matches: &ArgMatches) -> Result<Vec<Given>, UsageError> {
    let mut given = Vec::new();
    for id in matches.ids() {
        let name = id.as_str();
        if name == WORDS {
            continue;
        }
        let values: Vec<&OsStr> = matches.get_raw(name).into_iter().flatten().collect();
        if values.len() > 1 {
            return Err(UsageError(format!("--{name}: given more than once")));
        }
        if let Some(value) = values.first() {
            let at = matches.index_of(name).unwrap_or(usize::MAX);
            given.push((
                at,
                Given {
                    name: name.to_owned(),
                    value: value.to_os_string(),
                },
            ));
        }
    }
    given.sort_by_key(|g| g.0);
    Ok(given.into_iter().map(|g| g.1).collect())
}

/// `--diagonal drunkard`: a switch took the generator's name as its value.
/// The name is the generator then, and the switch is on.
fn generator_after_switch(given: &mut [Given]) -> Option<Gen> {
    let is_switch = |name: &str| {
        Gen::ALL
            .into_iter()
            .flat_map(Gen::flags)
            .any(|(n, switch)| switch && n == name)
    };
    let g = given
        .iter_mut()
        .find(|g| is_switch(&g.name) && Gen::from_name(&g.value).is_some())?;
    let generator = Gen::from_name(&g.value);
    g.value = "true".into();
    generator
}

/// One line for a clap error, naming the argument.
fn from_clap(e: &clap::Error) -> UsageError {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.as_str(),
        _ => "",
    };
    let arg = context(ContextKind::InvalidArg);
    // clap names an option with its placeholder: `--width <width>`.
    let flag = arg.split(' ').next().unwrap_or(arg);
    UsageError(match e.kind() {
        ErrorKind::UnknownArgument if arg.starts_with("--") => {
            format!("{flag}: unknown flag (see dungeon --help)")
        }
        ErrorKind::UnknownArgument => {
            format!("{flag}: unknown flag (flags start with --; see dungeon --help)")
        }
        ErrorKind::InvalidValue if context(ContextKind::InvalidValue).is_empty() => {
            format!("{flag}: missing value")
        }
        ErrorKind::TooManyValues => format!(
            "{flag}: takes no value, got {:?}",
            context(ContextKind::InvalidValue)
        ),
        _ => {
            let text = e.to_string();
            let line = text.lines().next().unwrap_or_default();
            line.strip_prefix("error: ").unwrap_or(line).to_owned()
        }
    })
}

/// Checks every flag in command-line order, then builds the config: preset
/// first, then the generator flags in table order.
fn build(generator: Gen, given: &[Given]) -> Result<Command, UsageError> {
    let mut seed = (0, false);
    let mut level = 1;
    let mut preset = None;
    let mut format = None;
    let mut out = None;
    let mut scale = None;
    let mut count = 1;
    let mut typed = Vec::new();
    let own: Vec<&str> = generator.flags().into_iter().map(|f| f.0).collect();
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
                out = Some(match g.value.to_str() {
                    Some("") => return Err(g.err("expected a file name, or - for standard output")),
                    Some("-") => Dest::Stdout,
                    _ => Dest::File(PathBuf::from(&g.value)),
                });
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
        if let Ok(text) = g.text() {
            typed.push((g.name.clone(), text.to_owned()));
        }
    }

    // One dungeon prints as ASCII, several as JSON lines, unless asked.
    let format = format.unwrap_or(if count > 1 {
        Format::Json
    } else {
        Format::Ascii
    });
    if format == Format::Png && out.is_none() {
        return Err(UsageError(
            "--format png: needs --out FILE (or --out - for standard output)".into(),
        ));
    }
    if format == Format::Png && count > 1 {
        return Err(UsageError(format!(
            "--count: --format png draws one dungeon, got --count {count}"
        )));
    }
    if scale.is_some() && format != Format::Png {
        return Err(UsageError("--scale: only applies to --format png".into()));
    }

    let job = match generator {
        Gen::Isaac => Job::Isaac(config(
            &flags::ISAAC_PRESETS,
            &flags::isaac(),
            preset,
            given,
        )?),
        Gen::Drunkard => Job::Drunkard(config(
            &flags::DRUNKARD_PRESETS,
            &flags::drunkard(),
            preset,
            given,
        )?),
        Gen::Bsp => Job::Bsp(config(&flags::BSP_PRESETS, &flags::bsp(), preset, given)?),
    };
    Ok(Command::Run(Box::new(Request {
        job,
        seed: seed.0,
        seed_as_int: seed.1,
        level,
        format,
        out: out.unwrap_or(Dest::Stdout),
        scale,
        count,
        typed,
    })))
}

/// Whether `v` is a valid value for flag `g` (on a scratch config).
fn check_value<C: Clone>(
    table: &[Flag<C>],
    mut scratch: C,
    g: &Given,
    v: &str,
) -> Result<(), UsageError> {
    match table.iter().find(|f| f.name == g.name) {
        Some(f) => f.set(&mut scratch, v).map_err(|e| g.err(e)),
        None => Err(g.err("not a flag for this generator")),
    }
}

/// The preset (the first one by default), then the given generator flags
/// in table order.
fn config<C: Clone>(
    presets: &Presets<C>,
    table: &[Flag<C>],
    preset: Option<&str>,
    given: &[Given],
) -> Result<C, UsageError> {
    let start = presets
        .iter()
        .find(|p| Some(p.0) == preset)
        .unwrap_or(&presets[0]);
    let mut config = (start.1)();
    for f in table {
        if let Some(g) = given.iter().find(|g| g.name == f.name) {
            f.set(&mut config, g.text()?).map_err(|e| g.err(e))?;
        }
    }
    Ok(config)
}

/// A run seed: `0..=u64::MAX`, or a negative Godot `int` seed, which means
/// the same 64 bits (`-1` = `18446744073709551615`). The flag says which.
fn parse_seed(v: &str) -> Result<(u64, bool), String> {
    let t = v.trim();
    if let Ok(s) = t.parse::<u64>() {
        return Ok((s, false));
    }
    if let Ok(s) = t.parse::<i64>() {
        return Ok((s as u64, true));
    }
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        Err(format!(
            "expected an integer in {}..={}, got {v:?}",
            i64::MIN,
            u64::MAX
        ))
    } else {
        Err(format!("expected an integer, got {v:?}"))
    }
}

/// The text `--help` prints. Defaults come from the configs themselves.
#[must_use]
pub fn usage() -> String {
    let presets = |g: Gen| g.presets().join(", ");
    let defaults = |g: Gen| g.presets()[0];
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
Values: --flag VALUE or --flag=VALUE; a value may start with - (--out -h is a file
named -h). [true|false] flags alone mean true. -- ends the options.
ASCII: . empty  # room  S start  E end  = corridor  + door
Exit status: 0 done, 1 the generator rejected the settings or gave up,
2 bad arguments. Generator errors name config fields: max_fill is --max-fill.

Examples:
  dungeon isaac --level 3 --seed 7
  dungeon isaac --preset branching --level 5 --format png --out floor.png
  dungeon drunkard --diagonal --count 1000 --format json > floors.jsonl
  dungeon bsp --preset large --seed 1 --format png --out - > map.png
",
        pi = presets(Gen::Isaac),
        pd = presets(Gen::Drunkard),
        pb = presets(Gen::Bsp),
        di = defaults(Gen::Isaac),
        dd = defaults(Gen::Drunkard),
        db = defaults(Gen::Bsp),
        max_scale = render::MAX_SCALE,
        max_px = render::MAX_SIDE_PX,
        def_scale = render::DEFAULT_SCALE,
        auto_w = render::AUTO_SIDE_PX / render::DEFAULT_SCALE,
        max_count = MAX_COUNT,
        isaac = flags::usage_lines(&flags::isaac(), &(flags::ISAAC_PRESETS[0].1)()),
        drunkard = flags::usage_lines(&flags::drunkard(), &(flags::DRUNKARD_PRESETS[0].1)()),
        bsp = flags::usage_lines(&flags::bsp(), &(flags::BSP_PRESETS[0].1)()),
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
            Ok(Command::Run(r)) => *r,
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
        assert_eq!((r.seed, r.seed_as_int, r.level, r.count), (0, false, 1, 1));
        assert_eq!(
            (r.format, r.out, r.scale),
            (Format::Ascii, Dest::Stdout, None)
        );
    }

    #[test]
    fn preset_then_flags_in_any_order() {
        let r = request("--width 12 isaac --preset branching --rule=crowding");
        let mut want = IsaacConfig::classic();
        want.width = 12;
        want.rule = isaac::GrowthRule::Crowding;
        assert_eq!(r.job, Job::Isaac(want));
        let r = request("bsp --preset large --border 2");
        let mut want = BspConfig::large();
        want.border = 2;
        assert_eq!(r.job, Job::Bsp(want));
        let r = request("drunkard --preset wide");
        assert_eq!(r.job, Job::Drunkard(DrunkardConfig::eight_way()));
        for (line, want) in [
            (
                "isaac --preset compact",
                Job::Isaac(IsaacConfig::seed_002()),
            ),
            (
                "drunkard --preset winding",
                Job::Drunkard(DrunkardConfig::seed_002()),
            ),
            ("bsp --preset small", Job::Bsp(BspConfig::seed_001())),
        ] {
            assert_eq!(request(line).job, want, "{line}");
        }
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
        let r = request("--grow-grid=false drunkard --diagonal=true");
        let Job::Drunkard(c) = r.job else { panic!() };
        assert!(c.diagonal && !c.grow_grid);
        assert_eq!(
            error("drunkard --diagonal maybe"),
            r#"--diagonal: expected true or false, got "maybe""#
        );
    }

    #[test]
    fn seeds_and_counts() {
        assert_eq!(request("bsp --seed -1").seed, u64::MAX);
        assert!(request("bsp --seed -1").seed_as_int);
        assert_eq!(request("bsp --seed 18446744073709551615").seed, u64::MAX);
        assert!(!request("bsp --seed 18446744073709551615").seed_as_int);
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
    fn seeds_wrap_and_print_as_typed() {
        let r = request("bsp --seed -1 --count 3");
        let seeds: Vec<u64> = (0..3).map(|k| r.seed_at(k)).collect();
        assert_eq!(seeds, [u64::MAX, 0, 1]);
        let shown: Vec<String> = seeds.iter().map(|&s| r.show_seed(s)).collect();
        assert_eq!(shown, ["-1", "0", "1"]);
        let r = request("bsp --seed 18446744073709551615 --count 2");
        assert_eq!(r.seed_at(1), 0);
        assert_eq!(r.show_seed(r.seed), "18446744073709551615");
        assert_eq!(request("bsp --seed -9223372036854775808").seed, 1 << 63);
        assert_eq!(
            error("bsp --seed -9223372036854775809"),
            "--seed: expected an integer in -9223372036854775808..=18446744073709551615, \
             got \"-9223372036854775809\""
        );
        assert_eq!(
            error("bsp --seed 1e3"),
            r#"--seed: expected an integer, got "1e3""#
        );
    }

    #[test]
    fn config_errors_get_the_value_as_typed() {
        let r = request("isaac --min-end-distance -9223372036854775808 --origin-x 09");
        let e = ConfigError::new("min_end_distance", -9.223_372_036_854_776e18, "0..=512");
        assert_eq!(
            r.as_typed(e).to_string(),
            "invalid min_end_distance = -9223372036854775808: allowed 0..=512"
        );
        let e = ConfigError::new("origin.x", 9, "0..=7");
        assert_eq!(r.as_typed(e).value, "09");
        // A field no flag set keeps the core's text.
        let e = ConfigError::new("origin.y", 3, "0..=2");
        assert_eq!(r.as_typed(e).value, "3");
    }

    #[test]
    fn out_dash_is_stdout_and_values_may_start_with_a_dash() {
        assert_eq!(request("isaac --out -").out, Dest::Stdout);
        assert_eq!(request("isaac --out -h").out, Dest::File("-h".into()));
        assert_eq!(
            request("isaac --out=--help").out,
            Dest::File("--help".into())
        );
        assert_eq!(request("isaac --format png --out -").format, Format::Png);
        assert_eq!(
            error("isaac --out="),
            "--out: expected a file name, or - for standard output"
        );
        assert_eq!(
            error("isaac --preset -h"),
            r#"--preset: unknown preset "-h" for isaac (expected compact or branching)"#
        );
        assert_eq!(request("isaac --level -1").level, -1);
    }

    #[test]
    fn double_dash_ends_the_options() {
        assert_eq!(request("-- isaac").job, Job::Isaac(IsaacConfig::default()));
        assert_eq!(request("--seed 4 -- drunkard").seed, 4);
        assert_eq!(error("isaac -- --help"), r#"unexpected argument "--help""#);
        assert_eq!(error("isaac -- -h"), r#"unexpected argument "-h""#);
        assert_eq!(
            error("-- --level 2 isaac"),
            r#"unknown generator "--level" (expected isaac, drunkard or bsp)"#
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
                "isaac --bogus=1",
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
            // A flag that takes a value takes the next argument, whatever it is.
            (
                "isaac --seed --level 2",
                r#"--seed: expected an integer, got "--level""#,
            ),
            ("isaac --seed 1 --seed 2", "--seed: given more than once"),
            (
                "isaac --format gif",
                r#"--format: expected ascii or emoji or json or png, got "gif""#,
            ),
            (
                "isaac --format png",
                "--format png: needs --out FILE (or --out - for standard output)",
            ),
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
                r#"--preset: unknown preset "large" for isaac (expected compact or branching)"#,
            ),
            (
                "isaac --preset classic",
                r#"--preset: unknown preset "classic" for isaac (expected compact or branching)"#,
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
            ("isaac --help=x", r#"--help: takes no value, got "x""#),
        ] {
            assert_eq!(error(line), want, "{line}");
        }
    }

    #[test]
    fn help_wherever_a_flag_may_stand() {
        assert_eq!(parse_str("isaac --width x --help"), Ok(Command::Help));
        assert_eq!(parse_str("isaac --help --bogus"), Ok(Command::Help));
        assert_eq!(parse_str("-h"), Ok(Command::Help));
        // Not where a value or a word stands.
        assert!(parse_str("isaac --bogus --help").is_err());
        let u = usage();
        for name in GLOBAL
            .iter()
            .chain(&Gen::Bsp.flags().iter().map(|f| f.0).collect::<Vec<_>>())
        {
            assert!(u.contains(&format!("--{name} ")), "{name}");
        }
        assert!(u.contains("--rule classic|crowding") && u.contains("--off-grid"));
        assert!(u.contains("(defaults: compact)") && u.contains("(defaults: small)"));
    }

    #[test]
    fn the_clap_command_is_well_formed() {
        command().debug_assert();
    }
}
