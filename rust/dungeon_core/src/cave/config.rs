//! [`CaveConfig`]: the settings, the presets and their validation.

use crate::error::{ConfigError, GenError, check_range};
use crate::preset::Preset;

/// Smallest map side accepted: a 1-tile wall border around at least 2×2
/// tiles of ground.
pub const MIN_SIDE: i32 = 4;
/// Largest map side accepted.
pub const MAX_SIDE: i32 = 4096;
/// Most rule phases in one config.
pub const MAX_PHASES: usize = 16;
/// Most repeats of one phase, and of all phases together.
pub const MAX_REPEATS: i32 = 100;
/// Most attempts.
pub const MAX_ATTEMPTS: i32 = 100;
/// The work of one attempt besides its automaton passes (the random fill,
/// the regions, the floor count), in passes: an attempt costs `width ×
/// height × (passes + ATTEMPT_OVERHEAD)` work units (measured at 4096²,
/// release: an attempt of 1 pass takes about as long as 40 passes).
pub const ATTEMPT_OVERHEAD: i64 = 40;
/// The most work the attempts of one call may do, in tile-passes (see
/// [`ATTEMPT_OVERHEAD`]): about 3 s in a release build on a busy 2-core
/// machine. Big maps get fewer attempts than `max_attempts` (see
/// [`CaveConfig::attempt_limit`]); without it 100 attempts of 100 passes
/// at 4096² took 65 s. Maps up to 1024² with the presets' passes never
/// reach it.
pub const MAX_WORK: i64 = 6_000_000_000;
/// The setting names of phase `k + 1`'s fields, as errors name them (and
/// as the Godot class names its phase slots): `phase_1_r1_cutoff`...
pub const PHASE_FIELDS: [[&str; 3]; MAX_PHASES] = [
    ["phase_1_r1_cutoff", "phase_1_r2_cutoff", "phase_1_repeats"],
    ["phase_2_r1_cutoff", "phase_2_r2_cutoff", "phase_2_repeats"],
    ["phase_3_r1_cutoff", "phase_3_r2_cutoff", "phase_3_repeats"],
    ["phase_4_r1_cutoff", "phase_4_r2_cutoff", "phase_4_repeats"],
    ["phase_5_r1_cutoff", "phase_5_r2_cutoff", "phase_5_repeats"],
    ["phase_6_r1_cutoff", "phase_6_r2_cutoff", "phase_6_repeats"],
    ["phase_7_r1_cutoff", "phase_7_r2_cutoff", "phase_7_repeats"],
    ["phase_8_r1_cutoff", "phase_8_r2_cutoff", "phase_8_repeats"],
    ["phase_9_r1_cutoff", "phase_9_r2_cutoff", "phase_9_repeats"],
    [
        "phase_10_r1_cutoff",
        "phase_10_r2_cutoff",
        "phase_10_repeats",
    ],
    [
        "phase_11_r1_cutoff",
        "phase_11_r2_cutoff",
        "phase_11_repeats",
    ],
    [
        "phase_12_r1_cutoff",
        "phase_12_r2_cutoff",
        "phase_12_repeats",
    ],
    [
        "phase_13_r1_cutoff",
        "phase_13_r2_cutoff",
        "phase_13_repeats",
    ],
    [
        "phase_14_r1_cutoff",
        "phase_14_r2_cutoff",
        "phase_14_repeats",
    ],
    [
        "phase_15_r1_cutoff",
        "phase_15_r2_cutoff",
        "phase_15_repeats",
    ],
    [
        "phase_16_r1_cutoff",
        "phase_16_r2_cutoff",
        "phase_16_repeats",
    ],
];
/// `r1_cutoff` past every count R1 can reach: the R1 rule never fires.
pub const R1_OFF: i32 = 10;
/// `r2_cutoff` below every count R2 can reach: the R2 rule never fires.
pub const R2_OFF: i32 = -1;

/// One rule phase of the automaton, applied `repeats` times.
///
/// R1(p) counts the walls in the 3×3 block around p (p included, 0..=9);
/// R2(p) the walls in the 5×5 block minus its four corners (0..=21). Tiles
/// past the map's edge count as wall. A tile becomes wall when
/// `R1 ≥ r1_cutoff` **or** `R2 ≤ r2_cutoff`, and floor otherwise.
///
/// `≥` is the comparison of the jimrandomh write-up. Some implementations write
/// `R1 > c`: that is `r1_cutoff = c + 1`. [`R1_OFF`] (10) switches the first
/// rule off, [`R2_OFF`] (-1) the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CavePhase {
    /// Wall when at least this many walls are within 1 step, `0..=10`.
    pub r1_cutoff: i32,
    /// Wall when at most this many walls are within 2 steps, `-1..=21`
    /// (`-1` = off).
    pub r2_cutoff: i32,
    /// How many passes of this rule, `0..=100`; a phase with 0 repeats is
    /// skipped (an unused slot).
    pub repeats: i32,
}

impl CavePhase {
    /// A phase: `r1_cutoff`, `r2_cutoff` (or [`R2_OFF`]), `repeats`.
    #[must_use]
    pub const fn new(r1_cutoff: i32, r2_cutoff: i32, repeats: i32) -> Self {
        Self {
            r1_cutoff,
            r2_cutoff,
            repeats,
        }
    }
}

/// What happens to the separate floor regions the automaton leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Regions {
    /// Every floor tile outside the largest 4-connected region becomes
    /// wall (a flood fill from one tile). The result is one region.
    KeepLargest,
    /// Every region larger than `min_region_size` is joined to the largest
    /// by a passage carved by a walk towards it; smaller regions are filled.
    /// The result is one region.
    ConnectAll,
    /// No joining and no culling by size: the automaton's map as it is,
    /// except that a walkable map needs every floor tile reachable, so
    /// only the region of one random floor tile (larger regions are likelier)
    /// is kept and the pockets nobody could reach are filled.
    None,
}

impl Regions {
    /// Every mode, in the order the Godot enum and the CLI list them.
    pub const ALL: [Regions; 3] = [Regions::KeepLargest, Regions::ConnectAll, Regions::None];

    /// The mode's name: `keep_largest`, `connect_all` or `none`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Regions::KeepLargest => "keep_largest",
            Regions::ConnectAll => "connect_all",
            Regions::None => "none",
        }
    }
}

/// Settings for [`super::generate`]. Start from a preset
/// ([`CaveConfig::classic`], [`CaveConfig::small`]) and change fields;
/// [`CaveConfig::validate`] says which combinations work.
#[derive(Clone, Debug, PartialEq)]
pub struct CaveConfig {
    /// Map width in tiles, `4..=4096`. The outer ring is always wall.
    pub width: i32,
    /// Map height in tiles, `4..=4096`.
    pub height: i32,
    /// Chance that a tile starts as wall, `0..=1` (jimrandomh: 0.4).
    pub fill_probability: f64,
    /// Rule phases, run in order, each on the previous one's output;
    /// up to 16 phases, at least 1 and at most 100 passes in all.
    pub phases: Vec<CavePhase>,
    /// What happens to separate floor regions.
    pub regions: Regions,
    /// [`Regions::ConnectAll`]: regions of at most this many tiles are
    /// filled instead of joined, `0..=width·height`.
    pub min_region_size: i32,
    /// Fewest floor tiles a cave may have, as a share of the tiles inside
    /// the border, `0..=1`. A thinner cave is redrawn (next attempt).
    pub min_floor_fraction: f64,
    /// Caves drawn before giving up, `1..=100`. Each attempt draws a new
    /// random fill from the same stream, so the result stays a function of
    /// seed, level and settings. Big maps get fewer: the attempts of one
    /// call share a work cap ([`MAX_WORK`]), so at most
    /// [`CaveConfig::attempt_limit`] attempts run (e.g. 2 of 100 passes at
    /// 4096², 7 of the `classic` phases at 4096², 40 of 100 passes at
    /// 1024², all 100 of the `classic` phases at 1024²).
    pub max_attempts: i32,
}

impl Default for CaveConfig {
    fn default() -> Self {
        Self::classic()
    }
}

/// The cave's presets.
pub const PRESET_LIST: [Preset<CaveConfig>; 2] = [
    Preset::new(
        "classic",
        "jimrandomh's two-phase cave: 80×50, fill 0.45, every cave larger than 8 tiles joined",
        CaveConfig::classic,
    ),
    Preset::new(
        "small",
        "a small cave (60×30, fill 0.4, 10 passes), the largest cave kept",
        CaveConfig::small,
    ),
];

impl CaveConfig {
    /// The classic two-phase cave (the jimrandomh write-up behind seeds
    /// 003 and 004, "W'(p) = R1(p) ≥ 5 || R2(p) ≤ 2" four times, then
    /// "R1(p) ≥ 5" three times): open caverns with smooth walls on an
    /// 80×50 map, fill 0.45, every floor region larger than 8 tiles joined.
    #[must_use]
    pub fn classic() -> Self {
        Self {
            width: 80,
            height: 50,
            fill_probability: 0.45,
            phases: vec![CavePhase::new(5, 2, 4), CavePhase::new(5, R2_OFF, 3)],
            regions: Regions::ConnectAll,
            min_region_size: 8,
            min_floor_fraction: 0.1,
            max_attempts: 10,
        }
    }

    /// A small 60×30 cave with rough, pillared walls: a worked
    /// example of jimrandomh's rule (fill 0.4, `R1 ≥ 5 || R2 ≤ 2` ten
    /// times), then a flood fill keeps the largest cave.
    #[must_use]
    pub fn small() -> Self {
        Self {
            width: 60,
            height: 30,
            fill_probability: 0.4,
            phases: vec![CavePhase::new(5, 2, 10)],
            regions: Regions::KeepLargest,
            min_region_size: 8,
            min_floor_fraction: 0.1,
            max_attempts: 10,
        }
    }

    /// The preset names [`CaveConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Total automaton passes over all phases.
    #[must_use]
    pub fn passes(&self) -> i64 {
        self.phases.iter().map(|p| i64::from(p.repeats)).sum()
    }

    /// The work of one attempt: `width × height × (passes +`
    /// [`ATTEMPT_OVERHEAD`]`)` tile-passes.
    #[must_use]
    pub fn attempt_work(&self) -> i64 {
        let area = i64::from(self.width.max(0)) * i64::from(self.height.max(0));
        area.saturating_mul(self.passes().max(0).saturating_add(ATTEMPT_OVERHEAD))
    }

    /// How many attempts one call makes at most: `max_attempts`, or fewer
    /// when they would do more than [`MAX_WORK`] in all, but at least one.
    #[must_use]
    pub fn attempt_limit(&self) -> i32 {
        let fit = MAX_WORK / self.attempt_work().max(1);
        i32::try_from(fit)
            .unwrap_or(i32::MAX)
            .clamp(1, self.max_attempts.max(1))
    }

    /// Checks every field without generating.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, the value and what would
    /// work; a phase's field also names the phase (`in phase 2`).
    pub fn validate(&self) -> Result<(), GenError> {
        self.check().map_err(GenError::from)
    }

    fn check(&self) -> Result<(), ConfigError> {
        check_range("width", self.width, MIN_SIDE, MAX_SIDE)?;
        check_range("height", self.height, MIN_SIDE, MAX_SIDE)?;
        check_range("fill_probability", self.fill_probability, 0.0, 1.0)?;
        if self.phases.len() > MAX_PHASES {
            return Err(ConfigError::new(
                "phases",
                format!("{} phases", self.phases.len()),
                format!("1 to {MAX_PHASES} phases"),
            ));
        }
        for (p, [r1, r2, repeats]) in self.phases.iter().zip(PHASE_FIELDS) {
            check_range(r1, p.r1_cutoff, 0, R1_OFF).map_err(|mut e| {
                e.allowed.push_str(" (R1 counts 0..=9 walls; 10 = off)");
                e
            })?;
            check_range(r2, p.r2_cutoff, R2_OFF, 21).map_err(|mut e| {
                e.allowed.push_str(" (R2 counts 0..=21 walls; -1 = off)");
                e
            })?;
            check_range(repeats, p.repeats, 0, MAX_REPEATS).map_err(|mut e| {
                e.allowed.push_str(" (0 skips the phase)");
                e
            })?;
        }
        let passes = self.passes();
        if passes < 1 || passes > i64::from(MAX_REPEATS) {
            return Err(ConfigError::new(
                "phases",
                format!("{} phases of {passes} passes in all", self.phases.len()),
                format!("1 to {MAX_REPEATS} passes in all (at least one phase with repeats ≥ 1)"),
            ));
        }
        let area = i64::from(self.width) * i64::from(self.height);
        let max_region = i32::try_from(area).unwrap_or(i32::MAX);
        check_range("min_region_size", self.min_region_size, 0, max_region).map_err(|mut e| {
            e.allowed.push_str(" (at most the map's area)");
            e
        })?;
        check_range("min_floor_fraction", self.min_floor_fraction, 0.0, 1.0)?;
        check_range("max_attempts", self.max_attempts, 1, MAX_ATTEMPTS)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GeneratorConfig;
    use crate::cave::generate;

    fn err(f: impl FnOnce(&mut CaveConfig)) -> String {
        let mut c = CaveConfig::default();
        f(&mut c);
        let e = c.validate().unwrap_err();
        // generate refuses exactly the same way, before drawing anything.
        assert_eq!(generate(&c, 1, 1).unwrap_err(), e);
        assert!(matches!(e, GenError::Config(_)), "{e}");
        e.to_string()
    }

    #[test]
    fn bad_settings_name_the_setting_the_value_and_the_range() {
        assert_eq!(
            err(|c| c.fill_probability = 1.5),
            "invalid fill_probability = 1.5: allowed 0..=1"
        );
        assert_eq!(
            err(|c| c.fill_probability = -0.1),
            "invalid fill_probability = -0.1: allowed 0..=1"
        );
        assert!(
            err(|c| c.fill_probability = f64::NAN).starts_with("invalid fill_probability = NaN")
        );
        assert_eq!(
            err(|c| c.phases[1].r1_cutoff = 11),
            "invalid phase_2_r1_cutoff = 11: allowed 0..=10 (R1 counts 0..=9 walls; 10 = off)"
        );
        assert_eq!(
            err(|c| c.phases[0].r1_cutoff = -1),
            "invalid phase_1_r1_cutoff = -1: allowed 0..=10 (R1 counts 0..=9 walls; 10 = off)"
        );
        assert_eq!(
            err(|c| c.phases[0].r2_cutoff = 22),
            "invalid phase_1_r2_cutoff = 22: allowed -1..=21 (R2 counts 0..=21 walls; -1 = off)"
        );
        assert_eq!(
            err(|c| c.phases[0].r2_cutoff = -2),
            "invalid phase_1_r2_cutoff = -2: allowed -1..=21 (R2 counts 0..=21 walls; -1 = off)"
        );
        let no_pass = "allowed 1 to 100 passes in all (at least one phase with repeats ≥ 1)";
        assert_eq!(
            err(|c| c.phases.clear()),
            format!("invalid phases = 0 phases of 0 passes in all: {no_pass}")
        );
        assert_eq!(
            err(|c| c.phases = vec![CavePhase::new(5, 2, 0); 3]),
            format!("invalid phases = 3 phases of 0 passes in all: {no_pass}")
        );
        assert_eq!(
            err(|c| c.phases = vec![CavePhase::new(5, 2, 1); 17]),
            "invalid phases = 17 phases: allowed 1 to 16 phases"
        );
        assert_eq!(
            err(|c| c.phases[0].repeats = -1),
            "invalid phase_1_repeats = -1: allowed 0..=100 (0 skips the phase)"
        );
        assert_eq!(
            err(|c| c.phases[1].repeats = 101),
            "invalid phase_2_repeats = 101: allowed 0..=100 (0 skips the phase)"
        );
        assert_eq!(
            err(|c| c.phases = vec![CavePhase::new(5, 2, 60), CavePhase::new(5, -1, 41)]),
            format!("invalid phases = 2 phases of 101 passes in all: {no_pass}")
        );
        assert_eq!(err(|c| c.width = 0), "invalid width = 0: allowed 4..=4096");
        assert_eq!(err(|c| c.width = 3), "invalid width = 3: allowed 4..=4096");
        assert_eq!(
            err(|c| c.height = -5),
            "invalid height = -5: allowed 4..=4096"
        );
        assert_eq!(
            err(|c| c.height = 4097),
            "invalid height = 4097: allowed 4..=4096"
        );
        assert_eq!(
            err(|c| c.min_region_size = 4001),
            "invalid min_region_size = 4001: allowed 0..=4000 (at most the map's area)"
        );
        assert_eq!(
            err(|c| c.min_region_size = -1).split(':').next(),
            Some("invalid min_region_size = -1")
        );
        assert_eq!(
            err(|c| c.min_floor_fraction = 1.01),
            "invalid min_floor_fraction = 1.01: allowed 0..=1"
        );
        assert_eq!(
            err(|c| c.max_attempts = 0),
            "invalid max_attempts = 0: allowed 1..=100"
        );
        assert_eq!(
            err(|c| c.max_attempts = 101),
            "invalid max_attempts = 101: allowed 1..=100"
        );
        // The level is checked after the settings.
        let e = generate(&CaveConfig::default(), 1, 0).unwrap_err();
        assert_eq!(e.to_string(), "invalid level = 0: allowed 1..=1000");
    }

    #[test]
    fn the_limits_themselves_are_accepted() {
        for c in [
            CaveConfig {
                width: MIN_SIDE,
                height: MAX_SIDE,
                fill_probability: 0.0,
                phases: vec![CavePhase::new(R1_OFF, R2_OFF, MAX_REPEATS)],
                min_region_size: 0,
                min_floor_fraction: 0.0,
                max_attempts: 1,
                ..CaveConfig::default()
            },
            CaveConfig {
                fill_probability: 1.0,
                phases: vec![CavePhase::new(0, 21, 1); MAX_PHASES],
                min_region_size: 4000,
                min_floor_fraction: 1.0,
                max_attempts: MAX_ATTEMPTS,
                ..CaveConfig::default()
            },
        ] {
            assert_eq!(c.validate(), Ok(()), "{c:?}");
        }
        for name in CaveConfig::PRESETS {
            assert_eq!(CaveConfig::preset(name).unwrap().validate(), Ok(()));
        }
        assert_eq!(CaveConfig::preset("nope"), None);
        assert_eq!(CaveConfig::preset("classic"), Some(CaveConfig::default()));
    }
}
