//! Fuzz target `progression_settings`: see `dungeon_fuzz::progression::progression_settings`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dungeon_fuzz::progression::progression_settings(data);
});
