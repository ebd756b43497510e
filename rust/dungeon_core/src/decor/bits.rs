//! The bit layout of a [`super::MarkerMap`] cell and the plain rule that
//! gives a cell its bits: the oracle's whole marker map, and the fast
//! map's cells on the grid's edge.

use crate::grid::{Cell, DIRS, DungeonGrid};

/// The diagonals as pairs of indices into `DIRS`, in the order of their
/// facings: NE (3), SE (6), NW (9), SW (12).
pub(super) const CORNERS: [(usize, usize); 4] = [(0, 1), (2, 1), (0, 3), (2, 3)];

// Bits of a cell in a `MarkerMap`: one per floor kind, then four per
// faced kind (one per side or corner, in facing order), then the band and
// the centre.
pub(super) const FLOOR_SHIFT: u32 = 0;
pub(super) const WALL_SHIFT: u32 = 4;
pub(super) const INNER_SHIFT: u32 = 8;
pub(super) const OUTER_SHIFT: u32 = 12;
pub(super) const DOORWAY_SHIFT: u32 = 16;
pub(super) const DEAD_END_SHIFT: u32 = 20;
pub(super) const BAND: u32 = 1 << 24;
pub(super) const CENTRE: u32 = 1 << 25;

/// The floor marker of a walkable cell, as a bit offset from
/// `FLOOR_SHIFT`: room 0, corridor 1, door 2, open floor 3.
pub(super) fn floor_kind(cell: Cell, in_room: bool) -> u32 {
    match cell {
        Cell::Corridor => 1,
        Cell::Door => 2,
        _ if in_room => 0,
        _ => 3,
    }
}

/// The marker bits of the cell at `(x, y)` (inside the grid), its
/// neighbours looked up with bounds checks; the centre bit aside.
pub(super) fn cell_bits(grid: &DungeonGrid, x: i32, y: i32) -> u32 {
    let (w, h) = (grid.width(), grid.height());
    let cells = grid.cells();
    let masks = grid.door_masks();
    let rooms = grid.room_index();
    let walk = |i: usize| cells[i].is_walkable();
    // The neighbour of `(x, y)` at `(dx, dy)`, if inside.
    let step = |dx: i32, dy: i32| {
        let (nx, ny) = (x + dx, y + dy);
        (nx >= 0 && ny >= 0 && nx < w && ny < h).then(|| (ny * w + nx) as usize)
    };
    let i = (y * w + x) as usize;
    if !walk(i) {
        return 0;
    }
    let mut o = 0u8;
    for &(dx, dy, bit, _) in &DIRS {
        if masks[i] & bit != 0 && step(dx, dy).is_some_and(walk) {
            o |= bit;
        }
    }
    let cell = cells[i];
    let room = rooms[i];
    let in_room = room != u32::MAX;
    let floor = floor_kind(cell, in_room);
    let closed = !o & 0b1111;
    let mut b = (1 << (FLOOR_SHIFT + floor)) | (u32::from(closed) << WALL_SHIFT);
    for (k, &(a, c)) in CORNERS.iter().enumerate() {
        let (da, dc) = (DIRS[a], DIRS[c]);
        let both = da.2 | dc.2;
        if closed & both == both {
            b |= 1 << (INNER_SHIFT + k as u32);
        } else if o & both == both && !step(da.0 + dc.0, da.1 + dc.1).is_some_and(walk) {
            b |= 1 << (OUTER_SHIFT + k as u32);
        }
    }
    if cell != Cell::Door {
        for &(dx, dy, bit, _) in &DIRS {
            let Some(j) = step(dx, dy).filter(|_| o & bit != 0) else {
                continue;
            };
            let door =
                cells[j] == Cell::Door || (rooms[j] != room && (in_room || rooms[j] != u32::MAX));
            if door {
                b |= u32::from(bit) << DOORWAY_SHIFT;
            }
        }
    }
    if in_room {
        let band =
            (-1..=1).any(|dy| (-1..=1).any(|dx| step(dx, dy).is_none_or(|j| rooms[j] != room)));
        if band {
            b |= BAND;
        }
    }
    if o.count_ones() == 1 {
        b |= u32::from(o) << DEAD_END_SHIFT;
    }
    b
}

/// Sets the centre bit of each room ([`mark_centre`]).
pub(super) fn mark_centres(grid: &DungeonGrid, bits: &mut [u32]) {
    for k in 0..grid.room_count() {
        mark_centre(grid, k, bits);
    }
}

/// Sets the centre bit of room `k`: its walkable cell nearest its
/// rectangle's centre, row by row on a tie.
pub(super) fn mark_centre(grid: &DungeonGrid, k: usize, bits: &mut [u32]) {
    let Some(record) = grid.room_records().get(k) else {
        return;
    };
    let rect = record.rect;
    // Twice the centre, to stay in integers.
    let (cx, cy) = (2 * rect.x + rect.w, 2 * rect.y + rect.h);
    let best = record
        .cells()
        .filter_map(|q| {
            grid.index(q)
                .filter(|&i| grid.cells()[i].is_walkable())
                .map(|i| (q, i))
        })
        .min_by_key(|&((qx, qy), _)| ((2 * qx + 1 - cx).pow(2) + (2 * qy + 1 - cy).pow(2), qy, qx));
    if let Some((_, i)) = best {
        bits[i] |= CENTRE;
    }
}
