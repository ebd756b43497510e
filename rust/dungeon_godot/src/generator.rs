//! What every generator class shares: `preset`, `seed`, `level`,
//! `last_error`, `generate()`, `generate_level()`, `room_count_range()`, the
//! `generation_failed` signal, the `changed` signal on every property set,
//! and the failure path.
//!
//! A generator class is a [`Generator`] impl (the mapping between its
//! properties and its core config) plus one [`generator_class!`] call that
//! declares its properties and names its core description in
//! [`dungeon_core::registry`], whose preset table and `generate_watched` it
//! uses; see `bsp_generator.rs`.

use dungeon_core::level::MAX_LEVEL;
use dungeon_core::progression::{self, ProgressionSettings};
use dungeon_core::registry;
use dungeon_core::watch::Watch;
use dungeon_core::{ConfigError, DungeonGrid as CoreGrid, GenError};
use godot::prelude::*;
use godot::register::property::Var;

use crate::convert::{range2i, seed_bits};
use crate::dungeon_grid::DungeonGrid;

/// What [`generator_class!`] declares for a class: its core config, its
/// description in the core's registry (presets and generate call) and its
/// room-count call.
pub trait GeneratorKind {
    /// The core settings this class edits (plain data: `generate_async`
    /// moves a copy to a worker thread).
    type Config: PartialEq + Send + 'static;

    /// The core's description of this generator
    /// ([`dungeon_core::registry::GENERATORS`] lists the same value): its
    /// preset table, in the order of the class's preset enum, and its
    /// `generate_watched`.
    const CORE: &'static registry::Generator<Self::Config>;

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
        (Self::CORE.generate)(config, seed, level, watch)
    }

    /// The fewest and most rooms `level` can have.
    fn count_range(config: &Self::Config, level: i32) -> Result<(i32, i32), ConfigError>;

    /// The planner settings of the `progression` property; `None` when it
    /// is empty.
    fn progression(&self, ints: &mut Ints) -> Option<ProgressionSettings>;

    /// The presets, in the order of the class's preset enum (whose last
    /// value, after these, is `Custom`): the registry's preset table.
    fn presets() -> Vec<Self::Config> {
        Self::CORE.presets.iter().map(|p| (p.make)()).collect()
    }
}

/// The hand-written part of a generator class: the mapping between its
/// properties and its core config.
pub trait Generator: GeneratorKind {
    /// The core settings from the properties. Godot `int` properties are
    /// narrowed through `ints`, which remembers values that did not fit.
    fn config(&self, ints: &mut Ints) -> Self::Config;

    /// Sets the properties from core settings.
    fn load(&mut self, config: &Self::Config);

    /// The resources among the settings whose edits change the result
    /// (besides `progression`): their `changed` is forwarded to the
    /// generator's. None by default.
    fn followed(&self) -> Vec<Gd<Resource>> {
        Vec::new()
    }
}

/// Whether the preset enum constant `constant` (`PRESET_LARGE_ROOMS`) is
/// the one of the registry's preset `name` (`large_rooms`): `PRESET_` and
/// the name upper-cased. [`generator_class!`] checks every class's enum
/// against its registry table with it when the crate compiles.
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

/// Generates `level` of `seed` with the current settings.
pub fn generate<G: Generator>(this: &G, seed: i64, level: i64) -> Result<CoreGrid, GenError> {
    prepare(this, seed, level)(&Watch::new())
}

/// The generation of `level` of `seed` with the current settings, copied
/// into a closure that touches no Godot object: [`generate`] runs it at
/// once with an idle watch, `generate_async` on a worker thread with the
/// request's watch, so both give the same grid (a watch never changes it).
pub fn prepare<G: Generator>(
    this: &G,
    seed: i64,
    level: i64,
) -> impl FnOnce(&Watch) -> Result<CoreGrid, GenError> + Send + 'static {
    let mut ints = Ints::default();
    let config = this.config(&mut ints);
    let progression = this.progression(&mut ints);
    let level = ints.get("level", level);
    move |watch| {
        let run = || {
            if let Some(s) = &progression {
                s.validate()?;
            }
            let mut grid = G::run(&config, seed_bits(seed), level, watch)?;
            apply_progression(progression.as_ref(), &mut grid, watch)?;
            Ok(grid)
        };
        ints.restore(run())
    }
}

/// The settings of `this` generator's `progression` property, checked;
/// `None` when it is empty.
pub fn checked_progression<G: GeneratorKind>(
    this: &G,
) -> Result<Option<ProgressionSettings>, GenError> {
    let mut ints = Ints::default();
    let settings = this.progression(&mut ints);
    let checked = settings.map(|s| s.validate().map(|()| s)).transpose();
    ints.restore(checked.map_err(GenError::from))
}

/// Plans `settings` (a generator's `progression`, if any) on `grid`: the
/// planner's locks, keys and one-way doors, or nothing when they ask for
/// none.
pub fn apply_progression(
    settings: Option<&ProgressionSettings>,
    grid: &mut CoreGrid,
    watch: &Watch,
) -> Result<(), GenError> {
    if let Some(s) = settings {
        progression::plan(grid, s, watch)?;
    }
    Ok(())
}

/// The async job for `level` of `seed`: [`prepare`]'s closure with the
/// error turned into its message.
pub fn async_work<G: Generator>(this: &G, seed: i64, level: i64) -> crate::async_gen::Work {
    let work = prepare(this, seed, level);
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
        // The core's validation names the clamped field and what it accepts;
        // it fails before generating anything, since no core range reaches
        // the `i32` limits.
        ints.restore(G::run(&config, 0, level, &Watch::new()))?;
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

/// Declares a generator class
/// `class Name(CoreConfig, registry::CORE_DESCRIPTION, count_range_fn) { preset: ...; fields }`:
/// its preset enum (with `Custom` added) and
/// constants, its properties (the common ones plus the ones given), its
/// Godot API, its `Object::set` hook and its [`GeneratorKind`].
///
/// The preset enum must list the registry's presets in order, each
/// constant named `PRESET_` and the preset's name upper-cased: the crate
/// does not compile otherwise.
///
/// The class must implement [`Generator`]. Field types need `Default`
/// (the class starts from its first preset).
macro_rules! generator_class {
    (
        $(#[$($class_doc:tt)*])*
        class $name:ident($config:ty, $core:expr, $count_range:expr) {
            $(#[$($preset_doc:tt)*])*
            preset: $preset:ident { $( $p:ident = $p_constant:ident ),+ $(,)? },
            $( $(#[$($field_attr:tt)*])* $field:ident: $field_ty:ty, )*
        }
    ) => {
        $crate::generator::inspector_enum! {
            #[doc = concat!("[", stringify!($name), "] presets.")]
            $preset("preset") in $name {
                $(
                    /// A value of [member preset]; its description says what
                    /// each preset makes.
                    $p = $p_constant,
                )+
                /// A value of [member preset]: the settings match no preset.
                Custom = PRESET_CUSTOM,
            }
        }

        // The preset enum is the registry's preset table: same length,
        // same order, constants named after the presets.
        const _: () = {
            let constants = [$( stringify!($p_constant) ),+];
            let core = $core.presets;
            assert!(
                constants.len() == core.len(),
                concat!(stringify!($name), ": the preset enum must list the registry's presets")
            );
            let mut i = 0;
            while i < constants.len() {
                assert!(
                    $crate::generator::preset_constant_is(constants[i], core[i].name),
                    concat!(stringify!($name), ": a preset constant is not PRESET_ + the registry's preset name, in order")
                );
                i += 1;
            }
        };

        impl $crate::generator::GeneratorKind for $name {
            type Config = $config;

            const CORE: &'static dungeon_core::registry::Generator<$config> = &$core;

            fn count_range(
                config: &$config,
                level: i32,
            ) -> Result<(i32, i32), dungeon_core::ConfigError> {
                ($count_range)(config, level)
            }

            fn progression(
                &self,
                ints: &mut $crate::generator::Ints,
            ) -> Option<dungeon_core::progression::ProgressionSettings> {
                self.progression.as_ref().map(|p| p.bind().core(ints))
            }
        }

        $(#[$($class_doc)*])*
        #[derive(GodotClass)]
        #[class(tool, base = Resource)]
        pub struct $name {
            $(#[$($preset_doc)*])*
            ///
            /// Not saved: it shows the preset whose values equal the current
            /// settings, or [code]Custom[/code] when none does. Choosing a
            /// preset overwrites the settings; choosing Custom keeps them.
            #[var(
                get = get_preset,
                set = set_preset,
                usage_flags = [EDITOR],
                hint = ENUM,
                hint_string = <$preset>::HINT
            )]
            preset: PhantomVar<i64>,
            /// Run seed. The same seed, settings and level always give the
            /// same dungeon, on every platform.
            #[export]
            seed: i64,
            /// The level [method generate] makes (1 to 1000).
            #[export(range = (1.0, 1000.0, 1.0))]
            level: i64,
            /// Locked doors, keys and one-way doors planned on every level
            /// made (a [DungeonProgression]: how many, and where);
            /// [code]null[/code], the default, plans none. The same seed,
            /// level and settings always give the same locks, from
            /// [method generate_level] as from [method generate_async].
            /// Generators whose levels have no rooms ([CaveGenerator],
            /// [TunnelerGenerator], [WalkerGenerator]) fail, with a message
            /// saying so, when it asks for any. Edits of the resource emit
            /// this generator's [signal Resource.changed].
            #[export]
            progression: Option<Gd<$crate::dungeon_progression::DungeonProgression>>,
            $( $(#[$($field_attr)*])* $field: $field_ty, )*
            /// Why the last call failed; empty after a success.
            #[var(no_set)]
            last_error: GString,
            /// How far the pending [method generate_async] requests are,
            /// from 0 to 1 (1 when none is pending): the share of the
            /// requests made since the generator was last idle that is done.
            /// A finished request counts fully, a waiting one not at all, a
            /// running one as far as it has got (the generators report
            /// their progress as they go), so on a long run the value rises
            /// from frame to frame.
            #[var(get = get_progress, no_set)]
            progress: PhantomVar<f64>,
            jobs: $crate::async_gen::Jobs,
            base: Base<Resource>,
        }

        impl $name {
            fn report<T>(&mut self, result: Result<T, dungeon_core::GenError>) -> Option<T> {
                $crate::generator::deliver(result, &mut self.last_error).ok()
            }

            /// A generation's result, or `None` after reporting its error
            /// as [`Self::report`] does and emitting `generation_failed`.
            fn deliver_or_fail<T>(&mut self, result: Result<T, dungeon_core::GenError>) -> Option<T> {
                match $crate::generator::deliver(result, &mut self.last_error) {
                    Ok(v) => Some(v),
                    Err(msg) => {
                        self.signals().generation_failed().emit(&msg);
                        None
                    }
                }
            }
        }

        #[godot_api]
        impl IResource for $name {
            fn init(base: Base<Resource>) -> Self {
                let mut s = Self {
                    preset: PhantomVar::default(),
                    seed: 0,
                    level: 1,
                    progression: None,
                    $( $field: Default::default(), )*
                    last_error: GString::new(),
                    progress: PhantomVar::default(),
                    jobs: Default::default(),
                    base,
                };
                $crate::generator::apply_preset(&mut s, 0);
                s
            }

            /// Every set of a setting (Inspector, assignment, `set()`, a
            /// file being loaded) lands here: the value is stored as the
            /// generated setter would, and `changed` is emitted if it changed.
            fn on_set(&mut self, property: StringName, value: Variant) -> bool {
                use $crate::generator::set_field;
                let class = stringify!($name);
                let changed = match property.to_string().as_str() {
                    "preset" => {
                        let settings = |s: &Self| {
                            <Self as $crate::generator::Generator>::config(
                                s,
                                &mut $crate::generator::Ints::default(),
                            )
                        };
                        let before = settings(self);
                        let mut preset = self.get_preset();
                        if set_field(class, "preset", &mut preset, &value) {
                            self.set_preset(preset);
                        }
                        settings(self) != before
                    }
                    "seed" => set_field(class, "seed", &mut self.seed, &value),
                    "level" => set_field(class, "level", &mut self.level, &value),
                    "progression" => set_field(class, "progression", &mut self.progression, &value),
                    $( stringify!($field) => set_field(class, stringify!($field), &mut self.$field, &value), )*
                    _ => return false,
                };
                if changed {
                    let mut used = <Self as $crate::generator::Generator>::followed(self);
                    used.extend(self.progression.clone().map(Gd::upcast));
                    $crate::generator::follow_resources(&self.to_gd().upcast(), &used);
                    self.base_mut().emit_changed();
                }
                true
            }
        }

        #[godot_api]
        impl $name {
            /// Emitted with the error message when a generation fails.
            #[signal]
            fn generation_failed(message: GString);

            /// Emitted on the main thread with each grid a
            /// [method generate_async] request made, in request order.
            #[signal]
            fn generated(grid: Gd<DungeonGrid>);

            #[func]
            fn get_preset(&self) -> i64 {
                $crate::generator::preset_index(self) as i64
            }

            #[func]
            fn set_preset(&mut self, preset: i64) {
                if let Some(p) = <$preset>::checked(preset) {
                    $crate::generator::apply_preset(self, p as usize);
                    self.base_mut().notify_property_list_changed();
                }
            }

            /// Generates the level set in [member level] of the run
            /// [member seed] with the current settings. Returns [code]null[/code] on failure: the
            /// reason is logged, stored in [member last_error] and sent with
            /// [signal generation_failed].
            #[func]
            fn generate(&mut self) -> Option<Gd<DungeonGrid>> {
                self.generate_level(self.level)
            }

            /// Generates level [param level] (1 to 1000) of the run
            /// [member seed]. Level N never depends on whether earlier levels
            /// were generated. Returns [code]null[/code] on failure, like
            /// [method generate].
            #[func]
            fn generate_level(&mut self, level: i64) -> Option<Gd<DungeonGrid>> {
                let result = $crate::generator::generate(self, self.seed, level);
                self.deliver_or_fail(result).map($crate::generator::wrap)
            }

            /// The fewest and most rooms level [param level] can have, as
            /// [code]Vector2i(min, max)[/code]. For a level outside 1..1000
            /// or a setting out of range it returns
            /// [code]Vector2i(0, 0)[/code] and logs the reason (also in
            /// [member last_error]).
            #[func]
            fn room_count_range(&mut self, level: i64) -> Vector2i {
                let result = $crate::generator::count_range(self, level);
                self.report(result).unwrap_or_default()
            }

            /// Starts generating level [param level] of the run
            /// [member seed] on a worker thread and returns at once with a
            /// request id (1, 2, ...). The settings are copied now, so
            /// changing them afterwards does not affect the request. The
            /// grid, byte for byte the one [method generate_level] gives,
            /// arrives on the main thread with [signal generated] (a
            /// failure with [signal generation_failed] and
            /// [member last_error]). Any number of requests may be pending;
            /// they are delivered in request order. The generator stays
            /// alive until they are, even if nothing else holds it.
            /// [codeblock]
            /// gen.generated.connect(func(grid): print(grid.to_ascii()))
            /// gen.generate_async(3)
            /// [/codeblock]
            #[func]
            fn generate_async(&mut self, level: i64) -> i64 {
                let work = $crate::generator::async_work(self, self.seed, level);
                let id = self.jobs.start(work);
                let this = self.to_gd().upcast::<Object>();
                if !$crate::async_gen::follow_frames(&this, "poll_async", true) {
                    godot_warn!(
                        "{}: the main loop is not a SceneTree; call poll_async() or wait_async() to receive the grid",
                        stringify!($name)
                    );
                }
                id
            }

            /// Cancels every pending [method generate_async] request: none
            /// of them emits a signal. A request not yet started never
            /// runs; a running one stops part way (within about 15 ms of
            /// work on a 1024² map in a release build) and frees its worker thread
            /// (until then it counts in [method get_stopping_count]).
            /// Returns how many were cancelled. After it, [method is_generating] is
            /// [code]false[/code] and new requests may be made at once.
            #[func]
            fn cancel(&mut self) -> i64 {
                let n = self.jobs.cancel();
                let this = self.to_gd().upcast::<Object>();
                $crate::async_gen::follow_frames(&this, "poll_async", false);
                n as i64
            }

            /// Cancels the [method generate_async] request [param request]
            /// (a running one stops part way, like with [method cancel]);
            /// [code]false[/code] if it is not pending (finished, cancelled
            /// or unknown).
            #[func]
            fn cancel_request(&mut self, request: i64) -> bool {
                let found = self.jobs.cancel_one(request);
                if !self.jobs.busy() {
                    let this = self.to_gd().upcast::<Object>();
                    $crate::async_gen::follow_frames(&this, "poll_async", false);
                }
                found
            }

            /// [code]true[/code] while a [method generate_async] request is
            /// pending.
            #[func]
            fn is_generating(&self) -> bool {
                self.jobs.busy()
            }

            #[func]
            fn get_progress(&self) -> f64 {
                self.jobs.progress()
            }

            /// How many cancelled requests are still running on a worker
            /// thread. A cancelled run stops at the generator's next check
            /// (they check between phases and every so often inside their
            /// long loops), so this drops back to 0 almost at once, long
            /// before the run would have finished. Only useful to see that
            /// the workers are free again, e.g. before starting many new
            /// requests after a [method cancel].
            #[func]
            fn get_stopping_count(&mut self) -> i64 {
                self.jobs.stopping() as i64
            }

            /// Delivers the finished [method generate_async] requests now.
            /// Called every frame by the SceneTree while requests are
            /// pending; call it yourself only with a custom main loop.
            #[func]
            fn poll_async(&mut self) {
                let finished = self.jobs.take_finished();
                self.deliver_async(finished);
            }

            /// Blocks until every pending [method generate_async] request
            /// has finished and delivers them now (for a loading screen
            /// that cannot wait any longer).
            #[func]
            fn wait_async(&mut self) {
                let finished = self.jobs.wait_all();
                self.deliver_async(finished);
            }
        }

        impl $name {
            /// Emits the signals of finished async requests. Emitting
            /// through `base_mut()` lets a handler call back into this
            /// object (a new request from the `generated` handler).
            fn deliver_async(&mut self, finished: $crate::async_gen::Finished) {
                for (_, result) in finished {
                    match result {
                        Ok(grid) => {
                            self.last_error = GString::new();
                            let grid = $crate::generator::wrap(grid);
                            self.base_mut().emit_signal("generated", &[grid.to_variant()]);
                        }
                        Err(msg) => {
                            godot_error!("{}", msg);
                            self.last_error = GString::from(&msg);
                            let msg = self.last_error.to_variant();
                            self.base_mut().emit_signal("generation_failed", &[msg]);
                        }
                    }
                }
                if !self.jobs.busy() {
                    let this = self.to_gd().upcast::<Object>();
                    $crate::async_gen::follow_frames(&this, "poll_async", false);
                }
            }
        }
    };
}
pub(crate) use generator_class;

/// Logs the error for an enum property set to `value`, which is not one of
/// `names` (the enum's values in order).
pub fn enum_error(property: &str, value: i64, names: &[&str]) {
    let allowed: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{i} ({n})"))
        .collect();
    godot_error!(
        "invalid {property} = {value}: allowed {}; the setting is unchanged",
        allowed.join(", ")
    );
}

/// Declares a Godot enum for the property named in the parentheses: an
/// Inspector dropdown, stored as its index. Setting an index outside the
/// enum logs an error naming the property and keeps the old value.
///
/// With `in Class { Variant = CONSTANT, ... }` it also gives `Class` one
/// integer constant per value, documented with the value's docs (which
/// therefore name the property, for Godot's help).
macro_rules! inspector_enum {
    (
        $(#[$($doc:tt)*])*
        $name:ident($property:literal) $(in $class:ident)? for $core:ty {
            $( $(#[$($v_doc:tt)*])* $v:ident $(= $constant:ident)? => $core_v:path ),+ $(,)?
        }
    ) => {
        $crate::generator::inspector_enum! {
            $(#[$($doc)*])*
            $name($property) $(in $class)? { $( $(#[$($v_doc)*])* $v $(= $constant)? ),+ }
        }

        impl $name {
            /// The core's value.
            pub fn core(self) -> $core {
                match self {
                    $( Self::$v => $core_v, )+
                }
            }

            /// From the core's value.
            pub fn from_core(value: $core) -> Self {
                match value {
                    $( $core_v => Self::$v, )+
                }
            }
        }
    };
    (
        $(#[$($doc:tt)*])*
        $name:ident($property:literal) in $class:ident {
            $( $(#[$($v_doc:tt)*])* $v:ident = $constant:ident ),+ $(,)?
        }
    ) => {
        $crate::generator::inspector_enum! {
            $(#[$($doc)*])*
            $name($property) { $( $(#[$($v_doc)*])* $v ),+ }
        }

        #[godot_api(secondary)]
        impl $class {
            $(
                $(#[$($v_doc)*])*
                #[constant]
                const $constant: i64 = $name::$v as i64;
            )+
        }
    };
    (
        $(#[$($doc:tt)*])*
        $name:ident($property:literal) {
            $(#[$($first_doc:tt)*])* $first:ident
            $(, $(#[$($v_doc:tt)*])* $v:ident)* $(,)?
        }
    ) => {
        $(#[$($doc)*])*
        #[derive(GodotConvert, Export, Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[godot(via = i64)]
        pub enum $name {
            $(#[$($first_doc)*])*
            #[default]
            $first,
            $( $(#[$($v_doc)*])* $v, )*
        }

        impl $name {
            /// The Inspector's list of the values, in order (used by `preset`).
            #[allow(dead_code, reason = "only the preset enums use it")]
            pub const HINT: &'static str = concat!(stringify!($first) $(, ",", stringify!($v))*);

            /// The value with index `value`, or `None` after logging an error.
            pub fn checked(value: i64) -> Option<Self> {
                let found = <Self as FromGodot>::try_from_godot(value).ok();
                if found.is_none() {
                    $crate::generator::enum_error(
                        $property,
                        value,
                        &[stringify!($first) $(, stringify!($v))*],
                    );
                }
                found
            }
        }

        impl godot::register::property::Var for $name {
            type PubType = Self;

            fn var_get(field: &Self) -> i64 {
                *field as i64
            }

            fn var_set(field: &mut Self, value: i64) {
                if let Some(v) = Self::checked(value) {
                    *field = v;
                }
            }

            fn var_pub_get(field: &Self) -> Self {
                *field
            }

            fn var_pub_set(field: &mut Self, value: Self) {
                *field = value;
            }
        }
    };
}
pub(crate) use inspector_enum;
