//! `SpecialRoomRule` and `IsaacRoomRules`: the special rooms of an Isaac
//! floor as designer-editable resources, mapped to the core's
//! [`RoomRules`].

use dungeon_core::RoomRole;
use dungeon_core::room_grid::{RoleRule, RoomRules};
use godot::prelude::*;

use crate::generator::{CoreValue, Ints};

/// One kind of special room on an [IsaacGenerator] floor: which role, how
/// likely, from which level, how many per floor. Part of an
/// [IsaacRoomRules].
///
/// Dead-end roles (every role but [constant DungeonGrid.ROLE_SECRET]) take
/// the dead ends farthest from the start first, in the order of
/// [member IsaacRoomRules.rules]. A rule with [member chance] 1 is
/// required: a floor without room for it is grown again. Rooms of a lower
/// chance are left out when no dead end is free.
///
/// ```gdscript
/// var curse := SpecialRoomRule.new()
/// curse.role = DungeonGrid.ROLE_CURSE
/// curse.chance = 0.5
/// curse.min_level = 2
/// ```
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct SpecialRoomRule {
    /// The room's role: a [code]DungeonGrid.ROLE_*[/code] constant other
    /// than normal, start, end and boss (the boss room is always the end).
    /// Another value is refused with an error and the role is unchanged.
    #[var(set = set_role)]
    #[export(enum = (
        Treasure = 4, Shop = 5, Secret = 6, SuperSecret = 7,
        Sacrifice = 8, Curse = 9, Challenge = 10, Library = 11
    ))]
    role: i64,
    /// Chance (0 to 1) that each of the [member count] rooms is placed.
    #[export(range = (0.0, 1.0, 0.01))]
    chance: f64,
    /// The first level the room appears on (1 to 1000).
    #[export(range = (1.0, 1000.0, 1.0))]
    min_level: i64,
    /// Rooms of this role per floor (0 to 16).
    #[export(range = (0.0, 16.0, 1.0))]
    count: i64,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for SpecialRoomRule {
    fn init(base: Base<Resource>) -> Self {
        Self {
            role: RoomRole::Treasure as i64,
            chance: 1.0,
            min_level: 1,
            count: 1,
            base,
        }
    }
}

#[godot_api]
impl SpecialRoomRule {
    /// A rule for [param role] (a [code]DungeonGrid.ROLE_*[/code] constant;
    /// another value is refused with an error, leaving
    /// [constant DungeonGrid.ROLE_TREASURE]).
    #[func]
    fn create(role: i64, chance: f64, min_level: i64, count: i64) -> Gd<Self> {
        let mut rule = Gd::from_init_fn(|base| Self {
            role: RoomRole::Treasure as i64,
            chance,
            min_level,
            count,
            base,
        });
        rule.bind_mut().set_role(role);
        rule
    }

    #[func]
    fn set_role(&mut self, role: i64) {
        let placeable =
            RoomRole::from_code(role).is_some_and(|r| r.is_special() && r != RoomRole::Boss);
        if placeable {
            if self.role != role {
                self.role = role;
                self.base_mut().emit_changed();
            }
        } else {
            godot_error!(
                "SpecialRoomRule: invalid role = {role}: allowed {}..={} (DungeonGrid.ROLE_TREASURE to \
                 ROLE_LIBRARY; the boss room is always the end); the setting is unchanged",
                RoomRole::Treasure as i64,
                RoomRole::Library as i64
            );
        }
    }
}

impl SpecialRoomRule {
    /// The core rule; an unknown role becomes `Normal`, which the core
    /// refuses naming `room_rules.role`.
    fn core(&self, ints: &mut Ints) -> RoleRule {
        RoleRule {
            role: RoomRole::from_code(self.role).unwrap_or(RoomRole::Normal),
            chance: self.chance,
            min_level: ints.get("room_rules.min_level", self.min_level),
            count: ints.get("room_rules.count", self.count),
        }
    }

    fn from_core(r: &RoleRule) -> Gd<Self> {
        Self::create(
            r.role as i64,
            r.chance,
            i64::from(r.min_level),
            i64::from(r.count),
        )
    }
}

/// The special rooms of an [IsaacGenerator] floor, as The Binding of Isaac
/// places them: the boss room is always the end (the dead end farthest
/// from the start), then each [SpecialRoomRule] in [member rules] takes the
/// farthest free dead ends (the default: super secret, shop, treasure, then
/// sacrifice, curse, challenge and library rooms from level 2), and a
/// secret room goes in an empty cell beside as many rooms as possible (3 or
/// more, else 2, else 1), never beside a dead end. Secret and super secret
/// rooms are joined by secret doors ([method DungeonGrid.secret_door_mask]).
///
/// A new [IsaacRoomRules] holds Isaac's rules; assign it to
/// [member IsaacGenerator.room_rules] ([constant IsaacGenerator.PRESET_BRANCHING]
/// does). Set [member min_dead_ends] 5 and [member dead_ends_per_level] 1
/// for Rebirth's rule (see [method rebirth]).
///
/// ```gdscript
/// var rules := IsaacRoomRules.new()   # Isaac's defaults
/// rules.rules.append(SpecialRoomRule.create(DungeonGrid.ROLE_LIBRARY, 1.0, 3, 1))
/// ```
///
/// Bad rules (a chance outside 0..1, a negative count, a first level below
/// 1, a role twice) make [method IsaacGenerator.generate] fail with a
/// message naming the setting and the role.
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct IsaacRoomRules {
    /// The special rooms besides the boss, one rule per role, in placement
    /// order: dead-end rooms take the farthest free dead ends first. Empty
    /// entries are skipped.
    #[export]
    rules: Array<Option<Gd<SpecialRoomRule>>>,
    /// A floor needs at least this many dead ends besides the start (on
    /// top of one per required room). Rebirth: 5.
    #[export(range = (0.0, 64.0, 1.0, or_greater))]
    min_dead_ends: i64,
    /// Extra dead ends needed per level after the first. Rebirth: 1.
    #[export(range = (0.0, 10.0, 1.0, or_greater))]
    dead_ends_per_level: i64,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for IsaacRoomRules {
    fn init(base: Base<Resource>) -> Self {
        let core = RoomRules::isaac();
        Self {
            rules: Self::rule_array(&core),
            min_dead_ends: i64::from(core.min_dead_ends),
            dead_ends_per_level: i64::from(core.dead_ends_per_level),
            base,
        }
    }
}

#[godot_api]
impl IsaacRoomRules {
    /// The Binding of Isaac's rules (what [code]IsaacRoomRules.new()[/code]
    /// holds).
    #[func]
    fn isaac() -> Gd<Self> {
        Self::from_core(&RoomRules::isaac())
    }

    /// Isaac's rules with Rebirth's minimum dead ends: 5 on level 1, one
    /// more per level. On the original room count only some floors of
    /// levels 1, 2 and 8–10 have that many; the others fail.
    #[func]
    fn rebirth() -> Gd<Self> {
        Self::from_core(&RoomRules::rebirth())
    }
}

impl IsaacRoomRules {
    fn rule_array(core: &RoomRules) -> Array<Option<Gd<SpecialRoomRule>>> {
        let rules: Vec<Option<Gd<SpecialRoomRule>>> = core
            .rules
            .iter()
            .map(|r| Some(SpecialRoomRule::from_core(r)))
            .collect();
        Array::from(rules.as_slice())
    }

    /// The core rules. An empty entry in [`Self::rules`] (the Inspector
    /// adds them) is skipped.
    pub fn core(&self, ints: &mut Ints) -> RoomRules {
        RoomRules {
            rules: self
                .rules
                .iter_shared()
                .flatten()
                .map(|r| r.bind().core(ints))
                .collect(),
            min_dead_ends: ints.get("room_rules.min_dead_ends", self.min_dead_ends),
            dead_ends_per_level: ints
                .get("room_rules.dead_ends_per_level", self.dead_ends_per_level),
        }
    }

    /// A new resource holding `core`.
    pub fn from_core(core: &RoomRules) -> Gd<Self> {
        Gd::from_init_fn(|base| Self {
            rules: Self::rule_array(core),
            min_dead_ends: i64::from(core.min_dead_ends),
            dead_ends_per_level: i64::from(core.dead_ends_per_level),
            base,
        })
    }
}

/// An `IsaacGenerator`'s `room_rules`: `null` is none.
impl CoreValue<Option<RoomRules>> for Option<Gd<IsaacRoomRules>> {
    fn to_core(&self, _: &'static str, ints: &mut Ints) -> Option<RoomRules> {
        self.as_ref().map(|r| r.bind().core(ints))
    }

    fn from_core(core: &Option<RoomRules>) -> Self {
        core.as_ref().map(IsaacRoomRules::from_core)
    }
}
