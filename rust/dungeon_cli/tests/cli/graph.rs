//! `dungeon graph`: the demo graph without `--graph`, a graph read from a
//! JSON file with it (the same grid as the library's), errors naming the
//! file, and every format.

use dungeon_core::DungeonGrid;
use dungeon_core::graph_layout::{self, GraphConfig, LevelGraph};

use super::{dungeon, ok, scratch, stderr};

/// The sample graph the docs use.
fn sample_path() -> String {
    format!(
        "{}/../../docs/examples/level_graph.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn without_a_graph_the_demo_graph() {
    let lib = graph_layout::generate(&GraphConfig::demo(), 3, 1).unwrap();
    assert_eq!(ok(&["graph", "--seed", "3"]), lib.to_ascii());
}

#[test]
fn a_graph_file_gives_the_library_grid_in_every_format() {
    let path = sample_path();
    let text = std::fs::read_to_string(&path).unwrap();
    let config = GraphConfig {
        graph: LevelGraph::from_json(&text).unwrap(),
        ..GraphConfig::demo()
    };
    let lib = graph_layout::generate(&config, 5, 2).unwrap();
    let base = ["graph", "--graph", &path, "--seed", "5", "--level", "2"];
    let with = |extra: &[&str]| ok(&[&base[..], extra].concat());
    assert_eq!(with(&[]), lib.to_ascii());
    let json = with(&["--format", "json"]);
    let got = DungeonGrid::from_json(json.trim_end()).unwrap();
    assert_eq!(got, lib);
    assert_eq!(got.room_records().len(), 11);
    assert_eq!(got.connections().len(), 12);
    let png = dungeon(&[&base[..], &["--format", "png", "--out", "-"]].concat());
    assert_eq!(png.status.code(), Some(0), "{}", stderr(&png));
    assert_eq!(&png.stdout[1..4], b"PNG");
    // --count: consecutive seeds, as JSON lines.
    let lines = with(&["--count", "3"]);
    assert_eq!(lines.lines().count(), 3);
}

/// Runs `graph --graph FILE` on `text` and returns the failure message.
fn failure(name: &str, text: &str) -> String {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    let p = path.to_str().unwrap();
    let o = dungeon(&["graph", "--graph", p]);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(o.stdout.is_empty());
    let e = stderr(&o);
    assert!(e.contains(&format!("{p}: ")), "names the file: {e}");
    e
}

#[test]
fn errors_name_the_file_and_the_place() {
    let e = failure(
        "bad_edge.json",
        r#"{"rooms": [{"tags": []}, {"tags": []}, {"tags": []}], "edges": [[0, 1], [1]]}"#,
    );
    assert!(e.contains("graph.edges[1]: [1]"), "{e}");
    let e = failure(
        "self_loop.json",
        r#"{"rooms": [{"tags": ["start"]}, {"tags": []}, {"tags": []}], "edges": [[0, 1], [1, 1], [1, 2]]}"#,
    );
    assert!(
        e.contains("connection #1 [1, 1] joins room 1 to itself"),
        "{e}"
    );
    // Two rooms allow one connection: a second one that repeats the first
    // or joins a room to itself is named, not counted.
    let e = failure(
        "two_rooms_repeat.json",
        r#"{"rooms": [{"tags": []}, {"tags": []}], "edges": [[0, 1], [0, 1]]}"#,
    );
    assert!(
        e.contains("connection #1 [0, 1] repeats connection #0 [0, 1]"),
        "{e}"
    );
    let e = failure(
        "two_rooms_self_loop.json",
        r#"{"rooms": [{"tags": []}, {"tags": []}], "edges": [[0, 1], [0, 0]]}"#,
    );
    assert!(
        e.contains("connection #1 [0, 0] joins room 0 to itself"),
        "{e}"
    );
    let e = failure("unknown.json", r#"{"rooms": [], "edges": [], "doors": 3}"#);
    assert!(e.contains("unknown field \"doors\""), "{e}");
    let e = failure("not_utf8.json", "{\"rooms\": \u{0}");
    assert!(e.contains("graph"), "{e}");
    let o = dungeon(&["graph", "--graph", "/nonexistent/level.json"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("dungeon: /nonexistent/level.json: "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_work_budget_is_a_flag() {
    let o = dungeon(&["graph", "--work-budget", "5"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("invalid work_budget = 5: allowed 10000..=100000000"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        ok(&["graph", "--work-budget", "3000000"]),
        ok(&["graph"]),
        "a larger budget than the layout needs changes nothing"
    );
}

#[test]
fn a_templates_file_gives_the_library_grid_and_errors_name_it() {
    let examples = format!("{}/../../docs/examples", env!("CARGO_MANIFEST_DIR"));
    let templates = format!("{examples}/templates.json");
    let text = std::fs::read_to_string(&templates).unwrap();
    let config = GraphConfig {
        graph: LevelGraph::from_json(&std::fs::read_to_string(sample_path()).unwrap()).unwrap(),
        templates: dungeon_core::json::templates_from_json(&text).unwrap(),
        ..GraphConfig::demo()
    };
    // Door lines on most rooms, and an L trimmed to its floors.
    assert!(config.templates.iter().any(|t| t.trim_to_floors));
    assert!(config.templates.iter().any(|t| t.has_door_lines()));
    for seed in 1..=3 {
        let lib = graph_layout::generate(&config, seed, 1).unwrap();
        let got = ok(&[
            "graph",
            "--graph",
            &sample_path(),
            "--templates",
            &templates,
            "--seed",
            &seed.to_string(),
        ]);
        assert_eq!(got, lib.to_ascii(), "seed {seed}");
    }
    let path = scratch("bad_templates.json");
    std::fs::write(
        &path,
        r#"{"templates": [{"size": [5, 5], "doors": [{"side": "up", "offset": 2}]}]}"#,
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let o = dungeon(&["graph", "--templates", p]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.contains(&format!("{p}: ")) && e.contains("templates[0].doors[0].side"),
        "{e}"
    );
}
