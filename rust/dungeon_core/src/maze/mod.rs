//! Rooms and mazes (after Bob Nystrom's "Rooms and Mazes: A Procedural
//! Dungeon Generator", 2014), with a path of interest.
//!
//! # How a map is made
//!
//! 1. **Rooms.** `room_attempts` times, a room of odd width and height
//!    (`room_min_size..=room_max_size`) is dropped at a random odd position;
//!    it stays if it touches no room already placed (a wall tile always
//!    separates two rooms). Room `k` is region `k`.
//! 2. **Maze.** Every odd tile outside the rooms is filled by a growing-tree
//!    maze (Nystrom's: the newest cell grows first, a recursive backtracker),
//!    one region per tree. At each step the corridor keeps its direction
//!    unless a draw under `windiness` asks for a random one: 0 is as
//!    straight as it can be, 1 is a random turn at every step.
//! 3. **Connectors.** A wall tile between two tiles of different regions,
//!    in line, is a connector. The connectors are shuffled and taken in
//!    turn: one that joins two regions not yet joined opens (Kruskal's
//!    spanning tree over a union–find, where Nystrom grows from a random
//!    room: the same idea, without his re-scan of the merged region), any
//!    other opens with `extra_connector_chance`, making a loop. A connector
//!    that touches a room becomes a door tile (code 5), one between two
//!    maze regions a corridor tile. The region graph is connected (the odd
//!    tiles of the map all are rooms or maze, and neighbouring odd tiles of
//!    two regions always have a connector between them), so every region
//!    is joined.
//! 4. **Dead ends.** A `dead_end_removal` share of the dead ends (corridor
//!    or door tiles with one open side), picked at random, are filled in
//!    back to where their corridor branches. At 1 none is left (Nystrom
//!    removes all); at 0 the maze stays whole.
//! 5. **Start and end.** The [path of interest](crate::poi) between rooms,
//!    the longest of the shortest paths from one room to another (seed
//!    004): the start goes at the centre of its first room, the end at the
//!    centre of its last. So [`crate::poi::path_of_interest`] with
//!    [`PoiEnds::Rooms`] on the map returned runs from `start` to `end`.
//!
//! Maze tiles are corridor tiles (code 4) and room floor is room floor
//! (code 1): a maze step never ends next to a room (rooms lie on odd rows
//! and columns with a wall around them), so a corridor never opens sideways
//! into a room; only door tiles do.
//!
//! # Where we differ from the original
//!
//! - **Settings.** Nystrom draws a square size from `1..=3 + roomExtraSize`
//!   and stretches one side; we draw both sides from `room_min_size..=
//!   room_max_size`. His `windingPercent` (0–100) is our `windiness`
//!   (0–1), his `extraConnectorChance` (1 in 20) our
//!   `extra_connector_chance` (0.05 in [`MazeConfig::classic`]).
//! - **Dead ends.** Nystrom removes all dead ends; `dead_end_removal` lets
//!   a share stay (the picture we compared against keeps some).
//! - **Too few rooms.** A map needs two rooms (start and end). When the
//!   random drops leave fewer (few attempts, rooms as big as the map), two
//!   rooms of `room_min_size` go in the first free odd spots instead,
//!   row by row; validation makes sure two fit. So every valid config
//!   generates.
//! - **Even sizes** are refused, not rounded: the message names the odd
//!   values next to the one given.
//!
//! # Measured against the original
//!
//! `examples/maze_fidelity.rs`, [`MazeConfig::classic`] over seeds 1–1000:
//! every room odd-sized at odd spots (none off the grid), 30.5 rooms a map
//! (23–39), no dead-end tile in any map, start and end at the ends of the
//! path of interest in all 1000. With `extra_connector_chance = 0` the
//! places (rooms, other tiles) form a tree: 0 loops in every map, 1.06 door
//! tiles a room; at the preset's 0.05, 14.06 loops a map and 1.53 door
//! tiles a room.
//!
//! # Speed
//!
//! Every pass is linear in the map's area, and touches as little of it as
//! it can: regions are kept for the odd tiles only (a connector always
//! joins two), the door masks are opened as tiles are carved rather than
//! by a pass over the map, only odd tiles are scanned for dead ends, and
//! room drops are tested against an occupancy map of the odd tiles rather
//! than against every room placed. The start and end come from
//! [`poi::room_ends`]: the path of interest's two end rooms found on the map
//! with its dead ends pruned and its chains of corridor contracted (no
//! search when there are only two rooms: they are the ends), where [`generate_with_path`] searches the whole node graph
//! and walks the path's tiles. Each shortcut has its plain version as a
//! test oracle (`fast_passes_match_their_plain_versions`, and
//! `tests/maze_properties.rs` compares [`generate`] with
//! [`generate_with_path`]). `examples/maze_profile.rs` runs the bench's
//! configs under a profiler.
//!
//! ```
//! use dungeon_core::maze::{self, MazeConfig};
//! let grid = maze::generate(&MazeConfig::classic(), 1, 1).unwrap();
//! assert!(grid.is_connected());
//! assert!(grid.room_rects().len() >= 2);
//! println!("{grid}");
//! ```

mod carve;
mod config;

pub use config::{MAX_ROOM_ATTEMPTS, MAX_SIDE, MIN_SIDE, MazeConfig, PRESET_LIST};

use crate::error::GenError;
use crate::generator::GeneratorConfig;
use crate::grid::{DungeonGrid, GridKind};
use crate::level::check_level;
use crate::poi::{self, NodeGraph, PathOfInterest, PoiEnds};
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;
use carve::{Carver, place_rooms};

/// Sub-stream of the layout stream for the maze.
const MAZE_STREAM: u64 = 0x3A2E_0001;
/// Sub-stream of the layout stream for the connectors.
const CONNECT_STREAM: u64 = 0x3A2E_0002;
/// Sub-stream of the layout stream for dead-end removal.
const DEAD_END_STREAM: u64 = 0x3A2E_0003;

/// Progress when the rooms, the maze, the connectors and the dead ends are
/// done (see [`MazeConfig::build`]).
const W_ROOMS: f64 = 0.05;
const W_MAZE: f64 = 0.29;
const W_CONNECT: f64 = 0.35;
const W_DEAD_ENDS: f64 = 0.41;

crate::generator::entry_points!(MazeConfig);

impl GeneratorConfig for MazeConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate()?;
        Ok(check_level(level)?)
    }

    /// Generates level `level` of the run `seed` under `watch`.
    /// Checkpoints: every 16 384 carved cells, connectors and dead ends,
    /// and between the phases. Weights, from a 1023² `classic` maze
    /// (release): rooms 5 %, maze 24 %, connectors 6 %, dead ends 6 %, the
    /// end rooms' search 59 % (see [`crate::poi`]'s `room_ends_watched`).
    ///
    /// # Errors
    /// [`GenError::Config`] when [`MazeConfig::validate`] fails or `level`
    /// is outside `1..=1000`; [`GenError::Cancelled`] when `watch` was
    /// cancelled. A valid config never fails otherwise.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        let mut g = carve_map(self, seed, level, watch)?;
        // Every region is joined, so with two rooms there is nothing to
        // search: the search from room 0 finds room 1, and the one back
        // cannot beat it.
        let (from, to) = if g.room_rects.len() == 2 {
            (0, 1)
        } else {
            poi::room_ends_watched(&g, watch.span(W_DEAD_ENDS, 1.0))?.ok_or_else(not_joined)?
        };
        let (start, end) = (g.room_rects[from].center(), g.room_rects[to].center());
        g.set_ends(start, end);
        Ok(g)
    }
}

/// [`generate`], also returning the path of interest whose ends are the
/// start and end (the same one [`crate::poi::path_of_interest`] with
/// [`PoiEnds::Rooms`] finds on the returned grid).
///
/// [`generate`] finds only the path's two end rooms, on the map with its
/// dead ends pruned ([`poi::room_ends`]); this searches the whole node
/// graph, and is the plain version the tests compare [`generate`] with.
///
/// # Errors
/// As [`generate`].
pub fn generate_with_path(
    config: &MazeConfig,
    seed: u64,
    level: i32,
) -> Result<(DungeonGrid, PathOfInterest), GenError> {
    let mut g = carve_map(config, seed, level, &Watch::new())?;
    let graph = NodeGraph::new(&g);
    let path = poi::path_in(&g, &graph, PoiEnds::Rooms).ok_or_else(not_joined)?;
    let (Some(&start), Some(&end)) = (path.tiles.first(), path.tiles.last()) else {
        return Err(exhausted(
            "the path of interest has no tiles (a bug: please report it)",
        ));
    };
    g.set_ends(start, end);
    Ok((g, path))
}

fn exhausted(reason: &str) -> GenError {
    GenError::Exhausted {
        generator: "maze",
        attempts: 1,
        reason: reason.to_owned(),
    }
}

fn not_joined() -> GenError {
    exhausted("the rooms are not joined (a bug: please report it)")
}

/// The map without its start and end: rooms, maze, connectors, dead ends.
fn carve_map(
    config: &MazeConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<DungeonGrid, GenError> {
    config.validate_for(level)?;
    watch.at(0.0)?;
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let rects = place_rooms(config, &mut rng).ok_or_else(|| {
        exhausted("two rooms of room_min_size do not fit (validation should have said so)")
    })?;
    let mut g = DungeonGrid::new(config.width, config.height);
    let (w, h) = (g.width as usize, g.height as usize);
    {
        let mut carver = Carver::new(&mut g.cells, &mut g.doors, w, h);
        carver.paint_rooms(&rects);
        watch.at(W_ROOMS)?;
        carver.grow_mazes(
            config.windiness,
            &mut rng.stage(MAZE_STREAM),
            watch.span(W_ROOMS, W_MAZE),
        )?;
        carver.connect(
            config.extra_connector_chance,
            &mut rng.stage(CONNECT_STREAM),
            watch.span(W_MAZE, W_CONNECT),
        )?;
        carver.remove_dead_ends(
            config.dead_end_removal,
            &mut rng.stage(DEAD_END_STREAM),
            watch.span(W_CONNECT, W_DEAD_ENDS),
        )?;
    }
    watch.at(W_DEAD_ENDS)?;
    g.kind = GridKind::TileMap;
    g.room_rects = rects;
    g.stamp("maze", seed, level);
    Ok(g)
}

#[cfg(test)]
mod tests;
