//! Fuzz target `cli_args`: `dungeon` command lines run in-process.
//!
//! Built only with `--features cli` (tests/fuzz.sh adds it when
//! `rust/dungeon_cli` has a library target), because it needs the CLI as a
//! library: `dungeon_cli::run(args, stdout, stderr) -> exit status`.
//!
//! >>> TO WIRE (lead, after merging the clap CLI) <<<
//! Adjust the one call below to the real signature of `dungeon_cli::run`
//! (argument type, writer types, how the exit status comes back), then run
//! `tests/fuzz.sh --target cli_args --runs 10000`. Argument decoding and the
//! outcome rules live in `dungeon_fuzz::cli`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args = dungeon_fuzz::cli::args(data);
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    // ---- the call into the CLI: adjust to its real signature ----
    let code: i32 = dungeon_cli::run(&args, &mut stdout, &mut stderr).into();
    // --------------------------------------------------------------
    dungeon_fuzz::cli::check_outcome(&args, code, &stdout, &stderr);
});
