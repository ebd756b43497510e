//! [`GeneratorConfig`]: the contract every generator's config keeps. A
//! generator implements its presets, its checks and its run; the trait
//! gives it the rest (a preset by name, the watched run that completes the
//! progress, a run nothing watches), and the registry and the Godot classes
//! call every generator through it.
//!
//! Each generator's module also has the runs as functions, declared by
//! `entry_points!`: `cave::generate(&CaveConfig::classic(), 1, 1)`.

use std::fmt;

use crate::error::GenError;
use crate::grid::DungeonGrid;
use crate::preset::{self, Preset};
use crate::watch::Watch;

/// A generator's config (plain data), and the generator it drives. A
/// generator implements [`Self::PRESET_LIST`], [`Self::validate_for`] and
/// [`Self::build`]; callers use [`Self::preset`], [`Self::generate`] and
/// [`Self::generate_watched`].
///
/// ```
/// use dungeon_core::GeneratorConfig;
/// use dungeon_core::maze::MazeConfig;
///
/// let config = MazeConfig::preset("classic").unwrap();
/// assert!(config.validate_for(1).is_ok());
/// let grid = config.generate(7, 1).unwrap();
/// assert_eq!(grid, MazeConfig::default().generate(7, 1).unwrap());
/// ```
pub trait GeneratorConfig: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {
    /// The presets, the default first.
    const PRESET_LIST: &'static [Preset<Self>];

    /// Checks every setting, and `level`, without generating.
    ///
    /// # Errors
    /// The [`GenError::Config`] [`Self::generate`] refuses these settings
    /// or this level with before it generates anything.
    fn validate_for(&self, level: i32) -> Result<(), GenError>;

    /// The generator itself: level `level` of the run `seed`, with
    /// checkpoints for `watch` between its phases and in its long loops.
    /// Call [`Self::generate_watched`], which also completes the progress.
    ///
    /// # Errors
    /// As [`Self::generate_watched`].
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError>;

    /// The config of preset `name` (`"classic"`), if there is one.
    #[must_use]
    fn preset(name: &str) -> Option<Self> {
        preset::find(name, Self::PRESET_LIST)
    }

    /// Generates level `level` of the run `seed` under `watch`, which can
    /// cancel the run and reads its progress (1 once the grid is made).
    /// The same config, seed and level give the same grid, watched or not.
    ///
    /// # Errors
    /// [`GenError::Config`] as [`Self::validate_for`],
    /// [`GenError::Exhausted`] when the generator's attempts or budget ran
    /// out, and [`GenError::Cancelled`] once `watch` is cancelled; each
    /// generator's [`Self::build`] says which it can return.
    fn generate_watched(
        &self,
        seed: u64,
        level: i32,
        watch: &Watch,
    ) -> Result<DungeonGrid, GenError> {
        watch.finish(self.build(seed, level, watch))
    }

    /// Generates level `level` of the run `seed`, with nothing watching.
    ///
    /// # Errors
    /// As [`Self::generate_watched`], never cancelled.
    fn generate(&self, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
        self.generate_watched(seed, level, &Watch::new())
    }
}

/// Declares a generator module's `generate` and `generate_watched`: its
/// config's [`GeneratorConfig::generate`] and
/// [`GeneratorConfig::generate_watched`] as functions, for callers that
/// write `cave::generate(&config, seed, level)`.
macro_rules! entry_points {
    ($config:ident) => {
        /// Generates level `level` of the run `seed` from `config`:
        /// [`GeneratorConfig::generate`](crate::GeneratorConfig::generate)
        /// as a function.
        ///
        /// # Errors
        #[doc = concat!("As [`", stringify!($config), "::build`], never cancelled.")]
        pub fn generate(
            config: &$config,
            seed: u64,
            level: i32,
        ) -> Result<$crate::DungeonGrid, $crate::GenError> {
            $crate::GeneratorConfig::generate(config, seed, level)
        }

        /// [`generate`] under a [`Watch`](crate::Watch), which can cancel the
        /// run and reads its progress:
        /// [`GeneratorConfig::generate_watched`](crate::GeneratorConfig::generate_watched)
        /// as a function.
        ///
        /// # Errors
        #[doc = concat!("As [`", stringify!($config), "::build`].")]
        pub fn generate_watched(
            config: &$config,
            seed: u64,
            level: i32,
            watch: &$crate::Watch,
        ) -> Result<$crate::DungeonGrid, $crate::GenError> {
            $crate::GeneratorConfig::generate_watched(config, seed, level, watch)
        }
    };
}
pub(crate) use entry_points;

#[cfg(test)]
mod tests {
    //! Every registry generator keeps the contract:
    //! `registry/tests/contract.rs`.
    use super::*;
    use crate::maze::MazeConfig;

    #[test]
    fn the_functions_are_the_trait_s_runs() {
        let c = MazeConfig::classic();
        let watched = crate::maze::generate_watched(&c, 3, 2, &Watch::new());
        assert_eq!(crate::maze::generate(&c, 3, 2), watched);
        assert_eq!(c.generate(3, 2), watched);
    }
}
