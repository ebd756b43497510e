//! Target `template_config`: any template set, settings, seed and level.

use dungeon_core::level::MAX_LEVEL;
use dungeon_core::template::{
    self, DoorSlot, MAX_MAP_SIDE, MAX_STEPS, MAX_TEMPLATE_SIDE, RoomTemplate, Side, TagRule,
    TemplateConfig,
};
use dungeon_core::{GenError, Rect};

use crate::checks;
use crate::knobs::Knobs;

const TAGS: [&str; 5] = ["start", "boss", "corridor", "gold", ""];

/// A template from fuzz bytes: often valid, sometimes with doors on
/// corners, floors outside, sizes out of range.
fn fuzz_template(k: &mut Knobs<'_>, i: usize, demo: &TemplateConfig) -> RoomTemplate {
    if k.flag(true) {
        let t = &demo.templates[k.index(demo.templates.len())];
        let mut t = t.clone();
        t.rotations = k.flag(t.rotations);
        t.mirroring = k.flag(t.mirroring);
        return t;
    }
    let w = k.int(5, 3..=12, &[0, 2, MAX_TEMPLATE_SIDE, MAX_TEMPLATE_SIDE + 1]);
    let h = k.int(5, 3..=12, &[0, 2, MAX_TEMPLATE_SIDE, MAX_TEMPLATE_SIDE + 1]);
    let doors = (0..k.index(5))
        .map(|_| {
            let side = Side::ALL[k.index(4)];
            let offset = k.int(1, 0..=10, &[-1, i32::MAX]);
            let width = k.int(1, 1..=3, &[0, -2]);
            if k.flag(false) {
                // A door line, which the template generator refuses.
                DoorSlot::line(side, offset, width, width.saturating_add(1))
            } else {
                DoorSlot::new(side, offset, width)
            }
        })
        .collect();
    let mut t = RoomTemplate::new(&format!("f{i}"), w, h, doors);
    if k.flag(false) {
        t.floors = (0..k.index(3))
            .map(|_| {
                Rect::new(
                    k.int(1, 0..=4, &[]),
                    k.int(1, 0..=4, &[]),
                    k.int(2, 1..=5, &[0]),
                    k.int(2, 1..=5, &[0]),
                )
            })
            .collect();
    }
    t.tags = (0..k.index(3))
        .map(|_| TAGS[k.index(TAGS.len())].to_string())
        .collect();
    t.weight = k.float(1.0, (0.0, 5.0), &[0.0, 1000.0, 1000.5, -1.0, f64::NAN]);
    t.rotations = k.flag(false);
    t.mirroring = k.flag(false);
    t
}

/// A template config, seed and level from fuzz bytes.
#[must_use]
pub fn template_input(data: &[u8]) -> (TemplateConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let demo = TemplateConfig::demo();
    let (seed, level) = (k.seed(), k.level());
    let n = k.int(8, 0..=10, &[0, 12]).clamp(0, 12) as usize;
    let templates = if k.flag(true) {
        demo.templates.clone()
    } else {
        (0..n).map(|i| fuzz_template(&mut k, i, &demo)).collect()
    };
    let mut count = demo.count;
    count.base = k.int(count.base, 0..=20, &[2, i32::MAX]);
    count.variance = k.int(count.variance, 0..=5, &[-1, 1000, 1001]);
    count.per_level = k.float(count.per_level, (0.0, 3.0), &[-1.0, 1000.0, f64::NAN]);
    let tag = |k: &mut Knobs<'_>, keep: &str| {
        if k.flag(true) {
            keep.to_string()
        } else {
            TAGS[k.index(TAGS.len())].to_string()
        }
    };
    let c = TemplateConfig {
        templates,
        width: k.int(demo.width, 3..=80, &[2, MAX_MAP_SIDE, MAX_MAP_SIDE + 1]),
        height: k.int(demo.height, 3..=80, &[2, MAX_MAP_SIDE, MAX_MAP_SIDE + 1]),
        count,
        start_tag: tag(&mut k, "start"),
        end_tag: tag(&mut k, "boss"),
        corridor_tag: tag(&mut k, "corridor"),
        corridors_between_rooms: k.flag(false),
        loops: k.flag(true),
        tag_rules: (0..k.index(3))
            .map(|_| {
                TagRule::new(
                    TAGS[k.index(TAGS.len())],
                    k.int(0, 0..=3, &[-1]),
                    k.int(-1, -1..=4, &[-2]),
                )
            })
            .collect(),
        max_steps: k.int(demo.max_steps, 100..=5000, &[99, MAX_STEPS, MAX_STEPS + 1]),
    };
    (c, seed, level)
}

/// Target `template_config`: `grow` refuses exactly what `validate` (or
/// the level check) refuses, or gives up with a reason; a success passes
/// `check()`, places no two rooms over each other, joins only facing doors
/// as wide, and repeats byte for byte.
pub fn template_config(data: &[u8]) {
    let (c, seed, level) = template_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match template::grow(&c, seed, level) {
        Ok(l) => {
            assert!(accepted, "grow accepted what validate refuses: {c:?}");
            let g = &l.grid;
            assert_eq!(g.generator, "template");
            assert_eq!((g.seed, g.level), (seed, level));
            checks::valid_grid(g);
            for (i, p) in l.placements.iter().enumerate() {
                for q in &l.placements[..i] {
                    assert!(!p.rect().overlaps(&q.rect()), "{p:?} overlaps {q:?}");
                }
            }
            for j in &l.joins {
                let a = l.placements[j.a.placement].doors[j.a.door];
                let b = l.placements[j.b.placement].doors[j.b.door];
                let (sx, sy) = a.side.step();
                assert!(
                    a.width == b.width && a.side.opposite() == b.side,
                    "{a:?} {b:?}"
                );
                assert_eq!((a.cell.0 + sx, a.cell.1 + sy), b.cell);
            }
            checks::deterministic(g, || template::generate(&c, seed, level));
        }
        Err(e) => {
            if let GenError::Config(_) = e {
                assert!(!accepted, "a valid config failed: {e} ({c:?})");
            }
            checks::error_names_a_setting(&e);
        }
    }
}
