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
    use super::*;
    use crate::bsp::BspConfig;
    use crate::cave::CaveConfig;
    use crate::drunkard::DrunkardConfig;
    use crate::graph_layout::GraphConfig;
    use crate::hilbert::HilbertConfig;
    use crate::isaac::IsaacConfig;
    use crate::maze::MazeConfig;
    use crate::template::TemplateConfig;
    use crate::tinykeep::TinyKeepConfig;
    use crate::tunneler::TunnelerConfig;
    use crate::walker::WalkerConfig;

    /// Every preset of `C` is found by its name, and `validate_for` refuses
    /// exactly what `generate` refuses before generating, with the same
    /// error: on each preset at good and bad levels, and on each preset
    /// broken by `break_it`.
    fn keeps_the_contract<C: GeneratorConfig>(break_it: fn(&mut C)) {
        assert!(!C::PRESET_LIST.is_empty());
        assert_eq!(C::preset("no such preset"), None);
        for p in C::PRESET_LIST {
            let mut c = (p.make)();
            assert_eq!(C::preset(p.name).as_ref(), Some(&c), "{}", p.name);
            for level in [0, 1, 1001] {
                agrees(&c, level);
            }
            break_it(&mut c);
            assert!(c.validate_for(1).is_err(), "{c:?}");
            agrees(&c, 1);
        }
    }

    fn agrees<C: GeneratorConfig>(c: &C, level: i32) {
        let made = c.generate(1, level);
        match c.validate_for(level) {
            Err(e) => assert_eq!(made.err(), Some(e), "{c:?} level {level}"),
            Ok(()) => assert!(
                !matches!(made, Err(GenError::Config(_))),
                "{c:?} level {level}: {made:?}"
            ),
        }
    }

    #[test]
    fn every_generator_keeps_the_contract() {
        keeps_the_contract::<IsaacConfig>(|c| c.grid.width = 0);
        keeps_the_contract::<DrunkardConfig>(|c| c.max_steps = 0);
        keeps_the_contract::<BspConfig>(|c| c.width = 0);
        keeps_the_contract::<HilbertConfig>(|c| c.order = 0);
        keeps_the_contract::<TunnelerConfig>(|c| c.width = 0);
        keeps_the_contract::<WalkerConfig>(|c| c.width = 0);
        keeps_the_contract::<TinyKeepConfig>(|c| c.cell_count = 0);
        keeps_the_contract::<MazeConfig>(|c| c.width = 0);
        keeps_the_contract::<CaveConfig>(|c| c.width = 0);
        keeps_the_contract::<TemplateConfig>(|c| c.width = 0);
        keeps_the_contract::<GraphConfig>(|c| c.work_budget = 0);
    }

    #[test]
    fn the_functions_are_the_trait_s_runs() {
        let c = MazeConfig::classic();
        let watched = crate::maze::generate_watched(&c, 3, 2, &Watch::new());
        assert_eq!(crate::maze::generate(&c, 3, 2), watched);
        assert_eq!(c.generate(3, 2), watched);
    }
}
