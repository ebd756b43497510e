use super::*;
use crate::grid::DungeonGrid;

fn grid(s: &str) -> DungeonGrid {
    DungeonGrid::from_ascii(s).unwrap()
}

fn run(g: &DungeonGrid, opts: &CollisionOptions) -> CollisionData {
    build(g, opts, &Watch::new()).unwrap()
}

#[test]
fn bad_options_name_the_field() {
    let g = grid("S#E");
    for (t, d, field) in [
        (0.0, -1.0, "wall_thickness"),
        (f32::NAN, -1.0, "wall_thickness"),
        (0.6, -1.0, "wall_thickness"),
        (0.25, 0.0, "room_door_width"),
        (0.25, 0.6, "room_door_width"),
        (0.25, f32::NAN, "room_door_width"),
    ] {
        let opts = CollisionOptions {
            wall_thickness: t,
            room_door_width: d,
            ..CollisionOptions::default()
        };
        match build(&g, &opts, &Watch::new()) {
            Err(GenError::Config(e)) => assert_eq!(e.field, field, "{t} {d}"),
            other => panic!("{t} {d}: {other:?}"),
        }
    }
}

#[test]
fn a_corridor_on_the_edge_is_walled_in_by_the_ring() {
    // Three walkable cells in a 3×1 grid: the ring around them is 5 × 3
    // less the cells, 12 wall cells in 2 rows and 2 end columns.
    let g = grid("S#E");
    let d = run(&g, &CollisionOptions::default());
    assert_eq!(per_tile_count(&g), 12);
    let area: u64 = d.walls.iter().map(CellRect::area).sum();
    assert_eq!(area, 12);
    assert_eq!(d.walls.len(), 4);
    let per_tile = CollisionOptions {
        merge: false,
        ..CollisionOptions::default()
    };
    assert_eq!(run(&g, &per_tile).walls.len(), 12);
}

#[test]
fn closed_sides_between_walkable_cells_get_thin_walls() {
    // A 2×2 room grid whose masks open only the top row and the left
    // column: (1,0)-(1,1) and (0,1)-(1,1) are closed.
    use crate::grid::{DOOR_E, DOOR_N, DOOR_S, DOOR_W};
    let mut g = grid("S#\n#E");
    g.doors = vec![DOOR_E | DOOR_S, DOOR_W, DOOR_N, 0];
    let d = run(&g, &CollisionOptions::default());
    // Horizontal wall on line 1 from x 1 to 2; vertical on line 1 from
    // y 1 to 2, stopping half a thickness below the horizontal one.
    assert_eq!(
        d.thin_walls,
        vec![
            Box2 {
                x0: 1.0,
                y0: 0.9375,
                x1: 2.0,
                y1: 1.0625
            },
            Box2 {
                x0: 0.9375,
                y0: 1.0625,
                x1: 1.0625,
                y1: 2.0
            },
        ]
    );
    // Every open side of a room grid is a door between two rooms.
    assert_eq!(d.doors.len(), 2);
    assert!(d.doors.iter().all(|x| !x.closed && x.lock.is_none()));
}

#[test]
fn room_grid_doorways_keep_walls_beside_them() {
    let g = grid("S#E");
    let opts = CollisionOptions {
        wall_thickness: 0.25,
        room_door_width: 0.5,
        ..CollisionOptions::default()
    };
    let d = run(&g, &opts);
    // Two open sides, each a doorway of 0.5 between two walls of 0.25.
    assert_eq!(d.doors.len(), 2);
    assert_eq!(d.thin_walls.len(), 4);
    assert_eq!(d.doors[0].rect.size(), (0.25, 0.5));
    assert_eq!(d.doors[0].rect.center(), (1.0, 0.5));
    for t in &d.thin_walls {
        assert_eq!(t.size(), (0.25, 0.25));
    }
    let all: Vec<Box2> = d
        .thin_walls
        .iter()
        .copied()
        .chain(d.doors.iter().map(|x| x.rect))
        .chain(d.walls.iter().map(CellRect::to_box))
        .collect();
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert!(!a.overlaps(b), "{a:?} {b:?}");
        }
    }
}

#[test]
fn a_cancelled_watch_stops_the_build() {
    let g = grid("S#E");
    let w = Watch::new();
    w.cancel();
    assert_eq!(
        build(&g, &CollisionOptions::default(), &w),
        Err(GenError::Cancelled)
    );
    let w = Watch::new();
    build(&g, &CollisionOptions::default(), &w).unwrap();
    assert_eq!(w.progress(), 1.0);
}
