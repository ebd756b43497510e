//! Rooms picked out of a crowd of scattered cells and joined along a
//! Delaunay graph (Phi Dinh's TinyKeep, and TinyKeepIsh, an implementation
//! of it).
//!
//! # The algorithm
//!
//! 1. **Scatter.** `cell_count` cells of random width and height (uniform
//!    or bell-shaped sides) are dropped with their centres uniformly inside
//!    a circle or an ellipse.
//! 2. **Separate.** Overlapping cells push each other apart, pass after
//!    pass, until every two cells have at least one empty tile between them
//!    (TinyKeepIsh's SQUARE and SPHERE collision methods, [`Separation`]). All
//!    arithmetic is on integers. Each pass sweeps the cells in order of
//!    left edge (then number) and pushes each pair found too close apart at
//!    once, both cells by the full amount that clears them. The budget is `separation_steps` passes (and at
//!    most 4·10⁷ pair checks in all, whatever the passes); cells still too
//!    close when it runs out are dropped (the higher-numbered cell of each
//!    such pair), so every valid config gives a defined map.
//! 3. **Rooms.** Cells at least `min_room_width` × `min_room_height` (and
//!    `min_room_area` tiles, TinyKeepIsh's `largeCutoff`) become the main
//!    rooms.
//! 4. **Graph.** The main rooms' centres are triangulated (Delaunay, the
//!    `delaunator` crate: exact predicates on integer points). Its edges,
//!    shortest first (ties by room numbers), build a minimum spanning tree
//!    (Kruskal); each edge is carved as it is accepted, and an edge that
//!    cannot be carved is skipped for the next shortest. Then each
//!    remaining edge comes back with chance `extra_edge_chance` (a loop).
//! 5. **Hallways.** A `hallway_width`-tile square brush runs from one
//!    room's centre to the other's: L-shaped (either bend, tried in random
//!    order) or, when neither bend is clear or [`HallwayStyle::AStar`] is
//!    chosen, along the shortest 4-connected way with a small cost per
//!    bend, within the box around both rooms widened by the largest cell
//!    side (so one search costs at most that box's area, not the map's).
//!    All searches of one map share a budget of 2·10⁷ tile checks; past
//!    it a search fails at once and its edge is skipped like any edge
//!    that cannot be carved.
//!    A hallway never touches a third main room, and (unless
//!    `allow_crossings`) never comes within one tile of another hallway.
//! 6. **Cells along the way.** Every other cell a hallway crosses joins
//!    the map as a room (Phi Dinh's pictures, TinyKeepIsh's 1×1 fillers);
//!    the cells no hallway crosses are dropped.
//! 7. **Tiles.** Rooms are room floor; hallway tiles are corridor, and a
//!    hallway tile that steps into a room is a door. Door masks open along
//!    each room's inside and along each hallway, so a corridor tile never
//!    opens sideways into a room: only doors do.
//!
//! # What we changed
//!
//! - **Rooms without a corridor, crossing corridors.** TinyKeepIsh's
//!   author reports that it sometimes left a room with no corridor and let
//!   corridors cross. Here every main room in the map is joined (the
//!   spanning tree is built from carved hallways only; a room none of whose
//!   edges can be carved is dropped with its whole group, keeping the
//!   largest group), and hallways keep a tile of rock between each other
//!   unless `allow_crossings` asks otherwise. The tests check both on
//!   thousands of maps.
//! - **Normal sizes.** Phi Dinh names a normal distribution. We draw it as
//!   the sum of twelve uniform draws (Irwin–Hall: mean 6, variance 1) from
//!   our [`DungeonRng`], in exact integer arithmetic rather than through a
//!   distribution crate whose float maths could round differently across
//!   platforms; sides are `mid ± sd·z` with `sd` a quarter of the range,
//!   rounded and clamped to it.
//! - **Cell filler.** TinyKeepIsh filled all empty space with 1×1 cells and
//!   kept the ones a straight corridor line crossed; we keep the hallway
//!   tiles themselves as corridor instead, which draws the same path.
//! - **Separation by steering.** TinyKeep steers cells with float forces
//!   until they stop; ours moves whole tiles and stops at a budget, so the
//!   same seed gives the same bytes everywhere and never loops forever.
//!
//! # Measured against the originals
//!
//! `examples/tinykeep_fidelity.rs`, seeds 1–500 per preset:
//!
//! | preset | separated within budget | main rooms / cells | Delaunay edges / room | tree edges | extra / non-tree edges (chance) | crossed cells joined / map |
//! |---|---|---|---|---|---|---|
//! | `tinykeep` | 500/500 (41.0 passes) | 24.2 / 150 (16.1 %) | 2.44 | rooms − 1 in 500/500 | 0.150 (0.15) | 22.8 |
//! | `winding_halls` | 500/500 (32.4 passes) | 34.5 / 100 (34.5 %) | 2.60 | rooms − 1 in 500/500 | 0.097 (0.10) | 14.2 |
//! | `small` | 500/500 (12.2 passes) | 20.4 / 40 (51.0 %) | 2.42 | rooms − 1 in 500/500 | 0.195 (0.25) | 6.9 |
//!
//! TinyKeepIsh puts its corridor count between n and 3n rooms by `treeCutOff`;
//! a planar triangulation has fewer than 3n edges, and ours keep about
//! 2.5n, so 0–100 % extra edges gives n − 1 to about 2.5n hallways. Every
//! main room meets the size rule (0 failures in 39 529 rooms). Loops come
//! out below the chance when an extra edge cannot be carved without
//! touching another hallway: with the `small` preset's two-tile hallways
//! one chosen edge in five is skipped.
//!
//! # Start and end
//!
//! Both are main-room centres: a double sweep over the room graph (breadth
//! first, in hops): the room farthest from room 0 is the start, the room
//! farthest from the start is the end (lowest number on ties). On a tree
//! they are the two rooms farthest apart by room-graph path.
//!
//! # The room graph
//!
//! [`generate_with_graph`] also returns the [`RoomGraph`]: the main rooms'
//! centres and the Delaunay, spanning-tree and extra edges between them,
//! numbered like [`DungeonGrid::room_rects`] (main rooms first, then the
//! cells hallways crossed).
//!
//! ```
//! use dungeon_core::tinykeep::{self, TinyKeepConfig};
//! let (grid, graph) = tinykeep::generate_with_graph(&TinyKeepConfig::small(), 3, 1).unwrap();
//! assert!(grid.check().is_ok());
//! assert_eq!(graph.mst.len(), graph.centers.len() - 1);
//! ```

mod config;
mod graph;
mod route;
mod scatter;

pub use config::{
    HallwayStyle, MAX_BORDER, MAX_CELL_SIDE, MAX_CELLS, MAX_HALLWAY_WIDTH, MAX_MAP_SIDE,
    MAX_RADIUS, MAX_SEPARATION_STEPS, PRESET_LIST, ScatterShape, Separation, SizeDistribution,
    TinyKeepConfig,
};

use crate::error::GenError;
use crate::generator::GeneratorConfig;
use crate::grid::{Cell, DIRS, DungeonGrid, GridKind, PlannedGraph, Pos, Rect};
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;
use graph::{Sets, delaunay_edges, far_pair};
use route::{NONE, Router};

/// Sub-stream of the layout stream for the cells.
const CELLS_STREAM: u64 = 0x7C_CE11;
/// Sub-stream of the layout stream for hallway bends and extra edges.
const EDGES_STREAM: u64 = 0x7C_ED6E;

/// A carved hallway: its edge, brush path and tiles outside the rooms.
type Carved = ((usize, usize), Vec<Pos>, Vec<Pos>);

/// How many largest cell sides an A* hallway may stray past the box
/// around its two rooms.
const DETOUR_CELLS: i32 = 1;

/// Progress when the scatter, the separation and the hallways are done
/// (see [`TinyKeepConfig::build`]).
const W_SCATTER: f64 = 0.01;
const W_SEPARATE: f64 = 0.85;
const W_HALLWAYS: f64 = 0.95;

/// The room graph behind a TinyKeep map. Room `i` is
/// [`DungeonGrid::room_rects`]`[i]` for `i < centers.len()` (the main
/// rooms); edges are pairs of room numbers, smaller first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomGraph {
    /// Each main room's centre tile.
    pub centers: Vec<Pos>,
    /// The Delaunay triangulation's edges between the main rooms.
    pub delaunay: Vec<(usize, usize)>,
    /// The spanning tree the hallways follow: exactly `centers.len() - 1`
    /// edges, in carving order. Kruskal over the Delaunay edges, shortest
    /// first, skipping an edge whose hallway cannot be carved: the minimum
    /// spanning tree of the carvable edges, which is the minimum spanning
    /// tree of the triangulation only when no edge was skipped (named `mst`
    /// in JSON and Godot for that reason).
    pub mst: Vec<(usize, usize)>,
    /// The loops: Delaunay edges outside the tree that were carved too.
    pub extra: Vec<(usize, usize)>,
    /// Each carved hallway's tiles outside the main rooms, tree edges first
    /// then extra edges, in the order of those lists. Tiles inside cells
    /// that joined as rooms are included.
    pub hallways: Vec<Vec<Pos>>,
    /// Separation passes used, and whether they cleared every pair before
    /// the budget ran out.
    pub separation_passes: i32,
    /// See [`RoomGraph::separation_passes`].
    pub separated: bool,
}

crate::generator::entry_points!(TinyKeepConfig);

impl GeneratorConfig for TinyKeepConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        Ok(self.validate().and(check_level(level))?)
    }

    /// Generates level `level` of the run `seed` under `watch`.
    /// Checkpoints: after each separation pass, every 16 hallways routed,
    /// and between the phases. Weights, from 2000 cells of the `tinykeep`
    /// preset (release): scatter 1 %, separation 84 %, hallways 10 %, tiles
    /// and ends 5 %. Separation reports the larger of the share of
    /// `separation_steps` passed and of its work budget spent.
    ///
    /// # Errors
    /// [`GenError::Config`] when [`TinyKeepConfig::validate`] fails or
    /// `level` is outside `1..=1000`; [`GenError::Exhausted`] when fewer
    /// than two joined main rooms come out of the cells (too few or too
    /// small cells for the room minimums) or the separated cells span more
    /// than [`MAX_MAP_SIDE`] tiles; [`GenError::Cancelled`] when `watch`
    /// was cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        run(self, seed, level, watch).map(|(g, _)| g)
    }
}

fn exhausted(reason: String) -> GenError {
    GenError::Exhausted {
        generator: "tinykeep",
        attempts: 1,
        reason,
    }
}

/// [`generate`], also returning the [`RoomGraph`] the map was built from.
///
/// # Errors
/// As [`generate`].
pub fn generate_with_graph(
    config: &TinyKeepConfig,
    seed: u64,
    level: i32,
) -> Result<(DungeonGrid, RoomGraph), GenError> {
    run(config, seed, level, &Watch::new())
}

/// [`generate_with_graph`] under `watch`.
fn run(
    config: &TinyKeepConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<(DungeonGrid, RoomGraph), GenError> {
    config.validate_for(level)?;
    watch.at(0.0)?;
    let c = config;
    let rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut cell_rng = rng.stage(CELLS_STREAM);
    let mut edge_rng = rng.stage(EDGES_STREAM);

    // 1–2: scatter and separate.
    let mut cells = scatter::scatter(c, &mut cell_rng);
    watch.at(W_SCATTER)?;
    let (passes, separated) = scatter::separate(
        &mut cells,
        c.separation,
        c.separation_steps,
        watch.span(W_SCATTER, W_SEPARATE),
    )?;
    watch.at(W_SEPARATE)?;
    if !separated {
        let kept = scatter::drop_overlapping(&cells);
        cells = kept.into_iter().map(|i| cells[i]).collect();
    }

    // Into map coordinates, with room around the cells for hallways.
    let margin = c.border + c.hallway_width + 1;
    let min_x = cells.iter().map(|r| r.x).min().unwrap_or(0);
    let min_y = cells.iter().map(|r| r.y).min().unwrap_or(0);
    let max_x = cells.iter().map(|r| r.x + r.w).max().unwrap_or(0);
    let max_y = cells.iter().map(|r| r.y + r.h).max().unwrap_or(0);
    let (width, height) = (
        i64::from(max_x) - i64::from(min_x) + 2 * i64::from(margin),
        i64::from(max_y) - i64::from(min_y) + 2 * i64::from(margin),
    );
    if width > i64::from(MAX_MAP_SIDE) || height > i64::from(MAX_MAP_SIDE) {
        return Err(exhausted(format!(
            "the separated cells span {width}×{height} tiles, more than {MAX_MAP_SIDE}; \
             lower cell_count = {} or cell_max_size = {}",
            c.cell_count, c.cell_max_size
        )));
    }
    let (width, height) = (width as i32, height as i32);
    for r in &mut cells {
        r.x += margin - min_x;
        r.y += margin - min_y;
    }

    // 3: main rooms.
    let is_room = |r: &Rect| {
        r.w >= c.min_room_width && r.h >= c.min_room_height && r.w * r.h >= c.min_room_area
    };
    let main: Vec<usize> = (0..cells.len()).filter(|&i| is_room(&cells[i])).collect();
    let too_few = |n: usize| {
        exhausted(format!(
            "only {n} joined room(s) from cells of at least min_room_width × min_room_height = {}×{} \
             (and min_room_area = {}); need 2: raise cell_count = {} or cell_max_size = {}, \
             or lower the room minimums",
            c.min_room_width, c.min_room_height, c.min_room_area, c.cell_count, c.cell_max_size
        ))
    };
    if main.len() < 2 {
        return Err(too_few(main.len()));
    }
    let rects: Vec<Rect> = main.iter().map(|&i| cells[i]).collect();
    let centers: Vec<Pos> = rects.iter().map(Rect::center).collect();

    // 4–5: graph and hallways.
    let delaunay = delaunay_edges(&centers);
    let mut by_length = delaunay.clone();
    let len2 = |&(a, b): &(usize, usize)| {
        let (p, q) = (centers[a], centers[b]);
        let (dx, dy) = (i64::from(p.0 - q.0), i64::from(p.1 - q.1));
        dx * dx + dy * dy
    };
    by_length.sort_by_key(|e| (len2(e), *e));
    let mut router = Router::new(
        width,
        height,
        c.hallway_width,
        c.border,
        &rects,
        c.allow_crossings,
    );
    router.detour = DETOUR_CELLS * c.cell_max_size + 2 * c.hallway_width + 2;
    let mut sets = Sets::new(rects.len());
    let mut carved: Vec<Carved> = Vec::new();
    let mut in_tree = vec![false; by_length.len()];
    // Tree edges, then extra edges: each pass over the edges is half.
    let hallways = watch.span(W_SEPARATE, W_HALLWAYS);
    let edges = 2 * by_length.len();
    for (k, &(a, b)) in by_length.iter().enumerate() {
        if k.is_multiple_of(16) {
            hallways.step(k, edges)?;
        }
        if sets.find(a) != sets.find(b)
            && let Some(path) = router.route(a, b, c.hallway_style, &mut edge_rng)
        {
            sets.union(a, b);
            in_tree[k] = true;
            let tiles = router.commit(&path);
            carved.push(((a, b), path, tiles));
        }
    }
    let tree_len = carved.len();
    for (k, &(a, b)) in by_length.iter().enumerate() {
        if k.is_multiple_of(16) {
            hallways.step(by_length.len() + k, edges)?;
        }
        // One draw per edge, carved or not, so a change in routing does not
        // reshuffle the later choices.
        let chosen = edge_rng.chance(c.extra_edge_chance);
        if !in_tree[k]
            && chosen
            && sets.find(a) == sets.find(b)
            && let Some(path) = router.route(a, b, c.hallway_style, &mut edge_rng)
        {
            let tiles = router.commit(&path);
            carved.push(((a, b), path, tiles));
        }
    }

    // The largest group of joined rooms (lowest room on ties) is the map.
    let mut best = 0;
    for r in 0..rects.len() {
        let (s, bs) = (sets.size_of(r), sets.size_of(best));
        if s > bs {
            best = r;
        }
    }
    let root = sets.find(best);
    let keep: Vec<bool> = (0..rects.len()).map(|r| sets.find(r) == root).collect();
    let kept_count = keep.iter().filter(|&&k| k).count();
    if kept_count < 2 {
        return Err(too_few(kept_count));
    }
    let mut number = vec![usize::MAX; rects.len()];
    let mut next = 0;
    for r in 0..rects.len() {
        if keep[r] {
            number[r] = next;
            next += 1;
        }
    }
    let renumber = |(a, b): (usize, usize)| (number[a].min(number[b]), number[a].max(number[b]));

    let mut out = RoomGraph {
        centers: (0..rects.len())
            .filter(|&r| keep[r])
            .map(|r| centers[r])
            .collect(),
        delaunay: delaunay
            .iter()
            .filter(|&&(a, b)| keep[a] && keep[b])
            .map(|&e| renumber(e))
            .collect(),
        separation_passes: passes,
        separated,
        ..RoomGraph::default()
    };
    out.delaunay.sort_unstable();
    let mut paths: Vec<Vec<Pos>> = Vec::new();
    for (k, ((a, b), path, tiles)) in carved.into_iter().enumerate() {
        if !keep[a] {
            continue;
        }
        if k < tree_len {
            out.mst.push(renumber((a, b)));
        } else {
            out.extra.push(renumber((a, b)));
        }
        paths.push(path);
        out.hallways.push(tiles);
    }

    // 6–7: the tiles.
    watch.at(W_HALLWAYS)?;
    let mut g = build(c, width, height, &cells, &main, &keep, &paths, &router);
    let mut adjacent = vec![Vec::new(); out.centers.len()];
    for &(a, b) in out.mst.iter().chain(&out.extra) {
        adjacent[a].push(b);
        adjacent[b].push(a);
    }
    for list in &mut adjacent {
        list.sort_unstable();
    }
    let (s, e) = far_pair(&adjacent);
    g.set_ends(out.centers[s], out.centers[e]);
    // The plan travels with the map (JSON `graph`).
    g.plan = PlannedGraph {
        delaunay: out.delaunay.clone(),
        tree: out.mst.clone(),
        extra: out.extra.clone(),
        main_path: Vec::new(),
    };
    g.stamp("tinykeep", seed, level);
    Ok((g, out))
}

/// Paints the kept main rooms, the cells the hallways cross and the
/// hallways, with their door masks.
#[allow(clippy::too_many_arguments)]
fn build(
    c: &TinyKeepConfig,
    width: i32,
    height: i32,
    cells: &[Rect],
    main: &[usize],
    keep: &[bool],
    paths: &[Vec<Pos>],
    router: &Router,
) -> DungeonGrid {
    let mut g = DungeonGrid::new(width, height);
    g.kind = GridKind::TileMap;
    let n = g.cells.len();
    // Which non-main cell holds each tile.
    let mut is_main = vec![false; cells.len()];
    for &i in main {
        is_main[i] = true;
    }
    let mut cell_of = vec![NONE; n];
    for (i, r) in cells.iter().enumerate() {
        if !is_main[i] {
            for p in r.cells() {
                if let Some(k) = g.index(p) {
                    cell_of[k] = i as u32;
                }
            }
        }
    }
    let hw = c.hallway_width;
    let square = |p: Pos| (p.1..p.1 + hw).flat_map(move |y| (p.0..p.0 + hw).map(move |x| (x, y)));
    let mut joined = vec![false; cells.len()];
    for path in paths {
        for &p in path {
            for t in square(p) {
                if let Some(k) = g.index(t)
                    && router.room_at(t) == NONE
                {
                    if cell_of[k] != NONE {
                        joined[cell_of[k] as usize] = true;
                    }
                    g.cells[k] = Cell::Corridor;
                }
            }
        }
    }
    // Room rectangles: kept main rooms, then joined cells, in cell order.
    let mut rects: Vec<Rect> = main
        .iter()
        .zip(keep)
        .filter(|&(_, &k)| k)
        .map(|(&i, _)| cells[i])
        .collect();
    rects.extend((0..cells.len()).filter(|&i| joined[i]).map(|i| cells[i]));
    for r in &rects {
        for p in r.cells() {
            if let Some(k) = g.index(p) {
                g.cells[k] = Cell::Room;
                let mut m = 0;
                for (dx, dy, bit, _) in DIRS {
                    if r.contains((p.0 + dx, p.1 + dy)) {
                        m |= bit;
                    }
                }
                g.doors[k] = m;
            }
        }
    }
    // Hallway links: inside each brush square and between consecutive
    // squares, along the step.
    let link = |g: &mut DungeonGrid, t: Pos, u: Pos| {
        let (Some(i), Some(j)) = (g.index(t), g.index(u)) else {
            return;
        };
        let (ri, rj) = (g.cells[i].is_room(), g.cells[j].is_room());
        if ri && rj {
            return;
        }
        if ri {
            g.cells[j] = Cell::Door;
        }
        if rj {
            g.cells[i] = Cell::Door;
        }
        let (dx, dy) = (u.0 - t.0, u.1 - t.1);
        for (ddx, ddy, bit, back) in DIRS {
            if (ddx, ddy) == (dx, dy) {
                g.doors[i] |= bit;
                g.doors[j] |= back;
            }
        }
    };
    for path in paths {
        for (k, &p) in path.iter().enumerate() {
            for (x, y) in square(p) {
                if x + 1 < p.0 + hw {
                    link(&mut g, (x, y), (x + 1, y));
                }
                if y + 1 < p.1 + hw {
                    link(&mut g, (x, y), (x, y + 1));
                }
            }
            if let Some(&q) = path.get(k + 1) {
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                for t in square(p) {
                    let u = (t.0 + dx, t.1 + dy);
                    if u.0 >= q.0 && u.0 < q.0 + hw && u.1 >= q.1 && u.1 < q.1 + hw {
                        link(&mut g, t, u);
                    }
                }
            }
        }
    }
    g.room_rects = rects;
    g
}

#[cfg(test)]
mod tests;
