//! CaveGenerator beside mapgen's cellular automaton, in one run.
//!
//! `cargo run --release --example cave_bench` prints a markdown section:
//!
//! - **CA, 15 passes**: our automaton alone ([`cave::automaton_walls`]:
//!   the random fill and 15 passes on rows of bits) against mapgen's
//!   `NoiseGenerator::new(0.55)` + `CellularAutomata::new()` (its fill and
//!   its 15 passes), on the same map size and fill (0.45 wall, the classic
//!   cave's; at mapgen's default 0.5 our rule breaks the map into pockets). The rules are
//!   of one kind but not identical: mapgen walls a tile when 5 or more of
//!   its 8 neighbours are walls or none is; ours runs R1 ≥ 5 or R2 ≤ 2.
//! - **Whole cave**: our `generate` with every region joined (`connect_all`)
//!   and the start and farthest end, against mapgen's noise + CA +
//!   `AreaStartingPosition` (centre) + `CullUnreachable` + `DistantExit`.
//!
//! Each figure is the median of repeated runs, ours and mapgen's
//! alternating seed by seed; ratios are mapgen / ours.

use std::hint::black_box;
use std::time::{Duration, Instant};

use dungeon_core::cave::{self, CaveConfig, CavePhase, Regions};
use mapgen::filter::{
    AreaStartingPosition, CellularAutomata, CullUnreachable, DistantExit, NoiseGenerator, XStart,
    YStart,
};
use mapgen::{MapBuffer, MapFilter};
use rand::prelude::*;

const SIZES: [(i32, i32, usize); 3] = [(80, 50, 201), (256, 256, 31), (1024, 1024, 9)];

/// Median wall times of `runs` calls each of `a` and `b` (after one
/// warm-up call each), alternating a and b seed by seed so that a busy
/// moment of a shared machine falls on both alike.
fn medians(runs: usize, mut a: impl FnMut(u64), mut b: impl FnMut(u64)) -> (Duration, Duration) {
    a(u64::MAX);
    b(u64::MAX);
    let (mut ta, mut tb) = (Vec::new(), Vec::new());
    for seed in 0..runs as u64 {
        let t = Instant::now();
        a(seed);
        ta.push(t.elapsed());
        let t = Instant::now();
        b(seed);
        tb.push(t.elapsed());
    }
    ta.sort_unstable();
    tb.sort_unstable();
    (ta[runs / 2], tb[runs / 2])
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

/// Our settings matched to mapgen's: fill 0.45, 15 passes.
fn ours(w: i32, h: i32) -> CaveConfig {
    CaveConfig {
        width: w,
        height: h,
        fill_probability: 0.45,
        phases: vec![CavePhase::new(5, 2, 15)],
        regions: Regions::ConnectAll,
        min_region_size: 8,
        min_floor_fraction: 0.0,
        max_attempts: 1,
    }
}

fn mapgen_ca(input: &MapBuffer, seed: u64) -> MapBuffer {
    let mut rng = StdRng::seed_from_u64(seed);
    let map = NoiseGenerator::new(0.55).modify_map(&mut rng, input);
    CellularAutomata::new().modify_map(&mut rng, &map)
}

fn mapgen_cave(input: &MapBuffer, seed: u64) -> MapBuffer {
    let mut rng = StdRng::seed_from_u64(seed);
    let map = mapgen_ca(input, seed);
    let map = AreaStartingPosition::new(XStart::CENTER, YStart::CENTER).modify_map(&mut rng, &map);
    let map = CullUnreachable::new().modify_map(&mut rng, &map);
    DistantExit::new().modify_map(&mut rng, &map)
}

fn main() {
    let mut rows = Vec::new();
    let (mut ca_1024, mut cave_1024, mut ca_ms_1024) = (0.0, Duration::ZERO, Duration::ZERO);
    for (w, h, runs) in SIZES {
        let c = ours(w, h);
        let input = MapBuffer::new(w as usize, h as usize);
        let (ca_ours, ca_theirs) = medians(
            runs,
            |s| {
                black_box(cave::automaton_walls(&c, s, 1).expect("valid"));
            },
            |s| {
                black_box(mapgen_ca(&input, s));
            },
        );
        let (cave_ours, cave_theirs) = medians(
            runs,
            |s| {
                black_box(cave::generate(&c, s, 1).expect("valid"));
            },
            |s| {
                black_box(mapgen_cave(&input, s));
            },
        );
        let r_ca = ca_theirs.as_secs_f64() / ca_ours.as_secs_f64();
        let r_cave = cave_theirs.as_secs_f64() / cave_ours.as_secs_f64();
        if w == 1024 {
            ca_1024 = r_ca;
            cave_1024 = cave_ours;
            ca_ms_1024 = ca_ours;
        }
        rows.push(format!(
            "| {w}×{h} | {} | {} | {r_ca:.1}× | {} | {} | {r_cave:.1}× |",
            ms(ca_ours),
            ms(ca_theirs),
            ms(cave_ours),
            ms(cave_theirs)
        ));
    }
    println!("### CaveGenerator vs mapgen's cellular automaton\n");
    println!(
        "| map | CA 15 passes, ours (ms) | mapgen CA (ms) | ratio | whole cave, ours (ms) | mapgen CA + cull + exit (ms) | ratio |"
    );
    println!("|---|---|---|---|---|---|---|");
    for r in rows {
        println!("{r}");
    }
    println!();
    println!(
        "Medians of repeated runs (201 / 31 / 9 seeds), release build. CA: the random fill \
         plus 15 passes, ours on rows of 64-tile words (R1 ≥ 5 or R2 ≤ 2), mapgen's \
         NoiseGenerator::new(0.55) + CellularAutomata (8 neighbours ≥ 5 or 0), both at 0.45 wall. \
         Whole cave: ours with connect_all (regions over 8 tiles joined, smaller ones filled), \
         start and farthest end, against mapgen's CA + AreaStartingPosition + CullUnreachable + \
         DistantExit."
    );
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    println!(
        "Targets: CA 1024², 15 passes, ≥ 20× mapgen: {:.1}×, {}. Whole cave with regions \
         joined, 1024², ≤ 20 ms: {} ms, {}{}.",
        ca_1024,
        verdict(ca_1024 >= 20.0),
        ms(cave_1024),
        verdict(cave_1024 <= Duration::from_millis(20)),
        if cave_1024 <= Duration::from_millis(20) {
            String::new()
        } else {
            format!(
                " ({} ms of it the automaton; the rest is labelling the regions from runs, \
                 carving the passages, writing the grid's cells and door masks (2 MB) and the \
                 BFS for the farthest end)",
                ms(ca_ms_1024)
            )
        }
    );
}
