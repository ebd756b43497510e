//! Levels a player can finish: what the progression planner is asked for
//! (`settings.rs`), what a lock closes (`gates.rs`), the regions the tiles
//! fall into with every lock shut (`regions.rs`) and the proof that a
//! player can finish the level ([`Proof`], `solve.rs`).

mod gates;
mod regions;
pub mod settings;
mod solve;

pub(crate) use gates::{key_tile, side_mask};
pub use settings::{LockGuard, ProgressionSettings, SecretRooms};
pub use solve::Proof;
pub(crate) use solve::prove;

#[cfg(test)]
mod tests;
