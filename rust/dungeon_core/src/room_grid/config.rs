//! The settings Isaac and the drunkard walk share, and the per-level plan:
//! which grid a level uses, how many rooms it grows, how much work it may do.

use super::count::RoomCount;
use super::ends::EndRules;
use super::{MAX_SIDE, MAX_STEPS};
use crate::error::{ConfigError, check_range};

/// Work units one attempt may use per grid cell or room (on top of a
/// generator's own per-attempt allowance); the call's budget is this times
/// the attempts, capped at [`MAX_STEPS`].
const STEPS_PER_CELL: u64 = 1024;

/// Grid size, room count, end rules, capacity and attempts: what every
/// room-grid generator is configured by.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomGridConfig {
    /// Grid width in rooms (2..=256).
    pub width: i32,
    /// Grid height in rooms (2..=256).
    pub height: i32,
    /// Per-level room count.
    pub count: RoomCount,
    /// Start/end and dead-end rules.
    pub ends: EndRules,
    /// The share of grid cells a level may ask to be rooms. A level whose
    /// largest count exceeds `floor(w × h × max_fill)` is refused with a
    /// `ConfigError`, or grows the grid when `grow_grid` is set.
    pub max_fill: f64,
    /// Let the grid grow (shorter side first, up to 256×256) until the level fits.
    pub grow_grid: bool,
    /// Layouts tried before giving up (1..=1 000 000).
    pub max_attempts: i32,
}

impl RoomGridConfig {
    /// A config with the given grid, count, rules and fill, no growth and
    /// 2000 attempts (what every preset uses).
    #[must_use]
    pub const fn new(
        width: i32,
        height: i32,
        count: RoomCount,
        ends: EndRules,
        max_fill: f64,
    ) -> Self {
        Self {
            width,
            height,
            count,
            ends,
            max_fill,
            grow_grid: false,
            max_attempts: 2000,
        }
    }

    /// The smallest and largest room count level `level` can draw.
    ///
    /// # Errors
    /// A [`ConfigError`] for a level outside `1..=1000` or a bad count field.
    pub fn room_count_range(&self, level: i32) -> Result<(i32, i32), ConfigError> {
        self.count.range(level)
    }

    /// The room count level `level` of run `seed` will have.
    ///
    /// # Errors
    /// As [`RoomGridConfig::room_count_range`].
    pub fn room_count(&self, seed: u64, level: i32) -> Result<i32, ConfigError> {
        self.count.draw(seed, level)
    }

    /// The highest level this grid holds without growing (0 if none).
    #[must_use]
    pub fn max_level(&self) -> i32 {
        highest_level(
            &self.count,
            capacity(self.width, self.height, self.max_fill),
        )
    }

    /// Validates every field for `level`, applies the capacity rule (growing
    /// the grid if allowed), draws the room count and sets the work budget.
    /// `fill_limit` is the generator's highest `max_fill`; `attempt_steps`
    /// its own per-attempt allowance (e.g. the walk's `max_steps`).
    pub(crate) fn plan(
        &self,
        seed: u64,
        level: i32,
        fill_limit: f64,
        attempt_steps: u64,
    ) -> Result<LevelPlan, ConfigError> {
        let (width, height, fill) = (self.width, self.height, self.max_fill);
        check_range("width", width, 2, MAX_SIDE)?;
        check_range("height", height, 2, MAX_SIDE)?;
        let (lo, hi) = self.count.range(level)?;
        check_range("max_fill", fill, 0.05, fill_limit)?;
        check_range("max_attempts", self.max_attempts, 1, 1_000_000)?;
        let (mut w, mut h) = (width, height);
        while capacity(w, h, fill) < hi {
            let largest = w >= MAX_SIDE && h >= MAX_SIDE;
            if !self.grow_grid || largest {
                let cap = capacity(w, h, fill);
                let levels = match highest_level(&self.count, cap) {
                    0 => "none".to_owned(),
                    top => format!("1..={top}"),
                };
                let (grid, help) = match (self.grow_grid, fill < fill_limit) {
                    (true, true) => ("even the largest ", "raise max_fill or ask for fewer rooms"),
                    (true, false) => ("even the largest ", "ask for fewer rooms"),
                    (false, _) => ("a ", "enable grow_grid or use a bigger grid"),
                };
                return Err(ConfigError::new(
                    "level",
                    level,
                    format!(
                        "{levels} ({grid}{w}×{h} grid holds at most {cap} rooms at max_fill \
                         {fill}; level {level} may ask {hi}); {help}"
                    ),
                ));
            }
            // Grow the shorter side first, so the grid stays close to its shape.
            if (w <= h && w < MAX_SIDE) || h >= MAX_SIDE {
                w += 1;
            } else {
                h += 1;
            }
        }
        self.ends.validate(w, h, lo)?;
        let rooms = self.count.draw(seed, level)?;
        let cells = w as u64 * h as u64;
        let per_attempt = STEPS_PER_CELL * (cells + rooms as u64) + attempt_steps;
        Ok(LevelPlan {
            width: w,
            height: h,
            rooms,
            budget: per_attempt
                .saturating_mul(self.max_attempts as u64)
                .min(MAX_STEPS),
        })
    }
}

/// The grid size, room target and work budget of one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LevelPlan {
    pub width: i32,
    pub height: i32,
    pub rooms: i32,
    pub budget: u64,
}

/// The most rooms a `width × height` grid can be asked for when at most
/// `max_fill` of its cells may be rooms.
#[must_use]
pub fn capacity(width: i32, height: i32, max_fill: f64) -> i32 {
    (f64::from(width) * f64::from(height) * max_fill + 1e-9).floor() as i32
}

/// The highest level whose largest room count fits in `cap` rooms (0 if none).
#[must_use]
pub fn highest_level(count: &RoomCount, cap: i32) -> i32 {
    if count.range(1).is_err() {
        return 0;
    }
    (1..=super::MAX_LEVEL)
        .take_while(|&l| count.range_unchecked(l).1 <= cap)
        .last()
        .unwrap_or(0)
}

/// The most dead ends (rooms with one door) a connected floor of `rooms`
/// rooms can have: each room has at most 4 doors, so `k` rooms with two or
/// more doors leave room for at most `2k + 2` dead ends.
#[must_use]
pub const fn max_dead_ends(rooms: i32) -> i32 {
    if rooms < 2 { 0 } else { (2 * rooms + 2) / 3 }
}

#[cfg(test)]
mod tests {
    use super::super::EndRules;
    use super::super::StartRule;
    use super::*;

    fn script_grid(grow_grid: bool) -> RoomGridConfig {
        RoomGridConfig {
            grow_grid,
            ..RoomGridConfig::new(
                8,
                8,
                RoomCount::THREE_PER_LEVEL,
                EndRules::far_apart(StartRule::RandomRoom),
                0.5,
            )
        }
    }

    #[test]
    fn capacity_error_names_the_highest_level() {
        let e = script_grid(false).plan(1, 10, 0.9, 0).unwrap_err();
        assert_eq!(e.field, "level");
        assert!(
            e.allowed
                .starts_with("1..=7 (a 8×8 grid holds at most 32 rooms"),
            "{e}"
        );
        let p = script_grid(true).plan(1, 10, 0.9, 0).unwrap();
        assert!(capacity(p.width, p.height, 0.5) >= 40);
        assert_eq!((p.width, p.height), (9, 9));
    }

    #[test]
    fn a_grid_at_its_largest_does_not_ask_to_grow() {
        let mut c = script_grid(true);
        c.count.base = 40_000;
        let e = c.plan(1, 1, 0.9, 0).unwrap_err();
        assert_eq!(e.field, "level");
        assert!(!e.allowed.contains("grow_grid"), "{e}");
        assert!(e.allowed.contains("even the largest 256×256 grid"), "{e}");
        c.grow_grid = false;
        let e = c.plan(1, 1, 0.9, 0).unwrap_err();
        assert!(e.allowed.contains("enable grow_grid"), "{e}");
    }

    #[test]
    fn dead_end_bound_is_reached_and_never_beaten() {
        // A plus shape: 5 rooms, 4 dead ends; a comb reaches (2n+2)/3.
        assert_eq!(max_dead_ends(5), 4);
        assert_eq!(max_dead_ends(2), 2);
        assert_eq!(max_dead_ends(3), 2);
        assert_eq!(max_dead_ends(1), 0);
    }

    #[test]
    fn budget_grows_with_attempts_up_to_the_cap() {
        let mut c = script_grid(false);
        c.max_attempts = 1;
        let one = c.plan(1, 1, 0.9, 0).unwrap().budget;
        c.max_attempts = 3;
        assert_eq!(c.plan(1, 1, 0.9, 0).unwrap().budget, 3 * one);
        c.max_attempts = 1_000_000;
        assert_eq!(c.plan(1, 1, 0.9, 0).unwrap().budget, MAX_STEPS);
    }
}
