//! Loops added to a level graph at random, for the graph layout tests and
//! `examples/graph_bench.rs`.

use dungeon_core::DungeonRng;
use dungeon_core::graph_layout::{EdgeMode, LevelGraph};

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
        g.connect(a, b, EdgeMode::Default);
        if g.check_planar().is_err() {
            g.edges.pop();
            continue;
        }
        degree[a] += 1;
        degree[b] += 1;
        added += 1;
    }
    added
}
