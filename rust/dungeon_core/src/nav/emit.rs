//! Rectangles to polygons: sides split at every change of neighbour, a
//! midpoint on one side of each thin wall, vertices shared.

use super::NavData;
use super::fan::{self, Side};
use super::lattice::{Lattice, OPEN_E, OPEN_S, WALK};
use super::partition::{NONE as NO_RECT, Rect, labels};
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
    /// One polygon's points, to weigh its fans.
    scratch: Vec<[f64; 2]>,
    /// The length fans are weighed against ([`fan::slenderness_sq`]).
    unit: f64,
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
    /// `sides`, left, bottom, right, top; its box `rect`, `[x0, y0, x1,
    /// y1]`) in an order whose fan from the first vertex has no flat
    /// triangle and is within the slenderness bound ([`fan::best`]), and
    /// says how to cut its rectangle `r` when there is none: where
    /// [`fan::plan`] says, across its longer
    /// side; when that side spans one lattice cell, not at all, or in
    /// halves the other way if every order has a flat triangle.
    /// `free(vertical, line)` says whether a cut at that line adds no
    /// vertex to a neighbour.
    fn fan_or_cut(
        &mut self,
        first: usize,
        sides: [Side; 4],
        (r, rect): (Rect, [f64; 4]),
        free: &dyn Fn(bool, usize) -> bool,
    ) -> Option<Cut> {
        let pts = &mut self.scratch;
        pts.clear();
        pts.extend(
            self.nav
                .indices
                .get(first..)
                .unwrap_or(&[])
                .iter()
                .map(|&i| {
                    let v = self
                        .nav
                        .vertices
                        .get(i as usize)
                        .copied()
                        .unwrap_or([0.0; 2]);
                    [f64::from(v[0]), f64::from(v[1])]
                }),
        );
        let best = fan::best(pts, sides, rect, self.unit);
        if best.is_none_or(|b| !fan::slender_ok(b.slender)) {
            let [x0, y0, x1, y1] = rect;
            let vertical = x1 - x0 >= y1 - y0;
            let (lines, lo, hi) = if vertical {
                (&self.lat.xs, r.x0, r.x1)
            } else {
                (&self.lat.ys, r.y0, r.y1)
            };
            let range = (lo as usize, hi as usize);
            let free = |line: usize| free(vertical, line);
            let at = fan::plan(pts, sides, rect, lines, range, vertical, (self.unit, &free));
            if !at.is_empty() {
                return Some(Cut::At {
                    vertical,
                    lines: at,
                });
            }
        }
        let Some(best) = best else {
            return Some(Cut::Halves);
        };
        if let Some([x, y]) = best.new {
            let v = self.nav.vertices.len() as u32;
            self.nav.vertices.push([x as f32, y as f32]);
            self.nav.indices.insert(first + best.at, v);
        }
        if let Some(poly) = self.nav.indices.get_mut(first..) {
            poly.rotate_left(best.at);
        }
        None
    }
}

/// How to cut a rectangle whose fan fails.
#[derive(Clone, Debug)]
pub(super) enum Cut {
    /// In two across its longer side in lattice cells (every first vertex
    /// gives a flat triangle, and its longer side in world units spans one
    /// lattice cell).
    Halves,
    /// At lattice column lines (`vertical`) or row lines `lines`,
    /// ascending.
    At { vertical: bool, lines: Vec<u32> },
}

/// Rounds of cutting before every rectangle is cut into single cells.
pub(super) const MAX_ROUNDS: usize = 64;

/// The polygons of `rects` (a partition of `lat`'s walkable cells), in
/// rectangle order. A rectangle that no vertex order fans well (see
/// `Out::fan_or_cut`) is cut into pieces and everything emitted again,
/// its neighbours then splitting their sides to match (which can spoil
/// their fans in turn: on cave maps the cuts settle in about eight
/// rounds). A single lattice cell always has a good first vertex and is
/// never too slender to keep; after [`MAX_ROUNDS`] rounds every rectangle
/// is cut into its cells.
///
/// After a round of cuts only the pieces and the rectangles beside a cut
/// one can change: those are checked alone (no vertex shared, which moves
/// no vertex), and a full emission confirms. Each rectangle keeps an id
/// in the lattice's label array across rounds (a cut one's first piece
/// keeps its id, the others take new ones), so a round relabels only the
/// cells it cut: emission compares labels only for equality, so the
/// output is the one a fresh labelling gives.
pub(crate) fn polygons(
    lat: &Lattice,
    rects: &[Rect],
    unit: f64,
    span: Span<'_>,
) -> Result<NavData, GenError> {
    let mut rects = rects.to_vec();
    let mut label = labels(lat, &rects);
    // Each rectangle's id (its label), and the next id to give.
    let mut ids: Vec<u32> = (0..rects.len() as u32).collect();
    let mut fresh = rects.len() as u32;
    // Each id's rectangle position, rebuilt every round.
    let mut pos: Vec<u32> = Vec::new();
    let mut only: Option<Vec<bool>> = None;
    for _ in 0..MAX_ROUNDS {
        let check = only.as_deref();
        let Emitted { nav, cuts } =
            emit(lat, &rects, &label, (unit, check, check.is_none()), span)?;
        if cuts.is_empty() {
            if only.is_none() {
                return Ok(nav);
            }
            only = None;
            continue;
        }
        let mut next = Vec::with_capacity(rects.len() + 2 * cuts.len());
        let mut next_ids = Vec::with_capacity(next.capacity());
        let mut dirty = Vec::with_capacity(next.capacity());
        let mut pending = cuts.iter().peekable();
        for (i, (&r, &id)) in rects.iter().zip(&ids).enumerate() {
            let first = next.len();
            match pending.next_if(|c| c.0 == i) {
                Some((_, c)) => split(r, c, &mut next),
                None => next.push(r),
            }
            next_ids.push(id);
            for &piece in next.get(first + 1..).unwrap_or(&[]) {
                relabel(lat, &mut label, piece, fresh);
                next_ids.push(fresh);
                fresh = fresh.saturating_add(1);
            }
            dirty.resize(next.len(), false);
            if next.len() - first > 1 {
                dirty.iter_mut().skip(first).for_each(|d| *d = true);
            }
        }
        pos.clear();
        pos.resize(fresh as usize, NO_RECT);
        for (k, &id) in next_ids.iter().enumerate() {
            if let Some(p) = pos.get_mut(id as usize) {
                *p = k as u32;
            }
        }
        // The rectangles beside a cut one (labels now name its pieces,
        // which are dirty already).
        for (i, _) in &cuts {
            let Some(r) = rects.get(*i) else { continue };
            for l in beside(lat, &label, *r) {
                let k = pos.get(l as usize).copied().unwrap_or(NO_RECT);
                if let Some(d) = dirty.get_mut(k as usize) {
                    *d = true;
                }
            }
        }
        rects = next;
        ids = next_ids;
        only = Some(dirty);
    }
    let cells = cells(&rects);
    let label = labels(lat, &cells);
    Ok(emit(lat, &cells, &label, (unit, None, true), span)?.nav)
}

/// `rects` cut into their single cells, in order.
pub(super) fn cells(rects: &[Rect]) -> Vec<Rect> {
    rects
        .iter()
        .flat_map(|r| {
            (r.y0..r.y1).flat_map(move |y| {
                (r.x0..r.x1).map(move |x| Rect {
                    x0: x,
                    y0: y,
                    x1: x + 1,
                    y1: y + 1,
                })
            })
        })
        .collect()
}

/// Labels the cells of `r` with `id` in `label` (row-major over `lat`).
fn relabel(lat: &Lattice, label: &mut [u32], r: Rect, id: u32) {
    for y in r.y0 as usize..r.y1 as usize {
        let row = y * lat.w;
        if let Some(s) = label.get_mut(row + r.x0 as usize..row + r.x1 as usize) {
            s.fill(id);
        }
    }
}

/// Pushes `r` cut as `cut` says onto `out` (whole when the cut misses it).
pub(super) fn split(r: Rect, cut: &Cut, out: &mut Vec<Rect>) {
    match cut {
        Cut::Halves => {
            let (w, h) = (r.x1 - r.x0, r.y1 - r.y0);
            if w >= h && w >= 2 {
                let m = r.x0 + w / 2;
                out.extend([Rect { x1: m, ..r }, Rect { x0: m, ..r }]);
            } else if h >= 2 {
                let m = r.y0 + h / 2;
                out.extend([Rect { y1: m, ..r }, Rect { y0: m, ..r }]);
            } else {
                out.push(r);
            }
        }
        Cut::At { vertical, lines } => {
            let mut rest = r;
            for &m in lines {
                if *vertical && m > rest.x0 && m < rest.x1 {
                    out.push(Rect { x1: m, ..rest });
                    rest.x0 = m;
                } else if !*vertical && m > rest.y0 && m < rest.y1 {
                    out.push(Rect { y1: m, ..rest });
                    rest.y0 = m;
                }
            }
            out.push(rest);
        }
    }
}

/// What one emission gave.
pub(super) struct Emitted {
    /// The polygons.
    pub nav: NavData,
    /// The rectangles (indices, ascending) to cut, with how.
    pub cuts: Vec<(usize, Cut)>,
}

/// The labels of the rectangles across the sides of `r` (with repeats).
pub(super) fn beside<'l>(
    lat: &Lattice,
    label: &'l [u32],
    r: Rect,
) -> impl Iterator<Item = u32> + 'l {
    let (w, h) = (lat.w, lat.h);
    let (x0, y0, x1, y1) = (r.x0 as usize, r.y0 as usize, r.x1 as usize, r.y1 as usize);
    let rows = [y0.checked_sub(1), (y1 < h).then_some(y1)];
    let cols = [x0.checked_sub(1), (x1 < w).then_some(x1)];
    let above_below = rows
        .into_iter()
        .flatten()
        .flat_map(move |y| (x0..x1).map(move |x| (x, y)));
    let left_right = cols
        .into_iter()
        .flatten()
        .flat_map(move |x| (y0..y1).map(move |y| (x, y)));
    above_below
        .chain(left_right)
        .filter_map(move |(x, y)| label.get(y * w + x).copied())
        .filter(|&l| l != NO_RECT)
}

/// One emission of `rects` (only those `only` marks, when given: a check
/// whose polygons are incomplete), with the fans weighed against `unit`;
/// `label` holds each lattice cell's rectangle id (any ids, one per
/// rectangle: they are only compared). With `share`, polygons share the
/// vertices at lattice points; without, each polygon has its own (the
/// same positions, so the same fans and cuts).
pub(super) fn emit(
    lat: &Lattice,
    rects: &[Rect],
    label: &[u32],
    (unit, only, share): (f64, Option<&[bool]>, bool),
    span: Span<'_>,
) -> Result<Emitted, GenError> {
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
            indices: Vec::with_capacity(if share { rects.len() * 5 } else { 0 }),
            offsets: Vec::with_capacity(rects.len() + 1),
        },
        point_vertex: if share {
            vec![NONE; (lat.w + 1) * (lat.h + 1)]
        } else {
            Vec::new()
        },
        scratch: Vec::new(),
        unit,
    };
    let mut cuts = Vec::new();
    out.nav.offsets.push(0);
    let xs = &lat.xs;
    let ys = &lat.ys;
    let at = |v: &[f64], i: usize| v.get(i).copied().unwrap_or(0.0);
    for (n, r) in rects.iter().enumerate() {
        if n % RECTS_PER_CHECK == 0 {
            span.at(0.2 + 0.8 * n as f64 / rects.len().max(1) as f64)?;
        }
        if only.is_some_and(|o| !o.get(n).copied().unwrap_or(false)) {
            continue;
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
        // The box as the polygon's 32-bit vertices hold it.
        let rect = [at(xs, x0), at(ys, y0), at(xs, x1), at(ys, y1)].map(|v| f64::from(v as f32));
        // Whether a cut at a column (`vertical`) or row line adds no vertex
        // to a neighbour: at each end, what lies across changes there (a
        // vertex is there already) or nothing walkable does.
        let free = |vertical: bool, line: usize| {
            let ends = if vertical {
                let (a, b) = (line.saturating_sub(1), line);
                [
                    (y0.checked_sub(1), y0 > 0, true),
                    ((y1 < lat.h).then_some(y1), true, false),
                ]
                .map(|(ny, ok, top)| {
                    let side = |x: usize| {
                        let open = ok
                            && if top {
                                lat.has(x, y0 - 1, OPEN_S)
                            } else {
                                lat.has(x, y1 - 1, OPEN_S)
                            };
                        look(Some(x), ny, open)
                    };
                    (side(a), side(b))
                })
            } else {
                let (a, b) = (line.saturating_sub(1), line);
                [
                    (x0.checked_sub(1), x0 > 0, true),
                    ((x1 < w).then_some(x1), true, false),
                ]
                .map(|(nx, ok, left)| {
                    let side = |y: usize| {
                        let open = ok
                            && if left {
                                lat.has(x0 - 1, y, OPEN_E)
                            } else {
                                lat.has(x1 - 1, y, OPEN_E)
                            };
                        look(nx, Some(y), open)
                    };
                    (side(a), side(b))
                })
            };
            ends.iter().all(|&(p, q)| p != q || p == BORDER)
        };
        if let Some(c) = out.fan_or_cut(first, [left, bottom, right, top], (*r, rect), &free) {
            cuts.push((n, c));
        }
        out.nav.offsets.push(out.nav.indices.len() as u32);
    }
    Ok(Emitted { nav: out.nav, cuts })
}
