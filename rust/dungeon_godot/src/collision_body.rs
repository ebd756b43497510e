//! The nodes of `DungeonCollision`'s bodies: one `CollisionShape2D` or
//! `CollisionShape3D` per rectangle, per outline chunk and per door, the
//! doors named and tagged so `set_door_closed` can find them; all in one
//! body, or one body per square chunk of cells ([`parts`]), made one at a
//! time so a level can add them over frames.

use std::collections::BTreeMap;

use dungeon_core::collision::{self, Box2, CollisionData, OutlineData};
use godot::classes::{
    BoxShape3D, CollisionShape2D, CollisionShape3D, ConcavePolygonShape2D, ConcavePolygonShape3D,
    Node2D, Node3D, RectangleShape2D, StaticBody2D, StaticBody3D,
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
    pub(crate) fn doors(&self) -> &[collision::Door] {
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

/// What goes into one body: indices into a build's walls, thin walls,
/// outline chunks and doors.
#[derive(Default)]
pub(crate) struct Part {
    /// The chunk `(cx, cy)`, or `None` for the one body holding everything.
    pub(crate) chunk: Option<(i32, i32)>,
    walls: Vec<usize>,
    thin: Vec<usize>,
    outlines: Vec<usize>,
    doors: Vec<usize>,
}

/// One part with every shape of `data`: the single body.
pub(crate) fn whole(data: &Built) -> Part {
    let (walls, thin, outlines) = match data {
        Built::Rects(d) => (d.walls.len(), d.thin_walls.len(), 0),
        Built::Outline(d) => (0, 0, d.chunks.len()),
    };
    Part {
        chunk: None,
        walls: (0..walls).collect(),
        thin: (0..thin).collect(),
        outlines: (0..outlines).collect(),
        doors: (0..data.doors().len()).collect(),
    }
}

/// The shapes of `data` grouped by the square chunk of `size` cells
/// (at least 1) their top-left corner lies in (a door: its centre; an
/// outline chunk: its own chunk, which must be of the same size), by row
/// then column of chunks.
pub(crate) fn parts(data: &Built, size: i32) -> Vec<Part> {
    let size = size.max(1);
    let at = |x: f32, y: f32| {
        let c = |v: f32| (v.floor() as i32).div_euclid(size);
        (c(y), c(x))
    };
    let mut map: BTreeMap<(i32, i32), Part> = BTreeMap::new();
    fn part(map: &mut BTreeMap<(i32, i32), Part>, key: (i32, i32)) -> &mut Part {
        map.entry(key).or_insert_with(|| Part {
            chunk: Some((key.1, key.0)),
            ..Part::default()
        })
    }
    match data {
        Built::Rects(d) => {
            for (i, r) in d.walls.iter().enumerate() {
                part(&mut map, at(r.x0 as f32, r.y0 as f32)).walls.push(i);
            }
            for (i, b) in d.thin_walls.iter().enumerate() {
                part(&mut map, at(b.x0, b.y0)).thin.push(i);
            }
        }
        Built::Outline(d) => {
            for (i, c) in d.chunks.iter().enumerate() {
                part(&mut map, (c.chunk.1, c.chunk.0)).outlines.push(i);
            }
        }
    }
    for (i, door) in data.doors().iter().enumerate() {
        let (cx, cy) = door.rect.center();
        part(&mut map, at(cx, cy)).doors.push(i);
    }
    map.into_values().collect()
}

/// The name of a chunk's body, `Chunk_<cx>_<cy>`.
fn chunk_name(chunk: (i32, i32)) -> String {
    format!("Chunk_{}_{}", chunk.0, chunk.1)
}

/// Makes 2D bodies of a build's parts, cells `cell` pixels; shapes of one
/// size share one `RectangleShape2D` across the bodies.
pub(crate) struct Maker2D {
    cell: Vector2,
    shapes: BTreeMap<(u32, u32), Gd<RectangleShape2D>>,
    names: Vec<String>,
}

impl Maker2D {
    pub(crate) fn new(data: &Built, cell: Vector2) -> Self {
        Self {
            cell,
            shapes: BTreeMap::new(),
            names: door_names(data.doors())
                .into_iter()
                .map(|(n, _)| n)
                .collect(),
        }
    }

    /// A rectangle shape node for `b`, named `name`, added to `body`.
    fn add(&mut self, body: &mut Gd<StaticBody2D>, b: &Box2, name: &str) -> Gd<CollisionShape2D> {
        self.add_turned(body, b, name, None)
    }

    /// [`Self::add`], the node turned by `turn` radians and one-way when
    /// `turn` is given (set before the node is added: out of the tree a
    /// later turn would not reach the physics server).
    fn add_turned(
        &mut self,
        body: &mut Gd<StaticBody2D>,
        b: &Box2,
        name: &str,
        turn: Option<f32>,
    ) -> Gd<CollisionShape2D> {
        let cell = self.cell;
        let (cx, cy) = b.center();
        let (w, h) = b.size();
        let size = Vector2::new(w * cell.x, h * cell.y);
        let shape = self
            .shapes
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
        if let Some(turn) = turn {
            node.set_rotation(turn);
            node.set_one_way_collision(true);
        }
        body.add_child(&node);
        node
    }

    /// The body of `part`: named `Collision` for the whole, else after its
    /// chunk.
    pub(crate) fn body(&mut self, data: &Built, part: &Part) -> Gd<StaticBody2D> {
        let cell = self.cell;
        let mut body = StaticBody2D::new_alloc();
        body.set_name(&part.chunk.map_or("Collision".into(), chunk_name));
        match data {
            Built::Rects(d) => {
                for &i in &part.walls {
                    self.add(&mut body, &d.walls[i].to_box(), &format!("Wall_{i}"));
                }
                for &i in &part.thin {
                    self.add(&mut body, &d.thin_walls[i], &format!("ThinWall_{i}"));
                }
            }
            Built::Outline(d) => {
                for &i in &part.outlines {
                    let c = &d.chunks[i];
                    // Gathered in Rust and handed over at once: a push per
                    // point is a call into Godot each.
                    let points: Vec<Vector2> = c
                        .segments
                        .iter()
                        .flat_map(|seg| [seg.a, seg.b])
                        .map(|(x, y)| Vector2::new(x * cell.x, y * cell.y))
                        .collect();
                    let mut shape = ConcavePolygonShape2D::new_gd();
                    shape.set_segments(&PackedVector2Array::from(points.as_slice()));
                    let mut node = CollisionShape2D::new_alloc();
                    node.set_name(&chunk_name(c.chunk));
                    node.set_shape(&shape);
                    body.add_child(&node);
                }
            }
        }
        for &i in &part.doors {
            let door = &data.doors()[i];
            let name = self.names[i].clone();
            let mut node = match door.one_way {
                Some(step) => self.add_one_way(&mut body, &door.rect, step, &name),
                None => self.add(&mut body, &door.rect, &name),
            };
            node.set_disabled(!door.closed && door.one_way.is_none());
            tag(node.upcast_mut(), door);
        }
        body
    }

    /// A one-way door: Godot's one-way shapes stop only what moves along
    /// their own +Y, so the rectangle is turned until that is `step` (its
    /// size turned with it: the same box on the map).
    fn add_one_way(
        &mut self,
        body: &mut Gd<StaticBody2D>,
        b: &Box2,
        step: (i32, i32),
        name: &str,
    ) -> Gd<CollisionShape2D> {
        let (w, h) = b.size();
        let (cx, cy) = b.center();
        let turned = if step.0 == 0 {
            *b
        } else {
            Box2 {
                x0: cx - h / 2.0,
                y0: cy - w / 2.0,
                x1: cx + h / 2.0,
                y1: cy + w / 2.0,
            }
        };
        let turn = (-(step.0 as f32)).atan2(step.1 as f32);
        self.add_turned(body, &turned, name, Some(turn))
    }
}

/// Makes 3D bodies of a build's parts for a GridMap of cell `cell`: boxes
/// (or outline walls) `height` tall standing at `base_y`.
pub(crate) struct Maker3D {
    cell: Vector3,
    height: f32,
    base_y: f32,
    shapes: BTreeMap<(u32, u32), Gd<BoxShape3D>>,
    names: Vec<String>,
}

impl Maker3D {
    pub(crate) fn new(data: &Built, cell: Vector3, height: f32, base_y: f32) -> Self {
        Self {
            cell,
            height,
            base_y,
            shapes: BTreeMap::new(),
            names: door_names(data.doors())
                .into_iter()
                .map(|(n, _)| n)
                .collect(),
        }
    }

    /// A box shape node for `b`, named `name`, added to `body`.
    fn add(&mut self, body: &mut Gd<StaticBody3D>, b: &Box2, name: &str) -> Gd<CollisionShape3D> {
        let (cell, height) = (self.cell, self.height);
        let (cx, cz) = b.center();
        let (w, d) = b.size();
        let size = Vector3::new(w * cell.x, height, d * cell.z);
        let shape = self
            .shapes
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
            self.base_y + height / 2.0,
            cz * cell.z,
        ));
        body.add_child(&node);
        node
    }

    /// The body of `part`, named as [`Maker2D::body`] names it.
    pub(crate) fn body(&mut self, data: &Built, part: &Part) -> Gd<StaticBody3D> {
        let cell = self.cell;
        let mut body = StaticBody3D::new_alloc();
        body.set_name(&part.chunk.map_or("Collision".into(), chunk_name));
        match data {
            Built::Rects(d) => {
                for &i in &part.walls {
                    self.add(&mut body, &d.walls[i].to_box(), &format!("Wall_{i}"));
                }
                for &i in &part.thin {
                    self.add(&mut body, &d.thin_walls[i], &format!("ThinWall_{i}"));
                }
            }
            Built::Outline(d) => {
                let (lo, hi) = (self.base_y, self.base_y + self.height);
                for &i in &part.outlines {
                    let c = &d.chunks[i];
                    // Each segment a wall standing on the floor: two triangles.
                    let mut faces: Vec<Vector3> = Vec::with_capacity(c.segments.len() * 6);
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
                    shape.set_faces(&PackedVector3Array::from(faces.as_slice()));
                    let mut node = CollisionShape3D::new_alloc();
                    node.set_name(&chunk_name(c.chunk));
                    node.set_shape(&shape);
                    body.add_child(&node);
                }
            }
        }
        for &i in &part.doors {
            let door = &data.doors()[i];
            let name = self.names[i].clone();
            let mut node = self.add(&mut body, &door.rect, &name);
            node.set_disabled(!door.closed);
            tag(node.upcast_mut(), door);
        }
        body
    }
}

/// Makes the bodies of a build, one part at a time, in 2D or 3D.
pub(crate) enum Maker {
    Flat(Maker2D),
    Solid(Maker3D),
}

impl Maker {
    /// The body of `part`, as a node.
    pub(crate) fn body(&mut self, data: &Built, part: &Part) -> Gd<Node> {
        match self {
            Maker::Flat(m) => m.body(data, part).upcast(),
            Maker::Solid(m) => m.body(data, part).upcast(),
        }
    }

    /// An empty `Node2D` or `Node3D` named `Collision`, for the chunks'
    /// bodies.
    pub(crate) fn root(&self) -> Gd<Node> {
        let mut root: Gd<Node> = match self {
            Maker::Flat(_) => Node2D::new_alloc().upcast(),
            Maker::Solid(_) => Node3D::new_alloc().upcast(),
        };
        root.set_name("Collision");
        root
    }
}
