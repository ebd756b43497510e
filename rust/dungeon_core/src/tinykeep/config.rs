//! [`TinyKeepConfig`]: the settings, the presets, the choices and their
//! validation.

use crate::error::{ConfigError, check_range};
use crate::preset::Preset;

/// Most cells [`super::generate`] scatters.
pub const MAX_CELLS: i32 = 5000;
/// Largest cell side in tiles.
pub const MAX_CELL_SIDE: i32 = 64;
/// Largest scatter radius in tiles.
pub const MAX_RADIUS: i32 = 1000;
/// Widest hallway in tiles.
pub const MAX_HALLWAY_WIDTH: i32 = 8;
/// Largest separation budget (passes over the cells).
pub const MAX_SEPARATION_STEPS: i32 = 100_000;
/// Widest border in tiles.
pub const MAX_BORDER: i32 = 64;
/// Largest map side the separated cells may span; past it generation fails.
pub const MAX_MAP_SIDE: i32 = 1024;

/// Where cell positions are drawn: inside a circle or an ellipse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScatterShape {
    /// A circle of `radius` tiles (Phi Dinh's TinyKeep).
    Circle,
    /// An ellipse `radius` tiles wide (half-width) and `radius_y` tall
    /// (half-height), for long, wide maps.
    Ellipse,
}

/// How cell sides are drawn between `cell_min_size` and `cell_max_size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SizeDistribution {
    /// Every side equally likely (TinyKeepIsh).
    Uniform,
    /// Bell-shaped around the middle of the range, standard deviation a
    /// quarter of the range (Phi Dinh's TinyKeep): few very small or very
    /// large cells, so the rooms stand out. Drawn as the sum of twelve
    /// uniform draws (Irwin–Hall), exact integer arithmetic.
    Normal,
}

/// How overlapping cells are pushed apart (TinyKeepIsh's `collisionMethod`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Separation {
    /// Boxes: a pair is pushed apart along the axis where it overlaps less,
    /// by exactly that overlap (TinyKeepIsh's SQUARE).
    Square,
    /// Circles around each cell: a pair is pushed apart along the line
    /// between their centres (TinyKeepIsh's SPHERE), which spreads cells
    /// radially like TinyKeep's steering.
    Circle,
}

/// How the room graph's edges are carved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HallwayStyle {
    /// Two straight legs with one bend (Phi Dinh's TinyKeep), turning at
    /// whichever of
    /// the two corners is clear; the shortest way around when neither is.
    LShaped,
    /// The shortest 4-connected way around rooms and other hallways
    /// (TinyKeepIsh's A*, no diagonal steps).
    AStar,
}

/// Settings for [`super::generate`]. Start from a preset
/// ([`TinyKeepConfig::tinykeep`], [`TinyKeepConfig::winding_halls`],
/// [`TinyKeepConfig::small`]) and change fields; [`TinyKeepConfig::validate`]
/// says which combinations work.
#[derive(Clone, Debug, PartialEq)]
pub struct TinyKeepConfig {
    /// Cells scattered before separation, `2..=5000` (default 150).
    pub cell_count: i32,
    /// Circle or ellipse (default circle).
    pub shape: ScatterShape,
    /// Scatter radius in tiles, `1..=1000` (default 20): the circle's
    /// radius, or the ellipse's half-width.
    pub radius: i32,
    /// The ellipse's half-height in tiles, `1..=1000` (default 10); only
    /// used by [`ScatterShape::Ellipse`].
    pub radius_y: i32,
    /// How cell sides are drawn (default normal).
    pub size_distribution: SizeDistribution,
    /// Smallest cell side in tiles, `1..=64` (default 2).
    pub cell_min_size: i32,
    /// Largest cell side in tiles, `cell_min_size..=64` (default 10).
    pub cell_max_size: i32,
    /// How overlapping cells are pushed apart (default circle).
    pub separation: Separation,
    /// Separation budget, in passes over all cells, `1..=100000`
    /// (default 1000). Cells still overlapping when it runs out are dropped
    /// (the later cell of each overlapping pair), so the result is always
    /// defined.
    pub separation_steps: i32,
    /// A cell becomes a room when it is at least this wide, `1..=64`
    /// (default 7) ...
    pub min_room_width: i32,
    /// ... and at least this tall, `1..=64` (default 7) ...
    pub min_room_height: i32,
    /// ... and covers at least this many tiles, `0..=4096` (default 0, no
    /// area rule). TinyKeepIsh's `largeCutoff`: set both minimum sides to 1
    /// and this to the area.
    pub min_room_area: i32,
    /// Chance, `0..=1`, that each Delaunay edge outside the spanning tree
    /// is carved too, making loops (default 0.15; TinyKeepIsh's `treeCutOff`
    /// as a fraction).
    pub extra_edge_chance: f64,
    /// How hallways are carved (default L-shaped).
    pub hallway_style: HallwayStyle,
    /// Hallway width in tiles, `1..=8` and at most the smaller minimum
    /// room side (default 1).
    pub hallway_width: i32,
    /// Let hallways cross and run into each other (default false: every
    /// hallway keeps a tile of rock between itself and every other
    /// hallway and room it does not connect).
    pub allow_crossings: bool,
    /// Empty tiles around the map, `1..=64` (default 1).
    pub border: i32,
}

impl Default for TinyKeepConfig {
    fn default() -> Self {
        Self::tinykeep()
    }
}

/// TinyKeep's presets (the first is the default).
pub const PRESET_LIST: [Preset<TinyKeepConfig>; 3] = [
    Preset::new(
        "tinykeep",
        "Phi Dinh's TinyKeep dungeons: 150 cells, normal sizes, L-shaped hallways, 15 % loops",
        TinyKeepConfig::tinykeep,
    ),
    Preset::new(
        "winding_halls",
        "hallways that wind around the rooms (A*), rooms chosen by area, uniform cell sizes, 10 % loops",
        TinyKeepConfig::winding_halls,
    ),
    Preset::new(
        "small",
        "40 cells in a wide ellipse, two-tile hallways, for quick play",
        TinyKeepConfig::small,
    ),
];

impl TinyKeepConfig {
    /// Phi Dinh's TinyKeep: 150 cells of normally distributed sides (2–10)
    /// in a circle of radius 20, pushed apart along their centre lines;
    /// cells of at least 7×7 become rooms; L-shaped hallways; 15 % of the
    /// non-tree Delaunay edges come back as loops.
    #[must_use]
    pub const fn tinykeep() -> Self {
        Self {
            cell_count: 150,
            shape: ScatterShape::Circle,
            radius: 20,
            radius_y: 10,
            size_distribution: SizeDistribution::Normal,
            cell_min_size: 2,
            cell_max_size: 10,
            separation: Separation::Circle,
            separation_steps: 1000,
            min_room_width: 7,
            min_room_height: 7,
            min_room_area: 0,
            extra_edge_chance: 0.15,
            hallway_style: HallwayStyle::LShaped,
            hallway_width: 1,
            allow_crossings: false,
            border: 1,
        }
    }

    /// Hallways that wind around the rooms: uniform sides (1–9), box
    /// separation, rooms by area (at least 30 tiles), A* hallways without
    /// diagonal steps, 10 % extra edges. Follows TinyKeepIsh, a
    /// TinyKeep-style implementation (`largeCutoff` 30, `treeCutOff` 10).
    #[must_use]
    pub const fn winding_halls() -> Self {
        Self {
            cell_count: 100,
            radius: 16,
            size_distribution: SizeDistribution::Uniform,
            cell_min_size: 1,
            cell_max_size: 9,
            separation: Separation::Square,
            min_room_width: 1,
            min_room_height: 1,
            min_room_area: 30,
            extra_edge_chance: 0.10,
            hallway_style: HallwayStyle::AStar,
            ..Self::tinykeep()
        }
    }

    /// A small map for quick play: 40 cells in a wide ellipse, rooms from
    /// 5×5, two-tile hallways, more loops.
    #[must_use]
    pub const fn small() -> Self {
        Self {
            cell_count: 40,
            shape: ScatterShape::Ellipse,
            radius: 14,
            radius_y: 8,
            cell_min_size: 2,
            cell_max_size: 9,
            min_room_width: 5,
            min_room_height: 5,
            extra_edge_chance: 0.25,
            hallway_width: 2,
            ..Self::tinykeep()
        }
    }

    /// The preset names [`TinyKeepConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 3] = crate::preset::names(&PRESET_LIST);

    /// Checks every field without generating.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the first bad field, its value and what
    /// would work.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("cell_count", self.cell_count, 2, MAX_CELLS)?;
        check_range("radius", self.radius, 1, MAX_RADIUS)?;
        check_range("radius_y", self.radius_y, 1, MAX_RADIUS)?;
        check_range("cell_min_size", self.cell_min_size, 1, MAX_CELL_SIDE)?;
        check_range(
            "cell_max_size",
            self.cell_max_size,
            self.cell_min_size,
            MAX_CELL_SIDE,
        )
        .map_err(|e| with_reason(e, "at least cell_min_size"))?;
        check_range(
            "separation_steps",
            self.separation_steps,
            1,
            MAX_SEPARATION_STEPS,
        )?;
        check_range("min_room_width", self.min_room_width, 1, self.cell_max_size)
            .map_err(|e| with_reason(e, "no cell is wider than cell_max_size"))?;
        check_range(
            "min_room_height",
            self.min_room_height,
            1,
            self.cell_max_size,
        )
        .map_err(|e| with_reason(e, "no cell is taller than cell_max_size"))?;
        let biggest = self.cell_max_size * self.cell_max_size;
        check_range("min_room_area", self.min_room_area, 0, biggest)
            .map_err(|e| with_reason(e, "no cell covers more than cell_max_size²"))?;
        check_range("extra_edge_chance", self.extra_edge_chance, 0.0, 1.0)?;
        let narrowest = self.min_room_width.min(self.min_room_height);
        check_range(
            "hallway_width",
            self.hallway_width,
            1,
            MAX_HALLWAY_WIDTH.min(narrowest),
        )
        .map_err(|e| {
            with_reason(
                e,
                "at most the smaller of min_room_width and min_room_height",
            )
        })?;
        check_range("border", self.border, 1, MAX_BORDER)?;
        Ok(())
    }
}

fn with_reason(mut e: ConfigError, why: &str) -> ConfigError {
    e.allowed = format!("{} ({why})", e.allowed);
    e
}
