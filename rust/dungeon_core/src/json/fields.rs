//! Reading the fields of a JSON value for one setting (`graph`,
//! `templates`): errors name the setting and the JSON path.

use serde_json::{Map, Value};

use crate::error::ConfigError;

/// The reader for one setting's JSON text.
pub(super) struct Fields(pub(super) &'static str);

impl Fields {
    /// `what` at `path` is wrong; `allowed` says what would do.
    pub(super) fn err(
        &self,
        path: &str,
        what: impl std::fmt::Display,
        allowed: &str,
    ) -> ConfigError {
        ConfigError::new(self.0, format!("{path}: {what}"), allowed)
    }

    /// The fields of object `v` at `path`, refusing fields not in `known`.
    pub(super) fn object<'a>(
        &self,
        v: &'a Value,
        path: &str,
        known: &[&str],
    ) -> Result<&'a Map<String, Value>, ConfigError> {
        let map = v
            .as_object()
            .ok_or_else(|| self.err(path, "not an object", "a JSON object"))?;
        if let Some(k) = map.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(self.err(
                path,
                format!("unknown field {k:?}"),
                &format!("only the fields {}", known.join(", ")),
            ));
        }
        Ok(map)
    }

    /// The array `v` at `path`.
    pub(super) fn array<'a>(
        &self,
        v: &'a Value,
        path: &str,
    ) -> Result<&'a Vec<Value>, ConfigError> {
        v.as_array()
            .ok_or_else(|| self.err(path, "not an array", "a JSON array"))
    }
}
