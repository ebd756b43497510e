use dungeon_core::drunkard::{self, DrunkardConfig, OffGrid};
use dungeon_core::room_grid::{RoomCount, StartRule};
use dungeon_core::{ConfigError, GenError};
use godot::prelude::*;

use crate::convert::{enum_field, impl_finish, range2i, sat, seed_bits};
use crate::dungeon_grid::DungeonGrid;

impl_finish!(DrunkardGenerator);

/// Drunkard-walk floor plans: a walker wanders a small grid (8×8 by default)
/// and every cell it enters becomes a room. Floors come out long and winding
/// — good for forests and caves.
///
/// ```gdscript
/// var gen := DrunkardGenerator.new()
/// gen.seed = 7
/// var grid := gen.generate_level(2)
/// for cell in grid.room_cells():
///     print(cell)
/// ```
///
/// The room count per level uses the same formula as [IsaacGenerator]'s
/// Seed 002 preset, and the count is exact. Bad settings never crash:
/// [method generate] returns `null`, logs the reason, stores it in
/// [member last_error] and emits [signal generation_failed].
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DrunkardGenerator {
    /// Starting point for all other settings. [b]Seed 002[/b]: 4-direction
    /// walk that jumps back to its first cell at the grid edge. [b]Eight Way[/b]:
    /// diagonal steps too, and the walker stops at the edge. Choosing a
    /// preset overwrites the settings below.
    #[export(enum = (Seed002 = 0, EightWay = 1))]
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
    /// Let the grid grow when a level asks for more rooms than it can hold.
    /// Off: such a level fails with a clear error instead.
    #[export]
    grow_grid: bool,
    /// The share of cells a level may fill (see [member IsaacGenerator.max_fill]).
    #[export(range = (0.05, 0.7, 0.01))]
    max_fill: f64,

    /// Also step diagonally. A diagonal step opens one of the two side cells
    /// too, so every room still shares a door with the path.
    #[export_group(name = "Walk")]
    #[export]
    diagonal: bool,
    /// At the grid edge: [b]Return To Start[/b] jumps back to the first cell;
    /// [b]Stay[/b] waits where it is.
    #[export(enum = (ReturnToStart = 0, Stay = 1))]
    off_grid: i64,
    /// Steps one walk may take before it is abandoned and retried.
    #[export(range = (1.0, 1000000.0, 1.0, or_greater))]
    max_steps: i64,
    /// Rooms on every level before the per-level part.
    #[export(range = (1.0, 200.0, 1.0, or_greater))]
    base_rooms: i64,
    /// Rooms added per level (fractions round down after multiplying).
    #[export(range = (0.0, 20.0, 0.1, or_greater))]
    rooms_per_level: f64,
    /// Random extra rooms per level: from 0 up to this many.
    #[export(range = (0.0, 20.0, 1.0, or_greater))]
    room_variance: i64,

    /// Where the player starts: the walk's [b]Origin[/b], or a [b]Random Room[/b].
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
    /// Walks tried before giving up with an error.
    #[export(range = (1.0, 100000.0, 1.0, or_greater))]
    max_attempts: i64,

    /// Why the last generation failed; empty after a success.
    #[var(no_set)]
    last_error: GString,

    base: Base<Resource>,
}

#[godot_api]
impl IResource for DrunkardGenerator {
    fn init(base: Base<Resource>) -> Self {
        let mut s = Self {
            preset: 0,
            seed: 0,
            level: 1,
            width: 0,
            height: 0,
            grow_grid: false,
            max_fill: 0.0,
            diagonal: false,
            off_grid: 0,
            max_steps: 0,
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
        s.load(&DrunkardConfig::seed_002());
        s
    }
}

#[godot_api]
impl DrunkardGenerator {
    /// Emitted with the error message when a generation fails.
    #[signal]
    fn generation_failed(message: GString);

    #[func]
    fn set_preset(&mut self, preset: i64) {
        match enum_field("preset", preset, &DrunkardConfig::PRESETS) {
            Ok(i) => {
                self.apply_preset(GString::from(DrunkardConfig::PRESETS[i]));
            }
            Err(e) => godot_error!("DrunkardGenerator: {e}"),
        }
    }

    /// Loads a preset by name (`"seed_002"` or `"eight_way"`), overwriting
    /// the settings. Returns `false` and logs an error for an unknown name.
    #[func]
    fn apply_preset(&mut self, name: GString) -> bool {
        let name = name.to_string();
        let Some(c) = DrunkardConfig::preset(&name) else {
            godot_error!(
                "DrunkardGenerator: unknown preset {name:?} (expected one of {:?})",
                DrunkardConfig::PRESETS
            );
            return false;
        };
        self.load(&c);
        self.preset = DrunkardConfig::PRESETS
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
            .and_then(|c| drunkard::generate(&c, seed_bits(self.seed), sat(level)));
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

impl DrunkardGenerator {
    fn count(&self) -> RoomCount {
        RoomCount {
            base: sat(self.base_rooms),
            per_level: self.rooms_per_level,
            variance: sat(self.room_variance),
        }
    }

    fn config(&self) -> Result<DrunkardConfig, ConfigError> {
        let mut c = DrunkardConfig::seed_002();
        c.width = sat(self.width);
        c.height = sat(self.height);
        c.grow_grid = self.grow_grid;
        c.max_fill = self.max_fill;
        c.diagonal = self.diagonal;
        c.off_grid = [OffGrid::ReturnToStart, OffGrid::Stay]
            [enum_field("off_grid", self.off_grid, &["return_to_start", "stay"])?];
        c.max_steps = sat(self.max_steps);
        c.count = self.count();
        c.ends.start = [StartRule::Origin, StartRule::RandomRoom]
            [enum_field("start_rule", self.start_rule, &["origin", "random_room"])?];
        c.ends.min_dead_ends = sat(self.min_dead_ends);
        c.ends.min_end_distance = self.min_end_distance;
        c.ends.end_off_axis = self.end_off_axis;
        c.max_attempts = sat(self.max_attempts);
        Ok(c)
    }

    fn load(&mut self, c: &DrunkardConfig) {
        self.width = i64::from(c.width);
        self.height = i64::from(c.height);
        self.grow_grid = c.grow_grid;
        self.max_fill = c.max_fill;
        self.diagonal = c.diagonal;
        self.off_grid = i64::from(c.off_grid == OffGrid::Stay);
        self.max_steps = i64::from(c.max_steps);
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
