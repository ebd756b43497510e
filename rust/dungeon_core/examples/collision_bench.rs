//! Collision shapes and build time: `collision::build` merged against one
//! shape per wall cell (per-tile collision), on caves and BSP maps at 256²,
//! 1024², 2048² and 4096².
//!
//! ```sh
//! cargo run --release -p dungeon_core --example collision_bench
//! cargo run --release -p dungeon_core --example collision_bench -- --seeds 3
//! ```
//!
//! Prints a markdown table. Per row, seeds 0 to N−1 (default 1) at level
//! 1, averaged: the wall cells (per-tile shapes), the merged build's wall
//! rectangles, thin walls and doors, its shapes against per-tile, the same
//! with `fill_solid` (rectangles may cover the rock behind the walls), and
//! the build times (the best of three runs per seed, to keep scheduler
//! noise out; the median over seeds). Godot 4.6's 2D physics holds about
//! 270,336 shapes.

// Only its quantile, `--seeds` reader and settings type are used here.
#[allow(dead_code)]
#[path = "common/hundred.rs"]
mod hundred;

use std::time::Instant;

use dungeon_core::DungeonGrid;
use dungeon_core::collision::{self, CollisionData, CollisionOptions};
use dungeon_core::registry::find;
use dungeon_core::watch::Watch;
use hundred::{Settings, quantile, seeds_arg};

/// `(generator, side, extra settings)`.
const ROWS: &[(&str, i32, Settings)] = &[
    ("cave", 256, &[]),
    ("cave", 1024, &[]),
    ("cave", 2048, &[]),
    ("cave", 4096, &[]),
    ("bsp", 256, &[("iterations", "8")]),
    ("bsp", 1024, &[("iterations", "12")]),
    ("bsp", 2048, &[("iterations", "14")]),
    ("bsp", 4096, &[("iterations", "16")]),
];

/// The best of three builds, in ms, and the result.
fn timed(g: &DungeonGrid, opts: &CollisionOptions) -> (f64, CollisionData) {
    let mut best = f64::INFINITY;
    let mut out = CollisionData::default();
    for _ in 0..3 {
        let t = Instant::now();
        let d = collision::build(g, opts, &Watch::new()).expect("the bench's options are valid");
        best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        out = d;
    }
    (best, out)
}

fn main() {
    let seeds = seeds_arg(1);
    println!("### Collision from the grid: `collision::build` in the Rust core\n");
    println!(
        "`cargo run --release -p dungeon_core --example collision_bench -- --seeds {seeds}`: seeds \
         0 to {} at level 1. *Per tile*: one shape per wall cell (a blocked cell with a walkable \
         one among its eight neighbours). *Merged*: wall rectangles + thin walls + doors. \
         *Filled*: the same with `fill_solid`. *Outline*: `collision::outline` \
         instead, the solid sides as segments merged along lines, in chunks of 64² cells: its \
         segments, and its shapes (one concave shape per chunk, plus the doors). Build time: the best of three runs per seed, \
         then the median over seeds.\n",
        seeds.saturating_sub(1)
    );
    println!(
        "| map | per tile | merged walls | thin walls | doors | merged shapes | per tile / merged | filled shapes | per tile / filled | outline segments | outline shapes | per tile / outline | merged ms | filled ms | per-tile ms | outline ms |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let merged = CollisionOptions::default();
    let filled = CollisionOptions {
        fill_solid: true,
        ..CollisionOptions::default()
    };
    let one_each = CollisionOptions {
        merge: false,
        ..CollisionOptions::default()
    };
    for &(name, side, extra) in ROWS {
        let Some(mut job) = find(name).and_then(|e| e.job(None)) else {
            eprintln!("no generator {name}");
            continue;
        };
        let set = [("width", side.to_string()), ("height", side.to_string())];
        let all = set
            .iter()
            .map(|(k, v)| (*k, v.as_str()))
            .chain(extra.iter().copied());
        if let Some(e) = all.map(|(k, v)| job.set(k, v)).find_map(Result::err) {
            eprintln!("{name}: {e}");
            continue;
        }
        let (mut tm, mut tf, mut tt) = (vec![], vec![], vec![]);
        let (mut tiles, mut walls, mut thin, mut doors, mut shapes, mut fshapes) =
            (0, 0, 0, 0, 0, 0);
        let (mut outline, mut oshapes, mut to) = (0, 0, vec![]);
        for seed in 0..seeds {
            let Ok(g) = job.generate(seed, 1) else {
                eprintln!("{name} {side} seed {seed}: no grid");
                continue;
            };
            let (ms, d) = timed(&g, &merged);
            let (fms, f) = timed(&g, &filled);
            let (tms, t) = timed(&g, &one_each);
            tm.push(ms);
            tf.push(fms);
            tt.push(tms);
            tiles += t.walls.len();
            walls += d.walls.len();
            thin += d.thin_walls.len();
            doors += d.doors.len();
            shapes += d.shape_count();
            fshapes += f.shape_count();
            let mut best = f64::INFINITY;
            let mut o = None;
            for _ in 0..3 {
                let t = Instant::now();
                o = collision::outline(&g, &merged, 64, &Watch::new()).ok();
                best = best.min(t.elapsed().as_secs_f64() * 1000.0);
            }
            to.push(best);
            if let Some(o) = o {
                outline += o.segment_count();
                oshapes += o.shape_count();
            }
        }
        let n = tm.len().max(1);
        println!(
            "| {name} {side}² | {} | {} | {} | {} | {} | {:.1} | {} | {:.1} | {} | {} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} |",
            tiles / n,
            walls / n,
            thin / n,
            doors / n,
            shapes / n,
            tiles as f64 / shapes.max(1) as f64,
            fshapes / n,
            tiles as f64 / fshapes.max(1) as f64,
            outline / n,
            oshapes / n,
            tiles as f64 / oshapes.max(1) as f64,
            quantile(&mut tm, 0.5),
            quantile(&mut tf, 0.5),
            quantile(&mut tt, 0.5),
            quantile(&mut to, 0.5),
        );
    }
}
