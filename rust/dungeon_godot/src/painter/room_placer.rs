//! `DungeonRoomPlacer`: one room scene per room record, in 2D or 3D.

use dungeon_core::DungeonGrid as CoreGrid;
use godot::classes::{INode, Node, Node2D, Node3D, PackedScene};
use godot::prelude::*;

use crate::dungeon_grid::DungeonGrid;

/// Places one instance of [member room_scene] per room of a [DungeonGrid],
/// with what the room needs to open its doors, so a game needs no code of
/// its own to turn a room grid (Isaac, Drunkard, Hilbert) into rooms.
///
/// A room covering cells [code]rect[/code] is placed at
/// [code]rect.position * room_size[/code]: for a [Node2D] scene at
/// [code]Vector2(x * room_size.x, y * room_size.y)[/code], for a [Node3D]
/// scene at [code]Vector3(x * room_size.x, 0, y * room_size.z)[/code] (the
/// grid's y runs along 3D z; [code]room_size.y[/code] is the room height
/// and only informs the scene). Rooms are placed per room record, so a room
/// covering several cells gets one instance (on tile maps, one per BSP
/// room).
///
/// Each instance that has a [code]setup_room(info: Dictionary)[/code]
/// method gets it called before it enters the tree, with:
/// [code]room[/code] (index), [code]rect[/code] (Rect2i of cells),
/// [code]cells[/code], [code]size[/code] (room_size),
/// [code]door_mask[/code] (the sides, N=1 E=2 S=4 W=8, on which the room
/// opens to a neighbour), [code]doors[/code] (Dictionary: cell of the room →
/// mask of its sides that open out of the room), [code]code[/code]
/// ([constant DungeonGrid.START], [constant DungeonGrid.END] or
/// [constant DungeonGrid.ROOM]), [code]marker[/code] (the room's START or
/// END cell, else its first cell), [code]role[/code]
/// ([method DungeonGrid.get_room_role]), [code]secret_doors[/code]
/// (Dictionary: cell of the room → its sides that are secret doors, see
/// [method DungeonGrid.secret_door_mask]; a game hides them until found)
/// and [code]dead_end[/code] (the room has exactly one door, as in
/// [method DungeonGrid.dead_ends]). [signal room_placed] is emitted with
/// the same dictionary.
/// [codeblock]
/// var placer := DungeonRoomPlacer.new()
/// placer.room_scene = preload("res://room.tscn")
/// placer.room_size = Vector3(320, 180, 0)
/// placer.place(IsaacGenerator.new().generate(), $Rooms)
/// [/codeblock]
#[derive(GodotClass)]
#[class(tool, base = Node)]
pub struct DungeonRoomPlacer {
    /// The scene instanced for every room; its root must be a [Node2D] or a
    /// [Node3D].
    #[export]
    room_scene: Option<Gd<PackedScene>>,
    /// Scenes for rooms of some roles instead of [member room_scene]: keys
    /// are room roles ([constant DungeonGrid.ROLE_BOSS],
    /// [constant DungeonGrid.ROLE_SHOP]...), values [PackedScene]s. A room
    /// whose role has no scene here gets [member room_scene].
    /// [codeblock]
    /// placer.role_scenes = {DungeonGrid.ROLE_BOSS: preload("res://boss_room.tscn")}
    /// [/codeblock]
    #[export]
    role_scenes: VarDictionary,
    /// The size of one grid cell: x and y in 2D; x (grid x), y (height) and
    /// z (grid y) in 3D.
    #[export]
    room_size: Vector3,
    /// Why the last call failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    base: Base<Node>,
}

#[godot_api]
impl INode for DungeonRoomPlacer {
    fn init(base: Base<Node>) -> Self {
        Self {
            room_scene: None,
            role_scenes: VarDictionary::new(),
            room_size: Vector3::new(100.0, 200.0, 100.0),
            last_error: GString::new(),
            base,
        }
    }
}

/// A room's info dictionary (see the class docs).
fn room_info(g: &CoreGrid, room: usize, size: Vector3) -> VarDictionary {
    let mut info = VarDictionary::new();
    let Some(r) = g.room_records().get(room) else {
        return info;
    };
    let cells: Vec<_> = r.cells().collect();
    let mut doors = VarDictionary::new();
    let mut mask = 0;
    let mut door_count = 0;
    for &p in &cells {
        let m = g.room_door_mask(p);
        if m != 0 {
            mask |= i32::from(m);
            door_count += m.count_ones();
            doors.set(Vector2i::new(p.0, p.1), i32::from(m));
        }
    }
    let mut secret = VarDictionary::new();
    for &p in &cells {
        let m = g.secret_door_mask(p);
        if m != 0 {
            secret.set(Vector2i::new(p.0, p.1), i32::from(m));
        }
    }
    let rank = |c: dungeon_core::Cell| match c {
        dungeon_core::Cell::Start => 2,
        dungeon_core::Cell::End => 1,
        _ => 0,
    };
    let marker = cells
        .iter()
        .copied()
        .max_by_key(|&p| {
            (
                rank(g.cell(p)),
                std::cmp::Reverse(p.1),
                std::cmp::Reverse(p.0),
            )
        })
        .unwrap_or((r.rect.x, r.rect.y));
    let code = g.cell(marker);
    info.set("room", room as i64);
    info.set("rect", crate::convert::rect2i(&r.rect));
    info.set("cells", &crate::convert::cell_array(&cells).to_variant());
    info.set("size", size);
    info.set("door_mask", mask);
    info.set("doors", &doors.to_variant());
    info.set("code", i32::from(code.code()));
    info.set("marker", Vector2i::new(marker.0, marker.1));
    info.set("role", r.role as i32);
    info.set("secret_doors", &secret.to_variant());
    info.set("dead_end", door_count == 1);
    info
}

#[godot_api]
impl DungeonRoomPlacer {
    /// Emitted for every room placed, after it entered [param parent], with
    /// the node and its info dictionary (see the class description).
    #[signal]
    fn room_placed(room: Gd<Node>, info: VarDictionary);

    /// Instances [member room_scene] for every room of [param grid] under
    /// [param parent] and returns the new nodes in room order. Returns an
    /// empty array (and logs why, also in [member last_error]) for a null
    /// grid, parent or scene, or a scene whose root is neither a Node2D nor
    /// a Node3D.
    #[func]
    fn place(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        parent: Option<Gd<Node>>,
    ) -> Array<Gd<Node>> {
        let prepared = (|| {
            let grid = grid.ok_or("grid is null: pass a DungeonGrid from a generator")?;
            let parent = parent.ok_or("parent is null: pass the node the rooms go under")?;
            let scene = self
                .room_scene
                .clone()
                .ok_or("room_scene is null: set the scene to instance for each room")?;
            if !grid.bind().is_valid() {
                return Err("the grid failed to load (DungeonGrid.is_valid() is false)");
            }
            Ok((grid, parent, scene))
        })();
        let (grid, mut parent, scene) = match prepared {
            Ok(v) => v,
            Err(msg) => {
                let msg = format!("DungeonRoomPlacer: {msg}");
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                return Array::new();
            }
        };
        let size = self.room_size;
        let infos: Vec<(Vector2i, VarDictionary)> = {
            let g = grid.bind();
            let core = g.core();
            (0..core.room_records().len())
                .map(|room| {
                    let r = core.room_records()[room].rect;
                    (Vector2i::new(r.x, r.y), room_info(core, room, size))
                })
                .collect()
        };
        let mut out = Array::new();
        for (at, info) in infos {
            let role = info.get("role").unwrap_or_default();
            let scene = self
                .role_scenes
                .get(&role)
                .and_then(|s| s.try_to::<Gd<PackedScene>>().ok())
                .unwrap_or_else(|| scene.clone());
            let Some(mut node) = scene.instantiate() else {
                let msg = "DungeonRoomPlacer: a room scene could not be instanced".to_string();
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                return out;
            };
            let (x, y) = (at.x as f32, at.y as f32);
            if let Ok(mut n) = node.clone().try_cast::<Node2D>() {
                n.set_position(Vector2::new(x * size.x, y * size.y));
            } else if let Ok(mut n) = node.clone().try_cast::<Node3D>() {
                n.set_position(Vector3::new(x * size.x, 0.0, y * size.z));
            } else {
                node.free();
                let msg = "DungeonRoomPlacer: room_scene's root is neither a Node2D nor a Node3D"
                    .to_string();
                godot_error!("{msg}");
                self.last_error = GString::from(&msg);
                return out;
            }
            if node.has_method("setup_room") {
                node.call("setup_room", &[info.to_variant()]);
            }
            parent.add_child(&node);
            out.push(&node);
            self.signals().room_placed().emit(&node, &info);
        }
        self.last_error = GString::new();
        out
    }
}
