//! Collision built straight from a grid: a few axis-aligned rectangles that
//! block what a wall renderer draws, thin walls where door masks close a
//! side between two walkable cells, and one separate shape per door so a
//! game can open and close it.
//!
//! Everything is in **cell units**: cell `(x, y)` covers `[x, x+1] × [y,
//! y+1]`, `y` growing downwards as in Godot 2D. A front end multiplies by
//! its cell size.
//!
//! # What is built
//!
//! - **Walls** ([`CollisionData::walls`]): every blocked cell that touches a
//!   walkable cell among its **eight** neighbours is covered, and no
//!   walkable cell is. Eight, not four, because that is the tile painter's
//!   default ([`crate::paint::WallNeighbours::Eight`]): the painted corner
//!   tiles collide too, so nothing the player sees as wall is walkable, and
//!   the merged rectangles are fewer (filled corners leave fewer notches).
//!   Outside the grid counts as blocked: a walkable cell on the grid's edge
//!   gets a wall beyond it (the painter draws none there), so a body can
//!   never leave the map. The wall cells are cut into rectangles by the
//!   same greedy partition the navigation uses ([`crate::nav`]: maximal row
//!   runs grown downwards, rows first or columns first, whichever gives
//!   fewer). With [`CollisionOptions::fill_solid`] the rectangles may also
//!   cover blocked cells that touch no walkable cell (the rock behind the
//!   walls, which nothing can reach), which merges much more.
//! - **Thin walls** ([`CollisionData::thin_walls`]): a side between two
//!   4-adjacent walkable cells whose door masks do not both open it is a
//!   wall of [`CollisionOptions::wall_thickness`], centred on the side
//!   (half in each cell). On room grids every cell is a room, so these are
//!   the room walls; with [`CollisionOptions::room_door_width`] an open side
//!   between two rooms keeps a wall on both sides of a centred doorway.
//!   Runs along one line are merged. Where a horizontal thin shape meets a
//!   vertical one, the vertical one stops half a thickness short, so no two
//!   shapes overlap.
//! - **Doors** ([`CollisionData::doors`]): one record per doorway, its own
//!   thin rectangle on the side (or the doorway of a room-grid side), never
//!   merged with a wall, tagged with its connection
//!   ([`DungeonGrid::connections`]) and its lock ([`DungeonGrid::locks`]),
//!   so a game switches it on to close the door. The doorways are, in this
//!   order, first one wins a side: each lock's gate
//!   ([`DungeonGrid::lock_gate`]); then for each connection the open sides
//!   between its two rooms' floors (a connection without tiles: every door
//!   of a room grid), or between its first tile and its first room and
//!   between its last tile and its second room. A doorway of a corridor
//!   network that no connection's run uses gets no door record: it stays
//!   open. A key lock's door and a secret door ([`DungeonGrid::secret_door_mask`])
//!   start closed ([`Door::closed`]); every other door starts open.
//!
//! [`outline`] gives the same walls another way: the sides between
//! walkable and blocked cells and the thin walls as segments, merged along
//! lines and grouped in square chunks, for one concave (segment) shape per
//! chunk. A cave's ragged walls merge poorly into rectangles (about 2.7
//! wall cells a rectangle); a chunk's segments are one shape however many
//! there are.
//!
//! Nothing here is random and no hash map is iterated: the same grid and
//! options give the same shapes in the same order.
//!
//! ```
//! use dungeon_core::collision::{self, CollisionOptions};
//! use dungeon_core::{DungeonGrid, Watch};
//! // A 2×2 room in a 4×4 grid: the ring of 12 wall cells is 4 rectangles.
//! let grid = DungeonGrid::from_ascii("....\n.S#.\n.#E.\n....").unwrap();
//! let data = collision::build(&grid, &CollisionOptions::default(), &Watch::new()).unwrap();
//! assert_eq!(data.walls.len(), 4);
//! assert_eq!(collision::per_tile_count(&grid), 12);
//! assert!(data.thin_walls.is_empty());
//! ```

use crate::error::{ConfigError, GenError};
use crate::grid::DungeonGrid;
use crate::watch::Watch;

mod edges;
mod outline;
mod walls;

#[cfg(test)]
mod tests;

pub use outline::{OutlineData, Segment, SegmentChunk, outline};
pub use walls::{per_tile_count, wall_cell};

/// How to build collision from a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct CollisionOptions {
    /// The thickness of thin walls and door shapes, in cells: above 0 and
    /// at most 0.5 (a side's shape lies half in each cell).
    pub wall_thickness: f32,
    /// Room grids only: the width of the doorway in an open side between
    /// two rooms, in cells, centred on the side, with walls on both sides
    /// of it. Below 0 (the default) the doorway is the whole side;
    /// otherwise above 0 and at most `1 − 2 × wall_thickness`. Ignored on
    /// tile maps, whose doorways are whole sides.
    pub room_door_width: f32,
    /// Merge the wall cells into rectangles (the default); `false` gives
    /// one square per wall cell, what per-tile collision makes (for
    /// comparison).
    pub merge: bool,
    /// Let the wall rectangles cover the blocked cells behind the walls as
    /// well (cells with no walkable neighbour, which no body can reach):
    /// fewer, larger rectangles. Off by default: the walls are exactly the
    /// painted wall cells.
    pub fill_solid: bool,
}

impl Default for CollisionOptions {
    fn default() -> Self {
        Self {
            wall_thickness: 0.125,
            room_door_width: -1.0,
            merge: true,
            fill_solid: false,
        }
    }
}

impl CollisionOptions {
    /// Checks every field.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field, its value and what is allowed.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let t = self.wall_thickness;
        // Written so NaN fails too.
        if !(t > 0.0 && t <= 0.5) {
            return Err(ConfigError::new(
                "wall_thickness",
                t,
                "0 < thickness ≤ 0.5 (cells)",
            ));
        }
        let d = self.room_door_width;
        let max = 1.0 - 2.0 * t;
        if !(d < 0.0 || (d > 0.0 && d <= max)) {
            return Err(ConfigError::new(
                "room_door_width",
                d,
                format!(
                    "below 0 (the whole side), or 0 < width ≤ {max} (the side less twice the wall thickness)"
                ),
            ));
        }
        Ok(())
    }
}

/// An axis-aligned rectangle in cell units, `[x0, x1] × [y0, y1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box2 {
    /// Left.
    pub x0: f32,
    /// Top.
    pub y0: f32,
    /// Right.
    pub x1: f32,
    /// Bottom.
    pub y1: f32,
}

impl Box2 {
    /// The centre, `(x, y)`.
    #[must_use]
    pub fn center(&self) -> (f32, f32) {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// The size, `(width, height)`.
    #[must_use]
    pub fn size(&self) -> (f32, f32) {
        (self.x1 - self.x0, self.y1 - self.y0)
    }

    /// Whether the interiors of the two rectangles meet (touching sides do
    /// not count).
    #[must_use]
    pub fn overlaps(&self, o: &Box2) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }
}

/// A wall rectangle of whole cells, `[x0, x1) × [y0, y1)` (grid
/// coordinates; `-1` and the width or height are the ring outside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellRect {
    /// First column.
    pub x0: i32,
    /// First row.
    pub y0: i32,
    /// One past the last column.
    pub x1: i32,
    /// One past the last row.
    pub y1: i32,
}

impl CellRect {
    /// The same rectangle in cell units.
    #[must_use]
    pub fn to_box(&self) -> Box2 {
        Box2 {
            x0: self.x0 as f32,
            y0: self.y0 as f32,
            x1: self.x1 as f32,
            y1: self.y1 as f32,
        }
    }

    /// How many cells it covers.
    #[must_use]
    pub fn area(&self) -> u64 {
        (self.x1 - self.x0).max(0) as u64 * (self.y1 - self.y0).max(0) as u64
    }
}

/// One door's shape and what it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub struct Door {
    /// The shape on the side (or on the room-grid doorway).
    pub rect: Box2,
    /// The sides it closes, each as the cell south or east of the side and
    /// `DOOR_N` or `DOOR_W`: consecutive whole sides on one line with the
    /// same tags share one door.
    pub sides: Vec<((i32, i32), u8)>,
    /// The connection it belongs to (an index into
    /// [`DungeonGrid::connections`]).
    pub connection: usize,
    /// The lock whose gate it is (an index into [`DungeonGrid::locks`]).
    pub lock: Option<usize>,
    /// Whether it leads into a secret or super secret room.
    pub secret: bool,
    /// Whether the door starts closed: a key lock's door or a secret door.
    pub closed: bool,
    /// A one-way door ([`crate::grid::LockKind::OneWay`]): the direction
    /// `(dx, dy)` (a unit step along x or y) it may not be crossed in,
    /// from its `into` room back to its `from` room. `None` for every
    /// other door.
    pub one_way: Option<(i32, i32)>,
}

/// The shapes [`build`] makes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CollisionData {
    /// Wall rectangles of whole blocked cells, no two overlapping.
    pub walls: Vec<CellRect>,
    /// Thin walls between walkable cells, in cell units.
    pub thin_walls: Vec<Box2>,
    /// One record per door: the horizontal ones line by line from the
    /// top, then the vertical ones line by line from the left.
    pub doors: Vec<Door>,
}

impl CollisionData {
    /// How many shapes there are: walls, thin walls and doors.
    #[must_use]
    pub fn shape_count(&self) -> usize {
        self.walls.len() + self.thin_walls.len() + self.doors.len()
    }
}

/// Builds the collision shapes of `grid`.
///
/// Progress is reported to `watch` (wall cells and rectangles 0.8, thin
/// walls and doors 0.2), and it is checked for a cancel every 64 rows.
///
/// # Errors
/// [`GenError::Config`] for bad options (naming the field) or a grid too
/// large to index with `u32`; [`GenError::Cancelled`] when `watch` was
/// cancelled.
pub fn build(
    grid: &DungeonGrid,
    opts: &CollisionOptions,
    watch: &Watch,
) -> Result<CollisionData, GenError> {
    opts.validate()?;
    watch.check()?;
    let walls = walls::rects(grid, opts, watch.span(0.0, 0.8))?;
    let (thin_walls, doors) = edges::build(grid, opts, watch.span(0.8, 1.0))?;
    watch.finish(Ok(CollisionData {
        walls,
        thin_walls,
        doors,
    }))
}
