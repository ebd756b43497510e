//! The locks, read in the third pass ([`Locks`]): a list bounded by the
//! grid's connections and [`MAX_LOCKS`], each element `{"rooms": [from, into], "key": k}` or
//! `{"rooms": [from, into], "kind": "one_way"}`, every message naming the
//! element as `locks[i]`. What the locks mean (rooms, connections, order,
//! the proof) is checked afterwards by [`DungeonGrid::check_locks`].

use std::fmt;

use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::ctx::{Ctx, short};
use super::values::{self, AsMap, Key, Text, room};
use crate::grid::{DungeonGrid, Lock, LockKind, MAX_LOCKS};
use crate::json::number::{Fixed, Whole};

/// The `locks` list, at most one lock per connection of `g`.
pub(super) struct Locks<'a> {
    pub(super) ctx: &'a Ctx,
    pub(super) g: &'a DungeonGrid,
}

impl<'de> Visitor<'de> for Locks<'_> {
    type Value = Vec<Lock>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of locks")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Lock>, A::Error> {
        let conns = self.g.connections().len();
        let max = conns.min(MAX_LOCKS);
        let mut out = Vec::new();
        loop {
            if out.len() == max {
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    let why = if max == conns {
                        "one for each connection the grid has"
                    } else {
                        "the most a grid may hold"
                    };
                    return Err(self
                        .ctx
                        .fail(format!("locks[{max}]: more than {max} locks, {why}")));
                }
                return Ok(out);
            }
            let seed = LockIn {
                ctx: self.ctx,
                index: out.len(),
            };
            match seq.next_element_seed(AsMap(seed))? {
                Some(lock) => out.push(lock),
                None => return Ok(out),
            }
        }
    }
}

/// Element `index` of the list.
struct LockIn<'a> {
    ctx: &'a Ctx,
    index: usize,
}

const LOCK_FIELDS: &[&str] = &["rooms", "key", "kind"];

impl<'de> Visitor<'de> for LockIn<'_> {
    type Value = Lock;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "locks[{}]: an object {{\"rooms\": [from, into], \"key\": room}} or \
             {{\"rooms\": [from, into], \"kind\": \"one_way\"}}",
            self.index
        )
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Lock, A::Error> {
        let (ctx, i) = (self.ctx, self.index);
        let fail = |m: String| ctx.fail::<A::Error>(format!("locks[{i}]: {m}"));
        let mut rooms = None;
        let mut key = None;
        let mut one_way = None;
        while let Some(k) = map.next_key_seed(Key(LOCK_FIELDS))? {
            match k {
                Ok(0) if rooms.is_none() => {
                    let pair = map
                        .next_value::<Fixed<u64, 2>>()
                        .map_err(|e| fail(format!("rooms must be [from, into] ({e})")))?;
                    rooms = Some(values::rooms(pair));
                }
                Ok(1) if key.is_none() => {
                    let Whole(k) = map
                        .next_value::<Whole<u64>>()
                        .map_err(|e| fail(format!("key must be a room number ({e})")))?;
                    key = Some(room(k));
                }
                Ok(2) if one_way.is_none() => {
                    let kind = map.next_value_seed(Text)?;
                    one_way = Some(match kind.as_str() {
                        "key" => false,
                        "one_way" => true,
                        _ => {
                            return Err(fail(format!(
                                "unknown kind {:?} (expected \"key\" or \"one_way\")",
                                short(&kind)
                            )));
                        }
                    });
                }
                Ok(f) => return Err(fail(format!("{} is given twice", LOCK_FIELDS[f]))),
                Err(name) => {
                    return Err(fail(format!(
                        "unknown field {name:?} (expected rooms, key, kind)"
                    )));
                }
            }
        }
        let (from, into) = rooms.ok_or_else(|| fail("rooms is missing".to_owned()))?;
        let kind = match (one_way.unwrap_or(false), key) {
            (false, Some(key)) => LockKind::Key { key },
            (false, None) => return Err(fail("a key lock needs its key room (key)".to_owned())),
            (true, None) => LockKind::OneWay,
            (true, Some(_)) => return Err(fail("a one-way door takes no key".to_owned())),
        };
        Ok(Lock { from, into, kind })
    }
}
