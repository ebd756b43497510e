//! The graph the path of interest is measured on: one node per room, door
//! tile, branching point and run of corridor, each weighted in tiles.

use super::shortest;

use crate::grid::{Cell, DungeonGrid, GridKind, Pos, Rect};

/// No node at this tile (empty tile).
pub(crate) const NONE: u32 = u32::MAX;

/// What a node of the [`NodeGraph`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// A room, by its number in [`DungeonGrid::room_records`].
    Room(usize),
    /// A door tile ([`Cell::Door`]).
    Door,
    /// A corridor or open-floor tile with three or four open sides.
    Branch,
    /// A run of corridor or open-floor tiles with at most two open sides
    /// each, between doors, branching points and rooms.
    Run,
}

impl NodeKind {
    /// The name used by the CLI and Godot: `"room"`, `"door"`, `"branch"`,
    /// `"run"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            NodeKind::Room(_) => "room",
            NodeKind::Door => "door",
            NodeKind::Branch => "branch",
            NodeKind::Run => "run",
        }
    }
}

/// The node graph of a grid (the path-of-interest graph).
///
/// Nodes: every room (numbered as the grid's rooms, so room `k` is node
/// `k`), then, in scan order of their first tile, every door tile, every
/// branching point (a tile outside the rooms with three or four open sides)
/// and every run (a maximal set of the other walkable tiles outside rooms,
/// joined through open sides). Two nodes are adjacent when an open side
/// joins a tile of one to a tile of the other.
///
/// Weights, in tiles: a run weighs its tile count, a door or branching
/// point 1, and a room `ceil((w + h) / 2)`, the typical walk across it (its
/// area would let a big room outweigh a corridor as long as its floor).
/// A path's length is the sum of its nodes' weights, both ends included.
///
/// A room counts as one place, so its floor is taken to be open inside, as
/// it is on every generated map.
#[derive(Clone, Debug)]
pub struct NodeGraph {
    width: i32,
    /// The node of each tile, row-major ([`NONE`] on empty tiles).
    pub(crate) node_of: Vec<u32>,
    kinds: Vec<NodeKind>,
    weights: Vec<u32>,
    /// One tile of each node: a room's centre, else its first tile in scan
    /// order.
    reps: Vec<Pos>,
    /// Neighbours of node `n`: `adjacent[offsets[n]..offsets[n + 1]]`, in
    /// ascending order.
    offsets: Vec<u32>,
    adjacent: Vec<u32>,
    rooms: usize,
}

impl NodeGraph {
    /// Builds the graph of `grid`, in time and memory linear in its size.
    ///
    /// Rooms are read from the grid's room cells (room grids) or room
    /// rectangles (tile maps) directly, not from the cached room records,
    /// so a generator can measure a grid before marking its start and end.
    #[must_use]
    pub fn new(grid: &DungeonGrid) -> Self {
        Self::build(grid, &grid.cells, &grid.doors)
    }

    /// The graph of `grid`'s rooms with other `cells` and `masks` (the
    /// grid's own, or a pruned copy of them).
    pub(crate) fn build(grid: &DungeonGrid, cells: &[Cell], masks: &[u8]) -> Self {
        let n = cells.len();
        let w = grid.width as usize;
        let rects: Vec<Rect> = match grid.kind {
            GridKind::RoomGrid => grid
                .rooms
                .iter()
                .map(|&(x, y)| Rect::new(x, y, 1, 1))
                .collect(),
            GridKind::TileMap => grid.room_rects.clone(),
        };
        let mut node_of = vec![NONE; n];
        let mut kinds = Vec::with_capacity(rects.len() + 64);
        let mut weights = Vec::with_capacity(rects.len() + 64);
        let mut reps = Vec::with_capacity(rects.len() + 64);
        for (k, r) in rects.iter().enumerate() {
            for p in r.cells() {
                if let Some(i) = grid.index(p) {
                    node_of[i] = k as u32;
                }
            }
            kinds.push(NodeKind::Room(k));
            weights.push(((r.w.max(1) + r.h.max(1) + 1) / 2) as u32);
            reps.push(r.center());
        }
        let rooms = rects.len();
        let open = |i: usize| neighbours(i, masks[i], w, n);
        let mut stack: Vec<usize> = Vec::new();
        for i in 0..n {
            if node_of[i] != NONE || cells[i] == Cell::Empty {
                continue;
            }
            let id = kinds.len() as u32;
            node_of[i] = id;
            reps.push(grid.pos(i));
            if cells[i] == Cell::Door {
                kinds.push(NodeKind::Door);
                weights.push(1);
            } else if masks[i].count_ones() >= 3 {
                kinds.push(NodeKind::Branch);
                weights.push(1);
            } else {
                // A run: flood the tiles with at most two open sides that
                // are not doors and belong to no room.
                let mut count = 1u32;
                stack.clear();
                stack.push(i);
                while let Some(t) = stack.pop() {
                    for j in open(t) {
                        if is_run(&node_of, cells, masks, j) {
                            node_of[j] = id;
                            count += 1;
                            stack.push(j);
                        }
                    }
                }
                kinds.push(NodeKind::Run);
                weights.push(count);
            }
        }
        // Edges: every open side between two nodes, bucketed by node, then
        // each bucket sorted and deduplicated.
        let nodes = kinds.len();
        let mut degree = vec![0u32; nodes + 1];
        for i in 0..n {
            let a = node_of[i];
            if a == NONE {
                continue;
            }
            for j in open(i) {
                let b = node_of[j];
                if b != NONE && b != a {
                    degree[a as usize] += 1;
                }
            }
        }
        let mut offsets = vec![0u32; nodes + 1];
        for k in 0..nodes {
            offsets[k + 1] = offsets[k] + degree[k];
        }
        let mut fill: Vec<u32> = offsets[..nodes].to_vec();
        let mut adjacent = vec![0u32; offsets[nodes] as usize];
        for i in 0..n {
            let a = node_of[i];
            if a == NONE {
                continue;
            }
            for j in open(i) {
                let b = node_of[j];
                if b != NONE && b != a {
                    adjacent[fill[a as usize] as usize] = b;
                    fill[a as usize] += 1;
                }
            }
        }
        // Sort and deduplicate each bucket, compacting in place.
        let mut write = 0usize;
        let mut start = 0usize;
        for k in 0..nodes {
            let end = offsets[k + 1] as usize;
            let bucket = &mut adjacent[start..end];
            bucket.sort_unstable();
            let from = write;
            let mut last = NONE;
            for r in start..end {
                let b = adjacent[r];
                if b != last {
                    adjacent[write] = b;
                    write += 1;
                    last = b;
                }
            }
            start = end;
            offsets[k] = from as u32;
        }
        offsets[nodes] = write as u32;
        adjacent.truncate(write);
        Self {
            width: grid.width,
            node_of,
            kinds,
            weights,
            reps,
            offsets,
            adjacent,
            rooms,
        }
    }

    /// How many nodes there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether the graph has no node (a grid with no walkable tile).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// How many of the nodes are rooms (nodes `0..room_count()`).
    #[must_use]
    pub fn room_count(&self) -> usize {
        self.rooms
    }

    /// What node `node` stands for.
    #[must_use]
    pub fn kind(&self, node: usize) -> NodeKind {
        self.kinds[node]
    }

    /// Node `node`'s weight in tiles.
    #[must_use]
    pub fn weight(&self, node: usize) -> u32 {
        self.weights[node]
    }

    /// One tile of node `node`: a room's centre, else its first tile in
    /// scan order.
    #[must_use]
    pub fn representative(&self, node: usize) -> Pos {
        self.reps[node]
    }

    /// The node holding tile `p`, if `p` is walkable.
    #[must_use]
    pub fn node_at(&self, p: Pos) -> Option<usize> {
        if p.0 < 0 || p.1 < 0 || p.0 >= self.width {
            return None;
        }
        let i = p.1 as usize * self.width as usize + p.0 as usize;
        self.node_of
            .get(i)
            .filter(|&&k| k != NONE)
            .map(|&k| k as usize)
    }

    /// The nodes adjacent to `node`, ascending.
    #[must_use]
    pub fn neighbors(&self, node: usize) -> &[u32] {
        let (a, b) = (self.offsets[node], self.offsets[node + 1]);
        &self.adjacent[a as usize..b as usize]
    }

    /// The length of a shortest path from `from` to every node (the sum of
    /// the weights of its nodes, both ends included); `u64::MAX` where there
    /// is no path. `parents`, when given, receives each node's predecessor
    /// on one such path (`NONE` for `from` and unreachable nodes); ties go to
    /// the first predecessor found, so the result is deterministic.
    pub fn distances(&self, from: usize, dist: &mut Vec<u64>, mut parents: Option<&mut Vec<u32>>) {
        let nodes = self.len();
        dist.clear();
        dist.resize(nodes, u64::MAX);
        if let Some(p) = parents.as_deref_mut() {
            p.clear();
            p.resize(nodes, NONE);
        }
        if from >= nodes {
            return;
        }
        dist[from] = u64::from(self.weights[from]);
        let max_weight = self.weights.iter().copied().max().unwrap_or(1) as usize;
        let steps = |u: usize| {
            self.neighbors(u)
                .iter()
                .map(|&v| (v as usize, u64::from(self.weights[v as usize])))
        };
        let reached = |v: usize, u: usize| {
            if let Some(p) = parents.as_deref_mut() {
                p[v] = u as u32;
            }
        };
        if max_weight < BUCKET_LIMIT {
            shortest::dial(from, max_weight + 1, dist, steps, reached);
        } else {
            shortest::heap(from, dist, steps, reached);
        }
    }
}

/// Node weights below this use the bucket queue (one bucket per possible
/// weight); heavier ones (a corridor run thousands of tiles long) a binary
/// heap.
const BUCKET_LIMIT: usize = 4096;

/// Whether tile `j` joins a run: walkable, not yet in a node, not a door,
/// at most two open sides.
fn is_run(node_of: &[u32], cells: &[Cell], masks: &[u8], j: usize) -> bool {
    node_of[j] == NONE
        && cells[j] != Cell::Empty
        && cells[j] != Cell::Door
        && masks[j].count_ones() < 3
}

/// The tiles that tile `i` opens to, as row-major indices, N E S W.
///
/// Door masks are symmetric and open only between tiles of the grid
/// (`DungeonGrid::check`), so an open side never leads off it; a malformed
/// mask could only make a step wrap to another row or past the end, which
/// is dropped: no panic, and no division per tile.
pub(crate) fn neighbours(i: usize, mask: u8, w: usize, n: usize) -> impl Iterator<Item = usize> {
    [
        (1u8, i.wrapping_sub(w)),
        (2, i + 1),
        (4, i + w),
        (8, i.wrapping_sub(1)),
    ]
    .into_iter()
    .filter_map(move |(bit, j)| (mask & bit != 0 && j < n).then_some(j))
}
