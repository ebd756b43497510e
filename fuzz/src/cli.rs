//! Fuzz bytes to `dungeon` command lines, and what any run must do with
//! them. Used by `fuzz_targets/cli_args.rs` (feature `cli`), which calls the
//! CLI in-process through `dungeon_cli::run(args, stdout, stderr)`.
//!
//! Each argument is a known token (a generator, a flag, a preset, a value at
//! a limit) or raw bytes, so the fuzzer reaches flag parsing, validation and
//! generation. `--out` values are replaced by `-` so a run never writes a
//! file; `--count` is kept small so one run stays within the time limit.

use dungeon_core::DungeonGrid;

use crate::knobs::Knobs;

/// Tokens an argument can be: subcommands, every flag of every generator,
/// values the parsers special-case, and numbers at and past the limits.
pub const TOKENS: &[&str] = &[
    "isaac",
    "drunkard",
    "bsp",
    "show",
    "--end",
    "farthest_dead_end",
    "farthest_apart",
    "--seed",
    "--level",
    "--preset",
    "--format",
    "--out",
    "--scale",
    "--count",
    "--help",
    "-h",
    "--",
    "-",
    "--width",
    "--height",
    "--origin-x",
    "--origin-y",
    "--rule",
    "--base-rooms",
    "--rooms-per-level",
    "--room-variance",
    "--give-up-chance",
    "--start",
    "--min-dead-ends",
    "--min-end-distance",
    "--end-off-axis",
    "--max-fill",
    "--grow-grid",
    "--max-attempts",
    "--diagonal",
    "--off-grid",
    "--max-steps",
    "--iterations",
    "--partition-range",
    "--min-partition-size",
    "--room-size-min",
    "--room-size-max",
    "--min-room-size",
    "--border",
    "--locks",
    "--lock-guard",
    "any",
    "branches_only",
    "--max-doors-per-key",
    "--one-way",
    "--secret-rooms",
    "optional",
    "open",
    "--flat-keys",
    "cave",
    "32",
    "33",
    "16",
    "17",
    "ascii",
    "emoji",
    "json",
    "png",
    "compact",
    "branching",
    "winding",
    "wide",
    "small",
    "large",
    "classic",
    "crowding",
    "origin",
    "random",
    "stay",
    "return-to-start",
    "true",
    "false",
    "0",
    "1",
    "-1",
    "2",
    "3",
    "8",
    "256",
    "257",
    "1000",
    "1001",
    "4096",
    "4097",
    "0.5",
    "0.99",
    "0.7",
    "1e308",
    "NaN",
    "inf",
    "-0",
    "2147483647",
    "2147483648",
    "-2147483648",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "hash",
];

/// The largest `--count` kept (a bigger one becomes this).
pub const MAX_COUNT: u32 = 4;

/// A command line from fuzz bytes: up to 12 arguments.
#[must_use]
pub fn args(data: &[u8]) -> Vec<String> {
    let mut k = Knobs::new(data);
    let n = k.index(13);
    let mut out: Vec<String> = Vec::with_capacity(n);
    for _ in 0..n {
        let arg = match k.byte() % 8 {
            0..=5 => k.pick(TOKENS).to_owned(),
            6 => format!(
                "--{}={}",
                k.pick(TOKENS).trim_start_matches('-'),
                k.pick(TOKENS)
            ),
            _ => {
                let len = k.index(16);
                let bytes: Vec<u8> = (0..len).map(|_| k.byte()).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
        };
        out.push(arg);
    }
    sanitise(&mut out);
    out
}

/// Keeps a fuzzed command line harmless: output only to stdout, few grids,
/// and `show` reads no path outside the working folder (a `/` path such as
/// `/dev/stdin` or `/dev/zero` becomes `-`, the empty standard input `run`
/// gives it).
pub fn sanitise(args: &mut [String]) {
    if args.iter().any(|a| a == "show") {
        for a in args.iter_mut() {
            if a.contains('/') && !a.starts_with("--") {
                *a = "-".to_owned();
            }
        }
    }
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--" {
            break;
        }
        if args[i].starts_with("--out=") {
            args[i] = "--out=-".to_owned();
        } else if args[i] == "--out" && i + 1 < args.len() {
            args[i + 1] = "-".to_owned();
        } else if let Some(v) = args[i].strip_prefix("--count=") {
            if v.parse::<u32>().is_ok_and(|c| c > MAX_COUNT) {
                args[i] = format!("--count={MAX_COUNT}");
            }
        } else if args[i] == "--count"
            && i + 1 < args.len()
            && args[i + 1].parse::<u32>().is_ok_and(|c| c > MAX_COUNT)
        {
            args[i + 1] = MAX_COUNT.to_string();
        }
        i += 1;
    }
}

/// What every run must do: exit 0, 1 (generator refused or gave up) or 2
/// (bad argument); on failure one `dungeon: ...` line on stderr; with
/// `--format json` and success, every stdout line is a grid `from_json`
/// accepts.
///
/// # Panics
/// On the first broken rule.
pub fn check_outcome(args: &[String], code: i32, stdout: &[u8], stderr: &[u8]) {
    assert!(matches!(code, 0..=2), "exit status {code} for {args:?}");
    let err = String::from_utf8_lossy(stderr);
    if code != 0 {
        assert!(
            err.starts_with("dungeon: ") && err.trim_end().lines().count() == 1,
            "status {code} with stderr {err:?} for {args:?}"
        );
    }
    let json = args
        .windows(2)
        .any(|w| w[0] == "--format" && w[1] == "json")
        || args.iter().any(|a| a == "--format=json");
    if code == 0
        && json
        && !args
            .iter()
            .any(|a| a == "--" || a.starts_with("-h") || a == "--help")
    {
        for line in String::from_utf8_lossy(stdout).lines() {
            if let Err(e) = DungeonGrid::from_json(line) {
                panic!("the CLI printed JSON from_json refuses ({e}) for {args:?}: {line}");
            }
        }
    }
}
