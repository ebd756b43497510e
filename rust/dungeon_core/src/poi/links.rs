//! [`Links`]: a node graph with its chains of simple links contracted, for
//! the end-room search of [`super::room_ends`].
//!
//! A node that is not a room and has exactly two neighbours (a door, a run
//! of corridor between two other nodes) is a link: a shortest path that
//! enters it leaves through the other side, paying its weight. So the
//! rooms and the other nodes (branching points, dead ends) are kept, and
//! each chain of links between two kept nodes becomes one weighted edge:
//! the links' weights plus the far node's. Distances between kept nodes
//! are the node graph's; the searches visit a fraction of the nodes.

use super::{NodeGraph, shortest};

/// Not kept (a link), in the numbering of kept nodes.
const LINK: u32 = u32::MAX;

/// The contracted graph: kept nodes (rooms first, keeping their numbers),
/// and weighted edges in compressed rows.
pub(super) struct Links {
    /// Each kept node's own weight.
    weights: Vec<u64>,
    /// Edges of kept node `k`: `edges[offsets[k]..offsets[k + 1]]`, as
    /// (kept node, weight of the chain plus that node).
    offsets: Vec<u32>,
    edges: Vec<(u32, u64)>,
    /// One more than the heaviest edge: the bucket count of [`Links::dial`].
    span: usize,
}

impl Links {
    /// Contracts `g`'s links. Each chain is walked once from each end, so
    /// the work is linear in the graph.
    pub fn new(g: &NodeGraph) -> Self {
        let n = g.len();
        let kept = |v: usize| v < g.room_count() || g.neighbors(v).len() != 2;
        let mut number = vec![LINK; n];
        let mut weights = Vec::new();
        for (v, slot) in number.iter_mut().enumerate() {
            if kept(v) {
                *slot = weights.len() as u32;
                weights.push(u64::from(g.weight(v)));
            }
        }
        let mut offsets = vec![0u32];
        let mut edges: Vec<(u32, u64)> = Vec::new();
        for u in (0..n).filter(|&u| kept(u)) {
            for &first in g.neighbors(u) {
                let (mut prev, mut at) = (u, first as usize);
                let mut weight = 0u64;
                // At most every node once: a chain never revisits a node.
                let mut steps = 0;
                while !kept(at) && steps <= n {
                    weight += u64::from(g.weight(at));
                    let next = g
                        .neighbors(at)
                        .iter()
                        .map(|&x| x as usize)
                        .find(|&x| x != prev);
                    match next {
                        Some(x) => (prev, at) = (at, x),
                        None => break,
                    }
                    steps += 1;
                }
                if kept(at) && at != u {
                    edges.push((number[at], weight + u64::from(g.weight(at))));
                }
            }
            offsets.push(edges.len() as u32);
        }
        let span = edges.iter().map(|e| e.1).max().unwrap_or(0);
        Self {
            weights,
            offsets,
            edges,
            span: usize::try_from(span)
                .unwrap_or(usize::MAX)
                .saturating_add(1),
        }
    }

    /// The length of a shortest path from kept node `from` to every kept
    /// node (node weights summed, both ends included; `u64::MAX` where
    /// there is none), as [`NodeGraph::distances`] gives for those nodes.
    pub fn distances(&self, from: usize, dist: &mut Vec<u64>) {
        let n = self.weights.len();
        dist.clear();
        dist.resize(n, u64::MAX);
        if from >= n {
            return;
        }
        dist[from] = self.weights[from];
        let steps = |u: usize| {
            let (a, b) = (self.offsets[u] as usize, self.offsets[u + 1] as usize);
            self.edges[a..b].iter().map(|&(v, w)| (v as usize, w))
        };
        if self.span <= DIAL_SPAN {
            shortest::dial(from, self.span, dist, steps, |_, _| {});
        } else {
            shortest::heap(from, dist, steps, |_, _| {});
        }
    }
}

/// Edge weights below this use the bucket queue; heavier ones a heap.
const DIAL_SPAN: usize = 1 << 14;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::maze::{self, MazeConfig};
    use crate::tinykeep::{self, TinyKeepConfig};

    /// Distances between rooms through the contracted links are the node
    /// graph's (the plain version), on mazes with and without dead ends
    /// and loops, and on TinyKeep maps.
    #[test]
    fn room_distances_equal_the_node_graphs() {
        let mut grids = Vec::new();
        for seed in 0..60u64 {
            let c = MazeConfig {
                extra_connector_chance: (seed % 3) as f64 * 0.15,
                dead_end_removal: (seed % 4) as f64 / 3.0,
                room_min_size: 1 + 2 * (seed % 2) as i32,
                ..MazeConfig::classic()
            };
            grids.push(maze::generate(&c, seed, 1).unwrap());
            if seed % 6 == 0 {
                grids.push(tinykeep::generate(&TinyKeepConfig::default(), seed, 1).unwrap());
            }
        }
        let (mut full, mut short) = (Vec::new(), Vec::new());
        for g in &grids {
            let graph = NodeGraph::new(g);
            let links = Links::new(&graph);
            assert!(links.weights.len() < graph.len(), "{g}");
            for r in 0..graph.room_count() {
                graph.distances(r, &mut full, None);
                links.distances(r, &mut short);
                assert_eq!(
                    full[..graph.room_count()],
                    short[..graph.room_count()],
                    "{g}"
                );
            }
        }
    }
}
