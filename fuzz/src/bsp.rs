//! Fuzz target `bsp_config`: any BSP config, seed and level from fuzz
//! bytes (a preset index, the seed, the level, then one knob per config
//! field, see [`crate::knobs`]).

use dungeon_core::GeneratorConfig;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::level::MAX_LEVEL;

use crate::checks;
use crate::knobs::Knobs;

/// A BSP config, seed and level from fuzz bytes.
#[must_use]
pub fn bsp_input(data: &[u8]) -> (BspConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&BspConfig::PRESETS);
    let p = BspConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let sides = [bsp::MIN_SIDE, bsp::MAX_SIDE];
    #[allow(clippy::needless_update)]
    let c = BspConfig {
        width: k.int(p.width, 8..=96, &sides),
        height: k.int(p.height, 8..=96, &sides),
        iterations: k.int(p.iterations, 1..=7, &[1, bsp::MAX_ITERATIONS]),
        partition_range: k.float(
            p.partition_range,
            (0.0, bsp::MAX_PARTITION_RANGE),
            &[0.0, bsp::MAX_PARTITION_RANGE, 0.5],
        ),
        min_partition_size: k.int(p.min_partition_size, 3..=16, &[3]),
        room_size_min: k.float(p.room_size_min, (0.0, 1.0), &[0.0, 1.0]),
        room_size_max: k.float(p.room_size_max, (0.0, 1.0), &[0.0, 1.0]),
        min_room_size: k.int(p.min_room_size, 1..=8, &[1]),
        border: k.int(p.border, 1..=5, &[1]),
        ..p
    };
    (c, seed, level)
}

/// Target `bsp_config`: `generate` fails exactly when `validate` (or the
/// level check) does, and a success is a valid map of the configured size
/// with 2..=2^iterations rooms inside the border.
pub fn bsp_config(data: &[u8]) {
    let (c, seed, level) = bsp_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match bsp::generate(&c, seed, level) {
        Ok(g) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            assert_eq!(g.generator, "bsp");
            assert_eq!((g.seed, g.level), (seed, level));
            assert_eq!((g.width(), g.height()), (c.width, c.height), "map size");
            checks::valid_grid(&g);
            let n = g.room_rects().len();
            assert!(n >= 2, "{n} rooms");
            assert!(n <= 1 << c.iterations, "{n} rooms > 2^{}", c.iterations);
            for r in g.room_rects() {
                assert!(
                    r.w >= c.min_room_size && r.h >= c.min_room_size,
                    "{r:?} under min_room_size {}",
                    c.min_room_size
                );
            }
            let b = c.border;
            for (i, cell) in g.cells().iter().enumerate() {
                let (x, y) = g.pos(i);
                let inside = x >= b && y >= b && x < c.width - b && y < c.height - b;
                assert!(
                    inside || !cell.is_walkable(),
                    "({x}, {y}) is {cell:?} within the border"
                );
            }
            if g.cells().len() <= checks::ROUND_TRIP_CELLS {
                checks::deterministic(&g, || bsp::generate(&c, seed, level));
            }
        }
        Err(e) => {
            assert!(!accepted, "a valid config failed: {e} ({c:?})");
            checks::error_names_a_setting(&e);
        }
    }
}
