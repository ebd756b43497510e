//! The planarity test against a brute-force oracle (Wagner: a graph is
//! planar exactly when it has no K5 and no K3,3 minor), on named graphs and
//! on seeded random graphs of up to 7 vertices.

use super::*;
use crate::graph_layout::graph::EdgeMode;
use crate::rng::DungeonRng;

/// Adjacency bit masks of a simple graph.
fn masks(n: usize, edges: &[(usize, usize)]) -> Vec<u32> {
    let mut m = vec![0u32; n];
    for &(a, b) in edges {
        m[a] |= 1 << b;
        m[b] |= 1 << a;
    }
    m
}

/// Whether some 5 vertices are pairwise adjacent, or some 6 split 3 + 3
/// with every cross pair adjacent.
fn has_kuratowski_subgraph(m: &[u32]) -> bool {
    let n = m.len();
    for set in 0u32..(1 << n) {
        match set.count_ones() {
            5 => {
                let vs: Vec<usize> = (0..n).filter(|&v| set >> v & 1 == 1).collect();
                if vs.iter().all(|&v| m[v] & set == set & !(1 << v)) {
                    return true;
                }
            }
            6 => {
                for side in 0u32..(1 << n) {
                    if side & !set != 0 || side.count_ones() != 3 {
                        continue;
                    }
                    let other = set & !side;
                    let ok = (0..n)
                        .filter(|&v| side >> v & 1 == 1)
                        .all(|v| m[v] & other == other);
                    if ok {
                        return true;
                    }
                }
            }
            _ => {}
        }
    }
    false
}

/// Whether the graph has a K5 or K3,3 minor: a Kuratowski subgraph after
/// some sequence of edge contractions.
fn has_kuratowski_minor(m: &[u32]) -> bool {
    let n = m.len();
    if n < 5 {
        return false;
    }
    if has_kuratowski_subgraph(m) {
        return true;
    }
    for a in 0..n {
        for b in a + 1..n {
            if m[a] >> b & 1 == 0 {
                continue;
            }
            // Contract b into a, then renumber the last vertex as b.
            let mut c = m.to_vec();
            let merged = (c[a] | c[b]) & !(1 << a) & !(1 << b);
            for (v, mask) in c.iter_mut().enumerate() {
                if *mask >> b & 1 == 1 {
                    *mask &= !(1 << b);
                    if v != a {
                        *mask |= 1 << a;
                    }
                }
            }
            c[a] = merged;
            let last = n - 1;
            if b != last {
                c[b] = c[last];
                for mask in &mut c {
                    if *mask >> last & 1 == 1 {
                        *mask &= !(1 << last);
                        *mask |= 1 << b;
                    }
                }
            }
            c.truncate(last);
            if has_kuratowski_minor(&c) {
                return true;
            }
        }
    }
    false
}

fn oracle(n: usize, edges: &[(usize, usize)]) -> bool {
    !has_kuratowski_minor(&masks(n, edges))
}

fn complete(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

fn k33() -> Vec<(usize, usize)> {
    (0..3).flat_map(|a| (3..6).map(move |b| (a, b))).collect()
}

/// `edges` with edge `k` split by a new vertex `n`.
fn subdivide(n: usize, edges: &[(usize, usize)], k: usize) -> Vec<(usize, usize)> {
    let mut out = edges.to_vec();
    let (a, b) = out[k];
    out[k] = (a, n);
    out.push((n, b));
    out
}

/// Every block of a planar graph with a cycle has m − n + 2 faces, and
/// each of its edges lies on exactly two face walks.
fn assert_faces(n: usize, edges: &[(usize, usize)]) {
    for b in blocks(n, edges) {
        let es: Vec<(usize, usize)> = b.iter().map(|&k| edges[k]).collect();
        let faces = block_faces(&es).expect("planar");
        if es.len() < 3 {
            continue;
        }
        let mut vs: Vec<usize> = es.iter().flat_map(|&(a, b)| [a, b]).collect();
        vs.sort_unstable();
        vs.dedup();
        assert_eq!(faces.len() + vs.len(), es.len() + 2, "{es:?}: {faces:?}");
        for &(a, b) in &es {
            let on = faces
                .iter()
                .map(|f| {
                    (0..f.len())
                        .filter(|&i| {
                            let (x, y) = (f[i], f[(i + 1) % f.len()]);
                            (x, y) == (a, b) || (x, y) == (b, a)
                        })
                        .count()
                })
                .sum::<usize>();
            assert_eq!(on, 2, "edge {a}-{b} in {faces:?}");
        }
    }
}

#[test]
fn named_graphs() {
    assert!(!is_planar(5, &complete(5)));
    assert!(!is_planar(6, &k33()));
    let mut k5_minus = complete(5);
    k5_minus.pop();
    assert!(is_planar(5, &k5_minus));
    assert_faces(5, &k5_minus);
    assert!(is_planar(4, &complete(4)));
    assert_faces(4, &complete(4));
    // Subdivisions stay non-planar, and the sparse check cannot see them.
    let mut g = complete(5);
    let mut n = 5;
    for k in [0, 3, 7, 9] {
        g = subdivide(n, &g, k);
        n += 1;
    }
    assert!(!is_planar(n, &g));
    let mut g = k33();
    let mut n = 6;
    for k in [0, 4, 8, 2, 5] {
        g = subdivide(n, &g, k);
        n += 1;
    }
    assert!(!is_planar(n, &g));
    // The Petersen graph: sparse, non-planar.
    let mut petersen = Vec::new();
    for i in 0..5 {
        petersen.push((i, (i + 1) % 5));
        petersen.push((i, i + 5));
        petersen.push((i + 5, (i + 2) % 5 + 5));
    }
    assert!(!is_planar(10, &petersen));
    // A 3 × 4 grid graph and a wheel are planar.
    let mut grid = Vec::new();
    for y in 0..3 {
        for x in 0..4 {
            let v = y * 4 + x;
            if x < 3 {
                grid.push((v, v + 1));
            }
            if y < 2 {
                grid.push((v, v + 4));
            }
        }
    }
    assert!(is_planar(12, &grid));
    assert_faces(12, &grid);
    let wheel: Vec<(usize, usize)> = (1..8).flat_map(|i| [(0, i), (i, i % 7 + 1)]).collect();
    assert!(is_planar(8, &wheel));
    assert_faces(8, &wheel);
}

#[test]
fn agrees_with_the_minor_oracle_on_random_small_graphs() {
    let mut rng = DungeonRng::new(25);
    let (mut planar, mut not) = (0, 0);
    for _ in 0..1500 {
        let n = rng.range(3, 7) as usize;
        let p = rng.range(30, 90);
        let edges: Vec<(usize, usize)> = complete(n)
            .into_iter()
            .filter(|_| rng.range(0, 99) < p)
            .collect();
        let want = oracle(n, &edges);
        assert_eq!(is_planar(n, &edges), want, "{n} {edges:?}");
        if want {
            planar += 1;
            assert_faces(n, &edges);
        } else {
            not += 1;
        }
        // The first non-planar prefix, by the oracle.
        let first = (0..edges.len()).find(|&k| !oracle(n, &edges[..=k]));
        assert_eq!(first_nonplanar(n, &edges), first, "{n} {edges:?}");
    }
    assert!(planar > 100 && not > 100, "{planar} planar, {not} not");
}

#[test]
fn blocks_split_at_cut_vertices() {
    // Two triangles sharing vertex 2, and a bridge 4–5.
    let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2), (4, 5)];
    let mut bs = blocks(6, &edges);
    bs.sort();
    assert_eq!(bs, vec![vec![0, 1, 2], vec![3, 4, 5], vec![6]]);
}

#[test]
fn the_message_names_the_first_connection_that_breaks_planarity() {
    let mut g = LevelGraph::new();
    for _ in 0..6 {
        g.add_room(&[]);
    }
    // K3,3 with a harmless edge first; its last edge closes it.
    g.connect(0, 1, EdgeMode::Default);
    for (a, b) in k33() {
        if (a, b) != (0, 3) {
            g.connect(a, b, EdgeMode::Default);
        }
    }
    assert!(check_planar(&g).is_ok());
    let k = g.connect(3, 0, EdgeMode::Default);
    let m = check_planar(&g).unwrap_err().to_string();
    assert!(
        m.contains(&format!(
            "connection #{k} [3, 0] makes the graph non-planar"
        )),
        "{m}"
    );
    assert!(m.contains("corridors included"), "{m}");
    // Too many connections for any planar graph.
    let mut g = LevelGraph::new();
    for _ in 0..5 {
        g.add_room(&[]);
    }
    for (a, b) in complete(5) {
        g.connect(a, b, EdgeMode::Default);
    }
    let m = check_planar(&g).unwrap_err().to_string();
    assert!(m.contains("10 connections among 5 rooms"), "{m}");
    assert!(m.contains("3n − 6 = 9"), "{m}");
}
