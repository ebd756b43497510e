//! `DungeonGrid::from_json` refuses what the named generator could not have
//! made, naming the field, and still loads everything the generators write
//! (every golden vector, every preset).
//!
//! Which generator writes what:
//! - special roles (`boss`, `treasure`, `secret`, `library`, ...): only
//!   `isaac` (its room rules); every other generator's rooms are `normal`,
//!   `start` and `end`;
//! - `graph`: only `tinykeep` (`delaunay`, `mst`, `extra`) and `hilbert`
//!   (`main_path`, its rooms numbered first, in path order);
//! - `connections`: the grid's own room graph, each pair once (tile maps
//!   saved before the graph was defined by corridor territories list more
//!   pairs, each a walk, each once).

use dungeon_core::DungeonGrid;
use dungeon_core::GeneratorConfig;
use dungeon_core::hilbert::{self, HilbertConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::maze::{self, MazeConfig};
use dungeon_core::tinykeep::{self, TinyKeepConfig};
use serde_json::{Value, json};

fn value(g: &DungeonGrid) -> Value {
    serde_json::from_str(&g.to_json()).unwrap()
}

/// The error `from_json` gives for `v`, which must be refused.
fn refused(v: &Value) -> String {
    match DungeonGrid::from_json(&v.to_string()) {
        Ok(_) => panic!(
            "accepted: {}",
            &v.to_string()[..200.min(v.to_string().len())]
        ),
        Err(e) => e.0,
    }
}

/// A normal room of `g` (neither start nor end).
fn normal_room(g: &DungeonGrid) -> usize {
    let (s, e) = (g.room_at(g.start()), g.room_at(g.end()));
    (0..g.room_count())
        .find(|&r| Some(r) != s && Some(r) != e)
        .expect("a third room")
}

#[test]
fn a_graph_on_a_generator_that_plans_none_is_refused() {
    let g = isaac::generate(&IsaacConfig::default(), 1, 3).unwrap();
    assert!(g.planned_graph().is_empty());
    let mut v = value(&g);
    // The file: an Isaac floor carrying duplicate tree edges.
    v["graph"] = json!({ "mst": vec![[0, 1]; 1000] });
    let e = refused(&v);
    assert!(
        e.contains("graph: the \"isaac\" generator plans no graph"),
        "{e}"
    );
    // An empty one too: Isaac never writes the field.
    v["graph"] = json!({});
    assert!(refused(&v).contains("graph:"));
    // null is no graph.
    v["graph"] = Value::Null;
    assert_eq!(DungeonGrid::from_json(&v.to_string()).unwrap(), g);

    let m = maze::generate(&MazeConfig::classic(), 1, 1).unwrap();
    let mut v = value(&m);
    v["graph"] = json!({ "delaunay": [[0, 1]] });
    assert!(refused(&v).contains("\"maze\" generator plans no graph"));
}

#[test]
fn a_graph_the_generator_would_not_plan_is_refused() {
    let (g, _) = tinykeep::generate_with_graph(&TinyKeepConfig::default(), 3, 1).unwrap();
    let mut v = value(&g);
    let tree = v["graph"]["mst"].as_array().unwrap().clone();
    // A tree edge twice.
    let mut twice = tree.clone();
    twice.push(tree[0].clone());
    v["graph"]["mst"] = json!(twice);
    let e = refused(&v);
    assert!(
        e.contains("graph.mst: edge") && e.contains("is carved twice"),
        "{e}"
    );
    // The 100k copies: more edges than a tree of these rooms has,
    // refused at the first one too many.
    v["graph"]["mst"] = json!(vec![tree[0].clone(); 100_000]);
    let e = refused(&v);
    assert!(
        e.contains("graph.mst: more than") && e.contains("the most a tree of"),
        "{e}"
    );
    // A tree edge carved again as a loop.
    v["graph"]["mst"] = json!(tree);
    let mut extra = v["graph"]["extra"].as_array().cloned().unwrap_or_default();
    extra.push(tree[0].clone());
    v["graph"]["extra"] = json!(extra);
    let e = refused(&v);
    assert!(e.contains("is carved twice"), "{e}");
    // TinyKeep plans no main path.
    let mut v = value(&g);
    v["graph"]["main_path"] = json!([0]);
    let e = refused(&v);
    assert!(e.contains("graph.main_path: the tinykeep generator"), "{e}");

    // Hilbert plans only the main path, its rooms numbered first.
    let h = hilbert::generate(&HilbertConfig::default(), 3, 2).unwrap();
    let mut v = value(&h);
    v["graph"]["delaunay"] = json!([[0, 1]]);
    let e = refused(&v);
    assert!(e.contains("graph.delaunay: the hilbert generator"), "{e}");
    let mut v = value(&h);
    let path = v["graph"]["main_path"].as_array_mut().unwrap();
    path.swap(1, 2);
    let e = refused(&v);
    assert!(e.contains("graph.main_path: room 2 at place 1"), "{e}");
}

#[test]
fn tile_map_connections_must_be_the_grids_own() {
    let g = maze::generate(&MazeConfig::classic(), 3, 1).unwrap();
    assert!(!g.connections().is_empty());
    // None listed.
    let mut v = value(&g);
    v["connections"] = json!([]);
    let e = refused(&v);
    assert!(
        e.contains("connections do not match") && e.contains("the text lists 0"),
        "{e}"
    );
    // One listed twice, in place and at the end.
    for at in [1, usize::MAX] {
        let mut v = value(&g);
        let list = v["connections"].as_array_mut().unwrap();
        let first = list[0].clone();
        list.insert(at.min(list.len()), first);
        let e = refused(&v);
        assert!(e.contains("connections do not match"), "{e}");
    }
    // One left out.
    let mut v = value(&g);
    v["connections"].as_array_mut().unwrap().pop();
    assert!(refused(&v).contains("connections do not match"));
    // A run through tiles far off the grid: refused, no overflow.
    let mut v = value(&g);
    v["connections"][0]["tiles"] =
        json!([[2_147_483_647, 2_147_483_647], [-2_147_483_648, 0], [1, 1]]);
    assert!(refused(&v).contains("connections do not match"));
    // Room grids, as before.
    let r = isaac::generate(&IsaacConfig::default(), 1, 1).unwrap();
    let mut v = value(&r);
    let list = v["connections"].as_array_mut().unwrap();
    let first = list[0].clone();
    list.push(first);
    assert!(refused(&v).contains("connections do not match"));
}

#[test]
fn special_roles_only_on_isaac_floors() {
    let m = maze::generate(&MazeConfig::classic(), 3, 1).unwrap();
    let (t, _) = tinykeep::generate_with_graph(&TinyKeepConfig::default(), 3, 1).unwrap();
    let h = hilbert::generate(&HilbertConfig::default(), 3, 2).unwrap();
    for (g, role, name) in [
        (&m, "secret", "maze"),
        (&t, "library", "tinykeep"),
        (&h, "secret", "hilbert"),
        (&m, "boss", "maze"),
    ] {
        let room = normal_room(g);
        let mut v = value(g);
        v["rooms"][room]["role"] = json!(role);
        let e = refused(&v);
        assert!(
            e.contains(&format!("room {room}: role \"{role}\" is a special room"))
                && e.contains(&format!("is \"{name}\"")),
            "{e}"
        );
    }
    // Isaac floors keep theirs.
    let g = isaac::generate(&IsaacConfig::branching(), 42, 5).unwrap();
    assert!(!g.special_rooms().is_empty());
    assert_eq!(DungeonGrid::from_json(&g.to_json()).unwrap(), g);
    // The same floor under another generator's name loses them.
    let mut v = value(&g);
    v["generator"] = json!("drunkard");
    let e = refused(&v);
    assert!(
        e.contains("is a special room") && e.contains("is \"drunkard\""),
        "{e}"
    );
}

#[test]
fn every_golden_vector_loads_and_reads_back_equal() {
    let text = include_str!("golden/vectors.tsv");
    let mut loaded = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let json = line.split('\t').nth(4).expect("five columns");
        let g = DungeonGrid::from_json(json).unwrap_or_else(|e| panic!("{e}: {line}"));
        assert_eq!(g.to_json(), json, "{line}");
        loaded += 1;
    }
    assert!(loaded >= 78, "{loaded}");
}

#[test]
fn every_preset_round_trips() {
    use dungeon_core::{
        bsp, bsp::BspConfig, cave, cave::CaveConfig, drunkard, drunkard::DrunkardConfig, template,
        template::TemplateConfig, tunneler, tunneler::TunnelerConfig, walker, walker::WalkerConfig,
    };
    fn check(g: DungeonGrid) {
        let back = DungeonGrid::from_json(&g.to_json()).unwrap_or_else(|e| panic!("{e}\n{g}"));
        assert_eq!(back, g);
        assert_eq!(back.planned_graph(), g.planned_graph());
        assert_eq!(back.special_rooms(), g.special_rooms());
    }
    for seed in 0..4 {
        for level in [1, 4] {
            for p in IsaacConfig::PRESETS {
                check(isaac::generate(&IsaacConfig::preset(p).unwrap(), seed, level).unwrap());
            }
            for p in DrunkardConfig::PRESETS {
                check(
                    drunkard::generate(&DrunkardConfig::preset(p).unwrap(), seed, level).unwrap(),
                );
            }
            for p in BspConfig::PRESETS {
                check(bsp::generate(&BspConfig::preset(p).unwrap(), seed, level).unwrap());
            }
            for p in MazeConfig::PRESETS {
                check(maze::generate(&MazeConfig::preset(p).unwrap(), seed, level).unwrap());
            }
            for p in TinyKeepConfig::PRESETS {
                check(
                    tinykeep::generate(&TinyKeepConfig::preset(p).unwrap(), seed, level).unwrap(),
                );
            }
            for p in HilbertConfig::PRESETS {
                check(hilbert::generate(&HilbertConfig::preset(p).unwrap(), seed, level).unwrap());
            }
            for p in CaveConfig::PRESETS {
                check(cave::generate(&CaveConfig::preset(p).unwrap(), seed, level).unwrap());
            }
            for p in WalkerConfig::PRESETS {
                check(walker::generate(&WalkerConfig::preset(p).unwrap(), seed, level).unwrap());
            }
            for p in TunnelerConfig::PRESETS {
                check(
                    tunneler::generate(&TunnelerConfig::preset(p).unwrap(), seed, level).unwrap(),
                );
            }
            for p in TemplateConfig::PRESETS {
                check(
                    template::generate(&TemplateConfig::preset(p).unwrap(), seed, level).unwrap(),
                );
            }
        }
    }
}
