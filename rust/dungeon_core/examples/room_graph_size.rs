//! The room graph's size on rooms-and-mazes maps (the maze bench's config):
//! connections, the tiles they carry and the JSON's bytes.
//!
//! `cargo run --release -p dungeon_core --example room_graph_size`

use std::time::Instant;

use dungeon_core::maze::{self, MazeConfig};

fn main() {
    println!("| map | rooms | connections | connection tiles | JSON bytes | graph ms |");
    println!("|---|---|---|---|---|---|");
    for side in [151, 255] {
        let c = MazeConfig {
            width: side,
            height: side,
            room_attempts: (side * side / 200).max(10),
            room_min_size: 5,
            room_max_size: 15,
            windiness: 0.4,
            extra_connector_chance: 0.05,
            dead_end_removal: 0.5,
        };
        let g = maze::generate(&c, 7, 1).expect("valid");
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
