//! Fuzz target `walker_config`: see `dungeon_fuzz::open_floor::walker_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::open_floor::walker_config(data));
