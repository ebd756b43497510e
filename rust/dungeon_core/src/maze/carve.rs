//! The four carving passes: rooms, the maze between them, the connectors
//! that join every region, and dead-end removal. They work on the grid's
//! cell and mask arrays directly, in row-major indices.

use super::MazeConfig;
use crate::grid::{Cell, Rect};
use crate::rng::DungeonRng;

/// No region here (a wall).
const NONE: u32 = u32::MAX;

/// A uniform odd number in `lo..=hi` (both odd).
fn odd(rng: &mut DungeonRng, lo: i32, hi: i32) -> i32 {
    lo + 2 * rng.below(((hi - lo) / 2 + 1) as u32) as i32
}

/// Whether `r` and `o` overlap or touch (no wall tile between them).
fn touches(r: &Rect, o: &Rect) -> bool {
    Rect::new(r.x - 1, r.y - 1, r.w + 2, r.h + 2).overlaps(o)
}

/// Rooms of odd size at odd positions, none touching another: up to
/// `room_attempts` random drops. When fewer than two stay, two rooms of
/// `room_min_size` at the first free odd spots, row by row, instead
/// (validation makes sure two fit). `None` only if validation was skipped.
pub(super) fn place_rooms(c: &MazeConfig, rng: &mut DungeonRng) -> Option<Vec<Rect>> {
    let mut rects: Vec<Rect> = Vec::new();
    for _ in 0..c.room_attempts {
        let w = odd(rng, c.room_min_size, c.room_max_size);
        let h = odd(rng, c.room_min_size, c.room_max_size);
        // x in 1, 3, …, width - w - 1: the last column stays wall.
        let x = 1 + 2 * rng.below(((c.width - w) / 2) as u32) as i32;
        let y = 1 + 2 * rng.below(((c.height - h) / 2) as u32) as i32;
        let r = Rect::new(x, y, w, h);
        if !rects.iter().any(|o| touches(&r, o)) {
            rects.push(r);
        }
    }
    if rects.len() >= 2 {
        return Some(rects);
    }
    rects.clear();
    let m = c.room_min_size;
    for y in (1..=c.height - 1 - m).step_by(2) {
        for x in (1..=c.width - 1 - m).step_by(2) {
            let r = Rect::new(x, y, m, m);
            if !rects.iter().any(|o| touches(&r, o)) {
                rects.push(r);
                if rects.len() == 2 {
                    return Some(rects);
                }
            }
        }
    }
    None
}

/// The carving state: cells, the region of each tile, the grid's width.
pub(super) struct Carver<'a> {
    pub cells: &'a mut [Cell],
    pub masks: &'a mut [u8],
    pub region: Vec<u32>,
    pub width: usize,
    pub height: usize,
    pub regions: u32,
    pub rooms: u32,
}

/// Steps between odd cells: (dx, dy) per direction N E S W.
const STEPS: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

impl<'a> Carver<'a> {
    pub fn new(cells: &'a mut [Cell], masks: &'a mut [u8], width: usize, height: usize) -> Self {
        let n = cells.len();
        Self {
            cells,
            masks,
            region: vec![NONE; n],
            width,
            height,
            regions: 0,
            rooms: 0,
        }
    }

    /// Paints the rooms; room `k` is region `k`.
    pub fn paint_rooms(&mut self, rects: &[Rect]) {
        for r in rects {
            for y in r.y..r.y + r.h {
                let row = y as usize * self.width;
                for x in r.x..r.x + r.w {
                    self.cells[row + x as usize] = Cell::Room;
                    self.region[row + x as usize] = self.regions;
                }
            }
            self.regions += 1;
        }
        self.rooms = self.regions;
    }

    /// Fills every odd cell outside the rooms with a growing-tree maze, one
    /// region per tree. Each step carves a new cell, so the work is linear.
    pub fn grow_mazes(&mut self, windiness: f64, rng: &mut DungeonRng) {
        let w = self.width;
        let mut stack: Vec<usize> = Vec::new();
        for y in (1..self.height).step_by(2) {
            for x in (1..w).step_by(2) {
                let i = y * w + x;
                if self.cells[i] != Cell::Empty {
                    continue;
                }
                let region = self.regions;
                self.regions += 1;
                self.carve(i, region);
                stack.push(i);
                let mut last: Option<usize> = None;
                while let Some(&at) = stack.last() {
                    let (cx, cy) = (at % w, at / w);
                    let mut open = [0usize; 4];
                    let mut count = 0;
                    for (d, &(dx, dy)) in STEPS.iter().enumerate() {
                        let (tx, ty) = (cx as isize + 2 * dx, cy as isize + 2 * dy);
                        if tx > 0
                            && ty > 0
                            && (tx as usize) < w - 1
                            && (ty as usize) < self.height - 1
                            && self.cells[ty as usize * w + tx as usize] == Cell::Empty
                        {
                            open[count] = d;
                            count += 1;
                        }
                    }
                    if count == 0 {
                        stack.pop();
                        last = None;
                        continue;
                    }
                    let dir = match last {
                        Some(l) if open[..count].contains(&l) && !rng.chance(windiness) => l,
                        _ => open[rng.below(count as u32) as usize],
                    };
                    let (dx, dy) = STEPS[dir];
                    let mid = ((cy as isize + dy) as usize) * w + (cx as isize + dx) as usize;
                    let next =
                        ((cy as isize + 2 * dy) as usize) * w + (cx as isize + 2 * dx) as usize;
                    self.carve(mid, region);
                    self.carve(next, region);
                    stack.push(next);
                    last = Some(dir);
                }
            }
        }
    }

    fn carve(&mut self, i: usize, region: u32) {
        self.cells[i] = Cell::Corridor;
        self.region[i] = region;
    }

    /// Joins every region: the connectors (wall tiles between two tiles of
    /// different regions, in line) are shuffled, and each opens if it joins
    /// two regions not yet joined (Kruskal's spanning tree over a
    /// union–find), or else with `extra` chance (a loop). A connector that
    /// touches a room becomes a door, one between two maze regions a
    /// corridor tile.
    pub fn connect(&mut self, extra: f64, rng: &mut DungeonRng) {
        let (w, h) = (self.width, self.height);
        let mut connectors: Vec<(u32, u32, u32)> = Vec::new();
        for y in 1..h - 1 {
            // Tiles with exactly one even coordinate: horizontal neighbours on
            // odd rows, vertical ones on even rows.
            let (first, across) = if y % 2 == 1 { (2, 1) } else { (1, w) };
            for x in (first..w - 1).step_by(2) {
                let i = y * w + x;
                if self.cells[i] != Cell::Empty {
                    continue;
                }
                let (a, b) = (self.region[i - across], self.region[i + across]);
                if a != NONE && b != NONE && a != b {
                    connectors.push((i as u32, a, b));
                }
            }
        }
        rng.shuffle(&mut connectors);
        let mut parent: Vec<u32> = (0..self.regions).collect();
        for (i, a, b) in connectors {
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            let open = if ra == rb {
                rng.chance(extra)
            } else {
                parent[ra as usize] = rb;
                true
            };
            if open {
                let door = a < self.rooms || b < self.rooms;
                self.cells[i as usize] = if door { Cell::Door } else { Cell::Corridor };
            }
        }
    }

    /// Opens a side between every two 4-adjacent walkable tiles. Carving
    /// only ever puts walkable tiles side by side where they are meant to
    /// join (maze steps, connectors, room floor), so these are the map's
    /// doors.
    pub fn open_masks(&mut self) {
        let w = self.width;
        let n = self.cells.len();
        for i in 0..n {
            if self.cells[i] == Cell::Empty {
                continue;
            }
            if (i + 1) % w != 0 && self.cells[i + 1] != Cell::Empty {
                self.masks[i] |= 2;
                self.masks[i + 1] |= 8;
            }
            if i + w < n && self.cells[i + w] != Cell::Empty {
                self.masks[i] |= 4;
                self.masks[i + w] |= 1;
            }
        }
    }

    /// Fills in a `share` of the dead ends (corridor or door tiles with one
    /// open side), chosen at random, each back to the first tile that still
    /// has two open sides (or a room). Each step removes a tile, so the work
    /// is linear; `share = 1` leaves no dead end.
    pub fn remove_dead_ends(&mut self, share: f64, rng: &mut DungeonRng) {
        let mut ends: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.is_dead_end(i))
            .collect();
        rng.shuffle(&mut ends);
        let keep = ((1.0 - share) * ends.len() as f64).round() as usize;
        let take = ends.len() - keep.min(ends.len());
        let w = self.width;
        for &first in &ends[..take] {
            let mut at = Some(first);
            while let Some(i) = at.filter(|&i| self.is_dead_end(i)) {
                self.cells[i] = Cell::Empty;
                at = None;
                let m = self.masks[i];
                for (bit, back, j) in [
                    (1u8, 4u8, i.wrapping_sub(w)),
                    (2, 8, i + 1),
                    (4, 1, i + w),
                    (8, 2, i.wrapping_sub(1)),
                ] {
                    if m & bit != 0 {
                        self.masks[j] &= !back;
                        at = Some(j);
                    }
                }
                self.masks[i] = 0;
            }
        }
    }

    fn is_dead_end(&self, i: usize) -> bool {
        matches!(self.cells[i], Cell::Corridor | Cell::Door) && self.masks[i].count_ones() <= 1
    }
}

/// The root of `x`'s set, halving the path on the way.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}
