//! Watching a generation from another thread: stop it early, read how far
//! it is.
//!
//! A [`Watch`] is shared (behind an `Arc`) between the thread that runs a
//! generator's `generate_watched` and any other thread. [`Watch::cancel`]
//! sets a flag that the generator reads at its checkpoints; it then returns
//! [`GenError::Cancelled`] instead of a grid. [`Watch::progress`] is the
//! share of the run done, from 0 to 1.
//!
//! # Where the checkpoints are, and how progress is weighted
//!
//! Generators check at their phase boundaries (per attempt, per phase) and
//! every so many iterations of their long loops (cave smoothing passes,
//! maze carving, TinyKeep separation, walker steps…), so a cancelled run
//! stops within a small fraction of its work. At 1024² in a release build
//! (`examples/watch_progress.rs`) the longest stretch between two
//! checkpoints is about 14 ms in the maze (its end search builds a node
//! graph in one pass), under 5 ms in the cave and under 3 ms in the other
//! generators; a debug build is 10 to 30 times slower. A checkpoint is one
//! relaxed atomic load and, when the progress moved, one atomic max: the
//! benchmarks do not move (`rust/dungeon_bench` cave and maze at 1024²,
//! before and after, within noise).
//!
//! Each generator splits 0..1 among its phases roughly by their measured
//! share of a big map's run time (release build, the largest preset or
//! 1024²), written next to its `generate_watched`; `cargo run --release
//! -p dungeon_core --example watch_progress` prints, per generator, the
//! progress reached at a quarter, half and three quarters of the run's time
//! and the longest stretch between two checkpoints. A phase that is retried
//! (a new attempt after a failed one) does not move the value back: the
//! value only grows ([`Watch::progress`] is monotone) and holds while a
//! retry redoes work already counted. The value is exactly 1 when the grid
//! is returned.
//!
//! # The result never changes
//!
//! A watch only reads a flag and writes a number: no random draw depends on
//! it, so a watched run that is not cancelled returns the grid the plain
//! `generate` returns, byte for byte (the plain one runs with an idle
//! watch).
//!
//! ```
//! use std::sync::Arc;
//! use dungeon_core::cave::{self, CaveConfig};
//! use dungeon_core::watch::Watch;
//!
//! let watch = Arc::new(Watch::new());
//! let w = Arc::clone(&watch);
//! let job = std::thread::spawn(move || cave::generate_watched(&CaveConfig::classic(), 1, 1, &w));
//! println!("{:.0} % done", watch.progress() * 100.0);
//! watch.cancel(); // the worker stops at its next checkpoint
//! let result = job.join().unwrap();
//! assert!(result.is_ok() || result == Err(dungeon_core::GenError::Cancelled));
//! ```

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use crate::error::GenError;

/// Fixed-point scale of the stored progress (1.0).
const ONE: u32 = 1 << 24;

/// A callback that sees every new progress value; `false` cancels.
type Observer = Box<dyn Fn(f64) -> bool + Send + Sync>;

/// A cancel flag and a progress value for one generation run, shareable
/// between threads (`Send + Sync`; put it in an `Arc`).
///
/// Use a new watch for each run: progress only grows, and a cancelled
/// watch stays cancelled.
#[derive(Default)]
pub struct Watch {
    cancelled: AtomicBool,
    /// The share done, times [`ONE`].
    progress: AtomicU32,
    observer: Option<Observer>,
}

impl fmt::Debug for Watch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Watch")
            .field("cancelled", &self.is_cancelled())
            .field("progress", &self.progress())
            .field("observer", &self.observer.is_some())
            .finish()
    }
}

impl Watch {
    /// An idle watch: not cancelled, progress 0.
    pub fn new() -> Self {
        Self::default()
    }

    /// A watch that calls `observer` on the generating thread with each
    /// new progress value (each one higher than the last); `observer`
    /// returning `false` cancels the run, which then stops at that very
    /// checkpoint. For a progress bar on the same thread, or a test that
    /// stops a run part way through.
    pub fn with_observer(observer: impl Fn(f64) -> bool + Send + Sync + 'static) -> Self {
        Self {
            observer: Some(Box::new(observer)),
            ..Self::default()
        }
    }

    /// Asks the run to stop: it returns [`GenError::Cancelled`] at its next
    /// checkpoint (or at once, if it has not started). A run that already
    /// returned is not affected.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether [`Watch::cancel`] was called (or the observer said stop).
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// The share of the run done, from 0 to 1; exactly 1 once the grid is
    /// made. It never goes down.
    pub fn progress(&self) -> f64 {
        f64::from(self.progress.load(Ordering::Relaxed)) / f64::from(ONE)
    }

    /// A checkpoint without a new progress value.
    ///
    /// # Errors
    /// [`GenError::Cancelled`] when the run was cancelled.
    pub(crate) fn check(&self) -> Result<(), GenError> {
        if self.is_cancelled() {
            Err(GenError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// A checkpoint that also records `fraction` (0..=1) of the run done,
    /// if it is more than the value so far.
    ///
    /// # Errors
    /// [`GenError::Cancelled`] when the run was cancelled.
    pub(crate) fn at(&self, fraction: f64) -> Result<(), GenError> {
        self.record(fraction);
        self.check()
    }

    /// Records `fraction` without checking the flag.
    fn record(&self, fraction: f64) {
        // NaN maps to 0 (`as` saturates), so it never moves the value.
        let v = (fraction.clamp(0.0, 1.0) * f64::from(ONE)) as u32;
        if v <= self.progress.load(Ordering::Relaxed) {
            return;
        }
        let old = self.progress.fetch_max(v, Ordering::Relaxed);
        if v > old
            && let Some(observe) = &self.observer
            && !observe(f64::from(v) / f64::from(ONE))
        {
            self.cancel();
        }
    }

    /// Ends a run: a grid sets the progress to 1 (a cancel arriving now
    /// is too late to matter); an error leaves it where it stopped.
    pub(crate) fn finish<T>(&self, result: Result<T, GenError>) -> Result<T, GenError> {
        if result.is_ok() {
            self.record(1.0);
        }
        result
    }

    /// The part `lo..hi` of the run, for a phase that reports its own
    /// progress from 0 to 1.
    pub(crate) fn span(&self, lo: f64, hi: f64) -> Span<'_> {
        Span {
            watch: self,
            lo,
            hi,
        }
    }
}

/// The part `lo..hi` of a watched run: a phase's own 0..1 maps into it.
#[derive(Clone, Copy)]
pub(crate) struct Span<'a> {
    watch: &'a Watch,
    lo: f64,
    hi: f64,
}

impl<'a> Span<'a> {
    /// A checkpoint at `fraction` (0..=1) of this phase.
    ///
    /// # Errors
    /// [`GenError::Cancelled`] when the run was cancelled.
    pub fn at(&self, fraction: f64) -> Result<(), GenError> {
        self.watch
            .at(self.lo + (self.hi - self.lo) * fraction.clamp(0.0, 1.0))
    }

    /// A checkpoint after `done` of `total` steps of this phase.
    ///
    /// # Errors
    /// [`GenError::Cancelled`] when the run was cancelled.
    pub fn step(&self, done: usize, total: usize) -> Result<(), GenError> {
        self.at(done as f64 / total.max(1) as f64)
    }

    /// A checkpoint without a new progress value.
    ///
    /// # Errors
    /// [`GenError::Cancelled`] when the run was cancelled.
    pub fn check(&self) -> Result<(), GenError> {
        self.watch.check()
    }

    /// The part `a..b` (fractions of this phase) as a phase of its own.
    pub fn span(&self, a: f64, b: f64) -> Span<'a> {
        let d = self.hi - self.lo;
        self.watch.span(self.lo + d * a, self.lo + d * b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn progress_only_grows_and_cancel_sticks() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = Arc::clone(&seen);
        let w = Watch::with_observer(move |p| {
            s.lock().unwrap().push(p);
            p < 0.6
        });
        assert_eq!(w.progress(), 0.0);
        assert!(w.at(0.25).is_ok());
        assert!(w.at(0.1).is_ok(), "a lower value is no checkpoint failure");
        assert_eq!(w.progress(), 0.25);
        let half = w.span(0.5, 0.75);
        assert!(half.at(0.0).is_ok());
        assert_eq!(half.at(0.5), Err(GenError::Cancelled));
        assert!(w.is_cancelled());
        assert_eq!(w.check(), Err(GenError::Cancelled));
        assert_eq!(w.finish(Ok(())), Ok(()));
        assert_eq!(w.progress(), 1.0);
        assert_eq!(*seen.lock().unwrap(), [0.25, 0.5, 0.625, 1.0]);
        assert!(w.at(f64::NAN).is_err());
        assert_eq!(w.progress(), 1.0);
    }

    #[test]
    fn spans_map_steps() {
        let w = Watch::new();
        let s = w.span(0.5, 1.0).span(0.5, 1.0);
        s.step(1, 2).unwrap();
        assert_eq!(w.progress(), 0.875);
        s.step(3, 0).unwrap();
        assert_eq!(w.progress(), 1.0);
    }
}
