//! Generator flags: one table per generator that maps `--name value` to a
//! config field.
//!
//! Every public field of `IsaacConfig`, `DrunkardConfig` and `BspConfig` has
//! a flag here (a test destructures each config to keep it that way). The
//! tables also print the usage text, defaults included, so `--help` cannot
//! drift from the code.

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

/// Setter: parses the flag's value into the config, or says what was
/// expected (the caller prefixes the flag's name).
pub type Setter<C> = fn(&mut C, &str) -> Result<(), String>;

/// One generator flag.
pub struct Flag<C> {
    /// The name without the leading `--`.
    pub name: &'static str,
    /// The value placeholder shown in the usage text.
    pub value: &'static str,
    /// One line of help.
    pub help: &'static str,
    /// Writes a value into the config.
    pub set: Setter<C>,
    /// The field's current value, for the defaults in the usage text.
    pub show: fn(&C) -> String,
}

/// The placeholder of a switch: `--grow-grid` alone means `true`.
pub const SWITCH: &str = "[true|false]";

impl<C> Flag<C> {
    /// Whether the flag is a boolean switch that may stand alone.
    #[must_use]
    pub fn is_switch(&self) -> bool {
        self.value == SWITCH
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

/// A number as the usage text shows it: short, without float noise.
fn show_f64(x: f64) -> String {
    let s = format!("{x}");
    if s.len() > 6 { format!("{x:.3}") } else { s }
}

fn show_start(s: StartRule) -> String {
    match s {
        StartRule::Origin => "origin",
        StartRule::RandomRoom => "random",
    }
    .to_owned()
}

const STARTS: [(&str, StartRule); 3] = [
    ("origin", StartRule::Origin),
    ("random", StartRule::RandomRoom),
    ("random_room", StartRule::RandomRoom),
];

/// The centre coordinate of a side, as Isaac uses for a missing origin.
const fn centre(side: i32) -> i32 {
    side.saturating_sub(1) / 2
}

/// The room-grid flags Isaac and drunkard share, around the generator's own
/// flags. Field names match in both configs, so one list serves both.
macro_rules! room_grid_flags {
    ($C:ty, [$($own:expr),* $(,)?]) => {
        vec![
            Flag::<$C> {
                name: "width",
                value: "W",
                help: "grid width in rooms, 2..=256",
                set: |c, v| put(&mut c.width, int(v)),
                show: |c| c.width.to_string(),
            },
            Flag::<$C> {
                name: "height",
                value: "H",
                help: "grid height in rooms, 2..=256",
                set: |c, v| put(&mut c.height, int(v)),
                show: |c| c.height.to_string(),
            },
            $($own,)*
            Flag::<$C> {
                name: "base-rooms",
                value: "N",
                help: "rooms: base + floor(per-level × level) + 0..=variance",
                set: |c, v| put(&mut c.count.base, int(v)),
                show: |c| c.count.base.to_string(),
            },
            Flag::<$C> {
                name: "rooms-per-level",
                value: "F",
                help: "rooms added per level (see --base-rooms)",
                set: |c, v| put(&mut c.count.per_level, number(v)),
                show: |c| show_f64(c.count.per_level),
            },
            Flag::<$C> {
                name: "room-variance",
                value: "N",
                help: "up to N random extra rooms (see --base-rooms)",
                set: |c, v| put(&mut c.count.variance, int(v)),
                show: |c| c.count.variance.to_string(),
            },
            Flag::<$C> {
                name: "start",
                value: "origin|random",
                help: "start in the growth origin or in a random room",
                set: |c, v| put(&mut c.ends.start, choice(v, &STARTS)),
                show: |c| show_start(c.ends.start),
            },
            Flag::<$C> {
                name: "min-dead-ends",
                value: "N",
                help: "a layout needs at least N dead ends, 2 or more",
                set: |c, v| put(&mut c.ends.min_dead_ends, int(v)),
                show: |c| c.ends.min_dead_ends.to_string(),
            },
            Flag::<$C> {
                name: "min-end-distance",
                value: "F",
                help: "straight-line distance from start to end, at least F",
                set: |c, v| put(&mut c.ends.min_end_distance, number(v)),
                show: |c| show_f64(c.ends.min_end_distance),
            },
            Flag::<$C> {
                name: "end-off-axis",
                value: SWITCH,
                help: "the end shares no row and no column with the start",
                set: |c, v| put(&mut c.ends.end_off_axis, boolean(v)),
                show: |c| c.ends.end_off_axis.to_string(),
            },
            Flag::<$C> {
                name: "max-fill",
                value: "F",
                help: "share of the grid's cells a level may ask for",
                set: |c, v| put(&mut c.max_fill, number(v)),
                show: |c| show_f64(c.max_fill),
            },
            Flag::<$C> {
                name: "grow-grid",
                value: SWITCH,
                help: "grow the grid when a level does not fit, else fail",
                set: |c, v| put(&mut c.grow_grid, boolean(v)),
                show: |c| c.grow_grid.to_string(),
            },
            Flag::<$C> {
                name: "max-attempts",
                value: "N",
                help: "layouts tried before giving up",
                set: |c, v| put(&mut c.max_attempts, int(v)),
                show: |c| c.max_attempts.to_string(),
            },
        ]
    };
}

/// Isaac's flags, in the order they are applied (size before origin).
#[must_use]
pub fn isaac() -> Vec<Flag<IsaacConfig>> {
    const RULES: [(&str, GrowthRule); 2] = [
        ("classic", GrowthRule::Classic),
        ("crowding", GrowthRule::Crowding),
    ];
    room_grid_flags!(
        IsaacConfig,
        [
            Flag::<IsaacConfig> {
                name: "origin-x",
                value: "X",
                help: "growth origin column; alone, the row is the centre",
                set: |c, v| {
                    let x = int(v)?;
                    let y = c.origin.map_or(centre(c.height), |p| p.1);
                    c.origin = Some((x, y));
                    Ok(())
                },
                show: |c| c.origin.map_or("centre".to_owned(), |p| p.0.to_string()),
            },
            Flag::<IsaacConfig> {
                name: "origin-y",
                value: "Y",
                help: "growth origin row; alone, the column is the centre",
                set: |c, v| {
                    let y = int(v)?;
                    let x = c.origin.map_or(centre(c.width), |p| p.0);
                    c.origin = Some((x, y));
                    Ok(())
                },
                show: |c| c.origin.map_or("centre".to_owned(), |p| p.1.to_string()),
            },
            Flag::<IsaacConfig> {
                name: "rule",
                value: "classic|crowding",
                help: "classic: a tree; crowding: compact, may have loops",
                set: |c, v| put(&mut c.rule, choice(v, &RULES)),
                show: |c| match c.rule {
                    GrowthRule::Classic => "classic".to_owned(),
                    GrowthRule::Crowding => "crowding".to_owned(),
                },
            },
            Flag::<IsaacConfig> {
                name: "give-up-chance",
                value: "F",
                help: "chance to skip an eligible neighbour, 0..=0.99",
                set: |c, v| put(&mut c.give_up_chance, number(v)),
                show: |c| show_f64(c.give_up_chance),
            },
        ]
    )
}

/// The drunkard walk's flags, in the order they are applied.
#[must_use]
pub fn drunkard() -> Vec<Flag<DrunkardConfig>> {
    const OFF_GRID: [(&str, OffGrid); 2] = [
        ("return_to_start", OffGrid::ReturnToStart),
        ("stay", OffGrid::Stay),
    ];
    room_grid_flags!(
        DrunkardConfig,
        [
            Flag::<DrunkardConfig> {
                name: "diagonal",
                value: SWITCH,
                help: "walk in 8 directions instead of 4",
                set: |c, v| put(&mut c.diagonal, boolean(v)),
                show: |c| c.diagonal.to_string(),
            },
            Flag::<DrunkardConfig> {
                name: "off-grid",
                value: "return_to_start|stay",
                help: "what a step off the grid does",
                set: |c, v| put(&mut c.off_grid, choice(v, &OFF_GRID)),
                show: |c| match c.off_grid {
                    OffGrid::ReturnToStart => "return_to_start".to_owned(),
                    OffGrid::Stay => "stay".to_owned(),
                },
            },
            Flag::<DrunkardConfig> {
                name: "max-steps",
                value: "N",
                help: "steps per walk before it gives up",
                set: |c, v| put(&mut c.max_steps, int(v)),
                show: |c| c.max_steps.to_string(),
            },
        ]
    )
}

/// BSP's flags, in the order they are applied.
#[must_use]
pub fn bsp() -> Vec<Flag<BspConfig>> {
    vec![
        Flag {
            name: "width",
            value: "W",
            help: "map width in tiles, 8..=4096",
            set: |c, v| put(&mut c.width, int(v)),
            show: |c| c.width.to_string(),
        },
        Flag {
            name: "height",
            value: "H",
            help: "map height in tiles, 8..=4096",
            set: |c, v| put(&mut c.height, int(v)),
            show: |c| c.height.to_string(),
        },
        Flag {
            name: "iterations",
            value: "N",
            help: "split depth, 1..=16: up to 2^N rooms",
            set: |c, v| put(&mut c.iterations, int(v)),
            show: |c| c.iterations.to_string(),
        },
        Flag {
            name: "partition-range",
            value: "F",
            help: "cuts fall at 0.5 ± F of the side, 0..=0.45",
            set: |c, v| put(&mut c.partition_range, number(v)),
            show: |c| show_f64(c.partition_range),
        },
        Flag {
            name: "min-partition-size",
            value: "N",
            help: "no part is cut below N tiles a side, ≥ min-room-size + 2",
            set: |c, v| put(&mut c.min_partition_size, int(v)),
            show: |c| c.min_partition_size.to_string(),
        },
        Flag {
            name: "room-size-min",
            value: "F",
            help: "smallest room side as a share of its part, (0, 1]",
            set: |c, v| put(&mut c.room_size_min, number(v)),
            show: |c| show_f64(c.room_size_min),
        },
        Flag {
            name: "room-size-max",
            value: "F",
            help: "largest room side as a share of its part, [min, 1]",
            set: |c, v| put(&mut c.room_size_max, number(v)),
            show: |c| show_f64(c.room_size_max),
        },
        Flag {
            name: "min-room-size",
            value: "N",
            help: "smallest room side in tiles, 1 or more",
            set: |c, v| put(&mut c.min_room_size, int(v)),
            show: |c| c.min_room_size.to_string(),
        },
        Flag {
            name: "border",
            value: "N",
            help: "empty tiles around the whole map, 1 or more",
            set: |c, v| put(&mut c.border, int(v)),
            show: |c| c.border.to_string(),
        },
    ]
}

/// The usage lines for one table: `--name VALUE  help [default]`.
#[must_use]
pub fn usage_lines<C>(flags: &[Flag<C>], defaults: &C) -> String {
    let mut out = String::new();
    for f in flags {
        let head = format!("--{} {}", f.name, f.value);
        out.push_str(&format!(
            "  {head:<31}  {} [{}]\n",
            f.help,
            (f.show)(defaults)
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

    fn apply_all<C>(flags: &[Flag<C>], c: &mut C) {
        for f in flags {
            (f.set)(c, odd_value(f.name)).unwrap();
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
            (f.set)(c, v)
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
