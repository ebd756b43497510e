//! The maze's registry entry: presets and settings.

use super::Kind::{Int, Num};
use super::{Generator, Range, Setting};
use crate::maze::MazeConfig;
use crate::maze::{MAX_ROOM_ATTEMPTS, MAX_SIDE, MIN_SIDE};

/// Rooms and mazes.
pub const MAZE: Generator<MazeConfig> = Generator {
    name: "maze",
    class: "MazeGenerator",
    summary: "rooms at odd spots, a maze between them, doors, dead ends pruned",
    example: "maze --windiness 0.8 --dead-end-removal 0.5 --format png --out maze.png",
    settings: maze,
    rooms: true,
};

/// The maze's settings, in the order they are applied.
#[must_use]
pub fn maze() -> Vec<Setting<MazeConfig>> {
    type F = Setting<MazeConfig>;
    vec![
        F::new("width", "map width in tiles, odd", Int(|c| &mut c.width)).range(Range::stepped(
            MIN_SIDE as f64,
            MAX_SIDE as f64,
            2.0,
        )),
        F::new("height", "map height in tiles, odd", Int(|c| &mut c.height)).range(Range::stepped(
            MIN_SIDE as f64,
            MAX_SIDE as f64,
            2.0,
        )),
        F::new(
            "room_attempts",
            "rooms dropped at random spots; one that touches another is dropped",
            Int(|c| &mut c.room_attempts),
        )
        .range(Range::int(0, MAX_ROOM_ATTEMPTS)),
        F::new(
            "room_min_size",
            "smallest room side in tiles, odd, 1 or more",
            Int(|c| &mut c.room_min_size),
        )
        .range(Range::stepped(1.0, ((MAX_SIDE - 3) / 2 - 1) as f64, 2.0)),
        F::new(
            "room_max_size",
            "largest room side in tiles, odd, ≥ room-min-size, ≤ the shorter side - 2",
            Int(|c| &mut c.room_max_size),
        )
        .range(Range::stepped(1.0, (MAX_SIDE - 2) as f64, 2.0)),
        F::new(
            "windiness",
            "0 runs straight as long as it can, 1 turns at random every step",
            Num(|c| &mut c.windiness),
        )
        .range(Range::UNIT),
        F::new(
            "extra_connector_chance",
            "chance a door not needed to join the map opens anyway (loops)",
            Num(|c| &mut c.extra_connector_chance),
        )
        .range(Range::UNIT),
        F::new(
            "dead_end_removal",
            "share of dead ends filled in (1: none left, 0: whole maze)",
            Num(|c| &mut c.dead_end_removal),
        )
        .range(Range::UNIT),
    ]
}
