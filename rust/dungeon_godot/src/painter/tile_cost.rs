//! What writing a tile costs Godot, in plain tiles: a tile with collision
//! or navigation makes the layer rebuild physics shapes or navigation
//! polygons at the end of the frame, so painting over frames counts it as
//! several tiles and writes fewer of them in one frame.
//!
//! Measured with `godot_project/bench/chunk_profile.gd` (1024² cave, chunks
//! of 256², 4096 tiles per frame; Godot 4.6): a plain tile cost about
//! 1.7 µs of main-thread work, a tile with a collision polygon about 5 µs
//! more, one with a navigation polygon about 7.6 µs more.

use godot::classes::{TileMapLayer, TileSetAtlasSource};
use godot::prelude::*;

use super::mapping::{Tile, Tiles, Walls};

/// Extra cost of a tile with a collision polygon (on a layer with
/// collision enabled), in plain tiles.
pub const COLLISION: usize = 3;
/// Extra cost of a tile with a navigation polygon (on a layer with
/// navigation enabled), in plain tiles.
pub const NAVIGATION: usize = 4;

/// Collision shapes Godot 4.6's built-in 2D physics holds in all: a script
/// creating rectangle shapes until one fails stops at this many ("Element
/// limit reached"). A `TileMapLayer` makes one per collision polygon per
/// tile.
pub const GODOT_PHYSICS_2D_SHAPES: usize = 270_336;

/// One tile that costs more than one: its cost and its collision polygons.
#[derive(Clone, Copy, Debug)]
struct Dear {
    tile: Tile,
    cost: usize,
    shapes: usize,
}

/// The cost (and collision polygons) of each tile that costs more than
/// one, sorted by tile.
#[derive(Clone, Debug, Default)]
pub struct Costs(Vec<Dear>);

impl Costs {
    /// The costs of the tiles `tiles` can paint, read from `layer`'s tile
    /// set and its collision and navigation switches.
    pub fn of(layer: &Gd<TileMapLayer>, tiles: &Tiles) -> Self {
        let Some(set) = layer.get_tile_set() else {
            return Self::default();
        };
        let collision = layer.is_collision_enabled();
        let navigation = layer.is_navigation_enabled();
        let physics_layers = if collision {
            set.get_physics_layers_count()
        } else {
            0
        };
        let navigation_layers = if navigation {
            set.get_navigation_layers_count()
        } else {
            0
        };
        if physics_layers == 0 && navigation_layers == 0 {
            return Self::default();
        }
        let mut all: Vec<Tile> = tiles.cells.iter().flatten().copied().collect();
        match &tiles.walls {
            Walls::Single(t) => all.push(*t),
            Walls::Edge(set) | Walls::Blob(set) => all.extend(set),
            Walls::None | Walls::Terrain(..) => {}
        }
        all.sort();
        all.dedup();
        let mut out = Vec::new();
        for t in all {
            let Some(data) = set
                .get_source(i32::from(t.source))
                .and_then(|s| s.try_cast::<TileSetAtlasSource>().ok())
                .filter(|s| {
                    let atlas = Vector2i::new(i32::from(t.atlas.0), i32::from(t.atlas.1));
                    s.has_tile(atlas) && s.has_alternative_tile(atlas, i32::from(t.alternative))
                })
                .and_then(|s| {
                    s.get_tile_data(
                        Vector2i::new(i32::from(t.atlas.0), i32::from(t.atlas.1)),
                        i32::from(t.alternative),
                    )
                })
            else {
                continue;
            };
            let mut cost = 1;
            let shapes: usize = (0..physics_layers)
                .map(|l| usize::try_from(data.get_collision_polygons_count(l)).unwrap_or(0))
                .sum();
            if shapes > 0 {
                cost += COLLISION;
            }
            // Called by name: gdext lists navigation classes only with its
            // experimental API.
            let mut data = data;
            if (0..navigation_layers).any(|l| {
                !data
                    .call("get_navigation_polygon", &[l.to_variant()])
                    .is_nil()
            }) {
                cost += NAVIGATION;
            }
            if cost > 1 {
                out.push(Dear {
                    tile: t,
                    cost,
                    shapes,
                });
            }
        }
        Self(out)
    }

    /// The entry of `tile`, if it costs more than one.
    fn find(&self, tile: Tile) -> Option<&Dear> {
        self.0
            .binary_search_by(|d| d.tile.cmp(&tile))
            .ok()
            .and_then(|i| self.0.get(i))
    }

    /// What writing `tile` costs (erasing a cell costs one).
    pub fn of_tile(&self, tile: Option<Tile>) -> usize {
        match tile {
            Some(t) if !self.0.is_empty() => self.find(t).map_or(1, |d| d.cost),
            _ => 1,
        }
    }

    /// The collision polygons `tile` makes on the layer.
    pub fn shapes_of(&self, tile: Tile) -> usize {
        if self.0.is_empty() {
            return 0;
        }
        self.find(tile).map_or(0, |d| d.shapes)
    }

    /// The collision polygons `cells` make.
    pub fn shapes_in(&self, cells: &[((i32, i32), Tile)]) -> usize {
        cells.iter().map(|&(_, t)| self.shapes_of(t)).sum()
    }

    /// Costs from (tile, cost, collision polygons), for tests.
    #[cfg(test)]
    pub fn from_entries(mut entries: Vec<(Tile, usize, usize)>) -> Self {
        entries.sort_by_key(|e| e.0);
        Self(
            entries
                .into_iter()
                .map(|(tile, cost, shapes)| Dear { tile, cost, shapes })
                .collect(),
        )
    }
}

/// Warns (once per paint) when one map's collision polygons alone are more
/// than Godot's built-in 2D physics holds: the walls past the limit get no
/// collision, and Godot logs an error for each of them.
pub fn warn_if_too_many_shapes(shapes: usize) {
    if shapes <= GODOT_PHYSICS_2D_SHAPES {
        return;
    }
    let engine = godot::classes::ProjectSettings::singleton()
        .get_setting("physics/2d/physics_engine")
        .to_string();
    if !matches!(engine.as_str(), "" | "DEFAULT" | "GodotPhysics2D") {
        return;
    }
    godot_warn!(
        "DungeonTilePainter: this map puts {shapes} collision polygons on its layers, and \
         Godot's built-in 2D physics holds about {GODOT_PHYSICS_2D_SHAPES} shapes in all: the \
         rest get no collision and Godot logs \"Element limit reached\" for each. Put \
         collision polygons on fewer tiles, or give a map this big its collision another way."
    );
}
