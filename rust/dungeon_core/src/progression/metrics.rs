//! Room metrics ([`DungeonGrid::room_metrics`]): distances, the critical
//! path, branches, dead ends, loops and chokepoints, in one call.
//!
//! # The visible graph
//!
//! Everything is measured on the room graph as a player sees it before
//! finding a secret: [`DungeonGrid::connections`] without the connections
//! that touch a secret or super secret room (on floors without secret rooms,
//! the whole room graph). Secret rooms still get distances, through their
//! secret doors, but are never on the critical path, never dead ends, never
//! on a loop and never chokepoints: the level must be finishable, and read,
//! without them.
//!
//! # Definitions (per room `r`; `-1` where there is no value)
//!
//! - `distance_rooms[r]`: the fewest connections from the start room
//!   (breadth-first search; for a secret room, with the secret doors open).
//! - `distance_tiles[r]`: the fewest steps from the start cell to any floor
//!   cell of `r`, with the secret doors closed (secret rooms: open).
//! - `critical_path`: the rooms of the fewest-rooms way from the start room
//!   to the end room, neighbours searched in room order: the same path as
//!   [`DungeonGrid::room_path`] on floors without secret rooms.
//! - `branch_depth[r]`: the fewest connections from `r` to a room of the
//!   critical path (0 on it).
//! - [`DEAD_END`]: exactly one visible connection (start and end included).
//! - [`IN_CYCLE`]: `r` lies on a loop of the visible graph: one of its
//!   connections is not a bridge.
//! - [`CHOKEPOINT`]: every way from the start room to the end room passes
//!   `r` (the start and end rooms included).
//! - `bridges`: the visible connections whose removal splits the graph.
//! - [`RoomMetrics::behind`]`(v)`: the rooms cut off from the start when `v`
//!   is removed (what a lock on `v` would guard).
//!
//! Loops, bridges and chokepoints come from one depth-first search (Tarjan
//! 1972: discovery times and low links, on an explicit stack): a connection
//! from a room to its search child `c` is a bridge when `low[c]` is later
//! than the room's discovery, and the rooms behind `v` are the search
//! subtrees of the children `c` with `low[c]` no earlier than `v`'s
//! discovery, kept as ranges of the search order (memory linear in rooms).
//!
//! Time: linear in rooms and connections, plus one breadth-first search
//! over the tiles for `distance_tiles` (two on floors with secret rooms).
//! Open-floor maps (caves, tunnels, walks) have no rooms: every list is
//! empty.

use crate::adjacency::{NO_PARENT, bfs_tree, tree_path};
use crate::analysis::{self, UNREACHABLE};
use crate::grid::DungeonGrid;

/// Flag: the room is on the critical path.
pub const ON_CRITICAL_PATH: u8 = 1;
/// Flag: the room has exactly one visible connection.
pub const DEAD_END: u8 = 2;
/// Flag: the room lies on a loop of the visible graph.
pub const IN_CYCLE: u8 = 4;
/// Flag: every way from the start room to the end room passes the room.
pub const CHOKEPOINT: u8 = 8;
/// Flag: a secret or super secret room.
pub const SECRET: u8 = 16;

/// No search order: a room the search from the start did not reach.
const UNSEEN: u32 = u32::MAX;

/// Per-room metrics of a grid (see the [module docs](self) for the
/// definitions). Every list is indexed by room number; all are empty on
/// grids without rooms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomMetrics {
    /// Fewest connections from the start room; `-1` if unreachable.
    pub distance_rooms: Vec<i32>,
    /// Fewest steps from the start cell to the room's floor; `-1` if
    /// unreachable.
    pub distance_tiles: Vec<i32>,
    /// Fewest connections to a critical-path room; `-1` if there is no
    /// critical path or no way to it.
    pub branch_depth: Vec<i32>,
    /// The rooms from the start room to the end room, in walking order;
    /// empty when the end room cannot be reached.
    pub critical_path: Vec<usize>,
    /// Per room, an or of [`ON_CRITICAL_PATH`], [`DEAD_END`], [`IN_CYCLE`],
    /// [`CHOKEPOINT`] and [`SECRET`].
    pub flags: Vec<u8>,
    /// The visible connections that are bridges, as room pairs (smaller
    /// first), sorted.
    pub bridges: Vec<(usize, usize)>,
    /// The rooms the search from the start room reached, in search order.
    order: Vec<usize>,
    /// Per room, its place in `order` (`UNSEEN` if not there).
    place: Vec<u32>,
    /// Per room, where its spans start in `spans` (room count + 1 entries).
    span_starts: Vec<u32>,
    /// Ranges `[lo, hi)` of `order`: the rooms behind each room.
    spans: Vec<(u32, u32)>,
}

impl RoomMetrics {
    /// The rooms cut off from the start room when room `v` is removed
    /// (every other room the start reaches when `v` is the start room), in
    /// search order; none for a number that is not a room, a secret room, or
    /// a room the start cannot reach through the visible graph.
    pub fn behind(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.spans_of(v)
            .iter()
            .flat_map(|&(lo, hi)| self.order.get(lo as usize..hi as usize).unwrap_or(&[]))
            .copied()
    }

    /// Whether room `r` is among [`RoomMetrics::behind`]`(v)`.
    #[must_use]
    pub fn is_behind(&self, v: usize, r: usize) -> bool {
        let Some(&at) = self.place.get(r).filter(|&&p| p != UNSEEN) else {
            return false;
        };
        self.spans_of(v).iter().any(|&(lo, hi)| lo <= at && at < hi)
    }

    /// Whether room `room` has every bit of `flag`; false for a number that
    /// is not a room.
    #[must_use]
    pub fn has(&self, room: usize, flag: u8) -> bool {
        self.flags.get(room).is_some_and(|f| f & flag == flag)
    }

    /// Everything but the tile distances, from the visible graph, the
    /// whole graph (needed only when some room is secret) and the start
    /// and end rooms. Adjacency lists are in room order.
    pub(crate) fn of_graph(
        visible: &[Vec<usize>],
        all: &[Vec<usize>],
        start: Option<usize>,
        end: Option<usize>,
        secret: &[bool],
    ) -> RoomMetrics {
        let n = visible.len();
        let is_secret = |r: usize| secret.get(r).copied().unwrap_or(false);
        let (start, end) = ends(n, start, end, secret);
        let starts: Vec<usize> = start.into_iter().collect();

        // Distances in rooms and the critical path.
        let (dist, critical_path) = walk_to_end(visible, start, end);
        let distance_rooms = with_secret(&dist, secret, || bfs_tree(all, &starts).0);
        let (depth, _) = bfs_tree(visible, &critical_path);
        let branch_depth = with_secret(&depth, secret, || bfs_tree(all, &critical_path).0);

        // Loops, bridges, what lies behind each room.
        let dfs = Dfs::run(visible, start, secret);
        let bridges = dfs.bridges();
        let mut metrics = RoomMetrics {
            distance_rooms,
            distance_tiles: vec![UNREACHABLE; n],
            branch_depth,
            flags: vec![0; n],
            bridges: Vec::new(),
            critical_path,
            order: Vec::new(),
            place: Vec::new(),
            span_starts: Vec::new(),
            spans: Vec::new(),
        };
        dfs.fill_behind(&mut metrics);
        let mut bridge_ends = vec![0usize; n];
        for &(a, b) in &bridges {
            bridge_ends[a] += 1;
            bridge_ends[b] += 1;
        }
        for (r, flags) in metrics.flags.iter_mut().enumerate() {
            if is_secret(r) {
                *flags = SECRET;
                continue;
            }
            let degree = visible[r].len();
            if degree == 1 {
                *flags |= DEAD_END;
            }
            if degree > bridge_ends[r] {
                *flags |= IN_CYCLE;
            }
        }
        for &r in &metrics.critical_path {
            metrics.flags[r] |= ON_CRITICAL_PATH;
        }
        // A chokepoint separates the end room from the start room: the end
        // lies behind it (every room lies behind the start room).
        if let (Some(s), Some(e)) = (start, end)
            && !metrics.critical_path.is_empty()
        {
            for r in 0..n {
                if r == s || r == e || metrics.is_behind(r, e) {
                    metrics.flags[r] |= CHOKEPOINT;
                }
            }
        }
        metrics.bridges = bridges;
        metrics
    }

    /// The spans of `order` behind room `v`.
    fn spans_of(&self, v: usize) -> &[(u32, u32)] {
        let next = v.checked_add(1).and_then(|w| self.span_starts.get(w));
        match (self.span_starts.get(v), next) {
            (Some(&a), Some(&b)) => self.spans.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

impl DungeonGrid {
    /// The room metrics (see [`RoomMetrics`]); empty lists on grids
    /// without rooms. Measured on each call (not cached).
    #[must_use]
    pub fn room_metrics(&self) -> RoomMetrics {
        self.metrics_with_tiles(true)
    }

    /// The room metrics, with `distance_tiles` measured only if `tiles`
    /// (else all `-1`: the search over the tiles is most of the cost).
    pub(crate) fn metrics_with_tiles(&self, tiles: bool) -> RoomMetrics {
        if self.room_records().is_empty() {
            return RoomMetrics::default();
        }
        let (secret, visible) = self.visible_graph();
        let has_secret = secret.contains(&true);
        // The whole graph only matters for secret rooms' values.
        let all = if has_secret {
            self.room_adjacency(|_| true)
        } else {
            Vec::new()
        };
        let start = self.room_at(self.start);
        let end = self.room_at(self.end);
        let mut metrics = RoomMetrics::of_graph(&visible, &all, start, end, &secret);
        if tiles {
            metrics.distance_tiles = self.tile_distances(has_secret, &secret);
        }
        metrics
    }

    /// The critical path alone: [`RoomMetrics::critical_path`] without
    /// the other metrics (no search over the tiles).
    #[must_use]
    pub fn critical_path(&self) -> Vec<usize> {
        let (secret, visible) = self.visible_graph();
        let (start, end) = ends(
            visible.len(),
            self.room_at(self.start),
            self.room_at(self.end),
            &secret,
        );
        walk_to_end(&visible, start, end).1
    }

    /// Which rooms are secret, and the visible graph: the room graph
    /// without the connections that touch a secret room.
    fn visible_graph(&self) -> (Vec<bool>, Vec<Vec<usize>>) {
        let secret: Vec<bool> = self
            .room_records()
            .iter()
            .map(|r| r.role.is_secret())
            .collect();
        let is_secret = |r: usize| secret.get(r).copied().unwrap_or(false);
        let visible = self.room_adjacency(|c| !is_secret(c.rooms.0) && !is_secret(c.rooms.1));
        (secret, visible)
    }

    /// Per room, the fewest steps from the start cell to its floor: with
    /// the secret doors closed, and for secret rooms with them open.
    fn tile_distances(&self, has_secret: bool, secret: &[bool]) -> Vec<i32> {
        let rooms = self.room_records();
        let Some(from) = self.index(self.start) else {
            return vec![UNREACHABLE; rooms.len()];
        };
        let nearest = |dist: &[i32], room: &crate::Room| {
            room.cells()
                .filter_map(|p| self.index(p).and_then(|i| dist.get(i)))
                .filter(|&&d| d != UNREACHABLE)
                .min()
                .copied()
                .unwrap_or(UNREACHABLE)
        };
        let (mut dist, mut queue) = (Vec::new(), Vec::new());
        if has_secret {
            let masks = self.masks_without_secret_doors();
            analysis::bfs(self.width, &masks, from, &mut dist, &mut queue);
        } else {
            analysis::bfs(self.width, &self.doors, from, &mut dist, &mut queue);
        }
        let mut out: Vec<i32> = rooms.iter().map(|r| nearest(&dist, r)).collect();
        if has_secret {
            analysis::bfs(self.width, &self.doors, from, &mut dist, &mut queue);
            for ((d, room), _) in out.iter_mut().zip(rooms).zip(secret).filter(|(_, s)| **s) {
                *d = nearest(&dist, room);
            }
        }
        out
    }
}

/// The start and end rooms the metrics measure from and to: rooms that
/// exist and are not secret.
fn ends(
    n: usize,
    start: Option<usize>,
    end: Option<usize>,
    secret: &[bool],
) -> (Option<usize>, Option<usize>) {
    let ok = |r: &usize| *r < n && !secret.get(*r).copied().unwrap_or(false);
    (start.filter(ok), end.filter(ok))
}

/// Hop counts from the start room over the visible graph, and the
/// critical path (empty when the end cannot be reached): the search tree's
/// branch to the end, neighbours in room order, as
/// [`DungeonGrid::room_path`] finds it.
fn walk_to_end(
    visible: &[Vec<usize>],
    start: Option<usize>,
    end: Option<usize>,
) -> (Vec<u32>, Vec<usize>) {
    let starts: Vec<usize> = start.into_iter().collect();
    let (dist, parent) = bfs_tree(visible, &starts);
    let path = end
        .and_then(|e| tree_path(&dist, &parent, e))
        .unwrap_or_default();
    (dist, path)
}

/// Hop counts as metrics (`-1` where unreachable): `visible` for ordinary
/// rooms, `all()` (the search with secret doors open) for secret rooms.
fn with_secret(visible: &[u32], secret: &[bool], all: impl FnOnce() -> Vec<u32>) -> Vec<i32> {
    let mut out: Vec<i32> = visible.iter().map(|&d| signed(d)).collect();
    if secret.contains(&true) {
        let all = all();
        for (r, d) in out.iter_mut().enumerate() {
            if secret.get(r) == Some(&true) {
                *d = all.get(r).map_or(UNREACHABLE, |&h| signed(h));
            }
        }
    }
    out
}

/// A hop count as an `i32`: `-1` for `u32::MAX` (unreachable).
fn signed(d: u32) -> i32 {
    if d == u32::MAX {
        UNREACHABLE
    } else {
        i32::try_from(d).unwrap_or(i32::MAX)
    }
}

/// One depth-first search over the visible graph, on an explicit stack:
/// from the start room first, then from every unseen ordinary room in room
/// order (so bridges and loops are known in every part of a broken graph).
struct Dfs {
    /// Discovery time per room (`UNSEEN` for secret rooms).
    disc: Vec<u32>,
    /// Low link: the earliest discovery reachable from the room's subtree
    /// through one connection that is not a tree edge.
    low: Vec<u32>,
    /// The room each room was discovered from ([`NO_PARENT`] for a root).
    parent: Vec<usize>,
    /// One past the last discovery time in the room's subtree.
    finish: Vec<u32>,
    /// The rooms in discovery order.
    order: Vec<usize>,
    /// How many rooms the search from the start room reached (a prefix of
    /// `order`).
    reached: usize,
}

impl Dfs {
    fn run(adjacent: &[Vec<usize>], start: Option<usize>, secret: &[bool]) -> Dfs {
        let n = adjacent.len();
        let mut d = Dfs {
            disc: vec![UNSEEN; n],
            low: vec![UNSEEN; n],
            parent: vec![NO_PARENT; n],
            finish: vec![0; n],
            order: Vec::with_capacity(n),
            reached: 0,
        };
        // (room, index of its next neighbour to look at)
        let mut stack: Vec<(usize, usize)> = Vec::with_capacity(n);
        let others = (0..n).filter(|&r| !secret.get(r).copied().unwrap_or(false));
        for (k, root) in start.into_iter().chain(others).enumerate() {
            if root >= n || d.disc[root] != UNSEEN {
                continue;
            }
            d.discover(root, NO_PARENT);
            stack.push((root, 0));
            // Each pass looks at one neighbour or finishes one room: at
            // most rooms + 2 × connections passes in all.
            while let Some(top) = stack.last_mut() {
                let (v, i) = *top;
                if let Some(&w) = adjacent[v].get(i) {
                    top.1 += 1;
                    if w >= n || w == v {
                        continue;
                    }
                    if d.disc[w] == UNSEEN {
                        d.discover(w, v);
                        stack.push((w, 0));
                    } else if w != d.parent[v] {
                        d.low[v] = d.low[v].min(d.disc[w]);
                    }
                } else {
                    stack.pop();
                    d.finish[v] = d.order.len() as u32;
                    if let Some(&(u, _)) = stack.last() {
                        d.low[u] = d.low[u].min(d.low[v]);
                    }
                }
            }
            if k == 0 && start.is_some() {
                d.reached = d.order.len();
            }
        }
        d
    }

    fn discover(&mut self, v: usize, parent: usize) {
        let t = self.order.len() as u32;
        self.disc[v] = t;
        self.low[v] = t;
        self.parent[v] = parent;
        self.order.push(v);
    }

    /// Whether the tree edge into `c` from its parent `p` cuts `c`'s
    /// subtree off from `p`'s side: nothing in it reaches above `p`.
    fn separates(&self, c: usize, p: usize) -> bool {
        self.low[c] >= self.disc[p]
    }

    /// The bridges, as sorted room pairs: tree edges whose child's subtree
    /// reaches no earlier than the child itself.
    fn bridges(&self) -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = self
            .order
            .iter()
            .filter_map(|&c| {
                let p = self.parent[c];
                (p != NO_PARENT && self.low[c] > self.disc[p]).then(|| (p.min(c), p.max(c)))
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// Stores, for every room the start reaches, the search-order ranges of
    /// its separated children's subtrees: the rooms behind it.
    fn fill_behind(self, m: &mut RoomMetrics) {
        let n = self.disc.len();
        let tree = &self.order[..self.reached];
        // Counting pass, then a fill pass (a compressed row per room).
        let mut starts = vec![0u32; n + 1];
        for &c in tree {
            let p = self.parent[c];
            if p != NO_PARENT && self.separates(c, p) {
                starts[p + 1] += 1;
            }
        }
        for r in 0..n {
            starts[r + 1] += starts[r];
        }
        let mut next = starts.clone();
        let mut spans = vec![(0, 0); starts[n] as usize];
        for &c in tree {
            let p = self.parent[c];
            if p != NO_PARENT && self.separates(c, p) {
                spans[next[p] as usize] = (self.disc[c], self.finish[c]);
                next[p] += 1;
            }
        }
        let mut place = vec![UNSEEN; n];
        for (k, &r) in tree.iter().enumerate() {
            place[r] = k as u32;
        }
        m.order = tree.to_vec();
        m.place = place;
        m.span_starts = starts;
        m.spans = spans;
    }
}

#[cfg(test)]
mod tests;
