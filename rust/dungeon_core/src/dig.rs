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
use crate::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, Pos};

/// A map of `width × height` wall tiles (the smallest side is validated by
/// the callers before they get here).
pub(crate) fn walls(width: i32, height: i32) -> DungeonGrid {
    let mut g = DungeonGrid::new(width, height);
    g.kind = GridKind::TileMap;
    g
}

/// Opens every side between two 4-adjacent floor tiles. The border is never
/// dug, so the loop over the interior reads no tile outside the map.
fn open_masks(g: &mut DungeonGrid) {
    let w = g.width as usize;
    let h = g.height as usize;
    let cells = &g.cells;
    let doors = &mut g.doors;
    for y in 1..h.saturating_sub(1) {
        for x in 1..w - 1 {
            let i = y * w + x;
            if cells[i] == Cell::Empty {
                continue;
            }
            let open = |j: usize, bit: u8| if cells[j] == Cell::Empty { 0 } else { bit };
            doors[i] = open(i - w, DOOR_N)
                | open(i + 1, DOOR_E)
                | open(i + w, DOOR_S)
                | open(i - 1, DOOR_W);
        }
    }
}

/// Finishes a dug map: door masks between neighbouring floor tiles, the end
/// (the floor tile farthest from `start` by path), the start and end codes
/// and the record fields. Returns the end's walking distance from the start.
pub(crate) fn finish(
    g: &mut DungeonGrid,
    start: Pos,
    generator: &str,
    seed: u64,
    level: i32,
) -> i32 {
    open_masks(g);
    let from = g.index(start).unwrap_or(0);
    let mut dist = Vec::new();
    let last = bfs(g.width, &g.doors, from, &mut dist, &mut Vec::new());
    let end = g.pos(last);
    g.set_ends(start, end);
    g.generator = generator.to_owned();
    g.seed = seed;
    g.level = level;
    dist.get(last).copied().unwrap_or(0)
}

/// Whether every tile on the map's outermost rows and columns is wall (for
/// the tests of both generators).
#[must_use]
pub fn border_is_wall(g: &DungeonGrid) -> bool {
    let (w, h) = (g.width(), g.height());
    (0..w).all(|x| g.cell((x, 0)) == Cell::Empty && g.cell((x, h - 1)) == Cell::Empty)
        && (0..h).all(|y| g.cell((0, y)) == Cell::Empty && g.cell((w - 1, y)) == Cell::Empty)
}
