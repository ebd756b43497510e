//! Reading the JSON schema in memory bounded by the input's length.
//!
//! The text is read in up to three passes, none of which buffers the
//! document:
//!
//! 1. [`Probe`](probe::Probe): the version, and leniently the declared
//!    `width`, `height`, `kind` and `generator` (every other value is skipped
//!    unread), so that the second pass knows the sizes whatever order the
//!    keys come in.
//! 2. [`Body`]: every field but `connections` and `graph`. Cells and door
//!    masks are checked element by element against the declared sizes and
//!    stored as one byte each; room records are checked one by one (rect
//!    inside the grid, role and shape known, special roles only from a
//!    generator that places them) and there can be no more of them than
//!    cells.
//! 3. [`read_tail`] (version 2, once the grid is built and checked): the
//!    listed connections are compared, one by one and tile by tile, with the
//!    grid's own, and nothing of them is stored but the room pairs a file in
//!    the older format lists beyond the grid's own graph; the planned graph's
//!    lists are bounded by the number of rooms.
//!
//! A problem found inside a value is kept in [`Ctx`] and reported as it is
//! (not as "bad JSON"), the moment the element that breaks a rule is read.
//!
//! The files, one for each pass and what the passes share:
//!
//! - [`ctx`]: [`Ctx`] and [`run`], which runs one pass over the text;
//! - [`values`]: the small deserialisers every pass uses (map keys, short
//!   strings, positions, room numbers, bounded lists, and the seeds that
//!   hand a visitor a map or a sequence);
//! - [`probe`](mod@probe): pass 1;
//! - [`body`]: pass 2, with the cell and door rows, and [`rooms`], its room
//!   records;
//! - [`tail`]: pass 3, the connections, [`graph`], the planned graph, and
//!   [`locks`], the locks.

mod body;
mod ctx;
mod graph;
mod locks;
mod probe;
mod rooms;
mod tail;
mod values;

pub(super) use body::{Body, BodyPass, Version};
pub(super) use ctx::{Ctx, run};
pub(super) use probe::probe;
pub(super) use tail::read_tail;
pub(super) use values::AsMap;
