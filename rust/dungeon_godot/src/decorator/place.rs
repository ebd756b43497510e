//! Placing props in a scene: each rule's scene instanced per prop, its mesh
//! drawn by one `MultiMeshInstance2D`/`3D` for all its props, its tile set
//! on a `"Decor"` `TileMapLayer` (2D).

use godot::classes::multi_mesh::TransformFormat;
use godot::classes::{
    Mesh, MultiMesh, MultiMeshInstance2D, MultiMeshInstance3D, Node2D, Node3D, PackedScene,
    Texture2D, TileMapLayer, TileSet,
};
use godot::prelude::*;

use super::DungeonDecorator;

/// What one rule places.
struct Placing {
    scene: Option<Gd<PackedScene>>,
    mesh: Option<Gd<Mesh>>,
    texture: Option<Gd<Texture2D>>,
    /// `(source, atlas coordinates)`, if the rule sets a tile.
    tile: Option<(i32, Vector2i)>,
}

/// The props of a `decorate` result, checked against the rules.
struct Props {
    rules: Vec<usize>,
    cells: PackedVector2Array,
    /// Where each prop stands, in cells.
    positions: PackedVector2Array,
    turns: PackedFloat32Array,
}

impl DungeonDecorator {
    /// What each rule places, in rule order; `Err` names an empty rule or
    /// a bad tile setting.
    fn placing(&self) -> Result<Vec<Placing>, String> {
        let mut out = Vec::new();
        for (i, r) in self.rules.iter_shared().enumerate() {
            let r =
                r.ok_or_else(|| format!("rule {i} is empty: set a DungeonDecorRule or remove it"))?;
            let r = r.bind();
            // The same checks as `decorate` (a bad tile names the rule).
            r.to_core(i)?;
            out.push(Placing {
                scene: r.scene.clone(),
                mesh: r.mesh.clone(),
                texture: r.mesh_texture.clone(),
                tile: i32::try_from(r.tile_source)
                    .ok()
                    .filter(|&s| s >= 0)
                    .map(|s| (s, r.tile_atlas_coords)),
            });
        }
        Ok(out)
    }
}

/// The arrays of `props`, each prop's rule one of `count` rules.
fn read_props(props: &VarDictionary, count: usize) -> Result<Props, String> {
    fn get<T: FromGodot>(props: &VarDictionary, key: &str) -> Result<T, String> {
        props
            .get(key)
            .and_then(|v| v.try_to::<T>().ok())
            .ok_or_else(|| format!("props has no \"{key}\" array: pass what decorate() returned"))
    }
    let rules: PackedInt32Array = get(props, "rules")?;
    let cells: PackedVector2Array = get(props, "cells")?;
    let positions: PackedVector2Array = get(props, "positions")?;
    let turns: PackedFloat32Array = get(props, "rotations")?;
    if cells.len() != rules.len() || positions.len() != rules.len() || turns.len() != rules.len() {
        return Err(format!(
            "props has {} rules, {} cells, {} positions and {} rotations: pass what decorate() returned",
            rules.len(),
            cells.len(),
            positions.len(),
            turns.len()
        ));
    }
    let rules = rules
        .as_slice()
        .iter()
        .enumerate()
        .map(|(k, &r)| {
            usize::try_from(r).ok().filter(|&r| r < count).ok_or_else(|| {
                format!(
                    "prop {k} is of rule {r}, but the decorator has {count} rules: pass props this decorator made"
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Props {
        rules,
        cells,
        positions,
        turns,
    })
}

/// Each rule's props, by index into `props`.
fn by_rule(props: &Props, count: usize) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); count];
    for (k, &r) in props.rules.iter().enumerate() {
        out[r].push(k);
    }
    out
}

/// A `MultiMesh` of `mesh` with `count` instances in `format`.
fn multimesh(mesh: &Gd<Mesh>, format: TransformFormat, count: usize) -> Gd<MultiMesh> {
    let mut mm = MultiMesh::new_gd();
    mm.set_transform_format(format);
    mm.set_instance_count(i32::try_from(count).unwrap_or(i32::MAX));
    mm.set_mesh(mesh);
    mm
}

/// [method DungeonDecorator.place_2d]'s work.
pub(super) fn place_2d(
    decorator: &DungeonDecorator,
    props: &VarDictionary,
    cell_size: Vector2,
    tile_set: Option<Gd<TileSet>>,
) -> Result<Gd<Node2D>, String> {
    let what = decorator.placing()?;
    let props = read_props(props, what.len())?;
    // Tiles are checked before any node is made.
    for (i, w) in what.iter().enumerate() {
        let Some((source, at)) = w.tile else {
            continue;
        };
        let ts = tile_set.as_ref().ok_or_else(|| {
            format!("rule {i} places a tile (tile_source = {source}) but tile_set is null: pass the level's TileSet")
        })?;
        let src = ts
            .has_source(source)
            .then(|| ts.get_source(source))
            .flatten()
            .ok_or_else(|| {
                format!(
                    "invalid tile_source = {source} (rule {i}): the tile set has no source {source}"
                )
            })?;
        if !src.has_tile(at) {
            return Err(format!(
                "invalid tile_atlas_coords = ({}, {}) (rule {i}): source {source} has no tile there",
                at.x, at.y
            ));
        }
    }
    let centre = |k: usize| props.positions.as_slice()[k] * cell_size;
    let turn = |k: usize| props.turns.as_slice()[k];
    let mut root = Node2D::new_alloc();
    root.set_name("Props");
    if let Some(ts) = &tile_set
        && what.iter().any(|w| w.tile.is_some())
    {
        let mut layer = TileMapLayer::new_alloc();
        layer.set_name("Decor");
        layer.set_tile_set(ts);
        for (k, &r) in props.rules.iter().enumerate() {
            if let Some((source, at)) = what[r].tile {
                let c = props.cells.as_slice()[k];
                layer
                    .set_cell_ex(Vector2i::new(c.x as i32, c.y as i32))
                    .source_id(source)
                    .atlas_coords(at)
                    .done();
            }
        }
        root.add_child(&layer);
    }
    for (r, list) in by_rule(&props, what.len()).iter().enumerate() {
        let w = &what[r];
        if let Some(scene) = &w.scene {
            for &k in list {
                let Some(node) = scene.instantiate() else {
                    continue;
                };
                if let Ok(mut n2) = node.clone().try_cast::<Node2D>() {
                    n2.set_position(centre(k));
                    n2.set_rotation(turn(k));
                }
                root.add_child(&node);
            }
        }
        if let Some(mesh) = &w.mesh
            && !list.is_empty()
        {
            let mut mm = multimesh(mesh, TransformFormat::TRANSFORM_2D, list.len());
            // The buffer's layout: per instance the two rows of the
            // transform, each padded to 4 floats (x.x, y.x, 0, origin.x,
            // x.y, y.y, 0, origin.y).
            let mut buf = Vec::with_capacity(8 * list.len());
            for &k in list {
                let t = Transform2D::from_angle_origin(turn(k), centre(k));
                buf.extend([t.a.x, t.b.x, 0.0, t.origin.x, t.a.y, t.b.y, 0.0, t.origin.y]);
            }
            mm.set_buffer(&PackedFloat32Array::from(buf));
            let mut node = MultiMeshInstance2D::new_alloc();
            node.set_name(&format!("MeshRule{r}"));
            node.set_multimesh(&mm);
            if let Some(t) = &w.texture {
                node.set_texture(t);
            }
            root.add_child(&node);
        }
    }
    Ok(root)
}

/// [method DungeonDecorator.place_3d]'s work.
pub(super) fn place_3d(
    decorator: &DungeonDecorator,
    props: &VarDictionary,
    cell_size: Vector3,
) -> Result<Gd<Node3D>, String> {
    let what = decorator.placing()?;
    let props = read_props(props, what.len())?;
    let centre = |k: usize| {
        let c = props.positions.as_slice()[k];
        Vector3::new(c.x * cell_size.x, 0.0, c.y * cell_size.z)
    };
    // Grid y runs along +z: a turn away from the wall on screen is the
    // opposite turn about +y.
    let turn = |k: usize| -props.turns.as_slice()[k];
    let mut root = Node3D::new_alloc();
    root.set_name("Props");
    for (r, list) in by_rule(&props, what.len()).iter().enumerate() {
        let w = &what[r];
        if let Some(scene) = &w.scene {
            for &k in list {
                let Some(node) = scene.instantiate() else {
                    continue;
                };
                if let Ok(mut n3) = node.clone().try_cast::<Node3D>() {
                    n3.set_position(centre(k));
                    n3.set_rotation(Vector3::new(0.0, turn(k), 0.0));
                }
                root.add_child(&node);
            }
        }
        if let Some(mesh) = &w.mesh
            && !list.is_empty()
        {
            let mut mm = multimesh(mesh, TransformFormat::TRANSFORM_3D, list.len());
            // Per instance the three rows of the basis, each followed by
            // that axis of the origin.
            let mut buf = Vec::with_capacity(12 * list.len());
            for &k in list {
                let [r0, r1, r2] = Basis::from_axis_angle(Vector3::UP, turn(k)).rows;
                let o = centre(k);
                buf.extend([
                    r0.x, r0.y, r0.z, o.x, r1.x, r1.y, r1.z, o.y, r2.x, r2.y, r2.z, o.z,
                ]);
            }
            mm.set_buffer(&PackedFloat32Array::from(buf));
            let mut node = MultiMeshInstance3D::new_alloc();
            node.set_name(&format!("MeshRule{r}"));
            node.set_multimesh(&mm);
            root.add_child(&node);
        }
    }
    Ok(root)
}
