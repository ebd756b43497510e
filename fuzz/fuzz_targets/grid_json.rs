//! Fuzz target `grid_json`: see `dungeon_fuzz::targets::grid_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::targets::grid_json(data));
