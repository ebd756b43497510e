//! Generator flags: one table per generator that maps `--name value` to a
//! config field, one line a flag.
//!
//! Every public field of `IsaacConfig`, `DrunkardConfig` and `BspConfig` has
//! a flag here (a test destructures each config to keep it that way). The
//! tables also print the usage text, defaults included, so `--help` cannot
//! drift from the code.

mod cave;
mod dig;
mod hilbert;
mod maze;
#[cfg(test)]
mod tests;

use Field::{Bool, Int, Num, Other};
pub use cave::{CAVE_PRESETS, cave};
use dungeon_core::bsp::BspConfig;
use dungeon_core::drunkard::{DrunkardConfig, OffGrid};
use dungeon_core::isaac::{GrowthRule, IsaacConfig};
use dungeon_core::room_grid::{EndRule, RoomRules, StartRule};

pub use dig::{TUNNELER_PRESETS, WALKER_PRESETS, tunneler, walker};
pub use hilbert::{HILBERT_PRESETS, hilbert};
pub use maze::{MAZE_PRESETS, maze};

mod tinykeep;
pub use tinykeep::{TINYKEEP_PRESETS, tinykeep};

mod template;
pub use template::{TEMPLATE_PRESETS, template};

/// A preset table: `--preset NAME` and the config it starts from. The first
/// entry is the generator's default.
pub type Presets<C> = [(&'static str, fn() -> C); 2];

/// An Isaac preset's constructor.
type IsaacPreset = fn() -> IsaacConfig;

/// Isaac's presets.
pub const ISAAC_PRESETS: [(&str, IsaacPreset); 3] = [
    ("compact", IsaacConfig::compact),
    ("branching", IsaacConfig::branching),
    ("large_rooms", IsaacConfig::large_rooms),
];

/// The drunkard walk's presets.
pub const DRUNKARD_PRESETS: Presets<DrunkardConfig> = [
    ("winding", DrunkardConfig::winding),
    ("wide", DrunkardConfig::wide),
];

/// BSP's presets.
pub const BSP_PRESETS: Presets<BspConfig> =
    [("small", BspConfig::small), ("large", BspConfig::large)];

/// Any number of presets, as [`Presets`] or longer tables.
pub type PresetList<C> = [(&'static str, fn() -> C)];

/// The config field a flag writes, and how its value is read.
pub enum Field<C> {
    /// A 32-bit integer.
    Int(fn(&mut C) -> &mut i32),
    /// A finite number.
    Num(fn(&mut C) -> &mut f64),
    /// A switch: `--name` alone means `true`.
    Bool(fn(&mut C) -> &mut bool),
    /// Anything else: its placeholder in the usage text, a parser into the
    /// config, and what the config holds now.
    Other(
        &'static str,
        fn(&mut C, &str) -> Result<(), String>,
        fn(&C) -> String,
    ),
}

/// One generator flag.
pub struct Flag<C> {
    /// The name without the leading `--`.
    pub name: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// The field it sets.
    pub field: Field<C>,
}

/// The placeholder of a switch: `--grow-grid` alone means `true`.
pub const SWITCH: &str = "[true|false]";

impl<C: Clone> Flag<C> {
    /// A flag: `--name VALUE` sets `field`.
    #[must_use]
    pub const fn new(name: &'static str, help: &'static str, field: Field<C>) -> Self {
        Self { name, help, field }
    }

    /// The value placeholder shown in the usage text.
    #[must_use]
    pub fn value(&self) -> &'static str {
        match self.field {
            Field::Int(_) => "N",
            Field::Num(_) => "F",
            Field::Bool(_) => SWITCH,
            Field::Other(value, _, _) => value,
        }
    }

    /// Whether the flag is a boolean switch that may stand alone: a `Bool`
    /// field, or an `Other` field whose placeholder is [`SWITCH`].
    #[must_use]
    pub fn is_switch(&self) -> bool {
        matches!(self.field, Field::Bool(_)) || matches!(self.field, Field::Other(SWITCH, _, _))
    }

    /// Parses `v` into the config.
    ///
    /// # Errors
    /// What was expected, naming the value (the caller adds the flag).
    pub fn set(&self, c: &mut C, v: &str) -> Result<(), String> {
        match self.field {
            Field::Int(f) => *f(c) = int(v)?,
            Field::Num(f) => *f(c) = number(v)?,
            Field::Bool(f) => *f(c) = boolean(v)?,
            Field::Other(_, set, _) => set(c, v)?,
        }
        Ok(())
    }

    /// The field's value in `c`, for the defaults in the usage text.
    #[must_use]
    pub fn show(&self, c: &C) -> String {
        let mut c = c.clone();
        match self.field {
            Field::Int(f) => f(&mut c).to_string(),
            Field::Num(f) => show_f64(*f(&mut c)),
            Field::Bool(f) => f(&mut c).to_string(),
            Field::Other(_, _, show) => show(&c),
        }
    }
}

/// Parses a 32-bit integer.
///
/// # Errors
/// What was expected, naming the value.
pub fn int(v: &str) -> Result<i32, String> {
    match v.trim().parse::<i64>() {
        Ok(n) => i32::try_from(n).map_err(|_| {
            format!(
                "expected an integer in {}..={}, got {v:?}",
                i32::MIN,
                i32::MAX
            )
        }),
        Err(_) => Err(format!("expected an integer, got {v:?}")),
    }
}

/// Parses a finite number.
///
/// # Errors
/// What was expected, naming the value.
pub fn number(v: &str) -> Result<f64, String> {
    match v.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("expected a number, got {v:?}")),
    }
}

/// Parses `true` or `false`.
///
/// # Errors
/// What was expected, naming the value.
pub fn boolean(v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, got {v:?}")),
    }
}

/// Picks one of `options` by name; `-` and `_` are interchangeable.
///
/// # Errors
/// The accepted names and the value given.
pub fn choice<T: Copy>(v: &str, options: &[(&str, T)]) -> Result<T, String> {
    let norm = v.replace('-', "_");
    options
        .iter()
        .find(|(name, _)| *name == norm)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            format!("expected {}, got {v:?}", names.join(" or "))
        })
}

/// Stores a parsed value, or passes the parse error on.
fn put<T>(slot: &mut T, value: Result<T, String>) -> Result<(), String> {
    *slot = value?;
    Ok(())
}

/// The name of `value` in `options` (the first one, if several).
fn name_of<T: PartialEq>(options: &[(&str, T)], value: T) -> String {
    options
        .iter()
        .find(|(_, t)| *t == value)
        .map_or_else(String::new, |(n, _)| (*n).to_owned())
}

/// A number as the usage text shows it: short, without float noise.
fn show_f64(x: f64) -> String {
    let s = format!("{x}");
    if s.len() > 6 { format!("{x:.3}") } else { s }
}

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

/// The room-grid flags Isaac and drunkard share, around the generator's own
/// flags. Field names match in both configs, so one list serves both.
macro_rules! room_grid_flags {
    ($C:ty, [$($own:expr),* $(,)?]) => {{
        type G = Flag<$C>;
        vec![
            G::new("width", "grid width in rooms, 2..=256", Int(|c| &mut c.grid.width)),
            G::new("height", "grid height in rooms, 2..=256", Int(|c| &mut c.grid.height)),
            $($own,)*
            G::new(
                "base-rooms",
                "rooms: base + floor(per-level × level) + 0..=variance",
                Int(|c| &mut c.grid.count.base),
            ),
            G::new(
                "rooms-per-level",
                "rooms added per level (see --base-rooms)",
                Num(|c| &mut c.grid.count.per_level),
            ),
            G::new(
                "room-variance",
                "up to N random extra rooms (see --base-rooms)",
                Int(|c| &mut c.grid.count.variance),
            ),
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
                "min-dead-ends",
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
                "min-end-distance",
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
            ),
            G::new(
                "end-off-axis",
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
                "max-fill",
                "share of the grid's cells a level may ask for",
                Num(|c| &mut c.grid.max_fill),
            ),
            G::new(
                "grow-grid",
                "grow the grid when a level does not fit, else fail",
                Bool(|c| &mut c.grid.grow_grid),
            ),
            G::new("max-attempts", "layouts tried before giving up", Int(|c| &mut c.grid.max_attempts)),
        ]
    }};
}

/// Isaac's flags, in the order they are applied (size before origin).
#[must_use]
pub fn isaac() -> Vec<Flag<IsaacConfig>> {
    type F = Flag<IsaacConfig>;
    room_grid_flags!(
        IsaacConfig,
        [
            F::new(
                "origin-x",
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
            ),
            F::new(
                "origin-y",
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
            ),
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
                "give-up-chance",
                "chance to skip an eligible neighbour, 0..=0.99",
                Num(|c| &mut c.give_up_chance),
            ),
            F::new(
                "special-rooms",
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
                "large-room-1x2",
                "chance a new room is a 1×2 large room (branching only), 0..=1",
                Num(|c| &mut c.large_rooms.tall),
            ),
            F::new(
                "large-room-2x1",
                "chance a new room is a 2×1 large room (branching only), 0..=1",
                Num(|c| &mut c.large_rooms.wide),
            ),
            F::new(
                "large-room-2x2",
                "chance a new room is a 2×2 large room (branching only), 0..=1",
                Num(|c| &mut c.large_rooms.square),
            ),
            F::new(
                "large-room-l",
                "chance a new room is an L-shaped large room (branching only); the four chances add up to at most 1",
                Num(|c| &mut c.large_rooms.l_shape),
            ),
        ]
    )
}

/// The drunkard walk's flags, in the order they are applied.
#[must_use]
pub fn drunkard() -> Vec<Flag<DrunkardConfig>> {
    type F = Flag<DrunkardConfig>;
    room_grid_flags!(
        DrunkardConfig,
        [
            F::new(
                "diagonal",
                "walk in 8 directions instead of 4",
                Bool(|c| &mut c.diagonal)
            ),
            F::new(
                "off-grid",
                "what a step off the grid does",
                Other(
                    "return_to_start|stay",
                    |c, v| put(&mut c.off_grid, choice(v, &OFF_GRID)),
                    |c| name_of(&OFF_GRID, c.off_grid),
                ),
            ),
            F::new(
                "max-steps",
                "steps per walk before it gives up",
                Int(|c| &mut c.max_steps)
            ),
        ]
    )
}

/// BSP's flags, in the order they are applied.
#[must_use]
pub fn bsp() -> Vec<Flag<BspConfig>> {
    type F = Flag<BspConfig>;
    vec![
        F::new(
            "width",
            "map width in tiles, 8..=4096",
            Int(|c| &mut c.width),
        ),
        F::new(
            "height",
            "map height in tiles, 8..=4096",
            Int(|c| &mut c.height),
        ),
        F::new(
            "iterations",
            "split depth, 1..=16: up to 2^N rooms",
            Int(|c| &mut c.iterations),
        ),
        F::new(
            "partition-range",
            "cuts fall at 0.5 ± F of the side, 0..=0.45",
            Num(|c| &mut c.partition_range),
        ),
        F::new(
            "min-partition-size",
            "no part is cut below N tiles a side, ≥ min-room-size + 1",
            Int(|c| &mut c.min_partition_size),
        ),
        F::new(
            "room-size-min",
            "smallest room side as a share of its part, (0, 1]",
            Num(|c| &mut c.room_size_min),
        ),
        F::new(
            "room-size-max",
            "largest room side as a share of its part, [min, 1]",
            Num(|c| &mut c.room_size_max),
        ),
        F::new(
            "min-room-size",
            "smallest room side in tiles, 1 or more",
            Int(|c| &mut c.min_room_size),
        ),
        F::new(
            "border",
            "empty tiles around the whole map, 1 or more",
            Int(|c| &mut c.border),
        ),
    ]
}

/// The usage lines for one table: `--name VALUE  help [default]`.
#[must_use]
pub fn usage_lines<C: Clone>(flags: &[Flag<C>], defaults: &C) -> String {
    let mut out = String::new();
    for f in flags {
        let head = format!("--{} {}", f.name, f.value());
        out.push_str(&format!(
            "  {head:<31}  {} [{}]\n",
            f.help,
            f.show(defaults)
        ));
    }
    out
}
