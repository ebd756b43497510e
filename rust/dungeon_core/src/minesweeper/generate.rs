//! Board generation: random placement, and the no-guess repair loop.

use super::board::{Board, neighbors};
use super::solver::Budget;
use super::solver::{self, Known};
use super::{MinesweeperConfig, WORK_BUDGET};
use crate::error::GenError;
use crate::rng::{DungeonRng, stage};

/// A board for `config`, drawn from `seed`: the same settings and seed give
/// the same board. With `no_guess`, the board is proven clearable from its
/// first click by [`solver::solve`].
///
/// # Errors
/// [`GenError::Config`] for bad settings; [`GenError::Exhausted`] when no
/// no-guess board was found within `attempts`.
pub fn generate(config: &MinesweeperConfig, seed: u64) -> Result<Board, GenError> {
    generate_within(config, seed, &mut Budget::new(WORK_BUDGET))
}

/// [`generate`] spending at most `work` solver steps (at most
/// [`WORK_BUDGET`]; less when a caller shares a bigger budget among many
/// boards). The board is the one [`generate`] gives, unless the budget
/// runs out first: then the error says so and `work` is left at 0, so a
/// caller can tell it from the other errors.
pub(super) fn generate_within(
    config: &MinesweeperConfig,
    seed: u64,
    work: &mut Budget,
) -> Result<Board, GenError> {
    let total = config.mine_total()?;
    let mut rng = DungeonRng::new(seed).stage(stage::MINES);
    let cells = (config.width * config.height) as usize;
    let repairs = cells * 2;
    for _ in 0..config.attempts {
        let Some(mut board) = place(config, total, &mut rng) else {
            break;
        };
        if !config.no_guess {
            return Ok(board);
        }
        for _ in 0..repairs {
            let report = solver::solve(&board, work.left);
            if report.cleared {
                return Ok(board);
            }
            if report.out_of_budget || !work.spend(report.steps) {
                work.left = 0;
                return Err(GenError::Exhausted {
                    generator: "minesweeper",
                    attempts: config.attempts,
                    reason: format!(
                        "the work budget ({WORK_BUDGET} solver steps) ran out before a {}×{} board with \
                         {total} mines could be cleared without guessing; lower mines (or density) or the size",
                        config.width, config.height
                    ),
                });
            }
            if !repair(&mut board, &report.knowledge, &mut rng) {
                break;
            }
        }
    }
    Err(GenError::Exhausted {
        generator: "minesweeper",
        attempts: config.attempts,
        reason: format!(
            "no {}×{} board with {total} mines could be cleared without guessing; \
             lower mines (or density) or raise attempts",
            config.width, config.height
        ),
    })
}

/// Scatters `total` mines uniformly over the cells outside the safe area.
fn place(config: &MinesweeperConfig, total: usize, rng: &mut DungeonRng) -> Option<Board> {
    let (w, h) = (config.width, config.height);
    let (fx, fy) = config.first_click_or_centre();
    let mut free: Vec<usize> = (0..(w * h) as usize)
        .filter(|&i| {
            let (x, y) = ((i as i32) % w, (i as i32) / w);
            (x - fx).abs() > 1 || (y - fy).abs() > 1
        })
        .collect();
    let mut mines = vec![false; (w * h) as usize];
    // Partial Fisher–Yates: the first `total` picks.
    for k in 0..total.min(free.len()) {
        let j = k + rng.below((free.len() - k) as u32) as usize;
        free.swap(k, j);
        mines[free[k]] = true;
    }
    // `None` never happens: sizes and the first click were validated.
    Board::from_mines(w, h, mines, (fx, fy))
}

/// One repair of a stuck board: a mine next to the opened area moves to a
/// hidden cell no opened number sees. `false` when no such move exists.
fn repair(board: &mut Board, k: &solver::Knowledge, rng: &mut DungeonRng) -> bool {
    let (w, h) = (board.width(), board.height());
    let near_open = |i: usize| neighbors(w, h, i).any(|n| matches!(k.cells[n], Known::Open(_)));
    let near_hidden = |i: usize| neighbors(w, h, i).any(|n| k.cells[n] == Known::Hidden);
    let mut from: Vec<usize> = Vec::new();
    let mut proven: Vec<usize> = Vec::new();
    let mut to: Vec<usize> = Vec::new();
    for i in 0..k.cells.len() {
        let mine = board.mines()[i];
        match k.cells[i] {
            Known::Hidden if near_open(i) && mine => from.push(i),
            Known::Hidden if !near_open(i) && !mine => to.push(i),
            Known::Mine if near_open(i) && near_hidden(i) => proven.push(i),
            _ => {}
        }
    }
    if from.is_empty() {
        from = proven;
    }
    let (Some(&f), Some(&t)) = (rng.pick(&from), rng.pick(&to)) else {
        return false;
    };
    board.move_mine(f, t);
    true
}
