//! The walls as outline segments, grouped in square chunks: for one
//! concave (segment) shape per chunk, so a big map needs a shape per chunk
//! instead of one per wall rectangle.
//!
//! A side is *solid* when it lies between a walkable and a blocked cell
//! (outside the grid is blocked), or between two walkable cells the door
//! masks do not open (a thin wall); on room grids with
//! [`CollisionOptions::room_door_width`], the two stretches beside each
//! doorway between two rooms are solid too. Solid stretches along one
//! line are merged into one segment while they touch, and cut where a
//! chunk ends. Doors are not segments: they keep their own shapes
//! ([`super::Door`]), so a game can switch them.

use std::collections::BTreeMap;

use super::{CollisionOptions, Door};
use crate::error::{ConfigError, GenError};
use crate::grid::{DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind};
use crate::nav::lattice::ROWS_PER_CHECK;
use crate::watch::Watch;

/// A segment from `a` to `b`, in cell units (`a` the end nearer the
/// origin along its line).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// One end, `(x, y)`.
    pub a: (f32, f32),
    /// The other end, `(x, y)`.
    pub b: (f32, f32),
}

/// The segments of one chunk: chunk `(cx, cy)` holds the segments whose
/// start lies in cells `cx·size ..` and `cy·size ..` (a segment on a line
/// along the chunk's far edge belongs to the chunk before it).
#[derive(Clone, Debug, PartialEq)]
pub struct SegmentChunk {
    /// The chunk, `(cx, cy)`.
    pub chunk: (i32, i32),
    /// Its segments: horizontal ones line by line from the top, then
    /// vertical ones.
    pub segments: Vec<Segment>,
}

/// What [`outline`] makes: the walls as segments per chunk, and the doors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OutlineData {
    /// Every chunk with a segment, by row then column.
    pub chunks: Vec<SegmentChunk>,
    /// The doors, as [`super::build`] makes them.
    pub doors: Vec<Door>,
}

impl OutlineData {
    /// How many segments there are in all.
    #[must_use]
    pub fn segment_count(&self) -> usize {
        self.chunks.iter().map(|c| c.segments.len()).sum()
    }

    /// How many shapes a body needs: one per chunk and one per door.
    #[must_use]
    pub fn shape_count(&self) -> usize {
        self.chunks.len() + self.doors.len()
    }
}

/// A stretch being merged along one line.
#[derive(Clone, Copy, Default)]
struct Run {
    start: f32,
    end: f32,
    open: bool,
}

/// The segments found so far, by chunk.
struct Sink {
    size: i32,
    w: i32,
    h: i32,
    chunks: BTreeMap<(i32, i32), (Vec<Segment>, Vec<Segment>)>,
}

impl Sink {
    /// Ends `run` (if open) on line `line`.
    fn flush(&mut self, run: &mut Run, vertical: bool, line: i32) {
        if !run.open {
            return;
        }
        run.open = false;
        let l = line as f32;
        let along =
            (run.start.floor() as i32).clamp(0, (if vertical { self.h } else { self.w }) - 1);
        let across = line.clamp(0, (if vertical { self.w } else { self.h }) - 1);
        let (cx, cy, seg) = if vertical {
            (
                across / self.size,
                along / self.size,
                Segment {
                    a: (l, run.start),
                    b: (l, run.end),
                },
            )
        } else {
            (
                along / self.size,
                across / self.size,
                Segment {
                    a: (run.start, l),
                    b: (run.end, l),
                },
            )
        };
        let lists = self.chunks.entry((cy, cx)).or_default();
        if vertical {
            lists.1.push(seg);
        } else {
            lists.0.push(seg);
        }
    }

    /// Adds the solid stretch `[a, b]` to `run` on line `line`, starting a
    /// new segment when it does not touch the run or a chunk starts at `a`.
    fn piece(&mut self, run: &mut Run, vertical: bool, line: i32, a: f32, b: f32) {
        let chunk_starts = a.fract() == 0.0 && (a as i32) % self.size == 0;
        if run.open && run.end == a && !chunk_starts {
            run.end = b;
            return;
        }
        self.flush(run, vertical, line);
        *run = Run {
            start: a,
            end: b,
            open: true,
        };
    }
}

/// Builds the outline segments of `grid` in chunks of `chunk_size` cells
/// a side, and the doors.
///
/// # Errors
/// [`GenError::Config`] for bad options or a `chunk_size` below 1;
/// [`GenError::Cancelled`] when `watch` was cancelled.
pub fn outline(
    grid: &DungeonGrid,
    opts: &CollisionOptions,
    chunk_size: i32,
    watch: &Watch,
) -> Result<OutlineData, GenError> {
    opts.validate()?;
    if chunk_size < 1 {
        return Err(GenError::Config(ConfigError::new(
            "chunk_size",
            chunk_size,
            "at least 1 (cells a side)",
        )));
    }
    watch.check()?;
    let (w, h) = (grid.width().max(1), grid.height().max(1));
    let walk = |x: i32, y: i32| grid.cell((x, y)).is_walkable();
    let gap = (grid.kind() == GridKind::RoomGrid && opts.room_door_width > 0.0)
        .then_some((1.0 - opts.room_door_width) / 2.0);
    let mut sink = Sink {
        size: chunk_size,
        w,
        h,
        chunks: BTreeMap::new(),
    };
    // The solid stretches of the side between `a` and the cell past its
    // side `bit` (`DOOR_S` or `DOOR_E`), at `k` along the line.
    let solid = |a: (i32, i32), bit: u8, k: f32| -> [Option<(f32, f32)>; 2] {
        let (b, back) = if bit == DOOR_S {
            ((a.0, a.1 + 1), DOOR_N)
        } else {
            ((a.0 + 1, a.1), DOOR_W)
        };
        let (wa, wb) = (walk(a.0, a.1), walk(b.0, b.1));
        if wa != wb {
            return [Some((k, k + 1.0)), None];
        }
        if !wa {
            return [None, None];
        }
        let open = grid.door_mask(a) & bit != 0 && grid.door_mask(b) & back != 0;
        if !open {
            return [Some((k, k + 1.0)), None];
        }
        match gap {
            Some(f) if grid.room_at(a) != grid.room_at(b) => {
                [Some((k, k + f)), Some((k + 1.0 - f, k + 1.0))]
            }
            _ => [None, None],
        }
    };
    let mut vertical_runs = vec![Run::default(); w as usize + 1];
    for y in 0..=h {
        if y % ROWS_PER_CHECK as i32 == 0 {
            watch.span(0.0, 0.8).step(y as usize, h as usize + 1)?;
        }
        // Horizontal line `y`: the sides between rows `y − 1` and `y`.
        let mut run = Run::default();
        for x in 0..w {
            let pieces = solid((x, y - 1), DOOR_S, x as f32);
            if pieces[0].is_none() {
                sink.flush(&mut run, false, y);
            }
            for (a, b) in pieces.into_iter().flatten() {
                sink.piece(&mut run, false, y, a, b);
            }
        }
        sink.flush(&mut run, false, y);
        if y == h {
            break;
        }
        // Row `y`'s vertical sides, each on its own line.
        for (x, run) in (0..=w).zip(vertical_runs.iter_mut()) {
            let pieces = solid((x - 1, y), DOOR_E, y as f32);
            if pieces[0].is_none() {
                sink.flush(run, true, x);
            }
            for (a, b) in pieces.into_iter().flatten() {
                sink.piece(run, true, x, a, b);
            }
        }
    }
    for (x, run) in (0..=w).zip(vertical_runs.iter_mut()) {
        sink.flush(run, true, x);
    }
    let (_, doors) = super::edges::build(grid, opts, watch.span(0.8, 1.0))?;
    let chunks = sink
        .chunks
        .into_iter()
        .map(|((cy, cx), (mut across, down))| {
            across.extend(down);
            SegmentChunk {
                chunk: (cx, cy),
                segments: across,
            }
        })
        .collect();
    watch.finish(Ok(OutlineData { chunks, doors }))
}
