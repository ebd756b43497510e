//! Chunked painting: a big map split into one child `TileMapLayer` per
//! N×N block of cells, and what the painter remembers on its targets so
//! that replacing a level never scans a whole layer.
//!
//! Chunk layers sit at the parent's origin and hold their tiles at the
//! map's own cell coordinates, so a cell is read from its chunk with the
//! same coordinates as from one layer, and collision and navigation of
//! neighbouring chunks meet at the borders.

use std::collections::{BTreeMap, HashSet};

use godot::classes::{Node, Node2D, TileMapLayer};
use godot::prelude::*;

use super::mapping::Tile;
use super::tile_data::Painted;

/// Chunk side used by [`Chunking::Auto`](super::tile_painter) and a
/// chunk parent when no size is set (chosen in BENCHMARKS.md).
pub const DEFAULT_CHUNK: i32 = 256;
/// The biggest [`DEFAULT_CHUNK`]-free map: up to this many cells the
/// automatic mode paints one layer (below the tile count at which a
/// layer's storage first grows in one long step, 294,930 tiles).
pub const ONE_LAYER_CELLS: i64 = 512 * 512;
/// The largest chunk side accepted.
pub const MAX_CHUNK: i64 = 4096;

/// Meta on a chunk layer: its chunk coordinates and side
/// (`Vector3i(x, y, side)`).
pub const META_CHUNK: &str = "dungeon_chunk";
/// Meta on a chunk layer: how many tiles the painter wrote in it (`int`).
pub const META_TILES: &str = "dungeon_tiles";
/// Meta on a target: its chunk side, 0 when it is painted as one layer.
pub const META_SIZE: &str = "dungeon_chunk_size";
/// Meta on a target layer: the rectangle (`Rect2i`) of the tiles the
/// painter put on the layer itself.
pub const META_RECT: &str = "dungeon_painted_rect";

/// The node name of chunk `(cx, cy)` (cells `cx * size ..`, `cy * size ..`).
pub fn chunk_name(c: (i32, i32)) -> String {
    format!("Chunk_{}_{}", c.0, c.1)
}

/// The chunk holding `cell` for chunks of side `size` (at least 1).
pub fn chunk_of(cell: (i32, i32), size: i32) -> (i32, i32) {
    let s = size.max(1);
    (cell.0.div_euclid(s), cell.1.div_euclid(s))
}

/// One chunk's share of a paint, made on the worker thread.
pub struct ChunkWrite {
    /// Chunk coordinates.
    pub coord: (i32, i32),
    /// What the chunk layer gets, at map coordinates, one rendering
    /// quadrant after another: its tiles, and (for a chunk layer that is
    /// already there) `None` to erase every other cell of the chunk.
    pub cells: Vec<((i32, i32), Option<Tile>)>,
    /// How many tiles it holds once written (terrain walls included).
    pub tiles: usize,
    /// Painting in one call: its tiles as `tile_map_data` bytes (then
    /// `cells` is empty: the bytes replace whatever the layer held).
    pub bytes: Option<Vec<u8>>,
    /// Its wall cells left to Godot's terrain matching.
    pub terrain: Vec<(i32, i32)>,
}

/// The chunks of side `size` of a painted grid, each as `tile_map_data`
/// bytes (the grid must fit the format), ordered by chunk row then column;
/// only chunks with something to paint.
pub fn encoded(painted: &Painted, size: i32) -> Vec<ChunkWrite> {
    let s = size.max(1);
    let (_, _, w, h) = painted.whole();
    let mut out = Vec::new();
    for cy in 0..(h + s - 1) / s {
        for cx in 0..(w + s - 1) / s {
            let (bytes, count, terrain) = painted.to_bytes((cx * s, cy * s, s, s));
            if count + terrain.len() == 0 {
                continue;
            }
            out.push(ChunkWrite {
                coord: (cx, cy),
                cells: Vec::new(),
                tiles: count + terrain.len(),
                bytes: Some(bytes),
                terrain,
            });
        }
    }
    out
}

/// `cells` and `terrain` split by chunks of side `size`, ordered by chunk
/// row then column; only chunks with something to paint. Chunks in
/// `reused` (their layers hold an earlier map) also erase the cells of
/// their block that get no tile now. Within a chunk, cells come one
/// rendering quadrant (side `quadrant`) after another, so a frame that
/// writes part of a chunk dirties as few quadrants as it can.
pub fn split(
    cells: &[((i32, i32), Tile)],
    terrain: &[(i32, i32)],
    size: i32,
    reused: &HashSet<(i32, i32)>,
    quadrant: i32,
) -> Vec<ChunkWrite> {
    // Keyed by (row, column), so the chunks come out row by row.
    let mut map: BTreeMap<(i32, i32), ChunkWrite> = BTreeMap::new();
    for &(p, t) in cells {
        let w = slot(&mut map, p, size);
        w.cells.push((p, Some(t)));
        w.tiles += 1;
    }
    for &p in terrain {
        let w = slot(&mut map, p, size);
        w.terrain.push(p);
        w.tiles += 1;
    }
    let mut out: Vec<ChunkWrite> = map.into_values().collect();
    let s = size.max(1);
    let q = quadrant.max(1);
    for w in &mut out {
        if reused.contains(&w.coord) {
            // Every other cell of the block is erased (a cell the earlier
            // map left empty costs Godot a lookup only).
            let (x0, y0) = (w.coord.0 * s, w.coord.1 * s);
            let side = usize::try_from(s).unwrap_or(1);
            let mut painted = vec![false; side * side];
            let index = |(x, y): (i32, i32)| usize::try_from((y - y0) * s + (x - x0)).unwrap_or(0);
            for &(p, _) in &w.cells {
                painted[index(p)] = true;
            }
            for &p in &w.terrain {
                painted[index(p)] = true;
            }
            for y in y0..y0 + s {
                for x in x0..x0 + s {
                    if !painted[index((x, y))] {
                        w.cells.push(((x, y), None));
                    }
                }
            }
        }
        w.cells
            .sort_by_key(|&((x, y), _)| (y.div_euclid(q), x.div_euclid(q), y, x));
    }
    out
}

/// The chunk of `map` (keyed by row, column) holding cell `p`.
fn slot(map: &mut BTreeMap<(i32, i32), ChunkWrite>, p: (i32, i32), size: i32) -> &mut ChunkWrite {
    let (cx, cy) = chunk_of(p, size);
    map.entry((cy, cx)).or_insert_with(|| ChunkWrite {
        coord: (cx, cy),
        cells: Vec::new(),
        tiles: 0,
        bytes: None,
        terrain: Vec::new(),
    })
}

/// A chunk layer found under a parent: (coordinates, layer, tiles
/// written, chunk side).
pub type Found = ((i32, i32), Gd<TileMapLayer>, usize, i32);

/// The chunk layers under `parent` made by the painter. Looks at the
/// parent's children only.
pub fn existing(parent: &Gd<Node2D>) -> Vec<Found> {
    let mut out = Vec::new();
    for child in parent.get_children().iter_shared() {
        if !child.has_meta(META_CHUNK) {
            continue;
        }
        let Ok(layer) = child.try_cast::<TileMapLayer>() else {
            continue;
        };
        let Ok(c) = layer.get_meta(META_CHUNK).try_to::<Vector3i>() else {
            continue;
        };
        let tiles = layer
            .get_meta_ex(META_TILES)
            .default(&0.to_variant())
            .done()
            .try_to::<i64>()
            .unwrap_or(0);
        out.push(((c.x, c.y), layer, usize::try_from(tiles).unwrap_or(0), c.z));
    }
    out
}

/// The settings a chunk copies from its template layer (read and written
/// by name, so a setting a Godot version lacks is skipped).
const COPIED: &[&str] = &[
    "tile_set",
    "rendering_quadrant_size",
    "physics_quadrant_size",
    "collision_enabled",
    "use_kinematic_bodies",
    "collision_visibility_mode",
    "navigation_enabled",
    "navigation_visibility_mode",
    "occlusion_enabled",
    "y_sort_origin",
    "x_draw_order_reversed",
    "y_sort_enabled",
    "texture_filter",
    "texture_repeat",
    "light_mask",
    "visibility_layer",
    "material",
];

/// A new chunk layer `c` under `parent`, set up like `template`. When the
/// parent is the template itself, settings the chunk inherits from its
/// parent (position, modulate, z index) are left at their defaults.
pub fn create(
    parent: &mut Gd<Node2D>,
    template: &Gd<TileMapLayer>,
    c: (i32, i32),
    size: i32,
) -> Gd<TileMapLayer> {
    let mut layer = TileMapLayer::new_alloc();
    for &name in COPIED {
        let v = template.get(name);
        if !v.is_nil() {
            layer.set(name, &v);
        }
    }
    if template.instance_id() != parent.instance_id() {
        // A separate template: its look applies to each chunk.
        layer.set_modulate(template.get_modulate());
        layer.set_self_modulate(template.get_self_modulate());
        layer.set_z_index(template.get_z_index());
        layer.set_z_as_relative(template.is_z_relative());
    }
    layer.set_name(&chunk_name(c));
    layer.set_meta(META_CHUNK, &Vector3i::new(c.0, c.1, size).to_variant());
    parent.add_child(&layer);
    layer
}

/// The chunk side `target` was last painted with (0: one layer, or never
/// painted).
pub fn size_of(target: &Gd<Node2D>) -> i32 {
    target
        .get_meta_ex(META_SIZE)
        .default(&0.to_variant())
        .done()
        .try_to::<i32>()
        .unwrap_or(0)
        .max(0)
}

/// The rectangle of tiles the painter put on `target` itself, if any.
pub fn own_rect(target: &Gd<Node2D>) -> Option<Rect2i> {
    if !target.has_meta(META_RECT) {
        return None;
    }
    target.get_meta(META_RECT).try_to::<Rect2i>().ok()
}

/// The layer holding `cell` of `target`: the chunk layer for a chunked
/// target (`None` where no chunk was painted), or the target itself.
pub fn layer_at(target: &Gd<Node2D>, cell: Vector2i) -> Option<Gd<TileMapLayer>> {
    let size = size_of(target);
    if size == 0 {
        return target.clone().try_cast::<TileMapLayer>().ok();
    }
    let c = chunk_of((cell.x, cell.y), size);
    target
        .upcast_ref::<Node>()
        .get_node_or_null(&NodePath::from(chunk_name(c).as_str()))
        .and_then(|n| n.try_cast::<TileMapLayer>().ok())
        .filter(|l| {
            l.get_meta_ex(META_CHUNK)
                .default(&Variant::nil())
                .done()
                .try_to::<Vector3i>()
                .is_ok_and(|m| m.z == size)
        })
}
