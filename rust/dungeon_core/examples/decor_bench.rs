//! Decoration in the core: `decor::MarkerMap::new` alone, and
//! `decor::decorate` (the marker map included) with rules placing about
//! 10,000 props, on a 1024² cave and a 1024² BSP map of about 200 rooms,
//! against the plain versions (`decor::plain`) timed in the same run.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example decor_bench
//! cargo run --release -p dungeon_core --example decor_bench -- --runs 21
//! ```
//!
//! Prints a markdown table: per case the p50 and the fastest of `--runs`
//! runs (default 11), fast and plain, and their ratio (p50 over p50). Each
//! run checks that the fast and the plain versions give the same map and
//! the same props. `--profile fast|plain|markers` runs only that, for a
//! profiler. The grid's room index is built before the first run
//! (a grid builds it once and keeps it).

// Only its quantile is used here.
#[allow(dead_code)]
#[path = "common/hundred.rs"]
mod hundred;

use std::hint::black_box;
use std::time::Instant;

use dungeon_core::DungeonGrid;
use dungeon_core::decor::{self, DecorRule, MarkerKind, MarkerMap, RoomFilter, plain};
use dungeon_core::registry::find;
use hundred::quantile;

fn rule(marker: MarkerKind, chance: f64, spacing: i32, blocks: bool) -> DecorRule {
    DecorRule {
        marker,
        rooms: RoomFilter::default(),
        chance,
        spacing,
        max_per_room: 0,
        blocks,
    }
}

/// Cave rules: torches on walls spaced out, rubble blocking open floor,
/// something in dead ends and inner corners.
fn cave_rules() -> Vec<DecorRule> {
    vec![
        rule(MarkerKind::Wall, 0.016, 6, false),
        rule(MarkerKind::OpenFloor, 0.006, 2, true),
        rule(MarkerKind::DeadEnd, 0.5, 0, true),
        rule(MarkerKind::InnerCorner, 0.04, 3, true),
    ]
}

/// Room-and-corridor rules: torches on walls, pillars in inner corners,
/// rubble on room floor, crates along the room band, a corridor prop.
fn bsp_rules() -> Vec<DecorRule> {
    vec![
        rule(MarkerKind::Wall, 0.35, 6, false),
        rule(MarkerKind::InnerCorner, 1.0, 0, true),
        rule(MarkerKind::RoomFloor, 0.007, 3, true),
        DecorRule {
            max_per_room: 12,
            ..rule(MarkerKind::RoomBand, 0.05, 2, true)
        },
        rule(MarkerKind::CorridorFloor, 0.02, 4, false),
    ]
}

fn grid(name: &str, settings: &[(&str, &str)]) -> DungeonGrid {
    let mut job = find(name)
        .and_then(|e| e.job(None))
        .expect("a known generator");
    for &(k, v) in settings {
        job.set(k, v).expect("a valid setting");
    }
    job.generate(1, 1).expect("a grid")
}

/// A p50 and a fastest time, in ms.
type Times = (f64, f64);

/// The p50 and the fastest of `runs` timings of `f`, in ms.
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> Times {
    let mut v = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        black_box(f());
        v.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let min = v.iter().copied().fold(f64::INFINITY, f64::min);
    (quantile(&mut v, 0.5), min)
}

fn main() {
    let mut runs = 11;
    let args: Vec<String> = std::env::args().collect();
    if let Some(k) = args.iter().position(|a| a == "--runs")
        && let Some(n) = args.get(k + 1).and_then(|s| s.parse().ok())
    {
        runs = n;
    }
    // `--profile fast|plain|markers`: only that, `runs` times per map, for a profiler.
    let profile = args
        .iter()
        .position(|a| a == "--profile")
        .and_then(|k| args.get(k + 1))
        .cloned();
    let cases = [
        (
            "cave 1024²",
            grid("cave", &[("width", "1024"), ("height", "1024")]),
            cave_rules(),
        ),
        (
            "bsp 1024²",
            grid(
                "bsp",
                &[
                    ("width", "1024"),
                    ("height", "1024"),
                    ("iterations", "8"),
                    ("min_partition_size", "45"),
                ],
            ),
            bsp_rules(),
        ),
    ];
    if let Some(what) = profile {
        for (_, g, rules) in &cases {
            let _ = g.room_at((0, 0));
            for _ in 0..runs {
                match what.as_str() {
                    "plain" => drop(black_box(plain::decorate(g, rules, 7, &[]))),
                    "markers" => drop(black_box(MarkerMap::new(g))),
                    _ => drop(black_box(decor::decorate(g, rules, 7, &[]))),
                }
            }
        }
        return;
    }
    println!(
        "`cargo run --release -p dungeon_core --example decor_bench -- --runs {runs}`: p50 / \
         fastest of {runs} runs, ms.\n"
    );
    println!(
        "| map | rooms | markers | props | what | fast p50 | fast min | plain p50 | plain min | plain / fast |"
    );
    println!("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|");
    for (label, g, rules) in &cases {
        let _ = g.room_at((0, 0)); // builds the room index once
        let map = MarkerMap::new(g);
        assert_eq!(map, plain::marker_map(g), "{label}: the marker maps differ");
        let props = decor::decorate(g, rules, 7, &[]).expect("good rules");
        let want = plain::decorate(g, rules, 7, &[]).expect("good rules");
        assert_eq!(props, want, "{label}: the props differ");
        let markers = decor::markers(g).len();
        let rows: [(&str, Times, Times); 2] = [
            (
                "markers",
                time(runs, || MarkerMap::new(g)),
                time(runs, || plain::marker_map(g)),
            ),
            (
                "markers + props",
                time(runs, || decor::decorate(g, rules, 7, &[])),
                time(runs, || plain::decorate(g, rules, 7, &[])),
            ),
        ];
        for (what, fast, slow) in rows {
            println!(
                "| {label} | {} | {markers} | {} | {what} | {:.2} | {:.2} | {:.2} | {:.2} | {:.1}× |",
                g.room_count(),
                props.len(),
                fast.0,
                fast.1,
                slow.0,
                slow.1,
                slow.0 / fast.0
            );
        }
        let mut per_rule = vec![0; rules.len()];
        for p in &props {
            per_rule[p.rule] += 1;
        }
        eprintln!("{label}: props per rule {per_rule:?}");
    }
}
