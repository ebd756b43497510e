use dungeon_core::bsp::{self, BspConfig};
use godot::prelude::*;

use crate::convert::{enum_field, impl_finish, range2i, sat, seed_bits};
use crate::dungeon_grid::DungeonGrid;

impl_finish!(BspGenerator);

/// Classic roguelike maps: rectangular rooms joined by corridors, with doors
/// where corridors enter rooms. The map is split in two again and again
/// (binary space partitioning), one room goes in each part, and sibling parts
/// are joined, so every room is reachable.
///
/// The result is a tile grid: paint it on a [TileMapLayer] with
/// [method DungeonGrid.cells_packed], or use [method DungeonGrid.room_rects]
/// to place room scenes.
///
/// ```gdscript
/// var gen := BspGenerator.new()
/// gen.width = 80
/// gen.height = 50
/// var grid := gen.generate_level(1)
/// print(grid.to_ascii())
/// ```
///
/// Bad settings never crash: [method generate] returns `null`, logs the
/// reason, stores it in [member last_error] and emits [signal generation_failed].
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct BspGenerator {
    /// Starting point for all other settings. [b]Seed 001[/b]: 40×40 tiles, up
    /// to 16 rooms. [b]Large[/b]: a wider map with more rooms. Choosing a preset
    /// overwrites the settings below.
    #[export(enum = (Seed001 = 0, Large = 1))]
    #[var(set = set_preset)]
    preset: i64,
    /// Run seed. The same seed, settings and level always give the same map.
    #[export]
    seed: i64,
    /// The level [method generate] makes. For BSP it only picks a different
    /// map from the same run; the size comes from the settings.
    #[export(range = (1.0, 1000.0, 1.0, or_greater))]
    level: i64,

    /// Map width in tiles.
    #[export_group(name = "Map")]
    #[export(range = (8.0, 1024.0, 1.0, or_greater))]
    width: i64,
    /// Map height in tiles.
    #[export(range = (8.0, 1024.0, 1.0, or_greater))]
    height: i64,
    /// Empty tiles kept around the whole map (at least 1).
    #[export(range = (1.0, 16.0, 1.0))]
    border: i64,

    /// How many times the map is split: up to 2^iterations rooms.
    #[export_group(name = "Splitting")]
    #[export(range = (1.0, 16.0, 1.0))]
    iterations: i64,
    /// How far from the middle a split may fall, as a fraction of the side:
    /// 0 always halves, 0.45 gives very uneven parts.
    #[export(range = (0.0, 0.45, 0.01))]
    partition_range: f64,
    /// No part is split smaller than this many tiles on a side.
    #[export(range = (3.0, 64.0, 1.0, or_greater))]
    min_partition_size: i64,

    /// Smallest room side as a fraction of its part's side.
    #[export_group(name = "Rooms")]
    #[export(range = (0.05, 1.0, 0.01))]
    room_size_min: f64,
    /// Largest room side as a fraction of its part's side.
    #[export(range = (0.05, 1.0, 0.01))]
    room_size_max: f64,
    /// Smallest room side in tiles.
    #[export(range = (1.0, 32.0, 1.0, or_greater))]
    min_room_size: i64,

    /// Why the last generation failed; empty after a success.
    #[var(no_set)]
    last_error: GString,

    base: Base<Resource>,
}

#[godot_api]
impl IResource for BspGenerator {
    fn init(base: Base<Resource>) -> Self {
        let mut s = Self {
            preset: 0,
            seed: 0,
            level: 1,
            width: 0,
            height: 0,
            border: 0,
            iterations: 0,
            partition_range: 0.0,
            min_partition_size: 0,
            room_size_min: 0.0,
            room_size_max: 0.0,
            min_room_size: 0,
            last_error: GString::new(),
            base,
        };
        s.load(&BspConfig::default());
        s
    }
}

/// Preset names in the order of the Inspector's preset enum.
const PRESETS: [&str; 2] = BspConfig::PRESETS;

#[godot_api]
impl BspGenerator {
    /// Emitted with the error message when a generation fails.
    #[signal]
    fn generation_failed(message: GString);

    #[func]
    fn set_preset(&mut self, preset: i64) {
        match enum_field("preset", preset, &PRESETS) {
            Ok(i) => {
                self.apply_preset(GString::from(PRESETS[i]));
            }
            Err(e) => godot_error!("BspGenerator: {e}"),
        }
    }

    /// Loads a preset by name (`"seed_001"` or `"large"`), overwriting the
    /// settings. Returns `false` and logs an error for an unknown name.
    #[func]
    fn apply_preset(&mut self, name: GString) -> bool {
        let name = name.to_string();
        let Some(c) = BspConfig::preset(&name) else {
            godot_error!("BspGenerator: unknown preset {name:?} (expected one of {PRESETS:?})");
            return false;
        };
        self.load(&c);
        self.preset = PRESETS
            .iter()
            .position(|p| *p == name)
            .map_or(0, |i| i as i64);
        self.base_mut().notify_property_list_changed();
        true
    }

    /// Generates the map for [member level] of [member seed].
    #[func]
    fn generate(&mut self) -> Option<Gd<DungeonGrid>> {
        self.generate_level(self.level)
    }

    /// Generates level `level` (1 or more) of the run [member seed]. Returns
    /// `null` on failure (see [member last_error]).
    #[func]
    fn generate_level(&mut self, level: i64) -> Option<Gd<DungeonGrid>> {
        let result = bsp::generate(&self.config(), seed_bits(self.seed), sat(level));
        self.finish(result)
    }

    /// The fewest and most rooms a map can have with these settings, as
    /// `Vector2i(2, 2^iterations)`. BSP room counts do not change with the level.
    #[func]
    fn room_count_range(&self, _level: i64) -> Vector2i {
        let max = 1i32
            .checked_shl(self.iterations.clamp(0, 30) as u32)
            .unwrap_or(i32::MAX);
        range2i((2, max.max(2)))
    }
}

impl BspGenerator {
    fn config(&self) -> BspConfig {
        BspConfig {
            width: sat(self.width),
            height: sat(self.height),
            iterations: sat(self.iterations),
            partition_range: self.partition_range,
            min_partition_size: sat(self.min_partition_size),
            room_size_min: self.room_size_min,
            room_size_max: self.room_size_max,
            min_room_size: sat(self.min_room_size),
            border: sat(self.border),
        }
    }

    fn load(&mut self, c: &BspConfig) {
        self.width = i64::from(c.width);
        self.height = i64::from(c.height);
        self.iterations = i64::from(c.iterations);
        self.partition_range = c.partition_range;
        self.min_partition_size = i64::from(c.min_partition_size);
        self.room_size_min = c.room_size_min;
        self.room_size_max = c.room_size_max;
        self.min_room_size = i64::from(c.min_room_size);
        self.border = i64::from(c.border);
    }
}
