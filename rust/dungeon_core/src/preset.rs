//! Preset tables: a generator's named starting configs, each with a
//! one-line description. Each generator's module holds its table, which
//! its config's [`crate::GeneratorConfig::PRESET_LIST`] names; the registry
//! lists them.

/// A named starting config. The first preset of a generator is its
/// default.
pub struct Preset<C> {
    /// `snake_case` name (`"classic"`).
    pub name: &'static str,
    /// One line saying what it makes.
    pub doc: &'static str,
    /// Builds the config.
    pub make: fn() -> C,
}

impl<C> Preset<C> {
    /// A preset.
    #[must_use]
    pub const fn new(name: &'static str, doc: &'static str, make: fn() -> C) -> Self {
        Self { name, doc, make }
    }
}

/// The names of a preset table, in order, as a constant.
#[must_use]
pub(crate) const fn names<C, const N: usize>(table: &[Preset<C>; N]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = table[i].name;
        i += 1;
    }
    out
}

/// The config preset `name` of `table` makes, if any.
pub(crate) fn find<C>(name: &str, table: &[Preset<C>]) -> Option<C> {
    table.iter().find(|p| p.name == name).map(|p| (p.make)())
}
