//! `dungeon show FILE`: read saved grids back. Only the output flags apply;
//! a generator's flag, `--seed`, `--level`, `--preset` or `--count` is a
//! usage error naming it.

use std::ffi::OsStr;
use std::path::PathBuf;

use super::{Given, OutputFlags, UsageError, unexpected};
use crate::args::{Format, Input, Show};

/// The `show` command from its flags and the words after `show`.
///
/// # Errors
/// A flag other than `--format`, `--out`, `--scale`; a bad value of one of
/// those; a missing, empty or second `FILE`.
pub(super) fn build(given: &[Given], words: &[&OsStr]) -> Result<Show, UsageError> {
    let mut output = OutputFlags::default();
    for g in given {
        if !output.take(g)? {
            return Err(g.err("not a flag for show (it takes --format, --out and --scale)"));
        }
    }
    let file = match words {
        [] => {
            return Err(UsageError(
                "show: missing FILE (a saved grid as JSON, or - for standard input)".into(),
            ));
        }
        [file] => *file,
        [_, extra, ..] => return Err(unexpected(extra)),
    };
    let input = match file.to_str() {
        Some("") => {
            return Err(UsageError(
                "show: expected a FILE name, or - for standard input, got \"\"".into(),
            ));
        }
        Some("-") => Input::Stdin,
        _ => Input::File(PathBuf::from(file)),
    };
    // A saved grid prints as a picture unless asked, one file or many lines.
    let (format, out, scale) = output.finish(Format::Ascii)?;
    Ok(Show {
        input,
        format,
        out,
        scale,
    })
}
