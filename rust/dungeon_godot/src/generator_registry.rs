//! `GeneratorRegistry`: the core's generator registry
//! ([`dungeon_core::registry`]) for scripts and tools.

use dungeon_core::registry::{self, Entry, PresetInfo, SettingInfo, Type};
use godot::prelude::*;

/// The list of every dungeon generator, with what each one makes, its
/// presets and its settings, for scripts and editor tools: build a
/// generator picker, a settings form or a help page without naming each
/// generator class in your code.
///
/// A generator's [code]class[/code] is the Godot class that makes its
/// dungeons ([code]MazeGenerator[/code]); each of its settings with the
/// same name is a property of that class (some are grouped into one
/// property there: an Isaac floor's [code]origin_x[/code] and
/// [code]origin_y[/code] are its [code]origin[/code]). The values a setting
/// accepts ([code]min[/code], [code]max[/code], [code]step[/code]) are the
/// ones the generator checks; a value outside them makes the generation
/// fail with a message naming the setting.
///
/// ```gdscript
/// for name in GeneratorRegistry.get_generator_names():
///     var info := GeneratorRegistry.get_generator(name)
///     print(info.class, ": ", info.summary)
///     for setting in info.settings:
///         if setting.has("min"):
///             print("  ", setting.name, " from ", setting.min, " to ", setting.max)
/// var gen: Resource = ClassDB.instantiate(GeneratorRegistry.get_generator("maze").class)
/// var grid: DungeonGrid = gen.generate_level(1)
/// ```
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct GeneratorRegistry {
    base: Base<RefCounted>,
}

#[godot_api]
impl GeneratorRegistry {
    /// The names of every generator ([code]"isaac"[/code],
    /// [code]"maze"[/code]…), in the order the command-line tool lists
    /// them. Pass one to [method get_generator].
    #[func]
    fn get_generator_names() -> PackedStringArray {
        registry::GENERATORS
            .iter()
            .map(|g| GString::from(g.name()))
            .collect()
    }

    /// [code]true[/code] if a generator is called [param name]. Unlike
    /// [method get_generator], an unknown name logs no error.
    #[func]
    fn has_generator(name: GString) -> bool {
        registry::find(&name.to_string()).is_some()
    }

    /// Everything about the generator called [param name], as a
    /// [Dictionary]:
    /// [code]"name"[/code] (as given), [code]"class"[/code] (the Godot
    /// class that makes it, for [method ClassDB.instantiate]),
    /// [code]"summary"[/code] (what it makes, in one line),
    /// [code]"presets"[/code] (an [Array] of [Dictionary] with
    /// [code]"name"[/code] and [code]"doc"[/code]; the first is the default,
    /// and the class's [code]PRESET_*[/code] constants follow this order)
    /// and [code]"settings"[/code] (an [Array] of [Dictionary], in the
    /// order the generator applies them).
    ///
    /// Each setting has [code]"name"[/code], [code]"doc"[/code] (what it
    /// does, in one line), [code]"type"[/code] (a [enum Variant.Type]:
    /// [constant @GlobalScope.TYPE_INT], [constant @GlobalScope.TYPE_FLOAT],
    /// [constant @GlobalScope.TYPE_BOOL], or
    /// [constant @GlobalScope.TYPE_STRING] for a choice of names or a list) and
    /// [code]"default"[/code] (its value in the default preset, as a
    /// [String]). A number setting whose accepted values are fixed also has
    /// [code]"min"[/code] and [code]"max"[/code] (both accepted; a maximum
    /// that depends on other settings is the largest any settings accept)
    /// and [code]"step"[/code] (values go from [code]min[/code] in steps of
    /// it, e.g. 2 for odd map sides; 0 means any value, any whole number for
    /// an integer). Other settings have none of the three keys.
    ///
    /// [code]"has_rooms"[/code] is [code]true[/code] when the generator's
    /// levels have rooms, so a [DungeonProgression] (locked doors and keys)
    /// applies to it.
    ///
    /// An unknown [param name] logs an error listing the known names and
    /// returns an empty [Dictionary].
    #[func]
    fn get_generator(name: GString) -> VarDictionary {
        let name = name.to_string();
        match registry::find(&name) {
            Some(g) => describe(g),
            None => {
                let known: Vec<&str> = registry::GENERATORS.iter().map(|g| g.name()).collect();
                godot_error!(
                    "GeneratorRegistry: no generator is called {name:?}; the generators are {}",
                    known.join(", ")
                );
                VarDictionary::new()
            }
        }
    }

    /// The settings of the lock-and-key planner, the properties of a
    /// [DungeonProgression], which every generator with
    /// [code]"has_rooms"[/code] takes besides its own: an [Array] of
    /// [Dictionary] as in [method get_generator]'s [code]"settings"[/code],
    /// with the defaults of a new [DungeonProgression]. A choice
    /// ([code]lock_guard[/code], [code]secret_rooms[/code]) is a
    /// [String] setting whose values are names ([code]"any"[/code],
    /// [code]"branches_only"[/code]), where the resource has constants
    /// ([constant DungeonProgression.GUARD_ANY]…).
    #[func]
    fn get_progression_settings() -> Array<VarDictionary> {
        registry::progression_info().iter().map(setting).collect()
    }
}

/// A generator's description as [`GeneratorRegistry::get_generator`]
/// returns it.
fn describe(g: &dyn Entry) -> VarDictionary {
    let presets: Array<VarDictionary> = g.presets().iter().map(preset).collect();
    let settings: Array<VarDictionary> = g.settings().iter().map(setting).collect();
    let mut d = VarDictionary::new();
    d.set("name", g.name());
    d.set("class", g.class());
    d.set("summary", g.summary());
    d.set("presets", &presets);
    d.set("settings", &settings);
    d.set("has_rooms", g.has_rooms());
    d
}

fn preset(p: &PresetInfo) -> VarDictionary {
    vdict! {
        "name" => p.name,
        "doc" => p.doc,
    }
}

fn setting(s: &SettingInfo) -> VarDictionary {
    let mut d = vdict! {
        "name" => s.name,
        "doc" => s.doc,
        "type" => variant_type(s.ty).ord(),
        "default" => s.default.as_str(),
    };
    if let Some(r) = s.range {
        // An integer setting's bounds are whole numbers that fit an `i32`
        // (the core builds them from `i32`s), so they convert exactly.
        let number = |x: f64| match s.ty {
            Type::Int if x.fract() == 0.0 && x.abs() <= 9.0e15 => (x as i64).to_variant(),
            _ => x.to_variant(),
        };
        d.set("min", &number(r.min));
        d.set("max", &number(r.max));
        d.set("step", &number(r.step));
    }
    d
}

/// The Godot type of a setting's values.
fn variant_type(ty: Type) -> VariantType {
    match ty {
        Type::Int => VariantType::INT,
        Type::Float => VariantType::FLOAT,
        Type::Bool => VariantType::BOOL,
        Type::Text => VariantType::STRING,
    }
}
