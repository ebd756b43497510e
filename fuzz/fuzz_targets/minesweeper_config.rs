//! Fuzz target `minesweeper_config`: see `dungeon_fuzz::minesweeper`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::minesweeper::minesweeper_config(data));
