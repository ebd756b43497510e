//! `RoomTemplate`: a hand-made room for [`TemplateGenerator`], edited in the
//! Inspector or read from a room scene (`room_template_scene.rs`).
//!
//! [`TemplateGenerator`]: crate::template_generator::TemplateGenerator

use dungeon_core::Rect;
use dungeon_core::template::{DoorSlot, RoomTemplate as CoreTemplate, Side};
use godot::classes::PackedScene;
use godot::prelude::*;

use crate::convert::rect2i;
use crate::generator::Ints;

/// A room a designer drew, for [TemplateGenerator] to grow levels from: its
/// size in cells (walls included), its door slots, its floor, tags, a
/// weight and whether it may be turned or mirrored.
///
/// The outer ring of cells is wall, except where a door is. Two rooms join
/// when a door of one touches a door as wide of the other on the facing
/// side. Build one by hand in the Inspector, or read it from a room scene
/// with [method from_scene]: the size from a bounds node, the doors from
/// marker nodes in the [code]door[/code] group.
///
/// ```gdscript
/// var hall := RoomTemplate.new()
/// hall.size = Vector2i(9, 7)
/// # A door on the east side, 3 cells down, 1 cell wide; one on the west.
/// hall.doors = [Vector3i(RoomTemplate.SIDE_EAST, 3, 1), Vector3i(RoomTemplate.SIDE_WEST, 3, 1)]
/// hall.tags = PackedStringArray(["hall"])
/// var from_scene := RoomTemplate.from_scene(load("res://templates/boss.tscn"), Vector2(16, 16))
/// ```
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct RoomTemplate {
    /// The room scene to instance for each placement (optional: a
    /// template made by hand in the Inspector may have none).
    #[export]
    scene: Option<Gd<PackedScene>>,
    /// Size in cells, walls included (3 to 64 a side).
    #[export]
    size: Vector2i,
    /// Door slots, one [Vector3i] each: [code]x[/code] the side
    /// ([constant SIDE_NORTH], [constant SIDE_EAST], [constant SIDE_SOUTH],
    /// [constant SIDE_WEST]), [code]y[/code] the offset in cells from the
    /// side's left (north, south) or top (east, west) end (at least 1: the
    /// corners are wall), [code]z[/code] the width in cells.
    #[export]
    doors: Array<Vector3i>,
    /// Floor rectangles inside the walls, in cells; empty means the whole
    /// inside. Use several for rooms that are not one rectangle (an L).
    #[export]
    floors: Array<Rect2i>,
    /// Tags the generator's rules refer to ([code]start[/code],
    /// [code]boss[/code], [code]corridor[/code]...).
    #[export]
    tags: PackedStringArray,
    /// How often this template is picked relative to the others (0 to
    /// 1000; 0 never).
    #[export(range = (0.0, 10.0, 0.05, or_greater))]
    weight: f64,
    /// Whether the generator may turn it by quarter turns.
    #[export]
    rotations: bool,
    /// Whether the generator may mirror it left to right.
    #[export]
    mirroring: bool,
    /// Where the room's top-left corner is in its scene (the bounds node's
    /// position; 3D scenes use x and z), so placements can move the scene
    /// into place. [method from_scene] sets it.
    #[export]
    origin: Vector3,
    /// The door markers [method load_scene] read, one per entry of
    /// [member doors], as paths from the scene's root (to open or close
    /// them in an instanced room).
    #[export]
    door_nodes: Array<NodePath>,
    /// Why the last [method load_scene] failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for RoomTemplate {
    fn init(base: Base<Resource>) -> Self {
        Self {
            scene: None,
            size: Vector2i::new(5, 5),
            doors: Array::new(),
            floors: Array::new(),
            tags: PackedStringArray::new(),
            weight: 1.0,
            rotations: false,
            mirroring: false,
            origin: Vector3::ZERO,
            door_nodes: Array::new(),
            last_error: GString::new(),
            base,
        }
    }

    /// Every set of a setting (Inspector, assignment, a file being loaded)
    /// lands here: stored as the generated setter would, and `changed` is
    /// emitted if it changed, so a [TemplateGenerator] preview follows.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        use crate::generator::set_field;
        let class = "RoomTemplate";
        let changed = match property.to_string().as_str() {
            "scene" => set_field(class, "scene", &mut self.scene, &value),
            "size" => set_field(class, "size", &mut self.size, &value),
            "doors" => set_field(class, "doors", &mut self.doors, &value),
            "floors" => set_field(class, "floors", &mut self.floors, &value),
            "tags" => set_field(class, "tags", &mut self.tags, &value),
            "weight" => set_field(class, "weight", &mut self.weight, &value),
            "rotations" => set_field(class, "rotations", &mut self.rotations, &value),
            "mirroring" => set_field(class, "mirroring", &mut self.mirroring, &value),
            "origin" => set_field(class, "origin", &mut self.origin, &value),
            "door_nodes" => set_field(class, "door_nodes", &mut self.door_nodes, &value),
            _ => return false,
        };
        if changed {
            self.base_mut().emit_changed();
        }
        true
    }
}

#[godot_api]
impl RoomTemplate {
    /// [member doors] side: the top wall.
    #[constant]
    pub const SIDE_NORTH: i64 = 0;
    /// [member doors] side: the right wall.
    #[constant]
    pub const SIDE_EAST: i64 = 1;
    /// [member doors] side: the bottom wall.
    #[constant]
    pub const SIDE_SOUTH: i64 = 2;
    /// [member doors] side: the left wall.
    #[constant]
    pub const SIDE_WEST: i64 = 3;

    /// A template read from [param scene] (2D or 3D) with cells of
    /// [param cell_size] (pixels in 2D; metres along x and z in 3D), as
    /// [method load_scene] reads it. Returns [code]null[/code] and logs the
    /// reason when the scene cannot be read.
    #[func]
    fn from_scene(scene: Option<Gd<PackedScene>>, cell_size: Vector2) -> Option<Gd<Self>> {
        let mut t = Self::new_gd();
        let ok = t.bind_mut().load_scene(scene, cell_size);
        ok.then_some(t)
    }

    /// Reads size, doors, floors and settings from [param scene] with
    /// cells of [param cell_size], and keeps the scene in [member scene].
    /// Returns [code]false[/code] (settings unchanged, reason logged and in
    /// [member last_error]) when it cannot.
    ///
    /// The scene's root (or any node) in group [code]bounds[/code], or a
    /// node named [code]Bounds[/code], marks the room: a [Control]
    /// (position and size), or a [Node2D]/[Node3D] at the top-left corner
    /// with a [code]size[/code] metadata ([Vector2], or [Vector3] whose x
    /// and z count in 3D). The size must be whole cells.
    ///
    /// Every node in group [code]door[/code] is a door marker, placed at
    /// the middle of the opening on the room's edge (on the wall's outer
    /// line or its middle). Its side comes from a [code]side[/code]
    /// metadata ([code]"north"[/code], [code]"east"[/code]...) or from the
    /// nearest edge; its width from a [code]width[/code] metadata (cells,
    /// default 1).
    ///
    /// Nodes in group [code]floor[/code] (as the bounds, in cells inside
    /// the walls) give [member floors]. The root's metadata
    /// [code]tags[/code] ([PackedStringArray] or a comma-separated
    /// [String]), [code]weight[/code], [code]rotations[/code] and
    /// [code]mirroring[/code] fill those settings.
    #[func]
    pub fn load_scene(&mut self, scene: Option<Gd<PackedScene>>, cell_size: Vector2) -> bool {
        let read = scene
            .as_ref()
            .ok_or_else(|| "no scene given".to_string())
            .and_then(|s| crate::room_template_scene::read(s, cell_size));
        match read {
            Ok(r) => {
                self.scene = scene;
                self.size = Vector2i::new(r.core.width, r.core.height);
                self.doors = Array::from(
                    r.core
                        .doors
                        .iter()
                        .map(|d| Vector3i::new(d.side.index() as i32, d.offset, d.width))
                        .collect::<Vec<_>>()
                        .as_slice(),
                );
                self.floors = Array::from(
                    r.core
                        .floors
                        .iter()
                        .map(rect2i)
                        .collect::<Vec<_>>()
                        .as_slice(),
                );
                self.tags = r.core.tags.iter().map(GString::from).collect();
                self.weight = r.core.weight;
                self.rotations = r.core.rotations;
                self.mirroring = r.core.mirroring;
                self.origin = r.origin;
                self.door_nodes = Array::from(r.door_nodes.as_slice());
                self.base_mut().set_name(&GString::from(&r.core.name));
                self.last_error = GString::new();
                self.base_mut().emit_changed();
                true
            }
            Err(msg) => {
                let path = scene.map(|s| s.get_path().to_string()).unwrap_or_default();
                let msg = format!("RoomTemplate: cannot read scene {path:?}: {msg}");
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                false
            }
        }
    }

    /// Checks the template alone (size, doors on walls and not on corners,
    /// each door opening onto floor, floors inside the walls and in one
    /// piece, weight). Returns the problem, or an empty string.
    #[func]
    fn check(&self) -> GString {
        let mut ints = Ints::default();
        match self.core(0, &mut ints).validate() {
            Ok(()) => GString::new(),
            Err(e) => GString::from(&e.to_string()),
        }
    }
}

impl RoomTemplate {
    /// The core template; `index` names it in messages when it has no name.
    pub fn core(&self, index: usize, ints: &mut Ints) -> CoreTemplate {
        let name = self.base().get_name().to_string();
        let name = if name.is_empty() {
            self.scene
                .as_ref()
                .map(|s| s.get_path().get_file().get_basename().to_string())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| format!("template {index}"))
        } else {
            name
        };
        let doors = self
            .doors
            .iter_shared()
            .map(|d| {
                // An unknown side becomes north with offset -1, which the
                // core refuses naming the door.
                let side = usize::try_from(d.x)
                    .ok()
                    .and_then(|i| Side::ALL.get(i).copied());
                DoorSlot::new(
                    side.unwrap_or(Side::North),
                    if side.is_some() { d.y } else { -1 },
                    d.z,
                )
            })
            .collect();
        let mut t = CoreTemplate::new(
            &name,
            ints.get("templates.size", i64::from(self.size.x)),
            ints.get("templates.size", i64::from(self.size.y)),
            doors,
        );
        t.floors = self
            .floors
            .iter_shared()
            .map(|r| Rect::new(r.position.x, r.position.y, r.size.x, r.size.y))
            .collect();
        t.tags = self
            .tags
            .as_slice()
            .iter()
            .map(ToString::to_string)
            .collect();
        t.weight = self.weight;
        t.rotations = self.rotations;
        t.mirroring = self.mirroring;
        t
    }

    /// A new resource holding `core`, with no scene.
    pub fn from_core(core: &CoreTemplate) -> Gd<Self> {
        let mut t = Self::new_gd();
        {
            let mut b = t.bind_mut();
            b.size = Vector2i::new(core.width, core.height);
            b.doors = Array::from(
                core.doors
                    .iter()
                    .map(|d| Vector3i::new(d.side.index() as i32, d.offset, d.width))
                    .collect::<Vec<_>>()
                    .as_slice(),
            );
            b.floors = Array::from(
                core.floors
                    .iter()
                    .map(rect2i)
                    .collect::<Vec<_>>()
                    .as_slice(),
            );
            b.tags = core.tags.iter().map(GString::from).collect();
            b.weight = core.weight;
            b.rotations = core.rotations;
            b.mirroring = core.mirroring;
        }
        t.set_name(&GString::from(&core.name));
        t
    }

    /// The scene's top-left corner offset (see [`Self::origin`]).
    pub fn origin(&self) -> Vector3 {
        self.origin
    }

    /// The marker path of door `i`, or an empty path.
    pub fn door_node(&self, i: usize) -> NodePath {
        self.door_nodes.get(i).unwrap_or_default()
    }
}
