//! How well a polygon splits into the triangles fanned from its first
//! vertex, `(v0, vi, vi+1)`: the split a navigation server makes to find
//! the point of a polygon closest to a query point (Godot does, for
//! `map_get_closest_point` and for both ends of a path).
//!
//! That search solves for the point's two coordinates along the
//! triangle's sides from `v0` in 32-bit floats. The system's determinant,
//! `|e0|²|e1|² sin²θ` with `θ` the angle at `v0`, is the difference of two
//! products near `|e0|²|e1|²`, so its rounding error is about
//! `2^-24 / sin²θ` of itself, and the point lands off by about
//! `2^-24 · D / sin²θ`, `D` the triangle's longest side from `v0`. On a
//! needle (a long corridor fanned from one end) that is a pixel or more,
//! and a path ends short of its target.
//!
//! The *slenderness* of a fan is the largest `D / (u · sin²θ)` over its
//! triangles, `u` the grid cell's shorter side (the build's
//! [`super::NavOptions::cell_size`]), so the error stays below about
//! `2^-24 · slenderness` cells. Emission keeps every fan within
//! [`MAX_SLENDERNESS`] by its choice of first vertex (`best`) and by
//! cutting a rectangle that no choice fans well enough into pieces along
//! its longer side (`plan`), except where that side spans a single
//! lattice cell (nothing to cut). A flat triangle's slenderness is
//! infinite.

/// The largest slenderness emission allows, `2^16`: the closest-point
/// error stays below about `2^-8` of a cell (a 32-bit model of the
/// search errs by under a thousandth of a tile at every cell centre of
/// the generators' maps, and in Godot paths between random cell centres
/// end within a hundredth of a tile of them).
pub const MAX_SLENDERNESS: f64 = 65536.0;

/// The square of the slenderness of the fan of `pts` (a convex polygon's
/// vertices, in order) from `pts[from]`, against length `unit`: squared
/// to need nothing but `+ − × ÷` (the same on every platform). Infinity when a triangle is flat. Stops at the first
/// triangle past `stop` (returning its value).
pub(crate) fn slenderness_sq(pts: &[[f64; 2]], from: usize, unit: f64, stop: f64) -> f64 {
    let n = pts.len();
    let at = |k: usize| pts.get((from + k) % n.max(1)).copied().unwrap_or([0.0; 2]);
    let a = at(0);
    let mut worst: f64 = 0.0;
    for j in 2..n {
        let (b, c) = (at(j - 1), at(j));
        let e0 = [b[0] - a[0], b[1] - a[1]];
        let e1 = [c[0] - a[0], c[1] - a[1]];
        let l0 = e0[0] * e0[0] + e0[1] * e0[1];
        let l1 = e1[0] * e1[0] + e1[1] * e1[1];
        let cross = e0[0] * e1[1] - e0[1] * e1[0];
        if cross == 0.0 {
            return f64::INFINITY;
        }
        // (D / (unit sin²θ))², with sin²θ = cross² / (l0 l1), D² = max(l0, l1).
        let inv_sin2 = l0 * l1 / (cross * cross);
        worst = worst.max(l0.max(l1) * inv_sin2 * inv_sin2 / (unit * unit));
        if worst > stop {
            break;
        }
    }
    worst
}

/// The bound on squared slenderness.
const LIMIT_SQ: f64 = MAX_SLENDERNESS * MAX_SLENDERNESS;

/// Whether a fan of squared slenderness `s` is within the bound.
pub(crate) fn slender_ok(s: f64) -> bool {
    s <= LIMIT_SQ
}

/// One side of a rectangle's polygon, as emitted: the vertices it holds
/// (its first corner and those inside it) and whether nothing walkable
/// lies across it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Side {
    pub vertices: usize,
    pub border: bool,
}

/// A choice of first vertex.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fan {
    /// Its fan's squared slenderness.
    pub slender: f64,
    /// Its position in the polygon (after the new vertex, if any, is
    /// inserted there).
    pub at: usize,
    /// A new vertex to insert at `at` (the middle of a border side).
    pub new: Option<[f64; 2]>,
}

/// A fan of the rectangle polygon `pts` (walked left side down, bottom,
/// right side up, top, each side `sides[k]`; box `[x0, y0, x1, y1]`) with
/// no flat triangle: the first candidate within the bound, else the least
/// slender (the first on a tie); `None` when there is none. The first
/// vertex may be a corner between two sides with no vertex inside them,
/// the only vertex inside a side, or a new vertex in the middle of a side
/// that has none inside and borders nothing walkable (no neighbour can
/// miss it), tried in that order. `pts` is left as given.
pub(crate) fn best(
    pts: &mut Vec<[f64; 2]>,
    sides: [Side; 4],
    rect: [f64; 4],
    unit: f64,
) -> Option<Fan> {
    let all = candidates(pts.len(), sides, rect);
    for &(at, new) in all.iter().flatten() {
        let f = weigh(pts, (at, new), unit, LIMIT_SQ);
        if slender_ok(f.slender) {
            return Some(f);
        }
    }
    let mut best: Option<Fan> = None;
    for &(at, new) in all.iter().flatten() {
        let f = weigh(pts, (at, new), unit, f64::INFINITY);
        if f.slender.is_finite() && best.is_none_or(|b| f.slender < b.slender) {
            best = Some(f);
        }
    }
    best
}

/// Whether some fan of the rectangle polygon `pts` (as in [`best`]) is
/// within the bound.
fn fits(pts: &mut Vec<[f64; 2]>, sides: [Side; 4], rect: [f64; 4], unit: f64) -> bool {
    candidates(pts.len(), sides, rect)
        .iter()
        .flatten()
        .any(|&c| slender_ok(weigh(pts, c, unit, LIMIT_SQ).slender))
}

/// A candidate first vertex: its position, and the new vertex to insert
/// there if any.
type Candidate = (usize, Option<[f64; 2]>);

/// The candidate first vertices of a rectangle polygon of `n` vertices
/// (as in [`best`]), in order.
fn candidates(n: usize, sides: [Side; 4], rect: [f64; 4]) -> [Option<Candidate>; 12] {
    let mut starts = [0; 4];
    for k in 1..4 {
        starts[k] = starts[k - 1] + sides[k - 1].vertices;
    }
    let inner = |k: usize| sides[k].vertices.saturating_sub(1);
    let [x0, y0, x1, y1] = rect;
    // Left and right run along x = x0 / x1, bottom and top along y = y1 / y0.
    let middle = |k: usize| {
        match k {
            0 => [x0, (y0 + y1) / 2.0],
            1 => [(x0 + x1) / 2.0, y1],
            2 => [x1, (y0 + y1) / 2.0],
            _ => [(x0 + x1) / 2.0, y0],
        }
        .map(|v| f64::from(v as f32))
    };
    let corners = (0..4)
        .filter(|&k| inner(k) == 0 && inner((k + 3) % 4) == 0)
        .map(|k| (starts[k], None));
    let sole = (0..4)
        .filter(|&k| inner(k) == 1)
        .map(|k| (starts[k] + 1, None));
    let middles = (0..4)
        .filter(|&k| inner(k) == 0 && sides[k].border && starts[k] < n)
        .map(|k| (starts[k] + 1, Some(middle(k))));
    let mut all = [None; 12];
    for (slot, c) in all.iter_mut().zip(corners.chain(sole).chain(middles)) {
        *slot = Some(c);
    }
    all
}

/// The fan of `pts` from candidate `(at, new)`, against length
/// `unit`, weighed up to `stop` (see [`slenderness_sq`]).
fn weigh(pts: &mut Vec<[f64; 2]>, (at, new): Candidate, unit: f64, stop: f64) -> Fan {
    if let Some(v) = new {
        pts.insert(at, v);
    }
    let slender = slenderness_sq(pts, at, unit, stop);
    if new.is_some() {
        pts.remove(at);
    }
    Fan { slender, at, new }
}

/// The lines to cut the rectangle polygon `pts` (as in [`best`]) at,
/// across its longer side, so that each piece fans within the bound:
/// `vertical` cuts (along x) when its width is at least its height, at
/// lines `lines[i]` with `lo < i < hi` (`lo`, `hi` its own first and last
/// line on that axis). Greedy from the low end, each piece as long as a
/// fan of it passes, judged from this polygon's vertices (a cut adds
/// corners, and its new sides hold nothing else), ending at the farthest
/// such line where `free` says a cut adds no vertex to a neighbour when
/// there is one (so neighbours keep their fans); a piece one cell long is
/// taken as it is. Empty when the longer side spans one cell.
pub(crate) fn plan(
    pts: &[[f64; 2]],
    sides: [Side; 4],
    rect: [f64; 4],
    lines: &[f64],
    (lo, hi): (usize, usize),
    vertical: bool,
    (unit, free): (f64, &dyn Fn(usize) -> bool),
) -> Vec<u32> {
    // Lines as the polygon's 32-bit vertices hold them.
    let line = |i: usize| f64::from(lines.get(i).copied().unwrap_or(0.0) as f32);
    let mut cuts = Vec::new();
    let mut piece = Vec::with_capacity(pts.len() + 4);
    let mut a = lo;
    // Each step moves `a` up by at least one line.
    while a < hi {
        let mut take = a + 1;
        let mut take_free = (take == hi || free(take)).then_some(take);
        for b in a + 2..=hi {
            let part = Part {
                from: line(a),
                to: line(b),
                own: (a == lo, b == hi),
                vertical,
            };
            let (s, r) = part.polygon(&mut piece, pts, sides, rect);
            if !fits(&mut piece, s, r, unit) {
                break;
            }
            take = b;
            if b == hi || free(b) {
                take_free = Some(b);
            }
        }
        let take = take_free.unwrap_or(take);
        if take < hi {
            cuts.push(take as u32);
        }
        a = take;
    }
    cuts
}

/// A part of a rectangle between two cuts across it.
struct Part {
    /// Where it starts and ends, in world units along x (`vertical`) or y.
    from: f64,
    to: f64,
    /// Whether its start and end are the rectangle's own sides.
    own: (bool, bool),
    vertical: bool,
}

impl Part {
    /// Fills `piece` with the part's polygon, cut from the rectangle
    /// polygon `pts` (sides `sides`, box `rect`): the long sides keep
    /// their vertices strictly inside the part, an end that is the
    /// rectangle's own side keeps it whole, and a cut holds only its
    /// corner. Returns the part's sides and box.
    fn polygon(
        &self,
        piece: &mut Vec<[f64; 2]>,
        pts: &[[f64; 2]],
        sides: [Side; 4],
        rect: [f64; 4],
    ) -> ([Side; 4], [f64; 4]) {
        let [x0, y0, x1, y1] = rect;
        let (a, b) = (self.from, self.to);
        // Per side (left, bottom, right, top): the part's box, whether the
        // side is kept whole, and whether it is a long side.
        let (r, whole, long) = if self.vertical {
            (
                [a, y0, b, y1],
                [self.own.0, false, self.own.1, false],
                [false, true, false, true],
            )
        } else {
            (
                [x0, a, x1, b],
                [false, self.own.1, false, self.own.0],
                [true, false, true, false],
            )
        };
        let axis = usize::from(!self.vertical);
        let corners = [[r[0], r[1]], [r[0], r[3]], [r[2], r[3]], [r[2], r[1]]];
        let mut out = [Side {
            vertices: 0,
            border: false,
        }; 4];
        let mut start = 0;
        piece.clear();
        for k in 0..4 {
            let side = pts.get(start..start + sides[k].vertices).unwrap_or(&[]);
            start += sides[k].vertices;
            let before = piece.len();
            if whole[k] {
                piece.extend_from_slice(side);
            } else {
                piece.push(corners[k]);
                if long[k] {
                    let inside = |p: &&[f64; 2]| p[axis] > a && p[axis] < b;
                    piece.extend(side.iter().skip(1).filter(inside));
                }
            }
            out[k] = Side {
                vertices: piece.len() - before,
                // Part of a side that borders nothing borders nothing.
                border: (whole[k] || long[k]) && sides[k].border,
            };
        }
        (out, r)
    }
}
