//! `DungeonGrid`'s rooms and room graph, as Godot methods.

use dungeon_core::{GridKind, RoomRole};
use godot::prelude::*;

use crate::convert::{cell_array, pos, rect2i, vec2i};
use crate::dungeon_grid::DungeonGrid;

/// A list of room numbers as a packed array.
pub(crate) fn room_list(rooms: impl IntoIterator<Item = usize>) -> PackedInt32Array {
    rooms.into_iter().map(|r| r as i32).collect()
}

#[godot_api(secondary)]
impl DungeonGrid {
    /// Grid kind: each cell is a whole room (Isaac, Drunkard). Place one room
    /// scene per room cell.
    #[constant]
    const KIND_ROOM_GRID: i32 = 0;
    /// Grid kind: each cell is a tile (BSP). Rooms are rectangles of floor
    /// tiles joined by corridor and door tiles.
    #[constant]
    const KIND_TILE_MAP: i32 = 1;
    /// Room role: an ordinary room.
    #[constant]
    const ROLE_NORMAL: i32 = RoomRole::Normal as i32;
    /// Room role: the room holding [member start_cell].
    #[constant]
    const ROLE_START: i32 = RoomRole::Start as i32;
    /// Room role: the room holding [member end_cell] (on floors without
    /// special rooms; with them it is [constant ROLE_BOSS]).
    #[constant]
    const ROLE_END: i32 = RoomRole::End as i32;
    /// Room role: the boss room, the end room of a floor with special
    /// rooms (it holds [member end_cell]; [method get_boss_room]).
    #[constant]
    const ROLE_BOSS: i32 = RoomRole::Boss as i32;
    /// Room role: a treasure (item) room, in a dead end.
    #[constant]
    const ROLE_TREASURE: i32 = RoomRole::Treasure as i32;
    /// Room role: a shop, in a dead end.
    #[constant]
    const ROLE_SHOP: i32 = RoomRole::Shop as i32;
    /// Room role: a secret room, beside several rooms, behind secret doors
    /// ([method secret_door_mask]); the one room that makes loops.
    #[constant]
    const ROLE_SECRET: i32 = RoomRole::Secret as i32;
    /// Room role: a super secret room, a dead end beside exactly one
    /// ordinary room, behind a secret door.
    #[constant]
    const ROLE_SUPER_SECRET: i32 = RoomRole::SuperSecret as i32;
    /// Room role: an optional dead-end room (Isaac's sacrifice room).
    #[constant]
    const ROLE_SACRIFICE: i32 = RoomRole::Sacrifice as i32;
    /// Room role: an optional dead-end room (Isaac's curse room).
    #[constant]
    const ROLE_CURSE: i32 = RoomRole::Curse as i32;
    /// Room role: an optional dead-end room (Isaac's challenge room).
    #[constant]
    const ROLE_CHALLENGE: i32 = RoomRole::Challenge as i32;
    /// Room role: an optional dead-end room (Isaac's library).
    #[constant]
    const ROLE_LIBRARY: i32 = RoomRole::Library as i32;

    /// [constant KIND_ROOM_GRID] or [constant KIND_TILE_MAP].
    #[func]
    fn get_kind(&self) -> i32 {
        match self.core().kind() {
            GridKind::RoomGrid => Self::KIND_ROOM_GRID,
            GridKind::TileMap => Self::KIND_TILE_MAP,
        }
    }

    /// How many rooms there are. Rooms are numbered from `0` to
    /// `get_room_count() - 1`: on a room grid one room per room cell (a
    /// large room spanning several cells counts once), in the order they
    /// were placed; on a tile map one per rectangle.
    #[func]
    fn get_room_count(&self) -> i32 {
        self.core().room_records().len() as i32
    }

    /// The rectangle of floor that room `room` covers (a single cell on a room
    /// grid; a large room's 1×2, 2×1 or 2×2 block, see [method get_room_shape]). An empty `Rect2i` and an error for a number that is not a room.
    #[func]
    fn get_room_rect(&self, room: i32) -> Rect2i {
        self.room(room, "get_room_rect")
            .map_or(Rect2i::default(), |r| rect2i(&r.rect))
    }

    /// The role of room `room`: [constant ROLE_NORMAL], [constant ROLE_START],
    /// [constant ROLE_END], or a special role ([constant ROLE_BOSS]…).
    /// `-1` and an error for a number that is not a room.
    #[func]
    fn get_room_role(&self, room: i32) -> i32 {
        self.room(room, "get_room_role")
            .map_or(-1, |r| r.role as i32)
    }

    /// Every room at once, in packed arrays: one call instead of one per
    /// room (on a small floor, reading the rooms one call at a time costs
    /// as much as generating it). The keys, each a [PackedInt32Array]:
    /// [code]"rects"[/code]: x, y, width, height per room (room [code]r[/code]
    /// from index [code]4 * r[/code], as [method get_room_rect]);
    /// [code]"roles"[/code] and [code]"shapes"[/code]: one per room (as
    /// [method get_room_role] and [method get_room_shape]);
    /// [code]"cells"[/code]: x, y pairs of every room's floor cells, room
    /// after room, each row by row (as [method get_room_cells]);
    /// [code]"cell_starts"[/code]: room count + 1 entries: room
    /// [code]r[/code]'s cells are the pairs from [code]cell_starts[r][/code]
    /// up to (not including) [code]cell_starts[r + 1][/code]. A grid that
    /// failed to load gives empty arrays (and an error).
    /// [codeblock]
    /// var rooms := grid.get_rooms_packed()
    /// var cells: PackedInt32Array = rooms["cells"]
    /// var starts: PackedInt32Array = rooms["cell_starts"]
    /// for r in rooms["roles"].size():
    ///     var role: int = rooms["roles"][r]
    ///     for k in range(starts[r], starts[r + 1]):
    ///         var cell := Vector2i(cells[2 * k], cells[2 * k + 1])
    /// [/codeblock]
    #[func]
    fn get_rooms_packed(&self) -> VarDictionary {
        let rooms = self.valid().map_or(&[][..], |g| g.room_records());
        let mut rects = Vec::with_capacity(rooms.len() * 4);
        let mut roles = Vec::with_capacity(rooms.len());
        let mut shapes = Vec::with_capacity(rooms.len());
        let mut cells = Vec::new();
        let mut starts = Vec::with_capacity(rooms.len() + 1);
        starts.push(0);
        for room in rooms {
            let r = &room.rect;
            rects.extend([r.x, r.y, r.w, r.h]);
            roles.push(room.role as i32);
            shapes.push(room.shape as i32);
            cells.extend(room.cells().flat_map(|(x, y)| [x, y]));
            starts.push((cells.len() / 2) as i32);
        }
        let mut out = VarDictionary::new();
        for (key, values) in [
            ("rects", rects),
            ("roles", roles),
            ("shapes", shapes),
            ("cells", cells),
            ("cell_starts", starts),
        ] {
            out.set(key, &PackedInt32Array::from(values.as_slice()));
        }
        out
    }

    /// Every floor cell of room `room`, row by row.
    #[func]
    fn get_room_cells(&self, room: i32) -> Array<Vector2i> {
        self.room(room, "get_room_cells")
            .map_or_else(Array::new, |r| cell_array(&r.cells().collect::<Vec<_>>()))
    }

    /// Where the doors of room `room` lead: for each open side of one of its
    /// floor cells, the cell just outside (a neighbouring room on a room grid,
    /// a door or corridor tile on a tile map).
    #[func]
    fn get_room_doors(&self, room: i32) -> Array<Vector2i> {
        if self.room(room, "get_room_doors").is_none() {
            return Array::new();
        }
        let doors = self.core().room_doors(room as usize);
        cell_array(&doors.iter().map(|d| d.1).collect::<Vec<_>>())
    }

    /// The room whose floor holds `cell`; `-1` on corridors, doors, empty
    /// cells and outside the grid.
    #[func]
    fn get_room_at(&self, cell: Vector2i) -> i32 {
        self.core()
            .room_at((cell.x, cell.y))
            .map_or(-1, |r| r as i32)
    }

    /// The room holding [member start_cell].
    #[func]
    fn get_start_room(&self) -> i32 {
        self.get_room_at(vec2i(self.core().start()))
    }

    /// The room holding [member end_cell].
    #[func]
    fn get_end_room(&self) -> i32 {
        self.get_room_at(vec2i(self.core().end()))
    }

    /// The rooms with role `role` (see [constant ROLE_NORMAL]), in room order.
    #[func]
    fn get_rooms_with_role(&self, role: i32) -> PackedInt32Array {
        match RoomRole::from_code(i64::from(role)) {
            Some(r) => room_list(self.core().rooms_with_role(r)),
            None => {
                godot_error!(
                    "DungeonGrid.get_rooms_with_role: unknown role {role} (expected a ROLE_* constant, 0..={})",
                    RoomRole::ALL.len() - 1
                );
                PackedInt32Array::new()
            }
        }
    }

    /// The role of the room whose floor holds `cell` (see
    /// [constant ROLE_NORMAL]); `-1` off room floor and outside the grid.
    #[func]
    fn get_cell_role(&self, cell: Vector2i) -> i32 {
        let g = self.core();
        g.room_at(pos(cell))
            .and_then(|r| g.room_role(r))
            .map_or(-1, |r| r as i32)
    }

    /// The boss room (the room holding [member end_cell] on a floor with
    /// special rooms); `-1` when the floor has none.
    #[func]
    fn get_boss_room(&self) -> i32 {
        self.core().boss_room().map_or(-1, |r| r as i32)
    }

    /// The secret and super secret rooms, in room order: rooms behind
    /// secret doors, which a game hides until they are found.
    #[func]
    fn get_secret_rooms(&self) -> PackedInt32Array {
        let g = self.core();
        room_list(
            g.special_rooms()
                .iter()
                .filter(|s| s.1.is_secret())
                .map(|s| s.0),
        )
    }

    /// Every room with a special role (boss, treasure, shop, secret…), in
    /// room order; empty on floors without special rooms. Read each one's
    /// role with [method get_room_role].
    #[func]
    fn get_special_rooms(&self) -> PackedInt32Array {
        room_list(self.core().special_rooms().iter().map(|s| s.0))
    }

    /// The sides of `cell` that are secret doors, as a door mask
    /// ([constant DOOR_NORTH]…): open doors into or out of a secret or super
    /// secret room. They are open in [method door_mask] too (paths and
    /// [method get_room_path] use them); hide them until the player finds
    /// them. `0` outside the grid.
    #[func]
    fn secret_door_mask(&self, cell: Vector2i) -> i32 {
        i32::from(self.core().secret_door_mask(pos(cell)))
    }

    /// The rooms a walker can reach from room `room` without crossing
    /// another room, in room order.
    #[func]
    fn get_room_neighbors(&self, room: i32) -> PackedInt32Array {
        if self.room(room, "get_room_neighbors").is_none() {
            return PackedInt32Array::new();
        }
        room_list(self.core().room_neighbors(room as usize))
    }

    /// The fewest rooms to walk through from `from_room` to `to_room`, both
    /// included; empty when there is no way (or a number is not a room).
    #[func]
    fn get_room_path(&self, from_room: i32, to_room: i32) -> PackedInt32Array {
        if self.room(from_room, "get_room_path").is_none()
            || self.room(to_room, "get_room_path").is_none()
        {
            return PackedInt32Array::new();
        }
        self.core()
            .room_path(from_room as usize, to_room as usize)
            .map_or_else(PackedInt32Array::new, room_list)
    }

    /// How many connections the room graph has. Connection `i` joins the two
    /// rooms [method get_connection_rooms] names.
    #[func]
    fn get_connection_count(&self) -> i32 {
        self.core().connections().len() as i32
    }

    /// The two rooms connection `connection` joins, as `Vector2i(a, b)` with
    /// `a < b`; `Vector2i(-1, -1)` and an error for a number out of range.
    #[func]
    fn get_connection_rooms(&self, connection: i32) -> Vector2i {
        self.connection(connection, "get_connection_rooms")
            .map_or(Vector2i::new(-1, -1), |c| {
                Vector2i::new(c.rooms.0 as i32, c.rooms.1 as i32)
            })
    }

    /// The corridor and door tiles of connection `connection`, in walking
    /// order from its first room to its second; empty when a door opens
    /// straight from one room into the other (room grids).
    #[func]
    fn get_connection_tiles(&self, connection: i32) -> Array<Vector2i> {
        self.connection(connection, "get_connection_tiles")
            .map_or_else(Array::new, |c| cell_array(&c.tiles))
    }
}

impl DungeonGrid {
    /// Room `room`, or `None` after logging an error naming `method`.
    pub(crate) fn room(&self, room: i32, method: &str) -> Option<&dungeon_core::Room> {
        let rooms = self.core().room_records();
        let found = usize::try_from(room).ok().and_then(|r| rooms.get(r));
        if found.is_none() {
            godot_error!(
                "DungeonGrid.{method}: {room} is not a room number (this grid has rooms 0..{})",
                rooms.len()
            );
        }
        found
    }

    /// Connection `connection`, or `None` after logging an error.
    fn connection(&self, connection: i32, method: &str) -> Option<&dungeon_core::Connection> {
        let all = self.core().connections();
        let found = usize::try_from(connection).ok().and_then(|c| all.get(c));
        if found.is_none() {
            godot_error!(
                "DungeonGrid.{method}: {connection} is not a connection number (this grid has 0..{})",
                all.len()
            );
        }
        found
    }
}
