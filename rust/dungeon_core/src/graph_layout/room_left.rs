//! Whether a chain's layout leaves its rooms and their placed neighbours
//! room for the connections still to make (see [`Greedy::leaves_room`]).

use super::foot::Foot;
use super::forest::{HUB, PACK_TESTS_PER_UNIT};
use super::greedy::Greedy;
use super::space::Offset;

impl Greedy<'_> {
    /// Whether every room of `chain` and every placed neighbour of them
    /// keeps a usable door for each of its connections to rooms not placed
    /// yet: free, and with room outside for one of those rooms (some
    /// variant of its templates joined there overlaps no placed room). A
    /// layout that walls in a room with connections still to make is
    /// refused at once instead of failing later in the rooms hanging off
    /// it; placing more rooms only takes space away, so nothing is refused
    /// that could have worked.
    pub(super) fn leaves_room(&mut self, chain: &[usize]) -> bool {
        let mut checks = 0;
        let ok = self.leaves_room_counted(chain, &mut checks);
        self.stats.work += checks / PACK_TESTS_PER_UNIT;
        ok
    }

    /// [`Greedy::leaves_room`], counting the elementary tests the second
    /// phase's packing check made: there the pending neighbours of a room must
    /// also fit around it all at once ([`Greedy::packs`]).
    fn leaves_room_counted(&self, chain: &[usize], checks: &mut u64) -> bool {
        let mut buf = Vec::new();
        let mut seen = vec![false; self.state.placed.len()];
        for &r in chain {
            for x in std::iter::once(r).chain(self.adj[r].iter().map(|&(m, _)| m)) {
                if !self.state.placed[x] || std::mem::replace(&mut seen[x], true) {
                    continue;
                }
                let pending: Vec<usize> = self.adj[x]
                    .iter()
                    .map(|&(m, _)| m)
                    .filter(|&m| !self.state.placed[m])
                    .collect();
                if !pending.is_empty() && self.fitting_doors(x, &pending, &mut buf) < pending.len()
                {
                    return false;
                }
                if self.bold
                    && pending.len() >= 2
                    && self.adj[x].len() >= HUB
                    && !self.packs(
                        x,
                        self.state.var[x],
                        self.state.pos[x],
                        &pending,
                        &[],
                        &[],
                        true,
                        checks,
                    )
                {
                    return false;
                }
            }
        }
        true
    }

    /// The free doors of placed room `x` at which some variant of one of
    /// the rooms `pending` could join it without overlapping a placed
    /// room.
    fn fitting_doors(&self, x: usize, pending: &[usize], buf: &mut Vec<Offset>) -> usize {
        let space = &self.k.space;
        let (vx, px) = (self.state.var[x], self.state.pos[x]);
        let doors = space.vars[vx].v.doors.len();
        let mut fits = vec![false; doors];
        for &m in pending {
            for v in self.variants(m) {
                let offs = space.pair(vx, v, buf);
                let var = &space.vars[v].v;
                for o in offs {
                    if fits[o.da] || !self.state.door_free(space, x, o.da) {
                        continue;
                    }
                    let f = Foot::of((px.0 + o.dx, px.1 + o.dy), var);
                    if !self.state.overlaps(&f) {
                        fits[o.da] = true;
                    }
                }
            }
        }
        fits.iter().filter(|&&f| f).count()
    }
}
