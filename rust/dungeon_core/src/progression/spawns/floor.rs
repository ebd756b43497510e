//! One tile-map room's floor as a small graph: which tiles may hold a
//! point, and whether a set of points still leaves every way through the
//! room open.
//!
//! *Terminals* are the tiles a player must be able to walk between: the
//! room's doorway tiles (a floor tile with an open side out of the room)
//! and the start, end and key tiles inside it. A tile *blocks* when taking
//! it out of the floor separates two terminals, or is a terminal itself.
//! Blocking tiles are found with one depth-first search (Tarjan 1972's
//! discovery times and low links, on an explicit stack): a tile separates
//! the floor into the search subtrees of its children `c` with
//! `low[c] ≥ disc[tile]` and the rest; it blocks when two of those parts
//! hold a terminal.

use crate::grid::{DIRS, DungeonGrid, Pos, Room};
use crate::paint::NEIGHBOURS_8;

/// No discovery time yet.
const UNSEEN: u32 = u32::MAX;

/// A room's floor, indexed row by row over its rectangle.
pub(super) struct Floor {
    x: i32,
    y: i32,
    w: usize,
    /// Per tile: the open sides to floor tiles of the same room (0 off the
    /// floor).
    open: Vec<u8>,
    on_floor: Vec<bool>,
    terminal: Vec<bool>,
}

impl Floor {
    /// The floor of `room`; `marked` are the start, end and key tiles.
    pub(super) fn new(g: &DungeonGrid, room: &Room, marked: &[Pos]) -> Self {
        let (w, h) = (room.rect.w.max(0) as usize, room.rect.h.max(0) as usize);
        let mut f = Floor {
            x: room.rect.x,
            y: room.rect.y,
            w,
            open: vec![0; w * h],
            on_floor: vec![false; w * h],
            terminal: vec![false; w * h],
        };
        for p in room.cells() {
            let Some(i) = f.index(p) else { continue };
            if !g.cell(p).is_walkable() {
                continue;
            }
            f.on_floor[i] = true;
            let mask = g.door_mask(p);
            for (dx, dy, bit, _) in DIRS {
                if mask & bit == 0 {
                    continue;
                }
                let q = (p.0 + dx, p.1 + dy);
                if room.contains(q) && g.cell(q).is_walkable() {
                    f.open[i] |= bit;
                } else if g.cell(q).is_walkable() {
                    f.terminal[i] = true;
                }
            }
            f.terminal[i] |= marked.contains(&p);
        }
        f
    }

    /// The index of `p`, if it lies in the rectangle.
    pub(super) fn index(&self, p: Pos) -> Option<usize> {
        let (dx, dy) = (p.0 - self.x, p.1 - self.y);
        if dx < 0 || dy < 0 || dx as usize >= self.w {
            return None;
        }
        let i = dy as usize * self.w + dx as usize;
        (i < self.on_floor.len()).then_some(i)
    }

    /// The tile at index `i`.
    pub(super) fn pos(&self, i: usize) -> Pos {
        let w = self.w.max(1);
        (self.x + (i % w) as i32, self.y + (i / w) as i32)
    }

    /// The floor neighbour of `i` through side `d` (0..4 in `DIRS` order).
    /// A side is open only toward a floor tile of the room, so the
    /// neighbour lies in the rectangle.
    fn step(&self, i: usize, d: usize) -> Option<usize> {
        let &(_, _, bit, _) = DIRS.get(d)?;
        if self.open.get(i)? & bit == 0 {
            return None;
        }
        match d {
            0 => i.checked_sub(self.w),
            1 => i.checked_add(1),
            2 => i.checked_add(self.w),
            _ => i.checked_sub(1),
        }
        .filter(|&j| j < self.open.len())
    }

    /// Per tile, whether it blocks (see the module docs).
    pub(super) fn blocking(&self) -> Vec<bool> {
        let n = self.on_floor.len();
        let mut disc = vec![UNSEEN; n];
        let mut low = vec![0u32; n];
        let mut parent = vec![usize::MAX; n];
        // Terminals in the search subtree; parts with terminals cut off by
        // removing the tile, and the terminals in them.
        let mut sub = vec![0u32; n];
        let mut parts = vec![0u32; n];
        let mut cut_off = vec![0u32; n];
        let mut blocks = self.terminal.clone();
        let mut time = 0u32;
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut component = Vec::new();
        for root in 0..n {
            if !self.on_floor[root] || disc[root] != UNSEEN {
                continue;
            }
            component.clear();
            disc[root] = time;
            low[root] = time;
            time += 1;
            sub[root] = u32::from(self.terminal[root]);
            component.push(root);
            stack.push((root, 0));
            // Each tile is pushed once and each of its four sides tried once.
            while let Some(top) = stack.last_mut() {
                let (v, d) = *top;
                if d < DIRS.len() {
                    top.1 += 1;
                    let Some(u) = self.step(v, d) else { continue };
                    if disc[u] == UNSEEN {
                        parent[u] = v;
                        disc[u] = time;
                        low[u] = time;
                        time += 1;
                        sub[u] = u32::from(self.terminal[u]);
                        component.push(u);
                        stack.push((u, 0));
                    } else if u != parent[v] {
                        low[v] = low[v].min(disc[u]);
                    }
                    continue;
                }
                stack.pop();
                if let Some(&(p, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    sub[p] += sub[v];
                    if low[v] >= disc[p] && sub[v] > 0 {
                        parts[p] += 1;
                        cut_off[p] += sub[v];
                    }
                }
            }
            let total = sub[root];
            for &v in &component {
                let rest = total - u32::from(self.terminal[v]) - cut_off[v];
                if parts[v] + u32::from(rest > 0) >= 2 {
                    blocks[v] = true;
                }
            }
        }
        blocks
    }

    /// Whether taking tile `i` off the floor (with the tiles marked in
    /// `taken` already off) surely leaves the other tiles as connected as
    /// before: its floor neighbours are joined to each other around it,
    /// through the ring of eight tiles that surrounds it (a *simple* tile
    /// in the sense of Rosenfeld's digital topology). A `false` says
    /// nothing: the caller then searches.
    pub(super) fn is_simple(&self, i: usize, taken: &[bool]) -> bool {
        // The ring (`NEIGHBOURS_8`, clockwise from the north): the side
        // (`DIRS` index) from each ring tile to the next.
        const NEXT_SIDE: [usize; 8] = [1, 2, 2, 3, 3, 0, 0, 1];
        let c = self.pos(i);
        let at = |k: usize| {
            let (dx, dy) = NEIGHBOURS_8[k % 8];
            self.index((c.0 + dx, c.1 + dy))
                .filter(|&j| self.is_floor(j) && !taken.get(j).copied().unwrap_or(true))
        };
        // `link[k]`: ring tiles k and k + 1 are both present and joined.
        let mut link = [false; 8];
        for (k, l) in link.iter_mut().enumerate() {
            if let (Some(a), Some(b)) = (at(k), at(k + 1)) {
                *l = self.step(a, NEXT_SIDE[k]) == Some(b);
            }
        }
        // Ring runs: a new label after every missing link.
        let first = link.iter().position(|&l| !l);
        let mut label = [0u8; 8];
        if let Some(f) = first {
            let mut current = 0u8;
            for s in 1..=8 {
                let k = (f + s) % 8;
                label[k] = current;
                if !link[k] {
                    current += 1;
                }
            }
        }
        let mut ports = (0..4)
            .filter(|&d| {
                self.step(i, d)
                    .is_some_and(|j| !taken.get(j).copied().unwrap_or(true))
            })
            .map(|d| label[2 * d]);
        match ports.next() {
            None => true,
            Some(l) => ports.all(|m| m == l),
        }
    }

    /// Whether every terminal can still reach every other with the tiles
    /// in `taken` off the floor.
    pub(super) fn keeps_ways(&self, taken: &[usize]) -> bool {
        let n = self.on_floor.len();
        if taken.iter().any(|&t| self.is_terminal(t)) {
            return false;
        }
        let mut seen = vec![false; n];
        for &t in taken {
            if let Some(s) = seen.get_mut(t) {
                *s = true;
            }
        }
        let Some(first) = (0..n).find(|&i| self.terminal[i]) else {
            return true;
        };
        let mut reached = vec![false; n];
        reached[first] = true;
        seen[first] = true;
        let mut queue = vec![first];
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            for d in 0..DIRS.len() {
                if let Some(u) = self.step(v, d)
                    && !seen[u]
                {
                    seen[u] = true;
                    reached[u] = true;
                    queue.push(u);
                }
            }
        }
        (0..n).all(|i| !self.terminal[i] || reached[i])
    }

    /// Whether `i` is a floor tile.
    pub(super) fn is_floor(&self, i: usize) -> bool {
        self.on_floor.get(i).copied().unwrap_or(false)
    }

    /// Whether `i` is a terminal.
    pub(super) fn is_terminal(&self, i: usize) -> bool {
        self.terminal.get(i).copied().unwrap_or(false)
    }

    /// Number of tiles in the rectangle.
    pub(super) fn len(&self) -> usize {
        self.on_floor.len()
    }
}
