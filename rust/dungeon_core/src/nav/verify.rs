//! Checks of a build against its grid, shared by the tests and the
//! benchmarks: coverage cell for cell, connectivity equal to the grid's
//! when polygons are joined the way Godot joins them, and no T-junction.
//!
//! Godot joins two polygons of one region only through an edge whose two
//! endpoints have equal *keys*, `floor(position / merge_cell)` per axis
//! (in `f32`); an edge key held by more than two polygons is an error
//! there, and a vertex in the middle of another polygon's edge joins
//! nothing. [`check`] applies exactly that rule.

use std::collections::HashMap;

use super::{NavData, NavOptions};
use crate::grid::{DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid};

/// What [`check`] measured on a build that passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Polygons.
    pub polygons: usize,
    /// Vertices.
    pub vertices: usize,
    /// Pairs of polygons joined through an edge.
    pub joins: usize,
    /// Connected parts of the walkable area (the same in grid and mesh).
    pub components: usize,
    /// Vertices in the middle of another polygon's edge along a thin wall.
    pub wall_midpoints: usize,
}

/// No polygon or part.
const NONE: u32 = u32::MAX;

/// A point's merge key.
type Key = (i64, i64);
/// An edge's merge key: its two point keys, the smaller first.
type EdgeKey = (Key, Key);
/// One polygon's edge: `(polygon, from vertex, to vertex)`.
type Edge = (u32, u32, u32);

/// Checks `nav`, built from `grid` with `opts` (agent radius 0), as a
/// server with merge cell `merge_cell` (world units) would join it.
///
/// # Errors
/// The first problem found, in words: a polygon that is not an
/// axis-aligned rectangle of whole cells, a cell covered twice or a blocked
/// one covered, two vertices with one key, an edge key held by more than
/// two polygons, a join across a closed side, a T-junction off a thin wall,
/// or two cells joined in one and not in the other.
pub fn check(
    grid: &DungeonGrid,
    opts: &NavOptions,
    nav: &NavData,
    merge_cell: f64,
) -> Result<Report, String> {
    let (w, h) = (grid.width().max(0) as usize, grid.height().max(0) as usize);
    let (cx, cy) = opts.cell_size;
    let masks = opts.masks(grid);
    let walk =
        |x: usize, y: usize| x < w && grid.cells().get(y * w + x).is_some_and(|c| c.is_walkable());
    let mask = |x: usize, y: usize| {
        if x < w {
            masks.get(y * w + x).copied().unwrap_or(0)
        } else {
            0
        }
    };
    // Whether the side between cell (x, y) and its east (south) neighbour
    // is open, as the grid says.
    let open_e = |x: usize, y: usize| {
        walk(x, y) && walk(x + 1, y) && mask(x, y) & DOOR_E != 0 && mask(x + 1, y) & DOOR_W != 0
    };
    let open_s = |x: usize, y: usize| {
        walk(x, y) && walk(x, y + 1) && mask(x, y) & DOOR_S != 0 && mask(x, y + 1) & DOOR_N != 0
    };
    let vertex = |i: u32| -> Result<[f32; 2], String> {
        nav.vertices
            .get(i as usize)
            .copied()
            .ok_or_else(|| format!("vertex index {i} out of range"))
    };

    // Coverage: each polygon is a rectangle of whole cells.
    let mut owner = vec![NONE; w * h];
    let mut rects = Vec::with_capacity(nav.polygon_count());
    for (p, poly) in nav.polygons().enumerate() {
        let pts = poly
            .iter()
            .map(|&i| vertex(i))
            .collect::<Result<Vec<_>, _>>()?;
        let (lo, hi) = bbox(&pts);
        let cell = |v: f64, size: f64| (v / size).round();
        let (x0, y0, x1, y1) = (
            cell(lo[0], cx),
            cell(lo[1], cy),
            cell(hi[0], cx),
            cell(hi[1], cy),
        );
        let on_line = |v: f64, i: f64, size: f64| (v - i * size).abs() <= 1e-4 * size.max(1.0);
        let exact = on_line(lo[0], x0, cx)
            && on_line(hi[0], x1, cx)
            && on_line(lo[1], y0, cy)
            && on_line(hi[1], y1, cy);
        let on_box = pts.iter().all(|v| {
            let (x, y) = (f64::from(v[0]), f64::from(v[1]));
            x == lo[0] || x == hi[0] || y == lo[1] || y == hi[1]
        });
        let axis = pts
            .iter()
            .zip(pts.iter().cycle().skip(1))
            .all(|(a, b)| a[0] == b[0] || a[1] == b[1]);
        if pts.len() < 4
            || !exact
            || !on_box
            || !axis
            || x0 < 0.0
            || y0 < 0.0
            || x1 <= x0
            || y1 <= y0
            || x1 > w as f64
            || y1 > h as f64
        {
            return Err(format!(
                "polygon {p} is not a rectangle of whole cells: {pts:?}"
            ));
        }
        let r = [x0 as usize, y0 as usize, x1 as usize, y1 as usize];
        for y in r[1]..r[3] {
            for x in r[0]..r[2] {
                if !walk(x, y) {
                    return Err(format!("polygon {p} covers blocked cell ({x}, {y})"));
                }
                if owner[y * w + x] != NONE {
                    return Err(format!("cell ({x}, {y}) covered twice"));
                }
                owner[y * w + x] = p as u32;
            }
        }
        rects.push(r);
    }
    if let Some(i) = (0..w * h).find(|&i| walk(i % w, i / w) && owner[i] == NONE) {
        return Err(format!("walkable cell ({}, {}) not covered", i % w, i / w));
    }

    // Keys: distinct vertices must not share one.
    let mc = merge_cell as f32;
    let key = |v: [f32; 2]| -> Key { ((v[0] / mc).floor() as i64, (v[1] / mc).floor() as i64) };
    let mut seen: HashMap<Key, u32> = HashMap::new();
    for (i, &v) in nav.vertices.iter().enumerate() {
        if let Some(j) = seen.insert(key(v), i as u32) {
            return Err(format!("vertices {j} and {i} share the merge key of {v:?}"));
        }
    }

    // Joins through equal edge keys; each join must lie along open sides.
    let mut edges: HashMap<EdgeKey, Vec<Edge>> = HashMap::new();
    for (p, poly) in nav.polygons().enumerate() {
        for (&a, &b) in poly.iter().zip(poly.iter().cycle().skip(1)) {
            let (ka, kb) = (key(vertex(a)?), key(vertex(b)?));
            edges
                .entry((ka.min(kb), ka.max(kb)))
                .or_default()
                .push((p as u32, a, b));
        }
    }
    let mut parent: Vec<u32> = (0..nav.polygon_count() as u32).collect();
    let mut joins = 0;
    for (k, held) in &edges {
        match held.as_slice() {
            [_] => {}
            [(p, a, b), (q, _, _)] if p != q => {
                let along = segment(vertex(*a)?, vertex(*b)?, cx, cy);
                if !along.is_some_and(|s| s.all_open(&open_e, &open_s)) {
                    return Err(format!(
                        "polygons {p} and {q} join across a closed side at keys {k:?}"
                    ));
                }
                union(&mut parent, *p, *q);
                joins += 1;
            }
            _ => {
                return Err(format!(
                    "edge key {k:?} held by {held:?} (polygon, from, to)"
                ));
            }
        }
    }

    // T-junctions: a vertex strictly inside another edge, allowed only on
    // a thin wall (where it keeps the two sides apart).
    let wall_midpoints = t_junctions(nav, &rects, cx, cy, &open_e, &open_s, &walk)?;

    // Components: grid (by masks) against mesh (by joins).
    let mut comp = vec![NONE; w * h];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for s in 0..w * h {
        if !walk(s % w, s / w) || comp[s] != NONE {
            continue;
        }
        comp[s] = count;
        stack.push(s);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % w, i / w);
            let mut step = |j: usize| {
                if comp[j] == NONE {
                    comp[j] = count;
                    stack.push(j);
                }
            };
            if open_e(x, y) {
                step(i + 1);
            }
            if open_s(x, y) {
                step(i + w);
            }
            if x > 0 && open_e(x - 1, y) {
                step(i - 1);
            }
            if y > 0 && open_s(x, y - 1) {
                step(i - w);
            }
        }
        count += 1;
    }
    let mut grid_to_mesh = vec![NONE; count as usize];
    let mut mesh_to_grid = vec![NONE; nav.polygon_count()];
    for i in 0..w * h {
        if comp[i] == NONE {
            continue;
        }
        let m = find(&mut parent, owner[i]);
        let g = comp[i];
        let (gm, mg) = (&mut grid_to_mesh[g as usize], &mut mesh_to_grid[m as usize]);
        if (*gm != NONE && *gm != m) || (*mg != NONE && *mg != g) {
            return Err(format!(
                "cell ({}, {}): grid and mesh connectivity differ",
                i % w,
                i / w
            ));
        }
        *gm = m;
        *mg = g;
    }
    Ok(Report {
        polygons: nav.polygon_count(),
        vertices: nav.vertices.len(),
        joins,
        components: count as usize,
        wall_midpoints,
    })
}

/// The bounding box of `pts`, `(min, max)`.
fn bbox(pts: &[[f32; 2]]) -> ([f64; 2], [f64; 2]) {
    let mut lo = [f64::INFINITY; 2];
    let mut hi = [f64::NEG_INFINITY; 2];
    for v in pts {
        for k in 0..2 {
            lo[k] = lo[k].min(f64::from(v[k]));
            hi[k] = hi[k].max(f64::from(v[k]));
        }
    }
    (lo, hi)
}

/// An axis-aligned stretch of cell sides: on column line `line`
/// (`vertical`) or row line `line`, over cells `from..to` along it.
struct Segment {
    vertical: bool,
    line: usize,
    from: usize,
    to: usize,
}

impl Segment {
    /// The cells on each side of its `k`-th cell side: `(x, y)` before the
    /// line and the one after it.
    fn cells(&self, c: usize) -> Option<((usize, usize), (usize, usize))> {
        let before = self.line.checked_sub(1)?;
        Some(if self.vertical {
            ((before, c), (self.line, c))
        } else {
            ((c, before), (c, self.line))
        })
    }

    /// Whether every cell side along it is open.
    fn all_open(
        &self,
        open_e: &impl Fn(usize, usize) -> bool,
        open_s: &impl Fn(usize, usize) -> bool,
    ) -> bool {
        self.from < self.to
            && (self.from..self.to).all(|c| {
                self.cells(c).is_some_and(|((x, y), _)| {
                    if self.vertical {
                        open_e(x, y)
                    } else {
                        open_s(x, y)
                    }
                })
            })
    }

    /// Whether every cell side along it is a thin wall: closed between
    /// two walkable cells.
    fn all_wall(
        &self,
        open_e: &impl Fn(usize, usize) -> bool,
        open_s: &impl Fn(usize, usize) -> bool,
        walk: &impl Fn(usize, usize) -> bool,
    ) -> bool {
        self.from < self.to
            && (self.from..self.to).all(|c| {
                self.cells(c).is_some_and(|((x, y), (nx, ny))| {
                    let open = if self.vertical {
                        open_e(x, y)
                    } else {
                        open_s(x, y)
                    };
                    walk(x, y) && walk(nx, ny) && !open
                })
            })
    }
}

/// The stretch of cell sides from `a` to `b` (whole cells along an axis
/// line; a thin-wall midpoint rounds outward to its cell), or `None` for a
/// slanted edge.
fn segment(a: [f32; 2], b: [f32; 2], cx: f64, cy: f64) -> Option<Segment> {
    let vertical = a[0] == b[0];
    if !vertical && a[1] != b[1] {
        return None;
    }
    let (k, size_fix, size_run) = if vertical { (0, cx, cy) } else { (1, cy, cx) };
    let (lo, hi) = (
        f64::from(a[1 - k].min(b[1 - k])),
        f64::from(a[1 - k].max(b[1 - k])),
    );
    Some(Segment {
        vertical,
        line: (f64::from(a[k]) / size_fix).round() as usize,
        from: (lo / size_run + 1e-6).floor() as usize,
        to: (hi / size_run - 1e-6).ceil() as usize,
    })
}

/// Counts vertices lying strictly inside another polygon's edge; errs on
/// one that is not on a thin wall.
fn t_junctions(
    nav: &NavData,
    rects: &[[usize; 4]],
    cx: f64,
    cy: f64,
    open_e: &impl Fn(usize, usize) -> bool,
    open_s: &impl Fn(usize, usize) -> bool,
    walk: &impl Fn(usize, usize) -> bool,
) -> Result<usize, String> {
    let v = &nav.vertices;
    let by = |a: usize, b: usize| {
        let mut ids: Vec<u32> = (0..v.len() as u32).collect();
        ids.sort_by(|&i, &j| {
            let (p, q) = (v[i as usize], v[j as usize]);
            p[a].total_cmp(&q[a]).then(p[b].total_cmp(&q[b]))
        });
        ids
    };
    // Vertices sorted by (x, y) and by (y, x).
    let sorted = [by(0, 1), by(1, 0)];
    let mut found = 0;
    for (p, poly) in nav.polygons().enumerate() {
        let r = rects[p];
        for (&a, &b) in poly.iter().zip(poly.iter().cycle().skip(1)) {
            let (pa, pb) = (v[a as usize], v[b as usize]);
            // Axis 0: vertical edge (fixed x), vary y.
            let axis = if pa[0] == pb[0] { 0 } else { 1 };
            let (fix, lo, hi) = (
                pa[axis],
                pa[1 - axis].min(pb[1 - axis]),
                pa[1 - axis].max(pb[1 - axis]),
            );
            let list = &sorted[axis];
            let start = list.partition_point(|&i| {
                let q = v[i as usize];
                q[axis] < fix || (q[axis] == fix && q[1 - axis] <= lo)
            });
            for &i in &list[start..] {
                let q = v[i as usize];
                if q[axis] != fix || q[1 - axis] >= hi {
                    break;
                }
                let wall =
                    segment(pa, pb, cx, cy).is_some_and(|s| s.all_wall(open_e, open_s, walk));
                if !wall {
                    return Err(format!(
                        "vertex {i} at {q:?} lies inside an edge of polygon {p} {r:?}"
                    ));
                }
                found += 1;
            }
        }
    }
    Ok(found)
}

/// The root of `i`, halving paths.
fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let g = parent[parent[i as usize] as usize];
        parent[i as usize] = g;
        i = g;
    }
    i
}

/// Joins the sets of `a` and `b` (the smaller root under the larger).
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
}
