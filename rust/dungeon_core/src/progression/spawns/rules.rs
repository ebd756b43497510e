//! What [`DungeonGrid::spawn_points`](crate::DungeonGrid::spawn_points) is
//! asked for, and what it returns.

use crate::error::{ConfigError, check_range};
use crate::grid::Pos;

/// Most enemies per 100 free floor tiles.
pub const MAX_ENEMY_DENSITY: f64 = 50.0;
/// Largest enemy ramp (extra enemies in the farthest room, as a multiple).
pub const MAX_ENEMY_RAMP: f64 = 4.0;
/// Most loot points in one dead end.
pub const MAX_LOOT_PER_DEAD_END: i32 = 8;
/// Most loot points per room of branch depth.
pub const MAX_LOOT_PER_BRANCH_ROOM: f64 = 4.0;
/// Most traps per room.
pub const MAX_TRAPS_PER_ROOM: f64 = 8.0;
/// Largest spacing between two points of a room.
pub const MAX_MIN_SPACING: i32 = 16;
/// Largest clearance kept free in front of a doorway.
pub const MAX_DOOR_CLEARANCE: i32 = 4;

/// How many spawn and loot points a room gets and how they keep apart.
///
/// Every count is computed per room with `+ − × ÷` and rounding down only,
/// so the same grid and rules give the same points on every platform.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpawnRules {
    /// Enemies per 100 free floor tiles of a room, `0..=50` (on room grids
    /// a room cell counts as 100 tiles).
    pub enemy_density: f64,
    /// How much busier rooms get with distance from the start, `0..=4`: the
    /// farthest room gets `1 + enemy_ramp` times the density.
    pub enemy_ramp: f64,
    /// Loot points in each dead-end room (not the start or end room),
    /// `0..=8`.
    pub loot_per_dead_end: i32,
    /// Loot points per connection between a room and the critical path,
    /// rounded down, `0..=4`: deep branches pay more.
    pub loot_per_branch_room: f64,
    /// Traps per room with two or more doorways, `0..=8`: the whole part
    /// always, the fraction as a chance.
    pub traps_per_room: f64,
    /// Least distance between two points of one room, in tiles counted
    /// like a king's move (diagonal steps count 1), `1..=16`.
    pub min_spacing: i32,
    /// Tiles kept free in front of every doorway, `0..=4` (same distance).
    pub door_clearance: i32,
    /// No enemies and no traps in the start room.
    pub start_room_safe: bool,
}

impl Default for SpawnRules {
    fn default() -> Self {
        Self {
            enemy_density: 4.0,
            enemy_ramp: 1.0,
            loot_per_dead_end: 1,
            loot_per_branch_room: 0.5,
            traps_per_room: 0.25,
            min_spacing: 3,
            door_clearance: 1,
            start_room_safe: true,
        }
    }
}

impl SpawnRules {
    /// Checks every field (NaN and infinities are refused).
    ///
    /// # Errors
    /// A [`ConfigError`] naming the first bad field, its value and the
    /// values allowed.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("enemy_density", self.enemy_density, 0.0, MAX_ENEMY_DENSITY)?;
        check_range("enemy_ramp", self.enemy_ramp, 0.0, MAX_ENEMY_RAMP)?;
        check_range(
            "loot_per_dead_end",
            self.loot_per_dead_end,
            0,
            MAX_LOOT_PER_DEAD_END,
        )?;
        check_range(
            "loot_per_branch_room",
            self.loot_per_branch_room,
            0.0,
            MAX_LOOT_PER_BRANCH_ROOM,
        )?;
        check_range(
            "traps_per_room",
            self.traps_per_room,
            0.0,
            MAX_TRAPS_PER_ROOM,
        )?;
        check_range("min_spacing", self.min_spacing, 1, MAX_MIN_SPACING)?;
        check_range("door_clearance", self.door_clearance, 0, MAX_DOOR_CLEARANCE)?;
        Ok(())
    }
}

/// What stands on a spawn point. The discriminant is the code Godot sees
/// (`DungeonGrid.SPAWN_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum SpawnKind {
    /// An enemy.
    Enemy = 0,
    /// A chest or pickup.
    Loot = 1,
    /// A trap.
    Trap = 2,
    /// The boss, in the end room.
    Boss = 3,
}

impl SpawnKind {
    /// Every kind, in code order.
    pub const ALL: [SpawnKind; 4] = [
        SpawnKind::Enemy,
        SpawnKind::Loot,
        SpawnKind::Trap,
        SpawnKind::Boss,
    ];

    /// The numeric code.
    #[must_use]
    pub const fn code(self) -> u8 {
        self as u8
    }
}

/// One point: a tile (a room cell on room grids), its room and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpawnPoint {
    /// The tile, `(x, y)`.
    pub cell: Pos,
    /// The room it lies in.
    pub room: usize,
    /// What stands there.
    pub kind: SpawnKind,
}
