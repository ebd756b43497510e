//! BSP's registry entry.

use super::Kind::{Int, Num};
use super::{Generator, Range, Setting};
use crate::bsp::BspConfig;
use crate::bsp::{MAX_ITERATIONS, MAX_PARTITION_RANGE, MAX_SIDE, MIN_SIDE};

/// Binary space partitioning.
pub const BSP: Generator<BspConfig> = Generator {
    name: "bsp",
    class: "BspGenerator",
    summary: "rooms and corridors on a tile map",
    example: "bsp --preset large --seed 1 --format png --out - > map.png",
    settings: bsp,
    rooms: true,
};

/// BSP's settings, in the order they are applied.
#[must_use]
pub fn bsp() -> Vec<Setting<BspConfig>> {
    type F = Setting<BspConfig>;
    let [width, height] = F::map_sides(|c| &mut c.width, |c| &mut c.height, MIN_SIDE, MAX_SIDE);
    vec![
        width,
        height,
        F::new(
            "iterations",
            "split depth: up to 2^N rooms",
            Int(|c| &mut c.iterations),
        )
        .range(Range::int(1, MAX_ITERATIONS)),
        F::new(
            "partition_range",
            "cuts fall at 0.5 ± F of the side",
            Num(|c| &mut c.partition_range),
        )
        .range(Range::new(0.0, MAX_PARTITION_RANGE)),
        F::new(
            "min_partition_size",
            "no part is cut below N tiles a side, ≥ min-room-size + 1",
            Int(|c| &mut c.min_partition_size),
        ),
        F::new(
            "room_size_min",
            "smallest room side as a share of its part, (0, 1]",
            Num(|c| &mut c.room_size_min),
        ),
        F::new(
            "room_size_max",
            "largest room side as a share of its part, [min, 1]",
            Num(|c| &mut c.room_size_max),
        ),
        F::new(
            "min_room_size",
            "smallest room side in tiles, 1 or more",
            Int(|c| &mut c.min_room_size),
        ),
        F::new(
            "border",
            "empty tiles around the whole map, 1 or more",
            Int(|c| &mut c.border),
        ),
    ]
}
