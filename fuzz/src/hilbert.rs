//! Target `hilbert_config` (its own module so the generator's knobs stay
//! apart from the other targets'). Input format: a preset index, the seed,
//! the level, then one knob per `HilbertConfig` field in declaration order.

use dungeon_core::GeneratorConfig;
use dungeon_core::hilbert::{self, HilbertConfig, MAX_ORDER};
use dungeon_core::level::MAX_LEVEL;
use dungeon_core::{GenError, Pos};

use crate::checks;
use crate::knobs::Knobs;

/// A Hilbert config, seed and level from fuzz bytes.
#[must_use]
pub fn hilbert_input(data: &[u8]) -> (HilbertConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&HilbertConfig::PRESETS);
    let p = HilbertConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let most = 1 << (2 * MAX_ORDER);
    let c = HilbertConfig {
        order: k.int(p.order, 1..=6, &[1, MAX_ORDER]),
        grow_order: k.flag(p.grow_order),
        path_length: k.int(p.path_length, 2..=80, &[2, most]),
        path_per_level: k.float(p.path_per_level, (0.0, 8.0), &[0.0, 1000.0]),
        path_variance: k.int(p.path_variance, 0..=8, &[0, most]),
        side_room_chance: k.float(p.side_room_chance, (0.0, 1.0), &[0.0, 1.0]),
        branch_length: k.int(p.branch_length, 1..=8, &[1, 64]),
        loop_chance: k.float(p.loop_chance, (0.0, 1.0), &[0.0, 1.0]),
        allow_shortcuts: k.flag(p.allow_shortcuts),
    };
    (c, seed, level)
}

fn adjacent(a: Pos, b: Pos) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
}

/// Target `hilbert_config`: `generate` fails exactly when the plan does; a
/// success is a valid room grid of side `2^order` whose main path is as long
/// as drawn, never crosses itself, steps to a neighbour through a door each
/// time and runs from the start to the end, with as many doors as path
/// steps, side rooms and loops.
pub fn hilbert_config(data: &[u8]) {
    let (c, seed, level) = hilbert_input(data);
    let plan = c.plan(level);
    assert!(
        plan.is_ok() || c.validate(level).is_err(),
        "plan and validate disagree"
    );
    match hilbert::generate_layout(&c, seed, level) {
        Ok(l) => {
            let Ok(plan) = plan else {
                panic!("generate accepted what plan refuses: {c:?} level {level}");
            };
            assert!((1..=MAX_LEVEL).contains(&level));
            let g = &l.grid;
            assert_eq!(g.generator, "hilbert");
            assert_eq!((g.seed, g.level), (seed, level));
            let side = 1 << plan.order;
            assert_eq!((g.width(), g.height()), (side, side), "grid size");
            checks::valid_grid(g);
            let n = l.path.len();
            assert_eq!(Ok(n as i32), c.path_length_for(seed, level), "path length");
            assert_eq!((g.start(), g.end()), (l.path[0], l.path[n - 1]));
            assert_eq!(g.rooms().len(), n + l.side_rooms, "rooms");
            if g.cells().len() <= checks::ROUND_TRIP_CELLS {
                let mut seen = vec![false; g.cells().len()];
                for &p in &l.path {
                    let i = g.index(p).unwrap_or(usize::MAX);
                    assert!(i < seen.len() && !seen[i], "the path revisits {p:?}");
                    seen[i] = true;
                }
                for w in l.path.windows(2) {
                    assert!(adjacent(w[0], w[1]), "path step {:?} → {:?}", w[0], w[1]);
                    let open = g.path(w[0], w[1]).is_some_and(|p| p.len() == 2);
                    assert!(open, "no door on the path step {:?} → {:?}", w[0], w[1]);
                }
                assert_eq!(g.door_count(), n - 1 + l.side_rooms + l.loops, "doors");
                if !c.allow_shortcuts {
                    let steps = g.distance_from_start(g.end());
                    assert_eq!(steps, n as i32 - 1, "a loop shortened the path");
                }
                match hilbert::generate(&c, seed, level) {
                    Ok(h) => assert!(h == *g, "the same inputs gave another grid"),
                    Err(e) => panic!("the same inputs failed the second time: {e}"),
                }
            }
        }
        Err(e) => {
            assert!(plan.is_err(), "a valid config failed: {e} ({c:?})");
            let GenError::Config(ce) = &e else {
                panic!("hilbert never runs out of work, yet: {e}");
            };
            let text = e.to_string();
            assert!(!ce.allowed.is_empty() && text.contains(ce.field), "{text}");
        }
    }
}
