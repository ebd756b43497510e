//! Fuzz target `drunkard_config`: see `dungeon_fuzz::room_grid::drunkard_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::room_grid::drunkard_config(data));
