//! `DungeonTileMapping`: which tile of a `TileSet` each cell kind gets, and
//! how walls are chosen. A plain snapshot of it ([`Tiles`]) is what the
//! painter works from.

use dungeon_core::Cell;
use godot::prelude::*;

use crate::generator::inspector_enum;

inspector_enum! {
    /// How [DungeonTilePainter] picks wall tiles ([member DungeonTileMapping.wall_style]).
    WallStyle("wall_style") in DungeonTileMapping {
        /// [member DungeonTileMapping.wall_style]: every wall is the one
        /// tile [member DungeonTileMapping.wall_atlas_coords].
        Single = WALLS_SINGLE,
        /// [member DungeonTileMapping.wall_style]: a 16-tile edge set; the
        /// tile index is the wall's side mask (N=1, E=2, S=4, W=8, set for
        /// each side that is not floor).
        Edge16 = WALLS_EDGE_16,
        /// [member DungeonTileMapping.wall_style]: a 47-tile blob set; the
        /// tile index is the wall's 8-neighbour mask (N=1, NE=2, E=4, SE=8,
        /// S=16, SW=32, W=64, NW=128, corners only between two set sides),
        /// numbered in ascending order of the 47 masks.
        Blob47 = WALLS_BLOB_47,
        /// [member DungeonTileMapping.wall_style]: walls are painted with
        /// the TileSet's terrain [member DungeonTileMapping.wall_terrain]
        /// of [member DungeonTileMapping.terrain_set] through
        /// [method TileMapLayer.set_cells_terrain_connect] (slow: Godot
        /// matches every tile; [method DungeonTilePainter.paint_over_frames]
        /// spreads it over frames).
        Terrain = WALLS_TERRAIN,
    }
}

/// Which tile each cell kind of a [DungeonGrid] gets on a [TileMapLayer],
/// for [DungeonTilePainter].
///
/// Every kind has atlas coordinates and an alternative tile in the TileSet
/// source [member source_id] (or its own source when its
/// [code]*_source_id[/code] is 0 or more). Atlas coordinates
/// [code](-1, -1)[/code] leave that kind unpainted. The defaults match a
/// one-row atlas: floor, corridor, door, wall, start, end.
///
/// Walls go on every empty cell next to a walkable one and are chosen by
/// [member wall_style]: one tile, a 16-tile edge set, a 47-tile blob set
/// (tile [code]i[/code] of a set is [member wall_set_tiles][code][i][/code]
/// if that list is filled, else [member wall_set_origin] plus
/// [code]Vector2i(i % wall_set_columns, i / wall_set_columns)[/code]), or the
/// TileSet's own terrain.
#[derive(GodotClass)]
#[class(tool, base = Resource)]
pub struct DungeonTileMapping {
    /// The TileSet source (atlas) every kind uses unless its own
    /// [code]*_source_id[/code] is set.
    #[export(range = (0.0, 65534.0, 1.0))]
    source_id: i32,

    /// Atlas coordinates of room floor ([constant DungeonGrid.ROOM]).
    #[export_group(name = "Floor kinds")]
    #[export]
    room_atlas_coords: Vector2i,
    /// Alternative tile of room floor.
    #[export]
    room_alternative: i32,
    /// Source of room floor; -1 uses [member source_id].
    #[export]
    room_source_id: i32,
    /// Atlas coordinates of the start ([constant DungeonGrid.START]).
    #[export]
    start_atlas_coords: Vector2i,
    /// Alternative tile of the start.
    #[export]
    start_alternative: i32,
    /// Source of the start; -1 uses [member source_id].
    #[export]
    start_source_id: i32,
    /// Atlas coordinates of the end ([constant DungeonGrid.END]).
    #[export]
    end_atlas_coords: Vector2i,
    /// Alternative tile of the end.
    #[export]
    end_alternative: i32,
    /// Source of the end; -1 uses [member source_id].
    #[export]
    end_source_id: i32,
    /// Atlas coordinates of corridors ([constant DungeonGrid.CORRIDOR]).
    #[export]
    corridor_atlas_coords: Vector2i,
    /// Alternative tile of corridors.
    #[export]
    corridor_alternative: i32,
    /// Source of corridors; -1 uses [member source_id].
    #[export]
    corridor_source_id: i32,
    /// Atlas coordinates of doors ([constant DungeonGrid.DOOR]).
    #[export]
    door_atlas_coords: Vector2i,
    /// Alternative tile of doors.
    #[export]
    door_alternative: i32,
    /// Source of doors; -1 uses [member source_id].
    #[export]
    door_source_id: i32,
    /// Atlas coordinates of open floor ([constant DungeonGrid.FLOOR]: caves,
    /// tunnels, walks).
    #[export]
    floor_atlas_coords: Vector2i,
    /// Alternative tile of open floor.
    #[export]
    floor_alternative: i32,
    /// Source of open floor; -1 uses [member source_id].
    #[export]
    floor_source_id: i32,

    /// How wall tiles are chosen (see [constant WALLS_SINGLE]).
    #[export_group(name = "Walls")]
    #[export]
    wall_style: WallStyle,
    /// Atlas coordinates of the wall ([constant WALLS_SINGLE]).
    #[export]
    wall_atlas_coords: Vector2i,
    /// Alternative tile of every wall tile.
    #[export]
    wall_alternative: i32,
    /// Source of every wall tile; -1 uses [member source_id].
    #[export]
    wall_source_id: i32,
    /// Atlas coordinates of tile 0 of the 16- or 47-tile wall set.
    #[export]
    wall_set_origin: Vector2i,
    /// Tiles per atlas row of the wall set.
    #[export(range = (1.0, 64.0, 1.0))]
    wall_set_columns: i32,
    /// The wall set tile by tile (16 or 47 entries); when filled it
    /// replaces [member wall_set_origin] and [member wall_set_columns].
    #[export]
    wall_set_tiles: Array<Vector2i>,
    /// Terrain set of the walls ([constant WALLS_TERRAIN]).
    #[export]
    terrain_set: i32,
    /// Terrain of the walls in [member terrain_set] ([constant WALLS_TERRAIN]).
    #[export]
    wall_terrain: i32,
    base: Base<Resource>,
}

#[godot_api]
impl IResource for DungeonTileMapping {
    fn init(base: Base<Resource>) -> Self {
        let at = Vector2i::new;
        Self {
            source_id: 0,
            room_atlas_coords: at(0, 0),
            room_alternative: 0,
            room_source_id: -1,
            start_atlas_coords: at(4, 0),
            start_alternative: 0,
            start_source_id: -1,
            end_atlas_coords: at(5, 0),
            end_alternative: 0,
            end_source_id: -1,
            corridor_atlas_coords: at(1, 0),
            corridor_alternative: 0,
            corridor_source_id: -1,
            door_atlas_coords: at(2, 0),
            door_alternative: 0,
            door_source_id: -1,
            floor_atlas_coords: at(0, 0),
            floor_alternative: 0,
            floor_source_id: -1,
            wall_style: WallStyle::Single,
            wall_atlas_coords: at(3, 0),
            wall_alternative: 0,
            wall_source_id: -1,
            wall_set_origin: at(0, 1),
            wall_set_columns: 8,
            wall_set_tiles: Array::new(),
            terrain_set: 0,
            wall_terrain: 0,
            base,
        }
    }
}

#[godot_api]
impl DungeonTileMapping {}

/// One tile of a TileSet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Tile {
    /// TileSet source id.
    pub source: u16,
    /// Atlas coordinates.
    pub atlas: (u16, u16),
    /// Alternative tile.
    pub alternative: u16,
}

/// How walls are painted, resolved.
#[derive(Clone, Debug)]
pub enum Walls {
    /// No walls (the wall tile is unset).
    None,
    /// One tile for every wall.
    Single(Tile),
    /// The 16-tile edge set, by edge index.
    Edge(Vec<Tile>),
    /// The 47-tile blob set, by blob index.
    Blob(Vec<Tile>),
    /// Godot terrain: (terrain set, terrain).
    Terrain(i32, i32),
}

/// A [`DungeonTileMapping`] checked and copied into plain data.
#[derive(Clone, Debug)]
pub struct Tiles {
    /// The tile of each cell code (index 0, empty, is always `None`).
    pub cells: [Option<Tile>; 7],
    /// The walls.
    pub walls: Walls,
}

/// The largest id or coordinate a layer's `tile_map_data` can store.
const MAX_U16: i32 = 65534;

fn in_u16(v: i32) -> Option<u16> {
    u16::try_from(v).ok().filter(|&v| i32::from(v) <= MAX_U16)
}

impl DungeonTileMapping {
    /// The tile `name` is set to, `None` for atlas `(-1, -1)`; an error
    /// naming the setting for values a TileSet cannot have.
    fn tile(
        &self,
        name: &str,
        atlas: Vector2i,
        alt: i32,
        source: i32,
    ) -> Result<Option<Tile>, String> {
        if atlas == Vector2i::new(-1, -1) {
            return Ok(None);
        }
        let source = if source < 0 { self.source_id } else { source };
        let bad = |field: &str, value: String, want: &str| {
            format!("DungeonTileMapping: invalid {name}_{field} = {value}: {want}")
        };
        let source = in_u16(source).ok_or_else(|| {
            bad(
                "source_id",
                source.to_string(),
                "0..=65534, or -1 for source_id",
            )
        })?;
        let (Some(x), Some(y)) = (in_u16(atlas.x), in_u16(atlas.y)) else {
            return Err(bad(
                "atlas_coords",
                format!("({}, {})", atlas.x, atlas.y),
                "each coordinate 0..=65534, or (-1, -1) to paint nothing",
            ));
        };
        let alternative =
            in_u16(alt).ok_or_else(|| bad("alternative", alt.to_string(), "0..=65534"))?;
        Ok(Some(Tile {
            source,
            atlas: (x, y),
            alternative,
        }))
    }

    /// The wall set of `n` tiles.
    fn wall_set(&self, n: usize) -> Result<Vec<Tile>, String> {
        let listed = self.wall_set_tiles.len();
        if listed != 0 && listed != n {
            return Err(format!(
                "DungeonTileMapping: invalid wall_set_tiles with {listed} entries: this wall_style needs {n}, or leave it empty to use wall_set_origin and wall_set_columns"
            ));
        }
        let columns = self.wall_set_columns;
        if columns < 1 {
            return Err(format!(
                "DungeonTileMapping: invalid wall_set_columns = {columns}: 1 or more"
            ));
        }
        (0..n)
            .map(|i| {
                let (atlas, what) = if listed == n {
                    (self.wall_set_tiles.get(i).unwrap_or_default(), format!("wall_set_tiles[{i}]"))
                } else {
                    let k = i as i32;
                    let at = self.wall_set_origin + Vector2i::new(k % columns, k / columns);
                    (at, format!("wall set tile {i} (wall_set_origin + column/row)"))
                };
                if in_u16(atlas.x).is_none() || in_u16(atlas.y).is_none() {
                    return Err(format!(
                        "DungeonTileMapping: invalid {what} = ({}, {}): each coordinate 0..=65534",
                        atlas.x, atlas.y
                    ));
                }
                let tile = self.tile("wall", atlas, self.wall_alternative, self.wall_source_id)?;
                tile.ok_or_else(|| format!("DungeonTileMapping: invalid {what} = (-1, -1): every tile of the set must be in the atlas"))
            })
            .collect()
    }

    /// The mapping as plain data, or the first invalid setting.
    pub fn tiles(&self) -> Result<Tiles, String> {
        let mut cells = [None; 7];
        let kinds = [
            (
                Cell::Room,
                "room",
                self.room_atlas_coords,
                self.room_alternative,
                self.room_source_id,
            ),
            (
                Cell::Start,
                "start",
                self.start_atlas_coords,
                self.start_alternative,
                self.start_source_id,
            ),
            (
                Cell::End,
                "end",
                self.end_atlas_coords,
                self.end_alternative,
                self.end_source_id,
            ),
            (
                Cell::Corridor,
                "corridor",
                self.corridor_atlas_coords,
                self.corridor_alternative,
                self.corridor_source_id,
            ),
            (
                Cell::Door,
                "door",
                self.door_atlas_coords,
                self.door_alternative,
                self.door_source_id,
            ),
            (
                Cell::Floor,
                "floor",
                self.floor_atlas_coords,
                self.floor_alternative,
                self.floor_source_id,
            ),
        ];
        for (cell, name, atlas, alt, source) in kinds {
            cells[usize::from(cell.code())] = self.tile(name, atlas, alt, source)?;
        }
        let walls = match self.wall_style {
            WallStyle::Single => self
                .tile(
                    "wall",
                    self.wall_atlas_coords,
                    self.wall_alternative,
                    self.wall_source_id,
                )?
                .map_or(Walls::None, Walls::Single),
            WallStyle::Edge16 => Walls::Edge(self.wall_set(16)?),
            WallStyle::Blob47 => Walls::Blob(self.wall_set(47)?),
            WallStyle::Terrain => Walls::Terrain(self.terrain_set, self.wall_terrain),
        };
        Ok(Tiles { cells, walls })
    }
}
