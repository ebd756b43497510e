use dungeon_core::hilbert::HilbertConfig;
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{Generator, generator_class};

generator_class! {
    /// Space-filling backbones (after Galak-Z's Hilbert-curve levels): a winding main
    /// path of rooms that follows a Hilbert curve over a square grid of
    /// rooms, with optional side rooms and loops. The path never crosses
    /// itself; the start is at one end and the end at the other.
    ///
    /// The result is a room grid like [IsaacGenerator]'s: each room cell
    /// becomes one room scene, placed at [code]cell * room_size[/code], with
    /// doors where [method DungeonGrid.door_mask] opens: only between
    /// consecutive path rooms, a side room and the room it grew from, or two
    /// rooms joined by a loop.
    ///
    /// ```gdscript
    /// var gen := HilbertGenerator.new()
    /// gen.preset = HilbertGenerator.PRESET_SPRAWLING
    /// gen.seed = 7
    /// var grid := gen.generate_level(3)   # a 16×16 grid, 19–22 path rooms
    /// print(grid.to_ascii())
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed].
    class HilbertGenerator(HilbertConfig, |c: &HilbertConfig, level| c.room_count_range(level)) {
        /// Starting point for all other settings ([constant PRESET_WINDING]…).
        /// [b]Winding[/b]: the bare backbone, one winding path of 10–12
        /// rooms on level 1 (2 more per level) on an 8×8 grid, no side rooms,
        /// no loops. [b]Sprawling[/b] (Galak-Z's use of the curve): a 16×16
        /// grid, a path of 13–16 rooms on level 1 (3 more per level), side
        /// branches of up to 3 rooms and a few loops.
        preset: HilbertPreset { Winding = PRESET_WINDING, Sprawling = PRESET_SPRAWLING },

        /// Curve order n (1 to 10): the rooms lie on a 2ⁿ × 2ⁿ grid
        /// (order 3 is 8×8, order 4 16×16).
        #[export_group(name = "Curve")]
        #[export(range = (1.0, 10.0, 1.0))]
        order: i64,
        /// Raise the order (up to 10) when a level's path does not fit the
        /// curve's 4ⁿ cells. Off: such a level fails with an error naming
        /// the highest level that fits.
        #[export]
        grow_order: bool,

        /// Main-path rooms on every level before the per-level part
        /// (at least 2: the start and the end).
        #[export_group(name = "Main path")]
        #[export(range = (2.0, 200.0, 1.0, or_greater))]
        path_length: i64,
        /// Main-path rooms added per level (the product is rounded down).
        #[export(range = (0.0, 20.0, 0.1, or_greater))]
        path_per_level: f64,
        /// Random extra path rooms per level: from 0 up to this many.
        #[export(range = (0.0, 20.0, 1.0, or_greater))]
        path_variance: i64,

        /// Chance that a free cell beside the main path becomes a side room,
        /// and that a side branch grows one room longer.
        #[export_group(name = "Side rooms")]
        #[export(range = (0.0, 1.0, 0.01))]
        side_room_chance: f64,
        /// Most rooms in one side branch.
        #[export(range = (1.0, 64.0, 1.0))]
        branch_length: i64,

        /// Chance that two adjacent rooms not yet joined get a door between
        /// them, making a loop.
        #[export_group(name = "Loops")]
        #[export(range = (0.0, 1.0, 0.01))]
        loop_chance: f64,
        /// Let loops shorten the way from start to end. Off (every preset),
        /// a loop joins only rooms that hang off the same or consecutive
        /// path rooms, so walking the main path is always a shortest way to
        /// the end.
        #[export]
        allow_shortcuts: bool,
    }
}

impl Generator for HilbertGenerator {}

#[godot_api(secondary)]
impl HilbertGenerator {
    /// The main-path length (rooms from start to end along the curve,
    /// both included) level [param level] of this [member seed] will have,
    /// without generating it. For a level outside 1..1000 or a setting out
    /// of range it returns [code]-1[/code] and logs the reason (also in
    /// [member last_error]).
    #[func]
    fn path_length_for_level(&mut self, level: i64) -> i64 {
        let seed = crate::convert::seed_bits(self.seed);
        let result = crate::generator::checked_level(self, level)
            .and_then(|(c, level)| Ok(c.path_length_for(seed, level)?));
        self.report(result).map_or(-1, i64::from)
    }
}
