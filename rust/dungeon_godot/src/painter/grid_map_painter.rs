//! `DungeonGridMapPainter`: a grid onto a `GridMap` (3D).

use dungeon_core::paint::{PaintKind, paint_all};
use dungeon_core::{Cell, DungeonGrid as CoreGrid, paint};
use godot::classes::{GridMap, INode, Node};
use godot::prelude::*;

use std::collections::BTreeMap;

use super::chunks::{DEFAULT_CHUNK, ONE_LAYER_CELLS, chunk_name, chunk_of};
use super::tile_painter::WallNeighbours;
use crate::async_gen::follow_frames;
use crate::background::{self, Task};
use crate::dungeon_grid::DungeonGrid;

/// One GridMap cell to set: where, which item, which orientation.
type Placed = (Vector3i, i32, i32);

/// The GridMap holding a cell: the map itself (`None`) or its chunk.
type Target = Option<(i32, i32)>;

/// Whether `core` is painted into chunk GridMaps (with `use_chunks` on):
/// a GridMap redoes work over all its octants on every frame that changes
/// one (BENCHMARKS.md), so a big map in one GridMap makes every frame of a
/// paint over frames long.
fn chunked(core: &CoreGrid, use_chunks: bool) -> bool {
    use_chunks && i64::from(core.width()) * i64::from(core.height()) > ONE_LAYER_CELLS
}

/// Where the cell `at` goes.
fn target(at: Vector3i, chunked: bool) -> Target {
    chunked.then(|| chunk_of((at.x, at.z), DEFAULT_CHUNK))
}

/// The settings a chunk GridMap copies from its parent.
const CHUNK_SETTINGS: [&str; 11] = [
    "mesh_library",
    "cell_size",
    "cell_octant_size",
    "cell_center_x",
    "cell_center_y",
    "cell_center_z",
    "cell_scale",
    "collision_layer",
    "collision_mask",
    "collision_priority",
    "physics_material",
];

/// The items and turns a paint uses, copied from the painter's settings so
/// the placement can be worked out off the main thread.
#[derive(Clone, Copy)]
struct Items {
    floor: i32,
    corridor: i32,
    door: i32,
    wall: i32,
    start: i32,
    end: i32,
    level: i32,
    neighbours: paint::WallNeighbours,
    /// GridMap orientation indices of 0 to 3 quarter turns about +Y.
    turns: [i32; 4],
}

impl Items {
    fn of(cell: Cell, items: &Self) -> i32 {
        let or_floor = |item: i32| if item < 0 { items.floor } else { item };
        match cell {
            Cell::Corridor => or_floor(items.corridor),
            Cell::Door => items.door,
            Cell::Start => or_floor(items.start),
            Cell::End => or_floor(items.end),
            Cell::Empty => -1,
            Cell::Room | Cell::Floor => items.floor,
        }
    }

    /// Every cell to set for `core`, row by row.
    fn placed(&self, core: &CoreGrid) -> Vec<Placed> {
        paint_all(core, self.neighbours)
            .into_iter()
            .enumerate()
            .filter_map(|(i, kind)| {
                let (x, y) = core.pos(i);
                let at = Vector3i::new(x, self.level, y);
                match kind {
                    PaintKind::Nothing => None,
                    PaintKind::Cell(c) => Some((at, Self::of(c, self), 0)),
                    PaintKind::Wall { edge, .. } => {
                        let turn = usize::try_from(wall_quarter_turns(edge)).unwrap_or(0);
                        Some((at, self.wall, self.turns.get(turn).copied().unwrap_or(0)))
                    }
                }
            })
            .filter(|&(_, item, _)| item >= 0)
            .collect()
    }
}

/// One GridMap write: where, in which GridMap, the item (-1 erases) and
/// its orientation.
type Op = (Vector3i, Target, i32, i32);

/// What a worker works out for [`DungeonGridMapPainter::paint_over_frames`]:
/// the writes, and the cells the new paint sets (remembered for the next).
struct Plan {
    ops: Vec<Op>,
    placed: Vec<Placed>,
}

impl Plan {
    /// The plan for `core` over the cells `old` of the last paint: the
    /// new cells and the erasing of the old cells the new paint does not
    /// set, together in octant order (`octant` cells a side), chunk by
    /// chunk on a chunked map. Each frame then dirties few of a GridMap's
    /// octants, and an octant is rebuilt about once, for its old and new
    /// cells together (erasing first and setting after rebuilt each octant
    /// twice, and freed the octants left empty in between).
    fn make(items: &Items, core: &CoreGrid, old: Old, octant: i32, chunked: bool) -> Self {
        let placed = items.placed(core);
        let kept: std::collections::HashSet<(Vector3i, Target)> =
            placed.iter().map(|p| (p.0, target(p.0, chunked))).collect();
        let mut ops: Vec<Op> = placed
            .iter()
            .map(|&(at, item, turn)| (at, target(at, chunked), item, turn))
            .collect();
        // A cell stays where the old paint put it when the new one sets it
        // in the same GridMap.
        ops.extend(
            old.cells
                .into_iter()
                .map(|p| (p.0, target(p.0, old.chunked)))
                .filter(|k| !kept.contains(k))
                .map(|(at, t)| (at, t, -1, 0)),
        );
        let o = octant.max(1);
        ops.sort_by_key(|&(at, t, item, _)| {
            let c = t.unwrap_or((0, 0));
            let octant = (at.z.div_euclid(o), at.x.div_euclid(o));
            (t.is_some(), c.1, c.0, octant, at.z, at.x, item)
        });
        Self { ops, placed }
    }
}

/// What a painter set on a map last: the cells, and whether they went
/// into chunks.
#[derive(Default)]
struct Old {
    cells: Vec<Placed>,
    chunked: bool,
}

/// A [`DungeonGridMapPainter::paint_over_frames`] in progress: the plan's
/// writes, a budget per frame.
struct MapJob {
    map: Gd<GridMap>,
    /// The new cells go into chunks.
    chunked: bool,
    /// The GridMaps written so far, by target.
    maps: BTreeMap<Target, Gd<GridMap>>,
    /// The plan being worked out on a worker thread.
    task: Option<Task<Plan>>,
    plan: Plan,
    next: usize,
}

impl MapJob {
    fn len(&self) -> usize {
        self.plan.ops.len()
    }
}

/// Paints a [DungeonGrid] onto a [GridMap]: one [MeshLibrary] item per
/// walkable cell (by kind) and a wall item on every empty cell next to a
/// walkable one, turned to face the floor.
///
/// Grid cell [code](x, y)[/code] becomes GridMap cell
/// [code]Vector3i(x, floor_level, y)[/code]. A wall item is modelled facing
/// +Z (its front toward the south); each wall is turned so its front faces
/// an open side: south, east, north or west, in that order of preference
/// (walls that touch floor only at a corner keep the south-facing turn).
/// Item ids below 0 leave that kind empty.
///
/// Big maps (more than 512×512 cells) go into chunk GridMaps
/// ([member use_chunks]): one child
/// GridMap of the given map per 256×256 block of cells (named
/// [code]Chunk_<x>_<y>[/code], its cells at the map's own coordinates,
/// with the map's mesh library, cell size, octant size and collision
/// settings). A GridMap does work over all its octants each frame one of
/// them changes, so one GridMap of a million cells would make every frame
/// of [method paint_over_frames] long. Read such a map with
/// [method get_map_at] or [method get_cell_item_at].
/// [codeblock]
/// var painter := DungeonGridMapPainter.new()
/// painter.paint(BspGenerator.new().generate(), $GridMap)
/// [/codeblock]
#[derive(GodotClass)]
#[class(tool, base = Node)]
pub struct DungeonGridMapPainter {
    /// Item for room floor, and for start, end and open floor when their
    /// own item is -1.
    #[export]
    floor_item: i32,
    /// Item for corridors; -1 uses [member floor_item].
    #[export]
    corridor_item: i32,
    /// Item for doors.
    #[export]
    door_item: i32,
    /// Item for walls.
    #[export]
    wall_item: i32,
    /// Item for the start cell; -1 uses [member floor_item].
    #[export]
    start_item: i32,
    /// Item for the end cell; -1 uses [member floor_item].
    #[export]
    end_item: i32,
    /// The GridMap y every item is placed at.
    #[export]
    floor_level: i32,
    /// Which neighbours of an empty cell make it a wall (see
    /// [constant DungeonTilePainter.NEIGHBOURS_8]).
    #[export]
    wall_neighbours: WallNeighbours,
    /// On (the default): maps of more than 512×512 cells go into chunk
    /// GridMaps under the given one (see the class description). Off:
    /// every map goes into the GridMap itself; a big map then makes every
    /// frame of [method paint_over_frames] long.
    #[export]
    use_chunks: bool,
    /// How many GridMap cells [method paint_over_frames] sets each frame
    /// (at least 1). Lower it if frames run long on a slow machine.
    #[export(range = (1.0, 65536.0, 1.0, or_greater))]
    cells_per_frame: i32,
    /// How far a [method paint_over_frames] is, 0 to 1 (1 when none is in
    /// progress).
    #[var(get = get_paint_progress, no_set)]
    paint_progress: PhantomVar<f64>,
    /// Why the last call failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    job: Option<MapJob>,
    /// The map this painter painted last and what it set there, so the
    /// next paint over frames erases only the cells it does not set again.
    last: Option<(InstanceId, Old)>,
    base: Base<Node>,
}

#[godot_api]
impl INode for DungeonGridMapPainter {
    fn init(base: Base<Node>) -> Self {
        Self {
            floor_item: 0,
            corridor_item: 1,
            door_item: 2,
            wall_item: 3,
            start_item: -1,
            end_item: -1,
            floor_level: 0,
            wall_neighbours: WallNeighbours::Eight,
            use_chunks: true,
            cells_per_frame: 4096,
            paint_progress: PhantomVar::default(),
            last_error: GString::new(),
            job: None,
            last: None,
            base,
        }
    }
}

/// The turn about +Y, in quarter turns, that points a +Z-facing wall at an
/// open side of edge mask `edge` (bits set for solid sides N=1 E=2 S=4 W=8).
pub fn wall_quarter_turns(edge: u8) -> i32 {
    // +Z (south) is no turn; a quarter turn takes +Z to +X (east).
    [(4u8, 0), (2, 1), (1, 2), (8, 3)]
        .iter()
        .find(|(bit, _)| edge & bit == 0)
        .map_or(0, |&(_, turns)| turns)
}

#[godot_api]
impl DungeonGridMapPainter {
    /// Emitted when [method paint] has filled the GridMap.
    #[signal]
    fn painted(grid_map: Gd<GridMap>);

    /// Clears [param grid_map] and paints [param grid] onto it now.
    /// Returns [code]false[/code] (and logs why, also in
    /// [member last_error]) for a null or invalid grid or a null GridMap.
    #[func]
    fn paint(&mut self, grid: Option<Gd<DungeonGrid>>, grid_map: Option<Gd<GridMap>>) -> bool {
        self.stop();
        let Some((grid, mut map, items)) = self.prepare(grid, grid_map) else {
            return false;
        };
        let (placed, chunked) = {
            let g = grid.bind();
            (items.placed(g.core()), chunked(g.core(), self.use_chunks))
        };
        Self::clear_all(&mut map);
        if !chunked {
            Self::drop_chunks(&map);
        }
        let mut maps = BTreeMap::new();
        let ops = placed
            .iter()
            .map(|&(at, item, turn)| (at, target(at, chunked), item, turn));
        Self::write(&map, &mut maps, ops);
        let old = Old {
            cells: placed,
            chunked,
        };
        self.last = Some((map.instance_id(), old));
        self.last_error = GString::new();
        self.signals().painted().emit(&map);
        true
    }

    /// Paints [param grid] onto [param grid_map] over the next frames:
    /// which item goes where is worked out on a worker thread, then
    /// [member cells_per_frame] cells are set each frame, octant by octant
    /// ([member GridMap.cell_octant_size]), and
    /// [signal painted] follows the last. A map this painter painted last
    /// is not cleared at once: its old cells that the new grid does not
    /// set are erased over frames, octant by octant together with the new
    /// cells (clearing a big map would take one long frame); any other map
    /// is cleared. A new paint or [method stop]
    /// ends the previous one. Returns [code]false[/code] like
    /// [method paint].
    /// [codeblock]
    /// painter.painted.connect(func(map): print("painted"))
    /// painter.paint_over_frames(grid, $GridMap)
    /// [/codeblock]
    #[func]
    fn paint_over_frames(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        grid_map: Option<Gd<GridMap>>,
    ) -> bool {
        self.stop();
        let Some((grid, mut map, items)) = self.prepare(grid, grid_map) else {
            return false;
        };
        let core = grid.bind().shared();
        let chunked = chunked(&core, self.use_chunks);
        let old = match self.last.take() {
            Some((id, old)) if id == map.instance_id() => old,
            _ => {
                Self::clear_all(&mut map);
                Old::default()
            }
        };
        Self::sync_chunks(&map);
        let octant = map.get_octant_size();
        let task = match background::spawn("dungeon-gridmap-plan", move |_| {
            Plan::make(&items, &core, old, octant, chunked)
        }) {
            Ok(task) => task,
            Err(e) => {
                let msg =
                    format!("DungeonGridMapPainter: could not start the planning thread: {e}");
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                return false;
            }
        };
        self.last_error = GString::new();
        self.job = Some(MapJob {
            map,
            chunked,
            maps: BTreeMap::new(),
            task: Some(task),
            plan: Plan {
                ops: Vec::new(),
                placed: Vec::new(),
            },
            next: 0,
        });
        let this = self.to_gd().upcast::<Object>();
        if !follow_frames(&this, "paint_step", true) {
            godot_warn!(
                "DungeonGridMapPainter: the main loop is not a SceneTree; call paint_step() yourself"
            );
        }
        true
    }

    /// The GridMap holding [param cell] of [param grid_map] as this
    /// painter paints it: [param grid_map] itself, or on a big map the
    /// chunk GridMap of that cell (see the class description);
    /// [code]null[/code] for a null map.
    #[func]
    fn get_map_at(&self, grid_map: Option<Gd<GridMap>>, cell: Vector3i) -> Option<Gd<GridMap>> {
        let map = grid_map.filter(|m| m.is_instance_valid())?;
        let name = chunk_name(chunk_of((cell.x, cell.z), DEFAULT_CHUNK));
        Some(
            map.get_node_or_null(name.as_str())
                .and_then(|n| n.try_cast::<GridMap>().ok())
                .unwrap_or(map),
        )
    }

    /// The item at [param cell] of [param grid_map] or of its chunk
    /// ([method get_map_at]); -1 for none ([constant GridMap.INVALID_CELL_ITEM]).
    #[func]
    fn get_cell_item_at(&self, grid_map: Option<Gd<GridMap>>, cell: Vector3i) -> i32 {
        self.get_map_at(grid_map, cell)
            .map_or(-1, |m| m.get_cell_item(cell))
    }

    /// Stops a [method paint_over_frames] in progress (the cells set so
    /// far stay; no [signal painted]; the next paint over frames onto that
    /// map clears it).
    #[func]
    fn stop(&mut self) {
        if self.job.take().is_some() {
            self.last = None;
        }
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
        self.job.as_ref().map_or(1.0, |j| {
            if j.task.is_some() || j.len() == 0 {
                0.0
            } else {
                j.next as f64 / j.len() as f64
            }
        })
    }

    /// Sets the next [member cells_per_frame] cells of a
    /// [method paint_over_frames]. Called every frame by the SceneTree
    /// while a paint is in progress; call it yourself only with a custom
    /// main loop.
    #[func]
    fn paint_step(&mut self) {
        let budget = usize::try_from(self.cells_per_frame.max(1)).unwrap_or(1);
        let Some(job) = self.job.as_mut() else {
            self.stop();
            return;
        };
        if !job.map.is_instance_valid() {
            self.stop();
            return;
        }
        if let Some(task) = &job.task {
            match task.take() {
                None => return,
                Some(Ok(plan)) => {
                    job.plan = plan;
                    job.task = None;
                }
                Some(Err(())) => {
                    self.stop();
                    let msg = "DungeonGridMapPainter: working out the cells failed";
                    godot_error!("{msg}");
                    self.last_error = GString::from(msg);
                    return;
                }
            }
        }
        let len = job.len();
        let end = (job.next + budget).min(len);
        let map = job.map.clone();
        Self::write(
            &map,
            &mut job.maps,
            job.plan
                .ops
                .get(job.next..end)
                .unwrap_or(&[])
                .iter()
                .copied(),
        );
        job.next = end;
        if end == len {
            let old = Old {
                cells: std::mem::take(&mut job.plan.placed),
                chunked: job.chunked,
            };
            self.job = None;
            self.stop();
            if !old.chunked {
                // Emptied by the erasing: `get_map_at` must find the map.
                Self::drop_chunks(&map);
            }
            self.last = Some((map.instance_id(), old));
            self.signals().painted().emit(&map);
        }
    }
}

impl DungeonGridMapPainter {
    /// The GridMap of `target` under `map`: the map itself, or its chunk
    /// (made, set up like the map, when missing).
    fn map_for(
        map: &Gd<GridMap>,
        maps: &mut BTreeMap<Target, Gd<GridMap>>,
        target: Target,
    ) -> Gd<GridMap> {
        let Some(c) = target else {
            return map.clone();
        };
        if let Some(m) = maps.get(&target) {
            return m.clone();
        }
        let name = chunk_name(c);
        let chunk = match map
            .get_node_or_null(name.as_str())
            .and_then(|n| n.try_cast::<GridMap>().ok())
        {
            Some(chunk) => chunk,
            None => {
                let mut chunk = GridMap::new_alloc();
                chunk.set_name(name.as_str());
                Self::copy_settings(map, &mut chunk);
                map.clone().add_child(&chunk);
                chunk
            }
        };
        maps.insert(target, chunk.clone());
        chunk
    }

    /// The chunk GridMaps under `map`.
    fn chunks(map: &Gd<GridMap>) -> Vec<Gd<GridMap>> {
        map.get_children()
            .iter_shared()
            .filter(|c| c.get_name().to_string().starts_with("Chunk_"))
            .filter_map(|c| c.try_cast::<GridMap>().ok())
            .collect()
    }

    fn copy_settings(from: &Gd<GridMap>, to: &mut Gd<GridMap>) {
        for name in CHUNK_SETTINGS {
            to.set(name, &from.get(name));
        }
    }

    /// Gives the chunks of `map` its settings as they are now.
    fn sync_chunks(map: &Gd<GridMap>) {
        for mut c in Self::chunks(map) {
            Self::copy_settings(map, &mut c);
        }
    }

    /// Frees the chunks of `map`.
    fn drop_chunks(map: &Gd<GridMap>) {
        let mut parent = map.clone();
        for mut c in Self::chunks(map) {
            parent.remove_child(&c);
            c.queue_free();
        }
    }

    /// Clears `map` and its chunks.
    fn clear_all(map: &mut Gd<GridMap>) {
        map.clear();
        for mut c in Self::chunks(map) {
            c.clear();
        }
        Self::sync_chunks(map);
    }

    /// The grid, the map and the items of a paint, or `None` after
    /// reporting what is missing.
    fn prepare(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        grid_map: Option<Gd<GridMap>>,
    ) -> Option<(Gd<DungeonGrid>, Gd<GridMap>, Items)> {
        let (Some(grid), Some(map)) = (grid, grid_map) else {
            let msg = "DungeonGridMapPainter: grid or grid_map is null: pass a DungeonGrid and the GridMap to paint";
            godot_error!("{msg}");
            self.last_error = GString::from(msg);
            return None;
        };
        if !grid.bind().is_valid() {
            let msg =
                "DungeonGridMapPainter: the grid failed to load (DungeonGrid.is_valid() is false)";
            godot_error!("{msg}");
            self.last_error = GString::from(msg);
            return None;
        }
        let mut turns = [0; 4];
        for (k, t) in turns.iter_mut().enumerate() {
            let basis = Basis::from_axis_angle(Vector3::UP, k as f32 * std::f32::consts::FRAC_PI_2);
            *t = map.get_orthogonal_index_from_basis(basis);
        }
        let items = Items {
            floor: self.floor_item,
            corridor: self.corridor_item,
            door: self.door_item,
            wall: self.wall_item,
            start: self.start_item,
            end: self.end_item,
            level: self.floor_level,
            neighbours: self.wall_neighbours.core(),
            turns,
        };
        Some((grid, map, items))
    }

    /// Makes the writes `ops` in `map` or its chunks.
    fn write(
        map: &Gd<GridMap>,
        maps: &mut BTreeMap<Target, Gd<GridMap>>,
        ops: impl Iterator<Item = Op>,
    ) {
        let mut current: Option<(Target, Gd<GridMap>)> = None;
        for (at, t, item, orientation) in ops {
            let m = match &mut current {
                Some((ct, m)) if *ct == t => m,
                _ => &mut current.insert((t, Self::map_for(map, maps, t))).1,
            };
            m.set_cell_item_ex(at, item).orientation(orientation).done();
        }
    }
}
