//! `MinesweeperBoard`: a minesweeper board for a room, being played.

use std::cell::RefCell;

use dungeon_core::GenError;
use dungeon_core::minesweeper::{self, Game, MinesweeperConfig, OpenResult};
use godot::prelude::*;

use crate::convert::{cell_array, pos, seed_bits, vec2i};
use crate::dungeon_grid::DungeonGrid;

thread_local! {
    static LAST_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Logs `e` and keeps it for [method MinesweeperBoard.get_last_error].
fn report(e: &GenError) {
    godot_error!("{}", e);
    LAST_ERROR.with(|l| *l.borrow_mut() = e.to_string());
}

fn clear_error() {
    LAST_ERROR.with(|l| l.borrow_mut().clear());
}

/// A minesweeper board, for a room or on its own, that a game plays.
///
/// Make one with [method create] (any size) or [method for_room] (sized to
/// a room's floor of any [DungeonGrid]; [method boards_for_grid] makes one
/// per room). The first click ([member first_click]) and its neighbours
/// never hold a mine. With `no_guess` on, the board is proven clearable from
/// the first click by deduction alone: no coin flips, no softlocks.
///
/// Play it with [method open] (a zero opens its neighbours too),
/// [method flag] and [method is_cleared]. [method safe_cells] and
/// [method mine_cells] are hints: what the solver can prove from the cells
/// opened so far (flags are not trusted). The same settings and seed always
/// give the same board; pass a new `variant` for a fresh board for the same
/// room (after a mine went off, say).
#[derive(GodotClass)]
#[class(init, base = RefCounted)]
pub struct MinesweeperBoard {
    /// Columns.
    #[var(get = get_width, no_set)]
    width: PhantomVar<i32>,
    /// Rows.
    #[var(get = get_height, no_set)]
    height: PhantomVar<i32>,
    /// How many mines the board holds.
    #[var(get = get_mine_count, no_set)]
    mine_count: PhantomVar<i32>,
    /// The cell to open first: it and its neighbours hold no mine.
    #[var(get = get_first_click, no_set)]
    first_click: PhantomVar<Vector2i>,
    game: Option<Game>,
    base: Base<RefCounted>,
}

impl MinesweeperBoard {
    fn wrap(board: minesweeper::Board) -> Gd<Self> {
        Gd::from_init_fn(|base| Self {
            width: PhantomVar::default(),
            height: PhantomVar::default(),
            mine_count: PhantomVar::default(),
            first_click: PhantomVar::default(),
            game: Some(Game::new(board)),
            base,
        })
    }

    /// A new board, or `None` with the error logged and kept.
    fn deliver(result: Result<minesweeper::Board, GenError>) -> Option<Gd<Self>> {
        match result {
            Ok(board) => {
                clear_error();
                Some(Self::wrap(board))
            }
            Err(e) => {
                report(&e);
                None
            }
        }
    }

    fn game(&self) -> Option<&Game> {
        if self.game.is_none() {
            godot_error!(
                "MinesweeperBoard: this board is empty; make boards with create() or for_room()"
            );
        }
        self.game.as_ref()
    }

    fn config(mines: i32, density: f64, no_guess: bool) -> MinesweeperConfig {
        MinesweeperConfig {
            // -1 takes the mines from `density`; any other negative count
            // is refused by the core's validation, naming `mines`.
            mines,
            density,
            no_guess,
            ..MinesweeperConfig::beginner()
        }
    }
}

#[godot_api]
impl MinesweeperBoard {
    /// [method open] result: the cell held a mine (nothing else changed).
    #[constant]
    const OPENED_MINE: i32 = -1;

    /// A `width`×`height` board with `mines` mines (or, when `mines` is
    /// `-1`, `density` × the cells, rounded), first click in the centre,
    /// drawn from `seed`. `null` and an error naming the setting for sizes
    /// below 3×3, a negative `mines` other than `-1`, a density outside
    /// `0.0` up to (not including) `1.0`, or more mines than the cells
    /// outside the 3×3 around the first click; also when a `no_guess` board
    /// could not be found (lower the mines).
    #[func]
    fn create(
        width: i32,
        height: i32,
        mines: i32,
        density: f64,
        no_guess: bool,
        seed: i64,
    ) -> Option<Gd<Self>> {
        let config = MinesweeperConfig {
            width,
            height,
            ..Self::config(mines, density, no_guess)
        };
        Self::deliver(minesweeper::generate(&config, seed_bits(seed)))
    }

    /// The board of room `room_index` of `grid`, sized to the room's floor
    /// (one board cell per floor tile, row by row from the room's top-left
    /// tile); rooms smaller than 3×3, such as the one-cell rooms of room
    /// grids, get a 9×9 board. Mines as in [method create], except that a
    /// density share too big for a small room is cut to the cells outside
    /// the first click's 3×3 (a 3×3 room gets none). `seed`, the
    /// grid's level, the room and `variant` choose the board. `null` and an
    /// error for a bad room number or settings.
    #[func]
    fn for_room(
        grid: Option<Gd<DungeonGrid>>,
        room_index: i32,
        seed: i64,
        mines: i32,
        density: f64,
        no_guess: bool,
        variant: i32,
    ) -> Option<Gd<Self>> {
        let Some(grid) = grid else {
            godot_error!("MinesweeperBoard.for_room: grid is null");
            return None;
        };
        let grid = grid.bind();
        let room = usize::try_from(room_index).unwrap_or(usize::MAX);
        let base = Self::config(mines, density, no_guess);
        let core = grid.core();
        Self::deliver(minesweeper::board_for_room(
            core,
            room,
            &base,
            seed_bits(seed),
            variant as u32,
        ))
    }

    /// One board per room of `grid` ([method for_room] with variant 0), in
    /// room order. Empty, with an error, if any room's board fails. All the
    /// boards of one call share one work budget (so a huge grid with tens
    /// of thousands of rooms ends in about a second or two with an error
    /// naming the budget, instead of running for minutes): for such grids,
    /// make boards room by room with [method for_room] as the player
    /// reaches them.
    #[func]
    fn boards_for_grid(
        grid: Option<Gd<DungeonGrid>>,
        seed: i64,
        density: f64,
        no_guess: bool,
    ) -> Array<Gd<Self>> {
        let Some(grid) = grid else {
            godot_error!("MinesweeperBoard.boards_for_grid: grid is null");
            return Array::new();
        };
        let grid = grid.bind();
        let base = Self::config(-1, density, no_guess);
        let mut out = Vec::new();
        for board in minesweeper::boards_for_grid(grid.core(), &base, seed_bits(seed)) {
            match board {
                Ok(b) => out.push(Self::wrap(b)),
                Err(e) => {
                    report(&e);
                    return Array::new();
                }
            }
        }
        clear_error();
        Array::from(out.as_slice())
    }

    /// Why the last [method create], [method for_room] or
    /// [method boards_for_grid] failed; empty after a success.
    #[func]
    fn get_last_error() -> GString {
        LAST_ERROR.with(|l| GString::from(l.borrow().as_str()))
    }

    #[func]
    fn get_width(&self) -> i32 {
        self.game().map_or(0, |g| g.board().width())
    }

    #[func]
    fn get_height(&self) -> i32 {
        self.game().map_or(0, |g| g.board().height())
    }

    #[func]
    fn get_mine_count(&self) -> i32 {
        self.game().map_or(0, |g| g.board().mine_count() as i32)
    }

    #[func]
    fn get_first_click(&self) -> Vector2i {
        self.game()
            .map_or(Vector2i::new(-1, -1), |g| vec2i(g.board().first_click()))
    }

    /// Whether `cell` holds a mine (`false` outside the board).
    #[func]
    fn mine_at(&self, cell: Vector2i) -> bool {
        self.game().is_some_and(|g| g.board().mine_at(pos(cell)))
    }

    /// How many of the eight cells around `cell` hold mines.
    #[func]
    fn number_at(&self, cell: Vector2i) -> i32 {
        self.game()
            .map_or(0, |g| i32::from(g.board().number_at(pos(cell))))
    }

    /// Opens `cell`. Returns how many cells opened (a zero opens its
    /// neighbours, and so on), `0` when it was open, flagged or outside, or
    /// [constant OPENED_MINE] when it held a mine.
    #[func]
    fn open(&mut self, cell: Vector2i) -> i32 {
        if self.game().is_none() {
            return 0;
        }
        match self.game.as_mut().map(|g| g.open(pos(cell))) {
            Some(OpenResult::Opened(n)) => n as i32,
            Some(OpenResult::Mine) => Self::OPENED_MINE,
            _ => 0,
        }
    }

    /// Puts a flag on `cell` (`on` true) or takes it off. `false` when the
    /// cell is open or outside.
    #[func]
    fn flag(&mut self, cell: Vector2i, on: bool) -> bool {
        if self.game().is_none() {
            return false;
        }
        self.game
            .as_mut()
            .is_some_and(|g| g.set_flag(pos(cell), on))
    }

    /// Whether `cell` is open.
    #[func]
    fn is_open(&self, cell: Vector2i) -> bool {
        self.game().is_some_and(|g| g.is_open(pos(cell)))
    }

    /// Whether `cell` carries a flag.
    #[func]
    fn is_flagged(&self, cell: Vector2i) -> bool {
        self.game().is_some_and(|g| g.is_flagged(pos(cell)))
    }

    /// Every cell without a mine is open.
    #[func]
    fn is_cleared(&self) -> bool {
        self.game().is_some_and(Game::is_cleared)
    }

    /// Mines minus flags: what a minesweeper counter shows.
    #[func]
    fn mines_left(&self) -> i32 {
        self.game().map_or(0, |g| g.mines_left() as i32)
    }

    /// Hint: hidden cells the solver proves safe from the open cells.
    #[func]
    fn safe_cells(&self) -> Array<Vector2i> {
        self.game().map_or_else(Array::new, |g| {
            cell_array(&g.hints(minesweeper::SOLVE_STEPS).0)
        })
    }

    /// Hint: hidden cells the solver proves hold mines from the open cells.
    #[func]
    fn mine_cells(&self) -> Array<Vector2i> {
        self.game().map_or_else(Array::new, |g| {
            cell_array(&g.hints(minesweeper::SOLVE_STEPS).1)
        })
    }

    /// The board as text, one line per row: `*` mines, digits, `.` for 0.
    #[func]
    fn to_text(&self) -> GString {
        self.game().map_or_else(GString::new, |g| {
            GString::from(g.board().to_ascii().as_str())
        })
    }
}
