//! How a rule's chance picks its markers: instead of one draw per marker,
//! one draw per marker that gets a chance at a prop, giving how many
//! markers to pass over before the next one (a geometric gap, as a run of
//! independent tries with the rule's chance would have). A rule of chance
//! 0.007 on 438,000 room-floor cells makes about 3,000 draws instead of
//! 438,000. The table is integer arithmetic from the chance alone, so the
//! gaps are the same on every platform.

use crate::rng::DungeonRng;

/// The gaps of one chance.
pub(super) struct Gaps {
    /// Entry `k - 1` is `floor(2^32 · q^k)` for `q = 1 - chance`: a draw
    /// `u` below it means a gap of at least `k`. Decreasing; ends before
    /// the first 0 or at [`Gaps::MOST`] entries.
    table: Vec<u32>,
    /// Chance 0: no marker is ever picked.
    never: bool,
}

impl Gaps {
    /// The longest table: a longer gap is drawn as several of this length
    /// (the chance of a further gap does not depend on how far one went).
    const MOST: usize = 4096;

    /// The gaps of `chance` (0 to 1).
    pub(super) fn new(chance: f64) -> Self {
        let q = (1.0 - chance).clamp(0.0, 1.0);
        // 2^32 · q, below 2^32 so that a gap always ends.
        let step = ((q * 4_294_967_296.0).round() as u64).min(u64::from(u32::MAX));
        let mut table = Vec::new();
        let mut t = step;
        while t > 0 && table.len() < Self::MOST {
            table.push(t as u32);
            t = (t * step) >> 32;
        }
        Self {
            table,
            never: chance <= 0.0,
        }
    }

    /// How many markers to pass over before the next picked one; more
    /// than `cap` (the most markers a rule can have) means none is.
    pub(super) fn next(&self, rng: &mut DungeonRng, cap: u64) -> u64 {
        if self.never {
            return u64::MAX;
        }
        let mut gap = 0u64;
        loop {
            let u = rng.next_u32();
            let k = self.table.partition_point(|&t| u < t);
            gap += k as u64;
            if k < Self::MOST || gap > cap {
                return gap;
            }
        }
    }

    /// The most markers of one kind a grid of `cells` cells has (a cell has
    /// at most four of a kind), the `cap` of [`Gaps::next`].
    pub(super) fn cap(cells: usize) -> u64 {
        4 * cells as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mean gap is `(1 - p) / p`, the fraction picked `p`.
    #[test]
    fn gaps_pick_markers_at_the_chance() {
        for &p in &[0.001, 0.007, 0.05, 0.35, 0.9] {
            let g = Gaps::new(p);
            let mut rng = DungeonRng::new(7);
            let (mut picked, mut markers) = (0u64, 0u64);
            while markers < 2_000_000 {
                markers += g.next(&mut rng, u64::MAX) + 1;
                picked += 1;
            }
            let got = picked as f64 / markers as f64;
            assert!(
                (got - p).abs() < 0.02 * p + 0.0005,
                "chance {p}: picked {got}"
            );
        }
    }

    #[test]
    fn chance_one_picks_every_marker_and_zero_none() {
        let mut rng = DungeonRng::new(1);
        let one = Gaps::new(1.0);
        assert!((0..100).all(|_| one.next(&mut rng, 1000) == 0));
        assert_eq!(Gaps::new(0.0).next(&mut rng, 1000), u64::MAX);
    }

    #[test]
    fn a_tiny_chance_stops_past_the_cap() {
        let g = Gaps::new(1e-12);
        assert_eq!(g.table.len(), Gaps::MOST);
        let mut rng = DungeonRng::new(3);
        assert!(g.next(&mut rng, 100_000) > 100_000);
    }

    #[test]
    fn the_table_is_fixed() {
        // Pinned: the gaps are part of the output.
        let g = Gaps::new(0.25);
        assert_eq!(
            &g.table[..3],
            &[3_221_225_472, 2_415_919_104, 1_811_939_328]
        );
        assert_eq!(g.table.len(), 74);
    }
}
