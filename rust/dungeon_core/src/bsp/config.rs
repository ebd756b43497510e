//! [`BspConfig`]: the settings, the two presets and their validation.

use crate::error::{ConfigError, GenError, check_range};
use crate::preset::Preset;

/// Smallest map side [`super::generate`] accepts.
pub const MIN_SIDE: i32 = 8;
/// Largest map side [`super::generate`] accepts.
pub const MAX_SIDE: i32 = 4096;
/// Largest `iterations` accepted (up to 65 536 rooms).
pub const MAX_ITERATIONS: i32 = 16;
/// Largest `partition_range` accepted: 0.5 could cut a part down to nothing.
pub const MAX_PARTITION_RANGE: f64 = 0.45;

/// Settings for [`super::generate`]. Start from a preset
/// ([`BspConfig::small`], [`BspConfig::large`]) and change fields;
/// [`BspConfig::validate`] says which combinations work.
#[derive(Clone, Debug, PartialEq)]
pub struct BspConfig {
    /// Map width in tiles, `8..=4096` (default 40).
    pub width: i32,
    /// Map height in tiles, `8..=4096` (default 40).
    pub height: i32,
    /// Split depth, `1..=16`: up to `2^iterations` rooms (default 4 → 16).
    /// Splitting also stops where a part is too small to cut, so big values
    /// on small maps simply give as many rooms as fit.
    pub iterations: i32,
    /// Each cut falls at `0.5 ± partition_range` of the side, `0..=0.45`
    /// (default 0.2). 0 always halves; larger values give uneven parts.
    pub partition_range: f64,
    /// No part is cut to a side smaller than this, in tiles (default 3). At
    /// least `min_room_size + 1`, so every part holds a room and the
    /// one-tile gap that keeps it off its neighbours; at most what the map
    /// can still cut in two.
    pub min_partition_size: i32,
    /// Room side as a fraction of its part's side: lower bound, in `(0, 1]`
    /// (default 0.6). The side is rounded, then kept between
    /// `min_room_size` and the part's side minus the one-tile gap.
    pub room_size_min: f64,
    /// Room side as a fraction of its part's side: upper bound, in
    /// `[room_size_min, 1]` (default 0.7).
    pub room_size_max: f64,
    /// Smallest room side in tiles, `≥ 1` (default 2), and small enough
    /// that two rooms with their gaps fit across the map.
    pub min_room_size: i32,
    /// Empty tiles kept around the whole map, `≥ 1` (default 1).
    pub border: i32,
}

impl Default for BspConfig {
    fn default() -> Self {
        Self::small()
    }
}

/// BSP's presets.
pub const PRESET_LIST: [Preset<BspConfig>; 2] = [
    Preset::new(
        "small",
        "the classic RogueBasin BSP dungeon: 40×40 tiles, up to 16 rooms",
        BspConfig::small,
    ),
    Preset::new(
        "large",
        "an 80×50 map with up to 32 rooms",
        BspConfig::large,
    ),
];

impl BspConfig {
    /// A 40×40 map of 16 rooms, as the original C++ program makes it: 4 split
    /// levels, cuts at `0.5 ± 0.2`, rooms 60–70 % of their part's sides, at
    /// least 2 tiles, a 1-tile border. Parts may be as thin as 3 tiles, so no
    /// cut is ever clamped on this map and every leaf holds a room: always 16.
    #[must_use]
    pub const fn small() -> Self {
        Self {
            width: 40,
            height: 40,
            iterations: 4,
            partition_range: 0.2,
            min_partition_size: 3,
            room_size_min: 0.6,
            room_size_max: 0.7,
            min_room_size: 2,
            border: 1,
        }
    }

    /// A wider 80×50 map with 5 split levels: up to 32 rooms (32 on each of
    /// the 2000 seeds `examples/bsp_fidelity.rs` measures); otherwise the
    /// settings of [`BspConfig::small`].
    #[must_use]
    pub const fn large() -> Self {
        Self {
            width: 80,
            height: 50,
            iterations: 5,
            ..Self::small()
        }
    }

    /// The preset names [`BspConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Checks every field without generating.
    ///
    /// Size limits depend on each other, so they are checked in order
    /// (`min_room_size`, then `border`, then `min_partition_size`), and a
    /// limit that depends on fields checked before it says why: e.g.
    /// `min_partition_size` must be at least `min_room_size + 1` and small
    /// enough that the map inside the border can be cut in two. A config that
    /// passes always gives at least two rooms.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, value and allowed range.
    pub fn validate(&self) -> Result<(), GenError> {
        self.check().map_err(GenError::from)
    }

    fn check(&self) -> Result<(), ConfigError> {
        check_range("width", self.width, MIN_SIDE, MAX_SIDE)?;
        check_range("height", self.height, MIN_SIDE, MAX_SIDE)?;
        check_range("iterations", self.iterations, 1, MAX_ITERATIONS)?;
        check_range(
            "partition_range",
            self.partition_range,
            0.0,
            MAX_PARTITION_RANGE,
        )?;
        check_fraction("room_size_min", self.room_size_min, 1.0, "1")?;
        check_fraction("room_size_max", self.room_size_max, 1.0, "1")?;
        if self.room_size_min > self.room_size_max {
            let hi = format!("room_size_max = {}", self.room_size_max);
            check_fraction("room_size_min", self.room_size_min, self.room_size_max, &hi)?;
        }
        let (w, h) = (self.width, self.height);
        let (short, long) = (w.min(h), w.max(h));
        // With a 1-tile border, two parts of `min_room_size + 1` must fit
        // along the longer side and one across the shorter side.
        let max_room = (short - 3).min((long - 2) / 2 - 1);
        check_fits("min_room_size", self.min_room_size, 1, max_room, || {
            format!(
                "a {w}×{h} map must hold two rooms side by side, each with a 1-tile gap, inside a 1-tile border"
            )
        })?;
        let part = self.min_room_size + 1;
        let max_border = ((short - part) / 2).min((long - 2 * part) / 2);
        check_fits("border", self.border, 1, max_border, || {
            format!(
                "the {w}×{h} map minus the border must still hold two parts of min_room_size + 1 = {part} tiles"
            )
        })?;
        let (rw, rh) = (w - 2 * self.border, h - 2 * self.border);
        let max_part = rw.min(rh).min(rw.max(rh) / 2);
        check_fits(
            "min_partition_size",
            self.min_partition_size,
            part,
            max_part,
            || {
                format!(
                    "at least min_room_size + 1 so a room fits with its 1-tile gap; at most what cuts the \
                 {rw}×{rh} tiles inside the border in two"
                )
            },
        )
    }
}

/// `value` in `(0, hi]`; NaN fails.
fn check_fraction(
    field: &'static str,
    value: f64,
    hi: f64,
    hi_text: &str,
) -> Result<(), ConfigError> {
    if value > 0.0 && value <= hi {
        Ok(())
    } else {
        Err(ConfigError::new(
            field,
            value,
            format!("greater than 0 and at most {hi_text}"),
        ))
    }
}

/// [`check_range`] with the reason for a limit that depends on other fields.
fn check_fits(
    field: &'static str,
    value: i32,
    lo: i32,
    hi: i32,
    why: impl FnOnce() -> String,
) -> Result<(), ConfigError> {
    check_range(field, value, lo, hi).map_err(|mut e| {
        e.allowed = format!("{} ({})", e.allowed, why());
        e
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bsp::generate;
    use crate::bsp::tests::assert_bsp;

    #[test]
    fn errors_name_the_field() {
        let field = |f: fn(&mut BspConfig)| {
            let mut c = BspConfig::default();
            f(&mut c);
            let e = generate(&c, 1, 1).unwrap_err();
            assert_eq!(c.validate(), Err(e.clone()));
            match e {
                GenError::Config(ce) => ce,
                other => panic!("{other}"),
            }
        };
        assert_eq!(
            field(|c| c.width = 7).to_string(),
            "invalid width = 7: allowed 8..=4096"
        );
        assert_eq!(field(|c| c.height = 5000).field, "height");
        assert_eq!(
            field(|c| c.iterations = 0).to_string(),
            "invalid iterations = 0: allowed 1..=16"
        );
        assert_eq!(field(|c| c.iterations = 17).field, "iterations");
        assert_eq!(
            field(|c| c.partition_range = 0.5).to_string(),
            "invalid partition_range = 0.5: allowed 0..=0.45"
        );
        assert_eq!(
            field(|c| c.partition_range = f64::NAN).field,
            "partition_range"
        );
        assert_eq!(
            field(|c| c.room_size_min = 0.0).to_string(),
            "invalid room_size_min = 0: allowed greater than 0 and at most 1"
        );
        assert_eq!(field(|c| c.room_size_max = 1.5).field, "room_size_max");
        assert_eq!(field(|c| c.room_size_max = f64::NAN).field, "room_size_max");
        assert_eq!(
            field(|c| c.room_size_min = 0.8).to_string(),
            "invalid room_size_min = 0.8: allowed greater than 0 and at most room_size_max = 0.7"
        );
        assert_eq!(field(|c| c.min_room_size = 0).field, "min_room_size");
        let e = field(|c| c.min_room_size = 19);
        assert!(
            e.to_string()
                .starts_with("invalid min_room_size = 19: allowed 1..=18 (a 40×40 map"),
            "{e}"
        );
        assert_eq!(field(|c| c.border = 0).field, "border");
        let e = field(|c| c.border = 18);
        assert!(
            e.to_string()
                .starts_with("invalid border = 18: allowed 1..=17 (the 40×40 map"),
            "{e}"
        );
        let e = field(|c| c.min_partition_size = 2);
        assert!(
            e.to_string()
                .starts_with("invalid min_partition_size = 2: allowed 3..=19 (at least"),
            "{e}"
        );
        let e = field(|c| c.min_partition_size = 20);
        assert!(
            e.to_string().contains("allowed 3..=19") && e.to_string().contains("38×38"),
            "{e}"
        );
        // Level is checked after the config.
        let e = generate(&BspConfig::default(), 1, 0).unwrap_err();
        assert_eq!(e.to_string(), "invalid level = 0: allowed 1..=1000");
        assert!(generate(&BspConfig::default(), 1, 1001).is_err());
        assert!(BspConfig::default().validate().is_ok());
    }

    #[test]
    fn limits_are_reachable_and_just_past_them_fails() {
        // The largest values each check allows all generate.
        let edge = [
            BspConfig {
                min_room_size: 18,
                min_partition_size: 19,
                ..BspConfig::default()
            },
            BspConfig {
                border: 17,
                min_partition_size: 3,
                ..BspConfig::default()
            },
            BspConfig {
                min_partition_size: 19,
                ..BspConfig::default()
            },
            BspConfig {
                width: 8,
                height: 8,
                min_room_size: 1,
                min_partition_size: 2,
                iterations: 16,
                ..BspConfig::default()
            },
            BspConfig {
                width: 8,
                height: 4096,
                min_room_size: 1,
                min_partition_size: 2,
                iterations: 16,
                ..BspConfig::default()
            },
            BspConfig {
                partition_range: 0.45,
                room_size_min: 1.0,
                room_size_max: 1.0,
                ..BspConfig::default()
            },
            BspConfig {
                partition_range: 0.0,
                room_size_min: 0.01,
                room_size_max: 0.01,
                min_room_size: 1,
                ..BspConfig::default()
            },
        ];
        for c in edge {
            for seed in 0..30 {
                let g = generate(&c, seed, 1).unwrap_or_else(|e| panic!("{c:?}: {e}"));
                assert_bsp(&g, &c);
            }
        }
        let too_big = [
            BspConfig {
                min_room_size: 19,
                min_partition_size: 20,
                ..BspConfig::default()
            },
            BspConfig {
                border: 18,
                min_partition_size: 3,
                ..BspConfig::default()
            },
            BspConfig {
                width: 8,
                height: 8,
                min_room_size: 3,
                ..BspConfig::default()
            },
        ];
        for c in too_big {
            assert!(generate(&c, 0, 1).is_err(), "{c:?}");
        }
    }
}
