//! What the progression planner is asked for: how many keys (locked rooms)
//! and one-way doors, where locks may stand, and how secret rooms count.

use crate::error::{ConfigError, check_range};

/// Most keys (locked rooms) a plan may ask for.
pub const MAX_LOCKS: i32 = 32;
/// Most one-way doors a plan may ask for.
pub const MAX_ONE_WAY: i32 = 16;
/// Most doors one key may open (a locked room with several ways in has
/// each of them locked, all opened by its one key).
pub const MAX_DOORS_PER_KEY: i32 = 4;

/// Where key locks may stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LockGuard {
    /// About half the locks on the way to the end, the rest on branches
    /// worth exploring.
    #[default]
    Any,
    /// Only on branches: the end never needs a key.
    BranchesOnly,
}

/// How secret and super secret rooms count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SecretRooms {
    /// Optional: no key lies in them, no lock touches them, and the level
    /// can be finished without finding them; finding one never lets the
    /// player around a lock.
    #[default]
    Optional,
    /// Their doors count as ordinary doors, and keys may lie in them.
    Open,
}

/// What the planner is asked for. The default asks for nothing: a grid
/// planned with it has no locks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProgressionSettings {
    /// Keys wanted, `0..=32`: each key locks one room, and opens every
    /// locked door into it (up to `max_doors_per_key`), so one key may lock
    /// two doors and the doors may outnumber `locks`. Up to: a layout with
    /// fewer rooms to lock gets fewer keys, and the plan says how many it
    /// placed ([`Plan::locks_placed`](super::Plan::locks_placed)).
    pub locks: i32,
    /// Where locks may stand.
    pub lock_guard: LockGuard,
    /// Most doors one key opens, `1..=4`: a room with more ways in than
    /// this is never locked. With 1 every key opens exactly one door, so a
    /// game may use a key up when it opens its door.
    pub max_doors_per_key: i32,
    /// One-way doors wanted, `0..=16`: shortcuts back that open from the
    /// far side only and never strand the player.
    pub one_way: i32,
    /// How secret rooms count.
    pub secret_rooms: SecretRooms,
    /// Every key lies where the player can reach it without any other key.
    pub flat_keys: bool,
}

impl Default for ProgressionSettings {
    fn default() -> Self {
        Self {
            locks: 0,
            lock_guard: LockGuard::Any,
            max_doors_per_key: 2,
            one_way: 0,
            secret_rooms: SecretRooms::Optional,
            flat_keys: false,
        }
    }
}

impl ProgressionSettings {
    /// Whether these settings ask for anything (a lock or a one-way door).
    #[must_use]
    pub const fn is_active(&self) -> bool {
        self.locks > 0 || self.one_way > 0
    }

    /// Checks every field.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the first bad field, its value and the
    /// values allowed.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("locks", self.locks, 0, MAX_LOCKS)?;
        check_range(
            "max_doors_per_key",
            self.max_doors_per_key,
            1,
            MAX_DOORS_PER_KEY,
        )?;
        check_range("one_way", self.one_way, 0, MAX_ONE_WAY)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_asks_for_nothing_and_is_valid() {
        let s = ProgressionSettings::default();
        assert!(!s.is_active());
        assert_eq!(s.validate(), Ok(()));
    }

    #[test]
    fn bad_counts_name_their_field() {
        let bad = |f: fn(&mut ProgressionSettings)| {
            let mut s = ProgressionSettings::default();
            f(&mut s);
            s.validate().map_err(|e| e.field)
        };
        assert_eq!(bad(|s| s.locks = -1), Err("locks"));
        assert_eq!(bad(|s| s.locks = 33), Err("locks"));
        assert_eq!(bad(|s| s.max_doors_per_key = 0), Err("max_doors_per_key"));
        assert_eq!(bad(|s| s.one_way = 17), Err("one_way"));
        assert_eq!(bad(|s| s.locks = 32), Ok(()));
    }
}
