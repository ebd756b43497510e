use super::*;
use crate::grid::{Cell, Rect};
use crate::rng::DungeonRng;

fn small() -> MazeConfig {
    MazeConfig {
        width: 15,
        height: 9,
        room_attempts: 0,
        room_min_size: 3,
        room_max_size: 3,
        windiness: 0.0,
        extra_connector_chance: 0.0,
        dead_end_removal: 0.0,
    }
}

#[test]
fn too_few_rooms_places_two_at_the_first_free_spots() {
    // No attempt: the two fallback rooms, then a maze around them that
    // covers every other odd tile, since no dead end is removed.
    for seed in 0..50 {
        let g = generate(&small(), seed, 1).unwrap();
        assert_eq!(
            g.room_rects(),
            [Rect::new(1, 1, 3, 3), Rect::new(5, 1, 3, 3)]
        );
        assert_eq!(g.check(), Ok(()));
        for y in (1..9).step_by(2) {
            for x in (1..15).step_by(2) {
                assert!(g.cell((x, y)).is_walkable(), "({x}, {y})\n{g}");
            }
        }
        // The start and end are the two rooms' centres.
        let mut ends = [g.start(), g.end()];
        ends.sort_unstable();
        assert_eq!(ends, [(2, 2), (6, 2)], "\n{g}");
    }
    // One drop always leaves one room, so the fallback places two.
    let one = MazeConfig {
        width: 13,
        height: 7,
        room_attempts: 1,
        room_min_size: 5,
        room_max_size: 5,
        ..small()
    };
    for seed in 0..20 {
        let g = generate(&one, seed, 1).unwrap();
        assert_eq!(
            g.room_rects(),
            [Rect::new(1, 1, 5, 5), Rect::new(7, 1, 5, 5)]
        );
        assert_eq!(g.check(), Ok(()));
    }
}

#[test]
fn picture_of_a_tree() {
    // 1×1 rooms, no extra connector, no dead end removed: rooms, maze and
    // connectors form a tree (one fewer open side than walkable tiles).
    let c = MazeConfig {
        width: 21,
        height: 11,
        room_attempts: 30,
        room_min_size: 1,
        room_max_size: 1,
        ..small()
    };
    for seed in 0..100 {
        let g = generate(&c, seed, 1).unwrap();
        assert!(g.is_tree(), "\n{g}");
        assert_eq!(g.check(), Ok(()));
    }
    // With every connector open, loops appear.
    let loops = MazeConfig {
        extra_connector_chance: 1.0,
        ..c
    };
    assert!((0..20).any(|s| !generate(&loops, s, 1).unwrap().is_tree()));
}

#[test]
fn dead_end_removal_all_or_none() {
    let c = MazeConfig {
        dead_end_removal: 1.0,
        ..MazeConfig::classic()
    };
    for seed in 0..40 {
        let g = generate(&c, seed, 1).unwrap();
        for i in 0..g.cells.len() {
            let cell = g.cells[i];
            if matches!(cell, Cell::Corridor | Cell::Door) {
                assert!(g.doors[i].count_ones() >= 2, "{:?}\n{g}", g.pos(i));
            }
        }
    }
    let keep = MazeConfig {
        dead_end_removal: 0.0,
        ..MazeConfig::classic()
    };
    let g = generate(&keep, 1, 1).unwrap();
    let ends = (0..g.cells.len())
        .filter(|&i| g.cells[i] == Cell::Corridor && g.doors[i].count_ones() == 1)
        .count();
    assert!(ends > 10, "{ends}\n{g}");
    // Half: between the two.
    let half = MazeConfig {
        dead_end_removal: 0.5,
        ..keep
    };
    let h = generate(&half, 1, 1).unwrap();
    assert!(h.walkable_count() < g.walkable_count());
}

/// The share of maze steps (corridor tile between two corridor tiles in
/// line) that go straight, over many maps.
fn straightness(windiness: f64) -> f64 {
    let c = MazeConfig {
        room_attempts: 0,
        windiness,
        dead_end_removal: 0.0,
        ..MazeConfig::classic()
    };
    let (mut straight, mut all) = (0usize, 0usize);
    for seed in 0..20 {
        let g = generate(&c, seed, 1).unwrap();
        for i in 0..g.cells.len() {
            let m = g.doors[i];
            if g.cells[i] == Cell::Corridor && m.count_ones() == 2 {
                all += 1;
                if m == 0b0101 || m == 0b1010 {
                    straight += 1;
                }
            }
        }
    }
    straight as f64 / all as f64
}

#[test]
fn windiness_runs_from_straight_to_twisty() {
    let (s0, s5, s1) = (straightness(0.0), straightness(0.5), straightness(1.0));
    assert!(s0 > s5 && s5 > s1, "{s0} {s5} {s1}");
    assert!(s0 > 0.8, "{s0}");
}

#[test]
fn ends_are_the_path_of_interest_between_rooms() {
    for seed in 0..30 {
        let (g, p) = generate_with_path(&MazeConfig::classic(), seed, 2).unwrap();
        assert_eq!(p.tiles.first(), Some(&g.start()));
        assert_eq!(p.tiles.last(), Some(&g.end()));
        let again = poi::path_of_interest(&g, PoiEnds::Rooms).unwrap();
        assert_eq!(again, p);
        let centres: Vec<_> = g.room_rects().iter().map(Rect::center).collect();
        assert!(centres.contains(&g.start()) && centres.contains(&g.end()));
    }
}

#[test]
fn levels_and_seeds_differ_and_repeat() {
    let c = MazeConfig::classic();
    let a = generate(&c, 5, 1).unwrap();
    assert_eq!(a, generate(&c, 5, 1).unwrap());
    assert_ne!(a.cells(), generate(&c, 5, 2).unwrap().cells());
    assert_ne!(a.cells(), generate(&c, 6, 1).unwrap().cells());
    assert_eq!(
        generate(&c, 5, 0).unwrap_err().to_string(),
        "invalid level = 0: allowed 1..=1000"
    );
}

/// A random valid config on a small map (as the property tests draw them).
fn random_config(rng: &mut DungeonRng) -> MazeConfig {
    let odd = |rng: &mut DungeonRng, lo: i32, hi: i32| lo + 2 * rng.range(0, (hi - lo) / 2);
    let width = odd(rng, 5, 41);
    let height = odd(rng, 5, 31);
    let short = width.min(height);
    let room_min_size = odd(rng, 1, 3.min(short - 2));
    let room_max_size = odd(rng, room_min_size, (short - 2).min(room_min_size + 8));
    MazeConfig {
        width,
        height,
        room_attempts: rng.range(0, 80),
        room_min_size,
        room_max_size,
        windiness: rng.unit(),
        extra_connector_chance: rng.unit() * 0.3,
        dead_end_removal: [0.0, 0.5, 1.0][rng.below(3) as usize],
    }
}

/// The plain placement: every drop compared with every room placed.
fn place_rooms_plain(c: &MazeConfig, rng: &mut DungeonRng) -> Vec<Rect> {
    let odd = |rng: &mut DungeonRng, lo: i32, hi: i32| {
        lo + 2 * rng.below(((hi - lo) / 2 + 1) as u32) as i32
    };
    let mut rects: Vec<Rect> = Vec::new();
    for _ in 0..c.room_attempts {
        let w = odd(rng, c.room_min_size, c.room_max_size);
        let h = odd(rng, c.room_min_size, c.room_max_size);
        let x = 1 + 2 * rng.below(((c.width - w) / 2) as u32) as i32;
        let y = 1 + 2 * rng.below(((c.height - h) / 2) as u32) as i32;
        let r = Rect::new(x, y, w, h);
        if !rects.iter().any(|o| carve::touches(&r, o)) {
            rects.push(r);
        }
    }
    rects
}

#[test]
fn fast_passes_match_their_plain_versions() {
    // The occupancy map places the rooms the plain pairwise test places;
    // the masks opened while carving are the ones a pass opening every
    // side between two walkable tiles gives.
    let mut rng = DungeonRng::new(2026);
    let mut valid = 0;
    for case in 0..2500u64 {
        let c = random_config(&mut rng);
        if c.validate().is_err() {
            // Two rooms of room_min_size must fit: drawn sizes may not.
            continue;
        }
        valid += 1;
        let draw = DungeonRng::new(case);
        let fast = carve::place_rooms(&c, &mut draw.clone()).unwrap();
        let plain = place_rooms_plain(&c, &mut draw.clone());
        if plain.len() >= 2 {
            assert_eq!(fast, plain, "{c:?}");
        }
        let g = generate(&c, case, 1).unwrap();
        let mut opened = g.clone();
        opened.connect_adjacent();
        assert_eq!(g.door_masks(), opened.door_masks(), "{c:?}\n{g}");
    }
    assert!(valid > 2000, "{valid}");
}
