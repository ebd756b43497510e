//! What the room-grid generator classes (Isaac, Drunkard) share on top of
//! [`crate::generator`]: the grid, room-count and start/end properties, their
//! mapping to the core config, and `room_count()` / `max_level()`.
//!
//! The mapping of the shared fields lives only here ([`room_grid_class!`]'s
//! field declarations and its `Generator` hooks for the end rule).

use dungeon_core::room_grid::{EndRule as CoreEndRule, StartRule as CoreStartRule};
use godot::prelude::*;

use crate::generator::inspector_enum;

inspector_enum! {
    /// Which room the player starts in ([member start_rule]).
    StartRule("start_rule") for CoreStartRule {
        /// Where the floor starts growing (or walking).
        Origin => CoreStartRule::Origin,
        /// A random room.
        RandomRoom => CoreStartRule::RandomRoom,
    }
}

inspector_enum! {
    /// Which room becomes the end ([member end_rule]).
    EndRule("end_rule") {
        /// The dead end farthest from the start by walking (Binding of
        /// Isaac's boss room).
        FarthestDeadEnd,
        /// The dead end farthest from the start by walking among those at
        /// least [member min_end_distance] away in a straight line and, with
        /// [member end_off_axis], in another row and column.
        FarthestApart,
    }
}

impl EndRule {
    /// The core's end rule, with the distance settings it uses.
    pub fn core(self, min_distance: f64, off_axis: bool) -> CoreEndRule {
        match self {
            Self::FarthestDeadEnd => CoreEndRule::FarthestDeadEnd,
            Self::FarthestApart => CoreEndRule::FarthestApart {
                min_distance,
                off_axis,
            },
        }
    }
}

/// Declares a room-grid generator class: [`crate::generator::generator_class!`]
/// with the room-grid properties around the class's own ones, plus
/// `room_count()`, `max_level()` and the start-rule constants.
macro_rules! room_grid_class {
    (
        $(#[$($class_doc:tt)*])*
        class $name:ident($config:ty) {
            $($own:tt)*
        }
    ) => {
        $crate::generator::generator_class! {
            $(#[$($class_doc)*])*
            class $name($config, |c: &$config, level| c.grid.room_count_range(level)) {
                $($own)*

                /// Grid width in rooms (2 to 256).
                #[export_group(name = "Grid")]
                #[export(range = (2.0, 256.0, 1.0))]
                width: i64 => grid.width,
                /// Grid height in rooms (2 to 256).
                #[export(range = (2.0, 256.0, 1.0))]
                height: i64 => grid.height,
                /// Let the grid grow (shorter side first) when a level asks
                /// for more rooms than it can hold. Off: such a level fails
                /// with an error naming the highest level that fits.
                #[export]
                grow_grid: bool => grid.grow_grid,
                /// The share of cells a level may fill. A level whose largest
                /// room count exceeds width × height × max_fill is refused
                /// (or grows the grid).
                #[export(range = (0.05, 0.7, 0.01))]
                max_fill: f64 => grid.max_fill,

                /// Rooms on every level before the per-level part.
                #[export_group(name = "Rooms per level")]
                #[export(range = (2.0, 200.0, 1.0, or_greater))]
                base_rooms: i64 => grid.count.base,
                /// Rooms added per level (the product is rounded down).
                #[export(range = (0.0, 20.0, 0.1, or_greater))]
                rooms_per_level: f64 => grid.count.per_level,
                /// Random extra rooms per level: from 0 up to this many.
                #[export(range = (0.0, 20.0, 1.0, or_greater))]
                room_variance: i64 => grid.count.variance,

                /// Which room the player starts in (see [constant START_ORIGIN]).
                #[export_group(name = "Start and end")]
                #[export]
                start_rule: $crate::room_grid::StartRule => grid.ends.start,
                /// Which room becomes the end (see [constant END_FARTHEST_DEAD_END]).
                #[export]
                end_rule: $crate::room_grid::EndRule => _,
                /// A floor needs at least this many dead ends (rooms with one door).
                #[export(range = (1.0, 64.0, 1.0, or_greater))]
                min_dead_ends: i64 => grid.ends.min_dead_ends,
                /// With [constant END_FARTHEST_APART]: the minimum straight-line
                /// distance, in cells, between start and end.
                #[export(range = (0.0, 16.0, 0.5, or_greater))]
                min_end_distance: f64 => _,
                /// With [constant END_FARTHEST_APART]: start and end may not
                /// share a row or a column.
                #[export]
                end_off_axis: bool => _,
                /// Floors tried before giving up with an error.
                #[export(range = (1.0, 100000.0, 1.0, or_greater))]
                max_attempts: i64 => grid.max_attempts,
            }
        }

        /// The end rule, whose core value holds its distance settings.
        impl $crate::generator::Generator for $name {
            fn config_rest(&self, _: &mut $crate::generator::Ints, c: &mut $config) {
                c.grid.ends.end = self.end_rule.core(self.min_end_distance, self.end_off_axis);
            }

            fn load_rest(&mut self, c: &$config) {
                // The distance settings are kept as they are when the rule
                // does not use them.
                match c.grid.ends.end {
                    dungeon_core::room_grid::EndRule::FarthestDeadEnd => {
                        self.end_rule = $crate::room_grid::EndRule::FarthestDeadEnd;
                    }
                    dungeon_core::room_grid::EndRule::FarthestApart { min_distance, off_axis } => {
                        self.end_rule = $crate::room_grid::EndRule::FarthestApart;
                        self.min_end_distance = min_distance;
                        self.end_off_axis = off_axis;
                    }
                }
            }
        }

        #[godot_api(secondary)]
        impl $name {
            /// [member start_rule]: start where the floor starts growing.
            #[constant]
            const START_ORIGIN: i64 = $crate::room_grid::StartRule::Origin as i64;
            /// [member start_rule]: start in a random room.
            #[constant]
            const START_RANDOM_ROOM: i64 = $crate::room_grid::StartRule::RandomRoom as i64;
            /// [member end_rule]: the end is the dead end farthest from the
            /// start by walking (Binding of Isaac).
            #[constant]
            const END_FARTHEST_DEAD_END: i64 = $crate::room_grid::EndRule::FarthestDeadEnd as i64;
            /// [member end_rule]: the farthest dead end that is also far enough
            /// in a straight line ([member min_end_distance], [member end_off_axis]).
            #[constant]
            const END_FARTHEST_APART: i64 = $crate::room_grid::EndRule::FarthestApart as i64;

            /// The exact room count level [param level] of this [member seed]
            /// will have, without generating it (an [IsaacGenerator] floor with
            /// special rooms has its secret rooms on top of it). For a level outside 1..1000
            /// or a setting out of range it returns [code]-1[/code] and logs
            /// the reason (also in [member last_error]).
            #[func]
            fn room_count(&mut self, level: i64) -> i64 {
                let result = $crate::generator::checked_level(self, level)
                    .and_then(|(c, level)| {
                        Ok(c.grid.room_count($crate::convert::seed_bits(self.seed), level)?)
                    });
                self.report(result).map_or(-1, i64::from)
            }

            /// The highest level the grid holds with [member grow_grid] off
            /// (0 if none). With a setting out of range it returns 0 and logs
            /// the reason (also in [member last_error]).
            #[func]
            fn max_level(&mut self) -> i64 {
                let result = $crate::generator::checked_level(self, 1).and_then(|(c, _)| {
                    match c.validate(1) {
                        // "level": not even level 1 fits, which is the answer 0.
                        Err(dungeon_core::GenError::Config(e)) if e.field != "level" => Err(e.into()),
                        _ => {
                            Ok(i64::from(c.grid.max_level()))
                        }
                    }
                });
                self.report(result).unwrap_or(0)
            }
        }
    };
}
pub(crate) use room_grid_class;
