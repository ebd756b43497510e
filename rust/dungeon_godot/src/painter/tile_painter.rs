//! `DungeonTilePainter`: a grid onto a `TileMapLayer` or into chunk
//! layers, in one pass or a tile budget per frame.

use dungeon_core::paint::WallNeighbours as CoreNeighbours;
use dungeon_core::watch::Watch;
use godot::classes::{INode, Node, Node2D, TileData, TileMapLayer};
use godot::prelude::*;

use super::chunks::{self, DEFAULT_CHUNK, MAX_CHUNK};
use super::frame_job::{FrameJob, PlanState, Step};
use super::mapping::DungeonTileMapping;
use crate::async_gen::follow_frames;
use crate::background;
use crate::dungeon_grid::DungeonGrid;
use crate::generator::inspector_enum;

mod prepare;

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

inspector_enum! {
    /// Whether the painter splits a map into chunk layers ([member DungeonTilePainter.chunking]).
    Chunking("chunking") in DungeonTilePainter {
        /// [member DungeonTilePainter.chunking]: a [TileMapLayer] target
        /// holds maps up to 512×512 cells itself; bigger maps go into
        /// chunk layers of [member DungeonTilePainter.chunk_size] under
        /// it, so no frame pays for one huge layer. The default.
        Auto = CHUNKS_AUTO,
        /// [member DungeonTilePainter.chunking]: every map goes into chunk
        /// layers of [member DungeonTilePainter.chunk_size].
        Always = CHUNKS_ALWAYS,
        /// [member DungeonTilePainter.chunking]: a [TileMapLayer] target
        /// holds every map itself (a big map then costs long frames). A
        /// target that is not a [TileMapLayer] is still painted in chunks.
        Never = CHUNKS_NEVER,
    }
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
/// [method paint_over_frames]; [signal painted] tells when the target is
/// done. Room grids are painted one tile per room cell.
///
/// [b]Big maps and chunks.[/b] One huge [TileMapLayer] costs long frames
/// (Godot grows and scans its tile storage at once), so a map bigger than
/// 512×512 cells is painted into [i]chunk layers[/i]: one child
/// [TileMapLayer] per [member chunk_size]×[member chunk_size] block of
/// cells, named [code]Chunk_<x>_<y>[/code] (the block's column and row),
/// created, reused and freed by the painter. They are added under the
/// [TileMapLayer] you paint (which then holds no tiles itself) and copy its
/// tile set and settings (collision, navigation, quadrant size, y-sort,
/// material...). Each chunk holds its tiles at the map's own cell
/// coordinates, so [method TileMapLayer.map_to_local] and collision across
/// chunk borders work as on one layer. The target can also be a plain
/// [Node2D]: it is always painted in chunks, set up like
/// [member chunk_template]. See [member chunking] to choose.
///
/// Read a painted map back with [method get_layer_at] (the layer holding a
/// cell), [method get_cell_atlas_coords_at] and its siblings, or
/// [method get_cell_kind_at]: one call whatever the chunking.
///
/// The painter remembers on each target what it painted (metadata
/// [code]dungeon_*[/code] on the target and its chunks), so painting the
/// next level replaces the old one without scanning the layer. Tiles you
/// add yourself to a painted layer are not known to it and stay.
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
    /// Tiles [method paint_over_frames] writes (or erases) per frame, onto
    /// one layer or into chunk layers alike: a chunk is written this many
    /// tiles at a time, and creating or freeing a chunk layer counts as 256
    /// tiles, so no frame does more whatever [member chunk_size] is. A tile
    /// with a collision polygon counts as 4 tiles and one with a navigation
    /// polygon as 5 (when the layer has collision or navigation on): Godot
    /// rebuilds their shapes and polygons at the end of the frame. Godot
    /// then spends longer than that updating the layers' quadrants at the
    /// end of the frame: on the project's 2-core test machine, 4096 tiles
    /// cost about 2 ms of [method TileMapLayer.set_cell] calls and 4 to 7 ms
    /// of Godot's update (see BENCHMARKS.md); halve it for more headroom.
    /// At least 1: a smaller value is refused with an error, and the
    /// setting is unchanged.
    #[var(set = set_tiles_per_frame)]
    #[export(range = (64.0, 262144.0, 1.0, or_greater))]
    tiles_per_frame: i64,
    /// Terrain wall cells [method paint_over_frames] hands to
    /// [method TileMapLayer.set_cells_terrain_connect] per frame
    /// ([constant DungeonTileMapping.WALLS_TERRAIN]; Godot's terrain
    /// matching is slow, so keep this small). At least 1, like
    /// [member tiles_per_frame]. With chunks, each chunk's terrain walls are
    /// matched when the chunk is written, within that chunk only.
    #[var(set = set_terrain_tiles_per_frame)]
    #[export(range = (1.0, 16384.0, 1.0, or_greater))]
    terrain_tiles_per_frame: i64,
    /// When maps are split into chunk layers (see [constant CHUNKS_AUTO]).
    #[export_group(name = "Chunks")]
    #[export]
    chunking: Chunking,
    /// The side, in cells, of each chunk layer: 256 by default, which kept
    /// frames shortest when painting 1024² and 2048² maps over frames, with
    /// few layers. 1 to 4096; another value is refused with an error and the
    /// setting is unchanged.
    #[var(set = set_chunk_size)]
    #[export(range = (16.0, 1024.0, 1.0, or_greater))]
    chunk_size: i64,
    /// For a target that is a plain [Node2D] (not a [TileMapLayer]): the
    /// layer each chunk copies its tile set and settings from (it need not
    /// be in the scene tree, and its own tiles are not used). A
    /// [TileMapLayer] target is its own template.
    #[export]
    chunk_template: Option<Gd<TileMapLayer>>,
    /// Why the last call failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    /// How far the current [method paint_over_frames] is, from 0 to 1 (1
    /// when none is in progress): the share of its tiles written (and of
    /// old tiles erased, and chunk layers made or freed). It rises from
    /// frame to frame, so it can feed a loading bar; 0 while the worker
    /// thread is still working out which tile goes where.
    #[var(get = get_paint_progress, no_set)]
    paint_progress: PhantomVar<f64>,
    job: Option<FrameJob>,
    /// The grid last painted onto each target (for [method get_cell_kind_at]).
    grids: Vec<(InstanceId, Gd<DungeonGrid>)>,
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
            chunking: Chunking::Auto,
            chunk_size: i64::from(DEFAULT_CHUNK),
            chunk_template: None,
            last_error: GString::new(),
            paint_progress: PhantomVar::default(),
            job: None,
            grids: Vec::new(),
            base,
        }
    }
}

#[godot_api]
impl DungeonTilePainter {
    /// Emitted when [param target] holds the whole grid: at the end of
    /// [method paint], or in the frame [method paint_over_frames] finishes.
    #[signal]
    fn painted(target: Gd<Node2D>);

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

    /// Sets [member chunk_size]; a value below 1 or above 4096 is refused
    /// with an error (also in [member last_error]) and the setting is
    /// unchanged.
    #[func]
    fn set_chunk_size(&mut self, size: i64) {
        if (1..=MAX_CHUNK).contains(&size) {
            self.chunk_size = size;
            return;
        }
        self.fail(format!(
            "DungeonTilePainter: invalid chunk_size = {size}: allowed 1 to {MAX_CHUNK} cells; \
             the setting is unchanged"
        ));
    }

    /// Paints [param grid] onto [param target] now, replacing what the
    /// painter painted there before. [param target] is a [TileMapLayer]
    /// or, for chunks only, a [Node2D] (see [member chunking]). Returns
    /// [code]false[/code] (and logs why, also in [member last_error]) for
    /// a null grid or target, an invalid [member mapping], or a [Node2D]
    /// target without [member chunk_template].
    #[func]
    fn paint(&mut self, grid: Option<Gd<DungeonGrid>>, target: Option<Gd<Node2D>>) -> bool {
        self.stop();
        let Some(p) = self.prepare(grid, target) else {
            return false;
        };
        let target = p.target.clone();
        if p.chunk == 0 {
            if let Ok(layer) = target.clone().try_cast::<TileMapLayer>() {
                self.paint_one_layer(layer, p);
            }
        } else {
            let plan = p.input.frame_plan(&Watch::new()).unwrap_or_default();
            let mut job = FrameJob::new(
                p.target,
                p.template,
                p.chunk,
                (PlanState::Ready(plan), p.existing),
                p.terrain,
                p.rect,
            );
            // An unlimited budget writes everything in one step; the bound
            // only guards the loop.
            for _ in 0..8 {
                if !matches!(job.step(usize::MAX, usize::MAX), Step::Working) {
                    break;
                }
            }
        }
        self.signals().painted().emit(&target);
        true
    }

    /// Paints [param grid] onto [param target] over the next frames:
    /// [member tiles_per_frame] tiles each frame, then [signal painted].
    /// Which tile goes where is worked out on a worker thread first (the
    /// grid's cells are shared with it, not copied), and tiles are laid one
    /// rendering quadrant after another (chunk by chunk), so no frame pays
    /// for the whole map. What the
    /// painter painted there before is replaced the same way, bit by bit,
    /// without scanning the layer. Big maps go into chunk layers by default
    /// (see [member chunking]), so the code stays
    /// [code]paint_over_frames(grid, $TileMapLayer)[/code]. A new paint or
    /// [method stop] ends the previous one. Returns [code]false[/code] like
    /// [method paint].
    #[func]
    fn paint_over_frames(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        target: Option<Gd<Node2D>>,
    ) -> bool {
        self.stop();
        let Some(p) = self.prepare(grid, target) else {
            return false;
        };
        let mut input = p.input;
        // Over frames, chunks are written a budget of tiles at a time.
        input.bytes = false;
        // The plan of a big map takes a while: it is made off the main
        // thread, from a copy of the core grid (no Godot object).
        let task =
            match background::spawn("dungeon-paint-plan", move |watch| input.frame_plan(watch)) {
                Ok(task) => task,
                Err(e) => {
                    self.fail(format!(
                        "DungeonTilePainter: could not start the planning thread: {e}"
                    ));
                    return false;
                }
            };
        let mut job = FrameJob::new(
            p.target,
            p.template,
            p.chunk,
            (PlanState::Making(task), p.existing),
            p.terrain,
            p.rect,
        );
        job.costs = p.costs;
        self.job = Some(job);
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
    /// [signal painted]). The next paint onto the same target still
    /// replaces them.
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

    /// The value of [member paint_progress].
    #[func]
    fn get_paint_progress(&self) -> f64 {
        self.job.as_ref().map_or(1.0, FrameJob::progress)
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
        match job.step(budget, terrain_budget) {
            Step::Waiting | Step::Working => {}
            Step::Done => {
                let target = job.target.clone();
                self.stop();
                self.signals().painted().emit(&target);
            }
            Step::Failed(msg) => {
                self.stop();
                if !msg.is_empty() {
                    self.fail(format!("DungeonTilePainter: {msg}"));
                }
            }
        }
    }

    /// The [TileMapLayer] that holds [param cell] of [param target] (the
    /// map's cell coordinates): the target itself when it holds the map as
    /// one layer, else the chunk layer of that cell; [code]null[/code]
    /// where no chunk was painted or for a null target.
    #[func]
    fn get_layer_at(&self, target: Option<Gd<Node2D>>, cell: Vector2i) -> Option<Gd<TileMapLayer>> {
        target
            .filter(|t| t.is_instance_valid())
            .and_then(|t| chunks::layer_at(&t, cell))
    }

    /// The tile set source id of the tile at [param cell] of
    /// [param target], -1 for none (like [method TileMapLayer.get_cell_source_id]).
    #[func]
    fn get_cell_source_id_at(&self, target: Option<Gd<Node2D>>, cell: Vector2i) -> i32 {
        self.get_layer_at(target, cell)
            .map_or(-1, |l| l.get_cell_source_id(cell))
    }

    /// The atlas coordinates of the tile at [param cell] of [param target],
    /// [code](-1, -1)[/code] for none.
    #[func]
    fn get_cell_atlas_coords_at(&self, target: Option<Gd<Node2D>>, cell: Vector2i) -> Vector2i {
        self.get_layer_at(target, cell)
            .map_or(Vector2i::new(-1, -1), |l| l.get_cell_atlas_coords(cell))
    }

    /// The alternative tile at [param cell] of [param target], -1 for none.
    #[func]
    fn get_cell_alternative_tile_at(&self, target: Option<Gd<Node2D>>, cell: Vector2i) -> i32 {
        self.get_layer_at(target, cell)
            .map_or(-1, |l| l.get_cell_alternative_tile(cell))
    }

    /// The [TileData] of the tile at [param cell] of [param target]
    /// (collision, navigation, custom data), [code]null[/code] for none.
    #[func]
    fn get_cell_tile_data_at(
        &self,
        target: Option<Gd<Node2D>>,
        cell: Vector2i,
    ) -> Option<Gd<TileData>> {
        self.get_layer_at(target, cell)
            .and_then(|l| l.get_cell_tile_data(cell))
    }

    /// The cell kind ([constant DungeonGrid.ROOM], [constant DungeonGrid.EMPTY]...)
    /// at [param cell] of the grid this painter last painted onto
    /// [param target]; [constant DungeonGrid.EMPTY] when it painted none
    /// there.
    #[func]
    fn get_cell_kind_at(&self, target: Option<Gd<Node2D>>, cell: Vector2i) -> i32 {
        self.get_painted_grid(target).map_or(0, |g| {
            i32::from(g.bind().core().cell((cell.x, cell.y)).code())
        })
    }

    /// The grid this painter last painted (or is painting) onto
    /// [param target], or [code]null[/code].
    #[func]
    fn get_painted_grid(&self, target: Option<Gd<Node2D>>) -> Option<Gd<DungeonGrid>> {
        let id = target.filter(|t| t.is_instance_valid())?.instance_id();
        self.grids
            .iter()
            .find(|(t, _)| *t == id)
            .map(|(_, g)| g.clone())
    }
}
