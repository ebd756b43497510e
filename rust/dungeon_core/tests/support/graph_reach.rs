//! The brute-force side of the room-metrics tests: which rooms stay
//! reachable when one room or one connection is taken away.

/// Rooms reachable from `from` over `adj` (adjacency lists) without
/// entering `cut_room` or crossing the connection `cut_edge` (smaller room
/// first); none when `from` is `cut_room`.
pub fn reach(
    adj: &[Vec<usize>],
    from: usize,
    cut_room: Option<usize>,
    cut_edge: Option<(usize, usize)>,
) -> Vec<bool> {
    let mut seen = vec![false; adj.len()];
    if cut_room == Some(from) {
        return seen;
    }
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(a) = stack.pop() {
        for &b in &adj[a] {
            let cut = cut_edge == Some((a.min(b), a.max(b)));
            if !seen[b] && Some(b) != cut_room && !cut {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    seen
}
