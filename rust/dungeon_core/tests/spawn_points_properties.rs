//! Spawn points on every registry generator's output, every preset: each
//! point stands on its own room's floor, off doors, ends and keys, keeps
//! its spacing, and all of them together never block the way (checked by
//! walling every point up and searching the map again); the same grid and
//! rules give the same points, and a rule change moves only the rooms it
//! changes.

use dungeon_core::grid::{DIRS, Lock, LockKind};
use dungeon_core::progression::{SpawnKind, SpawnPoint, SpawnRules};
use dungeon_core::registry::GENERATORS;
use dungeon_core::{Cell, DungeonGrid, GridKind, Pos};

/// Seeds per preset (debug builds are slow; release runs more).
const SEEDS: u64 = if cfg!(debug_assertions) { 50 } else { 300 };

fn chebyshev(a: Pos, b: Pos) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// Cells reached from the start with `walled` cells shut on every side.
fn reached(g: &DungeonGrid, walled: &[Pos]) -> Vec<bool> {
    let (w, h) = (g.width(), g.height());
    let idx = |p: Pos| (p.1 * w + p.0) as usize;
    let mut shut = vec![false; (w * h) as usize];
    for &p in walled {
        shut[idx(p)] = true;
    }
    let mut seen = vec![false; shut.len()];
    let mut queue = vec![g.start()];
    seen[idx(g.start())] = true;
    while let Some(p) = queue.pop() {
        let mask = g.door_mask(p);
        for (dx, dy, bit, _) in DIRS {
            let q = (p.0 + dx, p.1 + dy);
            if mask & bit != 0 && q.0 >= 0 && q.1 >= 0 && q.0 < w && q.1 < h {
                let i = idx(q);
                if !seen[i] && !shut[i] {
                    seen[i] = true;
                    queue.push(q);
                }
            }
        }
    }
    seen
}

fn check(g: &DungeonGrid, rules: &SpawnRules, points: &[SpawnPoint], ctx: &str) {
    let n = g.room_count();
    if n == 0 {
        assert!(points.is_empty(), "{ctx}");
        return;
    }
    let mut sorted = points.to_vec();
    sorted.sort_by_key(|p| (p.room, p.kind, p.cell.1, p.cell.0));
    assert_eq!(sorted, points, "{ctx}: not sorted");
    let keys = g.key_rooms();
    let key_tiles: Vec<Pos> = keys.iter().filter_map(|&k| g.key_tile(k)).collect();
    for p in points {
        assert_eq!(g.room_at(p.cell), Some(p.room), "{ctx}: {p:?}");
        assert!(g.cell(p.cell).is_walkable(), "{ctx}: {p:?}");
        assert_ne!(g.cell(p.cell), Cell::Door, "{ctx}: {p:?}");
        if p.kind == SpawnKind::Loot {
            assert!(!keys.contains(&p.room), "{ctx}: loot in a key room {p:?}");
        }
        if p.kind == SpawnKind::Boss {
            assert_eq!(g.room_at(g.end()), Some(p.room), "{ctx}: {p:?}");
        }
        if rules.start_room_safe && matches!(p.kind, SpawnKind::Enemy | SpawnKind::Trap) {
            assert_ne!(g.room_at(g.start()), Some(p.room), "{ctx}: {p:?}");
        }
    }
    if g.kind() == GridKind::RoomGrid {
        // At most one point of each kind per room cell.
        for w in points.windows(2) {
            assert!(
                (w[0].room, w[0].kind, w[0].cell) != (w[1].room, w[1].kind, w[1].cell),
                "{ctx}: {w:?}"
            );
        }
        for room in 0..n {
            let cells = g.room_records()[room].cells().count();
            for kind in SpawnKind::ALL {
                let here = points.iter().filter(|p| p.room == room && p.kind == kind);
                assert!(here.count() <= cells, "{ctx}: room {room}");
            }
        }
        return;
    }
    for p in points {
        assert_eq!(g.cell(p.cell), Cell::Room, "{ctx}: {p:?}");
        assert!(!key_tiles.contains(&p.cell), "{ctx}: on a key {p:?}");
        for (_, door) in g.room_doors(p.room) {
            assert!(
                chebyshev(p.cell, door) > rules.door_clearance,
                "{ctx}: {p:?} by the door {door:?}"
            );
        }
    }
    // Spacing within each room.
    for (i, a) in points.iter().enumerate() {
        for b in points[i + 1..].iter().take_while(|b| b.room == a.room) {
            assert!(
                chebyshev(a.cell, b.cell) >= rules.min_spacing,
                "{ctx}: {a:?} {b:?}"
            );
        }
    }
    // Walled up together, the points leave the end, every room and every
    // key reachable.
    let cells: Vec<Pos> = points.iter().map(|p| p.cell).collect();
    let before = reached(g, &[]);
    let after = reached(g, &cells);
    let at = |p: Pos| (p.1 * g.width() + p.0) as usize;
    assert!(after[at(g.end())], "{ctx}: the end is cut off");
    for &k in &key_tiles {
        assert!(after[at(k)], "{ctx}: the key at {k:?} is cut off");
    }
    for (room, r) in g.room_records().iter().enumerate() {
        if r.cells().any(|p| before[at(p)]) {
            assert!(
                r.cells().any(|p| after[at(p)]),
                "{ctx}: room {room} cut off"
            );
        }
    }
}

/// The grid with one key lock on its first bridge, the key in the start
/// room, when the proof accepts it.
fn with_a_lock(g: &DungeonGrid) -> Option<DungeonGrid> {
    let m = g.room_metrics();
    let start = g.room_at(g.start())?;
    let &(a, b) = m.bridges.first()?;
    let (from, into) = if m.distance_rooms[a] <= m.distance_rooms[b] {
        (a, b)
    } else {
        (b, a)
    };
    let lock = Lock {
        from,
        into,
        kind: LockKind::Key { key: start },
    };
    g.clone().with_locks(vec![lock]).ok()
}

/// Per room and kind, how many points.
fn tally(points: &[SpawnPoint], room: usize) -> [usize; 4] {
    let mut t = [0; 4];
    for p in points.iter().filter(|p| p.room == room) {
        t[p.kind as usize] += 1;
    }
    t
}

#[test]
fn spawn_points_hold_on_every_generator_and_preset() {
    let busy = SpawnRules {
        enemy_density: 12.0,
        enemy_ramp: 2.0,
        loot_per_dead_end: 3,
        loot_per_branch_room: 1.5,
        traps_per_room: 1.75,
        min_spacing: 2,
        door_clearance: 2,
        start_room_safe: false,
    };
    let recount = SpawnRules {
        enemy_density: 9.0,
        loot_per_dead_end: 2,
        traps_per_room: 1.5,
        ..SpawnRules::default()
    };
    let (mut with_points, mut changed, mut with_keys) = (0, 0, 0);
    for entry in GENERATORS {
        for preset in entry.presets() {
            let job = entry.job(Some(preset.name)).expect("preset");
            for seed in 0..SEEDS {
                let level = 1 + (seed % 5) as i32;
                let Ok(mut g) = job.generate(seed, level) else {
                    continue;
                };
                assert_eq!(g.room_count() > 0, entry.has_rooms(), "{}", entry.name());
                if seed % 3 == 0
                    && let Some(locked) = with_a_lock(&g)
                {
                    g = locked;
                    with_keys += 1;
                }
                let ctx = format!("{} {} seed {seed} level {level}", entry.name(), preset.name);
                let calm = g.spawn_points(&SpawnRules::default()).expect("rules");
                let crowded = g.spawn_points(&busy).expect("rules");
                check(&g, &SpawnRules::default(), &calm, &ctx);
                check(&g, &busy, &crowded, &ctx);
                with_points += usize::from(!calm.is_empty());
                // Deterministic, and per room: with spacing and clearance
                // kept, a room whose counts did not change keeps its points.
                assert_eq!(g.spawn_points(&busy).as_ref(), Ok(&crowded), "{ctx}");
                let recounted = g.spawn_points(&recount).expect("rules");
                check(&g, &recount, &recounted, &ctx);
                for room in 0..g.room_count() {
                    if tally(&calm, room) == tally(&recounted, room) {
                        let a: Vec<_> = calm.iter().filter(|p| p.room == room).collect();
                        let b: Vec<_> = recounted.iter().filter(|p| p.room == room).collect();
                        assert_eq!(a, b, "{ctx}: room {room}");
                    } else {
                        changed += 1;
                    }
                }
            }
        }
    }
    assert!(with_points > 0 && changed > 0 && with_keys > 0);
}
