//! `dungeon`: see the library's docs or `dungeon --help`. Standard input is
//! read only by `dungeon show -`.

use std::io::{self, BufWriter};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<_> = std::env::args_os().skip(1).collect();
    let mut stdout = BufWriter::new(io::stdout().lock());
    ExitCode::from(dungeon_cli::run_with_stdin(
        &args,
        &mut io::stdin().lock(),
        &mut stdout,
        &mut io::stderr(),
    ))
}
