//! Typed errors: a bad configuration, a generator that ran out of budget,
//! or a run cancelled part way through.

use std::fmt;

/// A configuration value outside what the generator accepts.
///
/// The message names the field, the value given and the allowed range, e.g.
/// `invalid width = -3: allowed 2..=256`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The config field (or argument such as `level`) that is wrong.
    pub field: &'static str,
    /// The value that was given, as text.
    pub value: String,
    /// What would be accepted, as text.
    pub allowed: String,
}

impl ConfigError {
    /// A new error for `field`.
    pub fn new(field: &'static str, value: impl fmt::Display, allowed: impl Into<String>) -> Self {
        Self {
            field,
            value: value.to_string(),
            allowed: allowed.into(),
        }
    }
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} = {}: allowed {}",
            self.field, self.value, self.allowed
        )
    }
}

impl std::error::Error for ConfigError {}

/// Why a generation call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// The configuration (or level) is invalid; nothing was generated.
    Config(ConfigError),
    /// Every attempt (or the call's work budget) ran out without a layout
    /// that keeps the rules.
    Exhausted {
        /// Which generator gave up.
        generator: &'static str,
        /// How many attempts were made.
        attempts: u32,
        /// Which rule the attempts broke, naming the setting, its value and
        /// what would help.
        reason: String,
    },
    /// The run was stopped by [`crate::watch::Watch::cancel`] before it
    /// finished; nothing was generated.
    Cancelled,
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Config(e) => e.fmt(f),
            Self::Exhausted {
                generator,
                attempts,
                reason,
            } => write!(
                f,
                "{generator}: no valid layout in {attempts} attempt{}: {reason}",
                if *attempts == 1 { "" } else { "s" }
            ),
            Self::Cancelled => f.write_str("the generation was cancelled before it finished"),
        }
    }
}

impl std::error::Error for GenError {}

impl From<ConfigError> for GenError {
    fn from(e: ConfigError) -> Self {
        Self::Config(e)
    }
}

/// Checks that `value` lies in `lo..=hi`, naming `field` otherwise.
pub(crate) fn check_range<T>(field: &'static str, value: T, lo: T, hi: T) -> Result<(), ConfigError>
where
    T: PartialOrd + fmt::Display + Copy,
{
    // Written so NaN fails too.
    if value >= lo && value <= hi {
        Ok(())
    } else {
        Err(ConfigError::new(field, value, format!("{lo}..={hi}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_field_value_and_range() {
        let e = check_range("width", -3, 2, 256).unwrap_err();
        assert_eq!(e.to_string(), "invalid width = -3: allowed 2..=256");
        let e = check_range("give_up_chance", f64::NAN, 0.0, 0.99).unwrap_err();
        assert!(e.to_string().starts_with("invalid give_up_chance = NaN"));
        assert!(check_range("x", 5, 5, 5).is_ok());
    }
}
