//! Fuzz targets for the room-grid generators, `isaac_config` and
//! `drunkard_config`: any config, seed and level from fuzz bytes; a success
//! is a valid grid with the drawn room count and end rules (and, for
//! Isaac, its special rooms), an error names a setting; same input, same
//! grid.
//!
//! Input format (see [`crate::knobs`]): a preset index, the seed, the
//! level, then one knob per config field in the order below. Reordering
//! reads invalidates `fuzz/corpus` and `fuzz/regressions`.

use dungeon_core::GeneratorConfig;
use dungeon_core::RoomRole;
use dungeon_core::drunkard::{self, DrunkardConfig, OffGrid};
use dungeon_core::isaac::{self, GrowthRule, IsaacConfig};
use dungeon_core::room_grid::{EndRule, EndRules, MAX_SIDE, RoomCount, RoomGridConfig, StartRule};
use dungeon_core::room_grid::{RoleRule, RoomRules};

use crate::checks;
use crate::knobs::Knobs;

/// The per-level room count, each field a knob.
fn room_count(k: &mut Knobs, p: RoomCount) -> RoomCount {
    RoomCount {
        base: k.int(p.base, 1..=60, &[1, MAX_SIDE * MAX_SIDE]),
        per_level: k.float(p.per_level, (0.0, 6.0), &[0.0, 1000.0]),
        variance: k.int(p.variance, 0..=6, &[0, 1000]),
    }
}

/// The end rules, each field a knob. The end rule follows its settings: no
/// distance and no axis rule is `FarthestDeadEnd`, anything else
/// `FarthestApart` (the knobs keep the order they had before the end rule
/// became an enum, so the corpus keeps its meaning).
fn end_rules(k: &mut Knobs, p: EndRules) -> EndRules {
    let (d, axis) = match p.end {
        EndRule::FarthestDeadEnd => (0.0, false),
        EndRule::FarthestApart {
            min_distance,
            off_axis,
        } => (min_distance, off_axis),
    };
    let start = k.choice(p.start, StartRule::Origin, StartRule::RandomRoom);
    let min_dead_ends = k.int(p.min_dead_ends, 1..=8, &[1, MAX_SIDE * MAX_SIDE]);
    let min_distance = k.float(d, (0.0, 12.0), &[0.0, 512.0]);
    let off_axis = k.flag(axis);
    let end = if min_distance == 0.0 && !off_axis {
        EndRule::FarthestDeadEnd
    } else {
        EndRule::FarthestApart {
            min_distance,
            off_axis,
        }
    };
    EndRules {
        start,
        end,
        min_dead_ends,
    }
}

/// The shared room-grid settings, each a knob, in the order the targets
/// read them: size first, the generator's own knobs (`own`) between size
/// and count, then count, `between` (Isaac's give-up chance), ends, fill,
/// growth and attempts.
fn room_grid(
    k: &mut Knobs,
    p: &RoomGridConfig,
    own: impl FnOnce(&mut Knobs),
    between: impl FnOnce(&mut Knobs),
    fills: &[f64],
) -> RoomGridConfig {
    let sides = [2, MAX_SIDE];
    let width = k.int(p.width, 2..=24, &sides);
    let height = k.int(p.height, 2..=24, &sides);
    own(k);
    let count = room_count(k, p.count);
    between(k);
    let ends = end_rules(k, p.ends);
    RoomGridConfig {
        width,
        height,
        count,
        ends,
        max_fill: k.float(p.max_fill, (0.05, 0.7), fills),
        grow_grid: k.flag(p.grow_grid),
        max_attempts: k.int(p.max_attempts, 1..=50, &[1, 2000, 1_000_000]),
    }
}

/// Special-room rules from fuzz bytes: the preset's, none, Isaac's,
/// Rebirth's, or a list of rules with any role and values (bad ones too).
fn room_rules(k: &mut Knobs, keep: Option<&RoomRules>) -> Option<RoomRules> {
    match k.byte() % 5 {
        0 => keep.cloned(),
        1 => None,
        2 => Some(RoomRules::isaac()),
        3 => Some(RoomRules::rebirth()),
        _ => {
            let n = k.index(6);
            let rules = (0..n)
                .map(|_| RoleRule {
                    role: RoomRole::ALL[k.index(RoomRole::ALL.len())],
                    chance: k.float(1.0, (0.0, 1.0), &[-0.5, 0.0, 1.0, 1.5]),
                    min_level: k.int(1, 1..=6, &[0, 1000, 1001]),
                    count: k.int(1, 0..=3, &[-1, 16, 17]),
                })
                .collect();
            Some(RoomRules {
                rules,
                min_dead_ends: k.int(0, 0..=8, &[-1, 1000, 1001]),
                dead_ends_per_level: k.int(0, 0..=2, &[-1, 100, 101]),
            })
        }
    }
}

/// An Isaac config, seed and level from fuzz bytes.
#[must_use]
pub fn isaac_input(data: &[u8]) -> (IsaacConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&IsaacConfig::PRESETS);
    let p = IsaacConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let sides = [2, MAX_SIDE];
    let (mut origin, mut rule, mut give_up) = (p.origin, p.rule, p.give_up_chance);
    let grid = room_grid(
        &mut k,
        &p.grid,
        |k| {
            origin = match k.byte() % 4 {
                0 => p.origin,
                1 => None,
                2 => Some((k.int(0, 0..=24, &sides), k.int(0, 0..=24, &sides))),
                _ => Some((k.int(0, 0..=255, &[]), k.int(0, 0..=255, &[]))),
            };
            rule = k.choice(p.rule, GrowthRule::Branching, GrowthRule::Crowding);
        },
        |k| give_up = k.float(p.give_up_chance, (0.0, 0.99), &[0.0, 0.99]),
        &[0.05, 0.6, 0.7],
    );
    // Read last, so inputs saved before special rooms keep their meaning.
    let room_rules = room_rules(&mut k, p.room_rules.as_ref());
    // Large rooms read after them, for the same reason.
    let large_rooms = match k.byte() % 3 {
        0 => p.large_rooms,
        1 => dungeon_core::room_grid::LargeRooms::NONE,
        _ => dungeon_core::room_grid::LargeRooms::rebirth(),
    };
    let c = IsaacConfig {
        grid,
        origin,
        rule,
        give_up_chance: give_up,
        room_rules,
        large_rooms,
    };
    (c, seed, level)
}

/// Target `isaac_config`: any config, seed and level; a success must be a
/// valid grid with the promised room count and end rules.
pub fn isaac_config(data: &[u8]) {
    let (c, seed, level) = isaac_input(data);
    match isaac::generate(&c, seed, level) {
        Ok(g) => {
            let rooms = c.grid.room_count(seed, level).unwrap_or(-1);
            checks::room_grid(&g, "isaac", seed, level, rooms, &c.grid.ends);
            if c.rule == GrowthRule::Branching {
                checks::tree_apart_from_secret_rooms(&g);
            }
            if c.room_rules.is_some() {
                assert_eq!(
                    g.boss_room(),
                    g.room_at(g.end()),
                    "the boss room is the end"
                );
            } else {
                assert!(g.special_rooms().is_empty(), "special rooms without rules");
            }
            checks::deterministic(&g, || isaac::generate(&c, seed, level));
        }
        Err(e) => checks::error_names_a_setting(&e),
    }
}

/// A drunkard-walk config, seed and level from fuzz bytes.
#[must_use]
pub fn drunkard_input(data: &[u8]) -> (DrunkardConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&DrunkardConfig::PRESETS);
    let p = DrunkardConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let (mut diagonal, mut off_grid, mut max_steps) = (p.diagonal, p.off_grid, p.max_steps);
    // The drunkard's own knobs come after the room count, before the ends.
    let grid = room_grid(
        &mut k,
        &p.grid,
        |_| {},
        |k| {
            diagonal = k.flag(p.diagonal);
            off_grid = k.choice(p.off_grid, OffGrid::ReturnToStart, OffGrid::Stay);
            max_steps = k.int(p.max_steps, 1..=5000, &[1, 20_000, 10_000_000]);
        },
        &[0.05, 0.7],
    );
    let c = DrunkardConfig {
        grid,
        diagonal,
        off_grid,
        max_steps,
    };
    (c, seed, level)
}

/// Target `drunkard_config`.
pub fn drunkard_config(data: &[u8]) {
    let (c, seed, level) = drunkard_input(data);
    match drunkard::generate(&c, seed, level) {
        Ok(g) => {
            let rooms = c.grid.room_count(seed, level).unwrap_or(-1);
            checks::room_grid(&g, "drunkard", seed, level, rooms, &c.grid.ends);
            checks::deterministic(&g, || drunkard::generate(&c, seed, level));
        }
        Err(e) => checks::error_names_a_setting(&e),
    }
}
