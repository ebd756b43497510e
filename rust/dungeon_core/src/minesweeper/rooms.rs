//! One board per room of any dungeon.

use super::{Board, MINES_FROM_DENSITY, MinesweeperConfig, generate};
use crate::error::{ConfigError, GenError};
use crate::grid::DungeonGrid;
use crate::rng::{level_seed, mix64};

/// `base` sized to room `room`'s floor, the first click in its centre. A
/// room smaller than 3×3 (every room of a room grid is one cell) keeps
/// `base`'s width and height. With a density, the mine count is fixed here,
/// cut to the cells outside the safe area (a 3×3 room gets none).
///
/// # Errors
/// `room` outside `0..room count`.
pub fn config_for_room(
    grid: &DungeonGrid,
    room: usize,
    base: &MinesweeperConfig,
) -> Result<MinesweeperConfig, ConfigError> {
    let records = grid.room_records();
    let Some(record) = records.get(room) else {
        return Err(ConfigError::new(
            "room",
            room,
            format!("0..={} (the grid's rooms)", records.len() as i64 - 1),
        ));
    };
    let mut config = *base;
    if record.rect.w >= 3 && record.rect.h >= 3 {
        config.width = record.rect.w;
        config.height = record.rect.h;
        config.first_click = None;
    }
    // Rooms come in all sizes: a density share that does not fit outside
    // the first click's safe area (a 3×3 room holds none) is cut to what
    // fits, rather than failing the whole dungeon. Explicit mine counts and
    // bad densities still fail.
    if config.mines == MINES_FROM_DENSITY && (0.0..1.0).contains(&config.density) {
        let cells = config.width.max(0) as usize * config.height.max(0) as usize;
        let share = (config.density * cells as f64).round() as usize;
        let fits = cells.saturating_sub(config.safe_area());
        config.mines = share.min(fits).min(i32::MAX as usize) as i32;
    }
    Ok(config)
}

/// The board of room `room` of `grid`: sized by [`config_for_room`], drawn
/// from `seed`, the grid's level, the room and `variant` (bump `variant`
/// for a new board for the same room, e.g. after a mine went off).
///
/// # Errors
/// As [`config_for_room`] and [`generate`].
pub fn board_for_room(
    grid: &DungeonGrid,
    room: usize,
    base: &MinesweeperConfig,
    seed: u64,
    variant: u32,
) -> Result<Board, GenError> {
    let config = config_for_room(grid, room, base)?;
    let board_seed =
        mix64(level_seed(seed, grid.level) ^ mix64((room as u64) << 32 | u64::from(variant)));
    generate(&config, board_seed)
}

/// One board per room of `grid` (variant 0), in room order.
#[must_use]
pub fn boards_for_grid(
    grid: &DungeonGrid,
    base: &MinesweeperConfig,
    seed: u64,
) -> Vec<Result<Board, GenError>> {
    (0..grid.room_records().len())
        .map(|room| board_for_room(grid, room, base, seed, 0))
        .collect()
}
