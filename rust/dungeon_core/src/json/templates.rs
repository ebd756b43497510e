//! Room templates as JSON, for the command line (`dungeon graph
//! --templates FILE`) and tests:
//!
//! ```json
//! {"templates": [
//!   {"name": "hall", "size": [9, 7], "tags": ["hall"], "rotations": true,
//!    "doors": [{"side": "east", "offset": 1, "length": 5},
//!              {"side": "west", "offset": 3}]},
//!   {"name": "l", "size": [9, 9], "trim_to_floors": true,
//!    "floors": [[1, 1, 7, 3], [1, 4, 3, 4]],
//!    "doors": [{"side": "north", "offset": 4},
//!              {"side": "south", "offset": 6, "inset": 4}]}]}
//! ```
//!
//! A template has `size` `[width, height]` (cells, walls included) and
//! `doors`; the rest may be left out: `name` (`"t0"`, `"t1"`...), `floors`
//! (`[x, y, w, h]` rectangles; none: the whole inside), `tags`, `weight`
//! (1), `rotations` and `mirroring` (false), `trim_to_floors` (false). A
//! door has `side` (`"north"`, `"east"`, `"south"`, `"west"`) and
//! `offset`; `width` (1), `length` (its width: a fixed door; longer: a
//! door line) and `inset` (0) may be left out. Reading is strict (no
//! unknown fields) and bounded ([`MAX_TEMPLATES_JSON`] bytes, at most
//! [`MAX_TEMPLATES`] templates, checked before they are read); errors name
//! the JSON path (`templates[2].doors[0].side`), and each template is then
//! checked as [`RoomTemplate::validate`] does. Whole numbers may be written
//! as integral floats (`3.0`, as Godot writes them).

use serde_json::{Value, json};

use super::fields::Fields;

use crate::error::ConfigError;
use crate::grid::Rect;
use crate::template::{DoorSlot, MAX_TEMPLATES, RoomTemplate, Side};

/// Longest room-template JSON text read, in bytes.
pub const MAX_TEMPLATES_JSON: usize = 1 << 20;

/// Errors name the `templates` setting.
const F: Fields = Fields("templates");

/// A whole number that fits an `i32` (integral floats too).
fn int(v: &Value, path: &str) -> Result<i32, ConfigError> {
    let whole = match v {
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && f.abs() < 1e12)
                .map(|f| f as i64)
        }),
        _ => None,
    };
    whole
        .and_then(|n| i32::try_from(n).ok())
        .ok_or_else(|| F.err(path, v, "a whole number"))
}

/// `n` whole numbers at `path`.
fn ints<const N: usize>(v: &Value, path: &str) -> Result<[i32; N], ConfigError> {
    let list = F.array(v, path)?;
    if list.len() != N {
        return Err(F.err(path, v, &format!("{N} whole numbers")));
    }
    let mut out = [0; N];
    for (k, x) in list.iter().enumerate() {
        out[k] = int(x, &format!("{path}[{k}]"))?;
    }
    Ok(out)
}

fn boolean(v: &Value, path: &str) -> Result<bool, ConfigError> {
    v.as_bool().ok_or_else(|| F.err(path, v, "true or false"))
}

fn strings(v: &Value, path: &str) -> Result<Vec<String>, ConfigError> {
    F.array(v, path)?
        .iter()
        .enumerate()
        .map(|(k, s)| {
            s.as_str()
                .map(str::to_string)
                .ok_or_else(|| F.err(&format!("{path}[{k}]"), s, "a string"))
        })
        .collect()
}

fn door(v: &Value, path: &str) -> Result<DoorSlot, ConfigError> {
    let map = F.object(v, path, &["side", "offset", "width", "length", "inset"])?;
    let field = |name: &str| map.get(name).map(|x| (x, format!("{path}.{name}")));
    let side_v = map
        .get("side")
        .ok_or_else(|| F.err(path, "no side", "a door with a side and an offset"))?;
    let side = side_v
        .as_str()
        .and_then(|s| Side::ALL.into_iter().find(|d| d.name() == s))
        .ok_or_else(|| {
            F.err(
                &format!("{path}.side"),
                side_v,
                "\"north\", \"east\", \"south\" or \"west\"",
            )
        })?;
    let (offset_v, offset_path) = field("offset")
        .ok_or_else(|| F.err(path, "no offset", "a door with a side and an offset"))?;
    let offset = int(offset_v, &offset_path)?;
    let width = match field("width") {
        Some((x, p)) => int(x, &p)?,
        None => 1,
    };
    let length = match field("length") {
        Some((x, p)) => int(x, &p)?,
        None => width,
    };
    let inset = match field("inset") {
        Some((x, p)) => int(x, &p)?,
        None => 0,
    };
    Ok(DoorSlot::line(side, offset, width, length).with_inset(inset))
}

fn template(v: &Value, i: usize) -> Result<RoomTemplate, ConfigError> {
    let path = format!("templates[{i}]");
    let known = [
        "name",
        "size",
        "doors",
        "floors",
        "tags",
        "weight",
        "rotations",
        "mirroring",
        "trim_to_floors",
    ];
    let map = F.object(v, &path, &known)?;
    let at = |name: &str| format!("{path}.{name}");
    let size_v = map
        .get("size")
        .ok_or_else(|| F.err(&path, "no size", "a template with a size and doors"))?;
    let [w, h] = ints::<2>(size_v, &at("size"))?;
    let doors_v = map
        .get("doors")
        .ok_or_else(|| F.err(&path, "no doors", "a template with a size and doors"))?;
    let doors = F
        .array(doors_v, &at("doors"))?
        .iter()
        .enumerate()
        .map(|(k, d)| door(d, &format!("{path}.doors[{k}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let name = match map.get("name") {
        Some(n) => n
            .as_str()
            .ok_or_else(|| F.err(&at("name"), n, "a string"))?
            .to_string(),
        None => format!("t{i}"),
    };
    let mut t = RoomTemplate::new(&name, w, h, doors);
    if let Some(f) = map.get("floors") {
        t.floors = F
            .array(f, &at("floors"))?
            .iter()
            .enumerate()
            .map(|(k, r)| ints::<4>(r, &format!("{path}.floors[{k}]")).map(Rect::from))
            .collect::<Result<Vec<_>, _>>()?;
    }
    if let Some(tags) = map.get("tags") {
        t.tags = strings(tags, &at("tags"))?;
    }
    if let Some(x) = map.get("weight") {
        t.weight = x
            .as_f64()
            .ok_or_else(|| F.err(&at("weight"), x, "a number"))?;
    }
    if let Some(x) = map.get("rotations") {
        t.rotations = boolean(x, &at("rotations"))?;
    }
    if let Some(x) = map.get("mirroring") {
        t.mirroring = boolean(x, &at("mirroring"))?;
    }
    if let Some(x) = map.get("trim_to_floors") {
        t.trim_to_floors = boolean(x, &at("trim_to_floors"))?;
    }
    Ok(t)
}

/// Reads room templates from JSON (see the module docs) and checks each.
///
/// # Errors
/// A [`ConfigError`] for `templates` naming the JSON path, or the template
/// and what is wrong with it.
pub fn templates_from_json(text: &str) -> Result<Vec<RoomTemplate>, ConfigError> {
    if text.len() > MAX_TEMPLATES_JSON {
        return Err(F.err(
            "templates",
            format!("{} bytes of JSON", text.len()),
            &format!("at most {MAX_TEMPLATES_JSON} bytes"),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let v: Value = serde_json::from_str(text)
        .map_err(|e| F.err("templates", format!("not JSON ({e})"), "a JSON object"))?;
    let top = F.object(&v, "templates", &["templates"])?;
    let list = F.array(
        top.get("templates").unwrap_or(&Value::Null),
        "templates.templates",
    )?;
    if list.len() > MAX_TEMPLATES {
        return Err(F.err(
            "templates.templates",
            format!("{} templates", list.len()),
            &format!("at most {MAX_TEMPLATES} templates"),
        ));
    }
    let out = list
        .iter()
        .enumerate()
        .map(|(i, t)| template(t, i))
        .collect::<Result<Vec<_>, _>>()?;
    crate::template::validate::validate_templates(&out)?;
    Ok(out)
}

/// `templates` as one line of JSON that [`templates_from_json`] reads
/// back (every field written).
#[must_use]
pub fn templates_to_json(templates: &[RoomTemplate]) -> String {
    let list: Vec<Value> = templates
        .iter()
        .map(|t| {
            let doors: Vec<Value> = t
                .doors
                .iter()
                .map(|d| {
                    json!({"side": d.side.name(), "offset": d.offset, "width": d.width,
                           "length": d.length, "inset": d.inset})
                })
                .collect();
            let floors: Vec<[i32; 4]> = t.floors.iter().map(|&r| r.into()).collect();
            json!({"name": t.name, "size": [t.width, t.height], "doors": doors,
                   "floors": floors, "tags": t.tags, "weight": t.weight,
                   "rotations": t.rotations, "mirroring": t.mirroring,
                   "trim_to_floors": t.trim_to_floors})
        })
        .collect();
    json!({ "templates": list }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph_layout::GraphConfig;

    #[test]
    fn the_demo_templates_round_trip() {
        for ts in [
            GraphConfig::demo_templates(),
            GraphConfig::demo_line_templates(),
        ] {
            let text = templates_to_json(&ts);
            assert_eq!(templates_from_json(&text).unwrap(), ts);
        }
    }

    #[test]
    fn the_module_example_reads() {
        let text = r#"{"templates": [
          {"name": "hall", "size": [9, 7], "tags": ["hall"], "rotations": true,
           "doors": [{"side": "east", "offset": 1, "length": 5},
                     {"side": "west", "offset": 3.0}]},
          {"name": "l", "size": [9, 9], "trim_to_floors": true,
           "floors": [[1, 1, 7, 3], [1, 4, 3, 4]],
           "doors": [{"side": "north", "offset": 4},
                     {"side": "south", "offset": 6, "inset": 4}]}]}"#;
        let ts = templates_from_json(text).unwrap();
        assert_eq!(ts.len(), 2);
        assert_eq!(ts[0].doors[0], DoorSlot::line(Side::East, 1, 1, 5));
        assert_eq!(ts[0].doors[1], DoorSlot::new(Side::West, 3, 1));
        assert!(ts[0].rotations && !ts[0].mirroring && ts[0].has_tag("hall"));
        assert!(ts[1].trim_to_floors);
        assert_eq!(
            ts[1].doors[1],
            DoorSlot::new(Side::South, 6, 1).with_inset(4)
        );
        assert_eq!(templates_from_json(&templates_to_json(&ts)).unwrap(), ts);
    }

    #[test]
    fn the_docs_examples_read() {
        let doc = include_str!("../../../../docs/templates.md");
        let blocks: Vec<&str> = doc
            .split("```json\n")
            .skip(1)
            .filter_map(|b| b.split("```").next())
            .collect();
        assert!(!blocks.is_empty(), "templates.md has a JSON example");
        for b in blocks {
            let ts = templates_from_json(b).unwrap_or_else(|e| panic!("{e}\n{b}"));
            assert!(ts.iter().any(|t| t.trim_to_floors && t.has_door_lines()));
        }
        let file = include_str!("../../../../docs/examples/templates.json");
        assert_eq!(templates_from_json(file).map(|t| t.len()), Ok(6));
    }

    #[test]
    fn errors_name_the_path() {
        let cases = [
            ("[1]", "templates: not an object"),
            (r#"{"rooms": []}"#, "unknown field \"rooms\""),
            (
                r#"{"templates": [{"size": [5, 5]}]}"#,
                "templates[0]: no doors",
            ),
            (
                r#"{"templates": [{"size": [5], "doors": []}]}"#,
                "templates[0].size: [5]",
            ),
            (
                r#"{"templates": [{"size": [5, 5], "doors": [{"side": "up", "offset": 2}]}]}"#,
                "templates[0].doors[0].side: \"up\"",
            ),
            (
                r#"{"templates": [{"size": [5, 5], "doors": [{"side": "north", "offset": 2.5}]}]}"#,
                "templates[0].doors[0].offset: 2.5",
            ),
            (
                r#"{"templates": [{"size": [5, 5], "doors": [{"side": "north", "offset": 2, "depth": 1}]}]}"#,
                "unknown field \"depth\"",
            ),
            (
                r#"{"templates": [{"size": [5, 5], "doors": [{"side": "north", "offset": 2, "inset": 1}]}]}"#,
                "trim_to_floors",
            ),
            (r#"{"templates": []}"#, "templates"),
            ("not json", "not JSON"),
        ];
        for (text, want) in cases {
            let e = templates_from_json(text).unwrap_err().to_string();
            assert!(e.contains(want), "{text}: {e}");
        }
        let long = " ".repeat(MAX_TEMPLATES_JSON + 1);
        assert!(
            templates_from_json(&long)
                .unwrap_err()
                .to_string()
                .contains("bytes")
        );
    }
}
