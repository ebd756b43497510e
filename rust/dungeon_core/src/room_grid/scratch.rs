//! The state one attempt grows into, reused across attempts.

use crate::grid::{Cell, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, Pos, RoomRole};

/// An occupancy map, the rooms in placement order, and the buffers the end
/// rules use. Reused across attempts so the hot loops allocate nothing.
pub(crate) struct RoomScratch {
    pub width: i32,
    pub height: i32,
    pub occupied: Vec<bool>,
    pub rooms: Vec<Pos>,
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
    /// the dead ends in row-major order.
    ///
    /// The masks are computed without branching on the cells: whether a cell
    /// is a room is close to a coin flip on a half-full grid, so a branch on
    /// it would be mispredicted often. Each neighbour is read at a clamped
    /// index and masked off at the grid edge.
    pub(super) fn scan_doors(&mut self) {
        let (w, h) = (self.width as usize, self.height as usize);
        let occ = &self.occupied;
        self.dead_ends.clear();
        let mut i = 0;
        for y in 0..h {
            let (up, down) = (u8::from(y > 0), u8::from(y + 1 < h));
            let above = if y > 0 { i - w } else { i };
            let below = if y + 1 < h { i + w } else { i };
            for x in 0..w {
                let (left, right) = (u8::from(x > 0), u8::from(x + 1 < w));
                let n = u8::from(occ[above + x]) & up;
                let e = u8::from(occ[i + x + usize::from(right)]) & right;
                let s = u8::from(occ[below + x]) & down;
                let west = u8::from(occ[i + x - usize::from(left)]) & left;
                let sides = (n * DOOR_N) | (e * DOOR_E) | (s * DOOR_S) | (west * DOOR_W);
                let m = u8::from(occ[i + x]) * sides;
                self.masks[i + x] = m;
                if m.is_power_of_two() {
                    self.dead_ends.push((i + x, (x as i32, y as i32)));
                }
            }
            i += w;
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
        if !self.roles.is_empty() {
            // Rooms are few (dozens) and specials fewer: a scan per special.
            g.specials = self
                .roles
                .iter()
                .filter_map(|&(p, role)| Some((self.rooms.iter().position(|&r| r == p)?, role)))
                .collect();
            g.specials.sort_unstable_by_key(|s| s.0);
        }
        g.set_ends(start, end);
        g.doors.copy_from_slice(&self.masks);
        g.generator = generator.to_owned();
        g.seed = seed;
        g.level = level;
        g
    }
}
