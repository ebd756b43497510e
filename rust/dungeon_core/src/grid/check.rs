//! The invariants every generated grid keeps, checked on grids read from
//! JSON (or anywhere else) before they are used.

use super::{
    Cell, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, ParseError, Rect, RoomRole,
    RoomShape,
};

fn err<T>(msg: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(msg.into()))
}

/// Whether `r` has a positive size and lies inside a `width × height` grid,
/// in arithmetic that cannot overflow.
pub(crate) fn rect_fits(r: &Rect, width: i32, height: i32) -> bool {
    let (x, y, w, h) = (
        i64::from(r.x),
        i64::from(r.y),
        i64::from(r.w),
        i64::from(r.h),
    );
    w >= 1 && h >= 1 && x >= 0 && y >= 0 && x + w <= i64::from(width) && y + h <= i64::from(height)
}

/// Which generation of invariants a grid is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Everything today's generators guarantee.
    Current,
    /// Saved grids: corridors may open sideways into rooms.
    Loaded,
}

impl DungeonGrid {
    /// Checks every invariant a generated grid keeps:
    /// - sizes match and the level is at least 1;
    /// - exactly one start cell and one end cell, at `start` and `end`;
    /// - door masks are in `0..=15`, open only between walkable cells, and
    ///   symmetric; every door tile opens into a room, and no corridor tile
    ///   does (a corridor enters a room only through a door);
    /// - the rooms cover the room floor exactly: on a room grid, the room
    ///   cells list each room-floor cell once; on a tile map, the room
    ///   rectangles lie inside the grid, never overlap and hold exactly the
    ///   room floor;
    /// - start and end lie in two different rooms (on an open-floor map,
    ///   a tile map with no rooms, they are two tiles of its floor);
    /// - special rooms (if any) are listed once each, in room order, with a
    ///   special role; the start room has none; a boss room is the end
    ///   room, and a floor has at most one;
    /// - every walkable cell is reachable from the start through doors.
    ///
    /// Nothing is allocated beyond the grid's own size.
    ///
    /// # Errors
    /// A [`ParseError`] naming the first broken invariant.
    pub fn check(&self) -> Result<(), ParseError> {
        self.check_as(Rules::Current)
    }

    /// [`DungeonGrid::check`] under the rules a saved grid must keep, which
    /// is what [`DungeonGrid::from_json`] checks: everything but the rule
    /// that corridors enter rooms only through doors, because BSP maps saved
    /// before that rule existed have corridor tiles opening sideways into
    /// rooms, and they still load.
    ///
    /// # Errors
    /// A [`ParseError`] naming the first broken invariant.
    pub fn check_saved(&self) -> Result<(), ParseError> {
        self.check_as(Rules::Loaded)
    }

    /// [`DungeonGrid::check`] under the rules a grid read from outside must
    /// keep: grids saved before BSP corridors entered rooms only through
    /// doors had corridor tiles opening sideways into rooms, and they (and
    /// their re-saved copies) still load.
    pub(crate) fn check_as(&self, rules: Rules) -> Result<(), ParseError> {
        let n = self.width as usize * self.height as usize;
        if self.width < 1 || self.height < 1 || self.cells.len() != n || self.doors.len() != n {
            return err("cell or door array does not match width × height");
        }
        if self.level < 1 {
            return err(format!("level {} is not 1 or more", self.level));
        }
        self.check_ends()?;
        self.check_doors(rules)?;
        self.check_rooms()?;
        if self.is_open_floor() {
            // Caves, tunnels, walks: no rooms; the two end tiles differ
            // because there is exactly one of each.
        } else if self.room_at(self.start).is_none()
            || self.room_at(self.start) == self.room_at(self.end)
        {
            return err("start and end must lie in two different rooms");
        }
        self.check_specials()?;
        if !self.reaches_every_walkable_cell() {
            return err("some walkable cells cannot be reached from the start through doors");
        }
        Ok(())
    }

    /// Whether every walkable cell is reachable from the start through open
    /// sides ([`DungeonGrid::is_connected`], on a grid whose door masks
    /// passed [`DungeonGrid::check_doors`]). A depth-first search that keeps
    /// one bit a cell and a stack of at most the walkable cells, so that
    /// checking a loaded grid costs little beside the grid itself.
    fn reaches_every_walkable_cell(&self) -> bool {
        let Some(from) = self.index(self.start) else {
            return false;
        };
        let n = self.cells.len();
        let w = self.width as usize;
        let mut seen = vec![0u64; n.div_ceil(64)];
        let mut visit = |i: usize| {
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            let new = seen[word] & bit == 0;
            seen[word] |= bit;
            new
        };
        visit(from);
        let mut stack = vec![from as u32];
        let mut reached = 1usize;
        while let Some(i) = stack.pop() {
            let i = i as usize;
            let m = self.doors[i];
            for (bit, j) in [
                (DOOR_N, i.wrapping_sub(w)),
                (DOOR_E, i + 1),
                (DOOR_S, i + w),
                (DOOR_W, i.wrapping_sub(1)),
            ] {
                // Masks open only between walkable cells inside the grid
                // (checked before), so every step lands on one.
                if m & bit != 0 && j < n && visit(j) {
                    reached += 1;
                    stack.push(j as u32);
                }
            }
        }
        reached == self.walkable_count()
    }

    /// Whether this is an open-floor map: a tile map with no rooms (caves,
    /// tunnels, walks), whose start and end tiles stand on open floor.
    #[must_use]
    pub fn is_open_floor(&self) -> bool {
        self.kind == GridKind::TileMap && self.room_rects.is_empty()
    }

    fn check_specials(&self) -> Result<(), ParseError> {
        let rooms = self.room_records().len();
        let start = self.room_at(self.start);
        let end = self.room_at(self.end);
        let mut last = None;
        for &(room, role) in &self.specials {
            if room >= rooms {
                return err(format!(
                    "special room {room} is not a room (rooms 0..{rooms})"
                ));
            }
            if last.is_some_and(|l| l >= room) {
                return err(format!(
                    "special room {room} is listed twice or out of order"
                ));
            }
            last = Some(room);
            if !role.is_special() {
                return err(format!(
                    "room {room}: {:?} is not a special role",
                    role.name()
                ));
            }
            if Some(room) == start {
                return err(format!(
                    "the start room {room} cannot be a {} room",
                    role.name()
                ));
            }
            if (role == RoomRole::Boss) != (Some(room) == end) {
                return err(format!(
                    "room {room}: the boss room must be the room holding the end, and only it"
                ));
            }
        }
        Ok(())
    }

    fn check_ends(&self) -> Result<(), ParseError> {
        let (starts, ends) = (self.count(Cell::Start), self.count(Cell::End));
        if starts != 1 || ends != 1 {
            return err(format!(
                "need exactly one start cell and one end cell, found {starts} and {ends}"
            ));
        }
        if self.cell(self.start) != Cell::Start {
            return err(format!("start {:?} is not the start cell", self.start));
        }
        if self.cell(self.end) != Cell::End {
            return err(format!("end {:?} is not the end cell", self.end));
        }
        Ok(())
    }

    pub(crate) fn check_doors(&self, rules: Rules) -> Result<(), ParseError> {
        if let Some(i) = self.doors.iter().position(|&m| m > 15) {
            let (p, mask) = (self.pos(i), self.doors[i]);
            return err(format!("door mask {mask} at {p:?} is not in 0..=15"));
        }
        for (i, (&cell, &mask)) in self.cells.iter().zip(&self.doors).enumerate() {
            let p = self.pos(i);
            for (dx, dy, bit, back) in DIRS {
                if mask & bit == 0 {
                    continue;
                }
                let q = (p.0 + dx, p.1 + dy);
                if !cell.is_walkable() || !self.cell(q).is_walkable() {
                    return err(format!("door at {p:?} leads to a non-walkable cell"));
                }
                if self.door_mask(q) & back == 0 {
                    return err(format!("door at {p:?} is one-sided"));
                }
                if rules == Rules::Current && cell == Cell::Corridor && self.cell(q).is_room() {
                    return err(format!(
                        "corridor tile {p:?} opens sideways into a room (only door tiles may)"
                    ));
                }
            }
            if cell == Cell::Door
                && !DIRS.iter().any(|&(dx, dy, bit, _)| {
                    mask & bit != 0 && self.cell((p.0 + dx, p.1 + dy)).is_room()
                })
            {
                return err(format!("door tile at {p:?} opens into no room"));
            }
        }
        Ok(())
    }

    /// A room grid's large rooms: listed once each in room order, each a
    /// large shape whose cells (consecutive in `rooms`) form it, with every
    /// side between two of its cells open (one floor, no wall inside).
    fn check_large_rooms(&self) -> Result<(), ParseError> {
        let mut last = None;
        for &(room, shape) in &self.large_rooms {
            if last.is_some_and(|l| l >= room) {
                return err(format!("large room {room} is listed twice or out of order"));
            }
            last = Some(room);
            if !shape.is_large() {
                return err(format!(
                    "room {room}: {:?} is not a large shape",
                    shape.name()
                ));
            }
        }
        if self.large_rooms.is_empty() {
            return Ok(());
        }
        let records = self.room_records();
        let mut k = 0;
        for (id, r) in records.iter().enumerate() {
            let n = r.shape.cell_count();
            let cells = &self.rooms[k..(k + n).min(self.rooms.len())];
            k += n;
            if r.shape == RoomShape::Single {
                continue;
            }
            if RoomShape::of_cells(cells).map(|s| s.0) != Some(r.shape) {
                return err(format!(
                    "room {id}: cells {cells:?} do not form a {} room",
                    r.shape.name()
                ));
            }
            for &p in cells {
                for (dx, dy, bit, _) in DIRS {
                    if r.contains((p.0 + dx, p.1 + dy)) && self.door_mask(p) & bit == 0 {
                        return err(format!(
                            "room {id}: the side between two of its cells at {p:?} is closed \
                             (a large room is one floor)"
                        ));
                    }
                }
            }
        }
        if let Some(&(room, _)) = self.large_rooms.last()
            && room >= records.len()
        {
            return err(format!(
                "large room {room} is not a room (rooms 0..{})",
                records.len()
            ));
        }
        Ok(())
    }

    fn check_rooms(&self) -> Result<(), ParseError> {
        let floor = self.cells.iter().filter(|c| c.is_room()).count();
        let mut seen = vec![false; self.cells.len()];
        let mut mark = |p, what: &str| match self.index(p) {
            None => err(format!("{what} {p:?} is outside the grid")),
            Some(i) if !self.cells[i].is_room() => err(format!("{what} {p:?} is not room floor")),
            Some(i) if seen[i] => err(format!("{what} {p:?} is listed twice")),
            Some(i) => {
                seen[i] = true;
                Ok(())
            }
        };
        match self.kind {
            GridKind::RoomGrid => {
                if !self.room_rects.is_empty() {
                    return err("a room grid has no room_rects");
                }
                if self.rooms.len() != floor {
                    return err(format!(
                        "rooms lists {} cells but the grid has {floor} room cells",
                        self.rooms.len()
                    ));
                }
                for &p in &self.rooms {
                    mark(p, "room cell")?;
                }
                self.check_large_rooms()?;
            }
            GridKind::TileMap if !self.large_rooms.is_empty() => {
                return err("a tile map has no large rooms (its rooms are rectangles)");
            }
            GridKind::TileMap if self.room_rects.is_empty() => {
                // An open-floor map: the start and end tiles are its only
                // room-coded cells, and they belong to no room.
                if !self.rooms.is_empty() {
                    return err("a tile map lists its room cells through room_rects");
                }
                if floor != 2 {
                    return err(format!(
                        "a tile map without rooms may have no room floor but its start and end, found {floor} room cells"
                    ));
                }
            }
            GridKind::TileMap => {
                if !self.rooms.is_empty() {
                    return err("a tile map lists its room cells through room_rects");
                }
                // Sizes first, so nothing below walks a huge rectangle.
                let mut area = 0usize;
                for r in &self.room_rects {
                    if !rect_fits(r, self.width, self.height) {
                        return err(format!(
                            "room rect [{}, {}, {}, {}] is empty or not inside the {}×{} grid",
                            r.x, r.y, r.w, r.h, self.width, self.height
                        ));
                    }
                    area += r.w as usize * r.h as usize;
                }
                if area != floor {
                    return err(format!(
                        "room rects cover {area} cells but the grid has {floor} room cells"
                    ));
                }
                for r in &self.room_rects {
                    for p in r.cells() {
                        mark(p, "room rect cell")?;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{DOOR_E, DOOR_N, DOOR_S, DOOR_W};

    const PLUS: &str = ".S.\n###\n.E.";

    fn plus() -> DungeonGrid {
        DungeonGrid::from_ascii(PLUS).unwrap()
    }

    #[test]
    fn a_generated_shape_passes() {
        assert_eq!(plus().check(), Ok(()));
    }

    #[test]
    fn broken_invariants_are_named() {
        type Breaker = Box<dyn Fn(&mut DungeonGrid)>;
        let cases: Vec<(Breaker, &str)> = vec![
            (Box::new(|g| g.doors[1] |= 2), "leads to a non-walkable"),
            (Box::new(|g| g.doors[4] &= !1), "one-sided"),
            (Box::new(|g| g.doors[4] = 16), "not in 0..=15"),
            (Box::new(|g| g.cells[3] = Cell::Start), "exactly one start"),
            (
                Box::new(|g| g.cells[7] = Cell::Room),
                "exactly one start cell and one end",
            ),
            (Box::new(|g| g.start = (0, 1)), "is not the start cell"),
            (Box::new(|g| g.rooms.push((1, 1))), "rooms lists 6"),
            (Box::new(|g| g.rooms[0] = g.rooms[1]), "listed twice"),
            (Box::new(|g| g.rooms.truncate(4)), "rooms lists 4"),
            (Box::new(|g| g.level = 0), "level 0"),
            (
                Box::new(|g| {
                    g.doors[4] &= !2;
                    g.doors[5] = 0;
                }),
                "cannot be reached",
            ),
        ];
        for (break_it, want) in cases {
            let mut g = plus();
            break_it(&mut g);
            let e = g.check().unwrap_err().0;
            assert!(e.contains(want), "{e} / {want}");
        }
    }

    #[test]
    fn open_floor_maps_have_no_rooms_but_their_ends() {
        let g = DungeonGrid::from_ascii(
            "
            .....
            .S,,.
            ..,E.
            .....
        ",
        )
        .unwrap();
        assert!(g.is_open_floor());
        assert_eq!(g.check(), Ok(()));
        assert_eq!(g.room_records().len(), 0);
        assert_eq!(g.room_at(g.start()), None);
        // Room floor on a map without rooms is refused.
        let mut bad = g.clone();
        bad.cells[7] = Cell::Room;
        let e = bad.check().unwrap_err().0;
        assert!(e.contains("without rooms may have no room floor"), "{e}");
        // Cut off from the start: refused as for any grid.
        let mut cut = g;
        cut.doors[7] &= !DOOR_S;
        cut.doors[12] &= !DOOR_N;
        cut.doors[12] &= !DOOR_E;
        cut.doors[13] &= !DOOR_W;
        assert!(cut.check().unwrap_err().0.contains("cannot be reached"));
    }

    #[test]
    fn corridors_enter_rooms_only_through_doors() {
        let mut g = DungeonGrid::from_ascii("S=+E").unwrap();
        g.kind = GridKind::TileMap;
        g.rooms.clear();
        g.room_rects = vec![Rect::new(0, 0, 1, 1), Rect::new(3, 0, 1, 1)];
        let e = g.check().unwrap_err().0;
        assert!(e.contains("corridor tile (1, 0) opens sideways"), "{e}");
        g.cells[1] = Cell::Door;
        assert_eq!(g.check(), Ok(()));
    }

    #[test]
    fn tile_map_rects_are_bounded_and_exact() {
        let mut g = DungeonGrid::from_ascii("S#.E#").unwrap();
        g.kind = GridKind::TileMap;
        g.rooms.clear();
        g.doors = vec![0; 5];
        g.doors[0] = 2;
        g.doors[1] = 8;
        g.doors[3] = 2;
        g.doors[4] = 8;
        g.room_rects = vec![Rect::new(0, 0, 2, 1), Rect::new(3, 0, 2, 1)];
        // Two rooms with no way between them.
        assert!(g.check().unwrap_err().0.contains("cannot be reached"));
        for (rects, want) in [
            (vec![Rect::new(0, 0, 100_000, 100_000)], "not inside"),
            (vec![Rect::new(5, 5, i32::MAX, 1)], "not inside"),
            (vec![Rect::new(0, 0, 0, 1)], "empty"),
            (vec![Rect::new(0, 0, 2, 1)], "cover 2 cells"),
            (
                vec![
                    Rect::new(0, 0, 2, 1),
                    Rect::new(1, 0, 1, 1),
                    Rect::new(3, 0, 1, 1),
                ],
                "listed twice",
            ),
            (
                vec![Rect::new(0, 0, 2, 1), Rect::new(2, 0, 2, 1)],
                "not room floor",
            ),
        ] {
            g.room_rects = rects;
            let e = g.check().unwrap_err().0;
            assert!(e.contains(want), "{e} / {want}");
        }
    }
}
