//! Fuzz target `any_generator`: see `dungeon_fuzz::any::any_generator`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::any::any_generator(data));
