//! Version 2's room records, read in the second pass and checked one by
//! one as they are read ([`Records`]): the rect inside the grid, the role
//! and shape known, special roles only from a generator that places them,
//! and no more records than cells.

use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ctx::{Ctx, short};
use super::values::{Key, Text, once, unknown};
use crate::grid::check::rect_fits;
use crate::grid::{GridKind, Rect, Room, RoomRole, RoomShape};
use crate::json::number::Fixed;

/// Version 2's room records, each checked as it is read.
pub(super) struct Records<'a> {
    pub(super) ctx: &'a Ctx,
    pub(super) width: i32,
    pub(super) height: i32,
    pub(super) kind: GridKind,
    /// Whether special roles are allowed (the generator places them).
    pub(super) specials: bool,
    pub(super) generator: &'a str,
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
