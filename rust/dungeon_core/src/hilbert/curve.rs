//! The Hilbert curve: the reference Python recursion and an iterative
//! equivalent.
//!
//! Both give the same order-`n` curve over a `2ⁿ × 2ⁿ` grid: it starts at
//! `(0, 0)`, steps to `(1, 0)` on order 1, visits every cell once, moves one
//! cell north, east, south or west at every step, and ends at `(0, 2ⁿ − 1)`.
//! [`curve`] is the reference recursion; [`stretch`] is the same recursion
//! limited to a range of distances (what the generator uses for its path,
//! so it never lists the whole curve); [`point`] gives the cell at one
//! distance in `O(n)` without recursion. The tests hold the last two to
//! the first.

use crate::grid::Pos;

/// The highest curve order the generator accepts: a `1024 × 1024` grid of
/// about a million room cells.
pub const MAX_ORDER: i32 = 10;

/// The number of cells of an order-`order` curve, `4^order` (`0` for an order
/// outside `0..=MAX_ORDER`).
#[must_use]
pub const fn cells(order: i32) -> u64 {
    if order < 0 || order > MAX_ORDER {
        0
    } else {
        1u64 << (2 * order as u32)
    }
}

/// The reference `hilbert_curve(n)`: every cell of the order-`order` curve, in
/// curve order. Empty for an order outside `0..=MAX_ORDER`.
///
/// The reference builds the list by recursion on the frame `(x, y, xi, xj, yi,
/// yj)`: a curve of order `n` is four curves of order `n − 1`, the first with
/// its axes swapped, the middle two in the parent's frame, the last
/// reflected through the anti-diagonal. This is that recursion (the depth
/// is the order, at most 10), appending to one list instead of
/// concatenating Python lists.
#[must_use]
pub fn curve(order: i32) -> Vec<Pos> {
    if !(0..=MAX_ORDER).contains(&order) {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(cells(order) as usize);
    recurse(&mut out, (0, 0), (1, 0), (0, 1), order);
    out
}

/// One call of the reference's `_hilbert_curve`: origin `o`, first axis `a =
/// (xi, xj)`, second axis `b = (yi, yj)`.
fn recurse(out: &mut Vec<Pos>, o: Pos, a: Pos, b: Pos, n: i32) {
    if n == 0 {
        out.push(o);
        return;
    }
    let sz = 1i32 << n;
    let sub = sz >> 1;
    let at = |i: i32, j: i32| (o.0 + a.0 * i + b.0 * j, o.1 + a.1 * i + b.1 * j);
    recurse(out, o, b, a, n - 1);
    recurse(out, at(sub, 0), a, b, n - 1);
    recurse(out, at(sub, sub), a, b, n - 1);
    recurse(out, at(sub - 1, sz - 1), (-b.0, -b.1), (-a.0, -a.1), n - 1);
}

/// The cells at distances `start .. start + len` along the order-`order`
/// curve (the slice `curve(order)[start..start + len]`, clipped to the
/// curve), without listing the rest: the reference recursion, skipping every
/// sub-curve that lies wholly outside the stretch. `O(len + 4 × order)`
/// work; the generator's path comes from here.
#[must_use]
pub fn stretch(order: i32, start: u64, len: u64) -> Vec<Pos> {
    let end = start.saturating_add(len).min(cells(order));
    if start >= end {
        return Vec::new();
    }
    let mut out = Vec::with_capacity((end - start) as usize);
    let mut r = Range {
        out: &mut out,
        lo: start,
        hi: end,
    };
    r.recurse((0, 0), (1, 0), (0, 1), order, 0);
    out
}

/// [`recurse`] limited to the distances `lo..hi`.
struct Range<'a> {
    out: &'a mut Vec<Pos>,
    lo: u64,
    hi: u64,
}

impl Range<'_> {
    /// The sub-curve of order `n` whose first cell is at distance `first`.
    fn recurse(&mut self, o: Pos, a: Pos, b: Pos, n: i32, first: u64) {
        let size = 1u64 << (2 * n as u32);
        if first >= self.hi || first + size <= self.lo {
            return;
        }
        if n == 0 {
            self.out.push(o);
            return;
        }
        let (sz, sub, q) = (1i32 << n, 1i32 << (n - 1), size / 4);
        let at = |i: i32, j: i32| (o.0 + a.0 * i + b.0 * j, o.1 + a.1 * i + b.1 * j);
        self.recurse(o, b, a, n - 1, first);
        self.recurse(at(sub, 0), a, b, n - 1, first + q);
        self.recurse(at(sub, sub), a, b, n - 1, first + 2 * q);
        let (ra, rb) = ((-b.0, -b.1), (-a.0, -a.1));
        self.recurse(at(sub - 1, sz - 1), ra, rb, n - 1, first + 3 * q);
    }
}

/// The cell at distance `d` along the order-`order` curve (the `d`-th cell
/// of [`curve`]), or `None` when `d ≥ 4^order` or the order is outside
/// `0..=MAX_ORDER`.
///
/// The recursion unrolled from the top: the two bits of `d` for each level
/// say which quarter the cell lies in, and that quarter's origin and frame
/// are the reference's for the sub-curve; `O(order)` work.
#[must_use]
pub fn point(order: i32, d: u64) -> Option<Pos> {
    if d >= cells(order) {
        return None;
    }
    let (mut o, mut a, mut b) = ((0i32, 0i32), (1i32, 0i32), (0i32, 1i32));
    for level in (0..order).rev() {
        let sub = 1i32 << level;
        let sz = sub << 1;
        let at = |i: i32, j: i32| (o.0 + a.0 * i + b.0 * j, o.1 + a.1 * i + b.1 * j);
        match (d >> (2 * level as u32)) & 3 {
            0 => std::mem::swap(&mut a, &mut b),
            1 => o = at(sub, 0),
            2 => o = at(sub, sub),
            _ => {
                o = at(sub - 1, sz - 1);
                (a, b) = ((-b.0, -b.1), (-a.0, -a.1));
            }
        }
    }
    Some(o)
}

/// One of the eight symmetries of the square (`t` in `0..8`: bit 0 swaps
/// the axes, bit 1 mirrors x, bit 2 mirrors y) applied to `p` on a grid of
/// side `side`. A Hilbert curve under any of them is again a Hilbert curve.
#[must_use]
pub const fn transform(p: Pos, t: u32, side: i32) -> Pos {
    let (mut x, mut y) = p;
    if t & 1 != 0 {
        (x, y) = (y, x);
    }
    if t & 2 != 0 {
        x = side - 1 - x;
    }
    if t & 4 != 0 {
        y = side - 1 - y;
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The curve drawn as numbers: each cell shows its distance along the
    /// curve, row 0 first.
    fn numbered(order: i32) -> String {
        let side = 1usize << order;
        let mut at = vec![0u64; side * side];
        for (d, p) in curve(order).into_iter().enumerate() {
            at[p.1 as usize * side + p.0 as usize] = d as u64;
        }
        at.chunks(side)
            .map(|row| {
                row.iter()
                    .map(|d| format!("{d:>3}"))
                    .collect::<String>()
                    .trim_end()
                    .to_owned()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn small_orders_are_the_known_curves() {
        assert_eq!(curve(0), [(0, 0)]);
        assert_eq!(curve(1), [(0, 0), (1, 0), (1, 1), (0, 1)]);
        // Order 2, worked by hand from the reference's rules: the first quarter
        // transposed, the last one reflected, rows from y = 0.
        let want = "  0  3  4  5\n  1  2  7  6\n 14 13  8  9\n 15 12 11 10";
        assert_eq!(numbered(2), want);
        let order3 = numbered(3);
        assert!(order3.starts_with("  0  1 14 15 16 19 20 21"), "{order3}");
    }

    #[test]
    fn every_order_visits_each_cell_once_in_unit_steps() {
        for order in 0..=8 {
            let c = curve(order);
            let side = 1i32 << order;
            assert_eq!(c.len() as u64, cells(order));
            let mut seen = vec![false; c.len()];
            for &(x, y) in &c {
                assert!((0..side).contains(&x) && (0..side).contains(&y));
                let i = (y * side + x) as usize;
                assert!(!seen[i], "order {order} visits ({x}, {y}) twice");
                seen[i] = true;
            }
            for w in c.windows(2) {
                let step = (w[0].0 - w[1].0).abs() + (w[0].1 - w[1].1).abs();
                assert_eq!(step, 1, "order {order}: {:?} → {:?}", w[0], w[1]);
            }
            assert_eq!(c.first(), Some(&(0, 0)));
            assert_eq!(c.last(), Some(&(0, side - 1)));
        }
    }

    #[test]
    fn the_iterative_point_matches_the_recursion() {
        for order in 0..=8 {
            for (d, &p) in curve(order).iter().enumerate() {
                assert_eq!(point(order, d as u64), Some(p), "order {order} d {d}");
            }
            assert_eq!(point(order, cells(order)), None);
        }
        // The largest order, sampled.
        let side = 1 << MAX_ORDER;
        assert_eq!(point(MAX_ORDER, 0), Some((0, 0)));
        assert_eq!(point(MAX_ORDER, cells(MAX_ORDER) - 1), Some((0, side - 1)));
        assert_eq!(point(MAX_ORDER + 1, 0), None);
        assert_eq!(point(-1, 0), None);
        assert!(curve(MAX_ORDER + 1).is_empty() && curve(-1).is_empty());
    }

    #[test]
    fn every_stretch_is_a_slice_of_the_curve() {
        for order in 0..=4 {
            let all = curve(order);
            let n = all.len() as u64;
            for start in 0..=n + 1 {
                for len in 0..=n + 1 - start.min(n) {
                    let want = &all[start.min(n) as usize..(start + len).min(n) as usize];
                    assert_eq!(
                        stretch(order, start, len),
                        want,
                        "order {order} {start}+{len}"
                    );
                }
            }
        }
        let big = stretch(8, 12_345, 3000);
        assert_eq!(big, &curve(8)[12_345..15_345]);
        assert!(stretch(MAX_ORDER + 1, 0, 4).is_empty());
        assert!(stretch(MAX_ORDER, u64::MAX, u64::MAX).is_empty());
    }

    #[test]
    fn symmetries_keep_the_square() {
        let mut images: Vec<Pos> = (0..8).map(|t| transform((0, 1), t, 4)).collect();
        images.sort_unstable();
        images.dedup();
        assert_eq!(images.len(), 8);
        assert_eq!(transform((0, 1), 0, 4), (0, 1));
        assert_eq!(transform((0, 1), 1, 4), (1, 0));
        assert_eq!(transform((0, 1), 6, 4), (3, 2));
    }
}
