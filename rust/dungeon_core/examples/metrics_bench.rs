//! Room metrics and spawn points timing: `DungeonGrid::room_metrics` and
//! `DungeonGrid::spawn_points` per generator (default preset) and on
//! settings that make about 100 rooms.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example metrics_bench             # 200 seeds per row
//! cargo run --release -p dungeon_core --example metrics_bench -- --seeds 50
//! ```
//!
//! Prints a markdown table. Per row, seeds 0 to N−1 at level 1, wall-clock
//! time of each call (the best of three, to keep scheduler noise out), p50
//! and p95 over the seeds:
//!
//! - **connections**: the first `connections()` call on a grid fresh from
//!   its generator (the room graph is derived once and cached; writing and
//!   reading JSON pay for it too), room records and index included;
//! - **metrics**: `room_metrics()` with the room graph already derived;
//! - **tile BFS**: one `analysis::bfs` over the door masks from the start
//!   cell, the part of the metrics that grows with the map's tiles;
//! - **spawn_points**: with the default `SpawnRules`.

#[path = "common/hundred.rs"]
mod hundred;

use std::time::Instant;

use dungeon_core::analysis;
use hundred::{Row, quantile, rows, seeds_arg};

/// The shortest of three runs of `f`, in milliseconds.
fn best_of_three(mut f: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .fold(f64::INFINITY, f64::min)
}

fn measure(row: &Row, seeds: u64) {
    let (mut conn, mut metrics, mut bfs, mut spawns) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut rooms, mut tiles, mut failed) = (0usize, 0usize, 0);
    for seed in 0..seeds {
        let grid = match row.job.generate(seed, 1) {
            Ok(g) => g,
            Err(e) => {
                if failed == 0 {
                    eprintln!("{}: {e}", row.label);
                }
                failed += 1;
                continue;
            }
        };
        // A grid fresh from its generator has derived nothing yet (a
        // loaded one has: reading JSON checks its connections): time the
        // first call on three fresh copies.
        let first_call = (0..3).filter_map(|_| {
            let fresh = row.job.generate(seed, 1).ok()?;
            let t = Instant::now();
            std::hint::black_box(fresh.connections());
            Some(t.elapsed().as_secs_f64() * 1000.0)
        });
        conn.push(first_call.fold(f64::INFINITY, f64::min));
        std::hint::black_box(grid.connections());
        metrics.push(best_of_three(|| {
            std::hint::black_box(grid.room_metrics());
        }));
        let from = grid.index(grid.start()).unwrap_or(0);
        let (mut dist, mut queue) = (Vec::new(), Vec::new());
        bfs.push(best_of_three(|| {
            analysis::bfs(grid.width(), grid.door_masks(), from, &mut dist, &mut queue);
        }));
        let rules = dungeon_core::progression::spawns::SpawnRules::default();
        spawns.push(best_of_three(|| {
            std::hint::black_box(grid.spawn_points(&rules).ok());
        }));
        rooms += grid.room_count();
        tiles += grid.cells().len();
    }
    let n = conn.len().max(1);
    println!(
        "| {} | {} | {:.1} | {} | {:.4} / {:.4} | {:.4} / {:.4} | {:.4} / {:.4} | {:.4} / {:.4} |{}",
        row.label,
        conn.len(),
        rooms as f64 / n as f64,
        tiles / n,
        quantile(&mut conn, 0.5),
        quantile(&mut conn, 0.95),
        quantile(&mut metrics, 0.5),
        quantile(&mut metrics, 0.95),
        quantile(&mut bfs, 0.5),
        quantile(&mut bfs, 0.95),
        quantile(&mut spawns, 0.5),
        quantile(&mut spawns, 0.95),
        if failed > 0 {
            format!(" ({failed} seeds failed)")
        } else {
            String::new()
        },
    );
}

fn main() {
    let seeds = seeds_arg(200);
    let rows = rows(|_| true);
    println!(
        "Room metrics and spawn points, {seeds} seeds per row, level 1, times in ms (p50 / p95).\n"
    );
    println!(
        "| grid | grids | rooms (mean) | tiles (mean) | connections (first call) | room_metrics | tile BFS | spawn_points (default rules) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for row in &rows {
        measure(row, seeds);
    }
}
