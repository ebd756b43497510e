//! The small deserialisers the passes share: map keys read without
//! allocating ([`Key`], with [`once`] and [`unknown`] for repeated and
//! unknown ones), strings cut short ([`Text`]), positions ([`xy`]), room
//! numbers ([`room`], [`rooms`]), lists bounded as they are read
//! ([`Bounded`]), and the seeds that hand a visitor a map or a sequence
//! ([`AsMap`], [`AsSeq`]).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, SeqAccess, Visitor};

use super::ctx::{Ctx, short};
use crate::grid::Pos;
use crate::json::number::Fixed;

/// A map key, read without allocating (serde_json lends it).
pub(super) struct Key<'a>(pub(super) &'a [&'static str]);

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
pub(super) fn unknown<E: de::Error>(name: &str, expected: &'static [&'static str]) -> E {
    E::unknown_field(name, expected)
}

/// Marks field `i` as seen, or fails as serde does for a repeated field.
pub(super) fn once<E: de::Error>(
    seen: &mut [bool],
    i: usize,
    fields: &[&'static str],
) -> Result<(), E> {
    if std::mem::replace(&mut seen[i], true) {
        Err(E::duplicate_field(fields[i]))
    } else {
        Ok(())
    }
}

pub(super) fn xy(p: &Fixed<i32, 2>) -> Pos {
    (p.0[0], p.0[1])
}

/// A room number as read: `usize::MAX` (no room) when it does not fit.
pub(super) fn room(r: u64) -> usize {
    usize::try_from(r).unwrap_or(usize::MAX)
}

/// A `[a, b]` pair of room numbers (each as [`room`] reads it).
pub(super) fn rooms(Fixed([a, b]): Fixed<u64, 2>) -> (usize, usize) {
    (room(a), room(b))
}

/// A seed reading a map with the visitor it holds: the map visitors
/// (which carry what their checks need) need no seed of their own.
pub(in crate::json) struct AsMap<V>(pub(in crate::json) V);

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for AsMap<V> {
    type Value = V::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        d.deserialize_map(self.0)
    }
}

/// A seed reading a sequence with the visitor it holds (see [`AsMap`]).
pub(super) struct AsSeq<V>(pub(super) V);

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for AsSeq<V> {
    type Value = V::Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        d.deserialize_seq(self.0)
    }
}

/// A string value (serde_json lends it; it is copied only when kept).
pub(super) struct Text;

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

/// A list of at most `max` values of type `V`, each turned into a `T` by
/// `read` (given its index) as it is read.
pub(super) struct Bounded<'a, F, V> {
    pub(super) ctx: &'a Ctx,
    pub(super) max: usize,
    pub(super) what: &'static str,
    /// What the list holds and why there can be no more, after the most.
    pub(super) unit: String,
    pub(super) read: F,
    pub(super) of: PhantomData<fn(V)>,
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
