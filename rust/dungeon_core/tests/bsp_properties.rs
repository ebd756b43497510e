//! Door and room properties of BSP maps, over many seeds and sizes.
//!
//! Wherever a corridor (a corridor or door tile) is 4-adjacent to room floor,
//! either the corridor tile is a door open to that room, or the two are
//! closed to each other (walled off: a corridor never opens sideways into a
//! room). Every room has a door tile open to it, every door tile is open to
//! a room, masks are symmetric, the map is connected through them, and no
//! two rooms touch, not even at a corner.

use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::grid::{Cell, DIRS};
use dungeon_core::{DungeonGrid, Pos};

/// What one map breaks; all zero for a good map.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Faults {
    /// A corridor tile (not a door) open to room floor.
    open_without_door: usize,
    /// Rooms with no door tile open to them.
    rooms_without_door: usize,
    /// Door tiles open to no room.
    doors_into_nothing: usize,
    /// Floor tiles of one room closed to each other.
    closed_inside_room: usize,
    /// Pairs of rooms that touch or overlap (gap of 0 on both axes).
    touching_rooms: usize,
    /// Masks not symmetric or open to a non-walkable tile (`check`), or the
    /// map not connected: 1 each.
    malformed: usize,
    disconnected: usize,
}

impl Faults {
    fn any(&self) -> bool {
        *self != Self::default()
    }
}

/// The room index of every tile (`usize::MAX` where there is none).
fn room_of(g: &DungeonGrid) -> Vec<usize> {
    let mut of = vec![usize::MAX; g.cells().len()];
    for (k, r) in g.room_rects().iter().enumerate() {
        for p in r.cells() {
            if let Some(i) = g.index(p) {
                of[i] = k;
            }
        }
    }
    of
}

fn faults(g: &DungeonGrid) -> Faults {
    let mut f = Faults::default();
    let of = room_of(g);
    let masks = g.door_masks();
    let mut has_door = vec![false; g.room_rects().len()];
    for i in 0..g.cells().len() {
        let p = g.pos(i);
        let cell = g.cells()[i];
        let mut door_open_to_room = false;
        for (dx, dy, bit, _) in DIRS {
            let q: Pos = (p.0 + dx, p.1 + dy);
            let Some(j) = g.index(q) else { continue };
            let open = masks[i] & bit != 0;
            let near = g.cells()[j];
            match cell {
                Cell::Corridor if near.is_room() && open => f.open_without_door += 1,
                Cell::Door if near.is_room() && open => {
                    door_open_to_room = true;
                    has_door[of[j]] = true;
                }
                c if c.is_room() && near.is_room() && of[i] == of[j] && !open => {
                    f.closed_inside_room += 1;
                }
                _ => {}
            }
        }
        if cell == Cell::Door && !door_open_to_room {
            f.doors_into_nothing += 1;
        }
    }
    f.rooms_without_door = has_door.iter().filter(|&&d| !d).count();
    let rects = g.room_rects();
    for (k, r) in rects.iter().enumerate() {
        for o in &rects[k + 1..] {
            let apart = r.x + r.w < o.x || o.x + o.w < r.x || r.y + r.h < o.y || o.y + o.h < r.y;
            f.touching_rooms += usize::from(!apart);
        }
    }
    f.malformed = usize::from(g.check().is_err());
    f.disconnected = usize::from(!g.is_connected());
    f
}

/// Sums the faults over `seeds`, returning the total and how many maps had any.
fn sweep(c: &BspConfig, seeds: std::ops::Range<u64>) -> (Faults, usize, Option<u64>) {
    let mut total = Faults::default();
    let (mut bad_maps, mut first_bad) = (0, None);
    for seed in seeds {
        let g = bsp::generate(c, seed, 1).expect("valid preset");
        let f = faults(&g);
        if f.any() {
            bad_maps += 1;
            first_bad.get_or_insert(seed);
        }
        total.open_without_door += f.open_without_door;
        total.rooms_without_door += f.rooms_without_door;
        total.doors_into_nothing += f.doors_into_nothing;
        total.closed_inside_room += f.closed_inside_room;
        total.touching_rooms += f.touching_rooms;
        total.malformed += f.malformed;
        total.disconnected += f.disconnected;
    }
    (total, bad_maps, first_bad)
}

fn assert_clean(name: &str, c: &BspConfig, seeds: std::ops::Range<u64>) {
    let (total, bad, first) = sweep(c, seeds.clone());
    if let Some(seed) = first {
        let g = bsp::generate(c, seed, 1).unwrap();
        panic!(
            "{name}: {bad} of {} maps break the door rules: {total:?}\nfirst, seed {seed}: {:?}\n{g}",
            seeds.end - seeds.start,
            faults(&g)
        );
    }
}

fn sized(width: i32, height: i32, iterations: i32) -> BspConfig {
    BspConfig {
        width,
        height,
        iterations,
        ..BspConfig::default()
    }
}

#[test]
fn every_corridor_room_contact_is_a_door_or_closed_small() {
    assert_clean("small", &BspConfig::default(), 1..6001);
}

#[test]
fn every_corridor_room_contact_is_a_door_or_closed_other_sizes() {
    assert_clean("large", &BspConfig::large(), 1..1001);
    assert_clean("23x17", &sized(23, 17, 3), 1..2001);
    assert_clean("31x64", &sized(31, 64, 5), 1..1001);
    assert_clean("15x15", &sized(15, 15, 4), 1..2001);
    let dense = BspConfig {
        min_room_size: 1,
        min_partition_size: 2,
        partition_range: 0.45,
        room_size_min: 0.1,
        room_size_max: 1.0,
        ..sized(57, 33, 16)
    };
    assert_clean("57x33 dense", &dense, 1..501);
}
