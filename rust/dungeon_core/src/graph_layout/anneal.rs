//! Laying out a loop chain by simulated annealing (Ma et al. 2014; Edgar):
//! the chain's rooms are inserted one by one at a maximum-intersection
//! point of their placed neighbours' configuration spaces, then moved —
//! 60 % a new position (a maximum-intersection point again), 40 % another
//! template orientation and a position for it — accepting a worse layout
//! with probability `exp(−ΔE / (ΔĒ · t))`, `ΔĒ` the running mean of uphill
//! steps, over 50 cycles of 100 trials as the temperature falls from
//! `−1/ln 0.2` to `−1/ln 0.01`; a run that finds no lower energy in
//! [`STALL`] trials is abandoned for a fresh start (a stagnating run rarely
//! recovers), at most [`RUNS`] per chain. The exponential is a table of integers
//! ([`EXP_NEG`]) so acceptance is the same on every platform.
//!
//! While annealing, each connection's doors are the first pair of its
//! configuration space that the two positions realise; energy is overlap
//! area, distance to the configuration space and door conflicts (two
//! connections of one room on one slot or on touching slots), in integers.
//! A chain succeeds at energy 0 when every room it touches keeps a usable
//! door for each connection still to make; its door pairs are then
//! recorded.

use super::closure::{Dp, Found};
use super::energy::{W_DIST, W_DOOR};
use super::foot::Foot;
use super::greedy::Greedy;
use super::space::{Offset, slots_touch};
use crate::error::GenError;
use crate::grid::Pos;

/// `e^(−k/32) · 2²⁴` for `k` in `0..256` (the last entry 0).
#[rustfmt::skip]
pub(crate) const EXP_NEG: [u32; 256] = [
    16777216, 16261035, 15760736, 15275829, 14805841, 14350313, 13908801, 13480872,
    13066109, 12664107, 12274473, 11896828, 11530801, 11176035, 10832185, 10498913,
    10175896, 9862816, 9559370, 9265259, 8980197, 8703905, 8436114, 8176562,
    7924996, 7681169, 7444844, 7215791, 6993784, 6778608, 6570052, 6367913,
    6171993, 5982101, 5798051, 5619663, 5446765, 5279185, 5116762, 4959336,
    4806753, 4658865, 4515526, 4376598, 4241945, 4111434, 3984938, 3862334,
    3743503, 3628327, 3516696, 3408498, 3303630, 3201988, 3103473, 3007989,
    2915443, 2825744, 2738805, 2654541, 2572869, 2493711, 2416987, 2342624,
    2270549, 2200692, 2132984, 2067359, 2003753, 1942104, 1882351, 1824438,
    1768306, 1713901, 1661169, 1610061, 1560524, 1512512, 1465977, 1420873,
    1377158, 1334787, 1293720, 1253916, 1215337, 1177945, 1141704, 1106577,
    1072532, 1039533, 1007550, 976551, 946506, 917385, 889160, 861803,
    835288, 809589, 784681, 760539, 737139, 714460, 692478, 671173,
    650523, 630509, 611110, 592308, 574085, 556422, 539303, 522710,
    506628, 491041, 475933, 461290, 447098, 433342, 420009, 407087,
    394562, 382423, 370657, 359253, 348200, 337487, 327104, 317040,
    307285, 297831, 288668, 279787, 271178, 262835, 254749, 246911,
    239314, 231951, 224815, 217898, 211194, 204696, 198398, 192294,
    186378, 180644, 175086, 169699, 164478, 159418, 154513, 149759,
    145151, 140686, 136357, 132162, 128096, 124155, 120335, 116632,
    113044, 109566, 106195, 102928, 99761, 96692, 93717, 90833,
    88039, 85330, 82705, 80160, 77694, 75304, 72987, 70741,
    68565, 66455, 64411, 62429, 60508, 58646, 56842, 55093,
    53398, 51755, 50163, 48620, 47124, 45674, 44269, 42907,
    41587, 40307, 39067, 37865, 36700, 35571, 34476, 33416,
    32388, 31391, 30425, 29489, 28582, 27703, 26850, 26024,
    25224, 24447, 23695, 22966, 22260, 21575, 20911, 20268,
    19644, 19040, 18454, 17886, 17336, 16802, 16286, 15784,
    15299, 14828, 14372, 13930, 13501, 13086, 12683, 12293,
    11915, 11548, 11193, 10849, 10515, 10191, 9878, 9574,
    9279, 8994, 8717, 8449, 8189, 7937, 7693, 7456,
    7227, 7004, 6789, 6580, 6378, 6181, 5991, 0,
];

/// Cycles and trials per cycle of one annealing run.
const CYCLES: u32 = 50;
const TRIALS: u32 = 100;
/// Annealing runs (each from a fresh insertion) before a chain gives up.
const RUNS: u32 = 4;
/// Trials without a new least energy after which a run is abandoned (a
/// stagnating run rarely recovers; a fresh start is cheaper).
const STALL: u32 = 2 * TRIALS;
/// Most variants per room the closure listing tries (a random subset).
const CLOSE_VARIANTS: usize = 16;
/// Closure samples drawn per run; the least energy one is annealed.
const SAMPLES: u32 = 8;
/// Most states the depth-first search for a closure without overlaps
/// visits before greedy samples take over.
const SEARCH_STATES: u64 = 4_000;
/// Spots (variant and position) of a loop's first room tried by the
/// closure listing before annealing takes over.
const FIRST_VARIANTS: usize = 6;

/// How a chain run starts.
enum Start {
    /// The chain's rooms are placed, every chain connection realised.
    Placed,
    /// No layout of the chain exists against the placed rooms.
    Impossible,
    /// The listing found nothing it can vouch for: insert and anneal.
    Unknown,
}

impl Greedy<'_> {
    /// Connection `e`'s configuration space (through `offs`), and where
    /// its second room now stands from its first.
    fn load_space(&mut self, e: usize) -> (&[Offset], (i32, i32)) {
        let g = &self.c.graph;
        let (a, b) = (g.edges[e].a, g.edges[e].b);
        let s = &self.state;
        let offs = self.k.space.pair(s.var[a], s.var[b], &mut self.offs);
        (offs, (s.pos[b].0 - s.pos[a].0, s.pos[b].1 - s.pos[a].1))
    }

    /// The door pair connection `e` uses in the current layout: the first
    /// of its configuration space the positions realise.
    fn doors_of(&mut self, e: usize) -> Option<Offset> {
        let (offs, (dx, dy)) = self.load_space(e);
        offs.iter().copied().find(|o| o.dx == dx && o.dy == dy)
    }

    /// Cells between connection `e`'s rooms and its configuration space.
    fn edge_dist(&mut self, e: usize) -> i64 {
        let (offs, (dx, dy)) = self.load_space(e);
        offs.iter()
            .map(|o| i64::from((o.dx - dx).abs()) + i64::from((o.dy - dy).abs()))
            .min()
            .unwrap_or(1 << 20)
    }

    /// Door conflicts of room `x`: pairs of its realised connections on one
    /// slot or on touching slots.
    fn conflicts(&mut self, x: usize) -> i64 {
        let mut doors = std::mem::take(&mut self.doors);
        doors.clear();
        for i in 0..self.adj[x].len() {
            let (m, e) = self.adj[x][i];
            if !self.state.placed[m] {
                continue;
            }
            if let Some(o) = self.doors_of(e) {
                doors.push(if self.c.graph.edges[e].a == x {
                    o.da
                } else {
                    o.db
                });
            }
        }
        let slots = &self.k.space.vars[self.state.var[x]].v.doors;
        let mut n = 0;
        for (k, &d) in doors.iter().enumerate() {
            for &u in &doors[..k] {
                n += i64::from(u == d || slots_touch(&slots[u], &slots[d]));
            }
        }
        self.doors = doors;
        n
    }

    /// The energy terms that involve placed room `r`.
    fn local(&mut self, r: usize) -> i64 {
        let f = self.state.foot[r].clone();
        let mut e: i64 = self
            .state
            .order
            .iter()
            .filter(|&&j| j != r)
            .map(|&j| self.state.foot[j].overlap(&f))
            .sum();
        e += W_DOOR * self.conflicts(r);
        for i in 0..self.adj[r].len() {
            let (m, k) = self.adj[r][i];
            if self.state.placed[m] {
                e += W_DIST * self.edge_dist(k) + W_DOOR * self.conflicts(m);
            }
        }
        e
    }

    /// The energy of every placed room.
    fn total(&mut self) -> i64 {
        let order = self.state.order.clone();
        let mut e = 0;
        for (k, &i) in order.iter().enumerate() {
            for &j in &order[..k] {
                e += self.state.foot[i].overlap(&self.state.foot[j]);
            }
            e += W_DOOR * self.conflicts(i);
        }
        for k in 0..self.c.graph.edges.len() {
            let ed = self.c.graph.edges[k];
            if self.state.placed[ed.a] && self.state.placed[ed.b] {
                e += W_DIST * self.edge_dist(k);
            }
        }
        e
    }

    /// Positions for room `r` as variant `v` that the most placed
    /// neighbours' configuration spaces share; one drawn at random.
    fn best_point(&mut self, r: usize, v: usize) -> Option<Pos> {
        let mut pts: Vec<Pos> = Vec::new();
        for i in 0..self.adj[r].len() {
            let (m, _) = self.adj[r][i];
            if !self.state.placed[m] || m == r {
                continue;
            }
            let offs = self.k.space.pair(self.state.var[m], v, &mut self.offs);
            let p = self.state.pos[m];
            let mut mine: Vec<Pos> = offs.iter().map(|o| (p.0 + o.dx, p.1 + o.dy)).collect();
            mine.sort_unstable();
            mine.dedup();
            pts.extend(mine);
        }
        pts.sort_unstable();
        let mut best: Vec<Pos> = Vec::new();
        let mut most = 0;
        let mut i = 0;
        while i < pts.len() {
            let mut j = i;
            while j < pts.len() && pts[j] == pts[i] {
                j += 1;
            }
            if j - i > most {
                most = j - i;
                best.clear();
            }
            if j - i == most {
                best.push(pts[i]);
            }
            i = j;
        }
        self.rng.pick(&best).copied()
    }

    /// A random variant of room `r`'s templates with enough doors.
    fn random_variant(&mut self, r: usize) -> Option<usize> {
        let deg = self.adj[r].len();
        let vars: Vec<usize> = self.k.allowed[r]
            .iter()
            .filter(|&&t| self.c.templates[t].door_capacity() >= deg)
            .flat_map(|&t| self.k.space.variants_of(t))
            .collect();
        self.rng.pick(&vars).copied()
    }

    /// Room `r`'s variants with enough doors, ascending.
    pub(super) fn variants(&self, r: usize) -> Vec<usize> {
        let deg = self.adj[r].len();
        self.k.allowed[r]
            .iter()
            .filter(|&&t| self.c.templates[t].door_capacity() >= deg)
            .flat_map(|&t| self.k.space.variants_of(t))
            .collect()
    }

    /// Places `chain` by the closure listing (`closure/`). A chain whose
    /// first room must itself close the loop (the first chain, or a loop
    /// that hangs off the placed rooms at its first room) tries a few
    /// spots for that room — the origin for the first chain, else points
    /// of the configuration space of its placed neighbour with the door
    /// free and no overlap — and lists the rest against each.
    fn close(&mut self, chain: &[usize], until: u64) -> Result<Start, GenError> {
        let Some(&r0) = chain.first() else {
            return Ok(Start::Unknown);
        };
        let hangs = chain.len() > 2
            && chain
                .last()
                .is_some_and(|&l| self.adj[l].iter().any(|&(m, _)| m == r0));
        if !self.state.order.is_empty() && !hangs {
            return self.close_rest(chain, until);
        }
        let mut spots: Vec<(usize, Pos)> = Vec::new();
        let mut vs = self.variants(r0);
        self.rng.shuffle(&mut vs);
        let parent = self.adj[r0]
            .iter()
            .map(|&(m, _)| m)
            .find(|&m| self.state.placed[m]);
        match parent {
            None if self.state.order.is_empty() => {
                spots.extend(vs.iter().map(|&v| (v, (0, 0))));
            }
            None => return self.close_rest(chain, until),
            Some(p) => {
                let space = &self.k.space;
                let pp = self.state.pos[p];
                for &v in &vs {
                    let offs = space.pair(self.state.var[p], v, &mut self.offs);
                    let var = &space.vars[v].v;
                    let from = spots.len();
                    for o in offs {
                        let at = (pp.0 + o.dx, pp.1 + o.dy);
                        if self.state.door_free(space, p, o.da)
                            && !self.state.overlaps(&Foot::of(at, var))
                            && !spots[from..].iter().any(|s| s.1 == at)
                        {
                            spots.push((v, at));
                        }
                    }
                }
                self.rng.shuffle(&mut spots);
            }
        }
        let all = spots.len() <= FIRST_VARIANTS;
        spots.truncate(FIRST_VARIANTS);
        for (v, at) in spots {
            self.put(r0, v, at);
            match self.close_rest(&chain[1..], until)? {
                Start::Impossible => self.state.unplace_last(),
                Start::Placed => return Ok(Start::Placed),
                Start::Unknown => {
                    self.state.unplace_last();
                    return Ok(Start::Unknown);
                }
            }
        }
        Ok(if all {
            Start::Impossible
        } else {
            Start::Unknown
        })
    }

    /// Places `rooms` (a chain, or its rest) by the closure listing: the
    /// least energy of a few samples.
    fn close_rest(&mut self, rooms: &[usize], until: u64) -> Result<Start, GenError> {
        let Some(&last) = rooms.last() else {
            return Ok(Start::Placed);
        };
        // Nothing to close (a path hanging off the placed rooms): greedy
        // insertion does as well for less.
        if !self.adj[last].iter().any(|&(m, _)| self.state.placed[m]) {
            return Ok(Start::Unknown);
        }
        let mut cut = false;
        let mut vars = Vec::with_capacity(rooms.len());
        for &r in rooms {
            let mut vs = self.variants(r);
            if vs.len() > CLOSE_VARIANTS {
                self.rng.shuffle(&mut vs);
                vs.truncate(CLOSE_VARIANTS);
                vs.sort_unstable();
                cut = true;
            }
            vars.push(vs);
        }
        let limit = until.saturating_sub(self.stats.work).saturating_mul(4);
        // In the second phase, a closure must leave each room still to come
        // that joins two rooms placed by then a spot (`Dp::ears_close`); the
        // first phase searches as before, so what it finds stays the same.
        let mut dp = Dp::new(&self.k.space, &self.state, &self.adj, rooms, vars, true);
        if self.bold {
            dp.ears = self.ears(rooms);
        }
        // Corridor pieces (rooms after the graph's) keep the long beam: a
        // loop through them is long and meets its room at few points.
        let graph_rooms = self.c.graph.rooms.len() - self.k.ex.corridor_of.len();
        if rooms.iter().all(|&r| r < graph_rooms) {
            dp.on_lines();
        }
        let found = dp.run(Some(&mut *self.rng), limit);
        let mut samples = Vec::new();
        if found == Found::Paths {
            // A layout without overlaps among the chain's rooms, else the
            // best of a few greedy samples for annealing.
            samples.extend(dp.search(self.rng, SEARCH_STATES));
            if samples.is_empty() {
                for _ in 0..SAMPLES {
                    samples.extend(dp.sample(self.rng));
                }
            }
        }
        let work = dp.work;
        drop(dp);
        let placed = self.state.order.len();
        if !self.spend(1 + work / 4, placed, until)? {
            return Ok(Start::Unknown);
        }
        match found {
            Found::Paths => {}
            Found::Impossible if !cut => return Ok(Start::Impossible),
            _ => return Ok(Start::Unknown),
        }
        let mut best: Option<(i64, usize)> = None;
        for (k, sample) in samples.iter().enumerate() {
            for (&r, s) in rooms.iter().zip(sample) {
                self.put(r, s.v as usize, (s.x, s.y));
            }
            let e = self.total();
            for _ in rooms {
                self.state.unplace_last();
            }
            if best.is_none_or(|b| e < b.0) {
                best = Some((e, k));
            }
            if e == 0 || !self.spend(1 + placed as u64 / 8, placed, until)? {
                break;
            }
        }
        let Some((_, k)) = best else {
            return Ok(Start::Unknown);
        };
        for (&r, s) in rooms.iter().zip(&samples[k]) {
            self.put(r, s.v as usize, (s.x, s.y));
        }
        Ok(Start::Placed)
    }

    /// The rooms still to come that join two or more of the placed rooms
    /// and `rooms`, each with the variants it may take.
    fn ears(&self, rooms: &[usize]) -> Vec<(usize, Vec<usize>)> {
        let fixed = |m: usize| self.state.placed[m] || rooms.contains(&m);
        (0..self.adj.len())
            .filter(|&r| !fixed(r) && self.adj[r].iter().filter(|&&(m, _)| fixed(m)).count() >= 2)
            .map(|r| (r, self.variants(r)))
            .collect()
    }

    /// Puts room `r` as variant `v` at `p`.
    fn put(&mut self, r: usize, v: usize, p: Pos) {
        self.state.place(&self.k.space, r, v, p);
    }

    /// Inserts the chain's rooms one by one at the least-energy of a few
    /// maximum-intersection points.
    fn insert(&mut self, chain: &[usize], until: u64) -> Result<bool, GenError> {
        for &r in chain {
            let mut best: Option<(i64, usize, Pos)> = None;
            for _ in 0..8 {
                let Some(v) = self.random_variant(r) else {
                    return Ok(false);
                };
                let p = if self.state.order.is_empty() {
                    Some((0, 0))
                } else {
                    self.best_point(r, v)
                };
                let Some(p) = p else { continue };
                let units = 1 + self.state.order.len() as u64 / 32;
                if !self.spend(units, self.state.order.len(), until)? {
                    return Ok(false);
                }
                self.put(r, v, p);
                let e = self.local(r);
                self.state.unplace_last();
                if best.is_none_or(|b| e < b.0) {
                    best = Some((e, v, p));
                }
                if e == 0 {
                    break;
                }
            }
            let Some((_, v, p)) = best else {
                return Ok(false);
            };
            self.put(r, v, p);
        }
        Ok(true)
    }

    /// Lays out `chain` (rooms not placed yet) against the placed rooms;
    /// `Ok(Some(energy))` of the closest layout when it fails (the rooms
    /// are then removed), `Ok(None)` on success with its doors recorded.
    pub(crate) fn anneal(&mut self, chain: &[usize], until: u64) -> Result<Option<i64>, GenError> {
        let mut closest = i64::MAX;
        let t0 = -1.0 / 0.2f64.ln();
        let t1 = -1.0 / 0.01f64.ln();
        let ratio = (t1 / t0).powf(1.0 / f64::from(CYCLES));
        for _ in 0..RUNS {
            let before = self.state.order.len();
            let started = match self.close(chain, until)? {
                Start::Placed => true,
                Start::Impossible => return Ok(Some(closest)),
                Start::Unknown => self.insert(chain, until)?,
            };
            if started {
                let mut e = self.total();
                let mut mean = 0.0f64;
                let mut ups = 0.0f64;
                let mut t = t0;
                let (mut low, mut since) = (e, 0u32);
                'cycles: for _ in 0..CYCLES {
                    for _ in 0..TRIALS {
                        if e == 0 || since > STALL {
                            break 'cycles;
                        }
                        since += 1;
                        let r = chain[self.rng.below(chain.len() as u32) as usize];
                        // A move reads every placed room twice and each
                        // connection of the room and its neighbours.
                        let deg = self.adj[r].len() as u64;
                        let units = 8 + self.state.order.len() as u64 / 16 + 2 * deg * deg;
                        if !self.spend(units, before, until)? {
                            break 'cycles;
                        }
                        let (ov, op) = (self.state.var[r], self.state.pos[r]);
                        let v = if self.rng.below(10) < 4 {
                            self.random_variant(r).unwrap_or(ov)
                        } else {
                            ov
                        };
                        let Some(p) = self.best_point(r, v) else {
                            continue;
                        };
                        let old = self.local(r);
                        self.put(r, v, p);
                        let d = self.local(r) - old;
                        let accept = d <= 0 || {
                            mean = (mean * ups + d as f64) / (ups + 1.0);
                            ups += 1.0;
                            let k = (32.0 * d as f64 / (mean * t)).floor();
                            let k = if k.is_finite() {
                                k.clamp(0.0, 255.0) as usize
                            } else {
                                255
                            };
                            self.rng.below(1 << 24) < EXP_NEG[k]
                        };
                        if accept {
                            e += d;
                            if e < low {
                                (low, since) = (e, 0);
                            }
                        } else {
                            self.put(r, ov, op);
                        }
                    }
                    t *= ratio;
                }
                if e == 0 {
                    let joins = self.state.join_count();
                    self.record(chain);
                    if self.leaves_room(chain) {
                        return Ok(None);
                    }
                    while self.state.join_count() > joins {
                        if let Some(k) = self.state.unjoin_last() {
                            self.joined[k] = false;
                        }
                    }
                    e = 1;
                }
                closest = closest.min(e);
            }
            while self.state.order.len() > before {
                self.state.unplace_last();
            }
            if self.stats.work >= until {
                break;
            }
        }
        Ok(Some(closest))
    }

    /// Records the door pairs of every connection of the chain's rooms
    /// whose both rooms are placed and not recorded yet.
    fn record(&mut self, chain: &[usize]) {
        for &r in chain {
            for i in 0..self.adj[r].len() {
                let (m, k) = self.adj[r][i];
                if !self.state.placed[m] || self.joined[k] {
                    continue;
                }
                if let Some(o) = self.doors_of(k) {
                    let ed = self.c.graph.edges[k];
                    self.state.join(ed.a, o.da, ed.b, o.db, k);
                    self.joined[k] = true;
                }
            }
        }
    }
}
