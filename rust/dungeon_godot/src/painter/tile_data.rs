//! The list of tiles a grid becomes, and that list as a `TileMapLayer`'s
//! `tile_map_data` bytes.

use dungeon_core::DungeonGrid as CoreGrid;
use dungeon_core::paint::{PaintKind, WallNeighbours, paint_all};

use super::mapping::{Tile, Tiles, Walls};
use super::tile_cost::Costs;

/// What a grid becomes on a layer.
#[derive(Default)]
pub struct Plan {
    /// Cells with their tile, in scan order.
    pub cells: Vec<((i32, i32), Tile)>,
    /// Wall cells left to Godot's terrain matching, in scan order.
    pub terrain_walls: Vec<(i32, i32)>,
}

/// What one cell gets.
enum Choice {
    Nothing,
    Tile(Tile),
    /// A wall left to Godot's terrain matching.
    Terrain,
}

fn choose(kind: PaintKind, tiles: &Tiles) -> Choice {
    let tile = match kind {
        PaintKind::Nothing => None,
        PaintKind::Cell(c) => tiles.cells.get(usize::from(c.code())).copied().flatten(),
        PaintKind::Wall { edge, blob } => match &tiles.walls {
            Walls::None => None,
            Walls::Single(t) => Some(*t),
            Walls::Edge(set) => set.get(usize::from(edge)).copied(),
            Walls::Blob(set) => set.get(usize::from(blob)).copied(),
            Walls::Terrain(..) => return Choice::Terrain,
        },
    };
    tile.map_or(Choice::Nothing, Choice::Tile)
}

/// The tiles of `grid` under `tiles`, walls over `neighbours`.
pub fn plan(grid: &CoreGrid, tiles: &Tiles, neighbours: WallNeighbours) -> Plan {
    let kinds = paint_all(grid, neighbours);
    let mut out = Plan {
        cells: Vec::with_capacity(kinds.len()),
        terrain_walls: Vec::new(),
    };
    for (i, kind) in kinds.into_iter().enumerate() {
        match choose(kind, tiles) {
            Choice::Nothing => {}
            Choice::Tile(t) => out.cells.push((grid.pos(i), t)),
            Choice::Terrain => out.terrain_walls.push(grid.pos(i)),
        }
    }
    out
}

/// A block of cells: x, y, width, height.
pub type Block = (i32, i32, i32, i32);

/// A grid's tiles ready to be written as `tile_map_data` bytes, the whole
/// map or block by block: [`plan`] without its list of cells, for painting
/// in one call.
pub struct Painted<'a> {
    grid: &'a CoreGrid,
    tiles: &'a Tiles,
    kinds: Vec<PaintKind>,
}

impl<'a> Painted<'a> {
    /// What every cell of `grid` gets.
    pub fn new(grid: &'a CoreGrid, tiles: &'a Tiles, neighbours: WallNeighbours) -> Self {
        Self {
            grid,
            tiles,
            kinds: paint_all(grid, neighbours),
        }
    }

    /// The whole grid as one block.
    pub fn whole(&self) -> Block {
        (0, 0, self.grid.width(), self.grid.height())
    }

    /// The cells of `block` inside the grid, row by row, as indices.
    fn cells(&self, (x, y, w, h): Block) -> impl Iterator<Item = usize> + '_ {
        let (gw, gh) = (self.grid.width(), self.grid.height());
        let (x0, x1) = (x.clamp(0, gw), x.saturating_add(w).clamp(0, gw));
        let (y0, y1) = (y.clamp(0, gh), y.saturating_add(h).clamp(0, gh));
        let to = |v: i32| usize::try_from(v).unwrap_or(0);
        (to(y0)..to(y1)).flat_map(move |row| (row * to(gw) + to(x0))..(row * to(gw) + to(x1)))
    }

    /// The collision polygons the whole grid's tiles make under `costs`.
    pub fn shapes(&self, costs: &Costs) -> usize {
        self.kinds
            .iter()
            .map(|&k| match choose(k, self.tiles) {
                Choice::Tile(t) => costs.shapes_of(t),
                Choice::Nothing | Choice::Terrain => 0,
            })
            .sum()
    }

    /// The tiles of `block` (clipped to the grid) as `tile_map_data` bytes,
    /// as [`encode`] would write [`plan`]'s cells of that block, in one pass;
    /// with their count and the block's terrain walls. The grid must fit
    /// ([`fits`]).
    pub fn to_bytes(&self, block: Block) -> (Vec<u8>, usize, Vec<(i32, i32)>) {
        let cells = usize::try_from(block.2.max(0)).unwrap_or(0)
            * usize::try_from(block.3.max(0)).unwrap_or(0);
        let mut out = Vec::with_capacity(2 + cells * CELL_BYTES);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        let mut terrain = Vec::new();
        let mut count = 0;
        let mut slot = [0; CELL_BYTES];
        for i in self.cells(block) {
            match choose(self.kinds[i], self.tiles) {
                Choice::Nothing => {}
                Choice::Tile(t) => {
                    write_cell(&mut slot, self.grid.pos(i), t);
                    out.extend_from_slice(&slot);
                    count += 1;
                }
                Choice::Terrain => terrain.push(self.grid.pos(i)),
            }
        }
        (out, count, terrain)
    }
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
/// Godot writes them). Cells must fit ([`fits`]). The plain form of
/// [`Painted::to_bytes`], kept as its test oracle.
#[cfg(test)]
pub fn encode(cells: &[((i32, i32), Tile)]) -> Vec<u8> {
    let mut out = vec![0; 2 + cells.len() * CELL_BYTES];
    out[..2].copy_from_slice(&FORMAT.to_le_bytes());
    for (slot, &(p, t)) in out[2..].chunks_exact_mut(CELL_BYTES).zip(cells) {
        write_cell(slot, p, t);
    }
    out
}

/// One cell's [`CELL_BYTES`] bytes.
fn write_cell(slot: &mut [u8], (x, y): (i32, i32), t: Tile) {
    let values = [
        x as i16 as u16,
        y as i16 as u16,
        t.source,
        t.atlas.0,
        t.atlas.1,
        t.alternative,
    ];
    for (b, v) in slot.chunks_exact_mut(2).zip(values) {
        b.copy_from_slice(&v.to_le_bytes());
    }
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

    /// [`Painted::to_bytes`] writes what [`encode`] writes for [`plan`]'s
    /// cells, with the same terrain walls, for every wall style.
    #[test]
    fn painted_bytes_match_the_plan() {
        let t = |s: u16, a: u16| Tile {
            source: s,
            atlas: (a, s),
            alternative: 0,
        };
        let cave = dungeon_core::cave::CaveConfig {
            width: 80,
            height: 60,
            ..Default::default()
        };
        let maze = dungeon_core::maze::MazeConfig {
            width: 41,
            height: 31,
            ..Default::default()
        };
        let grids: Vec<_> = [
            dungeon_core::cave::generate(&cave, 9, 1),
            dungeon_core::maze::generate(&maze, 9, 1),
        ]
        .into_iter()
        .flatten()
        .collect();
        assert_eq!(grids.len(), 2);
        let walls = [
            Walls::None,
            Walls::Single(t(1, 9)),
            Walls::Edge((0..16).map(|i| t(2, i)).collect()),
            Walls::Blob((0..47).map(|i| t(3, i)).collect()),
            Walls::Terrain(0, 1),
        ];
        for g in &grids {
            for w in &walls {
                let tiles = Tiles {
                    cells: [
                        None,
                        Some(t(0, 1)),
                        None,
                        Some(t(0, 3)),
                        Some(t(0, 4)),
                        Some(t(0, 5)),
                        Some(t(0, 6)),
                    ],
                    walls: w.clone(),
                };
                for n in [WallNeighbours::Four, WallNeighbours::Eight] {
                    let plan = plan(g, &tiles, n);
                    let painted = Painted::new(g, &tiles, n);
                    let (bytes, count, terrain) = painted.to_bytes(painted.whole());
                    assert_eq!(count, plan.cells.len());
                    assert_eq!(bytes, encode(&plan.cells));
                    assert_eq!(terrain, plan.terrain_walls);
                    // A block, partly outside the grid: the plan's cells
                    // inside it, in the same order.
                    let block = (17, -5, 30, 40);
                    let inside =
                        |&(x, y): &(i32, i32)| (17..47).contains(&x) && (0..35).contains(&y);
                    let cells: Vec<_> = plan
                        .cells
                        .iter()
                        .copied()
                        .filter(|(p, _)| inside(p))
                        .collect();
                    let (part, part_count, part_terrain) = painted.to_bytes(block);
                    assert_eq!(part, encode(&cells));
                    assert_eq!(part_count, cells.len());
                    let walls: Vec<_> = plan
                        .terrain_walls
                        .iter()
                        .copied()
                        .filter(|p| inside(p))
                        .collect();
                    assert_eq!(part_terrain, walls);
                }
            }
        }
    }
}
