//! Reading a [`RoomTemplate`](crate::room_template::RoomTemplate) from a
//! room scene: bounds node, door markers, floor nodes, root metadata.

use dungeon_core::Rect;
use dungeon_core::template::{
    DoorSlot, MAX_TEMPLATE_SIDE, RoomTemplate as CoreTemplate, Side, TrimmedWalls,
};
use godot::classes::{Control, Node2D, Node3D, PackedScene};
use godot::prelude::*;

/// What a scene gave: the core template and the bounds' top-left corner.
pub struct Read {
    pub core: CoreTemplate,
    pub origin: Vector3,
    pub door_nodes: Vec<NodePath>,
}

/// A node's rectangle (top-left corner, size) in the scene root's frame,
/// on the template's plane (x, y in 2D; x, z in 3D). `None` for a node
/// that has no position; a missing size is `None` too.
fn node_rect(node: &Gd<Node>, root: &Gd<Node>) -> Option<(Vector2, Option<Vector2>, f32)> {
    let size_meta = |n: &Gd<Node>| -> Option<Vector2> {
        if !n.has_meta("size") {
            return None;
        }
        let v = n.get_meta("size");
        v.try_to::<Vector2>()
            .ok()
            .or_else(|| v.try_to::<Vector3>().ok().map(|s| Vector2::new(s.x, s.z)))
            .or_else(|| {
                v.try_to::<Vector2i>()
                    .ok()
                    .map(|s| Vector2::new(s.x as f32, s.y as f32))
            })
    };
    if let Ok(c) = node.clone().try_cast::<Control>() {
        let mut p = c.get_position();
        let mut up = c.get_parent();
        while let Some(parent) = up {
            if &parent == root || parent == *node {
                break;
            }
            if let Ok(pc) = parent.clone().try_cast::<Control>() {
                p += pc.get_position();
            } else if let Ok(p2) = parent.clone().try_cast::<Node2D>() {
                p = p2.get_transform() * p;
            }
            up = parent.get_parent();
        }
        if node == root {
            p = Vector2::ZERO;
        }
        return Some((p, Some(c.get_size()), 0.0));
    }
    if let Ok(n2) = node.clone().try_cast::<Node2D>() {
        let mut t = if node == root {
            Transform2D::IDENTITY
        } else {
            n2.get_transform()
        };
        let mut up = n2.get_parent();
        while let Some(parent) = up {
            if &parent == root || node == root {
                break;
            }
            if let Ok(p2) = parent.clone().try_cast::<Node2D>() {
                t = p2.get_transform() * t;
            }
            up = parent.get_parent();
        }
        return Some((t.origin, size_meta(node), 0.0));
    }
    if let Ok(n3) = node.clone().try_cast::<Node3D>() {
        let mut t = if node == root {
            Transform3D::IDENTITY
        } else {
            n3.get_transform()
        };
        let mut up = n3.get_parent();
        while let Some(parent) = up {
            if &parent == root || node == root {
                break;
            }
            if let Ok(p3) = parent.clone().try_cast::<Node3D>() {
                t = p3.get_transform() * t;
            }
            up = parent.get_parent();
        }
        return Some((
            Vector2::new(t.origin.x, t.origin.z),
            size_meta(node),
            t.origin.y,
        ));
    }
    None
}

/// Every node under `root` (root included), level by level in scene order.
fn all_nodes(root: &Gd<Node>) -> Vec<Gd<Node>> {
    let mut out = vec![root.clone()];
    let mut i = 0;
    while i < out.len() {
        let children = out[i].get_children();
        out.extend(children.iter_shared());
        i += 1;
    }
    out
}

/// Cells in `v` pixels (or metres), if whole within a thousandth and
/// within `i32` (so a huge size is never cut to `i32::MAX`).
fn whole(v: f32, cell: f32) -> Option<i32> {
    let n = v / cell;
    let fits = n.is_finite() && n.abs() <= 1e9;
    (fits && (n - n.round()).abs() < 1e-3).then(|| n.round() as i32)
}

fn side_from_meta(node: &Gd<Node>) -> Result<Option<Side>, String> {
    if !node.has_meta("side") {
        return Ok(None);
    }
    let v = node.get_meta("side");
    if let Ok(i) = v.try_to::<i64>() {
        return usize::try_from(i)
            .ok()
            .and_then(|i| Side::ALL.get(i).copied())
            .map(Some)
            .ok_or_else(|| format!("side {i} (allowed 0..=3 or north, east, south, west)"));
    }
    let s = v.to::<GString>().to_string().to_lowercase();
    Side::ALL
        .iter()
        .find(|side| side.name() == s)
        .copied()
        .map(Some)
        .ok_or_else(|| format!("side {s:?} (allowed north, east, south, west)"))
}

fn int_meta(node: &Gd<Node>, key: &str, default: i32) -> Result<i32, String> {
    if !node.has_meta(key) {
        return Ok(default);
    }
    let v = node.get_meta(key);
    v.try_to::<i64>()
        .ok()
        .or_else(|| {
            v.try_to::<f64>()
                .ok()
                .filter(|f| f.fract() == 0.0)
                .map(|f| f as i64)
        })
        .and_then(|i| i32::try_from(i).ok())
        .ok_or_else(|| format!("metadata {key} = {v} is not a whole number"))
}

/// Reads `scene` with cells of `cell` (see `RoomTemplate.load_scene`).
pub fn read(scene: &Gd<PackedScene>, cell: Vector2) -> Result<Read, String> {
    if !(cell.x > 0.0 && cell.y > 0.0 && cell.is_finite()) {
        return Err(format!("cell_size {cell} must be positive"));
    }
    let root = scene
        .instantiate()
        .ok_or_else(|| "the scene cannot be instanced".to_string())?;
    let name = scene.get_path().get_file().get_basename().to_string();
    let name = if name.is_empty() {
        root.get_name().to_string()
    } else {
        name
    };
    let result = read_nodes(&root, cell, &name);
    root.free();
    result.map(|(core, origin, door_nodes)| Read {
        core,
        origin,
        door_nodes,
    })
}

fn read_nodes(
    root: &Gd<Node>,
    cell: Vector2,
    name: &str,
) -> Result<(CoreTemplate, Vector3, Vec<NodePath>), String> {
    let nodes = all_nodes(root);
    let bounds = nodes
        .iter()
        .find(|n| n.is_in_group("bounds"))
        .or_else(|| nodes.iter().find(|n| n.get_name() == "Bounds"))
        .ok_or("no bounds: add a node named Bounds (or in group \"bounds\") marking the room")?;
    let (corner, size, height) =
        node_rect(bounds, root).ok_or("the bounds node is not a Control, Node2D or Node3D")?;
    let size =
        size.ok_or("the bounds node has no size: use a Control, or give it a \"size\" metadata")?;
    let (cw, ch) = (size.x / cell.x, size.y / cell.y);
    let side = (3.0 - 1e-3)..=(MAX_TEMPLATE_SIDE as f32 + 1e-3);
    if !(side.contains(&cw) && side.contains(&ch)) {
        return Err(format!(
            "bounds size {size} is {cw} × {ch} cells of {cell}: a room is 3 to {MAX_TEMPLATE_SIDE} cells a side"
        ));
    }
    let (w, h) = match (whole(size.x, cell.x), whole(size.y, cell.y)) {
        (Some(w), Some(h)) => (w, h),
        _ => {
            return Err(format!(
                "bounds size {size} is not whole cells of {cell} ({} × {} cells)",
                size.x / cell.x,
                size.y / cell.y
            ));
        }
    };
    let trim = bool_meta(root, "trim_to_floors")?.unwrap_or(false);
    let floors = read_floors(&nodes, root, corner, cell)?;
    // The trimmed room's walls, to tell which wall a marker is on.
    let walls = trim.then(|| {
        let mut probe = CoreTemplate::new(name, w, h, Vec::new());
        probe.floors.clone_from(&floors);
        probe.trim_to_floors = true;
        Walls {
            trimmed: TrimmedWalls::of(&probe),
            w,
            h,
        }
    });
    let mut doors = Vec::new();
    let mut door_nodes = Vec::new();
    for n in nodes.iter().filter(|n| n.is_in_group("door")) {
        door_nodes.push(root.get_path_to(n));
        doors.push(read_door(n, root, corner, cell, (w, h), walls.as_ref())?);
    }
    if doors.is_empty() {
        return Err("no doors: add marker nodes in group \"door\" on the room's edges".into());
    }
    let mut t = CoreTemplate::new(name, w, h, doors);
    t.floors = floors;
    if root.has_meta("tags") {
        let v = root.get_meta("tags");
        t.tags = match v.get_type() {
            VariantType::PACKED_STRING_ARRAY => v
                .to::<PackedStringArray>()
                .as_slice()
                .iter()
                .map(ToString::to_string)
                .collect(),
            _ => v
                .to::<GString>()
                .to_string()
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
        };
    }
    if root.has_meta("weight") {
        t.weight = root
            .get_meta("weight")
            .try_to::<f64>()
            .map_err(|_| "metadata weight is not a number")?;
    }
    for (key, field) in [
        ("rotations", &mut t.rotations),
        ("mirroring", &mut t.mirroring),
    ] {
        if let Some(b) = bool_meta(root, key)? {
            *field = b;
        }
    }
    t.trim_to_floors = trim;
    t.validate().map_err(|e| e.to_string())?;
    Ok((t, Vector3::new(corner.x, height, corner.y), door_nodes))
}

/// The root's bool metadata `key`, if it has one.
fn bool_meta(root: &Gd<Node>, key: &str) -> Result<Option<bool>, String> {
    if !root.has_meta(key) {
        return Ok(None);
    }
    root.get_meta(key)
        .try_to::<bool>()
        .map(Some)
        .map_err(|_| format!("metadata {key} is not a bool"))
}

/// The floor rectangles of the nodes in group `floor`, in cells from the
/// bounds' corner.
fn read_floors(
    nodes: &[Gd<Node>],
    root: &Gd<Node>,
    corner: Vector2,
    cell: Vector2,
) -> Result<Vec<Rect>, String> {
    let mut floors = Vec::new();
    for n in nodes.iter().filter(|n| n.is_in_group("floor")) {
        let label = n.get_name().to_string();
        let (at, size, _) =
            node_rect(n, root).ok_or_else(|| format!("floor {label} has no position"))?;
        let size = size.ok_or_else(|| format!("floor {label} has no size"))?;
        let cells = [
            whole(at.x - corner.x, cell.x),
            whole(at.y - corner.y, cell.y),
            whole(size.x, cell.x),
            whole(size.y, cell.y),
        ];
        match cells {
            [Some(x), Some(y), Some(fw), Some(fh)] => floors.push(Rect::new(x, y, fw, fh)),
            _ => return Err(format!("floor {label} is not on whole cells")),
        }
    }
    Ok(floors)
}

/// The walls of a room trimmed to its floors, and its box.
struct Walls {
    /// The core's rule for which cells are wall facing a side.
    trimmed: TrimmedWalls,
    w: i32,
    h: i32,
}

impl Walls {
    /// Whether `slot`'s inset is within the box (its cells then are).
    fn in_box(&self, slot: &DoorSlot) -> bool {
        let depth = match slot.side {
            Side::North | Side::South => self.h,
            Side::East | Side::West => self.w,
        };
        (0..depth).contains(&slot.inset)
    }

    /// Whether every cell of `slot` (in the box: [`Self::in_box`]) is wall
    /// facing its side.
    fn holds(&self, slot: &DoorSlot) -> bool {
        self.trimmed.holds(slot, self.w, self.h)
    }
}

/// How many cells a marker at cell `(cx, cy)` is in from `side`'s edge of
/// a `w × h` box, if it sits on the outer line or the middle of a wall
/// facing `side`.
fn inset_at(side: Side, (cx, cy): (f32, f32), (w, h): (i32, i32)) -> i32 {
    let depth = match side {
        Side::North => cy,
        Side::South => h as f32 - cy,
        Side::West => cx,
        Side::East => w as f32 - cx,
    };
    // A float past i32 saturates, NaN becomes 0: the core refuses both
    // where they matter, naming the door.
    (depth + 0.01).floor() as i32
}

/// Reads door marker `n` of a `w × h` room (see `RoomTemplate.load_scene`);
/// `walls` for a room trimmed to its floors.
fn read_door(
    n: &Gd<Node>,
    root: &Gd<Node>,
    corner: Vector2,
    cell: Vector2,
    (w, h): (i32, i32),
    walls: Option<&Walls>,
) -> Result<DoorSlot, String> {
    let label = n.get_name().to_string();
    let (at, _, _) = node_rect(n, root)
        .ok_or_else(|| format!("door {label} is not a Node2D, Node3D or Control"))?;
    let (cx, cy) = ((at.x - corner.x) / cell.x, (at.y - corner.y) / cell.y);
    let width = int_meta(n, "width", 1).map_err(|e| format!("door {label}: {e}"))?;
    // A door line: the marker at the middle of the whole line.
    let length = int_meta(n, "length", width).map_err(|e| format!("door {label}: {e}"))?;
    if length < width {
        return Err(format!(
            "door {label}: length {length} is less than its width {width} \
             (a door line is at least as long as its door is wide)"
        ));
    }
    let side_meta = side_from_meta(n).map_err(|e| format!("door {label}: {e}"))?;
    let inset_meta = if n.has_meta("inset") {
        Some(int_meta(n, "inset", 0).map_err(|e| format!("door {label}: {e}"))?)
    } else {
        None
    };
    let offset_meta = if n.has_meta("offset") {
        Some(int_meta(n, "offset", 0).map_err(|e| format!("door {label}: {e}"))?)
    } else {
        None
    };
    // The slot on `side`, offset and inset from the position unless given.
    let slot_on = |side: Side, inset: i32| {
        let along = match side {
            Side::North | Side::South => cx,
            Side::East | Side::West => cy,
        };
        let offset = offset_meta.unwrap_or_else(|| (along - length as f32 / 2.0).round() as i32);
        DoorSlot::line(side, offset, width, length).with_inset(inset)
    };
    let wall_of = |side: Side| match side {
        Side::North | Side::South => w,
        Side::East | Side::West => h,
    };
    let on_wall = |d: &DoorSlot| {
        d.offset >= 1 && i64::from(d.offset) + i64::from(d.length) < i64::from(wall_of(d.side))
    };
    let slot = match (side_meta, walls) {
        (Some(side), Some(_)) => slot_on(
            side,
            inset_meta.unwrap_or_else(|| inset_at(side, (cx, cy), (w, h))),
        ),
        (None, Some(walls)) => {
            let found: Vec<DoorSlot> = Side::ALL
                .iter()
                .map(|&side| {
                    slot_on(
                        side,
                        inset_meta.unwrap_or_else(|| inset_at(side, (cx, cy), (w, h))),
                    )
                })
                // Inside the box first: `holds` walks the slot's cells.
                .filter(|d| on_wall(d) && walls.in_box(d) && walls.holds(d))
                .collect();
            match found.as_slice() {
                [one] => *one,
                [] => {
                    return Err(format!(
                        "door {label} at cell ({cx:.2}, {cy:.2}) is on no straight wall round the floors \
                         of the trimmed room (put it on the outer line or middle of a wall, \
                         or give it a \"side\" metadata)"
                    ));
                }
                _ => {
                    let sides: Vec<&str> = found.iter().map(|d| d.side.name()).collect();
                    return Err(format!(
                        "door {label} at cell ({cx:.2}, {cy:.2}) is on walls facing {}: \
                         give it a \"side\" metadata",
                        sides.join(" and ")
                    ));
                }
            }
        }
        (side, None) => {
            let (wf, hf) = (w as f32, h as f32);
            let side = match side {
                Some(s) => s,
                None if (-0.01..=1.0).contains(&cy) && cx > 0.0 && cx < wf => Side::North,
                None if cy >= hf - 1.0 && cy <= hf + 0.01 && cx > 0.0 && cx < wf => Side::South,
                None if (-0.01..=1.0).contains(&cx) && cy > 0.0 && cy < hf => Side::West,
                None if cx >= wf - 1.0 && cx <= wf + 0.01 && cy > 0.0 && cy < hf => Side::East,
                None => {
                    return Err(format!(
                        "door {label} at cell ({cx:.2}, {cy:.2}) is not on an edge of the {w} × {h} room \
                         (put it on the wall, or give it a \"side\" metadata)"
                    ));
                }
            };
            slot_on(side, inset_meta.unwrap_or(0))
        }
    };
    if length > width && !on_wall(&slot) {
        return Err(format!(
            "door {label}: the door line ({} offset {} length {length}) is off the wall: \
             the {} wall has cells 1 to {} between its corners",
            slot.side.name(),
            slot.offset,
            slot.side.name(),
            wall_of(slot.side) - 2
        ));
    }
    Ok(slot)
}
