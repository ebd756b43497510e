//! What the digging generators ([`crate::tunneler`], [`crate::walker`])
//! share: the finishing pass that turns a dug map into an open-floor
//! [`DungeonGrid`].
//!
//! Both keep a one-tile wall border (the outermost row and column on every
//! side are never dug), so a painter can close the map with walls and no
//! walkable tile touches the map's edge. Their ground is [`Cell::Floor`]; the
//! start is the tile where digging began and the end is the floor tile
//! farthest from it by walking (4-connected steps), the first such tile in
//! the BFS order on ties. Every pass here is linear in the map's area.

use crate::analysis::bfs;
use crate::error::GenError;
use crate::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, Pos};
use crate::watch::Span;

/// The masks' share of [`finish`]'s progress.
const MASKS: f64 = 0.33;

/// A map of `width × height` wall tiles (the smallest side is validated by
/// the callers before they get here).
pub(crate) fn walls(width: i32, height: i32) -> DungeonGrid {
    let mut g = DungeonGrid::new(width, height);
    g.kind = GridKind::TileMap;
    g
}

/// Opens every side between two 4-adjacent floor tiles. The border is
/// never dug, so the loop over the interior reads no tile outside the map;
/// it has no branch on the tiles, so the compiler vectorises it.
/// `progress` is checked every 64 rows.
fn open_masks(g: &mut DungeonGrid, progress: Span<'_>) -> Result<(), GenError> {
    let w = g.width as usize;
    let h = g.height as usize;
    let cells = &g.cells;
    let doors = &mut g.doors;
    let dug = |c: Cell| u8::from(c != Cell::Empty);
    for y in 1..h.saturating_sub(1) {
        if y.is_multiple_of(64) {
            progress.step(y, h)?;
        }
        let row = y * w;
        let (up, here, down) = (
            &cells[row - w..row],
            &cells[row..row + w],
            &cells[row + w..row + 2 * w],
        );
        let out = &mut doors[row..row + w];
        for x in 1..w - 1 {
            let open = (dug(up[x]) * DOOR_N)
                | (dug(here[x + 1]) * DOOR_E)
                | (dug(down[x]) * DOOR_S)
                | (dug(here[x - 1]) * DOOR_W);
            out[x] = dug(here[x]) * open;
        }
    }
    Ok(())
}

/// The floor tile farthest from `from` by 4-connected steps through the
/// open sides (the last one [`bfs`] reaches), and its distance. `progress`
/// is checked once the search is done.
fn farthest(g: &DungeonGrid, from: usize, progress: Span<'_>) -> Result<(usize, u32), GenError> {
    let (mut dist, mut queue) = (Vec::new(), Vec::new());
    let last = bfs(g.width, &g.doors, from, &mut dist, &mut queue);
    progress.at(1.0)?;
    let depth = dist.get(last).map_or(0, |&d| u32::try_from(d).unwrap_or(0));
    Ok((last, depth))
}

/// Finishes a dug map: door masks between neighbouring floor tiles, the end
/// (the floor tile farthest from `start` by path), the start and end codes
/// and the record fields. Returns the end's walking distance from the start.
///
/// `progress` is checked after the masks (a third of the time, measured on
/// a 1024² walker cave in a release build) and during the search.
///
/// # Errors
/// [`GenError::Cancelled`] when the run was cancelled.
pub(crate) fn finish(
    g: &mut DungeonGrid,
    start: Pos,
    generator: &str,
    seed: u64,
    level: i32,
    progress: Span<'_>,
) -> Result<u32, GenError> {
    open_masks(g, progress.span(0.0, MASKS))?;
    let from = g.index(start).unwrap_or(0);
    let (last, depth) = farthest(g, from, progress.span(MASKS, 1.0))?;
    let end = g.pos(last);
    g.set_ends(start, end);
    g.stamp(generator, seed, level);
    Ok(depth)
}

/// Whether every tile on the map's outermost rows and columns is wall (for
/// the tests of both generators).
#[must_use]
pub fn border_is_wall(g: &DungeonGrid) -> bool {
    let (w, h) = (g.width(), g.height());
    (0..w).all(|x| g.cell((x, 0)) == Cell::Empty && g.cell((x, h - 1)) == Cell::Empty)
        && (0..h).all(|y| g.cell((0, y)) == Cell::Empty && g.cell((w - 1, y)) == Cell::Empty)
}
