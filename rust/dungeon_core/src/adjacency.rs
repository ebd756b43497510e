//! Breadth-first search over a graph given as adjacency lists (per node,
//! the nodes it joins): hop counts, the search tree, a path down it and the
//! farthest node. A leaf: it knows nothing of grids, so the room graph
//! (`grid/`), the room metrics and the generators all share it.

use std::collections::VecDeque;

/// Breadth-first hop counts from node `from` over a graph given as
/// adjacency lists, per node; `u32::MAX` where unreachable (everywhere when
/// `from` is no node).
pub(crate) fn hops(adjacent: &[Vec<usize>], from: usize) -> Vec<u32> {
    bfs_tree(adjacent, &[from]).0
}

/// Marks a node with no parent in a [`bfs_tree`]: a source, or not reached.
pub(crate) const NO_PARENT: usize = usize::MAX;

/// Breadth-first search over adjacency lists from every node of `sources`
/// at once (numbers that are no node are skipped): per node its hop count
/// to the nearest source (`u32::MAX` where unreachable) and the node it was
/// first reached from ([`NO_PARENT`] for a source or an unreached node).
/// Neighbours are visited in list order, so sorted lists give the same tree
/// on every run. Each node enters the queue once: the loop is bounded by
/// the nodes and edges.
pub(crate) fn bfs_tree(adjacent: &[Vec<usize>], sources: &[usize]) -> (Vec<u32>, Vec<usize>) {
    let n = adjacent.len();
    let mut dist = vec![u32::MAX; n];
    let mut parent = vec![NO_PARENT; n];
    let mut queue = VecDeque::with_capacity(n);
    for &s in sources {
        if let Some(d) = dist.get_mut(s)
            && *d == u32::MAX
        {
            *d = 0;
            queue.push_back(s);
        }
    }
    while let Some(r) = queue.pop_front() {
        let next = dist[r] + 1;
        for &s in &adjacent[r] {
            if let Some(ds) = dist.get_mut(s)
                && *ds == u32::MAX
            {
                *ds = next;
                parent[s] = r;
                queue.push_back(s);
            }
        }
    }
    (dist, parent)
}

/// The nodes from the source of `to`'s [`bfs_tree`] branch down to `to`,
/// both included; `None` when `to` is no node or was not reached (`dist`
/// and `parent` as [`bfs_tree`] returns them).
pub(crate) fn tree_path(dist: &[u32], parent: &[usize], to: usize) -> Option<Vec<usize>> {
    let steps = *dist.get(to).filter(|&&d| d != u32::MAX)? as usize;
    let mut path = Vec::with_capacity(steps + 1);
    let mut at = to;
    path.push(at);
    // Each parent is one hop nearer a source: `steps` hops reach it.
    for _ in 0..steps {
        at = *parent.get(at)?;
        path.push(at);
    }
    path.reverse();
    Some(path)
}

/// Among `nodes`, the one with the most hops in `dist` (as [`hops`] gives
/// them; an unreachable node's `u32::MAX` counts as most), the lowest
/// numbered on ties; `None` when `nodes` is empty.
pub(crate) fn farthest_node(dist: &[u32], nodes: impl Iterator<Item = usize>) -> Option<usize> {
    nodes.max_by_key(|&p| (dist.get(p).copied().unwrap_or(0), std::cmp::Reverse(p)))
}
