//! Graph questions about a grid: BFS distances, paths, connectivity, dead ends.
//!
//! Movement follows door masks: a walker crosses from a cell to its neighbour
//! only through an open side. [`bfs`] works on a bare mask slice so generators
//! can use it on their scratch buffers before a [`DungeonGrid`] exists.

use crate::grid::{Cell, DIRS, DungeonGrid, Pos};

/// Marks an unreachable cell in a distance field.
pub const UNREACHABLE: i32 = -1;

/// Breadth-first distances from `from` over a row-major door-mask field.
///
/// `dist` is resized to `masks.len()` and filled (`UNREACHABLE` where no path
/// exists); `queue` is scratch space reused between calls. Returns the index
/// of the last cell reached (a farthest one).
pub fn bfs(
    width: i32,
    masks: &[u8],
    from: usize,
    dist: &mut Vec<i32>,
    queue: &mut Vec<u32>,
) -> usize {
    dist.clear();
    dist.resize(masks.len(), UNREACHABLE);
    queue.clear();
    if from >= masks.len() || width < 1 {
        return from;
    }
    let w = width as usize;
    let n = masks.len();
    dist[from] = 0;
    queue.reserve(n);
    queue.push(from as u32);
    let mut head = 0;
    let mut last = from;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let i = i as usize;
        last = i;
        let d = dist[i] + 1;
        let m = masks[i];
        // Door masks are symmetric (`DungeonGrid::check`), so an open side
        // never leads off the grid. A malformed mask can only make a step
        // wrap to another row or past the end, which `get_mut` drops: no
        // panic, and no division in the hot loop.
        for (bit, j) in [
            (DIRS[0].2, i.wrapping_sub(w)),
            (DIRS[1].2, i + 1),
            (DIRS[2].2, i + w),
            (DIRS[3].2, i.wrapping_sub(1)),
        ] {
            if m & bit != 0
                && let Some(dj) = dist.get_mut(j)
                && *dj == UNREACHABLE
            {
                *dj = d;
                queue.push(j as u32);
            }
        }
    }
    last
}

impl DungeonGrid {
    /// BFS distance (in steps through doors) from `from` to every cell,
    /// row-major; `UNREACHABLE` (-1) where there is no path.
    #[must_use]
    pub fn distances_from(&self, from: Pos) -> Vec<i32> {
        let mut dist = Vec::new();
        match self.index(from) {
            Some(i) => {
                bfs(self.width, &self.doors, i, &mut dist, &mut Vec::new());
            }
            None => dist.resize(self.cells.len(), UNREACHABLE),
        }
        dist
    }

    /// Steps from the start cell to `p`; `-1` if `p` is unreachable or outside.
    #[must_use]
    pub fn distance_from_start(&self, p: Pos) -> i32 {
        self.index(p)
            .map_or(UNREACHABLE, |i| self.distances_from(self.start)[i])
    }

    /// A shortest path from `from` to `to` through doors, both ends included;
    /// `None` when there is none (or either end is outside or not walkable).
    #[must_use]
    pub fn path(&self, from: Pos, to: Pos) -> Option<Vec<Pos>> {
        self.path_on(&self.doors, &self.doors, from, to)
    }

    /// [`DungeonGrid::path`] over the door masks `forward` (per cell, the
    /// sides a walker may leave it through; one-way sides allowed), given
    /// with `backward`, the same sides seen from the cell they lead to
    /// (`forward` itself when every side opens both ways). Either end
    /// outside, not walkable or unreachable gives `None`.
    pub(crate) fn path_on(
        &self,
        forward: &[u8],
        backward: &[u8],
        from: Pos,
        to: Pos,
    ) -> Option<Vec<Pos>> {
        let (fi, ti) = (self.index(from)?, self.index(to)?);
        if !self.cells[fi].is_walkable() || !self.cells[ti].is_walkable() {
            return None;
        }
        // BFS back from the goal, then walk downhill from the source.
        let mut dist = Vec::new();
        bfs(self.width, backward, ti, &mut dist, &mut Vec::new());
        let steps = *dist.get(fi).filter(|&&d| d != UNREACHABLE)?;
        let mut path = Vec::with_capacity(steps as usize + 1);
        let mut p = from;
        path.push(p);
        // Each step lowers the distance by one: `steps` steps reach `to`.
        for _ in 0..steps {
            let i = self.index(p)?;
            let (d, mask) = (*dist.get(i)?, *forward.get(i)?);
            p = DIRS.iter().find_map(|&(dx, dy, bit, _)| {
                let q = (p.0 + dx, p.1 + dy);
                let nearer = self.index(q).and_then(|j| dist.get(j)) == Some(&(d - 1));
                (mask & bit != 0 && nearer).then_some(q)
            })?;
            path.push(p);
        }
        Some(path)
    }

    /// Door masks `masks` seen from the other side: a cell gets the side
    /// toward each neighbour that may step into it.
    pub(crate) fn reversed_masks(&self, masks: &[u8]) -> Vec<u8> {
        let mut out = vec![0; masks.len()];
        for (i, &m) in masks.iter().enumerate() {
            let p = self.pos(i);
            for &(dx, dy, bit, back) in &DIRS {
                if m & bit != 0
                    && let Some(o) = self
                        .index((p.0 + dx, p.1 + dy))
                        .and_then(|j| out.get_mut(j))
                {
                    *o |= back;
                }
            }
        }
        out
    }

    /// Whether every walkable cell can reach every other through doors.
    /// A grid with no walkable cell is not connected.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        let Some(first) = self.cells.iter().position(|c| c.is_walkable()) else {
            return false;
        };
        let mut dist = Vec::new();
        bfs(self.width, &self.doors, first, &mut dist, &mut Vec::new());
        self.cells
            .iter()
            .zip(&dist)
            .all(|(c, &d)| !c.is_walkable() || d != UNREACHABLE)
    }

    /// Rooms with exactly one walkable neighbour (outside the grid counts as
    /// empty), in scan order. On a room grid with large rooms, a large room
    /// with exactly one door is a dead end too, listed at the cell that
    /// door is in (the sides between its own cells are no doors).
    #[must_use]
    pub fn dead_ends(&self) -> Vec<Pos> {
        (0..self.cells.len())
            .map(|i| self.pos(i))
            .filter(|&p| self.is_dead_end(p))
            .collect()
    }

    /// Whether `p` is a dead end (see [`DungeonGrid::dead_ends`]).
    #[must_use]
    pub fn is_dead_end(&self, p: Pos) -> bool {
        if !self.cell(p).is_room() {
            return false;
        }
        if self.large_rooms.is_empty() {
            return self.door_mask(p).count_ones() == 1;
        }
        self.room_at(p)
            .map(|r| self.room_doors(r))
            .is_some_and(|d| d.len() == 1 && d[0].0 == p)
    }

    /// Whether any 2×2 block is made entirely of rooms.
    #[must_use]
    pub fn has_room_block(&self) -> bool {
        let r = |x, y| self.cell((x, y)).is_room();
        (0..self.height - 1).any(|y| {
            (0..self.width - 1).any(|x| r(x, y) && r(x + 1, y) && r(x, y + 1) && r(x + 1, y + 1))
        })
    }

    /// Number of door connections (each shared side counted once).
    #[must_use]
    pub fn door_count(&self) -> usize {
        self.doors
            .iter()
            .map(|m| m.count_ones() as usize)
            .sum::<usize>()
            / 2
    }

    /// Whether the rooms and their doors form a tree: connected, and one
    /// fewer door than walkable cells. A large room counts as one room, and
    /// the open sides between its own cells as no doors.
    #[must_use]
    pub fn is_tree(&self) -> bool {
        let (mut inner_sides, mut extra_cells) = (0, 0);
        for r in self
            .large_rooms
            .iter()
            .filter_map(|&(r, _)| self.room_records().get(r))
        {
            let cells: Vec<Pos> = r.cells().collect();
            extra_cells += cells.len() - 1;
            inner_sides += cells
                .iter()
                .flat_map(|&p| [(p.0 + 1, p.1), (p.0, p.1 + 1)])
                .filter(|q| r.contains(*q))
                .count();
        }
        self.is_connected()
            && self.door_count() + 1 + extra_cells == self.walkable_count() + inner_sides
    }

    /// Counts cells of kind `c`.
    #[must_use]
    pub fn count(&self, c: Cell) -> usize {
        self.cells.iter().filter(|&&x| x == c).count()
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::DungeonGrid;

    fn g(s: &str) -> DungeonGrid {
        DungeonGrid::from_ascii(s).unwrap()
    }

    #[test]
    fn distances_and_path_in_a_corridor() {
        let d = g("
            S##.
            ..#.
            ..#E
        ");
        assert!(d.is_connected());
        assert_eq!(d.distance_from_start(d.end()), 5);
        assert_eq!(d.distance_from_start((0, 2)), -1);
        assert_eq!(d.distance_from_start((9, 9)), -1);
        let p = d.path(d.start(), d.end()).unwrap();
        assert_eq!(p, vec![(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (3, 2)]);
        assert_eq!(d.path(d.start(), (0, 1)), None);
        assert_eq!(d.path(d.start(), d.start()).unwrap(), vec![(0, 0)]);
    }

    #[test]
    fn dead_ends_count_edges_as_empty() {
        // The room-grid script skipped out-of-bounds neighbours, so edge rooms
        // were never dead ends. Here (0,0) and (3,2) are.
        let d = g("
            S##.
            ..#.
            ..#E
        ");
        assert_eq!(d.dead_ends(), vec![(0, 0), (3, 2)]);
        assert!(d.is_dead_end((3, 2)) && !d.is_dead_end((1, 0)));
        assert!(d.is_tree());
    }

    #[test]
    fn disconnected_and_blocks() {
        let d = g("
            S#.E
            ##..
        ");
        assert!(!d.is_connected());
        assert!(d.has_room_block());
        assert!(!d.is_tree());
        let e = g("S.E");
        assert!(!e.is_connected());
    }
}
