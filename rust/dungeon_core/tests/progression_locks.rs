//! Locks as data: JSON round trips and refusals, and random hand-placed
//! lock sets on generated grids judged twice, by the library's proof
//! (`check_locks`) and by an independent search over every order of play
//! (`support/progression_check.rs`).

#[path = "support/progression_check.rs"]
mod progression_check;

use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::tinykeep::{self, TinyKeepConfig};
use dungeon_core::{DOOR_E, DungeonGrid, DungeonRng, Lock, LockKind, RoomRole, bsp};
use progression_check::{Play, check};

fn key(from: usize, into: usize, key: usize) -> Lock {
    Lock {
        from,
        into,
        kind: LockKind::Key { key },
    }
}

/// A ring of eight rooms with a tail to the end:
/// S(0) 1 2 / 3 · 4 / 5 6 7 E(8).
fn ring() -> DungeonGrid {
    let mut g = DungeonGrid::from_ascii(
        "
        S##.
        #.#.
        ###E
        ",
    )
    .unwrap();
    g.generator = "isaac".into();
    g
}

fn locked_ring() -> DungeonGrid {
    let one_way = Lock {
        from: 0,
        into: 1,
        kind: LockKind::OneWay,
    };
    ring().with_locks(vec![key(7, 8, 1), one_way]).unwrap()
}

#[test]
fn a_gate_is_the_sides_its_lock_closes() {
    let g = locked_ring();
    // The key lock 7 → 8 closes the east side of room 7's cell (2, 2); the
    // one-way door 0 → 1 the east side of the start (0, 0).
    assert_eq!(g.lock_gate(0), vec![((2, 2), DOOR_E)]);
    assert_eq!(g.lock_gate(1), vec![((0, 0), DOOR_E)]);
    assert!(g.lock_gate(2).is_empty());
    assert_eq!(g.locked_side_mask((2, 2)), DOOR_E);
    assert_eq!(g.one_way_mask((0, 0)), DOOR_E);
    // A tile map: the gate is the corridor's last tile, facing `into`.
    let map = bsp::generate(&bsp::BspConfig::default(), 3, 1).unwrap();
    let conn = map
        .connections()
        .iter()
        .find(|c| c.tiles.len() > 1)
        .unwrap();
    // Locked from the room nearer the start, with the key there.
    let near = map.room_metrics().distance_rooms;
    let (a, b) = conn.rooms;
    let (from, into, tile) = if near[a] <= near[b] {
        (a, b, *conn.tiles.last().unwrap())
    } else {
        (b, a, conn.tiles[0])
    };
    let g = map.with_locks(vec![key(from, into, from)]).unwrap();
    let gate = g.lock_gate(0);
    assert!(!gate.is_empty());
    for (p, bit) in gate {
        assert_eq!(p, tile);
        let &(dx, dy, _, _) = dungeon_core::DIRS.iter().find(|d| d.2 == bit).unwrap();
        assert!(g.room_records()[into].contains((p.0 + dx, p.1 + dy)));
        assert_ne!(g.locked_side_mask(p) & bit, 0);
    }
}

#[test]
fn locks_round_trip_through_json() {
    let g = locked_ring();
    let text = g.to_json();
    assert!(
        text.ends_with(r#""locks":[{"rooms":[7,8],"key":1},{"rooms":[0,1],"kind":"one_way"}]}"#),
        "{text}"
    );
    let back = DungeonGrid::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.locks(), g.locks());
    assert_eq!(DungeonGrid::from_json(&g.to_json_pretty()).unwrap(), g);
    // "kind": "key" may be written; whole numbers as floats too.
    let spelled = text.replace(r#""key":1}"#, r#""key":1.0,"kind":"key"}"#);
    assert_eq!(DungeonGrid::from_json(&spelled).unwrap(), g);
    // Without locks nothing is written, and nothing is read back.
    let plain = ring();
    assert!(!plain.to_json().contains("locks"));
    assert!(
        DungeonGrid::from_json(&plain.to_json())
            .unwrap()
            .locks()
            .is_empty()
    );
}

#[test]
fn json_refuses_locks_that_break_the_rules() {
    let text = locked_ring().to_json();
    let k = r#"{"rooms":[7,8],"key":1}"#;
    let o = r#"{"rooms":[0,1],"kind":"one_way"}"#;
    let with = |locks: &str| {
        let i = text.find(r#""locks":"#).unwrap();
        format!("{}\"locks\":{locks}}}", &text[..i])
    };
    let eleven = format!("[{}]", [k; 11].join(","));
    let cases: Vec<(String, &str)> = vec![
        (
            with(r#"[{"rooms":[7,8]}]"#),
            "locks[0]: a key lock needs its key room (key)",
        ),
        (
            with(&format!(r#"[{k},{{"rooms":[0,1],"kind":"trapdoor"}}]"#)),
            "locks[1]: unknown kind \"trapdoor\"",
        ),
        (
            with(&format!(
                r#"[{k},{{"rooms":[0,1],"kind":"one_way","key":1}}]"#
            )),
            "locks[1]: a one-way door takes no key",
        ),
        (
            with(r#"[{"rooms":[7,8],"key":1,"colour":2}]"#),
            "locks[0]: unknown field \"colour\"",
        ),
        (
            with(r#"[{"rooms":7,"key":1}]"#),
            "locks[0]: rooms must be [from, into]",
        ),
        (
            with(r#"[{"rooms":[7,8],"key":1,"key":1}]"#),
            "locks[0]: key is given twice",
        ),
        (with(&format!("[{o},{k}]")), "locks must be sorted"),
        (
            with(r#"[{"rooms":[7,8],"key":8}]"#),
            "locks[0] [7, 8] can never be opened: its key is in room 8, which lies behind it",
        ),
        (
            with(r#"[{"rooms":[7,8],"kind":"one_way"}]"#),
            "locks[0] [7, 8] one_way: rooms 7 and 8",
        ),
        (
            with(r#"[{"rooms":[0,4],"key":1}]"#),
            "locks[0] [0, 4]: rooms 0 and 4 are not a connection",
        ),
        (with(&eleven), "locks[9]: more than 9 locks"),
    ];
    for (text, want) in cases {
        let e = DungeonGrid::from_json(&text).unwrap_err().0;
        assert!(e.starts_with(want), "{want:?}: {e}");
    }
    // An element that is no object names its place.
    let e = DungeonGrid::from_json(&with("[3]")).unwrap_err().0;
    assert!(e.contains("locks[0]"), "{e}");
}

#[test]
fn keys_used_up_can_strand_a_player_the_proof_assumes_they_are_not() {
    // D(0) above A(2); S(1) A(2) B(3) E(4). The start room's key fits both
    // the dead end's door and the way to the end.
    let g = DungeonGrid::from_ascii(".#..\nS##E").unwrap();
    let g = g.with_locks(vec![key(2, 0, 1), key(3, 4, 1)]).unwrap();
    let kept = check(&g, g.locks(), Play::default());
    assert!(kept.finishable && kept.no_soft_lock, "{kept:?}");
    // Used up on the dead end's door, the key is gone: soft-locked.
    let consume = Play {
        consume: true,
        ..Play::default()
    };
    let used = check(&g, g.locks(), consume);
    assert!(used.finishable && !used.no_soft_lock, "{used:?}");
}

/// A random set of 1–4 locks on distinct connections of `g` not touching a
/// secret room, a fifth of them one-way doors, keys in random rooms.
fn random_locks(g: &DungeonGrid, rng: &mut DungeonRng) -> Vec<Lock> {
    let secret = |r: usize| g.room_role(r).is_some_and(RoomRole::is_secret);
    let mut conns: Vec<(usize, usize)> = g
        .connections()
        .iter()
        .map(|c| c.rooms)
        .filter(|&(a, b)| !secret(a) && !secret(b))
        .collect();
    rng.shuffle(&mut conns);
    let rooms: Vec<usize> = (0..g.room_count()).filter(|&r| !secret(r)).collect();
    let count = 1 + rng.below(4) as usize;
    let mut locks: Vec<Lock> = conns
        .into_iter()
        .take(count)
        .map(|(a, b)| {
            let (from, into) = if rng.chance(0.5) { (a, b) } else { (b, a) };
            let kind = if rng.below(5) == 0 {
                LockKind::OneWay
            } else {
                LockKind::Key {
                    key: *rng.pick(&rooms).unwrap(),
                }
            };
            Lock { from, into, kind }
        })
        .collect();
    Lock::sort_canonical(&mut locks);
    locks
}

#[derive(Default, Debug)]
struct Tally {
    accepted: usize,
    refused: usize,
    unfinishable: usize,
}

/// Judges random lock sets on `g` by the proof and by the search: a set
/// the proof accepts cannot soft-lock (with keys kept, with keys used up
/// when each key opens one door, with the secret doors found), and a set
/// the search finds unfinishable is refused.
fn judge(g: &DungeonGrid, rng: &mut DungeonRng, tally: &mut Tally, what: &str) {
    for _ in 0..6 {
        let locks = random_locks(g, rng);
        let kept = check(g, &locks, Play::default());
        match g.clone().with_locks(locks.clone()) {
            Ok(locked) => {
                tally.accepted += 1;
                assert!(
                    kept.finishable && kept.no_soft_lock,
                    "{what} {locks:?}: {kept:?}"
                );
                let keys: Vec<usize> = locks.iter().filter_map(Lock::key).collect();
                if keys.windows(2).all(|w| w[0] != w[1]) {
                    let consume = Play {
                        consume: true,
                        ..Play::default()
                    };
                    let used = check(g, &locks, consume);
                    assert!(used.no_soft_lock, "{what} {locks:?}: {used:?}");
                }
                // Finding the secret doors only adds ways.
                let found = Play {
                    secrets_found: true,
                    ..Play::default()
                };
                let found = check(g, &locks, found);
                assert!(found.no_soft_lock, "{what} {locks:?}: {found:?}");
                // One JSON round trip a grid (big maps read slowly in debug).
                if tally.accepted % 6 == 1 {
                    let back = DungeonGrid::from_json(&locked.to_json()).unwrap();
                    assert_eq!(back, locked, "{what}");
                }
                let proof = locked.check_locks().unwrap();
                assert_eq!(proof.order.len(), keys.len(), "{what}");
            }
            Err(e) => {
                tally.refused += 1;
                assert!(e.message.contains("locks"), "{what}: {e}");
            }
        }
        if !kept.finishable {
            tally.unfinishable += 1;
            assert!(
                g.clone().with_locks(locks.clone()).is_err(),
                "{what} {locks:?}"
            );
        }
    }
}

/// Seeds per generator.
const SEEDS: u64 = 40;

#[test]
fn random_locks_on_generated_grids_agree_with_the_search() {
    let isaac = IsaacConfig::large_rooms();
    let maze = MazeConfig::default();
    let keep = TinyKeepConfig::default();
    let bsp = bsp::BspConfig::default();
    let mut tallies = Vec::new();
    for name in ["isaac", "bsp", "maze", "tinykeep"] {
        let mut tally = Tally::default();
        for seed in 0..SEEDS {
            let g = match name {
                "isaac" => isaac::generate(&isaac, seed, 1 + (seed % 6) as i32),
                "bsp" => bsp::generate(&bsp, seed, 1),
                "maze" => maze::generate(&maze, seed, 1),
                _ => tinykeep::generate(&keep, seed, 1),
            }
            .unwrap();
            let mut rng = DungeonRng::new(seed ^ 0x10c5);
            judge(&g, &mut rng, &mut tally, &format!("{name} seed {seed}"));
        }
        // Both verdicts occur, so the agreement is tested both ways.
        assert!(
            tally.accepted >= 20 && tally.refused >= 20,
            "{name}: {tally:?}"
        );
        assert!(tally.unfinishable >= 10, "{name}: {tally:?}");
        tallies.push((name, tally));
    }
    println!("{tallies:?}");
}
