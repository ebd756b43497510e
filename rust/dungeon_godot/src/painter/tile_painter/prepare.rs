//! Checking a paint request, and painting one layer in one call.

use std::collections::HashSet;

use godot::classes::{Node2D, TileMapLayer};
use godot::prelude::*;

use super::super::chunks::{self, DEFAULT_CHUNK, ONE_LAYER_CELLS};
use super::super::frame_job::{PlanInput, set_tile};
use super::super::mapping::{DungeonTileMapping, Walls};
use super::super::tile_cost::{Costs, warn_if_too_many_shapes};
use super::super::tile_data::{Painted, fits, plan};
use super::{Chunking, DungeonTilePainter, WriteMethod};
use crate::convert::cell_array;
use crate::dungeon_grid::DungeonGrid;

/// A checked paint request.
pub(super) struct Prepared {
    pub(super) grid: Gd<DungeonGrid>,
    pub(super) target: Gd<Node2D>,
    pub(super) template: Option<Gd<TileMapLayer>>,
    pub(super) chunk: i32,
    pub(super) input: PlanInput,
    pub(super) terrain: (i32, i32),
    pub(super) rect: Rect2i,
    /// The painter's chunk layers under the target.
    pub(super) existing: Vec<chunks::Found>,
    /// What each tile costs against the per-frame budget.
    pub(super) costs: Costs,
}

impl DungeonTilePainter {
    /// Logs `msg` as an error and keeps it in `last_error`.
    pub(super) fn fail(&mut self, msg: String) {
        godot_error!("{msg}");
        self.last_error = GString::from(&msg);
    }

    /// `tiles` if it is a valid per-frame count (at least 1); otherwise
    /// logs why (also in `last_error`) and returns `None`.
    pub(super) fn checked_per_frame(&mut self, property: &str, tiles: i64) -> Option<i64> {
        if tiles >= 1 {
            return Some(tiles);
        }
        self.fail(format!(
            "DungeonTilePainter: invalid {property} = {tiles}: allowed 1 or more tiles per frame; \
             the setting is unchanged"
        ));
        None
    }

    /// One layer, in one call: the layer's old tiles are replaced, and
    /// chunk layers from an earlier paint are freed.
    pub(super) fn paint_one_layer(&mut self, mut layer: Gd<TileMapLayer>, p: Prepared) {
        let (w, h) = (p.input.grid.width(), p.input.grid.height());
        let terrain_walls = if self.write_method == WriteMethod::TileMapData && fits(w, h) {
            let painted = Painted::new(&p.input.grid, &p.input.tiles, p.input.neighbours);
            warn_if_too_many_shapes(painted.shapes(&p.costs));
            let (bytes, _, terrain) = painted.to_bytes(painted.whole());
            layer.set_tile_map_data_from_array(&PackedByteArray::from(bytes.as_slice()));
            terrain
        } else {
            let plan = plan(&p.input.grid, &p.input.tiles, p.input.neighbours);
            warn_if_too_many_shapes(p.costs.shapes_in(&plan.cells));
            layer.clear();
            for &(c, t) in &plan.cells {
                set_tile(&mut layer, c, t);
            }
            plan.terrain_walls
        };
        if !terrain_walls.is_empty() {
            layer.set_cells_terrain_connect(&cell_array(&terrain_walls), p.terrain.0, p.terrain.1);
        }
        let target = layer.upcast::<Node2D>();
        for (_, c, ..) in p.existing {
            c.free();
        }
        let mut target = target;
        target.set_meta(chunks::META_SIZE, &0.to_variant());
        target.set_meta(chunks::META_RECT, &p.rect.to_variant());
    }

    /// The target, its template, chunk side and plan input, or `None`
    /// after reporting what is missing or invalid.
    pub(super) fn prepare(
        &mut self,
        grid: Option<Gd<DungeonGrid>>,
        target: Option<Gd<Node2D>>,
    ) -> Option<Prepared> {
        let result = (|| {
            let grid = grid.ok_or_else(|| {
                "DungeonTilePainter: grid is null: pass a DungeonGrid from a generator".to_string()
            })?;
            let target = target.filter(|t| t.is_instance_valid()).ok_or_else(|| {
                "DungeonTilePainter: layer is null: pass the TileMapLayer to paint \
                 (or a Node2D to hold chunk layers)"
                    .to_string()
            })?;
            let mapping = self
                .mapping
                .clone()
                .unwrap_or_else(DungeonTileMapping::new_gd);
            let tiles = mapping.bind().tiles()?;
            let terrain = match tiles.walls {
                Walls::Terrain(set, terrain) => (set, terrain),
                _ => (0, 0),
            };
            let g = grid.bind();
            if !g.is_valid() {
                return Err(
                    "DungeonTilePainter: the grid failed to load (DungeonGrid.is_valid() is false)"
                        .to_string(),
                );
            }
            let core = g.shared();
            drop(g);
            let (w, h) = (core.width(), core.height());
            let layer = target.clone().try_cast::<TileMapLayer>().ok();
            // The chunk side is at most 4096 (its setter refuses more).
            let size = i32::try_from(self.chunk_size).unwrap_or(DEFAULT_CHUNK);
            let chunk = match (&layer, self.chunking) {
                (None, _) | (Some(_), Chunking::Always) => size,
                (Some(_), Chunking::Never) => 0,
                (Some(_), Chunking::Auto) => {
                    if i64::from(w) * i64::from(h) > ONE_LAYER_CELLS {
                        size
                    } else {
                        0
                    }
                }
            };
            let template = match &layer {
                Some(l) => Some(l.clone()),
                None => Some(self.chunk_template.clone().ok_or_else(|| {
                    "DungeonTilePainter: the target is a Node2D, not a TileMapLayer: set \
                     chunk_template to a TileMapLayer whose tile set and settings the chunk \
                     layers copy"
                        .to_string()
                })?),
            };
            let own = chunks::own_rect(&target);
            // Chunk layers of this side already there get their other
            // cells erased, bit by bit, instead of being scanned.
            let existing = chunks::existing(&target);
            let reused: HashSet<(i32, i32)> = if chunk > 0 {
                existing
                    .iter()
                    .filter(|e| e.3 == chunk)
                    .map(|e| e.0)
                    .collect()
            } else {
                HashSet::new()
            };
            let costs = template
                .as_ref()
                .map(|t| Costs::of(t, &tiles))
                .unwrap_or_default();
            let input = PlanInput {
                costs: costs.clone(),
                grid: core,
                tiles,
                neighbours: self.wall_neighbours.core(),
                quadrant: layer
                    .as_ref()
                    .map_or(16, |l| l.get_rendering_quadrant_size().max(1)),
                old: own.map(|r| (r.position.x, r.position.y, r.size.x, r.size.y)),
                chunk,
                bytes: self.write_method == WriteMethod::TileMapData,
                reused,
            };
            if let (Some(l), None, false) = (&layer, own, target.has_meta(chunks::META_SIZE)) {
                // Never painted by a painter: what it holds is unknown.
                l.clone().clear();
            }
            Ok(Prepared {
                costs,
                grid: grid.clone(),
                target,
                template,
                chunk,
                input,
                terrain,
                rect: Rect2i::new(Vector2i::ZERO, Vector2i::new(w, h)),
                existing,
            })
        })();
        match result {
            Ok(p) => {
                self.last_error = GString::new();
                let id = p.target.instance_id();
                self.grids
                    .retain(|(t, _)| *t != id && Gd::<Object>::try_from_instance_id(*t).is_ok());
                self.grids.push((id, p.grid.clone()));
                Some(p)
            }
            Err(msg) => {
                self.fail(msg);
                None
            }
        }
    }
}
