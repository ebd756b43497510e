use dungeon_core::bsp::BspConfig;
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{Generator, generator_class};

generator_class! {
    /// Classic roguelike maps: rectangular rooms joined by corridors, with
    /// doors where corridors enter rooms. The map is split in two again and
    /// again (binary space partitioning), one room goes in each part, and
    /// sibling parts are joined, so every room is reachable.
    ///
    /// The result is a tile grid: paint it on a [TileMapLayer] with
    /// [method DungeonGrid.cells_packed], or use [method DungeonGrid.room_rects]
    /// to place room scenes.
    ///
    /// ```gdscript
    /// var gen := BspGenerator.new()
    /// gen.preset = BspGenerator.PRESET_LARGE
    /// var grid := gen.generate_level(1)
    /// print(grid.to_ascii())
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed].
    class BspGenerator(BspConfig, room_count_range) {
        /// Starting point for all other settings ([constant PRESET_SMALL]…).
        /// [b]Small[/b] (the classic RogueBasin BSP dungeon): 40×40 tiles, up to 16 rooms.
        /// [b]Large[/b]: an 80×50 map with up to 32 rooms. The level only
        /// picks another map of the same run; the size comes from the
        /// settings.
        preset: BspPreset { Small = PRESET_SMALL, Large = PRESET_LARGE },

        /// Map width in tiles.
        #[export_group(name = "Map")]
        #[export(range = (8.0, 1024.0, 1.0, or_greater))]
        width: i64,
        /// Map height in tiles.
        #[export(range = (8.0, 1024.0, 1.0, or_greater))]
        height: i64,
        /// Empty tiles kept around the whole map (at least 1).
        #[export(range = (1.0, 16.0, 1.0))]
        border: i64,

        /// How many times the map is split: up to 2^iterations rooms.
        #[export_group(name = "Splitting")]
        #[export(range = (1.0, 16.0, 1.0))]
        iterations: i64,
        /// How far from the middle a split may fall, as a fraction of the
        /// side: 0 always halves, 0.45 gives very uneven parts.
        #[export(range = (0.0, 0.45, 0.01))]
        partition_range: f64,
        /// No part is split smaller than this many tiles on a side.
        #[export(range = (3.0, 64.0, 1.0, or_greater))]
        min_partition_size: i64,

        /// Smallest room side as a fraction of its part's side.
        #[export_group(name = "Rooms")]
        #[export(range = (0.05, 1.0, 0.01))]
        room_size_min: f64,
        /// Largest room side as a fraction of its part's side.
        #[export(range = (0.05, 1.0, 0.01))]
        room_size_max: f64,
        /// Smallest room side in tiles.
        #[export(range = (1.0, 32.0, 1.0, or_greater))]
        min_room_size: i64,
    }
}

impl Generator for BspGenerator {}

/// BSP room counts do not change with the level: 2 to 2^iterations.
fn room_count_range(c: &BspConfig, _level: i32) -> Result<(i32, i32), dungeon_core::ConfigError> {
    let max = 1i32
        .checked_shl(c.iterations.clamp(0, 30) as u32)
        .unwrap_or(i32::MAX);
    Ok((2, max.max(2)))
}
