//! The exact stage: every assignment of the frontier that fits the numbers,
//! combined with the global mine count.
//!
//! The hidden cells next to numbers (the frontier) split into groups that
//! share no number; each group is enumerated on its own by backtracking
//! (a branch dies as soon as a number is over- or under-filled). For each
//! group and each mine count it can hold, we keep which cells are a mine in
//! some fitting assignment and which in all. A group's count is feasible
//! when the other groups can make up the rest of the mines left, with the
//! cells no number touches (the interior) holding between none and all of
//! their number. A cell is safe when it is free in every fitting assignment
//! of every feasible count, a mine when it is a mine in all of them.

use super::{Budget, Constraint, Deductions, Knowledge, Known};

/// What one group's enumeration found, per mine count.
struct Group {
    cells: Vec<usize>,
    /// `by_count[m]`: (mine in some fit, mine in every fit) bit sets, for
    /// fits holding `m` mines; `None` when no fit holds `m`.
    by_count: Vec<Option<(Vec<u64>, Vec<u64>)>>,
    /// The budget ran out: nothing is known about this group.
    gave_up: bool,
}

impl Group {
    fn feasible(&self, m: usize) -> bool {
        if self.gave_up {
            m <= self.cells.len()
        } else {
            self.by_count.get(m).is_some_and(Option::is_some)
        }
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

/// Runs the exact stage, adding what it proves to `out`.
pub(super) fn frontier(
    k: &Knowledge,
    cons: &[Constraint],
    left: usize,
    budget: &mut Budget,
    out: &mut Deductions,
) {
    let n = k.cells.len();
    let mut parent: Vec<usize> = (0..n).collect();
    let mut in_frontier = vec![false; n];
    for c in cons {
        for &cell in &c.cells {
            in_frontier[cell] = true;
            let (a, b) = (find(&mut parent, c.cells[0]), find(&mut parent, cell));
            parent[a] = b;
        }
    }
    // Groups in order of their smallest cell, so the result is deterministic.
    let mut group_of: Vec<usize> = vec![usize::MAX; n];
    let mut groups: Vec<(Vec<usize>, Vec<&Constraint>)> = Vec::new();
    let mut root_group: Vec<usize> = vec![usize::MAX; n];
    for cell in 0..n {
        if !in_frontier[cell] {
            continue;
        }
        let r = find(&mut parent, cell);
        if root_group[r] == usize::MAX {
            root_group[r] = groups.len();
            groups.push((Vec::new(), Vec::new()));
        }
        group_of[cell] = root_group[r];
        groups[root_group[r]].0.push(cell);
    }
    for c in cons {
        groups[group_of[c.cells[0]]].1.push(c);
    }
    let interior: Vec<usize> = (0..n)
        .filter(|&i| k.cells[i] == Known::Hidden && !in_frontier[i])
        .collect();
    let mut local = vec![u32::MAX; n];
    let groups: Vec<Group> = groups
        .into_iter()
        .map(|(_, cs)| enumerate_group(&cs, left, &mut local, budget))
        .collect();
    if groups.iter().any(|g| g.gave_up) {
        out.complete = false;
    }
    combine(&groups, &interior, left, budget, out);
}

/// Sums reachable by picking one feasible count per group, capped at `cap`.
fn add_group(sums: &[bool], g: &Group, cap: usize) -> Vec<bool> {
    let mut next = vec![false; cap + 1];
    for (s, _) in sums.iter().enumerate().filter(|(_, r)| **r) {
        for m in 0..=cap - s {
            if g.feasible(m) {
                next[s + m] = true;
            }
        }
    }
    next
}

fn combine(
    groups: &[Group],
    interior: &[usize],
    left: usize,
    budget: &mut Budget,
    out: &mut Deductions,
) {
    let cap = left;
    let mut start = vec![false; cap + 1];
    start[0] = true;
    // prefix[i]: sums of groups 0..i; suffix[i]: sums of groups i..
    let mut prefix = vec![start.clone()];
    for g in groups {
        if !budget.spend((cap as u64 + 1) * (cap as u64 + 1) / 8 + 1) {
            out.complete = false;
            return;
        }
        let next = add_group(&prefix[prefix.len() - 1], g, cap);
        prefix.push(next);
    }
    let mut suffix = vec![start; groups.len() + 1];
    for i in (0..groups.len()).rev() {
        suffix[i] = add_group(&suffix[i + 1], &groups[i], cap);
    }
    let fits = |s: usize| s <= left && left - s <= interior.len();
    // Interior: the counts it can hold across all feasible totals.
    let all = &prefix[groups.len()];
    let interior_counts: Vec<usize> = (0..=cap)
        .filter(|&s| all[s] && fits(s))
        .map(|s| left - s)
        .collect();
    if interior_counts.is_empty() {
        return; // Nothing fits: an inconsistent view proves nothing.
    }
    if !interior.is_empty() {
        if interior_counts.iter().all(|&m| m == 0) {
            out.safe.extend_from_slice(interior);
        } else if interior_counts.iter().all(|&m| m == interior.len()) {
            out.mines.extend_from_slice(interior);
        }
    }
    for (i, g) in groups.iter().enumerate() {
        if g.gave_up {
            continue;
        }
        // Sums the other groups can make.
        let mut others = vec![false; cap + 1];
        for (a, _) in prefix[i].iter().enumerate().filter(|(_, r)| **r) {
            for (b, _) in suffix[i + 1]
                .iter()
                .enumerate()
                .take(cap + 1 - a)
                .filter(|(_, r)| **r)
            {
                others[a + b] = true;
            }
        }
        let counts: Vec<usize> = (0..g.by_count.len())
            .filter(|&m| {
                g.feasible(m) && (0..=cap.saturating_sub(m)).any(|o| others[o] && fits(o + m))
            })
            .collect();
        let words = g.cells.len().div_ceil(64);
        let mut ever = vec![0u64; words];
        let mut always = vec![u64::MAX; words];
        for &m in &counts {
            if let Some((e, a)) = &g.by_count[m] {
                for w in 0..words {
                    ever[w] |= e[w];
                    always[w] &= a[w];
                }
            }
        }
        if counts.is_empty() {
            continue;
        }
        for (v, &cell) in g.cells.iter().enumerate() {
            let bit = 1u64 << (v % 64);
            if ever[v / 64] & bit == 0 {
                out.safe.push(cell);
            } else if always[v / 64] & bit != 0 {
                out.mines.push(cell);
            }
        }
    }
}

/// Backtracking state for one group.
struct Search<'a> {
    /// For each variable (in search order), the constraints it is in.
    var_cons: Vec<Vec<usize>>,
    need: Vec<usize>,
    have: Vec<usize>,
    unset: Vec<usize>,
    assign: Vec<bool>,
    mines: usize,
    left: usize,
    budget: &'a mut Budget,
    by_count: Vec<Option<(Vec<u64>, Vec<u64>)>>,
    gave_up: bool,
}

impl Search<'_> {
    fn fits(&self, v: usize, mine: bool) -> bool {
        let add = usize::from(mine);
        (!mine || self.mines < self.left)
            && self.var_cons[v].iter().all(|&c| {
                let have = self.have[c] + add;
                have <= self.need[c] && have + self.unset[c] > self.need[c]
            })
    }

    fn set(&mut self, v: usize, mine: bool, on: bool) {
        for i in 0..self.var_cons[v].len() {
            let c = self.var_cons[v][i];
            if on {
                self.have[c] += usize::from(mine);
                self.unset[c] -= 1;
            } else {
                self.have[c] -= usize::from(mine);
                self.unset[c] += 1;
            }
        }
        if mine {
            if on {
                self.mines += 1;
            } else {
                self.mines -= 1;
            }
        }
        self.assign[v] = on && mine;
    }

    fn record(&mut self) {
        let words = self.assign.len().div_ceil(64);
        let mut bits = vec![0u64; words];
        for (v, &m) in self.assign.iter().enumerate() {
            if m {
                bits[v / 64] |= 1 << (v % 64);
            }
        }
        if self.by_count.len() <= self.mines {
            self.by_count.resize(self.mines + 1, None);
        }
        match &mut self.by_count[self.mines] {
            Some((ever, always)) => {
                for w in 0..words {
                    ever[w] |= bits[w];
                    always[w] &= bits[w];
                }
            }
            slot @ None => *slot = Some((bits.clone(), bits)),
        }
    }

    fn run(&mut self, v: usize) {
        if self.gave_up {
            return;
        }
        if !self.budget.spend(1) {
            self.gave_up = true;
            return;
        }
        if v == self.assign.len() {
            self.record();
            return;
        }
        for mine in [false, true] {
            if self.fits(v, mine) {
                self.set(v, mine, true);
                self.run(v + 1);
                self.set(v, mine, false);
            }
        }
    }
}

fn enumerate_group(
    cons: &[&Constraint],
    left: usize,
    local: &mut [u32],
    budget: &mut Budget,
) -> Group {
    // Search order: cells as the constraints reach them, breadth first, so
    // each number fills up early and prunes.
    let mut order: Vec<usize> = Vec::new();
    let mut con_done = vec![false; cons.len()];
    let mut queue = std::collections::VecDeque::new();
    let mut by_cell: Vec<(usize, usize)> = Vec::new(); // (cell, constraint)
    for (ci, c) in cons.iter().enumerate() {
        by_cell.extend(c.cells.iter().map(|&cell| (cell, ci)));
    }
    by_cell.sort_unstable();
    for start in 0..cons.len() {
        if con_done[start] {
            continue;
        }
        con_done[start] = true;
        queue.push_back(start);
        while let Some(ci) = queue.pop_front() {
            for &cell in &cons[ci].cells {
                if local[cell] != u32::MAX {
                    continue;
                }
                local[cell] = order.len() as u32;
                order.push(cell);
                let from = by_cell.partition_point(|&(c, _)| c < cell);
                for &(c, other) in &by_cell[from..] {
                    if c != cell {
                        break;
                    }
                    if !con_done[other] {
                        con_done[other] = true;
                        queue.push_back(other);
                    }
                }
            }
        }
    }
    let mut var_cons = vec![Vec::new(); order.len()];
    for (ci, c) in cons.iter().enumerate() {
        for &cell in &c.cells {
            var_cons[local[cell] as usize].push(ci);
        }
    }
    let mut search = Search {
        var_cons,
        need: cons.iter().map(|c| c.mines).collect(),
        have: vec![0; cons.len()],
        unset: cons.iter().map(|c| c.cells.len()).collect(),
        assign: vec![false; order.len()],
        mines: 0,
        left,
        budget,
        by_count: Vec::new(),
        gave_up: false,
    };
    search.run(0);
    for &cell in &order {
        local[cell] = u32::MAX;
    }
    Group {
        cells: order,
        by_count: search.by_count,
        gave_up: search.gave_up,
    }
}
