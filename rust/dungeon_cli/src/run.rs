//! Runs a parsed [`Request`]: generate, then print or draw.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use dungeon_core::{DungeonGrid, GenError};
use image::ImageEncoder;
use image::codecs::png::PngEncoder;

use crate::cli::{Format, Request};
use crate::render;

/// Why a run stopped early.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The generator rejected the config or gave up, or output failed:
    /// exit status 1.
    Failed(String),
    /// An argument turned out bad once the grid was known (a `--scale` too
    /// large for the map): exit status 2.
    Usage(String),
    /// The reader of stdout went away (`dungeon ... | head`): stop quietly.
    Closed,
}

/// Generates and writes everything `req` asks for.
///
/// # Errors
/// A [`Failure`]; output written before it stays written.
pub fn run(req: &Request) -> Result<(), Failure> {
    if req.format == Format::Png {
        return png(req);
    }
    let mut out = Output::new(req.out.clone());
    for k in 0..req.count {
        let seed = req.seed.saturating_add(u64::from(k));
        let grid = generate(req, seed)?;
        let text = match req.format {
            Format::Ascii => grid.to_ascii(),
            Format::Emoji => grid.to_emoji(),
            Format::Json | Format::Png => grid.to_json() + "\n",
        };
        if k > 0 && matches!(req.format, Format::Ascii | Format::Emoji) {
            out.write(b"\n")?;
        }
        out.write(text.as_bytes())?;
    }
    out.finish()
}

fn generate(req: &Request, seed: u64) -> Result<DungeonGrid, Failure> {
    req.job.generate(seed, req.level).map_err(|e| match e {
        GenError::Exhausted { .. } if req.count > 1 => Failure::Failed(format!("seed {seed}: {e}")),
        _ => Failure::Failed(e.to_string()),
    })
}

fn png(req: &Request) -> Result<(), Failure> {
    let Some(path) = &req.out else {
        return Err(Failure::Usage("--format png: needs --out FILE".into()));
    };
    let grid = generate(req, req.seed)?;
    let scale = req.scale.unwrap_or_else(|| render::auto_scale(&grid));
    let (w, h) = render::image_size(&grid, scale).map_err(|e| {
        Failure::Usage(if req.scale.is_some() {
            format!("--scale: {e}")
        } else {
            e
        })
    })?;
    let img = render::draw(&grid, scale);
    let file = File::create(path).map_err(|e| io_failure(Some(path), &e))?;
    let mut writer = BufWriter::new(file);
    PngEncoder::new(&mut writer)
        .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
        .map_err(|e| Failure::Failed(format!("--out {}: {e}", path.display())))?;
    writer.flush().map_err(|e| io_failure(Some(path), &e))
}

fn io_failure(path: Option<&Path>, e: &io::Error) -> Failure {
    match path {
        None if e.kind() == io::ErrorKind::BrokenPipe => Failure::Closed,
        None => Failure::Failed(format!("stdout: {e}")),
        Some(p) => Failure::Failed(format!("--out {}: {e}", p.display())),
    }
}

/// Stdout or a file, opened on the first write so a failed generation
/// leaves no empty file behind.
struct Output {
    path: Option<PathBuf>,
    writer: Option<Box<dyn Write>>,
}

impl Output {
    fn new(path: Option<PathBuf>) -> Self {
        Self { path, writer: None }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        let writer = match &mut self.writer {
            Some(w) => w,
            None => {
                let w: Box<dyn Write> = match &self.path {
                    None => Box::new(BufWriter::new(io::stdout().lock())),
                    Some(p) => Box::new(BufWriter::new(
                        File::create(p).map_err(|e| io_failure(Some(p), &e))?,
                    )),
                };
                self.writer.insert(w)
            }
        };
        writer
            .write_all(bytes)
            .map_err(|e| io_failure(self.path.as_deref(), &e))
    }

    fn finish(mut self) -> Result<(), Failure> {
        match &mut self.writer {
            Some(w) => w.flush().map_err(|e| io_failure(self.path.as_deref(), &e)),
            None => Ok(()),
        }
    }
}
