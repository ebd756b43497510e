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
            if j < n {
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
            } else if self.ears.is_empty() || self.ears_close(&chosen, spent) {
                return Some(chosen);
            }
            // Take the next candidate of the deepest room that has one (a
            // whole layout that leaves a room still to come no spot is
            // passed over like a dead end).
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

    /// Whether every room of [`Dp::ears`] with two or more neighbours among
    /// the placed rooms and the chain (laid out as `chosen`) has a spot
    /// joining them all (by their configuration spaces, doors taken or
    /// not) that overlaps neither: else no layout can follow this one.
    pub(crate) fn ears_close(&mut self, chosen: &[St], spent: &mut u64) -> bool {
        let space = self.space;
        let mut feet: Vec<Foot> = self.feet.clone();
        for c in chosen {
            feet.push(Foot::of((c.x, c.y), &space.vars[c.v as usize].v));
        }
        let at = |m: usize| -> Option<(usize, (i32, i32))> {
            if self.state.placed[m] {
                return Some((self.state.var[m], self.state.pos[m]));
            }
            let k = self.rooms.iter().position(|&r| r == m)?;
            let c = chosen.get(k)?;
            Some((c.v as usize, (c.x, c.y)))
        };
        let mut spots: Vec<(i32, i32)> = Vec::new();
        for (r, vars) in &self.ears {
            let fixed: Vec<(usize, (i32, i32))> =
                self.adj[*r].iter().filter_map(|&(m, _)| at(m)).collect();
            if fixed.len() < 2 {
                continue;
            }
            let mut ok = false;
            'vars: for &v in vars {
                let (vb, pb) = fixed[1];
                spots.clear();
                spots.extend(
                    space
                        .pair(vb, v, &mut self.buf)
                        .iter()
                        .map(|o| (pb.0 + o.dx, pb.1 + o.dy)),
                );
                spots.sort_unstable();
                let (va, pa) = fixed[0];
                let offs = space.pair(va, v, &mut self.buf2);
                *spent += offs.len() as u64 / 16 + 1;
                for o in offs {
                    let p = (pa.0 + o.dx, pa.1 + o.dy);
                    if spots.binary_search(&p).is_err() {
                        continue;
                    }
                    let rest = fixed[2..].iter().all(|&(vm, pm)| {
                        space
                            .pair(vm, v, &mut Vec::new())
                            .iter()
                            .any(|q| (pm.0 + q.dx, pm.1 + q.dy) == p)
                    });
                    if !rest {
                        continue;
                    }
                    let f = Foot::of(p, &space.vars[v].v);
                    if feet.iter().all(|g| g.overlap(&f) == 0) {
                        ok = true;
                        break 'vars;
                    }
                }
            }
            if !ok {
                return false;
            }
        }
        true
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
