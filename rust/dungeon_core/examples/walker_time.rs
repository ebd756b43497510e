//! Times the walker's stages at one size (a profiling aid):
//! `cargo run --release -p dungeon_core --example walker_time -- 1024`
use std::time::Instant;

use dungeon_core::walker::{self, Directions, WalkerConfig};

fn main() {
    let side: i32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1024);
    // A third argument `matched`: the bench's walk matched to mapgen's
    // (four ways, walkers of 400 steps).
    let matched = std::env::args().nth(3).is_some_and(|a| a == "matched");
    let c = WalkerConfig {
        width: side,
        height: side,
        directions: if matched {
            Directions::Four
        } else {
            Directions::Eight
        },
        lifetime: if matched { 400 } else { 0 },
        max_steps_per_tile: 1000,
        ..WalkerConfig::open_cave()
    };
    let runs: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    for seed in 0..runs {
        let t = Instant::now();
        let (g, s) = walker::generate_with_stats(&c, seed, 1).expect("valid");
        let all = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "{side}²: {all:.2} ms, {} steps ({:.2}/tile), {} floor",
            s.steps,
            s.steps as f64 / f64::from(side * side),
            g.walkable_count()
        );
    }
}
