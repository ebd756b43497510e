//! Measures the walker against the original `random_walk()` over 2000 seeds
//! per preset: how often each of the eight moves is drawn (its `switch` gives
//! `y--` twice and pure −x never; the fixed walk gives each 1/8, or 1/4
//! with four directions), the floor reached against the target, and the
//! steps the walk took per tile.
//!
//! `cargo run --release -p dungeon_core --example walker_fidelity`

use dungeon_core::GeneratorConfig;
use dungeon_core::walker::{self, Directions, MOVES, WalkerConfig};

const SEEDS: u64 = 2000;

fn main() {
    // The original switch, case by case (cases 2 and 4 are both `y--`).
    let seed_switch = [
        (1, 0),
        (0, -1),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    println!("| preset | move (dx, dy) | original code | original intent | ours |");
    println!("|---|---|---|---|---|");
    for name in WalkerConfig::PRESETS {
        let c = WalkerConfig::preset(name).expect("preset");
        let n = if c.directions == Directions::Eight {
            8
        } else {
            4
        };
        let mut moves = [0u64; 8];
        let (mut steps, mut floor, mut target, mut over) = (0u64, 0u64, 0u64, 0u64);
        for seed in 0..SEEDS {
            let (g, s) = walker::generate_with_stats(&c, seed, 1).expect("valid preset");
            for (m, k) in moves.iter_mut().zip(s.moves) {
                *m += k;
            }
            steps += s.steps;
            floor += g.walkable_count() as u64;
            target += s.target;
            over += u64::from(s.floor > s.target);
        }
        for (k, m) in MOVES.iter().enumerate().take(n) {
            let code = seed_switch[..n].iter().filter(|s| *s == m).count() as f64 / n as f64;
            println!(
                "| {name} | {m:?} | {code:.4} | {:.4} | {:.4} |",
                1.0 / n as f64,
                moves[k] as f64 / steps as f64
            );
        }
        let area = (c.width * c.height) as f64 * SEEDS as f64;
        println!(
            "| {name} | floor share (target {:.3}) | | | {:.4} ({over} maps one tile over: a last diagonal step) |",
            c.floor_fraction,
            floor as f64 / area
        );
        println!(
            "| {name} | steps per tile | | | {:.2} (target tiles {:.0}) |",
            steps as f64 / area,
            target as f64 / SEEDS as f64
        );
    }
}
