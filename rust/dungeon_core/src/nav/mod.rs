//! Navigation polygons built straight from a grid: the walkable cells cut
//! into few axis-aligned rectangles that a navigation server can load as
//! they are (Godot's `NavigationPolygon` `vertices` and `polygons`).
//!
//! The build never bakes and never traces outlines. It works on a
//! *lattice* (a raster of walkable cells with "open side" bits: one cell
//! per tile, or with an agent radius `r` each tile split `r` in from its
//! sides into 3 × 3, keeping only the places the agent's square fits) in
//! three steps:
//!
//! 1. **Partition.** Each row is cut into maximal runs of walkable cells
//!    joined through open sides; a run that repeats the run above it over
//!    open sides extends that rectangle downwards. The same is done on the
//!    transposed lattice (columns first) and the result with fewer
//!    rectangles is kept (rows first on a tie).
//! 2. **Emission.** Each rectangle becomes one polygon whose sides are
//!    split wherever the neighbour across them changes, so two polygons
//!    that share a stretch of side share both of its end vertices and
//!    never meet at a T-junction.
//! 3. **Thin walls.** A closed side between two walkable cells (a corridor
//!    running beside a room) is a wall of no width. The polygon below or
//!    right of such a stretch gets an extra vertex at its midpoint, so the
//!    two polygons have no edge in common and a server that joins polygons
//!    by equal edges (Godot joins an edge only when both endpoint keys
//!    match) keeps them apart, while coverage stays exact.
//!
//! The result covers every walkable cell exactly once and no other, and
//! two cells are joined on it exactly when they are joined in the grid
//! ([`verify::check`] proves both on any build). [`bound::lower_bound`]
//! bounds the number of rectangles any partition needs (the exact minimum
//! when there are no thin walls), to judge the count by.
//!
//! Nothing here is random and no hash map is iterated: the same grid and
//! options give the same bytes on every platform.
//!
//! ```
//! use dungeon_core::nav::{self, NavOptions};
//! use dungeon_core::{DungeonGrid, Watch};
//! let grid = DungeonGrid::from_ascii("S##\n..#\n..E").unwrap();
//! let opts = NavOptions { cell_size: (16.0, 16.0), ..NavOptions::default() };
//! let nav = nav::build(&grid, &opts, &Watch::new()).unwrap();
//! assert_eq!(nav.polygon_count(), 2);
//! ```

use std::borrow::Cow;

use crate::error::{ConfigError, GenError};
use crate::grid::{DungeonGrid, GridKind};
use crate::watch::{Span, Watch};

pub mod bound;
mod emit;
pub mod fan;
pub(crate) mod lattice;
pub(crate) mod partition;
mod rooms;
pub mod verify;

#[cfg(test)]
mod tests;

use lattice::Lattice;

/// How to build navigation from a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct NavOptions {
    /// The size of one grid cell in world units, `(x, y)`: cell `(x, y)`
    /// covers `[x·cx, (x+1)·cx] × [y·cy, (y+1)·cy]`. Both finite and above 0.
    pub cell_size: (f64, f64),
    /// The margin kept between the agent's centre and every blocked cell
    /// or thin wall, in world units (a square margin: the agent is a
    /// square of this half-side). At least 0 and below half the smaller
    /// side of a cell, so one-cell corridors stay open.
    pub agent_radius: f64,
    /// Room grids only: the thickness of the walls between rooms, in world
    /// units, centred on the cell sides (half in each room). At least 0;
    /// the default 0 draws no walls. Ignored on tile maps.
    pub room_wall_thickness: f64,
    /// Room grids only: the width of a doorway between two rooms, in world
    /// units, centred on the side. Below 0 (the default) a door is the
    /// whole side between the walls. Ignored on tile maps.
    pub room_door_width: f64,
    /// The navigation map's merge cell in world units (in Godot the map's
    /// cell size times its merge rasterizer cell scale): points closer
    /// than it may be merged into one. Above 0, the build refuses options
    /// whose vertices would lie less than 1.5 merge cells apart, and
    /// cells so fine that a server's 32-bit keys overflow; 0 (the
    /// default) skips those checks. Either way, vertices closer than
    /// 32-bit floats keep apart (a radius a hair above 0) are refused.
    pub merge_cell: f64,
    /// Whether secret doors are walkable (the default, so the navigation
    /// joins what the grid joins); `false` closes them, so enemies do not
    /// use a secret the player has not found.
    pub secret_doors_open: bool,
}

impl Default for NavOptions {
    fn default() -> Self {
        Self {
            cell_size: (1.0, 1.0),
            agent_radius: 0.0,
            room_wall_thickness: 0.0,
            room_door_width: -1.0,
            merge_cell: 0.0,
            secret_doors_open: true,
        }
    }
}

impl NavOptions {
    /// Checks every field.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field, its value and what is allowed.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let (cx, cy) = self.cell_size;
        if !(cx.is_finite() && cy.is_finite() && cx > 0.0 && cy > 0.0) {
            return Err(ConfigError::new(
                "cell_size",
                format!("({cx}, {cy})"),
                "finite and above 0 on both axes",
            ));
        }
        let r = self.agent_radius;
        let half = cx.min(cy) / 2.0;
        // Written so NaN fails too.
        if !(r >= 0.0 && r < half) {
            return Err(ConfigError::new(
                "agent_radius",
                r,
                format!("0 ≤ radius < {half} (half the smaller cell side)"),
            ));
        }
        let wall = self.room_wall_thickness;
        let wall_max = 2.0 * (half - r);
        if !(wall >= 0.0 && wall < wall_max) {
            return Err(ConfigError::new(
                "room_wall_thickness",
                wall,
                format!("0 ≤ thickness < {wall_max} (the cell side less twice the agent radius)"),
            ));
        }
        let m = self.merge_cell;
        if !(m.is_finite() && m >= 0.0) {
            return Err(ConfigError::new("merge_cell", m, "finite and at least 0"));
        }
        let door = self.room_door_width;
        let door_max = 2.0 * half - wall;
        if !(door < 0.0 || (door > 2.0 * r && door <= door_max)) {
            return Err(ConfigError::new(
                "room_door_width",
                door,
                format!(
                    "below 0 (the whole side), or {} < width ≤ {door_max} (above twice the agent radius, within the side less the wall)",
                    2.0 * r
                ),
            ));
        }
        Ok(())
    }

    /// The lattice the build works on: one cell per grid cell, split
    /// 3 × 3 when there is an agent radius, and on a room grid split for
    /// walls and doors as well.
    fn lattice(&self, grid: &DungeonGrid, span: Span<'_>) -> Result<Lattice, GenError> {
        let masks = self.masks(grid);
        let tiles = Lattice::tile_map(grid, &masks, self.cell_size, span.span(0.0, 0.3))?;
        let plain_rooms = self.room_wall_thickness == 0.0 && self.room_door_width < 0.0;
        if grid.kind() == GridKind::RoomGrid && !plain_rooms {
            rooms::lattice(grid, &tiles, self, span.span(0.3, 1.0))
        } else if self.agent_radius > 0.0 {
            tiles.with_margin(self.agent_radius, span.span(0.3, 1.0))
        } else {
            Ok(tiles)
        }
    }

    /// The door masks the build follows: the grid's, or a copy with the
    /// secret doors closed.
    fn masks<'g>(&self, grid: &'g DungeonGrid) -> Cow<'g, [u8]> {
        if self.secret_doors_open {
            Cow::Borrowed(grid.door_masks())
        } else {
            Cow::Owned(grid.masks_without_secret_doors())
        }
    }
}

/// Convex polygons in world units: what a navigation server loads.
///
/// Polygon `i` is the vertex list `indices[offsets[i]..offsets[i + 1]]`,
/// each an axis-aligned rectangle walked from its top-left corner down the
/// left side, along the bottom, up the right side and back along the top
/// (with `y` growing downwards, as in Godot 2D), with extra vertices where
/// neighbours meet its sides.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NavData {
    /// Vertex positions, each shared by every polygon that touches it.
    pub vertices: Vec<[f32; 2]>,
    /// The polygons' vertex indices, one polygon after another.
    pub indices: Vec<u32>,
    /// Where each polygon starts in `indices`, plus the total at the end
    /// (`polygon_count() + 1` entries, the first 0).
    pub offsets: Vec<u32>,
}

impl NavData {
    /// How many polygons there are.
    #[must_use]
    pub fn polygon_count(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// The vertex indices of polygon `i` (empty when there is none).
    #[must_use]
    pub fn polygon(&self, i: usize) -> &[u32] {
        let (Some(&a), Some(&b)) = (self.offsets.get(i), self.offsets.get(i + 1)) else {
            return &[];
        };
        self.indices.get(a as usize..b as usize).unwrap_or(&[])
    }

    /// Every polygon's vertex indices, in order.
    pub fn polygons(&self) -> impl Iterator<Item = &[u32]> + '_ {
        (0..self.polygon_count()).map(|i| self.polygon(i))
    }
}

/// Builds navigation polygons for every walkable cell of `grid`.
///
/// Progress is reported to `watch` (lattice 0.2, partition 0.5, emission
/// 0.3), and it is checked for a cancel every 64 lattice rows.
///
/// # Errors
/// [`GenError::Config`] for bad options (naming the field) or a grid too
/// large to index with `u32`; [`GenError::Cancelled`] when `watch` was
/// cancelled.
pub fn build(grid: &DungeonGrid, opts: &NavOptions, watch: &Watch) -> Result<NavData, GenError> {
    opts.validate()?;
    watch.check()?;
    let lattice = opts.lattice(grid, watch.span(0.0, 0.2))?;
    let spacing = lattice.min_spacing();
    // Vertices are written as 32-bit floats: two lines closer than 2^-18
    // of the farthest coordinate (a radius or wall a hair above 0) would
    // round to one, so that spacing is refused even with no merge cell.
    let extent = lattice
        .xs
        .iter()
        .chain(&lattice.ys)
        .fold(0.0f64, |m, v| m.max(v.abs()));
    let f32_floor = extent / f64::from(1u32 << 18);
    // A server keys vertices by whole merge cells in 32-bit integers
    // (Godot does): finer cells overflow them.
    let finest = extent / f64::from(1u32 << 30);
    if opts.merge_cell > 0.0 && opts.merge_cell < finest {
        return Err(GenError::Config(ConfigError::new(
            "merge_cell",
            opts.merge_cell,
            format!("0, or at least {finest:e} here (a map's cell keys are 32-bit integers)"),
        )));
    }
    if spacing < f32_floor || (opts.merge_cell > 0.0 && spacing < 1.5 * opts.merge_cell) {
        return Err(GenError::Config(ConfigError::new(
            "merge_cell",
            opts.merge_cell,
            format!(
                "at most {:.4} here: vertices lie {spacing:.4} apart (cell size, agent radius and room walls set that); lower the map's cell size{}",
                (spacing / 1.5 * 1e4).floor() / 1e4,
                if spacing < f32_floor {
                    ", and keep the agent radius, walls and doorways apart from 0 and from each other: vertices this close round to one"
                } else {
                    ""
                }
            ),
        )));
    }
    let rects = partition::best(&lattice, watch.span(0.2, 0.7))?;
    let unit = opts.cell_size.0.min(opts.cell_size.1);
    let nav = emit::polygons(&lattice, &rects, unit, watch.span(0.7, 1.0))?;
    watch.finish(Ok(nav))
}
