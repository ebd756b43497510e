//! The maze's flags (`dungeon maze`).

use super::Field::{Int, Num};
use super::{Flag, Presets};
use dungeon_core::maze::MazeConfig;

/// The maze's presets.
pub const MAZE_PRESETS: Presets<MazeConfig> = [
    ("classic", MazeConfig::classic),
    ("labyrinth", MazeConfig::labyrinth),
];

/// The maze's flags, in the order they are applied.
#[must_use]
pub fn maze() -> Vec<Flag<MazeConfig>> {
    type F = Flag<MazeConfig>;
    vec![
        F::new(
            "width",
            "map width in tiles, odd, 5..=4095",
            Int(|c| &mut c.width),
        ),
        F::new(
            "height",
            "map height in tiles, odd, 5..=4095",
            Int(|c| &mut c.height),
        ),
        F::new(
            "room-attempts",
            "rooms dropped at random spots, 0..=100000; one that touches another is dropped",
            Int(|c| &mut c.room_attempts),
        ),
        F::new(
            "room-min-size",
            "smallest room side in tiles, odd, 1 or more",
            Int(|c| &mut c.room_min_size),
        ),
        F::new(
            "room-max-size",
            "largest room side in tiles, odd, ≥ room-min-size, ≤ the shorter side - 2",
            Int(|c| &mut c.room_max_size),
        ),
        F::new(
            "windiness",
            "0..=1: 0 runs straight as long as it can, 1 turns at random every step",
            Num(|c| &mut c.windiness),
        ),
        F::new(
            "extra-connector-chance",
            "0..=1: chance a door not needed to join the map opens anyway (loops)",
            Num(|c| &mut c.extra_connector_chance),
        ),
        F::new(
            "dead-end-removal",
            "0..=1: share of dead ends filled in (1: none left, 0: whole maze)",
            Num(|c| &mut c.dead_end_removal),
        ),
    ]
}
