//! Seeded, deterministic dungeon generators with no engine dependency.
//!
//! Every generator's config implements [`GeneratorConfig`]: its presets, its
//! checks and its run. `config.generate(seed, level)` (or the module's
//! function, `isaac::generate(&config, seed, level)`) validates the config,
//! runs within an explicit budget and returns a [`DungeonGrid`] or a typed
//! [`GenError`]. The same config, seed and level give the same grid on every
//! platform.
//!
//! ```
//! use dungeon_core::isaac::{self, IsaacConfig};
//! let grid = isaac::generate(&IsaacConfig::compact(), 7, 3).unwrap();
//! assert!(grid.is_connected());
//! println!("{grid}");
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

// Lets unit tests share support files written for the integration tests.
#[cfg(test)]
extern crate self as dungeon_core;

mod adjacency;
pub mod analysis;
pub mod bsp;
pub mod cave;
pub mod collision;
pub mod decor;
pub mod dig;
pub mod drunkard;
pub mod elementary;
pub mod error;
mod generator;
pub mod graph_layout;
pub mod grid;
pub mod hilbert;
pub mod isaac;
#[cfg(feature = "serde")]
pub mod json;
pub mod level;
pub mod maze;
pub mod minesweeper;
pub mod nav;
pub mod paint;
pub mod poi;

pub mod preset;
pub mod progression;
pub mod registry;
pub mod rng;
pub mod room_grid;
pub mod template;
pub mod tinykeep;
pub mod tunneler;
pub mod walker;
pub mod watch;

pub use error::{ConfigError, GenError};
pub use generator::GeneratorConfig;
pub use grid::{
    Cell, Connection, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, Lock, LockError,
    LockKind, MAX_LOCKS, ParseError, Pos, Rect, Room, RoomRole, RoomShape,
};
pub use rng::DungeonRng;
pub use watch::Watch;
