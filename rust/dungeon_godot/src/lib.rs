//! Godot 4 GDExtension for the dungeon generators.
//!
//! A thin layer over `dungeon_core`: one file per Godot class, what the
//! generator classes share in `generator/` (and `room_grid.rs` for the
//! room-grid ones), and `convert.rs` for conversions. Errors from the core
//! become `push_error`, a readable `last_error`, a `null` return and the
//! `generation_failed` signal; nothing here unwraps.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod async_api;
mod async_gen;
mod background;
mod bsp_generator;
mod cave_generator;
mod collision;
mod collision_body;
mod collision_stage;
mod convert;
mod decorator;
mod drunkard_generator;
mod dungeon_grid;
mod dungeon_grid_hash;
mod dungeon_grid_locks;
mod dungeon_grid_metrics;
mod dungeon_grid_poi;
mod dungeon_grid_rooms;
mod dungeon_grid_shapes;
mod dungeon_grid_spawns;
mod dungeon_progression;
mod elementary_automaton;
mod generator;
mod generator_registry;
mod graph_layout_generator;
mod hilbert_generator;
mod isaac_generator;
mod isaac_room_rules;
mod level_graph;
mod level_node;
mod maze_generator;
mod minesweeper_board;
mod navigation;
mod painter;
mod placement;
mod room_grid;
mod room_template;
mod room_template_scene;
mod spawn_rules;
mod template_generator;
mod tinykeep_generator;
mod tunneler_generator;
mod walker_generator;

mod entry {
    //! The extension's entry point. It must be an `unsafe impl` (gdext's
    //! contract with Godot); this module is the only place allowed `unsafe`.
    #![allow(unsafe_code)]
    use godot::prelude::*;

    struct DungeonExtension;

    #[gdextension]
    unsafe impl ExtensionLibrary for DungeonExtension {
        /// Before Godot unloads the library (when the game or the editor
        /// quits): stop every thread of ours and wait for it, so none runs
        /// code that is gone.
        fn on_stage_deinit(stage: InitStage) {
            if stage == InitStage::Scene {
                crate::background::shut_down();
            }
        }
    }
}
