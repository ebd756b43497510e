//! Picking a layout of the chain from the listing: the recorded steps out
//! of a state, greedy samples, and the depth-first search for a layout
//! without overlaps among the chain's rooms.

#[cfg(test)]
use super::exits;
use super::{Dp, St};
use crate::graph_layout::foot::Foot;
use crate::rng::DungeonRng;

impl Dp<'_> {
    /// The kept states of layer `j` that state `p` of layer `j − 1` leads
    /// to (by recorded steps).
    pub(super) fn successors(&self, j: usize, p: usize) -> Vec<usize> {
        let edges = &self.edges[j];
        let from = edges.partition_point(|e| (e.0 as usize) < p);
        edges[from..]
            .iter()
            .take_while(|e| e.0 as usize == p)
            .map(|e| e.1 as usize)
            .filter(|&c| self.alive[j][c])
            .collect()
    }

    /// The kept states of layer `j` that `p` (layer `j − 1`) leads to,
    /// listed from the configuration spaces (the plain form of
    /// [`Dp::successors`], for tests).
    #[cfg(test)]
    pub(super) fn successors_listed(&mut self, j: usize, p: St) -> Vec<usize> {
        let mut out = Vec::new();
        let space = self.space;
        let pd = &space.vars[p.v as usize].v.doors;
        for &v in &self.vars[j] {
            self.buf.clear();
            self.space.offsets(p.v as usize, v, &mut self.buf);
            for o in &self.buf {
                if !exits(pd, p.din, o.da) {
                    continue;
                }
                let s = St {
                    v: v as u32,
                    x: p.x + o.dx,
                    y: p.y + o.dy,
                    din: o.db as u32,
                };
                if let Ok(i) = self.layers[j].binary_search(&s)
                    && self.alive[j][i]
                {
                    out.push(i);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// One layout of the chain through kept states: each room drawn among
    /// those that overlap the rooms drawn before it least and, at equal
    /// overlap, realise the most of their connections to them (chords).
    pub(crate) fn sample(&mut self, rng: &mut DungeonRng) -> Option<Vec<St>> {
        let mut chosen: Vec<St> = Vec::with_capacity(self.rooms.len());
        let mut at = 0;
        for j in 0..self.rooms.len() {
            let cands: Vec<usize> = match chosen.last() {
                Some(_) if self.linked(j) => self.successors(j, at),
                _ => (0..self.layers[j].len())
                    .filter(|&i| self.alive[j][i])
                    .collect(),
            };
            let mut best: Vec<usize> = Vec::new();
            let mut least = (i64::MAX, i64::MAX);
            for i in cands {
                let s = self.layers[j][i];
                let cost = self.cost(j, s, &chosen);
                if cost < least {
                    least = cost;
                    best.clear();
                }
                if cost == least {
                    best.push(i);
                }
            }
            let &i = rng.pick(&best)?;
            at = i;
            chosen.push(self.layers[j][i]);
        }
        Some(chosen)
    }

    /// A layout of the chain through kept states in which no two chain
    /// rooms overlap and every connection between them is realised, found
    /// depth first (candidates in random order, backing up from a room
    /// with none left); `None` when there is none or the search visited
    /// `budget` states first. Greedy sampling ([`Dp::sample`]) draws
    /// every room as well as it can and leaves the rest to annealing;
    /// this backs up instead, which is what closes a long loop whose
    /// rooms crowd each other.
    pub(crate) fn search(&mut self, rng: &mut DungeonRng, budget: u64) -> Option<Vec<St>> {
        let mut spent = 0u64;
        let found = self.search_within(rng, budget, &mut spent);
        self.work += spent / 4;
        found
    }

    /// [`Dp::search`], counting the states it visits in `spent`.
    pub(super) fn search_within(
        &mut self,
        rng: &mut DungeonRng,
        budget: u64,
        spent: &mut u64,
    ) -> Option<Vec<St>> {
        let n = self.rooms.len();
        let mut chosen: Vec<St> = Vec::with_capacity(n);
        // Per chosen room: its candidates (indices into its layer) and the
        // next to try.
        let mut stack: Vec<(Vec<usize>, usize)> = Vec::with_capacity(n);
        loop {
            let j = chosen.len();
            if j == n {
                return Some(chosen);
            }
            let from: Vec<usize> = match stack.last() {
                Some((c, k)) if self.linked(j) => self.successors(j, c[*k - 1]),
                _ => (0..self.layers[j].len())
                    .filter(|&i| self.alive[j][i])
                    .collect(),
            };
            let mut cands: Vec<usize> = Vec::with_capacity(from.len());
            for i in from {
                *spent += 1;
                if self.cost(j, self.layers[j][i], &chosen) == (0, 0) {
                    cands.push(i);
                }
            }
            rng.shuffle(&mut cands);
            stack.push((cands, 0));
            // Take the next candidate of the deepest room that has one.
            loop {
                if *spent > budget {
                    return None;
                }
                let (c, k) = stack.last_mut()?;
                if let Some(&i) = c.get(*k) {
                    *k += 1;
                    let jj = stack.len() - 1;
                    chosen.truncate(jj);
                    chosen.push(self.layers[jj][i]);
                    break;
                }
                stack.pop();
                chosen.truncate(stack.len());
                *spent += 1;
            }
        }
    }

    /// The overlap of `s` (chain room `j`) with the chosen rooms, and how
    /// many of its connections to them (but the previous) it misses.
    pub(super) fn cost(&mut self, j: usize, s: St, chosen: &[St]) -> (i64, i64) {
        let space = self.space;
        let var = &space.vars[s.v as usize].v;
        let f = Foot::of((s.x, s.y), var);
        let mut over = 0;
        let mut missed = 0;
        for (k, c) in chosen.iter().enumerate() {
            let cv = &space.vars[c.v as usize].v;
            over += Foot::of((c.x, c.y), cv).overlap(&f);
            if k + 1 < j && self.adjacent(self.rooms[k], self.rooms[j]) {
                let hit = self
                    .space
                    .pair(c.v as usize, s.v as usize, &mut self.buf)
                    .iter()
                    .any(|o| c.x + o.dx == s.x && c.y + o.dy == s.y);
                missed += i64::from(!hit);
            }
        }
        (over, missed)
    }
}
