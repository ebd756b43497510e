//! The mapgen side of the comparison, shared by `benches/vs_mapgen.rs` and
//! `examples/matching.rs` (both may use the mapgen dev-dependency).
//!
//! Every function takes the empty input map as a reference, made once by the
//! caller: that is how mapgen's `MapFilter::modify_map` is meant to be used,
//! and each filter still allocates and returns a fresh map (a clone of its
//! input), just as our `generate` allocates and returns a fresh grid. Making
//! the input inside the timed loop would add mapgen's `MapBuffer::new`
//! (1 + 8 bytes per cell, zeroed) to its time — about 7 ms at 1024×1024.

use mapgen::filter::{
    AreaStartingPosition, BspRooms, DistantExit, DrunkardsWalk, NearestCorridors, XStart, YStart,
};
use mapgen::{MapBuffer, MapFilter};
use rand::prelude::*;

/// The empty `w × h` input map.
pub fn empty(w: i32, h: i32) -> MapBuffer {
    MapBuffer::new(w as usize, h as usize)
}

/// mapgen's `BspRooms` alone: rooms, no corridors, no start or exit.
pub fn bsp_rooms(input: &MapBuffer, seed: u64) -> MapBuffer {
    let mut rng = StdRng::seed_from_u64(seed);
    BspRooms::new().modify_map(&mut rng, input)
}

/// The mapgen chain closest to what our BSP returns: rooms, a corridor from
/// each room to its nearest unconnected room, a start near the centre and the
/// exit farthest from it by a Dijkstra map (what `MapBuilder` with these four
/// filters runs, minus making the input map).
pub fn bsp_pipeline(input: &MapBuffer, seed: u64) -> MapBuffer {
    let mut rng = StdRng::seed_from_u64(seed);
    let map = BspRooms::new().modify_map(&mut rng, input);
    let map = NearestCorridors::new().modify_map(&mut rng, &map);
    let map = AreaStartingPosition::new(XStart::CENTER, YStart::CENTER).modify_map(&mut rng, &map);
    DistantExit::new().modify_map(&mut rng, &map)
}

/// mapgen's `DrunkardsWalk::open_halls()`: 400-step diggers from random
/// spots until half the map is floor.
pub fn drunkard(input: &MapBuffer, seed: u64) -> MapBuffer {
    let mut rng = StdRng::seed_from_u64(seed);
    DrunkardsWalk::open_halls().modify_map(&mut rng, input)
}

/// Floor tiles of a mapgen map (used by `examples/matching.rs`).
#[allow(dead_code)]
pub fn floor(m: &MapBuffer) -> usize {
    m.walkables.iter().filter(|&&b| b).count()
}
