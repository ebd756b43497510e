//! Planarity of level graphs: rooms drawn as rectangles that touch across
//! their sides can only realise planar graphs (a rectangle contact graph
//! is planar, and a corridor piece is one more rectangle), so a non-planar
//! graph is refused before any layout is tried, naming the first
//! connection, in input order, that makes it non-planar.
//!
//! The test is Demoucron, Malgrange and Pertuiset's (1964) face embedding,
//! run on each biconnected block (iterative Tarjan): embed a cycle, then
//! repeatedly embed a path of a fragment (a chord or a piece of the graph
//! not embedded yet, with its contact vertices) into a face holding all
//! its contacts, a fragment with a single such face first. A fragment with
//! none proves the block non-planar. O(n·m) per block, well under a
//! millisecond at 400 rooms; the faces it leaves are the embedding's.

use super::graph::LevelGraph;
use crate::error::ConfigError;

/// The biconnected blocks of the graph on `n` vertices with `edges`, each
/// as a list of edge numbers (ascending). Bridges are blocks of one edge.
pub(crate) fn blocks(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, &(a, b)) in edges.iter().enumerate() {
        if a < n && b < n && a != b {
            adj[a].push((b, k));
            adj[b].push((a, k));
        }
    }
    const NONE: usize = usize::MAX;
    let mut disc = vec![NONE; n];
    let mut low = vec![0; n];
    let mut time = 0;
    let mut estack: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    // Frames: (vertex, edge it was reached by, next adjacency index).
    let mut frames: Vec<(usize, usize, usize)> = Vec::new();
    for root in 0..n {
        if disc[root] != NONE {
            continue;
        }
        disc[root] = time;
        low[root] = time;
        time += 1;
        frames.push((root, NONE, 0));
        while let Some(top) = frames.last_mut() {
            let (v, pe, i) = *top;
            if let Some(&(w, e)) = adj[v].get(i) {
                top.2 += 1;
                if e == pe {
                    continue;
                }
                if disc[w] == NONE {
                    estack.push(e);
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    frames.push((w, e, 0));
                } else if disc[w] < disc[v] {
                    estack.push(e);
                    low[v] = low[v].min(disc[w]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(u, _, _)) = frames.last() {
                low[u] = low[u].min(low[v]);
                if low[v] >= disc[u] {
                    let mut block = Vec::new();
                    while let Some(e) = estack.pop() {
                        block.push(e);
                        if e == pe {
                            break;
                        }
                    }
                    block.sort_unstable();
                    out.push(block);
                }
            }
        }
    }
    out
}

/// The faces of a planar embedding of one block (`edges` of a 2-connected
/// graph, or a single edge), each a cycle of vertices; `None` when the
/// block is not planar.
pub(crate) fn block_faces(edges: &[(usize, usize)]) -> Option<Vec<Vec<usize>>> {
    // Local vertex numbers, in order of first appearance.
    let mut verts: Vec<usize> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    verts.sort_unstable();
    verts.dedup();
    let local = |v: usize| verts.binary_search(&v).unwrap_or(0);
    let es: Vec<(usize, usize)> = edges.iter().map(|&(a, b)| (local(a), local(b))).collect();
    let n = verts.len();
    let m = es.len();
    if m < 3 {
        // One edge: no cycle to embed; its one face is the edge walked
        // both ways.
        return Some(vec![verts]);
    }
    if m + 6 > 3 * n {
        return None;
    }
    let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for (k, &(a, b)) in es.iter().enumerate() {
        adj[a].push((b, k));
        adj[b].push((a, k));
    }
    let mut in_v = vec![false; n];
    let mut in_e = vec![false; m];
    // The first cycle: edge 0 and a path back around it.
    let (u0, v0) = es[0];
    let path = bfs_path(&adj, v0, |w| w == u0, |_, e| e != 0)?;
    for w in &path {
        in_v[*w] = true;
    }
    in_e[0] = true;
    for w in path.windows(2) {
        mark_edge(&adj, &mut in_e, w[0], w[1]);
    }
    let mut faces = vec![path.clone(), path.iter().rev().copied().collect()];
    let mut stamp = vec![0usize; n];
    let mut tick = 0usize;
    loop {
        let frags = fragments(&adj, &es, &in_v, &in_e);
        if frags.is_empty() {
            break;
        }
        // Admissible faces per fragment; a fragment with one goes first.
        let mut choice: Option<(usize, usize)> = None;
        for (fi, f) in frags.iter().enumerate() {
            let mut count = 0;
            let mut first = 0;
            for (k, face) in faces.iter().enumerate() {
                tick += 1;
                for &w in face {
                    stamp[w] = tick;
                }
                if f.contacts.iter().all(|&c| stamp[c] == tick) {
                    if count == 0 {
                        first = k;
                    }
                    count += 1;
                }
            }
            match count {
                0 => return None,
                1 => {
                    choice = Some((fi, first));
                    break;
                }
                _ if choice.is_none() => choice = Some((fi, first)),
                _ => {}
            }
        }
        let (fi, k) = choice?;
        let f = &frags[fi];
        let (&c1, &c2) = (f.contacts.first()?, f.contacts.get(1)?);
        let p = if f.inner.is_empty() {
            vec![c1, c2]
        } else {
            through(&adj, c1, c2, &f.inner)?
        };
        for w in &p {
            in_v[*w] = true;
        }
        for w in p.windows(2) {
            mark_edge(&adj, &mut in_e, w[0], w[1]);
        }
        let face = faces.swap_remove(k);
        let i = face.iter().position(|&w| w == c1)?;
        let j = face.iter().position(|&w| w == c2)?;
        let walk = |from: usize, to: usize| {
            let mut out = Vec::new();
            let mut x = from;
            loop {
                out.push(face[x]);
                if x == to {
                    break;
                }
                x = (x + 1) % face.len();
            }
            out
        };
        let inner = &p[1..p.len() - 1];
        let mut a = walk(i, j);
        a.extend(inner.iter().rev());
        let mut b = walk(j, i);
        b.extend(inner.iter());
        faces.push(a);
        faces.push(b);
    }
    Some(
        faces
            .into_iter()
            .map(|f| f.into_iter().map(|w| verts[w]).collect())
            .collect(),
    )
}

/// A fragment: its contact vertices (on the embedded part, ascending) and
/// its vertices not embedded yet (ascending; empty for a chord).
struct Fragment {
    contacts: Vec<usize>,
    inner: Vec<usize>,
}

fn fragments(
    adj: &[Vec<(usize, usize)>],
    es: &[(usize, usize)],
    in_v: &[bool],
    in_e: &[bool],
) -> Vec<Fragment> {
    let mut out = Vec::new();
    for (k, &(a, b)) in es.iter().enumerate() {
        if !in_e[k] && in_v[a] && in_v[b] {
            out.push(Fragment {
                contacts: vec![a.min(b), a.max(b)],
                inner: Vec::new(),
            });
        }
    }
    let mut seen = vec![false; adj.len()];
    for s in 0..adj.len() {
        if in_v[s] || seen[s] {
            continue;
        }
        seen[s] = true;
        let mut inner = vec![s];
        let mut contacts = Vec::new();
        let mut head = 0;
        while let Some(&v) = inner.get(head) {
            head += 1;
            for &(w, _) in &adj[v] {
                if in_v[w] {
                    contacts.push(w);
                } else if !seen[w] {
                    seen[w] = true;
                    inner.push(w);
                }
            }
        }
        contacts.sort_unstable();
        contacts.dedup();
        inner.sort_unstable();
        out.push(Fragment { contacts, inner });
    }
    out
}

/// A shortest path from `from` to a vertex `goal` accepts, stepping only
/// along edges `(w, e)` that `may` accepts; `from` first.
fn bfs_path(
    adj: &[Vec<(usize, usize)>],
    from: usize,
    goal: impl Fn(usize) -> bool,
    may: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    const NONE: usize = usize::MAX;
    let mut prev = vec![NONE; adj.len()];
    prev[from] = from;
    let mut queue = vec![from];
    let mut head = 0;
    while let Some(&v) = queue.get(head) {
        head += 1;
        for &(w, e) in &adj[v] {
            if prev[w] != NONE || !may(w, e) {
                continue;
            }
            prev[w] = v;
            if goal(w) {
                let mut path = vec![w];
                let mut x = w;
                while x != from {
                    x = prev[x];
                    path.push(x);
                }
                path.reverse();
                return Some(path);
            }
            queue.push(w);
        }
    }
    None
}

/// A path `c1 → inner vertices → c2` through a fragment's inside.
fn through(
    adj: &[Vec<(usize, usize)>],
    c1: usize,
    c2: usize,
    inner: &[usize],
) -> Option<Vec<usize>> {
    let is_inner = |w: usize| inner.binary_search(&w).is_ok();
    for &(s, _) in &adj[c1] {
        if !is_inner(s) {
            continue;
        }
        if let Some(rest) = bfs_path_from(adj, s, c2, &is_inner) {
            let mut p = vec![c1];
            p.extend(rest);
            return Some(p);
        }
    }
    None
}

/// A path from inner vertex `s` through inner vertices to `goal`.
fn bfs_path_from(
    adj: &[Vec<(usize, usize)>],
    s: usize,
    goal: usize,
    is_inner: &impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    if adj[s].iter().any(|&(w, _)| w == goal) {
        return Some(vec![s, goal]);
    }
    bfs_path(
        adj,
        s,
        |w| adj[w].iter().any(|&(x, _)| x == goal),
        |w, _| is_inner(w),
    )
    .map(|mut p| {
        p.push(goal);
        p
    })
}

fn mark_edge(adj: &[Vec<(usize, usize)>], in_e: &mut [bool], a: usize, b: usize) {
    if let Some(&(_, e)) = adj[a].iter().find(|&&(w, _)| w == b) {
        in_e[e] = true;
    }
}

/// Whether the graph on `n` vertices with `edges` (simple) is planar.
pub(crate) fn is_planar(n: usize, edges: &[(usize, usize)]) -> bool {
    if n >= 3 && edges.len() + 6 > 3 * n {
        return false;
    }
    blocks(n, edges).iter().all(|b| {
        let es: Vec<(usize, usize)> = b.iter().map(|&k| edges[k]).collect();
        block_faces(&es).is_some()
    })
}

/// The first `k` such that `edges[..=k]` is not planar, or `None` when the
/// whole graph is planar (a binary search over prefixes: a subgraph of a
/// planar graph is planar).
pub(crate) fn first_nonplanar(n: usize, edges: &[(usize, usize)]) -> Option<usize> {
    if is_planar(n, edges) {
        return None;
    }
    let (mut lo, mut hi) = (0, edges.len() - 1);
    // Invariant: edges[..=hi] is not planar; edges[..lo] is planar.
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if is_planar(n, &edges[..=mid]) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    Some(hi)
}

/// Refuses a non-planar graph (call after [`LevelGraph::validate`]),
/// naming the connection that first makes it so.
///
/// # Errors
/// A [`ConfigError`] for `graph`.
pub(crate) fn check_planar(g: &LevelGraph) -> Result<(), ConfigError> {
    let n = g.rooms.len();
    let edges: Vec<(usize, usize)> = g.edges.iter().map(|e| (e.a, e.b)).collect();
    if n >= 3 && edges.len() + 6 > 3 * n {
        return Err(ConfigError::new(
            "graph",
            format!("{} connections among {n} rooms", edges.len()),
            format!(
                "at most 3n − 6 = {} connections: only planar graphs can be laid out",
                3 * n - 6
            ),
        ));
    }
    match first_nonplanar(n, &edges) {
        None => Ok(()),
        Some(k) => {
            let e = g.edges[k];
            Err(ConfigError::new(
                "graph",
                format!(
                    "{} makes the graph non-planar (with the connections before it)",
                    g.edge_label(k)
                ),
                format!(
                    "a planar graph: rooms drawn as rectangles can only realise planar graphs, \
                     corridors included; remove it or one of the connections of rooms {}, {}",
                    e.a, e.b
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests;
