//! The command line. `clap` splits it into flags and values (`--flag VALUE`,
//! `--flag=VALUE`, `--` ending the options, `-h`/`--help`); each generator's
//! settings in `dungeon_core::registry` give its flags (`room_attempts` is
//! `--room-attempts`), check each value and fill the config.
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
//! A setting whose placeholder is [`FILE`] takes a path, kept as given:
//! the run reads the file and sets the setting to its text.
//!
//! Parsing never generates or reads anything: it gives a [`Request`], a
//! [`Show`] or a [`UsageError`], which [`crate::run()`] prints as
//! `dungeon: <message>` with exit status 2.

mod output;
mod request;
mod show;
mod usage;

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, value_parser};
use dungeon_core::registry::{self, Entry, Job, SettingInfo};

pub use request::{Dest, Format, Input, Request, Show};
pub use usage::usage;

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
#[derive(Clone, Copy)]
enum Cmd {
    Gen(&'static dyn Entry),
    Show,
}

impl Cmd {
    fn from_name(name: &OsStr) -> Option<Cmd> {
        if name == SHOW {
            Some(Cmd::Show)
        } else {
            let name = name.to_str()?;
            registry::find(name).map(Cmd::Gen)
        }
    }
}

/// A setting's flag name: `room_attempts` is `--room-attempts`.
fn flag_name(setting: &str) -> String {
    setting.replace('_', "-")
}

/// A generator's settings in the order they are applied: its own, then,
/// for a generator with rooms, the progression planner's
/// ([`registry::progression_info`]).
fn settings_of(g: &dyn Entry) -> Vec<SettingInfo> {
    let mut settings = g.settings();
    if g.has_rooms() {
        settings.extend(registry::progression_info());
    }
    settings
}

/// Settings as flags: (name, is a switch).
fn as_flags(settings: Vec<SettingInfo>) -> impl Iterator<Item = (String, bool)> {
    settings
        .into_iter()
        .map(|s| (flag_name(s.name), s.ty == registry::Type::Bool))
}

/// Every generator's flags, the progression settings' among them.
fn all_flags() -> impl Iterator<Item = (String, bool)> {
    let own = registry::GENERATORS
        .iter()
        .flat_map(|g| as_flags(g.settings()));
    own.chain(as_flags(registry::progression_info()))
}

/// Whether `flag` sets one of the progression planner's settings.
fn is_progression(flag: &str) -> bool {
    registry::progression_info()
        .iter()
        .any(|s| flag_name(s.name) == flag)
}

/// The commands, as error messages list them: "isaac, drunkard, … or show".
fn command_list() -> String {
    let names: Vec<&str> = registry::GENERATORS.iter().map(|g| g.name()).collect();
    format!("{} or show", names.join(", "))
}

/// The placeholder of a setting whose flag names a file: the command reads
/// the file and gives the setting its text (`graph --graph level.json`).
pub const FILE: &str = "FILE";

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
    let global = GLOBAL.iter().map(|&n| (n.to_owned(), false));
    let mut seen: Vec<String> = Vec::new();
    for (name, switch) in global.chain(all_flags()) {
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        let arg = Arg::new(name.clone())
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
    let is_switch = |name: &str| all_flags().any(|(n, switch)| switch && n == name);
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
/// first, then the generator flags in the order of its settings.
fn build(generator: &'static dyn Entry, given: &[Given]) -> Result<Command, UsageError> {
    let mut seed = (0, false);
    let mut level = 1;
    let mut preset = None;
    let mut output = OutputFlags::default();
    let mut count = 1;
    let mut typed = Vec::new();
    let settings = settings_of(generator);
    let own: Vec<String> = settings.iter().map(|s| flag_name(s.name)).collect();
    let files: Vec<String> = settings
        .iter()
        .filter(|s| s.placeholder == FILE)
        .map(|s| flag_name(s.name))
        .collect();
    for g in given {
        match g.name.as_str() {
            _ if output.take(g)? => {}
            "seed" => seed = parse_seed(g.text()?).map_err(|e| g.err(e))?,
            "level" => level = registry::int(g.text()?).map_err(|e| g.err(e))?,
            "preset" => {
                let name = g.text()?;
                let presets: Vec<&str> = generator.presets().iter().map(|p| p.name).collect();
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
                let k = registry::int(g.text()?).map_err(|e| g.err(e))?;
                count = u32::try_from(k)
                    .ok()
                    .filter(|k| (1..=MAX_COUNT).contains(k))
                    .ok_or_else(|| g.err(format!("expected 1..={MAX_COUNT}, got {k}")))?;
            }
            name if files.iter().any(|n| n == name) => {
                // A path: read (and checked) when the command runs.
            }
            name if own.iter().any(|n| n == name) => {
                // Values are checked here, in command-line order, on a
                // scratch job; they are applied below, in settings order.
                let mut scratch = new_job(generator, None)?;
                scratch
                    .set(&name.replace('-', "_"), g.text()?)
                    .map_err(|e| g.err(e))?;
            }
            name if is_progression(name) => {
                return Err(g.err(format!("the {} generator makes no rooms", generator.name())));
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

    // The preset (the first one by default), then the given generator flags
    // in settings order.
    let mut job = new_job(generator, preset)?;
    let preset = preset_name(generator, preset);
    let mut read = Vec::new();
    for s in &settings {
        let flag = flag_name(s.name);
        if let Some(g) = given.iter().find(|g| g.name == flag) {
            if s.placeholder == FILE {
                read.push((s.name, PathBuf::from(&g.value)));
            } else {
                job.set(s.name, g.text()?).map_err(|e| g.err(e))?;
            }
        }
    }
    Ok(Command::Run(Box::new(Request {
        job,
        preset,
        seed: seed.0,
        seed_as_int: seed.1,
        level,
        format,
        out,
        scale,
        count,
        typed,
        files: read,
    })))
}

/// The generator's job for `preset` (checked by the caller; `None`: the
/// default preset).
fn new_job(generator: &dyn Entry, preset: Option<&str>) -> Result<Box<dyn Job>, UsageError> {
    generator.job(preset).ok_or_else(|| {
        UsageError(format!(
            "{}: no preset {}",
            generator.name(),
            preset.unwrap_or("at all")
        ))
    })
}

/// The registry's name of `preset` (the first preset when `None`; `-` for
/// a generator without presets).
fn preset_name(generator: &dyn Entry, preset: Option<&str>) -> &'static str {
    let presets = generator.presets();
    presets
        .iter()
        .find(|p| preset.is_none_or(|name| p.name == name))
        .map_or("-", |p| p.name)
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
