//! [`MarkerMap`]: the places of a grid as bits per cell, in one pass over
//! its cells; [`markers`] lists them.

use super::bits;
use super::bits::{
    BAND, CENTRE, CORNERS, DEAD_END_SHIFT, DOORWAY_SHIFT, FLOOR_SHIFT, INNER_SHIFT, OUTER_SHIFT,
    WALL_SHIFT,
};
use crate::grid::{Cell, DIRS, DungeonGrid, Pos};

/// What a [`Marker`] marks. Facing values are per kind (see each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MarkerKind {
    /// A room's floor cell (its start or end cell included).
    RoomFloor,
    /// A corridor cell.
    CorridorFloor,
    /// A door cell.
    DoorFloor,
    /// Open ground in no room (caves, tunnels, walks; their start and end).
    OpenFloor,
    /// A floor cell against a wall; facing: the wall's side as a door bit
    /// (`DOOR_N`, `DOOR_E`, `DOOR_S`, `DOOR_W`). A cell with several
    /// closed sides has one marker per side.
    Wall,
    /// A floor cell in a concave corner: two closed sides that meet;
    /// facing: the corner, the two door bits or'ed (`DOOR_N | DOOR_E`...).
    InnerCorner,
    /// A floor cell beside a convex corner of the wall: both sides toward
    /// a diagonal are open but the diagonal cell is blocked; facing: that
    /// diagonal, the two door bits or'ed.
    OuterCorner,
    /// A floor cell on one side of a doorway (a door cell, or an open side
    /// between two rooms or between a room and a corridor), next to it;
    /// facing: the side toward the doorway as a door bit. Door cells
    /// themselves are [`MarkerKind::DoorFloor`].
    Doorway,
    /// The cell of a room nearest its rectangle's centre (row by row on a
    /// tie); one per room. Facing 0.
    RoomCentre,
    /// A room cell with one of its 8 neighbours outside the room: the band
    /// along its walls and doors. Facing 0.
    RoomBand,
    /// A floor cell with exactly one open side; facing: that side.
    DeadEnd,
}

impl MarkerKind {
    /// Every kind, in order.
    pub const ALL: [MarkerKind; 11] = [
        MarkerKind::RoomFloor,
        MarkerKind::CorridorFloor,
        MarkerKind::DoorFloor,
        MarkerKind::OpenFloor,
        MarkerKind::Wall,
        MarkerKind::InnerCorner,
        MarkerKind::OuterCorner,
        MarkerKind::Doorway,
        MarkerKind::RoomCentre,
        MarkerKind::RoomBand,
        MarkerKind::DeadEnd,
    ];
}

/// One place of a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Marker {
    /// What it marks.
    pub kind: MarkerKind,
    /// The cell, `(x, y)`.
    pub cell: Pos,
    /// Which way it faces; see [`MarkerKind`].
    pub facing: u8,
    /// The room the cell belongs to, if any.
    pub room: Option<usize>,
}

/// The places of a grid as bits per cell: what [`markers`] lists, kept
/// compact (4 bytes a cell) so that rules can ask for the cells of one
/// kind without a list of every marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkerMap {
    width: i32,
    bits: Vec<u32>,
}

impl MarkerMap {
    /// The markers of every cell of `grid`, in one pass: the cells off
    /// the map's edge read their neighbours at fixed offsets with no
    /// bounds checks, the edge's cells go the plain way
    /// ([`super::plain::marker_map`] is the oracle).
    #[must_use]
    pub fn new(grid: &DungeonGrid) -> Self {
        let (w, h) = (grid.width(), grid.height());
        let mut bits = vec![0u32; grid.cells().len()];
        let (wu, hu) = (w as usize, h as usize);
        for y in 0..hu {
            let edge_row = y == 0 || y + 1 == hu;
            for x in 0..wu {
                let i = y * wu + x;
                if edge_row || x == 0 || x + 1 == wu {
                    bits[i] = bits::cell_bits(grid, x as i32, y as i32);
                }
            }
            if !edge_row && wu > 2 {
                let out = &mut bits[y * wu + 1..(y + 1) * wu - 1];
                // Maps without rooms (caves) never read the room index.
                if grid.room_count() > 0 {
                    inner_row::<true>(grid, y, out);
                } else {
                    inner_row::<false>(grid, y, out);
                }
            }
        }
        mark_centres(grid, &mut bits);
        Self { width: w, bits }
    }

    /// A map of `width` columns from its bits.
    pub(super) fn from_bits(width: i32, bits: Vec<u32>) -> Self {
        Self { width, bits }
    }

    /// The bits of every cell, row-major, taken out of the map.
    pub(super) fn into_bits(self) -> Vec<u32> {
        self.bits
    }

    /// The facings of `kind` at `p` (door bits for sides; for corners the
    /// two bits or'ed, several corners or'ed together; 1 for the kinds
    /// without a facing): 0 where `p` has no such marker or is outside.
    #[must_use]
    pub fn facings(&self, p: Pos, kind: MarkerKind) -> u8 {
        let Some(&b) = self.index(p).and_then(|i| self.bits.get(i)) else {
            return 0;
        };
        let four = |shift: u32| ((b >> shift) & 0b1111) as u8;
        let corners = |shift: u32| {
            let set = four(shift);
            CORNERS
                .iter()
                .enumerate()
                .filter(|&(k, _)| set & (1 << k) != 0)
                .fold(0, |m, (_, &(a, c))| m | DIRS[a].2 | DIRS[c].2)
        };
        let flag = |on: bool| u8::from(on);
        match kind {
            MarkerKind::RoomFloor => flag(b & (1 << FLOOR_SHIFT) != 0),
            MarkerKind::CorridorFloor => flag(b & (1 << (FLOOR_SHIFT + 1)) != 0),
            MarkerKind::DoorFloor => flag(b & (1 << (FLOOR_SHIFT + 2)) != 0),
            MarkerKind::OpenFloor => flag(b & (1 << (FLOOR_SHIFT + 3)) != 0),
            MarkerKind::Wall => four(WALL_SHIFT),
            MarkerKind::InnerCorner => corners(INNER_SHIFT),
            MarkerKind::OuterCorner => corners(OUTER_SHIFT),
            MarkerKind::Doorway => four(DOORWAY_SHIFT),
            MarkerKind::RoomCentre => flag(b & CENTRE != 0),
            MarkerKind::RoomBand => flag(b & BAND != 0),
            MarkerKind::DeadEnd => four(DEAD_END_SHIFT),
        }
    }

    /// The markers of `kind` at `p`, one facing each (a cell against two
    /// walls has two `Wall` markers); empty where it has none.
    #[must_use]
    pub fn each_facing(&self, p: Pos, kind: MarkerKind) -> Vec<u8> {
        let Some(&b) = self.index(p).and_then(|i| self.bits.get(i)) else {
            return Vec::new();
        };
        match kind {
            MarkerKind::Wall | MarkerKind::Doorway | MarkerKind::DeadEnd => {
                let f = self.facings(p, kind);
                DIRS.iter()
                    .map(|d| d.2)
                    .filter(|bit| f & bit != 0)
                    .collect()
            }
            MarkerKind::InnerCorner | MarkerKind::OuterCorner => {
                let shift = if kind == MarkerKind::InnerCorner {
                    INNER_SHIFT
                } else {
                    OUTER_SHIFT
                };
                CORNERS
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| b & (1 << (shift + k as u32)) != 0)
                    .map(|(_, &(a, c))| DIRS[a].2 | DIRS[c].2)
                    .collect()
            }
            _ if self.facings(p, kind) != 0 => vec![0],
            _ => Vec::new(),
        }
    }

    /// Every marker, sorted by kind, then row, column and facing; `grid`
    /// is the grid the map was made from (for the rooms).
    #[must_use]
    pub fn markers(&self, grid: &DungeonGrid) -> Vec<Marker> {
        let mut out = Vec::new();
        for &kind in &MarkerKind::ALL {
            for (i, _) in self.bits.iter().enumerate().filter(|&(_, &b)| b != 0) {
                let p = self.pos(i);
                for facing in self.each_facing(p, kind) {
                    out.push(Marker {
                        kind,
                        cell: p,
                        facing,
                        room: grid.room_at(p),
                    });
                }
            }
        }
        out
    }

    fn index(&self, p: Pos) -> Option<usize> {
        let h = i32::try_from(self.bits.len()).ok()? / self.width.max(1);
        (p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < h)
            .then(|| (p.1 * self.width + p.0) as usize)
    }

    fn pos(&self, i: usize) -> Pos {
        let w = self.width.max(1) as usize;
        ((i % w) as i32, (i / w) as i32)
    }
}

/// [`super::bits::mark_centres`] without scanning each room: the point
/// nearest a rectangle's centre (row by row on a tie) is its cell
/// `((2x + w - 1) / 2, (2y + h - 1) / 2)` rounded down; when that cell is a
/// walkable cell of the room it is the room's centre, else the room is
/// scanned as the plain version does.
fn mark_centres(grid: &DungeonGrid, bits: &mut [u32]) {
    for (k, record) in grid.room_records().iter().enumerate() {
        let r = record.rect;
        let q = (
            (2 * r.x + r.w - 1).div_euclid(2),
            (2 * r.y + r.h - 1).div_euclid(2),
        );
        match grid.index(q) {
            Some(i) if record.contains(q) && grid.cells()[i].is_walkable() => bits[i] |= CENTRE,
            _ => bits::mark_centre(grid, k, bits),
        }
    }
}

/// Where `kind` sits in a cell's bits: its shift, the mask of its bits
/// once shifted down (1, or 4 bits), and the facing of each of those bits
/// (in the order [`MarkerMap::each_facing`] lists them).
pub(super) const fn field(kind: MarkerKind) -> (u32, u32, [u8; 4]) {
    let sides = [DIRS[0].2, DIRS[1].2, DIRS[2].2, DIRS[3].2];
    match kind {
        MarkerKind::RoomFloor => (FLOOR_SHIFT, 1, [0; 4]),
        MarkerKind::CorridorFloor => (FLOOR_SHIFT + 1, 1, [0; 4]),
        MarkerKind::DoorFloor => (FLOOR_SHIFT + 2, 1, [0; 4]),
        MarkerKind::OpenFloor => (FLOOR_SHIFT + 3, 1, [0; 4]),
        MarkerKind::Wall => (WALL_SHIFT, 0b1111, sides),
        MarkerKind::InnerCorner => (INNER_SHIFT, 0b1111, CORNER_SIDES),
        MarkerKind::OuterCorner => (OUTER_SHIFT, 0b1111, CORNER_SIDES),
        MarkerKind::Doorway => (DOORWAY_SHIFT, 0b1111, sides),
        MarkerKind::RoomCentre => (CENTRE.trailing_zeros(), 1, [0; 4]),
        MarkerKind::RoomBand => (BAND.trailing_zeros(), 1, [0; 4]),
        MarkerKind::DeadEnd => (DEAD_END_SHIFT, 0b1111, sides),
    }
}

/// Corners as door bits per corner bit `k` (the order of [`CORNERS`]).
const CORNER_SIDES: [u8; 4] = [
    DIRS[CORNERS[0].0].2 | DIRS[CORNERS[0].1].2,
    DIRS[CORNERS[1].0].2 | DIRS[CORNERS[1].1].2,
    DIRS[CORNERS[2].0].2 | DIRS[CORNERS[2].1].2,
    DIRS[CORNERS[3].0].2 | DIRS[CORNERS[3].1].2,
];

/// Per 4 side bits, the corner bits whose two sides are all set.
const BOTH_SIDES: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut s = 0;
    while s < 16 {
        let mut k = 0;
        while k < 4 {
            if s as u8 & CORNER_SIDES[k] == CORNER_SIDES[k] {
                t[s] |= 1 << k;
            }
            k += 1;
        }
        s += 1;
    }
    t
};

/// The marker bits of the cells `1..w-1` of row `y` (not an edge row) into
/// `out`, as [`super::bits::cell_bits`] gives them; the centre bit aside.
/// `ROOMS`: whether the grid has rooms (without, every cell is in none).
fn inner_row<const ROOMS: bool>(grid: &DungeonGrid, y: usize, out: &mut [u32]) {
    let w = grid.width() as usize;
    let cells = grid.cells();
    let masks = grid.door_masks();
    let rooms = grid.room_index();
    // Offsets N E S W, then the diagonals in corner order NE SE NW SW.
    let side = [-(w as isize), 1, w as isize, -1];
    let diag = [
        1 - w as isize,
        w as isize + 1,
        -(w as isize) - 1,
        w as isize - 1,
    ];
    let at = |i: usize, d: isize| i.wrapping_add_signed(d);
    let walk = |j: usize| u8::from(cells[j] != Cell::Empty);
    let room_of = |j: usize| if ROOMS { rooms[j] } else { u32::MAX };
    // Branch-free per cell (caves mix floor and rock at random): every
    // bit is computed, then kept only where the cell is walkable.
    for (x, b) in (1..w - 1).zip(out.iter_mut()) {
        let i = y * w + x;
        let cell = cells[i];
        let near = walk(at(i, side[0]))
            | walk(at(i, side[1])) << 1
            | walk(at(i, side[2])) << 2
            | walk(at(i, side[3])) << 3;
        let o = masks[i] & near & 0b1111;
        let closed = !o & 0b1111;
        let room = room_of(i);
        let in_room = room != u32::MAX;
        let floor = bits::floor_kind(cell, in_room);
        let corners = walk(at(i, diag[0]))
            | walk(at(i, diag[1])) << 1
            | walk(at(i, diag[2])) << 2
            | walk(at(i, diag[3])) << 3;
        let inner = BOTH_SIDES[closed as usize];
        let outer = BOTH_SIDES[o as usize] & !corners;
        let mut doorway = 0u32;
        let mut band = false;
        for (k, &d) in side.iter().enumerate() {
            let j = at(i, d);
            let other = room_of(j);
            band |= other != room;
            let door =
                (cells[j] == Cell::Door) | ((other != room) & (in_room | (other != u32::MAX)));
            doorway |= u32::from(door) << k;
        }
        for &d in &diag {
            band |= room_of(at(i, d)) != room;
        }
        doorway &= u32::from(o) & if cell == Cell::Door { 0 } else { 0b1111 };
        let dead_end = if o.is_power_of_two() { o } else { 0 };
        let v = (1 << (FLOOR_SHIFT + floor))
            | (u32::from(closed) << WALL_SHIFT)
            | (u32::from(inner) << INNER_SHIFT)
            | (u32::from(outer) << OUTER_SHIFT)
            | (doorway << DOORWAY_SHIFT)
            | (u32::from(band & in_room) * BAND)
            | (u32::from(dead_end) << DEAD_END_SHIFT);
        *b = if cell == Cell::Empty { 0 } else { v };
    }
}

/// Every marker of `grid`, sorted by kind, then row, column and facing
/// ([`MarkerMap`] listed).
#[must_use]
pub fn markers(grid: &DungeonGrid) -> Vec<Marker> {
    MarkerMap::new(grid).markers(grid)
}
