//! Fuzz target `grid_json`: see `dungeon_fuzz::json::grid_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::json::grid_json(data));
