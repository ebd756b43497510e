//! The deduction solver: which hidden cells are certainly safe, which are
//! certainly mines, from what a player can see.
//!
//! A player sees the opened cells' numbers and knows the total mine count.
//! [`deduce`] draws conclusions in rising cost, stopping at the first stage
//! that finds something in [`Depth::Quick`] mode (the no-guess generator and
//! the bot) or running them all in [`Depth::Full`] mode (hints):
//!
//! 1. single-cell rules: a number whose hidden neighbours must all be mines,
//!    or whose mines are all found;
//! 2. subset rules between two overlapping numbers (`rules.rs`): the mines
//!    their shared cells can hold bound what the rest of each must hold;
//! 3. the global mine count and exact enumeration of the frontier
//!    (`enumerate.rs`): every assignment of the hidden cells next to numbers
//!    that fits all numbers, per independent group, combined with the count
//!    of mines left for the cells no number touches.
//!
//! Every stage is sound: a cell is reported only when it is safe (or a mine)
//! in every mine layout that fits what is visible. Enumeration is counted in
//! steps against a [`Budget`]; a group that runs out is left undecided, never
//! guessed. Flags a player placed are not trusted: only opened cells count.

mod enumerate;
mod rules;

use super::board::{Board, neighbors};
use crate::grid::Pos;

/// What the solver knows of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Hidden, nothing proven.
    Hidden,
    /// Opened, showing this number.
    Open(u8),
    /// Proven a mine.
    Mine,
}

/// A player's view of a board: opened numbers, proven mines, the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knowledge {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Every cell, row by row.
    pub cells: Vec<Known>,
    /// How many mines the whole board holds.
    pub total_mines: usize,
}

/// How much of the solver to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Stop at the first stage that finds something (fast; for solving).
    Quick,
    /// Run every stage and report everything provable now (for hints).
    Full,
}

/// A work budget counted in steps (enumeration nodes, rule checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Steps left.
    pub left: u64,
}

impl Budget {
    /// A budget of `steps`.
    #[must_use]
    pub const fn new(steps: u64) -> Self {
        Self { left: steps }
    }

    /// Spends `n` steps; `false` once the budget is gone.
    pub fn spend(&mut self, n: u64) -> bool {
        if self.left < n {
            self.left = 0;
            false
        } else {
            self.left -= n;
            true
        }
    }
}

/// The cells the solver proved, as indices, sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deductions {
    /// Hidden cells that hold no mine in any layout that fits.
    pub safe: Vec<usize>,
    /// Hidden cells that hold a mine in every layout that fits.
    pub mines: Vec<usize>,
    /// `false` when the budget ran out, so some group went unexamined.
    pub complete: bool,
}

impl Deductions {
    fn is_empty(&self) -> bool {
        self.safe.is_empty() && self.mines.is_empty()
    }

    fn finish(mut self) -> Self {
        self.safe.sort_unstable();
        self.safe.dedup();
        self.mines.sort_unstable();
        self.mines.dedup();
        self
    }
}

/// One visible number's claim: exactly `mines` of `cells` hold mines.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Constraint {
    /// Hidden cells, sorted.
    pub cells: Vec<usize>,
    /// Mines among them.
    pub mines: usize,
}

impl Knowledge {
    /// Nothing opened yet.
    #[must_use]
    pub fn hidden(width: i32, height: i32, total_mines: usize) -> Self {
        Self {
            width,
            height,
            cells: vec![Known::Hidden; (width.max(0) * height.max(0)) as usize],
            total_mines,
        }
    }

    /// The claims of every opened number that still touches hidden cells,
    /// deduplicated; `None` when a number cannot be satisfied.
    pub(crate) fn constraints(&self) -> Option<Vec<Constraint>> {
        let mut out = Vec::new();
        for (i, k) in self.cells.iter().enumerate() {
            let Known::Open(n) = *k else { continue };
            let mut cells = Vec::new();
            let mut found = 0usize;
            for j in neighbors(self.width, self.height, i) {
                match self.cells[j] {
                    Known::Hidden => cells.push(j),
                    Known::Mine => found += 1,
                    Known::Open(_) => {}
                }
            }
            let mines = usize::from(n).checked_sub(found)?;
            if mines > cells.len() {
                return None;
            }
            if !cells.is_empty() {
                out.push(Constraint { cells, mines });
            }
        }
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    fn proven_mines(&self) -> usize {
        self.cells.iter().filter(|k| **k == Known::Mine).count()
    }
}

/// What can be proven about the hidden cells of `k` now (nothing, with
/// `complete` false, when `cells` does not hold `width × height` cells).
#[must_use]
pub fn deduce(k: &Knowledge, depth: Depth, budget: &mut Budget) -> Deductions {
    let mut out = Deductions {
        complete: true,
        ..Deductions::default()
    };
    if k.width < 1 || k.height < 1 || k.cells.len() != k.width as usize * k.height as usize {
        // A malformed view proves nothing.
        out.complete = false;
        return out;
    }
    let Some(cons) = k.constraints() else {
        return out;
    };
    rules::single(&cons, &mut out);
    if depth == Depth::Quick && !out.is_empty() {
        return out.finish();
    }
    rules::pairs(&cons, k.cells.len(), budget, &mut out);
    if depth == Depth::Quick && !out.is_empty() {
        return out.finish();
    }
    let left = k.total_mines.saturating_sub(k.proven_mines());
    enumerate::frontier(k, &cons, left, budget, &mut out);
    out.finish()
}

/// How a solve from the first click ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// Every safe cell was opened by deduction alone.
    pub cleared: bool,
    /// What the solver knew when it stopped.
    pub knowledge: Knowledge,
    /// Whether the budget ran out (then `cleared` is `false`).
    pub out_of_budget: bool,
    /// Steps spent.
    pub steps: u64,
}

/// Opens `i` on `k` from `board`, flood-opening around zeros. Returns how
/// many cells were opened.
pub(crate) fn open_flood(board: &Board, k: &mut Knowledge, i: usize) -> usize {
    let mut opened = 0;
    let mut stack = vec![i];
    while let Some(c) = stack.pop() {
        if k.cells[c] != Known::Hidden || board.mines()[c] {
            continue;
        }
        let n = board.numbers()[c];
        k.cells[c] = Known::Open(n);
        opened += 1;
        if n == 0 {
            stack.extend(neighbors(board.width(), board.height(), c));
        }
    }
    opened
}

/// Plays `board` from its first click by deduction alone: opens what is
/// proven safe, marks what is proven a mine, until the board is cleared or
/// nothing more can be proven (or `steps` run out).
#[must_use]
pub fn solve(board: &Board, steps: u64) -> SolveReport {
    let mut k = Knowledge::hidden(board.width(), board.height(), board.mine_count());
    let mut budget = Budget::new(steps);
    let safe_total = board.mines().iter().filter(|m| !**m).count();
    let mut opened = match board.index(board.first_click()) {
        Some(i) if !board.mines()[i] => open_flood(board, &mut k, i),
        _ => 0,
    };
    loop {
        if opened == safe_total {
            return SolveReport {
                cleared: true,
                knowledge: k,
                out_of_budget: false,
                steps: steps - budget.left,
            };
        }
        // Each round looks at every cell once to gather the numbers.
        let paid = budget.spend(k.cells.len() as u64);
        // One round gets at most what a round of hints gets, so a game's
        // hints can follow every step of a solve.
        let mut round = Budget::new(budget.left.min(super::SOLVE_STEPS));
        let found = deduce(&k, Depth::Quick, &mut round);
        budget.spend(budget.left.min(super::SOLVE_STEPS) - round.left);
        if !paid
            || found.safe.is_empty() && found.mines.is_empty()
            || !found.complete && budget.left == 0
        {
            return SolveReport {
                cleared: false,
                out_of_budget: !paid || budget.left == 0,
                knowledge: k,
                steps: steps - budget.left,
            };
        }
        for &m in &found.mines {
            k.cells[m] = Known::Mine;
        }
        for &s in &found.safe {
            opened += open_flood(board, &mut k, s);
        }
    }
}

/// The hints for a partly opened board: cells provably safe and provably
/// mines, as positions. `opened[i]` tells which cells the player opened.
#[must_use]
pub fn hints(board: &Board, opened: &[bool], steps: u64) -> (Vec<Pos>, Vec<Pos>) {
    let mut k = Knowledge::hidden(board.width(), board.height(), board.mine_count());
    for (i, &o) in opened.iter().enumerate().take(k.cells.len()) {
        if o && !board.mines()[i] {
            k.cells[i] = Known::Open(board.numbers()[i]);
        }
    }
    let d = deduce(&k, Depth::Full, &mut Budget::new(steps));
    let pos = |v: Vec<usize>| v.into_iter().map(|i| board.pos(i)).collect();
    (pos(d.safe), pos(d.mines))
}

#[cfg(test)]
mod tests;
