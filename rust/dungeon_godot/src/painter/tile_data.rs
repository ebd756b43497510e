//! The list of tiles a grid becomes, and that list as a `TileMapLayer`'s
//! `tile_map_data` bytes.

use dungeon_core::DungeonGrid as CoreGrid;
use dungeon_core::paint::{PaintKind, WallNeighbours, paint_all};

use super::mapping::{Tile, Tiles, Walls};

/// What a grid becomes on a layer.
#[derive(Default)]
pub struct Plan {
    /// Cells with their tile, in scan order.
    pub cells: Vec<((i32, i32), Tile)>,
    /// Wall cells left to Godot's terrain matching, in scan order.
    pub terrain_walls: Vec<(i32, i32)>,
}

/// The tiles of `grid` under `tiles`, walls over `neighbours`.
pub fn plan(grid: &CoreGrid, tiles: &Tiles, neighbours: WallNeighbours) -> Plan {
    let mut out = Plan::default();
    for (i, kind) in paint_all(grid, neighbours).into_iter().enumerate() {
        let p = grid.pos(i);
        let tile = match kind {
            PaintKind::Nothing => None,
            PaintKind::Cell(c) => tiles.cells.get(usize::from(c.code())).copied().flatten(),
            PaintKind::Wall { edge, blob } => match &tiles.walls {
                Walls::None => None,
                Walls::Single(t) => Some(*t),
                Walls::Edge(set) => set.get(usize::from(edge)).copied(),
                Walls::Blob(set) => set.get(usize::from(blob)).copied(),
                Walls::Terrain(..) => {
                    out.terrain_walls.push(p);
                    None
                }
            },
        };
        if let Some(t) = tile {
            out.cells.push((p, t));
        }
    }
    out
}

/// The format version at the start of `tile_map_data` (Godot 4.3+).
const FORMAT: u16 = 0;
/// Bytes per cell: x, y (i16), source, atlas x, atlas y, alternative (u16).
pub const CELL_BYTES: usize = 12;

/// `true` if every cell of a `width` × `height` grid fits the format's
/// 16-bit coordinates.
pub fn fits(width: i32, height: i32) -> bool {
    width <= i32::from(i16::MAX) + 1 && height <= i32::from(i16::MAX) + 1
}

/// `cells` as `tile_map_data` bytes, in the order given (little-endian, as
/// Godot writes them). Cells must fit ([`fits`]).
pub fn encode(cells: &[((i32, i32), Tile)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + cells.len() * CELL_BYTES);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    for &((x, y), t) in cells {
        for v in [
            x as i16 as u16,
            y as i16 as u16,
            t.source,
            t.atlas.0,
            t.atlas.1,
            t.alternative,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodes_as_godot_writes() {
        // Bytes Godot 4.6 wrote for set_cell((1, 2), 3, (4, 5), 6) and
        // set_cell((-7, 300), 1, (0, 0), 0).
        let t = |s, a, b, alt| Tile {
            source: s,
            atlas: (a, b),
            alternative: alt,
        };
        let bytes = encode(&[((1, 2), t(3, 4, 5, 6)), ((-7, 300), t(1, 0, 0, 0))]);
        assert_eq!(
            bytes,
            [
                0, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 249, 255, 44, 1, 1, 0, 0, 0, 0, 0, 0, 0
            ]
        );
    }
}
