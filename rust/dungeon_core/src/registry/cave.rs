//! The cave generator's registry entry: presets and settings.

use super::Kind::{Int, Num, Other};
use super::setting::{choice, name_of, put};
use super::{Generator, Range, Setting};
use crate::cave::{CaveConfig, CavePhase, R2_OFF, Regions};
use crate::cave::{MAX_ATTEMPTS, MAX_SIDE, MIN_SIDE};

/// The cellular-automaton cave.
pub const CAVE: Generator<CaveConfig> = Generator {
    name: "cave",
    class: "CaveGenerator",
    summary: "a cellular-automaton cave on an open-floor tile map",
    example: "cave --phases 5:2:4,5:off:3 --regions keep_largest --format png --out cave.png",
    settings: cave,
    rooms: false,
};

const REGIONS: [(&str, Regions); 3] = [
    ("keep_largest", Regions::KeepLargest),
    ("connect_all", Regions::ConnectAll),
    ("none", Regions::None),
];

/// The placeholder of `--phases`.
const PHASES: &str = "R1:R2:N[,...]";

/// Parses `--phases`: `R1:R2:REPEATS` per phase, comma-separated; `R2`
/// may be `off` (= -1). The values are range-checked by the generator,
/// which names the phase (`phase_2_r1_cutoff`).
///
/// # Errors
/// What was expected, naming the value.
pub fn parse_phases(v: &str) -> Result<Vec<CavePhase>, String> {
    let bad = || {
        format!(
            "expected {PHASES} (R1 and R2 cutoffs and repeats per phase, R2 may be off), got {v:?}"
        )
    };
    if v.trim().is_empty() {
        return Ok(Vec::new());
    }
    v.split(',')
        .map(|phase| {
            let parts: Vec<&str> = phase.split(':').map(str::trim).collect();
            let [r1, r2, n] = parts.as_slice() else {
                return Err(bad());
            };
            let int = |s: &str| s.parse::<i32>().map_err(|_| bad());
            let r2 = if *r2 == "off" { R2_OFF } else { int(r2)? };
            Ok(CavePhase::new(int(r1)?, r2, int(n)?))
        })
        .collect()
}

/// `--phases` as the usage text shows it.
#[must_use]
pub fn show_phases(phases: &[CavePhase]) -> String {
    phases
        .iter()
        .map(|p| {
            let r2 = if p.r2_cutoff == R2_OFF {
                "off".to_owned()
            } else {
                p.r2_cutoff.to_string()
            };
            format!("{}:{r2}:{}", p.r1_cutoff, p.repeats)
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The cave's settings, in the order they are applied.
#[must_use]
pub fn cave() -> Vec<Setting<CaveConfig>> {
    type F = Setting<CaveConfig>;
    let [width, height] = F::map_sides(|c| &mut c.width, |c| &mut c.height, MIN_SIDE, MAX_SIDE);
    vec![
        width,
        height,
        F::new(
            "fill_probability",
            "chance a tile starts as wall",
            Num(|c| &mut c.fill_probability),
        )
        .range(Range::UNIT),
        F::new(
            "phases",
            "per phase: wall if its 3×3 has ≥ R1 walls or its 5×5 minus corners ≤ R2 (off: never); N passes",
            Other(
                PHASES,
                |c, v| put(&mut c.phases, parse_phases(v)),
                |c| show_phases(&c.phases),
            ),
        ),
        F::new(
            "regions",
            "separate caves: keep the largest, join all, or none (no joining or size culling: the cave around one random floor tile is kept, unreachable pockets filled)",
            Other(
                "keep_largest|connect_all|none",
                |c, v| put(&mut c.regions, choice(v, &REGIONS)),
                |c| name_of(&REGIONS, c.regions),
            ),
        ),
        F::new(
            "min_region_size",
            "connect_all: caves of at most N tiles are filled",
            Int(|c| &mut c.min_region_size),
        ),
        F::new(
            "min_floor_fraction",
            "a cave needs this share of floor inside the border",
            Num(|c| &mut c.min_floor_fraction),
        )
        .range(Range::UNIT),
        F::new(
            "max_attempts",
            "caves drawn before giving up",
            Int(|c| &mut c.max_attempts),
        )
        .range(Range::int(1, MAX_ATTEMPTS)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_read_and_print_alike() {
        assert_eq!(show_phases(&CaveConfig::classic().phases), "5:2:4,5:off:3");
        assert_eq!(
            parse_phases("5:2:4, 5:off:3").unwrap(),
            CaveConfig::classic().phases
        );
        assert_eq!(parse_phases("5:-1:3").unwrap(), [CavePhase::new(5, -1, 3)]);
        assert_eq!(parse_phases("").unwrap(), []);
        for bad in ["5:2", "5:2:4:1", "a:2:4", "5:2:4,", "5;2;4"] {
            let e = parse_phases(bad).unwrap_err();
            assert!(e.starts_with("expected R1:R2:N[,...]"), "{bad}: {e}");
        }
    }
}
