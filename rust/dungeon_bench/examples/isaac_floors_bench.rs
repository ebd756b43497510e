//! Complete Isaac floors: statistics over 10 000 floors per level (levels
//! 1–10) of the `large_rooms` and `branching` presets, every floor checked
//! against every rule (`dungeon_core/tests/support/isaac_floor_check.rs`),
//! beside the figures published for The Binding of Isaac; then the time
//! for a complete level-5 floor with all roles, large rooms on and off,
//! printed as a markdown section.
//!
//! Published figures (Boris the Brave's write-up): one
//! boss, super secret, shop, treasure and secret room per floor; Rebirth
//! asks at least 5 dead ends plus 1 per floor after the first; Rebirth's
//! floors have about `3.33·level + 5..6` rooms (capped at 20). Nothing is
//! published about how many large rooms a floor has.
//!
//! `cargo run --release --example isaac_floors_bench`

#[path = "../../dungeon_core/tests/support/isaac_floor_check.rs"]
mod check;

use std::hint::black_box;
use std::time::Instant;

use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::{RoomRole, RoomShape};

/// Floors per level for the statistics.
const FLOORS: u64 = 10_000;
/// The target for one complete level-5 floor, in ns.
const TARGET_NS: f64 = 10_000.0;

/// The median of `runs` timings of `f`, in nanoseconds.
fn median_ns(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_nanos() as f64
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[t.len() / 2]
}

/// Sums over the floors of one level.
#[derive(Default)]
struct Level {
    failed: u64,
    attempts: u64,
    rooms: u64,
    cells: u64,
    dead_ends: u64,
    large: u64,
    l_shapes: u64,
    placed: [u64; 12],
    secret_neighbours: [u64; 4],
}

fn stats(name: &str, c: &IsaacConfig) {
    println!(
        "\n#### Preset `{name}` ({FLOORS} floors per level, each checked against every rule)\n"
    );
    println!(
        "| level | failed | retries | rooms (cells) | dead ends (Rebirth min) | large rooms (L) | boss | \
         super secret | shop | treasure | secret (3+/2/1 neighbours) | optional |"
    );
    println!(
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    );
    for level in 1..=10 {
        let mut s = Level::default();
        for seed in 0..FLOORS {
            let (r, work) = isaac::generate_counted(c, seed, level);
            s.attempts += u64::from(work.attempts);
            let Ok(g) = r else {
                s.failed += 1;
                continue;
            };
            let facts = check::check_floor(&g, c, seed, level);
            s.rooms += g.room_count() as u64;
            s.cells += g.rooms().len() as u64;
            s.dead_ends += facts.dead_ends as u64;
            s.large += facts.large_rooms as u64;
            s.l_shapes += g
                .large_rooms()
                .iter()
                .filter(|l| RoomShape::L_SHAPES.contains(&l.1))
                .count() as u64;
            for r in g.room_records() {
                s.placed[r.role as usize] += 1;
            }
            for (k, n) in facts.secret_neighbours.iter().enumerate() {
                s.secret_neighbours[k] += *n as u64;
            }
        }
        let ok = (FLOORS - s.failed).max(1) as f64;
        let per = |x: u64| x as f64 / ok;
        let role = |r: RoomRole| per(s.placed[r as usize]);
        let optional: u64 = [
            RoomRole::Sacrifice,
            RoomRole::Curse,
            RoomRole::Challenge,
            RoomRole::Library,
        ]
        .iter()
        .map(|&r| s.placed[r as usize])
        .sum();
        println!(
            "| {level} | {} | {:.2} | {:.1} ({:.1}) | {:.2} ({}) | {:.2} ({:.2}) | {:.2} | {:.2} | {:.2} | {:.2} | \
             {:.2} ({}/{}/{}) | {:.2} |",
            s.failed,
            s.attempts as f64 / FLOORS as f64 - 1.0,
            per(s.rooms),
            per(s.cells),
            per(s.dead_ends),
            5 + level - 1,
            per(s.large),
            per(s.l_shapes),
            role(RoomRole::Boss),
            role(RoomRole::SuperSecret),
            role(RoomRole::Shop),
            role(RoomRole::Treasure),
            role(RoomRole::Secret),
            s.secret_neighbours[3],
            s.secret_neighbours[2],
            s.secret_neighbours[1],
            per(optional),
        );
    }
}

/// The median time of one complete floor of `c` at `level`, in ns: batches
/// of 1000 consecutive seeds, the median batch over `runs`.
fn floor_ns(c: &IsaacConfig, level: i32, runs: usize) -> f64 {
    let mut first = 0u64;
    median_ns(runs, || {
        for seed in first..first + 1000 {
            black_box(isaac::generate(c, black_box(seed), level).expect("valid preset"));
        }
        first += 1000;
    }) / 1000.0
}

/// This process's user CPU time in seconds (Linux `/proc/self/stat`, in
/// clock ticks of 10 ms), or `None` elsewhere. Unlike wall time it does not
/// grow while other processes hold the CPU.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which ends with ')'): utime is the 12th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let utime: f64 = rest.split(' ').nth(11)?.parse().ok()?;
    Some(utime / 100.0)
}

/// User CPU time per floor of `c` at `level` over `floors` seeds, in ns.
fn floor_cpu_ns(c: &IsaacConfig, level: i32, floors: u64) -> Option<f64> {
    let before = cpu_seconds()?;
    for seed in 0..floors {
        black_box(isaac::generate(c, black_box(seed), level).expect("valid preset"));
    }
    Some((cpu_seconds()? - before) * 1e9 / floors as f64)
}

fn main() {
    println!("### Complete Isaac floors: special rooms and large rooms\n");
    println!(
        "Published for Isaac: one boss, super secret, shop, treasure and secret room per \
         floor; Rebirth asks at least 5 dead ends plus 1 per floor after the first (shown \
         beside ours; our presets do not ask it by default: `IsaacRoomRules.rebirth()`). \
         Retries are attempts beyond the first per floor; rooms count a large room once, \
         cells count its cells; the secret column splits the secret rooms by the rooms \
         beside them (Isaac's relaxation from 3 to 2 to 1). Optional rooms are sacrifice, \
         curse, challenge and library rooms from level 2."
    );
    let large = IsaacConfig::large_rooms();
    let branching = IsaacConfig::branching();
    stats("large_rooms", &large);
    stats("branching", &branching);

    let runs = 31;
    let with_large = floor_ns(&large, 5, runs);
    let without = floor_ns(&branching, 5, runs);
    let bare = floor_ns(
        &IsaacConfig {
            room_rules: None,
            ..IsaacConfig::branching()
        },
        5,
        runs,
    );
    let configs = [
        (
            "`large_rooms`: 13×13, large rooms, all roles",
            large.clone(),
            with_large,
        ),
        (
            "`branching`: 9×8, all roles, no large rooms",
            branching.clone(),
            without,
        ),
        (
            "`branching` without special rooms (the grown floor only)",
            IsaacConfig {
                room_rules: None,
                ..IsaacConfig::branching()
            },
            bare,
        ),
    ];
    println!(
        "\n| level-5 floor | wall time (median of {runs} batches of 1000 seeds) | CPU time (200 000 seeds) | CPU time vs target {} µs |",
        TARGET_NS / 1e3
    );
    println!("| --- | ---: | ---: | ---: |");
    let mut large_cpu = None;
    for (k, (what, c, ns)) in configs.iter().enumerate() {
        let cpu = floor_cpu_ns(c, 5, 200_000);
        if k == 0 {
            large_cpu = cpu;
        }
        println!(
            "| {what} | {:.2} µs | {} | {} |",
            ns / 1e3,
            cpu.map_or("n/a".to_owned(), |x| format!("{:.2} µs", x / 1e3)),
            cpu.map_or("n/a".to_owned(), |x| format!("{:.2}×", x / TARGET_NS)),
        );
    }
    let measured = large_cpu.unwrap_or(with_large);
    println!(
        "\nMeasured: `isaac::generate` in a release build, retries included, every floor \
         valid; wall time is the median batch, CPU time the process's user time over \
         200 000 floors (on a shared machine wall time also counts the time other \
         processes held the CPU). Verdict: a complete level-5 floor with all roles and \
         large rooms takes {:.2} µs of CPU: target ≤ 10 µs {}.",
        measured / 1e3,
        if measured <= TARGET_NS {
            "met".to_owned()
        } else {
            format!(
                "missed ({:.2}× the floor without large rooms: the 13×13 grid is cleared and \
                 scanned 2.3× as many cells per attempt, and room-level dead ends and \
                 distances replace the cell scans)",
                measured / without
            )
        }
    );
}
