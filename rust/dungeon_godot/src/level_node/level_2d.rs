//! `DungeonLevel2D`: the level node for 2D scenes (room scenes, a
//! `TileMapLayer`, a `NavigationRegion2D`); the driver is shared with
//! `DungeonLevel3D` (see the parent module).

use dungeon_core::GridKind;
use godot::classes::{
    ClassDb, Engine, INode2D, Node, Node2D, PackedScene, Resource, TileMapLayer, TileSet,
};
use godot::prelude::*;

use super::builtin::{DEFAULT_TILE, default_tile_set};
use super::{LevelHost, LevelState, Settings, generator_classes};
use crate::decorator::DungeonDecorator;
use crate::dungeon_grid::DungeonGrid;
use crate::dungeon_progression::DungeonProgression;
use crate::navigation::DungeonNavigation;
use crate::painter::mapping::DungeonTileMapping;
use crate::painter::tile_painter::DungeonTilePainter;
use crate::spawn_rules::DungeonSpawnRules;

/// A dungeon level in your scene, made by a generator with no code: pick a
/// [member generator] in the Inspector, give room grids a
/// [member room_scene] (or tile maps a [member tile_set]), and run the
/// scene. With [member generate_on_ready] on (the default) the level is
/// there by the time the parent's [code]_ready()[/code] runs.
///
/// What it makes follows the grid's kind: a room grid (Isaac, Drunkard,
/// Hilbert) gets one instance of [member room_scene] per room, placed by a
/// [DungeonRoomPlacer] (each instance with a
/// [code]setup_room(info)[/code] method gets the room's doors, role and
/// cells, see [DungeonRoomPlacer]); a tile map (BSP, caves, mazes,
/// templates...) is painted by a [DungeonTilePainter] onto a
/// [TileMapLayer] this node creates, with [member tile_set] and
/// [member tile_mapping]. A room grid without a [member room_scene] is
/// painted as tiles, one per room cell. Template layouts
/// ([TemplateGenerator], [GraphLayoutGenerator]) also get their templates'
/// own scenes over the tiles ([member template_scenes]).
///
/// Everything it makes goes under one internal child node,
/// [method get_output] ([code]"Generated"[/code]): the rooms, the
/// [code]"Tiles"[/code] layer and the [code]"Navigation"[/code] region.
/// Your own children are never touched, and [method clear] frees only
/// that node.
///
/// The level's seed and number are this node's [member seed] and
/// [member level]; the generator's own [code]seed[/code] and
/// [code]level[/code] are not used, and the generator resource is not
/// changed (each generation works on a copy), so one generator
/// [code].tres[/code] can serve many levels.
/// [codeblock]
/// var level := DungeonLevel2D.new()
/// level.generator = BspGenerator.new()
/// level.seed = 7
/// level.generated.connect(func(grid): print(grid.get_room_count(), " rooms"))
/// add_child(level)   # generates here: generate_on_ready is on
/// level.level = 2
/// level.generate_async()   # the next level, without a long frame
/// [/codeblock]
///
/// In the editor (with the addon's plugin on, see its README) the
/// Inspector shows [b]Generate[/b], [b]New seed[/b], [b]Bake[/b] and
/// [b]Clear[/b] buttons under this node's properties, and with
/// [b]Live preview[/b] on, a change of a setting of the node or of its
/// generator makes the level again off the main thread. The node runs in
/// the editor (a tool class) but makes nothing there by itself: opening a
/// scene never changes it. What it makes is never saved with the scene
/// (the nodes have no owner); [b]Bake[/b] copies it into ordinary nodes
/// that are.
///
/// For 3D scenes use [DungeonLevel3D]: the same node with [Node3D] rooms,
/// a [GridMap] and a [NavigationRegion3D].
#[derive(GodotClass)]
#[class(tool, base = Node2D)]
pub struct DungeonLevel2D {
    /// The dungeon generator: any of the extension's generator classes
    /// ([IsaacGenerator], [BspGenerator]...; the Inspector lists exactly
    /// those [GeneratorRegistry] knows). Its settings shape the level; its
    /// own [code]seed[/code] and [code]level[/code] are replaced by this
    /// node's. [code]null[/code] (the default) makes [method generate] fail
    /// with a message.
    #[var(
        hint = RESOURCE_TYPE,
        hint_string = generator_classes().as_str(),
        usage_flags = [DEFAULT]
    )]
    generator: Option<Gd<Resource>>,
    /// The level to make (1 to 1000): later levels are bigger on the
    /// generators whose size grows with the level (Isaac floors).
    #[export(range = (1.0, 1000.0, 1.0))]
    level: i64,
    /// The run seed: the same seed, generator settings and level always
    /// give the same level, on every platform.
    #[export]
    seed: i64,
    /// On: every [method generate] and [method generate_async] first picks
    /// a new random [member seed] (written to [member seed], so the level
    /// can be made again). Off (the default): the same level each time.
    #[export]
    randomize_seed: bool,
    /// On (the default): the level is generated (at once, with
    /// [method generate]) when the node is ready in a running game, so a
    /// scene holding this node and a generator needs no code. Turn it off
    /// to call [method generate] or [method generate_async] yourself
    /// (e.g. after choosing the seed). Never in the editor: there only the
    /// Inspector's [b]Generate[/b] and [b]New seed[/b] buttons (or a call)
    /// generate, so opening a scene never changes it.
    #[export]
    generate_on_ready: bool,
    /// Room grids: the scene instanced once per room (its root a [Node2D]).
    /// [code]null[/code] paints room grids as tiles instead.
    #[export_group(name = "Rooms")]
    #[export]
    room_scene: Option<Gd<PackedScene>>,
    /// Room grids: the size of one grid cell in pixels; a room covering
    /// cells [code]rect[/code] is placed at
    /// [code]rect.position * room_size[/code].
    #[export]
    room_size: Vector2,
    /// Room grids: scenes for rooms of some roles instead of
    /// [member room_scene] (keys [constant DungeonGrid.ROLE_BOSS],
    /// [constant DungeonGrid.ROLE_SHOP]..., values [PackedScene]s; see
    /// [member DungeonRoomPlacer.role_scenes]).
    #[export]
    role_scenes: VarDictionary,
    /// Template layouts ([TemplateGenerator], [GraphLayoutGenerator]): on
    /// (the default), every placed [RoomTemplate] that has a
    /// [member RoomTemplate.scene] gets an instance of it, at its place
    /// over the painted tiles (scaled from the generator's
    /// [code]cell_size[/code] to the tile size). With
    /// [method generate_async] the placements are worked out again on the
    /// main thread when the grid arrives (one frame as long as a
    /// [method generate]).
    #[export]
    template_scenes: bool,
    /// Tile maps: the [TileSet] of the [code]"Tiles"[/code] layer; its
    /// tile size is the size of one cell. [code]null[/code] with no
    /// [member tile_mapping] either uses a built-in set of 16×16 plain
    /// coloured tiles (floor, corridor, door, wall, start, end), so a level
    /// shows with nothing set up; with a [member tile_mapping] the layer
    /// gets no tile set.
    #[export_group(name = "Tiles")]
    #[export]
    tile_set: Option<Gd<TileSet>>,
    /// Tile maps: which tile of [member tile_set] each cell kind gets;
    /// [code]null[/code] uses a default [DungeonTileMapping] (a one-row
    /// atlas in source 0: floor, corridor, door, wall, start, end).
    #[export]
    tile_mapping: Option<Gd<DungeonTileMapping>>,
    /// Locked doors, keys and one-way doors planned on the level (a
    /// [DungeonProgression]); [code]null[/code] (the default) keeps the
    /// generator's own [code]progression[/code]. Generators without rooms
    /// (caves, tunnels, walks) fail with a message when it asks for locks.
    #[export_group(name = "Gameplay")]
    #[export]
    progression: Option<Gd<DungeonProgression>>,
    /// Where enemies, loot, traps and the boss may stand: when set, each
    /// level's points are worked out with these rules and kept in
    /// [member spawn_points]. [code]null[/code] (the default) works out
    /// none.
    #[export]
    spawn_rules: Option<Gd<DungeonSpawnRules>>,
    /// Set dressing: when set, each level is decorated by its rules (see
    /// [DungeonDecorator]), never on a spawn point of [member spawn_rules],
    /// and placed under a [code]"Props"[/code] node of [method get_output]
    /// by [method DungeonDecorator.place_2d]: an instance of a rule's
    /// [member DungeonDecorRule.scene] per prop at its cell's centre,
    /// turned away from its wall; one [MultiMeshInstance2D] per rule with a
    /// [member DungeonDecorRule.mesh]; a rule's tile on a
    /// [code]"Decor"[/code] layer using this node's tile set. The props are
    /// kept in [member props]. [code]null[/code] (the default): none.
    #[export]
    decorator: Option<Gd<DungeonDecorator>>,
    /// On: each level gets a [NavigationRegion2D] child
    /// ([code]"Navigation"[/code] under [method get_output]) whose polygon
    /// [DungeonNavigation] builds from the grid, for
    /// [NavigationAgent2D]s. Off by default.
    #[export]
    navigation: bool,
    /// The margin kept between an agent's centre and the walls, in pixels
    /// ([member DungeonNavigation.agent_radius]).
    #[export(range = (0.0, 64.0, 0.5, or_greater))]
    navigation_agent_radius: f64,
    /// On: a level painted as tiles gets a [code]"Collision"[/code]
    /// [Node2D] under [method get_output] holding one [StaticBody2D] per
    /// chunk of 64×64 cells, built by [DungeonCollision] from the grid
    /// (walls merged into few shapes, thin walls, a shape per door that
    /// [method DungeonCollision.set_door_closed] switches when given the
    /// [code]"Collision"[/code] node; on maps over 256×256 cells,
    /// outlines), and the tiles' own collision is turned off. With
    /// [method generate_async] the bodies are built on a worker and added
    /// a few a frame before [signal generated]. Use it on big maps, where a shape per wall
    /// tile is slow and passes the physics engine's limits. Off (the
    /// default): the tiles collide as their tile set or mesh library says.
    /// Levels of room scenes keep the scenes' own collision.
    #[export]
    collision: bool,
    /// The level on display, or [code]null[/code] before the first
    /// generation and after [method clear]. During a
    /// [method generate_async] it stays the previous level until
    /// [signal generated].
    #[var(get = get_grid, no_set)]
    grid: PhantomVar<Option<Gd<DungeonGrid>>>,
    /// The level's spawn points under [member spawn_rules], as
    /// [method DungeonGrid.get_spawn_points] gives them; empty without
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
    painter: Option<Gd<DungeonTilePainter>>,
    /// The built-in tile set, made on first use.
    default_tiles: Option<Gd<TileSet>>,
    base: Base<Node2D>,
}

#[godot_api]
impl INode2D for DungeonLevel2D {
    fn init(base: Base<Node2D>) -> Self {
        Self {
            generator: None,
            level: 1,
            seed: 0,
            randomize_seed: false,
            generate_on_ready: true,
            room_scene: None,
            room_size: Vector2::new(100.0, 200.0),
            role_scenes: VarDictionary::new(),
            template_scenes: true,
            tile_set: None,
            tile_mapping: None,
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
            default_tiles: None,
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
impl DungeonLevel2D {
    /// Emitted once per level made, when it is in the scene: rooms placed
    /// or tiles painted (after the last frame of painting for
    /// [method generate_async]), navigation built.
    #[signal]
    fn generated(grid: Gd<DungeonGrid>);

    /// Emitted with the reason when a generation fails (no generator, a
    /// setting out of range, a room scene whose root is no [Node2D]...);
    /// the message is also logged and kept in [member last_error]. When
    /// the generator fails, the previous level stays.
    #[signal]
    fn generation_failed(message: GString);

    /// Emitted for every room scene placed, after it entered the level,
    /// with the node and the room's info (see [DungeonRoomPlacer]): set
    /// up what the room scene cannot know by itself. It comes before
    /// [signal generated].
    #[signal]
    fn room_placed(room: Gd<Node>, info: VarDictionary);

    /// Makes level [member level] of [member seed] now and puts it in the
    /// scene, replacing the previous one; [signal generated] follows
    /// before it returns. Returns the grid, or [code]null[/code] on
    /// failure (see [signal generation_failed]). Cancels a pending
    /// [method generate_async]. Big maps take a long frame: use
    /// [method generate_async] for those.
    #[func]
    fn generate(&mut self) -> Option<Gd<DungeonGrid>> {
        self.drive_generate()
    }

    /// Makes level [member level] of [member seed] without a long frame:
    /// the generator runs on a worker thread, then tiles are painted a
    /// budget per frame ([member DungeonTilePainter.tiles_per_frame]),
    /// room scenes are placed in one frame. [signal generated] comes when
    /// the level is in the scene; the previous level stays until then. A
    /// new [method generate_async], [method generate] or [method clear]
    /// cancels a pending one (it then sends no signal). Returns
    /// [code]false[/code] when it could not start (see
    /// [signal generation_failed]).
    #[func]
    fn generate_async(&mut self) -> bool {
        self.drive_generate_async()
    }

    /// How far a [method generate_async] is, from 0 to 1 (1 when none is
    /// pending): the generator's [code]progress[/code] for the first half,
    /// the painter's [member DungeonTilePainter.paint_progress] for the
    /// second (with [member collision], the collision bodies its last
    /// fifth). It rises from frame to frame, for a loading bar.
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

    /// [code]true[/code] while a [method generate_async] is generating or
    /// painting.
    #[func]
    fn is_generating(&self) -> bool {
        self.drive_is_generating()
    }

    /// Removes the level: frees every node this node made (rooms, tiles,
    /// navigation) and cancels a pending [method generate_async];
    /// [member grid] becomes [code]null[/code]. Your own children stay.
    #[func]
    fn clear(&mut self) {
        self.drive_clear();
    }

    /// The internal child ([code]"Generated"[/code]) holding what was made:
    /// the rooms, the [code]"Tiles"[/code] layer, the
    /// [code]"Navigation"[/code] region; [code]null[/code] when nothing is
    /// on display.
    #[func]
    fn get_output(&self) -> Option<Gd<Node2D>> {
        self.state
            .live_output()
            .and_then(|o| o.try_cast::<Node2D>().ok())
    }

    /// The room scenes placed for the level on display: on a room grid in
    /// room order (room [code]i[/code] of [member grid] is element
    /// [code]i[/code]); on a template layout one per placed template with a
    /// scene, in placement order (see [member template_scenes]); empty for
    /// a level painted as tiles only.
    #[func]
    fn get_rooms(&self) -> Array<Gd<Node>> {
        self.state.rooms.clone()
    }

    /// The [TileMapLayer] the level on display was painted onto (big maps:
    /// its chunk layers are its children, see [DungeonTilePainter]);
    /// [code]null[/code] for a level of room scenes.
    #[func]
    fn get_tile_layer(&self) -> Option<Gd<TileMapLayer>> {
        self.state
            .live_output()
            .and_then(|o| o.get_node_or_null("Tiles"))
            .and_then(|n| n.try_cast::<TileMapLayer>().ok())
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

impl LevelHost for DungeonLevel2D {
    const CLASS: &'static str = "DungeonLevel2D";
    const ROOM_ROOT: &'static str = "Node2D";

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
        Node2D::new_alloc().upcast()
    }

    fn place_or_paint(
        &mut self,
        grid: &Gd<DungeonGrid>,
        over_frames: bool,
    ) -> Result<bool, GString> {
        let room_grid = grid.bind().core().kind() == GridKind::RoomGrid;
        if room_grid && let Some(scene) = self.room_scene.clone() {
            let size = self.room_size;
            let roles = self.role_scenes.clone();
            return self.place_rooms(grid, &scene, Vector3::new(size.x, size.y, size.x), &roles);
        }
        let mut output = self.output_node();
        // A layer kept from the last level (see `reused_child`) is
        // repainted: the painter replaces its old tiles over frames.
        let mut layer = match output
            .get_node_or_null("Tiles")
            .and_then(|n| n.try_cast::<TileMapLayer>().ok())
        {
            Some(layer) => layer,
            None => {
                let mut layer = TileMapLayer::new_alloc();
                layer.set_name("Tiles");
                output.add_child(&layer);
                layer
            }
        };
        // With `collision`, the merged body collides instead of the tiles
        // (chunk layers copy the layer's setting when they are made).
        layer.set_collision_enabled(!self.collision);
        for child in layer.get_children().iter_shared() {
            if let Ok(mut chunk) = child.try_cast::<TileMapLayer>() {
                chunk.set_collision_enabled(!self.collision);
            }
        }
        let tile_set = self.layer_tile_set();
        if layer.get_tile_set() != tile_set {
            match &tile_set {
                Some(ts) => layer.set_tile_set(ts),
                None => layer.set_tile_set(Gd::null_arg()),
            }
        }
        let mut painter = self.painter();
        painter.set(
            "mapping",
            &self
                .tile_mapping
                .as_ref()
                .map(ToGodot::to_variant)
                .unwrap_or_default(),
        );
        let method = if over_frames {
            "paint_over_frames"
        } else {
            "paint"
        };
        // `paint` emits `painted` before it returns: the guard lets the
        // handler (`on_painted`, which then has nothing to do) in.
        let args = [grid.to_variant(), layer.to_variant()];
        let started = self.with_node(|_| painter.call(method, &args).booleanize());
        if started {
            Ok(over_frames)
        } else {
            Err(painter.get("last_error").to::<GString>())
        }
    }

    /// Scaled from `generator`'s `cell_size` to the tile size.
    fn place_templates(&mut self, generator: &Gd<Resource>, placements: &Variant) {
        // An `Array[Dictionary]`.
        let Ok(placements) = placements.try_to::<Array<VarDictionary>>() else {
            return;
        };
        let cell = generator
            .get("cell_size")
            .try_to::<Vector2>()
            .unwrap_or(Vector2::ONE);
        let tile = self.cell_size();
        let scale = Vector2::new(
            if cell.x > 0.0 { tile.x / cell.x } else { 1.0 },
            if cell.y > 0.0 { tile.y / cell.y } else { 1.0 },
        );
        let view = Transform2D::from_cols(
            Vector2::new(scale.x, 0.0),
            Vector2::new(0.0, scale.y),
            Vector2::ZERO,
        );
        let mut output = self.output_node();
        for p in placements.iter_shared() {
            let scene = p
                .get("scene")
                .and_then(|s| s.try_to::<Gd<PackedScene>>().ok());
            let Some(node) = scene.and_then(|s| s.instantiate()) else {
                continue;
            };
            let xf = p
                .get("transform_2d")
                .and_then(|x| x.try_to::<Transform2D>().ok())
                .unwrap_or(Transform2D::IDENTITY);
            if let Ok(mut n) = node.clone().try_cast::<Node2D>() {
                n.set_transform(view * xf);
            }
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
        ("build_body_2d", self.cell_size().to_variant())
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
            self.cell_size()
        };
        let tile_set = self.layer_tile_set();
        let placed = decorator
            .clone()
            .bind_mut()
            .place_2d(props.clone(), cell, tile_set);
        if let Some(root) = placed {
            self.output_node().add_child(&root);
        }
    }

    fn build_navigation(&mut self, grid: &Gd<DungeonGrid>) {
        let cell = if self.places_rooms(grid) {
            self.room_size
        } else {
            self.cell_size()
        };
        let mut nav = DungeonNavigation::new_gd();
        nav.set("agent_radius", &self.navigation_agent_radius.to_variant());
        let poly = nav.call("build_polygon", &[grid.to_variant(), cell.to_variant()]);
        let Ok(poly) = poly.try_to::<Gd<Resource>>() else {
            godot_warn!(
                "DungeonLevel2D: no navigation for the level: {}",
                nav.get("last_error")
            );
            return;
        };
        // Regions join their polygons by shared edges: no edge search.
        let Ok(mut region) = ClassDb::singleton()
            .instantiate("NavigationRegion2D")
            .try_to::<Gd<Node>>()
        else {
            return;
        };
        region.set_name("Navigation");
        region.set("use_edge_connections", &false.to_variant());
        region.set("navigation_polygon", &poly.to_variant());
        self.output_node().add_child(&region);
    }
}

impl DungeonLevel2D {
    /// The tile set the layer gets: [`Self::tile_set`], or the built-in
    /// one when neither it nor a mapping is set.
    fn layer_tile_set(&mut self) -> Option<Gd<TileSet>> {
        if self.tile_set.is_some() || self.tile_mapping.is_some() {
            return self.tile_set.clone();
        }
        if self.default_tiles.is_none() {
            self.default_tiles = default_tile_set();
        }
        self.default_tiles.clone()
    }

    /// One tile's size in pixels: the tile set's, or the built-in one's.
    fn cell_size(&self) -> Vector2 {
        let side = DEFAULT_TILE as f32;
        self.tile_set
            .as_ref()
            .map_or(Vector2::new(side, side), |ts| {
                ts.get_tile_size().to_vector2()
            })
    }

    /// The tile painter, made on first use like the placer; its
    /// `painted` signal finishes an async level.
    fn painter(&mut self) -> Gd<DungeonTilePainter> {
        if let Some(p) = &self.painter {
            return p.clone();
        }
        let mut p = DungeonTilePainter::new_alloc();
        // An object method survives a reload of the extension in the
        // editor (gdext disconnects Rust closures then).
        let this = self.to_gd().upcast::<Object>();
        p.connect(
            "painted",
            &Callable::from_object_method(&this, "_on_painted"),
        );
        self.add_helper(&p.clone().upcast(), "TilePainter");
        self.painter = Some(p.clone());
        p
    }
}
