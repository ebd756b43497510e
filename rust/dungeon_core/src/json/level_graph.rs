//! A [`LevelGraph`] as JSON, for the command line, tests and benchmarks:
//!
//! ```json
//! {"rooms": [{"tags": ["start"]}, {"tags": [], "name": "fight A"}, {"tags": ["boss"]}],
//!  "edges": [[0, 1], [1, 2, "corridor"]]}
//! ```
//!
//! `rooms[i]` has `tags` (strings) and optionally `name`; `edges[k]` is
//! `[a, b]` or `[a, b, "direct"|"corridor"|"default"]` (connection `#k`).
//! Reading is strict (no unknown fields) and bounded: at most
//! [`MAX_GRAPH_JSON`] bytes and [`MAX_GRAPH_ROOMS`] rooms, checked before
//! the lists are read, and `3n − 6` connections, checked once they are
//! read (a self-loop, a repeat or a connection to a room that does not
//! exist is named first). Errors name the JSON path (`graph.edges[4]`).
//! Whole numbers may be written as integral floats (`3.0`, as Godot writes
//! them). The structure itself (self-loops, repeats, reachability) is
//! checked by [`LevelGraph::validate`].

use serde_json::{Value, json};

use super::fields::Fields;

use crate::error::ConfigError;
use crate::graph_layout::{EdgeMode, GraphEdge, GraphRoom, LevelGraph, MAX_GRAPH_ROOMS};

/// Longest level-graph JSON text read, in bytes.
pub const MAX_GRAPH_JSON: usize = 1 << 20;

/// Errors name the `graph` setting.
const F: Fields = Fields("graph");

/// A room number: a non-negative whole number (integral floats too).
fn index(v: &Value, path: &str) -> Result<usize, ConfigError> {
    let whole = match v {
        Value::Number(n) => n.as_u64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 1e9)
                .map(|f| f as u64)
        }),
        _ => None,
    };
    whole
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| F.err(path, v, "a room number, 0 or more"))
}

impl LevelGraph {
    /// Reads a level graph from JSON (see the module docs).
    ///
    /// # Errors
    /// A [`ConfigError`] for `graph` naming the JSON path at fault.
    pub fn from_json(text: &str) -> Result<Self, ConfigError> {
        if text.len() > MAX_GRAPH_JSON {
            return Err(F.err(
                "graph",
                format!("{} bytes of JSON", text.len()),
                &format!("at most {MAX_GRAPH_JSON} bytes"),
            ));
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let v: Value = serde_json::from_str(text)
            .map_err(|e| F.err("graph", format!("not JSON ({e})"), "a JSON object"))?;
        let top = F.object(&v, "graph", &["rooms", "edges"])?;
        let rooms_v = F.array(top.get("rooms").unwrap_or(&Value::Null), "graph.rooms")?;
        if rooms_v.len() > MAX_GRAPH_ROOMS {
            return Err(F.err(
                "graph.rooms",
                format!("{} rooms", rooms_v.len()),
                &format!("at most {MAX_GRAPH_ROOMS} rooms"),
            ));
        }
        let mut g = LevelGraph::new();
        for (i, r) in rooms_v.iter().enumerate() {
            let path = format!("graph.rooms[{i}]");
            let map = F.object(r, &path, &["tags", "name"])?;
            let mut room = GraphRoom::default();
            if let Some(tags) = map.get("tags") {
                for (k, t) in F.array(tags, &format!("{path}.tags"))?.iter().enumerate() {
                    let tag = t
                        .as_str()
                        .ok_or_else(|| F.err(&format!("{path}.tags[{k}]"), t, "a string"))?;
                    room.tags.push(tag.to_string());
                }
            }
            if let Some(name) = map.get("name") {
                room.name = name
                    .as_str()
                    .ok_or_else(|| F.err(&format!("{path}.name"), name, "a string"))?
                    .to_string();
            }
            g.rooms.push(room);
        }
        let n = g.rooms.len();
        let edges_v = F.array(top.get("edges").unwrap_or(&Value::Null), "graph.edges")?;
        for (k, e) in edges_v.iter().enumerate() {
            let path = format!("graph.edges[{k}]");
            let shape = "[a, b] or [a, b, \"direct\"|\"corridor\"|\"default\"]";
            let list = F.array(e, &path)?;
            if !(2..=3).contains(&list.len()) {
                return Err(F.err(&path, e, shape));
            }
            let a = index(&list[0], &format!("{path}[0]"))?;
            let b = index(&list[1], &format!("{path}[1]"))?;
            let mode = match list.get(2) {
                None => EdgeMode::Default,
                Some(m) => m.as_str().and_then(EdgeMode::from_name).ok_or_else(|| {
                    F.err(
                        &format!("{path}[2]"),
                        m,
                        "\"direct\", \"corridor\" or \"default\"",
                    )
                })?,
            };
            g.edges.push(GraphEdge { a, b, mode });
        }
        // A self-loop or a repeat is named before the count refuses it: on
        // a small graph it is what makes the count too high.
        let most = if n >= 3 { 3 * n - 6 } else { 1 };
        if g.edges.len() > most {
            g.check_connections()?;
            return Err(F.err(
                "graph.edges",
                format!("{} connections among {n} rooms", g.edges.len()),
                &format!("at most {most} (3n − 6): only planar graphs can be laid out"),
            ));
        }
        Ok(g)
    }

    /// The graph as one line of JSON that [`LevelGraph::from_json`] reads
    /// back.
    #[must_use]
    pub fn to_json(&self) -> String {
        let rooms: Vec<Value> = self
            .rooms
            .iter()
            .map(|r| {
                if r.name.is_empty() {
                    json!({"tags": r.tags})
                } else {
                    json!({"tags": r.tags, "name": r.name})
                }
            })
            .collect();
        let edges: Vec<Value> = self
            .edges
            .iter()
            .map(|e| match e.mode {
                EdgeMode::Default => json!([e.a, e.b]),
                m => json!([e.a, e.b, m.name()]),
            })
            .collect();
        json!({"rooms": rooms, "edges": edges}).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_back() {
        let text = r#"{"rooms": [{"tags": ["start"]}, {"tags": [], "name": "fight A"}, {"tags": ["boss"]}],
            "edges": [[0, 1], [1, 2, "corridor"], [0.0, 2.0, "direct"]]}"#;
        let g = LevelGraph::from_json(text).unwrap();
        assert_eq!(g.rooms.len(), 3);
        assert_eq!(g.rooms[1].name, "fight A");
        assert_eq!(g.edges[1].mode, EdgeMode::Corridor);
        assert_eq!(
            (g.edges[2].a, g.edges[2].b, g.edges[2].mode),
            (0, 2, EdgeMode::Direct)
        );
        let back = LevelGraph::from_json(&g.to_json()).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn errors_name_the_path() {
        let m = |t: &str| LevelGraph::from_json(t).unwrap_err().to_string();
        assert!(m("[").contains("not JSON"));
        assert!(m(r#"{"rooms": [], "edges": [], "x": 1}"#).contains("unknown field \"x\""));
        let t = r#"{"rooms": [{"tags": []}, {"tags": [3]}], "edges": []}"#;
        assert!(m(t).contains("graph.rooms[1].tags[0]"), "{}", m(t));
        let t = r#"{"rooms": [{}, {}, {}], "edges": [[0, 1], [1]]}"#;
        assert!(m(t).contains("graph.edges[1]"), "{}", m(t));
        let t = r#"{"rooms": [{}, {}, {}], "edges": [[0, 1], [1, -2]]}"#;
        assert!(m(t).contains("graph.edges[1][1]: -2"), "{}", m(t));
        let t = r#"{"rooms": [{}, {}, {}], "edges": [[0, 1, "tunnel"]]}"#;
        assert!(m(t).contains("graph.edges[0][2]"), "{}", m(t));
        // Too many connections for a planar graph (K5: 10 among 5 rooms).
        let k5: Vec<String> = (0..5)
            .flat_map(|a| (a + 1..5).map(move |b| format!("[{a}, {b}]")))
            .collect();
        let t = format!(
            r#"{{"rooms": [{{}}, {{}}, {{}}, {{}}, {{}}], "edges": [{}]}}"#,
            k5.join(", ")
        );
        assert!(m(&t).contains("10 connections among 5 rooms"), "{}", m(&t));
        assert!(m(&t).contains("at most 9 (3n − 6)"), "{}", m(&t));
        // A repeat that also breaks the count is named, not counted.
        let t = r#"{"rooms": [{}, {}, {}], "edges": [[0, 1], [1, 2], [0, 2], [0, 1]]}"#;
        assert!(
            m(t).contains("connection #3 [0, 1] repeats connection #0 [0, 1]"),
            "{}",
            m(t)
        );
        let big = format!(
            "{{\"rooms\": [{}{{}}], \"edges\": []}}",
            "{},".repeat(MAX_GRAPH_ROOMS)
        );
        assert!(m(&big).contains("401 rooms"), "{}", m(&big));
    }

    #[test]
    fn a_self_loop_or_a_repeat_is_named_before_the_connection_count() {
        let m = |t: &str| LevelGraph::from_json(t).unwrap_err().to_string();
        // Two rooms allow one connection; the second is the fault named.
        let t = r#"{"rooms": [{}, {}], "edges": [[0, 1], [1, 1]]}"#;
        assert_eq!(
            m(t),
            "invalid graph = connection #1 [1, 1] joins room 1 to itself: \
             allowed connections between two different rooms",
        );
        let t = r#"{"rooms": [{}, {}], "edges": [[0, 1], [1, 0]]}"#;
        assert_eq!(
            m(t),
            "invalid graph = connection #1 [1, 0] repeats connection #0 [0, 1]: \
             allowed each pair of rooms connected at most once",
        );
        let t = r#"{"rooms": [{}, {}], "edges": [[0, 0], [0, 0]]}"#;
        assert!(
            m(t).contains("connection #0 [0, 0] joins room 0 to itself"),
            "{}",
            m(t)
        );
        // No room at all: the connection names a room that does not exist.
        let t = r#"{"rooms": [], "edges": [[0, 1], [1, 2]]}"#;
        assert!(
            m(t).contains("names a room that does not exist"),
            "{}",
            m(t)
        );
    }
}
