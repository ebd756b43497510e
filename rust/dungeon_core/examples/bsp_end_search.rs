//! Weighs BSP's room-jumping end search against the plain search (a BFS
//! over every tile through the door masks), timing whole `generate` calls
//! both ways on the same seeds, interleaved, in one run.
//!
//! `cargo run --release -p dungeon_core --example bsp_end_search`
use std::hint::black_box;
use std::time::{Duration, Instant};

use dungeon_core::bsp::{self, BspConfig};

fn main() {
    let square = |side, iterations| BspConfig {
        width: side,
        height: side,
        iterations,
        ..BspConfig::default()
    };
    let cases = [
        ("small 40x40 it4", BspConfig::small(), 4000u64),
        ("256x256 it6", square(256, 6), 400),
        ("1024x1024 it7", square(1024, 7), 30),
        ("256x256 it8 (dense)", square(256, 8), 400),
        ("1024x1024 it12 (dense)", square(1024, 12), 30),
    ];
    println!("| map | maps | room jumps (ms/map) | plain BFS (ms/map) | plain / jumps |");
    println!("|---|---:|---:|---:|---:|");
    for (name, cfg, seeds) in cases {
        let (mut jumps, mut plain) = (Duration::ZERO, Duration::ZERO);
        for seed in 0..seeds {
            // Alternate which runs first, so neither always finds warm caches.
            let order = if seed % 2 == 0 {
                [true, false]
            } else {
                [false, true]
            };
            let mut ends = [(0, 0); 2];
            for tiles in order {
                let t = Instant::now();
                let g = if tiles {
                    bsp::generate_with_tile_search(&cfg, seed, 1)
                } else {
                    bsp::generate(&cfg, seed, 1)
                };
                let g = black_box(g.expect("valid config"));
                let took = t.elapsed();
                if tiles {
                    plain += took;
                } else {
                    jumps += took;
                }
                ends[usize::from(tiles)] = g.end();
            }
            assert_eq!(
                ends[0], ends[1],
                "{name} seed {seed}: the searches disagree"
            );
        }
        let per = |d: Duration| d.as_secs_f64() * 1000.0 / seeds as f64;
        println!(
            "| {name} | {seeds} | {:.3} | {:.3} | {:.2}× |",
            per(jumps),
            per(plain),
            plain.as_secs_f64() / jumps.as_secs_f64()
        );
    }
}
