//! The level nodes, `DungeonLevel2D` and `DungeonLevel3D`: a generator
//! turned into a level in the scene. Room scenes go through
//! [`DungeonRoomPlacer`], tiles through `DungeonTilePainter` (2D) or
//! `DungeonGridMapPainter` (3D), navigation through `DungeonNavigation`,
//! all under one internal child so `clear()` frees one node.
//!
//! One driver, [`LevelHost`], holds what both share (the generator copy,
//! the seed, the async request, errors, signals, the output node, the room
//! placer); each class only adds its exported settings and how it puts a
//! grid in its space. The nodes only wire the existing classes together
//! (through Godot calls, as a script would); none of their work is
//! repeated here.

mod builtin;
mod level_2d;
mod level_3d;

use dungeon_core::registry;
use godot::classes::node::InternalMode;
use godot::classes::{ClassDb, Node, RandomNumberGenerator, Resource};
use godot::obj::{Bounds, WithBaseField, bounds};
use godot::prelude::*;

use crate::decorator::DungeonDecorator;
use crate::dungeon_grid::DungeonGrid;
use crate::dungeon_progression::DungeonProgression;
use crate::painter::room_placer::DungeonRoomPlacer;
use crate::spawn_rules::DungeonSpawnRules;

/// Maps with more cells than this get their merged collision as outlines
/// (one concave shape per chunk) rather than rectangles: at 1024² a cave
/// needs 256 shapes instead of 96,209, and the physics step is faster
/// (BENCHMARKS.md). Either way a level's collision is one body per chunk.
pub(crate) const OUTLINE_ABOVE_CELLS: i64 = 256 * 256;

/// A `DungeonCollision` for `grid` as a level node builds it: outlines on
/// big maps, rectangles on the others, a body per chunk of 64² cells.
pub(crate) fn level_collision(grid: &Gd<DungeonGrid>) -> Gd<crate::collision::DungeonCollision> {
    let mut c = crate::collision::DungeonCollision::new_gd();
    let g = grid.bind();
    let cells = i64::from(g.core().width()) * i64::from(g.core().height());
    c.set("use_outline", &(cells > OUTLINE_ABOVE_CELLS).to_variant());
    c
}

/// The metadata marking a node the level frees over frames (its previous
/// collision): clearing the output leaves it.
const RETIRING: &str = "_dungeon_retiring";

/// A previous collision node with fewer chunk bodies than this is freed at
/// once with the rest of the level.
const RETIRE_ABOVE_BODIES: i32 = 64;

/// Starts building `grid`'s collision (`method`, the level's sync build
/// method, and `cell`, its cell size) on a worker, one body per chunk
/// added under `output` over frames, with `reuse` (the object freeing the
/// previous level's bodies) or a new `DungeonCollision`; `node`'s `_on_collision_built` or
/// `_on_collision_failed` gets the result with `request` bound (object
/// methods, not Rust closures: they survive a reload of the extension in
/// the editor).
pub(crate) fn collision_over_frames(
    node: &Gd<Node>,
    request: i64,
    grid: &Gd<DungeonGrid>,
    method: &str,
    cell: Variant,
    output: Gd<Node>,
    reuse: Option<Gd<crate::collision::DungeonCollision>>,
) -> Gd<crate::collision::DungeonCollision> {
    let mut c = reuse.unwrap_or_else(|| level_collision(grid));
    let mut bound = VarArray::new();
    bound.push(&request.to_variant());
    let on_built = Callable::from_object_method(node, "_on_collision_built").bindv(&bound);
    let on_failed = Callable::from_object_method(node, "_on_collision_failed").bindv(&bound);
    c.connect("built", &on_built);
    c.connect("build_failed", &on_failed);
    let method = format!("{}_async", method.replace("build_body", "build_bodies"));
    c.call(&method, &[grid.to_variant(), cell, output.to_variant()]);
    c
}

/// The Godot classes of every generator in the core's registry,
/// comma-separated: the Inspector hint of `generator`, so the picker offers
/// exactly the registry's generators.
fn generator_classes() -> String {
    registry::GENERATORS
        .iter()
        .map(|g| g.class())
        .collect::<Vec<_>>()
        .join(",")
}

/// The exported settings the driver reads (cheap clones of the node's).
pub(crate) struct Settings {
    pub generator: Option<Gd<Resource>>,
    pub level: i64,
    pub seed: i64,
    pub randomize_seed: bool,
    pub progression: Option<Gd<DungeonProgression>>,
    pub spawn_rules: Option<Gd<DungeonSpawnRules>>,
    pub decorator: Option<Gd<DungeonDecorator>>,
    pub navigation: bool,
    pub collision: bool,
    pub template_scenes: bool,
}

/// What a level node keeps between calls, the same in 2D and 3D.
#[derive(Default)]
pub(crate) struct LevelState {
    /// The level on display (the `grid` property).
    pub grid: Option<Gd<DungeonGrid>>,
    /// Its spawn points (the `spawn_points` property).
    pub spawn_points: VarDictionary,
    /// Its props under the decorator (the `props` property).
    pub props: VarDictionary,
    /// Its room graph, `generate_with_graph` without the grid (the
    /// `room_graph` property).
    pub room_graph: VarDictionary,
    /// The room graph of the level being put in the scene, kept until
    /// `finish` makes it the `room_graph`.
    pub next_graph: VarDictionary,
    /// Why the last generation failed (the `last_error` property).
    pub last_error: GString,
    /// The internal child holding what was made.
    pub output: Option<Gd<Node>>,
    /// The room nodes of the level on display, in room order.
    pub rooms: Array<Gd<Node>>,
    pub placer: Option<Gd<DungeonRoomPlacer>>,
    /// The generator copy of the latest `generate_async` request.
    pub pending: Option<Gd<Resource>>,
    /// The level of the latest `generate_async` request.
    pub pending_level: i64,
    /// Counts requests: a delivery with an older number is stale.
    pub request: u64,
    /// The grid being painted over frames (async tile maps).
    pub painting: Option<Gd<DungeonGrid>>,
    /// The collision being built over frames (async tile maps), and the
    /// grid it is for.
    pub colliding: Option<(Gd<crate::collision::DungeonCollision>, Gd<DungeonGrid>)>,
}

impl LevelState {
    /// The output node while it exists (it is gone once this node's
    /// children are freed, e.g. while the node itself is freed).
    pub fn live_output(&self) -> Option<Gd<Node>> {
        // Cloning a freed instance panics: test it first.
        self.output
            .as_ref()
            .filter(|o| o.is_instance_valid())
            .cloned()
    }
}

/// The shared driver of the level nodes: generation (now or on a worker
/// thread), seed, errors, signals, output and clear. A class provides its
/// settings and how a grid is put in its space (2D or 3D).
pub(crate) trait LevelHost: WithBaseField + Bounds<Declarer = bounds::DeclUser>
where
    <Self as GodotClass>::Base: Inherits<Node>,
{
    /// The class name, for messages.
    const CLASS: &'static str;
    /// The root class room scenes need in this space (`Node2D`, `Node3D`).
    const ROOM_ROOT: &'static str;

    fn state(&self) -> &LevelState;
    fn state_mut(&mut self) -> &mut LevelState;
    fn settings(&self) -> Settings;
    /// Writes a seed picked by `randomize_seed`.
    fn set_seed(&mut self, seed: i64);
    /// A new, empty output node of the class's space.
    fn new_output(&self) -> Gd<Node>;
    /// Puts `grid` in the (empty) output: room scenes, or tiles (over
    /// frames when `over_frames`, where the class can). Returns whether
    /// tiles are being painted over frames, or the placer's or the
    /// painter's error (which it has logged).
    fn place_or_paint(
        &mut self,
        grid: &Gd<DungeonGrid>,
        over_frames: bool,
    ) -> Result<bool, GString>;
    /// An instance of the scene of every placement (a
    /// `generate_with_graph` list) that has one, under the output.
    fn place_templates(&mut self, generator: &Gd<Resource>, placements: &Variant);
    /// A `"Navigation"` region under the output, from `grid`.
    fn build_navigation(&mut self, grid: &Gd<DungeonGrid>);
    /// A `"Props"` node under the output with `props` (what `decorator`
    /// gave for `grid`) placed by the decorator's `place_2d`/`place_3d`.
    fn place_props(
        &mut self,
        grid: &Gd<DungeonGrid>,
        decorator: &Gd<DungeonDecorator>,
        props: &VarDictionary,
    );
    /// Whether a room scene is set (room grids then get room scenes, not
    /// tiles).
    fn has_room_scene(&self) -> bool;
    /// The painter, once made (a `DungeonTilePainter` or a
    /// `DungeonGridMapPainter`).
    fn painter_node(&self) -> Option<Gd<Node>>;
    /// `DungeonCollision`'s build method for this space and its cell size.
    fn collision_build(&self) -> (&'static str, Variant);

    /// Whether `grid` is shown as room scenes (else it is painted as tiles).
    fn places_rooms(&self, grid: &Gd<DungeonGrid>) -> bool {
        self.has_room_scene() && grid.bind().core().kind() == dungeon_core::GridKind::RoomGrid
    }

    /// A `"Collision"` node under the output holding a body per chunk,
    /// from `grid` (levels painted as tiles only; room scenes keep their
    /// own collision).
    fn build_collision(&mut self, grid: &Gd<DungeonGrid>) {
        if self.places_rooms(grid) {
            return;
        }
        let (method, cell) = self.collision_build();
        let mut c = level_collision(grid);
        let method = method.replace("build_body", "build_bodies");
        let body = c.call(&method, &[grid.to_variant(), cell]);
        let Ok(mut body) = body.try_to::<Gd<Node>>() else {
            godot_warn!(
                "{}: no collision for the level: {}",
                Self::CLASS,
                c.get("last_error")
            );
            return;
        };
        body.set_name("Collision");
        self.output_node().add_child(&body);
    }
    /// The output child that the next level painted over frames reuses
    /// (the tile layer or GridMap: freeing a big one takes a long frame,
    /// repainting it does not), when `grid` is painted as tiles; `None`
    /// frees the whole output first.
    fn reused_child(&self, grid: &Gd<DungeonGrid>) -> Option<&'static str> {
        (!self.places_rooms(grid)).then_some("Tiles")
    }
    /// How far painting over frames is, 0 to 1.
    fn paint_progress(&self) -> f64 {
        self.painter_node().map_or(0.0, |p| {
            p.get("paint_progress").try_to::<f64>().unwrap_or(0.0)
        })
    }
    /// Stops painting over frames.
    fn stop_painting(&mut self) {
        if let Some(mut p) = self.painter_node() {
            p.call("stop", &[]);
        }
    }

    /// Runs `f` on this node as a [`Node`], with the base borrowed so that
    /// signal handlers and children may call this node back.
    fn with_node<R>(&mut self, f: impl FnOnce(&mut Gd<Node>) -> R) -> R {
        let guard = self.base_mut();
        let mut node = (*guard).clone().upcast::<Node>();
        f(&mut node)
    }

    /// `generate()`.
    fn drive_generate(&mut self) -> Option<Gd<DungeonGrid>> {
        self.cancel_pending();
        let mut generator = self.prepared_generator()?;
        let level = self.settings().level.to_variant();
        let templates = self.uses_template_scenes(&generator);
        let (made, graph) = if generator.has_method("generate_with_graph") {
            let mut d = generator
                .call("generate_with_graph", std::slice::from_ref(&level))
                .try_to::<VarDictionary>()
                .unwrap_or_default();
            (d.remove("grid").unwrap_or_default(), d)
        } else {
            (
                generator.call("generate_level", &[level]),
                VarDictionary::new(),
            )
        };
        let placements = graph.get("placements").filter(|_| templates);
        let Ok(grid) = made.try_to::<Gd<DungeonGrid>>() else {
            let msg = generator.get("last_error").to::<GString>();
            // The generator has logged it already.
            self.failed(msg, false);
            return None;
        };
        self.clear_output();
        if let Err(msg) = self.place_or_paint(&grid, false) {
            self.output_failed(msg);
            return None;
        }
        if let Some(p) = placements {
            self.place_templates(&generator, &p);
        }
        self.state_mut().next_graph = graph;
        self.finish(grid.clone());
        Some(grid)
    }

    /// `generate_async()`.
    fn drive_generate_async(&mut self) -> bool {
        self.cancel_pending();
        let Some(mut generator) = self.prepared_generator() else {
            return false;
        };
        let level = self.settings().level;
        let state = self.state_mut();
        state.request += 1;
        let request = state.request;
        // Object methods with the request bound, not Rust closures: they
        // survive a reload of the extension in the editor.
        let this = self.with_node(|n| n.clone());
        let mut bound = VarArray::new();
        bound.push(&i64::try_from(request).unwrap_or(i64::MAX).to_variant());
        let on_grid = Callable::from_object_method(&this, "_on_async_generated").bindv(&bound);
        let on_failure = Callable::from_object_method(&this, "_on_async_failed").bindv(&bound);
        generator.connect("generated", &on_grid);
        generator.connect("generation_failed", &on_failure);
        generator.call("generate_async", &[level.to_variant()]);
        let state = self.state_mut();
        state.pending = Some(generator);
        state.pending_level = level;
        true
    }

    /// `get_progress()`: the generator's progress for the first half,
    /// painting's for the second.
    fn drive_progress(&self) -> f64 {
        if self.pending_busy() {
            let p = self
                .state()
                .pending
                .as_ref()
                .map_or(0.0, |g| g.get("progress").try_to::<f64>().unwrap_or(0.0));
            return 0.5 * p.clamp(0.0, 1.0);
        }
        // With collision, the bodies are the last fifth of the second half.
        let paint_share = if self.settings().collision { 0.8 } else { 1.0 };
        if self.state().painting.is_some() {
            return 0.5 + 0.5 * paint_share * self.paint_progress().clamp(0.0, 1.0);
        }
        if let Some((c, _)) = &self.state().colliding {
            let p = c.get("progress").try_to::<f64>().unwrap_or(0.0);
            return 0.5 + 0.5 * (paint_share + (1.0 - paint_share) * p.clamp(0.0, 1.0));
        }
        1.0
    }

    /// `is_generating()`.
    fn drive_is_generating(&self) -> bool {
        self.state().painting.is_some() || self.state().colliding.is_some() || self.pending_busy()
    }

    /// `clear()`.
    fn drive_clear(&mut self) {
        self.cancel_pending();
        self.clear_output();
        let state = self.state_mut();
        state.grid = None;
        state.spawn_points = VarDictionary::new();
        state.props = VarDictionary::new();
        state.room_graph = VarDictionary::new();
    }

    /// A copy of the generator with this node's seed (a new one first with
    /// `randomize_seed`) and progression; `None` after reporting why there
    /// is none.
    fn prepared_generator(&mut self) -> Option<Gd<Resource>> {
        let settings = self.settings();
        let Some(generator) = settings.generator else {
            let msg = format!(
                "{}: no generator: pick one in the Inspector (generator)",
                Self::CLASS
            );
            self.failed(msg.as_str().into(), true);
            return None;
        };
        let class = generator.get_class().to_string();
        if !registry::GENERATORS.iter().any(|g| g.class() == class) {
            let msg = format!(
                "{}: generator is a {class}, not a dungeon generator; use one of {}",
                Self::CLASS,
                generator_classes().replace(',', ", ")
            );
            self.failed(msg.as_str().into(), true);
            return None;
        }
        let mut copy = generator.duplicate_resource();
        let mut seed = settings.seed;
        if settings.randomize_seed {
            let mut rng = RandomNumberGenerator::new_gd();
            rng.randomize();
            let (hi, lo) = (i64::from(rng.randi()), i64::from(rng.randi()));
            seed = (hi << 32) | lo;
            self.set_seed(seed);
        }
        copy.set("seed", &seed.to_variant());
        if let Some(p) = &settings.progression {
            copy.set("progression", &p.to_variant());
        }
        Some(copy)
    }

    /// Whether the latest async request's generator is still working.
    fn pending_busy(&self) -> bool {
        self.state()
            .pending
            .as_ref()
            .is_some_and(|g| g.clone().call("is_generating", &[]).booleanize())
    }

    /// Cancels the pending async request and stops painting; their
    /// signals, should any still come, are ignored.
    fn cancel_pending(&mut self) {
        let state = self.state_mut();
        state.request += 1;
        if let Some(mut g) = state.pending.take()
            && g.call("is_generating", &[]).booleanize()
        {
            g.call("cancel", &[]);
        }
        if self.state_mut().painting.take().is_some() {
            self.stop_painting();
        }
        if let Some((mut c, _)) = self.state_mut().colliding.take() {
            c.call("cancel", &[]);
        }
    }

    /// A grid from the async request `request`.
    fn on_async_grid(&mut self, request: u64, grid: Gd<DungeonGrid>) {
        if request != self.state().request {
            return;
        }
        let reused = self.reused_child(&grid);
        if reused.is_some() {
            self.retire_collision(&grid);
        }
        match reused {
            Some(keep) => self.clear_output_but(keep),
            None => self.clear_output(),
        }
        let painting = match self.place_or_paint(&grid, true) {
            Ok(painting) => painting,
            Err(msg) => {
                self.output_failed(msg);
                return;
            }
        };
        if let Some(mut generator) = self.state().pending.clone()
            && (self.uses_template_scenes(&generator) || self.decor_wants_tags(&generator))
        {
            let args = [self.state().pending_level.to_variant()];
            // The guard lets a `generation_failed` handler in.
            let d = self.with_node(|_| generator.call("generate_with_graph", &args));
            let mut d = d.try_to::<VarDictionary>().unwrap_or_default();
            if let Some(p) = d.get("placements")
                && self.uses_template_scenes(&generator)
            {
                self.place_templates(&generator, &p);
            }
            d.remove("grid");
            self.state_mut().next_graph = d;
        } else {
            self.state_mut().next_graph = VarDictionary::new();
        }
        if painting {
            self.state_mut().painting = Some(grid);
        } else {
            self.finish_over_frames(grid);
        }
    }

    /// A failure of the async request `request` (already logged by the
    /// generator).
    fn on_async_failure(&mut self, request: u64, msg: GString) {
        if request == self.state().request {
            self.failed(msg, false);
        }
    }

    /// The placer placed `room`: sent on as this node's `room_placed`.
    fn forward_room_placed(&mut self, room: Variant, info: Variant) {
        self.with_node(|n| n.emit_signal("room_placed", &[room, info]));
    }

    /// Painting over frames finished.
    fn on_painted(&mut self) {
        if let Some(grid) = self.state_mut().painting.take() {
            self.finish_over_frames(grid);
        }
    }

    /// An async level is painted: its collision is built on a worker and
    /// added over frames ([`collision_over_frames`]), then it finishes.
    fn finish_over_frames(&mut self, grid: Gd<DungeonGrid>) {
        // The DungeonCollision freeing the previous level's bodies.
        let prior = self.state_mut().colliding.take().map(|(c, _)| c);
        if !self.settings().collision || self.places_rooms(&grid) {
            self.finish(grid);
            return;
        }
        if self.settings().navigation {
            self.build_navigation(&grid);
        }
        let (method, cell) = self.collision_build();
        let request = i64::try_from(self.state().request).unwrap_or(i64::MAX);
        let this = self.with_node(|n| n.clone());
        let output = self.output_node();
        let c = collision_over_frames(&this, request, &grid, method, cell, output, prior);
        self.state_mut().colliding = Some((c, grid));
    }

    /// Renames the previous level's big `"Collision"` node out of the way
    /// and has a `DungeonCollision` (kept for this level's build) free its
    /// bodies over the next frames: freeing a thousand chunk bodies at
    /// once takes a 30 ms frame.
    fn retire_collision(&mut self, grid: &Gd<DungeonGrid>) {
        let Some(o) = self
            .state()
            .output
            .clone()
            .filter(|o| o.is_instance_valid())
        else {
            return;
        };
        let Some(mut old) = o.get_node_or_null("Collision") else {
            return;
        };
        if old.get_child_count() < RETIRE_ABOVE_BODIES {
            return;
        }
        old.set_name("RetiringCollision");
        old.set_meta(RETIRING, &true.to_variant());
        let mut c = level_collision(grid);
        c.bind_mut().retire(old);
        self.state_mut().colliding = Some((c, grid.clone()));
    }

    /// The collision of the async request `request` is in the scene (or
    /// failed with `error`): the level finishes.
    fn on_collision_done(&mut self, request: i64, error: Option<GString>) {
        if u64::try_from(request).ok() != Some(self.state().request) {
            return;
        }
        let Some((_, grid)) = self.state_mut().colliding.take() else {
            return;
        };
        if let Some(msg) = error {
            godot_warn!("{}: no collision for the level: {msg}", Self::CLASS);
        }
        self.finish_level(grid);
    }

    /// Whether `generator` lays out templates whose scenes are instanced.
    fn uses_template_scenes(&self, generator: &Gd<Resource>) -> bool {
        self.settings().template_scenes
            && generator.has_method("generate_with_graph")
            && !generator.get("templates").is_nil()
    }

    /// Whether the decorator has a rule that filters by tags and the
    /// generator can tell each room's template (`generate_with_graph`).
    fn decor_wants_tags(&self, generator: &Gd<Resource>) -> bool {
        generator.has_method("generate_with_graph")
            && self
                .settings()
                .decorator
                .as_ref()
                .is_some_and(|d| d.bind().filters_by_tags())
    }

    /// The level `grid` is in the scene: navigation, collision, spawn
    /// points, `grid`, then `generated`.
    fn finish(&mut self, grid: Gd<DungeonGrid>) {
        let settings = self.settings();
        if settings.navigation {
            self.build_navigation(&grid);
        }
        if settings.collision {
            self.build_collision(&grid);
        }
        self.finish_level(grid);
    }

    /// The level `grid` is in the scene with its navigation and
    /// collision: spawn points, props, `grid`, then `generated`.
    fn finish_level(&mut self, grid: Gd<DungeonGrid>) {
        let settings = self.settings();
        let spawn_points = match &settings.spawn_rules {
            Some(rules) => grid
                .clone()
                .call("get_spawn_points", &[rules.to_variant()])
                .try_to::<VarDictionary>()
                .unwrap_or_default(),
            None => VarDictionary::new(),
        };
        let props = match &settings.decorator {
            Some(d) => {
                let keep_free = spawn_points
                    .get("cells")
                    .and_then(|c| c.try_to::<PackedInt32Array>().ok())
                    .unwrap_or_default();
                // Only rules with tags read them.
                let room_tags = if d.bind().filters_by_tags() {
                    DungeonDecorator::get_room_tags(self.state().next_graph.clone())
                } else {
                    PackedStringArray::new()
                };
                d.clone()
                    .bind_mut()
                    .decorate(Some(grid.clone()), keep_free, room_tags)
            }
            None => VarDictionary::new(),
        };
        if let Some(d) = &settings.decorator
            && !props.is_empty()
        {
            self.place_props(&grid, d, &props);
        }
        // A decorator that failed (a bad rule, a bad tile) has logged why;
        // the level still stands, and `last_error` says what is missing.
        let dress_error = settings
            .decorator
            .as_ref()
            .map(|d| d.bind().last_error_text())
            .filter(|e| !e.is_empty())
            .map_or_else(GString::new, |e| {
                GString::from(&format!("{e} (the level stands, without its props)"))
            });
        let state = self.state_mut();
        state.spawn_points = spawn_points;
        state.props = props;
        state.room_graph = std::mem::take(&mut state.next_graph);
        state.grid = Some(grid.clone());
        state.last_error = dress_error;
        self.with_node(|n| n.emit_signal("generated", &[grid.to_variant()]));
    }

    /// Reports a failure: `last_error`, the log (unless the generator has
    /// logged it already), `generation_failed`.
    fn failed(&mut self, msg: GString, log: bool) {
        if log {
            godot_error!("{msg}");
        }
        self.state_mut().last_error = msg.clone();
        self.with_node(|n| n.emit_signal("generation_failed", &[msg.to_variant()]));
    }

    /// The placer or the painter failed (and logged why): nothing is shown.
    fn output_failed(&mut self, msg: GString) {
        self.clear_output();
        let state = self.state_mut();
        state.grid = None;
        state.spawn_points = VarDictionary::new();
        state.props = VarDictionary::new();
        state.room_graph = VarDictionary::new();
        self.failed(msg, false);
    }

    /// The output node, made (as an internal child) when missing.
    fn output_node(&mut self) -> Gd<Node> {
        if let Some(o) = &self.state().output
            && o.is_instance_valid()
        {
            return o.clone();
        }
        let mut o = self.new_output();
        o.set_name("Generated");
        self.with_node(|n| n.add_child_ex(&o).internal(InternalMode::BACK).done());
        self.state_mut().output = Some(o.clone());
        o
    }

    /// Frees everything in the output node but its child `keep`.
    fn clear_output_but(&mut self, keep: &str) {
        let state = self.state_mut();
        state.rooms = Array::new();
        let Some(mut o) = state.live_output() else {
            return;
        };
        for mut child in o.get_children().iter_shared() {
            if child.get_name() != keep && !child.has_meta(RETIRING) {
                o.remove_child(&child);
                child.queue_free();
            }
        }
    }

    /// Frees the output node and everything in it.
    fn clear_output(&mut self) {
        let state = self.state_mut();
        state.rooms = Array::new();
        if let Some(mut o) = state.output.take()
            && o.is_instance_valid()
        {
            // Through the base: removing a child notifies this node.
            self.with_node(|n| n.remove_child(&o));
            o.queue_free();
        }
    }

    /// Places `grid`'s rooms with the placer, `room_size` per cell (a
    /// room scene per room, see [`DungeonRoomPlacer`]) and keeps them.
    fn place_rooms(
        &mut self,
        grid: &Gd<DungeonGrid>,
        scene: &Gd<PackedScene>,
        room_size: Vector3,
        role_scenes: &VarDictionary,
    ) -> Result<bool, GString> {
        let roles = role_scenes
            .values_shared()
            .filter_map(|v| v.try_to::<Gd<PackedScene>>().ok());
        for s in std::iter::once(scene.clone()).chain(roles) {
            let root = s
                .get_state()
                .filter(|st| st.get_node_count() > 0)
                .map(|st| st.get_node_type(0))
                .unwrap_or_default();
            // A root of the other space is refused here (a plain Node is the
            // placer's to refuse); `root` is empty for a root that is itself
            // a scene instance.
            let other = if Self::ROOM_ROOT == "Node3D" {
                "CanvasItem"
            } else {
                "Node3D"
            };
            if !root.is_empty() && ClassDb::singleton().is_parent_class(&root, other) {
                let msg = format!(
                    "{}: the room scene {} has a {root} root; rooms in this level need a {} root",
                    Self::CLASS,
                    s.get_path(),
                    Self::ROOM_ROOT
                );
                godot_error!("{msg}");
                return Err(msg.as_str().into());
            }
        }
        let output = self.output_node();
        let mut placer = self.placer();
        placer.set("room_scene", &scene.to_variant());
        placer.set("room_size", &room_size.to_variant());
        placer.set("role_scenes", &role_scenes.to_variant());
        let args = [grid.to_variant(), output.to_variant()];
        // The guard lets `room_placed` handlers call this node.
        let placed = self.with_node(|_| placer.call("place", &args));
        self.state_mut().rooms = placed.try_to::<Array<Gd<Node>>>().unwrap_or_default();
        let error = placer.get("last_error").to::<GString>();
        if error.is_empty() {
            Ok(false)
        } else {
            Err(error)
        }
    }

    /// The room placer, made on first use (an internal child, freed with
    /// this node); its `room_placed` is sent on as this node's.
    fn placer(&mut self) -> Gd<DungeonRoomPlacer> {
        if let Some(p) = &self.state().placer {
            return p.clone();
        }
        let mut p = DungeonRoomPlacer::new_alloc();
        // An object method, not a Rust closure: it survives a reload of the
        // extension in the editor (gdext disconnects closures then).
        let this = self.with_node(|n| n.clone());
        p.connect(
            "room_placed",
            &Callable::from_object_method(&this, "_on_room_placed"),
        );
        self.add_helper(&p.clone().upcast(), "RoomPlacer");
        self.state_mut().placer = Some(p.clone());
        p
    }

    /// Adds `node` (the placer or a painter) as an internal child.
    fn add_helper(&mut self, node: &Gd<Node>, name: &str) {
        let mut node = node.clone();
        node.set_name(name);
        self.with_node(|n| n.add_child_ex(&node).internal(InternalMode::FRONT).done());
    }

    /// Keeps `node` (a template scene instance) as a room of the level.
    fn keep_room(&mut self, node: &Gd<Node>) {
        self.state_mut().rooms.push(node);
    }
}
