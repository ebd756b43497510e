//! The forest hanging off the loops (or the whole tree from the start
//! room), depth first in breadth-first order: each room against its placed
//! parent (see `greedy.rs` for the candidates and the lookahead). A room
//! with no fitting candidate jumps back to its parent, undoing every room
//! placed since, and goes on with the parent's next candidate. In the
//! second phase of the search (after the first spent its share of the
//! budget, see `Greedy::run`) a candidate also has to leave room for the
//! rooms still to hang off its parent and off itself, all at once, where
//! that room has [`HUB`] connections or more ([`Greedy::siblings_fit`]).
//!
//! A jump to a loop's room lays that loop's chain out again, a few times,
//! before the attempt gives up.

use super::chains::Chain;
use super::foot::Foot;
use super::greedy::{Forest, Frame, Greedy, RELAYS, Stuck, Tree};
use super::space::{Offset, slots_touch};
use crate::error::GenError;
use crate::grid::Pos;

/// Connections of a room from which the second phase checks that the
/// rooms still to hang off it fit around it all at once
/// ([`Greedy::siblings_fit`], [`Greedy::leaves_room`]): below that the
/// one-cell lookahead does, and the check would only cost work (measured:
/// applied to every room, it lost more graphs of vertex-disjoint loops at
/// 80–100 rooms than it won).
pub(super) const HUB: usize = 5;

/// Elementary tests (a footprint against another, a door against another)
/// of the packing check ([`Greedy::packs`]) per unit of work: the rate at
/// which the second half of a failing run's budget takes as long as the
/// first (measured on failing 80–100-room trees on door lines, release:
/// 16 tests a unit made the second half 4–5 times cheaper than the
/// first, 96 about as costly). Charging one unit per 64 spots tried, as
/// before (a spot tests every footprint nearby), let the second half take
/// 5–10 times as long as the first.
pub(super) const PACK_TESTS_PER_UNIT: u64 = 96;

impl Greedy<'_> {
    /// Places the forest below the roots (placed); `relays` counts the
    /// chain re-lays of the attempt, `deepest` the deepest failure.
    pub(super) fn forest(
        &mut self,
        tree: &Tree,
        chains: &[Chain],
        relays: &mut u32,
        deepest: &mut Option<Stuck>,
        until: u64,
    ) -> Result<Forest, GenError> {
        let space = &self.k.space;
        let n = tree.order.len();
        let m = tree.roots;
        // stack[k]: the frame of the room at position m + k, whose
        // candidate `next − 1` is placed.
        let mut stack: Vec<Frame> = Vec::with_capacity(n);
        let mut resume: Option<Frame> = None;
        loop {
            let idx = stack.len() + m;
            if idx >= n {
                return Ok(Forest::Done);
            }
            let c = tree.order[idx];
            let p = tree.parent[c];
            let mut f = match resume.take() {
                Some(f) => f,
                None => self.frame(tree, c),
            };
            let mut placed = false;
            while let Some(&(v, o)) = f.cands.get(f.next) {
                f.next += 1;
                // A room on door lines has many spots against its parent,
                // most of them taken (measured: 96 % overlap a placed room
                // on failing 80–100-room graphs); one that overlaps is
                // charged a unit, about its real cost. Fixed doors keep the
                // charge of a whole test, so their layouts stay the same.
                let taken = self.k.space.vars[v].lined && self.overlaps_at(p, v, o);
                let units = if taken {
                    1
                } else {
                    2 + self.state.order.len() as u64 / 16
                };
                if !self.spend(units, idx, until)? {
                    if deepest.is_none() {
                        *deepest = Some((idx, "the attempt's work cap was reached".to_string()));
                    }
                    return Ok(Forest::Stuck);
                }
                if taken {
                    continue;
                }
                if self.fits(tree, idx, v, o) {
                    let pp = self.state.pos[p];
                    self.state.place(space, c, v, (pp.0 + o.dx, pp.1 + o.dy));
                    self.state.join(p, o.da, c, o.db, tree.parent_edge[c]);
                    placed = true;
                    break;
                }
            }
            if placed {
                stack.push(f);
                continue;
            }
            if deepest.as_ref().is_none_or(|d| idx > d.0) {
                *deepest = Some((idx, self.no_spot(c, p)));
            }
            // Back to the parent (the room `c` must fit against), undoing
            // every room placed since, and on with the parent's frame.
            let target = tree.position[p];
            if target < m {
                // A room hanging off a chain found no spot: lay that chain
                // (and the ones after it) out again, a few times, before
                // the attempt gives up.
                let root = tree.order[target];
                let Some(ci) = chains.iter().position(|ch| ch.rooms.contains(&root)) else {
                    return Ok(Forest::Stuck);
                };
                if *relays >= RELAYS || self.stats.work >= until {
                    return Ok(Forest::Stuck);
                }
                *relays += 1;
                return Ok(Forest::Relay(ci));
            }
            let mut prev = None;
            while stack.len() + m > target {
                prev = stack.pop();
                let _ = self.state.unjoin_last();
                self.state.unplace_last();
            }
            let Some(prev) = prev else {
                return Ok(Forest::Stuck);
            };
            resume = Some(prev);
        }
    }

    /// Whether variant `v` against placed room `p` at offset `o` overlaps
    /// a placed room.
    fn overlaps_at(&self, p: usize, v: usize, o: Offset) -> bool {
        let pp = self.state.pos[p];
        let foot = Foot::of((pp.0 + o.dx, pp.1 + o.dy), &self.k.space.vars[v].v);
        self.state.overlaps(&foot)
    }

    /// Second phase: whether the rooms still to hang off room `idx`'s
    /// parent, and off room `idx` itself, each of them when it has at
    /// least [`HUB`] connections, fit around them with room `idx` as
    /// variant `v` at `foot` on door pair `o` (see [`Greedy::packs`]). A
    /// hub's children crowd each other; the one-cell lookahead of
    /// [`Greedy::fits`] counts free doors, not whether rooms fit side by
    /// side. Its work is counted.
    pub(super) fn siblings_fit(
        &mut self,
        tree: &Tree,
        idx: usize,
        v: usize,
        foot: &Foot,
        o: Offset,
    ) -> bool {
        let c = tree.order[idx];
        let p = tree.parent[c];
        let later = tree.later_siblings.get(idx).copied().unwrap_or(0);
        let mut checks = 0;
        let mut ok = true;
        if tree.degree[p] >= HUB {
            let sibs: Vec<usize> =
                tree.order[idx + 1..(idx + 1 + later).min(tree.order.len())].to_vec();
            let (vp, pp) = (self.state.var[p], self.state.pos[p]);
            ok = self.packs(
                p,
                vp,
                pp,
                &sibs,
                std::slice::from_ref(foot),
                &[o.da],
                true,
                &mut checks,
            );
        }
        if ok && tree.degree[c] >= HUB {
            let kids: Vec<usize> = self.adj[c]
                .iter()
                .map(|&(m, _)| m)
                .filter(|&m| m != p && tree.parent[m] == c)
                .collect();
            {
                ok = self.packs(
                    c,
                    v,
                    (foot.x0, foot.y0),
                    &kids,
                    std::slice::from_ref(foot),
                    &[o.db],
                    false,
                    &mut checks,
                );
            }
        }
        self.stats.work += 1 + checks / PACK_TESTS_PER_UNIT;
        ok
    }

    /// Whether `rooms` fit around room `x` (variant `vx` at `px`; its joins
    /// in the state count when `placed`), each in turn at the first spot
    /// (template, variant, door pair) on a door of `x` that is free and
    /// touches none of `taken` or those taken before, overlapping no placed
    /// room near `x`, no room of `extra` and none put before it. Adds the
    /// elementary tests it made to `checks` (each placed room looked at,
    /// and per spot tried, the doors and footprints it is tested against).
    #[expect(clippy::too_many_arguments, reason = "one search state")]
    pub(super) fn packs(
        &self,
        x: usize,
        vx: usize,
        px: Pos,
        rooms: &[usize],
        extra: &[Foot],
        taken: &[usize],
        placed: bool,
        checks: &mut u64,
    ) -> bool {
        if rooms.is_empty() {
            return true;
        }
        let space = &self.k.space;
        let s = &self.state;
        *checks += (s.order.len() + space.vars.len()) as u64;
        let var_x = &space.vars[vx].v;
        let slots = &var_x.doors;
        let reach = 2 + 2 * space
            .vars
            .iter()
            .map(|v| v.v.width.max(v.v.height))
            .max()
            .unwrap_or(0);
        let f = Foot::of(px, var_x);
        let mut feet: Vec<Foot> = s
            .order
            .iter()
            .filter(|&&y| y != x)
            .map(|&y| s.foot[y].clone())
            .filter(|g| {
                g.x0 < f.x1 + reach
                    && g.x1 > f.x0 - reach
                    && g.y0 < f.y1 + reach
                    && g.y1 > f.y0 - reach
            })
            .collect();
        feet.extend_from_slice(extra);
        let mut taken = taken.to_vec();
        let mut buf = Vec::new();
        for &r in rooms {
            let deg = self.adj[r].len();
            let mut spot = None;
            'find: for &t in &self.k.allowed[r] {
                if self.c.templates[t].door_capacity() < deg {
                    continue;
                }
                for v in space.variants_of(t) {
                    let offs = space.pair(vx, v, &mut buf);
                    let var = &space.vars[v].v;
                    for o in offs {
                        *checks += 1
                            + (taken.len() + feet.len()) as u64
                            + if placed { s.used[x].len() as u64 } else { 0 };
                        let slot = &slots[o.da];
                        if (placed && !s.door_free(space, x, o.da))
                            || taken
                                .iter()
                                .any(|&u| u == o.da || slots_touch(&slots[u], slot))
                        {
                            continue;
                        }
                        let g = Foot::of((px.0 + o.dx, px.1 + o.dy), var);
                        if feet.iter().all(|h| h.overlap(&g) == 0) {
                            spot = Some((g, o.da));
                            break 'find;
                        }
                    }
                }
            }
            let Some((g, d)) = spot else {
                return false;
            };
            feet.push(g);
            taken.push(d);
        }
        true
    }
}
