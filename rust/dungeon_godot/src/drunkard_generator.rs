use dungeon_core::drunkard::{DrunkardConfig, OffGrid};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::inspector_enum;
use crate::room_grid::room_grid_class;

room_grid_class! {
    /// Drunkard-walk floor plans: a walker wanders a small grid (8×8 by
    /// default) and every cell it enters becomes a room. Floors come out long
    /// and winding — good for forests and caves.
    ///
    /// ```gdscript
    /// var gen := DrunkardGenerator.new()
    /// gen.seed = 7
    /// var grid := gen.generate_level(2)
    /// for cell in grid.room_cells():
    ///     print(cell)
    /// ```
    ///
    /// The room count per level uses the same formula as [IsaacGenerator]'s
    /// Compact preset, and the count is exact. Every property set emits
    /// [signal Resource.changed]. Bad settings never crash: [method generate]
    /// returns [code]null[/code], logs the reason, stores it in
    /// [member last_error] and emits [signal generation_failed].
    class DrunkardGenerator(DrunkardConfig) {
        /// Starting point for all other settings ([constant PRESET_WINDING]…).
        /// [b]Winding[/b]: a 4-direction walk that jumps back to
        /// its first cell at the grid edge. [b]Wide[/b] (an eight-way walker):
        /// diagonal steps too, and the walker stops at the edge.
        preset: DrunkardPreset { Winding = PRESET_WINDING, Wide = PRESET_WIDE },

        /// Also step diagonally. A diagonal step opens one of the two side
        /// cells too, so every room still shares a door with the path.
        #[export_group(name = "Walk")]
        #[export]
        diagonal: bool,
        /// What the walker does at the grid edge (see
        /// [constant EDGE_RETURN_TO_START]).
        #[export]
        off_grid: EdgeBehavior,
        /// Steps one walk may take before it is abandoned and retried.
        #[export(range = (1.0, 1000000.0, 1.0, or_greater))]
        max_steps: i64,
    }
}

inspector_enum! {
    /// What the walker does at the grid edge.
    EdgeBehavior("off_grid") in DrunkardGenerator for OffGrid {
        /// [member off_grid]: at the edge, jump back to the walk's first
        /// cell.
        ReturnToStart = EDGE_RETURN_TO_START => OffGrid::ReturnToStart,
        /// [member off_grid]: at the edge, stay where it is; the step is
        /// spent.
        Stay = EDGE_STAY => OffGrid::Stay,
    }
}
