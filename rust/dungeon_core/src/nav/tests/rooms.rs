//! Room grids with walls and doorways.

use super::bound::worst_ratios;
use super::*;
use crate::nav::{lattice, rooms};

/// Rooms of 80 × 60 units, walls 2 thick, doors 12 wide (the sample's
/// 8 × 6 m rooms, 0.2 m walls and 1.2 m doors, scaled by 10).
fn walled(r: f64) -> NavOptions {
    NavOptions {
        cell_size: (80.0, 60.0),
        agent_radius: r,
        room_wall_thickness: 2.0,
        room_door_width: 12.0,
        ..NavOptions::default()
    }
}

#[test]
fn two_rooms_and_a_doorway() {
    let g = DungeonGrid::from_ascii("SE").unwrap();
    let nav = checked(&g, &walled(0.0));
    let r = verify::check(&g, &walled(0.0), &nav, MERGE).unwrap();
    assert_eq!((r.polygons, r.components), (3, 1));
    // The doorway: 12 units of the shared side, 2 deep across the wall.
    let door: Vec<[f32; 2]> = nav
        .polygon(1)
        .iter()
        .map(|&i| nav.vertices[i as usize])
        .collect();
    let xs: Vec<f32> = door.iter().map(|v| v[0]).collect();
    let ys: Vec<f32> = door.iter().map(|v| v[1]).collect();
    assert_eq!(
        (
            xs.iter().copied().fold(f32::MAX, f32::min),
            xs.iter().copied().fold(f32::MIN, f32::max),
            ys.iter().copied().fold(f32::MAX, f32::min),
            ys.iter().copied().fold(f32::MIN, f32::max),
        ),
        (79.0, 81.0, 24.0, 36.0)
    );
    // With a radius the doorway narrows by it on each side.
    let nav = checked(&g, &walled(1.5));
    let r = verify::check(&g, &walled(1.5), &nav, MERGE).unwrap();
    assert_eq!((r.polygons, r.components), (3, 1));
}

#[test]
fn walls_without_thickness_are_thin_walls_beside_the_door() {
    let g = DungeonGrid::from_ascii("SE").unwrap();
    let o = NavOptions {
        cell_size: (80.0, 60.0),
        room_door_width: 12.0,
        ..NavOptions::default()
    };
    let nav = checked(&g, &o);
    let r = verify::check(&g, &o, &nav, MERGE).unwrap();
    assert_eq!(r.components, 1);
    assert!(r.wall_midpoints > 0, "{r:?}");
}

#[test]
fn default_room_geometry_is_the_tile_lattice() {
    let g = crate::isaac::generate(&crate::isaac::IsaacConfig::compact(), 3, 2).unwrap();
    for r in [0.0, 4.0] {
        let o = NavOptions {
            agent_radius: r,
            ..opts()
        };
        let plain = o.lattice(&g, Watch::new().span(0.0, 1.0)).unwrap();
        let masks = o.masks(&g);
        let tiles = Lattice::tile_map(&g, &masks, TILE, Watch::new().span(0.0, 1.0)).unwrap();
        let split = rooms::lattice(&g, &tiles, &o, Watch::new().span(0.0, 1.0)).unwrap();
        assert_eq!(split, plain, "radius {r}");
    }
}

#[test]
fn thin_room_walls_need_a_fine_merge_cell() {
    // The sample's rooms in metres: 0.2 m walls put lines 0.1 m either
    // side of each room side, too close for a 0.25 m merge cell (Godot
    // 3D's default map cell); 0.03 m is fine.
    let g = DungeonGrid::from_ascii("SE").unwrap();
    let o = NavOptions {
        cell_size: (8.0, 6.0),
        room_wall_thickness: 0.2,
        room_door_width: 1.2,
        merge_cell: 0.25,
        ..NavOptions::default()
    };
    let Err(GenError::Config(e)) = build(&g, &o, &Watch::new()) else {
        panic!("accepted");
    };
    assert_eq!(e.field, "merge_cell");
    let fine = NavOptions {
        merge_cell: 0.03,
        ..o
    };
    let nav = build(&g, &fine, &Watch::new()).unwrap();
    assert!(verify::check(&g, &fine, &nav, 0.03).is_ok());
}

#[test]
fn bad_room_geometry_names_the_field() {
    let g = DungeonGrid::from_ascii("SE").unwrap();
    let cases = [
        (80.0, 12.0, "room_wall_thickness"),
        (-1.0, 12.0, "room_wall_thickness"),
        (f64::NAN, 12.0, "room_wall_thickness"),
        (2.0, 3.0, "room_door_width"),
        (2.0, 59.0, "room_door_width"),
        (2.0, f64::NAN, "room_door_width"),
    ];
    for (wall, door, field) in cases {
        let o = NavOptions {
            room_wall_thickness: wall,
            room_door_width: door,
            ..walled(1.5)
        };
        let Err(GenError::Config(e)) = build(&g, &o, &Watch::new()) else {
            panic!("{wall} {door} accepted");
        };
        assert_eq!(e.field, field);
    }
}

#[test]
fn every_preset_with_walls_and_doors() {
    for r in [0.0, 1.5] {
        assert!(worst_ratios(&walled(r), 0..2).len() >= GENERATORS.len() - 1);
    }
}

#[test]
fn large_rooms_have_no_walls_inside() {
    use crate::isaac::{self, IsaacConfig};
    let o = walled(0.0);
    let (mut sides, mut doors) = (0, 0);
    for seed in 0..20 {
        let g = isaac::generate(&IsaacConfig::large_rooms(), seed, 3).unwrap();
        let lat = o.lattice(&g, Watch::new().span(0.0, 1.0)).unwrap();
        // Whether world point (x, y) lies in a walkable lattice cell.
        let walk_at = |x: f64, y: f64| {
            let i = lat.xs.partition_point(|&l| l <= x).saturating_sub(1);
            let j = lat.ys.partition_point(|&l| l <= y).saturating_sub(1);
            lat.has(i, j, lattice::WALK)
        };
        for y in 0..g.height() {
            for x in 0..g.width() {
                let here = g.room_at((x, y));
                let east = g.room_at((x + 1, y));
                if here.is_none() || g.door_mask((x, y)) & crate::grid::DOOR_E == 0 {
                    continue;
                }
                // A point on the side a quarter of the way down: inside the
                // wall between two rooms, open floor inside one room.
                let (sx, sy) = (f64::from(x + 1) * 80.0, f64::from(y) * 60.0 + 15.0);
                let open = walk_at(sx - 0.5, sy) && walk_at(sx + 0.5, sy);
                if here == east {
                    assert!(open, "seed {seed}: wall inside room at ({x}, {y})");
                    sides += 1;
                } else {
                    assert!(!open, "seed {seed}: no wall between rooms at ({x}, {y})");
                    doors += 1;
                }
            }
        }
    }
    assert!(sides > 0 && doors > 0, "{sides} {doors}");
}
