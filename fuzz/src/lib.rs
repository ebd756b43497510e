//! What the fuzz targets in `fuzz_targets/` share: turning fuzz bytes into
//! settings ([`knobs`]), the properties every result must have ([`checks`]),
//! one module per generator (or input kind) holding its targets' functions
//! ([`room_grid`], [`bsp`], [`json`], [`maze`], [`graph`]...) and a global allocator
//! that stops the run on any allocation over 1 GiB ([`alloc_guard`]).
//!
//! A target fails when it panics (a bug in `dungeon_core`, or a property
//! below broken), allocates more than 1 GiB, or runs past libFuzzer's
//! `-timeout` (tests/fuzz.sh passes 5 s). Run them with `tests/fuzz.sh`.

pub mod alloc_guard;
pub mod any;
pub mod bsp;
pub mod cancel;
pub mod cave;
pub mod checks;
pub mod cli;
pub mod graph;
pub mod hilbert;
pub mod json;
pub mod knobs;
pub mod maze;
pub mod minesweeper;
pub mod mutate;
pub mod nav;
pub mod open_floor;
pub mod progression;
pub mod room_grid;
pub mod template;
pub mod tinykeep;

#[global_allocator]
static GUARD: alloc_guard::Guard = alloc_guard::Guard;
