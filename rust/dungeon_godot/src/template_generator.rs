use dungeon_core::template::{self, TagRule, TemplateConfig, TemplateLevel};
use godot::prelude::*;

use crate::convert::{array_of, vec2i};
use crate::dungeon_grid::DungeonGrid;
use crate::generator::{CoreValue, Generator, Ints, Made, generator_class};
use crate::placement;
use crate::room_template::RoomTemplate;

generator_class! {
    /// Levels grown from hand-made rooms ([RoomTemplate]s), as The
    /// Dungeoning does it: start from a [code]start[/code]-tagged room in
    /// the middle of the map, then again and again pick an open door at
    /// random, pick a template by [member RoomTemplate.weight] with a door as
    /// wide on the facing side, and place it so the doors touch, inside the
    /// map and over no other room. A door no template fits is sealed.
    ///
    /// Rules on top: a room count per level ([member base_rooms]...;
    /// corridor pieces do not count), at least / at most N rooms with a tag
    /// ([member tag_rules]), a boss room ([member end_tag]) as far from the
    /// start as any room, holding the end, corridor pieces
    /// ([member corridor_tag]) optionally between all rooms, loops where two
    /// doors meet by chance ([member loops]). Sets that can never grow (no
    /// template fits the start's doors) fail at once with a message naming
    /// the problem.
    ///
    /// The result is a tile grid like [BspGenerator]'s: each template's floor
    /// is a room ([method DungeonGrid.room_rects]), joined doors are door
    /// tiles, walls and sealed doors are empty. [method generate_with_graph]
    /// also returns the placements (template, cell position, rotation,
    /// ready-made [Transform2D]/[Transform3D] for its scene), the joins and
    /// the sealed doors, to instance the room scenes from.
    ///
    /// ```gdscript
    /// var gen := TemplateGenerator.new()
    /// gen.templates = [RoomTemplate.from_scene(load("res://templates/start.tscn"), Vector2(16, 16)),
    ///         RoomTemplate.from_scene(load("res://templates/hall.tscn"), Vector2(16, 16))]
    /// gen.end_tag = ""
    /// var level := gen.generate_with_graph(1)
    /// for p in level["placements"]:
    ///     var room: Node2D = p["scene"].instantiate()
    ///     room.transform = p["transform_2d"]
    ///     add_child(room)
    /// ```
    ///
    /// Every property set emits [signal Resource.changed]. Bad settings never
    /// crash: [method generate] returns [code]null[/code], logs the reason,
    /// stores it in [member last_error] and emits [signal generation_failed].
    class TemplateGenerator(TemplateConfig, template::room_count_range) {
        /// Starting point for all other settings. [b]Demo[/b]: eight
        /// built-in templates without scenes (start, square, long room,
        /// hall, L room, straight and bent corridors, boss room) on a 96 ×
        /// 96 map. [b]Corridors[/b]: the same with corridor pieces between
        /// all rooms and no loops. Choosing one replaces [member templates].
        preset: TemplatePreset { Demo = PRESET_DEMO, Corridors = PRESET_CORRIDORS },

        /// The room templates to grow levels from. Empty entries are
        /// skipped.
        #[export_group(name = "Templates")]
        #[export]
        templates: Array<Option<Gd<RoomTemplate>>>,
        /// Size of one cell in pixels (2D) or metres along x and z (3D):
        /// the placements' transforms use it. Use square cells when
        /// templates may turn.
        #[export]
        cell_size: Vector2 => _,

        /// Map width in cells (3 to 2048): no room crosses it.
        #[export_group(name = "Map")]
        #[export(range = (3.0, 512.0, 1.0, or_greater))]
        width: i64,
        /// Map height in cells (3 to 2048).
        #[export(range = (3.0, 512.0, 1.0, or_greater))]
        height: i64,

        /// Rooms at level 0 before the random extra (at least 2). Corridor
        /// pieces do not count.
        #[export_group(name = "Rooms")]
        #[export(range = (2.0, 100.0, 1.0, or_greater))]
        base_rooms: i64 => count.base,
        /// Rooms added per level (fractions floored after multiplying).
        #[export(range = (0.0, 10.0, 0.1, or_greater))]
        rooms_per_level: f64 => count.per_level,
        /// A random 0 to this many rooms more.
        #[export(range = (0.0, 20.0, 1.0, or_greater))]
        room_variance: i64 => count.variance,

        /// Templates with this tag are only used as the first room, which
        /// holds the start. Empty: any template may start. A tag no
        /// template (of weight above 0) carries is an error naming it.
        #[export_group(name = "Rules")]
        #[export]
        start_tag: GString,
        /// When set, the last room is a template with this tag placed as far
        /// from the start as any room (a boss room); it holds the end.
        /// Empty: the end is in the room farthest from the start.
        #[export]
        end_tag: GString,
        /// Templates with this tag are corridor pieces: they do not count
        /// as rooms, and pieces leading nowhere are removed.
        #[export]
        corridor_tag: GString,
        /// Rooms join only corridor pieces, never each other directly.
        #[export]
        corridors_between_rooms: bool,
        /// When a new room's door lands exactly on another room's open
        /// door, join them (a loop). Off: both are sealed.
        #[export]
        loops: bool,
        /// Tag rules: each key a tag, each value [code]Vector2i(min, max)[/code]
        /// rooms with that tag ([code]max[/code] -1: no limit), e.g.
        /// [code]{"treasure": Vector2i(1, 2)}[/code].
        #[export]
        tag_rules: VarDictionary,
        /// Work budget per level in placement tests (100 to 10000000);
        /// failed attempts start over until it runs out.
        #[export(range = (100.0, 100000.0, 100.0, or_greater))]
        max_steps: i64,
    }
}

/// `cell_size` is no core setting: loading a preset only gives it its
/// default when it was never set.
impl Generator for TemplateGenerator {
    fn load_rest(&mut self, _: &TemplateConfig) {
        self.cell_size = placement::cell_size_or_default(self.cell_size);
    }
}

/// Tag rules: each key a tag, each value `Vector2i(min, max)`.
impl CoreValue<Vec<TagRule>> for VarDictionary {
    fn to_core(&self, _: &'static str, _: &mut Ints) -> Vec<TagRule> {
        self.iter_shared()
            .map(|(k, v)| {
                let tag = k.to_string();
                match v.try_to::<Vector2i>() {
                    Ok(r) => TagRule::new(&tag, r.x, r.y),
                    // Not a Vector2i: refused by validation, naming tag_rules.
                    Err(_) => TagRule::new(&tag, -1, -1),
                }
            })
            .collect()
    }

    fn from_core(core: &Vec<TagRule>) -> Self {
        let mut rules = VarDictionary::new();
        for r in core {
            rules.set(&GString::from(&r.tag), Vector2i::new(r.min, r.max));
        }
        rules
    }
}

#[godot_api(secondary)]
impl TemplateGenerator {
    /// Grows level [param level] like [method generate_level] and also
    /// returns how it was put together, as a [Dictionary]:
    /// [code]"grid"[/code]: the [DungeonGrid] (the one
    /// [method generate_level] gives, with the [member progression]'s locks);
    /// [code]"placements"[/code]: one [Dictionary] per placed room (the
    /// first holds the start): [code]"template"[/code] (index into the
    /// non-empty [member templates]), [code]"resource"[/code] (the
    /// [RoomTemplate]), [code]"scene"[/code] (its scene or
    /// [code]null[/code]), [code]"position"[/code] and [code]"size"[/code]
    /// ([Vector2i] cells, walls included), [code]"rotation"[/code] (quarter
    /// turns clockwise, after mirroring), [code]"mirrored"[/code],
    /// [code]"outline"[/code] (the cells it takes, as an [Array] of
    /// [Rect2i]: here its box),
    /// [code]"rooms"[/code] ([code]Vector2i(first, end)[/code] room numbers
    /// in the grid), [code]"depth"[/code] (joins from the start),
    /// [code]"doors"[/code] (per door slot: [code]"slot"[/code] (the
    /// template's door it is, an index into [member RoomTemplate.doors]),
    /// [code]"side"[/code], [code]"cell"[/code] (its first cell),
    /// [code]"width"[/code], [code]"length"[/code] (cells of wall it covers:
    /// its width here; see [method GraphLayoutGenerator.generate_with_graph]
    /// for door lines), [code]"join"[/code] (-1 if
    /// sealed), [code]"sealed"[/code], [code]"node"[/code] (its marker's
    /// path in the scene, see [member RoomTemplate.door_nodes])), [code]"transform_2d"[/code] and
    /// [code]"transform_3d"[/code] (put the template's scene in place with
    /// [member cell_size]);
    /// [code]"joins"[/code]: [code]{"a": Vector2i(placement, door), "b": ..., "loop": bool}[/code];
    /// [code]"sealed"[/code]: [code]Array[Vector2i][/code] of
    /// [code](placement, door)[/code] to close;
    /// [code]"start"[/code], [code]"end"[/code]: placement numbers;
    /// [code]"centers"[/code], [code]"mst"[/code], [code]"extra"[/code],
    /// [code]"delaunay"[/code]: the join graph drawn like
    /// [method TinyKeepGenerator.generate_with_graph]'s (room centre per
    /// placement, tree joins, loop joins, nothing).
    /// On failure returns an empty [Dictionary], like [method generate].
    #[func]
    fn generate_with_graph(&mut self, level: i64) -> VarDictionary {
        self.generate_level_with(level, |c, seed, level, _| template::grow(c, seed, level))
            .map_or_else(VarDictionary::new, |l| self.level_dictionary(l))
    }
}

impl Made for TemplateLevel {
    fn grid_mut(&mut self) -> &mut dungeon_core::DungeonGrid {
        &mut self.grid
    }
}

impl TemplateGenerator {
    /// The non-empty entries of `templates`, in order (core indices).
    fn template_list(&self) -> Vec<Gd<RoomTemplate>> {
        placement::non_empty(&self.templates)
    }

    fn level_dictionary(&self, level: TemplateLevel) -> VarDictionary {
        let list = self.template_list();
        let placements: Vec<VarDictionary> = level
            .placements
            .iter()
            .map(|p| {
                let mut d = placement::dictionary(&p.into(), &list, self.cell_size);
                d.set("rooms", Vector2i::new(p.rooms.0 as i32, p.rooms.1 as i32));
                d.set("depth", i64::from(p.depth));
                d
            })
            .collect();
        let joins: Vec<VarDictionary> = level
            .joins
            .iter()
            .map(|j| placement::join(&j.a, &j.b, j.is_loop))
            .collect();
        let edge = |j: &template::Join| Vector2i::new(j.a.placement as i32, j.b.placement as i32);
        let grid = level.grid;
        let drawn = placement::Drawn {
            centers: array_of(
                level
                    .placements
                    .iter()
                    .map(|p| vec2i(grid.room_rects()[p.rooms.0].center())),
            ),
            mst: array_of(level.joins.iter().filter(|j| !j.is_loop).map(edge)),
            extra: array_of(level.joins.iter().filter(|j| j.is_loop).map(edge)),
        };
        placement::level(
            placements,
            joins,
            &level.sealed,
            (0, level.end),
            drawn,
            grid,
        )
    }
}
