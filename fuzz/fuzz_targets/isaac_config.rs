//! Fuzz target `isaac_config`: see `dungeon_fuzz::room_grid::isaac_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::room_grid::isaac_config(data));
