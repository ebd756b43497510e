//! The original C++ BSP program's room-sizing rule as a reference for ours,
//! applied to the same split-tree parts ([`bsp::partitions`]): a room side is
//! `round(U(0.6, 0.7) × part side)`. Shared by `examples/bsp_fidelity.rs`,
//! which prints the comparison, and `tests/bsp_fidelity.rs`, which bounds it.

use std::collections::BTreeMap;
use std::ops::Range;

use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::{DungeonRng, Rect};

/// One side of a room in a part `part_side` tiles long, by the original's rule.
pub fn original_side(part_side: i32, rng: &mut DungeonRng) -> i32 {
    (rng.uniform(0.6, 0.7) * f64::from(part_side)).round() as i32
}

/// Running sums over rooms: side as a fraction of the part's side, and area.
#[derive(Debug, Default, Clone, Copy)]
pub struct Sizes {
    pub sides: usize,
    pub fraction_sum: f64,
    pub rooms: usize,
    pub area_sum: f64,
}

impl Sizes {
    fn add(&mut self, w: i32, h: i32, part: Rect) {
        self.sides += 2;
        self.fraction_sum += f64::from(w) / f64::from(part.w) + f64::from(h) / f64::from(part.h);
        self.rooms += 1;
        self.area_sum += f64::from(w * h);
    }

    /// Mean room side over its part's side.
    pub fn mean_fraction(&self) -> f64 {
        self.fraction_sum / self.sides.max(1) as f64
    }

    /// Mean room area in tiles.
    pub fn mean_area(&self) -> f64 {
        self.area_sum / self.rooms.max(1) as f64
    }
}

/// Our rooms beside the original's rule on the same parts, over many seeds.
#[derive(Debug, Default)]
pub struct Fidelity {
    pub maps: usize,
    pub ours: Sizes,
    pub seed: Sizes,
    /// Maps per room count.
    pub counts: BTreeMap<usize, usize>,
    /// Rooms that are not inside their part with its last column and row
    /// empty (should be none).
    pub misplaced: usize,
}

/// Generates level 1 of every seed in `seeds` and sizes the original's rooms on
/// the same parts with an independent reference stream.
pub fn measure(c: &BspConfig, seeds: Range<u64>) -> Fidelity {
    let mut f = Fidelity::default();
    for seed in seeds {
        let g = bsp::generate(c, seed, 1).expect("valid config");
        let parts = bsp::partitions(c, seed, 1).expect("valid config");
        let rooms = g.room_rects();
        assert_eq!(rooms.len(), parts.len(), "seed {seed}: a room per part");
        let mut rng = DungeonRng::new(seed).stage(0x5EED_0001);
        for (room, &part) in rooms.iter().zip(&parts) {
            let usable = Rect::new(part.x, part.y, part.w - 1, part.h - 1);
            let inside = usable.contains((room.x, room.y))
                && usable.contains((room.x + room.w - 1, room.y + room.h - 1));
            f.misplaced += usize::from(!inside);
            f.ours.add(room.w, room.h, part);
            f.seed.add(
                original_side(part.w, &mut rng),
                original_side(part.h, &mut rng),
                part,
            );
        }
        *f.counts.entry(rooms.len()).or_default() += 1;
        f.maps += 1;
    }
    f
}
