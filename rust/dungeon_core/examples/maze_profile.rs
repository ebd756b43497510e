//! A loop to run under a profiler: `maze::generate` at 1023² (the maze
//! bench's two configs).
//!
//! `cargo run --release -p dungeon_core --example maze_profile -- rooms 1023 20`
//! (`maze`, `rooms`, or a preset name; a `-path` suffix times the plain path search)

use std::time::Instant;

use dungeon_core::maze::{self, MazeConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("maze", String::as_str);
    let side: i32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1023);
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let (kind, plain) = match kind.strip_suffix("-path") {
        Some(k) => (k, true),
        None => (kind, false),
    };
    let c = if kind == "rooms" || kind == "classic" || kind == "labyrinth" {
        MazeConfig {
            width: side,
            height: side,
            room_attempts: (side * side / 200).max(10),
            room_min_size: 5,
            room_max_size: 15,
            windiness: 0.4,
            extra_connector_chance: 0.05,
            dead_end_removal: 0.5,
        }
    } else {
        MazeConfig {
            width: side,
            height: side,
            room_attempts: 0,
            room_min_size: 3,
            room_max_size: 3,
            windiness: 1.0,
            extra_connector_chance: 0.0,
            dead_end_removal: 0.0,
        }
    };
    let c = MazeConfig::preset(kind).unwrap_or(c);
    let t = Instant::now();
    let mut rooms = 0;
    for seed in 0..n {
        // `rooms-path`: the plain version (the whole node graph searched).
        let g = if plain {
            maze::generate_with_path(&c, seed, 1).expect("valid").0
        } else {
            maze::generate(&c, seed, 1).expect("valid")
        };
        rooms += g.room_rects().len();
    }
    println!(
        "{kind} {side}²: {:.2} ms a map ({rooms} rooms in all)",
        t.elapsed().as_secs_f64() * 1e3 / n as f64
    );
}
