use dungeon_core::maze::MazeConfig;
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{Generator, generator_class};

generator_class! {
    /// Rooms and mazes (after Bob Nystrom): rectangular rooms scattered over
    /// the map, a winding maze of one-tile corridors filling every gap,
    /// doors joining each room and maze region so that everything is
    /// reachable, a few extra doors for loops, and dead ends filled in.
    ///
    /// The start and end are the two ends of the [i]path of interest[/i]:
    /// the longest of the shortest walks between two rooms. Read it with
    /// [method DungeonGrid.get_path_of_interest] (tiles) and
    /// [method DungeonGrid.get_path_of_interest_nodes] to highlight it.
    ///
    /// The result is a tile grid: paint it on a [TileMapLayer] with
    /// [method DungeonGrid.cells_packed]. Rooms and corridors lie on odd
    /// rows and columns, so the map's sides and the room sides are odd.
    ///
    /// ```gdscript
    /// var gen := MazeGenerator.new()
    /// gen.preset = MazeGenerator.PRESET_LABYRINTH
    /// var grid := gen.generate_level(1)
    /// print(grid.to_ascii())
    /// print(grid.get_path_of_interest(true).size(), " tiles from start to end")
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed].
    class MazeGenerator(MazeConfig, room_count_range) {
        /// Starting point for all other settings ([constant PRESET_CLASSIC]…).
        /// [b]Classic[/b] (Bob Nystrom's "Rooms and Mazes"): 61×41, many rooms, fairly
        /// straight corridors, 5 % extra doors, no dead ends.
        /// [b]Labyrinth[/b]: few small rooms in a twisty maze that keeps its
        /// dead ends. The level only picks another map of the same run.
        preset: MazePreset { Classic = PRESET_CLASSIC, Labyrinth = PRESET_LABYRINTH },

        /// Map width in tiles: an odd number (rooms and corridors lie on odd
        /// columns). An even value is refused with the odd values next to it.
        #[export_group(name = "Map")]
        #[export(range = (5.0, 1023.0, 2.0, or_greater))]
        width: i64,
        /// Map height in tiles: an odd number.
        #[export(range = (5.0, 1023.0, 2.0, or_greater))]
        height: i64,

        /// How many times a room is dropped at a random spot; it stays only
        /// if it touches no other room. More attempts pack more rooms. With
        /// 0 (or when fewer than two fit), two rooms of the smallest size go
        /// in the top-left corner.
        #[export_group(name = "Rooms")]
        #[export(range = (0.0, 2000.0, 1.0, or_greater))]
        room_attempts: i64,
        /// Smallest room side in tiles (odd).
        #[export(range = (1.0, 63.0, 2.0, or_greater))]
        room_min_size: i64,
        /// Largest room side in tiles (odd, at least the smallest).
        #[export(range = (1.0, 63.0, 2.0, or_greater))]
        room_max_size: i64,

        /// How often the maze turns: 0 runs straight as long as it can (long
        /// corridors), 1 turns at random at every step (twisty passages).
        #[export_group(name = "Maze")]
        #[export(range = (0.0, 1.0, 0.01))]
        windiness: f64,
        /// Chance that a door not needed to reach everything is opened
        /// anyway, making loops: 0 gives exactly one way between two places.
        #[export(range = (0.0, 1.0, 0.01))]
        extra_connector_chance: f64,
        /// Share of dead-end corridors filled in: 1 leaves none (every
        /// corridor leads somewhere), 0 keeps the whole maze.
        #[export(range = (0.0, 1.0, 0.01))]
        dead_end_removal: f64,
    }
}

impl Generator for MazeGenerator {}

/// Maze room counts do not change with the level: at least 2, at most the
/// attempts made (or 2) and the rooms of the smallest size that fit.
fn room_count_range(c: &MazeConfig, _level: i32) -> Result<(i32, i32), dungeon_core::ConfigError> {
    if let Err(dungeon_core::GenError::Config(e)) = c.validate() {
        return Err(e);
    }
    let step = i64::from(c.room_min_size) + 1;
    let fit = (i64::from(c.width) - 1) / step * ((i64::from(c.height) - 1) / step);
    let max = i64::from(c.room_attempts).max(2).min(fit.max(2));
    Ok((2, i32::try_from(max).unwrap_or(i32::MAX)))
}
