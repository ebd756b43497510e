//! Fuzz target `cave_config`. Input format: preset index, seed, level,
//! then one knob per field in the order below (the phase count, then three
//! knobs per phase); add new reads at the end only.

use dungeon_core::GeneratorConfig;
use dungeon_core::cave::{self, CaveConfig, CavePhase, MAX_SIDE, MIN_SIDE, Regions};
use dungeon_core::level::MAX_LEVEL;
use dungeon_core::{DungeonGrid, GenError};

use crate::checks;
use crate::knobs::Knobs;

/// A cave config from fuzz bytes: the preset's value or a typical, edge
/// or arbitrary one per field; 0 to 3 phases drawn after the preset's.
pub fn cave_input(data: &[u8]) -> (CaveConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&CaveConfig::PRESETS);
    let p = CaveConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let sides = [MIN_SIDE, MAX_SIDE];
    let width = k.int(p.width, 4..=64, &sides);
    let height = k.int(p.height, 4..=64, &sides);
    let fill_probability = k.float(p.fill_probability, (0.0, 1.0), &[0.0, 1.0]);
    let mut phases = Vec::new();
    // The preset's phase count, no phase at all, or 1 to 4 phases.
    let count = match k.index(6) {
        0 => p.phases.len(),
        n => n - 1,
    };
    for i in 0..count {
        let keep = p.phases.get(i).copied().unwrap_or(CavePhase::new(5, -1, 1));
        phases.push(CavePhase::new(
            k.int(keep.r1_cutoff, 0..=10, &[0, 10]),
            k.int(keep.r2_cutoff, -1..=21, &[-1, 21]),
            k.int(keep.repeats, 0..=6, &[0, 100]),
        ));
    }
    let regions = match k.index(4) {
        0 => p.regions,
        i => Regions::ALL[i - 1],
    };
    let c = CaveConfig {
        width,
        height,
        fill_probability,
        phases,
        regions,
        min_region_size: k.int(
            p.min_region_size,
            0..=40,
            &[0, width.saturating_mul(height)],
        ),
        min_floor_fraction: k.float(p.min_floor_fraction, (0.0, 0.6), &[0.0, 1.0]),
        max_attempts: k.int(p.max_attempts, 1..=4, &[1, 100]),
    };
    (c, seed, level)
}

/// Target `cave_config`: `generate` fails with a config error exactly when
/// `validate` (or the level check) does; otherwise it gives a valid,
/// connected open-floor map of the configured size with a wall ring and
/// enough floor, or says the cave had too little floor.
pub fn cave_config(data: &[u8]) {
    let (c, seed, level) = cave_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match cave::generate(&c, seed, level) {
        Ok(g) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            assert_eq!(
                (g.generator.as_str(), g.seed, g.level),
                ("cave", seed, level)
            );
            assert_eq!((g.width(), g.height()), (c.width, c.height), "map size");
            checks::valid_grid(&g);
            assert!(g.is_open_floor() && g.is_connected(), "not one open cave");
            let (w, h) = (c.width, c.height);
            for (i, cell) in g.cells().iter().enumerate() {
                let (x, y) = g.pos(i);
                let ring = x == 0 || y == 0 || x == w - 1 || y == h - 1;
                assert!(!(ring && cell.is_walkable()), "({x}, {y}) on the wall ring");
            }
            let inner = f64::from((w - 2) * (h - 2));
            let floor = g.walkable_count();
            assert!(floor >= 2 && floor as f64 >= (c.min_floor_fraction * inner).ceil());
            if g.cells().len() <= checks::ROUND_TRIP_CELLS {
                again(&g, || cave::generate(&c, seed, level));
            }
        }
        Err(GenError::Config(e)) => {
            assert!(!accepted, "a valid config was refused: {e} ({c:?})");
            assert!(e.to_string().contains(e.field), "{e}");
        }
        Err(e @ GenError::Exhausted { .. }) => {
            assert!(accepted, "an invalid config ran: {e} ({c:?})");
            assert!(e.to_string().contains("min_floor_fraction"), "{e}");
        }
        Err(GenError::Cancelled) => panic!("cancelled without a watch ({c:?})"),
    }
}

/// A second call with the same inputs gives the same grid.
fn again(g: &DungeonGrid, run: impl FnOnce() -> Result<DungeonGrid, GenError>) {
    match run() {
        Ok(h) => assert!(h == *g, "the same inputs gave another grid"),
        Err(e) => panic!("the same inputs failed the second time: {e}"),
    }
}
