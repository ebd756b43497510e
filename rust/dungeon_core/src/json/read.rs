//! Reading the JSON schema in memory bounded by the input's length.
//!
//! The text is read in up to three passes, none of which buffers the
//! document:
//!
//! 1. [`Probe`]: the version, and leniently the declared `width`, `height`,
//!    `kind` and `generator` (every other value is skipped unread), so that
//!    the second pass knows the sizes whatever order the keys come in.
//! 2. [`Body`]: every field but `connections` and `graph`. Cells and door
//!    masks are checked element by element against the declared sizes and
//!    stored as one byte each; room records are checked one by one (rect
//!    inside the grid, role and shape known, special roles only from a
//!    generator that places them) and there can be no more of them than
//!    cells.
//! 3. [`read_tail`] (version 2, once the grid is built and checked): the
//!    listed connections are compared, one by one and tile by tile, with the
//!    grid's own, and nothing of them is stored but the room pairs a file in
//!    the older format lists beyond the grid's own graph; the planned graph's
//!    lists are bounded by the number of rooms.
//!
//! A problem found inside a value is kept in [`Ctx`] and reported as it is
//! (not as "bad JSON"), the moment the element that breaks a rule is read.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::number::{Fixed, Whole};
use super::{MAX_SIDE, bad};
use crate::grid::check::rect_fits;
use crate::grid::{
    Cell, Connection, DIRS, DungeonGrid, GridKind, ParseError, PlannedGraph, Pos, Rect, Room,
    RoomRole, RoomShape,
};

/// The longest name (role, kind, shape, field) an error message repeats.
const NAME_IN_MESSAGE: usize = 40;

/// `name`, cut to [`NAME_IN_MESSAGE`] characters, so that a message about a
/// megabyte-long name is short.
pub(super) fn short(name: &str) -> String {
    match name.char_indices().nth(NAME_IN_MESSAGE) {
        Some((i, _)) => format!("{}…", &name[..i]),
        None => name.to_owned(),
    }
}

/// Where a problem found inside a value waits while serde unwinds.
#[derive(Default)]
pub(super) struct Ctx {
    err: RefCell<Option<ParseError>>,
}

impl Ctx {
    /// Keeps `msg` and returns the error that stops the parser.
    fn fail<E: de::Error>(&self, msg: impl Into<String>) -> E {
        *self.err.borrow_mut() = Some(bad(msg.into()));
        E::custom("(refused)")
    }
}

/// Runs `seed` over the whole of `text` (trailing characters are an error,
/// as in `serde_json::from_str`).
pub(super) fn run<'de, S: DeserializeSeed<'de>>(
    ctx: &Ctx,
    text: &'de str,
    seed: S,
) -> Result<S::Value, ParseError> {
    let mut de = serde_json::Deserializer::from_str(text);
    seed.deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| {
            ctx.err
                .borrow_mut()
                .take()
                .unwrap_or_else(|| bad(format!("bad JSON: {e}")))
        })
}

// ---------------------------------------------------------------- keys

/// A map key, read without allocating (serde_json lends it).
struct Key<'a>(&'a [&'static str]);

/// The index of the key in the list, or `Err(name)` (cut short) for another.
type KeyIndex = Result<usize, String>;

impl<'de> DeserializeSeed<'de> for Key<'_> {
    type Value = KeyIndex;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<KeyIndex, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl Visitor<'_> for Key<'_> {
    type Value = KeyIndex;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<KeyIndex, E> {
        Ok(self.0.iter().position(|k| *k == v).ok_or_else(|| short(v)))
    }
}

/// serde's message for an unknown field, with the name cut short.
fn unknown<E: de::Error>(name: &str, expected: &'static [&'static str]) -> E {
    E::unknown_field(name, expected)
}

/// Marks field `i` as seen, or fails as serde does for a repeated field.
fn once<E: de::Error>(seen: &mut [bool], i: usize, fields: &[&'static str]) -> Result<(), E> {
    if std::mem::replace(&mut seen[i], true) {
        Err(E::duplicate_field(fields[i]))
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------- pass 1

/// What the second pass needs to know before it reads the arrays, read
/// leniently: a value of the wrong type is `None` here and an error in the
/// second pass, which reads it strictly.
#[derive(Default)]
pub(super) struct Probe {
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
    pub fn dims(&self) -> Option<(usize, usize)> {
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
pub(super) fn probe(ctx: &Ctx, text: &str) -> Result<Probe, ParseError> {
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

// ---------------------------------------------------------------- pass 2

/// Which schema the second pass reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Version {
    V1,
    V2,
}

/// Everything but `connections` and `graph`, checked as it is read.
pub(super) struct Body {
    pub kind: Option<GridKind>,
    pub generator: String,
    pub seed: u64,
    pub level: i32,
    pub width: i32,
    pub height: i32,
    /// `width × height` cells and masks (empty when the sizes were not
    /// usable, which is then an error).
    pub cells: Vec<Cell>,
    pub doors: Vec<u8>,
    pub start: Pos,
    pub end: Pos,
    /// Version 2's room records.
    pub records: Vec<Room>,
    /// Version 1's room cells and rectangles.
    pub v1_rooms: Vec<Pos>,
    pub v1_rects: Vec<Rect>,
}

/// Version 2's top-level fields, in the order serde's derive reported
/// missing ones (the flattened shared fields last).
const V2_FIELDS: &[&str] = &[
    "version",
    "kind",
    "rooms",
    "connections",
    "graph",
    "generator",
    "seed",
    "level",
    "width",
    "height",
    "cells",
    "doors",
    "start",
    "end",
];
const V1_FIELDS: &[&str] = &[
    "rooms",
    "room_rects",
    "generator",
    "seed",
    "level",
    "width",
    "height",
    "cells",
    "doors",
    "start",
    "end",
];

pub(super) struct BodySeed<'a> {
    pub ctx: &'a Ctx,
    pub probe: &'a Probe,
    pub version: Version,
}

impl<'de> DeserializeSeed<'de> for BodySeed<'_> {
    type Value = Body;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Body, D::Error> {
        d.deserialize_map(self)
    }
}

/// Whether special roles may appear on a grid from this generator: only
/// Isaac floors carry them.
fn places_specials(generator: Option<&str>) -> bool {
    generator == Some("isaac")
}

impl<'de> Visitor<'de> for BodySeed<'_> {
    type Value = Body;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self.version {
            Version::V1 => "struct V1",
            Version::V2 => "struct V2",
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Body, A::Error> {
        let fields = match self.version {
            Version::V1 => V1_FIELDS,
            Version::V2 => V2_FIELDS,
        };
        let dims = self.probe.dims();
        let ctx = self.ctx;
        let mut seen = vec![false; fields.len()];
        let mut body = Body {
            kind: None,
            generator: String::new(),
            seed: 0,
            level: 0,
            width: 0,
            height: 0,
            cells: Vec::new(),
            doors: Vec::new(),
            start: (0, 0),
            end: (0, 0),
            records: Vec::new(),
            v1_rooms: Vec::new(),
            v1_rects: Vec::new(),
        };
        let room_cap = dims.map_or(0, |(w, h)| w * h);
        while let Some(k) = map.next_key_seed(Key(fields))? {
            let i = match k {
                Ok(i) => i,
                // As the derive with a flattened struct said it.
                Err(name) => return Err(de::Error::custom(format_args!("unknown field `{name}`"))),
            };
            once(&mut seen, i, fields)?;
            match fields[i] {
                "version" => {
                    map.next_value::<Whole<i64>>()?;
                }
                "kind" => {
                    let name = map.next_value_seed(Text)?;
                    body.kind = Some(kind(&name).ok_or_else(|| {
                        ctx.fail::<A::Error>(format!(
                            "unknown kind {:?} (expected \"room_grid\" or \"tile_map\")",
                            short(&name)
                        ))
                    })?);
                }
                "generator" => body.generator = map.next_value()?,
                "seed" => body.seed = map.next_value::<Whole<u64>>()?.0,
                "level" => body.level = map.next_value::<Whole<i32>>()?.0,
                "width" => body.width = map.next_value::<Whole<i32>>()?.0,
                "height" => body.height = map.next_value::<Whole<i32>>()?.0,
                "start" => body.start = xy(&map.next_value()?),
                "end" => body.end = xy(&map.next_value()?),
                "cells" => match dims {
                    Some((w, h)) => {
                        body.cells = map.next_value_seed(Rows {
                            ctx,
                            w,
                            h,
                            read: |code, p| {
                                Cell::from_code(code)
                                    .ok_or_else(|| format!("unknown cell code {code} at {p:?}"))
                            },
                        })?;
                    }
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                "doors" => match dims {
                    Some((w, h)) => {
                        body.doors = map.next_value_seed(Rows {
                            ctx,
                            w,
                            h,
                            read: |mask, p| {
                                u8::try_from(mask).ok().filter(|&m| m <= 15).ok_or_else(|| {
                                    format!("door mask {mask} at {p:?} is not in 0..=15")
                                })
                            },
                        })?;
                    }
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                "rooms" => match (self.version, dims, self.probe.kind) {
                    (Version::V2, Some((w, h)), Some(kind)) => {
                        body.records = map.next_value_seed(Records {
                            ctx,
                            width: w as i32,
                            height: h as i32,
                            kind,
                            specials: places_specials(self.probe.generator.as_deref()),
                            generator: self.probe.generator.as_deref().unwrap_or(""),
                        })?;
                    }
                    (Version::V1, Some(_), _) => {
                        body.v1_rooms = map.next_value_seed(Bounded {
                            ctx,
                            of: PhantomData,
                            max: room_cap,
                            what: "rooms",
                            unit: "room cells, which is all the grid has room for".to_owned(),
                            read: |p: Fixed<i32, 2>, _| Ok(xy(&p)),
                        })?;
                    }
                    _ => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                "room_rects" => match dims {
                    Some(_) => {
                        body.v1_rects = map.next_value_seed(Bounded {
                            ctx,
                            of: PhantomData,
                            max: room_cap,
                            what: "room_rects",
                            unit: "rooms, which is all the grid has room for".to_owned(),
                            read: |Fixed([x, y, w, h]): Fixed<i32, 4>, _| Ok(Rect::new(x, y, w, h)),
                        })?;
                    }
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                // Read in the third pass, against the built grid.
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        for (i, f) in fields.iter().enumerate() {
            let optional = matches!(*f, "graph" | "room_rects");
            if !seen[i] && !optional {
                return Err(de::Error::missing_field(f));
            }
        }
        Ok(body)
    }
}

fn xy(p: &Fixed<i32, 2>) -> Pos {
    (p.0[0], p.0[1])
}

/// A string value (serde_json lends it; it is copied only when kept).
struct Text;

impl<'de> DeserializeSeed<'de> for Text {
    type Value = String;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for Text {
    type Value = String;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        Ok(short(v))
    }
}

/// `h` rows of `w` whole numbers, each turned into a `T` by `read` (given
/// the number and its position) as it is read.
struct Rows<'a, F> {
    ctx: &'a Ctx,
    w: usize,
    h: usize,
    read: F,
}

impl<F> Rows<'_, F> {
    fn shape_error<E: de::Error>(&self) -> E {
        self.ctx.fail(format!(
            "cells and doors must be {} rows of {}",
            self.h, self.w
        ))
    }
}

impl<'de, T, F: Fn(i64, Pos) -> Result<T, String>> DeserializeSeed<'de> for Rows<'_, F> {
    type Value = Vec<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, T, F: Fn(i64, Pos) -> Result<T, String>> Visitor<'de> for Rows<'_, F> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        let mut y = 0;
        while seq
            .next_element_seed(Row {
                rows: &self,
                y,
                out: &mut out,
            })?
            .is_some()
        {
            y += 1;
        }
        if y != self.h {
            return Err(self.shape_error());
        }
        out.shrink_to_fit();
        Ok(out)
    }
}

/// Row `y`, appended to `out`.
struct Row<'a, 'b, F, T> {
    rows: &'a Rows<'b, F>,
    y: usize,
    out: &'a mut Vec<T>,
}

impl<'de, T, F: Fn(i64, Pos) -> Result<T, String>> DeserializeSeed<'de> for Row<'_, '_, F, T> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        if self.y >= self.rows.h {
            return Err(self.rows.shape_error());
        }
        d.deserialize_seq(self)
    }
}

impl<'de, T, F: Fn(i64, Pos) -> Result<T, String>> Visitor<'de> for Row<'_, '_, F, T> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let rows = self.rows;
        let mut x = 0;
        loop {
            // Look at the next element only while the row has room for it.
            if x == rows.w {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(rows.shape_error());
                }
                return Ok(());
            }
            let Some(v) = seq.next_element::<Whole<i64>>()? else {
                return Err(rows.shape_error());
            };
            let p = (x as i32, self.y as i32);
            self.out
                .push((rows.read)(v.0, p).map_err(|m| rows.ctx.fail::<A::Error>(m))?);
            x += 1;
        }
    }
}

/// A list of at most `max` values of type `V`, each turned into a `T` by
/// `read` (given its index) as it is read.
struct Bounded<'a, F, V> {
    ctx: &'a Ctx,
    max: usize,
    what: &'static str,
    /// What the list holds and why there can be no more, after the most.
    unit: String,
    read: F,
    of: PhantomData<fn(V)>,
}

impl<'de, V: de::Deserialize<'de>, T, F: Fn(V, usize) -> Result<T, String>> DeserializeSeed<'de>
    for Bounded<'_, F, V>
{
    type Value = Vec<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, V: de::Deserialize<'de>, T, F: Fn(V, usize) -> Result<T, String>> Visitor<'de>
    for Bounded<'_, F, V>
{
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let b = self;
        let mut out = Vec::new();
        loop {
            if out.len() == b.max {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(b
                        .ctx
                        .fail(format!("{}: more than {} {}", b.what, b.max, b.unit)));
                }
                break;
            }
            let Some(v) = seq.next_element::<V>()? else {
                break;
            };
            let i = out.len();
            out.push((b.read)(v, i).map_err(|m| b.ctx.fail::<A::Error>(m))?);
        }
        out.shrink_to_fit();
        Ok(out)
    }
}

/// Version 2's room records, each checked as it is read.
struct Records<'a> {
    ctx: &'a Ctx,
    width: i32,
    height: i32,
    kind: GridKind,
    /// Whether special roles are allowed (the generator places them).
    specials: bool,
    generator: &'a str,
}

impl<'de> DeserializeSeed<'de> for Records<'_> {
    type Value = Vec<Room>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Room>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Records<'_> {
    type Value = Vec<Room>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Room>, A::Error> {
        // Every room covers at least one cell.
        let max = self.width as usize * self.height as usize;
        let mut out = Vec::new();
        loop {
            if out.len() == max {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(self.ctx.fail(format!(
                        "rooms: more than {max} rooms, which is all a {}×{} grid has room for",
                        self.width, self.height
                    )));
                }
                break;
            }
            let Some(raw) = seq.next_element::<RawRoom>()? else {
                break;
            };
            let room = self
                .room(out.len(), raw)
                .map_err(|m| self.ctx.fail::<A::Error>(m))?;
            out.push(room);
        }
        out.shrink_to_fit();
        Ok(out)
    }
}

impl Records<'_> {
    /// Record `i`, or what is wrong with it.
    fn room(&self, i: usize, r: RawRoom) -> Result<Room, String> {
        let role = RoomRole::from_name(&r.role)
            .ok_or_else(|| format!("room {i}: unknown role {:?}", r.role))?;
        let [x, y, w, h] = r.rect.0;
        let rect = Rect::new(x, y, w, h);
        if !rect_fits(&rect, self.width, self.height) {
            return Err(format!(
                "room {i}: rect [{}, {}, {}, {}] is empty or not inside the {}×{} grid",
                rect.x, rect.y, rect.w, rect.h, self.width, self.height
            ));
        }
        let shape = match (&r.shape, self.kind) {
            (None, GridKind::RoomGrid) => RoomShape::Single,
            (None, GridKind::TileMap) => RoomShape::Rect,
            (Some(name), GridKind::RoomGrid) => RoomShape::from_name(name)
                .filter(|s| s.is_large())
                .ok_or_else(|| {
                    format!(
                        "room {i}: unknown shape {name:?} (a large room is \
                         \"1x2\", \"2x1\", \"2x2\" or an \"l_no_…\" shape)"
                    )
                })?,
            (Some(_), GridKind::TileMap) => {
                return Err(format!(
                    "room {i}: a tile map's rooms are rectangles and have no shape"
                ));
            }
        };
        if self.kind == GridKind::RoomGrid && (rect.w, rect.h) != shape.size() {
            let (w, h) = shape.size();
            return Err(if shape.is_large() {
                format!(
                    "room {i}: a {} room's rect is {w}×{h}, not {}×{}",
                    shape.name(),
                    rect.w,
                    rect.h
                )
            } else {
                format!(
                    "room {i}: a room grid's rooms are single cells unless a \
                     \"shape\" names a large room (rect {}×{})",
                    rect.w, rect.h
                )
            });
        }
        if role.is_special() && !self.specials {
            return Err(format!(
                "room {i}: role {:?} is a special room, which only the isaac generator \
                 places, and this grid's generator is {:?}",
                role.name(),
                short(self.generator)
            ));
        }
        Ok(Room { role, rect, shape })
    }
}

/// One room record as written, names cut short.
struct RawRoom {
    role: String,
    rect: Fixed<i32, 4>,
    shape: Option<String>,
}

const ROOM_FIELDS: &[&str] = &["role", "rect", "shape"];

impl<'de> de::Deserialize<'de> for RawRoom {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(RawRoomVisitor)
    }
}

struct RawRoomVisitor;

impl<'de> Visitor<'de> for RawRoomVisitor {
    type Value = RawRoom;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct RoomIn")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawRoom, A::Error> {
        let mut seen = [false; 3];
        let (mut role, mut rect, mut shape) = (None, None, None);
        while let Some(k) = map.next_key_seed(Key(ROOM_FIELDS))? {
            let i = k.map_err(|name| unknown::<A::Error>(&name, ROOM_FIELDS))?;
            once(&mut seen, i, ROOM_FIELDS)?;
            match i {
                0 => role = Some(map.next_value_seed(Text)?),
                1 => rect = Some(map.next_value()?),
                _ => shape = map.next_value::<Option<ShortText>>()?.map(|s| s.0),
            }
        }
        Ok(RawRoom {
            role: role.ok_or_else(|| de::Error::missing_field("role"))?,
            rect: rect.ok_or_else(|| de::Error::missing_field("rect"))?,
            shape,
        })
    }
}

/// A string, cut short.
struct ShortText(String);

impl<'de> de::Deserialize<'de> for ShortText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Text.deserialize(d).map(ShortText)
    }
}

// ---------------------------------------------------------------- pass 3

/// Version 2's `connections` and `graph`, read against the built grid `g`:
/// the connections must be the grid's own (on tile maps, or the older
/// listing of walks, see [`Listed`]), the graph one the grid's
/// generator plans. Returns the planned graph, if there is one.
pub(super) fn read_tail(
    text: &str,
    g: &DungeonGrid,
    generator: &str,
) -> Result<Option<PlannedGraph>, ParseError> {
    let ctx = Ctx::default();
    run(
        &ctx,
        text,
        Tail {
            ctx: &ctx,
            g,
            generator,
        },
    )
}

struct Tail<'a> {
    ctx: &'a Ctx,
    g: &'a DungeonGrid,
    generator: &'a str,
}

const TAIL_KEYS: &[&str] = &["connections", "graph"];

impl<'de> DeserializeSeed<'de> for Tail<'_> {
    type Value = Option<PlannedGraph>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Tail<'_> {
    type Value = Option<PlannedGraph>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct V2")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut plan = None;
        while let Some(k) = map.next_key_seed(Key(TAIL_KEYS))? {
            match k {
                Ok(0) => map.next_value_seed(Connections {
                    ctx: self.ctx,
                    g: self.g,
                })?,
                Ok(_) => {
                    plan = map.next_value_seed(Graph {
                        ctx: self.ctx,
                        g: self.g,
                        generator: self.generator,
                    })?;
                }
                Err(_) => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(plan)
    }
}

/// The listed connections, compared with the grid's as they are read.
struct Connections<'a> {
    ctx: &'a Ctx,
    g: &'a DungeonGrid,
}

impl<'de> DeserializeSeed<'de> for Connections<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Connections<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let g = self.g;
        let own = g.connections();
        let tile_map = g.kind == GridKind::TileMap;
        // The list is the grid's own so far.
        let mut equal = true;
        // The list is, so far, the older listing of walks (tile maps only):
        // each listed pair a walk, no pair twice, every pair of the grid's
        // own graph among them (checked at the end).
        let mut walks = tile_map;
        let mut own_listed = vec![false; if tile_map { own.len() } else { 0 }];
        let mut others: Vec<(usize, usize)> = Vec::new();
        let mut count = 0usize;
        while equal || walks {
            let Some(c) = seq.next_element_seed(Listed { g, index: count })? else {
                break;
            };
            count += 1;
            equal &= c.equal;
            walks &= c.walk;
            if walks {
                match own.binary_search_by_key(&c.rooms, |o| o.rooms) {
                    Ok(k) => walks &= !std::mem::replace(&mut own_listed[k], true),
                    Err(_) => others.push(c.rooms),
                }
            }
        }
        // Past the first mismatch only the length matters (for the message).
        while seq.next_element::<IgnoredAny>()?.is_some() {
            count += 1;
        }
        equal &= count == own.len();
        if walks && !equal {
            others.sort_unstable();
            walks = own_listed.iter().all(|&l| l) && others.windows(2).all(|w| w[0] != w[1]);
        }
        if equal || walks {
            Ok(())
        } else {
            Err(self.ctx.fail(format!(
                "connections do not match the rooms and doors: the grid joins {} room pairs, \
                 the text lists {} (or other tiles)",
                own.len(),
                count
            )))
        }
    }
}

/// What one listed connection is, found as it is read.
struct ListedConnection {
    rooms: (usize, usize),
    /// Equal to the grid's connection at the same place in the list.
    equal: bool,
    /// A walk between its two rooms: a door from one straight into the
    /// other (no tiles), or a run of tiles outside the rooms, each stepping
    /// to the next through an open side, from a tile opening into the first
    /// room to one opening into the second. Tile maps saved before the room
    /// graph was defined by corridor territories (`grid::connections`) list
    /// such walks between every two rooms one corridor network touches;
    /// they load (each pair once, every pair of the grid's own graph among
    /// them), and the grid's own graph replaces them.
    walk: bool,
}

/// Connection number `index` of the list.
struct Listed<'a> {
    g: &'a DungeonGrid,
    index: usize,
}

const CONNECTION_FIELDS: &[&str] = &["rooms", "tiles"];

impl<'de> DeserializeSeed<'de> for Listed<'_> {
    type Value = ListedConnection;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<ListedConnection, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Listed<'_> {
    type Value = ListedConnection;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct ConnectionIn")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ListedConnection, A::Error> {
        let g = self.g;
        let own = g.connections().get(self.index);
        let mut seen = [false; 2];
        let mut rooms = None;
        let mut tiles = None;
        while let Some(k) = map.next_key_seed(Key(CONNECTION_FIELDS))? {
            let i = k.map_err(|name| unknown::<A::Error>(&name, CONNECTION_FIELDS))?;
            once(&mut seen, i, CONNECTION_FIELDS)?;
            if i == 0 {
                let Fixed([a, b]) = map.next_value::<Fixed<u64, 2>>()?;
                let room = |r: u64| usize::try_from(r).unwrap_or(usize::MAX);
                rooms = Some((room(a), room(b)));
            } else {
                tiles = Some(map.next_value_seed(Tiles { g, own })?);
            }
        }
        let rooms = rooms.ok_or_else(|| de::Error::missing_field("rooms"))?;
        let tiles: TileRun = tiles.ok_or_else(|| de::Error::missing_field("tiles"))?;
        let (a, b) = rooms;
        let equal = own.is_some_and(|o| o.rooms == rooms && tiles.equal);
        let opens = |p: Pos, room: usize| {
            DIRS.iter().any(|&(dx, dy, bit, _)| {
                g.door_mask(p) & bit != 0 && g.room_at((p.0 + dx, p.1 + dy)) == Some(room)
            })
        };
        let walk = a < b
            && b < g.room_records().len()
            && match tiles.ends {
                Some((first, last)) => tiles.walk && opens(first, a) && opens(last, b),
                // A door between two rooms is a connection in both
                // definitions.
                None => g
                    .connections()
                    .binary_search_by_key(&(a, b), |c| c.rooms)
                    .is_ok_and(|k| g.connections()[k].tiles.is_empty()),
            };
        Ok(ListedConnection { rooms, equal, walk })
    }
}

/// A listed run of tiles, checked tile by tile and not kept.
struct TileRun {
    /// Equal to the run of the grid's connection at the same place.
    equal: bool,
    /// Every tile walkable and outside the rooms, each stepping to the next
    /// through an open side.
    walk: bool,
    /// The first and last tile, if any.
    ends: Option<(Pos, Pos)>,
}

struct Tiles<'a> {
    g: &'a DungeonGrid,
    own: Option<&'a Connection>,
}

impl<'de> DeserializeSeed<'de> for Tiles<'_> {
    type Value = TileRun;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<TileRun, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Tiles<'_> {
    type Value = TileRun;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TileRun, A::Error> {
        let g = self.g;
        let own: &[Pos] = self.own.map_or(&[], |c| &c.tiles);
        let mut run = TileRun {
            equal: true,
            walk: true,
            ends: None,
        };
        let mut n = 0;
        while let Some(t) = seq.next_element::<Fixed<i32, 2>>()? {
            let t = xy(&t);
            run.equal &= own.get(n) == Some(&t);
            run.walk &= g.cell(t).is_walkable() && g.room_at(t).is_none();
            run.ends = match run.ends {
                None => Some((t, t)),
                Some((first, last)) => {
                    // Only while every tile so far lies on the grid, so the
                    // step cannot overflow.
                    run.walk = run.walk
                        && DIRS.iter().any(|&(dx, dy, bit, _)| {
                            (last.0 + dx, last.1 + dy) == t && g.door_mask(last) & bit != 0
                        });
                    Some((first, t))
                }
            };
            n += 1;
        }
        run.equal &= n == own.len();
        Ok(run)
    }
}

/// The planned graph: only TinyKeep (Delaunay, tree and extra edges) and
/// Hilbert (the main path) plan one; each list is bounded by the rooms.
struct Graph<'a> {
    ctx: &'a Ctx,
    g: &'a DungeonGrid,
    generator: &'a str,
}

const GRAPH_FIELDS: &[&str] = &["delaunay", "mst", "extra", "main_path"];

impl<'de> DeserializeSeed<'de> for Graph<'_> {
    type Value = Option<PlannedGraph>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for Graph<'_> {
    type Value = Option<PlannedGraph>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct GraphIn")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        if !matches!(self.generator, "tinykeep" | "hilbert") {
            return Err(self.ctx.fail(format!(
                "graph: the {:?} generator plans no graph (only tinykeep and hilbert write one)",
                short(self.generator)
            )));
        }
        d.deserialize_map(self)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let ctx = self.ctx;
        let rooms = self.g.room_records().len();
        let tinykeep = self.generator == "tinykeep";
        let mut seen = [false; 4];
        let mut plan = PlannedGraph::default();
        while let Some(k) = map.next_key_seed(Key(GRAPH_FIELDS))? {
            let i = k.map_err(|name| unknown::<A::Error>(&name, GRAPH_FIELDS))?;
            once(&mut seen, i, GRAPH_FIELDS)?;
            let name = GRAPH_FIELDS[i];
            if tinykeep == (i == 3) {
                return Err(ctx.fail(if tinykeep {
                    "graph.main_path: the tinykeep generator plans no main path".to_owned()
                } else {
                    format!("graph.{name}: the hilbert generator plans only a main path")
                }));
            }
            // A planar triangulation has fewer than 3 edges a room; a tree
            // one fewer than its rooms; loops are Delaunay edges.
            let max = match i {
                1 => rooms.saturating_sub(1),
                3 => rooms,
                _ => 3 * rooms,
            };
            let unit = match i {
                1 => format!("edges, the most a tree of {rooms} rooms has"),
                3 => "rooms, as many as the grid has".to_owned(),
                _ => format!("edges, the most a triangulation of {rooms} rooms has"),
            };
            let what = [
                "graph.delaunay",
                "graph.mst",
                "graph.extra",
                "graph.main_path",
            ][i];
            if i == 3 {
                plan.main_path = map.next_value_seed(Bounded {
                    ctx,
                    of: PhantomData,
                    max,
                    what,
                    unit,
                    read: |r: Whole<u64>, place| {
                        let r = usize::try_from(r.0).unwrap_or(usize::MAX);
                        // Hilbert numbers the path's rooms first, in order.
                        if r == place {
                            Ok(r)
                        } else {
                            Err(format!(
                                "graph.main_path: room {r} at place {place}: the hilbert \
                                 generator numbers the main path's rooms first, in path \
                                 order (0, 1, 2, …)"
                            ))
                        }
                    },
                })?;
                continue;
            }
            let list = map.next_value_seed(Bounded {
                ctx,
                of: PhantomData,
                max,
                what,
                unit,
                read: |Fixed([a, b]): Fixed<u64, 2>, _| {
                    let room = |r: u64| usize::try_from(r).unwrap_or(usize::MAX);
                    let (a, b) = (room(a), room(b));
                    if a < b && b < rooms {
                        Ok((a, b))
                    } else {
                        Err(format!(
                            "{what}: edge [{a}, {b}] must join two rooms, smaller first, below {rooms}"
                        ))
                    }
                },
            })?;
            match i {
                0 => plan.delaunay = list,
                1 => plan.tree = list,
                _ => plan.extra = list,
            }
        }
        // Each edge is carved once: in the tree or as a loop.
        let mut carved: Vec<(usize, usize)> =
            plan.tree.iter().chain(&plan.extra).copied().collect();
        carved.sort_unstable();
        if let Some(w) = carved.windows(2).find(|w| w[0] == w[1]) {
            let name = if plan.tree.iter().filter(|&&e| e == w[0]).count() > 1 {
                "mst"
            } else if plan.extra.iter().filter(|&&e| e == w[0]).count() > 1 {
                "extra"
            } else {
                "mst and graph.extra"
            };
            return Err(ctx.fail(format!(
                "graph.{name}: edge [{}, {}] is carved twice",
                w[0].0, w[0].1
            )));
        }
        Ok(Some(plan))
    }
}
