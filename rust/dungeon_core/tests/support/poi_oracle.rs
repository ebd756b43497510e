//! A brute-force oracle for the path of interest: all-pairs shortest
//! node-weighted lengths by Floyd–Warshall over the node graph (no
//! Dijkstra, no bounds), and a checker for everything a path of interest
//! promises. Shared by the core's unit tests and the property tests.

use dungeon_core::DungeonGrid;
use dungeon_core::poi::{NodeGraph, PathOfInterest, PoiEnds, path_of_interest};

const INF: u64 = u64::MAX / 4;

/// `d[u][v]`: the least sum of node weights over paths from `u` to `v`,
/// both ends included (`INF` when there is none).
pub fn all_pairs(g: &NodeGraph) -> Vec<Vec<u64>> {
    let n = g.len();
    let w = |k: usize| u64::from(g.weight(k));
    let mut d = vec![vec![INF; n]; n];
    for (u, row) in d.iter_mut().enumerate() {
        row[u] = w(u);
        for &v in g.neighbors(u) {
            row[v as usize] = w(u) + w(v as usize);
        }
    }
    for k in 0..n {
        let through = d[k].clone();
        for row in &mut d {
            let to_k = row[k];
            if to_k >= INF {
                continue;
            }
            for (cell, &from_k) in row.iter_mut().zip(&through) {
                if from_k < INF && to_k + from_k - w(k) < *cell {
                    *cell = to_k + from_k - w(k);
                }
            }
        }
    }
    d
}

/// The longest finite `d[a][b]` over pairs of distinct chosen nodes.
pub fn longest(d: &[Vec<u64>], chosen: &[usize]) -> Option<u64> {
    let mut best = None;
    for &a in chosen {
        for &b in chosen {
            if a != b && d[a][b] < INF {
                best = best.max(Some(d[a][b]));
            }
        }
    }
    best
}

/// Checks the path of interest of `grid` for `ends` against the oracle and
/// returns it: `None` exactly when no two chosen nodes reach each other;
/// else exact, as long as the longest pair, a shortest path between its
/// ends (consecutive nodes adjacent, weights summing to the length), and its
/// tiles a walk through open sides that visits exactly its nodes in order.
pub fn check_poi(grid: &DungeonGrid, ends: PoiEnds) -> Option<PathOfInterest> {
    let g = NodeGraph::new(grid);
    assert!(
        g.len() <= 600,
        "oracle is for small maps ({} nodes)",
        g.len()
    );
    check_with(grid, &g, &all_pairs(&g), ends)
}

/// [`check_poi`] for both kinds of ends, sharing one all-pairs table.
pub fn check_both(grid: &DungeonGrid) -> [Option<PathOfInterest>; 2] {
    let g = NodeGraph::new(grid);
    assert!(
        g.len() <= 600,
        "oracle is for small maps ({} nodes)",
        g.len()
    );
    let d = all_pairs(&g);
    [PoiEnds::Rooms, PoiEnds::AnyNodes].map(|e| check_with(grid, &g, &d, e))
}

fn check_with(
    grid: &DungeonGrid,
    g: &NodeGraph,
    d: &[Vec<u64>],
    ends: PoiEnds,
) -> Option<PathOfInterest> {
    let chosen: Vec<usize> = match ends {
        PoiEnds::AnyNodes => (0..g.len()).collect(),
        PoiEnds::Rooms => (0..g.room_count()).collect(),
    };
    let want = longest(d, &chosen);
    let got = path_of_interest(grid, ends);
    let ctx = || format!("{ends:?}\n{grid}");
    let Some(p) = got else {
        assert_eq!(want, None, "no path but the oracle has one: {}", ctx());
        return None;
    };
    assert!(p.exact, "{}", ctx());
    assert_eq!(Some(p.length), want, "not the longest: {}", ctx());
    let ids: Vec<usize> = p.nodes.iter().map(|n| n.id).collect();
    let (a, b) = (ids[0], *ids.last().unwrap());
    assert!(chosen.contains(&a) && chosen.contains(&b), "{}", ctx());
    assert_eq!(
        d[a][b],
        p.length,
        "not shortest between its ends: {}",
        ctx()
    );
    let sum: u64 = p.nodes.iter().map(|n| u64::from(n.weight)).sum();
    assert_eq!(sum, p.length, "{}", ctx());
    for pair in ids.windows(2) {
        assert!(
            g.neighbors(pair[0]).contains(&(pair[1] as u32)),
            "{pair:?} not adjacent: {}",
            ctx()
        );
    }
    for n in &p.nodes {
        assert_eq!(n.kind, g.kind(n.id));
        assert_eq!(n.weight, g.weight(n.id));
        assert_eq!(g.node_at(n.tile), Some(n.id));
    }
    // Tiles: steps through open sides, visiting the nodes in order.
    assert!(!p.tiles.is_empty(), "{}", ctx());
    let mut seq: Vec<usize> = Vec::new();
    for (k, &t) in p.tiles.iter().enumerate() {
        let node = g.node_at(t).expect("tile on a node");
        if seq.last() != Some(&node) {
            seq.push(node);
        }
        if k > 0 {
            let s = p.tiles[k - 1];
            let dir = dungeon_core::DIRS
                .iter()
                .find(|(dx, dy, _, _)| (s.0 + dx, s.1 + dy) == t)
                .unwrap_or_else(|| panic!("{s:?} -> {t:?} not a step: {}", ctx()));
            assert!(grid.door_mask(s) & dir.2 != 0, "closed side: {}", ctx());
        }
    }
    assert_eq!(seq, ids, "tiles do not walk the nodes: {}", ctx());
    Some(p)
}
