//! Rooms, corridors and doors on a tile grid by binary space partitioning
//! (seed 001; seed 000 sketches the same idea).
//!
//! # What the seed does
//!
//! Seed 001 is a small C++ program that prints a 40×40 dungeon in ANSI
//! colours. It works in three passes:
//!
//! 1. **Split.** The map is cut in two, each half is cut in two again, and so
//!    on, breadth-first (a FIFO queue, one tree level at a time) for `ITER`
//!    levels, so there are at most `2^ITER` parts. A part is cut across its
//!    longer side (either way when it is square), at a point drawn from
//!    `0.5 ± PARTITION_RANGE` of that side.
//! 2. **Rooms.** Each leaf part gets one room whose sides are a random
//!    fraction (0.6–0.7) of the part's sides, at a random position inside it.
//! 3. **Corridors and doors.** Sibling parts are joined bottom-up by an
//!    L-shaped corridor between their representative points (a room's centre
//!    for a leaf), turning at one of the two possible corners; that corner
//!    then stands for the parent, so every join links exactly two points and
//!    every room ends up connected. Doors go where a corridor meets a room.
//!
//! # What we changed
//!
//! The algorithm is the seed's; these are the bugs we fixed and the choices
//! we made where the seed was loose:
//!
//! - **No seed.** The seed drew from an unseeded generator, so no map could be
//!   reproduced. Here every draw comes from a [`DungeonRng`] derived from
//!   `(seed, level)`: splits from the layout stream, rooms and corridors from
//!   their own sub-streams, the start room from the ends stream.
//! - **Rooms that overflow their part.** The seed clamped a too-small room up
//!   to the minimum size after choosing its bounds, so a clamped room could
//!   spill out of its part and into a neighbour's room. Here a room is sized
//!   against the part's *inner* area (one tile in from every edge), clamped
//!   to `[min_room_size, inner side]`, and only then positioned, so it always
//!   fits, and rooms in neighbouring parts are always at least two tiles
//!   apart. [`BspConfig::validate`] makes sure every possible part has an
//!   inner area of at least `min_room_size` (`min_partition_size ≥
//!   min_room_size + 2`).
//! - **Doors at bends.** The seed marked any floor tile walled on two opposite
//!   sides as door material, so corridor bends and junctions next to rooms
//!   got doors too. Here a corridor tile becomes a door only where it enters
//!   a room through the room's wall: the room is next to it in one direction
//!   and both tiles across that direction are empty. A corridor that runs
//!   along a room side, bends beside it or joins another corridor there gets
//!   no door.
//! - **`BORDER_SIZE ≤ 0`.** The seed read neighbours without bounds checks and
//!   relied on the border to stay inside the map; a border of 0 read outside
//!   it. Here `border ≥ 1` is validated, and nothing walkable ever touches the
//!   map edge.
//! - **`PARTITION_RANGE = 0.5`.** The seed warns that 0.5 can make an empty
//!   part. Here `partition_range` is capped at 0.45 and every split point is
//!   clamped so both halves keep at least `min_partition_size` tiles.
//! - **Minimum partition size.** The seed bounded part *area* (10). We bound
//!   each part's *side*, which is what decides whether a room fits, and a
//!   part shorter than `2 × min_partition_size` along its cut axis stays a
//!   leaf.
//!
//! Any valid config yields at least two rooms, all connected, with start ≠
//! end: [`generate`] fails exactly when [`BspConfig::validate`] (or the level
//! check) does. There are no retries; the work is linear in the map area.
//!
//! # Start and end
//!
//! The start is the centre of a random room; the end is the centre of the
//! room farthest from it by walking distance in tiles (the first such room
//! on ties). The distance is exact, the same a BFS over every tile would
//! give, but the search never walks room floor: it follows corridor tiles
//! and crosses each room in one step of Manhattan distance between the
//! tiles where corridors meet it (see `room_distances`). The room tiles are
//! not listed while generating either: [`DungeonGrid::rooms`] expands
//! [`DungeonGrid::room_rects`] when first asked.
//!
//! ```
//! use dungeon_core::bsp::{self, BspConfig};
//! let grid = bsp::generate(&BspConfig::seed_001(), 1, 1).unwrap();
//! assert!(grid.is_connected());
//! assert!(grid.room_rects().len() >= 2);
//! println!("{grid}");
//! ```

use crate::error::{ConfigError, GenError, check_range};
use crate::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, Pos, Rect};
use crate::rng::{DungeonRng, stage};
use crate::room_grid::MAX_LEVEL;

/// Smallest map side [`generate`] accepts.
pub const MIN_SIDE: i32 = 8;
/// Largest map side [`generate`] accepts.
pub const MAX_SIDE: i32 = 4096;
/// Largest `iterations` accepted (up to 65 536 rooms).
pub const MAX_ITERATIONS: i32 = 16;
/// Largest `partition_range` accepted: 0.5 could cut a part down to nothing.
pub const MAX_PARTITION_RANGE: f64 = 0.45;

/// Sub-stream of the layout stream for room sizes and positions.
const ROOMS_STREAM: u64 = 0x0B5_900D;
/// Sub-stream of the layout stream for corridor corners.
const CORRIDORS_STREAM: u64 = 0x0B5_C0DE;

/// Settings for [`generate`]. Start from a preset ([`BspConfig::seed_001`],
/// [`BspConfig::large`]) and change fields; [`BspConfig::validate`] says
/// which combinations work.
#[derive(Clone, Debug, PartialEq)]
pub struct BspConfig {
    /// Map width in tiles, `8..=4096` (default 40).
    pub width: i32,
    /// Map height in tiles, `8..=4096` (default 40).
    pub height: i32,
    /// Split depth, `1..=16`: up to `2^iterations` rooms (default 4 → 16).
    /// Splitting also stops where a part is too small to cut, so big values
    /// on small maps simply give as many rooms as fit.
    pub iterations: i32,
    /// Each cut falls at `0.5 ± partition_range` of the side, `0..=0.45`
    /// (default 0.2). 0 always halves; larger values give uneven parts.
    pub partition_range: f64,
    /// No part is cut to a side smaller than this, in tiles (default 6). At
    /// least `min_room_size + 2`, so every part holds a room with a one-tile
    /// margin; at most what the map can still cut in two.
    pub min_partition_size: i32,
    /// Room side as a fraction of its part's inner side (the part minus a
    /// one-tile margin): lower bound, in `(0, 1]` (default 0.6).
    pub room_size_min: f64,
    /// Room side as a fraction of its part's inner side: upper bound, in
    /// `[room_size_min, 1]` (default 0.7).
    pub room_size_max: f64,
    /// Smallest room side in tiles, `≥ 1` (default 2), and small enough
    /// that two rooms with their margins fit across the map.
    pub min_room_size: i32,
    /// Empty tiles kept around the whole map, `≥ 1` (default 1).
    pub border: i32,
}

impl Default for BspConfig {
    fn default() -> Self {
        Self::seed_001()
    }
}

impl BspConfig {
    /// Seed 001: a 40×40 map, 4 split levels (up to 16 rooms), cuts at
    /// `0.5 ± 0.2`, parts at least 6 tiles, rooms 60–70 % of their part,
    /// at least 2 tiles, a 1-tile border.
    #[must_use]
    pub const fn seed_001() -> Self {
        Self {
            width: 40,
            height: 40,
            iterations: 4,
            partition_range: 0.2,
            min_partition_size: 6,
            room_size_min: 0.6,
            room_size_max: 0.7,
            min_room_size: 2,
            border: 1,
        }
    }

    /// A wider 80×50 map with 5 split levels (up to 32 rooms); otherwise
    /// seed 001's settings.
    #[must_use]
    pub const fn large() -> Self {
        Self {
            width: 80,
            height: 50,
            iterations: 5,
            ..Self::seed_001()
        }
    }

    /// A preset by name: `"seed_001"` or `"large"`.
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "seed_001" => Some(Self::seed_001()),
            "large" => Some(Self::large()),
            _ => None,
        }
    }

    /// The preset names [`BspConfig::preset`] knows.
    pub const PRESETS: [&'static str; 2] = ["seed_001", "large"];

    /// Checks every field without generating.
    ///
    /// Size limits depend on each other, so they are checked in order
    /// (`min_room_size`, then `border`, then `min_partition_size`), and a
    /// limit that depends on fields checked before it says why: e.g.
    /// `min_partition_size` must be at least `min_room_size + 2` and small
    /// enough that the map inside the border can be cut in two. A config that
    /// passes always gives at least two rooms.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, value and allowed range.
    pub fn validate(&self) -> Result<(), GenError> {
        self.check().map_err(GenError::from)
    }

    fn check(&self) -> Result<(), ConfigError> {
        check_range("width", self.width, MIN_SIDE, MAX_SIDE)?;
        check_range("height", self.height, MIN_SIDE, MAX_SIDE)?;
        check_range("iterations", self.iterations, 1, MAX_ITERATIONS)?;
        check_range(
            "partition_range",
            self.partition_range,
            0.0,
            MAX_PARTITION_RANGE,
        )?;
        check_fraction("room_size_min", self.room_size_min, 1.0, "1")?;
        check_fraction("room_size_max", self.room_size_max, 1.0, "1")?;
        if self.room_size_min > self.room_size_max {
            let hi = format!("room_size_max = {}", self.room_size_max);
            check_fraction("room_size_min", self.room_size_min, self.room_size_max, &hi)?;
        }
        let (w, h) = (self.width, self.height);
        let (short, long) = (w.min(h), w.max(h));
        // With a 1-tile border, two parts of `min_room_size + 2` must fit
        // along the longer side and one across the shorter side.
        let max_room = (short - 4).min((long - 2) / 2 - 2);
        check_fits("min_room_size", self.min_room_size, 1, max_room, || {
            format!(
                "a {w}×{h} map must hold two rooms side by side, each with a 1-tile margin, inside a 1-tile border"
            )
        })?;
        let part = self.min_room_size + 2;
        let max_border = ((short - part) / 2).min((long - 2 * part) / 2);
        check_fits("border", self.border, 1, max_border, || {
            format!(
                "the {w}×{h} map minus the border must still hold two parts of min_room_size + 2 = {part} tiles"
            )
        })?;
        let (rw, rh) = (w - 2 * self.border, h - 2 * self.border);
        let max_part = rw.min(rh).min(rw.max(rh) / 2);
        check_fits(
            "min_partition_size",
            self.min_partition_size,
            part,
            max_part,
            || {
                format!(
                    "at least min_room_size + 2 so a room fits with a 1-tile margin; at most what cuts the \
                 {rw}×{rh} tiles inside the border in two"
                )
            },
        )
    }
}

/// `value` in `(0, hi]`; NaN fails.
fn check_fraction(
    field: &'static str,
    value: f64,
    hi: f64,
    hi_text: &str,
) -> Result<(), ConfigError> {
    if value > 0.0 && value <= hi {
        Ok(())
    } else {
        Err(ConfigError::new(
            field,
            value,
            format!("greater than 0 and at most {hi_text}"),
        ))
    }
}

/// [`check_range`] with the reason for a limit that depends on other fields.
fn check_fits(
    field: &'static str,
    value: i32,
    lo: i32,
    hi: i32,
    why: impl FnOnce() -> String,
) -> Result<(), ConfigError> {
    check_range(field, value, lo, hi).map_err(|mut e| {
        e.allowed = format!("{} ({})", e.allowed, why());
        e
    })
}

/// A node of the split tree. Children are stored next to each other, so one
/// index names both; the root (index 0) is never a child, so 0 means "leaf".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    rect: Rect,
    depth: i32,
    first_child: usize,
    /// For a leaf, the index of its room in the room list.
    room: usize,
}

impl Node {
    const fn is_leaf(&self) -> bool {
        self.first_child == 0
    }
}

/// Builds the split tree breadth-first (the node list is the FIFO queue).
/// Terminates: a node splits only above `iterations` depth, so there are at
/// most `2^(iterations+1) - 1` nodes; the parts shrink besides.
fn split_tree(c: &BspConfig, rng: &mut DungeonRng) -> Vec<Node> {
    let root = Rect::new(
        c.border,
        c.border,
        c.width - 2 * c.border,
        c.height - 2 * c.border,
    );
    // Leaves cannot outnumber the min-size parts that tile the root.
    let per_axis = |side: i32| (side / c.min_partition_size.max(1)).max(1) as usize;
    let leaf_cap =
        (per_axis(root.w) * per_axis(root.h)).min(1 << c.iterations.clamp(0, MAX_ITERATIONS));
    let mut nodes = Vec::with_capacity(2 * leaf_cap);
    nodes.push(Node {
        rect: root,
        depth: 0,
        first_child: 0,
        room: 0,
    });
    let mut head = 0;
    while let Some(&node) = nodes.get(head) {
        if node.depth < c.iterations
            && let Some((a, b)) = split(node.rect, c, rng)
        {
            let first = nodes.len();
            nodes[head].first_child = first;
            for rect in [a, b] {
                nodes.push(Node {
                    rect,
                    depth: node.depth + 1,
                    first_child: 0,
                    room: 0,
                });
            }
        }
        head += 1;
    }
    nodes
}

/// Cuts `r` across its longer side (a coin decides for a square), or `None`
/// when that side is shorter than two minimum parts.
fn split(r: Rect, c: &BspConfig, rng: &mut DungeonRng) -> Option<(Rect, Rect)> {
    let mps = c.min_partition_size;
    if r.w.max(r.h) < 2 * mps {
        return None;
    }
    let across_x = if r.w == r.h {
        rng.chance(0.5)
    } else {
        r.w > r.h
    };
    let side = if across_x { r.w } else { r.h };
    let f = rng.uniform(0.5 - c.partition_range, 0.5 + c.partition_range);
    // `max` then `min` rather than `clamp`: never panics, and `side ≥ 2 mps`
    // keeps the range non-empty anyway.
    let at = ((f * f64::from(side)).round() as i32)
        .max(mps)
        .min(side - mps);
    Some(if across_x {
        (
            Rect::new(r.x, r.y, at, r.h),
            Rect::new(r.x + at, r.y, r.w - at, r.h),
        )
    } else {
        (
            Rect::new(r.x, r.y, r.w, at),
            Rect::new(r.x, r.y + at, r.w, r.h - at),
        )
    })
}

/// One side of a room: `round(fraction × inner)`, clamped to
/// `[min_room_size, inner]`.
fn room_side(inner: i32, c: &BspConfig, rng: &mut DungeonRng) -> i32 {
    let f = rng.uniform(c.room_size_min, c.room_size_max);
    ((f * f64::from(inner)).round() as i32)
        .max(c.min_room_size)
        .min(inner)
}

/// A room strictly inside `part`, with at least one empty tile between it and
/// every edge of the part.
fn place_room(part: Rect, c: &BspConfig, rng: &mut DungeonRng) -> Rect {
    let (iw, ih) = (part.w - 2, part.h - 2);
    let w = room_side(iw, c, rng);
    let h = room_side(ih, c, rng);
    let x = rng.range(part.x + 1, part.x + 1 + iw - w);
    let y = rng.range(part.y + 1, part.y + 1 + ih - h);
    Rect::new(x, y, w, h)
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

/// A tile the corridor pass records: its row-major index, its position, and
/// the split-tree node whose join carved the corridor. For a corridor tile
/// that is where it lies; for a room tile next to a corridor (a contact, the
/// way into and out of its room) the room lies inside that node's part too,
/// since a room keeps a one-tile margin inside its own part, so finding the
/// room is a short walk down the split tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TileRef {
    at: u32,
    x: u16,
    y: u16,
    join: u32,
}

/// The map being drawn: tiles, door masks, every corridor tile carved so far
/// (in carving order), so the door pass visits corridors only, and the room
/// tiles that corridors touch, which [`room_distances`] needs.
struct Canvas<'g> {
    cells: &'g mut [Cell],
    masks: &'g mut [u8],
    width: usize,
    height: usize,
    /// The node whose children are being joined.
    join: u32,
    carved: Vec<TileRef>,
    contacts: Vec<TileRef>,
}

impl<'g> Canvas<'g> {
    fn new(cells: &'g mut [Cell], masks: &'g mut [u8], width: usize) -> Self {
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
    /// Sides facing out of the room stay closed until a corridor arrives.
    fn paint_room(&mut self, r: Rect) {
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
    /// stay room tiles. The part of the line outside the map is skipped.
    fn carve_line(&mut self, a: Pos, b: Pos) {
        let (dx, dy) = if a.1 == b.1 {
            (1, 0)
        } else if a.0 == b.0 {
            (0, 1)
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
        let step = if dx == 1 { 1 } else { self.width };
        let mut i = (y0 * w + x0) as usize;
        let (x0, y0) = (x0 as u16, y0 as u16);
        for k in 0..len as u16 {
            if let Some(c) = self.cells.get_mut(i)
                && *c == Cell::Empty
            {
                *c = Cell::Corridor;
                self.carved.push(TileRef {
                    at: i as u32,
                    x: x0 + k * dx,
                    y: y0 + k * dy,
                    join: self.join,
                });
            }
            i += step;
        }
    }

    /// Joins two representative points through one of their two L-corners,
    /// chosen at random, and returns the corner (the parent's representative).
    fn join(&mut self, a: Pos, b: Pos, rng: &mut DungeonRng) -> Pos {
        let corner = if rng.chance(0.5) {
            (a.0, b.1)
        } else {
            (b.0, a.1)
        };
        self.carve_line(a, corner);
        self.carve_line(corner, b);
        corner
    }

    /// One pass over the carved corridor tiles: sets each one's door mask
    /// (and the back side of a room tile it touches), turns it into a door
    /// where it enters a room through the wall, and lists the room tiles it
    /// touches as contacts. Afterwards the masks are exactly what
    /// [`DungeonGrid::connect_adjacent`] computes, since walkability is all a
    /// mask looks at and doors are walkable.
    ///
    /// Corridors never reach the map's outer ring (`border ≥ 1`), so all four
    /// neighbours exist; the `get`s only keep a broken invariant from
    /// panicking.
    fn finish_corridors(&mut self) {
        let w = self.width;
        for k in 0..self.carved.len() {
            let t = self.carved[k];
            let i = t.at as usize;
            let near = [i.wrapping_sub(w), i + 1, i + w, i.wrapping_sub(1)];
            let cell = |j: usize| self.cells.get(j).copied().unwrap_or(Cell::Empty);
            let [n, e, s, wst] = near.map(cell);
            let mut mask = 0;
            for ((c, j), (bit, back, dx, dy)) in [n, e, s, wst].into_iter().zip(near).zip([
                (DOOR_N, DOOR_S, 0, -1),
                (DOOR_E, DOOR_W, 1, 0),
                (DOOR_S, DOOR_N, 0, 1),
                (DOOR_W, DOOR_E, -1, 0),
            ]) {
                if c.is_walkable() {
                    mask |= bit;
                    if c.is_room()
                        && let Some(m) = self.masks.get_mut(j)
                    {
                        *m |= back;
                        self.contacts.push(TileRef {
                            at: j as u32,
                            x: t.x.wrapping_add_signed(dx),
                            y: t.y.wrapping_add_signed(dy),
                            join: t.join,
                        });
                    }
                }
            }
            if let Some(m) = self.masks.get_mut(i) {
                *m = mask;
            }
            if is_entry(n, e, s, wst)
                && let Some(c) = self.cells.get_mut(i)
            {
                *c = Cell::Door;
            }
        }
    }
}

/// Whether a corridor tile with these four neighbours (N, E, S, W) enters a
/// room through its wall: a room on one side and empty tiles on both sides
/// across that direction.
#[inline]
fn is_entry(n: Cell, e: Cell, s: Cell, w: Cell) -> bool {
    let (ns_walls, ew_walls) = (
        n == Cell::Empty && s == Cell::Empty,
        e == Cell::Empty && w == Cell::Empty,
    );
    ((n.is_room() || s.is_room()) && ew_walls) || ((e.is_room() || w.is_room()) && ns_walls)
}

/// Generates level `level` of the run `seed`.
///
/// The level only picks the random stream: the map's size and settings come
/// from `config` alone.
///
/// # Errors
/// [`GenError::Config`] when [`BspConfig::validate`] fails or `level` is
/// outside `1..=1000`. A valid config never fails.
pub fn generate(config: &BspConfig, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
    generate_measured(config, seed, level).map(|(g, _)| g)
}

/// [`generate`], also returning each room centre's distance from the start
/// as [`choose_ends`] computed it (for the tests that check it against a
/// plain BFS).
fn generate_measured(
    config: &BspConfig,
    seed: u64,
    level: i32,
) -> Result<(DungeonGrid, Vec<u32>), GenError> {
    config.validate()?;
    check_range("level", level, 1, MAX_LEVEL)?;
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut room_rng = rng.stage(ROOMS_STREAM);
    let mut corridor_rng = rng.stage(CORRIDORS_STREAM);
    let mut nodes = split_tree(config, &mut rng);

    let mut g = DungeonGrid::new(config.width, config.height);
    let width = g.width as usize;
    let mut canvas = Canvas::new(&mut g.cells, &mut g.doors, width);

    // Rooms, one per leaf in BFS order; a leaf's representative is its
    // room's centre.
    let mut reps: Vec<Pos> = vec![(0, 0); nodes.len()];
    let mut rects = Vec::with_capacity(nodes.len() / 2 + 1);
    for (node, rep) in nodes.iter_mut().zip(reps.iter_mut()) {
        if node.is_leaf() {
            let room = place_room(node.rect, config, &mut room_rng);
            canvas.paint_room(room);
            *rep = room.center();
            node.room = rects.len();
            rects.push(room);
        }
    }

    // Corridors bottom-up: children always come after their parent, so in
    // reverse order both children's representatives are known.
    for i in (0..nodes.len()).rev() {
        let k = nodes[i].first_child;
        if k != 0
            && let (Some(&a), Some(&b)) = (reps.get(k), reps.get(k + 1))
        {
            canvas.join = i as u32;
            reps[i] = canvas.join(a, b, &mut corridor_rng);
        }
    }
    canvas.finish_corridors();
    let (carved, contacts) = (canvas.carved, canvas.contacts);

    // `g.rooms` stays empty: `DungeonGrid::rooms` lists the rectangles'
    // cells when first asked.
    let map = Layout {
        width,
        masks: &g.doors,
        cells: &g.cells,
        nodes: &nodes,
        rects: &rects,
    };
    let (start, end, dist) = choose_ends(&map, &contacts, carved.len(), seed, level)?;
    g.set_ends(start, end);
    g.room_rects = rects;
    g.kind = crate::grid::GridKind::TileMap;
    g.generator = "bsp".to_owned();
    g.seed = seed;
    g.level = level;
    Ok((g, dist))
}

/// A finished map as [`choose_ends`] reads it: tiles, door masks, the split
/// tree and the rooms (in leaf order, `Node::room` indexes them).
struct Layout<'a> {
    width: usize,
    cells: &'a [Cell],
    masks: &'a [u8],
    nodes: &'a [Node],
    rects: &'a [Rect],
}

impl Layout<'_> {
    /// The room whose part contains `p`, walking down the split tree from
    /// node `from`, whose part must contain `p`. Child indices only grow, so
    /// the walk ends.
    fn room_at(&self, from: usize, p: Pos) -> Option<usize> {
        let mut i = from;
        loop {
            let node = self.nodes.get(i)?;
            if node.is_leaf() {
                return Some(node.room);
            }
            let a = node.first_child;
            i = if self.nodes.get(a)?.rect.contains(p) {
                a
            } else {
                a + 1
            };
        }
    }
}

/// Steps between two tiles of one room: inside a rectangle of floor the
/// shortest path is the Manhattan distance, and no path is shorter.
fn manhattan(a: Pos, b: Pos) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

/// Tags a heap entry in [`room_distances`] as a corridor tile (the rest of
/// its bits) rather than a doorway slot. Tile indices stay below 2^24.
const RUN_END: u64 = 1 << 31;

/// No path (yet) in [`room_distances`].
const FAR: u32 = u32::MAX;

/// The room tiles that corridors touch, grouped by room, with a table from
/// tile index to slot. Built in linear time: no sort.
struct Doorways {
    /// Slots of room `r`: `first[r]..first[r + 1]`.
    first: Vec<usize>,
    /// Per slot: the tile's index, position and room.
    at: Vec<u32>,
    pos: Vec<Pos>,
    room: Vec<u32>,
    /// Open-addressing table: `keys[h]` is a tile index + 1 (0 = free),
    /// `slots[h]` its slot.
    keys: Vec<u32>,
    slots: Vec<u32>,
}

impl Doorways {
    fn new(map: &Layout, contacts: &[TileRef]) -> Self {
        let rooms = map.rects.len();
        let cap = (contacts.len() * 2).next_power_of_two().max(16);
        let mut keys = vec![0u32; cap];
        let mut slots = vec![0u32; cap];
        // First pass: drop repeats (a tile next to two corridor tiles),
        // find each tile's room and count per room.
        let mut first = vec![0usize; rooms + 1];
        let mut found: Vec<(u32, Pos, u32, usize)> = Vec::with_capacity(contacts.len());
        for c in contacts {
            let Some(h) = probe(&keys, c.at) else {
                continue;
            };
            if keys[h] != 0 {
                continue;
            }
            let p = (i32::from(c.x), i32::from(c.y));
            let Some(r) = map.room_at(c.join as usize, p).filter(|&r| r < rooms) else {
                continue;
            };
            keys[h] = c.at + 1;
            first[r + 1] += 1;
            found.push((c.at, p, r as u32, h));
        }
        for r in 0..rooms {
            first[r + 1] += first[r];
        }
        // Second pass: place each tile in its room's slots.
        let mut next = first.clone();
        let n = found.len();
        let (mut at, mut pos, mut room) = (vec![0; n], vec![(0, 0); n], vec![0; n]);
        for (t, p, r, h) in found {
            let slot = next[r as usize];
            next[r as usize] += 1;
            at[slot] = t;
            pos[slot] = p;
            room[slot] = r;
            slots[h] = slot as u32;
        }
        Self {
            first,
            at,
            pos,
            room,
            keys,
            slots,
        }
    }

    /// The slot of room tile `at`, if a corridor touches it.
    fn slot(&self, at: u32) -> Option<usize> {
        let h = probe(&self.keys, at)?;
        (self.keys[h] == at + 1).then(|| self.slots[h] as usize)
    }
}

/// Where `at` is, or would go, in an open-addressing table of `keys`
/// (a power of two long, never full): linear probing from a multiplicative
/// hash. `None` only if the table were full.
fn probe(keys: &[u32], at: u32) -> Option<usize> {
    let mask = keys.len().checked_sub(1)?;
    let mut h = (at.wrapping_mul(0x9E37_79B9) as usize) & mask;
    for _ in 0..keys.len() {
        let k = keys[h];
        if k == 0 || k == at + 1 {
            return Some(h);
        }
        h = (h + 1) & mask;
    }
    None
}

/// The exact BFS distance, in tile steps through doors, from `start` (a tile
/// of room `first`) to every room's centre; [`FAR`] where there is none.
///
/// A plain BFS would visit every floor tile, and room floor is most of the
/// walkable map. Here rooms are crossed in one step each: the nodes are the
/// corridor and door tiles (unit steps, through the door masks) and the room
/// tiles that touch a corridor (doorways); between two tiles of one room the
/// distance is their Manhattan distance, since a room is an open rectangle
/// and no grid path is shorter. Rooms never touch each other (two tiles
/// apart), so every path between rooms runs through corridor tiles and
/// doorways. That is Dijkstra with two queues: a FIFO of corridor tiles
/// (unit steps, so pushed in distance order) and a heap of doorways, popping
/// whichever is nearer. A room centre's distance is the best doorway
/// distance plus the Manhattan step to it.
///
/// Straight runs are walked, not queued: stepping onto a corridor tile open
/// only ahead and behind (a run's first tile), the search walks on while
/// the tiles stay like that, marks each one, and queues only what lies past
/// the run's end (a doorway, or a bend or junction tile, via the heap at
/// its distance). A run tile leads nowhere but along its run, so whichever
/// end is settled first walks the whole run, and the far end still gets its
/// exact distance from the queue. Only the run tiles' own distances can be
/// too large, and nothing reads them.
///
/// Work: each corridor tile and doorway is settled once; a settled doorway
/// offers its room's other doorways a distance, pushed only when it
/// improves on theirs. `corridors` sizes the FIFO.
fn room_distances(
    map: &Layout,
    contacts: &[TileRef],
    corridors: usize,
    first: usize,
    start: Pos,
) -> Vec<u32> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    let ways = Doorways::new(map, contacts);
    let n = map.cells.len().min(map.masks.len());
    let mut settled = vec![0u64; n / 64 + 1];
    let mut best = vec![FAR; map.rects.len()];
    let mut offered = vec![FAR; ways.at.len()];
    let mut fifo: Vec<(u32, u32)> = Vec::with_capacity(corridors);
    let mut head = 0;
    // (distance << 32 | slot), smallest first.
    let mut heap: BinaryHeap<Reverse<u64>> = BinaryHeap::with_capacity(ways.at.len());
    // Doorway `slot` can be reached in `d` steps: queue it if that is better.
    let offer = |slot: usize, d: u32, offered: &mut [u32], heap: &mut BinaryHeap<Reverse<u64>>| {
        if let Some(o) = offered.get_mut(slot)
            && d < *o
        {
            *o = d;
            heap.push(Reverse(u64::from(d) << 32 | slot as u64));
        }
    };

    // Standing on tile `from` of room `r` at distance `d`: its centre and
    // its doorways are a Manhattan step away.
    let enter = |r: usize,
                 from: Pos,
                 d: u32,
                 best: &mut [u32],
                 offered: &mut [u32],
                 heap: &mut BinaryHeap<Reverse<u64>>| {
        let (Some(rect), Some(b)) = (map.rects.get(r), best.get_mut(r)) else {
            return;
        };
        *b = (*b).min(d + manhattan(from, rect.center()));
        for slot in ways.first[r]..ways.first[r + 1] {
            if let Some(&p) = ways.pos.get(slot) {
                offer(slot, d + manhattan(from, p), offered, heap);
            }
        }
    };
    enter(first, start, 0, &mut best, &mut offered, &mut heap);

    let w = map.width;
    let step = [w.wrapping_neg(), 1, w, usize::MAX];
    let is_settled = |settled: &[u64], i: usize| settled[i / 64] & (1 << (i % 64)) != 0;
    let settle = |settled: &mut [u64], i: usize| settled[i / 64] |= 1 << (i % 64);
    // Every pass pops one entry. A corridor tile is marked when it enters
    // the FIFO or a walk, so it does that once; a run's far end enters the
    // heap at most once per side it can be reached from, and a doorway only
    // on an improvement; heap entries are marked when popped. So the loop
    // ends.
    loop {
        let from_fifo = match (fifo.get(head), heap.peek()) {
            // Heap first on a tie, so a run's far end waiting there at `d`
            // is settled before a FIFO tile at `d` could step onto it. On a
            // grid that tie cannot happen (neighbouring tiles differ in
            // distance parity); the order keeps the search exact without
            // leaning on that.
            (Some(&(_, df)), Some(&Reverse(top))) => u64::from(df) < top >> 32,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let (i, d) = if from_fifo {
            let (i, d) = fifo[head];
            head += 1;
            (i as usize, d)
        } else {
            let Some(Reverse(top)) = heap.pop() else {
                break;
            };
            if top & RUN_END != 0 {
                // A corridor tile past the end of a walked run.
                let t = (top as u32 & !(RUN_END as u32)) as usize;
                if t >= n || is_settled(&settled, t) {
                    continue;
                }
                settle(&mut settled, t);
                (t, (top >> 32) as u32)
            } else {
                let slot = top as u32 as usize;
                let (Some(&at), Some(&r), Some(&p)) =
                    (ways.at.get(slot), ways.room.get(slot), ways.pos.get(slot))
                else {
                    continue;
                };
                let d = (top >> 32) as u32;
                if at as usize >= n || is_settled(&settled, at as usize) {
                    continue;
                }
                enter(r as usize, p, d, &mut best, &mut offered, &mut heap);
                settle(&mut settled, at as usize);
                (at as usize, d)
            }
        };
        if i >= n {
            continue;
        }
        let from_room = map.cells[i].is_room();
        // Only the open sides, lowest bit first (N, E, S, W).
        let mut open = map.masks[i] & 15;
        while open != 0 {
            let side = open.trailing_zeros() as usize;
            open &= open - 1;
            let j = i.wrapping_add(step[side]);
            if j >= n || is_settled(&settled, j) {
                continue;
            }
            if !map.cells[j].is_room() {
                // Queued once: the first push has the smallest distance.
                settle(&mut settled, j);
                let through = if side.is_multiple_of(2) {
                    DOOR_N | DOOR_S
                } else {
                    DOOR_E | DOOR_W
                };
                if map.masks[j] & 15 != through {
                    fifo.push((j as u32, d + 1));
                    continue;
                }
                // A straight run: walk it to its end here.
                let (mut t, mut dt) = (j, d + 1);
                loop {
                    let next = t.wrapping_add(step[side]);
                    if next >= n || is_settled(&settled, next) {
                        break;
                    }
                    if map.cells[next].is_room() {
                        if let Some(slot) = ways.slot(next as u32) {
                            offer(slot, dt + 1, &mut offered, &mut heap);
                        }
                        break;
                    }
                    if map.masks[next] & 15 != through {
                        heap.push(Reverse(u64::from(dt + 1) << 32 | RUN_END | next as u64));
                        break;
                    }
                    settle(&mut settled, next);
                    t = next;
                    dt += 1;
                }
            } else if !from_room && let Some(slot) = ways.slot(j as u32) {
                // A corridor steps into a room: a doorway, via the heap.
                // (From a room tile, the rest of its room is reached by
                // `enter`'s jumps.)
                offer(slot, d + 1, &mut offered, &mut heap);
            }
        }
    }
    best
}

/// Start: the centre of a random room. End: the centre of the room whose
/// centre is farthest from the start by path (the first such room on ties),
/// by [`room_distances`].
///
/// The errors cannot happen for a validated config (at least two rooms, all
/// connected); they stand in for panics should an invariant ever break.
fn choose_ends(
    map: &Layout,
    contacts: &[TileRef],
    corridors: usize,
    seed: u64,
    level: i32,
) -> Result<(Pos, Pos, Vec<u32>), GenError> {
    let stuck = |reason: &str| GenError::Exhausted {
        generator: "bsp",
        attempts: 1,
        reason: reason.to_owned(),
    };
    let count = u32::try_from(map.rects.len()).map_err(|_| stuck("too many rooms"))?;
    let mut rng = DungeonRng::for_level(seed, level, stage::ENDS);
    let first = rng.below(count) as usize;
    let start = map
        .rects
        .get(first)
        .ok_or_else(|| stuck("no rooms"))?
        .center();
    let dist = room_distances(map, contacts, corridors, first, start);
    let mut best: Option<(u32, Pos)> = None;
    for (k, (r, &d)) in map.rects.iter().zip(&dist).enumerate() {
        if k != first && d != FAR && best.is_none_or(|(bd, _)| d > bd) {
            best = Some((d, r.center()));
        }
    }
    let (_, end) = best.ok_or_else(|| stuck("no second room reachable"))?;
    Ok((start, end, dist))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::DIRS;

    fn grid(s: &str) -> DungeonGrid {
        DungeonGrid::from_ascii(s).unwrap()
    }

    fn pic(s: &str) -> String {
        s.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect()
    }

    /// Runs the door pass on a hand-drawn picture's corridors.
    fn with_doors(s: &str) -> String {
        let mut g = grid(s);
        let w = g.width as usize;
        let corridors = (0..g.cells.len()).filter(|&i| g.cells[i] == Cell::Corridor);
        let carved = corridors
            .map(|i| TileRef {
                at: i as u32,
                x: (i % w) as u16,
                y: (i / w) as u16,
                join: 0,
            })
            .collect();
        let mut canvas = Canvas::new(&mut g.cells, &mut g.doors, w);
        canvas.carved = carved;
        canvas.finish_corridors();
        let masks = g.doors.clone();
        g.connect_adjacent();
        assert_eq!(g.doors, masks);
        g.to_ascii()
    }

    /// Every property a BSP map keeps, for any valid config.
    fn assert_bsp(g: &DungeonGrid, c: &BspConfig) {
        let ctx = || format!("{c:?} seed {} level {}\n{g}", g.seed, g.level);
        assert!(g.check().is_ok(), "{:?} {}", g.check(), ctx());
        assert!(g.is_connected(), "not connected: {}", ctx());
        assert_ne!(g.start(), g.end(), "{}", ctx());
        assert_eq!(
            (g.count(Cell::Start), g.count(Cell::End)),
            (1, 1),
            "{}",
            ctx()
        );
        assert_eq!((g.width(), g.height()), (c.width, c.height));
        assert_eq!((g.generator.as_str(), c.validate()), ("bsp", Ok(())));
        let rects = g.room_rects();
        assert!(
            rects.len() >= 2 && rects.len() <= 1 << c.iterations,
            "{} rooms: {}",
            rects.len(),
            ctx()
        );
        let b = c.border;
        let mut listed = Vec::new();
        for (i, r) in rects.iter().enumerate() {
            assert!(
                r.w >= c.min_room_size && r.h >= c.min_room_size,
                "{r:?} too small: {}",
                ctx()
            );
            // Inside the border, and a part margin in from it.
            assert!(
                r.x > b && r.y > b && r.x + r.w < c.width - b && r.y + r.h < c.height - b,
                "{r:?}: {}",
                ctx()
            );
            for o in &rects[i + 1..] {
                // Neither overlapping nor touching: two empty tiles between.
                let apart = r.x + r.w + 2 <= o.x
                    || o.x + o.w + 2 <= r.x
                    || r.y + r.h + 2 <= o.y
                    || o.y + o.h + 2 <= r.y;
                assert!(apart, "{r:?} and {o:?} touch: {}", ctx());
            }
            for y in r.y..r.y + r.h {
                for x in r.x..r.x + r.w {
                    assert!(g.cell((x, y)).is_room());
                    listed.push((x, y));
                }
            }
        }
        assert_eq!(
            g.rooms(),
            listed.as_slice(),
            "rooms are not the rects' tiles in order"
        );
        assert_eq!(
            g.rooms().len(),
            g.cells().iter().filter(|c| c.is_room()).count()
        );
        let centres: Vec<Pos> = rects.iter().map(Rect::center).collect();
        assert!(centres.contains(&g.start()) && centres.contains(&g.end()));
        let dist = g.distances_from(g.start());
        let end_d = dist[g.index(g.end()).unwrap()];
        assert!(
            centres.iter().all(|&p| dist[g.index(p).unwrap()] <= end_d),
            "a farther room: {}",
            ctx()
        );
        // Masks are exactly connect_adjacent's.
        let mut again = g.clone();
        again.connect_adjacent();
        assert_eq!(again.doors, g.doors);
        for i in 0..g.cells.len() {
            let p = g.pos(i);
            let c4 = |k: usize| g.cell((p.0 + DIRS[k].0, p.1 + DIRS[k].1));
            let on_edge = p.0 < b || p.1 < b || p.0 >= c.width - b || p.1 >= c.height - b;
            assert!(
                !(on_edge && g.cells[i].is_walkable()),
                "{p:?} in the border: {}",
                ctx()
            );
            match g.cells[i] {
                Cell::Door => {
                    assert!(
                        is_entry(c4(0), c4(1), c4(2), c4(3)),
                        "door {p:?} is no entry: {}",
                        ctx()
                    );
                    assert!((0..4).any(|k| c4(k).is_room()));
                    assert!(
                        (0..4).any(|k| matches!(c4(k), Cell::Corridor | Cell::Door)),
                        "stub door {p:?}: {}",
                        ctx()
                    );
                }
                Cell::Corridor => assert!(
                    !is_entry(c4(0), c4(1), c4(2), c4(3)),
                    "missed door {p:?}: {}",
                    ctx()
                ),
                _ => {}
            }
        }
    }

    #[test]
    fn default_maps_keep_every_property() {
        let c = BspConfig::default();
        for seed in 0..400 {
            let g = generate(&c, seed, 1).unwrap();
            assert_bsp(&g, &c);
            assert!(g.count(Cell::Door) >= 1, "seed {seed}\n{g}");
        }
        for level in [2, 7, 1000] {
            assert_bsp(&generate(&c, 5, level).unwrap(), &c);
        }
    }

    #[test]
    fn presets_keep_every_property() {
        assert_eq!(BspConfig::preset("seed_001"), Some(BspConfig::default()));
        assert_eq!(BspConfig::preset("large"), Some(BspConfig::large()));
        assert_eq!(BspConfig::preset("nope"), None);
        for name in BspConfig::PRESETS {
            let c = BspConfig::preset(name).unwrap();
            for seed in 0..100 {
                assert_bsp(&generate(&c, seed, 1).unwrap(), &c);
            }
        }
    }

    #[test]
    fn split_tree_tiles_the_map_and_rooms_keep_their_margin() {
        for (c, seeds) in [(BspConfig::default(), 300), (BspConfig::large(), 100)] {
            let root = Rect::new(
                c.border,
                c.border,
                c.width - 2 * c.border,
                c.height - 2 * c.border,
            );
            for seed in 0..seeds {
                let mut rng = DungeonRng::new(seed);
                let nodes = split_tree(&c, &mut rng);
                let leaves: Vec<&Node> = nodes.iter().filter(|n| n.is_leaf()).collect();
                assert!(leaves.len() >= 2 && leaves.len() <= 1 << c.iterations);
                // Leaves cover the root exactly once.
                let area: i32 = leaves.iter().map(|n| n.rect.w * n.rect.h).sum();
                assert_eq!(area, root.w * root.h);
                for (i, a) in leaves.iter().enumerate() {
                    assert!(leaves[i + 1..].iter().all(|b| !a.rect.overlaps(&b.rect)));
                    assert!(a.rect.w >= c.min_partition_size && a.rect.h >= c.min_partition_size);
                    // A leaf above the last level was too small to cut.
                    if a.depth < c.iterations {
                        assert!(a.rect.w.max(a.rect.h) < 2 * c.min_partition_size, "{a:?}");
                    }
                    let room = place_room(a.rect, &c, &mut rng);
                    let inner = Rect::new(a.rect.x + 1, a.rect.y + 1, a.rect.w - 2, a.rect.h - 2);
                    assert!(inner.contains((room.x, room.y)));
                    assert!(
                        inner.contains((room.x + room.w - 1, room.y + room.h - 1)),
                        "{room:?} leaves {a:?}"
                    );
                }
                // Breadth-first: depths never decrease along the node list,
                // and children sit right after each other.
                assert!(nodes.windows(2).all(|w| w[0].depth <= w[1].depth));
                for n in nodes.iter().filter(|n| !n.is_leaf()) {
                    let (a, b) = (nodes[n.first_child].rect, nodes[n.first_child + 1].rect);
                    assert_eq!(a.w * a.h + b.w * b.h, n.rect.w * n.rect.h);
                }
            }
        }
    }

    #[test]
    fn splits_cut_the_longer_side_within_the_range() {
        let c = BspConfig {
            partition_range: 0.1,
            ..BspConfig::default()
        };
        let mut rng = DungeonRng::new(9);
        for _ in 0..500 {
            let (a, b) = split(Rect::new(1, 1, 30, 12), &c, &mut rng).unwrap();
            assert_eq!((a.h, b.h, a.w + b.w, b.x), (12, 12, 30, 1 + a.w));
            assert!((12..=18).contains(&a.w), "{a:?}");
            let (a, b) = split(Rect::new(1, 1, 12, 30), &c, &mut rng).unwrap();
            assert_eq!((a.w, b.w, a.h + b.h), (12, 12, 30));
        }
        // Too short along its longer side: stays a leaf, and no draw is spent.
        let before = rng.clone().next_u32();
        assert_eq!(split(Rect::new(1, 1, 11, 11), &c, &mut rng), None);
        assert_eq!(rng.next_u32(), before);
        // The clamp keeps both halves at least min_partition_size.
        let wide = BspConfig {
            partition_range: 0.45,
            min_partition_size: 6,
            ..BspConfig::default()
        };
        for _ in 0..500 {
            let (a, b) = split(Rect::new(0, 0, 13, 13), &wide, &mut rng).unwrap();
            assert!(a.w.min(a.h) >= 6 && b.w.min(b.h) >= 6, "{a:?} {b:?}");
        }
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
        // Room tiles stay room tiles; a zero-length leg carves nothing extra.
        let mut g = grid(
            "
            .......
            .S#....
            .##..E.
            .......
        ",
        );
        let mut canvas = Canvas::new(&mut g.cells, &mut g.doors, 7);
        canvas.carve_line((1, 2), (5, 2));
        canvas.carve_line((6, 0), (6, 0));
        let at: Vec<u32> = canvas.carved.iter().map(|t| t.at).collect();
        assert_eq!(at, [17, 18, 6]);
        assert_eq!(
            g.to_ascii(),
            pic("
            ......=
            .S#....
            .##==E.
            .......
        ")
        );
    }

    #[test]
    fn doors_only_where_a_corridor_enters_through_a_wall() {
        // A corridor leaving a room head-on gets a door at the wall; one
        // that crosses a room gets a door at both walls. The bend at the top
        // right touches no room and stays corridor.
        let before = "
            ..............
            .####.........
            .#S##=====....
            .####....=....
            .........=....
            .........=....
            .......#####..
            .......##E##..
            .......#####..
            .........=....
            .........=....
            ..............
        ";
        let after = "
            ..............
            .####.........
            .#S##+====....
            .####....=....
            .........=....
            .........+....
            .......#####..
            .......##E##..
            .......#####..
            .........+....
            .........=....
            ..............
        ";
        assert_eq!(with_doors(before), pic(after));
    }

    #[test]
    fn no_doors_at_bends_junctions_or_along_room_sides() {
        // The corridor leaves the upper room head-on (a door), then bends
        // beside the lower room and hugs two of its sides: no door there,
        // where the seed's rule put doors at the bends.
        let hugging = "
            ...............
            .####..........
            .#S##====......
            .####...=......
            ........=......
            ........=====..
            ......######=..
            ......##E###=..
            ......######=..
            ...............
        ";
        assert_eq!(
            with_doors(hugging),
            pic(&hugging.replacen(".#S##====", ".#S##+===", 1))
        );
        let junction = "
            ..........
            ..=====...
            ..=.#S#...
            ..=.###...
            ..=..=....
            ..=====...
            .....#E#..
            ..........
        ";
        // Row 1 runs along the upper room's top and row 5 along the lower
        // room's top, junctions included: no doors. Only the stub at (5, 4)
        // meets a wall head-on.
        assert_eq!(
            with_doors(junction),
            pic("
            ..........
            ..=====...
            ..=.#S#...
            ..=.###...
            ..=..+....
            ..=====...
            .....#E#..
            ..........
        ")
        );
    }

    #[test]
    fn pinned_small_map() {
        // A small map pinned as a picture: a change here changes saved seeds.
        let c = BspConfig {
            width: 24,
            height: 14,
            iterations: 2,
            ..BspConfig::default()
        };
        let g = generate(&c, 42, 1).unwrap();
        assert_bsp(&g, &c);
        assert_eq!(g.to_ascii(), pic(PINNED_24X14));
    }

    const PINNED_24X14: &str = "
        ........................
        ........................
        ........................
        ..###............####...
        ..#E#=....###....####...
        ..###=....###....####...
        .....=....###....####...
        .....====+#S#+==+####...
        .....=....###....####...
        .....+....###...........
        ....###...###...........
        ....###.................
        ........................
        ........................
    ";

    #[test]
    fn same_inputs_same_map_levels_differ() {
        let c = BspConfig::default();
        let a = generate(&c, 11, 3).unwrap();
        assert_eq!(a, generate(&c, 11, 3).unwrap());
        assert_eq!((a.seed, a.level), (11, 3));
        assert_ne!(a.cells(), generate(&c, 11, 4).unwrap().cells());
        assert_ne!(a.cells(), generate(&c, 12, 3).unwrap().cells());
    }

    #[test]
    fn errors_name_the_field() {
        let field = |f: fn(&mut BspConfig)| {
            let mut c = BspConfig::default();
            f(&mut c);
            let e = generate(&c, 1, 1).unwrap_err();
            assert_eq!(c.validate(), Err(e.clone()));
            match e {
                GenError::Config(ce) => ce,
                other => panic!("{other}"),
            }
        };
        assert_eq!(
            field(|c| c.width = 7).to_string(),
            "invalid width = 7: allowed 8..=4096"
        );
        assert_eq!(field(|c| c.height = 5000).field, "height");
        assert_eq!(
            field(|c| c.iterations = 0).to_string(),
            "invalid iterations = 0: allowed 1..=16"
        );
        assert_eq!(field(|c| c.iterations = 17).field, "iterations");
        assert_eq!(
            field(|c| c.partition_range = 0.5).to_string(),
            "invalid partition_range = 0.5: allowed 0..=0.45"
        );
        assert_eq!(
            field(|c| c.partition_range = f64::NAN).field,
            "partition_range"
        );
        assert_eq!(
            field(|c| c.room_size_min = 0.0).to_string(),
            "invalid room_size_min = 0: allowed greater than 0 and at most 1"
        );
        assert_eq!(field(|c| c.room_size_max = 1.5).field, "room_size_max");
        assert_eq!(field(|c| c.room_size_max = f64::NAN).field, "room_size_max");
        assert_eq!(
            field(|c| c.room_size_min = 0.8).to_string(),
            "invalid room_size_min = 0.8: allowed greater than 0 and at most room_size_max = 0.7"
        );
        assert_eq!(field(|c| c.min_room_size = 0).field, "min_room_size");
        let e = field(|c| c.min_room_size = 18);
        assert!(
            e.to_string()
                .starts_with("invalid min_room_size = 18: allowed 1..=17 (a 40×40 map"),
            "{e}"
        );
        assert_eq!(field(|c| c.border = 0).field, "border");
        let e = field(|c| c.border = 17);
        assert!(
            e.to_string()
                .starts_with("invalid border = 17: allowed 1..=16 (the 40×40 map"),
            "{e}"
        );
        let e = field(|c| c.min_partition_size = 3);
        assert!(
            e.to_string()
                .starts_with("invalid min_partition_size = 3: allowed 4..=19 (at least"),
            "{e}"
        );
        let e = field(|c| c.min_partition_size = 20);
        assert!(
            e.to_string().contains("allowed 4..=19") && e.to_string().contains("38×38"),
            "{e}"
        );
        // Level is checked after the config.
        let e = generate(&BspConfig::default(), 1, 0).unwrap_err();
        assert_eq!(e.to_string(), "invalid level = 0: allowed 1..=1000");
        assert!(generate(&BspConfig::default(), 1, 1001).is_err());
        assert!(BspConfig::default().validate().is_ok());
    }

    #[test]
    fn limits_are_reachable_and_just_past_them_fails() {
        // The largest values each check allows all generate.
        let edge = [
            BspConfig {
                min_room_size: 17,
                min_partition_size: 19,
                ..BspConfig::default()
            },
            BspConfig {
                border: 16,
                min_partition_size: 4,
                ..BspConfig::default()
            },
            BspConfig {
                min_partition_size: 19,
                ..BspConfig::default()
            },
            BspConfig {
                width: 8,
                height: 8,
                min_room_size: 1,
                min_partition_size: 3,
                iterations: 16,
                ..BspConfig::default()
            },
            BspConfig {
                width: 8,
                height: 4096,
                min_room_size: 1,
                min_partition_size: 3,
                iterations: 16,
                ..BspConfig::default()
            },
            BspConfig {
                partition_range: 0.45,
                room_size_min: 1.0,
                room_size_max: 1.0,
                ..BspConfig::default()
            },
            BspConfig {
                partition_range: 0.0,
                room_size_min: 0.01,
                room_size_max: 0.01,
                min_room_size: 1,
                ..BspConfig::default()
            },
        ];
        for c in edge {
            for seed in 0..30 {
                let g = generate(&c, seed, 1).unwrap_or_else(|e| panic!("{c:?}: {e}"));
                assert_bsp(&g, &c);
            }
        }
        let too_big = [
            BspConfig {
                min_room_size: 18,
                min_partition_size: 20,
                ..BspConfig::default()
            },
            BspConfig {
                border: 17,
                min_partition_size: 4,
                ..BspConfig::default()
            },
            BspConfig {
                width: 8,
                height: 8,
                min_room_size: 2,
                ..BspConfig::default()
            },
        ];
        for c in too_big {
            assert!(generate(&c, 0, 1).is_err(), "{c:?}");
        }
    }

    #[test]
    fn any_config_errs_exactly_when_invalid_and_never_panics() {
        // A deterministic sweep in the spirit of tests/invariants.rs.
        let mut r = DungeonRng::new(2024);
        let mut ok = 0;
        for case in 0..3000u64 {
            let c = BspConfig {
                width: r.range(4, 90),
                height: r.range(4, 90),
                iterations: r.range(0, 17),
                partition_range: r.uniform(-0.05, 0.5),
                min_partition_size: r.range(0, 16),
                room_size_min: r.uniform(-0.05, 0.8),
                room_size_max: r.uniform(0.3, 1.05),
                min_room_size: r.range(0, 6),
                border: r.range(0, 5),
            };
            let level = r.range(0, 8);
            let got = generate(&c, case, level);
            let invalid = c.validate().is_err() || !(1..=MAX_LEVEL).contains(&level);
            assert_eq!(invalid, got.is_err(), "{c:?} level {level}: {got:?}");
            if let Ok(g) = got {
                assert_bsp(&g, &c);
                ok += 1;
            }
        }
        assert!(ok > 300, "only {ok} valid configs in the sweep");
    }

    #[test]
    fn room_distances_match_a_tile_bfs() {
        // The room-skipping search must give every room centre exactly the
        // distance a BFS over all tiles gives: dense and sparse maps, big
        // and tiny rooms, long corridors, wide cuts, and the sweep's odd
        // shapes.
        let mut configs = vec![
            BspConfig::default(),
            BspConfig::large(),
            BspConfig {
                width: 256,
                height: 256,
                iterations: 8,
                ..BspConfig::default()
            },
            BspConfig {
                width: 200,
                height: 120,
                iterations: 3,
                room_size_min: 0.9,
                room_size_max: 1.0,
                ..BspConfig::default()
            },
            BspConfig {
                width: 90,
                height: 60,
                iterations: 16,
                min_room_size: 1,
                min_partition_size: 3,
                partition_range: 0.45,
                room_size_min: 0.1,
                room_size_max: 1.0,
                ..BspConfig::default()
            },
            // Tiny rooms far apart: long straight runs, walked in one go.
            BspConfig {
                width: 400,
                height: 300,
                iterations: 6,
                room_size_min: 0.05,
                room_size_max: 0.15,
                ..BspConfig::default()
            },
        ];
        let mut r = DungeonRng::new(77);
        while configs.len() < 60 {
            let c = BspConfig {
                width: r.range(8, 120),
                height: r.range(8, 120),
                iterations: r.range(1, 10),
                partition_range: r.uniform(0.0, 0.45),
                min_partition_size: r.range(3, 10),
                room_size_min: r.uniform(0.05, 0.8),
                room_size_max: 1.0,
                min_room_size: r.range(1, 4),
                border: r.range(1, 3),
            };
            if c.validate().is_ok() {
                configs.push(c);
            }
        }
        for c in &configs {
            for seed in 0..12 {
                let (g, dist) = generate_measured(c, seed, 1).unwrap();
                let tiles = g.distances_from(g.start());
                for (k, rect) in g.room_rects().iter().enumerate() {
                    let want = tiles[g.index(rect.center()).unwrap()];
                    let got = if dist[k] == FAR { -1 } else { dist[k] as i32 };
                    assert_eq!(got, want, "room {k} {rect:?}, {c:?} seed {seed}\n{g}");
                }
            }
        }
    }

    #[test]
    fn big_maps_stay_valid() {
        let c = BspConfig {
            width: 256,
            height: 256,
            iterations: 8,
            ..BspConfig::default()
        };
        for seed in 0..3 {
            let g = generate(&c, seed, 1).unwrap();
            assert_bsp(&g, &c);
            assert!(g.room_rects().len() > 64);
        }
    }
}
