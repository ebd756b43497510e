//! Fuzz target `cancel_anywhere`: see `dungeon_fuzz::cancel::cancel_anywhere`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::cancel::cancel_anywhere(data));
