//! [`PlannedGraph`]: the room graph a generator planned the map from, kept
//! with the map so that JSON (its `graph` object) and every reader of the
//! grid can show it.
//!
//! The derived room graph ([`DungeonGrid::connections`]) says which rooms
//! a walker can go between; the planned graph says how the generator meant
//! them to be joined: TinyKeep's Delaunay triangulation, spanning tree and
//! loops, the Hilbert generator's main path. Other generators plan no graph
//! and leave it empty.

use super::DungeonGrid;

/// The graph a generator planned, in room numbers ([`DungeonGrid::room_records`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlannedGraph {
    /// Candidate edges: TinyKeep's Delaunay triangulation of the main rooms'
    /// centres, each `(a, b)` with `a < b`, sorted.
    pub delaunay: Vec<(usize, usize)>,
    /// The spanning tree's edges (TinyKeep's minimum spanning tree), in the
    /// order they were carved (shortest first).
    pub tree: Vec<(usize, usize)>,
    /// Edges carved beyond the tree (loops), in the order they were carved.
    pub extra: Vec<(usize, usize)>,
    /// The main path, start room first, end room last (Hilbert): rooms
    /// not on it are side rooms.
    pub main_path: Vec<usize>,
}

impl PlannedGraph {
    /// Whether nothing was planned.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.delaunay.is_empty()
            && self.tree.is_empty()
            && self.extra.is_empty()
            && self.main_path.is_empty()
    }

    /// What is wrong with this graph as a plan of `g`, if anything: room
    /// numbers out of range or repeated, edges not `a < b`, tree and extra
    /// edges outside the Delaunay edges (when those are given), a main path
    /// that does not run from the start room to the end room through
    /// connected rooms.
    pub(crate) fn problem(&self, g: &DungeonGrid) -> Option<String> {
        let rooms = g.room_records().len();
        let lists = [
            ("delaunay", &self.delaunay),
            ("mst", &self.tree),
            ("extra", &self.extra),
        ];
        for (name, list) in lists {
            if let Some(e) = list.iter().find(|&&(a, b)| a >= b || b >= rooms) {
                return Some(format!(
                    "graph.{name}: edge [{}, {}] must join two rooms, smaller first, below {rooms}",
                    e.0, e.1
                ));
            }
        }
        if self.delaunay.windows(2).any(|w| w[0] >= w[1]) {
            return Some("graph.delaunay must be sorted, each edge once".into());
        }
        if !self.delaunay.is_empty() {
            for (name, list) in [("mst", &self.tree), ("extra", &self.extra)] {
                if let Some(e) = list
                    .iter()
                    .find(|e| self.delaunay.binary_search(e).is_err())
                {
                    return Some(format!(
                        "graph.{name}: edge [{}, {}] is not a Delaunay edge",
                        e.0, e.1
                    ));
                }
            }
        }
        if !self.main_path.is_empty() {
            let path = &self.main_path;
            let mut seen = vec![false; rooms];
            for &r in path {
                if r >= rooms || std::mem::replace(&mut seen[r], true) {
                    return Some(format!(
                        "graph.main_path: room {r} is repeated or not below {rooms}"
                    ));
                }
            }
            let (first, last) = (path[0], path[path.len() - 1]);
            if g.room_at(g.start) != Some(first) || g.room_at(g.end) != Some(last) {
                return Some("graph.main_path must run from the start room to the end room".into());
            }
            // Connections are sorted by room pair: one binary search a step.
            let pairs = g.connections();
            let joined = |a: usize, b: usize| {
                pairs
                    .binary_search_by_key(&(a.min(b), a.max(b)), |c| c.rooms)
                    .is_ok()
            };
            if let Some(w) = path.windows(2).find(|w| !joined(w[0], w[1])) {
                return Some(format!(
                    "graph.main_path: rooms {} and {} are not connected",
                    w[0], w[1]
                ));
            }
        }
        None
    }
}

impl DungeonGrid {
    /// The room graph the generator planned the map from (TinyKeep's
    /// Delaunay, tree and extra edges; Hilbert's main path); empty for
    /// generators that plan none. JSON carries it as `graph`.
    #[must_use]
    pub fn planned_graph(&self) -> &PlannedGraph {
        &self.plan
    }
}
