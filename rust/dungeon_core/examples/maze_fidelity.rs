//! The `classic` preset beside the rules of Nystrom's rooms and mazes over
//! seeds 1–1000: rooms odd-sized at odd spots and never touching, every dead
//! end removed, doors on a spanning tree plus about 1 in 20 extra connectors
//! (loops), and the start and end at the ends of the path of interest.
//!
//! `cargo run --release -p dungeon_core --example maze_fidelity`

use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::poi::{PoiEnds, path_of_interest};
use dungeon_core::{Cell, DungeonGrid};

/// Independent loops: open sides between places (a room counts as one
/// place, every other walkable tile as one) minus places plus one.
fn loops(g: &DungeonGrid) -> i64 {
    let w = g.width() as usize;
    let room = |i: usize| g.room_at(g.pos(i));
    let mut places = g.room_rects().len() as i64;
    let mut sides = 0i64;
    for i in 0..g.cells().len() {
        if !g.cells()[i].is_walkable() {
            continue;
        }
        if room(i).is_none() {
            places += 1;
        }
        let m = g.door_masks()[i];
        for (bit, j) in [(2u8, i + 1), (4, i + w)] {
            if m & bit != 0 && (room(i).is_none() || room(i) != room(j)) {
                sides += 1;
            }
        }
    }
    sides - places + 1
}

fn main() {
    let seeds = 1..=1000u64;
    let n = seeds.clone().count() as f64;
    println!("| setting | rule (Nystrom) | ours over seeds 1–1000 |");
    println!("|---|---|---|");
    for (label, extra) in [("classic, extra 0", 0.0), ("classic (extra 0.05)", 0.05)] {
        let c = MazeConfig {
            extra_connector_chance: extra,
            ..MazeConfig::classic()
        };
        let (mut rooms, mut min_rooms, mut max_rooms) = (0usize, usize::MAX, 0usize);
        let (mut bad_rooms, mut dead_ends, mut doors, mut loop_sum) =
            (0usize, 0usize, 0usize, 0i64);
        let mut poi_ends = 0usize;
        for seed in seeds.clone() {
            let g = maze::generate(&c, seed, 1).expect("valid preset");
            let r = g.room_rects();
            rooms += r.len();
            min_rooms = min_rooms.min(r.len());
            max_rooms = max_rooms.max(r.len());
            bad_rooms += r
                .iter()
                .filter(|r| r.x % 2 == 0 || r.y % 2 == 0 || r.w % 2 == 0 || r.h % 2 == 0)
                .count();
            for i in 0..g.cells().len() {
                let c = g.cells()[i];
                if matches!(c, Cell::Corridor | Cell::Door) && g.door_masks()[i].count_ones() <= 1 {
                    dead_ends += 1;
                }
                if c == Cell::Door {
                    doors += 1;
                }
            }
            loop_sum += loops(&g);
            let p = path_of_interest(&g, PoiEnds::Rooms).expect("rooms");
            if p.tiles.first() == Some(&g.start()) && p.tiles.last() == Some(&g.end()) {
                poi_ends += 1;
            }
        }
        println!(
            "| {label} | odd rooms at odd spots | {bad_rooms} rooms off the odd grid; {:.1} rooms a map ({min_rooms}–{max_rooms}) |",
            rooms as f64 / n
        );
        println!("| {label} | no dead end | {dead_ends} dead-end tiles in all maps |");
        println!(
            "| {label} | spanning tree + {extra} extra | {:.2} loops a map, {:.2} door tiles a room |",
            loop_sum as f64 / n,
            doors as f64 / rooms as f64
        );
        println!("| {label} | start, end = ends of the POI | {poi_ends} of {n} maps |");
    }
}
