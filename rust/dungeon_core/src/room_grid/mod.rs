//! What the room-grid generators (Isaac, drunkard walk) share: one config
//! ([`RoomGridConfig`]: grid size, room-count formula, end rules, capacity,
//! attempts) and one attempt loop. A generator supplies only its growth step.
//!
//! - `count`: the per-level room-count formula ([`RoomCount`]);
//! - `config`: the shared settings and the per-level plan (capacity, growth
//!   of the grid, the work budget);
//! - `scratch`: the occupancy map one attempt grows into;
//! - `ends`: start/end choice and rejection ([`EndRules`]);
//! - `large`: large rooms (1×2, 2×1, 2×2, L) on branching floors
//!   ([`LargeRooms`]);
//! - `roles`: special rooms (boss, shop, secret…) by per-level rules
//!   ([`RoomRules`]);
//! - `budget`: the work steps one call may spend ([`MAX_STEPS`]);
//! - `attempt`: the loop and its error messages, and the
//!   generators' [`crate::watch::Watch`] checkpoints: at the start of each
//!   attempt, after growing (progress 0.5) and after the ends and special
//!   rooms (0.95; measured shares of an attempt at level 20 of Isaac's
//!   `large_rooms`); a retry holds the value.
//!
//! The acceptance rules of the original room-grid script that `compact` and
//! `winding` reproduce, with its bugs fixed:
//! - a layout needs at least `min_dead_ends` dead ends, and rooms on the grid
//!   edge can be dead ends (the script skipped out-of-bounds neighbours, so
//!   they never were);
//! - the end is the dead end *farthest from the start by path* that honours
//!   the script's constraints (it took the last dead end in scan order);
//! - when no start/end pair qualifies, the layout is regenerated within the
//!   attempt budget (the script's start re-pick loop could spin forever).
//!
//! Every call is bounded: settings that can never succeed (more rooms than
//! the grid holds, more dead ends than the rooms can have, an end distance
//! longer than the grid's diagonal) are refused before any work, and all
//! attempts of one call share a budget of at most [`MAX_STEPS`] work steps.

mod attempt;
mod budget;
mod config;
mod count;
mod ends;
mod large;
mod roles;
mod scratch;

pub use attempt::Work;
pub(crate) use attempt::{Generator, run};
pub(crate) use budget::Budget;
pub use config::{RoomGridConfig, capacity, highest_level, max_dead_ends};
pub use count::RoomCount;
pub use ends::{EndRule, EndRules, StartRule};
pub use large::LargeRooms;
pub use roles::{RoleRule, RoomRules};
pub(crate) use scratch::RoomScratch;

/// Largest grid side a room-grid generator accepts.
pub const MAX_SIDE: i32 = 256;
/// Largest level accepted (the same for every generator: [`crate::level`]).
pub use crate::level::MAX_LEVEL;
/// The most work steps one call may take, across all its attempts (a step is
/// one candidate cell looked at, one walk step, one cell cleared, scanned or
/// searched). The slowest steps (walks on the largest grids, out of cache)
/// take about 8 ns, so a call ends within about half a second in a release
/// build (`examples/work_budget.rs` measures it).
pub const MAX_STEPS: u64 = 50_000_000;
