//! The lattice of a room grid: each room cell split into 5 × 5 for wall
//! thickness, door width and agent radius, zero-width pieces dropped.

use super::NavOptions;
use super::lattice::{Lattice, OPEN_E, OPEN_S, WALK, check_size, open_between_walkable};
use crate::error::GenError;
use crate::grid::DungeonGrid;
use crate::watch::Span;

/// The lattice of room grid `grid` (one cell per room cell, `tiles` its
/// one-cell-per-room lattice) under `opts`.
///
/// Each room cell of side `s` is split at `0, a, (s − d)/2, (s + d)/2,
/// s − a, s` on each axis, with `a` half the wall thickness plus the
/// agent radius and `d` the door width less twice the radius (the whole
/// span between the walls when the door width is below 0). The middle
/// 3 × 3 is walkable; a side strip is walkable where that side is open,
/// only its door piece when the side joins two different rooms; a corner
/// square when its lattice point joins four cells of one room (or any
/// four, with whole-side doors) over open sides. Pieces of zero width are
/// then dropped: a walkable one becomes an open side between its
/// neighbours, a blocked one a thin wall.
pub(crate) fn lattice(
    grid: &DungeonGrid,
    tiles: &Lattice,
    opts: &NavOptions,
    span: Span<'_>,
) -> Result<Lattice, GenError> {
    span.check()?;
    let (w, h) = (tiles.w * 5, tiles.h * 5);
    check_size(w, h)?;
    let r = opts.agent_radius;
    let a = opts.room_wall_thickness / 2.0 + r;
    let whole = opts.room_door_width < 0.0;
    let split = |lines: &[f64]| -> Vec<f64> {
        let mut out = Vec::with_capacity(lines.len() * 5);
        for pair in lines.windows(2) {
            let (lo, hi) = (pair[0] + a, pair[1] - a);
            // Whole-side doors reuse the wall lines, so their zero-width
            // pieces are exactly zero and get dropped.
            let (d0, d1) = if whole {
                (lo, hi)
            } else {
                let (size, d) = (pair[1] - pair[0], opts.room_door_width - 2.0 * r);
                (pair[0] + (size - d) / 2.0, pair[0] + (size + d) / 2.0)
            };
            out.extend([pair[0], lo, d0, d1, hi]);
        }
        out.extend(lines.last());
        out
    };
    let room = |x: usize, y: usize| grid.room_at((x as i32, y as i32));
    // Whether the side from cell (x, y) toward (x + dx, y + dy) is open
    // over its whole length (no wall: one room, or whole-side doors).
    let open = |x: usize, y: usize, dx: isize, dy: isize| -> (bool, bool) {
        let (nx, ny) = (x.checked_add_signed(dx), y.checked_add_signed(dy));
        let (Some(nx), Some(ny)) = (nx, ny) else {
            return (false, false);
        };
        let side = match (dx, dy) {
            (1, _) => tiles.has(x, y, OPEN_E),
            (-1, _) => tiles.has(nx, ny, OPEN_E),
            (_, 1) => tiles.has(x, y, OPEN_S),
            _ => tiles.has(nx, ny, OPEN_S),
        };
        let one_room = room(x, y).is_some() && room(x, y) == room(nx, ny);
        (side, side && (whole || one_room))
    };
    // Whether lattice point (i, j) of `tiles` joins four cells over sides
    // open their whole length.
    let interior = |i: usize, j: usize| {
        i > 0
            && j > 0
            && open(i - 1, j - 1, 1, 0).1
            && open(i - 1, j - 1, 0, 1).1
            && open(i - 1, j, 1, 0).1
            && open(i, j - 1, 0, 1).1
    };
    let mut flags = vec![0u8; w * h];
    for y in 0..h {
        let (ty, b) = (y / 5, y % 5);
        for x in 0..w {
            let (tx, a) = (x / 5, x % 5);
            if !tiles.has(tx, ty, WALK) {
                continue;
            }
            // The direction of the side a strip piece lies along.
            let toward = |k: usize| if k == 0 { -1 } else { 1 };
            let walk = match (a, b) {
                (1..=3, 1..=3) => true,
                (1..=3, _) => {
                    let (side, full) = open(tx, ty, 0, toward(b));
                    if a == 2 { side } else { full }
                }
                (_, 1..=3) => {
                    let (side, full) = open(tx, ty, toward(a), 0);
                    if b == 2 { side } else { full }
                }
                _ => interior(tx + a / 4, ty + b / 4),
            };
            if walk && let Some(f) = flags.get_mut(y * w + x) {
                *f = WALK;
            }
        }
    }
    // Inside the split, neighbouring walkable pieces are open.
    open_between_walkable(&mut flags, w);
    let full = Lattice {
        w,
        h,
        xs: split(&tiles.xs),
        ys: split(&tiles.ys),
        flags,
    };
    Ok(drop_empty_columns(&drop_empty_columns(&full).transposed()).transposed())
}

/// `lat` without its zero-width columns: the sides either side of a run of
/// them are open where every dropped cell in the row was crossable.
fn drop_empty_columns(lat: &Lattice) -> Lattice {
    let keep: Vec<usize> = (0..lat.w)
        .filter(|&k| lat.xs.get(k + 1) > lat.xs.get(k))
        .collect();
    let mut xs: Vec<f64> = keep
        .iter()
        .filter_map(|&k| lat.xs.get(k).copied())
        .collect();
    xs.extend(lat.xs.last());
    let nw = keep.len();
    let mut flags = vec![0u8; nw * lat.h];
    for y in 0..lat.h {
        for (n, &k) in keep.iter().enumerate() {
            let f = lat.at(k, y);
            let mut g = f & (WALK | OPEN_S);
            // Open east when every step to the next kept column is.
            if let Some(&next) = keep.get(n + 1)
                && (k..next).all(|c| lat.has(c, y, OPEN_E))
            {
                g |= OPEN_E;
            }
            flags[y * nw + n] = g;
        }
    }
    Lattice {
        w: nw,
        h: lat.h,
        xs,
        ys: lat.ys.clone(),
        flags,
    }
}
