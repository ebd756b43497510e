//! Closing a loop by construction (our own method; the design's §2.6),
//! where Ma et al. and Edgar leave it to simulated annealing: because our
//! configuration spaces are finite sets of offsets, the placements of a
//! chain's rooms that realise every chain connection can be listed step by
//! step. Layer `j` holds the states `(variant, position, entry door)` of
//! chain room `j` reachable from the placed rooms through rooms `0..j`,
//! each meeting the connections to placed rooms, using doors distinct from
//! (and not touching) its entry door, overlapping no placed room and close
//! enough to the next placed room the chain must reach (a Manhattan bound
//! summed over the steps left, each step's the farthest offset of its
//! rooms' candidate variants). A layer that must join a placed room is
//! listed backwards from that room's spots, so the few steps that land
//! there are found without listing the many that do not. Each checked
//! step is recorded, and a backward pass over the recorded steps keeps the
//! states that reach the last layer. A depth-first search through the kept
//! states then looks for a layout in which no two chain rooms overlap and
//! every connection among them is realised; when it gives up, greedy sampling
//! walks forward through kept states, preferring at each step those that
//! overlap the chain's rooms chosen so far least, and annealing takes the
//! overlaps left.
//!
//! A layer above [`BEAM`] states (more for long chains, [`SHORT_CHAIN`])
//! is cut to a random [`BEAM`] (a beam, drawn without listing the layer's
//! steps: [`Dp::draw`]), so the work stays bounded; an empty result
//! without any cut proves that no layout of the chain exists against the
//! placed rooms: the search then re-lays earlier chains at once instead of
//! annealing in vain. The same pass without overlaps, listed in full from
//! each variant of a loop's first room, is the precheck ([`unclosable`])
//! that refuses a loop no template choice closes.

use super::energy::{Foot, State};
use super::graph::LevelGraph;
use super::space::{Offset, Space, slots_touch};
use crate::rng::DungeonRng;
use crate::template::DoorSlot;

/// No entry door (a room reached from a placed room only).
const NONE: u32 = u32::MAX;
/// Most states kept per layer while laying out a chain of up to
/// [`SHORT_CHAIN`] rooms.
pub(crate) const BEAM: usize = 48;
/// Longer chains (loops through corridor pieces, which are rooms here)
/// keep [`LONG_BEAM`] states a layer: their last layer must meet the placed
/// room exactly, which a narrow random beam over many layers rarely does
/// (measured on a loop of five rooms through corridors: 16 % of seeds laid
/// out with 48, 66 % with 384).
const SHORT_CHAIN: usize = 4;
/// See [`SHORT_CHAIN`].
const LONG_BEAM: usize = 8 * BEAM;
/// Most states the precheck lists per loop before it gives up (proving
/// nothing).
const PRECHECK_STATES: u64 = 5_000;
/// Most door pairs of a triangle's first room the precheck lists (about a
/// millisecond) before it gives up, proving nothing.
const TRIANGLE_PAIRS: u64 = 1_000_000;
/// Longest loop the precheck examines.
const PRECHECK_ROOMS: usize = 12;

/// Whether a chain room entered by door `din` of `doors` ([`NONE`]: by no
/// door) may leave by door `dout`: another door, not touching it.
fn exits(doors: &[DoorSlot], din: u32, dout: usize) -> bool {
    din == NONE
        || (din as usize != dout
            && doors
                .get(din as usize)
                .zip(doors.get(dout))
                .is_none_or(|(a, b)| !slots_touch(a, b)))
}

/// One placement of a chain room: variant, position, and the door that
/// joins it to the previous chain room ([`NONE`] if none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct St {
    pub(crate) v: u32,
    pub(crate) x: i32,
    pub(crate) y: i32,
    din: u32,
}

/// What listing a chain found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Some layout realises the chain's connections (states kept).
    Paths,
    /// None can (no layer was cut): proven.
    Impossible,
    /// Nothing found, or the listing stopped at its work limit.
    Unknown,
}

/// The layered listing of a chain's placements.
pub(crate) struct Dp<'a> {
    space: &'a Space,
    state: &'a State,
    adj: &'a [Vec<(usize, usize)>],
    rooms: &'a [usize],
    /// Per chain room: its candidate variants.
    vars: Vec<Vec<usize>>,
    /// Whether footprints may not overlap placed rooms.
    overlaps: bool,
    layers: Vec<Vec<St>>,
    alive: Vec<Vec<bool>>,
    /// Per layer linked to the one before: `(parent, state)` index pairs,
    /// sorted, one for every listed step from a state of the layer before
    /// to a kept state that was checked (all of them unless the layer was
    /// cut).
    edges: Vec<Vec<(u32, u32)>>,
    /// Candidates of the layer being listed, with their parent's index.
    next: Vec<(St, u32)>,
    /// Steps of the layer being drawn ([`Dp::draw`]).
    order: Vec<u64>,
    /// Whether a layer was cut (an empty result then proves nothing).
    lossy: bool,
    /// States listed (work done).
    pub(crate) work: u64,
    /// Per chain room: the farthest `|dx| + |dy|` to the next chain room
    /// over their candidate variants.
    hop: Vec<i32>,
    /// Per chain room with a placed neighbour: the farthest it can sit
    /// from the first of them.
    last_hop: Vec<i32>,
    /// Most states kept per layer.
    beam: usize,
    /// Whether a layer joining a placed room is listed forwards like the
    /// others (the plain form of [`Dp::meet`], for tests).
    plain: bool,
    buf: Vec<Offset>,
    buf2: Vec<Offset>,
    /// The placed rooms' footprints, side by side for the overlap scan.
    feet: Vec<Foot>,
}

impl<'a> Dp<'a> {
    /// A listing of `rooms` (not placed, in chain order) against the
    /// placed rooms of `state`, room `rooms[j]` using `vars[j]`.
    pub(crate) fn new(
        space: &'a Space,
        state: &'a State,
        adj: &'a [Vec<(usize, usize)>],
        rooms: &'a [usize],
        vars: Vec<Vec<usize>>,
        overlaps: bool,
    ) -> Self {
        // Per step of the chain, the farthest (`|dx| + |dy|`) one room can
        // sit from the next over their candidate variants' configuration
        // spaces; a state farther from the placed room it must reach than
        // the steps left can carry it is dropped. A loose bound only wastes
        // the beam on states that cannot reach the placed room.
        let mut buf = Vec::new();
        let mut farthest = |from: &[usize], to: &[usize]| {
            let mut most = 0;
            for &a in from {
                for &b in to {
                    buf.clear();
                    space.offsets(a, b, &mut buf);
                    for o in &buf {
                        most =
                            most.max(o.dx.saturating_abs().saturating_add(o.dy.saturating_abs()));
                    }
                }
            }
            most
        };
        let hop: Vec<i32> = (0..rooms.len())
            .map(|j| match vars.get(j + 1) {
                Some(next) => farthest(&vars[j], next),
                None => 0,
            })
            .collect();
        let last_hop: Vec<i32> = (0..rooms.len())
            .map(|j| {
                let m = adj[rooms[j]]
                    .iter()
                    .map(|&(m, _)| m)
                    .find(|&m| state.placed[m]);
                m.map_or(0, |m| farthest(&[state.var[m]], &vars[j]))
            })
            .collect();
        Self {
            space,
            state,
            adj,
            rooms,
            vars,
            overlaps,
            layers: Vec::new(),
            alive: Vec::new(),
            edges: Vec::new(),
            next: Vec::new(),
            order: Vec::new(),
            lossy: false,
            work: 0,
            hop,
            last_hop,
            beam: if rooms.len() > SHORT_CHAIN {
                LONG_BEAM
            } else {
                BEAM
            },
            plain: false,
            buf: Vec::new(),
            buf2: Vec::new(),
            feet: state.order.iter().map(|&i| state.foot[i]).collect(),
        }
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.adj
            .get(a)
            .is_some_and(|l| l.iter().any(|&(m, _)| m == b))
    }

    /// Whether chain room `j` joins chain room `j − 1`.
    fn linked(&self, j: usize) -> bool {
        j > 0 && self.adjacent(self.rooms[j - 1], self.rooms[j])
    }

    /// The placed neighbours of chain room `j`.
    fn fixed(&self, j: usize) -> Vec<usize> {
        self.adj[self.rooms[j]]
            .iter()
            .map(|&(m, _)| m)
            .filter(|&m| self.state.placed[m])
            .collect()
    }

    /// The placed room chain room `j` must come within reach of, and how
    /// far it may be from it: the first later chain room (through linked
    /// rooms) with a placed neighbour, and the farthest steps to it.
    fn anchor(&self, j: usize) -> Option<((i32, i32), i64)> {
        let mut far = i64::from(self.hop[j]);
        for k in j + 1..self.rooms.len() {
            if !self.linked(k) {
                return None;
            }
            if let Some(&m) = self.fixed(k).first() {
                return Some((self.state.pos[m], far + i64::from(self.last_hop[k])));
            }
            far += i64::from(self.hop[k]);
        }
        None
    }

    /// Whether chain room `j` may be variant `v` at `(x, y)` entered by
    /// door `din`: no overlap with placed rooms (when asked), within reach
    /// of its anchor, and a free, distinct door joining each placed
    /// neighbour.
    fn ok(&mut self, fixed: &[usize], anchor: Option<((i32, i32), i64)>, s: St) -> bool {
        let space = self.space;
        let var = &space.vars[s.v as usize].v;
        if let Some(((ax, ay), far)) = anchor {
            let d = i64::from(s.x - ax).abs() + i64::from(s.y - ay).abs();
            if d > far {
                return false;
            }
        }
        let doors = &var.doors;
        let mut used: Vec<u32> = Vec::with_capacity(4);
        if s.din != NONE {
            used.push(s.din);
        }
        for &m in fixed {
            let p = self.state.pos[m];
            self.buf2.clear();
            space.offsets(self.state.var[m], s.v as usize, &mut self.buf2);
            let pick = self.buf2.iter().find(|o| {
                p.0 + o.dx == s.x
                    && p.1 + o.dy == s.y
                    && self.state.door_free(space, m, o.da)
                    && used.iter().all(|&u| {
                        u as usize != o.db && !slots_touch(&doors[u as usize], &doors[o.db])
                    })
            });
            match pick {
                Some(o) => used.push(o.db as u32),
                None => return false,
            }
        }
        // The overlap scan reads every placed room: last.
        !self.overlaps || {
            let f = Foot::at((s.x, s.y), var.width, var.height);
            self.feet.iter().all(|g| g.overlap(&f) == 0)
        }
    }

    /// The candidates of layer `j`, linked to layer `j − 1` and joining
    /// placed room `m`: listed backwards from the spots of `m`'s
    /// configuration spaces with `vars` to the states of layer `j − 1`
    /// that reach them — the candidates of the forward listing that can
    /// join `m`, without listing the many that cannot.
    fn meet(&mut self, j: usize, m: usize, vars: &[usize], next: &mut Vec<(St, u32)>) {
        let space = self.space;
        let pm = self.state.pos[m];
        let prev = std::mem::take(&mut self.layers[j - 1]);
        let mut pvars: Vec<u32> = prev.iter().map(|p| p.v).collect();
        pvars.dedup();
        let mut spots: Vec<(i32, i32)> = Vec::new();
        let mut back = std::mem::take(&mut self.buf2);
        for &v in vars {
            self.buf.clear();
            space.offsets(self.state.var[m], v, &mut self.buf);
            spots.clear();
            spots.extend(self.buf.iter().map(|o| (pm.0 + o.dx, pm.1 + o.dy)));
            spots.sort_unstable();
            spots.dedup();
            let mut lo = 0;
            for &pv in &pvars {
                // The states of variant `pv`: `prev[lo..hi]`.
                lo += prev[lo..].partition_point(|p| p.v < pv);
                let hi = lo + prev[lo..].partition_point(|p| p.v == pv);
                back.clear();
                space.offsets(pv as usize, v, &mut back);
                let pd = &space.vars[pv as usize].v.doors;
                for &(x, y) in &spots {
                    for o in &back {
                        let (px, py) = (x - o.dx, y - o.dy);
                        let from = lo + prev[lo..hi].partition_point(|p| (p.x, p.y) < (px, py));
                        for (i, p) in prev.iter().enumerate().take(hi).skip(from) {
                            if (p.x, p.y) != (px, py) {
                                break;
                            }
                            if !self.alive[j - 1][i] || !exits(pd, p.din, o.da) {
                                continue;
                            }
                            let s = St {
                                v: v as u32,
                                x,
                                y,
                                din: o.db as u32,
                            };
                            next.push((s, i as u32));
                        }
                    }
                }
            }
        }
        self.buf2 = back;
        self.layers[j - 1] = prev;
    }

    /// Checks the steps from layer `j − 1` to layer `j` in random order,
    /// without listing them, until [`Dp::beam`] pass (into `hits`, with
    /// their parent); whether some step was left unchecked. The steps are
    /// named by group (parent and variant pair, the offsets of each
    /// variant pair copied once) and offset, and the names shuffled as they
    /// are drawn: the same draw as shuffling the listed steps, without
    /// building them.
    fn draw(
        &mut self,
        j: usize,
        anchor: Option<((i32, i32), i64)>,
        rng: &mut DungeonRng,
        hits: &mut Vec<(St, u32)>,
    ) -> bool {
        let space = self.space;
        let prev = std::mem::take(&mut self.layers[j - 1]);
        let vars = std::mem::take(&mut self.vars[j]);
        // The layer is sorted by variant: its variants in order.
        let mut pvars: Vec<u32> = prev.iter().map(|p| p.v).collect();
        pvars.dedup();
        // Offsets per (previous variant, variant): `(start, len)` into `arena`.
        let mut arena: Vec<Offset> = Vec::new();
        let mut pairs: Vec<(usize, usize)> = Vec::with_capacity(pvars.len() * vars.len());
        for &pv in &pvars {
            for &v in &vars {
                let start = arena.len();
                space.offsets(pv as usize, v, &mut arena);
                pairs.push((start, arena.len() - start));
            }
        }
        // Groups `(parent, pair)`, and the steps as `group << 32 | offset`,
        // shuffled as they are drawn (a partial Fisher–Yates shuffle;
        // naming them is far cheaper than listing them).
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        let mut pk = 0;
        for (i, p) in prev.iter().enumerate() {
            while pvars.get(pk).is_some_and(|&pv| pv < p.v) {
                pk += 1;
            }
            if !self.alive[j - 1][i] {
                continue;
            }
            for vk in 0..vars.len() {
                let pair = pk * vars.len() + vk;
                let len = pairs[pair].1 as u64;
                if len > 0 {
                    let g = groups.len() as u64;
                    order.extend((0..len).map(|t| g << 32 | t));
                    groups.push((i, pair));
                }
            }
        }
        self.work += groups.len() as u64 / 8 + order.len() as u64 / 32;
        let fixed: [usize; 0] = [];
        let total = order.len();
        let mut k = 0;
        while k < total && hits.len() < self.beam {
            let left = u32::try_from(total - k).unwrap_or(u32::MAX);
            let pick = k + rng.below(left) as usize;
            order.swap(k, pick);
            let r = order[k];
            k += 1;
            self.work += 1;
            let Some(&(i, pair)) = groups.get((r >> 32) as usize) else {
                continue;
            };
            let (start, _) = pairs[pair];
            let Some(o) = arena.get(start + (r & 0xffff_ffff) as usize) else {
                continue;
            };
            let p = prev[i];
            let pd = &space.vars[p.v as usize].v.doors;
            if !exits(pd, p.din, o.da) {
                continue;
            }
            let s = St {
                v: vars[pair % vars.len()] as u32,
                x: p.x + o.dx,
                y: p.y + o.dy,
                din: o.db as u32,
            };
            if self.ok(&fixed, anchor, s) {
                hits.push((s, i as u32));
            }
        }
        self.order = order;
        self.vars[j] = vars;
        self.layers[j - 1] = prev;
        k < total
    }

    /// Lists layer `j` from layer `j − 1` (or from the placed rooms).
    fn expand(&mut self, j: usize, rng: Option<&mut DungeonRng>) -> bool {
        let fixed = self.fixed(j);
        let linked = self.linked(j);
        if !linked && fixed.is_empty() {
            return false;
        }
        let anchor = self.anchor(j);
        let space = self.space;
        let mut next = std::mem::take(&mut self.next);
        next.clear();
        let vars = std::mem::take(&mut self.vars[j]);
        // A layer listed forwards under a random beam is drawn from
        // without being listed (`Dp::draw`).
        let lazy = linked && fixed.is_empty() && !self.plain && rng.is_some();
        if linked && !fixed.is_empty() && !self.plain {
            self.meet(j, fixed[0], &vars, &mut next);
        }
        for &v in &vars {
            let vu = v as u32;
            if lazy || (linked && !fixed.is_empty() && !self.plain) {
                break;
            } else if linked {
                let prev = std::mem::take(&mut self.layers[j - 1]);
                for (i, p) in prev.iter().enumerate() {
                    if !self.alive[j - 1][i] {
                        continue;
                    }
                    self.buf.clear();
                    self.space.offsets(p.v as usize, v, &mut self.buf);
                    let pd = &space.vars[p.v as usize].v.doors;
                    for o in &self.buf {
                        if !exits(pd, p.din, o.da) {
                            continue;
                        }
                        let s = St {
                            v: vu,
                            x: p.x + o.dx,
                            y: p.y + o.dy,
                            din: o.db as u32,
                        };
                        next.push((s, i as u32));
                    }
                }
                self.layers[j - 1] = prev;
            } else {
                let m = fixed[0];
                let p = self.state.pos[m];
                self.buf.clear();
                self.space.offsets(self.state.var[m], v, &mut self.buf);
                for o in &self.buf {
                    let s = St {
                        v: vu,
                        x: p.0 + o.dx,
                        y: p.1 + o.dy,
                        din: NONE,
                    };
                    next.push((s, NONE));
                }
            }
        }
        self.vars[j] = vars;
        // Listing a candidate is cheap, checking it is not: with a stream,
        // check candidates in random order until the beam is full (a random
        // beam of the valid states; one reached several ways is a little
        // likelier); without one, check all. Each checked candidate that
        // passes records its step from its parent, so the backward pass
        // and sampling follow recorded steps instead of listing again.
        self.work += next.len() as u64 / 8;
        let mut hits: Vec<(St, u32)> = Vec::with_capacity(next.len().min(self.beam));
        match rng {
            Some(rng) if lazy => {
                if self.draw(j, anchor, rng, &mut hits) {
                    self.lossy = true;
                }
            }
            Some(rng) => {
                let len = next.len();
                let mut k = 0;
                while k < len && hits.len() < self.beam {
                    let pick = k + rng.below(u32::try_from(len - k).unwrap_or(u32::MAX)) as usize;
                    next.swap(k, pick);
                    self.work += 1;
                    if self.ok(&fixed, anchor, next[k].0) {
                        hits.push(next[k]);
                    }
                    k += 1;
                }
                if k < len {
                    self.lossy = true;
                }
            }
            None => {
                next.sort_unstable();
                let mut k = 0;
                let mut distinct = 0;
                while let Some(&(s, _)) = next.get(k) {
                    let end = k + next[k..].iter().take_while(|c| c.0 == s).count();
                    self.work += 1;
                    if self.ok(&fixed, anchor, s) {
                        distinct += 1;
                        hits.extend_from_slice(&next[k..end]);
                    }
                    k = end;
                }
                if distinct > BEAM {
                    self.lossy = true;
                    self.next = next;
                    return false;
                }
            }
        }
        self.next = next;
        let mut kept: Vec<St> = hits.iter().map(|h| h.0).collect();
        kept.sort_unstable();
        kept.dedup();
        let mut edges: Vec<(u32, u32)> = if linked {
            hits.iter()
                .filter_map(|&(s, p)| {
                    let c = kept.binary_search(&s).ok()?;
                    Some((p, c as u32))
                })
                .collect()
        } else {
            Vec::new()
        };
        edges.sort_unstable();
        edges.dedup();
        self.edges.push(edges);
        self.alive.push(vec![true; kept.len()]);
        self.layers.push(kept);
        true
    }

    /// Lists every layer, then keeps the states that reach the last one;
    /// stops (with [`Found::Unknown`]) once `limit` states were listed.
    pub(crate) fn run(&mut self, mut rng: Option<&mut DungeonRng>, limit: u64) -> Found {
        for j in 0..self.rooms.len() {
            if !self.expand(j, rng.as_deref_mut()) || self.work > limit {
                return Found::Unknown;
            }
            if self.layers[j].is_empty() {
                return if self.lossy {
                    Found::Unknown
                } else {
                    Found::Impossible
                };
            }
        }
        for j in (0..self.rooms.len().saturating_sub(1)).rev() {
            if self.linked(j + 1) {
                let (before, after) = self.alive.split_at_mut(j + 1);
                let (mine, next) = (&mut before[j], &after[0]);
                mine.fill(false);
                for &(p, c) in &self.edges[j + 1] {
                    if next[c as usize] {
                        mine[p as usize] = true;
                    }
                }
            } else if !self.alive[j + 1].iter().any(|&a| a) {
                self.alive[j].fill(false);
            }
        }
        if self.alive.first().is_some_and(|a| a.iter().any(|&x| x)) {
            Found::Paths
        } else if self.lossy {
            Found::Unknown
        } else {
            Found::Impossible
        }
    }

    /// The kept states of layer `j` that state `p` of layer `j − 1` leads
    /// to (by recorded steps).
    fn successors(&self, j: usize, p: usize) -> Vec<usize> {
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
    fn successors_listed(&mut self, j: usize, p: St) -> Vec<usize> {
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
    fn search_within(
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
    fn cost(&mut self, j: usize, s: St, chosen: &[St]) -> (i64, i64) {
        let space = self.space;
        let var = &space.vars[s.v as usize].v;
        let f = Foot::at((s.x, s.y), var.width, var.height);
        let mut over = 0;
        let mut missed = 0;
        for (k, c) in chosen.iter().enumerate() {
            let cv = &space.vars[c.v as usize].v;
            over += Foot::at((c.x, c.y), cv.width, cv.height).overlap(&f);
            if k + 1 < j && self.adjacent(self.rooms[k], self.rooms[j]) {
                self.buf.clear();
                self.space
                    .offsets(c.v as usize, s.v as usize, &mut self.buf);
                let hit = self
                    .buf
                    .iter()
                    .any(|o| c.x + o.dx == s.x && c.y + o.dy == s.y);
                missed += i64::from(!hit);
            }
        }
        (over, missed)
    }
}

/// The loops (faces) of at most [`PRECHECK_ROOMS`] rooms of `g`, each with
/// `vars[r]` the variants room `r` may use: the first loop that no choice
/// of variants closes (ignoring overlaps), as its rooms in loop order.
/// Loops whose listing passes [`PRECHECK_STATES`] are assumed closable.
pub(crate) fn unclosable(g: &LevelGraph, space: &Space, vars: &[Vec<usize>]) -> Option<Vec<usize>> {
    let adj = g.adjacency();
    for face in super::chains::faces(g) {
        if face.len() > PRECHECK_ROOMS || face.len() < 3 {
            continue;
        }
        let n = face.len();
        let walk = (0..n).all(|k| {
            let (a, b) = (face[k], face[(k + 1) % n]);
            adj[a].contains(&b)
        });
        if !walk {
            continue;
        }
        if n == 3 {
            // Three rooms: listed exactly, overlaps included.
            match triangle_closes(space, [&vars[face[0]], &vars[face[1]], &vars[face[2]]]) {
                Some(false) if !vars[face[0]].is_empty() => return Some(face),
                Some(_) => continue,
                None => {}
            }
        }
        let mut spent = 0u64;
        let mut closes = false;
        let mut unknown = false;
        for &v0 in &vars[face[0]] {
            let mut state = State::new(g.rooms.len());
            state.place(space, face[0], v0, (0, 0));
            let rest = &face[1..];
            // Only the loop's own connections count here.
            let loop_adj = loop_adjacency(g.rooms.len(), &face);
            let rvars = rest.iter().map(|&r| vars[r].clone()).collect();
            let mut dp = Dp::new(space, &state, &loop_adj, rest, rvars, false);
            let found = dp.run(None, PRECHECK_STATES.saturating_sub(spent));
            spent += dp.work;
            match found {
                Found::Paths => {
                    closes = true;
                    break;
                }
                Found::Unknown => {
                    unknown = true;
                    break;
                }
                Found::Impossible => {}
            }
        }
        if !closes && !unknown && !vars[face[0]].is_empty() {
            return Some(face);
        }
    }
    None
}

/// The connections between consecutive rooms of `face` (a loop) as
/// `(neighbour, k)` lists over `n` rooms.
fn loop_adjacency(n: usize, face: &[usize]) -> Vec<Vec<(usize, usize)>> {
    let mut out = vec![Vec::new(); n];
    for k in 0..face.len() {
        let (a, b) = (face[k], face[(k + 1) % face.len()]);
        out[a].push((b, k));
        out[b].push((a, k));
    }
    out
}

/// Whether three rooms using `vars[0]`, `vars[1]`, `vars[2]` can be
/// joined in a triangle (each to the other two, by distinct doors that do
/// not touch) with no two of them overlapping; `None` when the listing
/// passes [`TRIANGLE_PAIRS`] door pairs of the first room.
fn triangle_closes(space: &Space, vars: [&[usize]; 3]) -> Option<bool> {
    let mut spent = 0u64;
    let (mut ab, mut ac, mut bc) = (Vec::new(), Vec::new(), Vec::new());
    let foot = |v: usize, x: i32, y: i32| {
        let var = &space.vars[v].v;
        Foot::at((x, y), var.width, var.height)
    };
    let apart = |v: usize, d: usize, e: usize| {
        let doors = &space.vars[v].v.doors;
        d != e && !slots_touch(&doors[d], &doors[e])
    };
    for &a in vars[0] {
        for &b in vars[1] {
            ab.clear();
            space.offsets(a, b, &mut ab);
            for &c in vars[2] {
                ac.clear();
                space.offsets(a, c, &mut ac);
                bc.clear();
                space.offsets(b, c, &mut bc);
                spent += (ab.len() * ac.len()) as u64 + 1;
                if spent > TRIANGLE_PAIRS {
                    return None;
                }
                for o1 in &ab {
                    for o2 in &ac {
                        if !apart(a, o1.da, o2.da) {
                            continue;
                        }
                        let (fa, fb, fc) =
                            (foot(a, 0, 0), foot(b, o1.dx, o1.dy), foot(c, o2.dx, o2.dy));
                        if fa.overlap(&fb) + fa.overlap(&fc) + fb.overlap(&fc) != 0 {
                            continue;
                        }
                        let closes = bc.iter().any(|o3| {
                            (o1.dx + o3.dx, o1.dy + o3.dy) == (o2.dx, o2.dy)
                                && apart(b, o1.db, o3.da)
                                && apart(c, o2.db, o3.db)
                        });
                        if closes {
                            return Some(true);
                        }
                    }
                }
            }
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph_layout::graph::graph;
    use crate::template::{DoorSlot, RoomTemplate, Side};

    /// A listing's inputs: the state, adjacency, chain rooms and their
    /// variants.
    type Listing = (State, Vec<Vec<(usize, usize)>>, Vec<usize>, Vec<Vec<usize>>);

    /// A loop of six rooms, room 0 placed: the listing of rooms 1–5.
    fn listing(space: &Space) -> Listing {
        let g = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]);
        let mut adj = vec![Vec::new(); 6];
        for (k, e) in g.edges.iter().enumerate() {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
        let mut state = State::new(6);
        state.place(space, 0, 0, (0, 0));
        let all: Vec<usize> = (0..space.vars.len()).collect();
        (state, adj, vec![1, 2, 3, 4, 5], vec![all; 5])
    }

    fn square(turns: bool) -> Space {
        use Side::{East, North, South, West};
        let mut t = RoomTemplate::new(
            "t",
            7,
            5,
            vec![
                DoorSlot::new(North, 2, 1),
                DoorSlot::new(East, 2, 1),
                DoorSlot::new(South, 4, 1),
                DoorSlot::new(West, 2, 1),
            ],
        );
        t.rotations = turns;
        Space::new(&[t])
    }

    /// Listing the layer that joins the placed room backwards from its
    /// spots keeps exactly the states and steps the forward listing keeps.
    #[test]
    fn the_backward_meet_lists_what_the_forward_listing_keeps() {
        for turns in [false, true] {
            let space = square(turns);
            let (state, adj, rooms, vars) = listing(&space);
            let mut runs = Vec::new();
            for plain in [false, true] {
                let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
                dp.plain = plain;
                dp.beam = usize::MAX;
                let found = dp.run(Some(&mut DungeonRng::new(7)), u64::MAX);
                assert!(!dp.lossy);
                runs.push((found, dp.layers.clone(), dp.edges.clone(), dp.alive.clone()));
            }
            assert_eq!(runs[0].0, Found::Paths);
            assert!(runs[0].1.iter().all(|l| !l.is_empty()));
            assert_eq!(runs[0], runs[1], "turns {turns}");
        }
    }

    /// The reach bound drops only states that cannot close the loop: the
    /// states kept by the backward pass are those kept without it.
    #[test]
    fn the_reach_bound_keeps_every_state_that_closes() {
        let space = square(true);
        let (state, adj, rooms, vars) = listing(&space);
        let mut kept = Vec::new();
        for bound in [true, false] {
            let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
            dp.beam = usize::MAX;
            if !bound {
                dp.hop.fill(1 << 20);
                dp.last_hop.fill(1 << 20);
            }
            assert_eq!(
                dp.run(Some(&mut DungeonRng::new(3)), u64::MAX),
                Found::Paths
            );
            let alive: Vec<Vec<St>> = (0..rooms.len())
                .map(|j| {
                    (0..dp.layers[j].len())
                        .filter(|&i| dp.alive[j][i])
                        .map(|i| dp.layers[j][i])
                        .collect()
                })
                .collect();
            let listed: usize = dp.layers.iter().map(Vec::len).sum();
            kept.push((alive, listed));
        }
        assert_eq!(kept[0].0, kept[1].0);
        assert!(
            kept[0].1 < kept[1].1,
            "the bound keeps fewer states: {kept:?}"
        );
    }

    /// The depth-first search returns a closed loop whose rooms overlap
    /// neither each other nor the placed room, each joined to the next.
    #[test]
    fn the_search_closes_the_loop_without_overlaps() {
        let space = square(true);
        let (state, adj, rooms, vars) = listing(&space);
        for seed in 0..8 {
            let mut rng = DungeonRng::new(seed);
            let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
            assert_eq!(dp.run(Some(&mut rng), u64::MAX), Found::Paths);
            let Some(got) = dp.search(&mut rng, u64::MAX) else {
                panic!("seed {seed}: no layout");
            };
            let foot = |s: &St| {
                let v = &space.vars[s.v as usize].v;
                Foot::at((s.x, s.y), v.width, v.height)
            };
            let mut all: Vec<(u32, Foot)> = vec![(0, state.foot[0])];
            all.extend(got.iter().map(|s| (s.v, foot(s))));
            for (k, a) in all.iter().enumerate() {
                for b in &all[..k] {
                    assert_eq!(a.1.overlap(&b.1), 0, "seed {seed}");
                }
            }
            let mut buf = Vec::new();
            for k in 0..all.len() {
                let (a, b) = (&all[k], &all[(k + 1) % all.len()]);
                buf.clear();
                space.offsets(a.0 as usize, b.0 as usize, &mut buf);
                let d = (b.1.x0 - a.1.x0, b.1.y0 - a.1.y0);
                assert!(
                    buf.iter().any(|o| (o.dx, o.dy) == d),
                    "seed {seed}: room {k} joins the next"
                );
            }
        }
    }

    /// The recorded steps are the listed ones: all of them when no layer
    /// was cut, and only real ones under a random beam.
    #[test]
    fn recorded_steps_match_the_listed_ones() {
        for turns in [false, true] {
            let space = square(turns);
            let (state, adj, rooms, vars) = listing(&space);
            for seed in 0..4 {
                let mut rng = DungeonRng::new(seed);
                let mut dp = Dp::new(&space, &state, &adj, &rooms, vars.clone(), true);
                let exact = !turns;
                let found = if exact {
                    dp.run(None, u64::MAX)
                } else {
                    dp.run(Some(&mut rng), u64::MAX)
                };
                assert_ne!(found, Found::Impossible, "a loop of six 7 × 5 rooms closes");
                assert!(!(exact && dp.lossy), "no layer cut");
                let mut steps = 0;
                for j in 1..rooms.len() {
                    for p in 0..dp.layers[j - 1].len() {
                        let got = dp.successors(j, p);
                        let want = dp.successors_listed(j, dp.layers[j - 1][p]);
                        steps += got.len();
                        if exact {
                            assert_eq!(got, want, "layer {j} state {p}");
                        } else {
                            assert!(got.iter().all(|c| want.contains(c)), "layer {j}");
                        }
                    }
                }
                assert!(steps > 0);
                if exact {
                    assert_eq!(found, Found::Paths);
                    let s = dp.sample(&mut rng).expect("a sample");
                    assert_eq!(s.len(), rooms.len());
                }
            }
        }
    }
}
