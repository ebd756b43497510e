use super::*;
use crate::error::ConfigError;
use crate::grid::Cell;

fn pic(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

fn config_err(c: &WalkerConfig) -> ConfigError {
    match generate(c, 1, 1) {
        Err(GenError::Config(e)) => {
            assert_eq!(c.validate(), Err(GenError::Config(e.clone())));
            e
        }
        other => panic!("{c:?}: {other:?}"),
    }
}

#[test]
fn bad_settings_name_the_field() {
    let with = |f: fn(&mut WalkerConfig)| {
        let mut c = WalkerConfig::default();
        f(&mut c);
        config_err(&c)
    };
    assert_eq!(
        with(|c| c.width = 0).to_string(),
        "invalid width = 0: allowed 8..=4096"
    );
    assert_eq!(with(|c| c.height = 4097).field, "height");
    assert_eq!(
        with(|c| c.floor_fraction = 0.0).to_string(),
        "invalid floor_fraction = 0: allowed greater than 0 and at most 0.9360 (the share of the 80×50 map inside its 1-tile wall border)"
    );
    assert_eq!(with(|c| c.floor_fraction = 1.0).field, "floor_fraction");
    assert_eq!(with(|c| c.floor_fraction = -0.5).field, "floor_fraction");
    assert_eq!(
        with(|c| c.floor_fraction = f64::NAN).field,
        "floor_fraction"
    );
    assert_eq!(
        with(|c| c.floor_fraction = f64::INFINITY).field,
        "floor_fraction"
    );
    // Unreachable: more than the interior inside the border.
    let e = with(|c| {
        c.width = 8;
        c.height = 8;
        c.floor_fraction = 0.6;
    });
    assert!(
        e.to_string()
            .contains("at most 0.5625 (the share of the 8×8 map"),
        "{e}"
    );
    assert_eq!(
        with(|c| c.walkers = 0).to_string(),
        "invalid walkers = 0: allowed 1..=256"
    );
    assert_eq!(with(|c| c.walkers = 257).field, "walkers");
    assert_eq!(with(|c| c.lifetime = -1).field, "lifetime");
    assert_eq!(with(|c| c.lifetime = 1_000_001).field, "lifetime");
    assert_eq!(
        with(|c| c.max_steps_per_tile = 0).to_string(),
        "invalid max_steps_per_tile = 0: allowed 1..=1000"
    );
    assert_eq!(
        with(|c| c.max_steps_per_tile = 1001).field,
        "max_steps_per_tile"
    );
    let e = generate(&WalkerConfig::default(), 1, 1001).unwrap_err();
    assert_eq!(e.to_string(), "invalid level = 1001: allowed 1..=1000");
}

#[test]
fn a_budget_too_small_is_a_clear_error_not_a_hang() {
    let c = WalkerConfig {
        width: 64,
        height: 64,
        floor_fraction: 0.9,
        max_steps_per_tile: 1,
        ..WalkerConfig::default()
    };
    let e = generate(&c, 3, 1).unwrap_err();
    let text = e.to_string();
    assert!(
        text.starts_with("walker: no valid layout in 1 attempt: the walk used its budget of 4096 steps (max_steps_per_tile = 1 × 64×64 tiles)"),
        "{text}"
    );
    assert!(
        text.contains("of the 3687 floor tiles floor_fraction = 0.9 asks for"),
        "{text}"
    );
    // The whole interior of a small map is reachable with a fair budget.
    let all = WalkerConfig {
        width: 8,
        height: 8,
        floor_fraction: 0.5625,
        ..WalkerConfig::default()
    };
    for seed in 0..50 {
        let g = generate(&all, seed, 1).unwrap();
        assert_eq!(g.walkable_count(), 36);
        assert!(dig::border_is_wall(&g));
    }
}

#[test]
fn stops_at_the_target_and_keeps_the_border() {
    for directions in [Directions::Four, Directions::Eight] {
        let c = WalkerConfig {
            width: 30,
            height: 20,
            directions,
            floor_fraction: 0.3,
            ..WalkerConfig::default()
        };
        for seed in 0..100 {
            let (g, s) = generate_with_stats(&c, seed, 1).unwrap();
            assert!(g.check().is_ok(), "{:?}\n{g}", g.check());
            assert!(dig::border_is_wall(&g), "{g}");
            let n = g.walkable_count() as u64;
            assert_eq!(s.target, 180);
            assert_eq!(n, s.floor);
            // A diagonal last step digs two tiles.
            assert!(
                n == 180 || (n == 181 && directions == Directions::Eight),
                "{n}"
            );
            assert_eq!(g.start(), (15, 10));
            assert_eq!(g.count(Cell::Floor) as u64, n - 2);
            assert_eq!(s.moves.iter().sum::<u64>(), s.steps);
            if directions == Directions::Four {
                assert_eq!(s.moves[4..], [0, 0, 0, 0]);
            }
        }
    }
}

#[test]
fn the_seed_bug_is_fixed_every_move_is_drawn_fairly() {
    // The original `random_walk()` switch repeats `y--` and never steps in pure
    // −x; here each of the eight moves comes up an eighth of the time.
    let c = WalkerConfig {
        width: 200,
        height: 200,
        ..WalkerConfig::default()
    };
    let (_, s) = generate_with_stats(&c, 9, 1).unwrap();
    assert!(s.steps > 20_000);
    for (k, &m) in s.moves.iter().enumerate() {
        let share = m as f64 / s.steps as f64;
        assert!((share - 0.125).abs() < 0.01, "move {k}: {share}");
    }
}

#[test]
fn lifetimes_respawn_on_floor_and_several_walkers_take_turns() {
    let c = WalkerConfig {
        width: 40,
        height: 30,
        walkers: 5,
        lifetime: 20,
        directions: Directions::Four,
        ..WalkerConfig::default()
    };
    for seed in 0..50 {
        let (g, s) = generate_with_stats(&c, seed, 1).unwrap();
        assert!(g.check().is_ok(), "{g}");
        assert!(dig::border_is_wall(&g));
        assert!(s.respawns >= s.steps / 20 - 5, "{s:?}");
    }
}

#[test]
fn pinned_small_map() {
    let c = WalkerConfig {
        width: 16,
        height: 10,
        floor_fraction: 0.3,
        ..WalkerConfig::default()
    };
    let g = generate(&c, 42, 1).unwrap();
    assert!(g.check().is_ok());
    assert_eq!(g.to_ascii(), pic(PINNED_16X10), "\n{g}");
}

const PINNED_16X10: &str = "
    ................
    ............,,..
    ..........,,,,,.
    ..........,,,,,.
    .........,,,,,..
    ......,,S,,,,,,.
    ......,,,,,,,,,.
    .......,,,,,,,,.
    ........,..,,,E.
    ................
";

/// The tester's offender (issue "Quitting mid-generation, huge inputs and
/// extreme settings", item 3): 12.8 s in a release build, 2048² minutes.
fn huge_walk() -> WalkerConfig {
    WalkerConfig {
        width: 1024,
        height: 1024,
        directions: Directions::Four,
        floor_fraction: 0.99,
        walkers: 256,
        lifetime: 1,
        max_steps_per_tile: 1000,
    }
}

#[test]
fn the_step_budget_is_capped_whatever_the_map_size() {
    // 1024² × 1000 steps per tile was a budget of a billion steps.
    assert!(huge_walk().step_budget() <= 1 << 28);
    for side in [1024, 2048, 4096] {
        let c = WalkerConfig {
            width: side,
            height: side,
            ..huge_walk()
        };
        assert_eq!(c.step_budget(), MAX_WALK_WORK, "{side}");
    }
    // Small maps keep their per-tile budget.
    assert_eq!(WalkerConfig::default().step_budget(), 80 * 50 * 100);
}

#[test]
fn the_work_cap_stops_the_walk_with_an_error_naming_what_to_lower() {
    let c = WalkerConfig {
        width: 64,
        height: 64,
        floor_fraction: 0.9,
        ..huge_walk()
    };
    let run = |cap| run_capped(&c, 3, 1, &Watch::new(), cap);
    // Lifetime 1: every step replaces its walker, 3 work units a step.
    for cap in [3_000, 30_001, 65_536 * 3 + 7] {
        match run(cap) {
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(
                    reason.contains(&format!("the cap of {cap} work units")),
                    "{reason}"
                );
                let steps = (cap + RESPAWN_WORK) / (1 + RESPAWN_WORK);
                assert!(
                    reason.contains(&format!(
                        "({steps} steps, and 2 more for each of the {steps} walkers replaced)"
                    )),
                    "{reason}"
                );
                assert!(
                    reason.contains("lower floor_fraction or the map's size"),
                    "{reason}"
                );
            }
            other => panic!("{cap}: {other:?}"),
        }
    }
    // A walk that ends under the cap is the same walk as without it.
    let easy = WalkerConfig {
        floor_fraction: 0.3,
        ..c.clone()
    };
    let (g, s) = generate_with_stats(&easy, 3, 1).unwrap();
    let work = s.steps + RESPAWN_WORK * s.respawns;
    let (h, t) = run_capped(&easy, 3, 1, &Watch::new(), work).unwrap();
    assert_eq!((g, s), (h, t));
    assert!(run_capped(&easy, 3, 1, &Watch::new(), work - 3).is_err());
    // The per-tile budget still speaks first when it is the smaller.
    let tight = WalkerConfig {
        max_steps_per_tile: 1,
        ..c
    };
    let e = run_capped(&tight, 3, 1, &Watch::new(), 64 * 64 * 3 + 1).unwrap_err();
    assert!(
        e.to_string()
            .contains("the walk used its budget of 4096 steps"),
        "{e}"
    );
}
