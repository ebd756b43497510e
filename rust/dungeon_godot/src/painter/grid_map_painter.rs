//! `DungeonGridMapPainter`: a grid onto a `GridMap` (3D).

use dungeon_core::Cell;
use dungeon_core::paint::{PaintKind, paint_all};
use godot::classes::{GridMap, INode, Node};
use godot::prelude::*;

use super::tile_painter::WallNeighbours;
use crate::dungeon_grid::DungeonGrid;

/// Paints a [DungeonGrid] onto a [GridMap]: one [MeshLibrary] item per
/// walkable cell (by kind) and a wall item on every empty cell next to a
/// walkable one, turned to face the floor.
///
/// Grid cell [code](x, y)[/code] becomes GridMap cell
/// [code]Vector3i(x, floor_level, y)[/code]. A wall item is modelled facing
/// +Z (its front toward the south); each wall is turned so its front faces
/// an open side: south, east, north or west, in that order of preference
/// (walls that touch floor only at a corner keep the south-facing turn).
/// Item ids below 0 leave that kind empty.
/// [codeblock]
/// var painter := DungeonGridMapPainter.new()
/// painter.paint(BspGenerator.new().generate(), $GridMap)
/// [/codeblock]
#[derive(GodotClass)]
#[class(tool, base = Node)]
pub struct DungeonGridMapPainter {
    /// Item for room floor, and for start, end and open floor when their
    /// own item is -1.
    #[export]
    floor_item: i32,
    /// Item for corridors; -1 uses [member floor_item].
    #[export]
    corridor_item: i32,
    /// Item for doors.
    #[export]
    door_item: i32,
    /// Item for walls.
    #[export]
    wall_item: i32,
    /// Item for the start cell; -1 uses [member floor_item].
    #[export]
    start_item: i32,
    /// Item for the end cell; -1 uses [member floor_item].
    #[export]
    end_item: i32,
    /// The GridMap y every item is placed at.
    #[export]
    floor_level: i32,
    /// Which neighbours of an empty cell make it a wall (see
    /// [constant DungeonTilePainter.NEIGHBOURS_8]).
    #[export]
    wall_neighbours: WallNeighbours,
    /// Why the last call failed; empty after a success.
    #[var(no_set)]
    last_error: GString,
    base: Base<Node>,
}

#[godot_api]
impl INode for DungeonGridMapPainter {
    fn init(base: Base<Node>) -> Self {
        Self {
            floor_item: 0,
            corridor_item: 1,
            door_item: 2,
            wall_item: 3,
            start_item: -1,
            end_item: -1,
            floor_level: 0,
            wall_neighbours: WallNeighbours::Eight,
            last_error: GString::new(),
            base,
        }
    }
}

/// The turn about +Y, in quarter turns, that points a +Z-facing wall at an
/// open side of edge mask `edge` (bits set for solid sides N=1 E=2 S=4 W=8).
pub fn wall_quarter_turns(edge: u8) -> i32 {
    // +Z (south) is no turn; a quarter turn takes +Z to +X (east).
    [(4u8, 0), (2, 1), (1, 2), (8, 3)]
        .iter()
        .find(|(bit, _)| edge & bit == 0)
        .map_or(0, |&(_, turns)| turns)
}

#[godot_api]
impl DungeonGridMapPainter {
    /// Emitted when [method paint] has filled the GridMap.
    #[signal]
    fn painted(grid_map: Gd<GridMap>);

    /// Clears [param grid_map] and paints [param grid] onto it. Returns
    /// [code]false[/code] (and logs why, also in [member last_error]) for a
    /// null or invalid grid or a null GridMap.
    #[func]
    fn paint(&mut self, grid: Option<Gd<DungeonGrid>>, grid_map: Option<Gd<GridMap>>) -> bool {
        let (Some(grid), Some(mut map)) = (grid, grid_map) else {
            let msg = "DungeonGridMapPainter: grid or grid_map is null: pass a DungeonGrid and the GridMap to paint";
            godot_error!("{msg}");
            self.last_error = GString::from(msg);
            return false;
        };
        if !grid.bind().is_valid() {
            let msg =
                "DungeonGridMapPainter: the grid failed to load (DungeonGrid.is_valid() is false)";
            godot_error!("{msg}");
            self.last_error = GString::from(msg);
            return false;
        }
        let or_floor = |item: i32, floor: i32| if item < 0 { floor } else { item };
        let items = |cell: Cell| match cell {
            Cell::Corridor => or_floor(self.corridor_item, self.floor_item),
            Cell::Door => self.door_item,
            Cell::Start => or_floor(self.start_item, self.floor_item),
            Cell::End => or_floor(self.end_item, self.floor_item),
            Cell::Empty => -1,
            Cell::Room | Cell::Floor => self.floor_item,
        };
        let turns: Vec<i32> = (0..4)
            .map(|k| {
                let basis =
                    Basis::from_axis_angle(Vector3::UP, k as f32 * std::f32::consts::FRAC_PI_2);
                map.get_orthogonal_index_from_basis(basis)
            })
            .collect();
        let placed: Vec<(Vector3i, i32, i32)> = {
            let g = grid.bind();
            let core = g.core();
            paint_all(core, self.wall_neighbours.core())
                .into_iter()
                .enumerate()
                .filter_map(|(i, kind)| {
                    let (x, y) = core.pos(i);
                    let at = Vector3i::new(x, self.floor_level, y);
                    match kind {
                        PaintKind::Nothing => None,
                        PaintKind::Cell(c) => Some((at, items(c), 0)),
                        PaintKind::Wall { edge, .. } => {
                            let turn = usize::try_from(wall_quarter_turns(edge)).unwrap_or(0);
                            Some((at, self.wall_item, turns.get(turn).copied().unwrap_or(0)))
                        }
                    }
                })
                .filter(|&(_, item, _)| item >= 0)
                .collect()
        };
        map.clear();
        for (at, item, orientation) in placed {
            map.set_cell_item_ex(at, item)
                .orientation(orientation)
                .done();
        }
        self.last_error = GString::new();
        self.signals().painted().emit(&map);
        true
    }
}
