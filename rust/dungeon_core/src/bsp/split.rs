//! The split tree: parts cut breadth-first, and one room per leaf part.

use super::config::{BspConfig, MAX_ITERATIONS};
use crate::grid::Rect;
use crate::rng::DungeonRng;

/// A node of the split tree. Children are stored next to each other, so one
/// index names both; the root (index 0) is never a child, so 0 means "leaf".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    pub(super) rect: Rect,
    pub(super) depth: i32,
    pub(super) first_child: usize,
    /// For a leaf, the index of its room in the room list.
    pub(super) room: usize,
}

impl Node {
    pub(super) const fn is_leaf(&self) -> bool {
        self.first_child == 0
    }
}

/// Builds the split tree breadth-first (the node list is the FIFO queue).
/// Terminates: a node splits only above `iterations` depth, so there are at
/// most `2^(iterations+1) - 1` nodes; the parts shrink besides.
pub(super) fn split_tree(c: &BspConfig, rng: &mut DungeonRng) -> Vec<Node> {
    let root = Rect::new(
        c.border,
        c.border,
        c.width - 2 * c.border,
        c.height - 2 * c.border,
    );
    // Leaves cannot outnumber the min-size parts that tile the root.
    let per_axis = |side: i32| (side / c.min_partition_size.max(1)).max(1) as usize;
    let leaf_cap =
        (per_axis(root.w) * per_axis(root.h)).min(1 << c.iterations.clamp(0, MAX_ITERATIONS));
    let mut nodes = Vec::with_capacity(2 * leaf_cap);
    nodes.push(Node {
        rect: root,
        depth: 0,
        first_child: 0,
        room: 0,
    });
    let mut head = 0;
    while let Some(&node) = nodes.get(head) {
        if node.depth < c.iterations
            && let Some((a, b)) = split(node.rect, c, rng)
        {
            let first = nodes.len();
            nodes[head].first_child = first;
            for rect in [a, b] {
                nodes.push(Node {
                    rect,
                    depth: node.depth + 1,
                    first_child: 0,
                    room: 0,
                });
            }
        }
        head += 1;
    }
    nodes
}

/// Cuts `r` across its longer side (a coin decides for a square), or `None`
/// when that side is shorter than two minimum parts.
fn split(r: Rect, c: &BspConfig, rng: &mut DungeonRng) -> Option<(Rect, Rect)> {
    let mps = c.min_partition_size;
    if r.w.max(r.h) < 2 * mps {
        return None;
    }
    let across_x = if r.w == r.h {
        rng.chance(0.5)
    } else {
        r.w > r.h
    };
    let side = if across_x { r.w } else { r.h };
    let f = rng.uniform(0.5 - c.partition_range, 0.5 + c.partition_range);
    // `max` then `min` rather than `clamp`: never panics, and `side ≥ 2 mps`
    // keeps the range non-empty anyway.
    let at = ((f * f64::from(side)).round() as i32)
        .max(mps)
        .min(side - mps);
    Some(if across_x {
        (
            Rect::new(r.x, r.y, at, r.h),
            Rect::new(r.x + at, r.y, r.w - at, r.h),
        )
    } else {
        (
            Rect::new(r.x, r.y, r.w, at),
            Rect::new(r.x, r.y + at, r.w, r.h - at),
        )
    })
}

/// One side of a room in a part `side` tiles long: `round(fraction × side)` as
/// the original C++ program sizes it, kept between `min_room_size` and `side -
/// 1` (the last tile of the part stays empty, see [`place_room`]).
fn room_side(side: i32, c: &BspConfig, rng: &mut DungeonRng) -> i32 {
    let f = rng.uniform(c.room_size_min, c.room_size_max);
    ((f * f64::from(side)).round() as i32)
        .max(c.min_room_size)
        .min(side - 1)
}

/// A room inside `part` that leaves the part's last column and last row
/// empty. Every part's right and bottom neighbours start past that gap, so
/// two rooms are always at least one empty tile apart (they never touch,
/// not even at a corner), while a room may still fill the rest of its part
/// as the original's rooms do.
pub(super) fn place_room(part: Rect, c: &BspConfig, rng: &mut DungeonRng) -> Rect {
    let w = room_side(part.w, c, rng);
    let h = room_side(part.h, c, rng);
    let x = rng.range(part.x, part.x + part.w - 1 - w);
    let y = rng.range(part.y, part.y + part.h - 1 - h);
    Rect::new(x, y, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_tree_tiles_the_map_and_rooms_keep_their_gap() {
        for (c, seeds) in [(BspConfig::default(), 300), (BspConfig::large(), 100)] {
            let root = Rect::new(
                c.border,
                c.border,
                c.width - 2 * c.border,
                c.height - 2 * c.border,
            );
            for seed in 0..seeds {
                let mut rng = DungeonRng::new(seed);
                let nodes = split_tree(&c, &mut rng);
                let leaves: Vec<&Node> = nodes.iter().filter(|n| n.is_leaf()).collect();
                assert!(leaves.len() >= 2 && leaves.len() <= 1 << c.iterations);
                // Leaves cover the root exactly once.
                let area: i32 = leaves.iter().map(|n| n.rect.w * n.rect.h).sum();
                assert_eq!(area, root.w * root.h);
                for (i, a) in leaves.iter().enumerate() {
                    assert!(leaves[i + 1..].iter().all(|b| !a.rect.overlaps(&b.rect)));
                    assert!(a.rect.w >= c.min_partition_size && a.rect.h >= c.min_partition_size);
                    // A leaf above the last level was too small to cut.
                    if a.depth < c.iterations {
                        assert!(a.rect.w.max(a.rect.h) < 2 * c.min_partition_size, "{a:?}");
                    }
                    let room = place_room(a.rect, &c, &mut rng);
                    let usable = Rect::new(a.rect.x, a.rect.y, a.rect.w - 1, a.rect.h - 1);
                    assert!(usable.contains((room.x, room.y)));
                    assert!(
                        usable.contains((room.x + room.w - 1, room.y + room.h - 1)),
                        "{room:?} leaves {a:?}"
                    );
                }
                // Breadth-first: depths never decrease along the node list,
                // and children sit right after each other.
                assert!(nodes.windows(2).all(|w| w[0].depth <= w[1].depth));
                for n in nodes.iter().filter(|n| !n.is_leaf()) {
                    let (a, b) = (nodes[n.first_child].rect, nodes[n.first_child + 1].rect);
                    assert_eq!(a.w * a.h + b.w * b.h, n.rect.w * n.rect.h);
                }
            }
        }
    }

    #[test]
    fn splits_cut_the_longer_side_within_the_range() {
        let c = BspConfig {
            partition_range: 0.1,
            min_partition_size: 6,
            ..BspConfig::default()
        };
        let mut rng = DungeonRng::new(9);
        for _ in 0..500 {
            let (a, b) = split(Rect::new(1, 1, 30, 12), &c, &mut rng).unwrap();
            assert_eq!((a.h, b.h, a.w + b.w, b.x), (12, 12, 30, 1 + a.w));
            assert!((12..=18).contains(&a.w), "{a:?}");
            let (a, b) = split(Rect::new(1, 1, 12, 30), &c, &mut rng).unwrap();
            assert_eq!((a.w, b.w, a.h + b.h), (12, 12, 30));
        }
        // Too short along its longer side: stays a leaf, and no draw is spent.
        let before = rng.clone().next_u32();
        assert_eq!(split(Rect::new(1, 1, 11, 11), &c, &mut rng), None);
        assert_eq!(rng.next_u32(), before);
        // The clamp keeps both halves at least min_partition_size.
        let wide = BspConfig {
            partition_range: 0.45,
            min_partition_size: 6,
            ..BspConfig::default()
        };
        for _ in 0..500 {
            let (a, b) = split(Rect::new(0, 0, 13, 13), &wide, &mut rng).unwrap();
            assert!(a.w.min(a.h) >= 6 && b.w.min(b.h) >= 6, "{a:?} {b:?}");
        }
    }
}
