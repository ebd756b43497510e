use dungeon_core::tinykeep::{
    self, HallwayStyle as CoreHallway, RoomGraph, ScatterShape as CoreShape,
    Separation as CoreSeparation, SizeDistribution as CoreSizes, TinyKeepConfig,
};
use godot::prelude::*;

use crate::convert::{array_of, cell_array, vec2i};
use crate::dungeon_grid::DungeonGrid;
use crate::generator::{self, Generator, Made, generator_class, inspector_enum};

generator_class! {
    /// TinyKeep-style dungeons: a crowd of random cells is pushed apart,
    /// the biggest cells become rooms, and the rooms are joined along a
    /// Delaunay triangulation's minimum spanning tree plus a few extra
    /// edges for loops. Cells a hallway runs through join the map as small
    /// rooms; the rest are dropped. Every room is reachable, and hallways
    /// never cross unless [member allow_crossings] is on.
    ///
    /// The result is a tile grid like [BspGenerator]'s. The start and end
    /// are the centres of the two rooms farthest apart along the room graph.
    /// [method generate_with_graph] also returns the room graph (room
    /// centres and the Delaunay, tree and extra edges), to draw or to place
    /// things by.
    ///
    /// ```gdscript
    /// var gen := TinyKeepGenerator.new()
    /// gen.preset = TinyKeepGenerator.PRESET_SMALL
    /// var result := gen.generate_with_graph(1)
    /// var grid: DungeonGrid = result["grid"]
    /// for edge in result["mst"]:
    ///     print(result["centers"][edge.x], " - ", result["centers"][edge.y])
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed].
    class TinyKeepGenerator(TinyKeepConfig, room_count_range) {
        /// Starting point for all other settings ([constant PRESET_TINYKEEP]…).
        /// [b]Tinykeep[/b] (Phi Dinh's TinyKeep dungeons): 150 cells, normal sizes, L-shaped
        /// hallways, 15 % loops. [b]Winding Halls[/b]: hallways that wind around the
        /// rooms (A*), rooms by area, uniform sizes, 10 % loops. [b]Small[/b]: 40 cells in a
        /// wide ellipse, two-tile hallways, for quick play.
        preset: TinyKeepPreset { Tinykeep = PRESET_TINYKEEP, WindingHalls = PRESET_WINDING_HALLS, Small = PRESET_SMALL },

        /// How many cells are scattered (2 to 5000). Only the biggest become
        /// rooms, so more cells mean more rooms and a bigger map.
        #[export_group(name = "Scatter")]
        #[export(range = (2.0, 1000.0, 1.0, or_greater))]
        cell_count: i64,
        /// Circle or ellipse (see [constant SHAPE_CIRCLE]).
        #[export]
        shape: ScatterShape,
        /// Radius of the scatter circle in tiles; the ellipse's half-width.
        #[export(range = (1.0, 200.0, 1.0, or_greater))]
        radius: i64,
        /// The ellipse's half-height in tiles (ellipse only).
        #[export(range = (1.0, 200.0, 1.0, or_greater))]
        radius_y: i64,

        /// How cell sides are drawn (see [constant SIZES_NORMAL]).
        #[export_group(name = "Cells")]
        #[export]
        size_distribution: SizeDistribution,
        /// Smallest cell side in tiles.
        #[export(range = (1.0, 64.0, 1.0))]
        cell_min_size: i64,
        /// Largest cell side in tiles.
        #[export(range = (1.0, 64.0, 1.0))]
        cell_max_size: i64,
        /// How overlapping cells are pushed apart (see
        /// [constant SEPARATION_CIRCLE]).
        #[export]
        separation: SeparationMethod,
        /// Most separation passes. Cells still overlapping after them are
        /// dropped, so the map is always defined.
        #[export(range = (1.0, 10000.0, 1.0, or_greater))]
        separation_steps: i64,

        /// A cell at least this wide...
        #[export_group(name = "Rooms")]
        #[export(range = (1.0, 64.0, 1.0))]
        min_room_width: i64,
        /// ...and this tall becomes a room...
        #[export(range = (1.0, 64.0, 1.0))]
        min_room_height: i64,
        /// ...if it also covers this many tiles (0: no area rule).
        #[export(range = (0.0, 4096.0, 1.0))]
        min_room_area: i64,

        /// Chance that each triangulation edge outside the spanning tree
        /// is carved too, making loops (0 to 1).
        #[export_group(name = "Hallways")]
        #[export(range = (0.0, 1.0, 0.01))]
        extra_edge_chance: f64,
        /// L-shaped or A* (see [constant HALLWAY_L_SHAPED]).
        #[export]
        hallway_style: HallwayStyle,
        /// Hallway width in tiles (at most the smaller minimum room side).
        #[export(range = (1.0, 8.0, 1.0))]
        hallway_width: i64,
        /// Let hallways cross and run into each other. Off: every hallway
        /// keeps a tile of rock from every other one.
        #[export]
        allow_crossings: bool,
        /// Empty tiles around the map.
        #[export(range = (1.0, 64.0, 1.0))]
        border: i64,
    }
}

inspector_enum! {
    /// Where cells are scattered.
    ScatterShape("shape") in TinyKeepGenerator for CoreShape {
        /// [member shape]: a circle of [member radius] tiles.
        Circle = SHAPE_CIRCLE => CoreShape::Circle,
        /// [member shape]: an ellipse [member radius] wide and
        /// [member radius_y] tall (half-axes), for long maps.
        Ellipse = SHAPE_ELLIPSE => CoreShape::Ellipse,
    }
}

inspector_enum! {
    /// How cell sides are drawn.
    SizeDistribution("size_distribution") in TinyKeepGenerator for CoreSizes {
        /// [member size_distribution]: every side between the minimum and
        /// maximum equally likely.
        Uniform = SIZES_UNIFORM => CoreSizes::Uniform,
        /// [member size_distribution]: bell-shaped around the middle, so big
        /// rooms stand out from many small cells.
        Normal = SIZES_NORMAL => CoreSizes::Normal,
    }
}

inspector_enum! {
    /// How overlapping cells are pushed apart.
    SeparationMethod("separation") in TinyKeepGenerator for CoreSeparation {
        /// [member separation]: boxes pushed along the axis of least overlap.
        Square = SEPARATION_SQUARE => CoreSeparation::Square,
        /// [member separation]: pushed along the line between centres, which
        /// spreads cells outwards in a round blob.
        Circle = SEPARATION_CIRCLE => CoreSeparation::Circle,
    }
}

inspector_enum! {
    /// How hallways are carved.
    HallwayStyle("hallway_style") in TinyKeepGenerator for CoreHallway {
        /// [member hallway_style]: two straight legs and one bend; the
        /// shortest way around when neither bend is clear.
        LShaped = HALLWAY_L_SHAPED => CoreHallway::LShaped,
        /// [member hallway_style]: the shortest way around rooms and other
        /// hallways, no diagonal steps.
        AStar = HALLWAY_A_STAR => CoreHallway::AStar,
    }
}

impl Generator for TinyKeepGenerator {}

/// Rooms come out of the cells: at least 2 main rooms, and at most every
/// cell.
fn room_count_range(
    c: &TinyKeepConfig,
    _level: i32,
) -> Result<(i32, i32), dungeon_core::ConfigError> {
    c.validate()?;
    Ok((2, c.cell_count))
}

#[godot_api(secondary)]
impl TinyKeepGenerator {
    /// Generates level [param level] like [method generate_level] and also
    /// returns the room graph it was built on, as a [Dictionary]:
    /// [code]"grid"[/code]: the [DungeonGrid] (the one
    /// [method generate_level] gives, with the [member progression]'s locks);
    /// [code]"centers"[/code]: [code]Array[Vector2i][/code], the main
    /// rooms' centre tiles (room [code]i[/code] is
    /// [code]grid.room_rects()[i][/code]; rooms after them are the cells
    /// hallways crossed);
    /// [code]"delaunay"[/code], [code]"mst"[/code], [code]"extra"[/code]:
    /// [code]Array[Vector2i][/code] of edges, each [code]Vector2i(a, b)[/code]
    /// two room numbers (the triangulation; the spanning tree the hallways
    /// follow, built shortest edge first, skipping an edge whose hallway
    /// cannot be carved, so it is the minimum spanning tree of the edges
    /// that could be carved; and the extra hallways that make loops, which
    /// come out below [member extra_edge_chance] when a chosen one cannot
    /// be carved);
    /// [code]"hallways"[/code]: one [code]Array[Vector2i][/code] of tiles per
    /// carved hallway, tree edges first, then extra edges.
    /// On failure returns an empty [Dictionary], like [method generate].
    #[func]
    fn generate_with_graph(&mut self, level: i64) -> VarDictionary {
        let made = self.generate_level_with(level, |c, seed, level, _| {
            tinykeep::generate_with_graph(c, seed, level)
        });
        match made {
            Some((grid, graph)) => {
                let edges = |list: &[(usize, usize)]| {
                    array_of(list.iter().map(|&(a, b)| Vector2i::new(a as i32, b as i32)))
                };
                let mut d = VarDictionary::new();
                d.set("grid", &generator::wrap(grid).to_variant());
                d.set(
                    "centers",
                    &array_of(graph.centers.iter().map(|&p| vec2i(p))).to_variant(),
                );
                d.set("delaunay", &edges(&graph.delaunay).to_variant());
                d.set("mst", &edges(&graph.mst).to_variant());
                d.set("extra", &edges(&graph.extra).to_variant());
                let hallways: Vec<Variant> = graph
                    .hallways
                    .iter()
                    .map(|h| cell_array(h).to_variant())
                    .collect();
                d.set("hallways", &array_of(hallways).to_variant());
                d
            }
            None => VarDictionary::new(),
        }
    }
}

impl Made for (dungeon_core::DungeonGrid, RoomGraph) {
    fn grid_mut(&mut self) -> &mut dungeon_core::DungeonGrid {
        &mut self.0
    }
}
