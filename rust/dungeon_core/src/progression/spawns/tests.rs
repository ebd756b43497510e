//! Picture tests for spawn points.

use super::{SpawnKind, SpawnPoint, SpawnRules, chebyshev};
use crate::grid::{DungeonGrid, GridKind, Pos, Rect};

/// A tile map from a picture and its room rectangles.
fn tile_map(picture: &str, rects: &[Rect]) -> DungeonGrid {
    let mut g = DungeonGrid::from_ascii(picture).unwrap();
    g.kind = GridKind::TileMap;
    g.rooms.clear();
    g.room_rects = rects.to_vec();
    assert_eq!(g.check(), Ok(()));
    g
}

/// Rules that ask for as many points as the floor holds.
fn crowded() -> SpawnRules {
    SpawnRules {
        enemy_density: 50.0,
        enemy_ramp: 4.0,
        traps_per_room: 8.0,
        min_spacing: 1,
        ..SpawnRules::default()
    }
}

fn in_room(points: &[SpawnPoint], room: usize) -> Vec<SpawnPoint> {
    points.iter().copied().filter(|p| p.room == room).collect()
}

/// The start room (0), a corridor, and a 7×5 end room (1) with one door
/// at (4, 0), in front of its floor tile (5, 0).
const ONE_DOOR: &str = "
    S#+=+#######
    ##...#######
    .....#######
    .....#######
    .....######E
";

fn one_door() -> DungeonGrid {
    tile_map(ONE_DOOR, &[Rect::new(0, 0, 2, 2), Rect::new(5, 0, 7, 5)])
}

#[test]
fn points_keep_clear_of_the_only_door() {
    let g = one_door();
    for clearance in 0..=4 {
        let rules = SpawnRules {
            door_clearance: clearance,
            ..crowded()
        };
        let points = g.spawn_points(&rules).unwrap();
        let room = in_room(&points, 1);
        assert!(room.len() > 3, "clearance {clearance}: {room:?}");
        for p in &room {
            assert!(chebyshev(p.cell, (4, 0)) > i64::from(clearance), "{p:?}");
            assert_ne!(p.cell, (5, 0), "on the doorway");
            assert_ne!(p.cell, g.end(), "on the end");
        }
        // The boss stands in the end room; the safe start room is empty.
        assert_eq!(room.iter().filter(|p| p.kind == SpawnKind::Boss).count(), 1);
        assert!(in_room(&points, 0).is_empty(), "{points:?}");
    }
}

#[test]
fn a_hall_one_tile_wide_between_two_doors_gets_no_points() {
    // Start room, a door, a 5×1 hall, a door, the end room.
    let g = tile_map(
        "S#+#####+#E",
        &[
            Rect::new(0, 0, 2, 1),
            Rect::new(3, 0, 5, 1),
            Rect::new(9, 0, 2, 1),
        ],
    );
    let points = g.spawn_points(&crowded()).unwrap();
    assert!(in_room(&points, 1).is_empty(), "{points:?}");
}

/// Whether the start still reaches the end with `taken` walled up.
fn passable(g: &DungeonGrid, taken: &[Pos]) -> bool {
    let mut masks = g.door_masks().to_vec();
    let w = g.width();
    for &(x, y) in taken {
        masks[(y * w + x) as usize] = 0;
    }
    let mut dist = Vec::new();
    let mut queue = Vec::new();
    let s = (g.start().1 * w + g.start().0) as usize;
    crate::analysis::bfs(w, &masks, s, &mut dist, &mut queue);
    let e = (g.end().1 * w + g.end().0) as usize;
    dist[e] != crate::analysis::UNREACHABLE
}

#[test]
fn a_hall_two_tiles_wide_keeps_a_way_through_however_crowded() {
    let g = tile_map(
        "
        S#+########+#E
        ##.########.##
        ",
        &[
            Rect::new(0, 0, 2, 2),
            Rect::new(3, 0, 8, 2),
            Rect::new(12, 0, 2, 2),
        ],
    );
    // No tile of a two-wide hall blocks alone, but pairs across it do.
    let points = g.spawn_points(&crowded()).unwrap();
    let hall = in_room(&points, 1);
    assert!(!hall.is_empty());
    let cells: Vec<Pos> = points.iter().map(|p| p.cell).collect();
    assert!(passable(&g, &cells), "{points:?}");
    // Walled up across the hall, the way is gone: the check can fail.
    assert!(!passable(&g, &[(6, 0), (6, 1)]));
}

#[test]
fn points_of_a_room_keep_their_spacing() {
    let g = one_door();
    for spacing in 1..=6 {
        let rules = SpawnRules {
            min_spacing: spacing,
            ..crowded()
        };
        let points = g.spawn_points(&rules).unwrap();
        for (i, a) in points.iter().enumerate() {
            for b in &points[i + 1..] {
                assert!(
                    chebyshev(a.cell, b.cell) >= i64::from(spacing),
                    "{a:?} {b:?}"
                );
            }
        }
        if spacing >= 5 {
            assert!(points.len() <= 4, "{points:?}");
        }
    }
}

#[test]
fn the_start_room_is_safe_unless_asked_otherwise() {
    // A large start room (0) and a dead end (1) holding the end.
    let picture = "
        ######+=+##
        ######...E#
        S#####.....
        ######.....
    ";
    let g = tile_map(picture, &[Rect::new(0, 0, 6, 4), Rect::new(9, 0, 2, 2)]);
    let safe = g.spawn_points(&crowded()).unwrap();
    assert!(in_room(&safe, 0).is_empty(), "{safe:?}");
    let rules = SpawnRules {
        start_room_safe: false,
        ..crowded()
    };
    let open = g.spawn_points(&rules).unwrap();
    assert!(
        in_room(&open, 0).iter().any(|p| p.kind == SpawnKind::Enemy),
        "{open:?}"
    );
    // The end room's own points do not move with the start room's rules.
    assert_eq!(in_room(&safe, 1), in_room(&open, 1));
}

#[test]
fn room_grids_get_at_most_one_point_of_a_kind_per_cell() {
    // X(0) above A(3), Y(1) above C(5); S(2) A(3) B(4) C(5) D(6) E(7).
    let g = DungeonGrid::from_ascii(
        "
        .#.#..
        S####E
        ",
    )
    .unwrap();
    let points = g.spawn_points(&crowded()).unwrap();
    for room in 0..g.room_count() {
        let here = in_room(&points, room);
        for kind in SpawnKind::ALL {
            assert!(here.iter().filter(|p| p.kind == kind).count() <= 1);
        }
        for p in &here {
            assert_eq!(g.room_at(p.cell), Some(room));
        }
    }
    let boss: Vec<_> = points
        .iter()
        .filter(|p| p.kind == SpawnKind::Boss)
        .collect();
    assert_eq!(boss.len(), 1);
    assert_eq!(boss[0].cell, g.end());
    // X and Y are dead ends: loot.
    for room in [0, 1] {
        assert!(
            in_room(&points, room)
                .iter()
                .any(|p| p.kind == SpawnKind::Loot)
        );
    }
    // The start room is safe and the trap rule needs two doorways.
    assert!(in_room(&points, 2).is_empty(), "{points:?}");
    assert!(
        in_room(&points, 3)
            .iter()
            .any(|p| p.kind == SpawnKind::Trap)
    );
}

#[test]
fn open_floor_gets_no_points_but_bad_rules_still_fail() {
    let cave = DungeonGrid::from_ascii("S,,,E").unwrap();
    assert_eq!(cave.spawn_points(&SpawnRules::default()), Ok(Vec::new()));
    let bad = SpawnRules {
        min_spacing: 0,
        ..SpawnRules::default()
    };
    assert_eq!(cave.spawn_points(&bad).unwrap_err().field, "min_spacing");
}

#[test]
fn bad_rules_name_their_field() {
    let bad = |f: fn(&mut SpawnRules)| {
        let mut r = SpawnRules::default();
        f(&mut r);
        r.validate().map_err(|e| e.field)
    };
    assert_eq!(bad(|_| {}), Ok(()));
    assert_eq!(bad(|r| r.enemy_density = f64::NAN), Err("enemy_density"));
    assert_eq!(bad(|r| r.enemy_density = -0.5), Err("enemy_density"));
    assert_eq!(bad(|r| r.enemy_ramp = f64::INFINITY), Err("enemy_ramp"));
    assert_eq!(bad(|r| r.loot_per_dead_end = -1), Err("loot_per_dead_end"));
    assert_eq!(
        bad(|r| r.loot_per_branch_room = 4.5),
        Err("loot_per_branch_room")
    );
    assert_eq!(
        bad(|r| r.traps_per_room = f64::NEG_INFINITY),
        Err("traps_per_room")
    );
    assert_eq!(bad(|r| r.min_spacing = 17), Err("min_spacing"));
    assert_eq!(bad(|r| r.door_clearance = -1), Err("door_clearance"));
    let e = bad_message(SpawnRules {
        enemy_density: 60.0,
        ..SpawnRules::default()
    });
    assert_eq!(e, "invalid enemy_density = 60: allowed 0..=50");
}

fn bad_message(r: SpawnRules) -> String {
    r.validate().unwrap_err().to_string()
}

#[test]
fn same_grid_same_rules_same_points() {
    let g = one_door();
    let a = g.spawn_points(&SpawnRules::default()).unwrap();
    assert_eq!(a, g.spawn_points(&SpawnRules::default()).unwrap());
    let mut sorted = a.clone();
    sorted.sort_by_key(|p| (p.room, p.kind, p.cell.1, p.cell.0));
    assert_eq!(a, sorted);
}
