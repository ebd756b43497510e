//! Rooms and mazes against mapgen's `MazeBuilder`, the path of interest on a
//! 255×255 map, and time per tile as the map grows. Prints a markdown
//! section for BENCHMARKS.md.
//!
//! `cargo run --release --example maze_bench`
//!
//! - **mapgen** `MazeBuilder` on a `w × h` buffer carves a perfect maze of
//!   `(w/2 − 2) × (h/2 − 2)` cells (a recursive backtracker whose neighbour
//!   lookup scans the cell list, so it is quadratic). It is timed once per
//!   size above 256 (about 12 s at 1024²), median of 3 below.
//! - **ours, maze only**: `room_attempts = 0` (two 3×3 rooms), no extra
//!   door, no dead end removed: the whole map is one perfect maze, as
//!   mapgen's. **ours, rooms and mazes**: rooms packed in (one attempt per
//!   200 tiles, sides 5–15), 5 % extra doors, half the dead ends removed.
//!   Both include everything `maze::generate` does: the maze, connectors,
//!   dead ends, door masks and the start and end from the path of interest.
//! - Our sides are odd (1023 where mapgen has 1024): the same maze cells.

use std::hint::black_box;
use std::time::{Duration, Instant};

use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::poi::{NodeGraph, PoiEnds, path_in, path_of_interest};
use mapgen::filter::MazeBuilder;
use mapgen::{MapBuffer, MapFilter};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed()
        })
        .collect();
    t.sort_unstable();
    t[t.len() / 2]
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn maze_only(side: i32) -> MazeConfig {
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
}

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

fn mapgen_maze(side: usize, seed: u64) -> MapBuffer {
    let mut rng = StdRng::seed_from_u64(seed);
    MazeBuilder::new().modify_map(&mut rng, &MapBuffer::new(side, side))
}

fn main() {
    println!("### Rooms and mazes (MazeGenerator) and the path of interest\n");
    println!(
        "| map | mapgen MazeBuilder (ms) | ours, maze only (ms) | ratio | ours, rooms and mazes (ms) | ratio | ours ns/tile (maze only, rooms and mazes) |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut at_1024 = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for side in [64usize, 128, 256, 512, 1024] {
        let odd = side as i32 - 1;
        let mapgen_runs = if side <= 256 { 3 } else { 1 };
        let theirs = median(mapgen_runs, || {
            black_box(mapgen_maze(side, 7));
        });
        let ours_runs = if side <= 256 { 31 } else { 11 };
        let (a, b) = (maze_only(odd), rooms_and_mazes(odd));
        let only = median(ours_runs, || {
            black_box(maze::generate(&a, 7, 1).expect("valid"));
        });
        let full = median(ours_runs, || {
            black_box(maze::generate(&b, 7, 1).expect("valid"));
        });
        let tiles = f64::from(odd * odd);
        println!(
            "| {side}² | {} | {} | {:.0}× | {} | {:.0}× | {:.1}, {:.1} |",
            ms(theirs),
            ms(only),
            theirs.as_secs_f64() / only.as_secs_f64(),
            ms(full),
            theirs.as_secs_f64() / full.as_secs_f64(),
            only.as_secs_f64() * 1e9 / tiles,
            full.as_secs_f64() * 1e9 / tiles,
        );
        if side == 1024 {
            at_1024 = (theirs, only, full);
        }
    }

    // The path of interest on a 255×255 rooms-and-mazes map.
    let c = rooms_and_mazes(255);
    let g = maze::generate(&c, 7, 1).expect("valid");
    let rooms = median(31, || {
        black_box(path_of_interest(&g, PoiEnds::Rooms));
    });
    let any = median(31, || {
        black_box(path_of_interest(&g, PoiEnds::AnyNodes));
    });
    let p = path_of_interest(&g, PoiEnds::AnyNodes).expect("nodes");
    let graph = NodeGraph::new(&g);
    println!(
        "\nPath of interest on a 255×255 rooms-and-mazes map ({} rooms, {} nodes): between rooms {} ms, between any nodes {} ms (length {} tiles, {} nodes, exact: {}).\n",
        g.room_rects().len(),
        graph.len(),
        ms(rooms),
        ms(any),
        p.length,
        p.nodes.len(),
        p.exact
    );

    // Where the time goes at 1023²: the path of interest that places the
    // start and end (node graph, then the searches and the tile walk).
    let big = maze::generate(&rooms_and_mazes(1023), 7, 1).expect("valid");
    let build = median(11, || {
        black_box(NodeGraph::new(&big));
    });
    let graph = NodeGraph::new(&big);
    let search = median(11, || {
        black_box(path_in(&big, &graph, PoiEnds::Rooms));
    });
    println!(
        "At 1023² (rooms and mazes, {} rooms, {} nodes) the start and end cost {} ms of the call: node graph {} ms, searches and tile walk {} ms.\n",
        big.room_rects().len(),
        graph.len(),
        ms(build + search),
        ms(build),
        ms(search)
    );

    let (theirs, only, full) = at_1024;
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    println!(
        "Measured: median wall time of whole `maze::generate` calls (maze, connectors, dead ends, masks, start and end by the path of interest) against mapgen 0.6 `MazeBuilder::modify_map`, same machine, same run, release build."
    );
    println!(
        "- maze 1024² ≤ 10 ms: {} ({} ms maze only, {} ms rooms and mazes).",
        verdict(only.as_secs_f64() <= 0.010 && full.as_secs_f64() <= 0.010),
        ms(only),
        ms(full)
    );
    println!(
        "- ≥ 100× mapgen's maze at 1024²: {} ({:.0}× maze only, {:.0}× rooms and mazes; mapgen {} ms, one run).",
        verdict(theirs.as_secs_f64() / only.as_secs_f64().max(full.as_secs_f64()) >= 100.0),
        theirs.as_secs_f64() / only.as_secs_f64(),
        theirs.as_secs_f64() / full.as_secs_f64(),
        ms(theirs)
    );
    println!(
        "- path of interest on 255×255 ≤ 50 ms: {} ({} ms between rooms, {} ms between any nodes).",
        verdict(rooms.as_secs_f64() <= 0.050 && any.as_secs_f64() <= 0.050),
        ms(rooms),
        ms(any)
    );
}
