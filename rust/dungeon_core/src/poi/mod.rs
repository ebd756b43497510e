//! The path of interest: the longest among the shortest paths
//! between any two nodes of a grid's [`NodeGraph`], as a node list and as
//! a walk of tiles.
//!
//! It is defined on a graph whose nodes are rooms, doors, branching
//! points and runs of corridor, each with a weight, a path's length being
//! the sum of its nodes' weights: [`NodeGraph`] documents our nodes and
//! weights. It works on any grid: tile maps (rooms and mazes, BSP), open
//! floor (caves: no rooms, so every node is a run, a door or a branching
//! point) and room grids (each room cell is a room of weight 1).
//!
//! # Which pairs
//!
//! [`PoiEnds::AnyNodes`] is the usual definition: every pair of nodes.
//! [`PoiEnds::Rooms`] takes only pairs of rooms (the path still crosses
//! every kind of node): a game starts and ends in rooms, and a grid's start
//! and end must lie in two different rooms, so the maze generator places
//! them at the two end rooms' centres. Both are exact.
//!
//! # How
//!
//! The longest shortest path (the graph's diameter, restricted to the chosen
//! nodes) is found exactly without running a shortest-path search from every
//! node: each search from a node `v` gives its eccentricity `e(v)` (its
//! distance to the farthest chosen node), and for every other node `u` the
//! bounds `max(d(u,v), e(v) − d(u,v)) ≤ e(u) ≤ e(v) + d(u,v)`, which hold for
//! node-weighted lengths because they keep the triangle inequality. Nodes
//! whose upper bound cannot beat the longest path found so far are dropped;
//! the next search starts alternately from the node with the highest upper
//! bound and the one with the lowest lower bound (Takes and Kosters'
//! *BoundingDiameters*). On mazes a handful of searches suffice; the worst
//! case is one search per chosen node, which the work budget bounds.
//!
//! The tile walk goes from the first node's far tile (a room's centre) to
//! the last node's far tile through the path's nodes only: a shortest walk
//! in tiles inside those nodes.

mod graph;
mod links;
mod shortest;

pub use graph::{NodeGraph, NodeKind};
use links::Links;

use graph::{NONE, neighbours};

use crate::error::GenError;
use crate::grid::{Cell, DungeonGrid, Pos};
use crate::watch::{Span, Watch};

/// Which pairs of nodes the path of interest may join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PoiEnds {
    /// Any two nodes (the usual definition).
    AnyNodes,
    /// Two rooms (where a game's start and end go).
    #[default]
    Rooms,
}

/// One node of a path of interest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PoiNode {
    /// The node's number in the grid's [`NodeGraph`].
    pub id: usize,
    /// What it stands for.
    pub kind: NodeKind,
    /// Its weight in tiles.
    pub weight: u32,
    /// One tile of it (a room's centre).
    pub tile: Pos,
}

/// The longest shortest path between two nodes of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathOfInterest {
    /// The nodes, from one end to the other.
    pub nodes: Vec<PoiNode>,
    /// A walk of tiles through those nodes, each step through an open side,
    /// from the first node's far tile (a room's centre) to the last's.
    pub tiles: Vec<Pos>,
    /// The path's length: the sum of its nodes' weights.
    pub length: u64,
    /// Whether the length is proven the longest. Always true unless the
    /// work budget ran out first (graphs of millions of nodes where the
    /// bounds converge badly); the path is then the longest found.
    pub exact: bool,
}

/// Searches allowed per node before [`path_of_interest`] settles for the
/// longest path found: the work is at most this many times a full search
/// plus one full search per chosen node up to 64.
const SEARCH_BUDGET_NODES: usize = 64;

/// [`room_ends_watched`]'s progress when the dead ends are pruned, the node
/// graph is built and its chains are contracted (the searches take the
/// rest).
const W_PRUNE: f64 = 0.15;
const W_GRAPH: f64 = 0.9;
const W_LINKS: f64 = 0.91;

/// The path of interest of `grid` between the pairs `ends` allows; `None`
/// when there are fewer than two such nodes that reach each other (a grid
/// with no rooms, asked for [`PoiEnds::Rooms`], or an empty one).
///
/// Runs in linear time per shortest-path search, and at most
/// `max(64, 1 + 2^26 / nodes)` searches.
#[must_use]
pub fn path_of_interest(grid: &DungeonGrid, ends: PoiEnds) -> Option<PathOfInterest> {
    let graph = NodeGraph::new(grid);
    path_in(grid, &graph, ends)
}

/// [`path_of_interest`] on a graph already built from `grid`.
#[must_use]
pub fn path_in(grid: &DungeonGrid, graph: &NodeGraph, ends: PoiEnds) -> Option<PathOfInterest> {
    let chosen: Vec<usize> = match ends {
        PoiEnds::AnyNodes => (0..graph.len()).collect(),
        PoiEnds::Rooms => (0..graph.room_count()).collect(),
    };
    let (from, to, length, exact) = diameter(graph, &chosen)?;
    let mut dist = Vec::new();
    let mut parents = Vec::new();
    graph.distances(from, &mut dist, Some(&mut parents));
    let mut ids = vec![to];
    let mut at = to;
    while parents[at] != NONE {
        at = parents[at] as usize;
        ids.push(at);
    }
    ids.reverse();
    let nodes: Vec<PoiNode> = ids
        .iter()
        .map(|&id| PoiNode {
            id,
            kind: graph.kind(id),
            weight: graph.weight(id),
            tile: graph.representative(id),
        })
        .collect();
    let tiles = tile_walk(grid, graph, &ids);
    Some(PathOfInterest {
        nodes,
        tiles,
        length,
        exact,
    })
}

/// The two rooms at the ends of the path of interest between rooms, first
/// end first: the same pair as [`path_in`] with [`PoiEnds::Rooms`] gives
/// (its first and last node), found on a smaller graph.
///
/// A shortest path between two rooms never enters a dead end (a tile
/// outside the rooms with one open side: it would have to come back the
/// way it went), nor what is left a dead end once that is gone. So the
/// dead ends are pruned, tile by tile, on a copy of the map first, and the
/// node graph is built from what remains: on a perfect maze that is the
/// one corridor between the rooms. Its chains of links (doors and runs
/// with two neighbours) are then contracted into weighted edges between
/// rooms and branching points (`Links`), which keeps every distance
/// between those and leaves the searches a third of the nodes. Pruning leaves every distance between
/// rooms as it was (a branching point that loses a side joins the runs on
/// either side into one run of the same total weight), and the
/// bounding-diameter search of [`path_in`] reads only distances between
/// rooms and room numbers, so it picks the same pair. Should the search
/// not finish within its budget, the full graph decides instead; the one
/// case where the two could differ is a full graph so large that its own
/// search runs out of budget (then neither is exact). The tests compare
/// the two on thousands of maps (`maze::generate` uses this,
/// `maze::generate_with_path` the full search).
#[must_use]
pub fn room_ends(grid: &DungeonGrid) -> Option<(usize, usize)> {
    room_ends_watched(grid, Watch::new().span(0.0, 1.0)).unwrap_or(None)
}

/// [`room_ends`] with checkpoints: after the pruning, after the node graph,
/// after the contraction, and before each search. Weights, from a 1023²
/// `classic` maze (release): pruning 15 %, the node graph 75 % (one pass
/// with no checkpoint inside, about 14 ms there), the contraction 1 %, the
/// searches 9 %. How many searches the bounds need is not known
/// beforehand, so search `k` (from 0) starts at `k / (k + 1)` of their
/// part.
///
/// # Errors
/// [`GenError::Cancelled`] when the run was cancelled.
pub(crate) fn room_ends_watched(
    grid: &DungeonGrid,
    progress: Span<'_>,
) -> Result<Option<(usize, usize)>, GenError> {
    let mut cells = grid.cells.clone();
    let mut masks = grid.doors.clone();
    prune_dead_ends(&mut cells, &mut masks, grid.width as usize);
    progress.at(W_PRUNE)?;
    let pruned = NodeGraph::build(grid, &cells, &masks);
    progress.at(W_GRAPH)?;
    let rooms: Vec<usize> = (0..pruned.room_count()).collect();
    let links = Links::new(&pruned);
    progress.at(W_LINKS)?;
    let mut searches = 0.0;
    let found = diameter_by(pruned.len(), &rooms, |v, dist| {
        let stop = progress.at(W_LINKS + (1.0 - W_LINKS) * searches / (searches + 1.0));
        searches += 1.0;
        stop.is_ok() && {
            links.distances(v, dist);
            true
        }
    });
    progress.check()?;
    Ok(match found {
        None => None,
        Some((from, to, _, true)) => Some((from, to)),
        Some(_) => {
            let full = NodeGraph::new(grid);
            diameter(&full, &rooms).map(|(from, to, _, _)| (from, to))
        }
    })
}

/// Whether tile `i` is a dead end outside the rooms: corridor, door or
/// open floor with at most one open side.
fn dead_end(cells: &[Cell], masks: &[u8], i: usize) -> bool {
    matches!(cells[i], Cell::Corridor | Cell::Door | Cell::Floor) && masks[i].count_ones() <= 1
}

/// Empties every dead end outside the rooms, and then each tile that
/// becomes one, closing the sides that led into it. Linear: each step
/// empties a tile.
fn prune_dead_ends(cells: &mut [Cell], masks: &mut [u8], w: usize) {
    let n = cells.len();
    for first in 0..n {
        let mut at = first;
        while dead_end(cells, masks, at) {
            cells[at] = Cell::Empty;
            let m = masks[at];
            masks[at] = 0;
            let mut next = None;
            for (bit, back, j) in [
                (1u8, 4u8, at.wrapping_sub(w)),
                (2, 8, at + 1),
                (4, 1, at + w),
                (8, 2, at.wrapping_sub(1)),
            ] {
                if m & bit != 0 && j < n {
                    masks[j] &= !back;
                    next = Some(j);
                }
            }
            match next {
                Some(j) => at = j,
                None => break,
            }
        }
    }
}

/// The two ends and the length of a longest shortest path between nodes of
/// `chosen`, and whether it is proven longest; `None` when no two chosen
/// nodes reach each other.
fn diameter(graph: &NodeGraph, chosen: &[usize]) -> Option<(usize, usize, u64, bool)> {
    diameter_by(graph.len(), chosen, |v, dist| {
        graph.distances(v, dist, None);
        true
    })
}

/// [`diameter`] over any graph of `nodes` nodes whose shortest-path search
/// from `v` is `search(v, dist)`: only the distances to the `chosen` nodes
/// are read.
fn diameter_by(
    nodes: usize,
    chosen: &[usize],
    mut search: impl FnMut(usize, &mut Vec<u64>) -> bool,
) -> Option<(usize, usize, u64, bool)> {
    if chosen.len() < 2 {
        return None;
    }
    let m = chosen.len();
    let mut lower = vec![0u64; m];
    let mut upper = vec![u64::MAX; m];
    let mut alive = vec![true; m];
    let mut left = m;
    let mut best: Option<(usize, usize, u64)> = None;
    let mut dist = Vec::new();
    let budget = SEARCH_BUDGET_NODES.max(1 + (1usize << 26) / nodes.max(1));
    let mut searches = 0usize;
    let mut pick_high = true;
    while left > 0 {
        if searches >= budget {
            return best.map(|(a, b, d)| (a, b, d, false));
        }
        searches += 1;
        // Alternate: the highest upper bound, then the lowest lower bound
        // (lowest index on ties).
        let mut k = usize::MAX;
        for i in 0..m {
            if !alive[i] {
                continue;
            }
            let better = k == usize::MAX
                || if pick_high {
                    upper[i] > upper[k]
                } else {
                    lower[i] < lower[k]
                };
            if better {
                k = i;
            }
        }
        pick_high = !pick_high;
        let v = chosen[k];
        if !search(v, &mut dist) {
            // Stopped from outside (a cancelled run): nothing to return.
            return None;
        }
        // Eccentricity over the chosen nodes that v reaches.
        let mut ecc = 0u64;
        let mut far = v;
        for &u in chosen {
            let d = dist[u];
            if d != u64::MAX && u != v && d > ecc {
                ecc = d;
                far = u;
            }
        }
        alive[k] = false;
        left -= 1;
        if far != v && best.is_none_or(|(_, _, b)| ecc > b) {
            best = Some((v, far, ecc));
        }
        let found = best.map_or(0, |(_, _, b)| b);
        for i in 0..m {
            if !alive[i] {
                continue;
            }
            let d = dist[chosen[i]];
            if d == u64::MAX {
                // Another component: its bounds say nothing here.
                continue;
            }
            lower[i] = lower[i].max(d).max(ecc.saturating_sub(d));
            upper[i] = upper[i].min(ecc.saturating_add(d));
            if upper[i] <= found || lower[i] == upper[i] {
                // Either it cannot beat the best, or its eccentricity is
                // known: record it if it is longer.
                if lower[i] == upper[i] && lower[i] > found {
                    // A search is still needed to name its far end.
                    continue;
                }
                alive[i] = false;
                left -= 1;
            }
        }
    }
    best.map(|(a, b, d)| (a, b, d, true))
}

/// A shortest walk of tiles through the nodes `ids` (a shortest node path,
/// so no two of its nodes but consecutive ones touch), from the first
/// node's far tile to the last's.
fn tile_walk(grid: &DungeonGrid, graph: &NodeGraph, ids: &[usize]) -> Vec<Pos> {
    let n = grid.cells.len();
    let w = grid.width as usize;
    let mut on_path = vec![false; graph.len()];
    for &id in ids {
        on_path[id] = true;
    }
    let (Some(&first), Some(&last)) = (ids.first(), ids.last()) else {
        return Vec::new();
    };
    // The far tile of an end node among the tiles a walk reached: a room's
    // centre when reached, else the node's tile reached last (farthest).
    let far_tile = |node: usize, order: &[u32]| -> Option<usize> {
        let centre = grid.index(graph.representative(node));
        if matches!(graph.kind(node), NodeKind::Room(_))
            && let Some(c) = centre
            && order.contains(&(c as u32))
        {
            return Some(c);
        }
        order
            .iter()
            .rev()
            .map(|&t| t as usize)
            .find(|&t| graph.node_of[t] as usize == node)
    };
    let mut parent = vec![NONE; n];
    let mut order: Vec<u32> = Vec::new();
    let walk = |from: usize, parent: &mut Vec<u32>, order: &mut Vec<u32>| {
        order.clear();
        for p in parent.iter_mut() {
            *p = NONE;
        }
        parent[from] = from as u32;
        order.push(from as u32);
        let mut head = 0;
        while let Some(&t) = order.get(head) {
            head += 1;
            let t = t as usize;
            for j in neighbours(t, grid.doors[t], w, n) {
                let node = graph.node_of[j];
                if node != NONE && on_path[node as usize] && parent[j] == NONE {
                    parent[j] = t as u32;
                    order.push(j as u32);
                }
            }
        }
    };
    // Anchor: a tile of the last node that opens into the node before it.
    let before = ids.len().checked_sub(2).map(|k| ids[k] as u32);
    let Some(anchor) = (0..n).find(|&i| {
        graph.node_of[i] as usize == last
            && neighbours(i, grid.doors[i], w, n).any(|j| Some(graph.node_of[j]) == before)
    }) else {
        return Vec::new();
    };
    walk(anchor, &mut parent, &mut order);
    let Some(start) = far_tile(first, &order) else {
        return Vec::new();
    };
    walk(start, &mut parent, &mut order);
    let Some(end) = far_tile(last, &order) else {
        return Vec::new();
    };
    if parent[end] == NONE {
        return Vec::new();
    }
    let mut tiles = vec![grid.pos(end)];
    let mut at = end;
    while at != start {
        at = parent[at] as usize;
        tiles.push(grid.pos(at));
    }
    tiles.reverse();
    tiles
}

#[cfg(test)]
mod tests;
