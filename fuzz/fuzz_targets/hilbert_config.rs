//! Fuzz target `hilbert_config`: see `dungeon_fuzz::hilbert::hilbert_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::hilbert::hilbert_config(data));
