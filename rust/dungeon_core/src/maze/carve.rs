//! The four carving passes: rooms, the maze between them, the connectors
//! that join every region, and dead-end removal. They work on the grid's
//! cell and mask arrays directly, in row-major indices.

use super::MazeConfig;
use crate::error::GenError;
use crate::grid::{Cell, Rect};
use crate::rng::DungeonRng;
use crate::watch::Span;

/// No region here (a wall).
const NONE: u32 = u32::MAX;

/// A uniform odd number in `lo..=hi` (both odd).
fn odd(rng: &mut DungeonRng, lo: i32, hi: i32) -> i32 {
    lo + 2 * rng.below(((hi - lo) / 2 + 1) as u32) as i32
}

/// Whether `r` and `o` overlap or touch (no wall tile between them).
pub(super) fn touches(r: &Rect, o: &Rect) -> bool {
    Rect::new(r.x - 1, r.y - 1, r.w + 2, r.h + 2).overlaps(o)
}

/// Rooms of odd size at odd positions, none touching another: up to
/// `room_attempts` random drops. When fewer than two stay, two rooms of
/// `room_min_size` at the first free odd spots, row by row, instead
/// (validation makes sure two fit). `None` only if validation was skipped.
///
/// Rooms lie on odd tiles with odd sides, so two touch exactly when they
/// share an odd tile: an occupancy map of the odd tiles answers "touches
/// any room placed so far" in the room's own area, where comparing with
/// every room placed would cost rooms × attempts (the plain test,
/// [`touches`], is the oracle in the tests).
pub(super) fn place_rooms(c: &MazeConfig, rng: &mut DungeonRng) -> Option<Vec<Rect>> {
    let mut rects: Vec<Rect> = Vec::new();
    let lw = (c.width / 2).max(0) as usize;
    let mut taken = if c.room_attempts > 0 {
        vec![false; lw * (c.height / 2).max(0) as usize]
    } else {
        Vec::new()
    };
    for _ in 0..c.room_attempts {
        let w = odd(rng, c.room_min_size, c.room_max_size);
        let h = odd(rng, c.room_min_size, c.room_max_size);
        // x in 1, 3, …, width - w - 1: the last column stays wall.
        let x = 1 + 2 * rng.below(((c.width - w) / 2) as u32) as i32;
        let y = 1 + 2 * rng.below(((c.height - h) / 2) as u32) as i32;
        let r = Rect::new(x, y, w, h);
        // The room's odd tiles, as rows of the occupancy map.
        let (lx, ly) = ((x / 2) as usize, (y / 2) as usize);
        let (cw, ch) = (((w + 1) / 2) as usize, ((h + 1) / 2) as usize);
        let rows = (ly..ly + ch).map(|row| row * lw + lx..row * lw + lx + cw);
        if rows.clone().all(|span| taken[span].iter().all(|&t| !t)) {
            for span in rows {
                taken[span].fill(true);
            }
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

/// The carving state: cells and masks, and the region of each odd tile.
///
/// Rooms and maze cells lie on the odd tiles (odd column and row), the
/// *lattice*: `region` has one entry per odd tile, `lw` per row. Every
/// connector joins two odd tiles, so that is all the regions needed. The
/// masks are opened as tiles are carved (room insides, maze steps, opened
/// connectors), the same sides [`DungeonGrid::connect_adjacent`] would open
/// afterwards (a test checks that), without a pass over the map.
///
/// [`DungeonGrid::connect_adjacent`]: crate::grid::DungeonGrid
pub(super) struct Carver<'a> {
    pub cells: &'a mut [Cell],
    pub masks: &'a mut [u8],
    region: Vec<u32>,
    width: usize,
    /// Odd tiles per row and per column.
    lw: usize,
    lh: usize,
    regions: u32,
    rooms: u32,
}

/// Door-mask bits per direction N E S W, and the opposite side's.
const BIT: [u8; 4] = [1, 2, 4, 8];
const BACK: [u8; 4] = [4, 8, 1, 2];

impl<'a> Carver<'a> {
    pub fn new(cells: &'a mut [Cell], masks: &'a mut [u8], width: usize, height: usize) -> Self {
        let (lw, lh) = (width / 2, height / 2);
        Self {
            cells,
            masks,
            region: vec![NONE; lw * lh],
            width,
            lw,
            lh,
            regions: 0,
            rooms: 0,
        }
    }

    /// Paints the rooms and opens their insides; room `k` is region `k`.
    pub fn paint_rooms(&mut self, rects: &[Rect]) {
        let w = self.width;
        for r in rects {
            let (x0, y0) = (r.x as usize, r.y as usize);
            let (x1, y1) = (x0 + r.w as usize, y0 + r.h as usize);
            for y in y0..y1 {
                let row = y * w;
                for x in x0..x1 {
                    let mut m = 0;
                    if y > y0 {
                        m |= 1;
                    }
                    if x + 1 < x1 {
                        m |= 2;
                    }
                    if y + 1 < y1 {
                        m |= 4;
                    }
                    if x > x0 {
                        m |= 8;
                    }
                    self.cells[row + x] = Cell::Room;
                    self.masks[row + x] = m;
                }
            }
            for ly in y0 / 2..y1.div_ceil(2) {
                let row = ly * self.lw;
                self.region[row + x0 / 2..row + x1.div_ceil(2)].fill(self.regions);
            }
            self.regions += 1;
        }
        self.rooms = self.regions;
    }

    /// Fills every odd cell outside the rooms with a growing-tree maze, one
    /// region per tree. Each step carves a new cell, so the work is linear.
    /// The stack holds odd tiles as `(column, row)` of the lattice, so no
    /// step divides.
    ///
    /// `progress` is checked about every [`CHECK_EVERY`] carved cells (at
    /// the first backtrack after each multiple).
    pub fn grow_mazes(
        &mut self,
        windiness: f64,
        rng: &mut DungeonRng,
        progress: Span<'_>,
    ) -> Result<(), GenError> {
        let (w, lw, lh) = (self.width, self.lw, self.lh);
        let mut stack: Vec<(u32, u32)> = Vec::new();
        let mut carved = Carved {
            count: 0,
            next: CHECK_EVERY,
            total: lw * lh,
            progress,
        };
        for ly in 0..lh {
            for lx in 0..lw {
                let first = ly * lw + lx;
                if self.region[first] != NONE {
                    continue;
                }
                let region = self.regions;
                self.regions += 1;
                self.region[first] = region;
                self.cells[(2 * ly + 1) * w + 2 * lx + 1] = Cell::Corridor;
                stack.push((lx as u32, ly as u32));
                self.grow(&mut stack, region, windiness, rng, &mut carved)?;
            }
        }
        Ok(())
    }

    /// Grows one tree from the cell on `stack` (Nystrom's growing tree:
    /// the newest cell first).
    fn grow(
        &mut self,
        stack: &mut Vec<(u32, u32)>,
        region: u32,
        windiness: f64,
        rng: &mut DungeonRng,
        carved: &mut Carved<'_>,
    ) -> Result<(), GenError> {
        let (w, lw, lh) = (self.width, self.lw, self.lh);
        let mut last: Option<usize> = None;
        // Counted in a local, so the hot loop keeps it in a register.
        let mut done = carved.count;
        while let Some(&(cx, cy)) = stack.last() {
            let (cx, cy) = (cx as usize, cy as usize);
            let at = cy * lw + cx;
            // The free neighbours, N E S W, as (direction, lattice index).
            let mut open = [(0usize, 0usize); 4];
            let mut count = 0;
            for (d, ok, next) in [
                (0, cy > 0, at.wrapping_sub(lw)),
                (1, cx + 1 < lw, at + 1),
                (2, cy + 1 < lh, at + lw),
                (3, cx > 0, at.wrapping_sub(1)),
            ] {
                if ok && self.region[next] == NONE {
                    open[count] = (d, next);
                    count += 1;
                }
            }
            if count == 0 {
                stack.pop();
                last = None;
                // Checked while backtracking, off the carving path.
                if done >= carved.next {
                    carved.next = done + CHECK_EVERY;
                    carved.progress.step(done, carved.total)?;
                }
                continue;
            }
            // Straight on when it can, unless the windiness draw says
            // turn (drawn only when straight on is free).
            let ahead = last.and_then(|l| open[..count].iter().find(|o| o.0 == l));
            let (dir, next) = match ahead {
                Some(&o) if !rng.chance(windiness) => o,
                _ => open[rng.below(count as u32) as usize],
            };
            // Carve the wall between and the next cell, opening both.
            let from = (2 * cy + 1) * w + 2 * cx + 1;
            let (mid, to, nx, ny) = match dir {
                0 => (from - w, from - 2 * w, cx, cy - 1),
                1 => (from + 1, from + 2, cx + 1, cy),
                2 => (from + w, from + 2 * w, cx, cy + 1),
                _ => (from - 1, from - 2, cx - 1, cy),
            };
            self.cells[mid] = Cell::Corridor;
            self.cells[to] = Cell::Corridor;
            self.masks[from] |= BIT[dir];
            self.masks[mid] = BIT[dir] | BACK[dir];
            self.masks[to] |= BACK[dir];
            self.region[next] = region;
            stack.push((nx as u32, ny as u32));
            last = Some(dir);
            done += 1;
        }
        carved.count = done;
        Ok(())
    }

    /// Joins every region: the connectors (wall tiles between two tiles of
    /// different regions, in line) are shuffled, and each opens if it joins
    /// two regions not yet joined (Kruskal's spanning tree over a
    /// union–find), or else with `extra` chance (a loop). A connector that
    /// touches a room becomes a door, one between two maze regions a
    /// corridor tile.
    ///
    /// `progress` is checked every [`CHECK_EVERY`] connectors (half the
    /// phase finding them, half opening them).
    pub fn connect(
        &mut self,
        extra: f64,
        rng: &mut DungeonRng,
        progress: Span<'_>,
    ) -> Result<(), GenError> {
        let (w, lw) = (self.width, self.lw);
        // (tile, region a, region b, across): `across` 1 joins the tiles
        // west and east, `w` those north and south.
        let mut connectors: Vec<(u32, u32, u32)> = Vec::new();
        for y in 1..2 * self.lh {
            if y.is_multiple_of(64) {
                progress.step(y, 4 * self.lh)?;
            }
            // Tiles with exactly one even coordinate: horizontal neighbours on
            // odd rows, vertical ones on even rows.
            if y % 2 == 1 {
                let row = (y / 2) * lw;
                for lx in 0..lw - 1 {
                    let i = y * w + 2 * lx + 2;
                    if self.cells[i] != Cell::Empty {
                        continue;
                    }
                    let (a, b) = (self.region[row + lx], self.region[row + lx + 1]);
                    if a != NONE && b != NONE && a != b {
                        connectors.push((i as u32, a, b));
                    }
                }
            } else {
                let row = (y / 2 - 1) * lw;
                for lx in 0..lw {
                    let i = y * w + 2 * lx + 1;
                    if self.cells[i] != Cell::Empty {
                        continue;
                    }
                    let (a, b) = (self.region[row + lx], self.region[row + lw + lx]);
                    if a != NONE && b != NONE && a != b {
                        connectors.push((i as u32, a, b));
                    }
                }
            }
        }
        rng.shuffle(&mut connectors);
        let mut parent: Vec<u32> = (0..self.regions).collect();
        let total = connectors.len();
        for (k, (i, a, b)) in connectors.into_iter().enumerate() {
            if k.is_multiple_of(CHECK_EVERY) {
                progress.at(0.5 + k as f64 / (2 * total) as f64)?;
            }
            let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
            let open = if ra == rb {
                rng.chance(extra)
            } else {
                parent[ra as usize] = rb;
                true
            };
            if open {
                let i = i as usize;
                let door = a < self.rooms || b < self.rooms;
                self.cells[i] = if door { Cell::Door } else { Cell::Corridor };
                // Odd rows join west and east, even rows north and south.
                if (i / w) % 2 == 1 {
                    self.masks[i] = 2 | 8;
                    self.masks[i - 1] |= 2;
                    self.masks[i + 1] |= 8;
                } else {
                    self.masks[i] = 1 | 4;
                    self.masks[i - w] |= 4;
                    self.masks[i + w] |= 1;
                }
            }
        }
        Ok(())
    }

    /// Fills in a `share` of the dead ends (corridor or door tiles with one
    /// open side), chosen at random, each back to the first tile that still
    /// has two open sides (or a room). Each step removes a tile, so the work
    /// is linear; `share = 1` leaves no dead end.
    ///
    /// Only odd tiles can be dead ends before any is removed (a maze step
    /// and an opened connector join two tiles), so only they are scanned,
    /// in the same order as a scan of the whole map.
    ///
    /// `progress` is checked every [`CHECK_EVERY`] dead ends.
    pub fn remove_dead_ends(
        &mut self,
        share: f64,
        rng: &mut DungeonRng,
        progress: Span<'_>,
    ) -> Result<(), GenError> {
        if share <= 0.0 {
            return Ok(());
        }
        let w = self.width;
        let mut ends: Vec<usize> = Vec::new();
        for ly in 0..self.lh {
            let row = (2 * ly + 1) * w;
            for lx in 0..self.lw {
                let i = row + 2 * lx + 1;
                if self.is_dead_end(i) {
                    ends.push(i);
                }
            }
        }
        rng.shuffle(&mut ends);
        let keep = ((1.0 - share) * ends.len() as f64).round() as usize;
        let take = ends.len() - keep.min(ends.len());
        for (k, &first) in ends[..take].iter().enumerate() {
            if k.is_multiple_of(CHECK_EVERY) {
                progress.step(k, take)?;
            }
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
        Ok(())
    }

    fn is_dead_end(&self, i: usize) -> bool {
        matches!(self.cells[i], Cell::Corridor | Cell::Door) && self.masks[i].count_ones() <= 1
    }
}

/// How many cells (or connectors, or dead ends) a phase handles between
/// two checkpoints: about 0.1 ms of work in a release build.
const CHECK_EVERY: usize = 1 << 14;

/// The maze carving's count of carved cells, for its checkpoints.
struct Carved<'a> {
    count: usize,
    /// The count at which the next checkpoint is due.
    next: usize,
    total: usize,
    progress: Span<'a>,
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
