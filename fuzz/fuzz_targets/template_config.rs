//! Fuzz target `template_config`: see `dungeon_fuzz::template::template_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::template::template_config(data));
