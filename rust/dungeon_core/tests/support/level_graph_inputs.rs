//! The level graphs converted from Edgar-DotNet's inputs
//! (`tests/data/level_graphs/`, see its README), for
//! `tests/graph_layout_inputs.rs` and `examples/graph_bench/`.

use std::path::PathBuf;

use dungeon_core::graph_layout::{EdgeMode, LevelGraph};

/// Every converted level graph, `(file stem, graph)`, in name order.
pub fn inputs() -> Vec<(String, LevelGraph)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/level_graphs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the level graph folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let g = LevelGraph::from_json(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
            (stem.to_string(), g)
        })
        .collect()
}

/// `g` with every connection made a direct door.
pub fn all_direct(g: &LevelGraph) -> LevelGraph {
    let mut g = g.clone();
    for e in &mut g.edges {
        e.mode = EdgeMode::Direct;
    }
    g
}
