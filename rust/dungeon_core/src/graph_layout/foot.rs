//! A room's footprint ([`Foot`]): its box, or its outline when trimmed to
//! its floors, and the area two footprints share.

use crate::grid::{Pos, Rect};
use crate::template::Variant;

/// A footprint: the box `x0..x1 × y0..y1` (walls included; touching is no
/// overlap) and, for a room trimmed to its floors, the cells it takes in
/// that box (rectangles that do not overlap, relative to `x0, y0`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Foot {
    pub(crate) x0: i32,
    pub(crate) y0: i32,
    pub(crate) x1: i32,
    pub(crate) y1: i32,
    pub(crate) cells: Option<std::sync::Arc<[Rect]>>,
}

impl Foot {
    /// The footprint of a whole `w × h` box at `p`.
    pub(crate) const fn at(p: Pos, w: i32, h: i32) -> Self {
        Self {
            x0: p.0,
            y0: p.1,
            x1: p.0 + w,
            y1: p.1 + h,
            cells: None,
        }
    }

    /// The footprint of variant `v` at `p` (its outline when trimmed).
    #[inline]
    pub(crate) fn of(p: Pos, v: &Variant) -> Self {
        Self {
            cells: v.outline.clone(),
            ..Self::at(p, v.width, v.height)
        }
    }

    /// The area the two share.
    #[inline]
    pub(crate) fn overlap(&self, o: &Foot) -> i64 {
        let w = i64::from(self.x1.min(o.x1)) - i64::from(self.x0.max(o.x0));
        let h = i64::from(self.y1.min(o.y1)) - i64::from(self.y0.max(o.y0));
        if w <= 0 || h <= 0 {
            return 0;
        }
        if self.cells.is_none() && o.cells.is_none() {
            return w * h;
        }
        self.outline_overlap(o)
    }

    /// The area the two share when one of them is an outline (kept out of
    /// line: the boxes' test above is the hot one).
    #[inline(never)]
    fn outline_overlap(&self, o: &Foot) -> i64 {
        let mut area = 0;
        for a in self.rects() {
            for b in o.rects() {
                let w = i64::from((a.x + a.w).min(b.x + b.w)) - i64::from(a.x.max(b.x));
                let h = i64::from((a.y + a.h).min(b.y + b.h)) - i64::from(a.y.max(b.y));
                if w > 0 && h > 0 {
                    area += w * h;
                }
            }
        }
        area
    }

    /// Its cells as rectangles that do not overlap, in map coordinates.
    fn rects(&self) -> impl Iterator<Item = Rect> + '_ {
        let whole = Rect::new(self.x0, self.y0, self.x1 - self.x0, self.y1 - self.y0);
        let (x0, y0) = (self.x0, self.y0);
        let parts = self.cells.as_deref();
        parts
            .into_iter()
            .flatten()
            .map(move |r| Rect::new(r.x + x0, r.y + y0, r.w, r.h))
            .chain(parts.is_none().then_some(whole))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::{DoorSlot, RoomTemplate, Side};

    #[test]
    fn outlines_overlap_by_the_cells_they_share() {
        // An L (its floors a 5 × 1 bar and a 2 × 2 block under its left
        // end, so its outline leaves the bottom right of the 7 × 5 box)
        // against itself and a box, at every offset near it.
        let mut t = RoomTemplate::new("l", 7, 5, vec![DoorSlot::new(Side::North, 2, 1)]);
        t.floors = vec![Rect::new(1, 1, 5, 1), Rect::new(1, 2, 2, 2)];
        t.trim_to_floors = true;
        let l = Variant::of(&t, 1, true);
        let cells = |f: &Foot| -> Vec<Pos> {
            let all = Rect::new(f.x0, f.y0, f.x1 - f.x0, f.y1 - f.y0);
            all.cells()
                .filter(|&(x, y)| match &f.cells {
                    None => true,
                    Some(parts) => parts.iter().any(|r| r.contains((x - f.x0, y - f.y0))),
                })
                .collect()
        };
        let a = Foot::of((0, 0), &l);
        let (mut touching, mut over) = (0, 0);
        for x in -8..8 {
            for y in -8..8 {
                for b in [Foot::of((x, y), &l), Foot::at((x, y), 3, 2)] {
                    let shared = cells(&b).iter().filter(|p| cells(&a).contains(p)).count();
                    assert_eq!(a.overlap(&b), shared as i64, "{b:?}");
                    assert_eq!(b.overlap(&a), shared as i64, "{b:?}");
                    let boxes = Foot::at((0, 0), l.width, l.height).overlap(&Foot::at(
                        (x, y),
                        b.x1 - b.x0,
                        b.y1 - b.y0,
                    ));
                    touching += usize::from(boxes > 0 && shared == 0);
                    over += usize::from(shared > 0);
                }
            }
        }
        // Some boxes overlap where the outlines do not: the cut corner.
        assert!(touching > 5 && over > 50, "{touching} {over}");
    }
}
