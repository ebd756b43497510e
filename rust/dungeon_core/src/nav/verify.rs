//! Checks of a build against its grid, shared by the tests and the
//! benchmarks: coverage cell for cell, connectivity equal to the grid's
//! when polygons are joined the way Godot joins them, no T-junction, and
//! fans a server can split without losing precision ([`super::fan`]).
//!
//! Godot joins two polygons of one region only through an edge whose two
//! endpoints have equal *keys*, `floor(position / merge_cell)` per axis
//! (in `f32`); an edge key held by more than two polygons is an error
//! there, and a vertex in the middle of another polygon's edge joins
//! nothing. [`check`] applies exactly that rule.

use std::collections::HashMap;

use super::lattice::{Lattice, OPEN_E, OPEN_S, WALK};
use super::{NavData, NavOptions, fan};
use crate::grid::{DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid};
use crate::watch::Watch;

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

/// Checks `nav`, built from `grid` with `opts`, as a server with merge
/// cell `merge_cell` (world units) would join it. Coverage is checked on
/// the build's lattice (the grid itself at agent radius 0, which is first
/// checked against the door masks directly); connectivity against the
/// grid's own, from its door masks.
///
/// # Errors
/// The first problem found, in words: a polygon that is not an
/// axis-aligned rectangle of whole lattice cells, a cell covered twice or a
/// blocked one covered, two vertices with one key, an edge key held by
/// more than two polygons, a join across a closed side, a T-junction off a
/// thin wall, two cells joined in one and not in the other, or a polygon
/// whose fan from its first vertex has a flat triangle or is too slender
/// ([`fan::MAX_SLENDERNESS`]; allowed only when the polygon's longer side
/// spans one lattice cell).
pub fn check(
    grid: &DungeonGrid,
    opts: &NavOptions,
    nav: &NavData,
    merge_cell: f64,
) -> Result<Report, String> {
    let lat = opts
        .lattice(grid, Watch::new().span(0.0, 1.0))
        .map_err(|e| e.to_string())?;
    let (gw, gh) = (grid.width().max(0) as usize, grid.height().max(0) as usize);
    let masks = opts.masks(grid);
    let tile_walk = |x: usize, y: usize| {
        x < gw
            && grid
                .cells()
                .get(y * gw + x)
                .is_some_and(|c| c.is_walkable())
    };
    let mask = |x: usize, y: usize| {
        if x < gw {
            masks.get(y * gw + x).copied().unwrap_or(0)
        } else {
            0
        }
    };
    // The grid's own open sides, from the masks.
    let tile_e = |x: usize, y: usize| {
        tile_walk(x, y)
            && tile_walk(x + 1, y)
            && mask(x, y) & DOOR_E != 0
            && mask(x + 1, y) & DOOR_W != 0
    };
    let tile_s = |x: usize, y: usize| {
        tile_walk(x, y)
            && tile_walk(x, y + 1)
            && mask(x, y) & DOOR_S != 0
            && mask(x, y + 1) & DOOR_N != 0
    };
    // A lattice of the grid's size must be the grid.
    if (lat.w, lat.h) == (gw, gh) {
        for y in 0..gh {
            for x in 0..gw {
                let bit = |on: bool, flag: u8| if on { flag } else { 0 };
                let want = bit(tile_walk(x, y), WALK)
                    | bit(tile_e(x, y), OPEN_E)
                    | bit(tile_s(x, y), OPEN_S);
                if lat.at(x, y) != want {
                    return Err(format!("lattice cell ({x}, {y}) differs from the grid"));
                }
            }
        }
    }
    let (w, h) = (lat.w, lat.h);
    let walk = |x: usize, y: usize| lat.has(x, y, WALK);
    let open_e = |x: usize, y: usize| lat.has(x, y, OPEN_E);
    let open_s = |x: usize, y: usize| lat.has(x, y, OPEN_S);
    let vertex = |i: u32| -> Result<[f32; 2], String> {
        nav.vertices
            .get(i as usize)
            .copied()
            .ok_or_else(|| format!("vertex index {i} out of range"))
    };

    // A server that splits each polygon into the triangles fanned from
    // its first vertex (Godot does, to find the polygon under a point)
    // needs none of them flat.
    for (p, poly) in nav.polygons().enumerate() {
        let pts = poly
            .iter()
            .map(|&i| vertex(i))
            .collect::<Result<Vec<_>, _>>()?;
        for j in 2..pts.len() {
            let (a, b, c) = (pts[0], pts[j - 1], pts[j]);
            let cross = (f64::from(b[0]) - f64::from(a[0])) * (f64::from(c[1]) - f64::from(a[1]))
                - (f64::from(b[1]) - f64::from(a[1])) * (f64::from(c[0]) - f64::from(a[0]));
            if cross == 0.0 {
                return Err(format!(
                    "polygon {p}: the fan from its first vertex {a:?} has a flat triangle through {b:?} and {c:?}"
                ));
            }
        }
    }

    // Coverage: each polygon is a rectangle of whole lattice cells.
    let mut owner = vec![NONE; w * h];
    let mut rects = Vec::with_capacity(nav.polygon_count());
    for (p, poly) in nav.polygons().enumerate() {
        let pts = poly
            .iter()
            .map(|&i| vertex(i))
            .collect::<Result<Vec<_>, _>>()?;
        let (lo, hi) = bbox(&pts);
        let on_box = pts
            .iter()
            .all(|v| v[0] == lo[0] || v[0] == hi[0] || v[1] == lo[1] || v[1] == hi[1]);
        let axis = pts
            .iter()
            .zip(pts.iter().cycle().skip(1))
            .all(|(a, b)| a[0] == b[0] || a[1] == b[1]);
        let corners = (
            line(&lat.xs, lo[0]),
            line(&lat.ys, lo[1]),
            line(&lat.xs, hi[0]),
            line(&lat.ys, hi[1]),
        );
        let (Some(x0), Some(y0), Some(x1), Some(y1)) = corners else {
            return Err(format!("polygon {p} has a corner off the lattice: {pts:?}"));
        };
        if pts.len() < 4 || !on_box || !axis || x1 <= x0 || y1 <= y0 {
            return Err(format!("polygon {p} is not a rectangle: {pts:?}"));
        }
        // Its fan within the slenderness bound, unless its longer side
        // spans one lattice cell (nothing to cut there).
        let (wide, tall) = (hi[0] - lo[0], hi[1] - lo[1]);
        let long_cells = if wide >= tall { x1 - x0 } else { y1 - y0 };
        let wide_pts: Vec<[f64; 2]> = pts
            .iter()
            .map(|v| [f64::from(v[0]), f64::from(v[1])])
            .collect();
        let unit = opts.cell_size.0.min(opts.cell_size.1);
        let s = fan::slenderness_sq(&wide_pts, 0, unit, f64::INFINITY);
        if long_cells > 1 && !fan::slender_ok(s) {
            return Err(format!(
                "polygon {p}: the fan from its first vertex {:?} is too slender ({:.0} > {}) over {long_cells} lattice cells",
                pts[0],
                s.sqrt(),
                fan::MAX_SLENDERNESS
            ));
        }
        for y in y0..y1 {
            for x in x0..x1 {
                if !walk(x, y) {
                    return Err(format!(
                        "polygon {p} covers blocked lattice cell ({x}, {y})"
                    ));
                }
                if owner[y * w + x] != NONE {
                    return Err(format!("lattice cell ({x}, {y}) covered twice"));
                }
                owner[y * w + x] = p as u32;
            }
        }
        rects.push([x0, y0, x1, y1]);
    }
    if let Some(i) = (0..w * h).find(|&i| walk(i % w, i / w) && owner[i] == NONE) {
        return Err(format!(
            "walkable lattice cell ({}, {}) not covered",
            i % w,
            i / w
        ));
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
                let along = segment(vertex(*a)?, vertex(*b)?, &lat);
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
    let wall_midpoints = t_junctions(nav, &rects, &lat, &open_e, &open_s, &walk)?;

    // Components: grid (by masks) against mesh (by joins), each walkable
    // cell taken at the lattice cell holding its centre.
    let mut comp = vec![NONE; gw * gh];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for s in 0..gw * gh {
        if !tile_walk(s % gw, s / gw) || comp[s] != NONE {
            continue;
        }
        comp[s] = count;
        stack.push(s);
        while let Some(i) = stack.pop() {
            let (x, y) = (i % gw, i / gw);
            let next = [
                tile_e(x, y).then(|| i + 1),
                tile_s(x, y).then(|| i + gw),
                (x > 0 && tile_e(x - 1, y)).then(|| i - 1),
                (y > 0 && tile_s(x, y - 1)).then(|| i - gw),
            ];
            for j in next.into_iter().flatten() {
                if comp[j] == NONE {
                    comp[j] = count;
                    stack.push(j);
                }
            }
        }
        count += 1;
    }
    let mut grid_to_mesh = vec![NONE; count as usize];
    let mut mesh_to_grid = vec![NONE; nav.polygon_count()];
    for (i, &g) in comp.iter().enumerate() {
        if g == NONE {
            continue;
        }
        let (x, y) = (i % gw, i / gw);
        let (cx, cy) = opts.cell_size;
        let centre = |lines: &[f64], i: usize, size: f64| {
            let c = (i as f64 + 0.5) * size;
            lines.partition_point(|&l| l <= c).saturating_sub(1)
        };
        let cell = centre(&lat.ys, y, cy) * w + centre(&lat.xs, x, cx);
        let Some(&poly) = owner.get(cell).filter(|&&o| o != NONE) else {
            return Err(format!("the centre of cell ({x}, {y}) is not covered"));
        };
        let m = find(&mut parent, poly);
        let (gm, mg) = (&mut grid_to_mesh[g as usize], &mut mesh_to_grid[m as usize]);
        if (*gm != NONE && *gm != m) || (*mg != NONE && *mg != g) {
            return Err(format!(
                "cell ({x}, {y}): grid and mesh connectivity differ"
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
fn bbox(pts: &[[f32; 2]]) -> ([f32; 2], [f32; 2]) {
    let mut lo = [f32::INFINITY; 2];
    let mut hi = [f32::NEG_INFINITY; 2];
    for v in pts {
        for k in 0..2 {
            lo[k] = lo[k].min(v[k]);
            hi[k] = hi[k].max(v[k]);
        }
    }
    (lo, hi)
}

/// The index of the lattice line at `v` (as the build casts it), if any.
fn line(lines: &[f64], v: f32) -> Option<usize> {
    let k = lines.partition_point(|&l| (l as f32) < v);
    lines.get(k).filter(|&&l| l as f32 == v).map(|_| k)
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

/// The stretch of cell sides from `a` to `b` along a lattice line (a
/// thin-wall midpoint widens to the cell it lies in), or `None` for an
/// edge off the lattice lines.
fn segment(a: [f32; 2], b: [f32; 2], lat: &Lattice) -> Option<Segment> {
    let vertical = a[0] == b[0];
    if !vertical && a[1] != b[1] {
        return None;
    }
    let (k, fixed, run) = if vertical {
        (0, &lat.xs, &lat.ys)
    } else {
        (1, &lat.ys, &lat.xs)
    };
    let (lo, hi) = (a[1 - k].min(b[1 - k]), a[1 - k].max(b[1 - k]));
    Some(Segment {
        vertical,
        line: line(fixed, a[k])?,
        from: run.partition_point(|&l| l as f32 <= lo).checked_sub(1)?,
        to: run.partition_point(|&l| (l as f32) < hi),
    })
}

/// Counts vertices lying strictly inside another polygon's edge; errs on
/// one that is not on a thin wall.
fn t_junctions(
    nav: &NavData,
    rects: &[[usize; 4]],
    lat: &Lattice,
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
                let wall = segment(pa, pb, lat).is_some_and(|s| s.all_wall(open_e, open_s, walk));
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
