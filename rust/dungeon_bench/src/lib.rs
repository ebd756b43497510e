//! Benchmark support for `tests/run_bench.sh`: the configurations that the
//! mapgen comparison and the scaling curve use, peak-memory reading, and the
//! BENCHMARKS.md renderer (`src/bin/report.rs`).
//!
//! Nothing here asserts a time. The numbers are reported, never checked by CI.
//!
//! # What "matched" means
//!
//! mapgen 0.6 and `dungeon_core` do not build the same thing, so every
//! comparison fixes one quantity and says which:
//!
//! - **BSP, room count.** mapgen's `BspRooms` makes as many rooms as 240 random
//!   placement tries allow (measured over 50 seeds: about 15 at 80×50, 56 at
//!   256×256, 92 at 1024×1024). Our BSP makes up to `2^iterations` rooms, so
//!   [`bsp_rooms_matched`] takes the power of two at or above mapgen's count
//!   (16, 64, 128): we never do less work than mapgen.
//! - **BSP, floor fraction.** mapgen's rooms are at most 20×20 tiles, so on big
//!   maps they cover very little (about 23 %, 8 % and 0.9 % of the map).
//!   [`bsp_floor_matched`] keeps the room count and shrinks our rooms so that
//!   their floor covers about the same share of the map.
//! - **What each side outputs.** mapgen's `BspRooms` alone places rooms only;
//!   ours also carves corridors, places doors, fills door masks and picks
//!   start and end by their exact path distance (room tiles are listed only
//!   when asked). [`mapgen_bsp_pipeline`] is the
//!   closest mapgen chain to our output: rooms, corridors to the nearest room,
//!   a start and the farthest exit by a Dijkstra map.
//! - **Drunkard walk, floor count.** mapgen's `DrunkardsWalk::open_halls()`
//!   digs until 50 % of the map is floor. [`drunkard_matched`] asks our
//!   room-grid drunkard for exactly that many cells (`floor(0.5 × w × h)`),
//!   4 directions, and the walker stays put at the edge as mapgen's does. Our
//!   room-grid generators are capped at 256×256 (`room_grid::MAX_SIDE`), so
//!   there is no 1024×1024 drunkard of ours to compare.

use dungeon_core::bsp::BspConfig;
use dungeon_core::drunkard::{DrunkardConfig, OffGrid};
use dungeon_core::room_grid::RoomCount;

/// The map sizes of the mapgen comparison.
pub const VS_MAPGEN_SIZES: [(i32, i32); 3] = [(80, 50), (256, 256), (1024, 1024)];

/// Sizes of the drunkard comparison (ours stops at 256×256).
pub const VS_MAPGEN_DRUNKARD_SIZES: [(i32, i32); 2] = [(80, 50), (256, 256)];

/// mapgen's `DrunkardsWalk::open_halls()` floor target.
pub const MAPGEN_OPEN_HALLS_FLOOR: f32 = 0.5;

/// Our BSP split depth for a mapgen-matched map: the smallest power of two
/// at or above mapgen `BspRooms`' mean room count on that map.
#[must_use]
pub fn matched_iterations(width: i32, height: i32) -> i32 {
    match (width, height) {
        (80, 50) => 4,     // mapgen ≈ 15 rooms → 16
        (256, 256) => 6,   // mapgen ≈ 56 rooms → 64
        (1024, 1024) => 7, // mapgen ≈ 92 rooms → 128
        _ => scaling_iterations(width.max(height)),
    }
}

/// Our BSP with mapgen's room count (rounded up) and our default room size.
#[must_use]
pub fn bsp_rooms_matched(width: i32, height: i32) -> BspConfig {
    BspConfig {
        width,
        height,
        iterations: matched_iterations(width, height),
        ..BspConfig::default()
    }
}

/// Room side as a fraction of its part's side, chosen so that our room
/// floor covers about the share of the map that mapgen's `BspRooms` covers
/// (see the matching table that `examples/matching.rs` writes).
#[must_use]
pub fn floor_matched_fraction(width: i32, height: i32) -> (f64, f64) {
    match (width, height) {
        (80, 50) => (0.45, 0.54),
        (256, 256) => (0.255, 0.315),
        (1024, 1024) => (0.09, 0.11),
        _ => (0.6, 0.7),
    }
}

/// [`bsp_rooms_matched`] with rooms shrunk to mapgen's floor fraction.
#[must_use]
pub fn bsp_floor_matched(width: i32, height: i32) -> BspConfig {
    let (lo, hi) = floor_matched_fraction(width, height);
    BspConfig {
        room_size_min: lo,
        room_size_max: hi,
        ..bsp_rooms_matched(width, height)
    }
}

/// Split depth for the scaling curve: one room per 256 tiles on maps of
/// 64×64 and more (`2·log2(side) − 8`, as the core's `generators` bench uses
/// for 256 and 1024), `small`'s 4 below that.
#[must_use]
pub fn scaling_iterations(side: i32) -> i32 {
    if side < 64 {
        4
    } else {
        let log2 = 31 - side.leading_zeros() as i32;
        (2 * log2 - 8).clamp(4, dungeon_core::bsp::MAX_ITERATIONS)
    }
}

/// The BSP map of the scaling curve at `side × side`.
#[must_use]
pub fn bsp_scaling(side: i32) -> BspConfig {
    BspConfig {
        width: side,
        height: side,
        iterations: scaling_iterations(side),
        ..BspConfig::default()
    }
}

/// The number of floor cells mapgen's drunkard digs towards on `w × h`
/// (`(floor_percent × tiles) as usize`, as mapgen computes it).
#[must_use]
pub fn mapgen_drunkard_target(width: i32, height: i32, floor: f32) -> i32 {
    (floor * (width * height) as f32) as i32
}

/// Our drunkard asked for exactly `cells` rooms on a `w × h` grid.
/// `stay_at_edge` picks mapgen's edge rule (stay); otherwise the `winding`
/// preset's (back to the walk's first cell).
#[must_use]
pub fn drunkard_cells(width: i32, height: i32, cells: i32, stay_at_edge: bool) -> DrunkardConfig {
    let mut c = DrunkardConfig::winding();
    c.grid.width = width;
    c.grid.height = height;
    c.grid.count = RoomCount {
        base: cells,
        per_level: 0.0,
        variance: 0,
    };
    c.off_grid = if stay_at_edge {
        OffGrid::Stay
    } else {
        OffGrid::ReturnToStart
    };
    c.max_steps = 10_000_000;
    c
}

/// Our drunkard matched to mapgen's `open_halls()` floor count.
#[must_use]
pub fn drunkard_matched(width: i32, height: i32, stay_at_edge: bool) -> DrunkardConfig {
    let cells = mapgen_drunkard_target(width, height, MAPGEN_OPEN_HALLS_FLOOR);
    drunkard_cells(width, height, cells, stay_at_edge)
}

/// Sides of the BSP scaling curve.
pub const BSP_SCALING_SIDES: [i32; 7] = [40, 64, 128, 256, 512, 1024, 2048];

/// Sides of the drunkard scaling curve (the room grid stops at 256).
pub const DRUNKARD_SCALING_SIDES: [i32; 5] = [16, 32, 64, 128, 256];

/// Floor share of the drunkard scaling curve.
pub const DRUNKARD_SCALING_FILL: f32 = 0.5;

/// The process's peak resident set size in bytes (`VmHWM` in
/// `/proc/self/status`), if the platform has it.
#[must_use]
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_are_valid() {
        for (w, h) in VS_MAPGEN_SIZES {
            assert!(bsp_rooms_matched(w, h).validate().is_ok());
            assert!(bsp_floor_matched(w, h).validate().is_ok());
        }
        for (w, h) in VS_MAPGEN_DRUNKARD_SIZES {
            assert!(drunkard_matched(w, h, true).validate(1).is_ok());
        }
        for s in BSP_SCALING_SIDES {
            assert!(bsp_scaling(s).validate().is_ok());
        }
        assert_eq!(scaling_iterations(256), 8);
        assert_eq!(scaling_iterations(1024), 12);
        assert_eq!(scaling_iterations(2048), 14);
        assert!(peak_rss_bytes().is_some());
    }
}
