//! The work of one paint: its plan (made on a worker thread) and the
//! writing of that plan onto the target, a tile budget per step, onto one
//! layer or into chunk layers.

use dungeon_core::paint::WallNeighbours as CoreNeighbours;
use dungeon_core::watch::Watch;
use godot::classes::{Node2D, TileMapLayer};
use godot::prelude::*;

use super::chunks::{self, ChunkWrite, META_CHUNK, META_RECT, META_SIZE, META_TILES};
use super::mapping::{Tile, Tiles};
use super::tile_data::plan;
use crate::background::Task;
use crate::convert::cell_array;

/// The plan of a paint: still being made on a worker thread (dropping the
/// task stops it), or ready.
pub enum PlanState {
    Making(Task<Option<FramePlan>>),
    Ready(FramePlan),
}

/// What a paint writes, in the order it writes it.
#[derive(Default)]
pub struct FramePlan {
    /// Chunk mode: each chunk's tiles.
    pub chunks: Vec<ChunkWrite>,
    /// Cells of the target layer itself: its new tiles (one layer), or
    /// `None` to erase an old tile; ordered by rendering quadrant.
    pub cells: Vec<((i32, i32), Option<Tile>)>,
    /// One layer: wall cells left to Godot's terrain matching.
    pub terrain_walls: Vec<(i32, i32)>,
}

/// What a plan is made from: plain data, so it can move to a thread.
pub struct PlanInput {
    pub grid: dungeon_core::DungeonGrid,
    pub tiles: Tiles,
    pub neighbours: CoreNeighbours,
    /// The target layer's rendering quadrant side.
    pub quadrant: i32,
    /// The rectangle (x, y, width, height) of the old tiles the painter put
    /// on the target layer itself: erased where the new map leaves no tile.
    pub old: Option<(i32, i32, i32, i32)>,
    /// Chunk side; 0 paints the target layer itself.
    pub chunk: i32,
    /// Chunks get `tile_map_data` bytes (else `set_cell` per tile).
    pub bytes: bool,
}

impl PlanInput {
    /// The plan; `None` once `watch` is cancelled (checked between rows).
    pub fn frame_plan(self, watch: &Watch) -> Option<FramePlan> {
        let plan = plan(&self.grid, &self.tiles, self.neighbours);
        if watch.is_cancelled() {
            return None;
        }
        let (gw, gh) = (self.grid.width(), self.grid.height());
        let mut out = FramePlan::default();
        // Which cells of the target layer get a tile now.
        let mut painted = vec![false; self.grid.cells().len()];
        if self.chunk > 0 {
            out.chunks = chunks::split(&plan.cells, &plan.terrain_walls, self.chunk, self.bytes);
        } else {
            for &((x, y), _) in &plan.cells {
                painted[(y * gw + x) as usize] = true;
            }
            out.cells = plan.cells.iter().map(|&(p, t)| (p, Some(t))).collect();
            out.terrain_walls = plan.terrain_walls;
        }
        if let Some((x0, y0, w, h)) = self.old {
            for y in y0..y0.saturating_add(h) {
                if watch.is_cancelled() {
                    return None;
                }
                for x in x0..x0.saturating_add(w) {
                    let inside = (0..gw).contains(&x) && (0..gh).contains(&y);
                    if !inside || !painted[(y * gw + x) as usize] {
                        out.cells.push(((x, y), None));
                    }
                }
            }
        }
        if watch.is_cancelled() {
            return None;
        }
        let q = self.quadrant.max(1);
        out.cells
            .sort_by_key(|&((x, y), _)| (y.div_euclid(q), x.div_euclid(q), y, x));
        Some(out)
    }
}

/// How a step ended.
pub enum Step {
    /// The plan is still being made.
    Waiting,
    /// More to write.
    Working,
    /// Everything is written.
    Done,
    /// The paint cannot go on (the message says why; empty when the
    /// extension is being unloaded).
    Failed(String),
}

/// A paint in progress.
pub struct FrameJob {
    pub target: Gd<Node2D>,
    /// The layer chunks copy their settings from.
    pub template: Option<Gd<TileMapLayer>>,
    pub chunk: i32,
    pub plan: PlanState,
    pub terrain: (i32, i32),
    /// The rectangle of the new map (recorded on a one-layer target).
    pub new_rect: Rect2i,
    /// Chunk layers present at the start, with their tiles written.
    pub existing: Vec<((i32, i32), InstanceId, usize)>,
    /// Chunk layers to free, with their tiles (known once the plan is
    /// ready).
    frees: Vec<(InstanceId, usize)>,
    next_chunk: usize,
    next_free: usize,
    next: usize,
    next_terrain: usize,
    done_units: usize,
    total_units: usize,
}

impl FrameJob {
    /// A job on `target`; records on it what it is about to hold.
    pub fn new(
        mut target: Gd<Node2D>,
        template: Option<Gd<TileMapLayer>>,
        chunk: i32,
        plan: PlanState,
        terrain: (i32, i32),
        new_rect: Rect2i,
    ) -> Self {
        let mut existing = Vec::new();
        for (c, mut layer, tiles, size) in chunks::existing(&target) {
            if size == chunk {
                existing.push((c, layer.instance_id(), tiles));
            } else {
                // Another chunk size: its name goes to the new chunks.
                let id = layer.instance_id();
                layer.set_name(&format!("Stale_{}", id.to_i64()));
                existing.push(((i32::MIN, i32::MIN), layer.instance_id(), tiles));
            }
        }
        if chunk == 0 {
            let rect = chunks::own_rect(&target).map_or(new_rect, |r| r.merge(new_rect));
            target.set_meta(META_RECT, &rect.to_variant());
        }
        target.set_meta(META_SIZE, &chunk.to_variant());
        let mut job = Self {
            target,
            template,
            chunk,
            plan: PlanState::Ready(FramePlan::default()),
            terrain,
            new_rect,
            existing,
            frees: Vec::new(),
            next_chunk: 0,
            next_free: 0,
            next: 0,
            next_terrain: 0,
            done_units: 0,
            total_units: 0,
        };
        match plan {
            PlanState::Ready(plan) => job.ready(plan),
            making => job.plan = making,
        }
        job
    }

    /// The share written, 0 to 1.
    pub fn progress(&self) -> f64 {
        match &self.plan {
            PlanState::Making(_) => 0.0,
            PlanState::Ready(_) if self.total_units == 0 => 1.0,
            PlanState::Ready(_) => self.done_units as f64 / self.total_units as f64,
        }
    }

    /// Writes up to `budget` tiles (at least one chunk or tile) and up to
    /// `terrain_budget` terrain cells.
    pub fn step(&mut self, budget: usize, terrain_budget: usize) -> Step {
        if !self.target.is_instance_valid() {
            return Step::Failed("the target was freed while painting".into());
        }
        if let PlanState::Making(task) = &self.plan {
            match task.take() {
                None => return Step::Waiting,
                Some(Ok(Some(plan))) => self.ready(plan),
                Some(Ok(None)) => return Step::Failed(String::new()),
                Some(Err(())) => return Step::Failed("making the paint plan failed".into()),
            }
        }
        let PlanState::Ready(plan) = &self.plan else {
            return Step::Waiting;
        };
        let mut spent = 0usize;
        while self.next_chunk < plan.chunks.len() && spent < budget {
            let w = &plan.chunks[self.next_chunk];
            write_chunk(
                &mut self.target,
                self.template.as_ref(),
                self.chunk,
                w,
                self.terrain,
            );
            spent += w.cost();
            self.done_units += w.cost();
            self.next_chunk += 1;
        }
        if self.next_chunk == plan.chunks.len() && spent < budget {
            let end = (self.next + (budget - spent)).min(plan.cells.len());
            if let Ok(mut layer) = self.target.clone().try_cast::<TileMapLayer>() {
                for &(p, t) in &plan.cells[self.next..end] {
                    match t {
                        Some(t) => set_tile(&mut layer, p, t),
                        None => layer.erase_cell(Vector2i::new(p.0, p.1)),
                    }
                }
            }
            spent += end - self.next;
            self.done_units += end - self.next;
            self.next = end;
        }
        if self.next == plan.cells.len() {
            while self.next_free < self.frees.len() && spent < budget {
                let (id, tiles) = self.frees[self.next_free];
                if let Ok(node) = Gd::<Node>::try_from_instance_id(id) {
                    node.free();
                }
                spent += tiles + 64;
                self.done_units += tiles + 64;
                self.next_free += 1;
            }
        }
        let walls = &plan.terrain_walls;
        if self.next_free == self.frees.len() && self.next_terrain < walls.len() {
            let t_end = (self.next_terrain + terrain_budget).min(walls.len());
            if let Ok(mut layer) = self.target.clone().try_cast::<TileMapLayer>() {
                layer.set_cells_terrain_connect(
                    &cell_array(&walls[self.next_terrain..t_end]),
                    self.terrain.0,
                    self.terrain.1,
                );
            }
            self.done_units += t_end - self.next_terrain;
            self.next_terrain = t_end;
        }
        let done = self.next_chunk == plan.chunks.len()
            && self.next == plan.cells.len()
            && self.next_free == self.frees.len()
            && self.next_terrain == walls.len();
        if !done {
            return Step::Working;
        }
        // The target now holds exactly the new map.
        if self.chunk == 0 {
            self.target.set_meta(META_RECT, &self.new_rect.to_variant());
        } else if self.target.has_meta(META_RECT) {
            self.target.remove_meta(META_RECT);
        }
        Step::Done
    }

    /// Takes the plan: the chunks to free are the old ones not rewritten.
    fn ready(&mut self, plan: FramePlan) {
        let kept: std::collections::HashSet<(i32, i32)> =
            plan.chunks.iter().map(|w| w.coord).collect();
        self.frees = self
            .existing
            .iter()
            .filter(|(c, ..)| self.chunk == 0 || !kept.contains(c))
            .map(|&(_, id, tiles)| (id, tiles))
            .collect();
        self.total_units = plan.chunks.iter().map(ChunkWrite::cost).sum::<usize>()
            + plan.cells.len()
            + self.frees.iter().map(|&(_, t)| t + 64).sum::<usize>()
            + plan.terrain_walls.len();
        self.plan = PlanState::Ready(plan);
    }
}

/// Sets one tile.
pub fn set_tile(layer: &mut Gd<TileMapLayer>, p: (i32, i32), t: Tile) {
    layer
        .set_cell_ex(Vector2i::new(p.0, p.1))
        .source_id(i32::from(t.source))
        .atlas_coords(Vector2i::new(i32::from(t.atlas.0), i32::from(t.atlas.1)))
        .alternative_tile(i32::from(t.alternative))
        .done();
}

/// Writes chunk `w` under `parent` (creating its layer from `template`),
/// replacing what the chunk held.
fn write_chunk(
    parent: &mut Gd<Node2D>,
    template: Option<&Gd<TileMapLayer>>,
    size: i32,
    w: &ChunkWrite,
    terrain: (i32, i32),
) {
    let found = parent
        .get_node_or_null(&NodePath::from(chunks::chunk_name(w.coord).as_str()))
        .and_then(|n| n.try_cast::<TileMapLayer>().ok())
        .filter(|l| l.has_meta(META_CHUNK));
    let mut layer = match (found, template) {
        (Some(l), _) => l,
        (None, Some(t)) => chunks::create(parent, t, w.coord, size),
        (None, None) => return,
    };
    match &w.bytes {
        Some(bytes) => layer.set_tile_map_data_from_array(&PackedByteArray::from(bytes.as_slice())),
        None => {
            layer.clear();
            for &(p, t) in &w.cells {
                set_tile(&mut layer, p, t);
            }
        }
    }
    if !w.terrain.is_empty() {
        layer.set_cells_terrain_connect(&cell_array(&w.terrain), terrain.0, terrain.1);
    }
    let tiles = i64::try_from(w.cells.len() + w.terrain.len()).unwrap_or(i64::MAX);
    layer.set_meta(META_TILES, &tiles.to_variant());
}
