//! Fuzz target `bsp_config`: see `dungeon_fuzz::targets::bsp_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::targets::bsp_config(data));
