//! Collects benchmark results and renders BENCHMARKS.md.
//!
//! ```text
//! report collect CRITERION_DIR SINCE_UNIX_SECS OUT.tsv
//! report render RESULTS_DIR OUT.md
//! ```
//!
//! `collect` walks a criterion output directory and writes one line per
//! benchmark measured since `SINCE` (`full_id`, median ns, low and high ends
//! of the median's 95 % interval). `render` reads what `tests/run_bench.sh`
//! left in `RESULTS_DIR` — `machine.tsv`, `crit_core_run*.tsv`,
//! `crit_vsm_run*.tsv`, `godot_run*.tsv`, `matching.tsv`, `peak_mem.tsv` —
//! and writes the report. Each figure is the median of the runs' medians,
//! with the smallest and largest run median as its spread. Nothing is
//! asserted: missed targets are reported, not failed.

mod collect;
mod data;
mod render;

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["collect", dir, since, out] => collect::collect(Path::new(dir), since, Path::new(out)),
        ["render", dir, out] => render::render(Path::new(dir), Path::new(out)),
        _ => Err(
            "usage: report collect CRITERION_DIR SINCE OUT.tsv | report render RESULTS_DIR OUT.md"
                .into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("report: {e}");
            ExitCode::FAILURE
        }
    }
}

/// What every step returns: an error message for the user.
type Res<T> = Result<T, String>;
