//! Target `tinykeep_config`: any TinyKeep settings, seed and level.

use dungeon_core::GeneratorConfig;
use dungeon_core::level::MAX_LEVEL;
use dungeon_core::tinykeep::{
    self, HallwayStyle, MAX_CELL_SIDE, MAX_CELLS, MAX_HALLWAY_WIDTH, MAX_RADIUS,
    MAX_SEPARATION_STEPS, ScatterShape, Separation, SizeDistribution, TinyKeepConfig,
};
use dungeon_core::{DungeonGrid, GenError};

use crate::checks;
use crate::knobs::Knobs;

/// A TinyKeep config, seed and level from fuzz bytes.
#[must_use]
pub fn tinykeep_input(data: &[u8]) -> (TinyKeepConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let name = k.pick(&TinyKeepConfig::PRESETS);
    let p = TinyKeepConfig::preset(name).unwrap_or_default();
    let (seed, level) = (k.seed(), k.level());
    let c = TinyKeepConfig {
        cell_count: k.int(p.cell_count, 2..=80, &[2, MAX_CELLS]),
        shape: k.choice(p.shape, ScatterShape::Circle, ScatterShape::Ellipse),
        radius: k.int(p.radius, 1..=30, &[1, MAX_RADIUS]),
        radius_y: k.int(p.radius_y, 1..=30, &[1, MAX_RADIUS]),
        size_distribution: k.choice(
            p.size_distribution,
            SizeDistribution::Uniform,
            SizeDistribution::Normal,
        ),
        cell_min_size: k.int(p.cell_min_size, 1..=8, &[1, MAX_CELL_SIDE]),
        cell_max_size: k.int(p.cell_max_size, 1..=12, &[1, MAX_CELL_SIDE]),
        separation: k.choice(p.separation, Separation::Square, Separation::Circle),
        separation_steps: k.int(p.separation_steps, 1..=50, &[1, MAX_SEPARATION_STEPS]),
        min_room_width: k.int(p.min_room_width, 1..=10, &[1, MAX_CELL_SIDE]),
        min_room_height: k.int(p.min_room_height, 1..=10, &[1, MAX_CELL_SIDE]),
        min_room_area: k.int(p.min_room_area, 0..=40, &[0, MAX_CELL_SIDE * MAX_CELL_SIDE]),
        extra_edge_chance: k.float(p.extra_edge_chance, (0.0, 1.0), &[0.0, 1.0]),
        hallway_style: k.choice(p.hallway_style, HallwayStyle::LShaped, HallwayStyle::AStar),
        hallway_width: k.int(p.hallway_width, 1..=3, &[1, MAX_HALLWAY_WIDTH]),
        allow_crossings: k.flag(p.allow_crossings),
        border: k.int(p.border, 1..=3, &[1, tinykeep::MAX_BORDER]),
    };
    (c, seed, level)
}

/// Target `tinykeep_config`: `generate` refuses exactly what `validate` (or
/// the level check) refuses, or gives up with a reason; a success passes
/// `check()`, its tree spans its main rooms and it repeats byte for byte.
pub fn tinykeep_config(data: &[u8]) {
    let (c, seed, level) = tinykeep_input(data);
    let accepted = c.validate().is_ok() && (1..=MAX_LEVEL).contains(&level);
    match tinykeep::generate_with_graph(&c, seed, level) {
        Ok((g, graph)) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            assert_eq!(g.generator, "tinykeep");
            assert_eq!((g.seed, g.level), (seed, level));
            checks::valid_grid(&g);
            let k = graph.centers.len();
            assert!(k >= 2 && k <= g.room_rects().len(), "{k} main rooms");
            assert_eq!(graph.mst.len(), k - 1, "tree edges");
            for r in &g.room_rects()[..k] {
                assert!(r.w >= c.min_room_width && r.h >= c.min_room_height, "{r:?}");
            }
            if g.cells().len() <= checks::ROUND_TRIP_CELLS {
                let again: Result<DungeonGrid, GenError> = tinykeep::generate(&c, seed, level);
                assert!(
                    again.as_ref() == Ok(&g),
                    "the same inputs gave another grid"
                );
            }
        }
        Err(GenError::Config(e)) => {
            assert!(!accepted, "a valid config failed: {e} ({c:?})");
            assert!(e.to_string().contains(e.field), "{e}");
        }
        Err(e @ GenError::Exhausted { .. }) => {
            assert!(accepted, "refused without naming a setting: {e}");
            let text = e.to_string();
            assert!(
                text.contains("cell_count") && text.contains("cell_max_size"),
                "an exhausted run names what to change: {text}"
            );
        }
        Err(GenError::Cancelled) => panic!("cancelled without a watch ({c:?})"),
    }
}
