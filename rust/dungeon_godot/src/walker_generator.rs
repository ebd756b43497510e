use dungeon_core::walker::{Directions, WalkerConfig};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{Generator, generator_class, inspector_enum};
use crate::tunneler_generator::no_rooms;

generator_class! {
    /// Caves dug by random walkers: walkers set out from the middle of a
    /// map of solid rock and stagger one tile at a time in a random
    /// direction (a drunkard walk, eight ways by default), digging as they go, until
    /// [member floor_fraction] of the map is floor. A diagonal step also
    /// digs a tile beside it, so the floor is always one region a player
    /// can cross in four directions.
    ///
    /// The result is an open-floor tile map: its ground is
    /// [constant DungeonGrid.FLOOR] tiles (no rooms), the outermost row and
    /// column on every side stay wall, the start is the middle of the map
    /// (where the walk began) and the end is the floor tile farthest from it
    /// by walking. Paint it on a [TileMapLayer] with
    /// [method DungeonGrid.cells_packed].
    ///
    /// ```gdscript
    /// var gen := WalkerGenerator.new()
    /// gen.directions = WalkerGenerator.DIRECTIONS_FOUR
    /// gen.floor_fraction = 0.3
    /// var grid := gen.generate_level(1)
    /// print(grid.to_ascii())
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed];
    /// so does a walk that runs out of its step budget.
    class WalkerGenerator(WalkerConfig, no_rooms) {
        /// Starting point for all other settings ([constant PRESET_OPEN_CAVE]…).
        /// [b]Open cave[/b] (an eight-way drunkard walk): one walker digs 40 %
        /// of an 80×50 map into one meandering cave. [b]Sprawling cave[/b]:
        /// four-way walkers of 150 steps each, every new one setting out
        /// from the cave's floor, dig 35 % into lobes that sprawl across the
        /// map.
        preset: WalkerPreset { OpenCave = PRESET_OPEN_CAVE, SprawlingCave = PRESET_SPRAWLING_CAVE },

        /// Map width in tiles, including the 1-tile wall border.
        #[export_group(name = "Map")]
        #[export(range = (8.0, 1024.0, 1.0, or_greater))]
        width: i64,
        /// Map height in tiles, including the 1-tile wall border.
        #[export(range = (8.0, 1024.0, 1.0, or_greater))]
        height: i64,
        /// The walk stops once this share of the whole map is floor: more
        /// than 0, and at most the share inside the wall border.
        #[export(range = (0.01, 0.9, 0.01))]
        floor_fraction: f64,

        /// Which moves a walker makes (see [constant DIRECTIONS_EIGHT]).
        #[export_group(name = "Walkers")]
        #[export]
        directions: WalkDirections,
        /// How many walkers dig at once, taking turns (1 to 256).
        #[export(range = (1.0, 256.0, 1.0))]
        walkers: i64,
        /// Steps a walker takes before a new one replaces it on a tile
        /// already dug; 0 walks on forever. Short lives spread the cave
        /// out in lobes.
        #[export(range = (0.0, 2000.0, 1.0, or_greater))]
        lifetime: i64,
        /// The step budget, in steps per map tile (1 to 1000): a walk that
        /// has not dug [member floor_fraction] by then fails with an error.
        #[export(range = (1.0, 1000.0, 1.0))]
        max_steps_per_tile: i64,
    }
}

inspector_enum! {
    /// Which moves a walker makes.
    WalkDirections("directions") in WalkerGenerator for Directions {
        /// [member directions]: the four orthogonal moves.
        Four = DIRECTIONS_FOUR => Directions::Four,
        /// [member directions]: eight moves, diagonals
        /// included (a diagonal step also digs a tile beside it).
        Eight = DIRECTIONS_EIGHT => Directions::Eight,
    }
}

impl Generator for WalkerGenerator {}
