//! Target `minesweeper_config`: any bytes as a minesweeper board config (a
//! preset with knobs turned: sizes, mine counts and densities past their
//! limits, any first click, no_guess on or off, attempts up to the limit),
//! a seed, and a rule-N automaton config. `generate` must fail exactly when
//! `validate` does (or, for no_guess, with a budget error), never panic or
//! hang; a board has the configured size and mine count, numbers that match
//! its mines and a free 3×3 around the first click; a no-guess board is
//! cleared by the solver; the same inputs give the same board. Then, now
//! and then, one board per room of a small maze under a small total budget
//! (`boards_for_grid_within`): each board is `board_for_room`'s until the
//! budget runs out, and every room after that says so.

use dungeon_core::GenError;
use dungeon_core::elementary::{self, ElementaryConfig, StartRow};
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::minesweeper::{self, MINES_FROM_DENSITY, MinesweeperConfig, solver};

use crate::checks;
use crate::knobs::Knobs;

/// The board config, seed, automaton config and (maybe) a total budget for
/// `boards_for_grid_within` that `data` stands for.
#[must_use]
pub fn minesweeper_input(data: &[u8]) -> (MinesweeperConfig, u64, ElementaryConfig, Option<u64>) {
    let mut k = Knobs::new(data);
    let name = k.pick(&minesweeper::PRESETS);
    let p = MinesweeperConfig::preset(name).unwrap_or_default();
    let seed = k.seed();
    let sides = [2, 3, minesweeper::MAX_SIDE, minesweeper::MAX_SIDE + 1, -1];
    let width = k.int(p.width, 3..=32, &sides);
    let height = k.int(p.height, 3..=32, &sides);
    let first_click = if k.flag(false) {
        Some((
            k.int(0, -1..=40, &[i32::MIN, i32::MAX]),
            k.int(0, -1..=40, &[i32::MIN, i32::MAX]),
        ))
    } else {
        None
    };
    let c = MinesweeperConfig {
        width,
        height,
        mines: k.int(p.mines, -1..=120, &[MINES_FROM_DENSITY, -2, i32::MAX, 0]),
        density: k.float(p.density, (0.0, 0.4), &[0.0, 0.99, 1.0, -0.01, f64::NAN]),
        first_click,
        no_guess: k.flag(p.no_guess),
        attempts: k
            .int(
                p.attempts as i32,
                1..=5,
                &[0, minesweeper::MAX_ATTEMPTS as i32],
            )
            .max(0) as u32,
    };
    let e = ElementaryConfig {
        rule: k.int(30, 0..=255, &[-1, 256]),
        width: k.int(
            31,
            1..=64,
            &[0, elementary::MAX_WIDTH, elementary::MAX_WIDTH + 1],
        ),
        generations: k.int(16, 1..=64, &[0, elementary::MAX_GENERATIONS + 1]),
        start: if k.flag(false) {
            StartRow::Random {
                fill: k.float(0.5, (0.0, 1.0), &[-0.1, 1.1, f64::NAN]),
            }
        } else {
            StartRow::SingleCell
        },
        wrap: k.flag(true),
    };
    // Small totals only: each board may spend its own budget in full.
    let grid_work = k.flag(false).then(|| k.pick(&[0, 1, 500, 2_000, 20_000]));
    (c, seed, e, grid_work)
}

/// Target `minesweeper_config`.
pub fn minesweeper_config(data: &[u8]) {
    let (c, seed, e, grid_work) = minesweeper_input(data);
    let accepted = c.validate().is_ok();
    match minesweeper::generate(&c, seed) {
        Ok(b) => {
            assert!(accepted, "generate accepted what validate refuses: {c:?}");
            assert_eq!((b.width(), b.height()), (c.width, c.height));
            assert_eq!(Ok(b.mine_count()), c.mine_total());
            let (fx, fy) = b.first_click();
            for (i, &n) in b.numbers().iter().enumerate() {
                let (x, y) = b.pos(i);
                let around = (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
                    .filter(|&p| p != (x, y) && b.mine_at(p))
                    .count();
                assert_eq!(usize::from(n), around, "number at ({x}, {y})");
                if (x - fx).abs() <= 1 && (y - fy).abs() <= 1 {
                    assert!(!b.mine_at((x, y)), "mine next to the first click");
                }
            }
            if c.no_guess {
                assert!(
                    solver::solve(&b, minesweeper::WORK_BUDGET).cleared,
                    "a no-guess board needs a guess"
                );
            }
            let again = minesweeper::generate(&c, seed).expect("the same inputs succeed again");
            assert!(again == b, "the same inputs gave another board");
        }
        Err(err) => {
            match &err {
                GenError::Exhausted { .. } => assert!(
                    accepted && c.no_guess,
                    "gave up on a valid plain board: {err}"
                ),
                _ => assert!(!accepted, "a valid config failed: {err} ({c:?})"),
            }
            checks::error_names_a_setting(&err);
        }
    }
    match elementary::run(&e, seed) {
        Ok(rows) => {
            assert!(e.validate().is_ok());
            assert_eq!(rows.len(), e.generations as usize);
            assert!(rows.iter().all(|r| r.len() == e.width as usize));
        }
        Err(err) => {
            assert!(e.validate().is_err());
            checks::error_names_a_setting(&GenError::Config(err));
        }
    }
    if let Some(work) = grid_work {
        boards_under_a_total_budget(&c, seed, work);
    }
}

/// `boards_for_grid_within` on a small maze: `board_for_room`'s boards up
/// to some room, then the total budget's error for every room left (but
/// those whose settings are refused, as `board_for_room` refuses them).
fn boards_under_a_total_budget(c: &MinesweeperConfig, seed: u64, work: u64) {
    let grid = maze::generate(&MazeConfig::classic(), seed, 1).expect("the classic maze");
    let boards = minesweeper::boards_for_grid_within(&grid, c, seed, work);
    assert_eq!(boards.len(), grid.room_records().len());
    let cut = |b: &Result<minesweeper::Board, GenError>| {
        matches!(b, Err(GenError::Exhausted { reason, .. })
            if reason.starts_with(&format!("boards_for_grid's total budget of {work} work units")))
    };
    let k = boards.iter().position(cut).unwrap_or(boards.len());
    for (room, b) in boards.iter().enumerate() {
        if room < k {
            let alone = minesweeper::board_for_room(&grid, room, c, seed, 0);
            assert!(*b == alone, "room {room}: {b:?} but alone {alone:?}");
        } else if let Err(GenError::Config(_)) = b {
            // A board that cannot be drawn is refused as ever, for free.
            let alone = minesweeper::board_for_room(&grid, room, c, seed, 0);
            assert!(*b == alone, "room {room}: {b:?} but alone {alone:?}");
        } else {
            assert!(cut(b), "room {room} after the budget ran out: {b:?}");
        }
    }
}
