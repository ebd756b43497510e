//! Fuzz target `grid_json_mutate`: see `dungeon_fuzz::json::grid_json_mutate`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::json::grid_json_mutate(data));
