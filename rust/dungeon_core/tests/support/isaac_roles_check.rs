//! The properties every Isaac floor with special rooms keeps, shared by
//! `tests/isaac_roles.rs` and `examples/isaac_roles.rs`.

use dungeon_core::analysis::bfs;
use dungeon_core::isaac::IsaacConfig;
use dungeon_core::{DIRS, DungeonGrid, Pos, RoomRole};

/// The door masks with the doors of secret rooms (not super secret ones)
/// closed: the grown floor.
pub fn grown_masks(g: &DungeonGrid) -> Vec<u8> {
    let mut masks = g.door_masks().to_vec();
    for r in g.rooms_with_role(RoomRole::Secret) {
        for (inside, outside) in g.room_doors(r) {
            for (dx, dy, bit, back) in DIRS {
                if (inside.0 + dx, inside.1 + dy) == outside {
                    masks[g.index(inside).unwrap()] &= !bit;
                    masks[g.index(outside).unwrap()] &= !back;
                }
            }
        }
    }
    masks
}

fn role_at(g: &DungeonGrid, p: Pos) -> Option<RoomRole> {
    g.room_at(p).and_then(|r| g.room_role(r))
}

/// Room cells next to `p` (inside the grid), skipping secret rooms.
fn room_neighbours(g: &DungeonGrid, p: Pos) -> Vec<Pos> {
    DIRS.iter()
        .map(|&(dx, dy, _, _)| (p.0 + dx, p.1 + dy))
        .filter(|&q| role_at(g, q).is_some_and(|r| r != RoomRole::Secret))
        .collect()
}

/// Checks one floor against `rules` at `level`; returns the number of
/// optional rooms placed.
pub fn check_floor(g: &DungeonGrid, c: &IsaacConfig, seed: u64, level: i32) -> usize {
    let rules = c.room_rules.as_ref().unwrap();
    assert_eq!(g.check(), Ok(()), "{g}");
    let (s, e) = (g.start(), g.end());
    let start_room = g.room_at(s).unwrap();
    let boss = g.room_at(e).unwrap();
    assert_eq!(g.room_role(start_room), Some(RoomRole::Start));
    assert_eq!(g.boss_room(), Some(boss), "{g}");
    assert_eq!(g.room_role(boss), Some(RoomRole::Boss));
    assert_ne!(
        (s.0 - e.0).abs() + (s.1 - e.1).abs(),
        1,
        "boss beside start\n{g}"
    );

    // Room counts: the grown floor has the drawn count; secret rooms on top.
    let secrets = g.rooms_with_role(RoomRole::Secret);
    assert_eq!(
        g.rooms().len() - secrets.len(),
        c.grid.room_count(seed, level).unwrap() as usize
    );
    // A tree apart from the secret rooms.
    let masks = grown_masks(g);
    let doors: u32 = masks.iter().map(|m| m.count_ones()).sum();
    assert_eq!(
        doors as usize / 2 + 1,
        g.rooms().len() - secrets.len(),
        "{g}"
    );

    // Dead ends of the grown floor, by distance from the start.
    let (mut dist, mut queue) = (Vec::new(), Vec::new());
    bfs(
        g.width(),
        &masks,
        g.index(s).unwrap(),
        &mut dist,
        &mut queue,
    );
    let d = |p: Pos| dist[g.index(p).unwrap()];
    let dead_ends: Vec<Pos> = (0..masks.len())
        .filter(|&i| masks[i].is_power_of_two())
        .map(|i| g.pos(i))
        .filter(|&p| p != s)
        .collect();
    assert!(
        dead_ends.len() as i32 >= rules.dead_ends_needed(level),
        "{g}"
    );
    // The boss room is the farthest dead end by path.
    assert!(dead_ends.iter().all(|&p| d(p) <= d(e)), "{g}");

    // Dead-end roles: counts, places and order.
    let normal_dead_ends: Vec<i32> = dead_ends
        .iter()
        .filter(|&&p| role_at(g, p) == Some(RoomRole::Normal))
        .map(|&p| d(p))
        .collect();
    let farthest_normal = normal_dead_ends.iter().copied().max().unwrap_or(-1);
    let mut last = i32::MAX;
    let mut optional = 0;
    for rule in &rules.rules {
        let placed = g.rooms_with_role(rule.role);
        let applies = level >= rule.min_level && rule.chance > 0.0;
        if !applies {
            assert!(placed.is_empty(), "{:?} before its level\n{g}", rule.role);
            continue;
        }
        if rule.chance >= 1.0 {
            assert_eq!(placed.len() as i32, rule.count, "{:?}\n{g}", rule.role);
        } else {
            assert!(placed.len() as i32 <= rule.count);
            optional += placed.len();
        }
        if rule.role == RoomRole::Secret {
            continue;
        }
        let mut cells: Vec<Pos> = placed
            .iter()
            .map(|&r| (g.room_records()[r].rect.x, g.room_records()[r].rect.y))
            .collect();
        cells.sort_by_key(|&p| std::cmp::Reverse(d(p)));
        for p in cells {
            assert!(
                dead_ends.contains(&p),
                "{:?} not in a dead end\n{g}",
                rule.role
            );
            if rule.role == RoomRole::SuperSecret {
                // Next to exactly one room, a normal one (not the boss room).
                let n = room_neighbours(g, p);
                assert_eq!(n.len(), 1, "{g}");
                assert_eq!(role_at(g, n[0]), Some(RoomRole::Normal), "{g}");
                assert_eq!(g.secret_door_mask(p), g.door_mask(p));
            } else {
                // Farthest first: never nearer than a dead end left normal,
                // and in rule order.
                assert!(d(p) >= farthest_normal, "{:?} not farthest\n{g}", rule.role);
                assert!(d(p) <= last, "{:?} out of order\n{g}", rule.role);
                last = d(p);
            }
        }
    }

    // Secret rooms: the most room neighbours any eligible cell offers
    // (capped at 3), none of them a dead end; doors to every neighbour.
    let dead = |q: Pos| masks[g.index(q).unwrap()].is_power_of_two();
    let score = |p: Pos| {
        let n = room_neighbours(g, p);
        (!n.is_empty() && !n.iter().any(|&q| dead(q))).then_some(n.len().min(3))
    };
    for &r in &secrets {
        let rect = g.room_records()[r].rect;
        let p = (rect.x, rect.y);
        let mine = score(p).unwrap_or_else(|| panic!("secret room breaks the rule\n{g}"));
        let best = (0..masks.len())
            .map(|i| g.pos(i))
            .filter(|&q| role_at(g, q).is_none_or(|r| r == RoomRole::Secret))
            .filter_map(score)
            .max()
            .unwrap();
        if secrets.len() == 1 {
            assert_eq!(mine, best, "a cell with more neighbours was free\n{g}");
        }
        // Doors to every neighbouring room but another secret room.
        let n = room_neighbours(g, p);
        assert_eq!(g.door_mask(p).count_ones() as usize, n.len());
        assert_eq!(g.secret_door_mask(p), g.door_mask(p));
    }
    optional
}
