//! Special rooms on `branching` (Isaac) floors: 10 000 floors per level for
//! levels 1–10, each checked against every rule (`tests/support/
//! isaac_roles_check.rs`), then statistics beside Isaac's published rules,
//! the Rebirth minimum dead ends' success rate, and the time per floor.
//! `cargo run --release -p dungeon_core --example isaac_roles`

#[path = "../tests/support/isaac_roles_check.rs"]
mod check;

use std::hint::black_box;
use std::time::Instant;

use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::room_grid::RoomRules;
use dungeon_core::{DIRS, RoomRole};

const SEEDS: u64 = 10_000;

fn main() {
    let c = IsaacConfig::branching();
    if std::env::args().any(|a| a == "--time-only") {
        timing(&c);
        return;
    }
    println!("### Special rooms on Isaac floors ({SEEDS} floors per level, preset branching)\n");
    println!(
        "| level | failed | attempts | dead ends (Rebirth min) | boss | super secret | shop | treasure | \
         secret (3+/2/1 neighbours) | sacrifice | curse | challenge | library |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let optional = [
        RoomRole::Sacrifice,
        RoomRole::Curse,
        RoomRole::Challenge,
        RoomRole::Library,
    ];
    for level in 1..=10 {
        let (mut failed, mut attempts, mut dead_ends) = (0u64, 0u64, 0u64);
        let mut per_role = [0u64; 12];
        let mut secret_by = [0u64; 4];
        for seed in 0..SEEDS {
            let (r, work) = isaac::generate_counted(&c, seed, level);
            attempts += u64::from(work.attempts);
            let Ok(g) = r else {
                failed += 1;
                continue;
            };
            check::check_floor(&g, &c, seed, level);
            for &(_, role) in g.special_rooms() {
                per_role[role as usize] += 1;
            }
            let masks = check::grown_masks(&g);
            dead_ends += (0..masks.len())
                .filter(|&i| masks[i].is_power_of_two() && g.pos(i) != g.start())
                .count() as u64;
            for r in g.rooms_with_role(RoomRole::Secret) {
                let rect = g.room_records()[r].rect;
                let n = DIRS
                    .iter()
                    .filter(|d| g.room_at((rect.x + d.0, rect.y + d.1)).is_some())
                    .count();
                secret_by[n.min(3)] += 1;
            }
        }
        let ok = (SEEDS - failed).max(1) as f64;
        let mean = |role: RoomRole| per_role[role as usize] as f64 / ok;
        let opt: Vec<String> = optional
            .iter()
            .map(|&r| format!("{:.2}", mean(r)))
            .collect();
        println!(
            "| {level} | {failed} | {:.2} | {:.2} ({}) | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} ({}/{}/{}) | {} |",
            attempts as f64 / SEEDS as f64,
            dead_ends as f64 / ok,
            4 + level,
            mean(RoomRole::Boss),
            mean(RoomRole::SuperSecret),
            mean(RoomRole::Shop),
            mean(RoomRole::Treasure),
            mean(RoomRole::Secret),
            secret_by[3],
            secret_by[2],
            secret_by[1],
            opt.join(" | "),
        );
    }
    println!(
        "\nIsaac (Boris the Brave's write-up; Rebirth): one boss, super secret, shop, treasure and \
         secret room per floor; Rebirth asks 5 dead ends plus 1 per floor after the first \
         (column \"Rebirth min\"). Dead ends are the grown floor's, start excluded. Every floor \
         passed every rule of tests/isaac_roles.rs."
    );

    // Rebirth's minimum dead ends on the original room count and 9×8 grid.
    let rebirth = IsaacConfig {
        room_rules: Some(RoomRules::rebirth()),
        ..IsaacConfig::branching()
    };
    println!(
        "\nRebirth minimum dead ends (RoomRules::rebirth), 1000 seeds per level, 2000 attempts:"
    );
    for level in 1..=10 {
        let ok = (0..1000)
            .filter(|&s| isaac::generate(&rebirth, s, level).is_ok())
            .count();
        println!("  level {level}: {ok} of 1000 floors");
    }

    timing(&c);
}

/// Speed: one complete floor per seed, all roles, retries included; with
/// and without special rooms timed in alternating runs, so a busy moment
/// of the machine hits both alike.
fn timing(c: &IsaacConfig) {
    println!("\nTime per complete floor (release, retries included, median of 7 runs of {SEEDS}):");
    let plain = IsaacConfig {
        room_rules: None,
        ..IsaacConfig::branching()
    };
    for level in [1, 5, 10] {
        let run = |cfg: &IsaacConfig| {
            let t = Instant::now();
            for seed in 0..SEEDS {
                black_box(isaac::generate(cfg, seed, level).ok());
            }
            t.elapsed().as_secs_f64() * 1e6 / SEEDS as f64
        };
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..7 {
            a.push(run(c));
            b.push(run(&plain));
        }
        a.sort_by(f64::total_cmp);
        b.sort_by(f64::total_cmp);
        let (with, without) = (a[3], b[3]);
        let attempts = |cfg: &IsaacConfig| {
            let n: u64 = (0..SEEDS)
                .map(|s| u64::from(isaac::generate_counted(cfg, s, level).1.attempts))
                .sum();
            n as f64 / SEEDS as f64
        };
        println!(
            "  level {level}: {with:.2} µs with special rooms, {without:.2} µs without ({:.2}×); \
             attempts {:.2} with, {:.2} without",
            with / without,
            attempts(c),
            attempts(&plain)
        );
    }
}
