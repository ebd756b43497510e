//! Picture tests of the planner: hand-drawn grids, planned.

use super::*;
use crate::grid::{GridKind, Rect};
use crate::progression::LockGuard;

fn grid(picture: &str) -> DungeonGrid {
    let mut g = DungeonGrid::from_ascii(picture).unwrap();
    g.generator = "isaac".into();
    g
}

fn ask(locks: i32, one_way: i32, max_doors_per_key: i32) -> ProgressionSettings {
    ProgressionSettings {
        locks,
        one_way,
        max_doors_per_key,
        ..ProgressionSettings::default()
    }
}

fn planned(g: &DungeonGrid, s: &ProgressionSettings) -> (DungeonGrid, Plan) {
    let mut g = g.clone();
    let p = plan(&mut g, s, &Watch::new()).unwrap();
    assert!(g.check_locks().is_ok());
    (g, p)
}

fn key(from: usize, into: usize, key: usize) -> Lock {
    Lock {
        from,
        into,
        kind: LockKind::Key { key },
    }
}

/// A corridor of rooms with two side rooms:
/// X(0) above A(3), Y(1) above C(5); S(2) A(3) B(4) C(5) D(6) E(7).
const CHAIN: &str = "
    .#.#..
    S####E
";

/// A ring of seven rooms and the end: S(0) 1 2 / 3 · 4 / 5 6 E(7).
const RING: &str = "
    S##
    #.#
    ##E
";

#[test]
fn a_critical_lock_near_the_goal_keeps_its_key_off_the_way() {
    let g = grid(CHAIN);
    for seed in 0..20 {
        let mut g = g.clone();
        g.seed = seed;
        let (g, p) = planned(&g, &ask(1, 0, 2));
        assert_eq!((p.locks_wanted, p.locks_placed), (1, 1));
        let [lock] = g.locks() else {
            panic!("{:?}", g.locks())
        };
        // In the last 60 % of the way: C, D or the end room.
        assert!([5, 6, 7].contains(&lock.into), "{lock:?}");
        assert_eq!(lock.from, lock.into - 1);
        // The key in a side room reached before the lock, never on the
        // way to the end.
        let k = lock.key().unwrap();
        assert!(k == 0 || (k == 1 && lock.into > 5), "{lock:?}");
    }
}

#[test]
fn branch_locks_guard_side_rooms_only() {
    let g = grid(CHAIN);
    let s = ProgressionSettings {
        lock_guard: LockGuard::BranchesOnly,
        ..ask(2, 0, 1)
    };
    let (g, p) = planned(&g, &s);
    assert_eq!(p.locks_placed, 2);
    let mut into: Vec<usize> = g.locks().iter().map(|l| l.into).collect();
    into.sort_unstable();
    assert_eq!(into, [0, 1]);
    // Each key off its own room and the end; one may lie behind the other
    // branch lock (a key level deeper).
    for l in g.locks() {
        let k = l.key().unwrap();
        assert!(k != l.into && k != 7, "{l:?}");
    }
}

#[test]
fn a_lock_on_a_loop_closes_both_arcs_and_hides_its_key_on_the_long_one() {
    let g = grid(RING);
    // The end closes the ring: its two doors, one key, and the key in the
    // room deepest off the critical path (0 1 2 4 E) on the far arc.
    let (locked, p) = planned(&g, &ask(1, 0, 2));
    assert_eq!(p.locks_placed, 1);
    assert_eq!(locked.locks(), [key(4, 7, 5), key(6, 7, 5)]);
    // One door per key: the end cannot be locked, nor any ring room.
    let (plain, p) = planned(&g, &ask(1, 0, 1));
    assert_eq!((p.locks_placed, plain.locks()), (0, &[][..]));
}

#[test]
fn flat_keys_lie_where_no_lock_guards_them() {
    // Side rooms above the way S → E, the last one two rooms deep.
    let g = grid(
        "
        .....#.
        .#.#.#.
        S#####E
        ",
    );
    let mut placed = 0;
    for seed in 0..30 {
        let mut g = g.clone();
        g.seed = seed;
        let s = ProgressionSettings {
            flat_keys: true,
            ..ask(4, 0, 2)
        };
        let (g, p) = planned(&g, &s);
        placed += p.locks_placed;
        let m = g.room_metrics();
        for l in g.locks() {
            let k = l.key().unwrap();
            let guarded = g
                .locks()
                .iter()
                .any(|o| o.into == k || m.is_behind(o.into, k));
            assert!(!guarded, "seed {seed}: {:?}", g.locks());
        }
    }
    assert!(placed >= 30, "{placed}");
}

#[test]
fn one_way_doors_only_close_loops() {
    // On the ring any door can be one-way: the rest of the ring joins its
    // rooms. It opens from the room farther from the start.
    let (g, p) = planned(&grid(RING), &ask(0, 1, 2));
    assert_eq!(p.one_way_placed, 1);
    let [l] = g.locks() else { panic!() };
    assert_eq!(l.kind, LockKind::OneWay);
    let m = g.room_metrics();
    assert!(
        m.distance_tiles[l.from] >= m.distance_tiles[l.into],
        "{l:?}"
    );
    // A chain has no loop: no one-way door.
    let (g, p) = planned(&grid(CHAIN), &ask(0, 2, 2));
    assert_eq!((p.one_way_placed, g.locks().len()), (0, 0));
    // With the end locked on both arcs, the ring is a chain: none either.
    let (g, p) = planned(&grid(RING), &ask(1, 1, 2));
    assert_eq!((p.locks_placed, p.one_way_placed), (1, 0));
    assert_eq!(g.locks().len(), 2);
}

/// An Isaac-style floor: S(0) A(1) X(2) / B(3) C(4) / E(5), X a secret room
/// beside A and C, so A→X→C walks around B.
fn secret_floor() -> DungeonGrid {
    let mut g = grid(
        "
        S##
        .##
        ..E
        ",
    );
    g.specials = vec![(2, RoomRole::Secret)];
    g
}

#[test]
fn a_secret_room_beside_both_sides_rejects_the_lock() {
    let g = secret_floor();
    for seed in 0..10 {
        let mut g = g.clone();
        g.seed = seed;
        let (g, p) = planned(&g, &ask(4, 0, 2));
        // B and C can be walked around through X: only A and the end.
        assert_eq!(p.locks_placed, 2);
        let mut into: Vec<usize> = g.locks().iter().map(|l| l.into).collect();
        into.sort_unstable();
        assert_eq!(into, [1, 5]);
        assert!(g.key_rooms().iter().all(|&k| k != 2));
    }
}

#[test]
fn open_secret_rooms_may_hold_keys() {
    // A secret room X(0) above S(1); the end E(2) beside S.
    let mut g = grid("#.\nSE");
    g.specials = vec![(0, RoomRole::Secret)];
    // Optional: the key can only lie in the start room.
    let (optional, _) = planned(&g, &ask(1, 0, 2));
    assert_eq!(optional.locks(), [key(1, 2, 1)]);
    // Open: the secret room is an ordinary room, better than the start;
    // the proof walks through its door.
    let s = ProgressionSettings {
        secret_rooms: SecretRooms::Open,
        ..ask(1, 0, 2)
    };
    let (open, _) = planned(&g, &s);
    assert_eq!(open.locks(), [key(1, 2, 0)]);
    assert_eq!(open.check_locks().unwrap().reached_rooms, [0, 1, 2]);
}

/// Two rooms, joined by one corridor or by two.
fn two_rooms(second_corridor: bool) -> DungeonGrid {
    let lower = if second_corridor {
        "##+===+#E"
    } else {
        "##.....#E"
    };
    let mut g = grid(&format!("S#+===+##\n##.....##\n{lower}"));
    g.kind = GridKind::TileMap;
    g.rooms.clear();
    g.room_rects = vec![Rect::new(0, 0, 2, 3), Rect::new(7, 0, 2, 3)];
    g.generator = "bsp".into();
    assert_eq!(g.check(), Ok(()));
    g
}

#[test]
fn a_second_corridor_around_a_lock_rejects_it() {
    // One corridor: the end room is locked, its key in the start room (the
    // only other room).
    let (g, p) = planned(&two_rooms(false), &ask(1, 0, 2));
    assert_eq!(p.locks_placed, 1);
    assert_eq!(g.locks(), [key(0, 1, 0)]);
    // Two: the lock would not cut the end off; none is placed.
    let (g, p) = planned(&two_rooms(true), &ask(1, 0, 2));
    assert_eq!((p.locks_placed, g.locks().len()), (0, 0));
}

#[test]
fn planning_again_replaces_the_locks_and_is_the_same() {
    let g = grid(RING);
    let (once, p) = planned(&g, &ask(1, 0, 2));
    let (twice, q) = planned(&once, &ask(1, 0, 2));
    assert_eq!((once.locks(), p), (twice.locks(), q));
    let (none, _) = planned(&once, &ProgressionSettings::default());
    assert!(none.locks().is_empty());
}

/// The proof is the planner's safety net, never its filter: on every
/// generator with rooms the first lock set the planner assembles is
/// accepted as it is.
#[test]
fn the_first_plan_is_always_proven() {
    for entry in crate::registry::GENERATORS.iter().filter(|e| e.has_rooms()) {
        for preset in entry.presets() {
            let job = entry.job(Some(preset.name)).unwrap();
            for seed in 0..12u64 {
                let Ok(g) = job.generate(seed, 1 + (seed % 3) as i32) else {
                    continue;
                };
                let s = ProgressionSettings {
                    lock_guard: if seed % 2 == 0 {
                        LockGuard::Any
                    } else {
                        LockGuard::BranchesOnly
                    },
                    secret_rooms: if seed % 3 == 0 {
                        SecretRooms::Open
                    } else {
                        SecretRooms::Optional
                    },
                    ..ask(
                        1 + (seed % 4) as i32,
                        (seed % 2) as i32,
                        1 + (seed % 2) as i32,
                    )
                };
                let ctx = Context::new(&g, &s);
                if s.locks as usize > ctx.visible_connections() {
                    continue;
                }
                let (mut locks, _, shortcuts) = ctx.assemble(&s, &Watch::new()).unwrap();
                locks.extend(shortcuts);
                Lock::sort_canonical(&mut locks);
                let what = format!("{} {} seed {seed}: {locks:?}", entry.name(), preset.name);
                let proved = g.clone().with_locks(locks);
                assert!(proved.is_ok(), "{what}: {proved:?}");
            }
        }
    }
}

/// The key locks of `g` per key room: (key room, the rooms its doors
/// lead into, how many doors).
fn keys_of(g: &DungeonGrid) -> Vec<(usize, Vec<usize>, usize)> {
    g.key_rooms()
        .into_iter()
        .map(|k| {
            let doors: Vec<&Lock> = g.locks().iter().filter(|l| l.key() == Some(k)).collect();
            let mut into: Vec<usize> = doors.iter().map(|l| l.into).collect();
            into.sort_unstable();
            into.dedup();
            (k, into, doors.len())
        })
        .collect()
}

/// `locks = 1` asks for one key, not one door: `dungeon bsp --locks 1
/// --seed 74` locks room 11, whose two doors (from rooms 9 and 10) its one
/// key (in room 4) opens.
#[test]
fn one_lock_is_one_key_which_may_shut_two_doors() {
    let mut job = crate::registry::find("bsp").unwrap().job(None).unwrap();
    job.set("locks", "1").unwrap();
    let g = job.generate(74, 1).unwrap();
    let keys = keys_of(&g);
    let [(_, into, doors)] = &keys[..] else {
        panic!("one key room: {:?}", g.locks())
    };
    assert_eq!((into.len(), *doors), (1, 2), "{:?}", g.locks());
    let mut from: Vec<usize> = g.locks().iter().map(|l| l.from).collect();
    from.dedup();
    assert_eq!(from.len(), 2, "two doors from two rooms: {:?}", g.locks());
}

/// What `locks = N` counts, on every generator with rooms: at most N key
/// rooms, each key opening the doors of exactly one locked room (at most
/// `max_doors_per_key` of them), so the doors may outnumber N but the keys
/// and the locked rooms never do.
#[test]
fn locks_counts_keys_and_locked_rooms_not_doors() {
    let mut more_doors_than_keys = 0;
    for entry in crate::registry::GENERATORS.iter().filter(|e| e.has_rooms()) {
        let presets = entry.presets();
        let jobs: Vec<_> = presets
            .iter()
            .map(|p| entry.job(Some(p.name)).unwrap())
            .collect();
        for seed in 0..200u64 {
            let job = &jobs[(seed % jobs.len() as u64) as usize];
            let Ok(g) = job.generate(seed, 1 + (seed % 3) as i32) else {
                continue;
            };
            let s = ask(1 + (seed % 4) as i32, 0, 1 + (seed / 4 % 4) as i32);
            let mut planned = g.clone();
            let Ok(p) = plan(&mut planned, &s, &Watch::new()) else {
                // Only more locks than connections is refused.
                assert!(s.locks as usize > Context::new(&g, &s).visible_connections());
                continue;
            };
            let what = format!("{} seed {seed} {s:?}: {:?}", entry.name(), planned.locks());
            let keys = keys_of(&planned);
            assert!(keys.len() <= s.locks as usize, "{what}");
            assert_eq!(keys.len(), p.locks_placed as usize, "{what}");
            let mut locked_rooms: Vec<usize> = Vec::new();
            let mut doors = 0;
            for (_, into, n) in &keys {
                assert_eq!(into.len(), 1, "one locked room per key: {what}");
                assert!(*n as i32 <= s.max_doors_per_key, "{what}");
                locked_rooms.extend(into);
                doors += n;
            }
            locked_rooms.sort_unstable();
            locked_rooms.dedup();
            assert_eq!(locked_rooms.len(), keys.len(), "one key per room: {what}");
            if doors > s.locks as usize {
                more_doors_than_keys += 1;
            }
        }
    }
    // The doors do outnumber what was asked for, now and then.
    assert!(more_doors_than_keys > 0);
}
