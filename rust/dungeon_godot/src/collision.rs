//! `DungeonCollision`: a `StaticBody2D` or `StaticBody3D` whose few shapes
//! block a grid's walls, built straight from the grid, with one shape per
//! door that a game can switch on and off.

use dungeon_core::collision::{self, CollisionOptions};
use dungeon_core::{DungeonGrid as CoreGrid, Watch};
use godot::classes::{IRefCounted, Node2D, Node3D, RefCounted, StaticBody2D, StaticBody3D};
use godot::prelude::*;

use crate::async_api::async_api;
use crate::async_gen::{Finished, Work, follow_frames};
use crate::collision_body::{
    Built, META_CONNECTION, META_LOCK, Maker, Maker2D, Maker3D, parts, whole,
};
use crate::collision_stage::{CollisionJobs, Job, MakerSpec, Ready, Staged};
use crate::dungeon_grid::DungeonGrid;

/// Builds collision for a [DungeonGrid] in Rust: a [StaticBody2D] or
/// [StaticBody3D] with a few large rectangles instead of one shape per wall
/// tile, so big levels stay within the physics server's limits and its
/// broad phase has less to sort.
///
/// What collides: every empty cell that touches a walkable cell (on any of
/// its eight sides, as the tile painter draws walls; outside the grid too,
/// so nothing leaves the map), merged into rectangles; a thin wall on every
/// side between two walkable cells that the door masks keep shut (room
/// walls on Isaac floors and drunkard walks, a corridor beside a room); and
/// one shape per door, a child named [code]Door_<connection>_<n>[/code]
/// with the metadata [code]door_connection[/code] (its index in
/// [method DungeonGrid.get_connection_rooms]), [code]door_lock[/code] (its
/// index in [method DungeonGrid.get_locks_packed], or -1) and [code]door_secret[/code]. Doors start
/// open (their shape disabled), except locked doors and secret doors,
/// which start closed; switch them with [method set_door_closed] or
/// [method set_lock_closed]. In 2D a one-way door (a
/// [DungeonProgression] one-way lock) starts on as a
/// [member CollisionShape2D.one_way_collision] shape turned to let bodies
/// through from its [code]from[/code] room only; opening it lets them
/// through both ways, closing it makes it one-way again. In 3D (no
/// one-way shapes there) it is an ordinary door that starts open.
/// [codeblock]
/// var grid := BspGenerator.new().generate()
/// var collision := DungeonCollision.new()
/// var body := collision.build_body_2d(grid, Vector2(16, 16))
/// add_child(body)   # where the TileMapLayer is
/// collision.set_door_closed(body, 0, true)   # shut the first connection's doors
/// [/codeblock]
/// Big maps: [method build_bodies_2d_async] makes one body per chunk of
/// [member chunk_size] cells on a worker and adds them under a node a few
/// a frame ([member bodies_per_frame]), so no frame is long; many small
/// bodies are also faster for the physics engine than one body with every
/// shape (see docs/collision.md).
/// Give the painted tiles no collision of their own, or the walls collide
/// twice. The build is deterministic: the same grid and settings give the
/// same shapes in the same order.
#[derive(GodotClass)]
#[class(tool, base = RefCounted)]
pub struct DungeonCollision {
    /// The thickness of thin walls and doors, as a share of a cell (above
    /// 0, at most 0.5): half of it lies in each of the two cells.
    #[export]
    wall_thickness: f64,
    /// Room grids only (Isaac floors, drunkard walks): the width of the
    /// doorway in a side between two rooms, as a share of the side,
    /// centred, with walls either side. Below 0 (the default) the doorway
    /// is the whole side.
    #[export]
    room_door_width: f64,
    /// Let the wall rectangles also cover the empty cells behind the walls
    /// (which no one can reach): fewer, larger shapes. Off by default.
    #[export]
    fill_solid: bool,
    /// Build the walls as outlines instead of rectangles: the sides between
    /// floor and wall (and the thin walls) as segments, one
    /// [ConcavePolygonShape2D] (3D: [ConcavePolygonShape3D]) per square of
    /// [member chunk_size] cells. Far fewer shapes on big maps (a 2048²
    /// cave: about a thousand instead of 380,000 rectangles), but the
    /// walls are hollow: a body placed inside one is not pushed out, and a
    /// very fast one may pass a segment. Doors keep their own shapes.
    #[export]
    use_outline: bool,
    /// The side of a chunk, in cells (at least 1): of an outline shape
    /// with [member use_outline], and of a body with
    /// [method build_bodies_2d] and the other [code]build_bodies_*[/code]
    /// methods.
    #[export]
    chunk_size: i32,
    /// [method build_bodies_2d_async] and [method build_bodies_3d_async]:
    /// how many chunk bodies are made and added per frame (at least 1).
    /// Lower it if a frame is still too long.
    #[export]
    bodies_per_frame: i32,
    /// 3D only: how tall the walls are, in world units. 0 or below (the
    /// default) makes them one cell tall ([code]cell_size.y[/code]).
    #[export]
    wall_height: f64,
    /// 3D only: the GridMap floor the walls stand on (like
    /// [member DungeonGridMapPainter.floor_level]): they start at
    /// [code]floor_level * cell_size.y[/code].
    #[export]
    floor_level: i32,
    /// Why the last build failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    /// How many shapes the last build made (walls, thin walls and doors).
    #[var(no_set)]
    last_shape_count: i64,
    /// How far the pending async requests are, from 0 to 1 (1 when none is
    /// pending), as a generator's [code]progress[/code].
    #[var(get = get_progress, no_set)]
    progress: PhantomVar<f64>,
    jobs: CollisionJobs,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for DungeonCollision {
    fn init(base: Base<RefCounted>) -> Self {
        Self {
            wall_thickness: 0.125,
            room_door_width: -1.0,
            fill_solid: false,
            use_outline: false,
            chunk_size: 64,
            bodies_per_frame: 4,
            wall_height: 0.0,
            floor_level: 0,
            last_error: GString::new(),
            last_shape_count: 0,
            progress: PhantomVar::default(),
            jobs: CollisionJobs::default(),
            base,
        }
    }
}

#[godot_api]
impl DungeonCollision {
    /// Emitted on the main thread with each finished
    /// [method build_body_2d_async] or [method build_body_3d_async]
    /// request, in request order: [param body] is the [StaticBody2D] or
    /// [StaticBody3D], not yet in the tree. For
    /// [method build_bodies_2d_async] and [method build_bodies_3d_async]
    /// it is the [Node2D] or [Node3D] holding the chunk bodies, already
    /// under the parent given, sent when its last body is in.
    #[signal]
    fn built(request: i64, body: Gd<Node>);

    /// Emitted when an async request fails, with the reason (also in
    /// [member last_error]).
    #[signal]
    fn build_failed(request: i64, message: GString);

    /// Builds a [StaticBody2D] whose [CollisionShape2D] children block
    /// [param grid]'s walls, each cell [param cell_size] pixels (the
    /// TileSet's tile size); put it where the [TileMapLayer] is. Returns
    /// null (and logs why, also in [member last_error]) for a null grid, a
    /// cell size that is not above 0, or settings out of range.
    #[func]
    fn build_body_2d(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector2,
    ) -> Option<Gd<StaticBody2D>> {
        self.build_now(grid, Dims::Flat(cell_size), false)?
            .try_cast::<StaticBody2D>()
            .ok()
    }

    /// Builds the walls of [method build_body_2d] as one [StaticBody2D]
    /// per chunk of [member chunk_size]² cells (named
    /// [code]Chunk_<cx>_<cy>[/code], each with the walls and doors whose
    /// top-left corner or centre lies in it), under a [Node2D] named
    /// [code]Collision[/code]. The physics engine then looks only at the
    /// bodies near a moving one. Returns null (and logs why) on bad
    /// input, as [method build_body_2d].
    #[func]
    fn build_bodies_2d(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector2,
    ) -> Option<Gd<Node2D>> {
        self.build_now(grid, Dims::Flat(cell_size), true)?
            .try_cast::<Node2D>()
            .ok()
    }

    /// [method build_bodies_2d] for 3D: one [StaticBody3D] per chunk
    /// under a [Node3D], the walls as [method build_body_3d] makes them.
    #[func]
    fn build_bodies_3d(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector3,
    ) -> Option<Gd<Node3D>> {
        self.build_now(grid, Dims::Solid(cell_size), true)?
            .try_cast::<Node3D>()
            .ok()
    }

    /// Builds a [StaticBody3D] whose [BoxShape3D] walls block
    /// [param grid]'s walls for a [GridMap] whose [member GridMap.cell_size]
    /// is [param cell_size] (grid cell [code](x, y)[/code] is GridMap cell
    /// [code](x, floor_level, y)[/code], [member GridMap.cell_center_x] and
    /// [code]_z[/code] on). The walls are [member wall_height] tall. Returns
    /// null (and logs why) on bad input, as [method build_body_2d].
    #[func]
    fn build_body_3d(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector3,
    ) -> Option<Gd<StaticBody3D>> {
        self.build_now(grid, Dims::Solid(cell_size), false)?
            .try_cast::<StaticBody3D>()
            .ok()
    }

    /// Starts [method build_body_2d] on a worker thread and returns at
    /// once with a request id (1, 2, ...). The grid and the settings are
    /// copied now. The shapes are worked out on the worker; the body is
    /// made on the main thread and arrives with [signal built] (a failure
    /// with [signal build_failed]), in request order. This object stays
    /// alive until its requests are delivered.
    /// [codeblock]
    /// var collision := DungeonCollision.new()
    /// collision.built.connect(func(_request, body): add_child(body))
    /// collision.build_body_2d_async(grid, Vector2(16, 16))
    /// [/codeblock]
    #[func]
    fn build_body_2d_async(&mut self, grid: Option<Gd<DungeonGrid>>, cell_size: Vector2) -> i64 {
        self.start(grid, Dims::Flat(cell_size), None)
    }

    /// Big maps without a long frame: starts [method build_bodies_2d] on a
    /// worker thread and returns at once with a request id. When the
    /// shapes are ready, a [Node2D] named [code]Collision[/code] is added
    /// under [param parent] (put it where the [TileMapLayer] is) and the
    /// chunk bodies are made and added to it over the next frames,
    /// [member bodies_per_frame] a frame; [signal built] comes with it
    /// when the last body is in. [member progress] counts the worker for
    /// the first half and the bodies for the second. Cancelling frees the
    /// bodies added so far. A null [param parent] fails with
    /// [signal build_failed].
    /// [codeblock]
    /// var collision := DungeonCollision.new()
    /// collision.built.connect(func(_request, _root): print("walls collide"))
    /// collision.build_bodies_2d_async(grid, Vector2(16, 16), self)
    /// [/codeblock]
    #[func]
    fn build_bodies_2d_async(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector2,
        parent: Option<Gd<Node>>,
    ) -> i64 {
        self.start(grid, Dims::Flat(cell_size), Some(parent))
    }

    /// [method build_bodies_2d_async] for 3D: the [StaticBody3D] chunk
    /// bodies of [method build_bodies_3d] under a [Node3D] added to
    /// [param parent].
    #[func]
    fn build_bodies_3d_async(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector3,
        parent: Option<Gd<Node>>,
    ) -> i64 {
        self.start(grid, Dims::Solid(cell_size), Some(parent))
    }

    /// Starts [method build_body_3d] on a worker thread, as
    /// [method build_body_2d_async] does for 2D; the [StaticBody3D] arrives
    /// with [signal built].
    #[func]
    fn build_body_3d_async(&mut self, grid: Option<Gd<DungeonGrid>>, cell_size: Vector3) -> i64 {
        self.start(grid, Dims::Solid(cell_size), None)
    }

    #[func]
    fn get_progress(&self) -> f64 {
        self.jobs.progress()
    }

    /// Closes ([param closed] true: the door collides) or opens the doors
    /// of connection [param connection] in a body made by
    /// [method build_body_2d] or [method build_body_3d] (or in the node
    /// holding the chunk bodies of [method build_bodies_2d] and the other
    /// [code]build_bodies_*[/code] methods). Returns how many
    /// door shapes it switched (0 when the connection has no door). Call
    /// it outside physics callbacks (or with [method Object.call_deferred]).
    #[func]
    fn set_door_closed(&mut self, body: Option<Gd<Node>>, connection: i64, closed: bool) -> i64 {
        self.switch(body, META_CONNECTION, connection, closed)
    }

    /// Closes or opens the doors of lock [param lock] (its index in the
    /// grid's locks, as [method DungeonGrid.get_locks_packed] lists them), as
    /// [method set_door_closed] does for a connection: open it when the
    /// player brings the key.
    #[func]
    fn set_lock_closed(&mut self, body: Option<Gd<Node>>, lock: i64, closed: bool) -> i64 {
        self.switch(body, META_LOCK, lock, closed)
    }
}

async_api! {
    impl DungeonCollision {
        /// Cancels every pending async request: none of them emits a signal.
        /// A running build stops part way. Returns how many were cancelled.
        fn cancel;

        /// Cancels the async request [param request]; [code]false[/code] if it
        /// is not pending (finished, cancelled or unknown).
        fn cancel_request;

        /// [code]true[/code] while an async request is pending.
        fn is_building;

        /// How many cancelled requests are still running on a worker thread
        /// (each stops at its next check, so this drops back to 0 almost at
        /// once).
        fn get_stopping_count;

        /// Delivers the finished async requests now. Called every frame by the
        /// SceneTree while requests are pending; call it yourself only with a
        /// custom main loop.
        fn poll_async;

        /// Blocks until every pending async request has finished and delivers
        /// them now.
        fn wait_async;
    }
}

/// The cell size asked for: 2D (pixels) or 3D (a GridMap's cell).
#[derive(Clone, Copy)]
enum Dims {
    Flat(Vector2),
    Solid(Vector3),
}

impl DungeonCollision {
    /// Checks the input and turns the settings into core options.
    fn prepare(
        &self,
        grid: Option<Gd<DungeonGrid>>,
        dims: Dims,
    ) -> Result<(Gd<DungeonGrid>, Request, MakerSpec), String> {
        let Some(grid) = grid else {
            return Err(
                "DungeonCollision: grid is null: pass the DungeonGrid to build collision for"
                    .into(),
            );
        };
        if !grid.bind().is_valid() {
            return Err(
                "DungeonCollision: the grid failed to load (DungeonGrid.is_valid() is false)"
                    .into(),
            );
        }
        let (sides, shown) = match dims {
            Dims::Flat(c) => (vec![c.x, c.y], format!("({}, {})", c.x, c.y)),
            Dims::Solid(c) => (vec![c.x, c.y, c.z], format!("({}, {}, {})", c.x, c.y, c.z)),
        };
        if !sides.iter().all(|s| s.is_finite() && *s > 0.0) {
            return Err(format!(
                "DungeonCollision: invalid cell_size = {shown}: allowed finite and above 0 on every axis"
            ));
        }
        if !self.wall_height.is_finite() {
            return Err(format!(
                "DungeonCollision: invalid wall_height = {}: allowed a finite number (0 or below: one cell tall)",
                self.wall_height
            ));
        }
        let opts = CollisionOptions {
            wall_thickness: self.wall_thickness as f32,
            room_door_width: self.room_door_width as f32,
            merge: true,
            fill_solid: self.fill_solid,
        };
        opts.validate()
            .map_err(|e| format!("DungeonCollision: {e}"))?;
        let target = match dims {
            Dims::Flat(c) => MakerSpec::Flat(c),
            Dims::Solid(c) => MakerSpec::Solid {
                cell: c,
                height: if self.wall_height > 0.0 {
                    self.wall_height as f32
                } else {
                    c.y
                },
                base_y: self.floor_level as f32 * c.y,
            },
        };
        if self.chunk_size < 1 {
            return Err(format!(
                "DungeonCollision: invalid chunk_size = {}: allowed at least 1 (cells a side)",
                self.chunk_size
            ));
        }
        if self.bodies_per_frame < 1 {
            return Err(format!(
                "DungeonCollision: invalid bodies_per_frame = {}: allowed at least 1",
                self.bodies_per_frame
            ));
        }
        let request = Request {
            opts,
            chunk: self.use_outline.then_some(self.chunk_size),
        };
        Ok((grid, request, target))
    }

    /// A synchronous build (one body per chunk under a root with
    /// `chunked`), or `None` after recording why not.
    fn build_now(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        dims: Dims,
        chunked: bool,
    ) -> Option<Gd<Node>> {
        let bodies = chunked.then_some(self.chunk_size);
        let built = self.prepare(grid, dims).and_then(|(grid, request, spec)| {
            run(grid.bind().core(), &request, &Watch::new()).map(|d| (d, spec))
        });
        let (data, spec) = match built {
            Ok(b) => b,
            Err(msg) => return self.fail(&msg),
        };
        let mut staged = self.stage(0, data, spec, bodies);
        self.last_error = GString::new();
        self.last_shape_count = staged.data.shape_count() as i64;
        if !chunked {
            return Some(staged.maker.body(&staged.data, &staged.parts[0]));
        }
        let mut root = staged.maker.root();
        for part in &staged.parts {
            root.add_child(&staged.maker.body(&staged.data, part));
        }
        Some(root)
    }

    /// A finished build ready for its bodies to be made.
    fn stage(&self, id: i64, data: Built, spec: MakerSpec, chunk: Option<i32>) -> Staged {
        let maker = match spec {
            MakerSpec::Flat(c) => Maker::Flat(Maker2D::new(&data, c)),
            MakerSpec::Solid {
                cell,
                height,
                base_y,
            } => Maker::Solid(Maker3D::new(&data, cell, height, base_y)),
        };
        let parts = match chunk {
            Some(size) => parts(&data, size),
            None => vec![whole(&data)],
        };
        Staged {
            id,
            data,
            maker,
            parts,
            next: 0,
            root: None,
            chunked: chunk.is_some(),
        }
    }

    /// Queues an async build (a bad input fails on delivery, as a failed
    /// build does) and follows the frames to deliver it.
    /// With `parent` (`Some`, even of a null node): one body per chunk,
    /// added under it over frames.
    fn start(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        dims: Dims,
        parent: Option<Option<Gd<Node>>>,
    ) -> i64 {
        let chunk = parent.is_some().then_some(self.chunk_size);
        let checked = match (self.prepare(grid, dims), &parent) {
            (Ok(_), Some(None)) => Err(
                "DungeonCollision: parent is null: pass the node the chunk bodies go under".into(),
            ),
            (r, _) => r,
        };
        let work: Work<Job> = match checked {
            Ok((grid, request, maker)) => {
                let grid = grid.bind().core().clone();
                Box::new(move |watch| {
                    run(&grid, &request, watch).map(|data| Job { data, maker, chunk })
                })
            }
            Err(msg) => Box::new(move |_| Err(msg)),
        };
        let id = self.jobs.start(work, parent.flatten());
        let this = self.to_gd().upcast::<Object>();
        if !follow_frames(&this, "poll_async", true) {
            godot_warn!(
                "DungeonCollision: the main loop is not a SceneTree; call poll_async() or wait_async() to receive the result"
            );
        }
        id
    }

    /// Emits the signals of finished async requests (the [`async_api!`]
    /// methods call it).
    /// Queues them for their bodies and makes as many bodies as a frame
    /// allows ([member bodies_per_frame]; all of them after `wait_async`),
    /// in request order.
    fn deliver_async(&mut self, finished: Finished<Job>) {
        for (id, result) in finished {
            let ready = match result {
                Ok(job) => Ready::Built(Box::new(self.stage(id, job.data, job.maker, job.chunk))),
                Err(msg) => Ready::Failed(id, msg),
            };
            self.jobs.ready.push_back(ready);
        }
        let per_frame = usize::try_from(self.bodies_per_frame.max(1)).unwrap_or(1);
        let mut budget = if self.jobs.flush {
            usize::MAX
        } else {
            per_frame
        };
        // Freeing a body costs about a tenth of making one.
        self.jobs
            .retire_step(budget.saturating_mul(RETIRE_PER_MADE));
        self.jobs.flush = false;
        // Each turn makes a body or delivers a request: bounded by the
        // budget plus the requests queued.
        while budget > 0 {
            let Some(front) = self.jobs.ready.front_mut() else {
                break;
            };
            let Ready::Built(staged) = front else {
                let Some(Ready::Failed(id, msg)) = self.jobs.ready.pop_front() else {
                    break;
                };
                self.emit_failure(id, &msg);
                continue;
            };
            if !staged.chunked {
                let body = staged.maker.body(&staged.data, &staged.parts[0]);
                budget -= 1;
                self.deliver_front(body);
                continue;
            }
            if staged.root.is_none() {
                let parent = self
                    .jobs
                    .parents
                    .remove(&staged.id)
                    .filter(|p| p.is_instance_valid());
                let Some(mut parent) = parent else {
                    let id = staged.id;
                    self.jobs.ready.pop_front();
                    self.emit_failure(
                        id,
                        "DungeonCollision: the parent node was freed before the bodies were added",
                    );
                    continue;
                };
                let root = staged.maker.root();
                parent.add_child(&root);
                staged.root = Some(root);
            }
            let Some(mut root) = staged.root.clone().filter(|r| r.is_instance_valid()) else {
                let id = staged.id;
                self.jobs.ready.pop_front();
                self.emit_failure(
                    id,
                    "DungeonCollision: the Collision node was freed before its last body was added",
                );
                continue;
            };
            while budget > 0 && staged.next < staged.parts.len() {
                let body = staged.maker.body(&staged.data, &staged.parts[staged.next]);
                root.add_child(&body);
                staged.next += 1;
                budget -= 1;
            }
            if staged.next < staged.parts.len() {
                break;
            }
            self.deliver_front(root);
        }
    }

    /// Delivers the request at the front of the queue, whose bodies are
    /// all made: records its shape count and emits `built` with `node`.
    fn deliver_front(&mut self, node: Gd<Node>) {
        let Some(Ready::Built(staged)) = self.jobs.ready.pop_front() else {
            return;
        };
        self.last_error = GString::new();
        self.last_shape_count = staged.data.shape_count() as i64;
        self.base_mut()
            .emit_signal("built", &[staged.id.to_variant(), node.to_variant()]);
    }

    /// Records and signals the failure of request `id`.
    fn emit_failure(&mut self, id: i64, msg: &str) {
        self.fail::<()>(msg);
        let msg = self.last_error.to_variant();
        self.base_mut()
            .emit_signal("build_failed", &[id.to_variant(), msg]);
    }

    /// Switches the door shapes of `body` whose metadata `key` is `value`.
    fn switch(&mut self, body: Option<Gd<Node>>, key: &str, value: i64, closed: bool) -> i64 {
        let Some(body) = body else {
            self.fail::<()>(
                "DungeonCollision: body is null: pass the body build_body_2d or build_body_3d made",
            );
            return 0;
        };
        let mut switched = 0;
        // A body's shapes, or the shapes of the chunk bodies under a root.
        let mut nodes: Vec<Gd<Node>> = Vec::new();
        for child in body.get_children().iter_shared() {
            if child.get_child_count() > 0 {
                nodes.extend(child.get_children().iter_shared());
            } else {
                nodes.push(child);
            }
        }
        for mut child in nodes {
            if !child.has_meta(key) || child.get_meta(key).try_to::<i64>().ok() != Some(value) {
                continue;
            }
            child.set("disabled", &(!closed).to_variant());
            switched += 1;
        }
        switched
    }

    /// Logs `msg`, keeps it in `last_error`, and gives nothing.
    fn fail<T>(&mut self, msg: &str) -> Option<T> {
        godot_error!("{msg}");
        self.last_error = GString::from(msg);
        self.last_shape_count = 0;
        None
    }
}

/// How many bodies [`DungeonCollision::retire`] frees for each body a frame
/// may make.
const RETIRE_PER_MADE: usize = 8;

impl DungeonCollision {
    /// Frees `root`'s chunk bodies (a level's previous collision) over the
    /// next frames, [`RETIRE_PER_MADE`] × `bodies_per_frame` a frame, then
    /// `root`: freeing a thousand bodies at once takes a 30 ms frame. The
    /// bodies still collide until they go.
    pub(crate) fn retire(&mut self, root: Gd<Node>) {
        self.jobs.retiring.push_back(root);
        let this = self.to_gd().upcast::<Object>();
        follow_frames(&this, "poll_async", true);
    }
}

/// One build's settings, resolved: plain data a worker thread can run.
struct Request {
    opts: CollisionOptions,
    /// The chunk side for an outline build; `None` for rectangles.
    chunk: Option<i32>,
}

/// Builds the shapes of `grid`, or the message saying why not.
fn run(grid: &CoreGrid, request: &Request, watch: &Watch) -> Result<Built, String> {
    let built = match request.chunk {
        None => collision::build(grid, &request.opts, watch).map(Built::Rects),
        Some(size) => collision::outline(grid, &request.opts, size, watch).map(Built::Outline),
    };
    built.map_err(|e| format!("DungeonCollision: {e}"))
}
