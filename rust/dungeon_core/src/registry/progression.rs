//! The progression planner's settings, which every generator with rooms
//! takes besides its own.

use super::Kind::{Bool, Int, Other};
use super::setting::{choice, name_of, put};
use super::{Range, Setting, SettingInfo};
use crate::progression::settings::{MAX_DOORS_PER_KEY, MAX_LOCKS, MAX_ONE_WAY};
use crate::progression::{LockGuard, ProgressionSettings, SecretRooms};

const GUARDS: [(&str, LockGuard); 2] = [
    ("any", LockGuard::Any),
    ("branches_only", LockGuard::BranchesOnly),
];

const SECRETS: [(&str, SecretRooms); 2] = [
    ("optional", SecretRooms::Optional),
    ("open", SecretRooms::Open),
];

/// The planner's settings, in the order they are applied.
#[must_use]
pub fn progression() -> Vec<Setting<ProgressionSettings>> {
    type F = Setting<ProgressionSettings>;
    vec![
        F::new(
            "locks",
            "up to N keys (locked rooms): each key opens every locked door into its room, so one \
             key may lock two doors",
            Int(|c| &mut c.locks),
        )
        .range(Range::int(0, MAX_LOCKS)),
        F::new(
            "lock_guard",
            "where locks stand: any (on the way to the end and on branches) or branches_only",
            Other(
                "any|branches_only",
                |c, v| put(&mut c.lock_guard, choice(v, &GUARDS)),
                |c| name_of(&GUARDS, c.lock_guard),
            ),
        ),
        F::new(
            "max_doors_per_key",
            "most locked doors into one room, all opened by its key (1: a key may be used up on \
             its door)",
            Int(|c| &mut c.max_doors_per_key),
        )
        .range(Range::int(1, MAX_DOORS_PER_KEY)),
        F::new(
            "one_way",
            "up to N one-way doors: shortcuts back that open from the far side",
            Int(|c| &mut c.one_way),
        )
        .range(Range::int(0, MAX_ONE_WAY)),
        F::new(
            "secret_rooms",
            "optional (no key in them, never needed) or open (ordinary rooms)",
            Other(
                "optional|open",
                |c, v| put(&mut c.secret_rooms, choice(v, &SECRETS)),
                |c| name_of(&SECRETS, c.secret_rooms),
            ),
        ),
        F::new(
            "flat_keys",
            "every key lies where no other key is needed to reach it",
            Bool(|c| &mut c.flat_keys),
        ),
    ]
}

/// The planner's settings schema, with the defaults of
/// [`ProgressionSettings::default`] (what front ends list next to a
/// generator's own settings).
#[must_use]
pub fn progression_info() -> Vec<SettingInfo> {
    SettingInfo::list(progression(), Some(&ProgressionSettings::default()))
}
