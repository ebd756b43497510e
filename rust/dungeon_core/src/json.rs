//! The JSON schema shared by the CLI and Godot's `DungeonGrid.to_json()`.
//!
//! One object per dungeon:
//! `generator`, `seed`, `level`, `width`, `height`,
//! `cells` (rows of cell codes), `rooms` (`[x, y]` room cells in generation
//! order), `start`, `end` (`[x, y]`), `doors` (rows of door masks) and
//! `room_rects` (`[x, y, w, h]`, empty for room grids).

use serde::{Deserialize, Serialize};

use crate::grid::{Cell, DungeonGrid, ParseError, Pos, Rect};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GridJson {
    generator: String,
    seed: u64,
    level: i32,
    width: i32,
    height: i32,
    cells: Vec<Vec<u8>>,
    rooms: Vec<Pos>,
    start: Pos,
    end: Pos,
    doors: Vec<Vec<u8>>,
    #[serde(default)]
    room_rects: Vec<Rect>,
}

/// Largest grid side `from_json` accepts.
const MAX_SIDE: i32 = 16_384;

impl DungeonGrid {
    fn to_json_value(&self) -> GridJson {
        let w = self.width as usize;
        GridJson {
            generator: self.generator.clone(),
            seed: self.seed,
            level: self.level,
            width: self.width,
            height: self.height,
            cells: self
                .cells
                .chunks(w)
                .map(|r| r.iter().map(|c| c.code()).collect())
                .collect(),
            rooms: self.rooms().to_vec(),
            start: self.start,
            end: self.end,
            doors: self.doors.chunks(w).map(<[u8]>::to_vec).collect(),
            room_rects: self.room_rects.clone(),
        }
    }

    /// The grid as one line of JSON (see the module docs for the schema).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_json_value()).unwrap_or_default()
    }

    /// The grid as indented JSON.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.to_json_value()).unwrap_or_default()
    }

    /// Reads a grid written by [`DungeonGrid::to_json`] and checks it.
    ///
    /// # Errors
    /// A [`ParseError`] for malformed JSON, unknown fields or cell codes, rows
    /// that do not match `width × height`, or broken invariants
    /// ([`DungeonGrid::check`]).
    pub fn from_json(text: &str) -> Result<Self, ParseError> {
        let j: GridJson =
            serde_json::from_str(text).map_err(|e| ParseError(format!("bad JSON: {e}")))?;
        if !(1..=MAX_SIDE).contains(&j.width) || !(1..=MAX_SIDE).contains(&j.height) {
            return Err(ParseError(format!(
                "width × height = {} × {} is outside 1..={MAX_SIDE}",
                j.width, j.height
            )));
        }
        let (w, h) = (j.width as usize, j.height as usize);
        let rows_ok = |rows: &[Vec<u8>]| rows.len() == h && rows.iter().all(|r| r.len() == w);
        if !rows_ok(&j.cells) || !rows_ok(&j.doors) {
            return Err(ParseError(format!(
                "cells and doors must be {h} rows of {w}"
            )));
        }
        let mut g = DungeonGrid::new(j.width, j.height);
        for (i, &code) in j.cells.iter().flatten().enumerate() {
            g.cells[i] = Cell::from_code(i64::from(code))
                .ok_or_else(|| ParseError(format!("unknown cell code {code} at index {i}")))?;
        }
        g.doors = j.doors.into_iter().flatten().collect();
        g.room_rects = j.room_rects;
        // A tile grid's room cells are its rectangles' cells: check that
        // the listed ones are exactly those, then derive them as generated
        // grids do.
        if g.room_rects.is_empty() {
            g.rooms = j.rooms;
        } else if j.rooms != g.rooms() {
            return Err(ParseError(
                "rooms must list the room_rects' cells, rect by rect, row by row".into(),
            ));
        }
        g.start = j.start;
        g.end = j.end;
        g.generator = j.generator;
        g.seed = j.seed;
        g.level = j.level;
        g.check()?;
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::DungeonGrid;

    #[test]
    fn json_round_trip_and_schema() {
        let mut g = DungeonGrid::from_ascii(".S.\n###\n.E.").unwrap();
        g.generator = "isaac".into();
        g.seed = u64::MAX;
        g.level = 3;
        let s = g.to_json();
        assert!(s.starts_with(r#"{"generator":"isaac","seed":18446744073709551615,"level":3,"width":3,"height":3,"cells":[[0,2,0],[1,1,1],[0,3,0]]"#), "{s}");
        assert!(
            s.contains(r#""start":[1,0],"end":[1,2],"doors":[[0,4,0],[2,15,8],[0,1,0]]"#),
            "{s}"
        );
        assert_eq!(DungeonGrid::from_json(&s).unwrap(), g);
        assert_eq!(DungeonGrid::from_json(&g.to_json_pretty()).unwrap(), g);
    }

    #[test]
    fn tile_grid_rooms_are_the_rects_cells() {
        // A BSP grid lists its room cells only when asked; JSON carries
        // them, and reading it back gives an equal grid either way.
        let c = crate::bsp::BspConfig::default();
        let g = crate::bsp::generate(&c, 3, 1).unwrap();
        let fresh = g.clone();
        let expanded: Vec<_> = g.room_rects().iter().flat_map(|r| r.cells()).collect();
        assert_eq!(g.room_cell_count(), expanded.len());
        let s = g.to_json();
        assert_eq!(g.rooms(), expanded.as_slice());
        let back = DungeonGrid::from_json(&s).unwrap();
        assert_eq!(back, fresh);
        assert_eq!(back, g);
        assert_eq!(back.rooms(), expanded.as_slice());
        // Listed rooms that are not the rects' cells are refused.
        let (x, y) = expanded[0];
        let bad = s.replacen(&format!("\"rooms\":[[{x},{y}],"), "\"rooms\":[", 1);
        assert_ne!(bad, s);
        assert!(
            DungeonGrid::from_json(&bad)
                .unwrap_err()
                .0
                .contains("room_rects' cells"),
        );
    }

    #[test]
    fn json_errors() {
        let g = DungeonGrid::from_ascii(".S.\n###\n.E.").unwrap();
        let s = g.to_json();
        assert!(
            DungeonGrid::from_json("{")
                .unwrap_err()
                .0
                .starts_with("bad JSON")
        );
        let bad = s.replace("[[0,2,0]", "[[0,9,0]");
        assert!(
            DungeonGrid::from_json(&bad)
                .unwrap_err()
                .0
                .contains("unknown cell code 9")
        );
        let bad = s.replace("\"width\":3", "\"width\":4");
        assert!(DungeonGrid::from_json(&bad).unwrap_err().0.contains("rows"));
        let bad = s.replace("\"width\":3", "\"width\":-4");
        assert!(
            DungeonGrid::from_json(&bad)
                .unwrap_err()
                .0
                .contains("outside")
        );
        let bad = s.replace("[0,4,0]", "[0,0,0]");
        assert!(
            DungeonGrid::from_json(&bad)
                .unwrap_err()
                .0
                .contains("one-sided")
        );
    }
}
