//! A generator setting: its name, one line of doc, the config field it
//! writes, how a value is read from text and shown back, and the range the
//! generator accepts.

use Kind::{Bool, Int, Num, Other};

/// The config field a setting writes, and how its value is read.
pub enum Kind<C> {
    /// A 32-bit integer.
    Int(fn(&mut C) -> &mut i32),
    /// A finite number.
    Num(fn(&mut C) -> &mut f64),
    /// A switch: `--name` alone means `true`.
    Bool(fn(&mut C) -> &mut bool),
    /// Anything else: its placeholder in the usage text, a parser into the
    /// config, and what the config holds now.
    Other(
        &'static str,
        fn(&mut C, &str) -> Result<(), String>,
        fn(&C) -> String,
    ),
}

/// The values a generator accepts for a number setting, as its
/// `validate` checks them: `min..=max`, where `max` may depend on other
/// settings (then it is the largest value any config accepts).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// Smallest accepted value.
    pub min: f64,
    /// Largest accepted value.
    pub max: f64,
    /// Values are a multiple of `step` from `min` (odd sides: 2), or 0 for
    /// any value (a whole number for an integer setting).
    pub step: f64,
}

impl Range {
    /// `min..=max`, any value between.
    #[must_use]
    pub const fn new(min: f64, max: f64) -> Self {
        Self {
            min,
            max,
            step: 0.0,
        }
    }

    /// `min..=max` in steps of `step` from `min`.
    #[must_use]
    pub const fn stepped(min: f64, max: f64, step: f64) -> Self {
        Self { min, max, step }
    }

    /// A range of whole numbers (`i32` bounds as `f64`, exactly).
    #[must_use]
    pub const fn int(min: i32, max: i32) -> Self {
        Self::new(min as f64, max as f64)
    }

    /// The unit range `0..=1` of chances and shares.
    pub const UNIT: Self = Self::new(0.0, 1.0);
}

impl std::fmt::Display for Range {
    /// `5..=4095`, or `5..=4095, step 2`; whole numbers without a point.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // `f64` prints whole numbers without a point ("4096", not "4096.0").
        write!(f, "{}..={}", self.min, self.max)?;
        if self.step > 0.0 {
            write!(f, ", step {}", self.step)?;
        }
        Ok(())
    }
}

/// One generator setting: the name a config field has in errors, in Godot
/// (a property of the generator class) and, with `-` for `_`, on the
/// command line.
pub struct Setting<C> {
    /// The setting's name, `snake_case`.
    pub name: &'static str,
    /// One line saying what it does (the CLI's help line).
    pub doc: &'static str,
    /// The config field it sets, and its type.
    pub kind: Kind<C>,
    /// The values the generator accepts, when a fixed range says it.
    pub range: Option<Range>,
}

/// The placeholder of a switch: `--grow-grid` alone means `true`.
pub const SWITCH: &str = "[true|false]";

impl<C: Clone> Setting<C> {
    /// A setting: `name` sets the field `kind` names.
    #[must_use]
    pub const fn new(name: &'static str, doc: &'static str, kind: Kind<C>) -> Self {
        Self {
            name,
            doc,
            kind,
            range: None,
        }
    }

    /// The same setting, stating the values the generator accepts.
    #[must_use]
    pub const fn range(mut self, range: Range) -> Self {
        self.range = Some(range);
        self
    }

    /// A tile map's `width` and `height` settings ("map width in tiles"),
    /// each accepting `min..=max`.
    #[must_use]
    pub(crate) fn map_sides(
        width: fn(&mut C) -> &mut i32,
        height: fn(&mut C) -> &mut i32,
        min: i32,
        max: i32,
    ) -> [Self; 2] {
        [
            Self::new("width", "map width in tiles", Int(width)).range(Range::int(min, max)),
            Self::new("height", "map height in tiles", Int(height)).range(Range::int(min, max)),
        ]
    }

    /// The setting's type, as [`Type`].
    #[must_use]
    pub fn ty(&self) -> Type {
        match self.kind {
            Int(_) => Type::Int,
            Num(_) => Type::Float,
            Bool(_) => Type::Bool,
            Other(SWITCH, _, _) => Type::Bool,
            Other(_, _, _) => Type::Text,
        }
    }

    /// The value placeholder shown in the usage text.
    #[must_use]
    pub fn value(&self) -> &'static str {
        match self.kind {
            Int(_) => "N",
            Num(_) => "F",
            Bool(_) => SWITCH,
            Other(value, _, _) => value,
        }
    }

    /// Whether the setting is a boolean switch that may stand alone: a
    /// `Bool` field, or an `Other` field whose placeholder is [`SWITCH`].
    #[must_use]
    pub fn is_switch(&self) -> bool {
        self.ty() == Type::Bool
    }

    /// The setting as the schema lists it, its default being its value in
    /// `default` (empty text without one).
    #[must_use]
    pub fn info(&self, default: Option<&C>) -> super::SettingInfo {
        super::SettingInfo {
            name: self.name,
            doc: self.doc,
            ty: self.ty(),
            placeholder: self.value(),
            default: default.map(|c| self.show(c)).unwrap_or_default(),
            range: self.range,
        }
    }

    /// Parses `v` into the config.
    ///
    /// # Errors
    /// What was expected, naming the value (the caller adds the setting).
    pub fn set(&self, c: &mut C, v: &str) -> Result<(), String> {
        match self.kind {
            Int(f) => *f(c) = int(v)?,
            Num(f) => *f(c) = number(v)?,
            Bool(f) => *f(c) = boolean(v)?,
            Other(_, set, _) => set(c, v)?,
        }
        Ok(())
    }

    /// The field's value in `c`, as text: what `set` reads back, or a word
    /// for an unset value (`origin_x` shows `centre` when the config has no
    /// origin).
    #[must_use]
    pub fn show(&self, c: &C) -> String {
        let mut c = c.clone();
        match self.kind {
            Int(f) => f(&mut c).to_string(),
            Num(f) => show_f64(*f(&mut c)),
            Bool(f) => f(&mut c).to_string(),
            Other(_, _, show) => show(&c),
        }
    }
}

/// A setting's type, as the schema reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    /// A whole number (`i32`; a Godot `int`).
    Int,
    /// A finite number (a Godot `float`).
    Float,
    /// `true` or `false`.
    Bool,
    /// Anything else, read from text (a choice of names, a list).
    Text,
}

/// Parses a 32-bit integer.
///
/// # Errors
/// What was expected, naming the value.
pub fn int(v: &str) -> Result<i32, String> {
    match v.trim().parse::<i64>() {
        Ok(n) => i32::try_from(n).map_err(|_| {
            format!(
                "expected an integer in {}..={}, got {v:?}",
                i32::MIN,
                i32::MAX
            )
        }),
        Err(_) => Err(format!("expected an integer, got {v:?}")),
    }
}

/// Parses a finite number.
///
/// # Errors
/// What was expected, naming the value.
pub fn number(v: &str) -> Result<f64, String> {
    match v.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => Ok(x),
        _ => Err(format!("expected a number, got {v:?}")),
    }
}

/// Parses `true` or `false`.
///
/// # Errors
/// What was expected, naming the value.
pub fn boolean(v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("expected true or false, got {v:?}")),
    }
}

/// Picks one of `options` by name; `-` and `_` are interchangeable.
///
/// # Errors
/// The accepted names and the value given.
pub fn choice<T: Copy>(v: &str, options: &[(&str, T)]) -> Result<T, String> {
    let norm = v.replace('-', "_");
    options
        .iter()
        .find(|(name, _)| *name == norm)
        .map(|&(_, t)| t)
        .ok_or_else(|| {
            let names: Vec<&str> = options.iter().map(|(n, _)| *n).collect();
            format!("expected {}, got {v:?}", names.join(" or "))
        })
}

/// Stores a parsed value, or passes the parse error on.
pub(crate) fn put<T>(slot: &mut T, value: Result<T, String>) -> Result<(), String> {
    *slot = value?;
    Ok(())
}

/// The name of `value` in `options` (the first one, if several).
pub(crate) fn name_of<T: PartialEq>(options: &[(&str, T)], value: T) -> String {
    options
        .iter()
        .find(|(_, t)| *t == value)
        .map_or_else(String::new, |(n, _)| (*n).to_owned())
}

/// A number as the usage text shows it: short, without float noise.
pub(crate) fn show_f64(x: f64) -> String {
    let s = format!("{x}");
    if s.len() > 6 { format!("{x:.3}") } else { s }
}
