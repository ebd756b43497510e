//! Fuzz target `cancel_anywhere`: a run stopped at any checkpoint, as when
//! a game quits or cancels mid-generation, for every generator in
//! [`registry::GENERATORS`] (a generator added to the registry is covered
//! without a line here). Input format: the first byte picks the generator
//! (an index into `GENERATORS`, wrapping), the next the checkpoint at which
//! the watch says stop (0 to 255 progress reports in), the rest is the
//! generator's preset, seed, level and settings as `any_generator` reads
//! them after its generator byte ([`any::job_for`]).
//!
//! What must hold: a watched run either returns exactly the grid (or the
//! error) of the unstopped run, when it finished before the stop, or
//! [`GenError::Cancelled`], only when the watch said stop; it never panics,
//! and a finished run's progress is 1. The unstopped run is itself held to
//! [`any::REPORT_BUDGET`] progress reports; an input whose run needs more
//! (a legal but enormous config) is skipped.

use std::sync::atomic::{AtomicUsize, Ordering};

use dungeon_core::GenError;
use dungeon_core::registry;
use dungeon_core::watch::Watch;

use crate::any;
use crate::knobs::Knobs;

/// Target `cancel_anywhere`.
///
/// # Panics
/// When a property in the module docs is broken.
pub fn cancel_anywhere(data: &[u8]) {
    let [pick, stop_at, rest @ ..] = data else {
        return;
    };
    let entry = registry::GENERATORS[usize::from(*pick) % registry::GENERATORS.len()];
    let input = any::job_for(entry, &mut Knobs::new(rest));
    let plain = input.run(&any::budget_watch(any::REPORT_BUDGET));
    if plain == Err(GenError::Cancelled) {
        return;
    }
    // The plain run made fewer than REPORT_BUDGET reports, more than
    // `stop_at` can stop at: this run is no longer.
    let stop_at = usize::from(*stop_at);
    let reports = AtomicUsize::new(0);
    let watch = Watch::with_observer(move |_| reports.fetch_add(1, Ordering::Relaxed) < stop_at);
    let stopped = input.run(&watch);
    match (&stopped, &plain) {
        (Err(GenError::Cancelled), _) => {
            assert!(watch.is_cancelled(), "Cancelled without a stop");
        }
        (Ok(g), Ok(p)) => assert_eq!(g, p, "a watched run that finished differs"),
        (Err(e), Err(p)) => assert_eq!(e.to_string(), p.to_string(), "another error"),
        (s, p) => panic!("watched {s:?} against plain {p:?}\n{input:?}"),
    }
    if stopped.is_ok() {
        assert_eq!(watch.progress(), 1.0, "a finished run ends at 1");
    }
}
