//! Progression: locked doors, keys and one-way doors, and the proof that a
//! player can finish a level with them.
//!
//! # The model
//!
//! A [`Lock`](crate::grid::Lock) sits on a connection of the room graph,
//! oriented `from → into`. A key lock is opened by the key lying on the key
//! tile of its key room ([`DungeonGrid::key_tile`](crate::grid::DungeonGrid::key_tile));
//! keys are never used up, and one key opens every lock naming its room.
//! A one-way door is passable from `from` into `into` only.
//!
//! **The gate** (what a lock physically closes, `gates.rs`):
//! - rooms that open into each other (every connection of a room grid, and
//!   tile-map rooms whose floors touch): every open side between a floor
//!   cell of `from` and a floor cell of `into`;
//! - otherwise (tile maps): the connection's run of tiles, walked from
//!   `from` to `into`, ends on a tile opening into `into`; the gate is the
//!   open sides between that tile and `into`'s floor. The tile itself stays
//!   walkable: the player stands at the locked door.
//!
//! **Secret rooms are optional**: no lock touches a secret or super secret
//! room, no key lies in one, and the proof runs with their secret doors
//! closed, so a level never needs a secret to be found.
//!
//! # The proof (`solve.rs`)
//!
//! The walkable tiles are split into *regions*: the pieces left with every
//! gate and every secret door closed (`regions.rs`). From the start's region
//! the solver opens, until nothing changes, every key lock whose key tile
//! lies in a region reached and one of whose gate sides borders one, and
//! follows one-way doors out of the regions reached. The level is accepted
//! when the end is reached, every key lock opens and every room but the
//! secret ones is reached; each one-way door must join two rooms that stay
//! joined without it with every lock shut. The order in which the locks
//! opened is the witness ([`Proof::order`]).
//!
//! **The guarantee.** With keys never used up (or one door per key), every
//! sequence of moves from the start leaves the end reachable: the one-way
//! rule makes one-way doors irrelevant to what can be reached, so a player
//! can always walk back to any tile reached, and everything the player can
//! hold (tiles reached, keys, locks opened) only grows, so the fixpoint from
//! any reachable state holds the end.

mod gates;
mod regions;
mod solve;

pub(crate) use gates::{key_tile, side_mask};
pub use solve::Proof;
pub(crate) use solve::prove;

#[cfg(test)]
mod tests;
