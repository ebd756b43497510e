//! The room graph's pieces: Delaunay edges, union–find, the two rooms
//! farthest apart.

use crate::adjacency;
use crate::grid::Pos;

/// The Delaunay triangulation's edges over `points`, each `(a, b)` with
/// `a < b`, sorted and listed once. Points all on one line (or just two)
/// have no triangles; they are chained in `(x, y)` order instead, which is
/// what the triangulation's limit gives.
///
/// The triangulation is the `delaunator` crate's, on the integer centres:
/// its robust predicates make it exact for them, so the edges are the same
/// on every platform.
pub(super) fn delaunay_edges(points: &[Pos]) -> Vec<(usize, usize)> {
    let pts: Vec<delaunator::Point> = points
        .iter()
        .map(|&(x, y)| delaunator::Point {
            x: f64::from(x),
            y: f64::from(y),
        })
        .collect();
    let t = delaunator::triangulate(&pts);
    let mut edges: Vec<(usize, usize)> = Vec::with_capacity(t.triangles.len());
    if t.triangles.is_empty() {
        let mut order: Vec<usize> = (0..points.len()).collect();
        order.sort_unstable_by_key(|&i| (points[i], i));
        for w in order.windows(2) {
            edges.push((w[0].min(w[1]), w[0].max(w[1])));
        }
    } else {
        for tri in t.triangles.chunks_exact(3) {
            for (a, b) in [(tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])] {
                edges.push((a.min(b), a.max(b)));
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    edges
}

/// Union–find with path halving and union by size.
pub(super) struct Sets {
    parent: Vec<usize>,
    size: Vec<usize>,
}

impl Sets {
    pub(super) fn new(n: usize) -> Self {
        Self {
            parent: (0..n).collect(),
            size: vec![1; n],
        }
    }

    pub(super) fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    /// Joins the sets of `a` and `b`; `false` when they were one already.
    pub(super) fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        if self.size[ra] < self.size[rb] || (self.size[ra] == self.size[rb] && rb < ra) {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb] = ra;
        self.size[ra] += self.size[rb];
        true
    }

    pub(super) fn size_of(&mut self, x: usize) -> usize {
        let r = self.find(x);
        self.size[r]
    }
}

/// Hops from `from` to every node of the graph `adjacent` (`u32::MAX` where
/// unreachable) and the farthest reachable node, the lowest-numbered on ties.
pub(super) fn hops(adjacent: &[Vec<usize>], from: usize) -> (Vec<u32>, usize) {
    let dist = adjacency::hops(adjacent, from);
    let far = adjacency::farthest_node(&dist, (0..dist.len()).filter(|&r| dist[r] != u32::MAX));
    (dist, far.unwrap_or(from))
}

/// The start and end rooms: a double sweep over the room graph. From room
/// 0 the farthest room (fewest hops, lowest number on ties) is the start;
/// the room farthest from it is the end. On a tree (no extra edges) they
/// are the ends of a longest path; with loops, a pair at least as far apart
/// as any pair involving the start.
pub(super) fn far_pair(adjacent: &[Vec<usize>]) -> (usize, usize) {
    let (_, a) = hops(adjacent, 0);
    let (_, b) = hops(adjacent, a);
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_has_five_edges_and_a_line_is_chained() {
        let e = delaunay_edges(&[(0, 0), (10, 0), (0, 10), (10, 11)]);
        assert_eq!(e.len(), 5, "{e:?}");
        assert_eq!(
            delaunay_edges(&[(0, 0), (20, 0), (10, 0)]),
            [(0, 2), (1, 2)]
        );
        assert_eq!(delaunay_edges(&[(3, 4), (1, 1)]), [(0, 1)]);
    }

    #[test]
    fn far_pair_is_a_diameter_on_a_path() {
        // 2 - 0 - 1 - 3
        let adj = vec![vec![1, 2], vec![0, 3], vec![0], vec![1]];
        let (a, b) = far_pair(&adj);
        assert_eq!((a.min(b), a.max(b)), (2, 3));
    }
}
