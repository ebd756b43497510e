//! `DungeonCollision`: a `StaticBody2D` or `StaticBody3D` whose few shapes
//! block a grid's walls, built straight from the grid, with one shape per
//! door that a game can switch on and off.

use dungeon_core::collision::{self, CollisionOptions};
use dungeon_core::{DungeonGrid as CoreGrid, Watch};
use godot::classes::{IRefCounted, RefCounted, StaticBody2D, StaticBody3D};
use godot::prelude::*;

use crate::async_api::async_api;
use crate::async_gen::{Finished, Jobs, Work, follow_frames};
use crate::collision_body::{Built, META_CONNECTION, META_LOCK, body_2d, body_3d};
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
/// [method set_lock_closed].
/// [codeblock]
/// var grid := BspGenerator.new().generate()
/// var collision := DungeonCollision.new()
/// var body := collision.build_body_2d(grid, Vector2(16, 16))
/// add_child(body)   # where the TileMapLayer is
/// collision.set_door_closed(body, 0, true)   # shut the first connection's doors
/// [/codeblock]
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
    /// With [member use_outline]: the side of a chunk, in cells (at least 1).
    #[export]
    chunk_size: i32,
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
    jobs: Jobs<(Built, Target)>,
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
            wall_height: 0.0,
            floor_level: 0,
            last_error: GString::new(),
            last_shape_count: 0,
            progress: PhantomVar::default(),
            jobs: Jobs::default(),
            base,
        }
    }
}

#[godot_api]
impl DungeonCollision {
    /// Emitted on the main thread with each finished
    /// [method build_body_2d_async] or [method build_body_3d_async]
    /// request, in request order: [param body] is the [StaticBody2D] or
    /// [StaticBody3D], not yet in the tree.
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
        self.build_now(grid, Dims::Flat(cell_size))?
            .try_cast::<StaticBody2D>()
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
        self.build_now(grid, Dims::Solid(cell_size))?
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
        self.start(grid, Dims::Flat(cell_size))
    }

    /// Starts [method build_body_3d] on a worker thread, as
    /// [method build_body_2d_async] does for 2D; the [StaticBody3D] arrives
    /// with [signal built].
    #[func]
    fn build_body_3d_async(&mut self, grid: Option<Gd<DungeonGrid>>, cell_size: Vector3) -> i64 {
        self.start(grid, Dims::Solid(cell_size))
    }

    #[func]
    fn get_progress(&self) -> f64 {
        self.jobs.progress()
    }

    /// Closes ([param closed] true: the door collides) or opens the doors
    /// of connection [param connection] in a body made by
    /// [method build_body_2d] or [method build_body_3d]. Returns how many
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

/// The body a build becomes, its settings resolved when it is asked for.
#[derive(Clone, Copy)]
enum Target {
    Flat(Vector2),
    Solid {
        cell: Vector3,
        height: f32,
        base_y: f32,
    },
}

impl DungeonCollision {
    /// Checks the input and turns the settings into core options.
    fn prepare(
        &self,
        grid: Option<Gd<DungeonGrid>>,
        dims: Dims,
    ) -> Result<(Gd<DungeonGrid>, Request, Target), String> {
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
            Dims::Flat(c) => Target::Flat(c),
            Dims::Solid(c) => Target::Solid {
                cell: c,
                height: if self.wall_height > 0.0 {
                    self.wall_height as f32
                } else {
                    c.y
                },
                base_y: self.floor_level as f32 * c.y,
            },
        };
        if self.use_outline && self.chunk_size < 1 {
            return Err(format!(
                "DungeonCollision: invalid chunk_size = {}: allowed at least 1 (cells a side)",
                self.chunk_size
            ));
        }
        let request = Request {
            opts,
            chunk: self.use_outline.then_some(self.chunk_size),
        };
        Ok((grid, request, target))
    }

    /// A synchronous build, or `None` after recording why not.
    fn build_now(&mut self, grid: Option<Gd<DungeonGrid>>, dims: Dims) -> Option<Gd<Node>> {
        let built = self
            .prepare(grid, dims)
            .and_then(|(grid, request, target)| {
                run(grid.bind().core(), &request, &Watch::new()).map(|d| (d, target))
            });
        match built {
            Ok((data, target)) => Some(self.make(&data, target)),
            Err(msg) => self.fail(&msg),
        }
    }

    /// Queues an async build (a bad input fails on delivery, as a failed
    /// build does) and follows the frames to deliver it.
    fn start(&mut self, grid: Option<Gd<DungeonGrid>>, dims: Dims) -> i64 {
        let work: Work<(Built, Target)> = match self.prepare(grid, dims) {
            Ok((grid, request, target)) => {
                let grid = grid.bind().core().clone();
                Box::new(move |watch| run(&grid, &request, watch).map(|d| (d, target)))
            }
            Err(msg) => Box::new(move |_| Err(msg)),
        };
        let id = self.jobs.start(work);
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
    fn deliver_async(&mut self, finished: Finished<(Built, Target)>) {
        for (id, result) in finished {
            match result {
                Ok((data, target)) => {
                    let body = self.make(&data, target);
                    self.base_mut()
                        .emit_signal("built", &[id.to_variant(), body.to_variant()]);
                }
                Err(msg) => {
                    self.fail::<()>(&msg);
                    let msg = self.last_error.to_variant();
                    self.base_mut()
                        .emit_signal("build_failed", &[id.to_variant(), msg]);
                }
            }
        }
    }

    /// The body for finished shapes; records the shape count.
    fn make(&mut self, data: &Built, target: Target) -> Gd<Node> {
        self.last_error = GString::new();
        self.last_shape_count = data.shape_count() as i64;
        match target {
            Target::Flat(c) => body_2d(data, c).upcast(),
            Target::Solid {
                cell,
                height,
                base_y,
            } => body_3d(data, cell, height, base_y).upcast(),
        }
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
        for mut child in body.get_children().iter_shared() {
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
