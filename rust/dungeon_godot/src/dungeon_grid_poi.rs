//! `DungeonGrid`'s path of interest, as Godot methods.

use dungeon_core::poi::{self, NodeKind, PoiEnds};
use godot::prelude::*;

use crate::convert::{cell_array, vec2i};
use crate::dungeon_grid::DungeonGrid;

/// Which pairs the path may join.
fn ends(between_rooms: bool) -> PoiEnds {
    if between_rooms {
        PoiEnds::Rooms
    } else {
        PoiEnds::AnyNodes
    }
}

#[godot_api(secondary)]
impl DungeonGrid {
    /// The path of interest as cells, in walking order: the longest of the
    /// shortest walks between two places of the map. With
    /// `between_rooms` true it joins two rooms, from one room's centre to
    /// the other's: on a [MazeGenerator] map it runs from [member start_cell]
    /// to [member end_cell]. With false it may join any two places (rooms,
    /// doors, junctions, corridors). Empty when there
    /// are not two such places (e.g. between rooms on a cave).
    ///
    /// It is measured on each call (a few shortest-path searches over the
    /// map, milliseconds on large maps): keep the result.
    #[func]
    fn get_path_of_interest(&self, between_rooms: bool) -> Array<Vector2i> {
        poi::path_of_interest(self.core(), ends(between_rooms))
            .map_or_else(Array::new, |p| cell_array(&p.tiles))
    }

    /// The places along [method get_path_of_interest], in order, one
    /// [Dictionary] each: `kind` (`"room"`, `"door"`, `"branch"` for a
    /// junction, `"run"` for a stretch of corridor), `room` (the room number,
    /// `-1` unless a room), `weight` (its length in tiles: a run's tiles, 1
    /// for a door or junction, half a room's width plus height) and `cell`
    /// (one of its cells: a room's centre). The path's length is the sum of
    /// the weights.
    #[func]
    fn get_path_of_interest_nodes(&self, between_rooms: bool) -> Array<VarDictionary> {
        let Some(p) = poi::path_of_interest(self.core(), ends(between_rooms)) else {
            return Array::new();
        };
        p.nodes
            .iter()
            .map(|n| {
                let room = match n.kind {
                    NodeKind::Room(r) => r as i64,
                    _ => -1,
                };
                vdict! {
                    "kind" => n.kind.name(),
                    "room" => room,
                    "weight" => i64::from(n.weight),
                    "cell" => vec2i(n.tile),
                }
            })
            .collect()
    }
}
