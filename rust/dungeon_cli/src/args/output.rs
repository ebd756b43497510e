//! The output flags every command takes: `--format`, `--out`, `--scale`.

use std::path::PathBuf;

use super::{Given, UsageError};
use crate::args::{Dest, Format};
use crate::render;
use dungeon_core::registry;

/// The output flags as given so far.
#[derive(Default)]
pub(super) struct OutputFlags {
    format: Option<Format>,
    out: Option<Dest>,
    scale: Option<u32>,
}

impl OutputFlags {
    /// Takes `g` if it is an output flag: `Ok(true)` then, `Ok(false)` if
    /// it is some other flag.
    ///
    /// # Errors
    /// A bad value, naming the flag.
    pub(super) fn take(&mut self, g: &Given) -> Result<bool, UsageError> {
        match g.name.as_str() {
            "format" => {
                self.format = Some(
                    registry::choice(
                        g.text()?,
                        &[
                            ("ascii", Format::Ascii),
                            ("emoji", Format::Emoji),
                            ("json", Format::Json),
                            ("png", Format::Png),
                            ("hash", Format::Hash),
                        ],
                    )
                    .map_err(|e| g.err(e))?,
                );
            }
            "out" => {
                self.out = Some(match g.value.to_str() {
                    Some("") => return Err(g.err("expected a file name, or - for standard output")),
                    Some("-") => Dest::Stdout,
                    _ => Dest::File(PathBuf::from(&g.value)),
                });
            }
            "scale" => {
                let s = registry::int(g.text()?).map_err(|e| g.err(e))?;
                self.scale = Some(
                    u32::try_from(s)
                        .ok()
                        .filter(|s| (1..=render::MAX_SCALE).contains(s))
                        .ok_or_else(|| {
                            g.err(format!("expected 1..={}, got {s}", render::MAX_SCALE))
                        })?,
                );
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The format (`default` unless given), destination and scale.
    ///
    /// # Errors
    /// `--format png` without `--out`, or `--scale` without `--format png`.
    pub(super) fn finish(self, default: Format) -> Result<(Format, Dest, Option<u32>), UsageError> {
        let format = self.format.unwrap_or(default);
        if format == Format::Png && self.out.is_none() {
            return Err(UsageError(
                "--format png: needs --out FILE (or --out - for standard output)".into(),
            ));
        }
        if self.scale.is_some() && format != Format::Png {
            return Err(UsageError("--scale: only applies to --format png".into()));
        }
        Ok((format, self.out.unwrap_or(Dest::Stdout), self.scale))
    }
}
