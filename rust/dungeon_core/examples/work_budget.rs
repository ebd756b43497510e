//! Every room-grid call ends within its work budget: the settings that used
//! to hang, then a sweep of random configs (seeded, so reruns are identical)
//! asserting that each call returns with no more steps than it was allowed.
//! Wall time is printed, never asserted.
//! `cargo run --release -p dungeon_core --example work_budget [configs]`

use std::time::Instant;

use dungeon_core::drunkard::{self, DrunkardConfig, OffGrid};
use dungeon_core::isaac::{self, GrowthRule, IsaacConfig};
use dungeon_core::room_grid::{EndRule, MAX_STEPS, RoomGridConfig, StartRule, Work};
use dungeon_core::{DungeonGrid, DungeonRng, GenError};

type Outcome = (Result<DungeonGrid, GenError>, Work);

/// Runs one call, checks it kept to its budget; returns its time, work and
/// outcome (0 ok, 1 refused up front, 2 ran out).
fn show(name: &str, run: impl FnOnce() -> Outcome) -> (f64, Work, usize) {
    let t = Instant::now();
    let (r, work) = run();
    let secs = t.elapsed().as_secs_f64();
    let what = match &r {
        Ok(g) => format!("ok, {} rooms", g.rooms().len()),
        Err(e) => e.to_string(),
    };
    if !name.is_empty() {
        println!(
            "{name}: {secs:.3} s, {} steps, {} attempts: {what}",
            work.steps, work.attempts
        );
    }
    assert!(
        work.steps <= work.budget && work.budget <= MAX_STEPS,
        "{name}: {work:?}"
    );
    let kind = match r {
        Ok(_) => 0,
        Err(GenError::Config(_)) => 1,
        Err(GenError::Exhausted { .. }) => 2,
        Err(GenError::Cancelled) => 3,
    };
    (secs, work, kind)
}

/// A random value from a few typical ones and a few extreme ones.
fn pick<T: Copy>(rng: &mut DungeonRng, typical: &[T], extreme: &[T]) -> T {
    if rng.chance(0.9) {
        *rng.pick(typical).unwrap()
    } else {
        *rng.pick(extreme).unwrap()
    }
}

fn random_grid(rng: &mut DungeonRng) -> RoomGridConfig {
    let mut g = IsaacConfig::compact().grid;
    g.width = pick(rng, &[8, 9, 12, 20], &[2, 3, 64, 256]);
    g.height = pick(rng, &[8, 9, 12, 20], &[2, 3, 64, 256]);
    g.count.base = pick(rng, &[5, 7, 10], &[2, 100, 1000, 40_000]);
    g.count.per_level = pick(rng, &[2.6, 3.0], &[0.0, 10.0, 1000.0]);
    g.count.variance = pick(rng, &[1, 3], &[0, 1000]);
    g.max_fill = pick(rng, &[0.45, 0.65, 0.7], &[0.05, 0.6]);
    g.grow_grid = rng.chance(0.3);
    g.max_attempts = pick(rng, &[1, 10, 2000], &[1_000_000]);
    g.ends.start = if rng.chance(0.5) {
        StartRule::Origin
    } else {
        StartRule::RandomRoom
    };
    g.ends.min_dead_ends = pick(rng, &[1, 2, 3, 5], &[20, 4097]);
    g.ends.end = if rng.chance(0.4) {
        EndRule::FarthestDeadEnd
    } else {
        EndRule::FarthestApart {
            min_distance: pick(rng, &[0.0, 3.0, 5.0], &[9.0, 40.0, 512.0]),
            off_axis: rng.chance(0.5),
        }
    };
    g
}

fn main() {
    let configs: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    println!("settings that used to hang:");
    let mut c = IsaacConfig::compact();
    c.grid.grow_grid = true;
    c.give_up_chance = 0.99;
    show(
        "isaac --level 1000 --grow-grid --give-up-chance 0.99",
        || isaac::generate_counted(&c, 1, 1000),
    );
    let mut c = IsaacConfig::compact();
    c.grid.width = 256;
    c.grid.height = 256;
    c.grid.max_fill = 0.7;
    c.grid.count.base = 40_000;
    c.grid.count.variance = 0;
    c.grid.count.per_level = 0.0;
    c.grid.max_attempts = 1;
    for d in [512.0, 300.0] {
        c.grid.ends.end = EndRule::FarthestApart {
            min_distance: d,
            off_axis: true,
        };
        show(
            &format!("isaac 256×256, 40 000 rooms, min_end_distance {d}"),
            || isaac::generate_counted(&c, 1, 1),
        );
    }
    let mut c = IsaacConfig::compact();
    c.grid.width = 9;
    c.grid.height = 20;
    c.grid.ends.min_dead_ends = 4097;
    c.grid.max_attempts = 1_000_000;
    show("isaac 9×20, min_dead_ends 4097", || {
        isaac::generate_counted(&c, 1, 1)
    });
    c.grid.ends.min_dead_ends = 12;
    show("isaac 9×20, min_dead_ends 12", || {
        isaac::generate_counted(&c, 1, 1)
    });

    println!("\n{configs} random configs:");
    let mut rng = DungeonRng::new(0x00B0_D6E7);
    let (mut slowest, mut slow_name, mut most_steps) = (0.0f64, String::new(), 0u64);
    let mut outcomes = [0u64; 3];
    let start = Instant::now();
    for i in 0..configs {
        let grid = random_grid(&mut rng);
        let seed = u64::from(rng.next_u32());
        let level = pick(&mut rng, &[1, 2, 5, 10], &[0, 11, 100, 1000]);
        let isaac_rule = rng.chance(0.5);
        let give_up = pick(&mut rng, &[0.0, 1.0 / 3.0, 0.5], &[0.9, 0.99]);
        let (diagonal, max_steps) = (rng.chance(0.5), pick(&mut rng, &[20_000], &[1, 10_000_000]));
        let (name, (secs, work, kind)) = if rng.chance(0.6) {
            let rule = if isaac_rule {
                GrowthRule::Branching
            } else {
                GrowthRule::Crowding
            };
            let c = IsaacConfig {
                grid,
                origin: None,
                rule,
                give_up_chance: give_up,
                room_rules: isaac_rule.then(dungeon_core::room_grid::RoomRules::isaac),
                large_rooms: dungeon_core::room_grid::LargeRooms::NONE,
            };
            let out = show("", || isaac::generate_counted(&c, seed, level));
            (format!("#{i} {c:?} level {level}"), out)
        } else {
            let c = DrunkardConfig {
                grid,
                diagonal,
                off_grid: OffGrid::ReturnToStart,
                max_steps,
            };
            let out = show("", || drunkard::generate_counted(&c, seed, level));
            (format!("#{i} {c:?} level {level}"), out)
        };
        outcomes[kind] += 1;
        most_steps = most_steps.max(work.steps);
        if secs > slowest {
            slowest = secs;
            slow_name = format!("{name}: {work:?}");
        }
    }
    let [ok, refused, ran_out] = outcomes;
    println!(
        "{ok} ok, {refused} refused up front, {ran_out} ran out of attempts or work, in {:.1} s; \
         most steps in one call {most_steps} (cap {MAX_STEPS}); slowest call {slowest:.3} s:\n  \
         {slow_name}",
        start.elapsed().as_secs_f64()
    );
}
