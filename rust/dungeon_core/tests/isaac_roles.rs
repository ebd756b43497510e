//! Special rooms on Isaac floors (`room_grid::RoomRules`), over thousands
//! of seeds per level: every role placed by its rule, the floor a tree
//! apart from its secret rooms, exact room counts, and bad rules refused.
//!
//! `SEEDS` floors per level for levels 1–10 run here, each checked by the
//! same checker as `tests/isaac_floors.rs` (`support/isaac_floor_check.rs`);
//! `rust/dungeon_bench/examples/isaac_floors_bench.rs` runs 10 000 per level
//! in a release build and prints the statistics.

#[path = "support/isaac_floor_check.rs"]
#[allow(dead_code)] // the facts the bench prints
mod check;

use check::check_floor;
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::room_grid::{RoleRule, RoomRules};
use dungeon_core::{DungeonGrid, GenError, RoomRole};

/// Seeds per level in the test suite (debug build).
const SEEDS: u64 = 2000;

#[test]
fn every_level_places_every_role_by_its_rules() {
    let c = IsaacConfig::branching();
    for level in 1..=10 {
        let mut optional = 0;
        for seed in 0..SEEDS {
            let g = isaac::generate(&c, seed, level)
                .unwrap_or_else(|e| panic!("seed {seed} level {level}: {e}"));
            optional += check_floor(&g, &c, seed, level).optional;
            if seed % 50 == 0 {
                let back = DungeonGrid::from_json(&g.to_json()).unwrap();
                assert_eq!(back, g);
                assert_eq!(back.special_rooms(), g.special_rooms());
            }
        }
        // Optional roles come from level 2 and then do appear.
        assert_eq!(optional == 0, level == 1, "level {level}: {optional}");
    }
}

#[test]
fn custom_rules_place_several_rooms_of_a_role() {
    let rules = RoomRules {
        rules: vec![
            RoleRule::new(RoomRole::Shop, 1.0, 1, 2),
            RoleRule::new(RoomRole::Curse, 0.5, 3, 2),
            RoleRule::new(RoomRole::Secret, 1.0, 1, 2),
        ],
        min_dead_ends: 4,
        dead_ends_per_level: 0,
    };
    let c = IsaacConfig {
        room_rules: Some(rules),
        ..IsaacConfig::branching()
    };
    for level in [2, 3, 6] {
        for seed in 0..300 {
            let g = isaac::generate(&c, seed, level).unwrap();
            check_floor(&g, &c, seed, level);
            assert_eq!(g.rooms_with_role(RoomRole::Shop).len(), 2);
            assert_eq!(g.rooms_with_role(RoomRole::Secret).len(), 2);
            assert!(g.rooms_with_role(RoomRole::Treasure).is_empty());
        }
    }
}

#[test]
fn no_rules_no_special_rooms() {
    let c = IsaacConfig {
        room_rules: None,
        ..IsaacConfig::branching()
    };
    let g = isaac::generate(&c, 3, 4).unwrap();
    assert!(g.special_rooms().is_empty());
    assert_eq!(g.boss_room(), None);
    assert_eq!(g.rooms_with_role(RoomRole::End).len(), 1);
    assert!(g.is_tree());
}

#[test]
fn bad_rules_are_refused_with_the_field_and_the_role() {
    let with = |f: &dyn Fn(&mut RoomRules)| {
        let mut r = RoomRules::isaac();
        f(&mut r);
        let c = IsaacConfig {
            room_rules: Some(r),
            ..IsaacConfig::branching()
        };
        let e = isaac::generate(&c, 1, 2).unwrap_err();
        assert_eq!(Err(e.clone()), c.validate(2));
        match e {
            GenError::Config(e) => e,
            other => panic!("{other}"),
        }
    };
    let e = with(&|r| r.rules[1].chance = -0.5);
    assert_eq!((e.field, e.value.as_str()), ("room_rules.chance", "-0.5"));
    assert!(
        e.allowed.contains("0..=1") && e.allowed.contains("shop"),
        "{e}"
    );
    let e = with(&|r| r.rules[2].chance = 1.5);
    assert_eq!((e.field, e.value.as_str()), ("room_rules.chance", "1.5"));
    assert!(e.allowed.contains("treasure"), "{e}");
    let e = with(&|r| r.rules[0].count = -1);
    assert_eq!((e.field, e.value.as_str()), ("room_rules.count", "-1"));
    assert!(e.allowed.contains("super_secret"), "{e}");
    let e = with(&|r| r.rules[3].min_level = 0);
    assert_eq!((e.field, e.value.as_str()), ("room_rules.min_level", "0"));
    let e = with(&|r| r.rules[0].role = RoomRole::Boss);
    assert_eq!(e.field, "room_rules.role");
    assert!(e.allowed.contains("always the end"), "{e}");
    let e = with(&|r| r.rules[1].role = RoomRole::Treasure);
    assert!(e.allowed.contains("each role once"), "{e}");
    let e = with(&|r| r.rules[1].role = RoomRole::Start);
    assert_eq!(e.field, "room_rules.role");
    let e = with(&|r| r.min_dead_ends = -2);
    assert_eq!(e.field, "room_rules.min_dead_ends");
    let e = with(&|r| r.dead_ends_per_level = -1);
    assert_eq!(e.field, "room_rules.dead_ends_per_level");
}

#[test]
fn a_level_that_can_never_hold_its_dead_ends_names_the_highest_that_can() {
    // 20 more dead ends per level: level 2 needs 20 besides the start, but
    // 10 rooms have at most 7 dead ends.
    let c = IsaacConfig {
        room_rules: Some(RoomRules {
            dead_ends_per_level: 20,
            ..RoomRules::isaac()
        }),
        ..IsaacConfig::branching()
    };
    let (r, work) = isaac::generate_counted(&c, 1, 2);
    assert_eq!(work.attempts, 0, "refused before any attempt");
    let GenError::Config(e) = r.unwrap_err() else {
        panic!("not a config error")
    };
    assert_eq!(e.field, "level");
    assert!(e.allowed.starts_with("1..=1 ("), "{e}");
    assert!(e.allowed.contains("needs 20 dead ends"), "{e}");
    assert!(e.allowed.contains("10 rooms has at most 7"), "{e}");
    assert!(isaac::generate(&c, 1, 1).is_ok());
}

#[test]
fn too_few_dead_ends_regenerate_and_say_so_when_they_never_come() {
    // Rebirth's 5 + 1 per level on the original room count: level 1 needs
    // 5 dead ends of 7–8 rooms, which branching growth rarely makes.
    let c = IsaacConfig {
        room_rules: Some(RoomRules::rebirth()),
        ..IsaacConfig::branching()
    };
    let (mut retried, mut failed) = (0, 0);
    for seed in 0..50 {
        let (r, work) = isaac::generate_counted(&c, seed, 1);
        match r {
            Ok(g) => {
                check_floor(&g, &c, seed, 1);
                retried += usize::from(work.attempts > 1);
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.contains("need 5 dead ends"), "{reason}");
                failed += 1;
            }
            Err(e) => panic!("{e}"),
        }
    }
    // Rarely met: most floors are regrown, many seeds never get there.
    assert!(
        retried > 10 && failed > 10,
        "{retried} retried, {failed} failed"
    );
    let mut few = c.clone();
    few.grid.max_attempts = 1;
    let e = (0..20)
        .find_map(|s| isaac::generate(&few, s, 1).err())
        .unwrap()
        .to_string();
    assert!(e.contains("the special rooms need 5 dead ends"), "{e}");
}

#[test]
fn json_carries_roles_and_refuses_broken_ones() {
    let g = isaac::generate(&IsaacConfig::branching(), 42, 5).unwrap();
    let text = g.to_json();
    for role in ["boss", "shop", "treasure", "secret", "super_secret"] {
        assert!(text.contains(&format!("\"role\":\"{role}\"")), "{role}");
    }
    let back = DungeonGrid::from_json(&text).unwrap();
    assert_eq!(back, g);
    let secret = g.rooms_with_role(RoomRole::Secret)[0];
    let rect = g.room_records()[secret].rect;
    assert_eq!(
        back.secret_door_mask((rect.x, rect.y)),
        g.door_mask((rect.x, rect.y))
    );
    // The boss on another room, a role on the start room, an unknown role.
    let cases = [
        ("\"role\":\"boss\"", "\"role\":\"end\"", None),
        (
            "\"role\":\"shop\"",
            "\"role\":\"boss\"",
            Some("boss room must be"),
        ),
        (
            "\"role\":\"start\"",
            "\"role\":\"curse\"",
            Some("start room"),
        ),
        (
            "\"role\":\"shop\"",
            "\"role\":\"casino\"",
            Some("unknown role"),
        ),
    ];
    for (from, to, want) in cases {
        let r = DungeonGrid::from_json(&text.replacen(from, to, 1));
        match want {
            None => {
                // The end room may be plain "end": a floor whose boss role
                // was dropped still loads, as an end room.
                let g2 = r.unwrap();
                assert_eq!(g2.boss_room(), None);
            }
            Some(w) => {
                let e = r.unwrap_err().0;
                assert!(e.contains(w), "{e} / {w}");
            }
        }
    }
}
