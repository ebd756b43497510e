//! Rooms and mazes over 5000 random valid configs: every map passes
//! `check`, is connected, has odd rooms at odd spots that never touch,
//! doors exactly where a corridor meets a room, the dead ends its settings
//! ask for, a path of interest the brute-force oracle agrees with (between
//! rooms, from start to end, and between any nodes), the same ends as the
//! plain search over the whole node graph, and the same bytes twice. Invalid configs give errors, never panics.

#[path = "support/poi_oracle.rs"]
mod oracle;

use dungeon_core::GeneratorConfig;
use dungeon_core::grid::{Cell, DIRS};
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::poi::PoiEnds;
use dungeon_core::{DungeonGrid, DungeonRng, GenError};

/// A random valid config on a small map.
fn config(rng: &mut DungeonRng) -> MazeConfig {
    let odd = |rng: &mut DungeonRng, lo: i32, hi: i32| lo + 2 * rng.range(0, (hi - lo) / 2);
    let width = odd(rng, 5, 31);
    let height = odd(rng, 5, 25);
    let (short, long) = (width.min(height), width.max(height));
    let max_min = ((long - 3) / 2).min(short - 2);
    let max_min = max_min - (1 - max_min % 2);
    let room_min_size = odd(rng, 1, max_min.min(7));
    let room_max_size = odd(rng, room_min_size, (short - 2).min(room_min_size + 8));
    let pick = |rng: &mut DungeonRng| match rng.below(4) {
        0 => 0.0,
        1 => 1.0,
        _ => rng.unit(),
    };
    MazeConfig {
        width,
        height,
        room_attempts: rng.range(0, 60),
        room_min_size,
        room_max_size,
        windiness: pick(rng),
        extra_connector_chance: pick(rng) * 0.3,
        dead_end_removal: pick(rng),
    }
}

fn assert_maze(g: &DungeonGrid, c: &MazeConfig, oracle: bool) {
    let ctx = || format!("{c:?} seed {}\n{g}", g.seed);
    assert_eq!(g.check(), Ok(()), "{}", ctx());
    assert!(g.is_connected(), "{}", ctx());
    assert_eq!((g.width(), g.height()), (c.width, c.height));
    assert_eq!(g.generator, "maze");
    let rects = g.room_rects();
    assert!(rects.len() >= 2, "{}", ctx());
    for (k, r) in rects.iter().enumerate() {
        assert!(
            r.x % 2 == 1 && r.y % 2 == 1 && r.w % 2 == 1 && r.h % 2 == 1,
            "{r:?}"
        );
        assert!(
            r.x + r.w < c.width && r.y + r.h < c.height,
            "{r:?} {}",
            ctx()
        );
        let sized = |s| (c.room_min_size..=c.room_max_size).contains(&s);
        assert!(sized(r.w) && sized(r.h), "{r:?} {}", ctx());
        for o in &rects[k + 1..] {
            let apart = r.x + r.w < o.x || o.x + o.w < r.x || r.y + r.h < o.y || o.y + o.h < r.y;
            assert!(apart, "{r:?} touches {o:?}: {}", ctx());
        }
    }
    // Doors exactly where a corridor meets a room: a non-room walkable tile
    // beside room floor is a door open to it; every door opens into a room
    // and lies between two tiles in line (one even coordinate).
    let mut door_sides = 0;
    for i in 0..g.cells().len() {
        let p = g.pos(i);
        let cell = g.cells()[i];
        if !cell.is_walkable() || cell.is_room() {
            continue;
        }
        for (dx, dy, bit, _) in DIRS {
            let q = (p.0 + dx, p.1 + dy);
            if g.cell(q).is_room() {
                assert_eq!(cell, Cell::Door, "{p:?} touches a room: {}", ctx());
                assert!(g.door_mask(p) & bit != 0, "door {p:?} closed: {}", ctx());
                door_sides += 1;
            }
        }
        if cell == Cell::Door {
            assert!((p.0 % 2 == 0) != (p.1 % 2 == 0), "{p:?}: {}", ctx());
        }
        // Maze tiles: a corridor tile with both coordinates even is never
        // carved.
        assert!(p.0 % 2 == 1 || p.1 % 2 == 1, "{p:?}: {}", ctx());
    }
    assert!(door_sides >= 1, "{}", ctx());
    // Dead ends: none at 1; the whole maze at 0 (every odd tile walkable).
    if c.dead_end_removal >= 1.0 {
        for i in 0..g.cells().len() {
            if matches!(g.cells()[i], Cell::Corridor | Cell::Door) {
                assert!(g.door_masks()[i].count_ones() >= 2, "{}", ctx());
            }
        }
    }
    if c.dead_end_removal <= 0.0 {
        for y in (1..c.height).step_by(2) {
            for x in (1..c.width).step_by(2) {
                assert!(g.cell((x, y)).is_walkable(), "({x}, {y}) {}", ctx());
            }
        }
    }
    // Start and end: the two ends of the path of interest between rooms.
    // The oracle (all pairs, cubic) runs on a third of the maps.
    let p = if oracle {
        let [rooms, any] = oracle::check_both(g);
        any.expect("nodes");
        rooms.expect("two rooms")
    } else {
        let p = dungeon_core::poi::path_of_interest(g, PoiEnds::Rooms).expect("two rooms");
        assert!(p.exact);
        p
    };
    assert_eq!(p.tiles.first(), Some(&g.start()), "{}", ctx());
    assert_eq!(p.tiles.last(), Some(&g.end()), "{}", ctx());
}

#[test]
fn five_thousand_random_configs() {
    let mut rng = DungeonRng::new(13);
    for case in 0..5000u64 {
        let c = config(&mut rng);
        assert_eq!(c.validate(), Ok(()), "{c:?}");
        let level = 1 + (case % 7) as i32;
        let g = maze::generate(&c, case, level).unwrap_or_else(|e| panic!("{c:?}: {e}"));
        assert_maze(&g, &c, case % 3 == 0);
        if case % 10 == 0 {
            assert_eq!(g, maze::generate(&c, case, level).unwrap());
        }
        // `generate` finds the end rooms on the pruned map (or, with two
        // rooms, without a search); the plain search over the whole node
        // graph is the oracle.
        if case % 4 == 0 {
            let (plain, _) = maze::generate_with_path(&c, case, level).unwrap();
            assert_eq!(g, plain, "{c:?}");
        }
    }
}

#[test]
fn presets_keep_the_properties() {
    for name in MazeConfig::PRESETS {
        let c = MazeConfig::preset(name).unwrap();
        for seed in 0..5 {
            let g = maze::generate(&c, seed, 1).unwrap();
            assert_eq!(g.check(), Ok(()));
            let p = dungeon_core::poi::path_of_interest(&g, PoiEnds::Rooms).unwrap();
            assert!(p.exact);
            assert_eq!((p.tiles[0], *p.tiles.last().unwrap()), (g.start(), g.end()));
            assert_maze(&g, &c, false);
            assert_eq!(oracle::check_poi(&g, PoiEnds::Rooms), Some(p));
        }
    }
}

#[test]
fn bad_settings_give_errors_never_panics() {
    let mut rng = DungeonRng::new(99);
    let wild = [
        i32::MIN,
        -1,
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        9,
        10,
        31,
        4094,
        4095,
        4097,
        i32::MAX,
    ];
    let floats = [f64::NAN, -0.5, 0.0, 0.5, 1.0, 1.5, f64::INFINITY];
    let mut errors = 0;
    for _ in 0..3000 {
        let c = MazeConfig {
            width: *rng.pick(&wild).unwrap(),
            height: *rng.pick(&wild).unwrap(),
            room_attempts: *rng.pick(&[-5, 0, 3, 100_001]).unwrap(),
            room_min_size: *rng.pick(&wild).unwrap(),
            room_max_size: *rng.pick(&wild).unwrap(),
            windiness: *rng.pick(&floats).unwrap(),
            extra_connector_chance: *rng.pick(&floats).unwrap(),
            dead_end_removal: *rng.pick(&floats).unwrap(),
        };
        if c.width > 63 || c.height > 63 {
            // Keep the debug build quick: only validate big maps.
            if c.validate().is_err() {
                errors += 1;
            }
            continue;
        }
        match maze::generate(&c, 1, 1) {
            Ok(g) => {
                assert_eq!(c.validate(), Ok(()));
                assert_eq!(g.check(), Ok(()));
            }
            Err(GenError::Config(e)) => {
                errors += 1;
                assert_eq!(c.validate(), Err(GenError::Config(e.clone())));
                assert!(!e.allowed.is_empty());
            }
            Err(other) => panic!("{c:?}: {other}"),
        }
    }
    assert!(errors > 2500, "{errors}");
}
