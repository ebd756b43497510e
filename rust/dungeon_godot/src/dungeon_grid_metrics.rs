//! `DungeonGrid`'s room metrics (distances, the critical path, branches,
//! loops, chokepoints), as Godot methods.

use dungeon_core::progression::{self, RoomMetrics};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::dungeon_grid_rooms::room_list;

#[godot_api(secondary)]
impl DungeonGrid {
    /// Room flag (in [method get_room_metrics]'s [code]"flags"[/code]): the
    /// room is on the critical path, the fewest-rooms way from the start
    /// room to the end room.
    #[constant]
    const ROOM_ON_CRITICAL_PATH: i32 = progression::ON_CRITICAL_PATH as i32;
    /// Room flag: a dead end, a room with exactly one connection (secret
    /// rooms not counted).
    #[constant]
    const ROOM_DEAD_END: i32 = progression::DEAD_END as i32;
    /// Room flag: the room lies on a loop, so the player can walk around
    /// and come back to it another way.
    #[constant]
    const ROOM_IN_CYCLE: i32 = progression::IN_CYCLE as i32;
    /// Room flag: a chokepoint, a room every way from the start to the end
    /// passes (the start and end rooms are always chokepoints).
    #[constant]
    const ROOM_CHOKEPOINT: i32 = progression::CHOKEPOINT as i32;
    /// Room flag: a secret or super secret room. Metrics treat its doors as
    /// hidden: it is never on the critical path, a dead end, on a loop or a
    /// chokepoint, and no other room's values go through it.
    #[constant]
    const ROOM_SECRET: i32 = progression::SECRET as i32;

    /// Facts about every room, for placing content: where the way to the
    /// exit runs, how far each room is from the start, which rooms sit off
    /// the main way. The keys, each one value per room (indexed by room
    /// number) unless said otherwise:
    /// [code]"distance_rooms"[/code] ([PackedInt32Array]): the fewest
    /// connections from the start room; [code]"distance_tiles"[/code]
    /// ([PackedInt32Array]): the fewest steps from [member start_cell] to
    /// the room's floor; [code]"branch_depth"[/code] ([PackedInt32Array]):
    /// how many connections off the critical path the room lies (0 on it);
    /// [code]"critical_path"[/code] ([PackedInt32Array]): the room numbers
    /// from the start room to the end room, in walking order (as
    /// [method get_critical_path]); [code]"flags"[/code]
    /// ([PackedByteArray]): a sum of [constant ROOM_ON_CRITICAL_PATH],
    /// [constant ROOM_DEAD_END], [constant ROOM_IN_CYCLE],
    /// [constant ROOM_CHOKEPOINT] and [constant ROOM_SECRET].
    ///
    /// Everything is measured as the player sees the floor before finding
    /// a secret: paths never use secret doors, and a secret room's own
    /// distances are counted through its secret doors. [code]-1[/code]
    /// marks a room that cannot be reached. Maps without rooms (caves,
    /// tunnels, walks) give empty arrays. Measured on each call (linear in
    /// rooms and tiles, well under a millisecond on large maps): keep the
    /// result.
    /// [codeblock]
    /// var m := grid.get_room_metrics()
    /// for r in m["flags"].size():
    ///     if m["flags"][r] & DungeonGrid.ROOM_DEAD_END and m["branch_depth"][r] >= 2:
    ///         print("room %d: a deep dead end, a good place for treasure" % r)
    /// [/codeblock]
    #[func]
    fn get_room_metrics(&self) -> VarDictionary {
        let m = self
            .valid()
            .map_or_else(RoomMetrics::default, |g| g.room_metrics());
        let mut out = VarDictionary::new();
        for (key, values) in [
            ("distance_rooms", &m.distance_rooms),
            ("distance_tiles", &m.distance_tiles),
            ("branch_depth", &m.branch_depth),
        ] {
            out.set(key, &PackedInt32Array::from(values.as_slice()));
        }
        out.set("critical_path", &room_list(m.critical_path.iter().copied()));
        out.set("flags", &PackedByteArray::from(m.flags.as_slice()));
        out
    }

    /// The rooms of the critical path: the fewest-rooms way from the start
    /// room to the end room, in walking order, without secret doors (the
    /// same as [method get_room_path] from [method get_start_room] to
    /// [method get_end_room] on floors without secret rooms). Empty on maps
    /// without rooms.
    #[func]
    fn get_critical_path(&self) -> PackedInt32Array {
        self.valid()
            .map_or_else(PackedInt32Array::new, |g| room_list(g.critical_path()))
    }
}
