//! Floor regions: 4-connected labelling (a flood fill), culling and
//! passages carved by a walk, on the automaton's rows of bits.
//!
//! Regions are found from runs (maximal horizontal stretches of floor in a
//! row) joined by a union-find wherever two runs on neighbouring rows share
//! a column: a cave of a million tiles has some tens of thousands of runs,
//! so this touches each word of the map once and each run a few times,
//! where a flood fill would visit every floor tile and its four neighbours.

use super::automaton::Bits;
use super::config::Regions;
use crate::rng::DungeonRng;

/// One run: row `y`, columns `x0..x1`.
#[derive(Clone, Copy, Debug)]
struct Run {
    y: u32,
    x0: u32,
    x1: u32,
}

impl Run {
    fn len(self) -> usize {
        (self.x1 - self.x0) as usize
    }
}

/// The floor's 4-connected regions, as runs. Regions are numbered in scan
/// order of their first tile; region `r`'s runs are
/// `by_region[first[r]..first[r + 1]]`, in scan order.
#[derive(Default)]
pub(crate) struct Labels {
    runs: Vec<Run>,
    parent: Vec<u32>,
    /// Region of each run.
    region: Vec<u32>,
    by_region: Vec<u32>,
    first: Vec<usize>,
    size: Vec<usize>,
}

/// The root of `i`, halving paths on the way.
fn root(parent: &mut [u32], mut i: usize) -> usize {
    while parent[i] as usize != i {
        let up = parent[parent[i] as usize];
        parent[i] = up;
        i = up as usize;
    }
    i
}

/// The floor runs of row `y`, appended to `out`.
fn row_runs(bits: &Bits, y: usize, out: &mut Vec<Run>) {
    let row = &bits.words[y * bits.stride..(y + 1) * bits.stride];
    // Padding bits are wall, so a run never reaches past the map.
    let mut start: Option<usize> = None;
    for (k, &word) in row.iter().enumerate() {
        let floor = !word;
        if floor == 0 && start.is_none() {
            continue;
        }
        if floor == !0 && start.is_some() {
            continue;
        }
        let mut bit = 0;
        while bit < 64 {
            let rest = if start.is_none() {
                floor >> bit
            } else {
                !floor >> bit
            };
            if rest == 0 {
                break;
            }
            bit += rest.trailing_zeros() as usize;
            let x = k * 64 + bit;
            match start.take() {
                None => start = Some(x),
                Some(x0) => out.push(Run {
                    y: y as u32,
                    x0: x0 as u32,
                    x1: x as u32,
                }),
            }
        }
    }
    if let Some(x0) = start {
        out.push(Run {
            y: y as u32,
            x0: x0 as u32,
            x1: bits.width as u32,
        });
    }
}

impl Labels {
    /// Finds the regions of the floor (`0` bits) of `bits`.
    pub fn find(&mut self, bits: &Bits) {
        self.runs.clear();
        let mut row_start = Vec::with_capacity(bits.height + 1);
        for y in 0..bits.height {
            row_start.push(self.runs.len());
            row_runs(bits, y, &mut self.runs);
        }
        row_start.push(self.runs.len());
        let n = self.runs.len();
        self.parent.clear();
        self.parent.extend(0..n as u32);
        // Join runs that share a column with a run of the row above.
        for y in 1..bits.height {
            let (mut a, a_end) = (row_start[y - 1], row_start[y]);
            let (mut b, b_end) = (row_start[y], row_start[y + 1]);
            while a < a_end && b < b_end {
                let (ra, rb) = (self.runs[a], self.runs[b]);
                if ra.x0 < rb.x1 && rb.x0 < ra.x1 {
                    let (pa, pb) = (root(&mut self.parent, a), root(&mut self.parent, b));
                    if pa != pb {
                        // The earlier run stays the root: regions keep
                        // the scan order of their first tile.
                        let (lo, hi) = (pa.min(pb), pa.max(pb));
                        self.parent[hi] = lo as u32;
                    }
                }
                if ra.x1 <= rb.x1 {
                    a += 1;
                } else {
                    b += 1;
                }
            }
        }
        // Number the regions by their root run, in scan order.
        self.region.clear();
        self.region.resize(n, u32::MAX);
        self.size.clear();
        let mut counts: Vec<usize> = Vec::new();
        for i in 0..n {
            let r = root(&mut self.parent, i);
            if self.region[r] == u32::MAX {
                self.region[r] = self.size.len() as u32;
                self.size.push(0);
                counts.push(0);
            }
            let id = self.region[r];
            self.region[i] = id;
            self.size[id as usize] += self.runs[i].len();
            counts[id as usize] += 1;
        }
        // Runs grouped by region (a counting sort keeps scan order).
        self.first.clear();
        let mut at = 0;
        for &c in &counts {
            self.first.push(at);
            at += c;
        }
        self.first.push(at);
        let mut next = self.first.clone();
        self.by_region.clear();
        self.by_region.resize(n, 0);
        for i in 0..n {
            let r = self.region[i] as usize;
            self.by_region[next[r]] = i as u32;
            next[r] += 1;
        }
    }

    /// How many regions there are.
    pub fn count(&self) -> usize {
        self.size.len()
    }

    /// The runs of region `r`.
    fn runs_of(&self, r: usize) -> impl Iterator<Item = Run> + '_ {
        self.by_region[self.first[r]..self.first[r + 1]]
            .iter()
            .map(|&i| self.runs[i as usize])
    }

    /// The largest region (the first in scan order on ties).
    fn largest(&self) -> Option<usize> {
        let mut best: Option<usize> = None;
        for (r, &s) in self.size.iter().enumerate() {
            if best.is_none_or(|b| s > self.size[b]) {
                best = Some(r);
            }
        }
        best
    }

    /// A uniformly random tile of region `r`, as `(x, y)`: the k-th tile
    /// in scan order, found by a binary search in `ends`, the running total
    /// of the region's run lengths ([`Labels::run_ends`]).
    fn random_tile(&self, r: usize, ends: &[usize], rng: &mut DungeonRng) -> (usize, usize) {
        let k = rng.below(u32::try_from(self.size[r]).unwrap_or(u32::MAX)) as usize;
        let j = ends.partition_point(|&e| e <= k);
        let runs = &self.by_region[self.first[r]..self.first[r + 1]];
        match runs.get(j) {
            Some(&i) => {
                let run = self.runs[i as usize];
                let before = if j > 0 { ends[j - 1] } else { 0 };
                (run.x0 as usize + (k - before), run.y as usize)
            }
            None => (0, 0),
        }
    }

    /// The running total of region `r`'s run lengths, in scan order.
    fn run_ends(&self, r: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut total = 0;
        for run in self.runs_of(r) {
            total += run.len();
            out.push(total);
        }
    }
}

/// Makes region `r`'s tiles wall.
fn fill(bits: &mut Bits, labels: &Labels, r: usize) {
    for run in labels.runs_of(r) {
        let row = run.y as usize * bits.stride;
        let (x0, x1) = (run.x0 as usize, run.x1 as usize);
        for k in x0 / 64..=(x1 - 1) / 64 {
            let lo = x0.max(k * 64) - k * 64;
            let hi = x1.min(k * 64 + 64) - k * 64;
            let mask = if hi - lo == 64 {
                !0
            } else {
                ((1u64 << (hi - lo)) - 1) << lo
            };
            bits.words[row + k] |= mask;
        }
    }
}

/// A passage carved by a walk: from `a` step towards `b`, each step chosen at
/// random among the (one or two) directions that bring it closer, carving floor
/// on the way. The original walk drew among all four directions and skipped
/// those that did not get closer; picking among the closer ones is the same
/// distribution without the rejected draws. It takes exactly the Manhattan
/// distance in steps and stays in the box the two ends span, so it never
/// touches the outer ring.
fn carve(bits: &mut Bits, a: (usize, usize), b: (usize, usize), rng: &mut DungeonRng) {
    let (mut x, mut y) = a;
    bits.set(x, y, false);
    while (x, y) != b {
        let horizontal = match (x != b.0, y != b.1) {
            (true, true) => rng.below(2) == 0,
            (h, _) => h,
        };
        if horizontal {
            x = if x < b.0 { x + 1 } else { x - 1 };
        } else {
            y = if y < b.1 { y + 1 } else { y - 1 };
        }
        bits.set(x, y, false);
    }
}

/// Applies `mode` to the floor (`0` bits) and returns how many floor tiles
/// remain. With [`Regions::KeepLargest`] and [`Regions::ConnectAll`] what
/// remains is one 4-connected region; with [`Regions::None`], the region of
/// a random floor tile.
pub(crate) fn apply(
    bits: &mut Bits,
    mode: Regions,
    min_region_size: usize,
    labels: &mut Labels,
    rng: &mut DungeonRng,
) -> usize {
    labels.find(bits);
    let Some(largest) = labels.largest() else {
        return 0;
    };
    let keep_one = |bits: &mut Bits, labels: &Labels, keep: usize| {
        for r in (0..labels.count()).filter(|&r| r != keep) {
            fill(bits, labels, r);
        }
        labels.size[keep]
    };
    match mode {
        Regions::KeepLargest => keep_one(bits, labels, largest),
        Regions::None => {
            // A random floor tile's region: the k-th floor tile in scan
            // order.
            let total: usize = labels.size.iter().sum();
            let mut k = rng.below(u32::try_from(total).unwrap_or(u32::MAX)) as usize;
            let mut keep = largest;
            for (i, run) in labels.runs.iter().enumerate() {
                if k < run.len() {
                    keep = labels.region[i] as usize;
                    break;
                }
                k -= run.len();
            }
            keep_one(bits, labels, keep)
        }
        Regions::ConnectAll => {
            // Small regions first, so no passage runs into a filled one.
            for r in 0..labels.count() {
                if r != largest && labels.size[r] <= min_region_size {
                    fill(bits, labels, r);
                }
            }
            let (mut hub, mut ends) = (Vec::new(), Vec::new());
            labels.run_ends(largest, &mut hub);
            for r in 0..labels.count() {
                if r == largest || labels.size[r] <= min_region_size {
                    continue;
                }
                labels.run_ends(r, &mut ends);
                let a = labels.random_tile(r, &ends, rng);
                let b = labels.random_tile(largest, &hub, rng);
                carve(bits, a, b, rng);
            }
            // Passages add floor where they cross rock.
            count_floor(bits)
        }
    }
}

/// Floor tiles in `bits`.
pub(crate) fn count_floor(bits: &Bits) -> usize {
    let total = bits.width * bits.height;
    let walls: usize = bits.words.iter().map(|w| w.count_ones() as usize).sum();
    let pad = (bits.stride * 64 - bits.width) * bits.height;
    total - (walls - pad)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wall bits from a picture: `.` floor, `#` wall.
    fn map(pic: &str) -> Bits {
        let rows: Vec<&str> = pic
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let mut b = Bits::walls(rows[0].len(), rows.len());
        for (y, r) in rows.iter().enumerate() {
            for (x, c) in r.bytes().enumerate() {
                b.set(x, y, c != b'.');
            }
        }
        b
    }

    fn picture(b: &Bits) -> String {
        (0..b.height)
            .map(|y| {
                (0..b.width)
                    .map(|x| if b.wall(x, y) { '#' } else { '.' })
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    const THREE: &str = "
        ##########
        #..###...#
        #..###...#
        ######...#
        #.####...#
        ##########
    ";

    #[test]
    fn labels_find_4_connected_regions() {
        let mut l = Labels::default();
        l.find(&map(THREE));
        assert_eq!(l.size, [4, 12, 1]);
        assert_eq!(l.largest(), Some(1));
        // Diagonal neighbours are separate regions; runs join across rows.
        l.find(&map("
            #######
            #.#.#.#
            ##.#..#
            #...#.#
            #######
        "));
        assert_eq!(l.size, [1, 1, 4, 4]);
    }

    #[test]
    fn run_labels_equal_a_flood_fill_on_random_maps() {
        let mut r = DungeonRng::new(8);
        let mut l = Labels::default();
        for case in 0..300 {
            let (w, h) = (r.range(3, 150) as usize, r.range(3, 40) as usize);
            let mut b = Bits::walls(w, h);
            b.fill(r.uniform(0.2, 0.7), &mut r);
            l.find(&b);
            // The oracle: a flood fill over tiles, regions in scan order.
            let mut id = vec![usize::MAX; w * h];
            let mut sizes = Vec::new();
            for s in 0..w * h {
                if b.wall(s % w, s / w) || id[s] != usize::MAX {
                    continue;
                }
                let (mut stack, mut n) = (vec![s], 0);
                id[s] = sizes.len();
                while let Some(i) = stack.pop() {
                    n += 1;
                    let (x, y) = (i % w, i / w);
                    for (nx, ny) in [
                        (x.wrapping_sub(1), y),
                        (x + 1, y),
                        (x, y.wrapping_sub(1)),
                        (x, y + 1),
                    ] {
                        if nx < w && ny < h && !b.wall(nx, ny) && id[ny * w + nx] == usize::MAX {
                            id[ny * w + nx] = sizes.len();
                            stack.push(ny * w + nx);
                        }
                    }
                }
                sizes.push(n);
            }
            assert_eq!(l.size, sizes, "case {case} {w}×{h}\n{}", picture(&b));
            assert_eq!(count_floor(&b), sizes.iter().sum::<usize>());
        }
    }

    #[test]
    fn keep_largest_fills_the_rest() {
        let mut b = map(THREE);
        let n = apply(
            &mut b,
            Regions::KeepLargest,
            0,
            &mut Labels::default(),
            &mut DungeonRng::new(1),
        );
        assert_eq!(n, 12);
        assert_eq!(
            picture(&b),
            "##########\n######...#\n######...#\n######...#\n######...#\n##########\n"
        );
    }

    #[test]
    fn connect_all_joins_big_regions_and_fills_small_ones() {
        for seed in 0..50 {
            let mut b = map(THREE);
            let mut l = Labels::default();
            let n = apply(
                &mut b,
                Regions::ConnectAll,
                1,
                &mut l,
                &mut DungeonRng::new(seed),
            );
            l.find(&b);
            assert_eq!(l.count(), 1, "{}", picture(&b));
            assert_eq!(n, l.size[0]);
            // The 1-tile region at (1, 4) was filled, not joined (a
            // passage may still run over it); the passage crosses at least
            // the 3 rock columns between the two rooms and at most the 9
            // tiles between their far corners.
            assert!(!b.wall(1, 1) && !b.wall(2, 2));
            assert!((16 + 3..=16 + 9).contains(&n), "{n}\n{}", picture(&b));
            for x in 0..10 {
                assert!(b.wall(x, 0) && b.wall(x, 5));
            }
        }
        // min_region_size 0: the single tile is joined too.
        let mut b = map(THREE);
        let mut l = Labels::default();
        apply(
            &mut b,
            Regions::ConnectAll,
            0,
            &mut l,
            &mut DungeonRng::new(3),
        );
        assert!(!b.wall(1, 4));
        l.find(&b);
        assert_eq!(l.count(), 1, "{}", picture(&b));
    }

    #[test]
    fn none_keeps_one_random_region_weighted_by_size() {
        let mut kept = [0; 3];
        for seed in 0..1700 {
            let mut b = map(THREE);
            let n = apply(
                &mut b,
                Regions::None,
                0,
                &mut Labels::default(),
                &mut DungeonRng::new(seed),
            );
            kept[[4, 12, 1].iter().position(|&s| s == n).unwrap()] += 1;
        }
        // 4, 12 and 1 tiles of 17: about 400, 1200 and 100 of 1700.
        assert!((340..460).contains(&kept[0]), "{kept:?}");
        assert!((1120..1280).contains(&kept[1]), "{kept:?}");
        assert!((60..140).contains(&kept[2]), "{kept:?}");
    }

    #[test]
    fn passages_carve_exactly_the_manhattan_distance() {
        let mut r = DungeonRng::new(4);
        for _ in 0..200 {
            let mut b = Bits::walls(30, 20);
            let a = (r.range(1, 28) as usize, r.range(1, 18) as usize);
            let e = (r.range(1, 28) as usize, r.range(1, 18) as usize);
            carve(&mut b, a, e, &mut r);
            let d = a.0.abs_diff(e.0) + a.1.abs_diff(e.1);
            assert_eq!(count_floor(&b), d + 1);
            let mut l = Labels::default();
            l.find(&b);
            assert_eq!(l.count(), 1);
        }
    }
}
