//! `DungeonGrid`'s locked doors, keys and one-way doors, as Godot methods:
//! reading what the progression planner placed (or a file held), the proof
//! that the level can be finished, and walks with some locks open.

use dungeon_core::{Lock, LockKind as CoreKind, Watch};
use godot::prelude::*;

use crate::convert::{cell_array, pos, vec2i};
use crate::dungeon_grid::DungeonGrid;
use crate::dungeon_grid_rooms::room_list;
use crate::dungeon_progression::DungeonProgression;
use crate::generator::{Ints, inspector_enum, plan_locks};

inspector_enum! {
    /// What a lock of a [DungeonGrid] asks of the player.
    LockKind("kinds") in DungeonGrid {
        /// Lock kind (in [method get_locks_packed]'s [code]"kinds"[/code]):
        /// a locked door, opened by the key lying in its key room. A key
        /// opens every door of its room's locks and is never used up.
        Key = LOCK_KEY,
        /// Lock kind: a one-way door, passable from its [code]"from"[/code]
        /// room into its [code]"into"[/code] room only.
        OneWay = LOCK_ONE_WAY,
    }
}

/// No cell: `(-1, -1)`.
const NO_CELL: Vector2i = Vector2i::new(-1, -1);

impl LockKind {
    fn of(lock: &Lock) -> Self {
        match lock.kind {
            CoreKind::Key { .. } => Self::Key,
            CoreKind::OneWay => Self::OneWay,
        }
    }
}

#[godot_api(secondary)]
impl DungeonGrid {
    /// How many locks the level has: locked doors and one-way doors
    /// together (0 when it has none).
    #[func]
    fn get_lock_count(&self) -> i64 {
        self.valid().map_or(0, |g| g.locks().len() as i64)
    }

    /// Every lock, one value per lock in each array (lock [code]i[/code]
    /// at index [code]i[/code]; locked doors first, by key room, then
    /// one-way doors): [code]"from"[/code] and [code]"into"[/code]
    /// ([PackedInt32Array]): the room the player comes from and the room
    /// behind the door (a one-way door passes from [code]"from"[/code]
    /// into [code]"into"[/code] only); [code]"kinds"[/code]
    /// ([PackedInt32Array]): [constant LOCK_KEY] or
    /// [constant LOCK_ONE_WAY]; [code]"key_rooms"[/code]
    /// ([PackedInt32Array]): the room holding the door's key
    /// ([code]-1[/code] for a one-way door); [code]"key_cells"[/code]
    /// ([PackedInt32Array]): the cells the keys lie on (as
    /// [method get_key_cell]), as x, y pairs: lock [code]i[/code]'s is
    /// [code]Vector2i(a[2 * i], a[2 * i + 1])[/code], [code](-1, -1)[/code]
    /// for a one-way door.
    /// Several doors may share a key room: one key opens them all.
    ///
    /// Where each door is: [method locked_door_mask] and
    /// [method one_way_mask] give its sides cell by cell.
    /// [codeblock]
    /// var locks := grid.get_locks_packed()
    /// var keys: PackedInt32Array = locks["key_cells"]
    /// for i in grid.get_lock_count():
    ///     if locks["kinds"][i] == DungeonGrid.LOCK_KEY:
    ///         var key := Vector2i(keys[2 * i], keys[2 * i + 1])
    ///         print("room %d -> %d, key at %s" % [locks["from"][i], locks["into"][i], key])
    /// [/codeblock]
    #[func]
    fn get_locks_packed(&self) -> VarDictionary {
        let locks = self.valid().map_or(&[][..], |g| g.locks());
        let key_cell = |l: &Lock| {
            l.key()
                .and_then(|k| self.valid()?.key_tile(k))
                .map_or(NO_CELL, vec2i)
        };
        let key_room = |l: &Lock| l.key().map_or(-1, |k| k as i32);
        let kinds: PackedInt32Array = locks.iter().map(|l| LockKind::of(l) as i32).collect();
        let key_rooms: PackedInt32Array = locks.iter().map(key_room).collect();
        let key_cells: PackedInt32Array = locks
            .iter()
            .map(key_cell)
            .flat_map(|c| [c.x, c.y])
            .collect();
        let mut out = VarDictionary::new();
        out.set("from", &room_list(locks.iter().map(|l| l.from)));
        out.set("into", &room_list(locks.iter().map(|l| l.into)));
        out.set("kinds", &kinds);
        out.set("key_rooms", &key_rooms);
        out.set("key_cells", &key_cells);
        out
    }

    /// The cell where the key lying in room [param room] is: on a room
    /// grid the room's first cell, on a tile map the floor tile nearest
    /// the room's centre that is not in front of a doorway.
    /// [code](-1, -1)[/code] when the room holds no key (or is no room).
    #[func]
    fn get_key_cell(&self, room: i64) -> Vector2i {
        let Some(g) = self.valid() else {
            return NO_CELL;
        };
        usize::try_from(room)
            .ok()
            .filter(|r| g.key_rooms().contains(r))
            .and_then(|r| g.key_tile(r))
            .map_or(NO_CELL, vec2i)
    }

    /// The sides of [param cell] shut by a locked door, open or not in
    /// play (a sum of [constant DOOR_NORTH], [constant DOOR_EAST],
    /// [constant DOOR_SOUTH], [constant DOOR_WEST], like
    /// [method door_mask]): set on the cells on both sides of the door.
    /// Draw a closed door there until the player opens it with its key.
    /// [code]0[/code] for cells without one.
    #[func]
    fn locked_door_mask(&self, cell: Vector2i) -> i32 {
        self.valid()
            .map_or(0, |g| i32::from(g.locked_side_mask(pos(cell))))
    }

    /// The sides of [param cell] that are one-way doors the player may
    /// leave [param cell] through but not come back through (a sum of
    /// [constant DOOR_NORTH]… like [method door_mask]). Set on the cell
    /// on the passable side only; [code]0[/code] for cells without one.
    #[func]
    fn one_way_mask(&self, cell: Vector2i) -> i32 {
        self.valid()
            .map_or(0, |g| i32::from(g.one_way_mask(pos(cell))))
    }

    /// An order to open the locked doors in that finishes the level: lock
    /// numbers (indices into [method get_locks_packed]'s arrays), each
    /// door after its key was reached. Every locked door is in it. Empty
    /// for a level without locked doors, or one that cannot be finished
    /// (see [method is_finishable]).
    #[func]
    fn get_solution(&self) -> PackedInt32Array {
        self.valid()
            .and_then(|g| g.check_locks().ok())
            .map_or_else(PackedInt32Array::new, |p| {
                p.order.iter().map(|&i| i as i32).collect()
            })
    }

    /// [code]true[/code] when the player can reach the end from the start
    /// and every room but the secret ones, opening the locked doors with
    /// keys they find: the proof the planner gives for every level it
    /// plans, also run on grids read with [method from_json] (which refuses
    /// the others). A player cannot get stuck in any order of play, as long
    /// as keys are not used up (or each key opens one door).
    #[func]
    fn is_finishable(&self) -> bool {
        self.valid().is_some_and(|g| g.check_locks().is_ok())
    }

    /// A copy of this level with locked doors, keys and one-way doors
    /// planned as [param settings] asks (replacing any it has), proven
    /// finishable; this grid is unchanged. The choice follows the grid's
    /// own seed and level, so the same grid and settings always give the
    /// same locks: the same as a generator whose
    /// [code]progression[/code] is [param settings] makes. The planner
    /// places [i]up to[/i] [member DungeonProgression.locks] keys, one per
    /// locked room: count the distinct [code]"key_rooms"[/code] of
    /// [method get_locks_packed], not [method get_lock_count] (one key
    /// locks every door into its room, and one-way doors count there too).
    /// Returns [code]null[/code] and logs the reason for [code]null[/code]
    /// settings, values out of range, more keys asked for than the level
    /// has connections, or a level without rooms.
    /// [codeblock]
    /// var settings := DungeonProgression.new()
    /// settings.locks = 3
    /// var locked := grid.with_progression(settings)
    /// [/codeblock]
    #[func]
    fn with_progression(
        &self,
        settings: Option<Gd<DungeonProgression>>,
    ) -> Option<Gd<DungeonGrid>> {
        let g = self.valid()?;
        let Some(settings) = settings else {
            godot_error!(
                "DungeonGrid.with_progression: settings is null; pass a DungeonProgression"
            );
            return None;
        };
        let mut ints = Ints::default();
        let settings = settings.bind().core(&mut ints);
        let mut grid = g.clone();
        match ints.restore(plan_locks(&mut grid, &settings, &Watch::new())) {
            Ok(_) => Some(DungeonGrid::wrap(grid)),
            Err(e) => {
                godot_error!("DungeonGrid.with_progression: {e}");
                None
            }
        }
    }

    /// A shortest walk from [param from] to [param to], both included, for
    /// a player who opened the locked doors [param open_locks] (lock
    /// numbers, as in [method get_locks_packed]): every other locked door
    /// is shut, and one-way doors pass one way only. Secret doors count as
    /// found, as in [method path]. Empty when there is no such walk. A
    /// number that is no lock logs an error and gives an empty array.
    /// [codeblock]
    /// # Walk to the first key, then through its door with it.
    /// var first: int = grid.get_solution()[0]
    /// var key_cell := grid.get_key_cell(grid.get_locks_packed()["key_rooms"][first])
    /// var to_key := grid.get_path_with_keys(grid.start_cell, key_cell, PackedInt32Array())
    /// var onward := grid.get_path_with_keys(key_cell, grid.end_cell, PackedInt32Array([first]))
    /// [/codeblock]
    #[func]
    fn get_path_with_keys(
        &self,
        from: Vector2i,
        to: Vector2i,
        open_locks: PackedInt32Array,
    ) -> Array<Vector2i> {
        let Some(g) = self.valid() else {
            return Array::new();
        };
        let count = g.locks().len();
        let mut open = Vec::with_capacity(open_locks.len());
        for &i in open_locks.as_slice() {
            match usize::try_from(i).ok().filter(|&i| i < count) {
                Some(i) => open.push(i),
                None => {
                    godot_error!(
                        "DungeonGrid.get_path_with_keys: open_locks holds {i}, which is not a \
                         lock number of this grid ({count} locks)"
                    );
                    return Array::new();
                }
            }
        }
        g.path_with_locks(pos(from), pos(to), &open)
            .map_or_else(Array::new, |p| cell_array(&p))
    }
}
