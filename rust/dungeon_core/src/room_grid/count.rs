//! The per-level room-count formula.

use super::MAX_SIDE;
use crate::error::{ConfigError, check_range};
use crate::level::check_level;
use crate::rng::{DungeonRng, stage};

/// The per-level room count: `base + floor(per_level × level) + randint(0, variance)`.
///
/// The room-grid script behind `compact` and `winding` uses
/// `randint(0, 3) + 7 + level * 3` ([`RoomCount::THREE_PER_LEVEL`]);
/// Binding of Isaac uses `random(2) + 5 + level * 2.6` ([`RoomCount::ISAAC`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomCount {
    /// Rooms at level 0 before the random extra (at least 2: a start and an end).
    pub base: i32,
    /// Rooms added per level (fractions are floored after multiplying).
    pub per_level: f64,
    /// The random extra is drawn from `0..=variance`.
    pub variance: i32,
}

impl RoomCount {
    /// The room-grid script's `randint(0, 3) + 7 + level * 3` (10–13 rooms
    /// at level 1).
    pub const THREE_PER_LEVEL: RoomCount = RoomCount {
        base: 7,
        per_level: 3.0,
        variance: 3,
    };
    /// Binding of Isaac: `random(2) + 5 + level * 2.6` (7–8 rooms at level 1).
    pub const ISAAC: RoomCount = RoomCount {
        base: 5,
        per_level: 2.6,
        variance: 1,
    };

    /// The smallest and largest count level `level` can draw.
    ///
    /// # Errors
    /// A [`ConfigError`] for a level outside `1..=1000` or an invalid field.
    pub fn range(&self, level: i32) -> Result<(i32, i32), ConfigError> {
        self.validate()?;
        check_level(level)?;
        Ok(self.range_unchecked(level))
    }

    /// The seeded count for level `level` of run `seed`: the same number the
    /// generator will grow, so games can read it without generating.
    ///
    /// # Errors
    /// As [`RoomCount::range`].
    pub fn draw(&self, seed: u64, level: i32) -> Result<i32, ConfigError> {
        let (lo, hi) = self.range(level)?;
        Ok(DungeonRng::for_level(seed, level, stage::COUNT).range(lo, hi))
    }

    /// [`RoomCount::range`] for a validated count and level.
    pub(crate) fn range_unchecked(&self, level: i32) -> (i32, i32) {
        // The epsilon keeps 2.6 × 5 = 12.999… from flooring to 12.
        let per = (self.per_level * f64::from(level) + 1e-9).floor();
        let lo =
            (f64::from(self.base) + per).clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
        (lo, lo.saturating_add(self.variance.max(0)))
    }

    fn validate(&self) -> Result<(), ConfigError> {
        check_range("base_rooms", self.base, 2, MAX_SIDE * MAX_SIDE)?;
        check_range("rooms_per_level", self.per_level, 0.0, 1000.0)?;
        check_range("room_variance", self.variance, 0, 1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_sources() {
        for (count, level, want) in [
            (RoomCount::THREE_PER_LEVEL, 1, (10, 13)),
            (RoomCount::THREE_PER_LEVEL, 2, (13, 16)),
            (RoomCount::THREE_PER_LEVEL, 3, (16, 19)),
            (RoomCount::THREE_PER_LEVEL, 10, (37, 40)),
            (RoomCount::ISAAC, 1, (7, 8)),
            (RoomCount::ISAAC, 5, (18, 19)),
            (RoomCount::ISAAC, 10, (31, 32)),
        ] {
            assert_eq!(count.range(level), Ok(want), "{count:?} level {level}");
        }
    }

    #[test]
    fn draws_are_in_range_and_seeded() {
        let c = RoomCount::THREE_PER_LEVEL;
        for seed in 0..200 {
            for level in 1..=10 {
                let n = c.draw(seed, level).unwrap();
                let (lo, hi) = c.range(level).unwrap();
                assert!((lo..=hi).contains(&n));
                assert_eq!(Ok(n), c.draw(seed, level));
            }
        }
    }

    #[test]
    fn invalid_levels_are_errors_not_answers() {
        for level in [i32::MIN, -2, 0, crate::level::MAX_LEVEL + 1, i32::MAX] {
            let e = RoomCount::THREE_PER_LEVEL.range(level).unwrap_err();
            assert_eq!(e, ConfigError::new("level", level, "1..=1000"));
            assert_eq!(RoomCount::ISAAC.draw(1, level), Err(e));
        }
        let one_room = RoomCount {
            base: 1,
            per_level: 0.0,
            variance: 0,
        };
        assert_eq!(one_room.range(1).unwrap_err().field, "base_rooms");
    }
}
