//! An independent check that a level with locks cannot soft-lock, written
//! apart from the library's `progression` module from the grid's public
//! data only: cells, door masks, rooms, connections, secret doors, the
//! locks and their key tiles. The gate rule is re-implemented from its
//! documentation.
//!
//! The tiles are flooded with every gate and secret door closed into
//! regions; then an explicit search runs over play states `(region, keys
//! picked up, keys in hand, locks opened)` with every optional action: walk
//! through an opened lock or a one-way door, pick up a key (or leave it),
//! open a lock the key in hand fits (or not). Every state reachable from
//! the start must still be able to reach the end's region.

use std::collections::{BTreeMap, VecDeque};

use dungeon_core::{DIRS, DungeonGrid, Lock, LockKind, Pos};

/// What the search found.
#[derive(Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The end can be reached from the start by some play.
    pub finishable: bool,
    /// Every state reachable from the start can still reach the end.
    pub no_soft_lock: bool,
    /// How many states were reachable.
    pub states: usize,
}

/// Open sides `(cell, cell)` a lock closes, re-derived from the documented
/// gate rule: rooms that open into each other lose every open side between
/// them; otherwise the connection's run, walked from `from` to `into`,
/// ends on a tile whose open sides into `into` are closed.
fn gate(g: &DungeonGrid, from: usize, into: usize) -> Vec<(Pos, Pos)> {
    let rooms = g.room_records();
    let conn = g
        .connections()
        .iter()
        .find(|c| c.rooms == (from.min(into), from.max(into)))
        .expect("a lock on a connection");
    let into_room = &rooms[into];
    let sides_into = |p: Pos| {
        DIRS.iter()
            .filter(move |d| g.door_mask(p) & d.2 != 0)
            .map(move |d| (p, (p.0 + d.0, p.1 + d.1)))
            .filter(|&(_, q)| into_room.contains(q))
    };
    if conn.tiles.is_empty() {
        rooms[from].cells().flat_map(sides_into).collect()
    } else {
        let last = if from < into {
            *conn.tiles.last().unwrap()
        } else {
            conn.tiles[0]
        };
        sides_into(last).collect()
    }
}

/// Region labels of every cell (`usize::MAX` off the walkable cells) with
/// the sides in `closed` shut, and every secret door unless
/// `secrets_found`.
fn regions(g: &DungeonGrid, closed: &[(Pos, Pos)], secrets_found: bool) -> Vec<usize> {
    let w = g.width();
    let n = (g.width() * g.height()) as usize;
    let at = |p: Pos| (p.1 * w + p.0) as usize;
    let mut label = vec![usize::MAX; n];
    let mut next = 0;
    for i in 0..n {
        let p = ((i as i32) % w, (i as i32) / w);
        if label[i] != usize::MAX || !g.cell(p).is_walkable() {
            continue;
        }
        label[i] = next;
        let mut queue = VecDeque::from([p]);
        while let Some(p) = queue.pop_front() {
            let secret = if secrets_found {
                0
            } else {
                g.secret_door_mask(p)
            };
            let open = g.door_mask(p) & !secret;
            for d in DIRS {
                let q = (p.0 + d.0, p.1 + d.1);
                if open & d.2 == 0 || closed.contains(&(p, q)) || closed.contains(&(q, p)) {
                    continue;
                }
                if label[at(q)] == usize::MAX {
                    label[at(q)] = next;
                    queue.push_back(q);
                }
            }
        }
        next += 1;
    }
    label
}

/// A play state: region, keys picked up, keys in hand, locks opened (bit
/// sets over the key rooms and the locks).
type State = (usize, u32, u32, u32);

/// How the player plays.
#[derive(Clone, Copy, Debug, Default)]
pub struct Play {
    /// Opening a lock uses the key up (a game with small keys).
    pub consume: bool,
    /// Every secret door has been found (open from the start).
    pub secrets_found: bool,
}

/// Searches every play of `g` with `locks` (distinct connections of `g`,
/// whether or not the library accepts them).
pub fn check(g: &DungeonGrid, locks: &[Lock], play: Play) -> Verdict {
    let consume = play.consume;
    let gates: Vec<Vec<(Pos, Pos)>> = locks.iter().map(|l| gate(g, l.from, l.into)).collect();
    let all: Vec<(Pos, Pos)> = gates.iter().flatten().copied().collect();
    let label = regions(g, &all, play.secrets_found);
    let w = g.width();
    let region = |p: Pos| label[(p.1 * w + p.0) as usize];
    // The key rooms, each one bit.
    let mut key_rooms: Vec<usize> = locks
        .iter()
        .filter_map(|l| match l.kind {
            LockKind::Key { key } => Some(key),
            LockKind::OneWay => None,
        })
        .collect();
    key_rooms.sort_unstable();
    key_rooms.dedup();
    let key_region: Vec<usize> = key_rooms
        .iter()
        .map(|&r| region(g.key_tile(r).expect("a key tile")))
        .collect();
    let key_bit = |room: usize| 1u32 << key_rooms.iter().position(|&r| r == room).unwrap();
    let side_regions: Vec<Vec<(usize, usize)>> = gates
        .iter()
        .map(|s| s.iter().map(|&(p, q)| (region(p), region(q))).collect())
        .collect();
    let moves = |s: State| -> Vec<State> {
        let (at, picked, held, opened) = s;
        let mut out = Vec::new();
        for (k, &kr) in key_region.iter().enumerate() {
            if kr == at && picked & (1 << k) == 0 {
                out.push((at, picked | 1 << k, held | 1 << k, opened));
            }
        }
        for (i, lock) in locks.iter().enumerate() {
            let sides = &side_regions[i];
            match lock.kind {
                LockKind::OneWay => {
                    for &(a, b) in sides {
                        if a == at {
                            out.push((b, picked, held, opened));
                        }
                    }
                }
                LockKind::Key { key } => {
                    let borders = sides.iter().any(|&(a, b)| a == at || b == at);
                    if opened & (1 << i) != 0 {
                        for &(a, b) in sides {
                            if a == at {
                                out.push((b, picked, held, opened));
                            } else if b == at {
                                out.push((a, picked, held, opened));
                            }
                        }
                    } else if borders && held & key_bit(key) != 0 {
                        let held = if consume { held & !key_bit(key) } else { held };
                        out.push((at, picked, held, opened | 1 << i));
                    }
                }
            }
        }
        out
    };
    let start: State = (region(g.start()), 0, 0, 0);
    let end = region(g.end());
    let mut index: BTreeMap<State, usize> = BTreeMap::from([(start, 0)]);
    let mut states = vec![start];
    let mut back: Vec<Vec<usize>> = vec![Vec::new()];
    let mut head = 0;
    while head < states.len() {
        let s = states[head];
        for t in moves(s) {
            let j = *index.entry(t).or_insert_with(|| {
                states.push(t);
                back.push(Vec::new());
                states.len() - 1
            });
            back[j].push(head);
        }
        head += 1;
        assert!(states.len() < 2_000_000, "state budget");
    }
    // Which states can still reach the end: a search backwards from it.
    let mut good = vec![false; states.len()];
    let mut queue: VecDeque<usize> = (0..states.len()).filter(|&i| states[i].0 == end).collect();
    for &i in &queue {
        good[i] = true;
    }
    while let Some(i) = queue.pop_front() {
        for &j in &back[i] {
            if !good[j] {
                good[j] = true;
                queue.push_back(j);
            }
        }
    }
    Verdict {
        finishable: states.iter().any(|s| s.0 == end),
        no_soft_lock: good.iter().all(|&x| x),
        states: states.len(),
    }
}
