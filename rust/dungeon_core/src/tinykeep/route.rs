//! Hallway routing: a square brush of `hallway_width` tiles moved from one
//! room's centre to another's, as an L (two legs, one bend) or along the
//! shortest 4-connected way (A*), never through a third room nor, unless
//! crossings are allowed, next to another hallway.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::config::HallwayStyle;
use crate::grid::{Pos, Rect};
use crate::rng::DungeonRng;

/// No room here.
pub(super) const NONE: u32 = u32::MAX;
/// Near two or more rooms' floors at once (blocked for every hallway but
/// those between two of them, which [`Router`] does not track).
const MANY: u32 = u32::MAX - 1;

/// The map as hallways see it while they are being carved.
pub(super) struct Router {
    width: i32,
    height: i32,
    /// Brush side.
    hw: i32,
    /// Walkable tiles stay this far from the map edge.
    border: i32,
    rooms: Vec<Rect>,
    /// The main room whose floor holds each tile.
    room_of: Vec<u32>,
    /// The main rooms whose floor is at most one tile (8-neighbourhood)
    /// away: up to two, then [`MANY`].
    near: Vec<[u32; 2]>,
    /// Tiles at most one tile (8-neighbourhood) from a carved hallway tile
    /// outside the rooms.
    hall: Vec<bool>,
    crossings: bool,
    /// How far past the two rooms' bounding box an A* hallway may detour.
    pub(super) detour: i32,
    /// A* scratch: cost so far, parent, and the stamp that says the first
    /// two belong to the current search.
    cost: Vec<u32>,
    parent: Vec<u32>,
    stamp: Vec<u32>,
    search: u32,
    /// Which commit last listed each tile.
    listed: Vec<u32>,
    commits: u32,
    /// What A* may still spend, in tiles checked (brush area per settled
    /// position), over all searches of one map.
    work_left: u64,
}

/// A* budget per map in tiles checked: past it, searches fail at once and
/// their edges are skipped (the map stays valid, with fewer hallways).
pub(super) const ROUTE_WORK: u64 = 20_000_000;

impl Router {
    /// A router for a `width × height` map holding the main `rooms`.
    pub(super) fn new(
        width: i32,
        height: i32,
        hw: i32,
        border: i32,
        rooms: &[Rect],
        crossings: bool,
    ) -> Self {
        let n = width as usize * height as usize;
        let mut r = Self {
            width,
            height,
            hw,
            border,
            rooms: rooms.to_vec(),
            room_of: vec![NONE; n],
            near: vec![[NONE, NONE]; n],
            hall: vec![false; n],
            crossings,
            detour: 0,
            cost: vec![0; n],
            parent: vec![0; n],
            stamp: vec![0; n],
            search: 0,
            listed: vec![0; n],
            commits: 0,
            work_left: ROUTE_WORK,
        };
        for (id, room) in rooms.iter().enumerate() {
            let id = id as u32;
            for p in room.cells() {
                if let Some(i) = r.index(p) {
                    r.room_of[i] = id;
                }
            }
            let ring = Rect::new(room.x - 1, room.y - 1, room.w + 2, room.h + 2);
            for p in ring.cells() {
                if let Some(i) = r.index(p) {
                    let slot = &mut r.near[i];
                    if slot[0] == NONE || slot[0] == id {
                        slot[0] = id;
                    } else if slot[1] == NONE || slot[1] == id {
                        slot[1] = id;
                    } else {
                        slot[0] = MANY;
                    }
                }
            }
        }
        r
    }

    fn index(&self, p: Pos) -> Option<usize> {
        (p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < self.height)
            .then(|| p.1 as usize * self.width as usize + p.0 as usize)
    }

    /// The main room whose floor holds `p`, or [`NONE`].
    pub(super) fn room_at(&self, p: Pos) -> u32 {
        self.index(p).map_or(NONE, |i| self.room_of[i])
    }

    /// The brush position (top-left tile) at room `r`'s centre, inside it.
    fn anchor(&self, r: usize) -> Pos {
        let room = self.rooms[r];
        let (cx, cy) = room.center();
        let back = (self.hw - 1) / 2;
        (
            (cx - back).clamp(room.x, room.x + room.w - self.hw),
            (cy - back).clamp(room.y, room.y + room.h - self.hw),
        )
    }

    /// Whether the brush may stand at `p` on a hallway from room `a` to `b`.
    fn allowed(&self, p: Pos, a: u32, b: u32) -> bool {
        let lo = self.border;
        if p.0 < lo
            || p.1 < lo
            || p.0 + self.hw > self.width - lo
            || p.1 + self.hw > self.height - lo
        {
            return false;
        }
        for y in p.1..p.1 + self.hw {
            let row = y as usize * self.width as usize;
            for x in p.0..p.0 + self.hw {
                let i = row + x as usize;
                let [n0, n1] = self.near[i];
                let ok = |n: u32| n == NONE || n == a || n == b;
                if !ok(n0) || !ok(n1) {
                    return false;
                }
                let own = self.room_of[i];
                if !self.crossings && self.hall[i] && own != a && own != b {
                    return false;
                }
            }
        }
        true
    }

    /// A way for the brush from room `a`'s centre to room `b`'s, as brush
    /// positions one step apart, or `None` when there is none.
    pub(super) fn route(
        &mut self,
        a: usize,
        b: usize,
        style: HallwayStyle,
        rng: &mut DungeonRng,
    ) -> Option<Vec<Pos>> {
        let (s, g) = (self.anchor(a), self.anchor(b));
        let (ia, ib) = (a as u32, b as u32);
        if style == HallwayStyle::LShaped {
            // Which bend to try first is a coin flip, as in Phi Dinh's
            // TinyKeep.
            let mut corners = [(g.0, s.1), (s.0, g.1)];
            if rng.chance(0.5) {
                corners.swap(0, 1);
            }
            for corner in corners {
                let mut path = line(s, corner);
                path.pop();
                path.extend(line(corner, g));
                if path.iter().all(|&p| self.allowed(p, ia, ib)) {
                    return Some(path);
                }
            }
        }
        let (ra, rb) = (self.rooms[a], self.rooms[b]);
        let x0 = ra.x.min(rb.x) - self.detour;
        let y0 = ra.y.min(rb.y) - self.detour;
        let x1 = (ra.x + ra.w).max(rb.x + rb.w) + self.detour;
        let y1 = (ra.y + ra.h).max(rb.y + rb.h) + self.detour;
        self.astar(s, g, ia, ib, Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// The shortest brush way from `s` to `g` with a small cost for each
    /// bend (so corridors run straight where they can), or `None`. The
    /// brush stays inside `window`, and every position is settled at most
    /// once: at most the window's area in steps.
    fn astar(&mut self, s: Pos, g: Pos, a: u32, b: u32, window: Rect) -> Option<Vec<Pos>> {
        self.search = self.search.wrapping_add(1);
        if self.search == 0 {
            self.stamp.iter_mut().for_each(|v| *v = 0);
            self.search = 1;
        }
        let w = self.width as usize;
        let pos = |i: usize| ((i % w) as i32, (i / w) as i32);
        let h = |p: Pos| 2 * ((p.0 - g.0).unsigned_abs() + (p.1 - g.1).unsigned_abs());
        let si = self.index(s)?;
        let gi = self.index(g)?;
        let mut heap = BinaryHeap::new();
        self.stamp[si] = self.search;
        self.cost[si] = 0;
        self.parent[si] = si as u32;
        heap.push(Reverse((h(s), h(s), si as u32)));
        // Ties on f go to the position nearer the goal (depth first along
        // equally good ways), which settles far fewer positions.
        while let Some(Reverse((f, hq, i))) = heap.pop() {
            let c = f - hq;
            let cost = u64::from(self.hw.unsigned_abs()).pow(2) * 4;
            if self.work_left < cost {
                self.work_left = 0;
                return None;
            }
            self.work_left -= cost;
            let i = i as usize;
            if c > self.cost[i] {
                continue;
            }
            if i == gi {
                let mut path = vec![g];
                let mut at = i;
                while at != si {
                    at = self.parent[at] as usize;
                    path.push(pos(at));
                }
                path.reverse();
                return Some(path);
            }
            let p = pos(i);
            let from = pos(self.parent[i] as usize);
            for (dx, dy) in crate::grid::NEIGHBOURS_4 {
                let q = (p.0 + dx, p.1 + dy);
                if !window.contains(q) {
                    continue;
                }
                let Some(j) = self.index(q) else { continue };
                let bend = i != si && (p.0 - from.0, p.1 - from.1) != (dx, dy);
                let nc = c + 2 + u32::from(bend);
                if self.stamp[j] == self.search && self.cost[j] <= nc {
                    continue;
                }
                if !self.allowed(q, a, b) {
                    continue;
                }
                self.stamp[j] = self.search;
                self.cost[j] = nc;
                self.parent[j] = i as u32;
                heap.push(Reverse((nc + h(q), h(q), j as u32)));
            }
        }
        None
    }

    /// Records a carved hallway and returns its tiles outside the main
    /// rooms, in brush order, each once.
    pub(super) fn commit(&mut self, path: &[Pos]) -> Vec<Pos> {
        let mut tiles = Vec::new();
        self.commits += 1;
        for &p in path {
            for y in p.1..p.1 + self.hw {
                for x in p.0..p.0 + self.hw {
                    let Some(i) = self.index((x, y)) else {
                        continue;
                    };
                    if self.room_of[i] == NONE && self.listed[i] != self.commits {
                        self.listed[i] = self.commits;
                        tiles.push((x, y));
                    }
                }
            }
        }
        if !self.crossings {
            for &(x, y) in &tiles {
                for ny in y - 1..=y + 1 {
                    for nx in x - 1..=x + 1 {
                        if let Some(i) = self.index((nx, ny)) {
                            self.hall[i] = true;
                        }
                    }
                }
            }
        }
        tiles
    }
}

/// The straight run of positions from `a` to `b` (same row or column), both
/// included.
fn line(a: Pos, b: Pos) -> Vec<Pos> {
    let (dx, dy) = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
    let n = (b.0 - a.0).abs().max((b.1 - a.1).abs());
    (0..=n).map(|k| (a.0 + dx * k, a.1 + dy * k)).collect()
}
