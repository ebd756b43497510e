//! Generator flags: one table per generator that maps `--name value` to a
//! config field, one line a flag.
//!
//! Every public field of `IsaacConfig`, `DrunkardConfig` and `BspConfig` has
//! a flag here (a test destructures each config to keep it that way). The
//! tables also print the usage text, defaults included, so `--help` cannot
//! drift from the code.

use Field::{Bool, Int, Num, Other};
use dungeon_core::bsp::BspConfig;
use dungeon_core::drunkard::{DrunkardConfig, OffGrid};
use dungeon_core::isaac::{GrowthRule, IsaacConfig};
use dungeon_core::room_grid::StartRule;

/// A preset table: `--preset NAME` and the config it starts from. The first
/// entry is the generator's default.
pub type Presets<C> = [(&'static str, fn() -> C); 2];

/// Isaac's presets. The names are the core's new preset names; until the
/// core renames its constructors they map to the old ones
/// (`compact` = `seed_002`, `branching` = `classic`).
pub const ISAAC_PRESETS: Presets<IsaacConfig> = [
    ("compact", IsaacConfig::seed_002),
    ("branching", IsaacConfig::classic),
];

/// The drunkard walk's presets (`winding` = `seed_002`, `wide` = `eight_way`).
pub const DRUNKARD_PRESETS: Presets<DrunkardConfig> = [
    ("winding", DrunkardConfig::seed_002),
    ("wide", DrunkardConfig::eight_way),
];

/// BSP's presets (`small` = `seed_001`, `large` = `large`).
pub const BSP_PRESETS: Presets<BspConfig> =
    [("small", BspConfig::seed_001), ("large", BspConfig::large)];

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

    /// Whether the flag is a boolean switch that may stand alone.
    #[must_use]
    pub fn is_switch(&self) -> bool {
        matches!(self.field, Field::Bool(_))
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

const RULES: [(&str, GrowthRule); 2] = [
    ("classic", GrowthRule::Classic),
    ("crowding", GrowthRule::Crowding),
];

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
            G::new("width", "grid width in rooms, 2..=256", Int(|c| &mut c.width)),
            G::new("height", "grid height in rooms, 2..=256", Int(|c| &mut c.height)),
            $($own,)*
            G::new(
                "base-rooms",
                "rooms: base + floor(per-level × level) + 0..=variance",
                Int(|c| &mut c.count.base),
            ),
            G::new(
                "rooms-per-level",
                "rooms added per level (see --base-rooms)",
                Num(|c| &mut c.count.per_level),
            ),
            G::new(
                "room-variance",
                "up to N random extra rooms (see --base-rooms)",
                Int(|c| &mut c.count.variance),
            ),
            G::new(
                "start",
                "start in the growth origin or in a random room",
                Other(
                    "origin|random",
                    |c, v| put(&mut c.ends.start, choice(v, &STARTS)),
                    |c| name_of(&STARTS, c.ends.start),
                ),
            ),
            G::new(
                "min-dead-ends",
                "a layout needs at least N dead ends, 2 or more",
                Int(|c| &mut c.ends.min_dead_ends),
            ),
            G::new(
                "min-end-distance",
                "straight-line distance from start to end, at least F",
                Num(|c| &mut c.ends.min_end_distance),
            ),
            G::new(
                "end-off-axis",
                "the end shares no row and no column with the start",
                Bool(|c| &mut c.ends.end_off_axis),
            ),
            G::new(
                "max-fill",
                "share of the grid's cells a level may ask for",
                Num(|c| &mut c.max_fill),
            ),
            G::new(
                "grow-grid",
                "grow the grid when a level does not fit, else fail",
                Bool(|c| &mut c.grow_grid),
            ),
            G::new("max-attempts", "layouts tried before giving up", Int(|c| &mut c.max_attempts)),
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
                        let y = c.origin.map_or(centre(c.height), |p| p.1);
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
                        let x = c.origin.map_or(centre(c.width), |p| p.0);
                        c.origin = Some((x, int(v)?));
                        Ok(())
                    },
                    |c| c.origin.map_or("centre".to_owned(), |p| p.1.to_string()),
                ),
            ),
            F::new(
                "rule",
                "classic: a tree; crowding: compact, may have loops",
                Other(
                    "classic|crowding",
                    |c, v| put(&mut c.rule, choice(v, &RULES)),
                    |c| name_of(&RULES, c.rule),
                ),
            ),
            F::new(
                "give-up-chance",
                "chance to skip an eligible neighbour, 0..=0.99",
                Num(|c| &mut c.give_up_chance),
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
            "no part is cut below N tiles a side, ≥ min-room-size + 2",
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

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_core::room_grid::{EndRules, RoomCount};

    /// A value for each flag that differs from every preset's.
    fn odd_value(name: &str) -> &'static str {
        match name {
            "rule" => "classic",
            "start" => "origin",
            "off-grid" => "stay",
            "diagonal" | "grow-grid" => "true",
            "end-off-axis" => "false",
            "rooms-per-level" | "min-end-distance" => "4.5",
            "give-up-chance" | "max-fill" | "partition-range" | "room-size-min"
            | "room-size-max" => "0.123",
            _ => "77",
        }
    }

    fn apply_all<C: Clone>(flags: &[Flag<C>], c: &mut C) {
        for f in flags {
            f.set(c, odd_value(f.name)).unwrap();
        }
    }

    #[test]
    fn every_isaac_field_has_a_flag() {
        let d = IsaacConfig::seed_002();
        let mut c = d.clone();
        apply_all(&isaac(), &mut c);
        c.rule = GrowthRule::Classic;
        // Exhaustive: a new field breaks this until it gets a flag.
        let IsaacConfig {
            width,
            height,
            origin,
            rule,
            count:
                RoomCount {
                    base,
                    per_level,
                    variance,
                },
            give_up_chance,
            ends:
                EndRules {
                    start,
                    min_dead_ends,
                    min_end_distance,
                    end_off_axis,
                },
            max_fill,
            grow_grid,
            max_attempts,
        } = c;
        assert_eq!((width, height, origin), (77, 77, Some((77, 77))));
        assert_ne!(rule, d.rule);
        assert_eq!((base, per_level, variance), (77, 4.5, 77));
        assert_eq!(give_up_chance, 0.123);
        assert_ne!(start, d.ends.start);
        assert_eq!((min_dead_ends, min_end_distance), (77, 4.5));
        assert_ne!(end_off_axis, d.ends.end_off_axis);
        assert_eq!((max_fill, grow_grid, max_attempts), (0.123, true, 77));
    }

    #[test]
    fn every_drunkard_field_has_a_flag() {
        let d = DrunkardConfig::seed_002();
        let mut c = d.clone();
        apply_all(&drunkard(), &mut c);
        let DrunkardConfig {
            width,
            height,
            count:
                RoomCount {
                    base,
                    per_level,
                    variance,
                },
            diagonal,
            off_grid,
            max_steps,
            ends:
                EndRules {
                    start,
                    min_dead_ends,
                    min_end_distance,
                    end_off_axis,
                },
            max_fill,
            grow_grid,
            max_attempts,
        } = c;
        assert_eq!((width, height), (77, 77));
        assert_eq!((base, per_level, variance), (77, 4.5, 77));
        assert!(diagonal);
        assert_eq!((off_grid, max_steps), (OffGrid::Stay, 77));
        assert_ne!(start, d.ends.start);
        assert_eq!((min_dead_ends, min_end_distance), (77, 4.5));
        assert_ne!(end_off_axis, d.ends.end_off_axis);
        assert_eq!((max_fill, grow_grid, max_attempts), (0.123, true, 77));
    }

    #[test]
    fn every_bsp_field_has_a_flag() {
        let mut c = BspConfig::default();
        apply_all(&bsp(), &mut c);
        let BspConfig {
            width,
            height,
            iterations,
            partition_range,
            min_partition_size,
            room_size_min,
            room_size_max,
            min_room_size,
            border,
        } = c;
        assert_eq!(
            (
                width,
                height,
                iterations,
                min_partition_size,
                min_room_size,
                border
            ),
            (77, 77, 77, 77, 77, 77)
        );
        assert_eq!(
            (partition_range, room_size_min, room_size_max),
            (0.123, 0.123, 0.123)
        );
    }

    #[test]
    fn one_origin_coordinate_keeps_the_other_at_the_centre() {
        let flags = isaac();
        let set = |name: &str, c: &mut IsaacConfig, v: &str| {
            let f = flags.iter().find(|f| f.name == name).unwrap();
            f.set(c, v)
        };
        let mut c = IsaacConfig::classic(); // 9 × 8: centre (4, 3)
        set("origin-x", &mut c, "1").unwrap();
        assert_eq!(c.origin, Some((1, 3)));
        let mut c = IsaacConfig::classic();
        set("origin-y", &mut c, "6").unwrap();
        assert_eq!(c.origin, Some((4, 6)));
        set("origin-x", &mut c, "0").unwrap();
        assert_eq!(c.origin, Some((0, 6)));
    }

    #[test]
    fn value_parsers_say_what_they_expected() {
        assert_eq!(int(" 12 "), Ok(12));
        assert_eq!(int("x").unwrap_err(), r#"expected an integer, got "x""#);
        assert!(int("99999999999").unwrap_err().contains("2147483647"));
        assert_eq!(number("0.5"), Ok(0.5));
        assert!(number("NaN").is_err() && number("inf").is_err());
        assert_eq!(boolean("false"), Ok(false));
        assert_eq!(
            boolean("yes").unwrap_err(),
            r#"expected true or false, got "yes""#
        );
        assert_eq!(choice("return-to-start", &[("return_to_start", 1)]), Ok(1));
        assert_eq!(
            choice("x", &[("a", 1), ("b", 2)]).unwrap_err(),
            r#"expected a or b, got "x""#
        );
    }

    #[test]
    fn names_are_unique_and_switches_are_booleans() {
        fn check<C>(flags: &[Flag<C>]) {
            let mut names: Vec<&str> = flags.iter().map(|f| f.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(names.len(), flags.len());
        }
        check(&isaac());
        check(&drunkard());
        check(&bsp());
        let switches: Vec<&str> = drunkard()
            .iter()
            .filter(|f| f.is_switch())
            .map(|f| f.name)
            .collect();
        assert_eq!(switches, ["diagonal", "end-off-axis", "grow-grid"]);
    }
}
