//! Fuzz target `tunneler_config`: see `dungeon_fuzz::open_floor::tunneler_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::open_floor::tunneler_config(data));
