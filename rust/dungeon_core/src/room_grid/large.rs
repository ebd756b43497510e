//! Large rooms on a branching floor, after The Binding of Isaac: Rebirth:
//! rooms spanning a 1×2, 2×1 or 2×2 block, or an L (a 2×2 block missing
//! one corner), each one room record with several cells.
//!
//! **How they grow.** Whenever the branching growth turns a cell into a
//! new room, it draws once: with chance `tall` the room becomes 1×2, else
//! with `wide` 2×1, else with `square` 2×2, else with `l_shape` an L (the
//! chances add up, at most 1). Every placement of that shape that covers the
//! cell is tried (for an L, all four orientations), and one that fits is
//! taken at random; a placement fits when its cells are inside the grid and
//! empty and, together, they touch the rest of the floor along exactly one
//! cell side (the one through which growth reached the cell). That is
//! Isaac's "at most one room neighbour" rule for the whole room, so the
//! floor stays a tree of rooms, two touching rooms share exactly one
//! side, and that side is their door. When no placement fits, the room is
//! one cell. Each cell of a large room then grows on like any room, so a
//! 2×2 room can get a door on each of its 8 cell sides.
//!
//! **Counts.** The room count (`room_count(level)`) counts rooms: a large
//! room is one room however many cells it spans. The start room and the
//! dead-end special rooms (shop, treasure, super secret, …) are one cell, as
//! in Isaac; the boss room may be large. Rebirth publishes no chances (nor
//! how many large rooms a floor has); ours ([`LargeRooms::rebirth`]) give
//! the figures below.
//!
//! **Figures** (`rust/dungeon_bench/examples/isaac_floors_bench.rs`: 10 000
//! floors per level of the `large_rooms` preset, each checked against every
//! rule; means per floor, no floor failed). Rebirth asks 5 + level − 1
//! dead ends, which the preset does not by default.
//!
//! ```text
//! level | retries | rooms (cells) | dead ends (Rebirth min) | large rooms (L) | secret (3+/2/1 neighbours) | optional rooms
//!     1 | 4.77 |  8.5 (10.6) |  4.14 (5)  | 1.26 (0.29) | 436/4985/4579 | 0.00
//!     3 | 0.87 | 13.5 (18.1) |  5.27 (7)  | 2.82 (0.64) | 4316/4867/817 | 0.48
//!     5 | 0.79 | 19.5 (26.6) |  6.92 (9)  | 4.35 (1.02) | 7372/2497/131 | 0.88
//!     7 | 1.20 | 24.5 (33.3) |  8.34 (11) | 5.49 (1.27) | 8580/1405/15  | 1.03
//!    10 | 2.55 | 32.5 (43.9) | 10.64 (14) | 7.13 (1.67) | 9488/505/7    | 1.10
//! ```
//!
//! A complete level-5 floor with all roles and large rooms takes 8.4 µs of
//! CPU (4.9 µs on `branching`'s 9×8 without large rooms).

use super::budget::Budget;
use super::scratch::RoomScratch;
use crate::error::{ConfigError, check_range};
use crate::grid::{DIRS, Pos, RoomShape};
use crate::rng::DungeonRng;

/// The chance that a new room is large, per shape.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct LargeRooms {
    /// Chance of a 1×2 room (one wide, two tall).
    pub tall: f64,
    /// Chance of a 2×1 room (two wide, one tall).
    pub wide: f64,
    /// Chance of a 2×2 room.
    pub square: f64,
    /// Chance of an L-shaped room (a 2×2 block missing one corner; the
    /// orientation is whichever fits, at random among those that do).
    pub l_shape: f64,
}

impl LargeRooms {
    /// No large rooms: every room is one cell.
    pub const NONE: LargeRooms = LargeRooms {
        tall: 0.0,
        wide: 0.0,
        square: 0.0,
        l_shape: 0.0,
    };

    /// Our Rebirth-style defaults: 1×2 and 2×1 8 % each, 2×2 6 %, L 6 %
    /// of new rooms (Rebirth's own chances are not published).
    #[must_use]
    pub const fn rebirth() -> Self {
        LargeRooms {
            tall: 0.08,
            wide: 0.08,
            square: 0.06,
            l_shape: 0.06,
        }
    }

    /// Whether any shape has a chance.
    #[must_use]
    pub fn any(&self) -> bool {
        self.total() > 0.0
    }

    fn total(&self) -> f64 {
        self.tall + self.wide + self.square + self.l_shape
    }

    /// Checks each chance is in `0..=1` and that they add up to at most 1.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field (`large_rooms.tall`…).
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("large_rooms.tall", self.tall, 0.0, 1.0)?;
        check_range("large_rooms.wide", self.wide, 0.0, 1.0)?;
        check_range("large_rooms.square", self.square, 0.0, 1.0)?;
        check_range("large_rooms.l_shape", self.l_shape, 0.0, 1.0)?;
        if self.total() > 1.0 + 1e-9 {
            return Err(ConfigError::new(
                "large_rooms.l_shape",
                self.l_shape,
                format!(
                    "0..={:.3}: the four large-room chances add up to at most 1",
                    (1.0 - self.tall - self.wide - self.square).max(0.0)
                ),
            ));
        }
        Ok(())
    }

    /// The shapes one draw picks from (empty: the room stays one cell).
    fn draw(&self, rng: &mut DungeonRng) -> &'static [RoomShape] {
        let u = rng.unit();
        let mut edge = self.tall;
        if u < edge {
            return &[RoomShape::Tall];
        }
        edge += self.wide;
        if u < edge {
            return &[RoomShape::Wide];
        }
        edge += self.square;
        if u < edge {
            return &[RoomShape::Square];
        }
        edge += self.l_shape;
        if u < edge {
            return &RoomShape::L_SHAPES;
        }
        &[]
    }
}

/// The most placements one draw can try: 4 L shapes × 3 cells.
const MOST_PLACEMENTS: usize = 12;

impl RoomScratch {
    /// Makes the new room at `cell` (empty, reached from the room cell
    /// `from`) a large room if the draw says so and a placement fits;
    /// returns its first cell's offset in `rooms`, or `None` when the room
    /// is to be one cell (nothing placed).
    pub(crate) fn try_large_room(
        &mut self,
        large: &LargeRooms,
        cell: Pos,
        rng: &mut DungeonRng,
        budget: &mut Budget,
    ) -> Option<usize> {
        let shapes = large.draw(rng);
        let mut fits = [(RoomShape::Single, (0, 0)); MOST_PLACEMENTS];
        let mut found = 0;
        for &shape in shapes {
            for (ox, oy) in shape.cells_at((0, 0)) {
                if !budget.spend(4) {
                    return None;
                }
                let corner = (cell.0 - ox, cell.1 - oy);
                if self.fits(shape, corner) {
                    fits[found] = (shape, corner);
                    found += 1;
                }
            }
        }
        if found == 0 {
            return None;
        }
        let (shape, corner) = fits[rng.below(found as u32) as usize];
        let first = self.rooms.len();
        self.place_large(shape, corner);
        Some(first)
    }

    /// Whether a room of `shape` at `corner` lies inside, on empty cells,
    /// and touches the floor along exactly one cell side.
    fn fits(&self, shape: RoomShape, corner: Pos) -> bool {
        let (w, h) = shape.size();
        let gap = shape.missing();
        let own = |q: Pos| {
            let (dx, dy) = (q.0 - corner.0, q.1 - corner.1);
            dx >= 0 && dy >= 0 && dx < w && dy < h && Some((dx, dy)) != gap
        };
        let mut touching = 0;
        for y in 0..h {
            for x in 0..w {
                if Some((x, y)) == gap {
                    continue;
                }
                let p = (corner.0 + x, corner.1 + y);
                match self.idx(p) {
                    Some(i) if !self.occupied[i] => {}
                    _ => return false,
                }
                for (dx, dy, _, _) in DIRS {
                    let q = (p.0 + dx, p.1 + dy);
                    if !own(q) && self.is_room(q) {
                        touching += 1;
                        if touching > 1 {
                            return false;
                        }
                    }
                }
            }
        }
        touching == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_are_checked() {
        assert_eq!(LargeRooms::rebirth().validate(), Ok(()));
        let mut l = LargeRooms::rebirth();
        l.square = 1.5;
        assert_eq!(l.validate().unwrap_err().field, "large_rooms.square");
        l.square = 0.9;
        let e = l.validate().unwrap_err();
        assert_eq!(e.field, "large_rooms.l_shape");
        assert!(e.allowed.contains("add up to at most 1"), "{e}");
        assert!(!LargeRooms::NONE.any());
    }

    #[test]
    fn a_large_room_touches_the_floor_once() {
        // A room at (2, 2); a 2×2 grown from (2, 3) south of it.
        let mut s = RoomScratch::new(6, 6);
        s.place((2, 2));
        let mut rng = DungeonRng::new(1);
        let mut budget = Budget::new(1000);
        let always = LargeRooms {
            square: 1.0,
            ..LargeRooms::NONE
        };
        let first = s.try_large_room(&always, (2, 3), &mut rng, &mut budget);
        assert_eq!(first, Some(1));
        assert_eq!(s.room_count(), 2);
        assert_eq!(s.rooms.len(), 5);
        // Only placements with (2, 2) above one of their top cells and
        // nothing else beside them: corners (1, 3) or (2, 3).
        let corner = s.rooms[1];
        assert!(corner == (1, 3) || corner == (2, 3), "{corner:?}");
        // No room fits where it would touch two cells, or none, or leave
        // the grid.
        let mut t = RoomScratch::new(4, 4);
        t.place((0, 0));
        t.place((1, 0));
        assert!(!t.fits(RoomShape::Wide, (0, 1)));
        assert!(!t.fits(RoomShape::Tall, (2, 1)));
        assert!(t.fits(RoomShape::Tall, (0, 1)));
        assert!(t.fits(RoomShape::LNoTopRight, (1, 1)));
        assert!(!t.fits(RoomShape::LNoTopLeft, (1, 1)));
        assert!(!t.fits(RoomShape::Square, (3, 3)));
    }
}
