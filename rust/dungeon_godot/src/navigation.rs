//! `DungeonNavigation`: a `NavigationPolygon` (2D) or `NavigationMesh` (3D)
//! built straight from a grid's walkable cells, without baking.

use dungeon_core::nav::{self, NavData, NavOptions};
use dungeon_core::{GenError, Watch};
use godot::classes::{ClassDb, IRefCounted, ProjectSettings, RefCounted, Resource};
use godot::prelude::*;

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
/// region.navigation_polygon = DungeonNavigation.new().build_polygon(grid, Vector2(16, 16))
/// add_child(region)
/// [/codeblock]
/// Put the region where the [TileMapLayer] is (cell [code](x, y)[/code]
/// covers [code]x * cell_size.x[/code] to [code](x + 1) * cell_size.x[/code]),
/// and give the tiles no navigation layer, so the level is not navigable
/// twice. The build is deterministic: the same grid and settings give the
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
}

#[godot_api]
impl IRefCounted for DungeonNavigation {
    fn init(_base: Base<RefCounted>) -> Self {
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
        }
    }
}

#[godot_api]
impl DungeonNavigation {
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
        let map_cell = self.map_cell("2d");
        let cs = (f64::from(cell_size.x), f64::from(cell_size.y));
        let data = self.build(grid, cs, map_cell * merge_scale("2d"))?;
        let mut poly = self.resource("NavigationPolygon")?;
        // The cell size first: setting it rebuilds the resource's cached
        // 3D copy from the vertices and polygons it holds.
        poly.set("cell_size", &map_cell.to_variant());
        let vertices: PackedVector2Array = data
            .vertices
            .iter()
            .map(|v| Vector2::new(v[0], v[1]))
            .collect();
        poly.set("vertices", &vertices.to_variant());
        poly.set("polygons", &polygons(&data).to_variant());
        Some(poly)
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
        let map_cell = self.map_cell("3d");
        let cs = (f64::from(cell_size.x), f64::from(cell_size.z));
        let height = f64::from(self.floor_level) * f64::from(cell_size.y) + self.floor_height;
        if !height.is_finite() {
            return self.fail(&format!(
                "DungeonNavigation: the floor height {height} is not a number: check cell_size.y, floor_level and floor_height"
            ));
        }
        let data = self.build(grid, cs, map_cell * merge_scale("3d"))?;
        let mut mesh = self.resource("NavigationMesh")?;
        let cell_height = positive_setting("navigation/3d/default_cell_height", 0.25);
        mesh.set("cell_size", &map_cell.to_variant());
        mesh.set("cell_height", &cell_height.to_variant());
        mesh.set("agent_radius", &self.agent_radius.to_variant());
        let y = height as f32;
        let vertices: PackedVector3Array = data
            .vertices
            .iter()
            .map(|v| Vector3::new(v[0], y, v[1]))
            .collect();
        mesh.set("vertices", &vertices.to_variant());
        mesh.set("polygons", &polygons(&data).to_variant());
        Some(mesh)
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

    /// Checks the input and builds the polygons, or records why not.
    fn build(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        cell_size: (f64, f64),
        merge: f64,
    ) -> Option<NavData> {
        let Some(grid) = grid else {
            return self.fail(
                "DungeonNavigation: grid is null: pass the DungeonGrid to build navigation for",
            );
        };
        if !grid.bind().is_valid() {
            return self.fail(
                "DungeonNavigation: the grid failed to load (DungeonGrid.is_valid() is false)",
            );
        }
        let opts = NavOptions {
            cell_size,
            agent_radius: self.agent_radius,
            room_wall_thickness: self.room_wall_thickness,
            room_door_width: self.room_door_width,
            merge_cell: merge,
            secret_doors_open: self.secret_doors_open,
        };
        let data = match nav::build(grid.bind().core(), &opts, &Watch::new()) {
            Ok(d) => d,
            Err(GenError::Config(c)) if c.field == "merge_cell" => {
                return self.fail(&format!(
                    "DungeonNavigation: the navigation map's cell size {merge} is too coarse for this level \
                     (the server could merge its vertices): {}. Set navigation_cell_size and the map's cell size \
                     (or the project's navigation default_cell_size) lower, or make the cells, walls and \
                     agent_radius larger",
                    c.allowed
                ));
            }
            Err(e) => return self.fail(&format!("DungeonNavigation: {e}")),
        };
        self.last_error = GString::new();
        self.last_polygon_count = data.polygon_count() as i64;
        Some(data)
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
