//! Picture tests: hand-drawn grids with hand-written locks.

use crate::grid::{
    DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, Lock, LockKind, Rect, RoomRole,
    RoomShape,
};

fn grid(picture: &str) -> DungeonGrid {
    DungeonGrid::from_ascii(picture).unwrap()
}

fn key(from: usize, into: usize, key: usize) -> Lock {
    Lock {
        from,
        into,
        kind: LockKind::Key { key },
    }
}

fn one_way(from: usize, into: usize) -> Lock {
    Lock {
        from,
        into,
        kind: LockKind::OneWay,
    }
}

fn refusal(g: &DungeonGrid, locks: Vec<Lock>) -> String {
    g.clone().with_locks(locks).unwrap_err().message
}

/// A corridor of rooms with two side rooms:
/// X(0) above A(3), Y(1) above C(5); S(2) A(3) B(4) C(5) D(6) E(7).
const CHAIN: &str = "
    .#.#..
    S####E
";

#[test]
fn a_chain_of_two_locks_is_finishable_in_order() {
    let g = grid(CHAIN);
    // Lock A→B with its key in X, lock C→D with its key in Y, which lies
    // behind the first lock.
    let g = g.with_locks(vec![key(3, 4, 0), key(5, 6, 1)]).unwrap();
    let proof = g.check_locks().unwrap();
    assert_eq!(proof.order, [0, 1]);
    assert_eq!(proof.reached_rooms, (0..8).collect::<Vec<_>>());
    assert_eq!(g.key_rooms(), [0, 1]);
    assert_eq!(g.key_tile(0), Some((1, 0)));
    assert_eq!(g.key_tile(8), None);
    // Each gate is the one side between the two rooms, on both cells.
    assert_eq!(g.locked_side_mask((1, 1)), DOOR_E);
    assert_eq!(g.locked_side_mask((2, 1)), DOOR_W);
    assert_eq!(g.locked_side_mask((3, 1)), DOOR_E);
    assert_eq!(g.locked_side_mask((0, 1)), 0);
    assert_eq!(g.one_way_mask((1, 1)), 0);
    // Unchanged otherwise: the same grid with its locks removed is the
    // original.
    assert_eq!(g.clone().with_locks(Vec::new()).unwrap(), grid(CHAIN));
}

#[test]
fn a_key_behind_its_own_lock_is_refused() {
    let g = grid(CHAIN);
    // The key of A→B lies in Y, past B.
    let e = refusal(&g, vec![key(3, 4, 1)]);
    assert_eq!(
        e,
        "locks[0] [3, 4] can never be opened: its key is in room 1, which lies behind it"
    );
    // Y's key opens C→D, but the key of A→B lies behind C→D.
    let e = refusal(&g, vec![key(5, 6, 1), key(3, 4, 7)]);
    assert!(e.starts_with("locks[1] [3, 4] can never be opened"), "{e}");
    // A lock facing the wrong way is met from its far side and opens.
    assert!(g.clone().with_locks(vec![key(4, 3, 0)]).is_ok());
}

#[test]
fn two_keys_each_behind_the_other_lock_are_refused() {
    // X(0) L(1) S(2) R(3) E(4): the way right needs X's key, behind the
    // left lock, whose key lies in E: opening the first lock is what it
    // would take to reach its own key.
    let g = grid("##S#E");
    assert_eq!(
        refusal(&g, vec![key(2, 3, 0), key(1, 0, 4)]),
        "locks[0] [2, 3] can never be opened: its key is in room 0, which lies behind it"
    );
    // With the left lock's key at the start, both open, left first.
    let g = g.with_locks(vec![key(2, 3, 0), key(1, 0, 2)]).unwrap();
    assert_eq!(g.check_locks().unwrap().order, [1, 0]);
}

#[test]
fn shapes_and_order_are_checked() {
    let g = grid(CHAIN);
    let cases = [
        (
            vec![key(3, 9, 0)],
            "locks[0] [3, 9]: rooms are numbered 0..=7",
        ),
        (
            vec![key(3, 3, 0)],
            "locks[0] [3, 3]: a lock joins two different rooms",
        ),
        (
            vec![key(2, 4, 0)],
            "locks[0] [2, 4]: rooms 2 and 4 are not a connection",
        ),
        (
            vec![key(3, 4, 0), key(4, 3, 1)],
            "locks[1] [4, 3]: locks[0] is on the same connection",
        ),
        (
            vec![key(5, 6, 1), key(3, 4, 0)],
            "locks must be sorted: key locks by key room (then from, into), then one-way doors \
             by from and into; locks[1] [3, 4] comes after locks[0] [5, 6]",
        ),
        (
            vec![key(3, 4, 12)],
            "locks[0] [3, 4]: key room 12 is not a room (0..=7)",
        ),
    ];
    for (locks, want) in cases {
        assert_eq!(refusal(&g, locks), want);
    }
    // A room cut off with its way shut: the end stays out of reach.
    let e = refusal(&g, vec![key(6, 7, 7)]);
    assert!(e.starts_with("locks[0] [6, 7] can never be opened"), "{e}");
}

#[test]
fn a_second_corridor_bypasses_a_lock_and_the_proof_allows_it() {
    // Two rooms joined by two corridors; the connection keeps one run.
    let mut g = grid(
        "
        S#+===+##
        ##.....##
        ##+===+#E
        ",
    );
    g.kind = GridKind::TileMap;
    g.rooms.clear();
    g.room_rects = vec![Rect::new(0, 0, 2, 3), Rect::new(7, 0, 2, 3)];
    assert_eq!(g.check(), Ok(()));
    assert_eq!(g.connections()[0].tiles.first(), Some(&(2, 0)));
    assert_eq!(g.connections()[0].tiles.last(), Some(&(6, 0)));
    // The key tile: nearest the centre, off the start, not by a doorway.
    assert_eq!(g.key_tile(0), Some((0, 1)));
    assert_eq!(g.key_tile(1), Some((7, 1)));
    // The gate is the side between the run's last tile and room 1; the
    // door tile itself stays walkable.
    let locked = g.clone().with_locks(vec![key(0, 1, 0)]).unwrap();
    assert_eq!(locked.locked_side_mask((6, 0)), DOOR_E);
    assert_eq!(locked.locked_side_mask((7, 0)), DOOR_W);
    assert_eq!(locked.locked_side_mask((6, 2)), 0);
    // The lower corridor walks around the lock: the proof only asks that
    // the level can be finished and every lock opens, so even a key behind
    // the lock is accepted (the planner, not the proof, keeps locks that
    // do not cut the map out).
    let bypassed = g.clone().with_locks(vec![key(0, 1, 1)]).unwrap();
    assert_eq!(bypassed.check_locks().unwrap().order, [0]);
    // Facing the other way, from room 1 into room 0 at room 0's door.
    let back = g.clone().with_locks(vec![key(1, 0, 0)]).unwrap();
    assert_eq!(back.locked_side_mask((2, 0)), DOOR_W);
    assert_eq!(back.locked_side_mask((1, 0)), DOOR_E);
}

#[test]
fn a_lock_between_large_rooms_closes_every_side_they_share() {
    // S(0), a 2×2 room (1), and a 2×1 end room (2) beneath it: rooms 1 and
    // 2 share two sides, and one lock closes both.
    let mut g = grid(
        "
        S##
        .##
        .E#
        ",
    );
    g.large_rooms = vec![(1, RoomShape::Square), (2, RoomShape::Wide)];
    assert_eq!(g.room_count(), 3);
    assert_eq!(g.check(), Ok(()));
    let g = g.with_locks(vec![key(1, 2, 0)]).unwrap();
    assert_eq!(g.locked_side_mask((1, 1)), DOOR_S);
    assert_eq!(g.locked_side_mask((2, 1)), DOOR_S);
    assert_eq!(g.locked_side_mask((2, 2)), DOOR_N);
    // The sides inside a large room are never a gate.
    assert_eq!(g.locked_side_mask((1, 0)), 0);
    // A key room's key tile is its first cell; the key in the end room
    // lies behind the lock.
    assert_eq!(g.key_tile(1), Some((1, 0)));
    assert_eq!(g.key_tile(2), Some((1, 2)));
    assert!(refusal(&g, vec![key(1, 2, 2)]).contains("which lies behind it"));
}

#[test]
fn a_one_way_door_on_a_bridge_is_refused_and_on_a_loop_allowed() {
    let line = grid("S##E");
    assert_eq!(
        refusal(&line, vec![one_way(1, 2)]),
        "locks[0] [1, 2] one_way: rooms 1 and 2 are joined only through it; a one-way door \
         there could strand the player"
    );
    // Four rooms in a ring: S(0) A(1) / B(2) E(3).
    let ring = grid(
        "
        S#
        #E
        ",
    );
    let g = ring.with_locks(vec![one_way(0, 1)]).unwrap();
    assert_eq!(g.one_way_mask((0, 0)), DOOR_E);
    assert_eq!(g.one_way_mask((1, 0)), 0);
    assert_eq!(g.locked_side_mask((0, 0)), 0);
    assert_eq!(g.check_locks().unwrap().order, Vec::<usize>::new());
    // With a key lock shutting the other way round, the one-way door is a
    // bridge again.
    let e = refusal(&g, vec![key(0, 2, 0), one_way(0, 1)]);
    assert!(
        e.starts_with("locks[1] [0, 1] one_way: rooms 0 and 1"),
        "{e}"
    );
}

/// An Isaac-style floor: S(0) A(1) X(2) / B(3) C(4) / E(5), X a secret room
/// beside A and C, so A→X→C walks around the door B→C.
fn secret_floor() -> DungeonGrid {
    let mut g = grid(
        "
        S##
        .##
        ..E
        ",
    );
    g.generator = "isaac".into();
    g.specials = vec![(2, RoomRole::Secret)];
    g
}

#[test]
fn a_secret_room_never_opens_a_lock() {
    let g = secret_floor();
    assert_eq!(g.secret_door_mask((2, 0)), DOOR_S | DOOR_W);
    // The key of B→C in C is reachable only through the secret room: the
    // proof runs with secret doors shut, and refuses it.
    assert_eq!(
        refusal(&g, vec![key(3, 4, 4)]),
        "locks[0] [3, 4] can never be opened: its key is in room 4, which lies behind it"
    );
    // With the key in B it holds; the secret room is the only room not
    // reached.
    let proof = g
        .clone()
        .with_locks(vec![key(3, 4, 3)])
        .unwrap()
        .check_locks()
        .unwrap();
    assert_eq!(proof.reached_rooms, [0, 1, 3, 4, 5]);
    // No lock touches a secret room.
    assert_eq!(
        refusal(&g, vec![key(1, 2, 0)]),
        "locks[0] [1, 2]: room 2 is a secret room, which no lock may touch"
    );
}

#[test]
fn a_key_in_a_secret_room_opens_the_secret_doors() {
    let g = secret_floor();
    // The key of B→C in X: the secret rooms count as ordinary rooms, so the
    // proof walks through their doors and reaches X too.
    let g = g.with_locks(vec![key(3, 4, 2)]).unwrap();
    let proof = g.check_locks().unwrap();
    assert_eq!(proof.order, [0]);
    assert_eq!(proof.reached_rooms, [0, 1, 2, 3, 4, 5]);
}

#[test]
fn grids_without_locks_prove_plain_reachability() {
    let g = grid(CHAIN);
    let proof = g.check_locks().unwrap();
    assert!(proof.order.is_empty());
    assert_eq!(proof.reached_rooms.len(), 8);
    let cave = grid(".S,\n.,E\n");
    assert!(cave.check_locks().unwrap().reached_rooms.is_empty());
    assert_eq!(
        refusal(&cave, vec![key(0, 1, 0)]),
        "locks[0] [0, 1]: this grid has no rooms"
    );
}

#[test]
fn walks_with_keys_keep_shut_locks_shut_and_one_way_doors_one_way() {
    let g = grid(CHAIN)
        .with_locks(vec![key(3, 4, 0), key(5, 6, 1)])
        .unwrap();
    let (start, end) = (g.start(), g.end());
    assert_eq!(g.path_with_locks(start, end, &[]), None);
    assert_eq!(g.path_with_locks(start, end, &[0]), None);
    // Indices that are no lock change nothing.
    assert_eq!(g.path_with_locks(start, end, &[0, 9]), None);
    assert_eq!(g.path_with_locks(start, end, &[1, 0]), g.path(start, end));
    // With the first lock open, the second key is in reach.
    assert_eq!(
        g.path_with_locks(start, (3, 0), &[0]),
        Some(vec![(0, 1), (1, 1), (2, 1), (3, 1), (3, 0)])
    );
    // Ring S(0) A(1) / B(2) E(3), one-way from E into A: A reaches E
    // only the long way round, E reaches A directly.
    let ring = grid("S#\n#E").with_locks(vec![one_way(3, 1)]).unwrap();
    assert_eq!(
        ring.path_with_locks((1, 0), (1, 1), &[]),
        Some(vec![(1, 0), (0, 0), (0, 1), (1, 1)])
    );
    assert_eq!(
        ring.path_with_locks((1, 1), (1, 0), &[0]),
        Some(vec![(1, 1), (1, 0)])
    );
    assert_eq!(ring.path((1, 0), (1, 1)), Some(vec![(1, 0), (1, 1)]));
    // Secret doors count as found, as in `path`.
    let floor = secret_floor().with_locks(vec![key(3, 4, 3)]).unwrap();
    assert_eq!(
        floor.path_with_locks((1, 0), (2, 1), &[]),
        Some(vec![(1, 0), (2, 0), (2, 1)])
    );
    assert_eq!(floor.path_with_locks((1, 0), (5, 5), &[]), None);
}
