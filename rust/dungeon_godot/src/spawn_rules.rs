//! `DungeonSpawnRules`: the rules for spawn and loot points as a
//! designer-editable resource, mapped to the core's [`SpawnRules`].

use dungeon_core::ConfigError;
use dungeon_core::progression::SpawnRules;
use godot::prelude::*;

/// Where enemies, loot, traps and the boss may stand in a generated
/// dungeon: the rules [method DungeonGrid.get_spawn_points] follows. Points
/// stand on room floor, never on a door or in front of one, never on the
/// start, the end or a key, never on the only way between two doors, and
/// at least [member min_spacing] tiles apart within a room.
///
/// Counts per room: enemies grow with the room's free floor and its
/// distance from the start; loot goes to dead ends and deep branches
/// (never into a room holding a key); traps to rooms with two or more
/// doorways; the boss to the end room. The same grid and rules always give
/// the same points, on every platform; changing a rule moves only the
/// rooms whose counts it changes.
///
/// On room grids (Isaac, Drunkard, Hilbert) each room cell gets at most
/// one point of each kind, at the cell: place the objects inside the room
/// scene. Maps without rooms (caves, tunnels, walks) get no points.
///
/// ```gdscript
/// var rules := DungeonSpawnRules.new()
/// rules.enemy_density = 6.0
/// rules.min_spacing = 4
/// var points := grid.get_spawn_points(rules)
/// ```
///
/// Save it as a [code].tres[/code] to share rules between levels; every
/// edit emits [signal Resource.changed].
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DungeonSpawnRules {
    /// Enemies per 100 free floor tiles of a room (0 to 50); a room-grid
    /// cell counts as 100 tiles.
    #[export(range = (0.0, 50.0, 0.1))]
    enemy_density: f64,
    /// How much busier rooms get with distance from the start (0 to 4): the
    /// farthest room gets [code]1 + enemy_ramp[/code] times the density.
    #[export(range = (0.0, 4.0, 0.05))]
    enemy_ramp: f64,
    /// Loot points in every dead-end room other than the start and end
    /// rooms (0 to 8).
    #[export(range = (0.0, 8.0, 1.0))]
    loot_per_dead_end: i64,
    /// Loot points per room of distance from the critical path (the way
    /// from the start to the end), rounded down (0 to 4).
    #[export(range = (0.0, 4.0, 0.05))]
    loot_per_branch_room: f64,
    /// Traps per room with two or more doorways (0 to 8): the whole part
    /// always, the fraction as a chance.
    #[export(range = (0.0, 8.0, 0.05))]
    traps_per_room: f64,
    /// Least distance between two points of one room, in tiles, diagonal
    /// steps counting 1 (1 to 16).
    #[export(range = (1.0, 16.0, 1.0))]
    min_spacing: i64,
    /// Tiles kept free in front of every doorway (0 to 4).
    #[export(range = (0.0, 4.0, 1.0))]
    door_clearance: i64,
    /// No enemies and no traps in the start room.
    #[export]
    start_room_safe: bool,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for DungeonSpawnRules {
    fn init(base: Base<Resource>) -> Self {
        let d = SpawnRules::default();
        Self {
            enemy_density: d.enemy_density,
            enemy_ramp: d.enemy_ramp,
            loot_per_dead_end: i64::from(d.loot_per_dead_end),
            loot_per_branch_room: d.loot_per_branch_room,
            traps_per_room: d.traps_per_room,
            min_spacing: i64::from(d.min_spacing),
            door_clearance: i64::from(d.door_clearance),
            start_room_safe: d.start_room_safe,
            base,
        }
    }

    /// Every set of a property (Inspector, assignment, a file being loaded)
    /// lands here: stored as the generated setter would, and `changed` is
    /// emitted if it changed.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        use crate::generator::set_field;
        let class = "DungeonSpawnRules";
        let changed = match property.to_string().as_str() {
            "enemy_density" => set_field(class, "enemy_density", &mut self.enemy_density, &value),
            "enemy_ramp" => set_field(class, "enemy_ramp", &mut self.enemy_ramp, &value),
            "loot_per_dead_end" => set_field(
                class,
                "loot_per_dead_end",
                &mut self.loot_per_dead_end,
                &value,
            ),
            "loot_per_branch_room" => set_field(
                class,
                "loot_per_branch_room",
                &mut self.loot_per_branch_room,
                &value,
            ),
            "traps_per_room" => {
                set_field(class, "traps_per_room", &mut self.traps_per_room, &value)
            }
            "min_spacing" => set_field(class, "min_spacing", &mut self.min_spacing, &value),
            "door_clearance" => {
                set_field(class, "door_clearance", &mut self.door_clearance, &value)
            }
            "start_room_safe" => {
                set_field(class, "start_room_safe", &mut self.start_room_safe, &value)
            }
            _ => return false,
        };
        if changed {
            self.base_mut().emit_changed();
        }
        true
    }
}

#[godot_api]
impl DungeonSpawnRules {
    /// An empty string when every setting is in its range, else a message
    /// naming the first bad one and the values allowed.
    #[func]
    fn check(&self) -> GString {
        match self.to_core() {
            Ok(_) => GString::new(),
            Err(e) => GString::from(&e.to_string()),
        }
    }
}

impl DungeonSpawnRules {
    /// The core rules, validated. An integer past 32 bits is clamped, so
    /// the core's message names its field and range, and shown as given.
    pub(crate) fn to_core(&self) -> Result<SpawnRules, ConfigError> {
        let wide = [
            ("loot_per_dead_end", self.loot_per_dead_end),
            ("min_spacing", self.min_spacing),
            ("door_clearance", self.door_clearance),
        ];
        let int = |v: i64| i32::try_from(v).unwrap_or(if v < 0 { i32::MIN } else { i32::MAX });
        let rules = SpawnRules {
            enemy_density: self.enemy_density,
            enemy_ramp: self.enemy_ramp,
            loot_per_dead_end: int(self.loot_per_dead_end),
            loot_per_branch_room: self.loot_per_branch_room,
            traps_per_room: self.traps_per_room,
            min_spacing: int(self.min_spacing),
            door_clearance: int(self.door_clearance),
            start_room_safe: self.start_room_safe,
        };
        rules.validate().map_err(|mut e| {
            if let Some(&(_, v)) = wide.iter().find(|(f, _)| *f == e.field) {
                e.value = v.to_string();
            }
            e
        })?;
        Ok(rules)
    }
}
