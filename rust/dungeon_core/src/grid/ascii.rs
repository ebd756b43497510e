use super::{Cell, DungeonGrid, GridKind, ParseError};

impl DungeonGrid {
    /// Reads a grid from the ASCII picture [`DungeonGrid::to_ascii`] writes.
    ///
    /// Blank lines and surrounding whitespace are ignored. Rooms are listed in
    /// scan order, doors open between all adjacent walkable cells, and the
    /// grid must have exactly one `S` and one `E`. A picture with open floor
    /// (`,`) and no room floor (`#`) is an open-floor tile map (a cave): no
    /// rooms, the start and end on its floor.
    ///
    /// # Errors
    /// A [`ParseError`] for ragged rows, unknown characters or a missing or
    /// repeated `S`/`E`.
    pub fn from_ascii(text: &str) -> Result<Self, ParseError> {
        let rows: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.chars().count());
        if width == 0 || height == 0 {
            return Err(ParseError("empty picture".into()));
        }
        if width > i32::MAX as usize || height > i32::MAX as usize {
            return Err(ParseError("picture too large".into()));
        }
        let mut g = DungeonGrid::new(width as i32, height as i32);
        let (mut starts, mut ends) = (Vec::new(), Vec::new());
        for (y, row) in rows.iter().enumerate() {
            if row.chars().count() != width {
                return Err(ParseError(format!(
                    "row {y} has {} cells, expected {width}",
                    row.chars().count()
                )));
            }
            for (x, ch) in row.chars().enumerate() {
                let c = Cell::from_ascii(ch)
                    .ok_or_else(|| ParseError(format!("unknown cell {ch:?} at ({x}, {y})")))?;
                let p = (x as i32, y as i32);
                g.set(p, c);
                match c {
                    Cell::Start => starts.push(p),
                    Cell::End => ends.push(p),
                    _ => {}
                }
                if c.is_room() {
                    g.rooms.push(p);
                }
            }
        }
        match (starts.as_slice(), ends.as_slice()) {
            ([s], [e]) => {
                g.start = *s;
                g.end = *e;
            }
            _ => {
                return Err(ParseError(format!(
                    "need exactly one S and one E, found {} and {}",
                    starts.len(),
                    ends.len()
                )));
            }
        }
        if g.cells.contains(&Cell::Floor) && !g.cells.contains(&Cell::Room) {
            g.kind = GridKind::TileMap;
            g.rooms.clear();
        }
        g.connect_adjacent();
        Ok(g)
    }
}
