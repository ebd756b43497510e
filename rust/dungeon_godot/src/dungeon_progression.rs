//! `DungeonProgression`: the lock-and-key planner's settings
//! ([`ProgressionSettings`]) as a designer-editable resource.

use dungeon_core::GenError;
use dungeon_core::progression::settings::{MAX_DOORS_PER_KEY, MAX_LOCKS, MAX_ONE_WAY};
use dungeon_core::progression::{
    LockGuard as CoreGuard, ProgressionSettings, SecretRooms as CoreSecrets,
};
use godot::prelude::*;

use crate::generator::{Ints, inspector_enum};

inspector_enum! {
    /// Where [DungeonProgression] puts its locked doors.
    LockGuard("lock_guard") in DungeonProgression for CoreGuard {
        /// [member lock_guard]: about half the locks stand on the way to
        /// the end (the player must find their keys to finish), the rest
        /// guard branches worth exploring.
        Any = GUARD_ANY => CoreGuard::Any,
        /// [member lock_guard]: locks guard branches only; the end never
        /// needs a key (as in The Binding of Isaac, whose locks shut
        /// treasure rooms).
        BranchesOnly = GUARD_BRANCHES_ONLY => CoreGuard::BranchesOnly,
    }
}

inspector_enum! {
    /// How [DungeonProgression] treats secret and super secret rooms.
    SecretRooms("secret_rooms") in DungeonProgression for CoreSecrets {
        /// [member secret_rooms]: optional. No key lies in them, no lock
        /// touches them, the level can be finished without finding them,
        /// and finding one never leads around a locked door.
        Optional = SECRETS_OPTIONAL => CoreSecrets::Optional,
        /// [member secret_rooms]: their doors count as ordinary doors, and
        /// keys may lie in them.
        Open = SECRETS_OPEN => CoreSecrets::Open,
    }
}

/// Slider ends from the planner's limits (exact: small whole numbers).
const LOCKS_MAX: f64 = MAX_LOCKS as f64;
const DOORS_PER_KEY_MAX: f64 = MAX_DOORS_PER_KEY as f64;
const ONE_WAY_MAX: f64 = MAX_ONE_WAY as f64;

/// Locked doors, keys and one-way doors for a level: how many, and where
/// they may go. Assign it to a generator's [code]progression[/code]
/// property (every generator whose levels have rooms: [IsaacGenerator],
/// [BspGenerator], [TemplateGenerator]…), or plan an existing grid with
/// [method DungeonGrid.with_progression].
///
/// The planner picks doors that matter (on the way to the end, or in front
/// of a branch worth exploring) and puts each key somewhere the player
/// reaches before its door, off the direct way so the player explores. The
/// result is proven: the player can always finish the level, whatever
/// order they explore it in, as long as keys are not used up (or
/// [member max_doors_per_key] is 1). [method DungeonGrid.is_finishable]
/// and [method DungeonGrid.get_solution] show the proof.
///
/// ```gdscript
/// var progression := DungeonProgression.new()
/// progression.locks = 2
/// var gen := BspGenerator.new()
/// gen.progression = progression
/// var grid := gen.generate_level(1)
/// var locks := grid.get_locks_packed()
/// for i in grid.get_lock_count():
///     if locks["kinds"][i] == DungeonGrid.LOCK_KEY:
///         print("a locked door into room %d, its key at %s" % [locks["into"][i], grid.get_key_cell(locks["key_rooms"][i])])
/// ```
///
/// [member locks] counts keys, not doors: each key locks one room and opens
/// every locked door into it, so with [member max_doors_per_key] 2 (the
/// default) one key may lock two doors. [member locks] and
/// [member one_way] are the most the planner places: a level with fewer
/// good places gets fewer. Every property set emits
/// [signal Resource.changed], so a generator using it updates its preview.
/// Values out of range make generation fail with a message naming the
/// setting.
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DungeonProgression {
    /// The most keys to place (0 to 32), one per locked room: each key
    /// opens every locked door into its room (up to
    /// [member max_doors_per_key] of them), so one key may lock two doors.
    /// Each key lies in a room the player reaches before its doors. 0
    /// places none. How many a level got: the distinct
    /// [code]"key_rooms"[/code] of [method DungeonGrid.get_locks_packed]
    /// ([method DungeonGrid.get_lock_count] counts doors).
    #[export(range = (0.0, LOCKS_MAX, 1.0))]
    locks: i64,
    /// Where locks may stand (see [constant GUARD_ANY]).
    #[export]
    lock_guard: LockGuard,
    /// The most doors one key opens (1 to 4): a locked room with several
    /// ways in gets one locked door on each, all opened by its one key, and
    /// a room with more ways in than this is never locked. Set 1 if your
    /// game uses a key up when it opens a door: every key then opens
    /// exactly one.
    #[export(range = (1.0, DOORS_PER_KEY_MAX, 1.0))]
    max_doors_per_key: i64,
    /// One-way doors wanted (0 to 16): shortcuts back toward the start
    /// that open from the far side only. Only on loops, so they never
    /// strand the player.
    #[export(range = (0.0, ONE_WAY_MAX, 1.0))]
    one_way: i64,
    /// How secret rooms count (see [constant SECRETS_OPTIONAL]).
    #[export]
    secret_rooms: SecretRooms,
    /// Put every key where the player reaches it without any other key
    /// (no key behind another locked door).
    #[export]
    flat_keys: bool,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for DungeonProgression {
    fn init(base: Base<Resource>) -> Self {
        let core = ProgressionSettings::default();
        Self {
            locks: i64::from(core.locks),
            lock_guard: LockGuard::from_core(core.lock_guard),
            max_doors_per_key: i64::from(core.max_doors_per_key),
            one_way: i64::from(core.one_way),
            secret_rooms: SecretRooms::from_core(core.secret_rooms),
            flat_keys: core.flat_keys,
            base,
        }
    }

    /// Every set of a property (Inspector, assignment, a file being loaded)
    /// lands here: stored as the generated setter would, and `changed` is
    /// emitted if it changed.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        use crate::generator::set_field;
        let class = "DungeonProgression";
        let changed = match property.to_string().as_str() {
            "locks" => set_field(class, "locks", &mut self.locks, &value),
            "lock_guard" => set_field(class, "lock_guard", &mut self.lock_guard, &value),
            "max_doors_per_key" => set_field(
                class,
                "max_doors_per_key",
                &mut self.max_doors_per_key,
                &value,
            ),
            "one_way" => set_field(class, "one_way", &mut self.one_way, &value),
            "secret_rooms" => set_field(class, "secret_rooms", &mut self.secret_rooms, &value),
            "flat_keys" => set_field(class, "flat_keys", &mut self.flat_keys, &value),
            _ => return false,
        };
        if changed {
            self.base_mut().emit_changed();
        }
        true
    }
}

#[godot_api]
impl DungeonProgression {
    /// Why these settings would make generation fail (e.g.
    /// [code]"invalid locks = 40: allowed 0..=32"[/code]); empty when every
    /// value is in range. It does not say whether a generator's levels have
    /// rooms to lock.
    #[func]
    fn check(&self) -> GString {
        let mut ints = Ints::default();
        let settings = self.core(&mut ints);
        let result = ints.restore(settings.validate().map_err(GenError::from));
        result
            .err()
            .map_or_else(GString::new, |e| GString::from(&e.to_string()))
    }
}

impl DungeonProgression {
    /// The core settings. `int` properties are narrowed through `ints`
    /// under their own names, as the core's messages name them.
    pub fn core(&self, ints: &mut Ints) -> ProgressionSettings {
        ProgressionSettings {
            locks: ints.get("locks", self.locks),
            lock_guard: self.lock_guard.core(),
            max_doors_per_key: ints.get("max_doors_per_key", self.max_doors_per_key),
            one_way: ints.get("one_way", self.one_way),
            secret_rooms: self.secret_rooms.core(),
            flat_keys: self.flat_keys,
        }
    }
}
