//! Painters: a [`DungeonGrid`](crate::dungeon_grid::DungeonGrid) onto a
//! `TileMapLayer` (2D) or a `GridMap` (3D), and room scenes instanced per
//! room. The per-cell decisions (what goes where, which wall tile) come
//! from `dungeon_core::paint`; these classes only write the result.

pub mod chunks;
pub mod frame_job;
pub mod grid_map_painter;
pub mod mapping;
pub mod room_placer;
pub mod tile_cost;
pub mod tile_data;
pub mod tile_painter;
