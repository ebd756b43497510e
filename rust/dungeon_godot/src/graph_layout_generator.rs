use dungeon_core::ConfigError;
use dungeon_core::graph_layout::{self, GraphConfig, GraphLevel};
use godot::prelude::*;

use crate::convert::{array_of, vec2i};
use crate::dungeon_grid::DungeonGrid;
use crate::generator::{CoreValue, Generator, Ints, Made, generator_class};
use crate::level_graph::LevelGraph;
use crate::placement;
use crate::room_template::RoomTemplate;

generator_class! {
    /// Levels laid out from a [LevelGraph] you draw: which rooms there
    /// are, what they are (tags such as [code]start[/code],
    /// [code]shop[/code], [code]boss[/code]) and which connect, loops
    /// included. The generator picks a [RoomTemplate] for every room (one
    /// carrying the room's tags, turned or mirrored as the template allows)
    /// and places them so that every connection is a pair of doors that
    /// touch, no other doors open, and no two rooms overlap. Room
    /// [code]i[/code] of the grid is room [code]i[/code] of the graph.
    ///
    /// How: configuration spaces between template pairs, loops laid out
    /// first by simulated annealing and the tree parts greedily, with
    /// restarts within [member work_budget] (after Ma et al. 2014 and
    /// Nepožitek's Edgar). A graph that cannot be laid out (a room
    /// connected to itself, a graph that is not planar, tags no template
    /// carries, more connections than a room's templates have doors) fails
    /// at once, naming the rooms or connection at fault; one whose loops
    /// the templates cannot realise fails after one search, naming the
    /// loops' rooms (see [member work_budget]).
    ///
    /// ```gdscript
    /// var graph := LevelGraph.new()
    /// for tags in [["start"], [], [], ["boss"]]:
    ///     graph.add_room(PackedStringArray(tags))
    /// graph.connect_rooms(0, 1)
    /// graph.connect_rooms(1, 2)
    /// graph.connect_rooms(2, 0)
    /// graph.connect_rooms(2, 3)
    /// var gen := GraphLayoutGenerator.new()  # built-in demo templates
    /// gen.graph = graph
    /// var level := gen.generate_with_graph(1)
    /// for p in level["placements"]:
    ///     print(p["position"], " ", p["resource"].tags)
    /// ```
    ///
    /// The result is a tile grid like [TemplateGenerator]'s, and
    /// [method generate_with_graph] gives the placements the same way, to
    /// instance the templates' scenes from. Every property set, and every
    /// edit of the [member graph] or of a template, emits
    /// [signal Resource.changed]. Bad settings never crash:
    /// [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits
    /// [signal generation_failed].
    class GraphLayoutGenerator(GraphConfig, graph_room_count) {
        /// Starting point for all other settings. [b]Demo[/b]: an 11-room
        /// graph (start, fights, a hub, a shop and a treasure branch, two
        /// loops, a boss) on eight built-in templates without scenes, each
        /// with a door line along every wall that has doors (a door may sit
        /// anywhere on it). [b]Corridors[/b]: the same with every
        /// connection through a straight corridor piece. [b]Fixed Doors[/b]:
        /// the demo graph on the same templates with fixed door slots (one
        /// or two a side), as the demo was before door lines. Choosing one
        /// sets [member graph] to [code]null[/code] (the demo graph) and
        /// replaces [member templates].
        preset: GraphPreset { Demo = PRESET_DEMO, Corridors = PRESET_CORRIDORS, FixedDoors = PRESET_FIXED_DOORS },

        /// The level to lay out: its rooms, their tags and connections.
        /// [code]null[/code]: the demo preset's 11-room graph.
        #[export]
        graph: Option<Gd<LevelGraph>>,
        /// The room templates the rooms are drawn from. A room with tags
        /// may use the templates carrying all of them; a room without tags
        /// the templates carrying none of the tags the graph's rooms ask
        /// for. [member RoomTemplate.weight] biases the choice; when the
        /// first attempt fails, the later ones try a dead end's smallest
        /// template first and the biggest for a room of three connections
        /// or more, which lays out crowded graphs far more often. Empty
        /// entries are skipped.
        #[export_group(name = "Templates")]
        #[export]
        templates: Array<Option<Gd<RoomTemplate>>>,
        /// Size of one cell in pixels (2D) or metres along x and z (3D):
        /// the placements' transforms use it. Use square cells when
        /// templates may turn.
        #[export]
        cell_size: Vector2 => _,

        /// Route connections through corridor pieces: every connection
        /// whose mode is [constant LevelGraph.CONNECTION_DEFAULT] gets a
        /// corridor piece between its two rooms (connections set to
        /// [constant LevelGraph.CONNECTION_CORRIDOR] always do, and
        /// [constant LevelGraph.CONNECTION_DIRECT] never). Corridors give
        /// loops room to close. Corridor pieces come after the graph's
        /// rooms in the grid, in connection order.
        #[export_group(name = "Corridors")]
        #[export]
        corridors: bool,
        /// Your own corridor pieces (bends, for example), each a
        /// [RoomTemplate] with exactly two doors that do not touch. Tags
        /// are ignored; pieces with weight 0 are never used.
        #[export]
        corridor_templates: Array<Option<Gd<RoomTemplate>>>,
        /// Shortest generated straight corridor piece, in cells along the
        /// corridor, its two end walls included (3 to 32).
        #[export(range = (3.0, 32.0, 1.0))]
        corridor_min: i64,
        /// Longest generated straight corridor piece (3 to 32, at least
        /// [member corridor_min]). One piece is made for every length in
        /// between and every door width the templates use.
        #[export(range = (3.0, 32.0, 1.0))]
        corridor_max: i64,

        /// Work units one level may spend (10000 to 100000000): one per
        /// candidate placement tried. A graph that does not fit within it
        /// fails naming the part the best attempt could not place, unless
        /// the generator can then prove, with up to twice this work,
        /// that no layout exists at all: the error says "a graph with no
        /// layout" and names the rooms on its loops, and later calls with
        /// the same settings fail at once. No seed or budget helps such a
        /// graph; bigger templates or doors on more sides may.
        #[export_group(name = "Search")]
        #[export(range = (10000.0, 10000000.0, 1000.0, or_greater))]
        work_budget: i64,
    }
}

/// A graph's levels all have its rooms, plus a corridor piece per
/// connection through a corridor.
fn graph_room_count(c: &GraphConfig, _level: i32) -> Result<(i32, i32), ConfigError> {
    let pieces = c.graph.edges.iter().filter(|e| c.through_corridor(e.mode));
    let n = c.graph.rooms.len() + pieces.count();
    let n = i32::try_from(n).unwrap_or(i32::MAX);
    Ok((n, n))
}

/// `cell_size` is no core setting: loading a preset only gives it its
/// default when it was never set.
impl Generator for GraphLayoutGenerator {
    fn load_rest(&mut self, _: &GraphConfig) {
        self.cell_size = placement::cell_size_or_default(self.cell_size);
    }

    fn followed(&self) -> Vec<Gd<Resource>> {
        let mut used: Vec<Gd<Resource>> = self
            .template_list()
            .into_iter()
            .chain(placement::non_empty(&self.corridor_templates))
            .map(Gd::upcast)
            .collect();
        if let Some(g) = &self.graph {
            used.push(g.clone().upcast());
        }
        used
    }
}

/// The graph to lay out; `null` is the demo graph (an object as a
/// property's default value would make Godot warn whenever it looks the
/// default up).
impl CoreValue<graph_layout::LevelGraph> for Option<Gd<LevelGraph>> {
    fn to_core(&self, _: &'static str, _: &mut Ints) -> graph_layout::LevelGraph {
        self.as_ref()
            .map_or_else(GraphConfig::demo_graph, |g| g.bind().core())
    }

    fn from_core(core: &graph_layout::LevelGraph) -> Self {
        (*core != GraphConfig::demo_graph()).then(|| LevelGraph::from_core(core))
    }
}

#[godot_api(secondary)]
impl GraphLayoutGenerator {
    /// Lays out level [param level] like [method generate_level] and also
    /// returns how it was put together: the [Dictionary] of
    /// [method TemplateGenerator.generate_with_graph] ([code]"grid"[/code],
    /// [code]"placements"[/code] with each template's resource, scene,
    /// position, turn, doors and ready-made [code]"transform_2d"[/code] /
    /// [code]"transform_3d"[/code] for [member cell_size],
    /// [code]"joins"[/code], [code]"sealed"[/code], [code]"start"[/code],
    /// [code]"end"[/code], [code]"centers"[/code], [code]"mst"[/code],
    /// [code]"extra"[/code], [code]"delaunay"[/code]), where
    /// placement [code]i[/code] is graph room [code]i[/code] and its
    /// [code]"rooms"[/code] is a [PackedInt32Array] of its room numbers in
    /// the grid (one per floor rectangle, the first being [code]i[/code]);
    /// a placement's [code]"outline"[/code] is the cells it takes, an
    /// [Array] of [Rect2i] that do not overlap: its box, or for a template
    /// with [member RoomTemplate.trim_to_floors] its floors and the wall
    /// round them, turned as the room is (another room may sit in the rest
    /// of its box);
    /// corridor pieces follow the graph's rooms, in connection order, with
    /// [code]"corridor"[/code] true and [code]"edge"[/code] the connection
    /// they carry (their [code]"resource"[/code] is the corridor template,
    /// or [code]null[/code] for a generated straight piece or bend);
    /// a door's [code]"join"[/code] and a join's [code]"edge"[/code] are
    /// connection numbers;
    /// a placement's [code]"doors"[/code] are its template's doors in
    /// order, except that a door line
    /// ([method RoomTemplate.add_door_line]) gives one entry per door placed
    /// on it (several when it takes several connections), each with
    /// [code]"cell"[/code] its first cell and [code]"width"[/code] and
    /// [code]"length"[/code] its width, or, when no door is placed on it,
    /// one sealed entry for the whole line ([code]"cell"[/code] its first
    /// cell, [code]"length"[/code] the line's length): open only
    /// [code]"width"[/code] cells from [code]"cell"[/code], keep the rest
    /// of a line wall, and close [code]"length"[/code] cells of a sealed
    /// one. A door's [code]"slot"[/code] is its template door (index into
    /// [member RoomTemplate.doors]) and [code]"node"[/code] that door's
    /// marker in the scene, shared by every door on one line;
    /// [code]"joins"[/code] and [code]"sealed"[/code] name doors by their
    /// index in [code]"doors"[/code]; [code]"start"[/code] and [code]"end"[/code] are
    /// room numbers; [code]"mst"[/code] holds the connections of a
    /// breadth-first tree of the graph from the start and
    /// [code]"extra"[/code] the other connections (the loops), both
    /// [code]Vector2i(a, b)[/code]. On failure returns an empty
    /// [Dictionary], like [method generate].
    #[func]
    fn generate_with_graph(&mut self, level: i64) -> VarDictionary {
        self.generate_level_with(level, graph_layout::layout_watched)
            .map_or_else(VarDictionary::new, |l| self.level_dictionary(l))
    }
}

impl Made for GraphLevel {
    fn grid_mut(&mut self) -> &mut dungeon_core::DungeonGrid {
        &mut self.grid
    }
}

impl GraphLayoutGenerator {
    /// The core's level graph: [member graph], or the demo graph when null.
    fn core_graph(&self) -> graph_layout::LevelGraph {
        self.graph.to_core("graph", &mut Ints::default())
    }

    /// The non-empty entries of `templates`, in order (core indices).
    fn template_list(&self) -> Vec<Gd<RoomTemplate>> {
        placement::non_empty(&self.templates)
    }

    fn level_dictionary(&self, level: GraphLevel) -> VarDictionary {
        let list = self.template_list();
        // A corridor piece's template indexes the designer's corridor
        // templates, then the generated straight pieces and bends (no
        // resource).
        let pieces = placement::non_empty(&self.corridor_templates);
        let placements: Vec<VarDictionary> = level
            .placements
            .iter()
            .map(|p| {
                let from = if p.corridor { &pieces } else { &list };
                let mut d = placement::dictionary(&p.into(), from, self.cell_size);
                let rooms: Vec<i32> = p.rooms.iter().map(|&r| r as i32).collect();
                d.set("rooms", &PackedInt32Array::from(rooms.as_slice()));
                d.set("corridor", p.corridor);
                d.set("edge", p.edge.map_or(-1, |k| k as i64));
                d
            })
            .collect();
        let graph = self.core_graph();
        let in_tree = graph.tree_connections(level.start);
        let joins: Vec<VarDictionary> = level
            .joins
            .iter()
            .map(|j| {
                let is_loop = !in_tree.get(j.edge).copied().unwrap_or(false);
                let mut d = placement::join(&j.a, &j.b, is_loop);
                d.set("edge", j.edge as i64);
                d
            })
            .collect();
        let edge = |k: usize| {
            graph
                .edges
                .get(k)
                .map_or(Vector2i::ZERO, |e| Vector2i::new(e.a as i32, e.b as i32))
        };
        let grid = level.grid;
        let n = graph.edges.len();
        let drawn = placement::Drawn {
            centers: array_of((0..level.placements.len()).map(|i| {
                grid.room_rects()
                    .get(i)
                    .map_or(Vector2i::ZERO, |r| vec2i(r.center()))
            })),
            mst: array_of((0..n).filter(|&k| in_tree[k]).map(edge)),
            extra: array_of((0..n).filter(|&k| !in_tree[k]).map(edge)),
        };
        let ends = (level.start, level.end);
        placement::level(placements, joins, &level.sealed, ends, drawn, grid)
    }
}
