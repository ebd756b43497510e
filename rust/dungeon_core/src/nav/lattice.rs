//! The lattice: a raster of walkable cells with "open side" bits, the one
//! geometry the partition and the emitter work on.

use crate::error::{ConfigError, GenError};
use crate::grid::{DOOR_E, DOOR_S, DOOR_W, DungeonGrid};
use crate::watch::Span;

/// Flag: the lattice cell is walkable.
pub(crate) const WALK: u8 = 1;
/// Flag: movement crosses the cell's east side (both cells walkable).
pub(crate) const OPEN_E: u8 = 2;
/// Flag: movement crosses the cell's south side (both cells walkable).
pub(crate) const OPEN_S: u8 = 4;

/// Rows between two cancel checks.
pub(crate) const ROWS_PER_CHECK: usize = 64;

/// A rectilinear raster: `w × h` cells between the column lines `xs` and
/// the row lines `ys` (world units), each cell with [`WALK`], [`OPEN_E`]
/// and [`OPEN_S`] flags. A closed side between two walkable cells is a
/// thin wall.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Lattice {
    /// Cells per row.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// `w + 1` column lines.
    pub xs: Vec<f64>,
    /// `h + 1` row lines.
    pub ys: Vec<f64>,
    /// Row-major flags.
    pub flags: Vec<u8>,
}

impl Lattice {
    /// One lattice cell per grid cell, each `cell` world units, with the
    /// sides `masks` opens between walkable cells.
    pub(crate) fn tile_map(
        grid: &DungeonGrid,
        masks: &[u8],
        cell: (f64, f64),
        span: Span<'_>,
    ) -> Result<Self, GenError> {
        let (w, h) = (grid.width().max(0) as usize, grid.height().max(0) as usize);
        check_size(w, h)?;
        let cells = grid.cells();
        let walk = |i: usize| cells.get(i).is_some_and(|c| c.is_walkable());
        let mask = |i: usize| masks.get(i).copied().unwrap_or(0);
        let mut flags = vec![0u8; w * h];
        for y in 0..h {
            if y % ROWS_PER_CHECK == 0 {
                span.step(y, h)?;
            }
            for x in 0..w {
                let i = y * w + x;
                if !walk(i) {
                    continue;
                }
                let mut f = WALK;
                // Both sides must open: a one-sided mask is no passage.
                if x + 1 < w && walk(i + 1) && mask(i) & DOOR_E != 0 && mask(i + 1) & DOOR_W != 0 {
                    f |= OPEN_E;
                }
                if y + 1 < h
                    && walk(i + w)
                    && mask(i) & DOOR_S != 0
                    && mask(i + w) & crate::grid::DOOR_N != 0
                {
                    f |= OPEN_S;
                }
                flags[i] = f;
            }
        }
        Ok(Self {
            w,
            h,
            xs: (0..=w).map(|i| i as f64 * cell.0).collect(),
            ys: (0..=h).map(|j| j as f64 * cell.1).collect(),
            flags,
        })
    }

    /// The lattice for agents of radius `r > 0` (world units, below half a
    /// cell) on this one-cell-per-tile lattice: each tile split at `r`
    /// from its sides into 3 × 3 cells. The centre is walkable with the
    /// tile; a side strip when that side is open; a corner square when its
    /// lattice point is interior (four walkable tiles, four open sides
    /// through it). Those are exactly the places where the agent's square
    /// of half-side `r` touches no blocked tile and no thin wall, so a thin
    /// wall becomes a gap of `2r` and needs no midpoint.
    pub(crate) fn with_margin(&self, r: f64, span: Span<'_>) -> Result<Self, GenError> {
        let (w, h) = (self.w * 3, self.h * 3);
        check_size(w, h)?;
        let split = |lines: &[f64]| -> Vec<f64> {
            let mut out = Vec::with_capacity(lines.len() * 3);
            for pair in lines.windows(2) {
                out.extend([pair[0], pair[0] + r, pair[1] - r]);
            }
            out.extend(lines.last());
            out
        };
        // Whether lattice point (i, j) of this lattice is interior.
        let interior = |i: usize, j: usize| {
            i > 0
                && j > 0
                && self.has(i - 1, j - 1, OPEN_E | OPEN_S)
                && self.has(i - 1, j, OPEN_E)
                && self.has(i, j - 1, OPEN_S)
        };
        let mut flags = vec![0u8; w * h];
        for y in 0..h {
            if y % ROWS_PER_CHECK == 0 {
                span.step(y, h)?;
            }
            let (ty, b) = (y / 3, y % 3);
            for x in 0..w {
                let (tx, a) = (x / 3, x % 3);
                let f = self.at(tx, ty);
                let open = |dx: isize, dy: isize| match (dx, dy) {
                    (1, _) => f & OPEN_E != 0,
                    (-1, _) => tx > 0 && self.has(tx - 1, ty, OPEN_E),
                    (_, 1) => f & OPEN_S != 0,
                    _ => ty > 0 && self.has(tx, ty - 1, OPEN_S),
                };
                let walk = f & WALK != 0
                    && match (a, b) {
                        (1, 1) => true,
                        (1, _) => open(0, b as isize - 1),
                        (_, 1) => open(a as isize - 1, 0),
                        _ => interior(tx + a / 2, ty + b / 2),
                    };
                if walk && let Some(slot) = flags.get_mut(y * w + x) {
                    *slot = WALK;
                }
            }
        }
        // No thin walls remain: neighbouring walkable cells are open.
        open_between_walkable(&mut flags, w);
        Ok(Self {
            w,
            h,
            xs: split(&self.xs),
            ys: split(&self.ys),
            flags,
        })
    }

    /// The smallest distance between two vertices on one line that the
    /// emitter can make: half the narrowest lattice cell.
    pub(crate) fn min_spacing(&self) -> f64 {
        let gaps = |lines: &[f64]| {
            lines
                .windows(2)
                .map(|p| p[1] - p[0])
                .fold(f64::INFINITY, f64::min)
        };
        // Half the narrowest cell: a thin wall's midpoint, and the midpoint
        // that gives a polygon a first vertex without flat fan triangles,
        // lie half way along a side.
        gaps(&self.xs).min(gaps(&self.ys)) / 2.0
    }

    /// The flags of cell `(x, y)`; 0 outside.
    #[inline]
    pub(crate) fn at(&self, x: usize, y: usize) -> u8 {
        if x < self.w {
            self.flags.get(y * self.w + x).copied().unwrap_or(0)
        } else {
            0
        }
    }

    /// Whether cell `(x, y)` has every bit of `flag`.
    #[inline]
    pub(crate) fn has(&self, x: usize, y: usize, flag: u8) -> bool {
        self.at(x, y) & flag == flag
    }

    /// The same lattice with rows and columns swapped (east sides become
    /// south sides).
    pub(crate) fn transposed(&self) -> Self {
        let mut flags = vec![0u8; self.flags.len()];
        for y in 0..self.h {
            for x in 0..self.w {
                let f = self.at(x, y);
                let g = (f & WALK)
                    | if f & OPEN_E != 0 { OPEN_S } else { 0 }
                    | if f & OPEN_S != 0 { OPEN_E } else { 0 };
                if let Some(t) = flags.get_mut(x * self.h + y) {
                    *t = g;
                }
            }
        }
        Self {
            w: self.h,
            h: self.w,
            xs: self.ys.clone(),
            ys: self.xs.clone(),
            flags,
        }
    }
}

/// Errs when a `w × h` lattice has too many points to number with `u32`.
pub(crate) fn check_size(w: usize, h: usize) -> Result<(), GenError> {
    let points = (w + 1).checked_mul(h + 1);
    if points.is_none_or(|n| n >= u32::MAX as usize) {
        return Err(GenError::Config(ConfigError::new(
            "grid",
            format!("{w}×{h} lattice cells"),
            "fewer than 2^32 lattice points",
        )));
    }
    Ok(())
}

/// Sets [`OPEN_E`] and [`OPEN_S`] between every two neighbouring walkable
/// cells of the row-major `flags` (rows of `w`): for a lattice split
/// inside cells, where walls are blocked cells, never closed sides.
pub(crate) fn open_between_walkable(flags: &mut [u8], w: usize) {
    let n = flags.len();
    for i in 0..n {
        if flags[i] & WALK == 0 {
            continue;
        }
        if (i + 1) % w != 0 && flags.get(i + 1).is_some_and(|f| f & WALK != 0) {
            flags[i] |= OPEN_E;
        }
        if flags.get(i + w).is_some_and(|f| f & WALK != 0) {
            flags[i] |= OPEN_S;
        }
    }
}
