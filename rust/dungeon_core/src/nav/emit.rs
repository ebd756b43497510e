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
    ) {
        let mut prev: Option<(Across, usize)> = None;
        for (a, line) in cells {
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
    }
}

/// The polygons of `rects` (a partition of `lat`'s walkable cells), in
/// rectangle order.
pub(crate) fn polygons(lat: &Lattice, rects: &[Rect], span: Span<'_>) -> Result<NavData, GenError> {
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
    out.nav.offsets.push(0);
    let xs = &lat.xs;
    let ys = &lat.ys;
    let at = |v: &[f64], i: usize| v.get(i).copied().unwrap_or(0.0);
    for (n, r) in rects.iter().enumerate() {
        if n % RECTS_PER_CHECK == 0 {
            span.at(0.2 + 0.8 * n as f64 / rects.len().max(1) as f64)?;
        }
        let (x0, y0, x1, y1) = (r.x0 as usize, r.y0 as usize, r.x1 as usize, r.y1 as usize);
        // Left side, downwards; midpoints on its walls.
        let left =
            |o: &mut Out, a: usize, b: usize| o.free(at(xs, x0), (at(ys, a) + at(ys, b)) / 2.0);
        out.side(
            (y0..y1).map(|y| {
                let open = x0 > 0 && lat.has(x0 - 1, y, OPEN_E);
                (look(x0.checked_sub(1), Some(y), open), y)
            }),
            y1,
            |o, line| o.point(x0, line),
            Some(&left),
        );
        // Bottom side, rightwards.
        out.side(
            (x0..x1).map(|x| {
                let open = lat.has(x, y1 - 1, OPEN_S);
                (look(Some(x), (y1 < lat.h).then_some(y1), open), x)
            }),
            x1,
            |o, line| o.point(line, y1),
            None,
        );
        // Right side, upwards.
        out.side(
            (y0..y1).rev().map(|y| {
                let open = lat.has(x1 - 1, y, OPEN_E);
                (look((x1 < w).then_some(x1), Some(y), open), y + 1)
            }),
            y0,
            |o, line| o.point(x1, line),
            None,
        );
        // Top side, leftwards; midpoints on its walls.
        let top =
            |o: &mut Out, a: usize, b: usize| o.free((at(xs, a) + at(xs, b)) / 2.0, at(ys, y0));
        out.side(
            (x0..x1).rev().map(|x| {
                let open = y0 > 0 && lat.has(x, y0 - 1, OPEN_S);
                (look(Some(x), y0.checked_sub(1), open), x + 1)
            }),
            x0,
            |o, line| o.point(line, y0),
            Some(&top),
        );
        out.nav.offsets.push(out.nav.indices.len() as u32);
    }
    Ok(out.nav)
}
