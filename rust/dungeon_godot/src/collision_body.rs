//! The nodes of `DungeonCollision`'s bodies: one `CollisionShape2D` or
//! `CollisionShape3D` per rectangle, per outline chunk and per door, the
//! doors named and tagged so `set_door_closed` can find them.

use std::collections::BTreeMap;

use dungeon_core::collision::{self, Box2, CollisionData, OutlineData};
use godot::classes::{
    BoxShape3D, CollisionShape2D, CollisionShape3D, ConcavePolygonShape2D, ConcavePolygonShape3D,
    RectangleShape2D, StaticBody2D, StaticBody3D,
};
use godot::prelude::*;

/// The metadata key on a door shape holding its connection.
pub(crate) const META_CONNECTION: &str = "door_connection";
/// The metadata key on a door shape holding its lock (-1 for none).
pub(crate) const META_LOCK: &str = "door_lock";
/// The metadata key on a door shape saying whether it is a secret door.
pub(crate) const META_SECRET: &str = "door_secret";

/// The shapes a build made: rectangles, or outline chunks.
pub(crate) enum Built {
    Rects(CollisionData),
    Outline(OutlineData),
}

impl Built {
    /// How many shapes the body gets.
    pub(crate) fn shape_count(&self) -> usize {
        match self {
            Built::Rects(d) => d.shape_count(),
            Built::Outline(d) => d.shape_count(),
        }
    }

    /// The doors.
    fn doors(&self) -> &[collision::Door] {
        match self {
            Built::Rects(d) => &d.doors,
            Built::Outline(d) => &d.doors,
        }
    }
}

/// The door shapes with their child names, `Door_<connection>_<n>` with
/// `n` counting that connection's doors from 0.
fn door_names(doors: &[collision::Door]) -> Vec<(String, &collision::Door)> {
    let mut seen: BTreeMap<usize, usize> = BTreeMap::new();
    doors
        .iter()
        .map(|d| {
            let n = seen.entry(d.connection).or_insert(0);
            let name = format!("Door_{}_{n}", d.connection);
            *n += 1;
            (name, d)
        })
        .collect()
}

/// Marks a door shape with its connection, lock and secrecy.
fn tag(node: &mut Node, door: &collision::Door) {
    node.set_meta(META_CONNECTION, &(door.connection as i64).to_variant());
    let lock = door.lock.map_or(-1, |l| l as i64);
    node.set_meta(META_LOCK, &lock.to_variant());
    node.set_meta(META_SECRET, &door.secret.to_variant());
}

/// A `StaticBody2D` with one `CollisionShape2D` per shape, cells
/// `cell` pixels; shapes of one size share one `RectangleShape2D`.
pub(crate) fn body_2d(data: &Built, cell: Vector2) -> Gd<StaticBody2D> {
    let mut body = StaticBody2D::new_alloc();
    body.set_name("Collision");
    let mut shapes: BTreeMap<(u32, u32), Gd<RectangleShape2D>> = BTreeMap::new();
    let mut add = |body: &mut Gd<StaticBody2D>, b: &Box2, name: &str| {
        let (cx, cy) = b.center();
        let (w, h) = b.size();
        let size = Vector2::new(w * cell.x, h * cell.y);
        let shape = shapes
            .entry((size.x.to_bits(), size.y.to_bits()))
            .or_insert_with(|| {
                let mut s = RectangleShape2D::new_gd();
                s.set_size(size);
                s
            })
            .clone();
        let mut node = CollisionShape2D::new_alloc();
        node.set_name(name);
        node.set_shape(&shape);
        node.set_position(Vector2::new(cx * cell.x, cy * cell.y));
        body.add_child(&node);
        node
    };
    match data {
        Built::Rects(d) => {
            for (i, r) in d.walls.iter().enumerate() {
                add(&mut body, &r.to_box(), &format!("Wall_{i}"));
            }
            for (i, b) in d.thin_walls.iter().enumerate() {
                add(&mut body, b, &format!("ThinWall_{i}"));
            }
        }
        Built::Outline(d) => {
            for c in &d.chunks {
                let mut points = PackedVector2Array::new();
                for seg in &c.segments {
                    points.push(Vector2::new(seg.a.0 * cell.x, seg.a.1 * cell.y));
                    points.push(Vector2::new(seg.b.0 * cell.x, seg.b.1 * cell.y));
                }
                let mut shape = ConcavePolygonShape2D::new_gd();
                shape.set_segments(&points);
                let mut node = CollisionShape2D::new_alloc();
                node.set_name(&format!("Chunk_{}_{}", c.chunk.0, c.chunk.1));
                node.set_shape(&shape);
                body.add_child(&node);
            }
        }
    }
    for (name, door) in door_names(data.doors()) {
        let mut node = add(&mut body, &door.rect, &name);
        node.set_disabled(!door.closed);
        tag(node.upcast_mut(), door);
    }
    body
}

/// A `StaticBody3D` with one `BoxShape3D` per shape for a GridMap of cell
/// `cell`: boxes `height` tall standing at `base_y`.
pub(crate) fn body_3d(data: &Built, cell: Vector3, height: f32, base_y: f32) -> Gd<StaticBody3D> {
    let mut body = StaticBody3D::new_alloc();
    body.set_name("Collision");
    let mut shapes: BTreeMap<(u32, u32), Gd<BoxShape3D>> = BTreeMap::new();
    let mut add = |body: &mut Gd<StaticBody3D>, b: &Box2, name: &str| {
        let (cx, cz) = b.center();
        let (w, d) = b.size();
        let size = Vector3::new(w * cell.x, height, d * cell.z);
        let shape = shapes
            .entry((size.x.to_bits(), size.z.to_bits()))
            .or_insert_with(|| {
                let mut s = BoxShape3D::new_gd();
                s.set_size(size);
                s
            })
            .clone();
        let mut node = CollisionShape3D::new_alloc();
        node.set_name(name);
        node.set_shape(&shape);
        node.set_position(Vector3::new(
            cx * cell.x,
            base_y + height / 2.0,
            cz * cell.z,
        ));
        body.add_child(&node);
        node
    };
    match data {
        Built::Rects(d) => {
            for (i, r) in d.walls.iter().enumerate() {
                add(&mut body, &r.to_box(), &format!("Wall_{i}"));
            }
            for (i, b) in d.thin_walls.iter().enumerate() {
                add(&mut body, b, &format!("ThinWall_{i}"));
            }
        }
        Built::Outline(d) => {
            let (lo, hi) = (base_y, base_y + height);
            for c in &d.chunks {
                // Each segment a wall standing on the floor: two triangles.
                let mut faces = PackedVector3Array::new();
                for seg in &c.segments {
                    let a = (seg.a.0 * cell.x, seg.a.1 * cell.z);
                    let b = (seg.b.0 * cell.x, seg.b.1 * cell.z);
                    for (x, y, z) in [
                        (a.0, lo, a.1),
                        (b.0, lo, b.1),
                        (b.0, hi, b.1),
                        (a.0, lo, a.1),
                        (b.0, hi, b.1),
                        (a.0, hi, a.1),
                    ] {
                        faces.push(Vector3::new(x, y, z));
                    }
                }
                let mut shape = ConcavePolygonShape3D::new_gd();
                shape.set_backface_collision_enabled(true);
                shape.set_faces(&faces);
                let mut node = CollisionShape3D::new_alloc();
                node.set_name(&format!("Chunk_{}_{}", c.chunk.0, c.chunk.1));
                node.set_shape(&shape);
                body.add_child(&node);
            }
        }
    }
    for (name, door) in door_names(data.doors()) {
        let mut node = add(&mut body, &door.rect, &name);
        node.set_disabled(!door.closed);
        tag(node.upcast_mut(), door);
    }
    body
}
