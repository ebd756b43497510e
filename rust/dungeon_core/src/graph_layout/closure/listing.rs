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
    /// placed room `m`: the steps from the states of layer `j − 1` that
    /// land on a spot of `m`'s configuration spaces with `vars` — the
    /// candidates of the forward listing that can join `m`, without
    /// listing the many that cannot. Each group of states at one position
    /// takes each offset once and looks its landing up in a table of the
    /// spots; the steps found are put in the order of
    /// [`Dp::meet_searched`], its plain form (spot, offset, state), so the
    /// random beam draws the same.
    pub(super) fn meet(&mut self, j: usize, m: usize, vars: &[usize], next: &mut Vec<(St, u32)>) {
        #[cfg(test)]
        if self.searched {
            return self.meet_searched(j, m, vars, next);
        }
        let space = self.space;
        let pm = self.state.pos[m];
        let prev = std::mem::take(&mut self.layers[j - 1]);
        let mut pvars: Vec<u32> = prev.iter().map(|p| p.v).collect();
        pvars.dedup();
        let mut spots: Vec<(i32, i32)> = Vec::new();
        let mut back = std::mem::take(&mut self.buf2);
        let mut table: Vec<u32> = Vec::new();
        let mut found: Vec<(u32, u32, u32)> = Vec::new();
        for &v in vars {
            let offs = space.pair(self.state.var[m], v, &mut self.buf);
            spots.clear();
            spots.extend(offs.iter().map(|o| (pm.0 + o.dx, pm.1 + o.dy)));
            spots.sort_unstable();
            spots.dedup();
            let spot_table = SpotTable::new(&spots, &mut table);
            let mut lo = 0;
            for &pv in &pvars {
                // The states of variant `pv`: `prev[lo..hi]`.
                lo += prev[lo..].partition_point(|p| p.v < pv);
                let hi = lo + prev[lo..].partition_point(|p| p.v == pv);
                let back = space.pair(pv as usize, v, &mut back);
                // Charged for what it does where a door line takes part:
                // each group of states takes each offset once. Fixed doors
                // are charged as the plain form's look-up per spot and
                // offset, as before the table, so their layouts stay the
                // same (a cheaper charge lets an attempt run further).
                let lined = [v, pv as usize, self.state.var[m]]
                    .iter()
                    .any(|&x| space.vars[x].lined);
                if !lined {
                    self.work += (spots.len() * back.len()) as u64 / 8;
                }
                if spots.is_empty() {
                    continue;
                }
                let pd = &space.vars[pv as usize].v.doors;
                found.clear();
                let mut a = lo;
                while a < hi {
                    let at = (prev[a].x, prev[a].y);
                    let b = a + prev[a..hi].iter().take_while(|p| (p.x, p.y) == at).count();
                    for (k, o) in back.iter().enumerate() {
                        let Some(s) = spot_table.find(&spots, &table, (at.0 + o.dx, at.1 + o.dy))
                        else {
                            continue;
                        };
                        for (i, p) in prev.iter().enumerate().take(b).skip(a) {
                            if self.alive[j - 1][i] && exits(pd, p.din, o.da) {
                                found.push((s, k as u32, i as u32));
                            }
                        }
                    }
                    a = b;
                    if lined {
                        self.work += back.len() as u64 / 8 + 1;
                    }
                }
                found.sort_unstable();
                for &(s, k, i) in &found {
                    let (x, y) = spots[s as usize];
                    let s = St {
                        v: v as u32,
                        x,
                        y,
                        din: back[k as usize].db as u32,
                    };
                    next.push((s, i));
                }
            }
        }
        self.buf2 = back;
        self.layers[j - 1] = prev;
    }

    /// [`Dp::meet`] by a look-up of the states of layer `j − 1` for each
    /// spot and offset (its plain form, for tests; it was the search's
    /// until the table made the same steps 2–3 times cheaper to find).
    #[cfg(test)]
    pub(super) fn meet_searched(
        &mut self,
        j: usize,
        m: usize,
        vars: &[usize],
        next: &mut Vec<(St, u32)>,
    ) {
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

/// Where the spots of a join are, for [`Dp::meet`]: a table over their
/// bounding box (each cell the spot's index + 1, or 0) when it is small,
/// else a binary search of the sorted spots.
struct SpotTable {
    x0: i32,
    y0: i32,
    w: i32,
    h: i32,
    /// Whether the table is filled (else binary search).
    filled: bool,
}

/// Most cells of a [`SpotTable`]'s table (spots of a join lie along the
/// walls of two rooms of at most 256 cells a side: far fewer).
const SPOT_TABLE_CELLS: i64 = 1 << 16;

impl SpotTable {
    /// The table of `spots` (sorted, distinct), filled into `table`.
    fn new(spots: &[(i32, i32)], table: &mut Vec<u32>) -> Self {
        let mut t = Self {
            x0: 0,
            y0: 0,
            w: 0,
            h: 0,
            filled: false,
        };
        let Some(&(fx, _)) = spots.first() else {
            return t;
        };
        let x1 = spots.last().map_or(fx, |s| s.0);
        let y0 = spots.iter().map(|s| s.1).min().unwrap_or(0);
        let y1 = spots.iter().map(|s| s.1).max().unwrap_or(0);
        let (w, h) = (
            i64::from(x1) - i64::from(fx) + 1,
            i64::from(y1) - i64::from(y0) + 1,
        );
        if w * h > SPOT_TABLE_CELLS {
            return t;
        }
        t = Self {
            x0: fx,
            y0,
            w: w as i32,
            h: h as i32,
            filled: true,
        };
        table.clear();
        table.resize((w * h) as usize, 0);
        for (k, &(x, y)) in spots.iter().enumerate() {
            table[((y - y0) * t.w + (x - fx)) as usize] = k as u32 + 1;
        }
        t
    }

    /// The index of spot `at` in `spots`, if it is one.
    fn find(&self, spots: &[(i32, i32)], table: &[u32], at: (i32, i32)) -> Option<u32> {
        if !self.filled {
            return spots.binary_search(&at).ok().map(|k| k as u32);
        }
        let dx = i64::from(at.0) - i64::from(self.x0);
        let dy = i64::from(at.1) - i64::from(self.y0);
        if dx < 0 || dy < 0 || dx >= i64::from(self.w) || dy >= i64::from(self.h) {
            return None;
        }
        table
            .get((dy * i64::from(self.w) + dx) as usize)
            .and_then(|&k| k.checked_sub(1))
    }
}
