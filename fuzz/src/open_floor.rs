//! Fuzz targets for the digging generators, `tunneler_config` and
//! `walker_config`: any config, seed and level from fuzz bytes; `generate`
//! fails exactly when `validate` (or the level check) does, except that a
//! valid walker config may run out of its step budget (an `Exhausted` error
//! that says so); a success is a valid open-floor map of the configured
//! size, one connected region with its 1-tile wall border intact.
//!
//! Input format: a preset index, the seed, the level, then one knob per
//! config field in the config's order. To keep each run short, maps over
//! 2^20 tiles get at most 1000 tunnels and a floor fraction of at most 0.2
//! (both still far past what the checks need to see).

use dungeon_core::GeneratorConfig;
use dungeon_core::dig::border_is_wall;
use dungeon_core::level::MAX_LEVEL;
use dungeon_core::tunneler::{self, TunnelerConfig};
use dungeon_core::walker::{self, Directions, WalkerConfig};
use dungeon_core::{DungeonGrid, GenError};

use crate::checks;
use crate::knobs::Knobs;

const BIG: i64 = 1 << 20;

/// A tunneler config, seed and level from fuzz bytes.
#[must_use]
pub fn tunneler_input(data: &[u8]) -> (TunnelerConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let p = TunnelerConfig::preset(k.pick(&TunnelerConfig::PRESETS)).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let sides = [tunneler::MIN_SIDE, tunneler::MAX_SIDE];
    let width = k.int(p.width, 8..=96, &sides);
    let height = k.int(p.height, 8..=96, &sides);
    let longest = width.min(height).saturating_sub(3);
    let mut c = TunnelerConfig {
        width,
        height,
        max_tunnels: k.int(p.max_tunnels, 1..=300, &[1, tunneler::MAX_TUNNELS]),
        min_tunnel_length: k.int(p.min_tunnel_length, 1..=20, &[1, longest]),
        max_tunnel_length: k.int(p.max_tunnel_length, 1..=40, &[1, longest]),
    };
    if i64::from(width) * i64::from(height) > BIG {
        c.max_tunnels = c.max_tunnels.min(1000);
    }
    (c, seed, level)
}

/// Target `tunneler_config`.
pub fn tunneler_config(data: &[u8]) {
    let (c, seed, level) = tunneler_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match tunneler::generate(&c, seed, level) {
        Ok(g) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            open_floor(&g, "tunneler", (c.width, c.height), seed, level);
            checks::deterministic(&g, || tunneler::generate(&c, seed, level));
        }
        Err(e) => {
            assert!(!accepted, "a valid config failed: {e} ({c:?})");
            checks::error_names_a_setting(&e);
        }
    }
}

/// A walker config, seed and level from fuzz bytes.
#[must_use]
pub fn walker_input(data: &[u8]) -> (WalkerConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let p = WalkerConfig::preset(k.pick(&WalkerConfig::PRESETS)).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let sides = [walker::MIN_SIDE, walker::MAX_SIDE];
    let width = k.int(p.width, 8..=96, &sides);
    let height = k.int(p.height, 8..=96, &sides);
    let mut c = WalkerConfig {
        width,
        height,
        directions: k.choice(p.directions, Directions::Four, Directions::Eight),
        floor_fraction: k.float(p.floor_fraction, (0.0, 0.9), &[0.0, 0.5625, 1.0]),
        walkers: k.int(p.walkers, 1..=16, &[1, walker::MAX_WALKERS]),
        lifetime: k.int(p.lifetime, 0..=400, &[0, walker::MAX_LIFETIME]),
        max_steps_per_tile: k.int(
            p.max_steps_per_tile,
            1..=200,
            &[1, walker::MAX_STEPS_PER_TILE],
        ),
    };
    if i64::from(width) * i64::from(height) > BIG && c.floor_fraction > 0.2 {
        c.floor_fraction = 0.2;
    }
    (c, seed, level)
}

/// Target `walker_config`.
pub fn walker_config(data: &[u8]) {
    let (c, seed, level) = walker_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match walker::generate_with_stats(&c, seed, level) {
        Ok((g, s)) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            open_floor(&g, "walker", (c.width, c.height), seed, level);
            let n = s.floor;
            assert!(
                n >= c.target_tiles() && n <= c.target_tiles() + 1,
                "{n} floor tiles for a target of {}",
                c.target_tiles()
            );
            assert!(s.steps <= c.step_budget(), "over budget: {s:?}");
            checks::deterministic(&g, || walker::generate(&c, seed, level));
        }
        Err(e @ GenError::Exhausted { .. }) => {
            assert!(accepted, "an invalid config ran: {e} ({c:?})");
            assert!(e.to_string().contains("max_steps_per_tile"), "{e}");
        }
        Err(e) => {
            assert!(!accepted, "a valid config failed: {e} ({c:?})");
            checks::error_names_a_setting(&e);
        }
    }
}

/// What every open-floor map keeps.
fn open_floor(g: &DungeonGrid, name: &str, size: (i32, i32), seed: u64, level: i32) {
    assert_eq!(g.generator, name);
    assert_eq!((g.seed, g.level), (seed, level));
    assert_eq!((g.width(), g.height()), size, "map size");
    assert!(g.is_open_floor(), "not an open-floor map");
    assert_ne!(g.start(), g.end(), "start == end");
    assert!(border_is_wall(g), "the border was dug");
    checks::valid_grid(g);
}
