//! `DungeonLevel3D`: the level node for 3D scenes (room scenes, a
//! `GridMap`, a `NavigationRegion3D`); the driver is shared with
//! `DungeonLevel2D` (see the parent module).

use dungeon_core::GridKind;
use godot::classes::{
    ClassDb, Engine, GridMap, INode3D, MeshLibrary, Node, Node3D, PackedScene, Resource,
};
use godot::prelude::*;

use super::builtin::default_mesh_library;
use super::{LevelHost, LevelState, Settings, generator_classes};
use crate::decorator::DungeonDecorator;
use crate::dungeon_grid::DungeonGrid;
use crate::dungeon_progression::DungeonProgression;
use crate::navigation::DungeonNavigation;
use crate::painter::grid_map_painter::DungeonGridMapPainter;
use crate::spawn_rules::DungeonSpawnRules;

/// The painter's item settings, the item names looked up in the mesh
/// library for them, and the ids used when it has no item of that name
/// (the painter's defaults).
const ITEMS: [(&str, &str, i32); 6] = [
    ("floor_item", "floor", 0),
    ("corridor_item", "corridor", 1),
    ("door_item", "door", 2),
    ("wall_item", "wall", 3),
    ("start_item", "start", -1),
    ("end_item", "end", -1),
];

/// The id of `library`'s item called `name` (or `Name`), else `default`.
fn item_id(library: &Gd<MeshLibrary>, name: &str, default: i32) -> i32 {
    let mut capital = name.to_string();
    capital[..1].make_ascii_uppercase();
    [name, capital.as_str()]
        .iter()
        .map(|n| library.find_item_by_name(*n))
        .find(|&id| id >= 0)
        .unwrap_or(default)
}

/// A dungeon level in your 3D scene, made by a generator with no code: the
/// 3D twin of [DungeonLevel2D], with the same settings, methods and
/// signals. Pick a [member generator] in the Inspector, give room grids a
/// [member room_scene] (its root a [Node3D]) or let tile maps use the
/// built-in blocks, and run the scene. With [member generate_on_ready] on
/// (the default) the level is there by the time the parent's
/// [code]_ready()[/code] runs.
///
/// A room grid (Isaac, Drunkard, Hilbert) gets one instance of
/// [member room_scene] per room, placed by a [DungeonRoomPlacer] at
/// [code]Vector3(x * room_size.x, 0, y * room_size.z)[/code] (the grid's
/// y runs along 3D z). A tile map (BSP, caves, mazes, templates...) is
/// painted by a [DungeonGridMapPainter] onto a [GridMap] this node
/// creates ([code]"Tiles"[/code]): grid cell [code](x, y)[/code] is
/// GridMap cell [code](x, 0, y)[/code], walls are turned to face the
/// floor. Which item of [member mesh_library] each cell kind gets goes by
/// the items' names: [code]floor[/code], [code]corridor[/code],
/// [code]door[/code], [code]wall[/code], [code]start[/code],
/// [code]end[/code] (or capitalised, as a MeshLibrary exported from a
/// scene names them after its nodes); without such names the ids are the
/// painter's defaults (0 floor, 1 corridor, 2 door, 3 wall; start and end
/// as floor). With no library, a built-in one of plain coloured blocks
/// sized to [member cell_size] is used. A room grid without a
/// [member room_scene] is painted as cells, one per room cell. Template
/// layouts ([TemplateGenerator], [GraphLayoutGenerator]) also get their
/// templates' own 3D scenes over the cells ([member template_scenes]).
///
/// Everything it makes goes under one internal child,
/// [method get_output] ([code]"Generated"[/code]): the rooms, the
/// [code]"Tiles"[/code] GridMap and the [code]"Navigation"[/code]
/// [NavigationRegion3D]. Your own children are never touched;
/// [method clear] frees only that node. Seeds, levels and the generator
/// resource work as in [DungeonLevel2D]. [method generate] paints the
/// cells at once; [method generate_async] runs the generator on a worker
/// thread and sets the cells over frames, so a big map never makes one
/// long frame.
/// [codeblock]
/// var level := DungeonLevel3D.new()
/// level.generator = BspGenerator.new()
/// level.seed = 7
/// level.navigation = true
/// level.generated.connect(func(grid): print(grid.get_room_count(), " rooms"))
/// add_child(level)   # generates here: generate_on_ready is on
/// [/codeblock]
///
/// A tool class like [DungeonLevel2D]: it makes nothing in the editor by
/// itself, and what it makes is never saved with the scene; the addon's
/// Inspector buttons ([b]Generate[/b], [b]New seed[/b], [b]Bake[/b],
/// [b]Clear[/b]) work on it too, [b]Bake[/b] copying the level under a
/// [Node3D] [code]"Baked"[/code] child that is saved.
#[derive(GodotClass)]
#[class(tool, base = Node3D)]
pub struct DungeonLevel3D {
    /// The dungeon generator: any of the extension's generator classes
    /// (the Inspector lists exactly those [GeneratorRegistry] knows); its
    /// own [code]seed[/code] and [code]level[/code] are replaced by this
    /// node's. [code]null[/code] (the default) makes [method generate] fail
    /// with a message.
    #[var(
        hint = RESOURCE_TYPE,
        hint_string = generator_classes().as_str(),
        usage_flags = [DEFAULT]
    )]
    generator: Option<Gd<Resource>>,
    /// The level to make (1 to 1000).
    #[export(range = (1.0, 1000.0, 1.0))]
    level: i64,
    /// The run seed: the same seed, generator settings and level always
    /// give the same level.
    #[export]
    seed: i64,
    /// On: every generation first picks a new random [member seed] (written
    /// to [member seed]). Off (the default): the same level each time.
    #[export]
    randomize_seed: bool,
    /// On (the default): the level is generated when the node is ready in
    /// a running game; never in the editor.
    #[export]
    generate_on_ready: bool,
    /// Room grids: the scene instanced once per room (its root a [Node3D]).
    /// [code]null[/code] paints room grids as GridMap cells instead.
    #[export_group(name = "Rooms")]
    #[export]
    room_scene: Option<Gd<PackedScene>>,
    /// Room grids: the size of one grid cell in metres: x along the grid's
    /// x, z along its y, y the room height (it only informs the scene).
    #[export]
    room_size: Vector3,
    /// Room grids: scenes for rooms of some roles instead of
    /// [member room_scene] (see [member DungeonRoomPlacer.role_scenes]).
    #[export]
    role_scenes: VarDictionary,
    /// Template layouts: on (the default), every placed [RoomTemplate]
    /// with a [member RoomTemplate.scene] whose root is a [Node3D] gets an
    /// instance at its place ([code]"transform_3d"[/code], scaled from the
    /// generator's [code]cell_size[/code] to [member cell_size]).
    #[export]
    template_scenes: bool,
    /// Tile maps: the [MeshLibrary] of the [code]"Tiles"[/code] GridMap.
    /// Its items named [code]floor[/code], [code]corridor[/code],
    /// [code]door[/code], [code]wall[/code], [code]start[/code] and
    /// [code]end[/code] (or [code]Floor[/code]...) are painted for those
    /// cells; kinds with no item of their name use the
    /// [DungeonGridMapPainter]'s default ids (0 floor, 1 corridor, 2 door,
    /// 3 wall, start and end as floor). [code]null[/code] uses a built-in
    /// library of plain coloured blocks.
    #[export_group(name = "Tiles")]
    #[export]
    mesh_library: Option<Gd<MeshLibrary>>,
    /// Tile maps: the GridMap's cell size in metres (x, height, z).
    #[export]
    cell_size: Vector3,
    /// Locked doors, keys and one-way doors planned on the level;
    /// [code]null[/code] (the default) keeps the generator's own.
    #[export_group(name = "Gameplay")]
    #[export]
    progression: Option<Gd<DungeonProgression>>,
    /// Where enemies, loot, traps and the boss may stand: when set, each
    /// level's points are kept in [member spawn_points].
    #[export]
    spawn_rules: Option<Gd<DungeonSpawnRules>>,
    /// Set dressing: when set, each level is decorated by its rules (see
    /// [DungeonDecorator]), never on a spawn point of [member spawn_rules],
    /// and placed under a [code]"Props"[/code] node of [method get_output]
    /// by [method DungeonDecorator.place_3d]: an instance of a rule's
    /// [member DungeonDecorRule.scene] per prop at its cell's centre,
    /// turned away from its wall; one [MultiMeshInstance3D] per rule with a
    /// [member DungeonDecorRule.mesh] (tiles are 2D only). The props are
    /// kept in [member props]. [code]null[/code] (the default): none.
    #[export]
    decorator: Option<Gd<DungeonDecorator>>,
    /// On: each level gets a [NavigationRegion3D] child
    /// ([code]"Navigation"[/code] under [method get_output]) whose
    /// [NavigationMesh] [method DungeonNavigation.build_mesh] builds from
    /// the grid, for [NavigationAgent3D]s. Off by default.
    #[export]
    navigation: bool,
    /// The margin kept between an agent's centre and the walls, in metres
    /// ([member DungeonNavigation.agent_radius]).
    #[export(range = (0.0, 4.0, 0.05, or_greater))]
    navigation_agent_radius: f64,
    /// On: a level painted as GridMap cells gets a [code]"Collision"[/code]
    /// [Node3D] under [method get_output] holding one [StaticBody3D] per
    /// chunk of 64×64 cells, built by [DungeonCollision] from the grid
    /// (walls one cell tall, merged into few shapes, a shape per door; on
    /// maps over 256×256 cells, outlines), and the GridMap's own collision
    /// layer and mask are set to 0. With [method generate_async] the
    /// bodies are built on a worker and added a few a frame before
    /// [signal generated]. Off (the default): the cells collide as the mesh library's
    /// items say (the built-in library's have no shapes). Levels of room
    /// scenes keep the scenes' own collision.
    #[export]
    collision: bool,
    /// The level on display, or [code]null[/code] before the first
    /// generation and after [method clear].
    #[var(get = get_grid, no_set)]
    grid: PhantomVar<Option<Gd<DungeonGrid>>>,
    /// The level's spawn points under [member spawn_rules]; empty without
    /// rules.
    #[var(get = get_spawn_points, no_set)]
    spawn_points: PhantomVar<VarDictionary>,
    /// The level's props under [member decorator], as
    /// [method DungeonDecorator.decorate] gives them; empty without one.
    #[var(get = get_props, no_set)]
    props: PhantomVar<VarDictionary>,
    /// The level's room graph, for generators that make one: what their
    /// [code]generate_with_graph[/code] gives without the grid (TinyKeep:
    /// room centres and the graph's edges; [TemplateGenerator] and
    /// [GraphLayoutGenerator]: the placed templates and their joins).
    /// Empty for the other generators, and after a
    /// [method generate_async] unless the level places
    /// [member template_scenes] (working it out again would take a frame
    /// as long as a [method generate]).
    #[var(get = get_room_graph, no_set)]
    room_graph: PhantomVar<VarDictionary>,
    /// Why the last generation failed; empty after a success. When the
    /// level was made but its [member decorator] failed (a bad rule or
    /// tile), the decorator's error: the level stands, without props.
    #[var(get = get_last_error, no_set)]
    last_error: PhantomVar<GString>,
    /// What the shared driver keeps between calls.
    state: LevelState,
    painter: Option<Gd<DungeonGridMapPainter>>,
    /// The built-in mesh library and the cell size it was made for.
    default_library: Option<(Vector3, Gd<MeshLibrary>)>,
    base: Base<Node3D>,
}

#[godot_api]
impl INode3D for DungeonLevel3D {
    fn init(base: Base<Node3D>) -> Self {
        Self {
            generator: None,
            level: 1,
            seed: 0,
            randomize_seed: false,
            generate_on_ready: true,
            room_scene: None,
            room_size: Vector3::new(10.0, 4.0, 10.0),
            role_scenes: VarDictionary::new(),
            template_scenes: true,
            mesh_library: None,
            cell_size: Vector3::ONE,
            progression: None,
            spawn_rules: None,
            decorator: None,
            navigation: false,
            navigation_agent_radius: 0.0,
            collision: false,
            grid: PhantomVar::default(),
            spawn_points: PhantomVar::default(),
            props: PhantomVar::default(),
            room_graph: PhantomVar::default(),
            last_error: PhantomVar::default(),
            state: LevelState::default(),
            painter: None,
            default_library: None,
            base,
        }
    }

    fn ready(&mut self) {
        if self.generate_on_ready && !Engine::singleton().is_editor_hint() {
            self.drive_generate();
        }
    }
}

#[godot_api]
impl DungeonLevel3D {
    /// Emitted once per level made, when it is in the scene (rooms placed
    /// or cells painted, navigation built).
    #[signal]
    fn generated(grid: Gd<DungeonGrid>);

    /// Emitted with the reason when a generation fails; the message is
    /// also logged and kept in [member last_error].
    #[signal]
    fn generation_failed(message: GString);

    /// Emitted for every room scene placed, after it entered the level,
    /// with the node and the room's info (see [DungeonRoomPlacer]); before
    /// [signal generated].
    #[signal]
    fn room_placed(room: Gd<Node>, info: VarDictionary);

    /// Makes level [member level] of [member seed] now and puts it in the
    /// scene, replacing the previous one; [signal generated] follows
    /// before it returns. Returns the grid, or [code]null[/code] on
    /// failure (see [signal generation_failed]).
    #[func]
    fn generate(&mut self) -> Option<Gd<DungeonGrid>> {
        self.drive_generate()
    }

    /// Makes the level with the generator on a worker thread;
    /// [signal generated] comes when it is in the scene (the GridMap cells
    /// are set a budget per frame, see
    /// [member DungeonGridMapPainter.cells_per_frame]; room scenes are
    /// placed in one frame). A new call, [method generate] or
    /// [method clear] cancels a pending one. Returns [code]false[/code]
    /// when it could not start.
    #[func]
    fn generate_async(&mut self) -> bool {
        self.drive_generate_async()
    }

    /// How far a [method generate_async] is, from 0 to 1 (1 when none is
    /// pending).
    #[func]
    fn get_progress(&self) -> f64 {
        self.drive_progress()
    }

    /// Internal (connected to this node's helpers; do not call): the
    /// painter finished painting a level over frames.
    #[func]
    fn _on_painted(&mut self, _target: Variant) {
        self.on_painted();
    }

    /// Internal (connected to the generator of a [method generate_async]
    /// request; do not call): the request's grid arrived.
    #[func]
    fn _on_async_generated(&mut self, grid: Option<Gd<DungeonGrid>>, request: i64) {
        if let Some(grid) = grid {
            self.on_async_grid(u64::try_from(request).unwrap_or(0), grid);
        }
    }

    /// Internal (connected to the [DungeonCollision] of a
    /// [method generate_async] request; do not call): the level's
    /// collision is in.
    #[func]
    fn _on_collision_built(&mut self, _id: i64, _root: Variant, request: i64) {
        self.on_collision_done(request, None);
    }

    /// Internal (connected to the [DungeonCollision] of a
    /// [method generate_async] request; do not call): the level's
    /// collision failed.
    #[func]
    fn _on_collision_failed(&mut self, _id: i64, message: GString, request: i64) {
        self.on_collision_done(request, Some(message));
    }

    /// Internal (connected to the generator of a [method generate_async]
    /// request; do not call): the request failed.
    #[func]
    fn _on_async_failed(&mut self, message: GString, request: i64) {
        self.on_async_failure(u64::try_from(request).unwrap_or(0), message);
    }

    /// Internal (connected to this node's helpers; do not call): the room
    /// placer placed a room; sent on as [signal room_placed].
    #[func]
    fn _on_room_placed(&mut self, room: Variant, info: Variant) {
        self.forward_room_placed(room, info);
    }

    /// [code]true[/code] while a [method generate_async] is generating.
    #[func]
    fn is_generating(&self) -> bool {
        self.drive_is_generating()
    }

    /// Removes the level: frees every node this node made and cancels a
    /// pending [method generate_async]; [member grid] becomes
    /// [code]null[/code]. Your own children stay.
    #[func]
    fn clear(&mut self) {
        self.drive_clear();
    }

    /// The internal child ([code]"Generated"[/code]) holding what was made;
    /// [code]null[/code] when nothing is on display.
    #[func]
    fn get_output(&self) -> Option<Gd<Node3D>> {
        self.state
            .live_output()
            .and_then(|o| o.try_cast::<Node3D>().ok())
    }

    /// The room scenes placed for the level on display, in room order (on
    /// template layouts one per placed template with a scene).
    #[func]
    fn get_rooms(&self) -> Array<Gd<Node>> {
        self.state.rooms.clone()
    }

    /// The [GridMap] the level on display was painted onto;
    /// [code]null[/code] for a level of room scenes.
    #[func]
    fn get_grid_map(&self) -> Option<Gd<GridMap>> {
        self.state
            .live_output()
            .and_then(|o| o.get_node_or_null("Tiles"))
            .and_then(|n| n.try_cast::<GridMap>().ok())
    }

    /// The level on display ([member grid]).
    #[func]
    fn get_grid(&self) -> Option<Gd<DungeonGrid>> {
        self.state.grid.clone()
    }

    /// The level's spawn points ([member spawn_points]).
    #[func]
    fn get_spawn_points(&self) -> VarDictionary {
        self.state.spawn_points.clone()
    }

    /// The level's props ([member props]).
    #[func]
    fn get_props(&self) -> VarDictionary {
        self.state.props.clone()
    }

    /// The level's room graph ([member room_graph]).
    #[func]
    fn get_room_graph(&self) -> VarDictionary {
        self.state.room_graph.clone()
    }

    /// Why the last generation failed ([member last_error]).
    #[func]
    fn get_last_error(&self) -> GString {
        self.state.last_error.clone()
    }
}

impl LevelHost for DungeonLevel3D {
    const CLASS: &'static str = "DungeonLevel3D";
    const ROOM_ROOT: &'static str = "Node3D";

    fn state(&self) -> &LevelState {
        &self.state
    }

    fn state_mut(&mut self) -> &mut LevelState {
        &mut self.state
    }

    fn settings(&self) -> Settings {
        Settings {
            generator: self.generator.clone(),
            level: self.level,
            seed: self.seed,
            randomize_seed: self.randomize_seed,
            progression: self.progression.clone(),
            spawn_rules: self.spawn_rules.clone(),
            decorator: self.decorator.clone(),
            navigation: self.navigation,
            collision: self.collision,
            template_scenes: self.template_scenes,
        }
    }

    fn set_seed(&mut self, seed: i64) {
        self.seed = seed;
    }

    fn new_output(&self) -> Gd<Node> {
        Node3D::new_alloc().upcast()
    }

    fn place_or_paint(
        &mut self,
        grid: &Gd<DungeonGrid>,
        over_frames: bool,
    ) -> Result<bool, GString> {
        let room_grid = grid.bind().core().kind() == GridKind::RoomGrid;
        if room_grid && let Some(scene) = self.room_scene.clone() {
            let roles = self.role_scenes.clone();
            return self.place_rooms(grid, &scene, self.room_size, &roles);
        }
        let mut output = self.output_node();
        // A GridMap kept from the last level (see `reused_child`) is
        // repainted: the painter erases its old cells over frames.
        let mut map = match output
            .get_node_or_null("Tiles")
            .and_then(|n| n.try_cast::<GridMap>().ok())
        {
            Some(map) => map,
            None => {
                let mut map = GridMap::new_alloc();
                map.set_name("Tiles");
                map.set_center_y(false);
                output.add_child(&map);
                map
            }
        };
        // With `collision`, the merged body collides instead of the items'
        // shapes.
        let layer = u32::from(!self.collision);
        map.set_collision_layer(layer);
        map.set_collision_mask(layer);
        if map.get_cell_size() != self.cell_size {
            map.set_cell_size(self.cell_size);
        }
        let library = match &self.mesh_library {
            Some(l) => l.clone(),
            None => self.builtin_library(),
        };
        if map.get_mesh_library().as_ref() != Some(&library) {
            map.set_mesh_library(&library);
        }
        let mut painter = self.painter();
        for (setting, name, default) in ITEMS {
            painter.set(setting, &item_id(&library, name, default).to_variant());
        }
        let args = [grid.to_variant(), map.to_variant()];
        let method = if over_frames {
            "paint_over_frames"
        } else {
            "paint"
        };
        // The guard lets `painted` handlers (`on_painted` among them) call
        // this node.
        if self.with_node(|_| painter.call(method, &args).booleanize()) {
            Ok(over_frames)
        } else {
            Err(painter.get("last_error").to::<GString>())
        }
    }

    /// Scaled from `generator`'s `cell_size` (x, and y along z) to
    /// [`Self::cell_size`].
    fn place_templates(&mut self, generator: &Gd<Resource>, placements: &Variant) {
        let Ok(placements) = placements.try_to::<Array<VarDictionary>>() else {
            return;
        };
        let cell = generator
            .get("cell_size")
            .try_to::<Vector2>()
            .unwrap_or(Vector2::ONE);
        let to = self.cell_size;
        let scale = Vector3::new(
            if cell.x > 0.0 { to.x / cell.x } else { 1.0 },
            1.0,
            if cell.y > 0.0 { to.z / cell.y } else { 1.0 },
        );
        let view = Transform3D::new(Basis::from_scale(scale), Vector3::ZERO);
        let mut output = self.output_node();
        for p in placements.iter_shared() {
            let scene = p
                .get("scene")
                .and_then(|s| s.try_to::<Gd<PackedScene>>().ok());
            let Some(node) = scene.and_then(|s| s.instantiate()) else {
                continue;
            };
            let Ok(mut n) = node.clone().try_cast::<Node3D>() else {
                // A 2D template scene has no place in 3D.
                node.free();
                continue;
            };
            let xf = p
                .get("transform_3d")
                .and_then(|x| x.try_to::<Transform3D>().ok())
                .unwrap_or(Transform3D::IDENTITY);
            n.set_transform(view * xf);
            output.add_child(&node);
            self.keep_room(&node);
        }
    }

    fn has_room_scene(&self) -> bool {
        self.room_scene.is_some()
    }

    fn painter_node(&self) -> Option<Gd<Node>> {
        self.painter.clone().map(Gd::upcast)
    }

    fn collision_build(&self) -> (&'static str, Variant) {
        ("build_body_3d", self.cell_size.to_variant())
    }

    fn place_props(
        &mut self,
        grid: &Gd<DungeonGrid>,
        decorator: &Gd<DungeonDecorator>,
        props: &VarDictionary,
    ) {
        let cell = if self.places_rooms(grid) {
            self.room_size
        } else {
            self.cell_size
        };
        let placed = decorator.clone().bind_mut().place_3d(props.clone(), cell);
        if let Some(root) = placed {
            self.output_node().add_child(&root);
        }
    }

    fn build_navigation(&mut self, grid: &Gd<DungeonGrid>) {
        let cell = if self.places_rooms(grid) {
            self.room_size
        } else {
            self.cell_size
        };
        let mut nav = DungeonNavigation::new_gd();
        nav.set("agent_radius", &self.navigation_agent_radius.to_variant());
        if !self.places_rooms(grid) && self.mesh_library.is_none() {
            // On the built-in floor slabs.
            nav.set("floor_height", &(0.1 * f64::from(cell.y)).to_variant());
        }
        let mesh = nav.call("build_mesh", &[grid.to_variant(), cell.to_variant()]);
        let Ok(mesh) = mesh.try_to::<Gd<Resource>>() else {
            godot_warn!(
                "DungeonLevel3D: no navigation for the level: {}",
                nav.get("last_error")
            );
            return;
        };
        let Ok(mut region) = ClassDb::singleton()
            .instantiate("NavigationRegion3D")
            .try_to::<Gd<Node>>()
        else {
            return;
        };
        region.set_name("Navigation");
        region.set("use_edge_connections", &false.to_variant());
        region.set("navigation_mesh", &mesh.to_variant());
        self.output_node().add_child(&region);
    }
}

impl DungeonLevel3D {
    /// The built-in mesh library for [`Self::cell_size`], made when first
    /// needed or when the cell size changed.
    fn builtin_library(&mut self) -> Gd<MeshLibrary> {
        match &self.default_library {
            Some((cell, lib)) if *cell == self.cell_size => lib.clone(),
            _ => {
                let lib = default_mesh_library(self.cell_size);
                self.default_library = Some((self.cell_size, lib.clone()));
                lib
            }
        }
    }

    /// The GridMap painter, made on first use (an internal child).
    fn painter(&mut self) -> Gd<DungeonGridMapPainter> {
        if let Some(p) = &self.painter {
            return p.clone();
        }
        let mut p = DungeonGridMapPainter::new_alloc();
        // An object method survives a reload of the extension in the
        // editor (gdext disconnects Rust closures then).
        let this = self.to_gd().upcast::<Object>();
        p.connect(
            "painted",
            &Callable::from_object_method(&this, "_on_painted"),
        );
        self.add_helper(&p.clone().upcast(), "GridMapPainter");
        self.painter = Some(p.clone());
        p
    }
}
