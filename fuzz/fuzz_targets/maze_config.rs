//! Fuzz target `maze_config`: see `dungeon_fuzz::maze::maze_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::maze::maze_config(data));
