//! BSP rooms, corridors and doors on a tile grid (seed 001). Skeleton: being written.

use crate::error::GenError;
use crate::grid::DungeonGrid;

/// Settings for [`generate`].
#[derive(Clone, Debug, PartialEq)]
pub struct BspConfig {
    /// Grid width in tiles (default 40).
    pub width: i32,
    /// Grid height in tiles (default 40).
    pub height: i32,
    /// Split depth: up to `2^iterations` rooms (default 4 → 16).
    pub iterations: i32,
    /// Split point drawn from `0.5 ± partition_range` of the side (default 0.2).
    pub partition_range: f64,
    /// No partition side smaller than this (tiles).
    pub min_partition_size: i32,
    /// Room side as a fraction of its partition side: lower bound (default 0.6).
    pub room_size_min: f64,
    /// Room side as a fraction of its partition side: upper bound (default 0.7).
    pub room_size_max: f64,
    /// Smallest room side in tiles (default 2).
    pub min_room_size: i32,
    /// Empty margin around the whole map, ≥ 1 (default 1).
    pub border: i32,
}

impl Default for BspConfig {
    fn default() -> Self {
        Self {
            width: 40,
            height: 40,
            iterations: 4,
            partition_range: 0.2,
            min_partition_size: 6,
            room_size_min: 0.6,
            room_size_max: 0.7,
            min_room_size: 2,
            border: 1,
        }
    }
}

impl BspConfig {
    /// Checks every field without generating.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, value and allowed range.
    pub fn validate(&self) -> Result<(), GenError> {
        Ok(())
    }
}

/// Generates level `level` of the run `seed`.
///
/// # Errors
/// Always, for now.
pub fn generate(config: &BspConfig, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
    let _ = (config, seed, level);
    Err(GenError::Exhausted { generator: "bsp", attempts: 0, reason: "not written yet".into() })
}
