//! BSP rooms, corridors and doors on a tile grid (seed 001). Skeleton: being written.

use crate::error::GenError;
use crate::grid::DungeonGrid;

/// Settings for [`generate`].
#[derive(Clone, Debug, PartialEq)]
pub struct BspConfig {
    /// Grid width in tiles.
    pub width: i32,
    /// Grid height in tiles.
    pub height: i32,
}

impl Default for BspConfig {
    fn default() -> Self {
        Self { width: 40, height: 40 }
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
