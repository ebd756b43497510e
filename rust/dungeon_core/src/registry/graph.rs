//! The graph layout generator's registry entry: a level graph (JSON) laid
//! out from the built-in demo templates or room templates given as JSON.

use super::Kind::{Bool, Int, Other};
use super::{Generator, Range, Setting};
use crate::graph_layout::{
    GraphConfig, MAX_CORRIDOR_LENGTH, MAX_WORK_BUDGET, MIN_CORRIDOR_LENGTH, MIN_WORK_BUDGET,
};

/// A level graph laid out from room templates.
pub const GRAPH: Generator<GraphConfig> = Generator {
    name: "graph",
    class: "GraphLayoutGenerator",
    summary: "a level graph you draw, laid out from room templates (configuration spaces, loops first by annealing, trees greedily; after Ma et al. 2014 and Nepožitek's Edgar)",
    example: "graph --graph level.json --corridors",
    settings: graph,
    rooms: true,
};

#[cfg(feature = "serde")]
fn parse_graph(c: &mut GraphConfig, v: &str) -> Result<(), String> {
    // The error's value starts with the JSON path (`graph.edges[4]: …`).
    c.graph = crate::graph_layout::LevelGraph::from_json(v)
        .map_err(|e| format!("{}: allowed {}", e.value, e.allowed))?;
    Ok(())
}

#[cfg(not(feature = "serde"))]
fn parse_graph(_: &mut GraphConfig, _: &str) -> Result<(), String> {
    Err("graph: built without JSON support (the serde feature)".into())
}

#[cfg(feature = "serde")]
fn show_graph(c: &GraphConfig) -> String {
    c.graph.to_json()
}

#[cfg(not(feature = "serde"))]
fn show_graph(c: &GraphConfig) -> String {
    format!(
        "({} rooms, {} connections; built without JSON support)",
        c.graph.rooms.len(),
        c.graph.edges.len()
    )
}

#[cfg(feature = "serde")]
fn parse_templates(c: &mut GraphConfig, v: &str) -> Result<(), String> {
    // The error's value starts with the JSON path (`templates[2].doors[0]: …`).
    c.templates = crate::json::templates_from_json(v)
        .map_err(|e| format!("{}: allowed {}", e.value, e.allowed))?;
    Ok(())
}

#[cfg(not(feature = "serde"))]
fn parse_templates(_: &mut GraphConfig, _: &str) -> Result<(), String> {
    Err("templates: built without JSON support (the serde feature)".into())
}

#[cfg(feature = "serde")]
fn show_templates(c: &GraphConfig) -> String {
    crate::json::templates_to_json(&c.templates)
}

#[cfg(not(feature = "serde"))]
fn show_templates(c: &GraphConfig) -> String {
    format!(
        "({} templates; built without JSON support)",
        c.templates.len()
    )
}

/// The graph layout generator's settings, in the order they are applied.
#[must_use]
pub fn graph() -> Vec<Setting<GraphConfig>> {
    type F = Setting<GraphConfig>;
    vec![
        F::new(
            "graph",
            "the level graph, a JSON file (the setting takes its text): {\"rooms\": [{\"tags\": [\"start\"]}, ...], \"edges\": [[0, 1], ...]}",
            Other("FILE", parse_graph, show_graph),
        ),
        F::new(
            "templates",
            "the room templates, a JSON file (the setting takes its text): {\"templates\": [{\"size\": [9, 7], \"doors\": [{\"side\": \"east\", \"offset\": 1, \"length\": 5}, ...], \"tags\": [\"hall\"], \"rotations\": true}, ...]} (docs/templates.md); the default is the built-in demo templates",
            Other("FILE", parse_templates, show_templates),
        ),
        F::new(
            "corridors",
            "connections of mode default go through a corridor piece (mode corridor always does, direct never)",
            Bool(|c| &mut c.corridors),
        ),
        F::new(
            "corridor_min",
            "shortest generated straight corridor piece, in cells along it, walls included",
            Int(|c| &mut c.corridor_min),
        )
        .range(Range::int(MIN_CORRIDOR_LENGTH, MAX_CORRIDOR_LENGTH)),
        F::new(
            "corridor_max",
            "longest generated straight corridor piece (at least corridor_min)",
            Int(|c| &mut c.corridor_max),
        )
        .range(Range::int(MIN_CORRIDOR_LENGTH, MAX_CORRIDOR_LENGTH)),
        F::new(
            "work_budget",
            "work units one level may spend (candidate placements tested)",
            Int(|c| &mut c.work_budget),
        )
        .range(Range::int(MIN_WORK_BUDGET, MAX_WORK_BUDGET)),
    ]
}

#[cfg(test)]
mod tests {
    use super::super::Entry;
    use super::*;

    #[test]
    fn a_job_lays_out_a_graph_given_as_json() {
        let mut job = GRAPH.job(None).unwrap();
        let demo = job.generate(1, 1).unwrap();
        assert_eq!(demo.generator, "graph");
        assert_eq!(demo.room_records().len(), 11);
        #[cfg(feature = "serde")]
        {
            let text = r#"{"rooms": [{"tags": ["start"]}, {"tags": []}, {"tags": ["boss"]}],
                "edges": [[0, 1], [1, 2]]}"#;
            job.set("graph", text).unwrap();
            let g = job.generate(3, 1).unwrap();
            assert_eq!(g.room_records().len(), 3);
            assert_eq!(g.connections().len(), 2);
            let shown = job.get("graph").unwrap();
            assert_eq!(
                crate::graph_layout::LevelGraph::from_json(&shown).unwrap(),
                crate::graph_layout::LevelGraph::from_json(text).unwrap()
            );
            let e = job.set("graph", "[1]").unwrap_err();
            assert!(e.contains("graph"), "{e}");
            job.set(
                "graph",
                r#"{"rooms": [{}, {}, {}], "edges": [[0, 1], [1, 2], [2, 1]]}"#,
            )
            .unwrap();
            let e = job.generate(1, 1).unwrap_err().to_string();
            assert!(
                e.contains("connection #2 [2, 1] repeats connection #1 [1, 2]"),
                "{e}"
            );
        }
        job.set("work_budget", "20000").unwrap();
        assert!(
            job.set("work_budget", "5").is_ok(),
            "ranges are checked by validate"
        );
        assert_eq!(GRAPH.settings().len(), 6);
        assert_eq!(GRAPH.presets()[0].name, "demo");
        assert_eq!(GRAPH.presets()[1].name, "corridors");
        // Corridors: the demo graph with a piece on every connection.
        let mut job = GRAPH.job(None).unwrap();
        job.set("corridors", "true").unwrap();
        job.set("corridor_min", "5").unwrap();
        job.set("corridor_max", "7").unwrap();
        let g = job.generate(2, 1).unwrap();
        assert_eq!(g.room_records().len(), 23);
        assert_eq!(g.connections().len(), 24);
        job.set("corridor_max", "4").unwrap();
        let e = job.generate(2, 1).unwrap_err().to_string();
        assert!(e.contains("corridor_min = 5 with corridor_max = 4"), "{e}");
    }
}
