//! `DungeonTilePainter`: a grid onto a `TileMapLayer`, in one pass or a
//! tile budget per frame.

use dungeon_core::paint::WallNeighbours as CoreNeighbours;
use dungeon_core::watch::Watch;
use godot::classes::{INode, Node, TileMapLayer};
use godot::prelude::*;

use super::mapping::{DungeonTileMapping, Tile, Walls};
use super::tile_data::{encode, fits, plan};
use crate::async_gen::follow_frames;
use crate::background::{self, Task};
use crate::convert::cell_array;
use crate::dungeon_grid::DungeonGrid;
use crate::generator::inspector_enum;

inspector_enum! {
    /// Which neighbours of an empty cell make it a wall ([member DungeonTilePainter.wall_neighbours]).
    WallNeighbours("wall_neighbours") in DungeonTilePainter {
        /// [member DungeonTilePainter.wall_neighbours]: all eight
        /// neighbours; rooms are closed at their corners.
        Eight = NEIGHBOURS_8,
        /// [member DungeonTilePainter.wall_neighbours]: the four side
        /// neighbours; diagonal corners stay open.
        Four = NEIGHBOURS_4,
    }
}

impl WallNeighbours {
    /// The core's value.
    pub fn core(self) -> CoreNeighbours {
        match self {
            Self::Eight => CoreNeighbours::Eight,
            Self::Four => CoreNeighbours::Four,
        }
    }
}

inspector_enum! {
    /// How [method DungeonTilePainter.paint] writes the layer ([member DungeonTilePainter.write_method]).
    WriteMethod("write_method") in DungeonTilePainter {
        /// [member DungeonTilePainter.write_method]: build the layer's
        /// [member TileMapLayer.tile_map_data] bytes in Rust and hand them
        /// over in one call (the fastest; the layer's old tiles are
        /// replaced).
        TileMapData = WRITE_TILE_MAP_DATA,
        /// [member DungeonTilePainter.write_method]: one
        /// [method TileMapLayer.set_cell] call per tile, from Rust.
        SetCell = WRITE_SET_CELL,
    }
}

/// The plan of a paint spread over frames: still being made on a worker
/// thread (from a copy of the core grid; dropping the task stops it), or
/// ready.
enum PlanState {
    Making(Task<Option<FramePlan>>),
    Ready(FramePlan),
}

/// What a paint over frames writes, in the order it writes it.
#[derive(Default)]
struct FramePlan {
    /// Each cell's new tile, or `None` to erase the old tile there; ordered
    /// by rendering quadrant, so each frame completes whole quadrants.
    cells: Vec<((i32, i32), Option<Tile>)>,
    /// Wall cells left to Godot's terrain matching, in scan order.
    terrain_walls: Vec<(i32, i32)>,
}

/// A paint spread over frames.
struct FrameJob {
    layer: Gd<TileMapLayer>,
    plan: PlanState,
    /// Entries of `plan.cells` written so far.
    next: usize,
    /// Terrain walls painted so far.
    next_terrain: usize,
    terrain: (i32, i32),
}

/// Paints a [DungeonGrid] onto a [TileMapLayer]: every walkable cell gets
/// the tile its kind has in [member mapping], and every empty cell next to
/// a walkable one (over [member wall_neighbours]) gets a wall, chosen by
/// its neighbour mask when the mapping has a 16- or 47-tile wall set. The
/// decisions are made in Rust, and the layer is written in one call, so no
/// GDScript loop and no terrain matching is needed.
///
/// [codeblock]
/// var painter := DungeonTilePainter.new()
/// painter.paint(BspGenerator.new().generate(), $TileMapLayer)
/// [/codeblock]
///
/// Big maps can be painted a few tiles per frame with
/// [method paint_over_frames]; [signal painted] tells when the layer is
/// done. Room grids are painted one tile per room cell.
#[derive(GodotClass)]
#[class(tool, base = Node)]
pub struct DungeonTilePainter {
    /// Which tile each cell kind gets; [code]null[/code] uses a default
    /// [DungeonTileMapping] (a one-row atlas in source 0).
    #[export]
    mapping: Option<Gd<DungeonTileMapping>>,
    /// Which neighbours of an empty cell make it a wall (see
    /// [constant NEIGHBOURS_8]).
    #[export]
    wall_neighbours: WallNeighbours,
    /// How [method paint] writes the layer (see [constant WRITE_TILE_MAP_DATA]).
    #[export]
    write_method: WriteMethod,
    /// Tiles [method paint_over_frames] writes per frame. Godot then
    /// spends about twice as long building the layer's quadrants: on the
    /// project's 2-core test machine, 4096 tiles cost about 2 ms of
    /// [method TileMapLayer.set_cell] calls and 4 ms of Godot's update per
    /// frame (see BENCHMARKS.md). At least 1: a smaller value is refused
    /// with an error, and the setting is unchanged.
    #[var(set = set_tiles_per_frame)]
    #[export(range = (64.0, 262144.0, 1.0, or_greater))]
    tiles_per_frame: i64,
    /// Terrain wall cells [method paint_over_frames] hands to
    /// [method TileMapLayer.set_cells_terrain_connect] per frame
    /// ([constant DungeonTileMapping.WALLS_TERRAIN]; Godot's terrain
    /// matching is slow, so keep this small). At least 1, like
    /// [member tiles_per_frame].
    #[var(set = set_terrain_tiles_per_frame)]
    #[export(range = (1.0, 16384.0, 1.0, or_greater))]
    terrain_tiles_per_frame: i64,
    /// Why the last call failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    job: Option<FrameJob>,
    base: Base<Node>,
}

#[godot_api]
impl INode for DungeonTilePainter {
    fn init(base: Base<Node>) -> Self {
        Self {
            mapping: None,
            wall_neighbours: WallNeighbours::Eight,
            write_method: WriteMethod::TileMapData,
            tiles_per_frame: 4096,
            terrain_tiles_per_frame: 256,
            last_error: GString::new(),
            job: None,
            base,
        }
    }
}

fn set_tile(layer: &mut Gd<TileMapLayer>, p: (i32, i32), t: Tile) {
    layer
        .set_cell_ex(Vector2i::new(p.0, p.1))
        .source_id(i32::from(t.source))
        .atlas_coords(Vector2i::new(i32::from(t.atlas.0), i32::from(t.atlas.1)))
        .alternative_tile(i32::from(t.alternative))
        .done();
}

#[godot_api]
impl DungeonTilePainter {
    /// Emitted when [param layer] holds the whole grid: at the end of
    /// [method paint], or in the frame [method paint_over_frames] finishes.
    #[signal]
    fn painted(layer: Gd<TileMapLayer>);

    /// Sets [member tiles_per_frame]; a value below 1 is refused with an
    /// error (also in [member last_error]) and the setting is unchanged.
    #[func]
    fn set_tiles_per_frame(&mut self, tiles: i64) {
        if let Some(tiles) = self.checked_per_frame("tiles_per_frame", tiles) {
            self.tiles_per_frame = tiles;
        }
    }

    /// Sets [member terrain_tiles_per_frame]; a value below 1 is refused
    /// like in [method set_tiles_per_frame].
    #[func]
    fn set_terrain_tiles_per_frame(&mut self, tiles: i64) {
        if let Some(tiles) = self.checked_per_frame("terrain_tiles_per_frame", tiles) {
            self.terrain_tiles_per_frame = tiles;
        }
    }

    /// Paints [param grid] onto [param layer] now, replacing what the layer
    /// held. Returns [code]false[/code] (and logs why, also in
    /// [member last_error]) for a null grid or layer or an invalid
    /// [member mapping].
    #[func]
    fn paint(&mut self, grid: Option<Gd<DungeonGrid>>, layer: Option<Gd<TileMapLayer>>) -> bool {
        self.stop();
        let Some((mut layer, input, terrain)) = self.prepare(grid, layer) else {
            return false;
        };
        let plan = plan(&input.grid, &input.tiles, input.neighbours);
        let fast = self.write_method == WriteMethod::TileMapData
            && plan.cells.iter().all(|&((x, y), _)| fits(x + 1, y + 1));
        if fast {
            let bytes = PackedByteArray::from(encode(&plan.cells).as_slice());
            layer.set_tile_map_data_from_array(&bytes);
        } else {
            layer.clear();
            for &(p, t) in &plan.cells {
                set_tile(&mut layer, p, t);
            }
        }
        if !plan.terrain_walls.is_empty() {
            layer.set_cells_terrain_connect(&cell_array(&plan.terrain_walls), terrain.0, terrain.1);
        }
        self.signals().painted().emit(&layer);
        true
    }

    /// Paints [param grid] onto [param layer] over the next frames:
    /// [member tiles_per_frame] tiles each frame, then [signal painted].
    /// Which tile goes where is worked out on a worker thread first (from a
    /// copy of the grid), and tiles are laid one rendering quadrant after
    /// another, so no frame pays for the whole map. The layer's old tiles
    /// are replaced the same way, quadrant by quadrant (clearing a big
    /// layer at once would cost a long frame); only a layer holding tiles
    /// far outside the new map is cleared at once. Repaint the same layer
    /// for the next level: a new, empty layer pays once for Godot growing
    /// its tile storage (see BENCHMARKS.md). A new paint or [method stop]
    /// ends the previous one. Returns [code]false[/code] like
    /// [method paint].
    #[func]
    fn paint_over_frames(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        layer: Option<Gd<TileMapLayer>>,
    ) -> bool {
        self.stop();
        let Some((mut layer, mut input, terrain)) = self.prepare(grid, layer) else {
            return false;
        };
        input.quadrant = layer.get_rendering_quadrant_size().max(1);
        let used = layer.get_used_rect();
        let (w, h) = (input.grid.width(), input.grid.height());
        let used_area = i64::from(used.size.x) * i64::from(used.size.y);
        if used_area > 4 * (i64::from(w) * i64::from(h)).max(65536) {
            layer.clear();
        } else if used_area > 0 {
            input.old = Some((used.position.x, used.position.y, used.size.x, used.size.y));
        }
        // The plan of a big map takes a while: it is made off the main
        // thread, from a copy of the core grid (no Godot object).
        let plan = match background::spawn("dungeon-paint-plan", move |watch| {
            input.frame_plan(watch)
        }) {
            Ok(task) => PlanState::Making(task),
            Err(e) => {
                let msg = format!("DungeonTilePainter: could not start the planning thread: {e}");
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                return false;
            }
        };
        self.job = Some(FrameJob {
            layer,
            plan,
            next: 0,
            next_terrain: 0,
            terrain,
        });
        let this = self.to_gd().upcast::<Object>();
        if !follow_frames(&this, "paint_step", true) {
            godot_warn!(
                "DungeonTilePainter: the main loop is not a SceneTree; call paint_step() yourself"
            );
        }
        true
    }

    /// Stops a [method paint_over_frames] in progress (the tiles painted so
    /// far stay, and so do old tiles not yet replaced; no
    /// [signal painted]).
    #[func]
    fn stop(&mut self) {
        self.job = None;
        let this = self.to_gd().upcast::<Object>();
        follow_frames(&this, "paint_step", false);
    }

    /// [code]true[/code] while a [method paint_over_frames] is in progress.
    #[func]
    fn is_painting(&self) -> bool {
        self.job.is_some()
    }

    /// The share of the current [method paint_over_frames] painted, 0 to 1
    /// (1 when none is in progress).
    #[func]
    fn get_paint_progress(&self) -> f64 {
        self.job.as_ref().map_or(1.0, |j| {
            let PlanState::Ready(plan) = &j.plan else {
                return 0.0;
            };
            let total = plan.cells.len() + plan.terrain_walls.len();
            if total == 0 {
                1.0
            } else {
                (j.next + j.next_terrain) as f64 / total as f64
            }
        })
    }

    /// Paints the next [member tiles_per_frame] tiles of a
    /// [method paint_over_frames]. Called every frame by the SceneTree
    /// while a paint is in progress; call it yourself only with a custom
    /// main loop.
    #[func]
    fn paint_step(&mut self) {
        // Both are at least 1 (their setters refuse less).
        let budget = usize::try_from(self.tiles_per_frame).unwrap_or(1);
        let terrain_budget = usize::try_from(self.terrain_tiles_per_frame).unwrap_or(1);
        let Some(job) = self.job.as_mut() else {
            self.stop();
            return;
        };
        if !job.layer.is_instance_valid() {
            self.stop();
            return;
        }
        if let PlanState::Making(task) = &job.plan {
            match task.take() {
                None => return,
                Some(Ok(Some(plan))) => job.plan = PlanState::Ready(plan),
                Some(Ok(None)) => {
                    // Cancelled: the extension is being unloaded.
                    self.stop();
                    return;
                }
                Some(Err(())) => {
                    godot_error!(
                        "DungeonTilePainter: making the paint plan failed (internal error)"
                    );
                    self.stop();
                    return;
                }
            }
        }
        let PlanState::Ready(plan) = &job.plan else {
            return;
        };
        let end = (job.next + budget).min(plan.cells.len());
        for &(p, t) in &plan.cells[job.next..end] {
            match t {
                Some(t) => set_tile(&mut job.layer, p, t),
                None => job.layer.erase_cell(Vector2i::new(p.0, p.1)),
            }
        }
        job.next = end;
        if end == plan.cells.len() && job.next_terrain < plan.terrain_walls.len() {
            let walls = &plan.terrain_walls;
            let t_end = (job.next_terrain + terrain_budget).min(walls.len());
            job.layer.set_cells_terrain_connect(
                &cell_array(&walls[job.next_terrain..t_end]),
                job.terrain.0,
                job.terrain.1,
            );
            job.next_terrain = t_end;
        }
        if job.next == plan.cells.len() && job.next_terrain == plan.terrain_walls.len() {
            let layer = job.layer.clone();
            self.stop();
            self.signals().painted().emit(&layer);
        }
    }
}

/// What a plan is made from: plain data, so it can move to a thread.
struct PlanInput {
    grid: dungeon_core::DungeonGrid,
    tiles: super::mapping::Tiles,
    neighbours: CoreNeighbours,
    /// The layer's rendering quadrant side (paint over frames).
    quadrant: i32,
    /// The rectangle (x, y, width, height) of the layer's old tiles, whose
    /// cells the new map leaves empty are erased.
    old: Option<(i32, i32, i32, i32)>,
}

impl PlanInput {
    /// The plan of a paint over frames: the new tiles and the erasures of
    /// old ones, ordered by rendering quadrant; `None` once `watch` is
    /// cancelled (checked between rows).
    fn frame_plan(self, watch: &Watch) -> Option<FramePlan> {
        let plan = plan(&self.grid, &self.tiles, self.neighbours);
        if watch.is_cancelled() {
            return None;
        }
        let mut cells: Vec<((i32, i32), Option<Tile>)> =
            plan.cells.iter().map(|&(p, t)| (p, Some(t))).collect();
        if let Some((x0, y0, w, h)) = self.old {
            // Which cells get a tile: the grid's cells (walls stay inside
            // the grid), so a cell outside it is always erased.
            let (gw, gh) = (self.grid.width(), self.grid.height());
            let mut painted = vec![false; self.grid.cells().len()];
            for &((x, y), _) in &plan.cells {
                painted[(y * gw + x) as usize] = true;
            }
            for y in y0..y0.saturating_add(h) {
                if watch.is_cancelled() {
                    return None;
                }
                for x in x0..x0.saturating_add(w) {
                    let inside = (0..gw).contains(&x) && (0..gh).contains(&y);
                    if !inside || !painted[(y * gw + x) as usize] {
                        cells.push(((x, y), None));
                    }
                }
            }
        }
        if watch.is_cancelled() {
            return None;
        }
        let q = self.quadrant.max(1);
        cells.sort_by_key(|&((x, y), _)| (y.div_euclid(q), x.div_euclid(q), y, x));
        Some(FramePlan {
            cells,
            terrain_walls: plan.terrain_walls,
        })
    }
}

impl DungeonTilePainter {
    /// `tiles` if it is a valid per-frame count (at least 1); otherwise
    /// logs why (also in `last_error`) and returns `None`.
    fn checked_per_frame(&mut self, property: &str, tiles: i64) -> Option<i64> {
        if tiles >= 1 {
            return Some(tiles);
        }
        let msg = format!(
            "DungeonTilePainter: invalid {property} = {tiles}: allowed 1 or more tiles per frame; \
             the setting is unchanged"
        );
        godot_error!("{msg}");
        self.last_error = GString::from(&msg);
        None
    }

    /// The layer, the plan and the terrain ids, or `None` after reporting
    /// what is missing or invalid.
    fn prepare(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        layer: Option<Gd<TileMapLayer>>,
    ) -> Option<(Gd<TileMapLayer>, PlanInput, (i32, i32))> {
        let result = (|| {
            let grid = grid.ok_or_else(|| {
                "DungeonTilePainter: grid is null: pass a DungeonGrid from a generator".to_string()
            })?;
            let layer = layer.ok_or_else(|| {
                "DungeonTilePainter: layer is null: pass the TileMapLayer to paint".to_string()
            })?;
            let mapping = self
                .mapping
                .clone()
                .unwrap_or_else(DungeonTileMapping::new_gd);
            let tiles = mapping.bind().tiles()?;
            let terrain = match tiles.walls {
                Walls::Terrain(set, terrain) => (set, terrain),
                _ => (0, 0),
            };
            let grid = grid.bind();
            if !grid.is_valid() {
                return Err(
                    "DungeonTilePainter: the grid failed to load (DungeonGrid.is_valid() is false)"
                        .to_string(),
                );
            }
            let input = PlanInput {
                grid: grid.core().clone(),
                tiles,
                neighbours: self.wall_neighbours.core(),
                quadrant: 0,
                old: None,
            };
            Ok((layer, input, terrain))
        })();
        match result {
            Ok(v) => {
                self.last_error = GString::new();
                Some(v)
            }
            Err(msg) => {
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                None
            }
        }
    }
}
