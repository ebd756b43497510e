//! Peak memory of one generation, for BENCHMARKS.md.
//!
//! `peak_mem bsp SIDE` or `peak_mem drunkard SIDE` generates one map in a fresh
//! process and prints, tab-separated: kind, size, cells, the peak resident
//! set before and after (`VmHWM`, bytes), the difference per cell, the bytes
//! the returned grid keeps, and the time taken. Run one process per size, so
//! one size's peak does not hide another's.

use std::process::ExitCode;
use std::time::Instant;

use dungeon_bench::{
    DRUNKARD_SCALING_FILL, bsp_scaling, drunkard_cells, mapgen_drunkard_target, peak_rss_bytes,
};
use dungeon_core::{DungeonGrid, bsp, drunkard};

/// What the returned grid holds on the heap: a cell code and a door mask per
/// cell, 8 bytes per room cell of a room grid, 16 per room rectangle. A tile
/// grid (BSP) lists its room cells only when asked, so they are not counted.
fn retained(g: &DungeonGrid) -> usize {
    let listed = if g.room_rects().is_empty() {
        g.room_cell_count() * std::mem::size_of::<dungeon_core::Pos>()
    } else {
        0
    };
    g.cells().len() * 2 + listed + std::mem::size_of_val(g.room_rects())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(kind), Some(side)) = (args.get(1), args.get(2).and_then(|s| s.parse::<i32>().ok()))
    else {
        eprintln!("usage: peak_mem bsp|drunkard SIDE");
        return ExitCode::from(2);
    };
    let before = peak_rss_bytes().unwrap_or(0);
    let t = Instant::now();
    let grid = match kind.as_str() {
        "bsp" => bsp::generate(&bsp_scaling(side), 1, 1),
        "drunkard" => {
            let target = mapgen_drunkard_target(side, side, DRUNKARD_SCALING_FILL);
            drunkard::generate(&drunkard_cells(side, side, target, true), 1, 1)
        }
        other => {
            eprintln!("unknown kind {other:?}");
            return ExitCode::from(2);
        }
    };
    let elapsed = t.elapsed();
    let grid = match grid {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let after = peak_rss_bytes().unwrap_or(0);
    let cells = i64::from(side) * i64::from(side);
    println!(
        "{kind}\t{side}x{side}\t{cells}\t{before}\t{after}\t{:.2}\t{}\t{:.3}",
        (after.saturating_sub(before)) as f64 / cells as f64,
        retained(&grid),
        elapsed.as_secs_f64() * 1e3
    );
    ExitCode::SUCCESS
}
