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
//! every connection among them is realised (in the search's second phase,
//! also leaving each room still to come that joins two placed rooms a
//! spot: [`Dp::ears_close`]); when it gives up, greedy sampling walks
//! forward through kept states, preferring at each step those that
//! overlap the chain's rooms chosen so far least, and annealing takes the
//! overlaps left.
//!
//! A layer above [`BEAM`] states (more for long chains, [`SHORT_CHAIN`],
//! fewer of those on door lines, [`LINE_BEAM`]) is cut to a random beam
//! (drawn without listing the layer's steps: [`Dp::draw`]), so the work
//! stays bounded; an empty result without any cut proves that no layout
//! of the chain exists against the placed rooms: the search then re-lays
//! earlier chains at once instead of annealing in vain. The same pass
//! without overlaps, listed in full from each variant of a loop's first
//! room, is the precheck ([`unclosable`]) that refuses a loop no template
//! choice closes.

use super::energy::State;
use super::foot::Foot;
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
/// A long chain of the graph's own rooms (no corridor pieces) on door
/// lines keeps [`LINE_BEAM`] states a layer ([`Dp::on_lines`]): a door
/// line meets its neighbour along a segment, not at one point, so a
/// narrower beam closes it as often, in less work. Measured (release, the
/// configuration check kept): `edgar_dragon_age` direct p50 / p95 3.81 /
/// 12.0 ms → 1.85 / 6.6 ms at 500 seeds (192 states: 2.21 / 6.9; 48:
/// 1.98 / 6.8, map_17 worse); designer graphs of disjoint loops and
/// triangles, 100 per cell, 5,557 → 5,570 of 5,594 laid out.
const LINE_BEAM: usize = 2 * BEAM;
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
    /// Whether [`Dp::meet`] looks the states up per spot, its plain form
    /// (tests).
    #[cfg(test)]
    searched: bool,
    buf: Vec<Offset>,
    buf2: Vec<Offset>,
    /// The doors [`Dp::ok`] found taken.
    used: Vec<u32>,
    /// The placed rooms' footprints, side by side for the overlap scan.
    feet: Vec<Foot>,
    /// Rooms still to come that [`Dp::search`] must leave a spot
    /// ([`Dp::ears_close`]), each with the variants it may take; none: no
    /// such check.
    pub(crate) ears: Vec<(usize, Vec<usize>)>,
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
        let farthest = |from: &[usize], to: &[usize]| {
            let mut most = 0;
            for &a in from {
                for &b in to {
                    most = most.max(space.reach(a, b));
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
            #[cfg(test)]
            searched: false,
            buf: Vec::new(),
            buf2: Vec::new(),
            used: Vec::new(),
            feet: state.order.iter().map(|&i| state.foot[i].clone()).collect(),
            ears: Vec::new(),
        }
    }

    /// Keeps [`LINE_BEAM`] states a layer instead of [`LONG_BEAM`] when the
    /// chain is longer than [`SHORT_CHAIN`] and every variant its rooms
    /// may take here is on door lines; the caller says when the chain has
    /// no corridor piece.
    pub(crate) fn on_lines(&mut self) {
        if self.rooms.len() > SHORT_CHAIN
            && self
                .vars
                .iter()
                .flatten()
                .all(|&v| self.space.vars[v].lined)
        {
            self.beam = LINE_BEAM;
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
        // The doors taken so far (a buffer kept between calls).
        let mut used = std::mem::take(&mut self.used);
        used.clear();
        if s.din != NONE {
            used.push(s.din);
        }
        let joined = fixed.iter().all(|&m| {
            let p = self.state.pos[m];
            let offs = space.pair(self.state.var[m], s.v as usize, &mut self.buf2);
            let pick = offs.iter().find(|o| {
                p.0 + o.dx == s.x
                    && p.1 + o.dy == s.y
                    && self.state.door_free(space, m, o.da)
                    && used.iter().all(|&u| {
                        u as usize != o.db && !slots_touch(&doors[u as usize], &doors[o.db])
                    })
            });
            pick.inspect(|o| used.push(o.db as u32)).is_some()
        });
        self.used = used;
        // The overlap scan reads every placed room: last.
        joined
            && (!self.overlaps || {
                let f = Foot::of((s.x, s.y), var);
                self.feet.iter().all(|g| g.overlap(&f) == 0)
            })
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
                    let offs = space.pair(p.v as usize, v, &mut self.buf);
                    let pd = &space.vars[p.v as usize].v.doors;
                    for o in offs {
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
                let offs = space.pair(self.state.var[m], v, &mut self.buf);
                for o in offs {
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
        let (kept, edges) = kept_steps(&mut hits, linked);
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
}

/// The distinct states of `hits` (`(state, parent)` pairs), sorted, and
/// when `linked` the steps `(parent, state's index among them)`, sorted
/// and distinct: one sort and a walk (sorts `hits`).
fn kept_steps(hits: &mut [(St, u32)], linked: bool) -> (Vec<St>, Vec<(u32, u32)>) {
    hits.sort_unstable();
    let mut kept: Vec<St> = Vec::with_capacity(hits.len());
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(if linked { hits.len() } else { 0 });
    for &(s, p) in hits.iter() {
        if kept.last() != Some(&s) {
            kept.push(s);
        }
        if linked {
            edges.push((p, kept.len() as u32 - 1));
        }
    }
    edges.sort_unstable();
    edges.dedup();
    (kept, edges)
}

/// [`kept_steps`] by look-ups (its plain form, for tests).
#[cfg(test)]
fn kept_steps_looked_up(hits: &[(St, u32)], linked: bool) -> (Vec<St>, Vec<(u32, u32)>) {
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
    (kept, edges)
}

mod listing;
mod pick;
mod precheck;
#[cfg(test)]
mod tests;

pub(crate) use precheck::unclosable;
