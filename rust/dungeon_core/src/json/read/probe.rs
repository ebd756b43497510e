//! The first pass: the [`Probe`], read leniently, so that the second pass
//! knows the declared sizes, kind and generator whatever order the keys
//! come in.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ctx::{Ctx, run, short};
use super::values::Key;
use crate::grid::{GridKind, ParseError};
use crate::json::MAX_SIDE;
use crate::json::number::Whole;

/// second pass, which reads it strictly.
#[derive(Default)]
pub(in crate::json) struct Probe {
    /// The version (strict, as before: a bad one is an error here).
    pub version: Option<i64>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub kind: Option<GridKind>,
    /// The generator's name, cut short if long.
    pub generator: Option<String>,
}

impl Probe {
    /// The declared sizes, if both are whole numbers in `1..=MAX_SIDE`.
    pub(super) fn dims(&self) -> Option<(usize, usize)> {
        let side = |v: Option<i64>| {
            v.filter(|s| (1..=i64::from(MAX_SIDE)).contains(s))
                .map(|s| s as usize)
        };
        Some((side(self.width)?, side(self.height)?))
    }
}

const PROBE_KEYS: &[&str] = &["version", "width", "height", "kind", "generator"];

/// Reads the [`Probe`], stopping as soon as all of it is known: files
/// written by `to_json` name the version, kind, generator and sizes before
/// the arrays, so a file whose first row is too long is refused without
/// reading the rest (the second pass reads, and checks, all of it).
///
/// # Errors
/// Malformed JSON before the probe's fields are all found, or a bad
/// version.
pub(in crate::json) fn probe(ctx: &Ctx, text: &str) -> Result<Probe, ParseError> {
    let done = RefCell::new(None);
    run(ctx, text, ProbeSeed { done: &done }).or_else(|e| done.into_inner().ok_or(e))
}

struct ProbeSeed<'a> {
    /// The probe, when it was complete before the end of the text.
    done: &'a RefCell<Option<Probe>>,
}

impl<'de> DeserializeSeed<'de> for ProbeSeed<'_> {
    type Value = Probe;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Probe, D::Error> {
        d.deserialize_struct("Probe", &["version"], self)
    }
}

impl<'de> Visitor<'de> for ProbeSeed<'_> {
    type Value = Probe;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct Probe")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Probe, A::Error> {
        // As serde's derive did: a struct may be written as an array.
        let version = seq
            .next_element::<Option<Whole<i64>>>()?
            .ok_or_else(|| de::Error::invalid_length(0, &"struct Probe with 1 element"))?;
        Ok(Probe {
            version: version.map(|v| v.0),
            ..Probe::default()
        })
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Probe, A::Error> {
        let mut p = Probe::default();
        let mut version_seen = false;
        while let Some(k) = map.next_key_seed(Key(PROBE_KEYS))? {
            match k {
                Ok(0) => {
                    if std::mem::replace(&mut version_seen, true) {
                        return Err(de::Error::duplicate_field("version"));
                    }
                    p.version = map.next_value::<Option<Whole<i64>>>()?.map(|v| v.0);
                }
                Ok(1) => set_first(&mut p.width, map.next_value::<Lenient>()?.number()),
                Ok(2) => set_first(&mut p.height, map.next_value::<Lenient>()?.number()),
                Ok(3) => set_first(
                    &mut p.kind,
                    map.next_value::<Lenient>()?.text().and_then(|k| kind(&k)),
                ),
                Ok(4) => set_first(&mut p.generator, map.next_value::<Lenient>()?.text()),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            let complete = version_seen
                && p.width.is_some()
                && p.height.is_some()
                && p.kind.is_some()
                && p.generator.is_some();
            if complete {
                // Stop reading: the error only ends the parse.
                *self.done.borrow_mut() = Some(std::mem::take(&mut p));
                return Err(de::Error::custom("(probe complete)"));
            }
        }
        Ok(p)
    }
}

/// Keeps the first value given (the second pass refuses a repeated key).
fn set_first<T>(slot: &mut Option<T>, v: Option<T>) {
    if slot.is_none() {
        *slot = v;
    }
}

/// The grid kind named `name`.
pub(super) fn kind(name: &str) -> Option<GridKind> {
    match name {
        "room_grid" => Some(GridKind::RoomGrid),
        "tile_map" => Some(GridKind::TileMap),
        _ => None,
    }
}

/// Any JSON value: a whole number, a string (cut short), or something else.
enum Lenient {
    Number(i64),
    Text(String),
    Other,
}

impl Lenient {
    fn number(self) -> Option<i64> {
        match self {
            Lenient::Number(n) => Some(n),
            _ => None,
        }
    }
    fn text(self) -> Option<String> {
        match self {
            Lenient::Text(s) => Some(s),
            _ => None,
        }
    }
}

impl<'de> de::Deserialize<'de> for Lenient {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(LenientVisitor)
    }
}

struct LenientVisitor;

impl<'de> Visitor<'de> for LenientVisitor {
    type Value = Lenient;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<Lenient, E> {
        Ok(Lenient::Other)
    }
    fn visit_i64<E>(self, v: i64) -> Result<Lenient, E> {
        Ok(Lenient::Number(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Lenient, E> {
        Ok(i64::try_from(v).map_or(Lenient::Other, Lenient::Number))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Lenient, E> {
        let whole = v.fract() == 0.0 && v.abs() < 9.0e15;
        Ok(if whole {
            Lenient::Number(v as i64)
        } else {
            Lenient::Other
        })
    }
    fn visit_str<E>(self, v: &str) -> Result<Lenient, E> {
        Ok(Lenient::Text(short(v)))
    }
    fn visit_unit<E>(self) -> Result<Lenient, E> {
        Ok(Lenient::Other)
    }
    fn visit_none<E>(self) -> Result<Lenient, E> {
        Ok(Lenient::Other)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Lenient, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Lenient::Other)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Lenient, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Lenient::Other)
    }
}
