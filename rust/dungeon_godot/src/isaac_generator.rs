use dungeon_core::isaac::{GrowthRule, IsaacConfig};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{CoreValue, Ints, inspector_enum};
use crate::isaac_room_rules::IsaacRoomRules;
use crate::room_grid::room_grid_class;

inspector_enum! {
    /// How [IsaacGenerator] rooms spread.
    Rule("rule") in IsaacGenerator for GrowthRule {
        /// [member rule]: the Binding of Isaac's rule, a tree where each new
        /// room touches exactly one other.
        Branching = RULE_BRANCHING => GrowthRule::Branching,
        /// [member rule]: the crowding rule, compact blobs that may
        /// contain loops.
        Crowding = RULE_CROWDING => GrowthRule::Crowding,
    }
}

room_grid_class! {
    /// Binding of Isaac–style floor plans: rooms grow outward from a start
    /// room on a small grid (8×8 by default), like the floors of *The Binding
    /// of Isaac*. Each room cell becomes one room scene in your game.
    ///
    /// ```gdscript
    /// var gen := IsaacGenerator.new()
    /// gen.seed = 42
    /// var grid := gen.generate_level(3)   # level 3 has 16–19 rooms
    /// if grid == null:
    ///     print(gen.last_error)
    /// ```
    ///
    /// [constant PRESET_LARGE_ROOMS] adds large rooms (1×2, 2×1, 2×2 and L
    /// shapes): one room each, spanning several cells; read them with
    /// [method DungeonGrid.get_room_shape] and [method DungeonGrid.get_room_rect].
    ///
    /// The same seed and level always give the same floor, and level N does
    /// not depend on whether earlier levels were generated. Pick a
    /// [member preset] first, then fine-tune; every property set emits
    /// [signal Resource.changed]. Bad settings never crash: [method generate]
    /// returns [code]null[/code], logs the reason, stores it in
    /// [member last_error] and emits [signal generation_failed].
    class IsaacGenerator(IsaacConfig) {
        /// Starting point for all other settings ([constant PRESET_COMPACT]…).
        /// [b]Compact[/b]: 8×8, rooms crowd around the middle and
        /// may form loops, 10–13 rooms on level 1 and 3 more per level.
        /// [b]Branching[/b] (Binding of Isaac, after Boris the Brave's
        /// write-up): 9×8, tree-shaped with no loops, 7–8 rooms on level 1,
        /// with Isaac's special rooms (boss, super secret, shop, treasure,
        /// a secret room on top of the count; see [member room_rules]).
        /// [b]Large rooms[/b] (Binding of Isaac: Rebirth): Branching on
        /// Rebirth's 13×13 grid with large rooms (1×2, 2×1, 2×2 and L
        /// shapes, see [member large_room_chance_2x2]); room counts count
        /// rooms, so a large room counts once.
        preset: IsaacPreset { Compact = PRESET_COMPACT, Branching = PRESET_BRANCHING, LargeRooms = PRESET_LARGE_ROOMS },

        /// The cell growth starts from; [code](-1, -1)[/code] = the centre.
        #[export_group(name = "Growth")]
        #[export]
        origin: Vector2i,
        /// How rooms spread (see [constant RULE_BRANCHING]).
        #[export]
        rule: Rule,
        /// Chance to skip a free neighbour while growing. Higher values give
        /// stringier, branchier floors.
        #[export(range = (0.0, 0.99, 0.01))]
        give_up_chance: f64,

        /// Special rooms: boss, super secret, shop, treasure, secret and
        /// optional rooms by per-level rules (see [IsaacRoomRules]);
        /// [code]null[/code] = none, the end room is a plain end.
        /// [constant PRESET_BRANCHING] sets Isaac's rules.
        #[export_group(name = "Special rooms")]
        #[export]
        room_rules: Option<Gd<IsaacRoomRules>>,

        /// Chance that a new room is a 1×2 large room (1 cell wide, 2
        /// tall; [constant DungeonGrid.SHAPE_1X2]). Large rooms grow only
        /// with [constant RULE_BRANCHING]; a room that does not fit stays
        /// one cell. The four chances add up to at most 1.
        #[export_group(name = "Large rooms")]
        #[export(range = (0.0, 1.0, 0.01))]
        large_room_chance_1x2: f64 => large_rooms.tall,
        /// Chance that a new room is a 2×1 large room (2 wide, 1 tall).
        #[export(range = (0.0, 1.0, 0.01))]
        large_room_chance_2x1: f64 => large_rooms.wide,
        /// Chance that a new room is a 2×2 large room, with up to 8 doors
        /// (one per cell side).
        #[export(range = (0.0, 1.0, 0.01))]
        large_room_chance_2x2: f64 => large_rooms.square,
        /// Chance that a new room is an L (a 2×2 block missing one corner;
        /// the orientation is whichever fits).
        #[export(range = (0.0, 1.0, 0.01))]
        large_room_chance_l: f64 => large_rooms.l_shape,
    }
}

/// The start cell: `(-1, -1)` is none (the centre).
impl CoreValue<Option<(i32, i32)>> for Vector2i {
    fn to_core(&self, _: &'static str, _: &mut Ints) -> Option<(i32, i32)> {
        (*self != Vector2i::new(-1, -1)).then_some((self.x, self.y))
    }

    fn from_core(core: &Option<(i32, i32)>) -> Self {
        core.map_or(Vector2i::new(-1, -1), |p| Vector2i::new(p.0, p.1))
    }
}
