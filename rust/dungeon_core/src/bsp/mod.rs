//! Rooms, corridors and doors on a tile grid by binary space partitioning
//! (RogueBasin's BSP dungeon, as a small C++ program implements it).
//!
//! # What the original does
//!
//! The original is a small C++ program that prints a 40×40 dungeon in ANSI
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
//! The algorithm is the original's; these are the bugs we fixed and the
//! choices we made where the original was loose:
//!
//! - **No seed.** The original drew from an unseeded generator, so no map could
//!   be reproduced. Here every draw comes from a [`DungeonRng`] derived from
//!   `(seed, level)`: splits from the layout stream, rooms and corridors from
//!   their own sub-streams, the start room from the ends stream.
//! - **Rooms that overflow their part.** The original clamped a too-small room
//!   up to the minimum size after choosing its bounds, so a clamped room could
//!   spill out of its part and into a neighbour's room. Here a side is the
//!   original's `round(U(room_size_min, room_size_max) × part side)`, kept
//!   between `min_room_size` and the part's side minus one, and the room is
//!   placed so that its part's last column and last row stay empty. A room
//!   never leaves its part, and two rooms are always at least one empty tile
//!   apart: they never touch, not even at a corner. [`BspConfig::validate`]
//!   makes sure every part holds such a room (`min_partition_size ≥
//!   min_room_size + 1`).
//! - **Room sizes and count.** We used to size rooms against the part minus
//!   a one-tile margin on every side, and the old default kept parts at
//!   least 6 tiles wide. Over seeds 1–1000 that made rooms 37 % smaller in
//!   area than the original's (mean 24.1 tiles against 38.0), and 37 maps had
//!   12–15 rooms instead of 16, since a part narrower than 12 tiles could not
//!   be cut. The [`BspConfig::small`] preset now allows parts of 3 tiles: on
//!   a 40×40 map with 4 levels no cut is ever clamped (the narrowest part
//!   cut at depth 3 or 4 is 11 tiles, and `round(0.3 × 11) = 3`), so its
//!   parts are exactly the original's and all 16 hold a room.
//! - **Doors.** The original marked any floor tile walled on two opposite sides
//!   as door material, so corridor bends and junctions got doors too; our
//!   later rule (a door only where a corridor met a room head-on between two
//!   empty tiles) left most entrances bare: 963 of the maps for seeds 1–1000
//!   had corridor tiles open to room floor without a door (8999 contacts),
//!   and 836 of 15 925 rooms had no door at all. Now each corridor line,
//!   where it passes between room floor and a tile outside the room, makes
//!   that outside tile a door open to the room; every other side between a
//!   corridor and room floor is closed in the door masks (walled off: a
//!   corridor never opens sideways into a room). Every room gets a door, as
//!   the line from its centre leaves it. Over seeds 1–1000 of `small`: 29 407
//!   door tiles, 1 to 6 per room (6136 rooms with one). The walled-off
//!   sides that remain are 4593 corridor–room sides (in 701 maps) and 3
//!   door–room sides (a door touching a second room's floor, or its own room
//!   beside the side it opens), all closed in the masks; `large` has 11 872
//!   and 13 (950 of 1000 maps). A renderer that draws walls only on empty
//!   tiles must also draw one on each closed side between two walkable
//!   tiles.
//! - **`BORDER_SIZE ≤ 0`.** The original read neighbours without bounds checks
//!   and relied on the border to stay inside the map; a border of 0 read
//!   outside it. Here `border ≥ 1` is validated, and nothing walkable ever
//!   touches the map edge.
//! - **`PARTITION_RANGE = 0.5`.** The original warns that 0.5 can make an empty
//!   part. Here `partition_range` is capped at 0.45 and every split point is
//!   clamped so both halves keep at least `min_partition_size` tiles.
//! - **Minimum partition size.** The original bounded part *area* (10). We
//!   bound each part's *side*, which is what decides whether a room fits, and a
//!   part shorter than `2 × min_partition_size` along its cut axis stays a
//!   leaf.
//!
//! Any valid config yields at least two rooms, all connected through the
//! door masks, with start ≠ end: [`generate`] fails exactly when
//! [`BspConfig::validate`] (or the level check) does. There are no retries;
//! the work is linear in the map area.
//!
//! # Measured against the original
//!
//! `examples/bsp_fidelity.rs`, seeds 1–2000, our rooms beside the original's
//! sizing rule applied to the same parts ([`partitions`]):
//!
//! | preset | side / part side (ours, original) | mean area (ours, original) |
//! rooms per map |
//! |---|---|---|---|
//! | `small` (40×40, 4 levels) | 0.649, 0.649 | 38.04, 38.05 | 16 in all 2000 |
//! | `large` (80×50, 5 levels) | 0.649, 0.650 | 49.40, 49.41 | 32 in all 2000 |
//!
//! # Start and end
//!
//! The start is the centre of a random room; the end is the centre of the
//! room farthest from it by walking distance through the door masks (the
//! first such room on ties). The distance is exact, the same a BFS over
//! every tile gives, but the search never walks room floor: it follows
//! corridor tiles and crosses each room in one step of Manhattan distance
//! between the tiles its doors open onto (see `room_distances`). It pays on
//! big maps (BENCHMARKS.md, measured by `examples/bsp_end_search.rs`), and
//! the plain BFS stays as the tests' oracle. The room tiles are not listed while generating either:
//! [`DungeonGrid::rooms`] expands [`DungeonGrid::room_rects`] when first
//! asked.
//!
//! ```
//! use dungeon_core::bsp::{self, BspConfig};
//! let grid = bsp::generate(&BspConfig::small(), 1, 1).unwrap();
//! assert!(grid.is_connected());
//! assert!(grid.room_rects().len() >= 2);
//! println!("{grid}");
//! ```

mod carve;
mod config;
mod ends;
mod split;

pub use config::{BspConfig, MAX_ITERATIONS, MAX_PARTITION_RANGE, MAX_SIDE, MIN_SIDE, PRESET_LIST};

use crate::error::GenError;
use crate::generator::GeneratorConfig;
use crate::grid::{DungeonGrid, Pos, Rect};
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;
use carve::Canvas;
use ends::{Layout, Search, choose_ends};
use split::{place_room, split_tree};

/// Sub-stream of the layout stream for room sizes and positions.
const ROOMS_STREAM: u64 = 0x0B5_900D;
/// Sub-stream of the layout stream for corridor corners.
const CORRIDORS_STREAM: u64 = 0x0B5_C0DE;

/// Progress when the split tree, the rooms and the corridors are done (see
/// [`BspConfig::build`]).
const W_SPLIT: f64 = 0.02;
const W_ROOMS: f64 = 0.23;
const W_CORRIDORS: f64 = 0.45;
/// Rooms or corridors between two checkpoints.
const CHECK_EVERY: usize = 1024;

crate::generator::entry_points!(BspConfig);

impl GeneratorConfig for BspConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate()?;
        Ok(check_level(level)?)
    }

    /// Generates level `level` of the run `seed` under `watch`. The level
    /// only picks the random stream: the map's size and settings come from
    /// the config alone. Checkpoints: between the phases and every 1024
    /// rooms or corridors. Weights, from a 1024² map of 12 splits
    /// (release): the split tree 2 %, rooms 21 %, corridors 22 %, start and
    /// end 55 %.
    ///
    /// # Errors
    /// [`GenError::Config`] when [`BspConfig::validate`] fails or `level`
    /// is outside `1..=1000`; [`GenError::Cancelled`] when `watch` was
    /// cancelled. A valid config never fails otherwise.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        generate_measured(self, seed, level, Search::RoomJumps, watch).map(|(g, _)| g)
    }
}

/// [`generate`] with the end found by a plain BFS over every tile instead
/// of the room-jumping search: the same map, for the benchmark that weighs
/// the two searches.
///
/// # Errors
/// As [`generate`].
#[doc(hidden)]
pub fn generate_with_tile_search(
    config: &BspConfig,
    seed: u64,
    level: i32,
) -> Result<DungeonGrid, GenError> {
    generate_measured(config, seed, level, Search::Tiles, &Watch::new()).map(|(g, _)| g)
}

/// The leaf parts of the split tree that [`generate`] cuts for the same
/// inputs, in room order: room `k` of the map ([`DungeonGrid::room_rects`])
/// lies inside part `k` and leaves the part's last column and last row
/// empty. For tools that compare rooms with their parts, such as
/// `examples/bsp_fidelity.rs`.
///
/// # Errors
/// As [`generate`].
pub fn partitions(config: &BspConfig, seed: u64, level: i32) -> Result<Vec<Rect>, GenError> {
    let nodes = split_tree(config, &mut layout_rng(config, seed, level)?);
    Ok(nodes
        .iter()
        .filter(|n| n.is_leaf())
        .map(|n| n.rect)
        .collect())
}

/// Checks the inputs and returns the layout stream, which cuts the split
/// tree.
fn layout_rng(config: &BspConfig, seed: u64, level: i32) -> Result<DungeonRng, GenError> {
    config.validate_for(level)?;
    Ok(DungeonRng::for_level(seed, level, stage::LAYOUT))
}

/// [`generate`], also returning each room centre's distance from the start
/// as [`choose_ends`] computed it with `search` (for the tests that check
/// the searches against each other).
fn generate_measured(
    config: &BspConfig,
    seed: u64,
    level: i32,
    search: Search,
    watch: &Watch,
) -> Result<(DungeonGrid, Vec<u32>), GenError> {
    let mut rng = layout_rng(config, seed, level)?;
    watch.at(0.0)?;
    let mut room_rng = rng.stage(ROOMS_STREAM);
    let mut corridor_rng = rng.stage(CORRIDORS_STREAM);
    let mut nodes = split_tree(config, &mut rng);
    watch.at(W_SPLIT)?;
    let n = nodes.len();

    let mut g = DungeonGrid::new(config.width, config.height);
    let width = g.width as usize;
    let mut canvas = Canvas::new(&mut g.cells, &mut g.doors, width);

    // Rooms, one per leaf in BFS order; a leaf's representative is its
    // room's centre.
    let mut reps: Vec<Pos> = vec![(0, 0); nodes.len()];
    let mut rects = Vec::with_capacity(nodes.len() / 2 + 1);
    let rooms = watch.span(W_SPLIT, W_ROOMS);
    for (i, (node, rep)) in nodes.iter_mut().zip(reps.iter_mut()).enumerate() {
        if i.is_multiple_of(CHECK_EVERY) {
            rooms.step(i, n)?;
        }
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
    let corridors = watch.span(W_ROOMS, W_CORRIDORS);
    for i in (0..n).rev() {
        if i.is_multiple_of(CHECK_EVERY) {
            corridors.step(n - i, n)?;
        }
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
    watch.at(W_CORRIDORS)?;

    // `g.rooms` stays empty: `DungeonGrid::rooms` lists the rectangles'
    // cells when first asked.
    let map = Layout {
        width,
        masks: &g.doors,
        cells: &g.cells,
        nodes: &nodes,
        rects: &rects,
    };
    let (start, end, dist) = choose_ends(&map, &contacts, carved.len(), search, seed, level)?;
    g.set_ends(start, end);
    g.room_rects = rects;
    g.kind = crate::grid::GridKind::TileMap;
    g.stamp("bsp", seed, level);
    Ok((g, dist))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GeneratorConfig;
    use crate::grid::{Cell, DIRS};

    /// A picture as `DungeonGrid::to_ascii` writes it, from an indented
    /// string literal.
    pub(super) fn pic(s: &str) -> String {
        s.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| format!("{l}\n"))
            .collect()
    }

    /// Every property a BSP map keeps, for any valid config.
    pub(super) fn assert_bsp(g: &DungeonGrid, c: &BspConfig) {
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
            // Inside the border, and off the root part's last column and row.
            assert!(
                r.x >= b && r.y >= b && r.x + r.w < c.width - b && r.y + r.h < c.height - b,
                "{r:?}: {}",
                ctx()
            );
            for o in &rects[i + 1..] {
                // Neither overlapping nor touching, not even at a corner.
                let apart =
                    r.x + r.w < o.x || o.x + o.w < r.x || r.y + r.h < o.y || o.y + o.h < r.y;
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
        // Door rules: a corridor tile is never open to room floor; a door
        // opens onto at least one room and leads on; every room has one.
        let room_of = |p: Pos| rects.iter().position(|r| r.contains(p));
        let mut has_door = vec![false; rects.len()];
        for i in 0..g.cells.len() {
            let p = g.pos(i);
            let on_edge = p.0 < b || p.1 < b || p.0 >= c.width - b || p.1 >= c.height - b;
            assert!(
                !(on_edge && g.cells[i].is_walkable()),
                "{p:?} in the border: {}",
                ctx()
            );
            let m = g.doors[i];
            for (dx, dy, bit, _) in DIRS {
                let q = (p.0 + dx, p.1 + dy);
                let (here, there) = (g.cells[i], g.cell(q));
                let open = m & bit != 0;
                if here.is_room() && there.is_room() {
                    assert!(open && room_of(p) == room_of(q), "{p:?}: {}", ctx());
                } else if here.is_walkable() && there.is_walkable() && !there.is_room() {
                    assert!(here.is_room() || open, "{p:?} closed to {q:?}: {}", ctx());
                }
                if here == Cell::Corridor && there.is_room() {
                    assert!(!open, "corridor {p:?} open to a room: {}", ctx());
                }
                if here == Cell::Door
                    && there.is_room()
                    && open
                    && let Some(k) = room_of(q)
                {
                    has_door[k] = true;
                }
            }
            if g.cells[i] == Cell::Door {
                assert!(m.count_ones() >= 2, "stub door {p:?}: {}", ctx());
                assert!(
                    DIRS.iter()
                        .any(|d| m & d.2 != 0 && g.cell((p.0 + d.0, p.1 + d.1)).is_room()),
                    "door {p:?} opens onto no room: {}",
                    ctx()
                );
            }
        }
        assert!(
            has_door.iter().all(|&d| d),
            "a room without a door: {}",
            ctx()
        );
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
        assert_eq!(BspConfig::preset("small"), Some(BspConfig::default()));
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
        .#####..........#####...
        .##E##..#####...#####...
        .#####..#####...#####...
        ....+...#####...#####...
        ....===+##S##+=+#####...
        ....+...#####...#####...
        ..#####.#####...#####...
        ..#####.#####...........
        ..#####.#####...........
        ..#####.................
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
            let invalid = c.validate().is_err() || !(1..=crate::level::MAX_LEVEL).contains(&level);
            assert_eq!(invalid, got.is_err(), "{c:?} level {level}: {got:?}");
            if let Ok(g) = got {
                assert_bsp(&g, &c);
                ok += 1;
            }
        }
        assert!(ok > 300, "only {ok} valid configs in the sweep");
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
