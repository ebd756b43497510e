//! Room-grid calls are bounded: what can never succeed is refused before any
//! work, every call stays within its step budget, and failures say which
//! setting to change.

use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, GrowthRule, IsaacConfig};
use dungeon_core::room_grid::{EndRule, MAX_STEPS, RoomGridConfig, StartRule};
use dungeon_core::{ConfigError, DungeonRng, GenError};

fn config_error(r: Result<dungeon_core::DungeonGrid, GenError>) -> ConfigError {
    match r {
        Err(GenError::Config(e)) => e,
        other => panic!("expected a config error, got {other:?}"),
    }
}

#[test]
fn level_1000_with_a_high_give_up_chance_ends_within_its_budget() {
    // Ran about 2 minutes before the budget (`isaac --level 1000 --grow-grid
    // --give-up-chance 0.99`).
    let mut c = IsaacConfig::compact();
    c.grid.grow_grid = true;
    c.give_up_chance = 0.99;
    let (r, work) = isaac::generate_counted(&c, 1, 1000);
    assert!(
        work.steps <= work.budget && work.budget <= MAX_STEPS,
        "{work:?}"
    );
    assert_eq!(
        Ok(r.unwrap().rooms().len() as i32),
        c.grid.room_count(1, 1000)
    );
}

#[test]
fn an_end_distance_past_the_diagonal_is_refused_up_front() {
    // Took 37 s for one attempt before.
    let mut c = IsaacConfig::compact();
    c.grid.width = 256;
    c.grid.height = 256;
    c.grid.max_fill = 0.7;
    c.grid.count.base = 40_000;
    c.grid.count.variance = 0;
    c.grid.count.per_level = 0.0;
    c.grid.max_attempts = 1;
    c.grid.ends.end = EndRule::FarthestApart {
        min_distance: 512.0,
        off_axis: true,
    };
    let (r, work) = isaac::generate_counted(&c, 1, 1);
    let e = config_error(r);
    assert_eq!((e.field, e.value.as_str()), ("min_end_distance", "512"));
    assert!(e.allowed.starts_with("0..=360.62"), "{e}");
    assert_eq!(work.steps, 0);
    // On 8×8 the same says so, and does not ask for more attempts.
    let mut c = IsaacConfig::compact();
    c.grid.ends.end = EndRule::FarthestApart {
        min_distance: 512.0,
        off_axis: true,
    };
    let e = config_error(isaac::generate(&c, 1, 1));
    assert_eq!(e.field, "min_end_distance");
    assert!(!e.to_string().contains("max_attempts"), "{e}");
}

#[test]
fn a_distance_no_floor_reaches_says_to_lower_it() {
    // Off-axis pairs of a 10–13 room floor are less than 9 apart in a
    // straight line, so every attempt fails on the distance rule.
    let mut c = IsaacConfig::compact();
    c.grid.ends.end = EndRule::FarthestApart {
        min_distance: 9.0,
        off_axis: true,
    };
    c.grid.max_attempts = 50;
    let (r, work) = isaac::generate_counted(&c, 3, 1);
    let e = r.unwrap_err().to_string();
    assert!(e.contains("min_end_distance = 9"), "{e}");
    assert!(e.contains("lower min_end_distance"), "{e}");
    assert!(!e.contains("max_attempts"), "{e}");
    assert_eq!(work.attempts, 50);
}

#[test]
fn impossible_dead_end_counts_are_refused_up_front() {
    // Ran on through a million attempts before.
    for min_dead_ends in [4097, 8] {
        let mut c = IsaacConfig::compact();
        c.grid.width = 9;
        c.grid.height = 20;
        c.grid.ends.min_dead_ends = min_dead_ends;
        c.grid.max_attempts = 1_000_000;
        let (r, work) = isaac::generate_counted(&c, 1, 1);
        let e = config_error(r);
        assert_eq!(e.field, "min_dead_ends");
        assert!(e.allowed.starts_with("1..=7: a floor of 10 rooms"), "{e}");
        assert_eq!(work.attempts, 0);
    }
}

#[test]
fn a_grown_grid_at_its_largest_does_not_ask_to_grow() {
    let mut c = DrunkardConfig::winding();
    c.grid.grow_grid = true;
    c.grid.count.base = 46_000;
    let e = config_error(drunkard::generate(&c, 1, 1));
    assert_eq!(e.field, "level");
    assert!(!e.allowed.contains("grow_grid"), "{e}");
    assert!(e.allowed.contains("even the largest 256×256 grid"), "{e}");
}

#[test]
fn room_counts_of_invalid_levels_are_errors() {
    let grids = [IsaacConfig::compact().grid, DrunkardConfig::wide().grid];
    for g in grids {
        for level in [i32::MIN, -1, 0, 1001] {
            let e = g.room_count_range(level).unwrap_err();
            assert_eq!((e.field, e.value.clone()), ("level", level.to_string()));
            assert_eq!(g.room_count(5, level), Err(e));
        }
        assert!(g.room_count_range(1).is_ok());
    }
}

#[test]
fn growth_that_stops_short_says_what_would_help() {
    let mut c = IsaacConfig::branching();
    c.give_up_chance = 0.95;
    c.grid.max_attempts = 3;
    let e = isaac::generate(&c, 1, 10).unwrap_err().to_string();
    assert!(e.contains("growth stopped short of"), "{e}");
    assert!(e.contains("lower give_up_chance (now 0.95)"), "{e}");
    let mut d = DrunkardConfig::winding();
    d.max_steps = 5;
    d.grid.max_attempts = 2;
    let e = drunkard::generate(&d, 1, 1).unwrap_err().to_string();
    assert!(e.contains("raise max_steps (now 5)"), "{e}");
}

/// A small random config: budgets stay small enough for a debug build.
fn random_grid(rng: &mut DungeonRng) -> RoomGridConfig {
    let mut g = IsaacConfig::compact().grid;
    g.width = rng.range(1, 20);
    g.height = rng.range(1, 20);
    g.count.base = rng.range(1, 60);
    g.count.per_level = f64::from(rng.range(0, 4));
    g.count.variance = rng.range(0, 4);
    g.max_fill = rng.uniform(0.0, 0.8);
    g.grow_grid = rng.chance(0.3);
    g.max_attempts = rng.range(0, 30);
    g.ends.start = if rng.chance(0.5) {
        StartRule::Origin
    } else {
        StartRule::RandomRoom
    };
    g.ends.min_dead_ends = rng.range(0, 12);
    g.ends.end = if rng.chance(0.4) {
        EndRule::FarthestDeadEnd
    } else {
        EndRule::FarthestApart {
            min_distance: rng.uniform(-1.0, 12.0),
            off_axis: rng.chance(0.5),
        }
    };
    g
}

#[test]
fn random_configs_stay_within_a_budget_proportional_to_their_size() {
    // The release-build sweep of 100 000 configs with hostile values is
    // `examples/work_budget.rs`; this one runs in the test suite.
    let mut rng = DungeonRng::new(11);
    for _ in 0..3000 {
        let grid = random_grid(&mut rng);
        let (seed, level) = (u64::from(rng.next_u32()), rng.range(-1, 12));
        let max_steps = rng.range(0, 3000);
        let (r, work, limit) = if rng.chance(0.5) {
            let c = IsaacConfig {
                grid,
                origin: None,
                rule: if rng.chance(0.5) {
                    GrowthRule::Branching
                } else {
                    GrowthRule::Crowding
                },
                give_up_chance: rng.uniform(0.0, 1.0),
                room_rules: rng
                    .chance(0.5)
                    .then(dungeon_core::room_grid::RoomRules::isaac),
                large_rooms: if rng.chance(0.3) {
                    dungeon_core::room_grid::LargeRooms::rebirth()
                } else {
                    dungeon_core::room_grid::LargeRooms::NONE
                },
            };
            let (r, w) = isaac::generate_counted(&c, seed, level);
            (r, w, c.grid)
        } else {
            let c = DrunkardConfig {
                diagonal: rng.chance(0.5),
                max_steps,
                ..DrunkardConfig {
                    grid,
                    ..DrunkardConfig::winding()
                }
            };
            let (r, w) = drunkard::generate_counted(&c, seed, level);
            (r, w, c.grid)
        };
        assert!(work.steps <= work.budget, "{work:?}");
        if let Ok(g) = &r {
            let cells = (g.width() * g.height()) as u64;
            let per_attempt = 1024 * (cells + g.rooms().len() as u64) + max_steps as u64;
            assert!(
                work.budget <= per_attempt * limit.max_attempts as u64,
                "{work:?}"
            );
        }
        if work.attempts == 0 {
            assert!(matches!(r, Err(GenError::Config(_))), "{r:?}");
        }
    }
}
