//! Chain decomposition, cycles first (Nepožitek's Edgar, after Ma et al.):
//! the faces of a planar embedding of every biconnected block, less each
//! block's largest face (the outer one), are the graph's loops. The first
//! chain is the smallest loop (one holding the start room first); then,
//! repeatedly, the loop with the fewest rooms not yet covered among those
//! touching covered rooms, its uncovered rooms in face order (so each run
//! of them hangs between covered rooms). Loops joined only through tree
//! parts are reached by the shortest path of uncovered rooms, which stops
//! one room short: the loop's chain then starts at the room it reached
//! and closes back to it. Rooms left
//! over hang off covered rooms through bridges: a forest, laid out
//! greedily.

use super::graph::LevelGraph;
use super::planar::{block_faces, blocks};

/// One chain: rooms to lay out together, in order (each next to a covered
/// room or an earlier room of the chain).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chain {
    pub(crate) rooms: Vec<usize>,
    /// A loop's rooms (or a path reaching the next loop).
    pub(crate) is_cycle: bool,
}

/// The loops of `g` (faces but the outer one of each block).
pub(crate) fn faces(g: &LevelGraph) -> Vec<Vec<usize>> {
    let n = g.rooms.len();
    let edges: Vec<(usize, usize)> = g.edges.iter().map(|e| (e.a, e.b)).collect();
    let mut out = Vec::new();
    for b in blocks(n, &edges) {
        if b.len() < 3 {
            continue;
        }
        let es: Vec<(usize, usize)> = b.iter().map(|&k| edges[k]).collect();
        let Some(mut fs) = block_faces(&es) else {
            continue;
        };
        let outer = (0..fs.len()).max_by_key(|&i| {
            let low = fs[i].iter().min().copied().unwrap_or(0);
            (fs[i].len(), std::cmp::Reverse(low), std::cmp::Reverse(i))
        });
        if let Some(o) = outer {
            fs.remove(o);
        }
        out.extend(fs);
    }
    out
}

/// The loop chains of `g` from room `start`, covering every room on a
/// loop; empty for a tree.
pub(crate) fn cycle_chains(g: &LevelGraph, start: usize) -> Vec<Chain> {
    let faces = faces(g);
    let n = g.rooms.len();
    if faces.is_empty() {
        return Vec::new();
    }
    let mut covered = vec![false; n];
    let mut chains = Vec::new();
    let first = (0..faces.len())
        .min_by_key(|&i| {
            let f = &faces[i];
            (
                f.len(),
                !f.contains(&start),
                f.iter().min().copied().unwrap_or(0),
                i,
            )
        })
        .unwrap_or(0);
    let f = &faces[first];
    let at = f
        .iter()
        .position(|&r| r == start)
        .or_else(|| (0..f.len()).min_by_key(|&i| f[i]))
        .unwrap_or(0);
    let rooms: Vec<usize> = (0..f.len()).map(|k| f[(at + k) % f.len()]).collect();
    for &r in &rooms {
        covered[r] = true;
    }
    chains.push(Chain {
        rooms,
        is_cycle: true,
    });
    let adj = g.adjacency();
    loop {
        let open = |f: &Vec<usize>| f.iter().filter(|&&r| !covered[r]).count();
        let next = (0..faces.len())
            .filter(|&i| open(&faces[i]) > 0 && faces[i].iter().any(|&r| covered[r]))
            .min_by_key(|&i| (open(&faces[i]), i));
        if let Some(i) = next {
            let f = &faces[i];
            let at = f.iter().position(|&r| covered[r]).unwrap_or(0);
            let rooms: Vec<usize> = (1..=f.len())
                .map(|k| f[(at + k) % f.len()])
                .filter(|&r| !covered[r])
                .collect();
            for &r in &rooms {
                covered[r] = true;
            }
            chains.push(Chain {
                rooms,
                is_cycle: true,
            });
            continue;
        }
        // No loop touches the covered rooms: walk to the nearest one.
        let targets: Vec<bool> = {
            let mut t = vec![false; n];
            for f in faces.iter().filter(|f| open(f) > 0) {
                for &r in f {
                    t[r] = true;
                }
            }
            t
        };
        if !targets.iter().any(|&t| t) {
            return chains;
        }
        let mut prev = vec![usize::MAX; n];
        let mut queue: Vec<usize> = (0..n).filter(|&r| covered[r]).collect();
        for &r in &queue {
            prev[r] = r;
        }
        let mut head = 0;
        let mut hit = None;
        'bfs: while let Some(&r) = queue.get(head) {
            head += 1;
            for &m in &adj[r] {
                if prev[m] == usize::MAX {
                    prev[m] = r;
                    if targets[m] {
                        hit = Some(m);
                        break 'bfs;
                    }
                    queue.push(m);
                }
            }
        }
        let Some(mut x) = hit else {
            return chains;
        };
        // The path stops short of the loop; the loop's chain starts at the
        // room the path reaches, so that room's template is chosen with the
        // loop it must close.
        let m = x;
        let mut path = Vec::new();
        x = prev[x];
        while !covered[x] {
            path.push(x);
            x = prev[x];
        }
        path.reverse();
        for &r in &path {
            covered[r] = true;
        }
        if !path.is_empty() {
            chains.push(Chain {
                rooms: path,
                is_cycle: false,
            });
        }
        let Some(f) = faces
            .iter()
            .filter(|f| f.contains(&m))
            .min_by_key(|f| f.len())
        else {
            return chains;
        };
        let at = f.iter().position(|&r| r == m).unwrap_or(0);
        let rooms: Vec<usize> = (0..f.len()).map(|k| f[(at + k) % f.len()]).collect();
        for &r in &rooms {
            covered[r] = true;
        }
        chains.push(Chain {
            rooms,
            is_cycle: true,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph_layout::graph::graph;

    #[test]
    fn a_tree_has_no_loop_chains() {
        assert!(cycle_chains(&LevelGraph::path(5), 0).is_empty());
    }

    #[test]
    fn two_loops_joined_by_a_path() {
        // Triangle 0-1-2, path 2-3-4, square 4-5-6-7, a leaf 8 on 0.
        let g = graph(
            9,
            &[
                (0, 1),
                (1, 2),
                (2, 0),
                (2, 3),
                (3, 4),
                (4, 5),
                (5, 6),
                (6, 7),
                (7, 4),
                (0, 8),
            ],
        );
        let cs = cycle_chains(&g, 0);
        assert_eq!(cs.len(), 3, "{cs:?}");
        assert_eq!(cs[0].rooms[0], 0);
        assert_eq!(cs[0].rooms.len(), 3);
        assert_eq!(
            cs[1],
            Chain {
                rooms: vec![3],
                is_cycle: false
            }
        );
        assert_eq!(cs[2].rooms.len(), 4, "the square from room 4");
        assert_eq!(cs[2].rooms[0], 4);
        let mut all: Vec<usize> = cs.iter().flat_map(|c| c.rooms.clone()).collect();
        all.sort_unstable();
        assert_eq!(all, vec![0, 1, 2, 3, 4, 5, 6, 7]);
    }

    #[test]
    fn a_ladder_adds_one_room_pair_at_a_time() {
        // 2 × 4 ladder: squares sharing rungs.
        let mut edges = Vec::new();
        for k in 0..4 {
            edges.push((2 * k, 2 * k + 1));
            if k < 3 {
                edges.push((2 * k, 2 * k + 2));
                edges.push((2 * k + 1, 2 * k + 3));
            }
        }
        let g = graph(8, &edges);
        let cs = cycle_chains(&g, 0);
        assert_eq!(cs.len(), 3, "{cs:?}");
        assert_eq!(cs[0].rooms.len(), 4);
        assert!(cs[1..].iter().all(|c| c.rooms.len() == 2 && c.is_cycle));
    }
}
