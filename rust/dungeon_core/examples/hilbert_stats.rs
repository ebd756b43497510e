//! What the Hilbert presets make, level by level: means over 2000 seeds of
//! the main path, rooms, side rooms, loops, start–end steps (along the
//! doors; shorter than the path when a loop cuts across), dead ends and
//! the grid side. The figures are quoted in `src/hilbert/mod.rs`.
//!
//! `cargo run --release -p dungeon_core --example hilbert_stats`

use dungeon_core::GeneratorConfig;
use dungeon_core::hilbert::{self, HilbertConfig};

const SEEDS: u64 = 2000;

fn main() {
    for name in HilbertConfig::PRESETS {
        let c = HilbertConfig::preset(name).expect("a preset");
        println!("{name}");
        println!("level | path | rooms | side rooms | loops | start–end steps | dead ends | grid");
        for level in [1, 2, 3, 5, 10] {
            let (mut path, mut rooms, mut side, mut loops, mut steps, mut dead) =
                (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
            let mut grid = 0;
            for seed in 0..SEEDS {
                let l = hilbert::generate_layout(&c, seed, level).expect("valid preset");
                let g = &l.grid;
                path += l.path.len() as f64;
                rooms += g.rooms().len() as f64;
                side += l.side_rooms as f64;
                loops += l.loops as f64;
                steps += f64::from(g.distance_from_start(g.end()));
                dead += g.dead_ends().len() as f64;
                grid = g.width();
            }
            let n = SEEDS as f64;
            println!(
                "{level:>5} | {:.1} | {:.1} | {:.1} | {:.2} | {:.1} | {:.2} | {grid}×{grid}",
                path / n,
                rooms / n,
                side / n,
                loops / n,
                steps / n,
                dead / n
            );
        }
    }
}
