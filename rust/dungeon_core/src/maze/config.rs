//! [`MazeConfig`]: the settings, the presets and their validation.

use crate::error::{ConfigError, GenError, check_range};
use crate::preset::Preset;

/// Smallest map side [`super::generate`] accepts.
pub const MIN_SIDE: i32 = 5;
/// Largest map side [`super::generate`] accepts (about 16.8 million tiles).
pub const MAX_SIDE: i32 = 4095;
/// Most room placement attempts accepted.
pub const MAX_ROOM_ATTEMPTS: i32 = 100_000;

/// Settings for [`super::generate`]. Start from a preset
/// ([`MazeConfig::classic`], [`MazeConfig::labyrinth`]) and change fields; [`MazeConfig::validate`] says
/// which combinations work.
///
/// Rooms and corridors lie on odd rows and columns, so the map's sides and
/// the room sides must be odd: even values are refused (not rounded), with a
/// message naming the nearest odd values.
#[derive(Clone, Debug, PartialEq)]
pub struct MazeConfig {
    /// Map width in tiles: odd, `5..=4095` (default 61).
    pub width: i32,
    /// Map height in tiles: odd, `5..=4095` (default 41).
    pub height: i32,
    /// How many times a room of random size is dropped at a random spot;
    /// it stays only if it touches no room placed before. `0..=100000`
    /// (default 150). More attempts pack more rooms. When fewer than two
    /// rooms stay, two rooms of `room_min_size` are placed in the first
    /// free spots instead (the map always has two rooms: start and end).
    pub room_attempts: i32,
    /// Smallest room side in tiles: odd, at least 1 (default 3).
    pub room_min_size: i32,
    /// Largest room side in tiles: odd, at least `room_min_size`, at most
    /// the map's shorter side minus 2 (default 9).
    pub room_max_size: i32,
    /// How often the maze turns, `0..=1` (default 0.3): at each step the
    /// corridor keeps its direction (when it can) unless a draw below
    /// `windiness` says to pick a random free direction. 0 runs straight as
    /// long as possible (long corridors); 1 picks a random direction at
    /// every step (twisty). Bob Nystrom's `windingPercent` / 100.
    pub windiness: f64,
    /// The chance, `0..=1` (default 0.05), that a connector not needed to
    /// join the map becomes a door or passage anyway, making loops. 0 gives a
    /// tree (one way between any two places), 1 opens every connector.
    pub extra_connector_chance: f64,
    /// The share of dead ends removed, `0..=1` (default 1): each dead-end
    /// corridor, chosen at random, is filled in back to where it branches.
    /// 1 removes all (no corridor ends nowhere), 0 keeps the whole maze.
    pub dead_end_removal: f64,
}

impl Default for MazeConfig {
    fn default() -> Self {
        Self::classic()
    }
}

/// The maze's presets.
pub const PRESET_LIST: [Preset<MazeConfig>; 2] = [
    Preset::new(
        "classic",
        "Bob Nystrom's rooms and mazes: 61×41, many rooms, fairly straight corridors, 5 % extra doors, no dead ends",
        MazeConfig::classic,
    ),
    Preset::new(
        "labyrinth",
        "few small rooms in a twisty maze that keeps its dead ends",
        MazeConfig::labyrinth,
    ),
];

impl MazeConfig {
    /// Rooms and mazes after Bob Nystrom's "Rooms and Mazes":
    /// a 61×41 map, 150 room attempts of 3 to 9 tiles a side, a fairly
    /// straight maze (0.3), a 5 % chance of an extra door (Nystrom's
    /// `extraConnectorChance` of 1 in 20), every dead end removed.
    #[must_use]
    pub const fn classic() -> Self {
        Self {
            width: 61,
            height: 41,
            room_attempts: 150,
            room_min_size: 3,
            room_max_size: 9,
            windiness: 0.3,
            extra_connector_chance: 0.05,
            dead_end_removal: 1.0,
        }
    }

    /// Few small rooms in a twisty maze that keeps all its dead ends: a
    /// labyrinth to get lost in (61×41, 20 attempts, rooms 3 to 5, winding
    /// 0.9, 2 % extra doors, no dead end removed).
    #[must_use]
    pub const fn labyrinth() -> Self {
        Self {
            room_attempts: 20,
            room_min_size: 3,
            room_max_size: 5,
            windiness: 0.9,
            extra_connector_chance: 0.02,
            dead_end_removal: 0.0,
            ..Self::classic()
        }
    }

    /// The preset names [`MazeConfig::preset`](crate::GeneratorConfig::preset) knows.
    ///
    /// Big maps need no preset of their own: set `width`, `height` and
    /// `room_attempts`. The room graph ([`crate::DungeonGrid::connections`])
    /// joins each room to the rooms whose corridor territories touch its
    /// own, a few per room, so a map's JSON grows with its area (about
    /// 400 KB at 255×255 with 175 rooms).
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Checks every field without generating. Sizes are checked in order
    /// (`width`, `height`, `room_min_size`, `room_max_size`), and a limit
    /// that depends on fields checked before it says why.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, value and allowed range.
    pub fn validate(&self) -> Result<(), GenError> {
        self.check().map_err(GenError::from)
    }

    fn check(&self) -> Result<(), ConfigError> {
        check_odd("width", self.width, MIN_SIDE, MAX_SIDE, "")?;
        check_odd("height", self.height, MIN_SIDE, MAX_SIDE, "")?;
        check_range("room_attempts", self.room_attempts, 0, MAX_ROOM_ATTEMPTS)?;
        let (w, h) = (self.width, self.height);
        let (short, long) = (w.min(h), w.max(h));
        // Two rooms of the smallest size side by side along the longer side,
        // with a wall around and between them.
        let max_min = ((long - 3) / 2).min(short - 2);
        let max_min = max_min - (1 - max_min % 2);
        check_odd(
            "room_min_size",
            self.room_min_size,
            1,
            max_min,
            &format!(" (two rooms with walls around them must fit in the {w}×{h} map)"),
        )?;
        let max_max = short - 2;
        check_odd(
            "room_max_size",
            self.room_max_size,
            self.room_min_size,
            max_max,
            &format!(
                " (at least room_min_size = {}; at most the {w}×{h} map's shorter side minus its 1-tile border)",
                self.room_min_size
            ),
        )?;
        check_unit("windiness", self.windiness)?;
        check_unit("extra_connector_chance", self.extra_connector_chance)?;
        check_unit("dead_end_removal", self.dead_end_removal)
    }
}

/// An odd value in `lo..=hi` (both odd); an even value names its odd
/// neighbours.
fn check_odd(
    field: &'static str,
    value: i32,
    lo: i32,
    hi: i32,
    why: &str,
) -> Result<(), ConfigError> {
    let range = format!("odd values in {lo}..={hi}{why}");
    if value < lo || value > hi {
        return Err(ConfigError::new(field, value, range));
    }
    if value % 2 == 0 {
        let near = [value - 1, value + 1]
            .into_iter()
            .filter(|v| (lo..=hi).contains(v))
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" or ");
        return Err(ConfigError::new(
            field,
            value,
            format!("{range}: rooms and corridors lie on odd rows and columns, try {near}"),
        ));
    }
    Ok(())
}

/// A chance or share in `0..=1`; NaN fails.
fn check_unit(field: &'static str, value: f64) -> Result<(), ConfigError> {
    check_range(field, value, 0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GeneratorConfig;

    fn err(f: impl FnOnce(&mut MazeConfig)) -> String {
        let mut c = MazeConfig::default();
        f(&mut c);
        match c.validate() {
            Err(GenError::Config(e)) => e.to_string(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_name_field_value_and_what_works() {
        assert_eq!(
            err(|c| c.width = 60),
            "invalid width = 60: allowed odd values in 5..=4095: rooms and corridors lie on odd rows and columns, try 59 or 61"
        );
        assert_eq!(
            err(|c| c.height = 3),
            "invalid height = 3: allowed odd values in 5..=4095"
        );
        assert!(err(|c| c.height = 4096).starts_with("invalid height = 4096"));
        assert!(err(|c| c.width = i32::MAX).starts_with("invalid width = 2147483647"));
        assert_eq!(
            err(|c| c.room_attempts = -1),
            "invalid room_attempts = -1: allowed 0..=100000"
        );
        assert!(
            err(|c| c.room_min_size = 4)
                .starts_with("invalid room_min_size = 4: allowed odd values in 1..=29 (two rooms"),
            "{}",
            err(|c| c.room_min_size = 4)
        );
        // min > max.
        let e = err(|c| c.room_min_size = 11);
        assert!(
            e.starts_with("invalid room_max_size = 9: allowed odd values in 11..=39"),
            "{e}"
        );
        // Rooms bigger than the map.
        let e = err(|c| c.room_max_size = 41);
        assert!(e.contains("shorter side minus its 1-tile border"), "{e}");
        assert!(e.starts_with("invalid room_max_size = 41: allowed odd values in 3..=39"));
        assert_eq!(
            err(|c| c.windiness = 1.5),
            "invalid windiness = 1.5: allowed 0..=1"
        );
        assert!(err(|c| c.extra_connector_chance = -0.1).contains("extra_connector_chance"));
        assert!(err(|c| c.dead_end_removal = f64::NAN).contains("dead_end_removal = NaN"));
        for name in MazeConfig::PRESETS {
            assert_eq!(
                MazeConfig::preset(name).unwrap().validate(),
                Ok(()),
                "{name}"
            );
        }
        assert_eq!(MazeConfig::preset("nope"), None);
    }

    #[test]
    fn smallest_maps() {
        let c = MazeConfig {
            width: 5,
            height: 5,
            room_min_size: 1,
            room_max_size: 3,
            ..MazeConfig::default()
        };
        assert_eq!(c.validate(), Ok(()));
        let c = MazeConfig {
            width: 5,
            height: 5,
            room_min_size: 3,
            room_max_size: 3,
            ..MazeConfig::default()
        };
        assert!(c.validate().is_err());
    }
}
