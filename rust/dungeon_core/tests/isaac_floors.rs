//! Complete Isaac floors, room by room (a large room is one room), over
//! levels 1–10 of the `branching` and `large_rooms` presets: every role
//! placed by its rule (boss the farthest dead end, secret rooms by the
//! neighbour rule with its relaxations, super secret beside exactly one
//! room), the floor a tree of rooms apart from its secret rooms, room
//! counts exact, large rooms inside the grid and never overlapping
//! (`support/isaac_floor_check.rs`).
//!
//! The suite runs `SEEDS` seeds per level and preset; the full 10 000 per
//! level are `cargo test --release -p dungeon_core --test isaac_floors --
//! --ignored` (about 10 s in release).

#[path = "support/isaac_floor_check.rs"]
#[allow(dead_code)] // the facts the example prints
mod check;

use check::check_floor;
use dungeon_core::GeneratorConfig;
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::room_grid::LargeRooms;
use dungeon_core::{DungeonGrid, RoomShape};

/// Seeds per level and preset in the debug test suite.
const SEEDS: u64 = 500;

fn sweep(c: &IsaacConfig, seeds: u64) -> usize {
    let mut large = 0;
    for level in 1..=10 {
        for seed in 0..seeds {
            let g = isaac::generate(c, seed, level)
                .unwrap_or_else(|e| panic!("seed {seed} level {level}: {e}"));
            large += check_floor(&g, c, seed, level).large_rooms;
            if seed % 97 == 0 {
                let back = DungeonGrid::from_json(&g.to_json()).unwrap();
                assert_eq!(back, g);
            }
        }
    }
    large
}

#[test]
fn branching_floors_keep_every_rule() {
    assert_eq!(sweep(&IsaacConfig::branching(), SEEDS), 0);
}

#[test]
fn large_room_floors_keep_every_rule() {
    let large = sweep(&IsaacConfig::large_rooms(), SEEDS);
    // About two large rooms per floor (see examples/isaac_floors.rs).
    assert!(large > 10 * SEEDS as usize, "{large}");
}

#[test]
#[ignore = "10 000 seeds per level; run in release"]
fn ten_thousand_seeds_per_level() {
    sweep(&IsaacConfig::branching(), 10_000);
    sweep(&IsaacConfig::large_rooms(), 10_000);
}

#[test]
fn every_shape_appears_with_its_chance() {
    // Each shape alone, always: every floor that grows a room from a cell
    // with space has that shape.
    let shapes = [
        (
            LargeRooms {
                tall: 1.0,
                ..LargeRooms::NONE
            },
            vec![RoomShape::Tall],
        ),
        (
            LargeRooms {
                wide: 1.0,
                ..LargeRooms::NONE
            },
            vec![RoomShape::Wide],
        ),
        (
            LargeRooms {
                square: 1.0,
                ..LargeRooms::NONE
            },
            vec![RoomShape::Square],
        ),
        (
            LargeRooms {
                l_shape: 1.0,
                ..LargeRooms::NONE
            },
            RoomShape::L_SHAPES.to_vec(),
        ),
    ];
    for (large, want) in shapes {
        let c = IsaacConfig {
            large_rooms: large,
            ..IsaacConfig::large_rooms()
        };
        let mut seen = Vec::new();
        for seed in 0..200 {
            let g = isaac::generate(&c, seed, 4).unwrap();
            check_floor(&g, &c, seed, 4);
            for &(_, s) in g.large_rooms() {
                assert!(want.contains(&s), "{s:?} with {large:?}");
                if !seen.contains(&s) {
                    seen.push(s);
                }
            }
        }
        seen.sort_by_key(|s| *s as u8);
        assert_eq!(seen, want, "{large:?}");
    }
}

#[test]
fn a_two_by_two_room_can_have_eight_doors() {
    // Doors are per cell side: some 2×2 room on some floor has more than
    // four, and no room ever more than its cell sides.
    let c = IsaacConfig {
        large_rooms: LargeRooms {
            square: 0.5,
            ..LargeRooms::NONE
        },
        ..IsaacConfig::large_rooms()
    };
    let mut most = 0;
    for seed in 0..400 {
        let g = isaac::generate(&c, seed, 10).unwrap();
        for &(r, s) in g.large_rooms() {
            let doors = g.room_doors(r).len();
            assert!(doors <= 8);
            if s == RoomShape::Square {
                most = most.max(doors);
            }
        }
    }
    assert!(most > 4, "{most}");
}

#[test]
fn large_rooms_need_the_branching_rule() {
    let c = IsaacConfig {
        large_rooms: LargeRooms::rebirth(),
        ..IsaacConfig::compact()
    };
    let e = isaac::generate(&c, 1, 1).unwrap_err().to_string();
    assert!(e.contains("large_rooms") && e.contains("branching"), "{e}");
    let mut bad = IsaacConfig::large_rooms();
    bad.large_rooms.tall = -0.5;
    let e = isaac::generate(&bad, 1, 1).unwrap_err().to_string();
    assert!(e.contains("large_rooms.tall = -0.5"), "{e}");
}

#[test]
fn presets_without_large_rooms_have_none() {
    for name in ["compact", "branching"] {
        let c = IsaacConfig::preset(name).unwrap();
        assert!(!c.large_rooms.any());
        let g = isaac::generate(&c, 5, 5).unwrap();
        assert!(g.large_rooms().is_empty());
        assert_eq!(g.room_count(), g.rooms().len());
        assert!(!g.to_json().contains("\"shape\""));
    }
}

#[test]
fn large_rooms_round_trip_and_broken_ones_are_refused() {
    let c = IsaacConfig::large_rooms();
    let g = (0..50)
        .map(|seed| isaac::generate(&c, seed, 6).unwrap())
        .find(|g| {
            g.large_rooms()
                .iter()
                .any(|l| RoomShape::L_SHAPES.contains(&l.1))
        })
        .expect("an L room in 50 floors");
    let json = g.to_json();
    assert_eq!(DungeonGrid::from_json(&json).unwrap(), g);
    let (r, shape) = *g
        .large_rooms()
        .iter()
        .find(|l| RoomShape::L_SHAPES.contains(&l.1))
        .unwrap();
    let named = format!("\"shape\":\"{}\"", shape.name());
    assert!(json.contains(&named));
    // Another L orientation: its cells are not the grid's room floor.
    let other = RoomShape::L_SHAPES.iter().find(|&&s| s != shape).unwrap();
    let e = DungeonGrid::from_json(&json.replacen(
        &named,
        &format!("\"shape\":\"{}\"", other.name()),
        1,
    ))
    .unwrap_err()
    .0;
    assert!(
        e.contains("not room floor") || e.contains("rooms lists"),
        "{e}"
    );
    let e = DungeonGrid::from_json(&json.replacen(&named, "\"shape\":\"3x3\"", 1))
        .unwrap_err()
        .0;
    assert!(e.contains("unknown shape \"3x3\""), "{e}");
    // Without its shape, the L's 2×2 rect is not a single cell.
    let e = DungeonGrid::from_json(&json.replacen(&format!(",{named}"), "", 1))
        .unwrap_err()
        .0;
    assert!(e.contains("single cells"), "{e}");
    // A wall inside a large room: closed sides between its own cells.
    let cells: Vec<_> = g.room_records()[r].cells().collect();
    let mut masks = g.door_masks().to_vec();
    for (a, b) in [(cells[0], cells[1]), (cells[1], cells[2])] {
        for (dx, dy, bit, back) in dungeon_core::DIRS {
            if (a.0 + dx, a.1 + dy) == b {
                masks[g.index(a).unwrap()] &= !bit;
                masks[g.index(b).unwrap()] &= !back;
            }
        }
    }
    let rows: Vec<String> = masks
        .chunks(g.width() as usize)
        .map(|r| {
            format!(
                "[{}]",
                r.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
            )
        })
        .collect();
    let doors_at = json.find("\"doors\":").unwrap();
    let doors_end = json[doors_at..].find("]],").unwrap() + doors_at + 2;
    let walled = format!(
        "{}\"doors\":[{}]{}",
        &json[..doors_at],
        rows.join(","),
        &json[doors_end..]
    );
    let e = DungeonGrid::from_json(&walled).unwrap_err().0;
    assert!(e.contains("is closed (a large room is one floor)"), "{e}");
}
