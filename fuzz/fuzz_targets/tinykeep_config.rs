//! Fuzz target `tinykeep_config`: see `dungeon_fuzz::tinykeep::tinykeep_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::tinykeep::tinykeep_config(data));
