//! The second pass: the [`Body`], every field but `connections` and
//! `graph`, checked as it is read. Cells and door masks are read row by row
//! against the sizes the probe found ([`Rows`]) and stored as one byte each;
//! room records are read by [`super::rooms`].

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ctx::{Ctx, short};
use super::probe::{Probe, kind};
use super::rooms::Records;
use super::values::{AsSeq, Bounded, Key, Text, once, xy};
use crate::grid::{Cell, GridKind, Pos, Rect, Room};
use crate::json::number::{Fixed, Whole};

/// Which schema the second pass reads.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::json) enum Version {
    V1,
    V2,
}

/// Everything but `connections` and `graph`, checked as it is read.
pub(in crate::json) struct Body {
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
    "locks",
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

/// The second pass: the body, read against the sizes the probe found.
pub(in crate::json) struct BodyPass<'a> {
    pub ctx: &'a Ctx,
    pub probe: &'a Probe,
    pub version: Version,
}

/// Whether special roles may appear on a grid from this generator: only
/// Isaac floors carry them.
fn places_specials(generator: Option<&str>) -> bool {
    generator == Some("isaac")
}

impl<'de> Visitor<'de> for BodyPass<'_> {
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
                        body.cells = map.next_value_seed(AsSeq(Rows {
                            ctx,
                            w,
                            h,
                            read: |code, p| {
                                Cell::from_code(code)
                                    .ok_or_else(|| format!("unknown cell code {code} at {p:?}"))
                            },
                        }))?;
                    }
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                "doors" => match dims {
                    Some((w, h)) => {
                        body.doors = map.next_value_seed(AsSeq(Rows {
                            ctx,
                            w,
                            h,
                            read: |mask, p| {
                                u8::try_from(mask).ok().filter(|&m| m <= 15).ok_or_else(|| {
                                    format!("door mask {mask} at {p:?} is not in 0..=15")
                                })
                            },
                        }))?;
                    }
                    None => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                "rooms" => match (self.version, dims, self.probe.kind) {
                    (Version::V2, Some((w, h)), Some(kind)) => {
                        body.records = map.next_value_seed(AsSeq(Records {
                            ctx,
                            width: w as i32,
                            height: h as i32,
                            kind,
                            specials: places_specials(self.probe.generator.as_deref()),
                            generator: self.probe.generator.as_deref().unwrap_or(""),
                        }))?;
                    }
                    (Version::V1, Some(_), _) => {
                        body.v1_rooms = map.next_value_seed(AsSeq(Bounded {
                            ctx,
                            of: PhantomData,
                            max: room_cap,
                            what: "rooms",
                            unit: "room cells, which is all the grid has room for".to_owned(),
                            read: |p: Fixed<i32, 2>, _| Ok(xy(&p)),
                        }))?;
                    }
                    _ => {
                        map.next_value::<IgnoredAny>()?;
                    }
                },
                "room_rects" => match dims {
                    Some(_) => {
                        body.v1_rects = map.next_value_seed(AsSeq(Bounded {
                            ctx,
                            of: PhantomData,
                            max: room_cap,
                            what: "room_rects",
                            unit: "rooms, which is all the grid has room for".to_owned(),
                            read: |Fixed([x, y, w, h]): Fixed<i32, 4>, _| Ok(Rect::new(x, y, w, h)),
                        }))?;
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
            let optional = matches!(*f, "graph" | "locks" | "room_rects");
            if !seen[i] && !optional {
                return Err(de::Error::missing_field(f));
            }
        }
        Ok(body)
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
