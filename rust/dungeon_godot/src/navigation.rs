//! `DungeonNavigation`: a `NavigationPolygon` (2D) or `NavigationMesh` (3D)
//! built straight from a grid's walkable cells, without baking.

use dungeon_core::nav::{self, NavData, NavOptions};
use dungeon_core::{DungeonGrid as CoreGrid, GenError, Watch};
use godot::classes::{ClassDb, IRefCounted, ProjectSettings, RefCounted, Resource};
use godot::prelude::*;

use crate::async_api::async_api;
use crate::async_gen::{Finished, Jobs, Work, follow_frames};
use crate::dungeon_grid::DungeonGrid;

/// Builds navigation for a [DungeonGrid] in Rust, from the walkable cells
/// themselves: a few large convex polygons (rectangles) instead of one per
/// tile, and no runtime baking. Enemies can then path-find with
/// [NavigationAgent2D] / [NavigationAgent3D] or [NavigationServer2D].
///
/// Every walkable cell is covered and no empty one; two cells are joined on
/// the result exactly when the grid joins them (doors included, and the
/// thin walls a door mask puts between two walkable tiles kept shut).
/// [codeblock]
/// var grid := BspGenerator.new().generate()
/// var region := NavigationRegion2D.new()
/// region.use_edge_connections = false
/// region.navigation_polygon = DungeonNavigation.new().build_polygon(grid, Vector2(16, 16))
/// add_child(region)
/// [/codeblock]
/// Put the region where the [TileMapLayer] is (cell [code](x, y)[/code]
/// covers [code]x * cell_size.x[/code] to [code](x + 1) * cell_size.x[/code]),
/// and give the tiles no navigation layer, so the level is not navigable
/// twice. Turn the region's [member NavigationRegion2D.use_edge_connections]
/// off: its polygons are joined by the edges they share, and on a big level
/// Godot's search for edge connections takes far longer than the rest. The build is deterministic: the same grid and settings give the
/// same polygons on every platform.
#[derive(GodotClass)]
#[class(tool, base = RefCounted)]
pub struct DungeonNavigation {
    /// The margin kept between an agent's centre and every wall, in world
    /// units (the agent is treated as a square of this half-side). 0 lets
    /// agents touch walls; at most just under half a cell, so one-cell
    /// corridors stay open.
    #[export]
    agent_radius: f64,
    /// The navigation map's cell size the result is made for. 0 or below
    /// (the default) reads the project setting
    /// [code]navigation/2d/default_cell_size[/code] (2D) or
    /// [code]navigation/3d/default_cell_size[/code] (3D) at each build.
    #[export]
    navigation_cell_size: f64,
    /// 3D only: the GridMap floor the navigation lies on (like
    /// [member DungeonGridMapPainter.floor_level]); its height is
    /// [code]floor_level * cell_size.y + floor_height[/code].
    #[export]
    floor_level: i32,
    /// 3D only: the height of the walkable surface above the floor level's
    /// base, in world units (the top of your floor tiles).
    #[export]
    floor_height: f64,
    /// Room grids only (Isaac floors, drunkard walks, Hilbert backbones):
    /// the thickness of the walls between rooms, in world units, half in
    /// each room. 0 draws no walls.
    #[export]
    room_wall_thickness: f64,
    /// Room grids only: the width of a doorway between two rooms, in world
    /// units, centred on the side. Below 0 (the default) a door is the
    /// whole side between the walls.
    #[export]
    room_door_width: f64,
    /// Whether agents may walk through secret doors. On (the default) the
    /// navigation joins what the grid joins; off, enemies never use a
    /// secret the player has not found.
    #[export]
    secret_doors_open: bool,
    /// Why the last build failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    /// Polygons in the last result.
    #[var(no_set)]
    last_polygon_count: i64,
    /// How far the pending async requests are, from 0 to 1 (1 when none is
    /// pending), as a generator's [code]progress[/code].
    #[var(get = get_progress, no_set)]
    progress: PhantomVar<f64>,
    jobs: Jobs<(NavData, Target)>,
    base: Base<RefCounted>,
}

#[godot_api]
impl IRefCounted for DungeonNavigation {
    fn init(base: Base<RefCounted>) -> Self {
        Self {
            agent_radius: 0.0,
            navigation_cell_size: 0.0,
            floor_level: 0,
            floor_height: 0.0,
            room_wall_thickness: 0.0,
            room_door_width: -1.0,
            secret_doors_open: true,
            last_error: GString::new(),
            last_polygon_count: 0,
            progress: PhantomVar::default(),
            jobs: Jobs::default(),
            base,
        }
    }
}

#[godot_api]
impl DungeonNavigation {
    /// Emitted on the main thread with each finished
    /// [method build_polygon_async] or [method build_mesh_async] request,
    /// in request order: [param navigation] is the [NavigationPolygon] or
    /// [NavigationMesh].
    #[signal]
    fn built(request: i64, navigation: Gd<Resource>);

    /// Emitted when an async request fails, with the reason (also in
    /// [member last_error]).
    #[signal]
    fn build_failed(request: i64, message: GString);

    /// Builds a [NavigationPolygon] covering [param grid]'s walkable cells,
    /// each cell [param cell_size] pixels (the TileSet's tile size). Returns
    /// null (and logs why, also in [member last_error]) for a null or
    /// invalid grid, a cell size that is not above 0, or settings out of
    /// range.
    #[func]
    fn build_polygon(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector2,
    ) -> Option<Gd<Resource>> {
        self.build_now(grid, Dims::Flat(cell_size))
    }

    /// Builds a [NavigationMesh] covering [param grid]'s walkable cells for
    /// a [GridMap] whose [member GridMap.cell_size] is [param cell_size]
    /// (grid cell [code](x, y)[/code] is GridMap cell
    /// [code](x, floor_level, y)[/code], [member GridMap.cell_center_x] and
    /// [code]_z[/code] on). The surface lies at
    /// [code]floor_level * cell_size.y + floor_height[/code]. Returns null
    /// (and logs why) on bad input, as [method build_polygon].
    #[func]
    fn build_mesh(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: Vector3,
    ) -> Option<Gd<Resource>> {
        self.build_now(grid, Dims::Solid(cell_size))
    }

    /// Starts [method build_polygon] on a worker thread and returns at once
    /// with a request id (1, 2, ...). The grid and the settings are copied
    /// now, so changing them afterwards does not affect the request. The
    /// result, the same polygons [method build_polygon] gives, arrives on
    /// the main thread with [signal built]; a failure with
    /// [signal build_failed]. Requests are delivered in request order, and
    /// this object stays alive until they are.
    /// [codeblock]
    /// var nav := DungeonNavigation.new()
    /// nav.built.connect(func(_request, polygon): $Region.navigation_polygon = polygon)
    /// nav.build_polygon_async(grid, Vector2(16, 16))
    /// [/codeblock]
    #[func]
    fn build_polygon_async(&mut self, grid: Option<Gd<DungeonGrid>>, cell_size: Vector2) -> i64 {
        self.start(grid, Dims::Flat(cell_size))
    }

    /// Starts [method build_mesh] on a worker thread, as
    /// [method build_polygon_async] does for 2D; the [NavigationMesh]
    /// arrives with [signal built].
    #[func]
    fn build_mesh_async(&mut self, grid: Option<Gd<DungeonGrid>>, cell_size: Vector3) -> i64 {
        self.start(grid, Dims::Solid(cell_size))
    }

    #[func]
    fn get_progress(&self) -> f64 {
        self.jobs.progress()
    }
}

async_api! {
    impl DungeonNavigation {
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

/// The resource a build becomes, with what it needs that the polygons do
/// not hold (resolved when the build is asked for).
#[derive(Clone, Copy)]
enum Target {
    Polygon {
        map_cell: f64,
    },
    Mesh {
        map_cell: f64,
        cell_height: f64,
        agent_radius: f64,
        y: f32,
    },
}

/// One build, settings resolved: plain data a worker thread can run.
struct Request {
    opts: NavOptions,
    target: Target,
}

impl Request {
    /// Builds the polygons for `grid`, or the message saying why not.
    fn run(&self, grid: &CoreGrid, watch: &Watch) -> Result<(NavData, Target), String> {
        match nav::build(grid, &self.opts, watch) {
            Ok(data) => Ok((data, self.target)),
            Err(GenError::Config(c)) if c.field == "merge_cell" => Err(format!(
                "DungeonNavigation: the navigation map's cell size {} is too coarse for this level \
                 (the server could merge its vertices): {}. Set navigation_cell_size and the map's cell size \
                 (or the project's navigation default_cell_size) lower, or make the cells, walls and \
                 agent_radius larger",
                self.opts.merge_cell, c.allowed
            )),
            Err(e) => Err(format!("DungeonNavigation: {e}")),
        }
    }
}

impl DungeonNavigation {
    /// The navigation map cell the result is made for: the
    /// `navigation_cell_size` property, or the project's default for
    /// `dim` ("2d" or "3d").
    fn map_cell(&self, dim: &str) -> f64 {
        if self.navigation_cell_size > 0.0 {
            return self.navigation_cell_size;
        }
        let default = if dim == "2d" { 1.0 } else { 0.25 };
        positive_setting(&format!("navigation/{dim}/default_cell_size"), default)
    }

    /// Checks the input and resolves the settings (the project's included)
    /// into a [`Request`].
    fn prepare(
        &self,
        grid: Option<Gd<DungeonGrid>>,
        dims: Dims,
    ) -> Result<(Gd<DungeonGrid>, Request), String> {
        let Some(grid) = grid else {
            return Err(
                "DungeonNavigation: grid is null: pass the DungeonGrid to build navigation for"
                    .into(),
            );
        };
        if !grid.bind().is_valid() {
            return Err(
                "DungeonNavigation: the grid failed to load (DungeonGrid.is_valid() is false)"
                    .into(),
            );
        }
        let dim = match dims {
            Dims::Flat(_) => "2d",
            Dims::Solid(_) => "3d",
        };
        let map_cell = self.map_cell(dim);
        let (cell_size, target) = match dims {
            Dims::Flat(c) => ((c.x, c.y), Target::Polygon { map_cell }),
            Dims::Solid(c) => {
                let height = f64::from(self.floor_level) * f64::from(c.y) + self.floor_height;
                if !height.is_finite() {
                    return Err(format!(
                        "DungeonNavigation: the floor height {height} is not a number: check cell_size.y, floor_level and floor_height"
                    ));
                }
                let target = Target::Mesh {
                    map_cell,
                    cell_height: positive_setting("navigation/3d/default_cell_height", 0.25),
                    agent_radius: self.agent_radius,
                    y: height as f32,
                };
                ((c.x, c.z), target)
            }
        };
        let opts = NavOptions {
            cell_size: (f64::from(cell_size.0), f64::from(cell_size.1)),
            agent_radius: self.agent_radius,
            room_wall_thickness: self.room_wall_thickness,
            room_door_width: self.room_door_width,
            merge_cell: map_cell * merge_scale(dim),
            secret_doors_open: self.secret_doors_open,
        };
        Ok((grid, Request { opts, target }))
    }

    /// A synchronous build, or `None` after recording why not.
    fn build_now(&mut self, grid: Option<Gd<DungeonGrid>>, dims: Dims) -> Option<Gd<Resource>> {
        let built = self
            .prepare(grid, dims)
            .and_then(|(grid, request)| request.run(grid.bind().core(), &Watch::new()));
        match built {
            Ok(built) => self.make(built),
            Err(msg) => self.fail(&msg),
        }
    }

    /// The resource for a finished build.
    fn make(&mut self, (data, target): (NavData, Target)) -> Option<Gd<Resource>> {
        let resource = match target {
            Target::Polygon { map_cell } => {
                let mut poly = self.resource("NavigationPolygon")?;
                // The cell size first: setting it rebuilds the resource's
                // cached 3D copy from the vertices and polygons it holds.
                poly.set("cell_size", &map_cell.to_variant());
                let vertices: PackedVector2Array = data
                    .vertices
                    .iter()
                    .map(|v| Vector2::new(v[0], v[1]))
                    .collect();
                poly.set("vertices", &vertices.to_variant());
                poly.set("polygons", &polygons(&data).to_variant());
                poly
            }
            Target::Mesh {
                map_cell,
                cell_height,
                agent_radius,
                y,
            } => {
                let mut mesh = self.resource("NavigationMesh")?;
                mesh.set("cell_size", &map_cell.to_variant());
                mesh.set("cell_height", &cell_height.to_variant());
                mesh.set("agent_radius", &agent_radius.to_variant());
                let vertices: PackedVector3Array = data
                    .vertices
                    .iter()
                    .map(|v| Vector3::new(v[0], y, v[1]))
                    .collect();
                mesh.set("vertices", &vertices.to_variant());
                mesh.set("polygons", &polygons(&data).to_variant());
                mesh
            }
        };
        self.last_error = GString::new();
        self.last_polygon_count = data.polygon_count() as i64;
        Some(resource)
    }

    /// Queues an async build (a bad input fails on delivery, as a failed
    /// build does) and follows the frames to deliver it.
    fn start(&mut self, grid: Option<Gd<DungeonGrid>>, dims: Dims) -> i64 {
        let work: Work<(NavData, Target)> = match self.prepare(grid, dims) {
            Ok((grid, request)) => {
                let grid = grid.bind().core().clone();
                Box::new(move |watch| request.run(&grid, watch))
            }
            Err(msg) => Box::new(move |_| Err(msg)),
        };
        let id = self.jobs.start(work);
        let this = self.to_gd().upcast::<Object>();
        if !follow_frames(&this, "poll_async", true) {
            godot_warn!(
                "DungeonNavigation: the main loop is not a SceneTree; call poll_async() or wait_async() to receive the result"
            );
        }
        id
    }

    /// Emits the signals of finished async requests (the [`async_api!`]
    /// methods call it). Emitting through `base_mut()` lets a handler call
    /// back into this object.
    fn deliver_async(&mut self, finished: Finished<(NavData, Target)>) {
        for (id, result) in finished {
            match result.map(|built| self.make(built)) {
                Ok(Some(resource)) => {
                    self.base_mut()
                        .emit_signal("built", &[id.to_variant(), resource.to_variant()]);
                }
                Ok(None) => {
                    let msg = self.last_error.to_variant();
                    self.base_mut()
                        .emit_signal("build_failed", &[id.to_variant(), msg]);
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

    /// A new resource of the engine class `class`.
    fn resource(&mut self, class: &str) -> Option<Gd<Resource>> {
        match ClassDb::singleton()
            .instantiate(class)
            .try_to::<Gd<Resource>>()
        {
            Ok(r) => Some(r),
            Err(_) => self.fail(&format!(
                "DungeonNavigation: this Godot build has no {class}"
            )),
        }
    }

    /// Logs `msg`, keeps it in `last_error`, and gives nothing.
    fn fail<T>(&mut self, msg: &str) -> Option<T> {
        godot_error!("{msg}");
        self.last_error = GString::from(msg);
        self.last_polygon_count = 0;
        None
    }
}

/// How much coarser than its cell a navigation map joins vertices (the
/// project's `merge_rasterizer_cell_scale`, 1 by default).
fn merge_scale(dim: &str) -> f64 {
    positive_setting(
        &format!("navigation/{dim}/merge_rasterizer_cell_scale"),
        1.0,
    )
}

/// A project setting that must be a finite number above 0, else `default`.
fn positive_setting(name: &str, default: f64) -> f64 {
    ProjectSettings::singleton()
        .get_setting(name)
        .try_to::<f64>()
        .ok()
        .filter(|c| c.is_finite() && *c > 0.0)
        .unwrap_or(default)
}

/// The polygons as Godot's `polygons` property holds them.
fn polygons(data: &NavData) -> Array<PackedInt32Array> {
    data.polygons()
        .map(|p| p.iter().map(|&i| i as i32).collect::<PackedInt32Array>())
        .collect()
}
