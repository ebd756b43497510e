//! `dungeon`: print or draw the dungeon generators' output, or a saved grid.
//!
//! ```text
//! dungeon <generator> [--seed N] [--level L] [--preset NAME]
//!         [generator flags] [--format ascii|emoji|json|png|hash] [--out FILE]
//!         [--scale PX] [--count K]
//! dungeon show FILE [--format ascii|emoji|json|png|hash] [--out FILE] [--scale PX]
//! ```
//!
//! The generators, their presets and their settings come from the core's
//! registry (`dungeon_core::registry::GENERATORS`): each setting is a flag
//! (`room_attempts` is `--room-attempts`), and a new generator in the
//! registry is a new command here with no change to this crate. The CLI
//! makes exactly the call the Godot classes make (the generator's
//! `generate_watched`), so the same generator, settings, seed and level
//! give the same grid in both. `dungeon --help` lists every flag with its
//! range and default.
//!
//! - Every generator with rooms also takes the progression planner's
//!   settings (`registry::progression_info`: `--locks N`, `--lock-guard`,
//!   `--max-doors-per-key`, `--one-way`, `--secret-rooms`, `--flat-keys`);
//!   on a generator without rooms they are usage errors
//!   (`--locks: the cave generator makes no rooms`).
//! - `--seed N` (default 0) is the run seed; a negative number is read as a
//!   Godot `int` seed, i.e. the same 64 bits. `--level L` defaults to 1.
//! - `--preset NAME` loads one of the generator's presets first (the
//!   first is the default; `--help` lists them), then every other flag
//!   overrides one field. Each config field has a flag
//!   (`--width`, `--rule`, `--diagonal`, `--min-partition-size`, ...); a flag
//!   of another generator is an error.
//! - `--format ascii` (default) prints `to_ascii()`, `emoji` `to_emoji()`
//!   (a grid with locks gets its keys, locked and one-way doors drawn over
//!   it and a legend after it, see `locks.rs`; the PNG draws them too),
//!   `json` one `to_json()` line; `png` draws the grid at `--scale` pixels
//!   per cell (24 by default, less for big maps; pictures are at most
//!   8192 px a side) and needs `--out`. `hash` prints one line per
//!   dungeon, `GEN PRESET SEED LEVEL HASH`, the hash being
//!   `layout_hash()` as 16 hex digits (`show`: preset `-`).
//! - `--out FILE` writes to a file instead of standard output; `--out -` is
//!   standard output (PNG bytes too). The file is written whole or not at
//!   all: the output is held in memory (past 32 MiB, in a temporary file
//!   beside FILE) and, once every grid is made, written to a temporary file
//!   renamed over FILE. So a run that fails (a later `--count` seed gives
//!   up) or is killed leaves an existing FILE as it was and no partial
//!   file. A directory, a missing directory or one not writable is an
//!   error before anything is generated.
//! - `--count K` generates K dungeons from seeds N, N+1, ... (modulo 2^64,
//!   as a Godot `int` counts: `--seed -1 --count 3` is -1, 0, 1): one JSON
//!   object per line, or with `--format ascii`/`emoji` pictures separated
//!   by a blank line.
//! - `show FILE` reads saved grids back (`-` is standard input): one grid
//!   as JSON (version 2 or 1, on one line or many), or JSON lines as
//!   `--count` writes them (every non-empty line one grid). Each goes
//!   through `DungeonGrid::from_json`, which refuses a grid that breaks an
//!   invariant a generator keeps, then out with `--format` (ASCII by
//!   default), `--out` and `--scale` as above: `dungeon isaac --format json
//!   | dungeon show - --format json` prints the same bytes. It reads at most
//!   512 MiB and writes nothing unless every grid loads; the generator
//!   flags, `--seed`, `--level`, `--preset` and `--count` are usage errors.
//! - `--flag VALUE` or `--flag=VALUE`; a value may start with `-`
//!   (`--out -h` is a file named `-h`); switches alone mean `true`; `--`
//!   ends the options.
//!
//! Exit status: 0 done; 1 the generator rejected the settings or gave up
//! (`dungeon: invalid level = 0: allowed 1..=1000`, the value as typed), or
//! `show`'s input did not load (`dungeon: FILE: <the core's message>`,
//! `dungeon: FILE line 3: ...` in JSON lines, or the OS error); 2 a bad
//! argument, with a one-line message naming it
//! (`dungeon: --diagonal: not a flag for isaac`).
//!
//! ```text
//! $ dungeon isaac --level 3 --seed 7
//! $ dungeon bsp --preset large --format png --out map.png
//! $ dungeon drunkard --count 1000 --format json > floors.jsonl
//! $ dungeon show floors.jsonl --format emoji
//! ```
//!
//! The binary is a few lines around [`run_with_stdin()`], which a test can
//! call in-process; [`run()`] is the same with an empty standard input, so
//! a fuzz target calling it never reads the process's standard input.
//! [`check_args`] parses without generating or reading.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod args;

mod load;
mod locks;
mod outfile;
mod render;
mod run;

use std::ffi::OsString;
use std::io::{self, ErrorKind, Read, Write};

use args::Command;
use run::Failure;

/// Runs the command line `args` (without the program name), writing the
/// output to `stdout` (or the `--out` file) and a one-line message to
/// `stderr` on failure. Returns the exit status: 0 done, 1 the generator
/// failed, a saved grid did not load or output failed, 2 a bad argument.
///
/// Standard input is empty here: `show -` reads nothing and fails with
/// status 1 (`dungeon: stdin: no grid ...`). [`run_with_stdin()`] takes a
/// reader for it. (`show FILE` opens the path it is given, so a path such
/// as `/dev/stdin` is read like any file.) It never panics, whatever the
/// arguments, and creates a file only when `--out FILE` names one (and
/// only when the run succeeds).
pub fn run(args: &[OsString], stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    run_with_stdin(args, &mut io::empty(), stdout, stderr)
}

/// [`run()`], with `stdin` as the standard input that `show -` reads (at
/// most 512 MiB of it). Nothing else reads it.
pub fn run_with_stdin(
    args: &[OsString],
    stdin: &mut dyn Read,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> u8 {
    let result = match args::parse(args) {
        Ok(Command::Help) => stdout
            .write_all(args::usage().as_bytes())
            .map_err(|e| stdout_failure(&e)),
        Ok(Command::Run(req)) => run::run(&req, stdout),
        Ok(Command::Show(req)) => run::show(&req, stdin, stdout),
        Err(args::UsageError(msg)) => Err(Failure::Usage(msg)),
    };
    let result = result.and_then(|()| stdout.flush().map_err(|e| stdout_failure(&e)));
    match result {
        Ok(()) | Err(Failure::Closed) => 0,
        Err(Failure::Failed(msg)) => fail(stderr, 1, &msg),
        Err(Failure::Usage(msg)) => fail(stderr, 2, &msg),
    }
}

/// Parses `args` as [`run()`] does, without generating, reading or writing
/// anything:
/// the message [`run()`] would print after `dungeon: ` with exit status 2,
/// if any. A cheap target for fuzzing the argument parser alone.
///
/// # Errors
/// The usage error, naming the argument.
pub fn check_args(args: &[OsString]) -> Result<(), String> {
    args::parse(args).map(|_| ()).map_err(|e| e.0)
}

fn stdout_failure(e: &std::io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        Failure::Closed
    } else {
        Failure::Failed(format!("stdout: {e}"))
    }
}

/// Prints `dungeon: <msg>` as one line on `stderr` and returns `code`.
fn fail(stderr: &mut dyn Write, code: u8, msg: &str) -> u8 {
    let one_line = msg.replace(['\n', '\r'], " ");
    // Nowhere left to report a failing stderr.
    let _ = writeln!(stderr, "dungeon: {one_line}");
    code
}
