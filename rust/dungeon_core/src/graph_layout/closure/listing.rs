//! The two fast ways a layer of the loop listing is built: the layer that
//! joins a placed room listed backwards from that room's spots
//! ([`Dp::meet`]), and a layer under the random beam drawn from without
//! listing its steps ([`Dp::draw`]). The forward listing in `mod.rs` is
//! their plain form.

use super::{Dp, St, exits};
use crate::graph_layout::space::Offset;
use crate::rng::DungeonRng;

impl Dp<'_> {
    /// The candidates of layer `j`, linked to layer `j − 1` and joining
    /// placed room `m`: listed backwards from the spots of `m`'s
    /// configuration spaces with `vars` to the states of layer `j − 1`
    /// that reach them — the candidates of the forward listing that can
    /// join `m`, without listing the many that cannot.
    pub(super) fn meet(&mut self, j: usize, m: usize, vars: &[usize], next: &mut Vec<(St, u32)>) {
        let space = self.space;
        let pm = self.state.pos[m];
        let prev = std::mem::take(&mut self.layers[j - 1]);
        let mut pvars: Vec<u32> = prev.iter().map(|p| p.v).collect();
        pvars.dedup();
        let mut spots: Vec<(i32, i32)> = Vec::new();
        let mut back = std::mem::take(&mut self.buf2);
        for &v in vars {
            let offs = space.pair(self.state.var[m], v, &mut self.buf);
            spots.clear();
            spots.extend(offs.iter().map(|o| (pm.0 + o.dx, pm.1 + o.dy)));
            spots.sort_unstable();
            spots.dedup();
            let mut lo = 0;
            for &pv in &pvars {
                // The states of variant `pv`: `prev[lo..hi]`.
                lo += prev[lo..].partition_point(|p| p.v < pv);
                let hi = lo + prev[lo..].partition_point(|p| p.v == pv);
                let back = space.pair(pv as usize, v, &mut back);
                // A look-up per spot and offset: charged like listing.
                self.work += (spots.len() * back.len()) as u64 / 8;
                let pd = &space.vars[pv as usize].v.doors;
                for &(x, y) in &spots {
                    for o in back {
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
    pub(super) fn draw(
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
}
