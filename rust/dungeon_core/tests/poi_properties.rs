//! The path of interest on other generators' maps (BSP tile maps, Isaac and
//! drunkard room grids) against the brute-force oracle.

#[path = "support/poi_oracle.rs"]
mod oracle;

use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::poi::PoiEnds;

#[test]
fn bsp_maps() {
    let c = BspConfig {
        width: 24,
        height: 24,
        iterations: 3,
        ..BspConfig::small()
    };
    for seed in 0..200 {
        let g = bsp::generate(&c, seed, 1).unwrap();
        let [rooms, any] = oracle::check_both(&g);
        let rooms = rooms.expect("bsp maps have rooms");
        assert!(any.expect("nodes").length >= rooms.length);
    }
}

#[test]
fn room_grids() {
    for seed in 0..200 {
        let g = isaac::generate(&IsaacConfig::default(), seed, 1 + (seed % 5) as i32).unwrap();
        let p = oracle::check_poi(&g, PoiEnds::Rooms).expect("rooms");
        // Every node is a room of weight 1: the longest shortest walk.
        assert_eq!(p.length as usize, p.tiles.len());
        let g = drunkard::generate(&DrunkardConfig::default(), seed, 1).unwrap();
        oracle::check_both(&g);
    }
}
