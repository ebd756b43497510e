//! Rectangles to polygons: sides split at every change of neighbour, a
//! midpoint on one side of each thin wall, vertices shared.

use super::NavData;
use super::lattice::{Lattice, OPEN_E, OPEN_S, WALK};
use super::partition::{Rect, labels};
use crate::error::GenError;
use crate::watch::Span;

/// No vertex yet at a lattice point.
const NONE: u32 = u32::MAX;
/// Rectangles between two cancel checks.
const RECTS_PER_CHECK: usize = 4096;

/// What lies across one cell's side: nothing walkable, or a rectangle
/// reached through an open side, or one behind a thin wall.
type Across = u64;
/// Nothing walkable across the side.
const BORDER: Across = u64::MAX;

/// The rectangle `label` across an open (`wall = false`) or closed side.
const fn across(label: u32, wall: bool) -> Across {
    ((label as u64) << 1) | wall as u64
}

/// Whether `a` is a rectangle behind a thin wall.
const fn is_wall(a: Across) -> bool {
    a != BORDER && a & 1 == 1
}

/// Emits the midpoint vertex of wall stretch `[a, b]` (line indices).
type Midpoint<'m, 'a> = &'m dyn Fn(&mut Out<'a>, usize, usize);

/// The polygon builder: output plus the lattice-point → vertex map.
struct Out<'a> {
    lat: &'a Lattice,
    nav: NavData,
    point_vertex: Vec<u32>,
}

impl<'a> Out<'a> {
    /// Appends the vertex at lattice point `(i, j)` to the open polygon.
    fn point(&mut self, i: usize, j: usize) {
        let k = j * (self.lat.w + 1) + i;
        let id = match self.point_vertex.get(k) {
            Some(&v) if v != NONE => v,
            _ => {
                let x = self.lat.xs.get(i).copied().unwrap_or(0.0);
                let y = self.lat.ys.get(j).copied().unwrap_or(0.0);
                let v = self.nav.vertices.len() as u32;
                self.nav.vertices.push([x as f32, y as f32]);
                if let Some(slot) = self.point_vertex.get_mut(k) {
                    *slot = v;
                }
                v
            }
        };
        self.nav.indices.push(id);
    }

    /// Appends a new vertex at world position `(x, y)` (a thin-wall
    /// midpoint: only one polygon ever uses it).
    fn free(&mut self, x: f64, y: f64) {
        self.nav.indices.push(self.nav.vertices.len() as u32);
        self.nav.vertices.push([x as f32, y as f32]);
    }

    /// One side of a polygon. `cells` gives, in walking order, what lies
    /// across each cell of the side and the line the cell starts at; `end`
    /// is the line the side ends at. A vertex goes at the start and at
    /// every change; with `mid`, a wall stretch `[a, b]` also gets the
    /// vertex `mid(a, b)` (its midpoint) between the two.
    fn side(
        &mut self,
        cells: impl Iterator<Item = (Across, usize)>,
        end: usize,
        vertex: impl Fn(&mut Self, usize),
        mid: Option<Midpoint<'_, 'a>>,
    ) -> Side {
        let first = self.nav.indices.len();
        let mut border = true;
        let mut prev: Option<(Across, usize)> = None;
        for (a, line) in cells {
            border &= a == BORDER;
            match prev {
                Some((p, _)) if p == a => continue,
                Some((p, start)) => {
                    if let Some(m) = mid.filter(|_| is_wall(p)) {
                        m(self, start, line);
                    }
                }
                None => {}
            }
            vertex(self, line);
            prev = Some((a, line));
        }
        if let Some((p, start)) = prev
            && let Some(m) = mid.filter(|_| is_wall(p))
        {
            m(self, start, end);
        }
        Side {
            vertices: self.nav.indices.len() - first,
            border,
        }
    }

    /// Puts the polygon that starts at `indices[first]` (its four sides
    /// `sides`, left, bottom, right, top) in an order whose fan from the
    /// first vertex has no triangle of zero area: a navigation server that
    /// splits polygons that way (Godot does, to find the polygon under a
    /// point) misplaces points in a flat triangle. The first vertex is a
    /// corner between two sides with no vertex inside them, or the only
    /// vertex inside a side, or a new vertex in the middle of a side that
    /// borders nothing walkable (no neighbour can miss it); `false` when
    /// none of these exists.
    fn fan_from_a_good_vertex(&mut self, first: usize, sides: [Side; 4], rect: [f64; 4]) -> bool {
        let mut starts = [first; 4];
        for k in 1..4 {
            starts[k] = starts[k - 1] + sides[k - 1].vertices;
        }
        let inner = |k: usize| sides[k].vertices.saturating_sub(1);
        let pick = (0..4)
            .find(|&k| inner(k) == 0 && inner((k + 3) % 4) == 0)
            .map(|k| starts[k])
            .or_else(|| (0..4).find(|&k| inner(k) == 1).map(|k| starts[k] + 1));
        let pick = match pick {
            Some(p) => p,
            None => {
                let Some(k) = (0..4).find(|&k| inner(k) == 0 && sides[k].border) else {
                    return false;
                };
                // The side's middle: left and right run along x = x0 / x1,
                // bottom and top along y = y1 / y0.
                let [x0, y0, x1, y1] = rect;
                let (x, y) = match k {
                    0 => (x0, (y0 + y1) / 2.0),
                    1 => ((x0 + x1) / 2.0, y1),
                    2 => (x1, (y0 + y1) / 2.0),
                    _ => ((x0 + x1) / 2.0, y0),
                };
                let v = self.nav.vertices.len() as u32;
                self.nav.vertices.push([x as f32, y as f32]);
                self.nav.indices.insert(starts[k] + 1, v);
                starts[k] + 1
            }
        };
        if let Some(poly) = self.nav.indices.get_mut(first..) {
            poly.rotate_left(pick - first);
        }
        true
    }
}

/// How one side of a polygon came out: the vertices it added (its first
/// corner and those inside it) and whether nothing walkable lies across it.
#[derive(Clone, Copy)]
struct Side {
    vertices: usize,
    border: bool,
}

/// The polygons of `rects` (a partition of `lat`'s walkable cells), in
/// rectangle order. A rectangle that no vertex order fans without a flat
/// triangle (see `Out::fan_from_a_good_vertex`; none of the generators'
/// maps has one) is cut in two across its longer side and everything
/// emitted again: the halves' neighbours then split their sides to match,
/// and a single lattice cell always has a good first vertex.
pub(crate) fn polygons(lat: &Lattice, rects: &[Rect], span: Span<'_>) -> Result<NavData, GenError> {
    let mut rects = rects.to_vec();
    loop {
        let (nav, flat) = emit(lat, &rects, span)?;
        let mut cut = Vec::with_capacity(rects.len() + flat.len());
        let mut any = false;
        for (i, &r) in rects.iter().enumerate() {
            match halves(r).filter(|_| flat.binary_search(&i).is_ok()) {
                Some((a, b)) => {
                    cut.extend([a, b]);
                    any = true;
                }
                None => cut.push(r),
            }
        }
        if !any {
            return Ok(nav);
        }
        rects = cut;
    }
}

/// `r` cut in two across its longer side (rows first on a tie); `None`
/// for a single cell.
fn halves(r: Rect) -> Option<(Rect, Rect)> {
    let (w, h) = (r.x1 - r.x0, r.y1 - r.y0);
    if w >= h && w >= 2 {
        let m = r.x0 + w / 2;
        Some((Rect { x1: m, ..r }, Rect { x0: m, ..r }))
    } else if h >= 2 {
        let m = r.y0 + h / 2;
        Some((Rect { y1: m, ..r }, Rect { y0: m, ..r }))
    } else {
        None
    }
}

/// One emission of `rects`: the polygons, and the rectangles (indices,
/// ascending) left without a good first vertex.
fn emit(lat: &Lattice, rects: &[Rect], span: Span<'_>) -> Result<(NavData, Vec<usize>), GenError> {
    let label = labels(lat, rects);
    span.at(0.2)?;
    let w = lat.w;
    // What lies across the side of cell (x, y) toward cell (nx, ny), with
    // `open` the flag that says the side between them is open.
    let look = |nx: Option<usize>, ny: Option<usize>, open: bool| -> Across {
        match (nx, ny) {
            (Some(nx), Some(ny)) if lat.has(nx, ny, WALK) => {
                across(label.get(ny * w + nx).copied().unwrap_or(0), !open)
            }
            _ => BORDER,
        }
    };
    let mut out = Out {
        lat,
        nav: NavData {
            vertices: Vec::new(),
            indices: Vec::with_capacity(rects.len() * 5),
            offsets: Vec::with_capacity(rects.len() + 1),
        },
        point_vertex: vec![NONE; (lat.w + 1) * (lat.h + 1)],
    };
    let mut flat = Vec::new();
    out.nav.offsets.push(0);
    let xs = &lat.xs;
    let ys = &lat.ys;
    let at = |v: &[f64], i: usize| v.get(i).copied().unwrap_or(0.0);
    for (n, r) in rects.iter().enumerate() {
        if n % RECTS_PER_CHECK == 0 {
            span.at(0.2 + 0.8 * n as f64 / rects.len().max(1) as f64)?;
        }
        let (x0, y0, x1, y1) = (r.x0 as usize, r.y0 as usize, r.x1 as usize, r.y1 as usize);
        let first = out.nav.indices.len();
        // Left side, downwards; midpoints on its walls.
        let left_mid =
            |o: &mut Out, a: usize, b: usize| o.free(at(xs, x0), (at(ys, a) + at(ys, b)) / 2.0);
        let left = out.side(
            (y0..y1).map(|y| {
                let open = x0 > 0 && lat.has(x0 - 1, y, OPEN_E);
                (look(x0.checked_sub(1), Some(y), open), y)
            }),
            y1,
            |o, line| o.point(x0, line),
            Some(&left_mid),
        );
        // Bottom side, rightwards.
        let bottom = out.side(
            (x0..x1).map(|x| {
                let open = lat.has(x, y1 - 1, OPEN_S);
                (look(Some(x), (y1 < lat.h).then_some(y1), open), x)
            }),
            x1,
            |o, line| o.point(line, y1),
            None,
        );
        // Right side, upwards.
        let right = out.side(
            (y0..y1).rev().map(|y| {
                let open = lat.has(x1 - 1, y, OPEN_E);
                (look((x1 < w).then_some(x1), Some(y), open), y + 1)
            }),
            y0,
            |o, line| o.point(x1, line),
            None,
        );
        // Top side, leftwards; midpoints on its walls.
        let top_mid =
            |o: &mut Out, a: usize, b: usize| o.free((at(xs, a) + at(xs, b)) / 2.0, at(ys, y0));
        let top = out.side(
            (x0..x1).rev().map(|x| {
                let open = y0 > 0 && lat.has(x, y0 - 1, OPEN_S);
                (look(Some(x), y0.checked_sub(1), open), x + 1)
            }),
            x0,
            |o, line| o.point(line, y0),
            Some(&top_mid),
        );
        let rect = [at(xs, x0), at(ys, y0), at(xs, x1), at(ys, y1)];
        if !out.fan_from_a_good_vertex(first, [left, bottom, right, top], rect) {
            flat.push(n);
        }
        out.nav.offsets.push(out.nav.indices.len() as u32);
    }
    Ok((out.nav, flat))
}
