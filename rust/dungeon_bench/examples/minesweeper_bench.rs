//! No-guess minesweeper boards (issue 15) against Simon Tatham's Mines, the
//! best known no-guess generator. Prints a markdown section for
//! BENCHMARKS.md.
//!
//! `cargo run --release --example minesweeper_bench`
//!
//! - **ours**: `minesweeper::generate` with `no_guess` at the Windows sizes,
//!   first click in the centre, one seed per run; the median and 90th
//!   percentile of the per-board times, and the share of seeds that gave a
//!   board (the rest ran out of attempts or work budget). "plain boards
//!   solvable" is the share of plain random boards (no repair) our solver
//!   clears from the first click: how much the repair loop has to do.
//! - **Tatham**: `minegen(w, h, n, x, y, unique = true, rs)` from Mines
//!   (sgt-puzzles, MIT licence), built on the fly by this program in a
//!   temporary directory outside the repository: it finds the sources in
//!   `$SGT_PUZZLES_SRC` (a directory holding `mines.c`, `random.c`,
//!   `tree234.c`, `malloc.c`, `misc.c`, `puzzles.h`, `tree234.h`) or in a
//!   git mirror of `chrisboyle/sgtpuzzles` (`$SGT_PUZZLES_GIT`, default
//!   `/work/.mirror/chrisboyle+sgtpuzzles/repo`), writes a small timing
//!   driver of ours that includes `mines.c`, stubs the drawing functions the
//!   game links against, and compiles it with `cc -O2`. Its generator loops
//!   until it succeeds, so its success rate is 100 %. When it cannot be
//!   built, the table says why.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use dungeon_core::minesweeper::{self, MinesweeperConfig, solver};

/// `(label, config, runs, target median)`.
fn cases() -> Vec<(&'static str, MinesweeperConfig, usize, Option<Duration>)> {
    vec![
        (
            "beginner 9×9, 10 mines",
            MinesweeperConfig::beginner(),
            2000,
            Some(Duration::from_micros(100)),
        ),
        (
            "intermediate 16×16, 40",
            MinesweeperConfig::intermediate(),
            500,
            Some(Duration::from_millis(2)),
        ),
        (
            "expert 30×16, 99",
            MinesweeperConfig::expert(),
            200,
            Some(Duration::from_millis(50)),
        ),
        (
            "expert size, 170 mines (0.35)",
            MinesweeperConfig {
                mines: 170,
                ..MinesweeperConfig::expert()
            },
            20,
            None,
        ),
    ]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

const TATHAM_FILES: [&str; 7] = [
    "mines.c",
    "random.c",
    "tree234.c",
    "malloc.c",
    "misc.c",
    "puzzles.h",
    "tree234.h",
];
/// Functions mines.c links against that generation never calls.
const STUBS: [&str; 12] = [
    "clip",
    "draw_circle",
    "draw_line",
    "draw_polygon",
    "draw_rect",
    "draw_text",
    "draw_update",
    "fatal",
    "frontend_default_colour",
    "midend_supersede_game_desc",
    "status_bar",
    "unclip",
];
const DRIVER: &str = r#"#include "mines.c"
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(int argc, char **argv) {
    int w = atoi(argv[1]), h = atoi(argv[2]), n = atoi(argv[3]), runs = atoi(argv[4]);
    for (int i = 0; i < runs; i++) {
        char seed[32]; int len = sprintf(seed, "%d", i);
        random_state *rs = random_new(seed, len);
        double s = now();
        bool *g = minegen(w, h, n, w / 2, h / 2, true, rs);
        printf("%.9f\n", now() - s);
        sfree(g); random_free(rs);
    }
    return 0;
}
"#;

/// Copies Tatham's sources into `dir` from `$SGT_PUZZLES_SRC` or a git
/// mirror; `Err` says why not.
fn fetch_sources(dir: &Path) -> Result<(), String> {
    if let Some(src) = std::env::var_os("SGT_PUZZLES_SRC") {
        for f in TATHAM_FILES {
            std::fs::copy(Path::new(&src).join(f), dir.join(f))
                .map_err(|e| format!("$SGT_PUZZLES_SRC/{f}: {e}"))?;
        }
        return Ok(());
    }
    let git = std::env::var("SGT_PUZZLES_GIT")
        .unwrap_or_else(|_| "/work/.mirror/chrisboyle+sgtpuzzles/repo".into());
    for f in TATHAM_FILES {
        let out = Command::new("git")
            .args([
                "--git-dir",
                &git,
                "show",
                &format!("HEAD:app/src/main/jni/{f}"),
            ])
            .output()
            .map_err(|e| format!("git: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "no sgt-puzzles sources: set SGT_PUZZLES_SRC, or SGT_PUZZLES_GIT to a mirror of chrisboyle/sgtpuzzles ({git}: {})",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        std::fs::write(dir.join(f), out.stdout).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Builds the Tatham timing driver in a temporary directory.
fn build_tatham() -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("minesweeper_bench_tatham_{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    fetch_sources(&dir)?;
    std::fs::write(dir.join("driver.c"), DRIVER).map_err(|e| e.to_string())?;
    let stubs: String = STUBS
        .iter()
        .map(|s| format!("void {s}(void) {{ __builtin_trap(); }}\n"))
        .collect();
    std::fs::write(dir.join("stubs.c"), stubs).map_err(|e| e.to_string())?;
    let exe = dir.join("tatham_mines");
    let out = Command::new("cc")
        .current_dir(&dir)
        .args(["-O2", "-w", "-o"])
        .arg(&exe)
        .args([
            "driver.c",
            "random.c",
            "tree234.c",
            "malloc.c",
            "misc.c",
            "stubs.c",
            "-lm",
        ])
        .output()
        .map_err(|e| format!("cc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cc failed: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .next()
                .unwrap_or("")
        ));
    }
    Ok(exe)
}

/// Tatham's per-board times for `runs` seeds.
fn time_tatham(exe: &Path, c: &MinesweeperConfig, runs: usize) -> Result<Vec<Duration>, String> {
    let out = Command::new(exe)
        .args([
            c.width.to_string(),
            c.height.to_string(),
            c.mines.to_string(),
            runs.to_string(),
        ])
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("the Tatham driver failed ({})", out.status));
    }
    let mut t: Vec<Duration> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.trim().parse::<f64>().ok())
        .map(Duration::from_secs_f64)
        .collect();
    t.sort_unstable();
    if t.len() == runs {
        Ok(t)
    } else {
        Err("the Tatham driver printed too few times".into())
    }
}

fn main() {
    println!("### Minesweeper: no-guess boards (MinesweeperBoard) against Tatham's Mines\n");
    let tatham = build_tatham();
    println!(
        "| board | runs | ours median (ms) | ours p90 (ms) | ours success | plain boards solvable | Tatham median (ms) | Tatham p90 (ms) | ours / Tatham | target (median) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut verdicts = Vec::new();
    for (label, config, runs, target) in cases() {
        let mut times = Vec::with_capacity(runs);
        let mut ok = 0usize;
        for seed in 0..runs as u64 {
            let start = Instant::now();
            let board = minesweeper::generate(&config, seed);
            times.push(start.elapsed());
            ok += usize::from(board.is_ok());
        }
        times.sort_unstable();
        let plain = MinesweeperConfig {
            no_guess: false,
            ..config
        };
        let solvable = (0..runs as u64)
            .filter(|&s| {
                minesweeper::generate(&plain, s)
                    .is_ok_and(|b| solver::solve(&b, minesweeper::WORK_BUDGET).cleared)
            })
            .count();
        let median = percentile(&times, 0.5);
        let (t_med, t_p90, ratio) = match tatham
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|exe| time_tatham(exe, &config, runs.min(200)))
        {
            Ok(t) => {
                let m = percentile(&t, 0.5);
                (
                    ms(m),
                    ms(percentile(&t, 0.9)),
                    format!("{:.2}", median.as_secs_f64() / m.as_secs_f64()),
                )
            }
            Err(_) => ("n/a".into(), "n/a".into(), "n/a".into()),
        };
        let target_text = target.map_or_else(
            || "none (shows a hard density fails within the budget)".to_string(),
            |t| format!("≤ {} ms", ms(t)),
        );
        println!(
            "| {label} | {runs} | {} | {} | {:.1} % | {:.1} % | {t_med} | {t_p90} | {ratio} | {target_text} |",
            ms(median),
            ms(percentile(&times, 0.9)),
            100.0 * ok as f64 / runs as f64,
            100.0 * solvable as f64 / runs as f64,
        );
        if let Some(t) = target {
            verdicts.push(format!(
                "{label}: {} (median {} ms against ≤ {} ms, {:.1} % success)",
                if median <= t { "met" } else { "missed" },
                ms(median),
                ms(t),
                100.0 * ok as f64 / runs as f64
            ));
        }
    }
    println!();
    println!(
        "Measured: wall time of one `minesweeper::generate` (no_guess) per seed, first click in the centre, \
         including every repair and the final replay; Tatham's `minegen` per seed (up to 200 seeds) in the same run."
    );
    if let Err(why) = &tatham {
        println!("Tatham's Mines not timed: {why}.");
    }
    println!("Verdicts: {}.", verdicts.join("; "));
}
