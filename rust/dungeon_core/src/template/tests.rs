//! Unit tests: small template sets whose levels can be drawn by hand.

use super::*;
use crate::room_grid::RoomCount;

fn door(side: Side, offset: i32, width: i32) -> DoorSlot {
    DoorSlot::new(side, offset, width)
}

/// Two 5 × 5 rooms, one door east on the first and one west on the second:
/// the only level is the two side by side.
fn pair() -> TemplateConfig {
    TemplateConfig {
        templates: vec![
            RoomTemplate::new("a", 5, 5, vec![door(Side::East, 2, 1)]).tagged(&["start"]),
            RoomTemplate::new("b", 5, 5, vec![door(Side::West, 2, 1)]),
        ],
        width: 15,
        height: 5,
        count: RoomCount {
            base: 2,
            per_level: 0.0,
            variance: 0,
        },
        end_tag: String::new(),
        tag_rules: Vec::new(),
        ..TemplateConfig::demo()
    }
}

#[test]
fn two_rooms_meet_door_to_door() {
    let level = grow(&pair(), 1, 1).unwrap();
    assert_eq!(
        level.grid.to_ascii(),
        "...............\n......###..###.\n......#S#++#E#.\n......###..###.\n...............\n"
    );
    level.grid.check().unwrap();
    assert_eq!(level.placements.len(), 2);
    assert_eq!(level.placements[1].position, (10, 0));
    assert_eq!(level.joins.len(), 1);
    assert!(level.sealed.is_empty());
    assert_eq!(level.end, 1);
}

#[test]
fn impossible_sets_fail_fast_naming_the_problem() {
    let mut c = pair();
    c.templates[1].doors = vec![door(Side::North, 2, 1)];
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(
        e.contains("templates") && e.contains("no template can join"),
        "{e}"
    );
    let mut c = pair();
    c.templates[1].doors = vec![door(Side::West, 1, 2)];
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(e.contains("no template can join"), "{e}");
    let mut c = pair();
    c.end_tag = "boss".into();
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(e.starts_with("invalid end_tag"), "{e}");
    let mut c = pair();
    c.templates[0].doors[0].offset = 4;
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(e.contains("not on a corner"), "{e}");
    let mut c = pair();
    c.width = 4;
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(e.starts_with("invalid width"), "{e}");
}

#[test]
fn a_full_map_is_exhausted_with_a_reason() {
    let mut c = pair();
    c.count.base = 3;
    let e = grow(&c, 1, 1).unwrap_err();
    assert!(matches!(e, GenError::Exhausted { .. }), "{e}");
    assert!(e.to_string().contains("2 of 3 rooms"), "{e}");
}

#[test]
fn demo_levels_keep_the_grid_invariants() {
    let c = TemplateConfig::demo();
    for seed in 0..50 {
        for level in [1, 3] {
            let l = grow(&c, seed, level).unwrap();
            l.grid.check().unwrap();
            let rooms = l
                .placements
                .iter()
                .filter(|p| !c.templates[p.template].has_tag("corridor"))
                .count() as i32;
            let (lo, hi) = c.count.range(level).unwrap();
            assert!((lo..=hi).contains(&rooms), "{rooms}");
            assert!(c.templates[l.placements[l.end].template].has_tag("boss"));
        }
    }
}

#[test]
fn the_work_cap_ends_a_level_whatever_max_steps_allows() {
    // Issue "Quitting mid-generation, huge inputs and extreme settings":
    // max_steps = 10 000 000 on a 2048² map of the demo set ran 6 to 9 s
    // (release), since a step can read up to 64×64 cells.
    let big = TemplateConfig {
        width: 2048,
        height: 2048,
        count: RoomCount {
            base: 65_536,
            per_level: 1000.0,
            variance: 1000,
        },
        max_steps: MAX_STEPS,
        ..TemplateConfig::demo()
    };
    assert_eq!(big.validate(), Ok(()));
    const { assert!(MAX_WORK <= 150_000_000) };
    // A small level under a small cap: the cap's error, naming what to lower.
    let c = TemplateConfig {
        width: 200,
        height: 200,
        ..big
    };
    let cap = 200_000;
    match run_capped(&c, 1, 1000, &Watch::new(), cap) {
        Err(GenError::Exhausted { reason, .. }) => {
            assert!(
                reason.starts_with(&format!("the work cap of {cap} units every level has")),
                "{reason}"
            );
            assert!(reason.contains("of max_steps = 10000000 steps"), "{reason}");
            assert!(reason.contains("lower the room count"), "{reason}");
        }
        other => panic!("{:?}", other.map(|l| l.stats)),
    }
    // A level that ends under the cap is the same level as without it.
    let demo = TemplateConfig::demo();
    let l = grow(&demo, 5, 3).unwrap();
    assert!(l.stats.work > 0 && l.stats.work < MAX_WORK, "{:?}", l.stats);
    let again = run_capped(&demo, 5, 3, &Watch::new(), l.stats.work + 1).unwrap();
    assert_eq!(again.grid, l.grid);
    assert_eq!(again.stats, l.stats);
}
