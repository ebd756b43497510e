//! `DungeonGrid`'s room shapes (large rooms on Isaac floors) and the door
//! masks a painter needs for them, as Godot methods.

use dungeon_core::RoomShape;
use godot::prelude::*;

use crate::convert::pos;
use crate::dungeon_grid::DungeonGrid;

#[godot_api(secondary)]
impl DungeonGrid {
    /// Room shape: one cell (every room of a room grid without large rooms).
    #[constant]
    const SHAPE_1X1: i32 = RoomShape::Single as i32;
    /// Room shape: a large room 1 cell wide and 2 tall.
    #[constant]
    const SHAPE_1X2: i32 = RoomShape::Tall as i32;
    /// Room shape: a large room 2 cells wide and 1 tall.
    #[constant]
    const SHAPE_2X1: i32 = RoomShape::Wide as i32;
    /// Room shape: a large room of 2×2 cells.
    #[constant]
    const SHAPE_2X2: i32 = RoomShape::Square as i32;
    /// Room shape: an L, a 2×2 block without its top-left cell.
    #[constant]
    const SHAPE_L_NO_TOP_LEFT: i32 = RoomShape::LNoTopLeft as i32;
    /// Room shape: an L, a 2×2 block without its top-right cell.
    #[constant]
    const SHAPE_L_NO_TOP_RIGHT: i32 = RoomShape::LNoTopRight as i32;
    /// Room shape: an L, a 2×2 block without its bottom-left cell.
    #[constant]
    const SHAPE_L_NO_BOTTOM_LEFT: i32 = RoomShape::LNoBottomLeft as i32;
    /// Room shape: an L, a 2×2 block without its bottom-right cell.
    #[constant]
    const SHAPE_L_NO_BOTTOM_RIGHT: i32 = RoomShape::LNoBottomRight as i32;
    /// Room shape: a tile map's room, its whole [method get_room_rect].
    #[constant]
    const SHAPE_RECT: i32 = RoomShape::Rect as i32;

    /// The shape of room `room`: [constant SHAPE_1X1] or a large shape
    /// ([constant SHAPE_2X2]…) on a room grid, [constant SHAPE_RECT] on a
    /// tile map. A large room spans [method get_room_rect] (its cells are
    /// [method get_room_cells]; an L leaves one corner of the rect out).
    /// `-1` and an error for a number that is not a room.
    #[func]
    fn get_room_shape(&self, room: i32) -> i32 {
        self.room(room, "get_room_shape")
            .map_or(-1, |r| r.shape as i32)
    }

    /// The rooms that span several cells (Isaac's large rooms), in room
    /// order; empty when every room is one cell. A large room is one room:
    /// [method get_room_count] counts it once.
    #[func]
    fn get_large_rooms(&self) -> PackedInt32Array {
        self.core()
            .large_rooms()
            .iter()
            .map(|l| l.0 as i32)
            .collect()
    }

    /// The open sides of `cell` that lead out of its room
    /// ([constant DOOR_NORTH]…): its doors. The sides between two cells of
    /// one large room are open in [method door_mask] (the room is one
    /// floor) but are no doors: draw no wall there. On a grid without large
    /// rooms this equals [method door_mask]. `0` outside the grid.
    #[func]
    fn room_door_mask(&self, cell: Vector2i) -> i32 {
        i32::from(self.core().room_door_mask(pos(cell)))
    }
}
