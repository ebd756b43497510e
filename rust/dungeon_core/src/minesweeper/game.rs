//! A board being played: opened cells, flags, cleared.

use super::board::{Board, neighbors};
use super::solver;
use crate::grid::Pos;

/// What opening a cell did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenResult {
    /// Outside the board, already open, or flagged: nothing happened.
    Nothing,
    /// The cell held a mine.
    Mine,
    /// This many cells opened (more than one when a zero flood-opened its
    /// neighbours).
    Opened(usize),
}

/// A board in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    board: Board,
    opened: Vec<bool>,
    flagged: Vec<bool>,
    opened_count: usize,
    safe_total: usize,
}

impl Game {
    /// A fresh game: nothing opened, nothing flagged.
    #[must_use]
    pub fn new(board: Board) -> Self {
        let n = board.mines().len();
        let safe_total = n - board.mine_count();
        Self {
            board,
            opened: vec![false; n],
            flagged: vec![false; n],
            opened_count: 0,
            safe_total,
        }
    }

    /// The board being played.
    #[must_use]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// Opens `p`. A zero opens its neighbours too, and so on (flags stop the
    /// flood). Opening a mine reports [`OpenResult::Mine`] and changes nothing.
    pub fn open(&mut self, p: Pos) -> OpenResult {
        let Some(i) = self.board.index(p) else {
            return OpenResult::Nothing;
        };
        if self.opened[i] || self.flagged[i] {
            return OpenResult::Nothing;
        }
        if self.board.mines()[i] {
            return OpenResult::Mine;
        }
        let (w, h) = (self.board.width(), self.board.height());
        let mut count = 0;
        let mut stack = vec![i];
        while let Some(c) = stack.pop() {
            if self.opened[c] || self.flagged[c] || self.board.mines()[c] {
                continue;
            }
            self.opened[c] = true;
            count += 1;
            if self.board.numbers()[c] == 0 {
                stack.extend(neighbors(w, h, c));
            }
        }
        self.opened_count += count;
        OpenResult::Opened(count)
    }

    /// Puts a flag on (or takes it off) the hidden cell `p`; `false` when
    /// `p` is outside or already open.
    pub fn set_flag(&mut self, p: Pos, on: bool) -> bool {
        match self.board.index(p) {
            Some(i) if !self.opened[i] => {
                self.flagged[i] = on;
                true
            }
            _ => false,
        }
    }

    /// Whether `p` is open.
    #[must_use]
    pub fn is_open(&self, p: Pos) -> bool {
        self.board.index(p).is_some_and(|i| self.opened[i])
    }

    /// Whether `p` carries a flag.
    #[must_use]
    pub fn is_flagged(&self, p: Pos) -> bool {
        self.board.index(p).is_some_and(|i| self.flagged[i])
    }

    /// Every safe cell is open.
    #[must_use]
    pub const fn is_cleared(&self) -> bool {
        self.opened_count == self.safe_total
    }

    /// Mines minus flags placed (what a minesweeper counter shows).
    #[must_use]
    pub fn mines_left(&self) -> i64 {
        self.board.mine_count() as i64 - self.flagged.iter().filter(|f| **f).count() as i64
    }

    /// Hidden cells the solver proves safe and proves mines, from the
    /// opened cells only (flags are not trusted), within `steps`.
    #[must_use]
    pub fn hints(&self, steps: u64) -> (Vec<Pos>, Vec<Pos>) {
        solver::hints(&self.board, &self.opened, steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeros_flood_open_and_flags_stop_it() {
        let b = Board::from_ascii("....\n....\n...*", (0, 0)).unwrap();
        let mut g = Game::new(b.clone());
        assert_eq!(g.open((0, 0)), OpenResult::Opened(11));
        assert!(g.is_cleared());
        assert_eq!(g.open((0, 0)), OpenResult::Nothing);
        let mut g = Game::new(b);
        assert!(g.set_flag((1, 0), true));
        assert_eq!(g.mines_left(), 0);
        assert_eq!(g.open((3, 2)), OpenResult::Mine);
        assert_eq!(g.open((1, 0)), OpenResult::Nothing);
        assert!(matches!(g.open((0, 0)), OpenResult::Opened(n) if n < 11));
        assert!(!g.is_cleared());
        assert!(g.set_flag((1, 0), false));
        assert!(matches!(g.open((1, 0)), OpenResult::Opened(_)));
        assert!(g.is_cleared());
        assert!(!g.set_flag((0, 0), true));
    }

    #[test]
    fn hints_follow_the_opened_cells() {
        // Opening the corner shows a 1 with one hidden neighbour... after
        // the flood, the only hidden cell left next to numbers is the mine.
        let b = Board::from_ascii("...\n...\n..*", (0, 0)).unwrap();
        let mut g = Game::new(b);
        assert_eq!(g.hints(1000), (vec![], vec![]));
        g.open((0, 0));
        assert!(g.is_cleared());
        let (safe, mines) = g.hints(1000);
        assert!(safe.is_empty());
        assert_eq!(mines, vec![(2, 2)]);
    }
}
