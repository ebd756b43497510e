//! A placed room template as Godot sees it, shared by
//! [`TemplateGenerator`] and [`GraphLayoutGenerator`]: the placement's
//! [`VarDictionary`] (template, resource, scene, position, size, turn,
//! doors) with the [`Transform2D`]/[`Transform3D`] that put its scene in
//! place, and the `(placement, door)` pairs joins and sealed doors use.
//!
//! [`TemplateGenerator`]: crate::template_generator::TemplateGenerator
//! [`GraphLayoutGenerator`]: crate::graph_layout_generator::GraphLayoutGenerator

use dungeon_core::Pos;
use dungeon_core::graph_layout::GraphPlacement;
use dungeon_core::template::{
    DoorRef, PlacedDoor, Placement, RoomTemplate as CoreTemplate, Variant as Oriented,
};
use godot::prelude::*;

use crate::convert::{array_of, rect2i, vec2i};
use crate::generator::{CoreValue, Ints};
use crate::room_template::RoomTemplate;

/// What both generators' placements have: where a template went and its
/// doors.
pub struct Placed<'a> {
    /// Index into the generator's non-empty templates.
    pub template: usize,
    /// Top-left cell of the footprint.
    pub position: Pos,
    /// Footprint size after turning.
    pub size: (i32, i32),
    /// Quarter turns clockwise, after mirroring.
    pub rotation: u8,
    /// Mirrored left to right.
    pub mirrored: bool,
    /// Its doors in the template's order: a fixed slot's door, each door
    /// placed on a door line, or an unused door line sealed whole (see
    /// [`PlacedDoor::slot`] and [`PlacedDoor::length`]).
    pub doors: &'a [PlacedDoor],
}

impl<'a> From<&'a Placement> for Placed<'a> {
    fn from(p: &'a Placement) -> Self {
        Self {
            template: p.template,
            position: p.position,
            size: p.size,
            rotation: p.rotation,
            mirrored: p.mirrored,
            doors: &p.doors,
        }
    }
}

impl<'a> From<&'a GraphPlacement> for Placed<'a> {
    fn from(p: &'a GraphPlacement) -> Self {
        Self {
            template: p.template,
            position: p.position,
            size: p.size,
            rotation: p.rotation,
            mirrored: p.mirrored,
            doors: &p.doors,
        }
    }
}

/// A door reference as `Vector2i(placement, door)`.
pub fn pair(r: &DoorRef) -> Vector2i {
    Vector2i::new(r.placement as i32, r.door as i32)
}

/// Where template-local point `u` (pixels from the template's top-left
/// corner) lands in the level: mirrored, turned, moved to the placement.
fn place_point(p: &Placed, cs: Vector2, u: Vector2) -> Vector2 {
    let (w, h) = if p.rotation % 2 == 1 {
        (p.size.1, p.size.0)
    } else {
        p.size
    };
    let (mut bw, mut bh) = (w as f32 * cs.x, h as f32 * cs.y);
    let (mut x, mut y) = (u.x, u.y);
    if p.mirrored {
        x = bw - x;
    }
    for _ in 0..p.rotation % 4 {
        // A clockwise quarter turn of a bw × bh box (y down).
        (x, y) = (bh - y, x);
        std::mem::swap(&mut bw, &mut bh);
    }
    Vector2::new(
        p.position.0 as f32 * cs.x + x,
        p.position.1 as f32 * cs.y + y,
    )
}

/// The transform that puts a template's scene (whose top-left corner is at
/// `origin`) in place: 2D, and 3D on the x–z plane.
fn transforms(p: &Placed, origin: Vector3, cs: Vector2) -> (Transform2D, Transform3D) {
    let o = Vector2::new(origin.x, origin.z);
    let at = place_point(p, cs, -o);
    let a = place_point(p, cs, Vector2::new(1.0, 0.0) - o) - at;
    let b = place_point(p, cs, Vector2::new(0.0, 1.0) - o) - at;
    let t2 = Transform2D::from_cols(a, b, at);
    let basis = Basis::from_cols(
        Vector3::new(a.x, 0.0, a.y),
        Vector3::UP,
        Vector3::new(b.x, 0.0, b.y),
    );
    (t2, Transform3D::new(basis, Vector3::new(at.x, 0.0, at.y)))
}

/// The placement's dictionary: `template`, `resource` (its [RoomTemplate]
/// in `list`), `scene`, `position`, `size`, `rotation`, `mirrored`,
/// `outline` (the map cells it takes, see [`outline`]),
/// `doors` (per door: `slot`, the template's door it is on, `side`,
/// `cell`, `width`, `length`, `join`, `sealed`, `node`),
/// `transform_2d` and `transform_3d` (cells of `cs`). The caller adds its
/// own keys (`rooms`…).
pub fn dictionary(p: &Placed, list: &[Gd<RoomTemplate>], cs: Vector2) -> VarDictionary {
    let res = list.get(p.template);
    let origin = res.map_or(Vector3::ZERO, |t| t.bind().origin());
    let mut d = VarDictionary::new();
    d.set("template", p.template as i64);
    d.set("resource", &res.map(Gd::to_variant).unwrap_or_default());
    let scene = res.and_then(|t| {
        t.get("scene")
            .try_to::<Gd<godot::classes::PackedScene>>()
            .ok()
    });
    d.set("scene", &scene.map(|s| s.to_variant()).unwrap_or_default());
    d.set("position", vec2i(p.position));
    d.set("size", Vector2i::new(p.size.0, p.size.1));
    d.set("rotation", i64::from(p.rotation));
    d.set("mirrored", p.mirrored);
    d.set("outline", &outline(p, res));
    let nodes = |i: usize| res.map(|t| t.bind().door_node(i)).unwrap_or_default();
    let doors: Vec<VarDictionary> = p
        .doors
        .iter()
        .map(|door| {
            let mut e = VarDictionary::new();
            e.set("slot", door.slot as i64);
            e.set("side", door.side.index() as i64);
            e.set("cell", vec2i(door.cell));
            e.set("width", i64::from(door.width));
            e.set("length", i64::from(door.length));
            e.set("join", door.join.map_or(-1, |j| j as i64));
            e.set("sealed", door.join.is_none());
            e.set("node", &nodes(door.slot));
            e
        })
        .collect();
    d.set("doors", &array_of(doors));
    let (t2, t3) = transforms(p, origin, cs);
    d.set("transform_2d", t2);
    d.set("transform_3d", t3);
    d
}

/// The map cells placement `p` of template `res` takes, as rectangles
/// that do not overlap: its box, or for a template trimmed to its floors
/// the floors and the wall round them, turned as the room is.
fn outline(p: &Placed, res: Option<&Gd<RoomTemplate>>) -> Array<Rect2i> {
    let core = res.map(|t| t.bind().core(p.template, &mut Ints::default()));
    let cells = core
        .filter(|c| c.trim_to_floors)
        .and_then(|c| Oriented::of(&c, p.rotation, p.mirrored).outline);
    match cells {
        Some(rects) => rects
            .iter()
            .map(|r| {
                let mut r = rect2i(r);
                r.position += vec2i(p.position);
                r
            })
            .collect(),
        None => Array::from(&[Rect2i::new(
            vec2i(p.position),
            Vector2i::new(p.size.0, p.size.1),
        )]),
    }
}

/// The non-empty entries of a generator's `templates`, in order: the
/// indices the core's placements use.
pub fn non_empty(templates: &Array<Option<Gd<RoomTemplate>>>) -> Vec<Gd<RoomTemplate>> {
    templates.iter_shared().flatten().collect()
}

/// A generator's template list: the core takes the non-empty entries, in
/// order (a template without a name is named by its index); a preset's
/// core templates become new resources, without scenes.
impl CoreValue<Vec<CoreTemplate>> for Array<Option<Gd<RoomTemplate>>> {
    fn to_core(&self, _: &'static str, ints: &mut Ints) -> Vec<CoreTemplate> {
        non_empty(self)
            .iter()
            .enumerate()
            .map(|(i, t)| t.bind().core(i, ints))
            .collect()
    }

    fn from_core(core: &Vec<CoreTemplate>) -> Self {
        core.iter()
            .map(|t| Some(RoomTemplate::from_core(t)))
            .collect()
    }
}

/// A generator's `cell_size` after a preset is loaded: as it was, or 16 ×
/// 16 when it was never set.
pub fn cell_size_or_default(cell_size: Vector2) -> Vector2 {
    if cell_size == Vector2::ZERO {
        Vector2::new(16.0, 16.0)
    } else {
        cell_size
    }
}

/// A join's dictionary: `a` and `b` as `Vector2i(placement, door)`, and
/// whether it closes a loop.
pub fn join(a: &DoorRef, b: &DoorRef, is_loop: bool) -> VarDictionary {
    let mut d = VarDictionary::new();
    d.set("a", pair(a));
    d.set("b", pair(b));
    d.set("loop", is_loop);
    d
}

/// The graph a level's overlay draws: a centre per placement, the tree's
/// and the loops' connections between placements.
pub struct Drawn {
    /// Each placement's centre cell.
    pub centers: Array<Vector2i>,
    /// Tree connections.
    pub mst: Array<Vector2i>,
    /// The other connections.
    pub extra: Array<Vector2i>,
}

/// A `generate_with_graph` dictionary: `grid`, `placements`, `joins`,
/// `sealed`, `start`, `end`, `centers`, `mst`, `extra` and an empty
/// `delaunay`.
pub fn level(
    placements: Vec<VarDictionary>,
    joins: Vec<VarDictionary>,
    sealed: &[DoorRef],
    ends: (usize, usize),
    drawn: Drawn,
    grid: dungeon_core::DungeonGrid,
) -> VarDictionary {
    let mut d = VarDictionary::new();
    d.set("placements", &array_of(placements));
    d.set("joins", &array_of(joins));
    d.set("sealed", &array_of(sealed.iter().map(pair)));
    d.set("start", ends.0 as i64);
    d.set("end", ends.1 as i64);
    d.set("centers", &drawn.centers);
    d.set("mst", &drawn.mst);
    d.set("extra", &drawn.extra);
    d.set("delaunay", &Array::<Vector2i>::new());
    d.set("grid", &crate::generator::wrap(grid).to_variant());
    d
}
