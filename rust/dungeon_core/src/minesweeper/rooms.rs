//! One board per room of any dungeon.

use super::generate::generate_within;
use super::solver::Budget;
use super::{
    BOARD_WORK, Board, GRID_WORK_BUDGET, MINES_FROM_DENSITY, MinesweeperConfig, WORK_BUDGET,
    generate,
};
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
    generate(&config, board_seed(grid, room, seed, variant))
}

/// The seed of room `room`'s board `variant`.
fn board_seed(grid: &DungeonGrid, room: usize, seed: u64, variant: u32) -> u64 {
    mix64(level_seed(seed, grid.level) ^ mix64((room as u64) << 32 | u64::from(variant)))
}

/// One board per room of `grid` (variant 0), in room order: each is the
/// board [`board_for_room`] gives, until the boards together have spent
/// [`GRID_WORK_BUDGET`] (solver steps, plus [`BOARD_WORK`] and the cells of
/// each board); from there
/// on a room gets a [`GenError::Exhausted`] naming that budget and what
/// to lower. So a grid of tens of thousands of rooms ends in seconds
/// (before the budget, 63 923 rooms of a 4095² maze took 40 s); make the
/// other rooms' boards with [`board_for_room`] when they are needed.
#[must_use]
pub fn boards_for_grid(
    grid: &DungeonGrid,
    base: &MinesweeperConfig,
    seed: u64,
) -> Vec<Result<Board, GenError>> {
    boards_for_grid_within(grid, base, seed, GRID_WORK_BUDGET)
}

/// [`boards_for_grid`] with a total budget of `work` units (solver steps,
/// plus [`BOARD_WORK`] and the cells of each board) instead of
/// [`GRID_WORK_BUDGET`]: every room's
/// board is [`board_for_room`]'s until the budget runs out, then each
/// remaining room gets a [`GenError::Exhausted`] naming the budget. Each
/// board still spends at most [`WORK_BUDGET`] solver steps.
#[must_use]
pub fn boards_for_grid_within(
    grid: &DungeonGrid,
    base: &MinesweeperConfig,
    seed: u64,
    work: u64,
) -> Vec<Result<Board, GenError>> {
    let rooms = grid.room_records().len();
    let mut left = work;
    let ran_out = |room: usize, attempts: u32| GenError::Exhausted {
        generator: "minesweeper",
        attempts,
        reason: format!(
            "boards_for_grid's total budget of {work} work units (solver steps, and {BOARD_WORK} plus \
             the cells for each board) \
             ran out at room {room} of the grid's {rooms} rooms; lower mines (or density), attempts or \
             the boards' size, or make the remaining rooms' boards one at a time with board_for_room"
        ),
    };
    (0..rooms)
        .map(|room| {
            let config = config_for_room(grid, room, base)?;
            // A room whose board cannot be drawn costs nothing (as in
            // `generate`, which checks first); the others have at most
            // 128×128 cells.
            config.validate()?;
            let draw = config.width.max(0) as u64 * config.height.max(0) as u64 + BOARD_WORK;
            if left < draw {
                left = 0;
                return Err(ran_out(room, 0));
            }
            left -= draw;
            let allowed = left.min(WORK_BUDGET);
            let mut budget = Budget::new(allowed);
            let board = generate_within(&config, board_seed(grid, room, seed, 0), &mut budget);
            left -= allowed - budget.left;
            match board {
                // The grid's budget, not the board's own, ran out.
                Err(GenError::Exhausted { attempts, .. })
                    if budget.left == 0 && allowed < WORK_BUDGET =>
                {
                    Err(ran_out(room, attempts))
                }
                other => other,
            }
        })
        .collect()
}
