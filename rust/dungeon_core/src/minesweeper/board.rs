//! A minesweeper board: where the mines are, the numbers, the first click.

use crate::grid::Pos;

/// A finished board: mine layout, numbers and the safe first click.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: i32,
    height: i32,
    mines: Vec<bool>,
    numbers: Vec<u8>,
    first_click: Pos,
}

/// The (up to eight) cells around cell `i` of a `width`×`height` board, as
/// indices.
pub(crate) fn neighbors(width: i32, height: i32, i: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((i as i32) % width, (i as i32) / width);
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| (x + dx, y + dy)))
        .filter(move |&(nx, ny)| {
            (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && nx < width && ny < height
        })
        .map(move |(nx, ny)| (ny * width + nx) as usize)
}

impl Board {
    /// A board from its mine layout (`mines[y * width + x]`). Returns `None`
    /// when the sizes disagree or the first click is outside the board.
    #[must_use]
    pub fn from_mines(width: i32, height: i32, mines: Vec<bool>, first_click: Pos) -> Option<Self> {
        if width < 1 || height < 1 || mines.len() != (width * height) as usize {
            return None;
        }
        let mut board = Self {
            width,
            height,
            numbers: vec![0; mines.len()],
            mines,
            first_click,
        };
        board.index(first_click)?;
        board.recount();
        Some(board)
    }

    /// A board drawn as text, one line per row: `*` a mine, anything else
    /// free. `None` for ragged or empty pictures.
    #[must_use]
    pub fn from_ascii(text: &str, first_click: Pos) -> Option<Self> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let width = rows.first()?.chars().count();
        if rows.iter().any(|r| r.chars().count() != width) {
            return None;
        }
        let mines = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '*'))
            .collect();
        Self::from_mines(width as i32, rows.len() as i32, mines, first_click)
    }

    pub(crate) fn recount(&mut self) {
        for i in 0..self.mines.len() {
            self.numbers[i] = neighbors(self.width, self.height, i)
                .filter(|&n| self.mines[n])
                .count() as u8;
        }
    }

    /// Moves the mine at `from` to the free cell `to` (indices), keeping
    /// the numbers right.
    pub(crate) fn move_mine(&mut self, from: usize, to: usize) {
        self.mines[from] = false;
        self.mines[to] = true;
        for n in neighbors(self.width, self.height, from) {
            self.numbers[n] -= 1;
        }
        for n in neighbors(self.width, self.height, to) {
            self.numbers[n] += 1;
        }
    }

    /// Columns.
    #[must_use]
    pub const fn width(&self) -> i32 {
        self.width
    }

    /// Rows.
    #[must_use]
    pub const fn height(&self) -> i32 {
        self.height
    }

    /// The cell the game opens first; neither it nor its neighbours hold a
    /// mine on generated boards.
    #[must_use]
    pub const fn first_click(&self) -> Pos {
        self.first_click
    }

    /// How many mines the board holds.
    #[must_use]
    pub fn mine_count(&self) -> usize {
        self.mines.iter().filter(|&&m| m).count()
    }

    /// The index of `p`, or `None` outside the board.
    #[must_use]
    pub fn index(&self, p: Pos) -> Option<usize> {
        (p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < self.height)
            .then(|| (p.1 * self.width + p.0) as usize)
    }

    /// The cell at index `i`.
    #[must_use]
    pub const fn pos(&self, i: usize) -> Pos {
        ((i as i32) % self.width, (i as i32) / self.width)
    }

    /// Whether `p` holds a mine (`false` outside the board).
    #[must_use]
    pub fn mine_at(&self, p: Pos) -> bool {
        self.index(p).is_some_and(|i| self.mines[i])
    }

    /// How many of the eight cells around `p` hold mines (0 outside).
    #[must_use]
    pub fn number_at(&self, p: Pos) -> u8 {
        self.index(p).map_or(0, |i| self.numbers[i])
    }

    /// The mine layout, row by row.
    #[must_use]
    pub fn mines(&self) -> &[bool] {
        &self.mines
    }

    /// The numbers, row by row (mines carry their neighbour count too).
    #[must_use]
    pub fn numbers(&self) -> &[u8] {
        &self.numbers
    }

    /// The board as text: `*` mines, digits (`.` for 0) elsewhere.
    #[must_use]
    pub fn to_ascii(&self) -> String {
        let mut s = String::with_capacity(self.mines.len() + self.height as usize);
        for i in 0..self.mines.len() {
            s.push(if self.mines[i] {
                '*'
            } else if self.numbers[i] == 0 {
                '.'
            } else {
                char::from(b'0' + self.numbers[i])
            });
            if (i + 1) % self.width as usize == 0 {
                s.push('\n');
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_count_the_mines_around() {
        let b = Board::from_ascii("*..\n...\n..*", (1, 1)).unwrap();
        assert_eq!(b.to_ascii(), "*1.\n121\n.1*\n");
        assert_eq!(b.number_at((1, 1)), 2);
        assert!(b.mine_at((0, 0)) && !b.mine_at((5, 5)));
        assert_eq!(b.mine_count(), 2);
        assert!(Board::from_ascii("..\n.", (0, 0)).is_none());
        assert!(Board::from_ascii("..", (3, 0)).is_none());
    }

    #[test]
    fn moving_a_mine_keeps_numbers_right() {
        let mut b = Board::from_ascii("*...\n....\n....", (3, 2)).unwrap();
        b.move_mine(0, 6);
        let mut fresh = b.clone();
        fresh.recount();
        assert_eq!(b, fresh);
        assert!(b.mine_at((2, 1)));
    }
}
