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
//! - `--preset NAME` loads a preset first (`isaac`: `seed_002`, `classic`;
//!   `drunkard`: `seed_002`, `eight_way`; `bsp`: `seed_001`, `large`), then
//!   every other flag overrides one field. Each config field has a flag
//!   (`--width`, `--rule`, `--diagonal`, `--min-partition-size`, ...); a flag
//!   of another generator is an error.
//! - `--format ascii` (default) prints `to_ascii()`, `emoji` `to_emoji()`,
//!   `json` one `to_json()` line; `png` draws the grid into `--out FILE`
//!   (required) at `--scale` pixels per cell (24 by default, less for big
//!   maps; pictures are at most 8192 px a side).
//! - `--count K` generates K dungeons from seeds N, N+1, ...: one JSON
//!   object per line, or with `--format ascii`/`emoji` pictures separated by
//!   a blank line.
//!
//! Exit status: 0 done; 1 the generator rejected the settings or gave up
//! (`dungeon: invalid level = 0: allowed 1..=1000`); 2 a bad argument, with
//! a one-line message naming it (`dungeon: --diagonal: not a flag for isaac`).
//!
//! ```text
//! $ dungeon isaac --level 3 --seed 7
//! $ dungeon bsp --preset large --format png --out map.png
//! $ dungeon drunkard --count 1000 --format json > floors.jsonl
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod cli;
mod flags;
mod render;
mod run;

use std::io::Write;
use std::process::ExitCode;

use cli::Command;
use run::Failure;

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    match cli::parse(&args) {
        Ok(Command::Help) => {
            // A closed stdout is not worth a message.
            let _ = std::io::stdout().write_all(cli::usage().as_bytes());
            ExitCode::SUCCESS
        }
        Ok(Command::Run(req)) => match run::run(&req) {
            Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
            Err(Failure::Failed(msg)) => fail(1, &msg),
            Err(Failure::Usage(msg)) => fail(2, &msg),
        },
        Err(cli::UsageError(msg)) => fail(2, &msg),
    }
}

/// Prints `dungeon: <msg>` as one line on stderr and returns `code`.
fn fail(code: u8, msg: &str) -> ExitCode {
    let one_line = msg.replace(['\n', '\r'], " ");
    let _ = writeln!(std::io::stderr(), "dungeon: {one_line}");
    ExitCode::from(code)
}
