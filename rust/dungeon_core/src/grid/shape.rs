//! Room shapes: which cells of its rectangle a room covers.
//!
//! A room-grid room covers one cell, or (Binding of Isaac: Rebirth's large
//! rooms) a 1×2, 2×1 or 2×2 block, or an L: a 2×2 block missing one
//! corner. A tile-map room covers its whole rectangle ([`RoomShape::Rect`]).
//!
//! **Inside a large room** the sides between its cells are open in the door
//! masks: the room's floor is one walkable area, so paths, connectivity and
//! `check()` work on cells as before. A *door* is an open side between two
//! different rooms; a painter draws no wall between two cells of one room
//! (`DungeonGrid::room_at` tells them apart) and a wall with an opening
//! where a door is. Each cell side of a large room can hold a door, so a
//! 2×2 room has up to 8.

use super::Pos;

/// The shape of a room: which cells of its rectangle it covers.
///
/// Codes (`shape as u8`) are the Godot constants `DungeonGrid.SHAPE_*`;
/// JSON names them ([`RoomShape::name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum RoomShape {
    /// One cell (every room of a room grid without large rooms).
    #[default]
    Single = 0,
    /// 1 wide, 2 tall.
    Tall = 1,
    /// 2 wide, 1 tall.
    Wide = 2,
    /// 2×2.
    Square = 3,
    /// An L: 2×2 without its top-left cell.
    LNoTopLeft = 4,
    /// An L: 2×2 without its top-right cell.
    LNoTopRight = 5,
    /// An L: 2×2 without its bottom-left cell.
    LNoBottomLeft = 6,
    /// An L: 2×2 without its bottom-right cell.
    LNoBottomRight = 7,
    /// A tile map's room: its whole rectangle, any size.
    Rect = 8,
}

impl RoomShape {
    /// Every shape, in code order.
    pub const ALL: [RoomShape; 9] = [
        RoomShape::Single,
        RoomShape::Tall,
        RoomShape::Wide,
        RoomShape::Square,
        RoomShape::LNoTopLeft,
        RoomShape::LNoTopRight,
        RoomShape::LNoBottomLeft,
        RoomShape::LNoBottomRight,
        RoomShape::Rect,
    ];

    /// The four L shapes.
    pub const L_SHAPES: [RoomShape; 4] = [
        RoomShape::LNoTopLeft,
        RoomShape::LNoTopRight,
        RoomShape::LNoBottomLeft,
        RoomShape::LNoBottomRight,
    ];

    /// The name used in JSON: `"1x1"`, `"1x2"`, `"2x1"`, `"2x2"`,
    /// `"l_no_top_left"`, `"l_no_top_right"`, `"l_no_bottom_left"`,
    /// `"l_no_bottom_right"` or `"rect"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RoomShape::Single => "1x1",
            RoomShape::Tall => "1x2",
            RoomShape::Wide => "2x1",
            RoomShape::Square => "2x2",
            RoomShape::LNoTopLeft => "l_no_top_left",
            RoomShape::LNoTopRight => "l_no_top_right",
            RoomShape::LNoBottomLeft => "l_no_bottom_left",
            RoomShape::LNoBottomRight => "l_no_bottom_right",
            RoomShape::Rect => "rect",
        }
    }

    /// The shape with this JSON name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<RoomShape> {
        RoomShape::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The shape with this code (`shape as u8`).
    #[must_use]
    pub fn from_code(code: i64) -> Option<RoomShape> {
        RoomShape::ALL.into_iter().find(|s| *s as i64 == code)
    }

    /// Width and height of the shape's rectangle in cells (`(0, 0)` for
    /// [`RoomShape::Rect`], whose size is its rectangle's).
    #[must_use]
    pub const fn size(self) -> (i32, i32) {
        match self {
            RoomShape::Single => (1, 1),
            RoomShape::Tall => (1, 2),
            RoomShape::Wide => (2, 1),
            RoomShape::Rect => (0, 0),
            _ => (2, 2),
        }
    }

    /// The cell of the 2×2 block an L leaves out, as an offset from its
    /// top-left corner.
    #[must_use]
    pub const fn missing(self) -> Option<Pos> {
        match self {
            RoomShape::LNoTopLeft => Some((0, 0)),
            RoomShape::LNoTopRight => Some((1, 0)),
            RoomShape::LNoBottomLeft => Some((0, 1)),
            RoomShape::LNoBottomRight => Some((1, 1)),
            _ => None,
        }
    }

    /// Whether the shape spans more than one cell of a room grid.
    #[must_use]
    pub const fn is_large(self) -> bool {
        !matches!(self, RoomShape::Single | RoomShape::Rect)
    }

    /// How many cells a room-grid room of this shape covers (0 for
    /// [`RoomShape::Rect`]).
    #[must_use]
    pub const fn cell_count(self) -> usize {
        let (w, h) = self.size();
        let n = (w * h) as usize;
        if self.missing().is_some() { n - 1 } else { n }
    }

    /// The cells of a room of this shape whose rectangle starts at
    /// `corner`, row by row.
    pub fn cells_at(self, corner: Pos) -> impl Iterator<Item = Pos> {
        let (w, h) = self.size();
        let gap = self.missing().map(|(x, y)| (corner.0 + x, corner.1 + y));
        (corner.1..corner.1 + h)
            .flat_map(move |y| (corner.0..corner.0 + w).map(move |x| (x, y)))
            .filter(move |&p| Some(p) != gap)
    }

    /// The room-grid shape whose cells, row by row, are `cells` (any
    /// order), with its rectangle's top-left corner; `None` when they form
    /// no shape.
    #[must_use]
    pub fn of_cells(cells: &[Pos]) -> Option<(RoomShape, Pos)> {
        let x = cells.iter().map(|p| p.0).min()?;
        let y = cells.iter().map(|p| p.1).min()?;
        let mut sorted = cells.to_vec();
        sorted.sort_unstable_by_key(|p| (p.1, p.0));
        RoomShape::ALL[..8]
            .iter()
            .copied()
            .find(|s| s.cells_at((x, y)).eq(sorted.iter().copied()))
            .map(|s| (s, (x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_cover_their_cells() {
        assert_eq!(
            RoomShape::Single.cells_at((2, 3)).collect::<Vec<_>>(),
            [(2, 3)]
        );
        assert_eq!(
            RoomShape::Tall.cells_at((0, 0)).collect::<Vec<_>>(),
            [(0, 0), (0, 1)]
        );
        assert_eq!(
            RoomShape::LNoTopLeft.cells_at((4, 4)).collect::<Vec<_>>(),
            [(5, 4), (4, 5), (5, 5)]
        );
        assert_eq!(RoomShape::Square.cell_count(), 4);
        assert_eq!(RoomShape::LNoBottomRight.cell_count(), 3);
        for s in RoomShape::ALL {
            assert_eq!(RoomShape::from_name(s.name()), Some(s));
            assert_eq!(RoomShape::from_code(s as i64), Some(s));
            if s != RoomShape::Rect {
                let cells: Vec<Pos> = s.cells_at((1, 2)).collect();
                assert_eq!(cells.len(), s.cell_count());
                assert_eq!(RoomShape::of_cells(&cells), Some((s, (1, 2))));
            }
        }
        assert_eq!(RoomShape::of_cells(&[(0, 0), (1, 1)]), None);
        assert_eq!(RoomShape::of_cells(&[]), None);
    }
}
