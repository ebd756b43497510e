//! The command line. `clap` splits it into flags and values (`--flag VALUE`,
//! `--flag=VALUE`, `--` ending the options, `-h`/`--help`); the generator
//! tables in [`crate::flags`] then check each value and fill the config.
//!
//! clap knows every flag of every generator, so flags may come before the
//! generator's name; a flag of another generator is refused here, naming
//! it. A flag that takes a value takes the next argument whatever it is
//! (`--out -h` writes a file named `-h`); a switch (`--diagonal`) takes the
//! next argument only if it does not start with `-` and is not a
//! command's name, so `--diagonal drunkard` means `drunkard --diagonal`.
//!
//! The first word is the command: a generator's name, or `show` (then the
//! next word is the file, and only the output flags apply: `show.rs`).
//!
//! Parsing never generates or reads anything: it gives a [`Request`], a
//! [`Show`] or a [`UsageError`], which [`crate::run()`] prints as
//! `dungeon: <message>` with exit status 2.

mod output;
mod request;
mod show;
mod usage;

use std::ffi::{OsStr, OsString};

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, value_parser};
use dungeon_core::bsp::BspConfig;
use dungeon_core::cave::CaveConfig;
use dungeon_core::drunkard::DrunkardConfig;
use dungeon_core::hilbert::HilbertConfig;
use dungeon_core::isaac::IsaacConfig;
use dungeon_core::maze::MazeConfig;
use dungeon_core::template::TemplateConfig;
use dungeon_core::tinykeep::TinyKeepConfig;
use dungeon_core::tunneler::TunnelerConfig;
use dungeon_core::walker::WalkerConfig;

pub use request::{Dest, Format, Input, Job, Request, Show};
pub use usage::usage;

use crate::flags::{self, Flag, PresetList};
use output::OutputFlags;

/// Most dungeons one call may print.
pub const MAX_COUNT: u32 = 100_000;

/// A bad command line: the message names the argument. Exit status 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsageError(pub String);

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Print the usage text.
    Help,
    /// Generate.
    Run(Box<Request>),
    /// Read saved grids back and write them (`dungeon show FILE`).
    Show(Show),
}

/// The command `show`, next to the generators' names.
const SHOW: &str = "show";

/// What the first word asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmd {
    Gen(Gen),
    Show,
}

impl Cmd {
    fn from_name(name: &OsStr) -> Option<Cmd> {
        if name == SHOW {
            Some(Cmd::Show)
        } else {
            Gen::from_name(name).map(Cmd::Gen)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gen {
    Isaac,
    Drunkard,
    Bsp,
    Hilbert,
    Tunneler,
    Walker,
    TinyKeep,
    Maze,
    Cave,
    Template,
}

impl Gen {
    const ALL: [Gen; 10] = [
        Gen::Isaac,
        Gen::Drunkard,
        Gen::Bsp,
        Gen::Hilbert,
        Gen::Tunneler,
        Gen::Walker,
        Gen::TinyKeep,
        Gen::Maze,
        Gen::Cave,
        Gen::Template,
    ];

    fn name(self) -> &'static str {
        match self {
            Gen::Isaac => "isaac",
            Gen::Drunkard => "drunkard",
            Gen::Bsp => "bsp",
            Gen::Hilbert => "hilbert",
            Gen::Tunneler => "tunneler",
            Gen::Walker => "walker",
            Gen::TinyKeep => "tinykeep",
            Gen::Maze => "maze",
            Gen::Cave => "cave",
            Gen::Template => "template",
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
            Gen::Hilbert => list(&flags::hilbert()),
            Gen::Tunneler => list(&flags::tunneler()),
            Gen::Walker => list(&flags::walker()),
            Gen::TinyKeep => list(&flags::tinykeep()),
            Gen::Maze => list(&flags::maze()),
            Gen::Cave => list(&flags::cave()),
            Gen::Template => list(&flags::template()),
        }
    }

    /// The Godot class that makes the same grids.
    fn class(self) -> &'static str {
        match self {
            Gen::Isaac => "IsaacGenerator",
            Gen::Drunkard => "DrunkardGenerator",
            Gen::Bsp => "BspGenerator",
            Gen::Hilbert => "HilbertGenerator",
            Gen::Tunneler => "TunnelerGenerator",
            Gen::Walker => "WalkerGenerator",
            Gen::TinyKeep => "TinyKeepGenerator",
            Gen::Maze => "MazeGenerator",
            Gen::Cave => "CaveGenerator",
            Gen::Template => "TemplateGenerator",
        }
    }

    /// What it makes, for `--help`.
    fn blurb(self) -> &'static str {
        match self {
            Gen::Isaac => "rooms grow from a start room on a small grid",
            Gen::Drunkard => "a random walk on a small grid",
            Gen::Bsp => "rooms and corridors on a tile map",
            Gen::Hilbert => "a main path of rooms along a Hilbert curve, side rooms and loops",
            Gen::Tunneler => "straight tunnels dug through rock by a random walk",
            Gen::Walker => "a cave dug by random walkers",
            Gen::TinyKeep => {
                "scattered cells, the big ones become rooms, joined along a Delaunay graph's spanning tree"
            }
            Gen::Maze => "rooms at odd spots, a maze between them, doors, dead ends pruned",
            Gen::Cave => "a cellular-automaton cave on an open-floor tile map",
            Gen::Template => {
                "hand-made room templates grown door to door (the built-in demo set), after The Dungeoning"
            }
        }
    }

    /// `--help`'s example line for this generator.
    fn example(self) -> &'static str {
        match self {
            Gen::Isaac => "isaac --preset branching --level 5 --format png --out floor.png",
            Gen::Drunkard => "drunkard --diagonal --count 1000 --format json > floors.jsonl",
            Gen::Bsp => "bsp --preset large --seed 1 --format png --out - > map.png",
            Gen::Hilbert => "hilbert --preset sprawling --level 4 --side-room-chance 0.5",
            Gen::Tunneler => "tunneler --preset long_halls --seed 3",
            Gen::Walker => "walker --directions 4 --floor-fraction 0.3 --format png --out cave.png",
            Gen::TinyKeep => "tinykeep --preset small --hallway-style astar --seed 3",
            Gen::Maze => "maze --windiness 0.8 --dead-end-removal 0.5 --format png --out maze.png",
            Gen::Cave => {
                "cave --phases 5:2:4,5:off:3 --regions keep_largest --format png --out cave.png"
            }
            Gen::Template => "template --preset corridors --level 3 --width 120 --height 120",
        }
    }

    /// The flag lines of `--help`, with the default preset's values.
    fn usage_lines(self) -> String {
        fn lines<C: Clone>(table: &[Flag<C>], presets: &PresetList<C>) -> String {
            presets
                .first()
                .map_or_else(String::new, |p| flags::usage_lines(table, &(p.1)()))
        }
        match self {
            Gen::Isaac => lines(&flags::isaac(), &flags::ISAAC_PRESETS),
            Gen::Drunkard => lines(&flags::drunkard(), &flags::DRUNKARD_PRESETS),
            Gen::Bsp => lines(&flags::bsp(), &flags::BSP_PRESETS),
            Gen::Hilbert => lines(&flags::hilbert(), &flags::HILBERT_PRESETS),
            Gen::Tunneler => lines(&flags::tunneler(), &flags::TUNNELER_PRESETS),
            Gen::Walker => lines(&flags::walker(), &flags::WALKER_PRESETS),
            Gen::TinyKeep => lines(&flags::tinykeep(), &flags::TINYKEEP_PRESETS),
            Gen::Maze => lines(&flags::maze(), &flags::MAZE_PRESETS),
            Gen::Cave => lines(&flags::cave(), &flags::CAVE_PRESETS),
            Gen::Template => lines(&flags::template(), &flags::TEMPLATE_PRESETS),
        }
    }

    fn presets(self) -> Vec<&'static str> {
        fn names<C>(presets: &PresetList<C>) -> Vec<&'static str> {
            presets.iter().map(|p| p.0).collect()
        }
        match self {
            Gen::Isaac => names(&flags::ISAAC_PRESETS),
            Gen::Drunkard => names(&flags::DRUNKARD_PRESETS),
            Gen::Bsp => names(&flags::BSP_PRESETS),
            Gen::Hilbert => names(&flags::HILBERT_PRESETS),
            Gen::Tunneler => names(&flags::TUNNELER_PRESETS),
            Gen::Walker => names(&flags::WALKER_PRESETS),
            Gen::TinyKeep => names(&flags::TINYKEEP_PRESETS),
            Gen::Maze => names(&flags::MAZE_PRESETS),
            Gen::Cave => names(&flags::CAVE_PRESETS),
            Gen::Template => names(&flags::TEMPLATE_PRESETS),
        }
    }
}

/// The commands, as error messages list them: "isaac, drunkard, … or show".
fn command_list() -> String {
    let names: Vec<&str> = Gen::ALL.iter().map(|g| g.name()).collect();
    format!("{} or show", names.join(", "))
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
    let (cmd, rest) = match words.split_first() {
        Some((word, rest)) if Cmd::from_name(word).is_some() => (Cmd::from_name(word), rest),
        _ => (command_after_switch(&mut given), &words[..]),
    };
    let Some(cmd) = cmd else {
        return Err(UsageError(match words.first() {
            Some(word) => format!(
                "unknown command {:?} (expected {})",
                word.to_string_lossy(),
                command_list()
            ),
            None => {
                format!(
                    "missing command (expected {}; see dungeon --help)",
                    command_list()
                )
            }
        }));
    };
    // Flags first: `--seed --level 2` is about `--seed`, not about the `2`.
    match cmd {
        Cmd::Gen(generator) => {
            let command = build(generator, &given)?;
            match rest.first() {
                Some(word) => Err(unexpected(word)),
                None => Ok(command),
            }
        }
        Cmd::Show => show::build(&given, rest).map(Command::Show),
    }
}

fn unexpected(word: &OsStr) -> UsageError {
    UsageError(format!("unexpected argument {:?}", word.to_string_lossy()))
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

/// `--diagonal drunkard`: a switch took the command's name as its value.
/// The name is the command then, and the switch is on.
fn command_after_switch(given: &mut [Given]) -> Option<Cmd> {
    let is_switch = |name: &str| {
        Gen::ALL
            .into_iter()
            .flat_map(Gen::flags)
            .any(|(n, switch)| switch && n == name)
    };
    let g = given
        .iter_mut()
        .find(|g| is_switch(&g.name) && Cmd::from_name(&g.value).is_some())?;
    let cmd = Cmd::from_name(&g.value);
    g.value = "true".into();
    cmd
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
    let mut output = OutputFlags::default();
    let mut count = 1;
    let mut typed = Vec::new();
    let own: Vec<&str> = generator.flags().into_iter().map(|f| f.0).collect();
    for g in given {
        match g.name.as_str() {
            _ if output.take(g)? => {}
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
                    Gen::Hilbert => {
                        check_value(&flags::hilbert(), HilbertConfig::default(), g, v)?;
                    }
                    Gen::Tunneler => {
                        check_value(&flags::tunneler(), TunnelerConfig::default(), g, v)?;
                    }
                    Gen::Walker => check_value(&flags::walker(), WalkerConfig::default(), g, v)?,
                    Gen::TinyKeep => {
                        check_value(&flags::tinykeep(), TinyKeepConfig::default(), g, v)?;
                    }
                    Gen::Maze => check_value(&flags::maze(), MazeConfig::default(), g, v)?,
                    Gen::Cave => check_value(&flags::cave(), CaveConfig::default(), g, v)?,
                    Gen::Template => {
                        check_value(&flags::template(), TemplateConfig::default(), g, v)?;
                    }
                }
            }
            _ => return Err(g.err(format!("not a flag for {}", generator.name()))),
        }
        if let Ok(text) = g.text() {
            typed.push((g.name.clone(), text.to_owned()));
        }
    }

    // One dungeon prints as ASCII, several as JSON lines, unless asked.
    let (format, out, scale) = output.finish(if count > 1 {
        Format::Json
    } else {
        Format::Ascii
    })?;
    if format == Format::Png && count > 1 {
        return Err(UsageError(format!(
            "--count: --format png draws one dungeon, got --count {count}"
        )));
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
        Gen::Hilbert => Job::Hilbert(config(
            &flags::HILBERT_PRESETS,
            &flags::hilbert(),
            preset,
            given,
        )?),
        Gen::Tunneler => Job::Tunneler(config(
            &flags::TUNNELER_PRESETS,
            &flags::tunneler(),
            preset,
            given,
        )?),
        Gen::Walker => Job::Walker(config(
            &flags::WALKER_PRESETS,
            &flags::walker(),
            preset,
            given,
        )?),
        Gen::TinyKeep => Job::TinyKeep(config(
            &flags::TINYKEEP_PRESETS,
            &flags::tinykeep(),
            preset,
            given,
        )?),
        Gen::Maze => Job::Maze(config(&flags::MAZE_PRESETS, &flags::maze(), preset, given)?),
        Gen::Cave => Job::Cave(config(&flags::CAVE_PRESETS, &flags::cave(), preset, given)?),
        Gen::Template => Job::Template(config(
            &flags::TEMPLATE_PRESETS,
            &flags::template(),
            preset,
            given,
        )?),
    };
    Ok(Command::Run(Box::new(Request {
        job,
        seed: seed.0,
        seed_as_int: seed.1,
        level,
        format,
        out,
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
    presets: &PresetList<C>,
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

#[cfg(test)]
mod tests;
