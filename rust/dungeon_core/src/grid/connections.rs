//! The room graph ([`DungeonGrid::connections`]): which rooms are
//! neighbours, and through which corridor tiles.
//!
//! # The definition
//!
//! - **Rooms that open into each other** are connected, with no tiles
//!   (every connection of a room grid; on tile maps two rooms whose floors
//!   touch through an open side).
//! - **Corridor territories.** On tile maps, every walkable tile outside the
//!   rooms (corridor, door, open floor) belongs to the territory of the
//!   room whose doorway is nearest to it by walking through such tiles: a
//!   multi-source breadth-first search starts from every tile that opens
//!   into a room (the room with the lowest number, when it opens into
//!   several), sources in row-major order, so ties go the same way on every
//!   run. Two rooms are connected when their territories touch through an
//!   open side, or when one tile opens into both (a door between two rooms).
//!   The connection carries the run of tiles through the boundary that is
//!   shortest: from a doorway of the first room through its territory to
//!   the boundary, then through the second room's territory to one of its
//!   doorways (lowest tile numbers on ties).
//!
//! So a connection is a walk from one room to the other that passes
//! through no third room and stays, tile by tile, nearer to one of its two
//! rooms than to any other: a corridor network that serves many rooms (a
//! maze) joins each room to the rooms beside it, not to all of them, and
//! the graph has fewer edges than there are boundaries between
//! territories, at most about `2 × tiles` and in practice a few per room.
//! (The graph before this definition joined every pair of rooms one corridor
//! network touched: quadratic in rooms on mazes.)
//!
//! **Connected iff the map is.** Every edge is a walk between its rooms, so a
//! connected graph means every room reaches every other. Conversely, a walk
//! from room `A` to room `B` passes room floor, tiles that open straight
//! into a room (each in the territory of a room it opens into, joined to
//! the others it opens into), and runs of corridor whose consecutive tiles
//! are in the same territory or in two that touch: so the rooms along it,
//! territories included, form a path of connections from `A` to `B`.
//!
//! Time: linear in the tiles (one search, one scan of the open sides) plus
//! sorting the candidate boundaries, and the length of the runs returned.

use std::collections::{BTreeMap, VecDeque};

use super::{Cell, Connection, DIRS, DungeonGrid};

/// No room / no tile.
const NONE: u32 = u32::MAX;

/// No parent side: the tile is a doorway, where a search starts.
const NO_SIDE: u8 = u8::MAX;

/// Builds the room graph of `g` (`index` is the room of each cell,
/// [`NONE`] off room floor): sorted by room pair, one connection per pair.
pub(super) fn derive(g: &DungeonGrid, index: &[u32]) -> Vec<Connection> {
    let n = g.cells.len();
    let w = g.width as usize;
    // The open sides of cell `i` (0 north, 1 east, 2 south, 3 west) and
    // the cells they lead to.
    let sides_of = |i: usize| {
        let m = g.doors[i];
        DIRS.iter()
            .zip([i.wrapping_sub(w), i + 1, i + w, i.wrapping_sub(1)])
            .enumerate()
            .filter(move |(_, ((_, _, bit, _), j))| m & bit != 0 && *j < n)
            .map(|(side, (_, j))| (side as u8, j))
    };
    // The open neighbours of cell `i`, as indices.
    let open = |i: usize| sides_of(i).map(|(_, j)| j);
    // The tile a search step came from.
    let back = |i: usize, side: u8| match side {
        0 => i.wrapping_sub(w),
        1 => i + 1,
        2 => i + w,
        _ => i.wrapping_sub(1),
    };
    let corridor = |i: usize| index[i] == NONE && g.cells[i] != Cell::Empty;
    let mut found: Vec<Connection> = Vec::new();
    // Per-tile search state, allocated at the first doorway (room grids and
    // open-floor maps have none). The parent is the side a tile was reached
    // through (`NO_SIDE` at a doorway), a byte rather than an index, so the
    // search needs 9 bytes a tile: loading a big map stays within a few
    // times its JSON.
    let mut owner: Vec<u32> = Vec::new();
    let mut dist: Vec<u32> = Vec::new();
    let mut parent: Vec<u8> = Vec::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    for i in 0..n {
        if index[i] != NONE {
            // Room floor opening straight into another room.
            for j in open(i) {
                let (a, b) = (index[i], index[j]);
                if b != NONE && a < b {
                    found.push(Connection {
                        rooms: (a as usize, b as usize),
                        tiles: Vec::new(),
                    });
                }
            }
            continue;
        }
        if !corridor(i) {
            continue;
        }
        let mut rooms = [NONE; 4];
        let mut k = 0;
        for j in open(i) {
            let r = index[j];
            if r != NONE && !rooms[..k].contains(&r) {
                rooms[k] = r;
                k += 1;
            }
        }
        if k == 0 {
            continue;
        }
        let rooms = &mut rooms[..k];
        rooms.sort_unstable();
        if owner.is_empty() {
            owner = vec![NONE; n];
            dist = vec![0u32; n];
            parent = vec![NO_SIDE; n];
        }
        owner[i] = rooms[0];
        queue.push_back(i as u32);
        // One tile opening into several rooms joins each pair of them.
        for (x, &a) in rooms.iter().enumerate() {
            for &b in &rooms[x + 1..] {
                found.push(Connection {
                    rooms: (a as usize, b as usize),
                    tiles: vec![g.pos(i)],
                });
            }
        }
    }
    // The territories: a breadth-first search from every doorway at once.
    // The queue holds only the frontier.
    while let Some(t) = queue.pop_front() {
        let t = t as usize;
        for (side, j) in sides_of(t) {
            if corridor(j) && owner[j] == NONE {
                owner[j] = owner[t];
                dist[j] = dist[t] + 1;
                // `j` steps back to `t` through the opposite side.
                parent[j] = side ^ 2;
                queue.push_back(j as u32);
            }
        }
    }
    // Boundaries between two territories: per room pair the shortest run
    // (then the lowest tiles), the tile of the lower-numbered room first.
    // One entry a pair, however long the boundaries.
    let mut sides: BTreeMap<(u32, u32), (u32, u32, u32)> = BTreeMap::new();
    for i in 0..owner.len() {
        if owner[i] == NONE {
            continue;
        }
        for j in open(i) {
            if j > i && corridor(j) && owner[j] != owner[i] {
                let (a, b) = if owner[i] < owner[j] { (i, j) } else { (j, i) };
                let len = dist[a] + dist[b] + 2;
                let side = (len, a as u32, b as u32);
                sides
                    .entry((owner[a], owner[b]))
                    .and_modify(|best| *best = (*best).min(side))
                    .or_insert(side);
            }
        }
    }
    for ((ra, rb), (len, a, b)) in sides {
        let mut tiles = Vec::with_capacity(len as usize);
        let walk = |from: u32, tiles: &mut Vec<_>| {
            let mut at = from as usize;
            loop {
                tiles.push(g.pos(at));
                match parent[at] {
                    NO_SIDE => break,
                    side => at = back(at, side),
                }
            }
        };
        walk(a, &mut tiles);
        tiles.reverse();
        walk(b, &mut tiles);
        found.push(Connection {
            rooms: (ra as usize, rb as usize),
            tiles,
        });
    }
    // One connection per pair: a direct door first, else the shortest run.
    found.sort_by(|x, y| {
        (x.rooms, x.tiles.len(), &x.tiles).cmp(&(y.rooms, y.tiles.len(), &y.tiles))
    });
    found.dedup_by(|later, kept| later.rooms == kept.rooms);
    found
}

#[cfg(test)]
mod tests;
