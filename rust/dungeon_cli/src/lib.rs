//! `dungeon`: print or draw the dungeon generators' output.
//!
//! ```text
//! dungeon <isaac|drunkard|bsp> [--seed N] [--level L] [--preset NAME]
//!         [generator flags] [--format ascii|emoji|json|png] [--out FILE]
//!         [--scale PX] [--count K]
//! ```
//!
//! The CLI makes exactly the call the Godot classes make,
//! `<generator>::generate(&config, seed, level)`, so the same generator,
//! settings, seed and level give the same grid in both. `dungeon --help`
//! lists every flag with its default.
//!
//! - `--seed N` (default 0) is the run seed; a negative number is read as a
//!   Godot `int` seed, i.e. the same 64 bits. `--level L` defaults to 1.
//! - `--preset NAME` loads a preset first (`isaac`: `compact`, `branching`;
//!   `drunkard`: `winding`, `wide`; `bsp`: `small`, `large`), then every
//!   other flag overrides one field. Each config field has a flag
//!   (`--width`, `--rule`, `--diagonal`, `--min-partition-size`, ...); a flag
//!   of another generator is an error.
//! - `--format ascii` (default) prints `to_ascii()`, `emoji` `to_emoji()`,
//!   `json` one `to_json()` line; `png` draws the grid at `--scale` pixels
//!   per cell (24 by default, less for big maps; pictures are at most
//!   8192 px a side) and needs `--out`.
//! - `--out FILE` writes to a file instead of standard output; `--out -` is
//!   standard output (PNG bytes too).
//! - `--count K` generates K dungeons from seeds N, N+1, ... (modulo 2^64,
//!   as a Godot `int` counts: `--seed -1 --count 3` is -1, 0, 1): one JSON
//!   object per line, or with `--format ascii`/`emoji` pictures separated
//!   by a blank line.
//! - `--flag VALUE` or `--flag=VALUE`; a value may start with `-`
//!   (`--out -h` is a file named `-h`); switches alone mean `true`; `--`
//!   ends the options.
//!
//! Exit status: 0 done; 1 the generator rejected the settings or gave up
//! (`dungeon: invalid level = 0: allowed 1..=1000`, the value as typed);
//! 2 a bad argument, with a one-line message naming it
//! (`dungeon: --diagonal: not a flag for isaac`).
//!
//! ```text
//! $ dungeon isaac --level 3 --seed 7
//! $ dungeon bsp --preset large --format png --out map.png
//! $ dungeon drunkard --count 1000 --format json > floors.jsonl
//! ```
//!
//! The binary is a few lines around [`run()`], which a test or a fuzz target
//! can call in-process; [`check_args`] parses without generating.

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod args;
mod flags;
mod render;
mod run;

use std::ffi::OsString;
use std::io::{ErrorKind, Write};

use args::Command;
use run::Failure;

/// Runs the command line `args` (without the program name), writing the
/// output to `stdout` (or the `--out` file) and a one-line message to
/// `stderr` on failure. Returns the exit status: 0 done, 1 the generator
/// failed or output failed, 2 a bad argument.
///
/// It never panics, whatever the arguments, and creates a file only when
/// `--out FILE` names one.
pub fn run(args: &[OsString], stdout: &mut dyn Write, stderr: &mut dyn Write) -> u8 {
    let result = match args::parse(args) {
        Ok(Command::Help) => stdout
            .write_all(args::usage().as_bytes())
            .map_err(|e| stdout_failure(&e)),
        Ok(Command::Run(req)) => run::run(&req, stdout),
        Err(args::UsageError(msg)) => Err(Failure::Usage(msg)),
    };
    let result = result.and_then(|()| stdout.flush().map_err(|e| stdout_failure(&e)));
    match result {
        Ok(()) | Err(Failure::Closed) => 0,
        Err(Failure::Failed(msg)) => fail(stderr, 1, &msg),
        Err(Failure::Usage(msg)) => fail(stderr, 2, &msg),
    }
}

/// Parses `args` as [`run()`] does, without generating or writing anything:
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
