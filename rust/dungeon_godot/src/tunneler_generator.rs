use dungeon_core::tunneler::TunnelerConfig;
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{Generator, generator_class};

generator_class! {
    /// Tunnels dug through solid rock: one digger starts on a random tile and
    /// digs [member max_tunnels] straight tunnels, each a random length
    /// between [member min_tunnel_length] and [member max_tunnel_length],
    /// turning a right angle after each one and turning back at the map's
    /// edge (a random-walk tunneler). Every tunnel starts where the last one
    /// ended, so every floor tile is reachable.
    ///
    /// The result is an open-floor tile map: its ground is
    /// [constant DungeonGrid.FLOOR] tiles (no rooms), the outermost row and
    /// column on every side stay wall, the start is where digging began and
    /// the end is the floor tile farthest from it by walking. Paint it on a
    /// [TileMapLayer] with [method DungeonGrid.cells_packed].
    ///
    /// ```gdscript
    /// var gen := TunnelerGenerator.new()
    /// gen.preset = TunnelerGenerator.PRESET_LONG_HALLS
    /// var grid := gen.generate_level(1)
    /// print(grid.to_ascii())
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed].
    class TunnelerGenerator(TunnelerConfig, no_rooms) {
        /// Starting point for all other settings ([constant PRESET_TANGLED_TUNNELS]…).
        /// [b]Tangled tunnels[/b]: a 60×40 tangle of 120 short tunnels (3 to
        /// 8 steps). [b]Long halls[/b]: 24 long straight halls (10 to 30
        /// steps) across an 80×50 map. The algorithm's write-up gives no
        /// numbers; these are ours.
        preset: TunnelerPreset { TangledTunnels = PRESET_TANGLED_TUNNELS, LongHalls = PRESET_LONG_HALLS },

        /// Map width in tiles, including the 1-tile wall border.
        #[export_group(name = "Map")]
        #[export(range = (8.0, 1024.0, 1.0, or_greater))]
        width: i64,
        /// Map height in tiles, including the 1-tile wall border.
        #[export(range = (8.0, 1024.0, 1.0, or_greater))]
        height: i64,

        /// How many tunnels are dug (1 to 100000).
        #[export_group(name = "Tunnels")]
        #[export(range = (1.0, 1000.0, 1.0, or_greater))]
        max_tunnels: i64,
        /// Shortest tunnel, in steps (at least 1, at most
        /// [member max_tunnel_length]).
        #[export(range = (1.0, 100.0, 1.0, or_greater))]
        min_tunnel_length: i64,
        /// Longest tunnel, in steps: at most the map's shorter side minus 3,
        /// so a tunnel fits inside the wall border either way.
        #[export(range = (1.0, 100.0, 1.0, or_greater))]
        max_tunnel_length: i64,
    }
}

impl Generator for TunnelerGenerator {}

/// Open-floor maps have no rooms: every level has 0.
pub fn no_rooms<C>(_: &C, _level: i32) -> Result<(i32, i32), dungeon_core::ConfigError> {
    Ok((0, 0))
}
