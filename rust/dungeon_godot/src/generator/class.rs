//! [`generator_class!`]: the macro that declares a generator class.

/// Declares a generator class
/// `class Name(CoreConfig, count_range_fn) { preset: ...; fields }`:
/// its preset enum (with `Custom` added) and
/// constants, its properties (the common ones plus the ones given), its
/// Godot API, its `Object::set` hook and its [`GeneratorKind`], whose
/// `config` and `load` map the properties to the core config.
///
/// Each property sets the core field of its name (`width: i64,`), or the
/// one named after `=>` (`base_rooms: i64 => count.base,`), or none
/// (`cell_size: Vector2 => _,`: the class's [`Generator`] hooks map it).
/// The value goes through [`CoreValue`](super::CoreValue): an `int` is
/// narrowed through [`Ints`](super::Ints) under the property's name.
///
/// The preset enum must list the core config's presets
/// ([`dungeon_core::GeneratorConfig::PRESET_LIST`]) in order, each
/// constant named `PRESET_` and the preset's name upper-cased: the crate
/// does not compile otherwise.
///
/// The class must implement [`Generator`]. Field types need `Default`
/// (the class starts from its first preset).
macro_rules! generator_class {
    (
        $(#[$($class_doc:tt)*])*
        class $name:ident($config:ty, $count_range:expr) {
            $(#[$($preset_doc:tt)*])*
            preset: $preset:ident { $( $p:ident = $p_constant:ident ),+ $(,)? },
            $(
                $(#[$($field_attr:tt)*])*
                $field:ident: $field_ty:ty $(=> $to:tt $(.$to_rest:ident)*)?,
            )*
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

        // The preset enum is the core config's preset table (the registry
        // lists the same): same length, same order, constants named after
        // the presets.
        const _: () = {
            let constants = [$( stringify!($p_constant) ),+];
            let core = <$config as dungeon_core::GeneratorConfig>::PRESET_LIST;
            assert!(
                constants.len() == core.len(),
                concat!(stringify!($name), ": the preset enum must list the core config's presets")
            );
            let mut i = 0;
            while i < constants.len() {
                assert!(
                    $crate::generator::preset_constant_is(constants[i], core[i].name),
                    concat!(stringify!($name), ": a preset constant is not PRESET_ + the core's preset name, in order")
                );
                i += 1;
            }
        };

        impl $crate::generator::GeneratorKind for $name {
            type Config = $config;

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

            fn config(&self, ints: &mut $crate::generator::Ints) -> $config {
                let mut c = (<$config as dungeon_core::GeneratorConfig>::PRESET_LIST[0].make)();
                $( $crate::generator::map_field!(config(self, c, ints) $field $(=> $to $(.$to_rest)*)?); )*
                <Self as $crate::generator::Generator>::config_rest(self, ints, &mut c);
                c
            }

            fn load(&mut self, c: &$config) {
                $( $crate::generator::map_field!(load(self, c) $field $(=> $to $(.$to_rest)*)?); )*
                <Self as $crate::generator::Generator>::load_rest(self, c);
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

            /// Level `level` of the run `seed` made by `make` (the core's
            /// generator, or a call that also gives how the level was made)
            /// with the `progression`'s locks, as
            /// [`generator::generate_with`](crate::generator::generate_with)
            /// gives it; `None` after a failure, reported as
            /// [`Self::deliver_or_fail`] does.
            fn generate_level_with<T: $crate::generator::Made>(
                &mut self,
                level: i64,
                make: $crate::generator::Make<$config, T>,
            ) -> Option<T> {
                let result = $crate::generator::generate_with(self, self.seed, level, make);
                self.deliver_or_fail(result)
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
                            <Self as $crate::generator::GeneratorKind>::config(
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
                self.generate_level_with(level, <Self as $crate::generator::GeneratorKind>::run)
                    .map($crate::generator::wrap)
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

            #[func]
            fn get_progress(&self) -> f64 {
                self.jobs.progress()
            }
        }

        $crate::async_api::async_api! {
            impl $name {
                /// Cancels every pending [method generate_async] request: none
                /// of them emits a signal. A request not yet started never
                /// runs; a running one stops part way (within about 15 ms of
                /// work on a 1024² map in a release build) and frees its worker thread
                /// (until then it counts in [method get_stopping_count]).
                /// Returns how many were cancelled. After it, [method is_generating] is
                /// [code]false[/code] and new requests may be made at once.
                fn cancel;

                /// Cancels the [method generate_async] request [param request]
                /// (a running one stops part way, like with [method cancel]);
                /// [code]false[/code] if it is not pending (finished, cancelled
                /// or unknown).
                fn cancel_request;

                /// [code]true[/code] while a [method generate_async] request is
                /// pending.
                fn is_generating;

                /// How many cancelled requests are still running on a worker
                /// thread. A cancelled run stops at the generator's next check
                /// (they check between phases and every so often inside their
                /// long loops), so this drops back to 0 almost at once, long
                /// before the run would have finished. Only useful to see that
                /// the workers are free again, e.g. before starting many new
                /// requests after a [method cancel].
                fn get_stopping_count;

                /// Delivers the finished [method generate_async] requests now.
                /// Called every frame by the SceneTree while requests are
                /// pending; call it yourself only with a custom main loop.
                fn poll_async;

                /// Blocks until every pending [method generate_async] request
                /// has finished and delivers them now (for a loading screen
                /// that cannot wait any longer).
                fn wait_async;
            }
        }

        impl $name {
            /// Emits the signals of finished async requests (the
            /// [`async_api!`](crate::async_api::async_api) methods call it).
            /// Emitting through `base_mut()` lets a handler call back into
            /// this object (a new request from the `generated` handler).
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
            }
        }
    };
}
pub(crate) use generator_class;

/// One property's part of [`generator_class!`]'s `config`
/// (`config(self, c, ints) field => core.path`) or `load`
/// (`load(self, c) field => core.path`): the core field of the property's
/// name without `=>`, none with `=> _`.
macro_rules! map_field {
    ($how:ident($($arg:tt)*) $field:ident) => {
        $crate::generator::map_field!($how($($arg)*) $field => $field)
    };
    ($how:ident($($arg:tt)*) $field:ident => _) => {};
    (config($this:ident, $c:ident, $ints:ident) $field:ident => $($to:ident).+) => {
        $c.$($to).+ = $crate::generator::CoreValue::to_core(&$this.$field, stringify!($field), $ints)
    };
    (load($this:ident, $c:ident) $field:ident => $($to:ident).+) => {
        $this.$field = $crate::generator::CoreValue::from_core(&$c.$($to).+)
    };
}
pub(crate) use map_field;
