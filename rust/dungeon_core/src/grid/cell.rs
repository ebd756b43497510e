//! Cell kinds, door bits, directions and rectangles: the vocabulary every
//! grid, generator and renderer shares.

use std::fmt;

/// An `(x, y)` cell coordinate.
pub type Pos = (i32, i32);

/// Door bit: the cell opens to the north (y - 1).
pub const DOOR_N: u8 = 1;
/// Door bit: the cell opens to the east (x + 1).
pub const DOOR_E: u8 = 2;
/// Door bit: the cell opens to the south (y + 1).
pub const DOOR_S: u8 = 4;
/// Door bit: the cell opens to the west (x - 1).
pub const DOOR_W: u8 = 8;

/// The four directions as `(dx, dy, door bit, opposite door bit)`, N E S W.
pub const DIRS: [(i32, i32, u8, u8); 4] = [
    (0, -1, DOOR_N, DOOR_S),
    (1, 0, DOOR_E, DOOR_W),
    (0, 1, DOOR_S, DOOR_N),
    (-1, 0, DOOR_W, DOOR_E),
];

/// The four side neighbours' offsets, N E S W (the order of [`DIRS`]).
pub const NEIGHBOURS_4: [Pos; 4] = [
    (DIRS[0].0, DIRS[0].1),
    (DIRS[1].0, DIRS[1].1),
    (DIRS[2].0, DIRS[2].1),
    (DIRS[3].0, DIRS[3].1),
];

/// What occupies a cell. The discriminant is the cell code used in JSON, in
/// `cells_packed()` and in Godot (`DungeonGrid.ROOM`...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    /// Nothing: not walkable.
    #[default]
    Empty = 0,
    /// A room (room grids) or room floor tile (tile grids).
    Room = 1,
    /// The start room / start tile.
    Start = 2,
    /// The end room / end tile.
    End = 3,
    /// A corridor tile (tile grids).
    Corridor = 4,
    /// A door tile, where a corridor meets a room (tile grids).
    Door = 5,
    /// Open ground that belongs to no room: cave floor, dug tunnels, a
    /// walker's trail (tile grids without rooms).
    Floor = 6,
}

impl Cell {
    /// Every cell kind, in code order.
    pub const ALL: [Cell; 7] = [
        Cell::Empty,
        Cell::Room,
        Cell::Start,
        Cell::End,
        Cell::Corridor,
        Cell::Door,
        Cell::Floor,
    ];

    /// The numeric code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// The cell for a numeric code, if there is one.
    #[must_use]
    pub fn from_code(code: i64) -> Option<Cell> {
        Cell::ALL
            .iter()
            .copied()
            .find(|c| i64::from(c.code()) == code)
    }

    /// Whether a walker can stand here (every code but `Empty`).
    #[must_use]
    pub const fn is_walkable(self) -> bool {
        !matches!(self, Cell::Empty)
    }

    /// Whether this is part of a room (room, start or end).
    #[must_use]
    pub const fn is_room(self) -> bool {
        matches!(self, Cell::Room | Cell::Start | Cell::End)
    }

    /// The character used by [`DungeonGrid::to_ascii`](super::DungeonGrid::to_ascii).
    #[must_use]
    pub const fn ascii(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Room => '#',
            Cell::Start => 'S',
            Cell::End => 'E',
            Cell::Corridor => '=',
            Cell::Door => '+',
            Cell::Floor => ',',
        }
    }

    /// The cell for an ASCII character, if there is one.
    #[must_use]
    pub fn from_ascii(ch: char) -> Option<Cell> {
        Cell::ALL.iter().copied().find(|c| c.ascii() == ch)
    }

    /// The emoji used by [`DungeonGrid::to_emoji`](super::DungeonGrid::to_emoji) (the room-grid emoji print).
    #[must_use]
    pub const fn emoji(self) -> &'static str {
        match self {
            Cell::Empty => "⬛",
            Cell::Room => "🟩",
            Cell::Start => "🟦",
            Cell::End => "🟥",
            Cell::Corridor => "🟫",
            Cell::Door => "🚪",
            Cell::Floor => "🟨",
        }
    }
}

/// An axis-aligned rectangle of cells: `x, y` top-left, `w × h` cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(from = "[i32; 4]", into = "[i32; 4]"))]
pub struct Rect {
    /// Left column.
    pub x: i32,
    /// Top row.
    pub y: i32,
    /// Width in cells.
    pub w: i32,
    /// Height in cells.
    pub h: i32,
}

impl Rect {
    /// A rectangle from its top-left corner and size.
    #[must_use]
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Self { x, y, w, h }
    }

    /// The central cell (rounded towards the top-left).
    #[must_use]
    pub const fn center(&self) -> Pos {
        (self.x + (self.w - 1) / 2, self.y + (self.h - 1) / 2)
    }

    /// Whether `p` lies inside.
    #[must_use]
    pub const fn contains(&self, p: Pos) -> bool {
        p.0 >= self.x && p.1 >= self.y && p.0 < self.x + self.w && p.1 < self.y + self.h
    }

    /// Whether the two rectangles share at least one cell.
    #[must_use]
    pub const fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    /// Every cell inside, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        (self.y..self.y + self.h).flat_map(move |y| (self.x..self.x + self.w).map(move |x| (x, y)))
    }
}

impl From<[i32; 4]> for Rect {
    fn from(a: [i32; 4]) -> Self {
        Rect::new(a[0], a[1], a[2], a[3])
    }
}

impl From<Rect> for [i32; 4] {
    fn from(r: Rect) -> Self {
        [r.x, r.y, r.w, r.h]
    }
}

/// Why a grid could not be read back from ASCII or JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rect_geometry() {
        let r = Rect::new(2, 3, 4, 2);
        assert_eq!(r.center(), (3, 3));
        assert!(r.contains((5, 4)) && !r.contains((6, 4)));
        assert!(r.overlaps(&Rect::new(5, 4, 3, 3)));
        assert!(!r.overlaps(&Rect::new(6, 3, 3, 3)));
        assert_eq!(r.cells().count(), 8);
    }

    #[test]
    fn codes_round_trip() {
        for c in Cell::ALL {
            assert_eq!(Cell::from_code(i64::from(c.code())), Some(c));
            assert_eq!(Cell::from_ascii(c.ascii()), Some(c));
        }
        assert_eq!(Cell::from_code(7), None);
        assert_eq!(Cell::from_code(-1), None);
    }
}
