//! A loop to run under a profiler (`perf record`), with the benches' configs:
//!
//! `cargo run --release --example profile -- bsp-matched 1024 200`
//! `cargo run --release --example profile -- bsp-floor 1024x1024 200`
//! `cargo run --release --example profile -- bsp-scaling 1024 200`
//! `cargo run --release --example profile -- drunkard 80x50 5000`

use std::time::Instant;

use dungeon_bench::{bsp_rooms_matched, bsp_scaling, drunkard_matched};
use dungeon_core::{bsp, drunkard};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("bsp-scaling", String::as_str);
    let size = args.get(2).map_or("256", String::as_str);
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let (w, h) = match size.split_once('x') {
        Some((w, h)) => (w.parse().unwrap_or(256), h.parse().unwrap_or(256)),
        None => {
            let s = size.parse().unwrap_or(256);
            (s, s)
        }
    };
    let t = Instant::now();
    let mut walkable = 0;
    for seed in 0..n {
        let g = match kind {
            "bsp-matched" => bsp::generate(&bsp_rooms_matched(w, h), seed, 1),
            "bsp-floor" => bsp::generate(&dungeon_bench::bsp_floor_matched(w, h), seed, 1),
            "drunkard" => drunkard::generate(&drunkard_matched(w, h, true), seed, 1),
            _ => bsp::generate(&bsp_scaling(w), seed, 1),
        };
        walkable += g.map_or(0, |g| g.room_cell_count());
    }
    let el = t.elapsed();
    println!(
        "{kind} {w}x{h}: {:?} per map, {:.2} ns per cell, {} room cells per map",
        el / n as u32,
        el.as_nanos() as f64 / (n as f64 * f64::from(w * h)),
        walkable / n as usize
    );
}
