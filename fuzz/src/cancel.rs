//! Fuzz target `cancel_anywhere`: a run stopped at any checkpoint, as when
//! a game quits or cancels mid-generation. Input format: the first byte
//! picks the generator, the next the checkpoint at which the watch says
//! stop (0 to 255 progress reports in), the rest is that generator's
//! own config target input.
//!
//! What must hold: a watched run either returns exactly the grid (or the
//! error) of the plain `generate`, when it finished before the stop, or
//! [`GenError::Cancelled`], only when the watch said stop; it never panics,
//! and a finished run's progress is 1.

use std::sync::atomic::{AtomicUsize, Ordering};

use dungeon_core::watch::Watch;
use dungeon_core::{DungeonGrid, GenError};
use dungeon_core::{
    bsp, cave, drunkard, hilbert, isaac, maze, template, tinykeep, tunneler, walker,
};

use crate::room_grid as room_grid_in;
use crate::{bsp as bsp_in, cave as cave_in, hilbert as hilbert_in, maze as maze_in, open_floor};
use crate::{template as template_in, tinykeep as tinykeep_in};

type Run<'a> = Box<dyn Fn(&Watch) -> Result<DungeonGrid, GenError> + 'a>;

/// The generator `pick` (mod 10) with its config from `data`, as a
/// watched run.
fn watched_run(pick: u8, data: &[u8]) -> Run<'static> {
    macro_rules! run {
        ($input:expr, $module:ident) => {{
            let (c, seed, level) = $input(data);
            Box::new(move |w: &Watch| $module::generate_watched(&c, seed, level, w))
        }};
    }
    match pick % 10 {
        0 => run!(room_grid_in::isaac_input, isaac),
        1 => run!(room_grid_in::drunkard_input, drunkard),
        2 => run!(bsp_in::bsp_input, bsp),
        3 => run!(open_floor::tunneler_input, tunneler),
        4 => run!(open_floor::walker_input, walker),
        5 => run!(tinykeep_in::tinykeep_input, tinykeep),
        6 => run!(maze_in::maze_input, maze),
        7 => run!(cave_in::cave_input, cave),
        8 => run!(hilbert_in::hilbert_input, hilbert),
        _ => run!(template_in::template_input, template),
    }
}

/// Target `cancel_anywhere`.
pub fn cancel_anywhere(data: &[u8]) {
    let [pick, stop_at, rest @ ..] = data else {
        return;
    };
    let stop_at = usize::from(*stop_at);
    let run = watched_run(*pick, rest);
    let plain = run(&Watch::new());
    let reports = AtomicUsize::new(0);
    let watch = Watch::with_observer(move |_| reports.fetch_add(1, Ordering::Relaxed) < stop_at);
    let stopped = run(&watch);
    match (&stopped, &plain) {
        (Err(GenError::Cancelled), _) => {
            assert!(watch.is_cancelled(), "Cancelled without a stop");
        }
        (Ok(g), Ok(p)) => assert_eq!(g, p, "a watched run that finished differs"),
        (Err(e), Err(p)) => assert_eq!(e.to_string(), p.to_string(), "another error"),
        (s, p) => panic!("watched {s:?} against plain {p:?}"),
    }
    if stopped.is_ok() {
        assert_eq!(watch.progress(), 1.0, "a finished run ends at 1");
    }
}
