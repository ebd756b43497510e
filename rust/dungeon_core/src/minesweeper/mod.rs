//! Minesweeper boards for rooms, with boards that never need a guess.
//!
//! The game plan this mode comes from puts a minesweeper puzzle in each BSP
//! room, choosing BSP to "reduce the chance of softlocks for a map-based
//! puzzle". Its board code (adapted from GeeksforGeeks) scatters mines at
//! random, so a board can still force a coin flip; here `no_guess` boards are
//! proven clearable:
//!
//! - [`Board`]: mines, numbers and the first click (no mine on it or around
//!   it), from [`generate`] with a [`MinesweeperConfig`] and a seed;
//! - [`solver`]: our deduction solver (single-cell rules, subset rules, the
//!   global mine count, exact frontier enumeration within a step budget). It
//!   is also the hint API: [`solver::hints`] lists the cells provably safe
//!   and provably mines on a partly opened board;
//! - [`Game`]: a board being played (open with flood-fill, flags, cleared);
//! - [`board_for_room`]: one board per room of any [`DungeonGrid`], sized
//!   from the room's floor.
//!
//! `no_guess` generation places mines, then has the solver play from the
//! first click; when it gets stuck, a mine on the stuck frontier moves to a
//! hidden cell no number sees (the repair idea of Simon Tatham's Mines,
//! written anew), and the solver replays from the first click on the changed
//! board. Only a replay that clears the board from scratch is accepted, so
//! every returned board is solvable by deduction alone. Attempts and solver
//! steps are budgets; running out is a [`GenError::Exhausted`] naming the
//! setting to lower. [`boards_for_grid`] also shares one total budget
//! ([`GRID_WORK_BUDGET`]) among all the boards of a grid, so a grid of tens
//! of thousands of rooms ends in about a second or two.
//!
//! Measured (`rust/dungeon_bench/examples/minesweeper_bench.rs`, release, a
//! busy 2-core machine): median no-guess generation 0.024 ms at beginner
//! (9×9, 10 mines), 0.14 ms at intermediate (16×16, 40) and 7.3 ms at expert
//! (30×16, 99), every seed successful; Tatham's `minegen` in the same run
//! took 0.17, 0.71 and 7.0 ms. Our solver clears 89 %, 74 % and 16 % of plain
//! random boards of those sizes without repair. 10 000 seeds per size, each
//! replayed by the solver: all no-guess (`examples/minesweeper_no_guess.rs`).

mod board;
mod game;
mod generate;
mod rooms;
pub mod solver;

pub use board::Board;
pub use game::{Game, OpenResult};
pub use generate::generate;
pub use rooms::{board_for_room, boards_for_grid, boards_for_grid_within, config_for_room};

use crate::error::{ConfigError, check_range};
use crate::grid::Pos;
#[allow(unused_imports)]
use crate::{DungeonGrid, GenError};

/// `mines` value meaning "take the count from `density`".
pub const MINES_FROM_DENSITY: i32 = -1;
/// The longest side accepted.
pub const MAX_SIDE: i32 = 128;
/// The most attempts accepted.
pub const MAX_ATTEMPTS: u32 = 10_000;
/// Solver steps allowed for one round of hints (enumeration nodes, rule
/// checks, one step per cell looked at).
pub const SOLVE_STEPS: u64 = 200_000;
/// Solver steps one [`generate`] call may spend over all its attempts and
/// repairs, and enough to replay any board it returns with
/// [`solver::solve`]. About 0.4 s when spent in full in a release build
/// (an expert board takes a few hundred thousand); big no-guess boards
/// (past about 64×64) or hard densities run out and fail with an error.
pub const WORK_BUDGET: u64 = 10_000_000;
/// Work units all the boards of one [`boards_for_grid`] call may spend
/// together: solver steps, plus [`BOARD_WORK`] and the cells of each board
/// drawn (allocating, placing and numbering it). About 1.5 s when spent in
/// full in a release build; a call that runs out gives the remaining rooms
/// a [`GenError::Exhausted`] naming it.
pub const GRID_WORK_BUDGET: u64 = 30_000_000;
/// What drawing one board costs [`boards_for_grid`]'s budget besides its
/// cells and solver steps (its allocations: about as long as 1000 solver
/// steps).
pub const BOARD_WORK: u64 = 1_000;

/// Settings for one board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinesweeperConfig {
    /// Columns, 3..=128.
    pub width: i32,
    /// Rows, 3..=128.
    pub height: i32,
    /// How many mines; [`MINES_FROM_DENSITY`] (-1) takes them from `density`.
    pub mines: i32,
    /// Share of the cells that hold mines, `0.0` up to (not including) `1.0`,
    /// rounded to a count; used when `mines` is -1.
    pub density: f64,
    /// The first click; `None` is the board's centre. It and its neighbours
    /// never hold a mine.
    pub first_click: Option<Pos>,
    /// Whether the board must be clearable from the first click by
    /// deduction alone.
    pub no_guess: bool,
    /// Boards drawn (each repaired many times) before giving up, 1..=10000.
    pub attempts: u32,
}

impl Default for MinesweeperConfig {
    fn default() -> Self {
        Self::beginner()
    }
}

/// The named presets.
pub const PRESETS: [&str; 3] = ["beginner", "intermediate", "expert"];

impl MinesweeperConfig {
    /// Windows Minesweeper's beginner board: 9×9, 10 mines, no guessing.
    #[must_use]
    pub const fn beginner() -> Self {
        Self {
            width: 9,
            height: 9,
            mines: 10,
            density: 0.15,
            first_click: None,
            no_guess: true,
            attempts: 100,
        }
    }

    /// Windows Minesweeper's intermediate board: 16×16, 40 mines.
    #[must_use]
    pub const fn intermediate() -> Self {
        Self {
            width: 16,
            height: 16,
            mines: 40,
            ..Self::beginner()
        }
    }

    /// Windows Minesweeper's expert board: 30×16, 99 mines.
    #[must_use]
    pub const fn expert() -> Self {
        Self {
            width: 30,
            height: 16,
            mines: 99,
            ..Self::beginner()
        }
    }

    /// A preset by name (see [`PRESETS`]).
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "beginner" => Some(Self::beginner()),
            "intermediate" => Some(Self::intermediate()),
            "expert" => Some(Self::expert()),
            _ => None,
        }
    }

    /// The first click: the configured one or the centre.
    #[must_use]
    pub const fn first_click_or_centre(&self) -> Pos {
        match self.first_click {
            Some(p) => p,
            None => (self.width / 2, self.height / 2),
        }
    }

    /// Cells kept free of mines: the first click and its neighbours.
    #[must_use]
    pub fn safe_area(&self) -> usize {
        let (x, y) = self.first_click_or_centre();
        let span = |c: i32, n: i32| ((c + 1).min(n - 1) - (c - 1).max(0) + 1).max(0) as usize;
        span(x, self.width) * span(y, self.height)
    }

    /// How many mines the board gets, after validation.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the first bad setting.
    pub fn mine_total(&self) -> Result<usize, ConfigError> {
        self.validate()?;
        Ok(self.mines_unchecked())
    }

    fn mines_unchecked(&self) -> usize {
        if self.mines == MINES_FROM_DENSITY {
            (self.density * f64::from(self.width * self.height)).round() as usize
        } else {
            self.mines.max(0) as usize
        }
    }

    /// Checks every setting, naming the first bad one.
    ///
    /// # Errors
    /// A [`ConfigError`] naming `width`, `height`, `first_click`, `mines`,
    /// `density` or `attempts`.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("width", self.width, 3, MAX_SIDE)?;
        check_range("height", self.height, 3, MAX_SIDE)?;
        let (x, y) = self.first_click_or_centre();
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return Err(ConfigError::new(
                "first_click",
                format!("({x}, {y})"),
                format!("a cell inside the {}×{} board", self.width, self.height),
            ));
        }
        let room = self.width as usize * self.height as usize - self.safe_area();
        if self.mines == MINES_FROM_DENSITY {
            if !(self.density >= 0.0 && self.density < 1.0) {
                return Err(ConfigError::new(
                    "density",
                    self.density,
                    "0.0 up to (not including) 1.0",
                ));
            }
            if self.mines_unchecked() > room {
                let most = room as f64 / f64::from(self.width * self.height);
                return Err(ConfigError::new(
                    "density",
                    self.density,
                    format!(
                        "at most {most:.3} on a {}×{} board ({room} cells outside the safe area around the first click)",
                        self.width, self.height
                    ),
                ));
            }
        } else if self.mines < 0 || self.mines as usize > room {
            return Err(ConfigError::new(
                "mines",
                self.mines,
                format!(
                    "-1 (use density) or 0..={room} (the {}×{} board's cells minus the safe area around the first click)",
                    self.width, self.height
                ),
            ));
        }
        check_range("attempts", self.attempts, 1, MAX_ATTEMPTS)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_settings_name_the_setting() {
        let base = MinesweeperConfig::beginner();
        let field = |c: MinesweeperConfig| c.validate().unwrap_err().field;
        assert_eq!(field(MinesweeperConfig { width: 2, ..base }), "width");
        assert_eq!(field(MinesweeperConfig { height: 2, ..base }), "height");
        assert_eq!(field(MinesweeperConfig { mines: 73, ..base }), "mines");
        assert_eq!(field(MinesweeperConfig { mines: -2, ..base }), "mines");
        let dense = |d| MinesweeperConfig {
            mines: MINES_FROM_DENSITY,
            density: d,
            ..base
        };
        assert_eq!(field(dense(1.0)), "density");
        assert_eq!(field(dense(-0.1)), "density");
        assert_eq!(field(dense(f64::NAN)), "density");
        assert_eq!(field(dense(0.95)), "density");
        assert!(dense(0.85).validate().is_ok());
        let click = Some((9, 0));
        assert_eq!(
            field(MinesweeperConfig {
                first_click: click,
                ..base
            }),
            "first_click"
        );
        assert_eq!(
            field(MinesweeperConfig {
                attempts: 0,
                ..base
            }),
            "attempts"
        );
        let msg = MinesweeperConfig { mines: 80, ..base }
            .validate()
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("mines = 80") && msg.contains("0..=72"),
            "{msg}"
        );
        assert_eq!(base.mine_total(), Ok(10));
        assert_eq!(dense(0.2).mine_total(), Ok(16));
    }

    #[test]
    fn the_safe_area_is_clipped_at_edges() {
        let base = MinesweeperConfig::beginner();
        assert_eq!(base.safe_area(), 9);
        assert_eq!(
            MinesweeperConfig {
                first_click: Some((0, 0)),
                ..base
            }
            .safe_area(),
            4
        );
        assert_eq!(
            MinesweeperConfig {
                first_click: Some((4, 8)),
                ..base
            }
            .safe_area(),
            6
        );
        let tiny = MinesweeperConfig {
            width: 3,
            height: 3,
            mines: 0,
            ..base
        };
        assert!(tiny.validate().is_ok());
        assert_eq!(
            MinesweeperConfig { mines: 1, ..tiny }
                .validate()
                .unwrap_err()
                .field,
            "mines"
        );
    }
}
