//! The small deserialisers the passes share: map keys read without
//! allocating ([`Key`], with [`once`] and [`unknown`] for repeated and
//! unknown ones), strings cut short ([`Text`]), positions ([`xy`]) and lists
//! bounded as they are read ([`Bounded`]).

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
