//! Random connected planar level graphs for the graph layout tests and
//! `examples/graph_bench/`: the scaling curve's graphs
//! ([`random_graph`]), loops added to a graph at random ([`add_loops`]),
//! and graphs drawn the way designers draw them (`designer.rs`,
//! [`designer_graph`], issue 37), in classes sampled on their own so that
//! a layout's success can be told per class. Test and bench aid only; not
//! part of the crate's API.

use dungeon_core::DungeonRng;
use dungeon_core::graph_layout::{EdgeMode, LevelGraph};

/// Rooms `0..n` (room 0 tagged `start`, the last `boss`): a random tree
/// (each room hanging off one of the four rooms made before it, at most
/// three tree connections a room) plus `loops` connections closing
/// vertex-disjoint loops of 4–6 rooms, each kept only if the graph stays
/// planar, no room past 4 connections; `None` when the loops could not be placed.
pub fn random_graph(rng: &mut DungeonRng, n: usize, loops: usize) -> Option<LevelGraph> {
    let mut degree = vec![0usize; n];
    let mut g = LevelGraph::new();
    for i in 0..n {
        let tags: &[&str] = if i == 0 {
            &["start"]
        } else if i + 1 == n {
            &["boss"]
        } else {
            &[]
        };
        g.add_room(tags);
    }
    for i in 1..n {
        let open: Vec<usize> = (i.saturating_sub(4)..i)
            .filter(|&p| degree[p] < 3)
            .collect();
        let &p = rng.pick(&open)?;
        degree[p] += 1;
        degree[i] += 1;
        g.connect(p, i, EdgeMode::Default);
    }
    let mut on_loop = vec![false; n];
    let mut added = 0;
    for _ in 0..400 {
        if added == loops {
            break;
        }
        let a = rng.below(n as u32) as usize;
        // Walk 3–5 steps from a without coming back: a loop of 4–6 rooms.
        let adj = g.adjacency();
        let steps = rng.range(3, 5) as usize;
        let mut path = vec![a];
        let mut prev = a;
        let mut b = a;
        for _ in 0..steps {
            let next: Vec<usize> = adj[b]
                .iter()
                .copied()
                .filter(|&m| m != prev && !path.contains(&m))
                .collect();
            let Some(&m) = rng.pick(&next) else { break };
            prev = b;
            b = m;
            path.push(m);
        }
        if path.len() != steps + 1 || path.iter().any(|&r| on_loop[r]) {
            continue;
        }
        if degree[a] >= 4 || degree[b] >= 4 {
            continue;
        }
        if !connect_if_planar(&mut g, a, b, &mut degree) {
            continue;
        }
        for &r in &path {
            on_loop[r] = true;
        }
        added += 1;
    }
    (added == loops).then_some(g)
}

/// Connects rooms `a` and `b` and counts it in `degree` if the graph stays
/// planar; whether it did.
pub fn connect_if_planar(g: &mut LevelGraph, a: usize, b: usize, degree: &mut [usize]) -> bool {
    g.connect(a, b, EdgeMode::Default);
    if g.check_planar().is_err() {
        g.edges.pop();
        return false;
    }
    degree[a] += 1;
    degree[b] += 1;
    true
}

/// Adds up to `want` connections to `g`, each between rooms three or four
/// connections apart in the graph as it was (loops of 4 or 5 rooms; no
/// triangles, which fixed door slots often cannot close), between rooms
/// of fewer than four connections, each kept only if the graph stays
/// planar; `tries` draws at most. How many were added.
pub fn add_loops(rng: &mut DungeonRng, g: &mut LevelGraph, want: usize, tries: usize) -> usize {
    let n = g.rooms.len();
    if n == 0 {
        return 0;
    }
    let adj = g.adjacency();
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut added = 0;
    for _ in 0..tries {
        if added == want {
            break;
        }
        let a = rng.below(n as u32) as usize;
        // Walk 3 or 4 steps away (never back): a loop of 4 or 5 rooms.
        let mut b = a;
        let mut prev = a;
        let steps = rng.range(3, 4);
        let mut walked = 0;
        for _ in 0..steps {
            let next: Vec<usize> = adj[b].iter().copied().filter(|&m| m != prev).collect();
            let Some(&m) = rng.pick(&next) else { break };
            prev = b;
            b = m;
            walked += 1;
        }
        if walked < steps {
            continue;
        }
        let known = g
            .edges
            .iter()
            .any(|e| (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a));
        if b == a || known || degree[a] >= 4 || degree[b] >= 4 {
            continue;
        }
        if !connect_if_planar(g, a, b, &mut degree) {
            continue;
        }
        added += 1;
    }
    added
}

mod designer;

// Each includer uses some of these.
#[allow(unused_imports)]
pub use designer::{
    Class, Doors, MAX_CYCLES, blocks, cell_seed, cyclic_blocks, designer_graph, has_triangle,
    on_cycles, shares_room,
};
