//! Cells: scattered in a circle or ellipse, then pushed apart.

use super::config::{ScatterShape, Separation, SizeDistribution, TinyKeepConfig};
use crate::error::GenError;
use crate::grid::Rect;
use crate::rng::DungeonRng;
use crate::watch::Span;

/// Empty tiles kept between any two cells after separation.
pub(super) const GAP: i32 = 1;

/// Tries for a point inside the shape before the centre is taken (the
/// acceptance rate is π/4, so 64 misses in a row has odds below 10⁻⁴²).
const POINT_TRIES: u32 = 64;

/// `cell_count` cells with random sides, their centres scattered in the
/// shape around `(0, 0)`.
pub(super) fn scatter(c: &TinyKeepConfig, rng: &mut DungeonRng) -> Vec<Rect> {
    let (rx, ry) = match c.shape {
        ScatterShape::Circle => (c.radius, c.radius),
        ScatterShape::Ellipse => (c.radius, c.radius_y),
    };
    (0..c.cell_count)
        .map(|_| {
            let w = side(c, rng);
            let h = side(c, rng);
            let (x, y) = point_in_ellipse(rx, ry, rng);
            Rect::new(x - w / 2, y - h / 2, w, h)
        })
        .collect()
}

/// A side length in `cell_min_size..=cell_max_size`.
fn side(c: &TinyKeepConfig, rng: &mut DungeonRng) -> i32 {
    let (lo, hi) = (c.cell_min_size, c.cell_max_size);
    match c.size_distribution {
        SizeDistribution::Uniform => rng.range(lo, hi),
        SizeDistribution::Normal => {
            // Irwin–Hall: the sum of twelve uniforms on [0, 1) has mean 6 and
            // variance 1. With 2^24 steps per draw the sum is an exact
            // integer, so no float rounding can differ between platforms.
            let sum: i64 = (0..12).map(|_| i64::from(rng.next_u32() >> 8)).sum();
            let unit = 1i64 << 24;
            // z = sum / unit - 6, scaled by sd = (hi - lo) / 4 about the
            // middle (lo + hi) / 2; everything times 8 * unit to stay integral.
            let z = sum - 6 * unit; // z * unit
            let span = i64::from(hi - lo);
            let twice_mid = i64::from(lo + hi);
            // value = mid + z * span / 4, rounded to nearest.
            let num = twice_mid * 4 * unit + 2 * z * span; // 8 * unit * value
            let den = 8 * unit;
            let v = (num + den / 2).div_euclid(den);
            v.clamp(i64::from(lo), i64::from(hi)) as i32
        }
    }
}

/// A uniform point of the ellipse with half-axes `rx`, `ry`.
fn point_in_ellipse(rx: i32, ry: i32, rng: &mut DungeonRng) -> (i32, i32) {
    let (ax, ay) = (i64::from(rx), i64::from(ry));
    for _ in 0..POINT_TRIES {
        let x = rng.range(-rx, rx);
        let y = rng.range(-ry, ry);
        let (x2, y2) = (i64::from(x) * i64::from(x), i64::from(y) * i64::from(y));
        if x2 * ay * ay + y2 * ax * ax <= ax * ax * ay * ay {
            return (x, y);
        }
    }
    (0, 0)
}

/// Whether two cells come closer than [`GAP`] empty tiles.
pub(super) fn too_close(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.w + GAP && b.x < a.x + a.w + GAP && a.y < b.y + b.h + GAP && b.y < a.y + a.h + GAP
}

/// Pushes cells apart until no two are closer than [`GAP`], for at most
/// `steps` passes. Returns the passes used and whether they sufficed.
///
/// Each pass sorts the cells by left edge and sweeps them: every pair found
/// too close is pushed apart at once, each cell by what would clear it. A pass that finds no pair ends the loop; since nothing
/// moved during it, its sweep saw every pair.
///
/// `progress` is checked after each pass, at the larger of the share of
/// `steps` passed and the share of the work budget spent.
pub(super) fn separate(
    cells: &mut [Rect],
    method: Separation,
    steps: i32,
    progress: Span<'_>,
) -> Result<(i32, bool), GenError> {
    let n = cells.len();
    let mut work: u64 = 0;
    let mut order: Vec<usize> = (0..n).collect();
    // The cells in sweep order, moved in place during a pass and written
    // back after it (a copy keeps the sweep's reads sequential).
    let mut sorted: Vec<Rect> = Vec::with_capacity(n);
    for pass in 0..steps {
        order.sort_unstable_by_key(|&i| (cells[i].x, i));
        sorted.clear();
        sorted.extend(order.iter().map(|&i| cells[i]));
        let mut any = false;
        for k in 0..n {
            let mut l = k + 1;
            while l < n {
                let (a, b) = (sorted[k], sorted[l]);
                // Sorted by x: once b starts past a's reach, so do the rest
                // (up to moves made during this pass, which the next pass
                // catches).
                if b.x >= a.x + a.w + GAP {
                    break;
                }
                l += 1;
                if !too_close(&a, &b) {
                    continue;
                }
                any = true;
                let a_first = order[k] < order[l - 1];
                let (dx, dy) = match method {
                    Separation::Square => square_push(&a, &b, a_first),
                    Separation::Circle => circle_push(&a, &b, a_first),
                };
                // Both move by all of d, away from each other: rounding a
                // half down would leave one still when d is 1, and a cell
                // wedged between two others would then bounce between them
                // forever; moving both the whole way also halves the passes
                // a crowd needs to spread out (measured: 530 → 210 passes
                // for 1000 cells).
                let fence = |v: i32| v.clamp(-FENCE, FENCE);
                sorted[k].x = fence(a.x - dx);
                sorted[k].y = fence(a.y - dy);
                sorted[l - 1].x = fence(b.x + dx);
                sorted[l - 1].y = fence(b.y + dy);
            }
            work += (l - k) as u64;
        }
        for (&i, r) in order.iter().zip(&sorted) {
            cells[i] = *r;
        }
        if !any {
            return Ok((pass, true));
        }
        if work > SEPARATION_WORK {
            return Ok((pass + 1, false));
        }
        let passes = f64::from(pass + 1) / f64::from(steps);
        progress.at(passes.max(work as f64 / SEPARATION_WORK as f64))?;
    }
    Ok((steps, false))
}

/// Most pair checks one separation makes, over all passes: past it the
/// budget counts as spent whatever `separation_steps` says (5000 cells
/// piled on one point would otherwise take minutes).
pub(super) const SEPARATION_WORK: u64 = 40_000_000;

/// Cells never move past ±2²⁴ tiles (no arithmetic on them can overflow).
const FENCE: i32 = 1 << 24;

/// Largest move of one cell along one axis in one pass.
const MAX_PUSH: i32 = 64;

/// How far `a` and `b` (which are too close) must move apart along each
/// axis; the sign says which way `b` goes. Ties go by cell number.
fn overlaps(a: &Rect, b: &Rect) -> (i32, i32) {
    let ox = (a.x + a.w + GAP).min(b.x + b.w + GAP) - a.x.max(b.x);
    let oy = (a.y + a.h + GAP).min(b.y + b.h + GAP) - a.y.max(b.y);
    (ox.max(1), oy.max(1))
}

/// Twice the centre, to compare centres without halves.
fn centre2(r: &Rect) -> (i32, i32) {
    (2 * r.x + r.w, 2 * r.y + r.h)
}

/// Sign of `b`'s side of `a` along one axis: by centre, then by number.
fn side_sign(a: i32, b: i32, a_first: bool) -> i32 {
    match b.cmp(&a) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal if a_first => 1,
        std::cmp::Ordering::Equal => -1,
    }
}

/// TinyKeepIsh's SQUARE: along the axis of the smaller overlap, by that
/// overlap.
fn square_push(a: &Rect, b: &Rect, a_first: bool) -> (i32, i32) {
    let (ox, oy) = overlaps(a, b);
    let (ca, cb) = (centre2(a), centre2(b));
    if ox <= oy {
        (side_sign(ca.0, cb.0, a_first) * ox, 0)
    } else {
        (0, side_sign(ca.1, cb.1, a_first) * oy)
    }
}

/// TinyKeepIsh's SPHERE: along the line between the centres, as far as the
/// box overlap along that line's main axis requires, split over both axes
/// in proportion to the line.
fn circle_push(a: &Rect, b: &Rect, a_first: bool) -> (i32, i32) {
    let (ca, cb) = (centre2(a), centre2(b));
    let (mut dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
    if dx == 0 && dy == 0 {
        // Same centre: along x, by number.
        dx = if a_first { 1 } else { -1 };
    }
    let (ox, oy) = (i64::from(overlaps(a, b).0), i64::from(overlaps(a, b).1));
    let (ax, ay) = (i64::from(dx.abs()), i64::from(dy.abs()));
    // The smallest s with s·|dx| ≥ ox or s·|dy| ≥ oy; the move is s·(dx, dy)
    // with each part rounded away from zero.
    let (mx, my) = if ox * ay <= oy * ax {
        (ox, ceil_div(ox * ay, ax))
    } else {
        (ceil_div(oy * ax, ay), oy)
    };
    (
        (mx.min(i64::from(MAX_PUSH)) as i32) * dx.signum(),
        (my.min(i64::from(MAX_PUSH)) as i32) * dy.signum(),
    )
}

fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// Drops the later cell of every pair still too close, in cell order, so
/// the cells left never come closer than [`GAP`]. Returns the kept indices.
pub(super) fn drop_overlapping(cells: &[Rect]) -> Vec<usize> {
    let mut kept: Vec<usize> = Vec::with_capacity(cells.len());
    // Quadratic in the worst case, but only runs after the budget ran out.
    for i in 0..cells.len() {
        if kept.iter().all(|&k| !too_close(&cells[k], &cells[i])) {
            kept.push(i);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::Watch;

    #[test]
    fn normal_sides_stay_in_range_and_centre() {
        let c = TinyKeepConfig::default();
        let mut rng = DungeonRng::new(5);
        let sides: Vec<i32> = (0..20_000).map(|_| side(&c, &mut rng)).collect();
        assert!(sides.iter().all(|s| (2..=10).contains(s)));
        let mean = sides.iter().map(|&s| f64::from(s)).sum::<f64>() / 20_000.0;
        assert!((mean - 6.0).abs() < 0.05, "{mean}");
        // Tails: sd 2, so a side of 10 (two sd and more) is rare, 6 common.
        let count = |v| sides.iter().filter(|&&s| s == v).count();
        assert!(
            count(6) > 2 * count(9) && count(9) > count(10),
            "{}",
            count(10)
        );
    }

    #[test]
    fn separation_clears_every_pair() {
        for method in [Separation::Square, Separation::Circle] {
            let c = TinyKeepConfig::default();
            let mut rng = DungeonRng::new(1);
            let mut cells = scatter(&c, &mut rng);
            let (_, clear) =
                separate(&mut cells, method, 1000, Watch::new().span(0.0, 1.0)).unwrap();
            assert!(clear, "{method:?}");
            for i in 0..cells.len() {
                for j in i + 1..cells.len() {
                    assert!(!too_close(&cells[i], &cells[j]));
                }
            }
        }
    }

    #[test]
    fn out_of_budget_cells_are_dropped_to_a_clear_set() {
        let c = TinyKeepConfig::default();
        let mut cells = scatter(&c, &mut DungeonRng::new(2));
        let (_, clear) = separate(
            &mut cells,
            Separation::Square,
            1,
            Watch::new().span(0.0, 1.0),
        )
        .unwrap();
        assert!(!clear);
        let kept = drop_overlapping(&cells);
        assert!(kept.len() < cells.len() && kept.len() > 1 && kept[0] == 0);
        for (n, &i) in kept.iter().enumerate() {
            for &j in &kept[n + 1..] {
                assert!(!too_close(&cells[i], &cells[j]));
            }
        }
    }
}
