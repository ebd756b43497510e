//! Levels a player can finish: what the progression planner is asked for.

pub mod settings;

pub use settings::{LockGuard, ProgressionSettings, SecretRooms};
