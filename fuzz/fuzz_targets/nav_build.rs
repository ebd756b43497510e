//! Fuzz target `nav_build`: see `dungeon_fuzz::nav::nav_build`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    dungeon_fuzz::nav::nav_build(data);
});
