//! Fuzz target `cave_config`: see `dungeon_fuzz::cave::cave_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::cave::cave_config(data));
