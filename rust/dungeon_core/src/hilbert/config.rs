//! [`HilbertConfig`]: the settings, the presets, validation and the per-level
//! plan (curve order and path length).

use super::curve::{MAX_ORDER, cells};
use crate::error::{ConfigError, GenError, check_range};
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};

/// Longest side branch a config may ask for, in rooms.
pub const MAX_BRANCH_LENGTH: i32 = 64;

/// Settings for [`super::generate`]. Start from a preset and change fields.
#[derive(Clone, Debug, PartialEq)]
pub struct HilbertConfig {
    /// Curve order `n` (1..=10): the rooms lie on a `2ⁿ × 2ⁿ` grid.
    pub order: i32,
    /// Raise the order (up to 10) when a level's longest path does not fit
    /// the curve's `4ⁿ` cells. Off: such a level is refused with an error
    /// naming the highest level that fits.
    pub grow_order: bool,
    /// Main-path rooms before the level's share: the path of level `L` has
    /// `path_length + floor(path_per_level × L) + randint(0, path_variance)`
    /// rooms, start and end included (at least 2).
    pub path_length: i32,
    /// Main-path rooms added per level (0..=1000; fractions are floored after
    /// multiplying).
    pub path_per_level: f64,
    /// The random extra on the path length is drawn from `0..=path_variance`
    /// (0..=4¹⁰).
    pub path_variance: i32,
    /// Chance (0..=1) that a free cell beside the main path becomes a side
    /// room, and that a side branch grows one room more.
    pub side_room_chance: f64,
    /// Most rooms in one side branch (1..=64).
    pub branch_length: i32,
    /// Chance (0..=1) that two adjacent rooms not yet joined get a door
    /// between them (a loop).
    pub loop_chance: f64,
    /// Let loops shorten the way from start to end. Off (every preset), a
    /// loop joins only rooms that hang off the same or consecutive path
    /// rooms, so the main path stays a shortest way from start to end.
    pub allow_shortcuts: bool,
}

impl Default for HilbertConfig {
    fn default() -> Self {
        Self::winding()
    }
}

/// The curve order, path-length range and drawn path length of one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HilbertPlan {
    /// The order used (the config's, or higher with `grow_order`).
    pub order: i32,
    /// The fewest and most main-path rooms the level may draw.
    pub path_range: (i32, i32),
    /// The fewest and most rooms the level may have, side rooms included.
    pub room_range: (i32, i32),
}

/// The Hilbert backbone's presets.
pub const PRESET_LIST: [Preset<HilbertConfig>; 2] = [
    Preset::new(
        "winding",
        "one winding path of 10–12 rooms on level 1 (2 more per level) on an 8×8 grid, no side rooms, no loops",
        HilbertConfig::winding,
    ),
    Preset::new(
        "sprawling",
        "a 16×16 grid, a path of 13–16 rooms (3 more per level), side branches of up to 3 rooms and a few loops",
        HilbertConfig::sprawling,
    ),
];

impl HilbertConfig {
    /// A bare backbone: one winding path of rooms along the curve, no side
    /// rooms, no loops. Order 3 (8 × 8), `8 + 2 × level + randint(0, 2)`
    /// rooms (10–12 on level 1); the order grows from level 28 on.
    #[must_use]
    pub fn winding() -> Self {
        Self {
            order: 3,
            grow_order: true,
            path_length: 8,
            path_per_level: 2.0,
            path_variance: 2,
            side_room_chance: 0.0,
            branch_length: 1,
            loop_chance: 0.0,
            allow_shortcuts: false,
        }
    }

    /// Galak-Z's use of the curve: the path as the backbone,
    /// side branches of up to 3 rooms off it (30 % a cell) and loops that
    /// never shorten the path (50 % a qualifying pair). Order 4 (16 × 16),
    /// path `10 + 3 × level + randint(0, 3)`.
    #[must_use]
    pub fn sprawling() -> Self {
        Self {
            order: 4,
            grow_order: true,
            path_length: 10,
            path_per_level: 3.0,
            path_variance: 3,
            side_room_chance: 0.3,
            branch_length: 3,
            loop_chance: 0.5,
            allow_shortcuts: false,
        }
    }

    /// The preset names [`HilbertConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Checks every field and the level without generating.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field, the value and what would work.
    pub fn validate(&self, level: i32) -> Result<(), GenError> {
        self.plan(level).map(|_| ()).map_err(GenError::from)
    }

    /// The fewest and most rooms level `level` can have (main path and side
    /// rooms).
    ///
    /// # Errors
    /// As [`HilbertConfig::validate`].
    pub fn room_count_range(&self, level: i32) -> Result<(i32, i32), ConfigError> {
        self.plan(level).map(|p| p.room_range)
    }

    /// The main-path length level `level` of run `seed` draws: the number
    /// [`super::generate`] lays out, readable without generating.
    ///
    /// # Errors
    /// As [`HilbertConfig::validate`].
    pub fn path_length_for(&self, seed: u64, level: i32) -> Result<i32, ConfigError> {
        let (lo, hi) = self.plan(level)?.path_range;
        Ok(DungeonRng::for_level(seed, level, stage::COUNT).range(lo, hi))
    }

    /// The path-length range of `level` for a validated config.
    fn path_range(&self, level: i32) -> (i64, i64) {
        let per = (self.path_per_level * f64::from(level) + 1e-9).floor() as i64;
        let lo = i64::from(self.path_length) + per;
        (lo, lo + i64::from(self.path_variance))
    }

    /// Validates every field for `level` and picks the curve order.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field, the value and what would work.
    pub fn plan(&self, level: i32) -> Result<HilbertPlan, ConfigError> {
        let most = cells(MAX_ORDER) as i64;
        check_range("order", self.order, 1, MAX_ORDER)?;
        check_range("path_length", i64::from(self.path_length), 2, most)?;
        check_range("path_per_level", self.path_per_level, 0.0, 1000.0)?;
        check_range("path_variance", i64::from(self.path_variance), 0, most)?;
        check_range("side_room_chance", self.side_room_chance, 0.0, 1.0)?;
        check_range("branch_length", self.branch_length, 1, MAX_BRANCH_LENGTH)?;
        check_range("loop_chance", self.loop_chance, 0.0, 1.0)?;
        check_level(level)?;
        let cap = cells(self.order) as i64;
        if i64::from(self.path_length) > cap && !self.grow_order {
            return Err(ConfigError::new(
                "path_length",
                self.path_length,
                format!(
                    "2..={cap} (an order-{} curve has {cap} cells); raise order or enable \
                     grow_order",
                    self.order
                ),
            ));
        }
        let (lo, hi) = self.path_range(level);
        let mut order = self.order;
        while (cells(order) as i64) < hi {
            if !self.grow_order || order >= MAX_ORDER {
                return Err(self.too_long(level, order, hi));
            }
            order += 1;
        }
        let side = if self.side_room_chance > 0.0 {
            // A path cell has at most two free neighbours (three at the ends),
            // each the root of at most one branch.
            (2 * hi + 2) * i64::from(self.branch_length)
        } else {
            0
        };
        let total = cells(order) as i64;
        Ok(HilbertPlan {
            order,
            path_range: (lo as i32, hi as i32),
            room_range: (lo as i32, (hi + side).min(total) as i32),
        })
    }

    /// The error for a level whose longest path does not fit an order-`order`
    /// curve.
    fn too_long(&self, level: i32, order: i32, hi: i64) -> ConfigError {
        let cap = cells(order) as i64;
        let top = (1..=level)
            .take_while(|&l| self.path_range(l).1 <= cap)
            .last();
        let grow = if self.grow_order || order >= MAX_ORDER {
            "lower path_length, path_per_level or path_variance"
        } else {
            "enable grow_order or raise order"
        };
        let levels = top.map_or_else(|| "none".to_owned(), |t| format!("1..={t}"));
        ConfigError::new(
            "level",
            level,
            format!(
                "{levels} (an order-{order} curve has {cap} cells; level {level} may ask a \
                 path of {hi}); {grow}"
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GeneratorConfig;

    #[test]
    fn presets_plan_their_levels() {
        let w = HilbertConfig::winding();
        assert_eq!(w.plan(1).unwrap().path_range, (10, 12));
        assert_eq!(w.plan(1).unwrap().room_range, (10, 12));
        assert_eq!(w.plan(27).unwrap().order, 3); // 8 + 54 + 2 = 64 cells
        assert_eq!(w.plan(28).unwrap().order, 4);
        assert_eq!(w.plan(1000).unwrap().order, 6);
        let s = HilbertConfig::sprawling();
        let p = s.plan(1).unwrap();
        assert_eq!((p.order, p.path_range), (4, (13, 16)));
        assert_eq!(p.room_range, (13, 16 + 34 * 3));
        for name in HilbertConfig::PRESETS {
            assert!(HilbertConfig::preset(name).is_some());
        }
        assert!(HilbertConfig::preset("nope").is_none());
    }

    #[test]
    fn bad_settings_name_themselves() {
        let base = HilbertConfig::winding;
        let cases: Vec<(HilbertConfig, i32, &str)> = vec![
            (
                HilbertConfig { order: 0, ..base() },
                1,
                "invalid order = 0: allowed 1..=10",
            ),
            (
                HilbertConfig {
                    order: 11,
                    ..base()
                },
                1,
                "invalid order = 11",
            ),
            (
                HilbertConfig {
                    path_length: 1,
                    ..base()
                },
                1,
                "path_length = 1: allowed 2..=1048576",
            ),
            (
                HilbertConfig {
                    path_length: 65,
                    grow_order: false,
                    ..base()
                },
                1,
                "path_length = 65: allowed 2..=64 (an order-3 curve has 64 cells)",
            ),
            (
                HilbertConfig {
                    side_room_chance: 1.5,
                    ..base()
                },
                1,
                "side_room_chance = 1.5",
            ),
            (
                HilbertConfig {
                    loop_chance: -0.1,
                    ..base()
                },
                1,
                "loop_chance = -0.1",
            ),
            (
                HilbertConfig {
                    loop_chance: f64::NAN,
                    ..base()
                },
                1,
                "loop_chance = NaN",
            ),
            (
                HilbertConfig {
                    branch_length: 0,
                    ..base()
                },
                1,
                "branch_length = 0",
            ),
            (
                HilbertConfig {
                    path_per_level: -1.0,
                    ..base()
                },
                1,
                "path_per_level = -1",
            ),
            (
                HilbertConfig {
                    path_variance: -1,
                    ..base()
                },
                1,
                "path_variance = -1",
            ),
            (base(), 0, "level = 0: allowed 1..=1000"),
            (
                HilbertConfig {
                    grow_order: false,
                    ..base()
                },
                30,
                "level = 30: allowed 1..=27 (an order-3 curve has 64 cells; level 30 may ask a \
                 path of 70); enable grow_order",
            ),
            (
                HilbertConfig {
                    order: 10,
                    path_length: 100_000,
                    path_per_level: 1000.0,
                    ..base()
                },
                1000,
                "level = 1000: allowed 1..=948",
            ),
        ];
        for (c, level, want) in cases {
            let e = c.validate(level).unwrap_err().to_string();
            assert!(e.contains(want), "{e}\nwanted {want}");
        }
        // Level 1 too long even for the largest curve: no level fits.
        let c = HilbertConfig {
            path_length: 1 << 20,
            path_variance: 5,
            ..base()
        };
        let e = c.validate(1).unwrap_err().to_string();
        assert!(
            e.contains("allowed none") && e.contains("lower path_length"),
            "{e}"
        );
    }
}
