//! Fuzz target `cli_args`: `dungeon` command lines run in-process.
//!
//! Built only with `--features cli` (tests/fuzz.sh adds it when
//! `rust/dungeon_cli` has a library target), because it needs the CLI as a
//! library: `dungeon_cli::run(args, stdout, stderr) -> exit status`.
//!
//! Argument decoding and the outcome rules live in `dungeon_fuzz::cli`.
//! `dungeon_cli::run` never reads standard input (`show -` sees an empty
//! one) and writes a file only for `--out FILE`, which the decoder rewrites
//! to `-`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args = dungeon_fuzz::cli::args(data);
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    let code: i32 = dungeon_cli::run(&os, &mut stdout, &mut stderr).into();
    dungeon_fuzz::cli::check_outcome(&args, code, &stdout, &stderr);
});
