//! Properties every generator keeps, over thousands of seeds and configs.

use dungeon_core::analysis::bfs;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig, OffGrid};
use dungeon_core::isaac::{self, GrowthRule, IsaacConfig};
use dungeon_core::room_grid::{EndRule, EndRules, RoomCount, RoomGridConfig, StartRule};
use dungeon_core::{Cell, DungeonGrid, GenError, RoomRole};
use proptest::prelude::*;

/// What every room-grid result must satisfy. Secret rooms come on top of
/// the room count, and the end rules hold on the floor without them.
fn check_room_grid(g: &DungeonGrid, want_rooms: i32, range: (i32, i32), ends: &EndRules) {
    assert!(g.check().is_ok(), "{g}");
    assert!(g.is_connected(), "not connected:\n{g}");
    let secrets = g.rooms_with_role(RoomRole::Secret).len();
    assert_eq!(
        (g.rooms().len() - secrets) as i32,
        want_rooms,
        "room count:\n{g}"
    );
    assert!((range.0..=range.1).contains(&want_rooms));
    assert_eq!(
        g.walkable_count(),
        g.rooms().len(),
        "every walkable cell is a listed room"
    );
    let (s, e) = (g.start(), g.end());
    assert_ne!(s, e);
    let masks = without_secret_rooms(g);
    let at = |p: (i32, i32)| masks[g.index(p).unwrap()];
    assert!(at(e).is_power_of_two(), "end is not a dead end:\n{g}");
    let (min_d, off_axis, start_counts) = match ends.end {
        EndRule::FarthestDeadEnd => (0.0, false, false),
        EndRule::FarthestApart {
            min_distance,
            off_axis,
        } => (min_distance, off_axis, true),
    };
    let dead_ends: Vec<_> = (0..masks.len())
        .filter(|&i| masks[i].is_power_of_two())
        .map(|i| g.pos(i))
        .filter(|&p| start_counts || p != s)
        .collect();
    assert!(dead_ends.len() as i32 >= ends.min_dead_ends);
    if off_axis {
        assert!(s.0 != e.0 && s.1 != e.1, "start/end share an axis:\n{g}");
    }
    let straight = |p: (i32, i32)| f64::from((s.0 - p.0).pow(2) + (s.1 - p.1).pow(2)).sqrt();
    assert!(straight(e) + 1e-9 >= min_d);
    assert_eq!(g.count(Cell::Start), 1);
    assert_eq!(g.count(Cell::End), 1);
    // The end is the farthest qualifying dead end from the start.
    let (mut dist, mut queue) = (Vec::new(), Vec::new());
    bfs(
        g.width(),
        &masks,
        g.index(s).unwrap(),
        &mut dist,
        &mut queue,
    );
    let end_d = dist[g.index(e).unwrap()];
    for de in dead_ends {
        let ok_axis = !off_axis || (de.0 != s.0 && de.1 != s.1);
        if de != s && ok_axis && straight(de) + 1e-9 >= min_d {
            assert!(
                dist[g.index(de).unwrap()] <= end_d,
                "a farther dead end exists:\n{g}"
            );
        }
    }
}

/// The door masks with the secret rooms' doors closed (super secret rooms
/// stay: they are dead ends of the grown floor).
fn without_secret_rooms(g: &DungeonGrid) -> Vec<u8> {
    let mut masks = g.door_masks().to_vec();
    for r in g.rooms_with_role(RoomRole::Secret) {
        for (inside, outside) in g.room_doors(r) {
            for (dx, dy, bit, back) in dungeon_core::DIRS {
                if (inside.0 + dx, inside.1 + dy) == outside {
                    masks[g.index(inside).unwrap()] &= !bit;
                    masks[g.index(outside).unwrap()] &= !back;
                }
            }
        }
    }
    masks
}

fn growth_rule() -> impl Strategy<Value = GrowthRule> {
    prop_oneof![Just(GrowthRule::Branching), Just(GrowthRule::Crowding)]
}

fn start_rule() -> impl Strategy<Value = StartRule> {
    prop_oneof![Just(StartRule::Origin), Just(StartRule::RandomRoom)]
}

fn end_rules() -> impl Strategy<Value = EndRules> {
    (
        start_rule(),
        -1i32..6,
        -1.0f64..8.0,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(start, min_dead_ends, min_distance, off_axis, apart)| EndRules {
                start,
                end: if apart {
                    EndRule::FarthestApart {
                        min_distance,
                        off_axis,
                    }
                } else {
                    EndRule::FarthestDeadEnd
                },
                min_dead_ends,
            },
        )
}

fn room_count() -> impl Strategy<Value = RoomCount> {
    (-2i32..25, -1.0f64..5.0, -1i32..5).prop_map(|(base, per_level, variance)| RoomCount {
        base,
        per_level,
        variance,
    })
}

prop_compose! {
    fn isaac_config()(
        width in -3i32..30, height in -3i32..30,
        origin in proptest::option::of((-2i32..30, -2i32..30)),
        rule in growth_rule(), count in room_count(),
        give_up_chance in -0.2f64..1.1, ends in end_rules(),
        max_fill in 0.0f64..0.9, grow_grid in any::<bool>(), max_attempts in -1i32..40,
        roles in any::<bool>(), large in 0u8..3,
    ) -> IsaacConfig {
        let grid = RoomGridConfig { width, height, count, ends, max_fill, grow_grid, max_attempts };
        let room_rules = roles.then(dungeon_core::room_grid::RoomRules::isaac);
        // Off, Rebirth's chances, or every new room large.
        let large_rooms = match large {
            0 => dungeon_core::room_grid::LargeRooms::NONE,
            1 => dungeon_core::room_grid::LargeRooms::rebirth(),
            _ => dungeon_core::room_grid::LargeRooms { tall: 0.25, wide: 0.25, square: 0.25, l_shape: 0.25 },
        };
        IsaacConfig { grid, origin, rule, give_up_chance, room_rules, large_rooms }
    }
}

prop_compose! {
    fn drunkard_config()(
        width in -3i32..30, height in -3i32..30, count in room_count(),
        diagonal in any::<bool>(), stay in any::<bool>(), max_steps in -1i32..3000,
        ends in end_rules(), max_fill in 0.0f64..0.9, grow_grid in any::<bool>(), max_attempts in -1i32..40,
    ) -> DrunkardConfig {
        let off_grid = if stay { OffGrid::Stay } else { OffGrid::ReturnToStart };
        let grid = RoomGridConfig { width, height, count, ends, max_fill, grow_grid, max_attempts };
        DrunkardConfig { grid, diagonal, off_grid, max_steps }
    }
}

prop_compose! {
    fn bsp_config()(
        width in -4i32..140, height in -4i32..140, iterations in -1i32..8,
        partition_range in -0.1f64..0.6, min_partition_size in -1i32..20,
        room_size_min in -0.1f64..1.1, room_size_max in -0.1f64..1.1,
        min_room_size in -1i32..8, border in -1i32..6,
    ) -> BspConfig {
        BspConfig { width, height, iterations, partition_range, min_partition_size, room_size_min, room_size_max, min_room_size, border }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn isaac_any_config(c in isaac_config(), seed in any::<u64>(), level in -2i32..14) {
        let r = isaac::generate(&c, seed, level);
        prop_assert_eq!(c.validate(level).is_err(), matches!(r, Err(GenError::Config(_))), "{:?}", r);
        if let Some(g) = r.as_ref().ok().filter(|g| !g.large_rooms().is_empty()) {
            // Large rooms: cells are no rooms; tests/isaac_floors.rs checks
            // these floors room by room. Here: valid, counted in rooms.
            prop_assert!(g.check().is_ok(), "{}", g);
            let secrets = g.rooms_with_role(RoomRole::Secret).len();
            prop_assert_eq!((g.room_count() - secrets) as i32, c.grid.room_count(seed, level).unwrap());
            prop_assert!(secrets > 0 || g.is_tree(), "{}", g);
            prop_assert_eq!(g, &isaac::generate(&c, seed, level).unwrap());
        } else if let Ok(g) = r {
            check_room_grid(&g, c.grid.room_count(seed, level).unwrap(), c.grid.room_count_range(level).unwrap(), &c.grid.ends);
            if c.rule == GrowthRule::Branching {
                // A tree once the secret rooms' doors are closed; a secret
                // room may close a 2×2 block.
                let secrets = g.rooms_with_role(RoomRole::Secret).len();
                let doors: u32 = without_secret_rooms(&g).iter().map(|m| m.count_ones()).sum();
                prop_assert_eq!(doors as usize / 2 + 1, g.rooms().len() - secrets, "branching is not a tree:\n{}", g);
                prop_assert!(secrets > 0 || !g.has_room_block(), "branching has a 2×2 block:\n{}", g);
            }
            prop_assert_eq!(g, isaac::generate(&c, seed, level).unwrap());
        }
    }

    #[test]
    fn drunkard_any_config(c in drunkard_config(), seed in any::<u64>(), level in -2i32..14) {
        let r = drunkard::generate(&c, seed, level);
        prop_assert_eq!(c.validate(level).is_err(), matches!(r, Err(GenError::Config(_))), "{:?}", r);
        if let Ok(g) = r {
            check_room_grid(&g, c.grid.room_count(seed, level).unwrap(), c.grid.room_count_range(level).unwrap(), &c.grid.ends);
        }
    }

    #[test]
    fn bsp_any_config(c in bsp_config(), seed in any::<u64>(), level in -2i32..5) {
        let r = bsp::generate(&c, seed, level);
        // BSP never runs out of attempts: Err exactly when the config is invalid.
        prop_assert_eq!(c.validate().is_err() || !(1..=1000).contains(&level), r.is_err(), "{:?}", r);
        if let Ok(g) = r {
            check_bsp(&g, &c);
        }
    }

    #[test]
    fn presets_always_succeed(seed in any::<u64>(), level in 1i32..=10) {
        for c in [IsaacConfig::compact(), IsaacConfig::branching()] {
            let g = isaac::generate(&c, seed, level).unwrap();
            check_room_grid(&g, c.grid.room_count(seed, level).unwrap(), c.grid.room_count_range(level).unwrap(), &c.grid.ends);
        }
        for c in [DrunkardConfig::winding(), DrunkardConfig::wide()] {
            let g = drunkard::generate(&c, seed, level).unwrap();
            check_room_grid(&g, c.grid.room_count(seed, level).unwrap(), c.grid.room_count_range(level).unwrap(), &c.grid.ends);
        }
        let g = bsp::generate(&BspConfig::default(), seed, level).unwrap();
        check_bsp(&g, &BspConfig::default());
    }
}

fn check_bsp(g: &DungeonGrid, c: &BspConfig) {
    assert!(g.check().is_ok(), "{g}");
    assert!(g.is_connected(), "not connected:\n{g}");
    assert_ne!(g.start(), g.end());
    let rects = g.room_rects();
    assert!(rects.len() >= 2 && rects.len() <= 1usize << c.iterations.min(20));
    for (i, r) in rects.iter().enumerate() {
        assert!(r.w >= 1 && r.h >= 1);
        assert!(
            r.x >= c.border && r.y >= c.border,
            "{r:?} crosses the border"
        );
        assert!(
            r.x + r.w <= c.width - c.border && r.y + r.h <= c.height - c.border,
            "{r:?} out of bounds"
        );
        for o in &rects[i + 1..] {
            assert!(!r.overlaps(o), "{r:?} overlaps {o:?}");
        }
        for p in r.cells() {
            assert!(g.cell(p).is_room(), "{p:?} in {r:?} is not floor");
        }
    }
    let floor: usize = rects.iter().map(|r| (r.w * r.h) as usize).sum();
    assert_eq!(g.rooms().len(), floor);
    assert!(rects.iter().any(|r| r.contains(g.start())));
    assert!(rects.iter().any(|r| r.contains(g.end())));
    // Doors sit between a room tile and a corridor, never inside a corridor run.
    for i in 0..g.cells().len() {
        if g.cells()[i] == Cell::Door {
            let p = g.pos(i);
            let near = |c: fn(Cell) -> bool| {
                [(0, -1), (1, 0), (0, 1), (-1, 0)]
                    .iter()
                    .any(|d: &(i32, i32)| c(g.cell((p.0 + d.0, p.1 + d.1))))
            };
            assert!(near(Cell::is_room), "door {p:?} touches no room:\n{g}");
        }
    }
}

#[test]
fn highest_supported_levels_are_as_documented() {
    use dungeon_core::room_grid::{capacity, highest_level};
    let top = |g: &RoomGridConfig| highest_level(&g.count, capacity(g.width, g.height, g.max_fill));
    let s = IsaacConfig::compact();
    assert_eq!(top(&s.grid), 10);
    assert_eq!(s.grid.max_level(), 10);
    let c = IsaacConfig::branching();
    assert_eq!(top(&c.grid), 10);
    let d = DrunkardConfig::winding();
    assert_eq!(top(&d.grid), 11);
    // Level 10 of the room-grid script's count (37–40 rooms on 8×8) succeeds
    // for every seed tried.
    for seed in 0..500 {
        let g = isaac::generate(&s, seed, 10).unwrap();
        assert!((37..=40).contains(&(g.rooms().len() as i32)));
    }
    // One level past it fails fast with a message naming the limit.
    let e = isaac::generate(&s, 1, 11).unwrap_err().to_string();
    assert!(
        e.contains("invalid level = 11: allowed 1..=10 (a 8×8 grid holds"),
        "{e}"
    );
    let e = isaac::generate(&c, 1, 11).unwrap_err().to_string();
    assert!(e.contains("allowed 1..=10 (a 9×8 grid"), "{e}");
    // grow_grid lets the grid grow instead.
    let mut grow = s.clone();
    grow.grid.grow_grid = true;
    for level in [11, 15, 30] {
        let g = isaac::generate(&grow, 3, level).unwrap();
        assert!(g.width() * g.height() > 64);
        assert_eq!(Ok(g.rooms().len() as i32), grow.grid.room_count(3, level));
    }
}

#[test]
fn too_many_rooms_for_the_grid_is_a_config_error() {
    let mut c = DrunkardConfig::winding();
    c.grid.count.base = 100;
    let e = drunkard::generate(&c, 0, 1).unwrap_err();
    assert!(
        matches!(e, GenError::Config(ref ce) if ce.field == "level"),
        "{e}"
    );
    let mut c = IsaacConfig::branching();
    c.grid.count.base = 1000;
    assert!(matches!(
        isaac::generate(&c, 0, 1),
        Err(GenError::Config(_))
    ));
}
