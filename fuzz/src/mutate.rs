//! Structured mutation of a valid grid's JSON: generate a small grid from a
//! preset, then change a few values in its JSON tree — a number set to an
//! edge value or moved by one, an array element removed, duplicated or
//! added, a field removed or added, a value retyped — so `from_json` sees
//! inputs that are almost valid, which raw bytes rarely reach.

use dungeon_core::GeneratorConfig;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use serde_json::{Map, Number, Value};

use crate::knobs::Knobs;

/// Integers a mutated number can become: small codes and door masks,
/// coordinates at and past the edges, and the edges of the integer types.
const INTS: [i64; 22] = [
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    15,
    16,
    255,
    256,
    -1,
    16_384,
    16_385,
    100_000,
    1 << 31,
    i32::MAX as i64,
    i32::MIN as i64,
    i64::MAX,
    i64::MIN,
];

/// Floats a mutated number can become (integral, fractional, huge).
const FLOATS: [f64; 7] = [1.0, 2.0, 0.5, -0.0, 1e300, 3.000_000_000_1, 16_384.0];

/// A generated grid's JSON with 1–4 edits, or `None` if the generator
/// refused the drawn settings.
pub fn mutated_grid_json(k: &mut Knobs) -> Option<String> {
    let seed = k.seed();
    let level = 1 + k.index(10) as i32;
    let grid = match k.byte() % 3 {
        0 => {
            let c = IsaacConfig::preset(k.pick(&IsaacConfig::PRESETS))?;
            isaac::generate(&c, seed, level)
        }
        1 => {
            let c = DrunkardConfig::preset(k.pick(&DrunkardConfig::PRESETS))?;
            drunkard::generate(&c, seed, level)
        }
        _ => {
            // A small map keeps the JSON short.
            let p = BspConfig::preset(BspConfig::PRESETS[0])?;
            #[allow(clippy::needless_update)]
            let c = BspConfig {
                width: 16 + k.index(25) as i32,
                height: 16 + k.index(25) as i32,
                iterations: 1 + k.index(4) as i32,
                ..p
            };
            bsp::generate(&c, seed, level).or_else(|_| bsp::generate(&p, seed, level))
        }
    }
    .ok()?;
    let mut v: Value = serde_json::from_str(&grid.to_json()).ok()?;
    for _ in 0..1 + k.byte() % 4 {
        edit(&mut v, k);
    }
    let text = match k.byte() % 4 {
        0 => serde_json::to_string_pretty(&v).ok()?,
        1 => format!("\u{feff}{}", serde_json::to_string(&v).ok()?),
        _ => serde_json::to_string(&v).ok()?,
    };
    Some(text)
}

/// Walks from the root to a node: always into one top-level field, then
/// deeper until a leaf or a coin says stop.
fn pick_node<'v>(v: &'v mut Value, k: &mut Knobs) -> &'v mut Value {
    let mut cur = v;
    let mut depth = 0;
    loop {
        let n = match &*cur {
            Value::Array(a) => a.len(),
            Value::Object(o) => o.len(),
            _ => 0,
        };
        if n == 0 || (depth > 0 && k.byte().is_multiple_of(4)) {
            return cur;
        }
        let i = k.index(n);
        depth += 1;
        cur = match cur {
            Value::Array(a) => &mut a[i],
            Value::Object(o) => o.values_mut().nth(i).expect("i < len"),
            _ => unreachable!("leaves returned above"),
        };
    }
}

fn int(k: &mut Knobs) -> Value {
    Value::from(k.pick(&INTS))
}

fn any_number(k: &mut Knobs, current: Option<&Number>) -> Value {
    match k.byte() % 5 {
        0 | 1 => int(k),
        2 => Number::from_f64(k.pick(&FLOATS)).map_or(Value::Null, Value::Number),
        3 => Value::from(u64::MAX),
        _ => {
            // The current value moved by one.
            let x = current.and_then(Number::as_i64).unwrap_or(0);
            Value::from(x.saturating_add(if k.byte().is_multiple_of(2) { 1 } else { -1 }))
        }
    }
}

/// A value of another type.
fn retyped(k: &mut Knobs, old: &Value) -> Value {
    match k.byte() % 7 {
        0 => Value::Null,
        1 => Value::Bool(true),
        2 => Value::String(old.to_string()),
        3 => Value::Array(vec![]),
        4 => Value::Object(Map::new()),
        5 => Value::Array(vec![old.clone()]),
        _ => Value::String(String::new()),
    }
}

/// One edit at a node picked by the bytes.
fn edit(root: &mut Value, k: &mut Knobs) {
    let op = k.byte();
    let node = pick_node(root, k);
    match node {
        Value::Number(n) => {
            let n = n.clone();
            *node = if op.is_multiple_of(8) {
                retyped(k, &Value::Number(n))
            } else {
                any_number(k, Some(&n))
            };
        }
        Value::Array(a) => match op % 8 {
            0 | 1 if !a.is_empty() => {
                let i = k.index(a.len());
                a.remove(i);
            }
            2 | 3 if !a.is_empty() => {
                let i = k.index(a.len());
                let dup = a[i].clone();
                a.insert(i, dup);
            }
            4 => {
                // A rectangle or position of edge values, or one number.
                let len = k.pick(&[1, 2, 4, 3, 5]);
                let item = (0..len).map(|_| int(k)).collect();
                a.push(Value::Array(item));
            }
            5 => a.clear(),
            6 if a.len() >= 2 => {
                let (i, j) = (k.index(a.len()), k.index(a.len()));
                a.swap(i, j);
            }
            _ => a.push(int(k)),
        },
        Value::Object(o) => match op % 4 {
            0 if !o.is_empty() => {
                let key = o.keys().nth(k.index(o.len())).cloned().unwrap_or_default();
                o.remove(&key);
            }
            1 => {
                let key = k.pick(&["extra", "room_rects", "rooms", "start", "cells"]);
                o.insert(key.to_owned(), int(k));
            }
            _ => {
                let old = node.clone();
                *node = retyped(k, &old);
            }
        },
        other => {
            let old = other.clone();
            *other = if op.is_multiple_of(2) {
                any_number(k, None)
            } else {
                retyped(k, &old)
            };
        }
    }
}
