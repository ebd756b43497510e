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

/// The cost of each tile that costs more than one, sorted by tile.
#[derive(Clone, Debug, Default)]
pub struct Costs(Vec<(Tile, usize)>);

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
            if (0..physics_layers).any(|l| data.get_collision_polygons_count(l) > 0) {
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
                out.push((t, cost));
            }
        }
        Self(out)
    }

    /// What writing `tile` costs (erasing a cell costs one).
    pub fn of_tile(&self, tile: Option<Tile>) -> usize {
        match tile {
            Some(t) if !self.0.is_empty() => self
                .0
                .binary_search_by(|(k, _)| k.cmp(&t))
                .map_or(1, |i| self.0[i].1),
            _ => 1,
        }
    }
}
