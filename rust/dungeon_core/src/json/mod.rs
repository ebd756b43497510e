//! The JSON schema shared by the CLI and Godot's `DungeonGrid.to_json()`.
//!
//! Version 2, one object per dungeon:
//!
//! | field | meaning |
//! | --- | --- |
//! | `version` | `2` |
//! | `kind` | `"room_grid"` (each cell a room) or `"tile_map"` (each cell a tile) |
//! | `generator`, `seed`, `level` | what made it |
//! | `width`, `height` | size in cells |
//! | `cells` | `height` rows of `width` cell codes (0 empty, 1 room, 2 start, 3 end, 4 corridor, 5 door, 6 open floor) |
//! | `doors` | `height` rows of `width` door masks (N=1, E=2, S=4, W=8) |
//! | `start`, `end` | `[x, y]` |
//! | `rooms` | room records in room order: `{"role": "normal"\|"start"\|"end"\|a special role, "rect": [x, y, w, h]}`, plus `"shape"` on a room grid's large rooms (`"1x2"`, `"2x1"`, `"2x2"`, `"l_no_top_left"`, `"l_no_top_right"`, `"l_no_bottom_left"`, `"l_no_bottom_right"`; the rect is the shape's bounding box) |
//! | `connections` | the room graph, sorted by room pair: `{"rooms": [a, b], "tiles": [[x, y], ...]}`, see below |
//! | `graph` | optional: the room graph the generator planned the map from ([`crate::grid::PlannedGraph`]), each list left out when empty: `"delaunay"`, `"mst"`, `"extra"` (TinyKeep: `[[a, b], ...]` room pairs, the Delaunay edges sorted, tree and extra edges in carving order) and `"main_path"` (Hilbert: room numbers from the start room to the end room; the other rooms are side rooms) |
//! | `locks` | optional (left out when there are none): locked and one-way doors in canonical order, `{"rooms": [from, into], "key": k}` (a door from room `from` into room `into` opened by the key lying in room `k`) or `{"rooms": [from, into], "kind": "one_way"}` (passable from `from` into `into` only); see below |
//!
//! **Connections.** Two rooms are connected when a door opens from one
//! straight into the other (`tiles` empty; every connection of a room
//! grid), or, on tile maps, when their corridor territories touch: each
//! walkable tile outside the rooms belongs to the room whose doorway is
//! nearest through such tiles (a breadth-first search from every tile that
//! opens into a room, lowest room and then lowest tile first on ties), and
//! two rooms are connected when a tile of one's territory opens into a tile
//! of the other's, or one tile opens into both. `tiles` is then the
//! shortest run through their boundary, from a tile opening into room `a`
//! to one opening into room `b`. So the graph has a few edges per room
//! (linear in rooms, where joining every pair of rooms one maze touches
//! was quadratic), it is connected exactly when every room can walk to
//! every other, and each edge is a walk that enters no third room. Files
//! written before this definition (which listed every such pair) still
//! load: each listed connection is checked to be such a walk, no pair may
//! be listed twice, every pair of the grid's own graph must be among them,
//! and the grid's own graph replaces the list. A list that is neither (an
//! empty one on a map with rooms that touch, a duplicate) is refused.
//!
//! Special roles (`"boss"`, `"treasure"`, `"shop"`, `"secret"`,
//! `"super_secret"`, `"sacrifice"`, `"curse"`, `"challenge"`, `"library"`)
//! are the only roles read as data, and only on grids whose `generator` is
//! `"isaac"`, the one generator that places them; `"start"`, `"end"` and
//! `"normal"` must agree with the cells. Likewise `graph` is read only
//! from `"tinykeep"` (`delaunay`, `mst`, `extra`; a tree of at most one
//! edge fewer than the rooms, no edge carved twice) and `"hilbert"`
//! (`main_path` only, its rooms numbered first: `0, 1, 2, …`). Secret doors need no field of their own: a door is
//! secret when it opens into a secret or super secret room
//! ([`DungeonGrid::secret_door_mask`]), so the roles carry them.
//!
//! **Locks** ([`crate::grid::Lock`]) may be written for any grid with
//! rooms. They must name a connection each (no connection twice, none
//! touching a secret room; a key in a secret room makes the secret doors
//! count as open doors), be sorted
//! (key locks by key room, then `from`, `into`; then one-way doors by
//! `from`, `into`) and leave a level that can be finished
//! ([`DungeonGrid::check_locks`]); every refusal names the lock as
//! `locks[i]`. A file without `locks` has none.
//!
//! Version 1 (no `version` field; `rooms` listed room cells as `[x, y]` and
//! `room_rects` the tile map's rectangles) still loads.
//!
//! Reading is strict: the text must describe a grid a generator could have
//! made ([`DungeonGrid::check`]; corridor tiles that open sideways into a
//! room, which BSP maps saved before that was fixed have, are accepted), the
//! records and connections must agree with the cells and doors, and nothing
//! sized by the input is allocated before its size is checked: every list
//! is checked against the declared sizes element by element, and reading
//! stops at the first element that breaks them (`read`). Loading any text
//! allocates at most about four times its length (`tests/json_memory.rs`). Whole numbers may be written as integral floats
//! (`3.0`, as Godot's JSON writes them) and a leading UTF-8 byte order mark
//! is skipped.

mod fields;
mod level_graph;
mod number;
mod read;
mod templates;

pub use level_graph::MAX_GRAPH_JSON;
pub use templates::{MAX_TEMPLATES_JSON, templates_from_json, templates_to_json};

use serde::Serialize;

use crate::grid::{DungeonGrid, GridKind, ParseError, Pos, Rect, RoomRole};

/// Largest grid side `from_json` accepts.
const MAX_SIDE: i32 = 16_384;

/// The version [`DungeonGrid::to_json`] writes.
pub const VERSION: u32 = 2;

#[derive(Serialize)]
struct RoomOut {
    role: &'static str,
    rect: Rect,
    /// Only for large rooms, so grids without them keep their bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    shape: Option<&'static str>,
}

#[derive(Serialize)]
struct ConnectionOut<'a> {
    rooms: [usize; 2],
    tiles: &'a [Pos],
}

/// The planned graph (`graph`), each list left out when empty.
#[derive(Serialize)]
struct GraphOut {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    delaunay: Vec<[usize; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    mst: Vec<[usize; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    extra: Vec<[usize; 2]>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    main_path: Vec<usize>,
}

#[derive(Serialize)]
struct GridOut<'a> {
    version: u32,
    kind: &'static str,
    generator: &'a str,
    seed: u64,
    level: i32,
    width: i32,
    height: i32,
    cells: Vec<Vec<u8>>,
    doors: Vec<&'a [u8]>,
    start: Pos,
    end: Pos,
    rooms: Vec<RoomOut>,
    connections: Vec<ConnectionOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    graph: Option<GraphOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    locks: Vec<LockOut>,
}

/// One lock: `{"rooms": [from, into], "key": k}` or
/// `{"rooms": [from, into], "kind": "one_way"}`.
#[derive(Serialize)]
struct LockOut {
    rooms: [usize; 2],
    #[serde(skip_serializing_if = "Option::is_none")]
    key: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
}

fn bad(msg: impl Into<String>) -> ParseError {
    ParseError(msg.into())
}

impl DungeonGrid {
    /// The grid as one line of JSON (see the module docs for the schema).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.json_out()).unwrap_or_default()
    }

    /// The grid as indented JSON.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(&self.json_out()).unwrap_or_default()
    }

    fn json_out(&self) -> GridOut<'_> {
        let w = self.width as usize;
        GridOut {
            version: VERSION,
            kind: self.kind.name(),
            generator: &self.generator,
            seed: self.seed,
            level: self.level,
            width: self.width,
            height: self.height,
            cells: self
                .cells
                .chunks(w)
                .map(|r| r.iter().map(|c| c.code()).collect())
                .collect(),
            doors: self.doors.chunks(w).collect(),
            start: self.start,
            end: self.end,
            rooms: self
                .room_records()
                .iter()
                .map(|r| RoomOut {
                    role: r.role.name(),
                    rect: r.rect,
                    shape: r.shape.is_large().then(|| r.shape.name()),
                })
                .collect(),
            connections: self
                .connections()
                .iter()
                .map(|c| ConnectionOut {
                    rooms: [c.rooms.0, c.rooms.1],
                    tiles: &c.tiles,
                })
                .collect(),
            graph: (!self.plan.is_empty()).then(|| {
                let pairs = |l: &[(usize, usize)]| l.iter().map(|&(a, b)| [a, b]).collect();
                GraphOut {
                    delaunay: pairs(&self.plan.delaunay),
                    mst: pairs(&self.plan.tree),
                    extra: pairs(&self.plan.extra),
                    main_path: self.plan.main_path.clone(),
                }
            }),
            locks: self
                .locks
                .iter()
                .map(|l| LockOut {
                    rooms: [l.from, l.into],
                    key: l.key(),
                    kind: l.key().is_none().then_some("one_way"),
                })
                .collect(),
        }
    }

    /// Reads a grid written by [`DungeonGrid::to_json`] (version 2, or the
    /// older version 1) and checks every invariant a generated grid keeps.
    ///
    /// Memory stays within a small multiple of the text's length whatever
    /// the text says: every list is checked against the declared sizes
    /// element by element, and reading stops at the first element that
    /// breaks them.
    ///
    /// # Errors
    /// A [`ParseError`] naming what is wrong: malformed JSON, an unknown
    /// field, version or cell code, rows that do not match `width × height`,
    /// rooms or connections that disagree with the cells, a special role
    /// or planned graph the named generator does not make, or a broken
    /// invariant ([`DungeonGrid::check`]).
    pub fn from_json(text: &str) -> Result<Self, ParseError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let ctx = read::Ctx::default();
        let probe = read::probe(&ctx, text)?;
        let version = match probe.version {
            None | Some(1) => read::Version::V1,
            Some(2) => read::Version::V2,
            Some(v) => {
                return Err(bad(format!(
                    "unsupported version {v}: this build reads versions 1 and {VERSION}"
                )));
            }
        };
        let pass = read::BodyPass {
            ctx: &ctx,
            probe: &probe,
            version,
        };
        let mut j = read::run(&ctx, text, read::AsMap(pass))?;
        if version == read::Version::V1 {
            let rects = std::mem::take(&mut j.v1_rects);
            let rooms = std::mem::take(&mut j.v1_rooms);
            let kind = if rects.is_empty() && j.generator != "bsp" {
                GridKind::RoomGrid
            } else {
                GridKind::TileMap
            };
            let mut g = grid_from(j, kind)?;
            match kind {
                GridKind::RoomGrid => g.rooms = rooms,
                GridKind::TileMap => {
                    g.room_rects = rects;
                    g.check_saved()?;
                    // The listed cells must be the rectangles' cells.
                    if rooms.len() != g.room_cell_count()
                        || rooms.iter().copied().ne(g.rooms().iter().copied())
                    {
                        return Err(bad(
                            "rooms must list the room_rects' cells, rect by rect, row by row",
                        ));
                    }
                }
            }
            g.check_saved()?;
            return Ok(g);
        }
        let kind = j.kind.unwrap_or_default();
        let records = std::mem::take(&mut j.records);
        let mut g = grid_from(j, kind)?;
        match kind {
            GridKind::RoomGrid => {
                g.rooms = records
                    .iter()
                    .flat_map(|r| r.shape.cells_at((r.rect.x, r.rect.y)))
                    .collect();
                g.large_rooms = records
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| r.shape.is_large())
                    .map(|(i, r)| (i, r.shape))
                    .collect();
            }
            GridKind::TileMap => g.room_rects = records.iter().map(|r| r.rect).collect(),
        }
        // Special roles are data; normal, start and end are derived from
        // the cells and compared below.
        g.specials = records
            .iter()
            .enumerate()
            .filter(|(_, r)| r.role.is_special())
            .map(|(i, r)| (i, r.role))
            .collect();
        g.check_saved()?;
        if let Some((i, r)) = g
            .room_records()
            .iter()
            .zip(&records)
            .enumerate()
            .find_map(|(i, (want, got))| (want.role != got.role).then_some((i, want)))
        {
            return Err(bad(format!(
                "room {i} has role {:?}, but as the room holding {} it must be {:?}",
                records[i].role.name(),
                match r.role {
                    RoomRole::Start => "the start",
                    RoomRole::End => "the end",
                    RoomRole::Normal => "neither start nor end",
                    _ => "a special room",
                },
                r.role.name()
            )));
        }
        drop(records);
        // The connections are checked against the grid's own as they are
        // read, and the planned graph against the generator.
        let (plan, locks) = read::read_tail(text, &g, &g.generator)?;
        if let Some(plan) = plan {
            if let Some(problem) = plan.problem(&g) {
                return Err(bad(problem));
            }
            g.plan = plan;
        }
        // The locks must be in canonical order and the level finishable
        // with them (the proof, `check_locks`).
        if !locks.is_empty() {
            g = g.with_locks(locks).map_err(|e| bad(e.message))?;
        }
        Ok(g)
    }
}

/// The grid of the fields both versions share. The rows were checked
/// against `width × height` as they were read (and are empty when the
/// sizes were not usable, which is refused here).
fn grid_from(j: read::Body, kind: GridKind) -> Result<DungeonGrid, ParseError> {
    let (width, height) = (j.width, j.height);
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err(bad(format!(
            "width × height = {width} × {height} is outside 1..={MAX_SIDE}"
        )));
    }
    let n = width as usize * height as usize;
    if j.cells.len() != n || j.doors.len() != n {
        return Err(bad(format!(
            "cells and doors must be {height} rows of {width}"
        )));
    }
    let mut g = DungeonGrid::new(1, 1);
    g.width = width;
    g.height = height;
    g.cells = j.cells;
    g.doors = j.doors;
    g.kind = kind;
    g.start = j.start;
    g.end = j.end;
    g.generator = j.generator;
    g.seed = j.seed;
    g.level = j.level;
    Ok(g)
}

#[cfg(test)]
mod tests {
    use crate::grid::{DungeonGrid, GridKind};

    fn plus() -> DungeonGrid {
        let mut g = DungeonGrid::from_ascii(".S.\n###\n.E.").unwrap();
        g.generator = "isaac".into();
        g.seed = u64::MAX;
        g.level = 3;
        g
    }

    #[test]
    fn open_floor_maps_round_trip() {
        let g = DungeonGrid::from_ascii(".S,\n.,E\n").unwrap();
        let s = g.to_json();
        assert!(s.contains(r#""kind":"tile_map""#), "{s}");
        assert!(s.contains(r#""rooms":[],"connections":[]"#), "{s}");
        assert_eq!(DungeonGrid::from_json(&s).unwrap(), g);
    }

    #[test]
    fn json_round_trip_and_schema() {
        let g = plus();
        let s = g.to_json();
        assert_eq!(
            s,
            concat!(
                r#"{"version":2,"kind":"room_grid","generator":"isaac","seed":18446744073709551615,"#,
                r#""level":3,"width":3,"height":3,"cells":[[0,2,0],[1,1,1],[0,3,0]],"#,
                r#""doors":[[0,4,0],[2,15,8],[0,1,0]],"start":[1,0],"end":[1,2],"#,
                r#""rooms":[{"role":"start","rect":[1,0,1,1]},{"role":"normal","rect":[0,1,1,1]},"#,
                r#"{"role":"normal","rect":[1,1,1,1]},{"role":"normal","rect":[2,1,1,1]},"#,
                r#"{"role":"end","rect":[1,2,1,1]}],"#,
                r#""connections":[{"rooms":[0,2],"tiles":[]},{"rooms":[1,2],"tiles":[]},"#,
                r#"{"rooms":[2,3],"tiles":[]},{"rooms":[2,4],"tiles":[]}]}"#
            )
        );
        assert_eq!(DungeonGrid::from_json(&s).unwrap(), g);
        assert_eq!(DungeonGrid::from_json(&g.to_json_pretty()).unwrap(), g);
    }

    #[test]
    fn version_1_still_loads() {
        let v1 = concat!(
            r#"{"generator":"isaac","seed":18446744073709551615,"level":3,"width":3,"height":3,"#,
            r#""cells":[[0,2,0],[1,1,1],[0,3,0]],"rooms":[[1,0],[0,1],[1,1],[2,1],[1,2]],"#,
            r#""start":[1,0],"end":[1,2],"doors":[[0,4,0],[2,15,8],[0,1,0]],"room_rects":[]}"#
        );
        assert_eq!(DungeonGrid::from_json(v1).unwrap(), plus());
        let tiles = crate::bsp::generate(&crate::bsp::BspConfig::default(), 3, 1).unwrap();
        let v2 = tiles.to_json();
        let mut v: serde_json::Value = serde_json::from_str(&v2).unwrap();
        let o = v.as_object_mut().unwrap();
        for key in ["version", "kind", "connections"] {
            o.remove(key);
        }
        let rects: Vec<_> = tiles
            .room_rects()
            .iter()
            .map(|r| [r.x, r.y, r.w, r.h])
            .collect();
        o.insert("room_rects".into(), serde_json::json!(rects));
        o.insert("rooms".into(), serde_json::json!(tiles.rooms()));
        let back = DungeonGrid::from_json(&v.to_string()).unwrap();
        assert_eq!(back.kind(), GridKind::TileMap);
        assert_eq!(back, tiles);
        // Listed room cells that are not the rects' cells are refused.
        v["rooms"] = serde_json::json!(&tiles.rooms()[1..]);
        let e = DungeonGrid::from_json(&v.to_string()).unwrap_err().0;
        assert!(e.contains("room_rects' cells"), "{e}");
    }

    #[test]
    fn tile_maps_round_trip() {
        let c = crate::bsp::BspConfig::default();
        for seed in 0..20 {
            let g = crate::bsp::generate(&c, seed, 1).unwrap();
            let back = DungeonGrid::from_json(&g.to_json()).unwrap();
            assert_eq!(back, g);
            assert_eq!(back.connections(), g.connections());
            assert_eq!(back.room_records(), g.room_records());
        }
    }

    #[test]
    fn godot_floats_and_a_byte_order_mark_load() {
        let g = plus();
        let mut v: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
        // What JSON.stringify(JSON.parse_string(text)) does in Godot.
        fn floats(v: &mut serde_json::Value) {
            match v {
                serde_json::Value::Number(n) => {
                    *v = serde_json::json!(n.as_f64().unwrap());
                }
                serde_json::Value::Array(a) => a.iter_mut().for_each(floats),
                serde_json::Value::Object(o) => o.values_mut().for_each(floats),
                _ => {}
            }
        }
        v["seed"] = serde_json::json!(7);
        floats(&mut v);
        let text = v.to_string();
        assert!(text.contains("\"width\":3.0"), "{text}");
        let back = DungeonGrid::from_json(&format!("\u{feff}{text}")).unwrap();
        assert_eq!(back.seed, 7);
        assert_eq!(back.to_ascii(), g.to_ascii());
        let e = DungeonGrid::from_json(&text.replace("\"width\":3.0", "\"width\":3.5"))
            .unwrap_err()
            .0;
        assert!(e.contains("3.5"), "{e}");
    }

    /// Each case: a text edit that breaks one rule, and words the error must
    /// contain.
    #[test]
    fn json_errors_name_what_is_wrong() {
        let s = plus().to_json();
        let cases = [
            ("{", "bad JSON"),
            ("[[0,2,0],[1", "unknown cell code 9"),
            ("\"width\":3", "rows"),
            ("\"version\":2", "unsupported version 3"),
            ("\"kind\":\"room_grid\"", "unknown kind"),
            ("\"role\":\"start\"", "role \"normal\""),
            ("[2,15,8]", "one-sided"),
            ("\"rect\":[1,1,1,1]", "listed twice"),
            ("\"rect\":[2,1,1,1]", "single cells"),
            ("{\"rooms\":[2,4],\"tiles\":[]}", "connections do not match"),
        ];
        let edits = [
            ("{", None),
            ("[[0,2,0],[1", Some("[[0,9,0],[1")),
            ("\"width\":3", Some("\"width\":4")),
            ("\"version\":2", Some("\"version\":3")),
            ("\"kind\":\"room_grid\"", Some("\"kind\":\"maze\"")),
            ("\"role\":\"start\"", Some("\"role\":\"normal\"")),
            ("[2,15,8]", Some("[2,15,0]")),
            ("\"rect\":[2,1,1,1]", Some("\"rect\":[1,1,1,1]")),
            ("\"rect\":[0,1,1,1]", Some("\"rect\":[0,1,2,1]")),
            (
                "{\"rooms\":[2,4],\"tiles\":[]}",
                Some("{\"rooms\":[2,4],\"tiles\":[[0,0]]}"),
            ),
        ];
        for ((_, want), (from, to)) in cases.iter().zip(edits) {
            let text = match to {
                None => from.to_owned(),
                Some(to) => {
                    assert!(s.contains(from), "{from}");
                    s.replacen(from, to, 1)
                }
            };
            let e = DungeonGrid::from_json(&text).unwrap_err().0;
            assert!(e.contains(want), "{e} / {want}");
        }
        let bad = s.replace("\"width\":3", "\"width\":-4");
        assert!(
            DungeonGrid::from_json(&bad)
                .unwrap_err()
                .0
                .contains("outside")
        );
    }

    #[test]
    fn huge_rects_are_refused_before_anything_is_listed() {
        // The 150-byte grid that once allocated gigabytes.
        let v1 = |rects: &str| {
            format!(
                concat!(
                    r#"{{"generator":"bsp","seed":1,"level":1,"width":3,"height":3,"#,
                    r#""cells":[[2,0,0],[5,0,0],[3,0,0]],"rooms":[],"start":[0,0],"end":[0,2],"#,
                    r#""doors":[[4,0,0],[5,0,0],[1,0,0]],"room_rects":{}}}"#
                ),
                rects
            )
        };
        for rects in [
            "[[0,0,100000,100000]]",
            "[[5,5,2147483647,1]]",
            "[[0,0,0,1]]",
            "[[-1,0,1,1]]",
        ] {
            let e = DungeonGrid::from_json(&v1(rects)).unwrap_err().0;
            assert!(e.contains("not inside"), "{rects}: {e}");
        }
    }
}
