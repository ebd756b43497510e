//! Shapes of a graph: rooms on cycles, loops of three, blocks, loops that
//! share a room.

/// Which rooms lie on a cycle (have a connection that is not a bridge).
pub fn on_cycles(adj: &[Vec<usize>]) -> Vec<bool> {
    let mut on = vec![false; adj.len()];
    for b in blocks(adj) {
        if b.0.len() >= 3 {
            for &v in &b.0 {
                on[v] = true;
            }
        }
    }
    on
}

/// A loop of 3 rooms.
pub fn has_triangle(adj: &[Vec<usize>]) -> bool {
    (0..adj.len()).any(|a| {
        adj[a]
            .iter()
            .any(|&b| adj[b].iter().any(|&c| c != a && adj[c].contains(&a)))
    })
}

/// The blocks that hold a cycle.
pub fn cyclic_blocks(adj: &[Vec<usize>]) -> Vec<(Vec<usize>, usize)> {
    blocks(adj).into_iter().filter(|b| b.0.len() >= 3).collect()
}

/// Two cycles share a room: a block with more than one independent cycle
/// (cycles sharing a path), or a room in two blocks with cycles.
pub fn shares_room(adj: &[Vec<usize>]) -> bool {
    let cyclic = cyclic_blocks(adj);
    if cyclic.iter().any(|b| b.1 > b.0.len()) {
        return true;
    }
    let mut count = vec![0; adj.len()];
    for b in &cyclic {
        for &r in &b.0 {
            count[r] += 1;
        }
    }
    count.iter().any(|&c| c >= 2)
}

/// The blocks (biconnected components) of the graph with neighbour lists
/// `adj`: each block's rooms and its number of connections (a bridge is a
/// block of 2 rooms and 1 connection).
pub fn blocks(adj: &[Vec<usize>]) -> Vec<(Vec<usize>, usize)> {
    let n = adj.len();
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut time = 0;
    let mut edge_stack: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    for root in 0..n {
        if disc[root] != usize::MAX {
            continue;
        }
        disc[root] = time;
        low[root] = time;
        time += 1;
        // (room, parent, next neighbour index)
        let mut stack = vec![(root, usize::MAX, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (v, parent) = (top.0, top.1);
            if top.2 < adj[v].len() {
                let w = adj[v][top.2];
                top.2 += 1;
                if disc[w] == usize::MAX {
                    edge_stack.push((v, w));
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, v, 0));
                } else if w != parent && disc[w] < disc[v] {
                    edge_stack.push((v, w));
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if low[v] >= disc[p] {
                        let mut rooms = Vec::new();
                        let mut count = 0;
                        while let Some(e) = edge_stack.pop() {
                            count += 1;
                            rooms.push(e.0);
                            rooms.push(e.1);
                            if e == (p, v) {
                                break;
                            }
                        }
                        rooms.sort_unstable();
                        rooms.dedup();
                        out.push((rooms, count));
                    }
                }
            }
        }
    }
    out
}
