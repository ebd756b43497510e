//! `DungeonDecorRule` and `DungeonDecorator`: decoration rules as
//! designer-editable resources, mapped to the core's `decor` module;
//! [`place`] puts the props in a scene.

mod place;
mod tags;

use dungeon_core::decor::{DecorRule, MarkerKind, RoomFilter, decorate_tagged};
use dungeon_core::grid::{Pos, RoomRole};
use godot::classes::{Mesh, Node2D, Node3D, Texture2D, TileSet};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;
use crate::generator::{inspector_enum, set_field};

inspector_enum! {
    /// Where a [DungeonDecorRule]'s props stand.
    Marker("marker") in DungeonDecorRule for MarkerKind {
        /// [member marker]: a room's floor cell.
        FloorRoom = MARKER_FLOOR_ROOM => MarkerKind::RoomFloor,
        /// [member marker]: a corridor cell.
        FloorCorridor = MARKER_FLOOR_CORRIDOR => MarkerKind::CorridorFloor,
        /// [member marker]: a door cell.
        FloorDoor = MARKER_FLOOR_DOOR => MarkerKind::DoorFloor,
        /// [member marker]: open ground in no room (caves, tunnels, walks).
        FloorOpen = MARKER_FLOOR_OPEN => MarkerKind::OpenFloor,
        /// [member marker]: a floor cell against a wall, facing away from
        /// it (one marker per wall: a cell in a corner has two).
        Wall = MARKER_WALL => MarkerKind::Wall,
        /// [member marker]: a floor cell in a concave corner (two walls
        /// meet): pillars, cobwebs.
        InnerCorner = MARKER_INNER_CORNER => MarkerKind::InnerCorner,
        /// [member marker]: a floor cell beside a convex corner of the wall.
        OuterCorner = MARKER_OUTER_CORNER => MarkerKind::OuterCorner,
        /// [member marker]: a floor cell on either side of a doorway,
        /// facing it: banners, guards' torches.
        Doorway = MARKER_DOORWAY => MarkerKind::Doorway,
        /// [member marker]: the cell nearest a room's centre (one per room).
        RoomCenter = MARKER_ROOM_CENTER => MarkerKind::RoomCentre,
        /// [member marker]: a room cell along its walls and doors.
        RoomBand = MARKER_ROOM_BAND => MarkerKind::RoomBand,
        /// [member marker]: a floor cell with one way out: rubble, chests.
        DeadEnd = MARKER_DEAD_END => MarkerKind::DeadEnd,
    }
}

inspector_enum! {
    /// Which rooms a [DungeonDecorRule] decorates by the critical path.
    CriticalPath("critical_path") in DungeonDecorRule {
        /// [member critical_path]: any room (and cells in no room).
        Any = CRITICAL_PATH_ANY,
        /// [member critical_path]: rooms on the way from the start room to
        /// the end room only.
        On = CRITICAL_PATH_ON,
        /// [member critical_path]: rooms off that way only (side branches).
        Off = CRITICAL_PATH_OFF,
    }
}

/// One decoration rule of a [DungeonDecorator]: on which marker its props
/// stand, in which rooms, how often and how far apart, whether they block
/// the way, and what to place for each prop:
/// - a [member scene], instanced once per prop (lights, chests, anything
///   with a script);
/// - a [member mesh], drawn for all the rule's props at once by one
///   [MultiMeshInstance2D] or [MultiMeshInstance3D]: the way to place
///   thousands of rocks or crates cheaply;
/// - a tile ([member tile_source] and [member tile_atlas_coords]), set on
///   a [code]"Decor"[/code] [TileMapLayer] above the floor (2D).
///
/// Set one, or several: each one set is placed.
///
/// [codeblock]
/// var torches := DungeonDecorRule.new()
/// torches.marker = DungeonDecorRule.MARKER_WALL
/// torches.chance = 0.3
/// torches.spacing = 4
/// torches.scene = preload("res://props/torch.tscn")
/// var rubble := DungeonDecorRule.new()
/// rubble.marker = DungeonDecorRule.MARKER_FLOOR_OPEN
/// rubble.chance = 0.05
/// rubble.tile_source = 0
/// rubble.tile_atlas_coords = Vector2i(3, 1)
/// [/codeblock]
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DungeonDecorRule {
    /// Where its props stand (see the [code]MARKER_*[/code] constants).
    #[export]
    marker: Marker,
    /// Only rooms of these roles ([constant DungeonGrid.ROLE_BOSS]…);
    /// empty (the default): any room, and cells in no room.
    #[export]
    roles: PackedInt32Array,
    /// Rooms on or off the critical path, or any (the default).
    #[export]
    critical_path: CriticalPath,
    /// Only rooms carrying at least one of these tags (a [RoomTemplate]'s
    /// [member RoomTemplate.tags] on template and level-graph levels: the
    /// level nodes pass them, see [method DungeonDecorator.get_room_tags]);
    /// empty (the default): any room.
    #[export]
    tags: PackedStringArray,
    /// The chance that a marker gets a prop, 0 to 1 (0.5 by default).
    #[export(range = (0.0, 1.0, 0.01))]
    chance: f64,
    /// The least distance between two of its props, in cells (the larger
    /// of the two axes); 0 or 1 lets them touch.
    #[export(range = (0.0, 64.0, 1.0, or_greater))]
    spacing: i64,
    /// The most props of this rule in one room; 0 (the default): no limit.
    #[export(range = (0.0, 64.0, 1.0, or_greater))]
    max_per_room: i64,
    /// Whether its props block the way (tile maps): such a prop only goes
    /// where everything stays reachable (see [DungeonDecorator]).
    #[export]
    blocks: bool,
    /// The scene placed for each prop (its root a [Node2D] or a [Node3D]),
    /// at its cell's centre, turned away from its wall.
    #[export]
    scene: Option<Gd<PackedScene>>,
    /// A mesh drawn for each prop, all of the rule's props by one
    /// [MultiMeshInstance2D] (2D, with [member mesh_texture]) or
    /// [MultiMeshInstance3D] (3D): much cheaper than a scene per prop when
    /// props are many. In 2D a [QuadMesh] the size of a cell (its
    /// [code]size[/code] in pixels) with a texture is the usual choice.
    #[export]
    mesh: Option<Gd<Mesh>>,
    /// 2D: the texture the [member mesh] is drawn with (the
    /// [MultiMeshInstance2D]'s texture).
    #[export]
    mesh_texture: Option<Gd<Texture2D>>,
    /// 2D: a tile for each prop, put on its cell of a [code]"Decor"[/code]
    /// [TileMapLayer] above the floor: the tile's source id in the level's
    /// [TileSet] (with [member tile_atlas_coords]); -1 (the default): no
    /// tile.
    #[export(range = (-1.0, 64.0, 1.0, or_greater))]
    tile_source: i64,
    /// 2D: the tile's atlas coordinates in its source
    /// ([member tile_source]), 0 or more on both axes.
    #[export]
    tile_atlas_coords: Vector2i,
    /// Where each prop stands from its cell's centre, in cells, turned
    /// with the prop: +y is the way the prop faces (away from its wall),
    /// so [code]Vector2(0, -0.4)[/code] sets a torch against its wall and
    /// [code]Vector2(0.3, 0)[/code] moves it along the wall. (0, 0), the
    /// default: the cell's centre. A tile prop keeps its cell.
    #[export]
    offset: Vector2,
    /// Degrees added to each prop's turn (0 by default), after
    /// [member offset] has placed it: a prop drawn facing another way than
    /// +y, or a little variety.
    #[export(range = (-180.0, 180.0, 1.0, or_less, or_greater))]
    rotation_degrees: f64,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for DungeonDecorRule {
    fn init(base: Base<Resource>) -> Self {
        Self {
            marker: Marker::FloorRoom,
            roles: PackedInt32Array::new(),
            critical_path: CriticalPath::Any,
            tags: PackedStringArray::new(),
            chance: 0.5,
            spacing: 0,
            max_per_room: 0,
            blocks: false,
            scene: None,
            mesh: None,
            mesh_texture: None,
            tile_source: -1,
            tile_atlas_coords: Vector2i::ZERO,
            offset: Vector2::ZERO,
            rotation_degrees: 0.0,
            base,
        }
    }

    /// Every set emits `changed` if it changed something.
    fn on_set(&mut self, property: StringName, value: Variant) -> bool {
        let class = "DungeonDecorRule";
        let changed = match property.to_string().as_str() {
            "marker" => set_field(class, "marker", &mut self.marker, &value),
            "roles" => set_field(class, "roles", &mut self.roles, &value),
            "critical_path" => set_field(class, "critical_path", &mut self.critical_path, &value),
            "tags" => set_field(class, "tags", &mut self.tags, &value),
            "chance" => set_field(class, "chance", &mut self.chance, &value),
            "spacing" => set_field(class, "spacing", &mut self.spacing, &value),
            "max_per_room" => set_field(class, "max_per_room", &mut self.max_per_room, &value),
            "blocks" => set_field(class, "blocks", &mut self.blocks, &value),
            "scene" => set_field(class, "scene", &mut self.scene, &value),
            "mesh" => set_field(class, "mesh", &mut self.mesh, &value),
            "mesh_texture" => set_field(class, "mesh_texture", &mut self.mesh_texture, &value),
            "tile_source" => set_field(class, "tile_source", &mut self.tile_source, &value),
            "tile_atlas_coords" => set_field(
                class,
                "tile_atlas_coords",
                &mut self.tile_atlas_coords,
                &value,
            ),
            "offset" => set_field(class, "offset", &mut self.offset, &value),
            "rotation_degrees" => set_field(
                class,
                "rotation_degrees",
                &mut self.rotation_degrees,
                &value,
            ),
            _ => return false,
        };
        if changed {
            self.base_mut().emit_changed();
        }
        true
    }
}

#[godot_api]
impl DungeonDecorRule {}

impl DungeonDecorRule {
    /// The core rule; `Err` names the rule (`index`) and the setting.
    fn to_core(&self, index: usize) -> Result<DecorRule, String> {
        let roles = self
            .roles
            .as_slice()
            .iter()
            .map(|&code| {
                RoomRole::from_code(i64::from(code)).ok_or_else(|| {
                    format!(
                        "invalid roles = {code} (rule {index}): allowed DungeonGrid.ROLE_* values"
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        if self.tile_source < -1 || self.tile_source > i64::from(i32::MAX) {
            return Err(format!(
                "invalid tile_source = {} (rule {index}): allowed -1 (no tile) or a source id of the tile set",
                self.tile_source
            ));
        }
        let c = self.tile_atlas_coords;
        if self.tile_source >= 0 && (c.x < 0 || c.y < 0) {
            return Err(format!(
                "invalid tile_atlas_coords = ({}, {}) (rule {index}): allowed 0 or more on both axes",
                c.x, c.y
            ));
        }
        if let Some(scene) = &self.scene
            && !scene.can_instantiate()
        {
            return Err(format!(
                "invalid scene (rule {index}): the PackedScene is empty (nothing was packed into it); set a saved scene or leave scene empty"
            ));
        }
        if !(self.offset.x.is_finite() && self.offset.y.is_finite()) {
            return Err(format!(
                "invalid offset = ({}, {}) (rule {index}): allowed finite numbers",
                self.offset.x, self.offset.y
            ));
        }
        if !self.rotation_degrees.is_finite() {
            return Err(format!(
                "invalid rotation_degrees = {} (rule {index}): allowed a finite number",
                self.rotation_degrees
            ));
        }
        let int = |v: i64, name: &str| {
            i32::try_from(v)
                .map_err(|_| format!("invalid {name} = {v} (rule {index}): allowed 0 or more"))
        };
        Ok(DecorRule {
            marker: self.marker.core(),
            rooms: RoomFilter {
                roles,
                critical_path: match self.critical_path {
                    CriticalPath::Any => None,
                    CriticalPath::On => Some(true),
                    CriticalPath::Off => Some(false),
                },
                tags: self
                    .tags
                    .as_slice()
                    .iter()
                    .map(GString::to_string)
                    .collect(),
            },
            chance: self.chance,
            spacing: int(self.spacing, "spacing")?,
            max_per_room: int(self.max_per_room, "max_per_room")?,
            blocks: self.blocks,
        })
    }
}

/// Set dressing for generated levels: a list of [DungeonDecorRule]s that
/// place props (torches on walls, pillars in corners, rubble in dead ends)
/// on the places of a [DungeonGrid], the same way every time for the same
/// grid.
///
/// [method decorate] never puts a prop on the start, the end, a door or
/// either side of one, a key, either side of a locked or one-way door, a
/// room's centre or a spawn point you pass it; and a rule whose props
/// [member DungeonDecorRule.blocks] only blocks a cell where the level
/// stays walkable around it, so every room, door, key, lock, spawn point,
/// the start and the end stay reachable and the level stays finishable.
/// On room grids (each cell a room) props never block.
/// [codeblock]
/// var rubble := DungeonDecorRule.new()
/// rubble.marker = DungeonDecorRule.MARKER_DEAD_END
/// rubble.chance = 1.0
/// rubble.blocks = true
/// var decorator := DungeonDecorator.new()
/// decorator.rules = [rubble]
/// var grid := BspGenerator.new().generate_level(1)
/// var props := decorator.decorate(grid)
/// print(props["cells"].size(), " props")
/// [/codeblock]
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DungeonDecorator {
    /// The rules, applied in order; a cell holds one prop.
    #[export]
    rules: Array<Option<Gd<DungeonDecorRule>>>,
    /// Why the last [method decorate] failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for DungeonDecorator {
    fn init(base: Base<Resource>) -> Self {
        Self {
            rules: Array::new(),
            last_error: GString::new(),
            base,
        }
    }
}

#[godot_api]
impl DungeonDecorator {
    /// The props for [param grid]: a [Dictionary] of packed arrays, one
    /// entry per prop, in rule order: [code]"rules"[/code] (the rule's
    /// index in [member rules]), [code]"cells"[/code] ([PackedVector2Array]
    /// of cells), [code]"positions"[/code] ([PackedVector2Array], in
    /// cells: where the prop stands, its cell's centre moved by the rule's
    /// [member DungeonDecorRule.offset]; times the cell size for pixels),
    /// [code]"facings"[/code] (the side the prop's wall is on,
    /// [constant DungeonGrid.DOOR_NORTH]…, or two or'ed for a corner; 0 for
    /// markers without one), [code]"rotations"[/code] (radians that turn a
    /// prop drawn facing down, +y, to face away from its wall, plus the
    /// rule's [member DungeonDecorRule.rotation_degrees]) and
    /// [code]"rooms"[/code] (the room, -1 for none). Seeded by the grid's
    /// seed and level. [param keep_free] cells (x, y pairs, as
    /// [code]grid.get_spawn_points(rules)["cells"][/code] gives the spawn
    /// points) get no prop. A bad rule (a chance outside 0 to 1, a negative
    /// spacing, an unknown role, negative tile atlas coordinates, an offset
    /// that is not a number, an empty scene) returns
    /// an empty [Dictionary] and logs
    /// the error, which names the rule, also in [member last_error].
    /// [param room_tags] gives each room's tags for rules with
    /// [member DungeonDecorRule.tags]: entry [code]r[/code] the tags of
    /// room [code]r[/code], comma-separated (as [method get_room_tags]
    /// gives them); rooms past its end have none.
    #[func]
    pub(crate) fn decorate(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        #[opt(default = &PackedInt32Array::new())] keep_free: PackedInt32Array,
        #[opt(default = &PackedStringArray::new())] room_tags: PackedStringArray,
    ) -> VarDictionary {
        let tags: Vec<Vec<String>> = room_tags
            .as_slice()
            .iter()
            .map(|t| {
                t.to_string()
                    .split(',')
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .collect();
        let r = self.run(grid, &keep_free, &tags);
        self.report(r).unwrap_or_default()
    }

    /// Each room's tags, from what [method TemplateGenerator.generate_with_graph]
    /// or [method GraphLayoutGenerator.generate_with_graph] returned
    /// ([param graph]): the tags of the [RoomTemplate] each room was drawn
    /// from, entry [code]r[/code] for grid room [code]r[/code],
    /// comma-separated ([code]""[/code] for a room with none, such as a
    /// corridor piece). Pass it to [method decorate] for rules with
    /// [member DungeonDecorRule.tags]; the level nodes do.
    #[func]
    pub(crate) fn get_room_tags(graph: VarDictionary) -> PackedStringArray {
        tags::room_tags(&graph)
    }

    /// Puts [param props] (what [method decorate] gave) in a 2D level and
    /// returns a new [Node2D] named [code]"Props"[/code] to add beside the
    /// level's [TileMapLayer]: for each prop, an instance of its rule's
    /// [member DungeonDecorRule.scene] at the centre of its cell
    /// ([param cell_size] pixels a cell), turned away from its wall; one
    /// [MultiMeshInstance2D] per rule with a [member DungeonDecorRule.mesh]
    /// (named [code]"MeshRule0"[/code] for rule 0…), one instance per prop;
    /// and a [code]"Decor"[/code] [TileMapLayer] with [param tile_set] (the
    /// level's, or [code]null[/code] when no rule sets a tile) holding each
    /// tile rule's tile on its props' cells. A bad rule, a tile the tile
    /// set lacks or props from another decorator return [code]null[/code]
    /// and log the error, which names the rule, also in [member last_error].
    /// [DungeonLevel2D] does all this itself when its
    /// [member DungeonLevel2D.decorator] is set.
    /// [codeblock]
    /// var props := decorator.decorate(grid)
    /// var placed := decorator.place_2d(props, Vector2(16, 16), $Floor.tile_set)
    /// add_child(placed)
    /// [/codeblock]
    #[func]
    pub(crate) fn place_2d(
        &mut self,
        props: VarDictionary,
        cell_size: Vector2,
        tile_set: Option<Gd<TileSet>>,
    ) -> Option<Gd<Node2D>> {
        let r = place::place_2d(self, &props, cell_size, tile_set);
        self.report(r)
    }

    /// Puts [param props] (what [method decorate] gave) in a 3D level and
    /// returns a new [Node3D] named [code]"Props"[/code]: for each prop, an
    /// instance of its rule's [member DungeonDecorRule.scene] on the floor
    /// at the centre of its cell (cell [code](x, y)[/code] spans
    /// [param cell_size] [code].x[/code] along +x and [code].z[/code] along
    /// +z), turned away from its wall; and one [MultiMeshInstance3D] per
    /// rule with a [member DungeonDecorRule.mesh] ([code]"MeshRule0"[/code]
    /// for rule 0…), one instance per prop. Tiles are 2D only: a 3D level
    /// ignores them. Errors as in [method place_2d].
    #[func]
    pub(crate) fn place_3d(
        &mut self,
        props: VarDictionary,
        cell_size: Vector3,
    ) -> Option<Gd<Node3D>> {
        let r = place::place_3d(self, &props, cell_size);
        self.report(r)
    }
}

impl DungeonDecorator {
    /// Whether a rule filters rooms by tags (the level nodes then pass
    /// each room's tags).
    pub(crate) fn filters_by_tags(&self) -> bool {
        self.rules
            .iter_shared()
            .flatten()
            .any(|r| !r.bind().tags.is_empty())
    }

    /// [member last_error], for the level nodes.
    pub(crate) fn last_error_text(&self) -> GString {
        self.last_error.clone()
    }

    /// `r`'s value; or, for an error, `None` after logging it and
    /// keeping it in `last_error`. A success clears `last_error`.
    fn report<T>(&mut self, r: Result<T, String>) -> Option<T> {
        match r {
            Ok(v) => {
                self.last_error = GString::new();
                Some(v)
            }
            Err(msg) => {
                let msg = format!("DungeonDecorator: {msg}");
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                None
            }
        }
    }

    fn run(
        &self,
        grid: Option<Gd<DungeonGrid>>,
        keep_free: &PackedInt32Array,
        room_tags: &[Vec<String>],
    ) -> Result<VarDictionary, String> {
        let grid = grid.ok_or("grid is null: pass a DungeonGrid")?;
        let mut rules = Vec::new();
        // Each rule's offset and extra turn (radians).
        let mut extras = Vec::new();
        for (i, r) in self.rules.iter_shared().enumerate() {
            let r =
                r.ok_or_else(|| format!("rule {i} is empty: set a DungeonDecorRule or remove it"))?;
            let r = r.bind();
            rules.push(r.to_core(i)?);
            extras.push((r.offset, r.rotation_degrees.to_radians() as f32));
        }
        let reserved: Vec<Pos> = keep_free
            .as_slice()
            .chunks_exact(2)
            .map(|p| (p[0], p[1]))
            .collect();
        let g = grid.bind();
        let core = g.core();
        let seed = core.seed ^ (u64::from(core.level.unsigned_abs()) << 48);
        let props =
            decorate_tagged(core, &rules, seed, &reserved, room_tags).map_err(|e| e.to_string())?;
        let rule: PackedInt32Array = props.iter().map(|p| p.rule as i32).collect();
        let cells: PackedVector2Array = props
            .iter()
            .map(|p| Vector2::new(p.cell.0 as f32, p.cell.1 as f32))
            .collect();
        let facings: PackedInt32Array = props.iter().map(|p| i32::from(p.facing)).collect();
        // Where each prop stands (in cells: its cell's centre plus the
        // rule's offset turned with the prop) and its turn.
        let positions: PackedVector2Array = props
            .iter()
            .map(|p| {
                let centre = Vector2::new(p.cell.0 as f32 + 0.5, p.cell.1 as f32 + 0.5);
                centre + extras[p.rule].0.rotated(rotation(p.facing))
            })
            .collect();
        let rotations: PackedFloat32Array = props
            .iter()
            .map(|p| rotation(p.facing) + extras[p.rule].1)
            .collect();
        let rooms: PackedInt32Array = props
            .iter()
            .map(|p| p.room.map_or(-1, |r| r as i32))
            .collect();
        let mut out = VarDictionary::new();
        out.set("rules", &rule);
        out.set("cells", &cells);
        out.set("positions", &positions);
        out.set("facings", &facings);
        out.set("rotations", &rotations);
        out.set("rooms", &rooms);
        Ok(out)
    }
}

/// The turn (radians, clockwise on screen) that points a prop drawn facing
/// +y away from the wall side(s) `facing` (door bits N 1, E 2, S 4, W 8).
fn rotation(facing: u8) -> f32 {
    // The direction away from the walls, summed over the sides.
    let (mut x, mut y) = (0.0f32, 0.0f32);
    for (bit, dx, dy) in [
        (1u8, 0.0, 1.0),
        (2, -1.0, 0.0),
        (4, 0.0, -1.0),
        (8, 1.0, 0.0),
    ] {
        if facing & bit != 0 {
            x += dx;
            y += dy;
        }
    }
    if x == 0.0 && y == 0.0 {
        return 0.0;
    }
    // +y (down) is no turn; Godot turns clockwise for positive angles.
    (-x).atan2(y)
}
