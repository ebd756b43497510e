//! [`DungeonGrid`]: the plain-data result every generator returns.
//!
//! Cells are row-major with `i32` coordinates, `(x, y)` = (column, row), as in
//! Godot's `Vector2i`. Codes keep the room-grid contract (`0` empty, `1` room,
//! `2` start, `3` end) and add tile kinds for tile generators (`4` corridor,
//! `5` door, `6` open floor that belongs to no room). `0` is the
//! only "nothing here" code: every other code is walkable. Walls are not
//! stored; a renderer draws them wherever an empty cell touches a walkable one.
//!
//! Each walkable cell has a door mask (`DOOR_N | DOOR_E | DOOR_S | DOOR_W`)
//! naming the sides it opens to. Masks are symmetric: if a cell opens east, its
//! east neighbour opens west.

use std::fmt;

mod ascii;
mod cell;
pub(crate) mod check;
mod connections;
mod hash;
mod locks;
mod plan;
mod rooms;
mod shape;

pub use cell::{Cell, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, NEIGHBOURS_4, ParseError, Pos, Rect};
pub use locks::{Lock, LockError, LockKind, MAX_LOCKS};
pub use plan::PlannedGraph;
use rooms::Derived;
pub use rooms::{Connection, Room, RoomRole};
pub use shape::RoomShape;

/// What a grid's cells stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum GridKind {
    /// Each cell is a whole room (Isaac, drunkard walk): place one room scene
    /// per room cell, with doors where the masks open.
    #[default]
    RoomGrid,
    /// Each cell is a tile (BSP and the tile generators): rooms are groups of
    /// floor tiles, joined by corridor and door tiles. Open-floor maps
    /// (caves, tunnels, walks) have no rooms: their ground is
    /// [`Cell::Floor`], and their start and end tiles stand on it.
    TileMap,
}

impl GridKind {
    /// The name used in JSON: `"room_grid"` or `"tile_map"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GridKind::RoomGrid => "room_grid",
            GridKind::TileMap => "tile_map",
        }
    }
}

/// A generated dungeon: cell codes, door masks, rooms, start and end.
///
/// Rooms are records ([`Room`]: role, rectangle or cells) numbered from 0;
/// [`DungeonGrid::connections`] is the room graph. Generators fill the
/// room cells (room grids) or room rectangles (tile maps); the records, the
/// per-cell room index and the connections are derived from those and the
/// door masks on first use, so generating never pays for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DungeonGrid {
    pub(crate) kind: GridKind,
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) cells: Vec<Cell>,
    pub(crate) doors: Vec<u8>,
    /// Room cells as generated (room grids); empty for tile grids, whose
    /// room cells are `room_rects` expanded on first use.
    pub(crate) rooms: Vec<Pos>,
    pub(crate) room_rects: Vec<Rect>,
    /// The rooms with a special role, `(room, role)`, sorted by room, each
    /// room at most once; roles never normal, start or end. Empty on grids
    /// without special rooms. Kept as data (roles cannot be derived from
    /// the cells); `check()` tests it.
    pub(crate) specials: Vec<(usize, RoomRole)>,
    /// The large rooms of a room grid, `(room, shape)` sorted by room, each
    /// shape spanning several cells ([`RoomShape::is_large`]). Every other
    /// room is one cell. A room's cells are consecutive in `rooms`, row by
    /// row, so room `k` is the `k`-th group. Empty on grids without large
    /// rooms (and on tile maps); `check()` tests it.
    pub(crate) large_rooms: Vec<(usize, RoomShape)>,
    /// The room graph the generator planned (empty for most generators).
    pub(crate) plan: PlannedGraph,
    /// Locked and one-way doors, in canonical order ([`Lock::order_key`]);
    /// empty unless set ([`DungeonGrid::with_locks`]), so grids without
    /// locks compare, print and save as before.
    pub(crate) locks: Vec<Lock>,
    derived: Derived,
    pub(crate) start: Pos,
    pub(crate) end: Pos,
    /// Which generator made this grid (`"isaac"`, `"drunkard"`, `"bsp"`...).
    pub generator: String,
    /// The run seed it was generated from.
    pub seed: u64,
    /// The level it was generated for.
    pub level: i32,
}

impl DungeonGrid {
    /// An empty grid. Sizes below 1 are clamped to 1 (generators validate
    /// sizes before they get here).
    #[must_use]
    pub fn new(width: i32, height: i32) -> Self {
        let (width, height) = (width.max(1), height.max(1));
        let n = width as usize * height as usize;
        Self {
            kind: GridKind::RoomGrid,
            width,
            height,
            cells: vec![Cell::Empty; n],
            doors: vec![0; n],
            rooms: Vec::new(),
            room_rects: Vec::new(),
            specials: Vec::new(),
            large_rooms: Vec::new(),
            plan: PlannedGraph::default(),
            locks: Vec::new(),
            derived: Derived::default(),
            start: (0, 0),
            end: (0, 0),
            generator: String::new(),
            seed: 0,
            level: 1,
        }
    }

    /// Records which generator made the grid, from which run seed, for
    /// which level (the `generator`, `seed` and `level` fields).
    pub(crate) fn stamp(&mut self, generator: &str, seed: u64, level: i32) {
        self.generator = generator.to_owned();
        self.seed = seed;
        self.level = level;
    }

    /// Whether cells are rooms or tiles.
    #[must_use]
    pub const fn kind(&self) -> GridKind {
        self.kind
    }

    /// Width in cells.
    #[must_use]
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Height in cells.
    #[must_use]
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// Whether `p` is inside the grid.
    #[must_use]
    pub const fn in_bounds(&self, p: Pos) -> bool {
        p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < self.height
    }

    /// The row-major index of `p`, if it is inside the grid.
    #[must_use]
    pub const fn index(&self, p: Pos) -> Option<usize> {
        if self.in_bounds(p) {
            Some(p.1 as usize * self.width as usize + p.0 as usize)
        } else {
            None
        }
    }

    /// The position of a row-major index.
    #[must_use]
    pub const fn pos(&self, index: usize) -> Pos {
        (
            (index % self.width as usize) as i32,
            (index / self.width as usize) as i32,
        )
    }

    /// The cell at `p`; `Empty` outside the grid.
    #[must_use]
    pub fn cell(&self, p: Pos) -> Cell {
        self.index(p).map_or(Cell::Empty, |i| self.cells[i])
    }

    /// All cells, row-major.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The door mask at `p` (`DOOR_N | DOOR_E | DOOR_S | DOOR_W`); `0` outside.
    #[must_use]
    pub fn door_mask(&self, p: Pos) -> u8 {
        self.index(p).map_or(0, |i| self.doors[i])
    }

    /// All door masks, row-major.
    #[must_use]
    pub fn door_masks(&self) -> &[u8] {
        &self.doors
    }

    /// Room cells in generation order (for tile grids: every room's floor
    /// cells, room by room, in `room_rects` order, each room row by row).
    ///
    /// A tile grid lists its floor cells on the first call (8 bytes per
    /// cell, kept afterwards), so generating never pays for a list nobody
    /// reads.
    #[must_use]
    pub fn rooms(&self) -> &[Pos] {
        if self.rooms.is_empty() && !self.room_rects.is_empty() {
            self.derived
                .room_cells
                .get_or_init(|| self.room_rects.iter().flat_map(Rect::cells).collect())
        } else {
            &self.rooms
        }
    }

    /// How many cells [`DungeonGrid::rooms`] lists, without listing them.
    #[must_use]
    pub fn room_cell_count(&self) -> usize {
        if self.rooms.is_empty() {
            self.room_rects
                .iter()
                .map(|r| r.w.max(0) as usize * r.h.max(0) as usize)
                .sum()
        } else {
            self.rooms.len()
        }
    }

    /// Room rectangles of a tile map (BSP); empty for room grids.
    #[must_use]
    pub fn room_rects(&self) -> &[Rect] {
        &self.room_rects
    }

    /// The start cell.
    #[must_use]
    pub const fn start(&self) -> Pos {
        self.start
    }

    /// The end cell.
    #[must_use]
    pub const fn end(&self) -> Pos {
        self.end
    }

    /// Number of walkable cells.
    #[must_use]
    pub fn walkable_count(&self) -> usize {
        self.cells.iter().filter(|c| c.is_walkable()).count()
    }

    /// Sets a cell. Out-of-bounds writes are ignored.
    pub(crate) fn set(&mut self, p: Pos, c: Cell) {
        if let Some(i) = self.index(p) {
            self.cells[i] = c;
        }
    }

    /// Opens a door between every pair of 4-adjacent walkable cells and
    /// closes every other side. The default for every generator so far.
    pub(crate) fn connect_adjacent(&mut self) {
        for i in 0..self.cells.len() {
            let p = self.pos(i);
            let mut mask = 0;
            if self.cells[i].is_walkable() {
                for (dx, dy, bit, _) in DIRS {
                    if self.cell((p.0 + dx, p.1 + dy)).is_walkable() {
                        mask |= bit;
                    }
                }
            }
            self.doors[i] = mask;
        }
    }

    /// Marks `start` and `end` with their cell codes and records them.
    pub(crate) fn set_ends(&mut self, start: Pos, end: Pos) {
        self.start = start;
        self.end = end;
        self.set(start, Cell::Start);
        self.set(end, Cell::End);
    }

    /// ASCII picture, one row per line: `.` empty, `#` room, `S` start,
    /// `E` end, `=` corridor, `+` door, `,` open floor. [`DungeonGrid::from_ascii`] reads it back.
    #[must_use]
    pub fn to_ascii(&self) -> String {
        self.render(|c, s| s.push(c.ascii()))
    }

    /// An emoji view, one row per line.
    #[must_use]
    pub fn to_emoji(&self) -> String {
        self.render(|c, s| s.push_str(c.emoji()))
    }

    fn render(&self, mut put: impl FnMut(Cell, &mut String)) -> String {
        let mut s = String::with_capacity(self.cells.len() * 2 + self.height as usize);
        for row in self.cells.chunks(self.width as usize) {
            for &c in row {
                put(c, &mut s);
            }
            s.push('\n');
        }
        s
    }
}

impl fmt::Display for DungeonGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_ascii())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLUS: &str = "
        .S.
        ###
        .E.
    ";

    #[test]
    fn seed_toy_example_round_trips() {
        let g = DungeonGrid::from_ascii(PLUS).unwrap();
        assert_eq!((g.width(), g.height()), (3, 3));
        assert_eq!(g.start(), (1, 0));
        assert_eq!(g.end(), (1, 2));
        assert_eq!(g.door_mask((1, 1)), DOOR_N | DOOR_E | DOOR_S | DOOR_W);
        assert_eq!(g.door_mask((1, 0)), DOOR_S);
        assert_eq!(g.door_mask((0, 1)), DOOR_E);
        assert_eq!(g.door_mask((0, 0)), 0);
        assert_eq!(g.rooms().len(), 5);
        assert_eq!(g.to_ascii(), ".S.\n###\n.E.\n");
        assert_eq!(DungeonGrid::from_ascii(&g.to_ascii()).unwrap(), g);
        assert!(g.check().is_ok());
        let codes: Vec<u8> = g.cells().iter().map(|c| c.code()).collect();
        assert_eq!(codes, [0, 2, 0, 1, 1, 1, 0, 3, 0]);
    }

    #[test]
    fn ascii_errors_are_specific() {
        assert!(DungeonGrid::from_ascii("").unwrap_err().0.contains("empty"));
        assert!(
            DungeonGrid::from_ascii("S#\n#")
                .unwrap_err()
                .0
                .contains("row 1")
        );
        assert!(
            DungeonGrid::from_ascii("S?E")
                .unwrap_err()
                .0
                .contains("unknown")
        );
        assert!(
            DungeonGrid::from_ascii("S##")
                .unwrap_err()
                .0
                .contains("exactly one")
        );
    }

    #[test]
    fn emoji_view_has_one_glyph_per_cell() {
        let g = DungeonGrid::from_ascii(PLUS).unwrap();
        assert_eq!(g.to_emoji(), "⬛🟦⬛\n🟩🟩🟩\n⬛🟥⬛\n");
    }

    #[test]
    fn out_of_bounds_reads_are_empty() {
        let g = DungeonGrid::from_ascii(PLUS).unwrap();
        assert_eq!(g.cell((-1, 0)), Cell::Empty);
        assert_eq!(g.cell((3, 0)), Cell::Empty);
        assert_eq!(g.door_mask((i32::MAX, i32::MIN)), 0);
        assert_eq!(g.index((0, 3)), None);
    }
}
