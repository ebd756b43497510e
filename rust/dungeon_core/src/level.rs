//! What every generator shares about levels: the range accepted and its
//! check. A level only scales a generator's settings (more rooms, a longer
//! path); its seed is mixed from the run seed and the level, so level N
//! never depends on the levels before it.

use crate::error::{ConfigError, check_range};

/// Largest level accepted.
pub const MAX_LEVEL: i32 = 1000;

/// `Ok` for a level in `1..=`[`MAX_LEVEL`]; otherwise an error naming
/// `level`.
///
/// # Errors
/// A [`ConfigError`] naming `level`, the value and the range.
pub fn check_level(level: i32) -> Result<(), ConfigError> {
    check_range("level", level, 1, MAX_LEVEL)
}
