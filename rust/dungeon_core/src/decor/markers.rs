//! [`MarkerMap`]: the places of a grid as bits per cell, in one pass over
//! its cells; [`markers`] lists them.

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

/// The diagonals as pairs of indices into `DIRS`, in the order of their
/// facings: NE (3), SE (6), NW (9), SW (12).
const CORNERS: [(usize, usize); 4] = [(0, 1), (2, 1), (0, 3), (2, 3)];

// Bits of a cell in a `MarkerMap`: one per floor kind, then four per
// faced kind (one per side or corner, in facing order), then the band and
// the centre.
const FLOOR_SHIFT: u32 = 0;
const WALL_SHIFT: u32 = 4;
const INNER_SHIFT: u32 = 8;
const OUTER_SHIFT: u32 = 12;
const DOORWAY_SHIFT: u32 = 16;
const DEAD_END_SHIFT: u32 = 20;
const BAND: u32 = 1 << 24;
const CENTRE: u32 = 1 << 25;

/// The places of a grid as bits per cell: what [`markers`] lists, kept
/// compact (4 bytes a cell) so that rules can ask for the cells of one
/// kind without a list of every marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkerMap {
    width: i32,
    bits: Vec<u32>,
}

impl MarkerMap {
    /// The markers of every cell of `grid`.
    #[must_use]
    pub fn new(grid: &DungeonGrid) -> Self {
        let (w, h) = (grid.width(), grid.height());
        let cells = grid.cells();
        let masks = grid.door_masks();
        let rooms = grid.room_index();
        let n = cells.len();
        let walk = |i: usize| cells[i].is_walkable();
        // The neighbour of cell `i` at `(x, y)` in direction `d`, if inside.
        let step = |x: i32, y: i32, dx: i32, dy: i32| {
            let (nx, ny) = (x + dx, y + dy);
            (nx >= 0 && ny >= 0 && nx < w && ny < h).then(|| (ny * w + nx) as usize)
        };
        // Open sides first: the corners and doorways read the neighbours'.
        let mut open = vec![0u8; n];
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                if !walk(i) {
                    continue;
                }
                for &(dx, dy, bit, _) in &DIRS {
                    if masks[i] & bit != 0 && step(x, y, dx, dy).is_some_and(walk) {
                        open[i] |= bit;
                    }
                }
            }
        }
        let mut bits = vec![0u32; n];
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) as usize;
                if !walk(i) {
                    continue;
                }
                let cell = cells[i];
                let room = rooms[i];
                let in_room = room != u32::MAX;
                let floor = match cell {
                    Cell::Corridor => 1,
                    Cell::Door => 2,
                    _ if in_room => 0,
                    _ => 3,
                };
                let o = open[i];
                let closed = !o & 0b1111;
                let mut b = (1 << (FLOOR_SHIFT + floor)) | (u32::from(closed) << WALL_SHIFT);
                for (k, &(a, c)) in CORNERS.iter().enumerate() {
                    let (da, dc) = (DIRS[a], DIRS[c]);
                    let both = da.2 | dc.2;
                    if closed & both == both {
                        b |= 1 << (INNER_SHIFT + k as u32);
                    } else if o & both == both
                        && !step(x, y, da.0 + dc.0, da.1 + dc.1).is_some_and(walk)
                    {
                        b |= 1 << (OUTER_SHIFT + k as u32);
                    }
                }
                if cell != Cell::Door {
                    for &(dx, dy, bit, _) in &DIRS {
                        let Some(j) = step(x, y, dx, dy).filter(|_| o & bit != 0) else {
                            continue;
                        };
                        let door = cells[j] == Cell::Door
                            || (rooms[j] != room && (in_room || rooms[j] != u32::MAX));
                        if door {
                            b |= u32::from(bit) << DOORWAY_SHIFT;
                        }
                    }
                }
                if in_room {
                    let band = (-1..=1).any(|dy| {
                        (-1..=1).any(|dx| step(x, y, dx, dy).is_none_or(|j| rooms[j] != room))
                    });
                    if band {
                        b |= BAND;
                    }
                }
                if o.count_ones() == 1 {
                    b |= u32::from(o) << DEAD_END_SHIFT;
                }
                bits[i] = b;
            }
        }
        for record in grid.room_records() {
            let rect = record.rect;
            // Twice the centre, to stay in integers.
            let (cx, cy) = (2 * rect.x + rect.w, 2 * rect.y + rect.h);
            let best = record
                .cells()
                .filter_map(|q| grid.index(q).filter(|&i| walk(i)).map(|i| (q, i)))
                .min_by_key(|&((qx, qy), _)| {
                    ((2 * qx + 1 - cx).pow(2) + (2 * qy + 1 - cy).pow(2), qy, qx)
                });
            if let Some((_, i)) = best {
                bits[i] |= CENTRE;
            }
        }
        Self { width: w, bits }
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

/// Every marker of `grid`, sorted by kind, then row, column and facing
/// ([`MarkerMap`] listed).
#[must_use]
pub fn markers(grid: &DungeonGrid) -> Vec<Marker> {
    MarkerMap::new(grid).markers(grid)
}
