//! What a lock physically closes (its gate, see [`Lock`]) and the tile a
//! key lies on: the [`DungeonGrid`] methods that draw and walk locks.

use crate::grid::{DIRS, DungeonGrid, GridKind, Lock, LockKind, Pos};

/// One closed side: a cell on the lock's `from` side and the door bit of
/// its side that leads toward `into`.
pub(crate) type Side = (Pos, u8);

/// The cell through side `bit` of `p`, and the bit of the same side seen
/// from there.
pub(crate) fn across(p: Pos, bit: u8) -> (Pos, u8) {
    DIRS.iter()
        .find(|d| d.2 == bit)
        .map_or((p, bit), |&(dx, dy, _, back)| ((p.0 + dx, p.1 + dy), back))
}

/// The gate of `lock`: the open sides it closes, each from its `from`
/// side. `None` when `from` or `into` is not a room or the two rooms are
/// not a connection.
pub(crate) fn gate(g: &DungeonGrid, lock: &Lock) -> Option<Vec<Side>> {
    let rooms = g.room_records();
    let (from, into) = (rooms.get(lock.from)?, rooms.get(lock.into)?);
    let pair = (lock.from.min(lock.into), lock.from.max(lock.into));
    let conns = g.connections();
    let conn = &conns[conns.binary_search_by_key(&pair, |c| c.rooms).ok()?];
    let open_into = |p: Pos| {
        let mask = g.door_mask(p);
        DIRS.iter()
            .filter(move |&&(dx, dy, bit, _)| {
                mask & bit != 0 && into.contains((p.0 + dx, p.1 + dy))
            })
            .map(move |d| (p, d.2))
    };
    let last = if lock.from == conn.rooms.0 {
        conn.tiles.last()
    } else {
        conn.tiles.first()
    };
    Some(match last {
        None => from.cells().flat_map(open_into).collect(),
        Some(&t) => open_into(t).collect(),
    })
}

/// The door-mask overlay of the grid's locks at `p`: key locks' gates on
/// both cells of each side (`key`), one-way doors' on their `from` side
/// only (`one_way`).
fn side_mask(g: &DungeonGrid, p: Pos, one_way: bool, key: bool) -> u8 {
    let mut mask = 0;
    for lock in g.locks() {
        let wanted = match lock.kind {
            LockKind::Key { .. } => key,
            LockKind::OneWay => one_way,
        };
        if !wanted {
            continue;
        }
        for (c, bit) in gate(g, lock).unwrap_or_default() {
            let (q, back) = across(c, bit);
            if c == p {
                mask |= bit;
            } else if key && q == p && matches!(lock.kind, LockKind::Key { .. }) {
                mask |= back;
            }
        }
    }
    mask
}

/// The door masks a walker follows with every key lock whose index is not
/// in `open` shut (both cells of each gate side) and every one-way door
/// passable from its `from` side only: per cell, the sides it may be left
/// through. Secret doors stay open. Indices that are no lock are ignored.
fn walk_masks(g: &DungeonGrid, open: &[usize]) -> Vec<u8> {
    let mut masks = g.door_masks().to_vec();
    let mut close = |p: Pos, bit: u8| {
        if let Some(m) = g.index(p).and_then(|i| masks.get_mut(i)) {
            *m &= !bit;
        }
    };
    for (i, lock) in g.locks().iter().enumerate() {
        let shut = match lock.kind {
            LockKind::Key { .. } => !open.contains(&i),
            LockKind::OneWay => false,
        };
        for (p, bit) in gate(g, lock).unwrap_or_default() {
            let (q, back) = across(p, bit);
            if shut {
                close(p, bit);
            }
            // A one-way door is never entered from its `into` side.
            if shut || lock.kind == LockKind::OneWay {
                close(q, back);
            }
        }
    }
    masks
}

impl DungeonGrid {
    /// The cell a key lying in `room` stands on; `None` for a number that
    /// is not a room. On a room grid it is the room's first cell, row by
    /// row. On a tile map it is the room's floor cell nearest the centre
    /// of its rectangle (ties row by row) that is neither the start nor
    /// the end and has no walkable cell outside the room beside it (so
    /// never in front of a doorway); in a room too small for that, the
    /// nearest cell that is neither start nor end.
    #[must_use]
    pub fn key_tile(&self, room: usize) -> Option<Pos> {
        let r = self.room_records().get(room)?;
        if self.kind() == GridKind::RoomGrid {
            return r.cells().next();
        }
        let ends = |p: Pos| p == self.start() || p == self.end();
        let by_doorway = |p: Pos| {
            DIRS.iter().any(|&(dx, dy, _, _)| {
                let q = (p.0 + dx, p.1 + dy);
                self.cell(q).is_walkable() && !r.contains(q)
            })
        };
        // Twice the offset from the rectangle's centre, squared: exact integers.
        let off = |p: Pos| {
            let dx = 2 * i64::from(p.0) + 1 - 2 * i64::from(r.rect.x) - i64::from(r.rect.w);
            let dy = 2 * i64::from(p.1) + 1 - 2 * i64::from(r.rect.y) - i64::from(r.rect.h);
            dx * dx + dy * dy
        };
        // `min_by_key` keeps the first of equal cells: row by row.
        let best = |safe: bool| {
            r.cells()
                .filter(|&p| !ends(p) && (!safe || !by_doorway(p)))
                .min_by_key(|&p| off(p))
        };
        best(true).or_else(|| best(false))
    }

    /// The sides of cell `p` closed by a key lock (`DOOR_N | …`, a door-mask
    /// overlay like [`DungeonGrid::secret_door_mask`], set on both cells
    /// of each side), whether or not the lock has been opened in play.
    #[must_use]
    pub fn locked_side_mask(&self, p: Pos) -> u8 {
        side_mask(self, p, false, true)
    }

    /// The gate of lock `i` (its index in [`DungeonGrid::locks`]): the open
    /// sides it closes, each as a cell on the lock's `from` side and the
    /// door bit (`DOOR_N`, …) of its side facing `into` (see [`Lock`]).
    /// Empty past the last lock. What a picture of the level draws as the
    /// locked or one-way door.
    #[must_use]
    pub fn lock_gate(&self, i: usize) -> Vec<(Pos, u8)> {
        self.locks()
            .get(i)
            .and_then(|lock| gate(self, lock))
            .unwrap_or_default()
    }

    /// The sides of cell `p` that are one-way doors passable only outward:
    /// a walker may leave `p` through them but not enter `p` through them
    /// (set on the cell on a one-way door's `from` side only).
    #[must_use]
    pub fn one_way_mask(&self, p: Pos) -> u8 {
        side_mask(self, p, true, false)
    }

    /// A shortest walk from `from` to `to`, both included, as a player
    /// holding some keys walks it: the key locks whose indices (into
    /// [`DungeonGrid::locks`]) are in `open` are open, every other key lock
    /// is shut, and one-way doors pass from their `from` side only. Secret
    /// doors count as found, as in [`DungeonGrid::path`]; indices that are
    /// no key lock are ignored. `None` when there is no such walk (or
    /// either end is outside or not walkable).
    #[must_use]
    pub fn path_with_locks(&self, from: Pos, to: Pos, open: &[usize]) -> Option<Vec<Pos>> {
        let forward = walk_masks(self, open);
        let backward = self.reversed_masks(&forward);
        self.path_on(&forward, &backward, from, to)
    }
}
