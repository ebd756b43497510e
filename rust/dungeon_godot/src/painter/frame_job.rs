//! The work of one paint: its plan (made on a worker thread) and the
//! writing of that plan onto the target, a tile budget per step, onto one
//! layer or into chunk layers.

use dungeon_core::paint::WallNeighbours as CoreNeighbours;
use dungeon_core::watch::Watch;
use godot::classes::{Node2D, TileMapLayer};
use godot::prelude::*;
use std::collections::HashSet;

use super::chunks::{self, ChunkWrite, META_CHUNK, META_RECT, META_SIZE, META_TILES};
use super::mapping::{Tile, Tiles};
use super::tile_cost::{Costs, warn_if_too_many_shapes};
use super::tile_data::{Painted, fits, plan};
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
    /// The collision polygons the new map's tiles make.
    pub shapes: usize,
}

/// What a plan is made from: plain data, so it can move to a thread.
pub struct PlanInput {
    /// Shared with the grid object: never copied.
    pub grid: std::sync::Arc<dungeon_core::DungeonGrid>,
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
    /// Chunks (of side `chunk`) whose layers are already there: they also
    /// erase their cells that get no tile now.
    pub reused: HashSet<(i32, i32)>,
    /// What each tile costs, and its collision polygons.
    pub costs: Costs,
}

impl PlanInput {
    /// The plan; `None` once `watch` is cancelled (checked between rows).
    pub fn frame_plan(self, watch: &Watch) -> Option<FramePlan> {
        let (gw, gh) = (self.grid.width(), self.grid.height());
        let mut out = FramePlan::default();
        // Which cells of the target layer get a tile now.
        let mut painted = vec![false; self.grid.cells().len()];
        if self.chunk > 0 && self.bytes && fits(gw, gh) {
            // In one call: each chunk's bytes straight from the grid.
            let tiles = Painted::new(&self.grid, &self.tiles, self.neighbours);
            out.shapes = tiles.shapes(&self.costs);
            out.chunks = chunks::encoded(&tiles, self.chunk);
        } else if self.chunk > 0 {
            let plan = plan(&self.grid, &self.tiles, self.neighbours);
            if watch.is_cancelled() {
                return None;
            }
            out.shapes = self.costs.shapes_in(&plan.cells);
            out.chunks = chunks::split(
                &plan.cells,
                &plan.terrain_walls,
                self.chunk,
                &self.reused,
                self.quadrant,
            );
        } else {
            let plan = plan(&self.grid, &self.tiles, self.neighbours);
            out.shapes = self.costs.shapes_in(&plan.cells);
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

/// What creating or freeing a chunk layer counts against the per-frame
/// tile budget (measured: a few hundred `set_cell` calls' worth, with
/// Godot's setup of the node), so node work spreads over frames too.
pub const NODE_COST: usize = 256;

/// An old chunk layer to empty (a block of cells a budget at a time) and
/// then free.
struct Free {
    id: InstanceId,
    coord: (i32, i32),
    size: i32,
    /// Whether it holds tiles (else it is freed at once).
    tiles: bool,
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
    /// Chunk layers present at the start: coordinates (`i32::MIN` for
    /// another chunk side), layer, its chunk side and whether it holds tiles.
    existing: Vec<((i32, i32), InstanceId, i32, bool)>,
    /// Chunk layers to empty and free (known once the plan is ready).
    frees: Vec<Free>,
    /// What each tile costs against the per-frame budget.
    pub costs: Costs,
    /// The chunk being written, its layer, and how far.
    next_chunk: usize,
    layer: Option<Gd<TileMapLayer>>,
    chunk_cell: usize,
    chunk_terrain: usize,
    next_free: usize,
    free_cell: usize,
    next: usize,
    next_terrain: usize,
    done_units: usize,
    total_units: usize,
}

impl FrameJob {
    /// A job on `target`; records on it what it is about to hold.
    /// `found` is [`chunks::existing`] of the target.
    pub fn new(
        mut target: Gd<Node2D>,
        template: Option<Gd<TileMapLayer>>,
        chunk: i32,
        (plan, found): (PlanState, Vec<chunks::Found>),
        terrain: (i32, i32),
        new_rect: Rect2i,
    ) -> Self {
        let mut existing = Vec::new();
        for (c, mut layer, tiles, size) in found {
            let id = layer.instance_id();
            if size == chunk {
                existing.push((c, id, size, tiles > 0));
            } else {
                // Another chunk side: its name goes to the new chunks.
                layer.set_name(&format!("Stale_{}", id.to_i64()));
                existing.push((c, id, size, tiles > 0));
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
            costs: Costs::default(),
            next_chunk: 0,
            layer: None,
            chunk_cell: 0,
            chunk_terrain: 0,
            next_free: 0,
            free_cell: 0,
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
            PlanState::Ready(_) => (self.done_units as f64 / self.total_units as f64).min(1.0),
        }
    }

    /// Does up to `budget` units of work (a tile written costs its
    /// [`Costs`], one for a plain tile, an erased cell one, a chunk layer
    /// created or freed [`NODE_COST`]; at least one unit)
    /// and hands up to `terrain_budget` cells to terrain matching. An
    /// unlimited budget writes chunks as `tile_map_data` bytes when the
    /// plan has them and frees old chunk layers without emptying them.
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
        let PlanState::Ready(plan) =
            std::mem::replace(&mut self.plan, PlanState::Ready(FramePlan::default()))
        else {
            return Step::Waiting;
        };
        let step = self.step_plan(&plan, budget, terrain_budget);
        self.plan = PlanState::Ready(plan);
        step
    }

    /// [`Self::step`] once the plan is ready.
    fn step_plan(&mut self, plan: &FramePlan, budget: usize, terrain_budget: usize) -> Step {
        let mut spent = 0usize;
        let mut terrain_spent = 0usize;
        let open = self.write_chunks(plan, budget, terrain_budget, &mut spent, &mut terrain_spent);
        if !open && spent < budget {
            let end = match self.target.clone().try_cast::<TileMapLayer>() {
                Ok(mut layer) => write_cells(
                    &self.costs,
                    &mut layer,
                    &plan.cells,
                    self.next,
                    budget,
                    &mut spent,
                ),
                Err(_) => plan.cells.len(),
            };
            self.done_units += end - self.next;
            self.next = end;
        }
        if self.next == plan.cells.len() {
            self.free_chunks(budget, &mut spent);
        }
        let walls = &plan.terrain_walls;
        if self.next_free == self.frees.len()
            && self.next_terrain < walls.len()
            && terrain_spent < terrain_budget
        {
            let t_end = self
                .next_terrain
                .saturating_add(terrain_budget - terrain_spent)
                .min(walls.len());
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

    /// Writes chunks while the budgets last; `true` while chunks are left.
    fn write_chunks(
        &mut self,
        plan: &FramePlan,
        budget: usize,
        terrain_budget: usize,
        spent: &mut usize,
        terrain_spent: &mut usize,
    ) -> bool {
        while self.next_chunk < plan.chunks.len() && *spent < budget {
            let w = &plan.chunks[self.next_chunk];
            let Some(layer) = self.layer.as_mut() else {
                let found = self
                    .target
                    .get_node_or_null(&NodePath::from(chunks::chunk_name(w.coord).as_str()))
                    .and_then(|n| n.try_cast::<TileMapLayer>().ok())
                    .filter(|l| l.has_meta(META_CHUNK));
                let mut layer = match (found, self.template.as_ref()) {
                    (Some(l), _) => l,
                    (None, Some(t)) => {
                        *spent += NODE_COST;
                        self.done_units += NODE_COST;
                        chunks::create(&mut self.target, t, w.coord, self.chunk)
                    }
                    (None, None) => {
                        self.next_chunk += 1;
                        continue;
                    }
                };
                self.chunk_cell = 0;
                self.chunk_terrain = 0;
                if let Some(bytes) = &w.bytes {
                    layer.set_tile_map_data_from_array(&PackedByteArray::from(bytes.as_slice()));
                    *spent += w.tiles - w.terrain.len();
                    self.done_units += w.tiles - w.terrain.len();
                }
                self.layer = Some(layer);
                continue;
            };
            if self.chunk_cell < w.cells.len() {
                let end = write_cells(&self.costs, layer, &w.cells, self.chunk_cell, budget, spent);
                self.done_units += end - self.chunk_cell;
                self.chunk_cell = end;
                continue;
            }
            if self.chunk_terrain < w.terrain.len() {
                if *terrain_spent >= terrain_budget {
                    break;
                }
                let end = self
                    .chunk_terrain
                    .saturating_add(terrain_budget - *terrain_spent)
                    .min(w.terrain.len());
                layer.set_cells_terrain_connect(
                    &cell_array(&w.terrain[self.chunk_terrain..end]),
                    self.terrain.0,
                    self.terrain.1,
                );
                *terrain_spent += end - self.chunk_terrain;
                self.done_units += end - self.chunk_terrain;
                self.chunk_terrain = end;
                continue;
            }
            let tiles = i64::try_from(w.tiles).unwrap_or(i64::MAX);
            layer.set_meta(META_TILES, &tiles.to_variant());
            self.layer = None;
            self.next_chunk += 1;
        }
        self.next_chunk < plan.chunks.len()
    }

    /// Empties and frees old chunk layers while the budget lasts.
    fn free_chunks(&mut self, budget: usize, spent: &mut usize) {
        while self.next_free < self.frees.len() && *spent < budget {
            let f = &self.frees[self.next_free];
            let Ok(mut layer) = Gd::<TileMapLayer>::try_from_instance_id(f.id) else {
                self.next_free += 1;
                self.free_cell = 0;
                continue;
            };
            let side = usize::try_from(f.size.max(1)).unwrap_or(1);
            let cells = if f.tiles && budget != usize::MAX {
                side * side
            } else {
                0
            };
            if self.free_cell < cells {
                // Row by row over its block: a budget of tiles dirties
                // about as few quadrants as quadrant order would.
                let end = self.free_cell.saturating_add(budget - *spent).min(cells);
                let (x0, y0) = (f.coord.0 * f.size, f.coord.1 * f.size);
                for i in self.free_cell..end {
                    let (dx, dy) = (i % side, i / side);
                    let (dx, dy) = (
                        i32::try_from(dx).unwrap_or(0),
                        i32::try_from(dy).unwrap_or(0),
                    );
                    layer.erase_cell(Vector2i::new(x0 + dx, y0 + dy));
                }
                *spent += end - self.free_cell;
                self.done_units += end - self.free_cell;
                self.free_cell = end;
                continue;
            }
            layer.free();
            *spent += NODE_COST;
            self.done_units += NODE_COST;
            self.next_free += 1;
            self.free_cell = 0;
        }
    }

    /// Takes the plan: the chunks to free are the old ones not rewritten.
    fn ready(&mut self, plan: FramePlan) {
        warn_if_too_many_shapes(plan.shapes);
        let kept: HashSet<(i32, i32)> = plan.chunks.iter().map(|w| w.coord).collect();
        self.frees = self
            .existing
            .iter()
            .filter(|&&(c, _, size, _)| self.chunk == 0 || size != self.chunk || !kept.contains(&c))
            .map(|&(coord, id, size, tiles)| Free {
                id,
                coord,
                size,
                tiles,
            })
            .collect();
        let there: HashSet<(i32, i32)> = self
            .existing
            .iter()
            .filter(|e| e.2 == self.chunk)
            .map(|e| e.0)
            .collect();
        let new_layers = plan
            .chunks
            .iter()
            .filter(|w| !there.contains(&w.coord))
            .count();
        self.total_units = plan
            .chunks
            .iter()
            .map(|w| {
                if w.bytes.is_some() {
                    w.tiles
                } else {
                    w.cells.len() + w.terrain.len()
                }
            })
            .sum::<usize>()
            + new_layers * NODE_COST
            + plan.cells.len()
            + self
                .frees
                .iter()
                .map(|f| {
                    let side = usize::try_from(f.size.max(1)).unwrap_or(1);
                    NODE_COST + if f.tiles { side * side } else { 0 }
                })
                .sum::<usize>()
            + plan.terrain_walls.len();
        self.plan = PlanState::Ready(plan);
    }
}

impl Drop for FrameJob {
    /// A big plan (millions of cells) is freed on a thread of its own: its
    /// memory going back to the system cost the last frame several ms.
    fn drop(&mut self) {
        let plan = std::mem::replace(&mut self.plan, PlanState::Ready(FramePlan::default()));
        if let PlanState::Ready(plan) = plan {
            let cells = plan.cells.len() + plan.chunks.iter().map(|w| w.cells.len()).sum::<usize>();
            if cells > 65_536 {
                // Through `background`, so unloading the library waits
                // for it; if no thread can start, the plan is dropped here.
                let watch = std::sync::Arc::new(dungeon_core::watch::Watch::new());
                let _ = crate::background::spawn_thread("dungeon-paint-free", watch, move || {
                    drop(plan);
                });
            }
        }
    }
}

/// Writes `cells` from index `from` onto `layer` (a tile, or `None` to
/// erase) while `spent`, raised by each tile's cost, is below `budget`;
/// returns the index it stopped at (at least one cell is written).
fn write_cells(
    costs: &Costs,
    layer: &mut Gd<TileMapLayer>,
    cells: &[((i32, i32), Option<Tile>)],
    from: usize,
    budget: usize,
    spent: &mut usize,
) -> usize {
    let mut i = from;
    while let Some(&(p, t)) = cells.get(i) {
        if *spent >= budget {
            break;
        }
        match t {
            Some(t) => set_tile(layer, p, t),
            None => layer.erase_cell(Vector2i::new(p.0, p.1)),
        }
        *spent = spent.saturating_add(costs.of_tile(t));
        i += 1;
    }
    i
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::painter::mapping::Walls;

    /// The plan counts the collision polygons its tiles make, on one layer
    /// and in chunks alike: here two per wall tile, none elsewhere.
    #[test]
    fn plans_count_collision_polygons() {
        let cave = dungeon_core::cave::CaveConfig {
            width: 70,
            height: 50,
            ..Default::default()
        };
        let grids: Vec<_> = dungeon_core::cave::generate(&cave, 4, 1)
            .into_iter()
            .collect();
        assert_eq!(grids.len(), 1);
        let t = |a: u16| Tile {
            source: 0,
            atlas: (a, 0),
            alternative: 0,
        };
        let tiles = Tiles {
            cells: [
                None,
                Some(t(0)),
                Some(t(1)),
                Some(t(2)),
                Some(t(4)),
                Some(t(5)),
                Some(t(0)),
            ],
            walls: Walls::Single(t(3)),
        };
        let costs = Costs::from_entries(vec![(t(3), 4, 2)]);
        for grid in grids {
            let grid = std::sync::Arc::new(grid);
            let walls = dungeon_core::paint::paint_all(&grid, CoreNeighbours::Eight)
                .iter()
                .filter(|k| matches!(k, dungeon_core::paint::PaintKind::Wall { .. }))
                .count();
            assert!(walls > 100);
            for (chunk, bytes) in [(0, false), (16, true), (16, false)] {
                let input = PlanInput {
                    grid: grid.clone(),
                    tiles: tiles.clone(),
                    neighbours: CoreNeighbours::Eight,
                    quadrant: 16,
                    old: None,
                    chunk,
                    bytes,
                    reused: HashSet::new(),
                    costs: costs.clone(),
                };
                let shapes = input.frame_plan(&Watch::new()).map(|p| p.shapes);
                assert_eq!(shapes, Some(2 * walls), "chunk {chunk}, bytes {bytes}");
            }
        }
    }
}
