//! The properties every Isaac floor with special rooms keeps, checked on
//! rooms (a large room is one room), shared by `tests/isaac_floors.rs`,
//! `tests/isaac_roles.rs` and the bench `isaac_floors_bench`.

use dungeon_core::isaac::IsaacConfig;
use dungeon_core::{DIRS, DungeonGrid, Pos, RoomRole, RoomShape};

/// What one floor had, for the statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct FloorFacts {
    /// Dead-end rooms of the grown floor, the start excluded.
    pub dead_ends: usize,
    /// Large rooms (spanning several cells).
    pub large_rooms: usize,
    /// Optional special rooms placed (rules with chance below 1).
    pub optional: usize,
    /// The secret rooms' room neighbours, capped at 3 (index 1..=3).
    pub secret_neighbours: [usize; 4],
}

/// The room graph of `g` without its secret rooms: for each room, the
/// rooms its doors lead to (one entry per door).
fn doors_between_rooms(g: &DungeonGrid, secret: &[bool]) -> Vec<Vec<usize>> {
    let n = g.room_count();
    let mut out = vec![Vec::new(); n];
    for (r, list) in out.iter_mut().enumerate() {
        if secret[r] {
            continue;
        }
        for (_, outside) in g.room_doors(r) {
            let o = g
                .room_at(outside)
                .expect("a room grid's doors lead into rooms");
            if !secret[o] {
                list.push(o);
            }
        }
    }
    out
}

/// The rooms touching room `r` (a cell of theirs beside a cell of `r`),
/// secret rooms left out, each once.
fn touching(g: &DungeonGrid, r: usize, secret: &[bool]) -> Vec<usize> {
    let mut out = Vec::new();
    for p in g.room_records()[r].cells() {
        for (dx, dy, _, _) in DIRS {
            if let Some(o) = g.room_at((p.0 + dx, p.1 + dy))
                && o != r
                && !secret[o]
                && !out.contains(&o)
            {
                out.push(o);
            }
        }
    }
    out
}

/// The rooms beside the empty or secret cell `p`, secret rooms left out.
fn rooms_beside(g: &DungeonGrid, p: Pos, secret: &[bool]) -> Vec<usize> {
    let mut out = Vec::new();
    for (dx, dy, _, _) in DIRS {
        if let Some(o) = g.room_at((p.0 + dx, p.1 + dy))
            && !secret[o]
            && !out.contains(&o)
        {
            out.push(o);
        }
    }
    out
}

/// Checks one floor of `c` against its rules at `level`.
pub fn check_floor(g: &DungeonGrid, c: &IsaacConfig, seed: u64, level: i32) -> FloorFacts {
    let rules = c.room_rules.as_ref().expect("a config with room rules");
    assert_eq!(g.check(), Ok(()), "{g}");
    let rooms = g.room_records();
    let n = rooms.len();

    // Large rooms: inside the grid, never overlapping, shaped as listed.
    let mut owner = vec![usize::MAX; (g.width() * g.height()) as usize];
    let mut cells = 0;
    for (r, room) in rooms.iter().enumerate() {
        let list: Vec<Pos> = room.cells().collect();
        if room.shape == RoomShape::Single {
            assert_eq!(list.len(), 1);
        } else {
            assert!(room.shape.is_large(), "{g}");
            assert_eq!(
                RoomShape::of_cells(&list),
                Some((room.shape, (room.rect.x, room.rect.y)))
            );
        }
        for p in list {
            let i = g
                .index(p)
                .unwrap_or_else(|| panic!("room {r} leaves the grid\n{g}"));
            assert_eq!(owner[i], usize::MAX, "rooms overlap at {p:?}\n{g}");
            owner[i] = r;
            cells += 1;
        }
    }
    assert_eq!(cells, g.rooms().len());
    if c.large_rooms.any() {
        assert!(g.large_rooms().iter().all(|&(r, s)| rooms[r].shape == s));
    } else {
        assert!(g.large_rooms().is_empty());
    }

    let (s, e) = (g.start(), g.end());
    let start = g.room_at(s).unwrap();
    let boss = g.room_at(e).unwrap();
    assert_eq!(rooms[start].role, RoomRole::Start);
    assert_eq!(rooms[start].shape, RoomShape::Single);
    assert_eq!(g.boss_room(), Some(boss), "{g}");
    assert_eq!(rooms[boss].role, RoomRole::Boss);

    let secret: Vec<bool> = rooms.iter().map(|r| r.role == RoomRole::Secret).collect();
    let secrets = secret.iter().filter(|&&x| x).count();
    // Room counts count rooms: the grown floor has the drawn count, the
    // secret rooms come on top.
    assert_eq!(
        n - secrets,
        c.grid.room_count(seed, level).unwrap() as usize,
        "{g}"
    );

    // Without the secret rooms, the floor is a tree of rooms, and two
    // touching rooms share exactly one door.
    let doors = doors_between_rooms(g, &secret);
    let door_ends: usize = doors.iter().map(Vec::len).sum();
    assert_eq!(door_ends / 2 + 1, n - secrets, "not a tree of rooms\n{g}");
    for r in (0..n).filter(|&r| !secret[r]) {
        let mut t = touching(g, r, &secret);
        t.sort_unstable();
        let mut d = doors[r].clone();
        d.sort_unstable();
        assert_eq!(t, d, "room {r}: touching rooms without one door each\n{g}");
    }
    assert!(
        !touching(g, boss, &secret).contains(&start),
        "boss beside start\n{g}"
    );

    // Distances in rooms from the start, secret rooms left out.
    let mut dist = vec![-1i32; n];
    dist[start] = 0;
    let mut queue = vec![start];
    let mut head = 0;
    while let Some(&r) = queue.get(head) {
        head += 1;
        for &o in &doors[r] {
            if dist[o] < 0 {
                dist[o] = dist[r] + 1;
                queue.push(o);
            }
        }
    }
    assert_eq!(
        queue.len(),
        n - secrets,
        "the grown floor is connected\n{g}"
    );
    let dead: Vec<bool> = (0..n).map(|r| !secret[r] && doors[r].len() == 1).collect();
    let dead_ends: Vec<usize> = (0..n).filter(|&r| dead[r] && r != start).collect();
    assert!(
        dead_ends.len() as i32 >= rules.dead_ends_needed(level),
        "{} dead ends\n{g}",
        dead_ends.len()
    );
    // The boss room is the farthest dead end by path.
    assert!(dead[boss], "{g}");
    assert!(dead_ends.iter().all(|&r| dist[r] <= dist[boss]), "{g}");

    // Dead-end roles: counts, places and order; one cell each (a large
    // dead end is never a candidate).
    let farthest_normal = dead_ends
        .iter()
        .filter(|&&r| rooms[r].role == RoomRole::Normal && rooms[r].shape == RoomShape::Single)
        .map(|&r| dist[r])
        .max()
        .unwrap_or(-1);
    let mut last = i32::MAX;
    let mut facts = FloorFacts {
        dead_ends: dead_ends.len(),
        large_rooms: g.large_rooms().len(),
        ..FloorFacts::default()
    };
    for rule in &rules.rules {
        let placed = g.rooms_with_role(rule.role);
        if level < rule.min_level || rule.chance <= 0.0 {
            assert!(placed.is_empty(), "{:?} before its level\n{g}", rule.role);
            continue;
        }
        if rule.chance >= 1.0 {
            assert_eq!(placed.len() as i32, rule.count, "{:?}\n{g}", rule.role);
        } else {
            assert!(placed.len() as i32 <= rule.count);
            facts.optional += placed.len();
        }
        for &r in &placed {
            assert_eq!(
                rooms[r].shape,
                RoomShape::Single,
                "{:?} large\n{g}",
                rule.role
            );
        }
        if rule.role == RoomRole::Secret {
            continue;
        }
        let mut by_distance = placed.clone();
        by_distance.sort_by_key(|&r| std::cmp::Reverse(dist[r]));
        for r in by_distance {
            assert!(
                dead[r] && r != start,
                "{:?} not in a dead end\n{g}",
                rule.role
            );
            if rule.role == RoomRole::SuperSecret {
                // Beside exactly one room, a normal one (not the boss).
                let t = touching(g, r, &secret);
                assert_eq!(t.len(), 1, "{g}");
                assert_eq!(rooms[t[0]].role, RoomRole::Normal, "{g}");
                let p = (rooms[r].rect.x, rooms[r].rect.y);
                assert_eq!(g.secret_door_mask(p), g.door_mask(p));
            } else {
                // Farthest first: never nearer than a dead end left normal,
                // and in rule order.
                assert!(
                    dist[r] >= farthest_normal,
                    "{:?} not farthest\n{g}",
                    rule.role
                );
                assert!(dist[r] <= last, "{:?} out of order\n{g}", rule.role);
                last = dist[r];
            }
        }
    }

    // Secret rooms: beside the most rooms any eligible cell offers (capped
    // at 3; Isaac's relaxation from 3 to 2 to 1), none of them a dead end;
    // one door to each neighbouring room, all secret.
    let score = |p: Pos| {
        let beside = rooms_beside(g, p, &secret);
        (!beside.is_empty() && !beside.iter().any(|&o| dead[o])).then_some(beside.len().min(3))
    };
    let secret_rooms: Vec<usize> = (0..n).filter(|&r| secret[r]).collect();
    let best = (0..owner.len())
        .filter(|&i| owner[i] == usize::MAX || secret[owner[i]])
        .filter_map(|i| score(g.pos(i)))
        .max();
    for &r in &secret_rooms {
        let p = (rooms[r].rect.x, rooms[r].rect.y);
        let mine = score(p).unwrap_or_else(|| panic!("secret room breaks the rule\n{g}"));
        if secret_rooms.len() == 1 {
            assert_eq!(Some(mine), best, "a cell beside more rooms was free\n{g}");
        }
        facts.secret_neighbours[mine] += 1;
        let beside = rooms_beside(g, p, &secret);
        assert_eq!(g.door_mask(p).count_ones() as usize, beside.len(), "{g}");
        assert_eq!(g.secret_door_mask(p), g.door_mask(p));
    }
    facts
}
