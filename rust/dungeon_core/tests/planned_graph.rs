//! The room graph a generator planned travels with the map and its JSON
//! (`graph`): TinyKeep's Delaunay, tree and extra edges, Hilbert's main
//! path. It reads back equal, is checked on reading, and is absent for
//! generators that plan none.

use dungeon_core::DungeonGrid;
use dungeon_core::GeneratorConfig;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::hilbert::{self, HilbertConfig};
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::tinykeep::{self, TinyKeepConfig};

fn round_trip(g: &DungeonGrid) -> DungeonGrid {
    let back = DungeonGrid::from_json(&g.to_json()).unwrap_or_else(|e| panic!("{e}\n{g}"));
    assert_eq!(&back, g);
    assert_eq!(back.planned_graph(), g.planned_graph());
    back
}

#[test]
fn tinykeep_edges_round_trip() {
    for name in TinyKeepConfig::PRESETS {
        let c = TinyKeepConfig::preset(name).unwrap();
        for seed in 0..25 {
            let (g, graph) = tinykeep::generate_with_graph(&c, seed, 1).unwrap();
            let back = round_trip(&g);
            let plan = back.planned_graph();
            assert_eq!(plan.delaunay, graph.delaunay);
            assert_eq!(plan.tree, graph.mst);
            assert_eq!(plan.extra, graph.extra);
            assert!(plan.main_path.is_empty());
            assert_eq!(plan.tree.len(), graph.centers.len() - 1);
            // Every planned (carved) edge joins rooms a walker can go
            // between.
            for &(a, b) in plan.tree.iter().chain(&plan.extra) {
                assert!(back.room_path(a, b).is_some());
            }
            let json: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
            assert_eq!(
                json["graph"]["delaunay"].as_array().unwrap().len(),
                graph.delaunay.len()
            );
        }
    }
}

#[test]
fn hilbert_main_path_and_side_rooms_round_trip() {
    for name in HilbertConfig::PRESETS {
        let c = HilbertConfig::preset(name).unwrap();
        for seed in 0..40 {
            for level in [1, 5] {
                let layout = hilbert::generate_layout(&c, seed, level).unwrap();
                let back = round_trip(&layout.grid);
                let path = &back.planned_graph().main_path;
                // The path's rooms, by their cells, are the layout's path.
                let cells: Vec<_> = path
                    .iter()
                    .map(|&r| {
                        let rect = back.room_records()[r].rect;
                        (rect.x, rect.y)
                    })
                    .collect();
                assert_eq!(cells, layout.path);
                assert_eq!(back.room_at(back.start()), path.first().copied());
                assert_eq!(back.room_at(back.end()), path.last().copied());
                // Every other room is a side room.
                assert_eq!(
                    back.room_records().len() - path.len(),
                    layout.side_rooms,
                    "seed {seed} level {level}"
                );
            }
        }
    }
}

#[test]
fn other_generators_plan_no_graph() {
    let g = bsp::generate(&BspConfig::default(), 1, 1).unwrap();
    assert!(g.planned_graph().is_empty());
    assert!(!g.to_json().contains("\"graph\""));
    let m = maze::generate(&MazeConfig::classic(), 1, 1).unwrap();
    assert!(!m.to_json().contains("\"graph\""));
}

#[test]
fn a_broken_plan_is_refused() {
    let (g, _) = tinykeep::generate_with_graph(&TinyKeepConfig::default(), 3, 1).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
    let rooms = g.room_records().len();
    v["graph"]["mst"][0] = serde_json::json!([0, rooms]);
    let e = DungeonGrid::from_json(&v.to_string()).unwrap_err().0;
    assert!(e.contains("graph.mst"), "{e}");
    v["graph"]["mst"] = serde_json::json!([]);
    v["graph"]["typo"] = serde_json::json!([]);
    let e = DungeonGrid::from_json(&v.to_string()).unwrap_err().0;
    assert!(e.contains("typo"), "{e}");

    let layout = hilbert::generate_layout(&HilbertConfig::default(), 3, 2).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&layout.grid.to_json()).unwrap();
    let path = v["graph"]["main_path"].as_array_mut().unwrap();
    path.reverse();
    let e = DungeonGrid::from_json(&v.to_string()).unwrap_err().0;
    assert!(e.contains("main_path"), "{e}");
}
