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
fn door_lines_off_the_wall_or_in_the_template_generator_are_refused() {
    let mut c = pair();
    c.templates[0].doors = vec![DoorSlot::line(Side::East, 1, 1, 4)];
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(
        e.contains("door line 0 (east offset 1 length 4)") && e.contains("not on a corner"),
        "{e}"
    );
    let mut c = pair();
    c.templates[0].doors = vec![DoorSlot::line(Side::East, 1, 2, 1)];
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(e.contains("at least as long as its door is wide"), "{e}");
    let mut c = pair();
    c.templates[0].doors = vec![DoorSlot::line(Side::East, 1, 1, 3)];
    assert_eq!(c.templates[0].validate(), Ok(()));
    let e = grow(&c, 1, 1).unwrap_err().to_string();
    assert!(
        e.contains("[0] \"a\": a door line") && e.contains("door lines are for level graphs"),
        "{e}"
    );
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

#[test]
fn a_start_tag_no_template_carries_is_refused_listing_the_tags() {
    let c = TemplateConfig {
        start_tag: "X".into(),
        ..TemplateConfig::demo()
    };
    let e = c.validate().unwrap_err();
    assert_eq!(e.field, "start_tag");
    assert_eq!(
        e.to_string(),
        "invalid start_tag = \"X\": allowed a tag some template with weight above 0 carries, \
         or empty for any template (the tags are \"boss\", \"corridor\", \"start\")"
    );
    // A tag only a template of weight 0 carries is no better.
    let mut c = TemplateConfig::demo();
    c.templates[0].weight = 0.0;
    assert_eq!(c.validate().unwrap_err().field, "start_tag");
    // Empty: any template starts; a tag a template carries is fine.
    for tag in ["", "start", "corridor"] {
        let c = TemplateConfig {
            start_tag: tag.into(),
            ..TemplateConfig::demo()
        };
        c.validate().unwrap();
        grow(&c, 1, 1).unwrap();
    }
}

/// The demo set with `rules`.
fn demo_with(rules: &[(&str, i32, i32)]) -> TemplateConfig {
    TemplateConfig {
        tag_rules: rules
            .iter()
            .map(|&(tag, min, max)| TagRule::new(tag, min, max))
            .collect(),
        ..TemplateConfig::demo()
    }
}

#[test]
fn tag_rules_no_level_can_keep_are_refused_naming_the_rule() {
    for (rules, value, why) in [
        // One start room, always tagged "start" in the demo set.
        (
            &[("start", 0, 0)][..],
            "\"start\" max 0",
            "every level has one start room",
        ),
        (
            &[("start", 2, -1)][..],
            "\"start\" min 2",
            "a min of at most 1 for \"start\": only the start room can carry it",
        ),
        // One end room; "boss" templates never grow anywhere else.
        (
            &[("boss", 2, 2)][..],
            "\"boss\" min 2",
            "a min of at most 1 for \"boss\": only the end room can carry it",
        ),
        (
            &[("boss", 0, 0)][..],
            "\"boss\" max 0",
            "every level has one end room (end_tag \"boss\")",
        ),
        (
            &[("corridor", 2, -1), ("corridor", 0, 1)][..],
            "\"corridor\" min 2 and \"corridor\" max 1",
            "a min no more than every max",
        ),
    ] {
        let e = demo_with(rules).validate().unwrap_err();
        assert_eq!(e.field, "tag_rules", "{rules:?}: {e}");
        assert_eq!(e.value, value, "{rules:?}: {e}");
        assert!(e.allowed.contains(why), "{rules:?}: {e}");
        // grow refuses at once, before any attempt.
        assert!(
            matches!(grow(&demo_with(rules), 1, 1), Err(GenError::Config(_))),
            "{rules:?}"
        );
    }
    // Rooms joined only by corridor pieces, and none allowed.
    let c = TemplateConfig {
        tag_rules: vec![TagRule::new("corridor", 0, 0)],
        ..TemplateConfig::corridors()
    };
    let e = c.validate().unwrap_err();
    assert_eq!(
        (e.field, e.value.as_str()),
        ("tag_rules", "\"corridor\" max 0")
    );
    assert!(e.allowed.contains("corridors_between_rooms"), "{e}");
    // A max of 0 that keeps out every template able to join the start.
    let mut c = pair();
    c.templates[1].tags = vec!["gold".into()];
    c.tag_rules = vec![TagRule::new("gold", 0, 0)];
    let e = c.validate().unwrap_err();
    assert_eq!((e.field, e.value.as_str()), ("tag_rules", "\"gold\" max 0"));
    assert!(e.allowed.contains("(\"b\")"), "{e}");
}

#[test]
fn tag_rules_a_level_can_keep_are_accepted() {
    for rules in [
        &[("start", 1, 1)][..],
        &[("start", 0, 1), ("boss", 1, 1)][..],
        &[("boss", 0, -1), ("start", 1, -1)][..],
        &[("corridor", 0, 0)][..],
        &[("corridor", 2, 6), ("corridor", 0, 8)][..],
        &[("dragon", 0, 0)][..],
    ] {
        let c = demo_with(rules);
        c.validate().unwrap_or_else(|e| panic!("{rules:?}: {e}"));
        grow(&c, 2, 2).unwrap_or_else(|e| panic!("{rules:?}: {e}"));
    }
    // Without an end tag the boss room is an ordinary template: two fit.
    let c = TemplateConfig {
        end_tag: String::new(),
        ..demo_with(&[("boss", 2, 2)])
    };
    c.validate().unwrap();
    assert!(
        (0..20).any(|seed| grow(&c, seed, 2).is_ok()),
        "boss:2:2 without an end tag never grew"
    );
}
