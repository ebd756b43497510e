//! Room records and the room graph, on every generator's output: records
//! cover the room floor, roles follow start and end, every connection is a
//! real walk, and every room can be reached from the start room.

use dungeon_core::GeneratorConfig;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::{DIRS, DungeonGrid, RoomRole};

/// Whether `p` opens into a floor cell of `room`.
fn opens_into(g: &DungeonGrid, p: (i32, i32), room: usize) -> bool {
    DIRS.iter().any(|&(dx, dy, bit, _)| {
        g.door_mask(p) & bit != 0 && g.room_at((p.0 + dx, p.1 + dy)) == Some(room)
    })
}

fn check(g: &DungeonGrid) {
    let rooms = g.room_records();
    let floor: usize = rooms.iter().map(|r| r.cells().count()).sum();
    assert_eq!(
        floor,
        g.room_cell_count(),
        "records cover the room floor\n{g}"
    );
    for (id, r) in rooms.iter().enumerate() {
        for p in r.cells() {
            assert_eq!(g.room_at(p), Some(id));
        }
    }
    let start = g.room_at(g.start()).expect("start is in a room");
    let end = g.room_at(g.end()).expect("end is in a room");
    assert_eq!(g.rooms_with_role(RoomRole::Start), vec![start]);
    // The end room is the boss room on floors with special rooms.
    let end_role = if g.special_rooms().is_empty() {
        RoomRole::End
    } else {
        RoomRole::Boss
    };
    assert_eq!(g.rooms_with_role(end_role), vec![end]);
    assert_eq!(g.boss_room(), (end_role == RoomRole::Boss).then_some(end));
    for c in g.connections() {
        let (a, b) = c.rooms;
        assert!(a < b && b < rooms.len());
        match (c.tiles.first(), c.tiles.last()) {
            (Some(&first), Some(&last)) => {
                assert!(
                    opens_into(g, first, a) && opens_into(g, last, b),
                    "{c:?}\n{g}"
                );
                for w in c.tiles.windows(2) {
                    let step = (w[1].0 - w[0].0, w[1].1 - w[0].1);
                    let open = DIRS
                        .iter()
                        .any(|&(dx, dy, bit, _)| (dx, dy) == step && g.door_mask(w[0]) & bit != 0);
                    assert!(open, "{c:?} steps through a wall\n{g}");
                    assert_eq!(g.room_at(w[0]), None);
                }
            }
            _ => assert!(
                rooms[a].cells().any(|p| opens_into(g, p, b)),
                "{c:?}: no door between the rooms"
            ),
        }
    }
    for id in 0..rooms.len() {
        let path = g
            .room_path(start, id)
            .expect("every room reachable from the start room");
        assert_eq!((path[0], *path.last().unwrap()), (start, id));
        for w in path.windows(2) {
            assert!(g.room_neighbors(w[0]).contains(&w[1]));
        }
    }
}

#[test]
fn every_generator_fills_the_room_graph() {
    for seed in 0..150 {
        for level in [1, 4] {
            for c in IsaacConfig::PRESETS
                .iter()
                .filter_map(|p| IsaacConfig::preset(p))
            {
                check(&isaac::generate(&c, seed, level).unwrap());
            }
            for c in DrunkardConfig::PRESETS
                .iter()
                .filter_map(|p| DrunkardConfig::preset(p))
            {
                check(&drunkard::generate(&c, seed, level).unwrap());
            }
        }
        for c in BspConfig::PRESETS
            .iter()
            .filter_map(|p| BspConfig::preset(p))
        {
            check(&bsp::generate(&c, seed, 1).unwrap());
        }
    }
}
