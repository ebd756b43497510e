//! What every pass shares: [`Ctx`], where a problem found inside a value
//! waits while serde unwinds, [`run`], which runs one pass over the whole
//! text, and [`short`], which cuts a name short for a message.

use std::cell::RefCell;

use serde::de::{self, DeserializeSeed};

use crate::grid::ParseError;
use crate::json::bad;

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
pub(in crate::json) struct Ctx {
    err: RefCell<Option<ParseError>>,
}

impl Ctx {
    /// Keeps `msg` and returns the error that stops the parser.
    pub(super) fn fail<E: de::Error>(&self, msg: impl Into<String>) -> E {
        *self.err.borrow_mut() = Some(bad(msg.into()));
        E::custom("(refused)")
    }
}

/// Runs `seed` over the whole of `text` (trailing characters are an error,
/// as in `serde_json::from_str`).
pub(in crate::json) fn run<'de, S: DeserializeSeed<'de>>(
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
