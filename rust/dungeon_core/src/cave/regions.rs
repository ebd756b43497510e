//! Floor regions: 4-connected labelling (seed 003's flood fill), culling
//! and seed 004's passages.

use super::config::Regions;
use crate::rng::DungeonRng;

/// The floor's 4-connected regions. `order` lists every floor tile region
/// by region (each in flood order), so region `r` is
/// `order[first[r]..first[r] + size[r]]`.
#[derive(Default)]
pub(crate) struct Labels {
    /// Region of each tile plus one; 0 on wall.
    label: Vec<u32>,
    order: Vec<u32>,
    first: Vec<usize>,
    size: Vec<usize>,
}

impl Labels {
    /// Labels the floor (`1` bytes) of a `width`-wide map whose outer ring
    /// is wall, so a neighbour step from a floor tile never leaves the map.
    pub fn find(&mut self, floor: &[u8], width: usize) {
        let n = floor.len();
        self.label.clear();
        self.label.resize(n, 0);
        self.order.clear();
        self.first.clear();
        self.size.clear();
        for seed in 0..n {
            if floor[seed] == 0 || self.label[seed] != 0 {
                continue;
            }
            let id = self.first.len() as u32 + 1;
            let start = self.order.len();
            self.first.push(start);
            self.label[seed] = id;
            self.order.push(seed as u32);
            let mut head = start;
            while let Some(&i) = self.order.get(head) {
                head += 1;
                let i = i as usize;
                for j in [i.wrapping_sub(width), i + 1, i + width, i.wrapping_sub(1)] {
                    if j < n && floor[j] != 0 && self.label[j] == 0 {
                        self.label[j] = id;
                        self.order.push(j as u32);
                    }
                }
            }
            self.size.push(self.order.len() - start);
        }
    }

    /// How many regions there are.
    pub fn count(&self) -> usize {
        self.size.len()
    }

    fn tiles(&self, r: usize) -> &[u32] {
        &self.order[self.first[r]..self.first[r] + self.size[r]]
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
}

/// Makes region `r`'s tiles wall.
fn fill(floor: &mut [u8], labels: &Labels, r: usize) {
    for &i in labels.tiles(r) {
        floor[i as usize] = 0;
    }
}

/// Seed 004's passage: from `a` step towards `b`, each step chosen at
/// random among the (one or two) directions that bring it closer, carving
/// floor on the way. The seed drew among all four directions and skipped
/// those that did not get closer; picking among the closer ones is the
/// same distribution without the rejected draws. It takes exactly the
/// Manhattan distance in steps and stays in the box the two ends span, so
/// it never touches the outer ring.
fn carve(floor: &mut [u8], width: usize, a: usize, b: usize, rng: &mut DungeonRng) {
    let (mut x, mut y) = (a % width, a / width);
    let (bx, by) = (b % width, b / width);
    floor[a] = 1;
    while (x, y) != (bx, by) {
        let horizontal = match (x != bx, y != by) {
            (true, true) => rng.below(2) == 0,
            (h, _) => h,
        };
        if horizontal {
            x = if x < bx { x + 1 } else { x - 1 };
        } else {
            y = if y < by { y + 1 } else { y - 1 };
        }
        floor[y * width + x] = 1;
    }
}

/// Applies `mode` to the floor and returns how many floor tiles remain.
/// With [`Regions::KeepLargest`] and [`Regions::ConnectAll`] what remains
/// is one 4-connected region; with [`Regions::None`], the region of a
/// random floor tile.
pub(crate) fn apply(
    floor: &mut [u8],
    width: usize,
    mode: Regions,
    min_region_size: usize,
    labels: &mut Labels,
    rng: &mut DungeonRng,
) -> usize {
    labels.find(floor, width);
    let Some(largest) = labels.largest() else {
        return 0;
    };
    match mode {
        Regions::KeepLargest => {
            for r in (0..labels.count()).filter(|&r| r != largest) {
                fill(floor, labels, r);
            }
            labels.size[largest]
        }
        Regions::None => {
            // A random floor tile's region: pick the k-th floor tile.
            let total = labels.order.len();
            let k = rng.below(u32::try_from(total).unwrap_or(u32::MAX)) as usize;
            let keep = labels.label[labels.order[k] as usize] as usize - 1;
            for r in (0..labels.count()).filter(|&r| r != keep) {
                fill(floor, labels, r);
            }
            labels.size[keep]
        }
        Regions::ConnectAll => {
            // Small regions first, so no passage runs into a filled one.
            for r in 0..labels.count() {
                if r != largest && labels.size[r] <= min_region_size {
                    fill(floor, labels, r);
                }
            }
            let hub = labels.tiles(largest);
            for r in 0..labels.count() {
                if r == largest || labels.size[r] <= min_region_size {
                    continue;
                }
                let tiles = labels.tiles(r);
                let a = tiles[rng.below(tiles.len() as u32) as usize] as usize;
                let b = hub[rng.below(hub.len() as u32) as usize] as usize;
                carve(floor, width, a, b, rng);
            }
            // Passages add floor where they cross rock.
            floor.iter().filter(|&&f| f != 0).count()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A floor map from a picture: `.` floor, `#` wall.
    fn map(pic: &str) -> (Vec<u8>, usize) {
        let rows: Vec<&str> = pic
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let floor = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| u8::from(b == b'.')))
            .collect();
        (floor, rows[0].len())
    }

    fn picture(floor: &[u8], width: usize) -> String {
        floor
            .chunks(width)
            .map(|r| {
                r.iter()
                    .map(|&f| if f != 0 { '.' } else { '#' })
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
        let (floor, w) = map(THREE);
        let mut l = Labels::default();
        l.find(&floor, w);
        assert_eq!(l.size, [4, 12, 1]);
        assert_eq!(l.largest(), Some(1));
        // Diagonal neighbours are separate regions.
        let (floor, w) = map("
            #####
            #.###
            ##.##
            #####
        ");
        l.find(&floor, w);
        assert_eq!(l.size, [1, 1]);
    }

    #[test]
    fn keep_largest_fills_the_rest() {
        let (mut floor, w) = map(THREE);
        let n = apply(
            &mut floor,
            w,
            Regions::KeepLargest,
            0,
            &mut Labels::default(),
            &mut DungeonRng::new(1),
        );
        assert_eq!(n, 12);
        assert_eq!(
            picture(&floor, w),
            "##########\n######...#\n######...#\n######...#\n######...#\n##########\n"
        );
    }

    #[test]
    fn connect_all_joins_big_regions_and_fills_small_ones() {
        for seed in 0..50 {
            let (mut floor, w) = map(THREE);
            let mut l = Labels::default();
            let n = apply(
                &mut floor,
                w,
                Regions::ConnectAll,
                1,
                &mut l,
                &mut DungeonRng::new(seed),
            );
            l.find(&floor, w);
            assert_eq!(l.count(), 1, "{}", picture(&floor, w));
            assert_eq!(n, l.size[0]);
            // The 1-tile region at (1, 4) was filled, not joined (a
            // passage may still run over it); the passage crosses at least
            // the 3 rock columns between the two rooms and at most the 9
            // tiles between their far corners.
            assert!(floor[w + 1] == 1 && floor[2 * w + 2] == 1);
            assert!(
                (16 + 3..=16 + 9).contains(&n),
                "{n}\n{}",
                picture(&floor, w)
            );
            // The outer ring stays wall.
            for x in 0..w {
                assert_eq!(floor[x] + floor[5 * w + x], 0);
            }
        }
        // min_region_size 0: the single tile is joined too.
        let (mut floor, w) = map(THREE);
        let mut l = Labels::default();
        apply(
            &mut floor,
            w,
            Regions::ConnectAll,
            0,
            &mut l,
            &mut DungeonRng::new(3),
        );
        assert_eq!(floor[4 * w + 1], 1);
        l.find(&floor, w);
        assert_eq!(l.count(), 1, "{}", picture(&floor, w));
    }

    #[test]
    fn none_keeps_one_random_region_weighted_by_size() {
        let mut kept = [0; 3];
        for seed in 0..1700 {
            let (mut floor, w) = map(THREE);
            let n = apply(
                &mut floor,
                w,
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
        let (w, h) = (30, 20);
        let mut r = DungeonRng::new(4);
        for _ in 0..200 {
            let mut floor = vec![0u8; w * h];
            let a = r.range(1, 18) as usize * w + r.range(1, 28) as usize;
            let b = r.range(1, 18) as usize * w + r.range(1, 28) as usize;
            carve(&mut floor, w, a, b, &mut r);
            let d = (a % w).abs_diff(b % w) + (a / w).abs_diff(b / w);
            assert_eq!(floor.iter().filter(|&&f| f == 1).count(), d + 1);
            let mut l = Labels::default();
            l.find(&floor, w);
            assert_eq!(l.count(), 1);
        }
    }
}
