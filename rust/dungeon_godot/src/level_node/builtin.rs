//! The built-in looks of the level nodes, so a level with nothing set up
//! shows: a tile set (2D) and a mesh library (3D) of plain colours in the
//! order a default `DungeonTileMapping` / `DungeonGridMapPainter` reads
//! them.

use godot::classes::image::Format;
use godot::classes::{
    BoxMesh, Image, ImageTexture, MeshLibrary, StandardMaterial3D, TileSet, TileSetAtlasSource,
};
use godot::prelude::*;

/// The side of a tile of the built-in tile set, in pixels.
pub const DEFAULT_TILE: i32 = 16;

/// Floor, corridor, door, wall, start, end.
const COLORS: [(f32, f32, f32); 6] = [
    (0.55, 0.50, 0.42), // floor
    (0.45, 0.42, 0.36), // corridor
    (0.75, 0.52, 0.25), // door
    (0.20, 0.18, 0.24), // wall
    (0.30, 0.70, 0.35), // start
    (0.80, 0.25, 0.25), // end
];

/// The built-in tile set: one atlas row in source 0 as a default
/// `DungeonTileMapping` reads it (floor, corridor, door, wall, start,
/// end), plain colours with a darker rim.
pub fn default_tile_set() -> Option<Gd<TileSet>> {
    let t = DEFAULT_TILE;
    let n = COLORS.len() as i32;
    let mut image = Image::create_empty(t * n, t, false, Format::RGBA8)?;
    for (i, &(r, g, b)) in (0i32..).zip(COLORS.iter()) {
        let cell = Rect2i::new(Vector2i::new(i * t, 0), Vector2i::new(t, t));
        image.fill_rect(cell, Color::from_rgb(r * 0.7, g * 0.7, b * 0.7));
        image.fill_rect(cell.grow(-1), Color::from_rgb(r, g, b));
    }
    let texture = ImageTexture::create_from_image(&image)?;
    let mut source = TileSetAtlasSource::new_gd();
    source.set_texture(&texture);
    source.set_texture_region_size(Vector2i::new(t, t));
    for i in 0..n {
        source.create_tile(Vector2i::new(i, 0));
    }
    let mut tiles = TileSet::new_gd();
    tiles.set_tile_size(Vector2i::new(t, t));
    tiles
        .add_source_ex(&source)
        .atlas_source_id_override(0)
        .done();
    Some(tiles)
}

/// The built-in mesh library for GridMap cells of `cell` (x, height, z):
/// items 0 to 5 named floor, corridor, door, wall, start, end (the level
/// node finds them by name), boxes of plain
/// colours; the floors a slab a tenth of the cell high, the wall a block
/// filling its cell (so walls that touch the floor only at a corner close
/// the corner, whichever way the painter turns them). Items sit on y = 0 of their cell (the GridMap's
/// `cell_center_y` off), centred in x and z.
pub fn default_mesh_library(cell: Vector3) -> Gd<MeshLibrary> {
    let mut lib = MeshLibrary::new_gd();
    let slab = 0.1 * cell.y;
    for (i, &(r, g, b)) in (0i32..).zip(COLORS.iter()) {
        let (size, at) = if i == 3 {
            (cell, Vector3::new(0.0, 0.5 * cell.y, 0.0))
        } else {
            (
                Vector3::new(cell.x, slab, cell.z),
                Vector3::new(0.0, 0.5 * slab, 0.0),
            )
        };
        let mut mesh = BoxMesh::new_gd();
        mesh.set_size(size);
        let mut material = StandardMaterial3D::new_gd();
        material.set_albedo(Color::from_rgb(r, g, b));
        mesh.set_material(&material);
        lib.create_item(i);
        lib.set_item_name(
            i,
            ["floor", "corridor", "door", "wall", "start", "end"][i as usize],
        );
        lib.set_item_mesh(i, &mesh);
        lib.set_item_mesh_transform(i, Transform3D::new(Basis::IDENTITY, at));
    }
    lib
}
