//! The state one attempt grows into, reused across attempts.

use crate::grid::{
    Cell, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, Pos, RoomRole, RoomShape,
};

/// An occupancy map, the rooms in placement order, and the buffers the end
/// rules use. Reused across attempts so the hot loops allocate nothing.
pub(crate) struct RoomScratch {
    pub width: i32,
    pub height: i32,
    pub occupied: Vec<bool>,
    /// Room cells in placement order; a large room's cells are consecutive,
    /// row by row.
    pub rooms: Vec<Pos>,
    /// Each occupied cell's room number (stale on empty cells).
    pub(super) room_of: Vec<u32>,
    /// Rooms placed (a large room counts once).
    pub(super) room_total: usize,
    /// The large rooms: (room, shape, offset of its first cell in `rooms`),
    /// in room order.
    pub(super) large: Vec<(usize, RoomShape, usize)>,
    /// Doors out of each room (large-room floors only; see `room_dead_ends`).
    pub(super) exits: Vec<u32>,
    pub(super) masks: Vec<u8>,
    pub(super) dist: Vec<i32>,
    pub(super) queue: Vec<u32>,
    /// Dead ends as (cell index, position), row-major.
    pub(super) dead_ends: Vec<(usize, Pos)>,
    pub(super) order: Vec<usize>,
    /// Special rooms placed on the accepted layout, the boss first.
    pub(super) roles: Vec<(Pos, RoomRole)>,
    /// Free dead ends for special rooms: (distance, cell index, position).
    pub(super) candidates: Vec<(i32, usize, Pos)>,
    /// Cells eligible for a secret room.
    pub(super) secret_cells: Vec<usize>,
    /// Each cell's secret-room score (see `place_secret`).
    pub(super) secret_scores: Vec<u8>,
}

impl RoomScratch {
    pub fn new(width: i32, height: i32) -> Self {
        let n = width as usize * height as usize;
        Self {
            width,
            height,
            occupied: vec![false; n],
            rooms: Vec::with_capacity(n),
            room_of: vec![0; n],
            room_total: 0,
            large: Vec::new(),
            exits: Vec::new(),
            masks: vec![0; n],
            dist: Vec::with_capacity(n),
            queue: Vec::with_capacity(n),
            dead_ends: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            roles: Vec::new(),
            candidates: Vec::new(),
            secret_cells: Vec::new(),
            secret_scores: Vec::with_capacity(n),
        }
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.occupied.len()
    }

    /// Empties the grid for a new attempt.
    pub fn clear(&mut self) {
        self.occupied.fill(false);
        self.rooms.clear();
        self.roles.clear();
        self.room_total = 0;
        self.large.clear();
    }

    /// Rooms placed so far (a large room counts once).
    #[inline]
    pub fn room_count(&self) -> usize {
        self.room_total
    }

    /// Whether any large room was placed.
    #[inline]
    pub(super) fn has_large(&self) -> bool {
        !self.large.is_empty()
    }

    /// The large room holding cell index `i`, if any: (shape, first cell).
    pub(super) fn large_at(&self, i: usize) -> Option<(RoomShape, usize)> {
        if self.large.is_empty() || !self.occupied[i] {
            return None;
        }
        let r = self.room_of[i] as usize;
        let k = self.large.binary_search_by_key(&r, |l| l.0).ok()?;
        Some((self.large[k].1, self.large[k].2))
    }

    /// Whether cells `a` and `b` are rooms of the same room.
    pub(super) fn same_room(&self, a: Pos, b: Pos) -> bool {
        match (self.idx(a), self.idx(b)) {
            (Some(i), Some(j)) => {
                self.occupied[i] && self.occupied[j] && self.room_of[i] == self.room_of[j]
            }
            _ => false,
        }
    }

    /// Places a large room of `shape` with its rectangle's top-left at
    /// `corner`; the caller checked every cell is inside and empty.
    pub fn place_large(&mut self, shape: RoomShape, corner: Pos) {
        let id = self.room_total;
        self.large.push((id, shape, self.rooms.len()));
        for p in shape.cells_at(corner) {
            if let Some(i) = self.idx(p) {
                self.occupied[i] = true;
                self.room_of[i] = id as u32;
                self.rooms.push(p);
            }
        }
        self.room_total += 1;
    }

    #[inline]
    pub fn idx(&self, p: Pos) -> Option<usize> {
        (p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < self.height)
            .then(|| p.1 as usize * self.width as usize + p.0 as usize)
    }

    #[inline]
    pub fn is_room(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.occupied[i])
    }

    /// Marks `p` a room (if it is inside and empty); returns whether it was added.
    #[inline]
    pub fn place(&mut self, p: Pos) -> bool {
        match self.idx(p) {
            Some(i) if !self.occupied[i] => {
                self.occupied[i] = true;
                self.room_of[i] = self.room_total as u32;
                self.room_total += 1;
                self.rooms.push(p);
                true
            }
            _ => false,
        }
    }

    /// Number of 4-neighbours of `p` that are rooms.
    #[inline]
    pub fn filled_neighbours(&self, p: Pos) -> u32 {
        DIRS.iter()
            .filter(|&&(dx, dy, _, _)| self.is_room((p.0 + dx, p.1 + dy)))
            .count() as u32
    }

    /// Fills `masks` (every pair of adjacent rooms shares a door) and lists
    /// the dead ends in row-major order, without branching on the cells
    /// ([`scan_cells`]).
    pub(super) fn scan_doors(&mut self) {
        let (w, h) = (self.width as usize, self.height as usize);
        let occ = &self.occupied;
        let (masks, dead_ends) = (&mut self.masks, &mut self.dead_ends);
        dead_ends.clear();
        scan_cells(w, h, |c| {
            let side = |k: usize| u8::from(occ[c.at[k]]) & c.on[k];
            let sides =
                (side(0) * DOOR_N) | (side(1) * DOOR_E) | (side(2) * DOOR_S) | (side(3) * DOOR_W);
            let m = u8::from(occ[c.cell]) * sides;
            masks[c.cell] = m;
            if m.is_power_of_two() {
                dead_ends.push((c.cell, (c.x as i32, c.y as i32)));
            }
        });
    }

    /// On a floor with large rooms, replaces the cell dead ends
    /// `scan_doors` listed with the rooms that have exactly one door (an
    /// open side into another room), each at the cell holding that door,
    /// row-major; fills `exits`.
    pub(super) fn room_dead_ends(&mut self) {
        let w = self.width as usize;
        self.exits.clear();
        self.exits.resize(self.room_total, 0);
        let outward = |s: &Self, i: usize| -> u32 {
            let m = s.masks[i];
            let n = s.occupied.len();
            let mut out = 0;
            for (k, j) in [i.wrapping_sub(w), i + 1, i + w, i.wrapping_sub(1)]
                .into_iter()
                .enumerate()
            {
                if m & (1 << k) != 0 && j < n && s.room_of[j] != s.room_of[i] {
                    out += 1;
                }
            }
            out
        };
        for k in 0..self.rooms.len() {
            if let Some(i) = self.idx(self.rooms[k]) {
                let o = outward(self, i);
                self.exits[self.room_of[i] as usize] += o;
            }
        }
        self.dead_ends.clear();
        for k in 0..self.rooms.len() {
            let p = self.rooms[k];
            if let Some(i) = self.idx(p)
                && self.exits[self.room_of[i] as usize] == 1
                && outward(self, i) == 1
            {
                self.dead_ends.push((i, p));
            }
        }
        // Row-major, as `scan_doors` lists them.
        self.dead_ends.sort_unstable_by_key(|d| d.0);
    }

    /// The position of cell index `i`.
    #[inline]
    pub(super) fn pos_of(&self, i: usize) -> Pos {
        let w = self.width as usize;
        ((i % w) as i32, (i / w) as i32)
    }

    /// Distances in rooms from cell index `from` into `dist` (-1 where
    /// unreachable) through the masks: every cell of a room gets the
    /// room's distance, so a large room is one step however it is crossed.
    pub(super) fn room_distances(&mut self, from: usize) {
        let w = self.width as usize;
        let n = self.occupied.len();
        self.dist.clear();
        self.dist.resize(n, -1);
        self.queue.clear();
        self.flood(from, 0);
        let mut head = 0;
        while let Some(&c) = self.queue.get(head) {
            head += 1;
            let c = c as usize;
            let (m, d) = (self.masks[c], self.dist[c]);
            for (k, j) in [c.wrapping_sub(w), c + 1, c + w, c.wrapping_sub(1)]
                .into_iter()
                .enumerate()
            {
                if m & (1 << k) != 0 && j < n && self.dist[j] < 0 {
                    self.flood(j, d + 1);
                }
            }
        }
    }

    /// Gives every cell of the room holding cell index `i` distance `d`
    /// and queues them.
    fn flood(&mut self, i: usize, d: i32) {
        match self.large_at(i) {
            Some((shape, first)) => {
                for k in first..first + shape.cell_count() {
                    if let Some(j) = self.idx(self.rooms[k]) {
                        self.dist[j] = d;
                        self.queue.push(j as u32);
                    }
                }
            }
            None => {
                self.dist[i] = d;
                self.queue.push(i as u32);
            }
        }
    }

    /// Builds the output grid from the accepted layout (after `choose_ends`,
    /// which left every pair of adjacent rooms sharing a door).
    pub fn to_grid(
        &self,
        generator: &str,
        seed: u64,
        level: i32,
        start: Pos,
        end: Pos,
    ) -> DungeonGrid {
        let mut g = DungeonGrid::new(self.width, self.height);
        for &p in &self.rooms {
            g.set(p, Cell::Room);
        }
        g.rooms.clone_from(&self.rooms);
        g.large_rooms = self.large.iter().map(|l| (l.0, l.1)).collect();
        if !self.roles.is_empty() {
            g.specials = self
                .roles
                .iter()
                .filter_map(|&(p, role)| Some((self.room_of[self.idx(p)?] as usize, role)))
                .collect();
            g.specials.sort_unstable_by_key(|s| s.0);
        }
        g.set_ends(start, end);
        g.doors.copy_from_slice(&self.masks);
        g.stamp(generator, seed, level);
        g
    }
}

/// One cell of a [`scan_cells`] walk and its four neighbours, N E S W (the
/// order of [`DIRS`] and the door bits).
#[derive(Clone, Copy)]
pub(super) struct Around {
    /// The cell's row-major index.
    pub cell: usize,
    pub x: usize,
    pub y: usize,
    /// Each neighbour's index; a side off the grid gives an index inside
    /// it (clamped), to be masked off with `on`.
    pub at: [usize; 4],
    /// 1 where the side's neighbour is on the grid, 0 where it is not.
    pub on: [u8; 4],
}

/// Calls `f` on every cell of a `w`×`h` row-major grid, row by row.
///
/// Nothing branches on the cells: whether a cell is a room is close to a
/// coin flip on a half-full grid, so a branch on it would be mispredicted
/// often. Callers read each neighbour at `at[k]` (always a valid index) and
/// mask the result with `on[k]` instead of testing for the grid's edge.
#[inline(always)]
pub(super) fn scan_cells(w: usize, h: usize, mut f: impl FnMut(Around)) {
    let mut i = 0;
    for y in 0..h {
        let (up, down) = (u8::from(y > 0), u8::from(y + 1 < h));
        let above = if y > 0 { i - w } else { i };
        let below = if y + 1 < h { i + w } else { i };
        for x in 0..w {
            let (left, right) = (u8::from(x > 0), u8::from(x + 1 < w));
            let cell = i + x;
            f(Around {
                cell,
                x,
                y,
                at: [
                    above + x,
                    cell + usize::from(right),
                    below + x,
                    cell - usize::from(left),
                ],
                on: [up, right, down, left],
            });
        }
        i += w;
    }
}
