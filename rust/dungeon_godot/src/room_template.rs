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
/// A door may also be a [i]door line[/i]: a door [code]width[/code] cells
/// wide that may sit anywhere within [code]length[/code] cells of the wall
/// ([method add_door_line], [member door_lengths], or a
/// [code]length[/code] metadata on a scene's door marker).
/// [GraphLayoutGenerator] picks where along the line each door goes, and a
/// line long enough holds several doors; [TemplateGenerator] and corridor
/// pieces take fixed doors only.
///
/// A room that is not a rectangle (an L) may be [i]trimmed to its
/// floors[/i] ([member trim_to_floors]): it then takes only its floors and
/// the wall round them, other rooms may sit in the rest of its box, and a
/// door may sit on an inner wall ([member door_insets]). For
/// [GraphLayoutGenerator] level graphs only.
///
/// ```gdscript
/// var hall := RoomTemplate.new()
/// hall.size = Vector2i(9, 7)
/// # A door on the east side, 3 cells down, 1 cell wide; one on the west.
/// hall.doors = [Vector3i(RoomTemplate.SIDE_EAST, 3, 1), Vector3i(RoomTemplate.SIDE_WEST, 3, 1)]
/// hall.tags = PackedStringArray(["hall"])
/// # A door 1 cell wide anywhere on the 5 cells of the north wall from x = 2.
/// hall.add_door_line(RoomTemplate.SIDE_NORTH, 2, 1, 5)
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
    /// corners are wall), [code]z[/code] the width in cells. A door whose
    /// [member door_lengths] entry is longer than its width is a door line.
    #[export]
    doors: Array<Vector3i>,
    /// Door lines: entry [code]i[/code] is how many cells of wall door
    /// [code]i[/code] of [member doors] may sit in, from its offset (a door
    /// line, longer than the door is wide). [code]0[/code], or no entry,
    /// makes the door a fixed slot (as long as it is wide). Set it with
    /// [method add_door_line]; read it with [method get_door_length].
    #[export]
    door_lengths: PackedInt32Array,
    /// Doors on inner walls: entry [code]i[/code] is how many cells door
    /// [code]i[/code] of [member doors] sits in from its side of the box
    /// (the north door of an L's notch, say). [code]0[/code], or no entry,
    /// puts the door on the box's edge. Only a room with
    /// [member trim_to_floors] may have inset doors, each on a straight
    /// wall round its floors. Set it with the [code]inset[/code] argument
    /// of [method add_door] or [method add_door_line]; read it with
    /// [method get_door_inset].
    #[export]
    door_insets: PackedInt32Array,
    /// Floor rectangles inside the walls, in cells; empty means the whole
    /// inside. Use several for rooms that are not one rectangle (an L).
    #[export]
    floors: Array<Rect2i>,
    /// Trim the room to its floors: it takes only its [member floors] and
    /// the one-cell wall round them (diagonals too), not its whole box, so
    /// other rooms may sit in the parts of the box it leaves (the notch of
    /// an L), and its doors may sit on those inner walls
    /// ([member door_insets]). Every door must then lie on a straight wall
    /// round the floors, not on a corner. For [GraphLayoutGenerator] level
    /// graphs: [TemplateGenerator] and corridor pieces refuse trimmed
    /// templates. [method get_outline] gives the cells the room takes.
    #[export]
    trim_to_floors: bool,
    /// Tags the generator's rules refer to ([code]start[/code],
    /// [code]boss[/code], [code]corridor[/code]...).
    #[export]
    tags: PackedStringArray,
    /// How often this template is picked relative to the others (0 to
    /// 1000; 0 never). [GraphLayoutGenerator] follows it on its first
    /// attempt; later attempts try the smallest templates first for dead
    /// ends and the biggest for rooms of three connections or more.
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
    /// Why the last [method load_scene], [method add_door] or
    /// [method add_door_line] failed; empty after a success.
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
            door_lengths: PackedInt32Array::new(),
            door_insets: PackedInt32Array::new(),
            floors: Array::new(),
            trim_to_floors: false,
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
            "door_lengths" => set_field(class, "door_lengths", &mut self.door_lengths, &value),
            "door_insets" => set_field(class, "door_insets", &mut self.door_insets, &value),
            "floors" => set_field(class, "floors", &mut self.floors, &value),
            "trim_to_floors" => {
                set_field(class, "trim_to_floors", &mut self.trim_to_floors, &value)
            }
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
    /// default 1). A [code]length[/code] metadata (cells, more than the
    /// width) makes it a door line: the marker sits at the middle of the
    /// line, and the door may go anywhere along those cells (see
    /// [method add_door_line]). An [code]offset[/code] metadata (cells)
    /// overrides the offset read from the position.
    ///
    /// A root metadata [code]trim_to_floors[/code] ([code]true[/code]) sets
    /// [member trim_to_floors]. A door marker of such a room may sit on an
    /// inner wall (the notch of an L), on the wall's outer line or its
    /// middle: its side is the one wall round the floors the marker is on
    /// (a [code]side[/code] metadata settles it when the position cannot),
    /// and its inset ([member door_insets]) is how many cells that wall
    /// is in from the side's edge of the bounds; an [code]inset[/code]
    /// metadata (cells) overrides it.
    ///
    /// Nodes in group [code]floor[/code] (as the bounds, in cells inside
    /// the walls) give [member floors]. The root's metadata
    /// [code]tags[/code] ([PackedStringArray] or a comma-separated
    /// [String]), [code]weight[/code], [code]rotations[/code],
    /// [code]mirroring[/code] and [code]trim_to_floors[/code] fill those
    /// settings.
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
                self.doors = doors_of(&r.core.doors);
                self.door_lengths = lengths_of(&r.core.doors);
                self.door_insets = insets_of(&r.core.doors);
                self.trim_to_floors = r.core.trim_to_floors;
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
    /// piece, weight; for a room with [member trim_to_floors], each door
    /// on a straight wall round its floors, and inset doors only there).
    /// Returns the problem, or an empty string.
    #[func]
    fn check(&self) -> GString {
        let mut ints = Ints::default();
        match self.core(0, &mut ints).validate() {
            Ok(()) => GString::new(),
            Err(e) => GString::from(&e.to_string()),
        }
    }

    /// Adds a fixed door: [param width] cells of the wall on [param side]
    /// ([constant SIDE_NORTH]...), starting [param offset] cells from the
    /// side's left (north, south) or top (east, west) end. The same as
    /// appending [code]Vector3i(side, offset, width)[/code] to
    /// [member doors], checked against [member size] (set it first).
    /// A non-zero [param inset] puts the door that many cells in from the
    /// side, on an inner wall of a room with [member trim_to_floors] (see
    /// [member door_insets]; [method check] tells whether it is on a
    /// straight wall round the floors).
    /// Returns the new door's index, or [code]-1[/code] (nothing added,
    /// the reason logged and in [member last_error]) when the door is not
    /// on a wall or sits on a corner of the box, or the inset is outside
    /// the box.
    #[func]
    fn add_door(
        &mut self,
        side: i64,
        offset: i64,
        #[opt(default = 1)] width: i64,
        #[opt(default = 0)] inset: i64,
    ) -> i64 {
        self.add_checked("add_door", [side, offset, width, width, inset])
    }

    /// Adds a door line: a door [param width] cells wide that may sit
    /// anywhere within the [param length] cells of the wall on
    /// [param side] from [param offset] (cells from the side's left or top
    /// end; at least 1, since the corners are wall). [GraphLayoutGenerator]
    /// picks where along the line each door goes, and a line holds several
    /// doors that do not touch ([method get_door_capacity]); an unused
    /// line stays wall. [TemplateGenerator] and corridor pieces refuse
    /// templates with door lines. [param inset] puts the line on an inner
    /// wall, as for [method add_door]. Checked against [member size] (set it
    /// first). Returns the new door's index, or [code]-1[/code] (nothing
    /// added, the reason logged and in [member last_error]) when
    /// [param length] is less than [param width] or the line is off the
    /// wall.
    /// [codeblock]
    /// var room := RoomTemplate.new()
    /// room.size = Vector2i(9, 7)
    /// room.add_door_line(RoomTemplate.SIDE_NORTH, 1, 1, 7)  # anywhere along the north wall
    /// room.add_door(RoomTemplate.SIDE_SOUTH, 4)             # a fixed door, 1 cell wide
    /// [/codeblock]
    #[func]
    fn add_door_line(
        &mut self,
        side: i64,
        offset: i64,
        width: i64,
        length: i64,
        #[opt(default = 0)] inset: i64,
    ) -> i64 {
        self.add_checked("add_door_line", [side, offset, width, length, inset])
    }

    /// How many doors (fixed doors and door lines) the template has.
    #[func]
    fn get_door_count(&self) -> i64 {
        self.doors.len() as i64
    }

    /// Door [param index] as [code]Vector4i(side, offset, width, length)[/code]:
    /// [member doors]' entry with its length (the width for a fixed door);
    /// its inset is [method get_door_inset].
    /// [code]Vector4i(-1, -1, -1, -1)[/code] (and an error logged) for an
    /// index out of range.
    #[func]
    fn get_door(&self, index: i64) -> Vector4i {
        match self.door_at("get_door", index) {
            Some((d, length)) => Vector4i::new(d.x, d.y, d.z, length),
            None => Vector4i::new(-1, -1, -1, -1),
        }
    }

    /// How many cells of wall door [param index] may sit in: its width for
    /// a fixed door, the line's length for a door line. [code]-1[/code]
    /// (and an error logged) for an index out of range.
    #[func]
    fn get_door_length(&self, index: i64) -> i64 {
        self.door_at("get_door_length", index)
            .map_or(-1, |(_, length)| i64::from(length))
    }

    /// How many cells door [param index] sits in from its side of the box
    /// ([member door_insets]): 0 on the box's edge, more on an inner wall
    /// of a room with [member trim_to_floors]. [code]-1[/code] (and an
    /// error logged) for an index out of range.
    #[func]
    fn get_door_inset(&self, index: i64) -> i64 {
        self.door_at("get_door_inset", index)
            .map_or(-1, |_| i64::from(self.inset_of(index as usize)))
    }

    /// The cells the room takes, walls included, as rectangles that do
    /// not overlap, in cells from its top-left corner: with
    /// [member trim_to_floors] its floors and every cell next to one
    /// (diagonals too), else the whole box. Handy to draw a preview of
    /// where other rooms may go.
    /// [codeblock]
    /// var l := RoomTemplate.new()
    /// l.size = Vector2i(9, 9)
    /// l.floors = [Rect2i(1, 1, 3, 4), Rect2i(1, 5, 7, 3)]
    /// l.trim_to_floors = true
    /// # Two rectangles: x 0 to 4 of rows 0 to 3, then rows 4 to 8 whole;
    /// # the 4 × 4 notch at the top right is left free.
    /// print(l.get_outline())
    /// [/codeblock]
    #[func]
    fn get_outline(&self) -> Array<Rect2i> {
        let core = self.core(0, &mut Ints::default());
        match core.outline() {
            Some(rects) => rects.iter().map(rect2i).collect(),
            None => Array::from(&[Rect2i::new(Vector2i::ZERO, self.size)]),
        }
    }

    /// Whether door [param index] is a door line (longer than it is wide).
    #[func]
    fn is_door_line(&self, index: i64) -> bool {
        self.door_at("is_door_line", index)
            .is_some_and(|(d, length)| length > d.z)
    }

    /// Whether any door is a door line.
    #[func]
    fn has_door_lines(&self) -> bool {
        (0..self.doors.len()).any(|i| {
            self.doors
                .get(i)
                .is_some_and(|d| self.length_of(i, d.z) > d.z)
        })
    }

    /// The most connections the doors can take at once: one per fixed
    /// door, and per door line as many doors as fit on it without touching
    /// ([code](length + 1) / (width + 1)[/code]).
    #[func]
    fn get_door_capacity(&self) -> i64 {
        let mut ints = Ints::default();
        self.core(0, &mut ints).door_capacity() as i64
    }

    /// Room templates read from JSON, the form the command line reads
    /// ([code]dungeon graph --templates FILE.json[/code]) and
    /// [method templates_to_json] writes:
    /// [code]{"templates": [{"name": "hall", "size": [11, 9], "doors": [{"side": "north", "offset": 1, "length": 9}]}]}[/code].
    /// Each comes back as a new resource, checked as [method check] does.
    /// On bad JSON or a bad template, the array is empty and the error,
    /// naming the place in the text ([code]templates[0].doors[1].side[/code]),
    /// is logged. Typical use:
    /// [code]gen.templates = RoomTemplate.templates_from_json(FileAccess.get_file_as_string("res://rooms.json"))[/code].
    #[func]
    fn templates_from_json(text: GString) -> Array<Gd<RoomTemplate>> {
        match dungeon_core::json::templates_from_json(&text.to_string()) {
            Ok(list) => list.iter().map(Self::from_core).collect(),
            Err(e) => {
                godot_error!("RoomTemplate.templates_from_json: {e}");
                Array::new()
            }
        }
    }

    /// [param templates] as JSON that [method templates_from_json] reads
    /// back, every field written. Empty entries are left out. A scene is
    /// not written, only the size, doors and floors as they are now. A
    /// template without a name gets its scene's file name, or
    /// [code]template N[/code], N its place among the templates written.
    #[func]
    fn templates_to_json(templates: Array<Option<Gd<RoomTemplate>>>) -> GString {
        let mut ints = Ints::default();
        let core: Vec<CoreTemplate> = templates
            .iter_shared()
            .flatten()
            .enumerate()
            .map(|(i, t)| t.bind().core(i, &mut ints))
            .collect();
        GString::from(&dungeon_core::json::templates_to_json(&core))
    }
}

impl RoomTemplate {
    /// Door `i`'s length: its [`Self::door_lengths`] entry, or `width`
    /// when it has none (or 0).
    fn length_of(&self, i: usize, width: i32) -> i32 {
        self.door_lengths
            .get(i)
            .filter(|&l| l != 0)
            .unwrap_or(width)
    }

    /// Door `i`'s inset: its [`Self::door_insets`] entry, or 0.
    fn inset_of(&self, i: usize) -> i32 {
        self.door_insets.get(i).unwrap_or(0)
    }

    /// Door `index` and its length, or `None` with an error naming `method`.
    fn door_at(&self, method: &str, index: i64) -> Option<(Vector3i, i32)> {
        let found = usize::try_from(index)
            .ok()
            .and_then(|i| Some((i, self.doors.get(i)?)));
        match found {
            Some((i, d)) => Some((d, self.length_of(i, d.z))),
            None => {
                godot_error!(
                    "RoomTemplate.{method}: no door {index} (the template has {} doors)",
                    self.doors.len()
                );
                None
            }
        }
    }

    /// Adds door `[side, offset, width, length, inset]` if it lies on a
    /// wall of [`Self::size`] (`inset` cells in from the side); else logs
    /// why, naming the door, into `last_error` and returns -1.
    fn add_checked(&mut self, method: &str, door: [i64; 5]) -> i64 {
        let [side, offset, width, length, inset] = door;
        let index = self.doors.len();
        let side_name = usize::try_from(side)
            .ok()
            .and_then(|i| Side::ALL.get(i).copied());
        let (wall, depth) = match side_name {
            Some(Side::North | Side::South) => (i64::from(self.size.x), i64::from(self.size.y)),
            _ => (i64::from(self.size.y), i64::from(self.size.x)),
        };
        let problem = if side_name.is_none() {
            Some(format!(
                "side {side} is none of SIDE_NORTH, SIDE_EAST, SIDE_SOUTH, SIDE_WEST (0 to 3)"
            ))
        } else if width < 1 {
            Some(format!("width {width} is less than 1"))
        } else if length < width {
            Some(format!(
                "length {length} is less than its width {width}: a door line is at least as long as its door is wide"
            ))
        } else if offset < 1 || offset.saturating_add(length) > wall - 1 {
            Some(format!(
                "it is off the wall: the {} wall of a {} × {} room has cells 1 to {} between its corners, the door covers {} to {}",
                side_name.map_or("?", Side::name),
                self.size.x,
                self.size.y,
                wall - 2,
                offset,
                offset.saturating_add(length) - 1
            ))
        } else if inset < 0 || inset >= depth {
            Some(format!(
                "inset {inset} is outside the room: the {} side of a {} × {} room takes insets 0 to {}",
                side_name.map_or("?", Side::name),
                self.size.x,
                self.size.y,
                depth - 1
            ))
        } else {
            None
        };
        if let Some(why) = problem {
            let inset_text = if inset == 0 {
                String::new()
            } else {
                format!(", inset {inset}")
            };
            let msg = format!(
                "RoomTemplate.{method}: door {index} (side {side}, offset {offset}, width {width}, length {length}{inset_text}): {why}"
            );
            godot_error!("{msg}");
            self.last_error = GString::from(&msg);
            return -1;
        }
        // All five fit in i32: `offset + length` fits within a wall, the
        // inset within the room.
        let (side, offset, width, length, inset) = (
            side as i32,
            offset as i32,
            width as i32,
            length as i32,
            inset as i32,
        );
        self.doors.push(Vector3i::new(side, offset, width));
        if length > width || self.door_lengths.len() > index {
            if self.door_lengths.len() <= index {
                self.door_lengths.resize(index + 1);
            }
            self.door_lengths[index] = if length > width { length } else { 0 };
        }
        if inset != 0 || self.door_insets.len() > index {
            if self.door_insets.len() <= index {
                self.door_insets.resize(index + 1);
            }
            self.door_insets[index] = inset;
        }
        self.last_error = GString::new();
        self.base_mut().emit_changed();
        index as i64
    }
}

/// [`RoomTemplate::doors`] for core doors.
fn doors_of(doors: &[DoorSlot]) -> Array<Vector3i> {
    doors
        .iter()
        .map(|d| Vector3i::new(d.side.index() as i32, d.offset, d.width))
        .collect()
}

/// [`RoomTemplate::door_lengths`] for core doors: a line's length, 0 for a
/// fixed door, up to the last door line (empty when there is none), as
/// [method add_door_line] and [method add_door] build it.
fn lengths_of(doors: &[DoorSlot]) -> PackedInt32Array {
    let n = doors
        .iter()
        .rposition(DoorSlot::is_line)
        .map_or(0, |i| i + 1);
    doors[..n]
        .iter()
        .map(|d| if d.is_line() { d.length } else { 0 })
        .collect()
}

/// [`RoomTemplate::door_insets`] for core doors: each door's inset, up to
/// the last inset door (empty when there is none).
fn insets_of(doors: &[DoorSlot]) -> PackedInt32Array {
    let n = doors
        .iter()
        .rposition(|d| d.inset != 0)
        .map_or(0, |i| i + 1);
    doors[..n].iter().map(|d| d.inset).collect()
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
            .enumerate()
            .map(|(i, d)| {
                // An unknown side becomes north with offset -1, which the
                // core refuses naming the door.
                let side = usize::try_from(d.x)
                    .ok()
                    .and_then(|i| Side::ALL.get(i).copied());
                let length = self.door_lengths.get(i).filter(|&l| l != 0).unwrap_or(d.z);
                DoorSlot::line(
                    side.unwrap_or(Side::North),
                    if side.is_some() { d.y } else { -1 },
                    d.z,
                    length,
                )
                .with_inset(self.inset_of(i))
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
        t.trim_to_floors = self.trim_to_floors;
        t
    }

    /// A new resource holding `core`, with no scene.
    pub fn from_core(core: &CoreTemplate) -> Gd<Self> {
        let mut t = Self::new_gd();
        {
            let mut b = t.bind_mut();
            b.size = Vector2i::new(core.width, core.height);
            b.doors = doors_of(&core.doors);
            b.door_lengths = lengths_of(&core.doors);
            b.door_insets = insets_of(&core.doors);
            b.trim_to_floors = core.trim_to_floors;
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
