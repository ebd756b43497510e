//! Reading saved grids back for `dungeon show`: one grid as JSON (version 2,
//! or version 1), or JSON lines as `--count` writes them. Every grid goes
//! through [`DungeonGrid::from_json`], which checks every invariant a
//! generator keeps; its message is passed on as it is.
//!
//! The input is read whole, up to [`MAX_INPUT_BYTES`]: nothing here is sized
//! by what the input says, only by how long it is.

use std::fs::File;
use std::io::{self, Read};

use dungeon_core::DungeonGrid;

use crate::args::{Input, MAX_COUNT};

/// The most bytes `show` reads (512 MiB); a longer input is an error.
pub const MAX_INPUT_BYTES: u64 = 512 << 20;

/// The most grids one JSON-lines input may hold: as many as `--count`
/// writes.
pub const MAX_GRIDS: usize = MAX_COUNT as usize;

/// Reads the grids of `input`, standard input being `stdin`.
///
/// # Errors
/// The message to print: `FILE: ...` (or `stdin: ...`) when the file
/// cannot be read, is too long, is not UTF-8 or does not load,
/// `FILE line N: ...` when line `N` of a JSON-lines input does not load.
pub fn load(input: &Input, stdin: &mut dyn Read) -> Result<Vec<DungeonGrid>, String> {
    let name = input.name();
    let bytes = match input {
        Input::Stdin => read_capped(stdin, MAX_INPUT_BYTES, 0),
        Input::File(path) => File::open(path).and_then(|mut f| {
            // A regular file says how long it is: refuse it before reading.
            let len = f
                .metadata()
                .ok()
                .filter(|m| m.is_file())
                .map_or(0, |m| m.len());
            if len > MAX_INPUT_BYTES {
                Ok(None)
            } else {
                read_capped(&mut f, MAX_INPUT_BYTES, len)
            }
        }),
    }
    .map_err(|e| format!("{name}: {e}"))?
    .ok_or_else(|| {
        format!(
            "{name}: longer than {} MiB, the most show reads",
            MAX_INPUT_BYTES >> 20
        )
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    grids(&text, MAX_GRIDS).map_err(|(line, msg)| match line {
        Some(n) => format!("{name} line {n}: {msg}"),
        None => format!("{name}: {msg}"),
    })
}

/// Everything `r` gives, or `None` if that is more than `limit` bytes.
/// `expected` (a file's length) only sizes the first allocation; the
/// buffer never grows past the next power of two above `limit`.
///
/// # Errors
/// A read error.
pub fn read_capped(r: &mut dyn Read, limit: u64, expected: u64) -> io::Result<Option<Vec<u8>>> {
    let first = usize::try_from(expected.min(limit)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(first);
    let mut chunk = [0u8; 16 << 10];
    // Each turn reads at least one byte, so this ends after `limit + 1`.
    loop {
        let n = match r.read(&mut chunk) {
            Ok(0) => return Ok(Some(bytes)),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if (bytes.len() + n) as u64 > limit {
            return Ok(None);
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
}

/// The grids in `text`: JSON lines (every non-empty line one grid) when
/// there are several non-empty lines and the first is a whole object
/// (`{...}`), else one grid, which may span lines (pretty-printed JSON
/// starts with a line holding `{` alone). A first line that starts an
/// object without ending it is read as one grid if the whole text is one,
/// else as a broken first line of JSON lines, so the message names line 1.
///
/// # Errors
/// The 1-based line number (JSON lines only) and the message: the core's,
/// or no grid at all, or more than `max` grids.
pub fn grids(text: &str, max: usize) -> Result<Vec<DungeonGrid>, (Option<usize>, String)> {
    let body = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines = body
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let Some((_, first)) = lines.clone().next() else {
        return Err((None, "no grid (the input is empty)".to_owned()));
    };
    let first = first.trim();
    let several = lines.clone().nth(1).is_some();
    let whole = || {
        DungeonGrid::from_json(body)
            .map(|g| vec![g])
            .map_err(|e| (None, e.0))
    };
    if !several || !first.starts_with('{') || first == "{" {
        return whole();
    }
    if !first.ends_with('}')
        && let Ok(one) = whole()
    {
        return Ok(one);
    }
    let mut out = Vec::new();
    for (i, line) in lines {
        if out.len() == max {
            return Err((
                Some(i + 1),
                format!("more than {max} grids, the most show reads"),
            ));
        }
        out.push(DungeonGrid::from_json(line).map_err(|e| (Some(i + 1), e.0))?);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dungeon_core::isaac::{self, IsaacConfig};

    fn floor(seed: u64) -> DungeonGrid {
        isaac::generate(&IsaacConfig::default(), seed, 2).unwrap()
    }

    #[test]
    fn one_grid_on_one_line_or_many() {
        let g = floor(1);
        assert_eq!(grids(&g.to_json(), 10), Ok(vec![g.clone()]));
        assert_eq!(grids(&(g.to_json() + "\n\n"), 10), Ok(vec![g.clone()]));
        // Pretty-printed: the first line is `{`, so the text is one grid.
        assert_eq!(grids(&g.to_json_pretty(), 10), Ok(vec![g.clone()]));
        // A byte order mark, as some editors save it.
        assert_eq!(grids(&format!("\u{feff}{}", g.to_json()), 10), Ok(vec![g]));
    }

    #[test]
    fn json_lines_skip_blank_lines_and_name_the_bad_one() {
        let (a, b) = (floor(1), floor(2));
        let text = format!("{}\n\n{}\r\n", a.to_json(), b.to_json());
        assert_eq!(grids(&text, 10), Ok(vec![a.clone(), b.clone()]));
        let bad = format!(
            "{}\n \n{}\n",
            a.to_json(),
            b.to_json().replace("\"level\":2", "\"level\":0")
        );
        let (line, msg) = grids(&bad, 10).unwrap_err();
        assert_eq!(line, Some(3));
        assert_eq!(
            msg,
            DungeonGrid::from_json(bad.lines().nth(2).unwrap())
                .unwrap_err()
                .0
        );
        let three = format!("{}\n{}\n{}\n", a.to_json(), b.to_json(), a.to_json());
        assert_eq!(grids(&three, 3).map(|g| g.len()), Ok(3));
        assert_eq!(
            grids(&three, 2),
            Err((Some(3), "more than 2 grids, the most show reads".to_owned()))
        );
    }

    #[test]
    fn a_broken_first_line_is_named() {
        let (a, b) = (floor(1), floor(2));
        let cut = &a.to_json()[..150];
        let text = format!("{cut}\n{}\n", b.to_json());
        let want = DungeonGrid::from_json(cut).unwrap_err().0;
        assert_eq!(grids(&text, 10), Err((Some(1), want)));
        // Pretty-printed with the first field on the first line: one grid.
        let pretty = a.to_json_pretty().replacen("{\n ", "{", 1);
        assert!(pretty.lines().next().unwrap().starts_with("{ \"version\""));
        assert_eq!(grids(&pretty, 10), Ok(vec![a]));
    }

    #[test]
    fn nothing_is_no_grid() {
        for text in ["", "\n \r\n", "\u{feff}"] {
            assert_eq!(
                grids(text, 10),
                Err((None, "no grid (the input is empty)".to_owned()))
            );
        }
    }

    #[test]
    fn reading_stops_past_the_limit() {
        let mut ten = &[7u8; 10][..];
        assert_eq!(read_capped(&mut ten, 10, 0).unwrap(), Some(vec![7; 10]));
        let mut eleven = &[7u8; 11][..];
        assert_eq!(read_capped(&mut eleven, 10, 11).unwrap(), None);
        let mut big = vec![1u8; 100_000];
        big[99_999] = 2;
        assert_eq!(read_capped(&mut &big[..], 100_000, 5).unwrap(), Some(big));
        // An endless input is read only up to the limit.
        assert_eq!(read_capped(&mut io::repeat(1), 100_000, 0).unwrap(), None);
    }
}
