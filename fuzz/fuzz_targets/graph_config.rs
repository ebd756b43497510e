//! Fuzz target `graph_config`: see `dungeon_fuzz::graph::graph_config`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dungeon_fuzz::graph::graph_config(data));
