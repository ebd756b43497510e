//! The generator registry: one description per generator (its name, what
//! it makes and its settings schema; its presets and its run come from its
//! config's [`GeneratorConfig`]) and [`GENERATORS`], the one list of them
//! all.
//!
//! The command line builds its flags, help and dispatch from this list, the
//! fuzz targets and the docs read it, and the Godot classes take their
//! presets from it (a test in the Godot suite proves each class's exported
//! ranges and preset names agree with the schema).
//!
//! Adding a generator: its module (its config implements
//! [`GeneratorConfig`]), one file here with its [`Generator`] (its
//! settings), and one line in [`GENERATORS`].

mod bsp;
mod cave;
mod dig;
mod graph;
mod hilbert;
mod maze;
mod progression;
mod room_grid;
mod setting;
mod template;
mod tinykeep;

use std::any::Any;
use std::fmt;

pub use setting::{Kind, Range, SWITCH, Setting, Type, boolean, choice, int, number};

pub use crate::preset::Preset;
pub use bsp::BSP;
pub use cave::CAVE;
pub use dig::{TUNNELER, WALKER};
pub use graph::GRAPH;
pub use hilbert::HILBERT;
pub use maze::MAZE;
pub use progression::{progression, progression_info};
pub use room_grid::{DRUNKARD, ISAAC};
pub use template::TEMPLATE;
pub use tinykeep::TINYKEEP;

use crate::generator::GeneratorConfig;
use crate::progression::ProgressionSettings;
use crate::watch::Watch;
use crate::{DungeonGrid, GenError};

/// Every generator, in the order the command line lists them.
pub const GENERATORS: &[&dyn Entry] = &[
    &ISAAC, &DRUNKARD, &BSP, &HILBERT, &TUNNELER, &WALKER, &TINYKEEP, &MAZE, &CAVE, &TEMPLATE,
    &GRAPH,
];

/// The generator called `name` (`"maze"`), if any.
#[must_use]
pub fn find(name: &str) -> Option<&'static dyn Entry> {
    GENERATORS.iter().copied().find(|g| g.name() == name)
}

/// One generator's description, typed by its config `C`, whose
/// [`GeneratorConfig`] gives the presets and the run.
pub struct Generator<C: 'static> {
    /// The command-line name (`"maze"`).
    pub name: &'static str,
    /// The Godot class that makes the same grids (`"MazeGenerator"`).
    pub class: &'static str,
    /// What it makes, in one line.
    pub summary: &'static str,
    /// A command line that shows it off (after `dungeon `).
    pub example: &'static str,
    /// Its settings, in the order they are applied (a size before the
    /// settings checked against it).
    pub settings: fn() -> Vec<Setting<C>>,
    /// Whether its grids have rooms, so the progression planner's settings
    /// ([`progression()`]) apply to it.
    pub rooms: bool,
}

/// A preset as the schema lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresetInfo {
    /// Its name.
    pub name: &'static str,
    /// What it makes.
    pub doc: &'static str,
}

/// A setting as the schema lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingInfo {
    /// Its name, `snake_case`.
    pub name: &'static str,
    /// What it does.
    pub doc: &'static str,
    /// Its type.
    pub ty: Type,
    /// The usage text's placeholder for its value (`N`, `F`, `4|8`…).
    pub placeholder: &'static str,
    /// Its value in the default preset, as text.
    pub default: String,
    /// The values accepted, when a fixed range says it.
    pub range: Option<Range>,
}

impl SettingInfo {
    /// The schema of `settings`, each default shown from `default` (empty
    /// without one).
    #[must_use]
    pub fn list<C: Clone>(settings: Vec<Setting<C>>, default: Option<&C>) -> Vec<SettingInfo> {
        settings.iter().map(|s| s.info(default)).collect()
    }
}

/// A generator of any config type: what [`GENERATORS`] holds.
pub trait Entry: Sync {
    /// The command-line name.
    fn name(&self) -> &'static str;
    /// The Godot class.
    fn class(&self) -> &'static str;
    /// What it makes.
    fn summary(&self) -> &'static str;
    /// An example command line.
    fn example(&self) -> &'static str;
    /// Its presets, the default first.
    fn presets(&self) -> Vec<PresetInfo>;
    /// Its settings schema, in the order settings are applied.
    fn settings(&self) -> Vec<SettingInfo>;
    /// Whether its grids have rooms (the progression settings apply).
    fn has_rooms(&self) -> bool;
    /// A job holding the config of preset `name` (`None`: the default), or
    /// `None` for an unknown preset.
    fn job(&self, preset: Option<&str>) -> Option<Box<dyn Job>>;
}

/// A generator with a config: settings can be changed by name, and it
/// generates.
pub trait Job: fmt::Debug + Send + Sync {
    /// The generator's command-line name.
    fn generator(&self) -> &'static str;
    /// Sets setting `name` from text: one of the generator's own settings
    /// or, for a generator with rooms, one of the progression planner's
    /// ([`progression()`]).
    ///
    /// # Errors
    /// What was expected, naming the value; that no setting has `name`; or,
    /// for a planner setting on a generator without rooms, that it makes
    /// no rooms ("the cave generator makes no rooms").
    fn set(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// Setting `name`'s value as text, if there is such a setting (a
    /// planner setting on a generator with rooms included).
    fn get(&self, name: &str) -> Option<String>;
    /// The planner settings the job applies after generating; `None` for a
    /// generator without rooms.
    fn progression(&self) -> Option<&ProgressionSettings>;
    /// Checks the settings for `level` without generating, in the order the
    /// run does: the planner's settings, then what
    /// [`GeneratorConfig::validate_for`] says.
    ///
    /// # Errors
    /// The [`GenError::Config`] the run would give before generating.
    fn validate(&self, level: i32) -> Result<(), GenError>;
    /// Runs the generator under `watch`, then, when the planner settings
    /// ask for locks or one-way doors, the planner
    /// ([`crate::progression::plan`]) on the grid.
    ///
    /// # Errors
    /// The generator's [`GenError`], or the planner's (a
    /// [`GenError::Config`] naming a planner setting).
    fn generate_watched(
        &self,
        seed: u64,
        level: i32,
        watch: &Watch,
    ) -> Result<DungeonGrid, GenError>;
    /// The config, for a caller that knows its type.
    fn config(&self) -> &dyn Any;
    /// A copy.
    fn clone_job(&self) -> Box<dyn Job>;
    /// Whether `other` is the same generator with an equal config.
    fn same(&self, other: &dyn Job) -> bool;
}

impl dyn Job + '_ {
    /// Runs the generator (nothing watches it).
    ///
    /// # Errors
    /// The generator's [`GenError`].
    pub fn generate(&self, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
        self.generate_watched(seed, level, &Watch::new())
    }
}

impl Clone for Box<dyn Job> {
    fn clone(&self) -> Self {
        self.clone_job()
    }
}

impl PartialEq for dyn Job {
    fn eq(&self, other: &Self) -> bool {
        self.same(other)
    }
}

impl<C: GeneratorConfig> Generator<C> {
    /// The config of preset `name`, if there is one.
    #[must_use]
    pub fn preset(&self, name: &str) -> Option<C> {
        C::preset(name)
    }
}

impl<C: GeneratorConfig> Entry for Generator<C> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn class(&self) -> &'static str {
        self.class
    }

    fn summary(&self) -> &'static str {
        self.summary
    }

    fn example(&self) -> &'static str {
        self.example
    }

    fn presets(&self) -> Vec<PresetInfo> {
        C::PRESET_LIST
            .iter()
            .map(|p| PresetInfo {
                name: p.name,
                doc: p.doc,
            })
            .collect()
    }

    fn settings(&self) -> Vec<SettingInfo> {
        let default = C::PRESET_LIST.first().map(|p| (p.make)());
        SettingInfo::list((self.settings)(), default.as_ref())
    }

    fn has_rooms(&self) -> bool {
        self.rooms
    }

    fn job(&self, preset: Option<&str>) -> Option<Box<dyn Job>> {
        let config = match preset {
            Some(name) => C::preset(name)?,
            None => (C::PRESET_LIST.first()?.make)(),
        };
        Some(Box::new(Configured {
            name: self.name,
            settings: self.settings,
            config,
            rooms: self.rooms,
            progression: ProgressionSettings::default(),
        }))
    }
}

/// A [`Generator`]'s settings and a config: the [`Job`] behind a `dyn Job`.
struct Configured<C: 'static> {
    name: &'static str,
    settings: fn() -> Vec<Setting<C>>,
    config: C,
    /// Whether the generator makes rooms (the planner settings apply).
    rooms: bool,
    /// The planner settings (the default asks for nothing).
    progression: ProgressionSettings,
}

impl<C: fmt::Debug> fmt::Debug for Configured<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct(self.name);
        d.field("config", &self.config);
        if self.rooms {
            d.field("progression", &self.progression);
        }
        d.finish()
    }
}

impl<C: GeneratorConfig> Job for Configured<C> {
    fn generator(&self) -> &'static str {
        self.name
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let settings = (self.settings)();
        if let Some(s) = settings.iter().find(|s| s.name == name) {
            return s.set(&mut self.config, value);
        }
        let planner = progression();
        let s = planner
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| format!("{} has no setting {name:?}", self.name))?;
        if !self.rooms {
            return Err(format!(
                "{name}: the {} generator makes no rooms",
                self.name
            ));
        }
        s.set(&mut self.progression, value)
    }

    fn get(&self, name: &str) -> Option<String> {
        let settings = (self.settings)();
        if let Some(s) = settings.iter().find(|s| s.name == name) {
            return Some(s.show(&self.config));
        }
        if !self.rooms {
            return None;
        }
        let planner = progression();
        let s = planner.iter().find(|s| s.name == name)?;
        Some(s.show(&self.progression))
    }

    fn progression(&self) -> Option<&ProgressionSettings> {
        self.rooms.then_some(&self.progression)
    }

    fn validate(&self, level: i32) -> Result<(), GenError> {
        if let Some(p) = self.progression() {
            p.validate().map_err(GenError::Config)?;
        }
        self.config.validate_for(level)
    }

    fn generate_watched(
        &self,
        seed: u64,
        level: i32,
        watch: &Watch,
    ) -> Result<DungeonGrid, GenError> {
        crate::progression::generate_then_plan(
            self.progression(),
            watch,
            || self.config.generate_watched(seed, level, watch),
            |grid| grid,
        )
    }

    fn config(&self) -> &dyn Any {
        &self.config
    }

    fn clone_job(&self) -> Box<dyn Job> {
        Box::new(Configured {
            config: self.config.clone(),
            ..*self
        })
    }

    fn same(&self, other: &dyn Job) -> bool {
        other.generator() == self.name
            && other.progression() == self.progression()
            && other
                .config()
                .downcast_ref::<C>()
                .is_some_and(|c| *c == self.config)
    }
}

#[cfg(test)]
mod tests;
