//! Runs a parsed [`Request`] (generate, then print or draw) or [`Show`]
//! (read saved grids, then print or draw).

use std::fs::File;
use std::io::{self, Read, Write};

use dungeon_core::registry::Job;
use dungeon_core::{DungeonGrid, GenError};
use image::codecs::png::PngEncoder;
use image::{ImageEncoder, ImageError};

use crate::args::{Dest, Format, Request, Show};
use crate::outfile::{self, OutFile};
use crate::{load, locks, render};

/// Why a run stopped early.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The generator rejected the config or gave up, `show`'s input did not
    /// load, or output failed: exit status 1.
    Failed(String),
    /// An argument turned out bad once the grid was known (a `--scale` too
    /// large for the map, `--format png` for several saved grids): exit
    /// status 2.
    Usage(String),
    /// The reader of stdout went away (`dungeon ... | head`): stop quietly.
    Closed,
}

/// Generates and writes everything `req` asks for to `stdout` or the file.
///
/// # Errors
/// A [`Failure`]. Output written to stdout before it stays written; a file
/// is written whole or not at all (an existing one stays as it was).
pub fn run(req: &Request, stdout: &mut dyn Write) -> Result<(), Failure> {
    let job = with_files(req)?;
    let mut out = Output::open(&req.out, stdout)?;
    if req.format == Format::Png {
        let grid = generate(req, job.as_ref(), req.seed)?;
        png(&grid, req.scale, &mut out)?;
        return out.finish();
    }
    for k in 0..req.count {
        let seed = req.seed_at(k);
        let grid = generate(req, job.as_ref(), seed)?;
        let label = Label {
            preset: req.preset,
            seed: req.show_seed(seed),
        };
        put_text(&mut out, req.format, k > 0, &grid, &label)?;
    }
    out.finish()
}

/// Reads the grids `req` names (standard input from `stdin`) and writes
/// them to `stdout` or the file. Nothing is written unless every grid
/// loads, so `--out` may name the input file.
///
/// # Errors
/// A [`Failure`]: the input did not load (1), `--format png` for several
/// grids or a `--scale` too large for the map (2), or output failed.
pub fn show(req: &Show, stdin: &mut dyn Read, stdout: &mut dyn Write) -> Result<(), Failure> {
    let grids = load::load(&req.input, stdin).map_err(Failure::Failed)?;
    let mut out = Output::open(&req.out, stdout)?;
    if req.format == Format::Png {
        return match grids.as_slice() {
            [grid] => {
                png(grid, req.scale, &mut out)?;
                out.finish()
            }
            _ => Err(Failure::Usage(format!(
                "--format png: draws one grid, {} holds {}",
                req.input.name(),
                grids.len()
            ))),
        };
    }
    for (k, grid) in grids.iter().enumerate() {
        // A saved grid does not say which preset made it.
        let label = Label {
            preset: "-",
            seed: grid.seed.to_string(),
        };
        put_text(&mut out, req.format, k > 0, grid, &label)?;
    }
    out.finish()
}

/// How a `--format hash` line names a grid besides its generator and level.
struct Label {
    /// The preset, or `-` when unknown.
    preset: &'static str,
    /// The seed as the user wrote it.
    seed: String,
}

/// Writes one grid as text; pictures after the first get a blank line
/// before them, JSON is one object per line, hashes one line
/// `GEN PRESET SEED LEVEL HASH`.
fn put_text(
    out: &mut Output<'_>,
    format: Format,
    after_first: bool,
    grid: &DungeonGrid,
    label: &Label,
) -> Result<(), Failure> {
    let text = match format {
        Format::Ascii => locks::picture(grid, false),
        Format::Emoji => locks::picture(grid, true),
        Format::Json | Format::Png => grid.to_json() + "\n",
        Format::Hash => format!(
            "{} {} {} {} {:016x}\n",
            grid.generator,
            label.preset,
            label.seed,
            grid.level,
            grid.layout_hash()
        ),
    };
    if after_first && matches!(format, Format::Ascii | Format::Emoji) {
        out.put(b"\n")?;
    }
    out.put(text.as_bytes())
}

/// The most bytes a setting's file (`--graph FILE`) may hold.
pub const MAX_SETTING_FILE_BYTES: u64 = 16 << 20;

/// `req`'s job with every setting given as a file set to the file's text.
///
/// # Errors
/// `FILE: ...`: the file cannot be read, is too long or not UTF-8, or the
/// setting refuses its text.
fn with_files(req: &Request) -> Result<Box<dyn Job>, Failure> {
    let mut job = req.job.clone();
    for (name, path) in &req.files {
        let fail = |msg: String| Failure::Failed(format!("{}: {msg}", path.display()));
        let bytes = File::open(path)
            .and_then(|mut f| load::read_capped(&mut f, MAX_SETTING_FILE_BYTES, 0))
            .map_err(|e| fail(e.to_string()))?
            .ok_or_else(|| {
                fail(format!(
                    "longer than {} MiB, the most a setting's file may hold",
                    MAX_SETTING_FILE_BYTES >> 20
                ))
            })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            fail(format!(
                "not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        job.set(name, &text).map_err(fail)?;
    }
    Ok(job)
}

fn generate(req: &Request, job: &(dyn Job + 'static), seed: u64) -> Result<DungeonGrid, Failure> {
    job.generate(seed, req.level).map_err(|e| match e {
        // A file's text is no value to repeat: name the file instead.
        GenError::Config(e) => Failure::Failed(match req.file_of(e.field) {
            Some(path) => format!("{}: {e}", path.display()),
            None => req.as_typed(e).to_string(),
        }),
        GenError::Exhausted { .. } if req.count > 1 => {
            Failure::Failed(format!("seed {}: {e}", req.show_seed(seed)))
        }
        GenError::Exhausted { .. } => Failure::Failed(e.to_string()),
        // The CLI never cancels a run (it watches none); kept for a
        // complete match.
        GenError::Cancelled => Failure::Failed(e.to_string()),
    })
}

/// Draws `grid` at `scale` pixels per cell (automatic if `None`).
fn png(grid: &DungeonGrid, scale: Option<u32>, out: &mut Output<'_>) -> Result<(), Failure> {
    let px = scale.unwrap_or_else(|| render::auto_scale(grid));
    let (w, h) = render::image_size(grid, px).map_err(|e| {
        Failure::Usage(if scale.is_some() {
            format!("--scale: {e}")
        } else {
            e
        })
    })?;
    let img = render::draw(grid, px);
    PngEncoder::new(&mut *out)
        .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
        .map_err(|e| match e {
            ImageError::IoError(e) => out.failure(&e),
            e => Failure::Failed(format!("{}: {e}", out.name())),
        })
}

/// Stdout or a file. The file is an [`OutFile`], made on the first write
/// (so a failed generation leaves nothing behind) and put in place by
/// [`Output::finish`]; dropped before that, it leaves no trace and an
/// existing file as it was.
struct Output<'a> {
    dest: &'a Dest,
    stdout: &'a mut dyn Write,
    file: Option<OutFile>,
}

impl<'a> Output<'a> {
    /// Output to `dest`; a file's place is checked now, before any work
    /// (a directory, a missing directory or one not writable fails here).
    fn open(dest: &'a Dest, stdout: &'a mut dyn Write) -> Result<Self, Failure> {
        let out = Self {
            dest,
            stdout,
            file: None,
        };
        if let Dest::File(path) = dest {
            outfile::probe(path).map_err(|e| out.failure(&e))?;
        }
        Ok(out)
    }

    /// How messages name the output.
    fn name(&self) -> String {
        match self.dest {
            Dest::Stdout => "stdout".to_owned(),
            Dest::File(p) => format!("--out {}", p.display()),
        }
    }

    fn failure(&self, e: &io::Error) -> Failure {
        match self.dest {
            Dest::Stdout if e.kind() == io::ErrorKind::BrokenPipe => Failure::Closed,
            _ => Failure::Failed(format!("{}: {e}", self.name())),
        }
    }

    fn put(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.write_all(bytes).map_err(|e| self.failure(&e))
    }

    /// Flushes stdout, or puts the file in place.
    fn finish(mut self) -> Result<(), Failure> {
        let done = match self.file.take() {
            Some(f) => f.commit(),
            None => self.stdout.flush(),
        };
        done.map_err(|e| self.failure(&e))
    }
}

impl Write for Output<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self.dest {
            Dest::Stdout => self.stdout.write(bytes),
            Dest::File(path) => match &mut self.file {
                Some(f) => f.write(bytes),
                None => self.file.insert(OutFile::create(path)?).write(bytes),
            },
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => self.stdout.flush(),
        }
    }
}
