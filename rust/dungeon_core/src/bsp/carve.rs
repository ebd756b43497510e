//! Drawing the map: room floor, L-shaped corridors between the split tree's
//! representative points, and a door wherever a corridor line crosses a
//! room's wall.
//!
//! The door masks follow one rule: a corridor tile and a room tile are never
//! open to each other, except a door tile and the room floor its line
//! crossed into. Corridor and door tiles are open to each other, and the
//! tiles of one room are open to each other. A corridor that runs along a
//! room's side, or ends beside it, is walled off from it.

use crate::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, Pos, Rect};
use crate::rng::DungeonRng;

/// A room tile that a door opens onto: its row-major index, its position,
/// and the split-tree node whose join carved the door. The room lies inside
/// that node's part: a join's corridors stay inside its part and off the
/// part's last column and row (every room leaves them empty, see
/// `split::place_room`), so a room tile one step from them is still inside
/// the part, and finding the room is a short walk down the split tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TileRef {
    pub(super) at: u32,
    pub(super) x: u16,
    pub(super) y: u16,
    pub(super) join: u32,
}

/// The row-major range of columns `x0..=x1` (any order) of row `y`, if it is
/// inside a `width`-wide grid of `len` cells.
fn row_span(
    width: usize,
    len: usize,
    y: i32,
    x0: i32,
    x1: i32,
) -> Option<std::ops::RangeInclusive<usize>> {
    let (lo, hi) = (x0.min(x1), x0.max(x1));
    if lo < 0 || y < 0 || hi as usize >= width {
        return None;
    }
    let row = y as usize * width;
    (row + (hi as usize) < len).then(|| row + lo as usize..=row + hi as usize)
}

/// Corridor or door: the walkable tiles that are not room floor.
const fn is_passage(c: Cell) -> bool {
    matches!(c, Cell::Corridor | Cell::Door)
}

/// The map being drawn: tiles, door masks, every corridor tile carved so far
/// (in carving order, so the mask pass visits corridors only), and the room
/// tiles that doors open onto, which the end search starts its room jumps
/// from.
pub(super) struct Canvas<'g> {
    cells: &'g mut [Cell],
    masks: &'g mut [u8],
    width: usize,
    height: usize,
    /// The node whose children are being joined.
    pub(super) join: u32,
    pub(super) carved: Vec<u32>,
    pub(super) contacts: Vec<TileRef>,
}

impl<'g> Canvas<'g> {
    pub(super) fn new(cells: &'g mut [Cell], masks: &'g mut [u8], width: usize) -> Self {
        let height = cells.len().min(masks.len()) / width.max(1);
        Self {
            cells,
            masks,
            width,
            height,
            join: 0,
            carved: Vec::new(),
            contacts: Vec::new(),
        }
    }

    /// Fills `r` with room floor and opens the masks between its tiles.
    /// Sides facing out of the room stay closed until a door opens one.
    pub(super) fn paint_room(&mut self, r: Rect) {
        let len = self.cells.len().min(self.masks.len());
        for y in r.y..r.y + r.h {
            let Some(span) = row_span(self.width, len, y, r.x, r.x + r.w - 1) else {
                continue;
            };
            if let Some(run) = self.cells.get_mut(span.clone()) {
                run.fill(Cell::Room);
            }
            let up = if y > r.y { DOOR_N } else { 0 };
            let down = if y < r.y + r.h - 1 { DOOR_S } else { 0 };
            if let Some(run) = self.masks.get_mut(span) {
                run.fill(up | down | DOOR_E | DOOR_W);
                if let Some(first) = run.first_mut() {
                    *first &= !DOOR_W;
                }
                if let Some(last) = run.last_mut() {
                    *last &= !DOOR_E;
                }
            }
        }
    }

    /// Carves a straight corridor from `a` to `b` (which share a row or a
    /// column), both ends included: empty tiles become corridor, room tiles
    /// stay room tiles. Where the line passes between room floor and a tile
    /// outside the room, that tile becomes a door open to the room. The part
    /// of the line outside the map is skipped.
    pub(super) fn carve_line(&mut self, a: Pos, b: Pos) {
        let across_x = if a.1 == b.1 {
            true
        } else if a.0 == b.0 {
            false
        } else {
            return;
        };
        // Clip to the map once, so the loop needs no per-tile position check.
        // Positions fit in `u16` (`MAX_SIDE` is 4096); a line beyond that
        // range is skipped rather than wrapped.
        let (w, h) = (self.width as i64, self.height as i64);
        let x0 = i64::from(a.0.min(b.0)).max(0);
        let y0 = i64::from(a.1.min(b.1)).max(0);
        let x1 = i64::from(a.0.max(b.0)).min(w - 1);
        let y1 = i64::from(a.1.max(b.1)).min(h - 1);
        if x0 > x1 || y0 > y1 || x1 > i64::from(u16::MAX) || y1 > i64::from(u16::MAX) {
            return;
        }
        let len = (x1 - x0 + y1 - y0) as usize + 1;
        // The line runs east or south: `ahead` is the side of a tile facing
        // the next one, `behind` the side facing the previous one.
        let (step, ahead, behind) = if across_x {
            (1, DOOR_E, DOOR_W)
        } else {
            (self.width, DOOR_S, DOOR_N)
        };
        let (dx, dy) = (u16::from(across_x), u16::from(!across_x));
        let mut i = (y0 * w + x0) as usize;
        let (x0, y0) = (x0 as u16, y0 as u16);
        let mut prev_room = None;
        for k in 0..len as u16 {
            let Some(c) = self.cells.get_mut(i) else {
                return;
            };
            if *c == Cell::Empty {
                *c = Cell::Corridor;
                self.carved.push(i as u32);
            }
            let room = c.is_room();
            let (x, y) = (x0 + k * dx, y0 + k * dy);
            match prev_room {
                // Out of a room: this tile is the door, its `behind` side
                // opens onto the room tile before it.
                Some(true) if !room => {
                    self.open_door(i, i - step, behind, (x - dx, y - dy));
                }
                // Into a room: the tile before is the door.
                Some(false) if room => self.open_door(i - step, i, ahead, (x, y)),
                _ => {}
            }
            prev_room = Some(room);
            i += step;
        }
    }

    /// Makes `door` a door tile open on side `side` to the room tile `room`
    /// at `room_pos`, and records that room tile as a contact.
    fn open_door(&mut self, door: usize, room: usize, side: u8, room_pos: (u16, u16)) {
        let back = match side {
            DOOR_N => DOOR_S,
            DOOR_S => DOOR_N,
            DOOR_E => DOOR_W,
            _ => DOOR_E,
        };
        if let (Some(c), Some(m)) = (self.cells.get_mut(door), self.masks.get_mut(door)) {
            *c = Cell::Door;
            *m |= side;
        }
        if let Some(m) = self.masks.get_mut(room) {
            *m |= back;
        }
        self.contacts.push(TileRef {
            at: room as u32,
            x: room_pos.0,
            y: room_pos.1,
            join: self.join,
        });
    }

    /// Joins two representative points through one of their two L-corners,
    /// chosen at random, and returns the corner (the parent's representative).
    pub(super) fn join(&mut self, a: Pos, b: Pos, rng: &mut DungeonRng) -> Pos {
        let corner = if rng.chance(0.5) {
            (a.0, b.1)
        } else {
            (b.0, a.1)
        };
        self.carve_line(a, corner);
        self.carve_line(corner, b);
        corner
    }

    /// Opens the masks between neighbouring corridor and door tiles. Doors
    /// already opened onto their rooms while carving; every other side of a
    /// corridor tile that faces room floor stays closed.
    ///
    /// Corridors never reach the map's outer ring (`border ≥ 1`), so all four
    /// neighbours exist; the `get`s only keep a broken invariant from
    /// panicking.
    pub(super) fn finish_corridors(&mut self) {
        let w = self.width;
        for &t in &self.carved {
            let i = t as usize;
            let mut mask = 0;
            for (j, bit) in [
                (i.wrapping_sub(w), DOOR_N),
                (i + 1, DOOR_E),
                (i + w, DOOR_S),
                (i.wrapping_sub(1), DOOR_W),
            ] {
                if self.cells.get(j).is_some_and(|&c| is_passage(c)) {
                    mask |= bit;
                }
            }
            if let Some(m) = self.masks.get_mut(i) {
                *m |= mask;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bsp::tests::pic;
    use crate::grid::{DIRS, DungeonGrid};

    fn grid(s: &str) -> DungeonGrid {
        DungeonGrid::from_ascii(s).unwrap()
    }

    /// Draws `lines` on a picture of rooms (`#`, `S`, `E`; nothing else) and
    /// returns the picture and the masks.
    fn carve(rooms: &str, lines: &[(Pos, Pos)]) -> (String, DungeonGrid) {
        let mut g = grid(rooms);
        // Room floor is open only inside its room, as painted.
        let w = g.width as usize;
        for i in 0..g.cells.len() {
            let p = g.pos(i);
            for (dx, dy, bit, _) in DIRS {
                if !(g.cells[i].is_room() && g.cell((p.0 + dx, p.1 + dy)).is_room()) {
                    g.doors[i] &= !bit;
                }
            }
        }
        let mut canvas = Canvas::new(&mut g.cells, &mut g.doors, w);
        for &(a, b) in lines {
            canvas.carve_line(a, b);
        }
        canvas.finish_corridors();
        assert!(
            g.check_doors(crate::grid::check::Rules::Current).is_ok(),
            "{:?}",
            g.check_doors(crate::grid::check::Rules::Current)
        );
        (g.to_ascii(), g)
    }

    #[test]
    fn corridors_turn_at_one_of_the_two_corners() {
        let mut seen = [false; 2];
        for seed in 0..40 {
            let mut g = DungeonGrid::new(7, 5);
            let mut canvas = Canvas::new(&mut g.cells, &mut g.doors, 7);
            let corner = canvas.join((1, 1), (5, 3), &mut DungeonRng::new(seed));
            assert_eq!(canvas.carved.len(), 7);
            let want = match corner {
                (1, 3) => {
                    seen[0] = true;
                    "
                    .......
                    .=.....
                    .=.....
                    .=====.
                    .......
                    "
                }
                (5, 1) => {
                    seen[1] = true;
                    "
                    .......
                    .=====.
                    .....=.
                    .....=.
                    .......
                    "
                }
                other => panic!("corner {other:?}"),
            };
            assert_eq!(g.to_ascii(), pic(want));
        }
        assert_eq!(seen, [true, true]);
    }

    #[test]
    fn a_line_gets_a_door_where_it_crosses_a_room_wall() {
        // Out of the left room, along the top of the right room, down into
        // it: a door where it leaves, one where it enters; the tiles along
        // the right room's top are walled off from it. A zero-length line
        // outside any room carves one tile and no door.
        let rooms = "
            ..............
            .###..........
            .#S#..........
            .###....####..
            ........##E#..
            ........####..
            ..............
        ";
        let (got, g) = carve(
            rooms,
            &[((2, 2), (10, 2)), ((10, 2), (10, 4)), ((12, 6), (12, 6))],
        );
        assert_eq!(
            got,
            pic("
            ..............
            .###..........
            .#S#+=====+...
            .###....####..
            ........##E#..
            ........####..
            ............=.
        ")
        );
        // The door at (4, 2) opens west onto the room and east onto the
        // corridor; the door at (10, 2) opens west onto the corridor and
        // south onto the room.
        assert_eq!(g.door_mask((4, 2)), DOOR_W | DOOR_E);
        assert_eq!(g.door_mask((3, 2)) & DOOR_E, DOOR_E);
        assert_eq!(g.door_mask((9, 2)), DOOR_W | DOOR_E);
        assert_eq!(g.door_mask((10, 2)), DOOR_W | DOOR_S);
        assert_eq!(g.door_mask((10, 3)) & DOOR_N, DOOR_N);
        // Walled off: the corridor over the right room's top row.
        assert_eq!(g.door_mask((8, 2)) & DOOR_S, 0);
        assert_eq!(g.door_mask((8, 3)) & DOOR_N, 0);
        assert_eq!(g.door_mask((12, 6)), 0);
    }

    #[test]
    fn a_line_through_a_room_gets_a_door_on_both_sides() {
        let (got, g) = carve(
            "
            ..........
            ...#S#....
            ...###....
            ...#E#....
            ..........
        ",
            &[((1, 2), (8, 2))],
        );
        assert_eq!(
            got,
            pic("
            ..........
            ...#S#....
            .=+###+==.
            ...#E#....
            ..........
        ")
        );
        assert!(g.is_connected());
        assert_eq!(g.door_mask((2, 2)), DOOR_E | DOOR_W);
        assert_eq!(g.door_mask((6, 2)), DOOR_E | DOOR_W);
    }

    #[test]
    fn a_corridor_beside_a_door_is_walled_off_from_the_room() {
        // A second line runs down past the right room's west wall and over
        // the first line's door tile: that tile stays a door open to the
        // room; the tiles above and below it are walled off.
        let (got, g) = carve(
            "
            ..........
            ...#S#....
            ...###....
            ...#E#....
            ..........
        ",
            &[((1, 2), (4, 2)), ((2, 0), (2, 4))],
        );
        assert_eq!(
            got,
            pic("
            ..=.......
            ..=#S#....
            .=+###....
            ..=#E#....
            ..=.......
        ")
        );
        assert_eq!(g.door_mask((2, 2)), DOOR_N | DOOR_E | DOOR_S | DOOR_W);
        assert_eq!(g.door_mask((2, 1)), DOOR_N | DOOR_S);
        assert_eq!(g.door_mask((2, 3)), DOOR_N | DOOR_S);
        assert_eq!(g.door_mask((3, 1)) & DOOR_W, 0);
        assert!(g.is_connected());
    }
}
