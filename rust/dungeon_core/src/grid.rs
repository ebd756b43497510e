//! [`DungeonGrid`]: the plain-data result every generator returns.
//!
//! Cells are row-major with `i32` coordinates, `(x, y)` = (column, row), as in
//! Godot's `Vector2i`. Codes keep seed 002's contract (`0` empty, `1` room,
//! `2` start, `3` end) and add tile kinds for tile generators (BSP). `0` is the
//! only "nothing here" code: every other code is walkable. Walls are not
//! stored; a renderer draws them wherever an empty cell touches a walkable one.
//!
//! Each walkable cell has a door mask (`DOOR_N | DOOR_E | DOOR_S | DOOR_W`)
//! naming the sides it opens to. Masks are symmetric: if a cell opens east, its
//! east neighbour opens west.

use std::fmt;
use std::sync::OnceLock;

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
}

impl Cell {
    /// Every cell kind, in code order.
    pub const ALL: [Cell; 6] = [
        Cell::Empty,
        Cell::Room,
        Cell::Start,
        Cell::End,
        Cell::Corridor,
        Cell::Door,
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

    /// The character used by [`DungeonGrid::to_ascii`].
    #[must_use]
    pub const fn ascii(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Room => '#',
            Cell::Start => 'S',
            Cell::End => 'E',
            Cell::Corridor => '=',
            Cell::Door => '+',
        }
    }

    /// The cell for an ASCII character, if there is one.
    #[must_use]
    pub fn from_ascii(ch: char) -> Option<Cell> {
        Cell::ALL.iter().copied().find(|c| c.ascii() == ch)
    }

    /// The emoji used by [`DungeonGrid::to_emoji`] (seed 002's pretty print).
    #[must_use]
    pub const fn emoji(self) -> &'static str {
        match self {
            Cell::Empty => "⬛",
            Cell::Room => "🟩",
            Cell::Start => "🟦",
            Cell::End => "🟥",
            Cell::Corridor => "🟫",
            Cell::Door => "🚪",
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

/// The cache behind [`DungeonGrid::rooms`] for tile grids. It is derived
/// from `room_rects`, so it never makes two grids differ.
#[derive(Clone, Debug, Default)]
struct RectCells(OnceLock<Vec<Pos>>);

impl PartialEq for RectCells {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for RectCells {}

/// A generated dungeon: cell codes, door masks, rooms, start and end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DungeonGrid {
    pub(crate) width: i32,
    pub(crate) height: i32,
    pub(crate) cells: Vec<Cell>,
    pub(crate) doors: Vec<u8>,
    /// Room cells as generated (room grids); empty for tile grids, whose
    /// room cells are `room_rects` expanded on first use.
    pub(crate) rooms: Vec<Pos>,
    pub(crate) room_rects: Vec<Rect>,
    rect_cells: RectCells,
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
            width,
            height,
            cells: vec![Cell::Empty; n],
            doors: vec![0; n],
            rooms: Vec::new(),
            room_rects: Vec::new(),
            rect_cells: RectCells::default(),
            start: (0, 0),
            end: (0, 0),
            generator: String::new(),
            seed: 0,
            level: 1,
        }
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
            self.rect_cells
                .0
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

    /// Room rectangles (tile generators such as BSP; empty for room grids).
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
    /// `E` end, `=` corridor, `+` door. [`DungeonGrid::from_ascii`] reads it back.
    #[must_use]
    pub fn to_ascii(&self) -> String {
        self.render(|c, s| s.push(c.ascii()))
    }

    /// The seed's emoji view, one row per line.
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

    /// Reads a grid from the ASCII picture [`DungeonGrid::to_ascii`] writes.
    ///
    /// Blank lines and surrounding whitespace are ignored. Rooms are listed in
    /// scan order, doors open between all adjacent walkable cells, and the
    /// grid must have exactly one `S` and one `E`.
    ///
    /// # Errors
    /// A [`ParseError`] for ragged rows, unknown characters or a missing or
    /// repeated `S`/`E`.
    pub fn from_ascii(text: &str) -> Result<Self, ParseError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.chars().count());
        if width == 0 || height == 0 {
            return Err(ParseError("empty picture".into()));
        }
        if width > i32::MAX as usize || height > i32::MAX as usize {
            return Err(ParseError("picture too large".into()));
        }
        let mut g = DungeonGrid::new(width as i32, height as i32);
        let (mut starts, mut ends) = (Vec::new(), Vec::new());
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(ParseError(format!(
                    "row {y} has {} cells, expected {width}",
                    row.chars().count()
                )));
            }
            for (x, ch) in row.chars().enumerate() {
                let c = Cell::from_ascii(ch)
                    .ok_or_else(|| ParseError(format!("unknown cell {ch:?} at ({x}, {y})")))?;
                let p = (x as i32, y as i32);
                g.set(p, c);
                match c {
                    Cell::Start => starts.push(p),
                    Cell::End => ends.push(p),
                    _ => {}
                }
                if c.is_room() {
                    g.rooms.push(p);
                }
            }
        }
        match (starts.as_slice(), ends.as_slice()) {
            ([s], [e]) => {
                g.start = *s;
                g.end = *e;
            }
            _ => {
                return Err(ParseError(format!(
                    "need exactly one S and one E, found {} and {}",
                    starts.len(),
                    ends.len()
                )));
            }
        }
        g.connect_adjacent();
        Ok(g)
    }

    /// Checks the structural invariants a well-formed grid keeps: sizes match,
    /// start/end are in bounds with their codes, rooms are room cells, door
    /// masks open only between walkable cells and are symmetric.
    ///
    /// # Errors
    /// A [`ParseError`] describing the first broken invariant.
    pub fn check(&self) -> Result<(), ParseError> {
        let n = self.width as usize * self.height as usize;
        if self.width < 1 || self.height < 1 || self.cells.len() != n || self.doors.len() != n {
            return Err(ParseError(
                "cell or door array does not match width × height".into(),
            ));
        }
        if self.cell(self.start) != Cell::Start {
            return Err(ParseError(format!(
                "start {:?} is not a start cell",
                self.start
            )));
        }
        if self.cell(self.end) != Cell::End {
            return Err(ParseError(format!("end {:?} is not an end cell", self.end)));
        }
        if let Some(p) = self.rooms().iter().find(|&&p| !self.cell(p).is_room()) {
            return Err(ParseError(format!("room {p:?} is not a room cell")));
        }
        for i in 0..n {
            let p = self.pos(i);
            let mask = self.doors[i];
            if mask > 15 {
                return Err(ParseError(format!(
                    "door mask {mask} at {p:?} is not in 0..=15"
                )));
            }
            for (dx, dy, bit, back) in DIRS {
                if mask & bit == 0 {
                    continue;
                }
                let q = (p.0 + dx, p.1 + dy);
                if !self.cells[i].is_walkable() || !self.cell(q).is_walkable() {
                    return Err(ParseError(format!(
                        "door at {p:?} leads to a non-walkable cell"
                    )));
                }
                if self.door_mask(q) & back == 0 {
                    return Err(ParseError(format!("door at {p:?} is one-sided")));
                }
            }
        }
        Ok(())
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
    fn check_catches_one_sided_doors() {
        let mut g = DungeonGrid::from_ascii(PLUS).unwrap();
        g.doors[1] |= DOOR_E;
        assert!(g.check().is_err());
    }

    #[test]
    fn codes_round_trip() {
        for c in Cell::ALL {
            assert_eq!(Cell::from_code(i64::from(c.code())), Some(c));
            assert_eq!(Cell::from_ascii(c.ascii()), Some(c));
        }
        assert_eq!(Cell::from_code(6), None);
        assert_eq!(Cell::from_code(-1), None);
    }
}
