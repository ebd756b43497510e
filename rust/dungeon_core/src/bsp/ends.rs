//! Start and end: the start is a random room's centre, the end the centre
//! of the room farthest from it by walking distance through the door masks.

use super::carve::TileRef;
use super::split::Node;
use crate::analysis::bfs;
use crate::error::GenError;
use crate::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, Pos, Rect};
use crate::rng::{DungeonRng, stage};

/// A finished map as [`choose_ends`] reads it: tiles, door masks, the split
/// tree and the rooms (in leaf order, `Node::room` indexes them).
pub(super) struct Layout<'a> {
    pub(super) width: usize,
    pub(super) cells: &'a [Cell],
    pub(super) masks: &'a [u8],
    pub(super) nodes: &'a [Node],
    pub(super) rects: &'a [Rect],
}

impl Layout<'_> {
    /// The room whose part contains `p`, walking down the split tree from
    /// node `from`, whose part must contain `p`. Child indices only grow, so
    /// the walk ends.
    fn room_at(&self, from: usize, p: Pos) -> Option<usize> {
        let mut i = from;
        loop {
            let node = self.nodes.get(i)?;
            if node.is_leaf() {
                return Some(node.room);
            }
            let a = node.first_child;
            i = if self.nodes.get(a)?.rect.contains(p) {
                a
            } else {
                a + 1
            };
        }
    }
}

/// Steps between two tiles of one room: inside a rectangle of floor the
/// shortest path is the Manhattan distance, and no path is shorter.
fn manhattan(a: Pos, b: Pos) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

/// Tags a heap entry in [`room_distances`] as a corridor tile (the rest of
/// its bits) rather than a doorway slot. Tile indices stay below 2^24.
const RUN_END: u64 = 1 << 31;

/// No path (yet) in [`room_distances`].
pub(super) const FAR: u32 = u32::MAX;

/// The room tiles that doors open onto, grouped by room, with a table from
/// tile index to slot. Built in linear time: no sort.
struct Doorways {
    /// Slots of room `r`: `first[r]..first[r + 1]`.
    first: Vec<usize>,
    /// Per slot: the tile's index, position and room.
    at: Vec<u32>,
    pos: Vec<Pos>,
    room: Vec<u32>,
    /// Open-addressing table: `keys[h]` is a tile index + 1 (0 = free),
    /// `slots[h]` its slot.
    keys: Vec<u32>,
    slots: Vec<u32>,
}

impl Doorways {
    fn new(map: &Layout, contacts: &[TileRef]) -> Self {
        let rooms = map.rects.len();
        let cap = (contacts.len() * 2).next_power_of_two().max(16);
        let mut keys = vec![0u32; cap];
        let mut slots = vec![0u32; cap];
        // First pass: drop repeats (a room tile that two doors open onto,
        // or one door crossed by two lines), find each tile's room and
        // count per room.
        let mut first = vec![0usize; rooms + 1];
        let mut found: Vec<(u32, Pos, u32, usize)> = Vec::with_capacity(contacts.len());
        for c in contacts {
            let Some(h) = probe(&keys, c.at) else {
                continue;
            };
            if keys[h] != 0 {
                continue;
            }
            let p = (i32::from(c.x), i32::from(c.y));
            let Some(r) = map.room_at(c.join as usize, p).filter(|&r| r < rooms) else {
                continue;
            };
            keys[h] = c.at + 1;
            first[r + 1] += 1;
            found.push((c.at, p, r as u32, h));
        }
        for r in 0..rooms {
            first[r + 1] += first[r];
        }
        // Second pass: place each tile in its room's slots.
        let mut next = first.clone();
        let n = found.len();
        let (mut at, mut pos, mut room) = (vec![0; n], vec![(0, 0); n], vec![0; n]);
        for (t, p, r, h) in found {
            let slot = next[r as usize];
            next[r as usize] += 1;
            at[slot] = t;
            pos[slot] = p;
            room[slot] = r;
            slots[h] = slot as u32;
        }
        Self {
            first,
            at,
            pos,
            room,
            keys,
            slots,
        }
    }

    /// The slot of room tile `at`, if a door opens onto it.
    fn slot(&self, at: u32) -> Option<usize> {
        let h = probe(&self.keys, at)?;
        (self.keys[h] == at + 1).then(|| self.slots[h] as usize)
    }
}

/// Where `at` is, or would go, in an open-addressing table of `keys`
/// (a power of two long, never full): linear probing from a multiplicative
/// hash. `None` only if the table were full.
fn probe(keys: &[u32], at: u32) -> Option<usize> {
    let mask = keys.len().checked_sub(1)?;
    let mut h = (at.wrapping_mul(0x9E37_79B9) as usize) & mask;
    for _ in 0..keys.len() {
        let k = keys[h];
        if k == 0 || k == at + 1 {
            return Some(h);
        }
        h = (h + 1) & mask;
    }
    None
}

/// The exact BFS distance, in tile steps through doors, from `start` (a tile
/// of room `first`) to every room's centre; [`FAR`] where there is none.
///
/// A plain BFS would visit every floor tile, and room floor is most of the
/// walkable map. Here rooms are crossed in one step each: the nodes are the
/// corridor and door tiles (unit steps, through the door masks) and the room
/// tiles that doors open onto (doorways); between two tiles of one room the
/// distance is their Manhattan distance, since a room is an open rectangle
/// and no grid path is shorter. Rooms never touch each other (at least one
/// empty tile apart) and a room opens only onto its doors, so every path
/// between rooms runs through doors and doorways. That is Dijkstra with two queues: a FIFO of corridor tiles
/// (unit steps, so pushed in distance order) and a heap of doorways, popping
/// whichever is nearer. A room centre's distance is the best doorway
/// distance plus the Manhattan step to it.
///
/// Straight runs are walked, not queued: stepping onto a corridor tile open
/// only ahead and behind (a run's first tile), the search walks on while
/// the tiles stay like that, marks each one, and queues only what lies past
/// the run's end (a doorway, or a bend or junction tile, via the heap at
/// its distance). A run tile leads nowhere but along its run, so whichever
/// end is settled first walks the whole run, and the far end still gets its
/// exact distance from the queue. Only the run tiles' own distances can be
/// too large, and nothing reads them.
///
/// Work: each corridor tile and doorway is settled once; a settled doorway
/// offers its room's other doorways a distance, pushed only when it
/// improves on theirs. `corridors` sizes the FIFO.
fn room_distances(
    map: &Layout,
    contacts: &[TileRef],
    corridors: usize,
    first: usize,
    start: Pos,
) -> Vec<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    let ways = Doorways::new(map, contacts);
    let n = map.cells.len().min(map.masks.len());
    let mut settled = vec![0u64; n / 64 + 1];
    let mut best = vec![FAR; map.rects.len()];
    let mut offered = vec![FAR; ways.at.len()];
    let mut fifo: Vec<(u32, u32)> = Vec::with_capacity(corridors);
    let mut head = 0;
    // (distance << 32 | slot), smallest first.
    let mut heap: BinaryHeap<Reverse<u64>> = BinaryHeap::with_capacity(ways.at.len());
    // Doorway `slot` can be reached in `d` steps: queue it if that is better.
    let offer = |slot: usize, d: u32, offered: &mut [u32], heap: &mut BinaryHeap<Reverse<u64>>| {
        if let Some(o) = offered.get_mut(slot)
            && d < *o
        {
            *o = d;
            heap.push(Reverse(u64::from(d) << 32 | slot as u64));
        }
    };

    // Standing on tile `from` of room `r` at distance `d`: its centre and
    // its doorways are a Manhattan step away.
    let enter = |r: usize,
                 from: Pos,
                 d: u32,
                 best: &mut [u32],
                 offered: &mut [u32],
                 heap: &mut BinaryHeap<Reverse<u64>>| {
        let (Some(rect), Some(b)) = (map.rects.get(r), best.get_mut(r)) else {
            return;
        };
        *b = (*b).min(d + manhattan(from, rect.center()));
        for slot in ways.first[r]..ways.first[r + 1] {
            if let Some(&p) = ways.pos.get(slot) {
                offer(slot, d + manhattan(from, p), offered, heap);
            }
        }
    };
    enter(first, start, 0, &mut best, &mut offered, &mut heap);

    let w = map.width;
    let step = [w.wrapping_neg(), 1, w, usize::MAX];
    let is_settled = |settled: &[u64], i: usize| settled[i / 64] & (1 << (i % 64)) != 0;
    let settle = |settled: &mut [u64], i: usize| settled[i / 64] |= 1 << (i % 64);
    // Every pass pops one entry. A corridor tile is marked when it enters
    // the FIFO or a walk, so it does that once; a run's far end enters the
    // heap at most once per side it can be reached from, and a doorway only
    // on an improvement; heap entries are marked when popped. So the loop
    // ends.
    loop {
        let from_fifo = match (fifo.get(head), heap.peek()) {
            // Heap first on a tie, so a run's far end waiting there at `d`
            // is settled before a FIFO tile at `d` could step onto it. On a
            // grid that tie cannot happen (neighbouring tiles differ in
            // distance parity); the order keeps the search exact without
            // leaning on that.
            (Some(&(_, df)), Some(&Reverse(top))) => u64::from(df) < top >> 32,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let (i, d) = if from_fifo {
            let (i, d) = fifo[head];
            head += 1;
            (i as usize, d)
        } else {
            let Some(Reverse(top)) = heap.pop() else {
                break;
            };
            if top & RUN_END != 0 {
                // A corridor tile past the end of a walked run.
                let t = (top as u32 & !(RUN_END as u32)) as usize;
                if t >= n || is_settled(&settled, t) {
                    continue;
                }
                settle(&mut settled, t);
                (t, (top >> 32) as u32)
            } else {
                let slot = top as u32 as usize;
                let (Some(&at), Some(&r), Some(&p)) =
                    (ways.at.get(slot), ways.room.get(slot), ways.pos.get(slot))
                else {
                    continue;
                };
                let d = (top >> 32) as u32;
                if at as usize >= n || is_settled(&settled, at as usize) {
                    continue;
                }
                enter(r as usize, p, d, &mut best, &mut offered, &mut heap);
                settle(&mut settled, at as usize);
                (at as usize, d)
            }
        };
        if i >= n {
            continue;
        }
        let from_room = map.cells[i].is_room();
        // Only the open sides, lowest bit first (N, E, S, W).
        let mut open = map.masks[i] & 15;
        while open != 0 {
            let side = open.trailing_zeros() as usize;
            open &= open - 1;
            let j = i.wrapping_add(step[side]);
            if j >= n || is_settled(&settled, j) {
                continue;
            }
            if !map.cells[j].is_room() {
                // Queued once: the first push has the smallest distance.
                settle(&mut settled, j);
                let through = if side.is_multiple_of(2) {
                    DOOR_N | DOOR_S
                } else {
                    DOOR_E | DOOR_W
                };
                if map.masks[j] & 15 != through {
                    fifo.push((j as u32, d + 1));
                    continue;
                }
                // A straight run: walk it to its end here.
                let (mut t, mut dt) = (j, d + 1);
                loop {
                    let next = t.wrapping_add(step[side]);
                    if next >= n || is_settled(&settled, next) {
                        break;
                    }
                    if map.cells[next].is_room() {
                        if let Some(slot) = ways.slot(next as u32) {
                            offer(slot, dt + 1, &mut offered, &mut heap);
                        }
                        break;
                    }
                    if map.masks[next] & 15 != through {
                        heap.push(Reverse(u64::from(dt + 1) << 32 | RUN_END | next as u64));
                        break;
                    }
                    settle(&mut settled, next);
                    t = next;
                    dt += 1;
                }
            } else if !from_room && let Some(slot) = ways.slot(j as u32) {
                // A door steps into its room: a doorway, via the heap.
                // (From a room tile, the rest of its room is reached by
                // `enter`'s jumps.)
                offer(slot, d + 1, &mut offered, &mut heap);
            }
        }
    }
    best
}

/// How [`choose_ends`] measures walking distances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Search {
    /// [`room_distances`]: corridor tiles one by one, rooms in one jump.
    RoomJumps,
    /// [`tile_distances`]: a BFS over every walkable tile.
    Tiles,
}

/// The plain search: [`crate::analysis::bfs`] over every walkable tile
/// through the door masks, read at each room centre ([`FAR`] where there is
/// no path).
pub(super) fn tile_distances(map: &Layout, start: Pos) -> Vec<u32> {
    let index = |p: Pos| {
        let (x, y) = (usize::try_from(p.0).ok()?, usize::try_from(p.1).ok()?);
        Some(y * map.width + x)
    };
    let (mut dist, mut queue) = (Vec::new(), Vec::new());
    let width = i32::try_from(map.width).unwrap_or(0);
    let from = index(start).unwrap_or(usize::MAX);
    bfs(width, map.masks, from, &mut dist, &mut queue);
    map.rects
        .iter()
        .map(|r| {
            index(r.center())
                .and_then(|i| dist.get(i))
                .and_then(|&d| u32::try_from(d).ok())
                .unwrap_or(FAR)
        })
        .collect()
}

/// Start: the centre of a random room. End: the centre of the room whose
/// centre is farthest from the start by walking distance through the door
/// masks (the first such room on ties).
///
/// The errors cannot happen for a validated config (at least two rooms, all
/// connected); they stand in for panics should an invariant ever break.
pub(super) fn choose_ends(
    map: &Layout,
    contacts: &[TileRef],
    corridors: usize,
    search: Search,
    seed: u64,
    level: i32,
) -> Result<(Pos, Pos, Vec<u32>), GenError> {
    let stuck = |reason: &str| GenError::Exhausted {
        generator: "bsp",
        attempts: 1,
        reason: reason.to_owned(),
    };
    let count = u32::try_from(map.rects.len()).map_err(|_| stuck("too many rooms"))?;
    let mut rng = DungeonRng::for_level(seed, level, stage::ENDS);
    let first = rng.below(count) as usize;
    let start = map
        .rects
        .get(first)
        .ok_or_else(|| stuck("no rooms"))?
        .center();
    let dist = match search {
        Search::RoomJumps => room_distances(map, contacts, corridors, first, start),
        Search::Tiles => tile_distances(map, start),
    };
    let mut best: Option<(u32, Pos)> = None;
    for (k, (r, &d)) in map.rects.iter().zip(&dist).enumerate() {
        if k != first && d != FAR && best.is_none_or(|(bd, _)| d > bd) {
            best = Some((d, r.center()));
        }
    }
    let (_, end) = best.ok_or_else(|| stuck("no second room reachable"))?;
    Ok((start, end, dist))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bsp::{BspConfig, generate_measured};

    #[test]
    fn both_searches_choose_the_same_end() {
        // The plain search is the oracle: same end and same distances on
        // many maps of both presets and a few odd sizes.
        let odd = |width, height, iterations| BspConfig {
            width,
            height,
            iterations,
            ..BspConfig::default()
        };
        for (c, seeds) in [
            (BspConfig::small(), 3000),
            (BspConfig::large(), 500),
            (odd(23, 61, 5), 500),
            (odd(120, 90, 7), 100),
        ] {
            for seed in 0..seeds {
                let (g, d) =
                    generate_measured(&c, seed, 1, Search::RoomJumps, &crate::watch::Watch::new())
                        .unwrap();
                let (plain, pd) =
                    generate_measured(&c, seed, 1, Search::Tiles, &crate::watch::Watch::new())
                        .unwrap();
                assert_eq!((g.end(), &d), (plain.end(), &pd), "{c:?} seed {seed}");
            }
        }
    }

    #[test]
    fn room_distances_match_a_tile_bfs() {
        // The room-jumping search must give every room centre exactly the
        // distance the plain search and a BFS over the finished grid give:
        // dense and sparse maps, big and tiny rooms, long corridors, wide
        // cuts, and the sweep's odd shapes.
        let mut configs = vec![
            BspConfig::default(),
            BspConfig::large(),
            BspConfig {
                width: 256,
                height: 256,
                iterations: 8,
                ..BspConfig::default()
            },
            BspConfig {
                width: 200,
                height: 120,
                iterations: 3,
                room_size_min: 0.9,
                room_size_max: 1.0,
                ..BspConfig::default()
            },
            BspConfig {
                width: 90,
                height: 60,
                iterations: 16,
                min_room_size: 1,
                min_partition_size: 3,
                partition_range: 0.45,
                room_size_min: 0.1,
                room_size_max: 1.0,
                ..BspConfig::default()
            },
            // Tiny rooms far apart: long straight runs, walked in one go.
            BspConfig {
                width: 400,
                height: 300,
                iterations: 6,
                room_size_min: 0.05,
                room_size_max: 0.15,
                ..BspConfig::default()
            },
        ];
        let mut r = DungeonRng::new(77);
        while configs.len() < 60 {
            let c = BspConfig {
                width: r.range(8, 120),
                height: r.range(8, 120),
                iterations: r.range(1, 10),
                partition_range: r.uniform(0.0, 0.45),
                min_partition_size: r.range(3, 10),
                room_size_min: r.uniform(0.05, 0.8),
                room_size_max: 1.0,
                min_room_size: r.range(1, 4),
                border: r.range(1, 3),
            };
            if c.validate().is_ok() {
                configs.push(c);
            }
        }
        for c in &configs {
            for seed in 0..12 {
                let (g, dist) =
                    generate_measured(c, seed, 1, Search::RoomJumps, &crate::watch::Watch::new())
                        .unwrap();
                let (plain, plain_dist) =
                    generate_measured(c, seed, 1, Search::Tiles, &crate::watch::Watch::new())
                        .unwrap();
                assert_eq!((&plain, &plain_dist), (&g, &dist), "{c:?} seed {seed}");
                let tiles = g.distances_from(g.start());
                for (k, rect) in g.room_rects().iter().enumerate() {
                    let want = tiles[g.index(rect.center()).unwrap()];
                    let got = if dist[k] == FAR { -1 } else { dist[k] as i32 };
                    assert_eq!(got, want, "room {k} {rect:?}, {c:?} seed {seed}\n{g}");
                }
            }
        }
    }
}
