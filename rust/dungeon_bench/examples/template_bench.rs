//! TemplateGenerator (The Dungeoning's growing loop) beside a plain
//! version of the same loop, in one run.
//!
//! `cargo run --release --example template_bench` prints a markdown section.
//!
//! - **Ours**: `template::grow` (door lookup tables per side and width,
//!   an occupancy grid for the overlap test, loops, sealed doors, the tile
//!   map with its room records).
//! - **Baseline**: The Dungeoning's loop as written, on the same templates,
//!   orientations and map: pick an open door, try templates in random
//!   order and every orientation and door, test the new room against every
//!   placed room's rectangle. It builds no grid, so it does less work.
//!
//! 20 random templates (5–11 cells a side, 2–4 doors, turning allowed), a
//! square map of about 150 cells per room, no end room; counts 100 to 1000.
//! Each figure is the median of repeated runs, ours and the baseline
//! alternating seed by seed; the ratio is baseline / ours. The failed share
//! is failed placement tests / all placement tests (ours).

use std::hint::black_box;
use std::time::{Duration, Instant};

use dungeon_core::room_grid::RoomCount;
use dungeon_core::template::{self, DoorSlot, RoomTemplate, Side, TemplateConfig, Variant};
use dungeon_core::{DungeonRng, Pos, Rect};

const COUNTS: [(i32, usize); 4] = [(100, 201), (250, 61), (500, 31), (1000, 15)];

/// Median wall times of `runs` calls each of `a` and `b` (after one
/// warm-up call each), alternating seed by seed.
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

/// 20 templates: each with a door on two to four sides, width 1.
fn templates() -> Vec<RoomTemplate> {
    let mut rng = DungeonRng::new(20);
    (0..20)
        .map(|i| {
            let (w, h) = (rng.range(5, 11), rng.range(5, 11));
            let mut sides = Side::ALL.to_vec();
            rng.shuffle(&mut sides);
            let doors = sides[..rng.range(2, 4) as usize]
                .iter()
                .map(|&s| {
                    let len = if matches!(s, Side::North | Side::South) { w } else { h };
                    DoorSlot::new(s, rng.range(1, len - 2), 1)
                })
                .collect();
            let mut t = RoomTemplate::new(&format!("t{i}"), w, h, doors);
            t.rotations = true;
            t
        })
        .collect()
}

fn config(rooms: i32) -> TemplateConfig {
    let side = ((f64::from(rooms) * 150.0).sqrt() as i32).max(40);
    TemplateConfig {
        templates: templates(),
        width: side,
        height: side,
        count: RoomCount {
            base: rooms,
            per_level: 0.0,
            variance: 0,
        },
        start_tag: String::new(),
        end_tag: String::new(),
        corridor_tag: String::new(),
        corridors_between_rooms: false,
        loops: true,
        tag_rules: Vec::new(),
        max_steps: 10_000_000,
    }
}

/// The Dungeoning's loop as written: rectangles tested against every placed
/// room. Returns rooms placed.
fn baseline(c: &TemplateConfig, rooms: i32, seed: u64) -> usize {
    let mut rng = DungeonRng::new(seed);
    let variants: Vec<Vec<Variant>> = c
        .templates
        .iter()
        .map(|t| t.orientations().iter().map(|&(r, m)| Variant::of(t, r, m)).collect())
        .collect();
    let mut rects: Vec<Rect> = Vec::new();
    let mut open: Vec<(Side, Pos, i32)> = Vec::new();
    let place = |v: &Variant, o: Pos, skip: Option<usize>, rects: &mut Vec<Rect>, open: &mut Vec<(Side, Pos, i32)>| {
        rects.push(Rect::new(o.0, o.1, v.width, v.height));
        for (k, d) in v.doors.iter().enumerate() {
            if Some(k) != skip {
                let (x, y) = d.first_cell(v.width, v.height);
                open.push((d.side, (o.0 + x, o.1 + y), d.width));
            }
        }
    };
    let root = &variants[0][0];
    place(root, ((c.width - root.width) / 2, (c.height - root.height) / 2), None, &mut rects, &mut open);
    let mut order: Vec<usize> = (0..variants.len()).collect();
    while (rects.len() as i32) < rooms && !open.is_empty() {
        let i = rng.below(open.len() as u32) as usize;
        let (side, first, width) = open.swap_remove(i);
        let (sx, sy) = side.step();
        let target = (first.0 + sx, first.1 + sy);
        rng.shuffle(&mut order);
        'templates: for &t in &order {
            for v in &variants[t] {
                for (k, d) in v.doors.iter().enumerate() {
                    if d.side != side.opposite() || d.width != width {
                        continue;
                    }
                    let (lx, ly) = d.first_cell(v.width, v.height);
                    let o = (target.0 - lx, target.1 - ly);
                    let r = Rect::new(o.0, o.1, v.width, v.height);
                    let inside = o.0 >= 0 && o.1 >= 0 && o.0 + v.width <= c.width && o.1 + v.height <= c.height;
                    if inside && !rects.iter().any(|q| q.overlaps(&r)) {
                        place(v, o, Some(k), &mut rects, &mut open);
                        break 'templates;
                    }
                }
            }
        }
    }
    rects.len()
}

fn main() {
    println!("### TemplateGenerator: hand-made rooms grown into levels (The Dungeoning loop)\n");
    println!("| rooms | ours (ms) | baseline (ms) | baseline / ours | ours per room (µs) | failed tests (ours) | attempts |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let mut hundred = Duration::ZERO;
    for (rooms, runs) in COUNTS {
        let c = config(rooms);
        let level = template::grow(&c, 1, 1).expect("the bench set grows");
        let stats = level.stats;
        let (ours, base) = medians(
            runs,
            |seed| {
                black_box(template::grow(&c, seed, 1).map(|l| l.placements.len()).unwrap_or(0));
            },
            |seed| {
                black_box(baseline(&c, rooms, seed));
            },
        );
        if rooms == 100 {
            hundred = ours;
        }
        println!(
            "| {rooms} | {:.3} | {:.3} | {:.2} | {:.2} | {:.1} % | {} |",
            ours.as_secs_f64() * 1e3,
            base.as_secs_f64() * 1e3,
            base.as_secs_f64() / ours.as_secs_f64(),
            ours.as_secs_f64() * 1e6 / f64::from(rooms),
            100.0 * stats.failed as f64 / stats.tries.max(1) as f64,
            stats.attempts,
        );
    }
    let verdict = if hundred <= Duration::from_millis(1) { "met" } else { "missed" };
    println!(
        "\n20 random templates (5–11 cells, 2–4 doors, turning allowed) on a map of ~150 cells per \
         room, seed 1 level 1 for the failed share; medians over repeated seeds. Target \"100 rooms \
         from 20 templates ≤ 1 ms in the core\": **{verdict}** ({:.3} ms, grid included).",
        hundred.as_secs_f64() * 1e3
    );
}
