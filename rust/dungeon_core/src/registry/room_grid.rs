//! The room-grid generators' registry entries (Isaac floors and the
//! drunkard walk): their presets, and their settings, which share the
//! room-grid fields.

use super::Kind::{Bool, Int, Num, Other};
use super::setting::{SWITCH, boolean, choice, int, name_of, number, put, show_f64};
use super::{Generator, Range, Setting};
use crate::drunkard::{DrunkardConfig, OffGrid};
use crate::isaac::{GrowthRule, IsaacConfig};
use crate::room_grid::MAX_SIDE;
use crate::room_grid::{EndRule, RoomRules, StartRule};

/// Isaac floors.
pub const ISAAC: Generator<IsaacConfig> = Generator {
    name: "isaac",
    class: "IsaacGenerator",
    summary: "rooms grow from a start room on a small grid",
    example: "isaac --preset branching --level 5 --format png --out floor.png",
    settings: isaac,
    rooms: true,
};

/// The drunkard walk on a room grid.
pub const DRUNKARD: Generator<DrunkardConfig> = Generator {
    name: "drunkard",
    class: "DrunkardGenerator",
    summary: "a random walk on a small grid",
    example: "drunkard --diagonal --count 1000 --format json > floors.jsonl",
    settings: drunkard,
    rooms: true,
};

const STARTS: [(&str, StartRule); 3] = [
    ("origin", StartRule::Origin),
    ("random", StartRule::RandomRoom),
    ("random_room", StartRule::RandomRoom),
];

/// Makes one of the rule sets `--special-rooms` names.
type MakeRules = fn() -> Option<RoomRules>;

/// The special-room rule sets `--special-rooms` names.
const SPECIAL_ROOMS: [(&str, MakeRules); 3] = [
    ("none", || None),
    ("isaac", || Some(RoomRules::isaac())),
    ("rebirth", || Some(RoomRules::rebirth())),
];

const RULES: [(&str, GrowthRule); 2] = [
    ("branching", GrowthRule::Branching),
    ("crowding", GrowthRule::Crowding),
];

const END_RULES: [(&str, EndRule); 2] = [
    ("farthest_dead_end", EndRule::FarthestDeadEnd),
    (
        "farthest_apart",
        EndRule::FarthestApart {
            min_distance: 0.0,
            off_axis: false,
        },
    ),
];

/// The name of an end rule, whatever its distance settings.
fn end_rule_name(rule: EndRule) -> String {
    match rule {
        EndRule::FarthestDeadEnd => "farthest_dead_end",
        EndRule::FarthestApart { .. } => "farthest_apart",
    }
    .to_owned()
}

/// `rule` as `farthest_apart` with one of its settings changed by `set`
/// (starting from no distance and no axis rule when it was another rule).
fn set_apart(rule: &mut EndRule, set: impl FnOnce(&mut f64, &mut bool)) {
    let (mut d, mut axis) = match *rule {
        EndRule::FarthestApart {
            min_distance,
            off_axis,
        } => (min_distance, off_axis),
        EndRule::FarthestDeadEnd => (0.0, false),
    };
    set(&mut d, &mut axis);
    *rule = EndRule::FarthestApart {
        min_distance: d,
        off_axis: axis,
    };
}

const OFF_GRID: [(&str, OffGrid); 2] = [
    ("return_to_start", OffGrid::ReturnToStart),
    ("stay", OffGrid::Stay),
];

/// The centre coordinate of a side, as Isaac uses for a missing origin.
const fn centre(side: i32) -> i32 {
    side.saturating_sub(1) / 2
}

/// The room-grid settings Isaac and drunkard share, around the generator's own
/// settings. Field names match in both configs, so one list serves both.
macro_rules! room_grid_flags {
    ($C:ty, [$($own:expr),* $(,)?]) => {{
        type G = Setting<$C>;
        vec![
            G::new("width", "grid width in rooms", Int(|c| &mut c.grid.width))
.range(Range::int(2, MAX_SIDE)),
            G::new("height", "grid height in rooms", Int(|c| &mut c.grid.height))
.range(Range::int(2, MAX_SIDE)),
            $($own,)*
            G::new(
                "base_rooms",
                "rooms: base + floor(per-level × level) + 0..=variance",
                Int(|c| &mut c.grid.count.base),
            )
.range(Range::int(2, MAX_SIDE * MAX_SIDE)),
            G::new(
                "rooms_per_level",
                "rooms added per level (see --base-rooms)",
                Num(|c| &mut c.grid.count.per_level),
            )
.range(Range::new(0.0, 1000.0)),
            G::new(
                "room_variance",
                "up to N random extra rooms (see --base-rooms)",
                Int(|c| &mut c.grid.count.variance),
            )
.range(Range::int(0, 1000)),
            G::new(
                "start",
                "start in the growth origin or in a random room",
                Other(
                    "origin|random",
                    |c, v| put(&mut c.grid.ends.start, choice(v, &STARTS)),
                    |c| name_of(&STARTS, c.grid.ends.start),
                ),
            ),
            G::new(
                "min_dead_ends",
                "a layout needs at least N dead ends",
                Int(|c| &mut c.grid.ends.min_dead_ends),
            ),
            G::new(
                "end",
                "end room: farthest_dead_end (Isaac) or farthest_apart (compact, winding)",
                Other(
                    "farthest_dead_end|farthest_apart",
                    |c, v| put(&mut c.grid.ends.end, choice(v, &END_RULES)),
                    |c| end_rule_name(c.grid.ends.end),
                ),
            ),
            G::new(
                "min_end_distance",
                "farthest_apart: straight-line distance from start to end, at least F",
                Other(
                    "F",
                    |c, v| {
                        let d = number(v)?;
                        set_apart(&mut c.grid.ends.end, |m, _| *m = d);
                        Ok(())
                    },
                    |c| match c.grid.ends.end {
                        EndRule::FarthestApart { min_distance, .. } => show_f64(min_distance),
                        EndRule::FarthestDeadEnd => "none".to_owned(),
                    },
                ),
            )
.range(Range::new(0.0, MAX_SIDE as f64 * 2.0)),
            G::new(
                "end_off_axis",
                "farthest_apart: the end shares no row and no column with the start",
                Other(
                    SWITCH,
                    |c, v| {
                        let b = boolean(v)?;
                        set_apart(&mut c.grid.ends.end, |_, a| *a = b);
                        Ok(())
                    },
                    |c| matches!(c.grid.ends.end, EndRule::FarthestApart { off_axis: true, .. })
                        .to_string(),
                ),
            ),
            G::new(
                "max_fill",
                "share of the grid's cells a level may ask for",
                Num(|c| &mut c.grid.max_fill),
            ),
            G::new(
                "grow_grid",
                "grow the grid when a level does not fit, else fail",
                Bool(|c| &mut c.grid.grow_grid),
            ),
            G::new("max_attempts", "layouts tried before giving up", Int(|c| &mut c.grid.max_attempts))
.range(Range::int(1, 1_000_000)),
        ]
    }};
}

/// Isaac's settings, in the order they are applied (size before origin).
#[must_use]
pub fn isaac() -> Vec<Setting<IsaacConfig>> {
    type F = Setting<IsaacConfig>;
    room_grid_flags!(
        IsaacConfig,
        [
            F::new(
                "origin_x",
                "growth origin column; alone, the row is the centre",
                Other(
                    "X",
                    |c, v| {
                        let y = c.origin.map_or(centre(c.grid.height), |p| p.1);
                        c.origin = Some((int(v)?, y));
                        Ok(())
                    },
                    |c| c.origin.map_or("centre".to_owned(), |p| p.0.to_string()),
                ),
            )
.range(Range::int(0, MAX_SIDE - 1)),
            F::new(
                "origin_y",
                "growth origin row; alone, the column is the centre",
                Other(
                    "Y",
                    |c, v| {
                        let x = c.origin.map_or(centre(c.grid.width), |p| p.0);
                        c.origin = Some((x, int(v)?));
                        Ok(())
                    },
                    |c| c.origin.map_or("centre".to_owned(), |p| p.1.to_string()),
                ),
            )
.range(Range::int(0, MAX_SIDE - 1)),
            F::new(
                "rule",
                "branching: a tree; crowding: compact, may have loops",
                Other(
                    "branching|crowding",
                    |c, v| put(&mut c.rule, choice(v, &RULES)),
                    |c| name_of(&RULES, c.rule),
                ),
            ),
            F::new(
                "give_up_chance",
                "chance to skip an eligible neighbour",
                Num(|c| &mut c.give_up_chance),
            )
.range(Range::new(0.0, 0.99)),
            F::new(
                "special_rooms",
                "boss, shop, treasure, secret rooms: isaac, rebirth (5 + 1 dead ends per level) or none",
                Other(
                    "none|isaac|rebirth",
                    |c, v| put(&mut c.room_rules, choice(v, &SPECIAL_ROOMS).map(|f| f())),
                    |c| {
                        SPECIAL_ROOMS
                            .iter()
                            .find(|(_, f)| f() == c.room_rules)
                            .map_or("custom", |(n, _)| n)
                            .to_owned()
                    },
                ),
            ),
            F::new(
                "large_room_1x2",
                "chance a new room is a 1×2 large room (branching only)",
                Num(|c| &mut c.large_rooms.tall),
            )
.range(Range::UNIT),
            F::new(
                "large_room_2x1",
                "chance a new room is a 2×1 large room (branching only)",
                Num(|c| &mut c.large_rooms.wide),
            )
.range(Range::UNIT),
            F::new(
                "large_room_2x2",
                "chance a new room is a 2×2 large room (branching only)",
                Num(|c| &mut c.large_rooms.square),
            )
.range(Range::UNIT),
            F::new(
                "large_room_l",
                "chance a new room is an L-shaped large room (branching only); the four chances add up to at most 1",
                Num(|c| &mut c.large_rooms.l_shape),
            )
.range(Range::UNIT),
        ]
    )
}

/// The drunkard walk's settings, in the order they are applied.
#[must_use]
pub fn drunkard() -> Vec<Setting<DrunkardConfig>> {
    type F = Setting<DrunkardConfig>;
    room_grid_flags!(
        DrunkardConfig,
        [
            F::new(
                "diagonal",
                "walk in 8 directions instead of 4",
                Bool(|c| &mut c.diagonal)
            ),
            F::new(
                "off_grid",
                "what a step off the grid does",
                Other(
                    "return_to_start|stay",
                    |c, v| put(&mut c.off_grid, choice(v, &OFF_GRID)),
                    |c| name_of(&OFF_GRID, c.off_grid),
                ),
            ),
            F::new(
                "max_steps",
                "steps per walk before it gives up",
                Int(|c| &mut c.max_steps)
            )
            .range(Range::int(1, 10_000_000)),
        ]
    )
}
