//! What every generator class shares: `preset`, `seed`, `level`,
//! `last_error`, `generate()`, `generate_level()`, `room_count_range()`, the
//! `generation_failed` signal, the `changed` signal on every property set,
//! and the failure path.
//!
//! A generator class is one [`generator_class!`] call that declares its
//! properties, each written once with the core config field it sets (its
//! namesake unless `=>` names another; the value converted by
//! [`CoreValue`]), and names its core config, whose
//! [`GeneratorConfig`] gives the preset table and `generate_watched`; plus
//! a [`Generator`] impl with hooks for the settings that are no
//! single core field (empty for most). See `bsp_generator.rs` for a plain
//! class, `cave_generator.rs` for hooks.

use dungeon_core::level::MAX_LEVEL;
use dungeon_core::progression::{self, ProgressionSettings};
use dungeon_core::watch::Watch;
use dungeon_core::{ConfigError, DungeonGrid as CoreGrid, GenError, GeneratorConfig};
use godot::prelude::*;
use godot::register::property::Var;

use crate::convert::{range2i, seed_bits};
use crate::dungeon_grid::DungeonGrid;

/// What [`generator_class!`] declares for a class: its core config (whose
/// [`GeneratorConfig`] gives the presets and the run) and its room-count
/// call.
pub trait GeneratorKind {
    /// The core settings this class edits (plain data: `generate_async`
    /// moves a copy to a worker thread).
    type Config: GeneratorConfig;

    /// Runs the core generator under `watch` (its `generate_watched`).
    ///
    /// # Errors
    /// The core's error for invalid settings or an exhausted budget, and
    /// [`GenError::Cancelled`] once `watch` is cancelled.
    fn run(
        config: &Self::Config,
        seed: u64,
        level: i32,
        watch: &Watch,
    ) -> Result<CoreGrid, GenError> {
        config.generate_watched(seed, level, watch)
    }

    /// The fewest and most rooms `level` can have.
    fn count_range(config: &Self::Config, level: i32) -> Result<(i32, i32), ConfigError>;

    /// The planner settings of the `progression` property; `None` when it
    /// is empty.
    fn progression(&self, ints: &mut Ints) -> Option<ProgressionSettings>;

    /// The presets, in the order of the class's preset enum (whose last
    /// value, after these, is `Custom`): the core config's preset table.
    fn presets() -> Vec<Self::Config> {
        Self::Config::PRESET_LIST
            .iter()
            .map(|p| (p.make)())
            .collect()
    }

    /// The core settings from the properties: the first preset's, with
    /// the field of every mapped property set from it (by
    /// [`generator_class!`]), then
    /// [`Generator::config_rest`]. Godot `int` properties are narrowed
    /// through `ints`, which remembers values that did not fit.
    fn config(&self, ints: &mut Ints) -> Self::Config;

    /// Sets every mapped property from core settings (by
    /// [`generator_class!`]), then
    /// [`Generator::load_rest`].
    fn load(&mut self, config: &Self::Config);
}

/// The hand-written part of a generator class: the settings that no
/// single core field maps to (the cave's phase slots, the room grid's end
/// rule), and the resources it follows. Every hook does nothing by
/// default.
pub trait Generator: GeneratorKind {
    /// Sets the parts of `config` that the mapped properties do not.
    fn config_rest(&self, _ints: &mut Ints, _config: &mut Self::Config) {}

    /// Sets the properties that are not mapped from `config`.
    fn load_rest(&mut self, _config: &Self::Config) {}

    /// The resources among the settings whose edits change the result
    /// (besides `progression`): their `changed` is forwarded to the
    /// generator's. None by default.
    fn followed(&self) -> Vec<Gd<Resource>> {
        Vec::new()
    }
}

/// Whether the preset enum constant `constant` (`PRESET_LARGE_ROOMS`) is
/// the one of the core's preset `name` (`large_rooms`): `PRESET_` and
/// the name upper-cased. [`generator_class!`] checks every class's enum
/// against its core preset table with it when the crate compiles.
#[must_use]
pub const fn preset_constant_is(constant: &str, name: &str) -> bool {
    const PREFIX: &[u8] = b"PRESET_";
    let (c, n) = (constant.as_bytes(), name.as_bytes());
    if c.len() != PREFIX.len() + n.len() {
        return false;
    }
    let mut i = 0;
    while i < c.len() {
        let want = if i < PREFIX.len() {
            PREFIX[i]
        } else {
            n[i - PREFIX.len()].to_ascii_uppercase()
        };
        if c[i] != want {
            return false;
        }
        i += 1;
    }
    true
}

/// How a property's value maps to the core config field it sets (the
/// field a [`generator_class!`] property names, or its namesake).
pub trait CoreValue<C> {
    /// The core's value. An `int` is narrowed through `ints` under the
    /// property's `name`.
    fn to_core(&self, name: &'static str, ints: &mut Ints) -> C;

    /// The property's value from the core's.
    fn from_core(core: &C) -> Self;
}

/// An `int` property is a core `i32`, narrowed through [`Ints`].
impl CoreValue<i32> for i64 {
    fn to_core(&self, name: &'static str, ints: &mut Ints) -> i32 {
        ints.get(name, *self)
    }

    fn from_core(core: &i32) -> Self {
        Self::from(*core)
    }
}

/// `float` and `bool` properties are the core's values as they are.
macro_rules! copied_setting {
    ($($t:ty),*) => {$(
        impl CoreValue<$t> for $t {
            fn to_core(&self, _: &'static str, _: &mut Ints) -> $t {
                *self
            }

            fn from_core(core: &$t) -> Self {
                *core
            }
        }
    )*};
}
copied_setting!(f64, bool);

/// A `String` property is the core's `String`.
impl CoreValue<String> for GString {
    fn to_core(&self, _: &'static str, _: &mut Ints) -> String {
        self.to_string()
    }

    fn from_core(core: &String) -> Self {
        Self::from(core)
    }
}

/// Godot `int` properties narrowed to the core's `i32`. A value that does
/// not fit is clamped (so the core's validation names its field) and
/// remembered, so the message can show the value as the user gave it.
#[derive(Default)]
pub struct Ints {
    clamped: Vec<(&'static str, i64)>,
}

impl Ints {
    /// `value` as an `i32` for the core field `field`.
    pub fn get(&mut self, field: &'static str, value: i64) -> i32 {
        i32::try_from(value).unwrap_or_else(|_| {
            self.clamped.push((field, value));
            if value < 0 { i32::MIN } else { i32::MAX }
        })
    }

    /// An error for the first value that did not fit, if any.
    fn check(&self) -> Result<(), ConfigError> {
        match self.clamped.first() {
            Some(&(field, value)) => Err(ConfigError::new(
                field,
                value,
                "a 32-bit integer (-2147483648..=2147483647) in the setting's range",
            )),
            None => Ok(()),
        }
    }

    /// `result` with the value of a narrowed field written back as given;
    /// an error for a value that did not fit even if the core took it.
    pub fn restore<T>(&self, result: Result<T, GenError>) -> Result<T, GenError> {
        let result = result.and_then(|v| self.check().map(|()| v).map_err(GenError::from));
        result.map_err(|e| match e {
            GenError::Config(mut e) => {
                if let Some(&(_, value)) = self.clamped.iter().find(|(f, _)| *f == e.field) {
                    e.value = value.to_string();
                }
                GenError::Config(e)
            }
            other => other,
        })
    }
}

/// `level` checked against the core's level range, as given.
fn level_arg(ints: &mut Ints, level: i64) -> Result<i32, ConfigError> {
    let narrowed = ints.get("level", level);
    if (1..=MAX_LEVEL).contains(&narrowed) {
        Ok(narrowed)
    } else {
        Err(ConfigError::new("level", level, format!("1..={MAX_LEVEL}")))
    }
}

/// The preset whose settings equal the current ones, as an index into
/// [`Generator::presets`]; `presets().len()` (Custom) when none does.
pub fn preset_index<G: Generator>(this: &G) -> usize {
    let mut ints = Ints::default();
    let current = this.config(&mut ints);
    let presets = G::presets();
    if ints.check().is_err() {
        return presets.len();
    }
    presets
        .iter()
        .position(|p| *p == current)
        .unwrap_or(presets.len())
}

/// Loads preset `index`; Custom (or anything past the list) keeps the
/// settings as they are.
pub fn apply_preset<G: Generator>(this: &mut G, index: usize) {
    if let Some(c) = G::presets().get(index) {
        this.load(c);
    }
}

/// What a generation gives that holds the level's grid: the grid itself
/// (`generate_level`), or the grid with how it was made (the placements of
/// `TemplateGenerator.generate_with_graph`, TinyKeep's room graph…).
pub trait Made: Send + 'static {
    /// The grid, on which the progression planner places the locks.
    fn grid_mut(&mut self) -> &mut CoreGrid;
}

impl Made for CoreGrid {
    fn grid_mut(&mut self) -> &mut CoreGrid {
        self
    }
}

/// A core call that generates a level: settings, seed, level, watch.
pub type Make<C, T> = fn(&C, u64, i32, &Watch) -> Result<T, GenError>;

/// Generates `level` of `seed` with the current settings through `make`
/// (the core's generator for `generate_level`, a call that also gives how
/// the level was made for `generate_with_graph`), then plans the
/// `progression` on its grid: the same way for both, so both give the same
/// grid, locks included.
pub fn generate_with<G: Generator, T: Made>(
    this: &G,
    seed: i64,
    level: i64,
    make: Make<G::Config, T>,
) -> Result<T, GenError> {
    prepare(this, seed, level, make)(&Watch::new())
}

/// The generation of `level` of `seed` with the current settings, copied
/// into a closure that touches no Godot object: `level` is checked first
/// (1..=1000), then the core's [`progression::generate_then_plan`] checks
/// the `progression` settings, has `make` (the core's generator) make the
/// level and the planner place its locks. Every generating method goes
/// through it:
/// [`generate_with`] runs it at once with an idle watch, `generate_async`
/// on a worker thread with the request's watch, so all give the same grid
/// (a watch never changes it).
pub fn prepare<G: Generator, T: Made>(
    this: &G,
    seed: i64,
    level: i64,
    make: Make<G::Config, T>,
) -> impl FnOnce(&Watch) -> Result<T, GenError> + Send + 'static {
    let mut ints = Ints::default();
    let config = this.config(&mut ints);
    let planner = this.progression(&mut ints);
    let level = level_arg(&mut ints, level);
    move |watch| {
        let run = || {
            let level = level?;
            progression::generate_then_plan(
                planner.as_ref(),
                watch,
                || make(&config, seed_bits(seed), level, watch),
                T::grid_mut,
            )
        };
        ints.restore(run())
    }
}

/// Plans `settings` on `grid`: the planner's locks, keys and one-way
/// doors (replacing any it has), or none when they ask for none.
pub fn plan_locks(
    grid: &mut CoreGrid,
    settings: &ProgressionSettings,
    watch: &Watch,
) -> Result<(), GenError> {
    progression::plan(grid, settings, watch).map(drop)
}

/// The async job for `level` of `seed`: [`prepare`]'s closure with the
/// error turned into its message.
pub fn async_work<G: Generator>(this: &G, seed: i64, level: i64) -> crate::async_gen::Work {
    let work = prepare(this, seed, level, G::run);
    Box::new(move |watch| work(watch).map_err(|e| e.to_string()))
}

/// The room-count range of `level` with the current settings.
pub fn count_range<G: Generator>(this: &G, level: i64) -> Result<Vector2i, GenError> {
    checked_level(this, level).and_then(|(c, level)| Ok(range2i(G::count_range(&c, level)?)))
}

/// The current settings and `level`, for a call that does not generate
/// (room counts): `level` must be in 1..=1000 and every `int` setting must
/// fit the core, with the core's message when one does not.
pub fn checked_level<G: Generator>(this: &G, level: i64) -> Result<(G::Config, i32), GenError> {
    let mut ints = Ints::default();
    let config = this.config(&mut ints);
    let level = level_arg(&mut ints, level)?;
    if !ints.clamped.is_empty() {
        // The core's validation names the clamped field and what it
        // accepts, since no core range reaches the `i32` limits.
        ints.restore(config.validate_for(level))?;
    }
    Ok((config, level))
}

/// Turns a result into what a `#[func]` returns: the value, or the error
/// message after logging it with `push_error` and storing it in
/// `last_error`. A success clears `last_error`.
pub fn deliver<T>(result: Result<T, GenError>, last_error: &mut GString) -> Result<T, GString> {
    match result {
        Ok(v) => {
            *last_error = GString::new();
            Ok(v)
        }
        Err(e) => {
            let msg = GString::from(&e.to_string());
            godot_error!("{}", e);
            *last_error = msg.clone();
            Err(msg)
        }
    }
}

/// A finished grid as a Godot object.
pub fn wrap(grid: CoreGrid) -> Gd<DungeonGrid> {
    DungeonGrid::wrap(grid)
}

/// Sets `field` (the property `name` of class `class`) from `value` as its
/// generated setter would, and says whether the value changed. A value of
/// the wrong type is refused with an error naming the property.
pub fn set_field<T>(class: &str, name: &str, field: &mut T, value: &Variant) -> bool
where
    T: Var + ToGodot + PartialEq + Clone,
    T::Via: FromGodot,
{
    match value.try_to_relaxed::<T::Via>() {
        Ok(v) => {
            let old = field.clone();
            T::var_set(field, v);
            *field != old
        }
        Err(_) => {
            godot_error!(
                "{class}: invalid {name} = {value} (type {}): expected type {}; the setting is unchanged",
                type_string(value.get_type()),
                type_string(field.to_variant().get_type())
            );
            false
        }
    }
}

/// Forwards `changed` of every resource in `used` to `this` generator's
/// `changed` (an editor preview follows their edits), and stops forwarding
/// from resources no longer used.
pub fn follow_resources(this: &Gd<Resource>, used: &[Gd<Resource>]) {
    let forward = Callable::from_object_method(this, "emit_changed");
    let ids: Vec<InstanceId> = used.iter().map(Gd::instance_id).collect();
    for c in this.get_incoming_connections().iter_shared() {
        let Ok(signal) = c.get("signal").unwrap_or_default().try_to::<Signal>() else {
            continue;
        };
        let callable = c
            .get("callable")
            .unwrap_or_default()
            .try_to::<Callable>()
            .ok();
        if signal.name() != "changed" || callable.as_ref() != Some(&forward) {
            continue;
        }
        if let Some(mut source) = signal.object()
            && !ids.contains(&source.instance_id())
        {
            source.disconnect("changed", &forward);
        }
    }
    for r in used {
        let mut r = r.clone();
        if !r.is_connected("changed", &forward) {
            r.connect("changed", &forward);
        }
    }
}

/// Godot's name of a Variant type (`int`, `String`…).
fn type_string(t: VariantType) -> GString {
    godot::global::type_string(t.ord().into())
}

mod class;
mod inspector_enum;

pub(crate) use class::{generator_class, map_field};
pub use inspector_enum::enum_error;
pub(crate) use inspector_enum::inspector_enum;
