//! Locks as data: locked doors and one-way doors on the room graph, and the
//! grid's list of them.
//!
//! A lock sits on a connection ([`DungeonGrid::connections`]), oriented
//! from the room the player comes from into the room it guards. What it
//! physically closes (its *gate*, a few open sides of the door masks) is a
//! function of the grid and the lock, documented at [`Lock`]. The methods
//! that need the gates or the proof that a player can finish the level
//! ([`DungeonGrid::key_tile`], [`DungeonGrid::lock_gate`],
//! [`DungeonGrid::check_locks`], [`DungeonGrid::with_locks`], …) live in
//! [`crate::progression`], beside the code they run.

use std::fmt;

use super::DungeonGrid;

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
/// the proof runs with the secret doors open ([`Proof`](crate::progression::Proof)).
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
}
