//! Progression planner figures: per generator with rooms (default preset)
//! and on settings that make about 100 rooms, what `progression::plan`
//! places and how long it takes.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example progression_bench            # 1000 seeds per row
//! cargo run --release -p dungeon_core --example progression_bench -- --seeds 200
//! ```
//!
//! Prints a markdown table. Per row, seeds 0 to N−1 at level 1, planned with
//! 3 locks (`lock_guard` any, up to 2 doors per key) and 1 one-way door:
//!
//! - **all placed**: share of levels that got all 3 locks;
//! - **critical**: share of levels with at least one lock the end lies
//!   behind (a lock on the critical path);
//! - **key depth**: the mean branch depth of the key rooms (rooms off the
//!   critical path: how far the player detours for a key);
//! - **one-way**: share of levels that got their one-way door;
//! - **plan**: wall-clock time of `plan` (the best of three, on a copy of
//!   the grid whose room graph is already derived), the proof included,
//!   p50 and p95 over the seeds;
//! - **generate**: the generator's own time for the same grids, p50, for
//!   scale.

#[path = "common/hundred.rs"]
mod hundred;

use std::time::Instant;

use dungeon_core::Watch;
use dungeon_core::progression::{ProgressionSettings, plan};
use hundred::{Row, quantile, rows, seeds_arg};

/// What the rows plan with.
const ASK: ProgressionSettings = ProgressionSettings {
    locks: 3,
    one_way: 1,
    lock_guard: dungeon_core::progression::LockGuard::Any,
    max_doors_per_key: 2,
    secret_rooms: dungeon_core::progression::SecretRooms::Optional,
    flat_keys: false,
};

fn measure(row: &Row, seeds: u64) {
    let (mut times, mut gen_times, mut grids, mut rooms) = (Vec::new(), Vec::new(), 0usize, 0usize);
    let (mut all, mut critical, mut one_way, mut keys, mut depth) = (0, 0, 0, 0usize, 0i64);
    let mut failed = 0;
    for seed in 0..seeds {
        let t = Instant::now();
        let made = row.job.generate(seed, 1);
        gen_times.push(t.elapsed().as_secs_f64() * 1000.0);
        let grid = match made {
            Ok(g) => g,
            Err(_) => {
                failed += 1;
                continue;
            }
        };
        std::hint::black_box(grid.connections());
        let mut ask = ASK;
        let secret = |r: usize| grid.room_role(r).is_some_and(|role| role.is_secret());
        let visible = grid
            .connections()
            .iter()
            .filter(|c| !secret(c.rooms.0) && !secret(c.rooms.1))
            .count();
        ask.locks = ask.locks.min(i32::try_from(visible).unwrap_or(0));
        let mut best = f64::INFINITY;
        let mut planned = grid.clone();
        let mut got = None;
        for _ in 0..3 {
            planned = grid.clone();
            let t = Instant::now();
            got = plan(&mut planned, &ask, &Watch::new()).ok();
            best = best.min(t.elapsed().as_secs_f64() * 1000.0);
        }
        let Some(p) = got else {
            failed += 1;
            continue;
        };
        times.push(best);
        grids += 1;
        rooms += grid.room_count();
        all += usize::from(p.locks_placed == ASK.locks);
        one_way += usize::from(p.one_way_placed == ASK.one_way);
        let m = planned.room_metrics();
        let end = planned.room_at(planned.end());
        critical += usize::from(planned.locks().iter().any(|l| {
            l.key().is_some() && end.is_some_and(|e| e == l.into || m.is_behind(l.into, e))
        }));
        for k in planned.key_rooms() {
            keys += 1;
            depth += i64::from(m.branch_depth.get(k).copied().unwrap_or(0).max(0));
        }
    }
    let share = |x: usize| 100.0 * x as f64 / grids.max(1) as f64;
    println!(
        "| {} | {grids} | {:.1} | {:.1} % | {:.1} % | {:.2} | {:.1} % | {:.3} / {:.3} | {:.2} |{}",
        row.label,
        rooms as f64 / grids.max(1) as f64,
        share(all),
        share(critical),
        depth as f64 / keys.max(1) as f64,
        share(one_way),
        quantile(&mut times, 0.5),
        quantile(&mut times, 0.95),
        quantile(&mut gen_times, 0.5),
        if failed > 0 {
            format!(" ({failed} seeds failed)")
        } else {
            String::new()
        },
    );
}

fn main() {
    let seeds = seeds_arg(1000);
    let rows = rows(|e| e.has_rooms());
    println!("### Progression: locks, keys and one-way doors (`progression::plan`)\n");
    println!(
        "`cargo run --release -p dungeon_core --example progression_bench -- --seeds {seeds}`: \
         {seeds} seeds per row (0 to {}), level 1, each grid planned with 3 locks (`lock_guard` \
         any, up to 2 doors per key) and 1 one-way door. *all placed*: levels that got all 3 \
         locks; *critical*: levels with a lock the end lies behind; *key depth*: mean branch \
         depth of the key rooms (rooms off the critical path); *one-way*: levels that got their \
         one-way door (only loops take one); *plan*: `plan` with its proof, ms p50 / p95 (best \
         of three, the room graph derived beforehand); *generate*: the generator's own ms, p50, \
         for scale. Goal: plan ≤ 2 ms at ~100 rooms.\n",
        seeds.saturating_sub(1)
    );
    println!(
        "| grid | grids | rooms (mean) | all placed | critical | key depth | one-way | plan | generate (p50) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for row in &rows {
        measure(row, seeds);
    }
    println!(
        "\nThat no plan can soft-lock is a test, not a figure here: \
         `cargo test --release -p dungeon_core --test progression_properties -- --ignored` \
         plans 10 000 seeds per generator with rooms and searches every play of each."
    );
}
