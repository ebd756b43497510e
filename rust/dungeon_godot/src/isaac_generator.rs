use dungeon_core::isaac::{self, GrowthRule, IsaacConfig};
use dungeon_core::room_grid::{RoomCount, StartRule};
use dungeon_core::{ConfigError, GenError};
use godot::prelude::*;

use crate::convert::{enum_field, impl_finish, range2i, sat, seed_bits};
use crate::dungeon_grid::DungeonGrid;

impl_finish!(IsaacGenerator);

/// Binding of Isaac–style floor plans: rooms grow outward from a start room
/// on a small grid (8×8 by default), like the floors of *The Binding of
/// Isaac*. Each room cell becomes one room scene in your game.
///
/// ```gdscript
/// var gen := IsaacGenerator.new()
/// gen.seed = 42
/// var grid := gen.generate_level(3)   # level 3 has 16–19 rooms
/// if grid == null:
///     print(gen.last_error)
/// ```
///
/// The same seed and level always give the same floor, and level N does not
/// depend on whether earlier levels were generated. Pick a [member preset]
/// first, then fine-tune. Bad settings never crash: [method generate] returns
/// `null`, logs the reason, stores it in [member last_error] and emits
/// [signal generation_failed].
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct IsaacGenerator {
    /// Starting point for all other settings. [b]Seed 002[/b]: 8×8, rooms
    /// crowd around the middle, 10–13 rooms on level 1 and 3 more per level.
    /// [b]Classic[/b]: Binding of Isaac's 9×8 floors, tree-shaped with no
    /// loops and no 2×2 blocks, 7–8 rooms on level 1. Choosing a preset
    /// overwrites the settings below.
    #[export(enum = (Seed002 = 0, Classic = 1))]
    #[var(set = set_preset)]
    preset: i64,
    /// Run seed. The same seed, settings and level always give the same floor.
    #[export]
    seed: i64,
    /// The level [method generate] makes. Higher levels have more rooms.
    #[export(range = (1.0, 1000.0, 1.0, or_greater))]
    level: i64,

    /// Grid width in rooms.
    #[export_group(name = "Grid")]
    #[export(range = (2.0, 256.0, 1.0))]
    width: i64,
    /// Grid height in rooms.
    #[export(range = (2.0, 256.0, 1.0))]
    height: i64,
    /// The room growth starts from. `(-1, -1)` means the grid's centre.
    #[export]
    origin: Vector2i,
    /// Let the grid grow (shorter side first) when a level asks for more rooms
    /// than it can hold. Off: such a level fails with a clear error instead.
    #[export]
    grow_grid: bool,
    /// The share of cells a level may fill. A level whose largest room count
    /// exceeds width × height × max_fill is refused (or grows the grid).
    #[export(range = (0.05, 0.7, 0.01))]
    max_fill: f64,

    /// How rooms spread. [b]Crowding[/b] (seed 002): compact blobs that may
    /// contain loops. [b]Classic[/b]: a tree, each new room touching exactly one.
    #[export_group(name = "Growth")]
    #[export(enum = (Classic = 0, Crowding = 1))]
    rule: i64,
    /// Chance to skip a free neighbour while growing. Higher values give
    /// stringier, branchier floors.
    #[export(range = (0.0, 0.99, 0.01))]
    give_up_chance: f64,
    /// Rooms on every level before the per-level part.
    #[export(range = (1.0, 200.0, 1.0, or_greater))]
    base_rooms: i64,
    /// Rooms added per level (fractions round down after multiplying).
    #[export(range = (0.0, 20.0, 0.1, or_greater))]
    rooms_per_level: f64,
    /// Random extra rooms per level: from 0 up to this many.
    #[export(range = (0.0, 20.0, 1.0, or_greater))]
    room_variance: i64,

    /// Where the player starts: the growth [b]Origin[/b], or a [b]Random Room[/b].
    #[export_group(name = "Start and end")]
    #[export(enum = (Origin = 0, RandomRoom = 1))]
    start_rule: i64,
    /// A floor needs at least this many dead ends (rooms with one door).
    #[export(range = (2.0, 64.0, 1.0, or_greater))]
    min_dead_ends: i64,
    /// Minimum straight-line distance, in cells, between start and end.
    #[export(range = (0.0, 16.0, 0.5, or_greater))]
    min_end_distance: f64,
    /// Start and end may not share a row or a column.
    #[export]
    end_off_axis: bool,
    /// Floors tried before giving up with an error.
    #[export(range = (1.0, 100000.0, 1.0, or_greater))]
    max_attempts: i64,

    /// Why the last generation failed; empty after a success.
    #[var(no_set)]
    last_error: GString,

    base: Base<Resource>,
}

#[godot_api]
impl IResource for IsaacGenerator {
    fn init(base: Base<Resource>) -> Self {
        let mut s = Self {
            preset: 0,
            seed: 0,
            level: 1,
            width: 0,
            height: 0,
            origin: Vector2i::new(-1, -1),
            grow_grid: false,
            max_fill: 0.0,
            rule: 0,
            give_up_chance: 0.0,
            base_rooms: 0,
            rooms_per_level: 0.0,
            room_variance: 0,
            start_rule: 0,
            min_dead_ends: 0,
            min_end_distance: 0.0,
            end_off_axis: true,
            max_attempts: 0,
            last_error: GString::new(),
            base,
        };
        s.load(&IsaacConfig::seed_002());
        s
    }
}

#[godot_api]
impl IsaacGenerator {
    /// Emitted with the error message when a generation fails.
    #[signal]
    fn generation_failed(message: GString);

    #[func]
    fn set_preset(&mut self, preset: i64) {
        match enum_field("preset", preset, &IsaacConfig::PRESETS) {
            Ok(i) => {
                self.apply_preset(GString::from(IsaacConfig::PRESETS[i]));
            }
            Err(e) => godot_error!("IsaacGenerator: {e}"),
        }
    }

    /// Loads a preset by name (`"seed_002"` or `"classic"`), overwriting the
    /// settings. Returns `false` and logs an error for an unknown name.
    #[func]
    fn apply_preset(&mut self, name: GString) -> bool {
        let name = name.to_string();
        let Some(c) = IsaacConfig::preset(&name) else {
            godot_error!(
                "IsaacGenerator: unknown preset {name:?} (expected one of {:?})",
                IsaacConfig::PRESETS
            );
            return false;
        };
        self.load(&c);
        self.preset = IsaacConfig::PRESETS
            .iter()
            .position(|p| *p == name)
            .map_or(0, |i| i as i64);
        self.base_mut().notify_property_list_changed();
        true
    }

    /// Generates the floor for [member level] of [member seed].
    #[func]
    fn generate(&mut self) -> Option<Gd<DungeonGrid>> {
        self.generate_level(self.level)
    }

    /// Generates level `level` (1 or more) of the run [member seed]. Returns
    /// `null` on failure (see [member last_error]).
    #[func]
    fn generate_level(&mut self, level: i64) -> Option<Gd<DungeonGrid>> {
        let result = self
            .config()
            .map_err(GenError::from)
            .and_then(|c| isaac::generate(&c, seed_bits(self.seed), sat(level)));
        self.finish(result)
    }

    /// The fewest and most rooms `level` can have, as `Vector2i(min, max)`.
    #[func]
    fn room_count_range(&self, level: i64) -> Vector2i {
        range2i(self.count().range(sat(level)))
    }

    /// The exact room count level `level` of this seed will have, without
    /// generating it.
    #[func]
    fn room_count(&self, level: i64) -> i64 {
        i64::from(self.count().draw(seed_bits(self.seed), sat(level)))
    }

    /// The highest level the current grid holds (0 if none) when
    /// [member grow_grid] is off.
    #[func]
    fn max_level(&self) -> i64 {
        let cap =
            dungeon_core::room_grid::capacity(sat(self.width), sat(self.height), self.max_fill);
        i64::from(dungeon_core::room_grid::highest_level(&self.count(), cap))
    }
}

impl IsaacGenerator {
    fn count(&self) -> RoomCount {
        RoomCount {
            base: sat(self.base_rooms),
            per_level: self.rooms_per_level,
            variance: sat(self.room_variance),
        }
    }

    fn config(&self) -> Result<IsaacConfig, ConfigError> {
        let mut c = IsaacConfig::seed_002();
        c.width = sat(self.width);
        c.height = sat(self.height);
        c.origin = (self.origin != Vector2i::new(-1, -1)).then_some((self.origin.x, self.origin.y));
        c.grow_grid = self.grow_grid;
        c.max_fill = self.max_fill;
        c.rule = [GrowthRule::Classic, GrowthRule::Crowding]
            [enum_field("rule", self.rule, &["classic", "crowding"])?];
        c.give_up_chance = self.give_up_chance;
        c.count = self.count();
        c.ends.start = [StartRule::Origin, StartRule::RandomRoom]
            [enum_field("start_rule", self.start_rule, &["origin", "random_room"])?];
        c.ends.min_dead_ends = sat(self.min_dead_ends);
        c.ends.min_end_distance = self.min_end_distance;
        c.ends.end_off_axis = self.end_off_axis;
        c.max_attempts = sat(self.max_attempts);
        Ok(c)
    }

    fn load(&mut self, c: &IsaacConfig) {
        self.width = i64::from(c.width);
        self.height = i64::from(c.height);
        self.origin = c
            .origin
            .map_or(Vector2i::new(-1, -1), |p| Vector2i::new(p.0, p.1));
        self.grow_grid = c.grow_grid;
        self.max_fill = c.max_fill;
        self.rule = i64::from(c.rule == GrowthRule::Crowding);
        self.give_up_chance = c.give_up_chance;
        self.base_rooms = i64::from(c.count.base);
        self.rooms_per_level = c.count.per_level;
        self.room_variance = i64::from(c.count.variance);
        self.start_rule = i64::from(c.ends.start == StartRule::RandomRoom);
        self.min_dead_ends = i64::from(c.ends.min_dead_ends);
        self.min_end_distance = c.ends.min_end_distance;
        self.end_off_axis = c.ends.end_off_axis;
        self.max_attempts = i64::from(c.max_attempts);
    }
}
