//! The wall cells (blocked cells with a walkable one among their eight
//! neighbours, the ring outside the grid included) and their rectangles,
//! cut by the navigation's greedy partition ([`crate::nav::partition`]).

use super::{CellRect, CollisionOptions};
use crate::error::GenError;
use crate::grid::{DungeonGrid, Pos};
use crate::nav::lattice::{Lattice, ROWS_PER_CHECK, WALK, check_size, open_between_walkable};
use crate::nav::partition;
use crate::paint::NEIGHBOURS_8;
use crate::watch::Span;

/// Whether `p` (inside the grid or in the one-cell ring around it) is a
/// wall cell: blocked, with a walkable cell among its eight neighbours.
#[must_use]
pub fn wall_cell(grid: &DungeonGrid, p: Pos) -> bool {
    let in_ring = p.0 >= -1 && p.1 >= -1 && p.0 <= grid.width() && p.1 <= grid.height();
    in_ring
        && !grid.cell(p).is_walkable()
        && NEIGHBOURS_8
            .iter()
            .any(|d| grid.cell((p.0 + d.0, p.1 + d.1)).is_walkable())
}

/// How many shapes per-tile collision needs: one per wall cell, the ring
/// outside the grid included (what [`super::build`] gives with `merge`
/// off). A tile painter places no walls outside the grid; every generator
/// but the open-floor ones without a border keeps walkable cells off the
/// edge, so the ring is empty there.
#[must_use]
pub fn per_tile_count(grid: &DungeonGrid) -> usize {
    let (_, _, near, walk) = near_walkable(grid);
    near.iter().zip(&walk).filter(|(n, k)| **n && !**k).count()
}

/// The lattice size (the grid and its ring), and per lattice cell whether
/// a walkable cell is among its 3 × 3 block and whether it is walkable.
fn near_walkable(grid: &DungeonGrid) -> (usize, usize, Vec<bool>, Vec<bool>) {
    let (gw, gh) = (grid.width().max(0) as usize, grid.height().max(0) as usize);
    let (w, h) = (gw + 2, gh + 2);
    let mut walk = vec![false; w * h];
    for (y, row) in grid.cells().chunks(gw.max(1)).enumerate().take(gh) {
        let base = (y + 1) * w + 1;
        for (x, c) in row.iter().enumerate() {
            walk[base + x] = c.is_walkable();
        }
    }
    // Separable dilation: across each row, then down each column.
    let mut across = vec![false; w * h];
    for y in 0..h {
        let row = &walk[y * w..(y + 1) * w];
        for x in 0..w {
            let lo = x.saturating_sub(1);
            let hi = (x + 2).min(w);
            across[y * w + x] = row[lo..hi].iter().any(|&b| b);
        }
    }
    let mut near = vec![false; w * h];
    for y in 0..h {
        let lo = y.saturating_sub(1);
        let hi = (y + 2).min(h);
        for x in 0..w {
            near[y * w + x] = (lo..hi).any(|r| across[r * w + x]);
        }
    }
    (w, h, near, walk)
}

/// The wall rectangles of `grid`, in grid coordinates.
pub(super) fn rects(
    grid: &DungeonGrid,
    opts: &CollisionOptions,
    span: Span<'_>,
) -> Result<Vec<CellRect>, GenError> {
    let (gw, gh) = (grid.width().max(0) as usize, grid.height().max(0) as usize);
    check_size(gw + 2, gh + 2)?;
    span.at(0.0)?;
    let (w, h, near, walk) = near_walkable(grid);
    span.at(0.2)?;
    let wall = |i: usize| near[i] && !walk[i];
    let to_grid = |x0: usize, y0: usize, x1: usize, y1: usize| CellRect {
        x0: x0 as i32 - 1,
        y0: y0 as i32 - 1,
        x1: x1 as i32 - 1,
        y1: y1 as i32 - 1,
    };
    if !opts.merge {
        let mut out = Vec::new();
        for y in 0..h {
            if y % ROWS_PER_CHECK == 0 {
                span.span(0.2, 1.0).step(y, h)?;
            }
            for x in 0..w {
                if wall(y * w + x) {
                    out.push(to_grid(x, y, x + 1, y + 1));
                }
            }
        }
        return Ok(out);
    }
    let mut flags: Vec<u8> = (0..w * h)
        .map(|i| {
            let take = if opts.fill_solid { !walk[i] } else { wall(i) };
            if take { WALK } else { 0 }
        })
        .collect();
    open_between_walkable(&mut flags, w);
    let lat = Lattice {
        w,
        h,
        xs: (0..=w).map(|i| i as f64).collect(),
        ys: (0..=h).map(|j| j as f64).collect(),
        flags,
    };
    span.at(0.3)?;
    let found = partition::best(&lat, span.span(0.3, 0.95))?;
    let mut out = Vec::with_capacity(found.len());
    for r in found {
        let (x0, y0, x1, y1) = (r.x0 as usize, r.y0 as usize, r.x1 as usize, r.y1 as usize);
        // Filled rock alone needs no shape: keep a rectangle only if it
        // covers a wall cell (always, without `fill_solid`).
        let useful = !opts.fill_solid || (y0..y1).any(|y| (x0..x1).any(|x| wall(y * w + x)));
        if useful {
            out.push(to_grid(x0, y0, x1, y1));
        }
    }
    span.at(1.0)?;
    Ok(out)
}
