//! Locks as data: locked doors and one-way doors on the room graph, the
//! tiles their keys lie on, and the check that a player can finish the
//! level with them ([`DungeonGrid::check_locks`], the proof in
//! [`Proof`]).
//!
//! A lock sits on a connection ([`DungeonGrid::connections`]), oriented
//! from the room the player comes from into the room it guards. What it
//! physically closes (its *gate*, a few open sides of the door masks) is a
//! function of the grid and the lock, documented at [`Lock`].

use std::fmt;

use super::{DungeonGrid, Pos};
use crate::progression::{self, Proof};

/// The most locks a grid holds: the proof's cost grows with the square of
/// the locks, and a level with more locked doors than this is not one a
/// player wants.
pub const MAX_LOCKS: usize = 64;

/// What a lock asks of the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LockKind {
    /// A locked door opened by the key lying in room `key` (on its key
    /// tile, [`DungeonGrid::key_tile`]). One key per room; a key opens every
    /// lock naming its room and is never used up.
    Key {
        /// The room holding the key.
        key: usize,
    },
    /// A one-way door: passable from `from` into `into` only.
    OneWay,
}

/// A locked or one-way door on the connection between rooms `from` and
/// `into` (in either order of [`super::Connection::rooms`]).
///
/// **The gate** (what a lock physically closes):
/// - rooms that open into each other (every connection of a room grid, and
///   tile-map rooms whose floors touch): every open side between a floor
///   cell of `from` and a floor cell of `into`;
/// - otherwise (tile maps): the connection's run of tiles, walked from
///   `from` to `into`, ends on a tile opening into `into`; the gate is the
///   open sides between that tile and `into`'s floor. The tile itself stays
///   walkable: the player stands at the locked door.
///
/// No lock touches a secret or super secret room. No key lies in one
/// either, unless the level treats secret rooms as ordinary rooms: then
/// the proof runs with the secret doors open ([`Proof`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lock {
    /// The room on the near side (the player's side before opening it).
    pub from: usize,
    /// The room it opens into.
    pub into: usize,
    /// A key lock or a one-way door.
    pub kind: LockKind,
}

impl Lock {
    /// The lock's place in the canonical order: key locks by `(key room,
    /// from, into)`, then one-way doors by `(from, into)`.
    #[must_use]
    pub const fn order_key(&self) -> (u8, usize, usize, usize) {
        match self.kind {
            LockKind::Key { key } => (0, key, self.from, self.into),
            LockKind::OneWay => (1, self.from, self.into, 0),
        }
    }

    /// Sorts `locks` into the canonical order [`DungeonGrid::with_locks`]
    /// requires (see [`Lock::order_key`]).
    pub fn sort_canonical(locks: &mut [Lock]) {
        locks.sort_by_key(Lock::order_key);
    }

    /// The key room, for a key lock.
    #[must_use]
    pub const fn key(&self) -> Option<usize> {
        match self.kind {
            LockKind::Key { key } => Some(key),
            LockKind::OneWay => None,
        }
    }
}

/// Why a lock set was refused: the message names the lock as `locks[i]`
/// (its index in the list given) when one lock is to blame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockError {
    /// The index of the lock to blame, if one is.
    pub lock: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LockError {}

impl DungeonGrid {
    /// The locks, in canonical order ([`Lock::order_key`]); empty unless
    /// some were set ([`DungeonGrid::with_locks`]).
    #[must_use]
    pub fn locks(&self) -> &[Lock] {
        &self.locks
    }

    /// The rooms holding a key, sorted, each once.
    #[must_use]
    pub fn key_rooms(&self) -> Vec<usize> {
        let mut rooms: Vec<usize> = self.locks.iter().filter_map(Lock::key).collect();
        rooms.dedup();
        rooms
    }

    /// The cell a key lying in `room` stands on; `None` for a number that
    /// is not a room. On a room grid it is the room's first cell, row by
    /// row. On a tile map it is the room's floor cell nearest the centre
    /// of its rectangle (ties row by row) that is neither the start nor
    /// the end and has no walkable cell outside the room beside it (so
    /// never in front of a doorway); in a room too small for that, the
    /// nearest cell that is neither start nor end.
    #[must_use]
    pub fn key_tile(&self, room: usize) -> Option<Pos> {
        progression::key_tile(self, room)
    }

    /// The sides of cell `p` closed by a key lock (`DOOR_N | …`, a door-mask
    /// overlay like [`DungeonGrid::secret_door_mask`], set on both cells
    /// of each side), whether or not the lock has been opened in play.
    #[must_use]
    pub fn locked_side_mask(&self, p: Pos) -> u8 {
        progression::side_mask(self, p, false, true)
    }

    /// The gate of lock `i` (its index in [`DungeonGrid::locks`]): the open
    /// sides it closes, each as a cell on the lock's `from` side and the
    /// door bit (`DOOR_N`, …) of its side facing `into` (see [`Lock`]).
    /// Empty past the last lock. What a picture of the level draws as the
    /// locked or one-way door.
    #[must_use]
    pub fn lock_gate(&self, i: usize) -> Vec<(Pos, u8)> {
        self.locks
            .get(i)
            .and_then(|lock| progression::gate(self, lock))
            .unwrap_or_default()
    }

    /// The sides of cell `p` that are one-way doors passable only outward:
    /// a walker may leave `p` through them but not enter `p` through them
    /// (set on the cell on a one-way door's `from` side only).
    #[must_use]
    pub fn one_way_mask(&self, p: Pos) -> u8 {
        progression::side_mask(self, p, true, false)
    }

    /// A shortest walk from `from` to `to`, both included, as a player
    /// holding some keys walks it: the key locks whose indices (into
    /// [`DungeonGrid::locks`]) are in `open` are open, every other key lock
    /// is shut, and one-way doors pass from their `from` side only. Secret
    /// doors count as found, as in [`DungeonGrid::path`]; indices that are
    /// no key lock are ignored. `None` when there is no such walk (or
    /// either end is outside or not walkable).
    #[must_use]
    pub fn path_with_locks(&self, from: Pos, to: Pos, open: &[usize]) -> Option<Vec<Pos>> {
        let forward = progression::walk_masks(self, open);
        let backward = self.reversed_masks(&forward);
        self.path_on(&forward, &backward, from, to)
    }

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
        progression::prove(self, &self.locks)
    }
}
