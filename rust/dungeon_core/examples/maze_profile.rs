//! The maze bench's configs outside the bench: a loop to run under a
//! profiler, and the room graph's size.
//!
//! `cargo run --release -p dungeon_core --example maze_profile -- rooms 1023 20`
//! times `maze::generate` (`maze` only, `rooms` and mazes, or a preset name;
//! a `-path` suffix times the plain `generate_with_path` instead).
//!
//! `cargo run --release -p dungeon_core --example maze_profile -- graph-size`
//! prints the room graph's size on rooms-and-mazes maps of 151² and 255²:
//! connections, the tiles they carry, the JSON's bytes.

use std::time::Instant;

use dungeon_core::GeneratorConfig;
use dungeon_core::maze::{self, MazeConfig};

/// The bench's rooms and mazes: rooms packed in (one attempt per 200
/// tiles, sides 5–15), 5 % extra doors, half the dead ends removed.
fn rooms_and_mazes(side: i32) -> MazeConfig {
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
}

/// The bench's maze only: two 3×3 rooms, a perfect maze.
fn maze_only(side: i32) -> MazeConfig {
    MazeConfig {
        room_attempts: 0,
        room_min_size: 3,
        room_max_size: 3,
        windiness: 1.0,
        extra_connector_chance: 0.0,
        dead_end_removal: 0.0,
        ..rooms_and_mazes(side)
    }
}

fn graph_size() {
    println!("| map | rooms | connections | connection tiles | JSON bytes | graph ms |");
    println!("|---|---|---|---|---|---|");
    for side in [151, 255] {
        let g = maze::generate(&rooms_and_mazes(side), 7, 1).expect("valid");
        let t = Instant::now();
        let edges = g.connections().len();
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let tiles: usize = g.connections().iter().map(|c| c.tiles.len()).sum();
        println!(
            "| {side}² | {} | {edges} | {tiles} | {} | {ms:.2} |",
            g.room_rects().len(),
            g.to_json().len()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("maze", String::as_str);
    if kind == "graph-size" {
        graph_size();
        return;
    }
    let side: i32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1023);
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let (kind, plain) = match kind.strip_suffix("-path") {
        Some(k) => (k, true),
        None => (kind, false),
    };
    let c = match kind {
        "rooms" => rooms_and_mazes(side),
        "maze" => maze_only(side),
        preset => MazeConfig::preset(preset).unwrap_or_else(|| maze_only(side)),
    };
    let t = Instant::now();
    let mut rooms = 0;
    for seed in 0..n {
        let g = if plain {
            maze::generate_with_path(&c, seed, 1).expect("valid").0
        } else {
            maze::generate(&c, seed, 1).expect("valid")
        };
        rooms += g.room_rects().len();
    }
    println!(
        "{kind} {}×{}: {:.2} ms a map ({rooms} rooms in all)",
        c.width,
        c.height,
        t.elapsed().as_secs_f64() * 1e3 / n as f64
    );
}
