//! Levels a player can finish: what a game (and the lock-and-key planner)
//! needs to know about a finished layout's rooms, what the planner is
//! asked for, and the proof that a level with locks can be finished.
//!
//! - [`metrics`]: per room, its distance from the start in rooms and in
//!   tiles, whether it lies on the critical path (the fewest-rooms way from
//!   the start room to the end room), how deep a branch off that path it
//!   sits in, and whether it is a dead end, on a loop, or a chokepoint every
//!   way to the end must cross ([`DungeonGrid::room_metrics`]).
//! - [`settings`]: how many keys (locked rooms) and one-way doors, and
//!   where they may go.
//! - What a lock closes (`gates.rs`), the regions the tiles fall into with
//!   every lock shut (`regions.rs`) and the proof that a player can finish
//!   the level ([`Proof`], `solve.rs`).
//! - [`plan`]: the planner that chooses locks, keys and one-way doors for
//!   a finished layout and stores them in it, proven (`place.rs`);
//!   [`generate_then_plan`]: a level made, then planned, the one way every
//!   front end does both.
//! - [`spawns`]: where enemies, loot, traps and the boss may stand
//!   ([`DungeonGrid::spawn_points`]).
//!
//! [`DungeonGrid::room_metrics`]: crate::DungeonGrid::room_metrics
//! [`DungeonGrid::spawn_points`]: crate::DungeonGrid::spawn_points

mod gates;
pub mod metrics;
mod place;
mod regions;
pub mod settings;
mod solve;
pub mod spawns;

pub use metrics::{CHOKEPOINT, DEAD_END, IN_CYCLE, ON_CRITICAL_PATH, RoomMetrics, SECRET};
pub use place::{Plan, generate_then_plan, plan};
pub use settings::{LockGuard, ProgressionSettings, SecretRooms};
pub use solve::Proof;
pub use spawns::{SpawnKind, SpawnPoint, SpawnRules};

#[cfg(test)]
mod tests;
