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
//! - **rot.js** (`rot-js` 2.2.1 from the npm registry, run in Node): its
//!   perfect mazes (`ROT.Map.EllerMaze`, `IceyMaze`, `DividedMaze`) beside
//!   our maze only, its rooms and corridors (`ROT.Map.Uniform`, `Digger`,
//!   rooms 5–15 a side, a quarter of the map dug) beside our rooms and
//!   mazes, at our odd sides, each the median of up to 31 runs that fit in
//!   2 s. The bench installs rot-js into `$ROTJS_DIR` (default
//!   `~/.cache/dungeon-rotjs`), never into the repository; without Node or
//!   the registry it says so and skips those columns.

use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::poi::{NodeGraph, PoiEnds, path_in, path_of_interest, room_ends};
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

/// The CPU time this thread has used (`CLOCK_THREAD_CPUTIME_ID`): on a
/// busy machine wall time also counts the time other processes hold the
/// cores.
fn thread_cpu() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for clock_gettime to fill.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut t) } == 0;
    if ok {
        Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
    } else {
        Duration::ZERO
    }
}

/// The median CPU time of `runs` calls of `f` (see [`thread_cpu`]).
fn median_cpu(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut t: Vec<Duration> = (0..runs)
        .map(|_| {
            let s = thread_cpu();
            f();
            thread_cpu().saturating_sub(s)
        })
        .collect();
    t.sort_unstable();
    t[t.len() / 2]
}

/// The 1-minute load average, if the system reports it.
fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
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

/// The rot.js timing script (run from the cache folder, where rot-js is).
const ROTJS_SCRIPT: &str = include_str!("../rotjs/maze_bench.cjs");
/// The rot.js version timed.
const ROTJS_VERSION: &str = "2.2.1";

/// rot.js timings by (generator, side): median ms and runs, `None` where
/// the script skipped the size; or why rot.js could not run.
type RotTimes = BTreeMap<(String, i32), Option<(f64, u32)>>;

fn rotjs(sides: &[i32]) -> Result<RotTimes, String> {
    let version = Command::new("node")
        .arg("--version")
        .output()
        .map_err(|e| format!("node not found ({e})"))?;
    let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
    let dir = std::env::var_os("ROTJS_DIR").map_or_else(
        || {
            let home = std::env::var_os("HOME").unwrap_or_else(|| "/tmp".into());
            PathBuf::from(home).join(".cache/dungeon-rotjs")
        },
        PathBuf::from,
    );
    let installed = dir.join("node_modules/rot-js/package.json");
    let wanted = format!("\"version\": \"{ROTJS_VERSION}\"");
    if !std::fs::read_to_string(&installed).is_ok_and(|t| t.contains(&wanted)) {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let out = Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(&dir)
            .arg(format!("rot-js@{ROTJS_VERSION}"))
            .output()
            .map_err(|e| format!("npm not found ({e})"))?;
        if !out.status.success() {
            return Err(format!(
                "npm install rot-js@{ROTJS_VERSION} failed: {}",
                String::from_utf8_lossy(&out.stderr)
                    .lines()
                    .last()
                    .unwrap_or("")
            ));
        }
    }
    let script = dir.join("maze_bench.cjs");
    std::fs::write(&script, ROTJS_SCRIPT).map_err(|e| format!("{}: {e}", script.display()))?;
    let out = Command::new("node")
        .arg(&script)
        .args(sides.iter().map(i32::to_string))
        .output()
        .map_err(|e| format!("node {}: {e}", script.display()))?;
    if !out.status.success() {
        return Err(format!(
            "node {} failed: {}",
            script.display(),
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .last()
                .unwrap_or("")
        ));
    }
    let mut times = RotTimes::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (Some(name), Some(side)) = (f.first(), f.get(1).and_then(|s| s.parse().ok())) else {
            continue;
        };
        let ms = f.get(2).and_then(|s| s.parse().ok());
        let runs = f.get(3).and_then(|s| s.parse().ok());
        times.insert(((*name).to_owned(), side), ms.zip(runs));
    }
    eprintln!("rot.js {ROTJS_VERSION} on Node {version}");
    Ok(times)
}

fn main() {
    println!("### Rooms and mazes (MazeGenerator) and the path of interest\n");
    println!(
        "| map | mapgen MazeBuilder (ms) | ours, maze only (ms) | ratio | ours, rooms and mazes (ms) | ratio | ours ns/tile (maze only, rooms and mazes) |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut at_1024 = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut ours: Vec<(i32, Duration, Duration)> = Vec::new();
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
        ours.push((odd, only, full));
    }

    // rot.js at the same odd sides, in the same run.
    let sides: Vec<i32> = ours.iter().map(|o| o.0).collect();
    match rotjs(&sides) {
        Err(why) => println!("\nrot.js: not run ({why}); its columns are skipped.\n"),
        Ok(rot) => {
            let cell =
                |name: &str, side: i32, our: Duration| match rot.get(&(name.to_owned(), side)) {
                    Some(Some((ms, runs))) => format!(
                        "{ms:.3} ({:.0}×{})",
                        ms / (our.as_secs_f64() * 1e3),
                        if *runs < 3 { ", 1–2 runs" } else { "" }
                    ),
                    Some(None) => "skipped".to_owned(),
                    None => "—".to_owned(),
                };
            println!(
                "\nrot.js {ROTJS_VERSION} (Node) in the same run, ms (ratio rot.js / ours); mazes beside our maze only, rooms and corridors beside our rooms and mazes:\n"
            );
            println!(
                "| map | ours, maze only | EllerMaze | IceyMaze | DividedMaze | ours, rooms and mazes | Uniform | Digger |"
            );
            println!("|---|---|---|---|---|---|---|---|");
            for &(side, only, full) in &ours {
                println!(
                    "| {side}² | {} | {} | {} | {} | {} | {} | {} |",
                    ms(only),
                    cell("EllerMaze", side, only),
                    cell("IceyMaze", side, only),
                    cell("DividedMaze", side, only),
                    ms(full),
                    cell("Uniform", side, full),
                    cell("Digger", side, full),
                );
            }
            println!(
                "\nrot.js's rooms and corridors dig a quarter of the map (rooms 5–15 a side), ours fill it; Uniform is timed up to 511², Digger to 255² (1.4 s there: it grows much faster than the area). rot.js times include its per-cell callback, which stores each cell as ours do.\n"
            );
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

    // Where the time goes at 1023²: the carving, and the path of interest's
    // end rooms that place the start and end (on the dead-end-pruned map;
    // with two rooms no search at all). The plain search over the whole
    // node graph, with the tile walk, is what `generate_with_path` does.
    let big_config = rooms_and_mazes(1023);
    let big = maze::generate(&big_config, 7, 1).expect("valid");
    let ends = median(11, || {
        black_box(room_ends(&big));
    });
    let build = median(11, || {
        black_box(NodeGraph::new(&big));
    });
    let graph = NodeGraph::new(&big);
    let search = median(11, || {
        black_box(path_in(&big, &graph, PoiEnds::Rooms));
    });
    let plain = median(11, || {
        black_box(maze::generate_with_path(&big_config, 7, 1).expect("valid"));
    });
    let (cpu_only, cpu_full) = (
        median_cpu(11, || {
            black_box(maze::generate(&maze_only(1023), 7, 1).expect("valid"));
        }),
        median_cpu(11, || {
            black_box(maze::generate(&big_config, 7, 1).expect("valid"));
        }),
    );
    println!(
        "At 1023² (rooms and mazes, {} rooms, {} nodes) the start and end cost {} ms of the {} ms call (their two end rooms on the map with its dead ends pruned); the rest is carving. The plain version, `generate_with_path` (the whole node graph {} ms, the searches and tile walk {} ms), takes {} ms: {:.2}× the call.\n",
        big.room_rects().len(),
        graph.len(),
        ms(ends),
        ms(at_1024.2),
        ms(build),
        ms(search),
        ms(plain),
        plain.as_secs_f64() / at_1024.2.as_secs_f64()
    );
    println!(
        "CPU time per call at 1023² (median of 11, this thread only; the 1-minute load average was {}): maze only {} ms, rooms and mazes {} ms.\n",
        load_average().map_or("unknown".to_owned(), |l| format!(
            "{l:.1} on {} cores",
            std::thread::available_parallelism().map_or(0, |n| n.get())
        )),
        ms(cpu_only),
        ms(cpu_full)
    );

    let ends_share = ends.as_secs_f64() / at_1024.2.as_secs_f64();
    let rooms_1023 = big.room_rects().len();
    let (theirs, only, full) = at_1024;
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    println!(
        "Measured: median wall time of whole `maze::generate` calls (maze, connectors, dead ends, masks, start and end by the path of interest) against mapgen 0.6 `MazeBuilder::modify_map`, same machine, same run, release build."
    );
    let within = |wall: Duration, cpu: Duration| match (
        wall.as_secs_f64() <= 0.010,
        cpu.as_secs_f64() <= 0.010,
    ) {
        (true, _) => "met",
        (false, true) => "met in CPU time, missed in wall time on this busy machine",
        (false, false) => "missed",
    };
    println!(
        "- maze 1024² ≤ 10 ms: maze only {} ({} ms wall, {} ms CPU); rooms and mazes {} ({} ms wall, {} ms CPU: {:.0} % the end rooms' search, whose pruned node graph keeps thousands of nodes and needs dozens of bounding-diameter searches among {} rooms, the rest carving).",
        within(only, cpu_only),
        ms(only),
        ms(cpu_only),
        within(full, cpu_full),
        ms(full),
        ms(cpu_full),
        100.0 * ends_share,
        rooms_1023
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
