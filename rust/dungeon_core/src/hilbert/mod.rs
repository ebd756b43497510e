//! Hilbert-curve backbones (after Galak-Z): a room grid whose main
//! path follows a space-filling curve.
//!
//! Galak-Z's talk ("Building Space-Dungeons Organically", GDC 2015) describes
//! the idea: lay a Hilbert curve over a grid of rooms and use a stretch of it
//! as the level's backbone; the path winds through the whole area, never
//! crosses itself, and every room on it is one step from the next. A Python
//! recursion for the curve is our reference ([`curve::curve`]); the rest is
//! ours, as the issue asks:
//!
//! 1. **Plan.** Order `n` gives a `2ⁿ × 2ⁿ` grid of room cells. The path of
//!    level `L` has `path_length + floor(path_per_level × L) +
//!    randint(0, path_variance)` rooms, like Isaac's room counts; the order
//!    grows (with `grow_order`) until the level's longest path fits `4ⁿ`
//!    cells, so the order depends on the level, never on the seed.
//! 2. **Path.** One of the square's eight symmetries (the curve rotated or
//!    mirrored is still a Hilbert curve), a start distance `d₀` drawn from
//!    `0..=4ⁿ − length`, and a coin for the direction; the cells at
//!    distances `d₀ .. d₀ + length` ([`curve::stretch`]: the reference
//!    recursion, skipping the sub-curves outside the stretch) are the main
//!    path. Doors open between consecutive path cells only; the start
//!    is its first cell and the end its last.
//! 3. **Side rooms.** For each path cell in path order and each free
//!    neighbour (N, E, S, W), with `side_room_chance` the neighbour becomes a
//!    side room with a door to the path cell; the branch then grows one
//!    room more while the same chance says so, up to `branch_length` rooms,
//!    into a random free neighbour of its tip. A side room opens only to the
//!    room it grew from.
//! 4. **Loops.** For each pair of adjacent rooms not yet joined (scanned
//!    row by row, east then south), with `loop_chance` a door opens between
//!    them. Unless `allow_shortcuts` is set, only pairs whose rooms hang off
//!    the same or consecutive path rooms qualify (a path room hangs off
//!    itself, a side room off the path room its branch grew from): every
//!    door then changes that anchor by at most one, so no walk from start
//!    to end is shorter than the path, which stays the level's backbone.
//!    Two path rooms that touch without being consecutive are never joined
//!    then; with shortcuts allowed they may be.
//!
//! The output is a room grid like Isaac's (`GridKind::RoomGrid`): one room
//! per cell, door masks only between consecutive path cells, a side room
//! and its parent, or a loop's pair. Each stage draws from its own stream,
//! so changing the side-room settings keeps the path. There are no retries:
//! every call does `O(4ⁿ + length × n)` work, at most about a million cells'
//! worth at order 10, and always succeeds once the config is valid.
//!
//! What the presets make (means over 2000 seeds per level; steps are the
//! doors walked from start to end, always the path's length − 1 since no
//! preset allows shortcuts; `cargo run --release -p dungeon_core --example
//! hilbert_stats`). The sources give only the curve, so there is no
//! published figure to hold these to:
//!
//! ```text
//! preset    | level | path | rooms | side rooms | loops | start–end steps | dead ends | grid
//! winding   |     1 | 11.0 |  11.0 |        0.0 |  0.00 |            10.0 |      2.00 | 8×8
//! winding   |    10 | 29.0 |  29.0 |        0.0 |  0.00 |            28.0 |      2.00 | 8×8
//! sprawling |     1 | 14.5 |  20.6 |        6.1 |  0.47 |            13.5 |      4.84 | 16×16
//! sprawling |     5 | 26.5 |  34.4 |        7.9 |  0.69 |            25.5 |      5.99 | 16×16
//! sprawling |    10 | 41.5 |  51.0 |        9.5 |  0.81 |            40.5 |      7.01 | 16×16
//! ```
//!
//! Loops are rare under the no-shortcut rule: a grid is bipartite, so a side
//! room never touches the path room next to its own, and the qualifying
//! pairs are the squares a branch closes beside the path. With
//! `allow_shortcuts` and a 15 % loop chance, sprawling floors had 1.3 loops
//! on level 1 but the walk from start to end was 3 steps shorter than the
//! path (10.5 instead of 13.5).
//!
//! The reference recursion has no bug: tests check it visits every cell of
//! orders 0..=8 once in unit steps, that the iterative [`curve::point`]
//! gives the same cells and that [`curve::stretch`] gives every slice.

pub mod config;
pub mod curve;

pub use config::{HilbertConfig, HilbertPlan, MAX_BRANCH_LENGTH, PRESET_LIST};
pub use curve::{MAX_ORDER, curve, point, stretch};

use crate::error::GenError;
use crate::generator::GeneratorConfig;
use crate::grid::{Cell, DIRS, DungeonGrid, PlannedGraph, Pos};
use crate::preset::Preset;
use crate::rng::{DungeonRng, mix64, stage};
use crate::watch::Watch;

/// Sub-stream tags of the layout stage.
const PATH: u64 = mix64(0x4811_BE27);
const SIDES: u64 = mix64(0x5DE5_0011);
const LOOPS: u64 = mix64(0x100B_5000);

/// What a cell holds while the layout grows.
const FREE: u8 = 0;
const ON_PATH: u8 = 1;
const SIDE: u8 = 2;

/// A generated level and how it was built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HilbertLayout {
    /// The room grid.
    pub grid: DungeonGrid,
    /// The main path, start first, end last: consecutive cells along the
    /// curve, each a grid neighbour of the next.
    pub path: Vec<Pos>,
    /// The curve order used.
    pub order: i32,
    /// Side rooms added.
    pub side_rooms: usize,
    /// Loop doors added.
    pub loops: usize,
}

crate::generator::entry_points!(HilbertConfig);

impl GeneratorConfig for HilbertConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate(level)
    }

    /// Generates level `level` of the run `seed` under `watch`.
    /// Checkpoints between the phases (each a linear pass over the path or
    /// the curve's cells). Weights, from order 9 with a path of half the
    /// cells (release): the path 36 %, side rooms 29 %, loops 26 %, the
    /// grid 9 %.
    ///
    /// # Errors
    /// [`GenError::Config`] for an invalid config or a level whose path
    /// does not fit the curve; [`GenError::Cancelled`] when `watch` was
    /// cancelled. It never runs out of work.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        run(self, seed, level, watch).map(|l| l.grid)
    }
}

/// [`generate`], also returning the main path and what was added to it.
///
/// # Errors
/// As [`generate`].
pub fn generate_layout(
    config: &HilbertConfig,
    seed: u64,
    level: i32,
) -> Result<HilbertLayout, GenError> {
    run(config, seed, level, &Watch::new())
}

/// [`generate_layout`] under `watch`.
fn run(
    config: &HilbertConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<HilbertLayout, GenError> {
    let plan = config.plan(level)?;
    let length = config.path_length_for(seed, level)?;
    watch.at(0.0)?;
    let order = plan.order;
    let side = 1i32 << order;
    let cells = curve::cells(order);
    let layout = DungeonRng::for_level(seed, level, stage::LAYOUT);

    // The stretch of the curve.
    let mut rng = layout.stage(PATH);
    let symmetry = rng.below(8);
    let last_start = cells - length as u64;
    let d0 = if last_start > u64::from(u32::MAX - 1) {
        // Unreachable for orders up to 10 (4¹⁰ < 2³²); kept total.
        0
    } else {
        u64::from(rng.below(last_start as u32 + 1))
    };
    let reverse = rng.chance(0.5);
    let mut path = curve::stretch(order, d0, length as u64);
    for p in &mut path {
        *p = curve::transform(*p, symmetry, side);
    }
    if reverse {
        path.reverse();
    }

    let mut g = Grow::new(side);
    for (k, &p) in path.iter().enumerate() {
        g.place(p, ON_PATH, k as u32);
    }
    for w in path.windows(2) {
        g.join(w[0], w[1]);
    }
    watch.at(0.36)?;
    let side_rooms = g.branch(&path, config, &mut layout.stage(SIDES));
    watch.at(0.65)?;
    let loops = g.add_loops(config, &mut layout.stage(LOOPS));
    watch.at(0.91)?;

    let (start, end) = match (path.first(), path.last()) {
        (Some(&s), Some(&e)) => (s, e),
        // The plan guarantees at least two path cells.
        _ => ((0, 0), (0, 0)),
    };
    let mut grid = DungeonGrid::new(side, side);
    for &p in &g.rooms {
        grid.set(p, Cell::Room);
    }
    grid.rooms.clone_from(&g.rooms);
    grid.set_ends(start, end);
    grid.doors.copy_from_slice(&g.masks);
    // The path's rooms come first, in path order: rooms 0..path.len() are
    // the main path (JSON `graph.main_path`), the rest side rooms.
    grid.plan = PlannedGraph {
        main_path: (0..path.len()).collect(),
        ..PlannedGraph::default()
    };
    grid.stamp("hilbert", seed, level);
    Ok(HilbertLayout {
        grid,
        path,
        order,
        side_rooms,
        loops,
    })
}

/// The occupancy, door masks and room list one call grows.
struct Grow {
    side: i32,
    state: Vec<u8>,
    /// The path index each room hangs off (its own for a path room).
    anchor: Vec<u32>,
    masks: Vec<u8>,
    rooms: Vec<Pos>,
}

impl Grow {
    fn new(side: i32) -> Self {
        let n = side as usize * side as usize;
        Self {
            side,
            state: vec![FREE; n],
            anchor: vec![0; n],
            masks: vec![0; n],
            rooms: Vec::new(),
        }
    }

    fn idx(&self, p: Pos) -> Option<usize> {
        (p.0 >= 0 && p.1 >= 0 && p.0 < self.side && p.1 < self.side)
            .then(|| p.1 as usize * self.side as usize + p.0 as usize)
    }

    fn is_free(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.state[i] == FREE)
    }

    fn place(&mut self, p: Pos, what: u8, anchor: u32) {
        if let Some(i) = self.idx(p) {
            self.state[i] = what;
            self.anchor[i] = anchor;
            self.rooms.push(p);
        }
    }

    /// Opens the door between the neighbours `a` and `b`; `false` if they
    /// were joined already (or are not neighbours).
    fn join(&mut self, a: Pos, b: Pos) -> bool {
        let Some(&(_, _, bit, back)) = DIRS.iter().find(|d| (a.0 + d.0, a.1 + d.1) == b) else {
            return false;
        };
        match (self.idx(a), self.idx(b)) {
            (Some(i), Some(j)) if self.masks[i] & bit == 0 => {
                self.masks[i] |= bit;
                self.masks[j] |= back;
                true
            }
            _ => false,
        }
    }

    /// Grows the side branches off `path`; returns the side rooms added.
    fn branch(&mut self, path: &[Pos], c: &HilbertConfig, rng: &mut DungeonRng) -> usize {
        if c.side_room_chance <= 0.0 {
            return 0;
        }
        let before = self.rooms.len();
        let mut free = Vec::with_capacity(4);
        for (k, &p) in path.iter().enumerate() {
            let anchor = k as u32;
            for (dx, dy, _, _) in DIRS {
                let root = (p.0 + dx, p.1 + dy);
                if !self.is_free(root) || !rng.chance(c.side_room_chance) {
                    continue;
                }
                self.place(root, SIDE, anchor);
                self.join(p, root);
                let mut tip = root;
                for _ in 1..c.branch_length {
                    if !rng.chance(c.side_room_chance) {
                        break;
                    }
                    free.clear();
                    free.extend(
                        DIRS.iter()
                            .map(|d| (tip.0 + d.0, tip.1 + d.1))
                            .filter(|&q| self.is_free(q)),
                    );
                    let Some(&next) = rng.pick(&free) else { break };
                    self.place(next, SIDE, anchor);
                    self.join(tip, next);
                    tip = next;
                }
            }
        }
        self.rooms.len() - before
    }

    /// Opens a door between adjacent rooms not yet joined, each pair with
    /// `loop_chance` (and, without `allow_shortcuts`, only where the
    /// anchors differ by at most one); returns the doors opened.
    fn add_loops(&mut self, c: &HilbertConfig, rng: &mut DungeonRng) -> usize {
        let chance = c.loop_chance;
        if chance <= 0.0 {
            return 0;
        }
        let mut opened = 0;
        for i in 0..self.state.len() {
            if self.state[i] == FREE {
                continue;
            }
            let p = (
                (i % self.side as usize) as i32,
                (i / self.side as usize) as i32,
            );
            for q in [(p.0 + 1, p.1), (p.0, p.1 + 1)] {
                let Some(j) = self.idx(q).filter(|&j| self.state[j] != FREE) else {
                    continue;
                };
                let near = c.allow_shortcuts || self.anchor[i].abs_diff(self.anchor[j]) <= 1;
                if near && !self.joined(p, q) && rng.chance(chance) && self.join(p, q) {
                    opened += 1;
                }
            }
        }
        opened
    }

    /// Whether the east or south neighbour `q` of `p` shares a door with it.
    fn joined(&self, p: Pos, q: Pos) -> bool {
        let bit = if q.0 > p.0 { DIRS[1].2 } else { DIRS[2].2 };
        self.idx(p).is_some_and(|i| self.masks[i] & bit != 0)
    }
}

#[cfg(test)]
mod tests;
