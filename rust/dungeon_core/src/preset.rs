//! Preset tables: a generator's named starting configs.

/// A preset: its name and its constructor.
pub(crate) type Preset<T> = (&'static str, fn() -> T);

/// The config a generator's preset table names `name`, if any.
pub(crate) fn preset<T>(name: &str, table: &[Preset<T>]) -> Option<T> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, make)| make())
}
