//! Single-source shortest paths for the path-of-interest graphs: the node
//! graph (weights on nodes) and the contracted links (weights on edges)
//! both describe each step as `(next, weight)`, and share these two
//! searches. `dist[from]` is set by the caller (the start's own weight);
//! every other entry starts at `u64::MAX`.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Dijkstra with a circular array of `span` buckets (Dial's algorithm), for
/// step weights below `span`: every pending distance lies within `span` of
/// the one being settled, so bucket `d % span` holds only distance `d`.
/// Each step settles a node or moves to the next distance, and distances
/// never exceed the sum of all weights. `reached(v, u)` is told each
/// improvement of `v` through `u` (for parents).
pub(super) fn dial<I>(
    from: usize,
    span: usize,
    dist: &mut [u64],
    steps: impl Fn(usize) -> I,
    mut reached: impl FnMut(usize, usize),
) where
    I: Iterator<Item = (usize, u64)>,
{
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); span];
    let mut pending = 1usize;
    let mut d = dist[from];
    buckets[d as usize % span].push(from as u32);
    while pending > 0 {
        let slot = d as usize % span;
        while let Some(u) = buckets[slot].pop() {
            pending -= 1;
            let u = u as usize;
            if dist[u] != d {
                continue;
            }
            for (v, w) in steps(u) {
                let nd = d + w;
                if nd < dist[v] {
                    dist[v] = nd;
                    reached(v, u);
                    buckets[nd as usize % span].push(v as u32);
                    pending += 1;
                }
            }
        }
        d += 1;
    }
}

/// Dijkstra with a binary heap, for graphs with heavy steps (a corridor run
/// thousands of tiles long); same contract as [`dial`].
pub(super) fn heap<I>(
    from: usize,
    dist: &mut [u64],
    steps: impl Fn(usize) -> I,
    mut reached: impl FnMut(usize, usize),
) where
    I: Iterator<Item = (usize, u64)>,
{
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((dist[from], from as u32)));
    while let Some(Reverse((d, u))) = heap.pop() {
        let u = u as usize;
        if d > dist[u] {
            continue;
        }
        for (v, w) in steps(u) {
            let nd = d + w;
            if nd < dist[v] {
                dist[v] = nd;
                reached(v, u);
                heap.push(Reverse((nd, v as u32)));
            }
        }
    }
}
