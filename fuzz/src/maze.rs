//! Target `maze_config`: any bytes as a maze config (a preset with knobs
//! turned, sizes up to the limits, chances past 0..1), seed and level.
//! `generate` must fail exactly when `validate` (or the level check) does,
//! never panic or hang, and a success is a valid map: `check()`, odd rooms
//! at odd spots that never touch, start and end at the ends of the path of
//! interest between rooms, the same grid twice.

use dungeon_core::GenError;
use dungeon_core::GeneratorConfig;
use dungeon_core::level::MAX_LEVEL;
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::poi::{PoiEnds, path_of_interest};

use crate::checks;
use crate::knobs::Knobs;

/// The config, seed and level `data` stands for.
#[must_use]
pub fn maze_input(data: &[u8]) -> (MazeConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&MazeConfig::PRESETS);
    let p = MazeConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let sides = [maze::MIN_SIDE, maze::MAX_SIDE, 4, 64];
    let c = MazeConfig {
        width: k.int(p.width, 5..=95, &sides),
        height: k.int(p.height, 5..=95, &sides),
        room_attempts: k.int(p.room_attempts, 0..=300, &[0, maze::MAX_ROOM_ATTEMPTS, -1]),
        room_min_size: k.int(p.room_min_size, 1..=15, &[0, 2]),
        room_max_size: k.int(p.room_max_size, 1..=31, &[0, 2, maze::MAX_SIDE]),
        windiness: k.float(p.windiness, (0.0, 1.0), &[0.0, 1.0, 1.5]),
        extra_connector_chance: k.float(p.extra_connector_chance, (0.0, 1.0), &[0.0, 1.0, -0.5]),
        dead_end_removal: k.float(p.dead_end_removal, (0.0, 1.0), &[0.0, 1.0, 2.0]),
    };
    (c, seed, level)
}

/// Target `maze_config`.
pub fn maze_config(data: &[u8]) {
    let (c, seed, level) = maze_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match maze::generate(&c, seed, level) {
        Ok(g) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            assert_eq!(g.generator, "maze");
            assert_eq!((g.width(), g.height()), (c.width, c.height), "map size");
            // `valid_grid` round-trips JSON, whose room graph joins every
            // pair of a maze's rooms: only on small maps.
            if g.cells().len() <= checks::ROUND_TRIP_CELLS {
                checks::valid_grid(&g);
                let again = maze::generate(&c, seed, level).expect("the same inputs succeed again");
                assert!(again == g, "the same inputs gave another grid");
            } else {
                assert_eq!(g.check(), Ok(()));
            }
            let rects = g.room_rects();
            assert!(rects.len() >= 2, "{} rooms", rects.len());
            for (i, r) in rects.iter().enumerate() {
                assert!(
                    r.x % 2 == 1 && r.y % 2 == 1 && r.w % 2 == 1 && r.h % 2 == 1,
                    "{r:?}"
                );
                for o in &rects[i + 1..] {
                    let apart =
                        r.x + r.w < o.x || o.x + o.w < r.x || r.y + r.h < o.y || o.y + o.h < r.y;
                    assert!(apart, "{r:?} touches {o:?}");
                }
            }
            if g.cells().len() <= checks::BIG_CELLS {
                let p = path_of_interest(&g, PoiEnds::Rooms).expect("two joined rooms");
                assert_eq!(p.tiles.first(), Some(&g.start()));
                assert_eq!(p.tiles.last(), Some(&g.end()));
            }
        }
        Err(e) => {
            assert!(!accepted, "a valid config failed: {e} ({c:?})");
            let text = e.to_string();
            match &e {
                GenError::Config(ce) => {
                    assert!(text.contains(ce.field) && !ce.allowed.is_empty(), "{text}");
                }
                GenError::Exhausted { .. } => panic!("a maze never runs out of budget: {text}"),
                GenError::Cancelled => panic!("cancelled without a watch: {text}"),
            }
        }
    }
}
