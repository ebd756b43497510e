//! The proof ([`prove`]): checks a lock list's shape, splits the tiles into
//! regions with every gate closed, applies the one-way rule and runs the
//! greedy fixpoint described at [`Proof`]; a refusal names the lock to
//! blame as `locks[i]`.

use std::collections::BTreeMap;

use super::gates::{Side, across, gate};
use super::regions::{Regions, closed_masks, label};
use crate::grid::{DungeonGrid, Lock, LockError, LockKind, MAX_LOCKS, Pos};

/// What [`DungeonGrid::check_locks`] proves: the order the key locks open
/// in (indices into [`DungeonGrid::locks`], each key lock once: the
/// witness that every key is reached before its lock) and the rooms the
/// player reaches (sorted; every room but the secret ones).
///
/// **The proof.** The walkable tiles are split into *regions*: the pieces
/// left with every gate ([`Lock`]) and every secret door closed (secret
/// doors stay open when a key lies in a secret room: the secret rooms then
/// count as ordinary rooms, [`super::SecretRooms::Open`]). From the
/// start's region the solver opens, until nothing changes, every key lock
/// whose key tile lies in a region reached and one of whose gate sides
/// borders one, and follows one-way doors out of the regions reached. The
/// level is accepted when the end is reached, every key lock opens and
/// every room but the secret ones is reached; each one-way door must join
/// two rooms that stay joined without it with every lock shut.
///
/// **The guarantee.** With keys never used up (or one door per key), every
/// sequence of moves from the start leaves the end reachable: the one-way
/// rule makes one-way doors irrelevant to what can be reached, so a player
/// can always walk back to any tile reached, and everything the player
/// holds (tiles reached, keys, locks opened) only grows, so the fixpoint
/// from any reachable state holds the end. Finding a secret door only adds
/// open sides. Keys used up on doors that share a key are not covered: one
/// key, two doors, one of them into a dead end, strands the player.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Proof {
    /// Key locks in the order the solver opened them.
    pub order: Vec<usize>,
    /// The rooms reached, sorted.
    pub reached_rooms: Vec<usize>,
}

/// `locks[i] [from, into]`, and ` one_way` for a one-way door.
fn name(i: usize, l: &Lock) -> String {
    let one_way = if l.kind == LockKind::OneWay {
        " one_way"
    } else {
        ""
    };
    format!("locks[{i}] [{}, {}]{one_way}", l.from, l.into)
}

fn fail<T>(lock: Option<usize>, message: String) -> Result<T, LockError> {
    Err(LockError { lock, message })
}

/// Everything the fixpoint needs, found once.
struct Setup<'a> {
    locks: &'a [Lock],
    /// Per lock, the regions on either side of each gate side.
    sides: Vec<Vec<(usize, usize)>>,
    /// Per lock, the region of its key tile (key locks).
    key_region: Vec<Option<usize>>,
    regions: &'a Regions,
    start: Option<usize>,
}

/// What one run of the fixpoint reached.
struct Reach {
    regions: Vec<bool>,
    opened: Vec<bool>,
    order: Vec<usize>,
}

impl Reach {
    fn has(&self, region: Option<usize>) -> bool {
        region.is_some_and(|r| self.regions.get(r).copied().unwrap_or(false))
    }
}

impl Setup<'_> {
    /// The greedy fixpoint, with lock `forced` (if any) opening without
    /// its key.
    fn fixpoint(&self, forced: Option<usize>) -> Reach {
        let mut reach = Reach {
            regions: vec![false; self.regions.count],
            opened: vec![false; self.locks.len()],
            order: Vec::new(),
        };
        let Some(start) = self.start else {
            return reach;
        };
        reach.regions[start] = true;
        // Each round that changes anything opens a lock or reaches a region.
        for _ in 0..=self.locks.len() + self.regions.count {
            let mut changed = false;
            for (i, lock) in self.locks.iter().enumerate() {
                let sides = &self.sides[i];
                match lock.kind {
                    LockKind::OneWay => {
                        for &(a, b) in sides {
                            if reach.regions[a] && !reach.regions[b] {
                                reach.regions[b] = true;
                                changed = true;
                            }
                        }
                    }
                    LockKind::Key { .. } => {
                        let key = forced == Some(i) || reach.has(self.key_region[i]);
                        let borders = sides
                            .iter()
                            .any(|&(a, b)| reach.regions[a] || reach.regions[b]);
                        if !reach.opened[i] && key && borders {
                            reach.opened[i] = true;
                            reach.order.push(i);
                            for &(a, b) in sides {
                                reach.regions[a] = true;
                                reach.regions[b] = true;
                            }
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                break;
            }
        }
        reach
    }

    /// The first unopened key lock (other than `except`) whose opening
    /// would let the player reach `region`.
    fn guard(&self, reach: &Reach, region: Option<usize>, except: usize) -> Option<usize> {
        (0..self.locks.len()).find(|&j| {
            j != except
                && self.locks[j].key().is_some()
                && !reach.opened[j]
                && self.fixpoint(Some(j)).has(region)
        })
    }
}

/// The shape rules: rooms, connections, secret rooms, keys, no connection
/// or door locked twice, canonical order. Returns each lock's gate.
fn gates(g: &DungeonGrid, locks: &[Lock]) -> Result<Vec<Vec<Side>>, LockError> {
    if locks.len() > MAX_LOCKS {
        return fail(
            Some(MAX_LOCKS),
            format!(
                "locks: {} locks, more than the {MAX_LOCKS} a grid may hold",
                locks.len()
            ),
        );
    }
    let n = g.room_count();
    let secret = |r: usize| g.room_role(r).is_some_and(|role| role.is_secret());
    let mut pairs: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut doors: BTreeMap<Side, usize> = BTreeMap::new();
    let mut out = Vec::with_capacity(locks.len());
    for (i, l) in locks.iter().enumerate() {
        let at = || name(i, l);
        let blame = |m: String| fail(Some(i), format!("{}: {m}", at()));
        if n == 0 {
            return blame("this grid has no rooms".to_owned());
        }
        if l.from >= n || l.into >= n {
            return blame(format!("rooms are numbered 0..={}", n - 1));
        }
        if l.from == l.into {
            return blame("a lock joins two different rooms".to_owned());
        }
        if let Some(r) = [l.from, l.into].into_iter().find(|&r| secret(r)) {
            return blame(format!(
                "room {r} is a secret room, which no lock may touch"
            ));
        }
        if let Some(k) = l.key() {
            if k >= n {
                return blame(format!("key room {k} is not a room (0..={})", n - 1));
            }
            if g.key_tile(k).is_none() {
                return blame(format!("room {k} has no tile a key can lie on"));
            }
        }
        let pair = (l.from.min(l.into), l.from.max(l.into));
        if let Some(&j) = pairs.get(&pair) {
            return blame(format!("locks[{j}] is on the same connection"));
        }
        pairs.insert(pair, i);
        let sides = match gate(g, l) {
            None => {
                return blame(format!(
                    "rooms {} and {} are not a connection",
                    l.from, l.into
                ));
            }
            Some(s) if s.is_empty() => return blame("it closes no door".to_owned()),
            Some(s) => s,
        };
        for &(p, bit) in &sides {
            let (q, back) = across(p, bit);
            let side = (p, bit).min((q, back));
            if let Some(&j) = doors.get(&side) {
                return blame(format!("locks[{j}] closes the same door at {p:?}"));
            }
            doors.insert(side, i);
        }
        out.push(sides);
    }
    if let Some(i) = (1..locks.len()).find(|&i| locks[i - 1].order_key() >= locks[i].order_key()) {
        return fail(
            Some(i),
            format!(
                "locks must be sorted: key locks by key room (then from, into), then one-way \
                 doors by from and into; {} comes after {}",
                name(i, &locks[i]),
                name(i - 1, &locks[i - 1])
            ),
        );
    }
    Ok(out)
}

/// Whether the secret rooms count as ordinary rooms: a key lies in one
/// (the planner's [`super::SecretRooms::Open`]).
pub(crate) fn secrets_open(g: &DungeonGrid, locks: &[Lock]) -> bool {
    locks
        .iter()
        .filter_map(Lock::key)
        .any(|k| g.room_role(k).is_some_and(|role| role.is_secret()))
}

/// The proof behind [`DungeonGrid::check_locks`] (see [`super`]).
fn prove(g: &DungeonGrid, locks: &[Lock]) -> Result<Proof, LockError> {
    let gates = gates(g, locks)?;
    let masks = closed_masks(g, gates.iter().flatten(), secrets_open(g, locks));
    let regions = label(g, &masks);
    let region = |p: Pos| regions.of(g, p);
    let room_region = |r: usize| {
        g.room_records()
            .get(r)
            .and_then(|room| room.cells().next())
            .and_then(region)
    };
    // The one-way rule: both rooms in one region with every gate closed.
    for (i, l) in locks.iter().enumerate() {
        if l.kind == LockKind::OneWay && room_region(l.from) != room_region(l.into) {
            return fail(
                Some(i),
                format!(
                    "{}: rooms {} and {} are joined only through it; a one-way door there \
                     could strand the player",
                    name(i, l),
                    l.from,
                    l.into
                ),
            );
        }
    }
    let sides = gates
        .iter()
        .map(|gate| {
            gate.iter()
                .filter_map(|&(p, bit)| Some((region(p)?, region(across(p, bit).0)?)))
                .collect()
        })
        .collect();
    let key_region = locks
        .iter()
        .map(|l| l.key().and_then(|k| g.key_tile(k)).and_then(region))
        .collect();
    let setup = Setup {
        locks,
        sides,
        key_region,
        start: region(g.start()),
        regions: &regions,
    };
    let reach = setup.fixpoint(None);
    let key_room = |l: &Lock| l.key().unwrap_or_default();
    // A key behind its own lock.
    for (i, l) in locks.iter().enumerate() {
        let key = setup.key_region[i];
        if l.key().is_some()
            && !reach.opened[i]
            && !reach.has(key)
            && setup.fixpoint(Some(i)).has(key)
        {
            return fail(
                Some(i),
                format!(
                    "{} can never be opened: its key is in room {}, which lies behind it",
                    name(i, l),
                    key_room(l)
                ),
            );
        }
    }
    let list = |locks: &[usize]| {
        locks
            .iter()
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    // Why key lock `i` stays shut.
    let why = |i: usize| {
        let l = &locks[i];
        let k = key_room(l);
        if reach.has(setup.key_region[i]) {
            return "its door is never reached".to_owned();
        }
        match setup.guard(&reach, setup.key_region[i], i) {
            Some(j) => format!("key in room {k}, behind locks[{j}]"),
            None => format!("key in room {k}, out of reach"),
        }
    };
    if !reach.has(region(g.end())) {
        let end = g
            .room_at(g.end())
            .map_or_else(|| "the end".to_owned(), |r| format!("the end (room {r})"));
        let opened = if reach.order.is_empty() {
            "opening no lock".to_owned()
        } else {
            format!("opening locks {}", list(&reach.order))
        };
        let stuck: Vec<String> = (0..locks.len())
            .filter(|&i| {
                locks[i].key().is_some()
                    && !reach.opened[i]
                    && setup.sides[i]
                        .iter()
                        .any(|&(a, b)| reach.regions[a] || reach.regions[b])
            })
            .map(|i| format!("{} ({})", name(i, &locks[i]), why(i)))
            .collect();
        let stuck = if stuck.is_empty() {
            "with no locked door in reach".to_owned()
        } else {
            format!("before {}", stuck.join(", "))
        };
        return fail(
            None,
            format!("locks: {end} cannot be reached: after {opened} the player is stuck {stuck}"),
        );
    }
    if let Some(i) = (0..locks.len()).find(|&i| locks[i].key().is_some() && !reach.opened[i]) {
        return fail(
            Some(i),
            format!("{} can never be opened ({})", name(i, &locks[i]), why(i)),
        );
    }
    let mut reached_rooms = Vec::new();
    for r in 0..g.room_count() {
        if reach.has(room_region(r)) {
            reached_rooms.push(r);
        } else if !g.room_role(r).is_some_and(|role| role.is_secret()) {
            return fail(None, format!("locks: room {r} can never be reached"));
        }
    }
    Ok(Proof {
        order: reach.order,
        reached_rooms,
    })
}

impl DungeonGrid {
    /// This grid with `locks` (in canonical order, [`Lock::sort_canonical`];
    /// at most [`MAX_LOCKS`]; an empty list removes every lock), once [`DungeonGrid::check_locks`]
    /// proves the level can be finished with them.
    ///
    /// # Errors
    /// A [`LockError`] naming the lock (`locks[i]`, its index in `locks`)
    /// that is malformed, out of order or makes the level unfinishable.
    pub fn with_locks(mut self, locks: Vec<Lock>) -> Result<DungeonGrid, LockError> {
        self.locks = locks;
        self.check_locks()?;
        Ok(self)
    }

    /// The proof that the level can be finished with its locks (see
    /// [`Proof`]): the rooms the player reaches and the order
    /// in which the key locks open. On a grid without locks it is the
    /// plain reachability of the rooms.
    ///
    /// # Errors
    /// A [`LockError`] naming the lock that is malformed (not on a
    /// connection, touching a secret room, a key in a secret room), out of
    /// canonical order, can never be opened, or is a one-way door the
    /// player could be stranded behind; or saying that the end or a room
    /// cannot be reached.
    pub fn check_locks(&self) -> Result<Proof, LockError> {
        prove(self, self.locks())
    }
}
