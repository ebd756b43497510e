//! Greedy rectangle partition of a lattice: row runs grown downwards, in
//! both orientations, the smaller kept.
//!
//! The design this follows also merges rectangles that share a full side
//! over open sides, to a fixpoint. That step finds nothing here: runs are
//! maximal (so no two rectangles of equal rows meet over open sides), and
//! a run that repeats the rectangle above it over open sides always
//! extends it (so no two of equal columns do). The test
//! `no_two_rectangles_could_merge` checks this on every sweep map.

use super::lattice::{Lattice, OPEN_E, OPEN_S, ROWS_PER_CHECK, WALK};
use crate::error::GenError;
use crate::watch::Span;

/// No rectangle.
pub(crate) const NONE: u32 = u32::MAX;

/// A rectangle of lattice cells, `[x0, x1) × [y0, y1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rect {
    /// First column.
    pub x0: u32,
    /// First row.
    pub y0: u32,
    /// One past the last column.
    pub x1: u32,
    /// One past the last row.
    pub y1: u32,
}

impl Rect {
    /// The same rectangle with rows and columns swapped.
    const fn transposed(self) -> Self {
        Self {
            x0: self.y0,
            y0: self.x0,
            x1: self.y1,
            y1: self.x1,
        }
    }
}

/// The rectangles of the better orientation, in creation order: rows
/// first, or columns first when that gives fewer.
pub(crate) fn best(lat: &Lattice, span: Span<'_>) -> Result<Vec<Rect>, GenError> {
    let rows = rows_first(lat, span.span(0.0, 0.4))?;
    let t = lat.transposed();
    span.at(0.55)?;
    let cols = rows_first(&t, span.span(0.55, 0.95))?;
    Ok(if cols.len() < rows.len() {
        cols.into_iter().map(Rect::transposed).collect()
    } else {
        rows
    })
}

/// Rectangles from maximal row runs, each grown downwards while the next
/// row repeats its run exactly over open sides.
pub(crate) fn rows_first(lat: &Lattice, span: Span<'_>) -> Result<Vec<Rect>, GenError> {
    let (w, h) = (lat.w, lat.h);
    // The rectangle whose run started at each column in the row above.
    let mut active = vec![NONE; w];
    let mut rects: Vec<Rect> = Vec::new();
    for y in 0..h {
        if y % ROWS_PER_CHECK == 0 {
            span.step(y, h)?;
        }
        let row = lat.flags.get(y * w..(y + 1) * w).unwrap_or(&[]);
        let above = y
            .checked_sub(1)
            .and_then(|u| lat.flags.get(u * w..y * w))
            .unwrap_or(&[]);
        let mut x = 0;
        while x < row.len() {
            if row[x] & WALK == 0 {
                x += 1;
                continue;
            }
            let x0 = x;
            while x + 1 < row.len() && row[x] & OPEN_E != 0 {
                x += 1;
            }
            x += 1;
            let grown = active.get(x0).and_then(|&a| {
                let r = rects.get_mut(a as usize)?;
                let fits = r.x1 as usize == x && r.y1 as usize == y;
                let open = above
                    .get(x0..x)
                    .is_some_and(|s| s.iter().all(|f| f & OPEN_S != 0));
                (fits && open).then(|| r.y1 += 1)
            });
            if grown.is_none() {
                if let Some(a) = active.get_mut(x0) {
                    *a = rects.len() as u32;
                }
                rects.push(Rect {
                    x0: x0 as u32,
                    y0: y as u32,
                    x1: x as u32,
                    y1: y as u32 + 1,
                });
            }
        }
    }
    Ok(rects)
}

/// Each lattice cell's rectangle id, `u32::MAX` where none.
pub(crate) fn labels(lat: &Lattice, rects: &[Rect]) -> Vec<u32> {
    let mut label = vec![NONE; lat.w * lat.h];
    for (id, r) in rects.iter().enumerate() {
        for y in r.y0 as usize..r.y1 as usize {
            let row = y * lat.w;
            if let Some(s) = label.get_mut(row + r.x0 as usize..row + r.x1 as usize) {
                s.fill(id as u32);
            }
        }
    }
    label
}
