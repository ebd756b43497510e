//! Every thread the extension starts, so that none outlives the library.
//!
//! Godot unloads the extension's library when it quits. A thread of ours
//! still running then (a generation started with `generate_async`, a paint
//! plan) would run code that is no longer there and crash the process. So
//! each thread is started through [`spawn`], which keeps its handle and a
//! cancel flag, and [`shut_down`] (called when the extension is unloaded)
//! cancels them all and waits for them to end. The work they run checks
//! its [`Watch`] often (the generators about every 15 ms of work at 1024²),
//! so the wait is short. After [`shut_down`], [`spawn`] refuses.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use dungeon_core::watch::Watch;

/// The threads started so far (finished ones are joined at the next
/// [`spawn`]), and whether the library is going away.
struct Threads {
    running: Vec<(Arc<Watch>, JoinHandle<()>)>,
    closed: bool,
}

static THREADS: Mutex<Threads> = Mutex::new(Threads {
    running: Vec::new(),
    closed: false,
});

/// Locks a mutex, ignoring poisoning (no code of ours panics while
/// holding one, and a poisoned value is still consistent here).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The functions to call at [`shut_down`] before the threads are joined
/// (e.g. to wake idle worker threads so they see they must end).
static WAKERS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());

/// Calls `wake` at [`shut_down`], after every thread's watch is cancelled
/// and before they are joined.
pub fn on_shut_down(wake: fn()) {
    lock(&WAKERS).push(wake);
}

/// The result of a [`spawn`]ed thread, shared with the thread.
struct Shared<T> {
    watch: Arc<Watch>,
    /// `Some` once the thread has finished: its value, or `Err` if it
    /// panicked.
    result: Mutex<Option<Result<T, ()>>>,
}

/// A handle on one [`spawn`]ed piece of work. Dropping it cancels the work
/// (the thread stops at its next check and ends).
pub struct Task<T> {
    shared: Arc<Shared<T>>,
}

impl<T> Task<T> {
    /// The work's value once it has finished (`Err(())` if it panicked);
    /// `None` while it runs, and after the value was taken.
    pub fn take(&self) -> Option<Result<T, ()>> {
        lock(&self.shared.result).take()
    }
}

impl<T> Drop for Task<T> {
    fn drop(&mut self) {
        self.shared.watch.cancel();
    }
}

/// Runs `work` on a new thread named `name`, with a watch that
/// [`shut_down`] (or dropping the returned [`Task`]) cancels. `work` must
/// check the watch often and return soon once it is cancelled.
///
/// # Errors
/// When the library is being unloaded, or the thread cannot be started.
pub fn spawn<T, F>(name: &str, work: F) -> Result<Task<T>, String>
where
    T: Send + 'static,
    F: FnOnce(&Watch) -> T + Send + 'static,
{
    let watch = Arc::new(Watch::new());
    let shared = Arc::new(Shared {
        watch: Arc::clone(&watch),
        result: Mutex::new(None),
    });
    spawn_thread(name, Arc::clone(&watch), {
        let shared = Arc::clone(&shared);
        move || {
            let value = catch_unwind(AssertUnwindSafe(|| work(&shared.watch))).map_err(|_| ());
            *lock(&shared.result) = Some(value);
        }
    })?;
    Ok(Task { shared })
}

/// Starts a thread for `body`, kept in [`THREADS`] with `watch`.
///
/// # Errors
/// As [`spawn`].
pub fn spawn_thread(
    name: &str,
    watch: Arc<Watch>,
    body: impl FnOnce() + Send + 'static,
) -> Result<(), String> {
    let mut threads = lock(&THREADS);
    if threads.closed {
        return Err("the extension is being unloaded".into());
    }
    // Join the threads that have ended, so the list stays short.
    let (ended, running): (Vec<_>, Vec<_>) = std::mem::take(&mut threads.running)
        .into_iter()
        .partition(|(_, h)| h.is_finished());
    threads.running = running;
    for (_, handle) in ended {
        let _ = handle.join();
    }
    let handle = std::thread::Builder::new()
        .name(name.into())
        .spawn(body)
        .map_err(|e| format!("could not start a thread ({e})"))?;
    threads.running.push((watch, handle));
    Ok(())
}

/// Cancels every thread's work and waits for all of them to end. Called
/// once, when Godot unloads the extension; later [`spawn`]s refuse.
/// Returns how many threads were still running.
pub fn shut_down() -> usize {
    let running = {
        let mut threads = lock(&THREADS);
        threads.closed = true;
        std::mem::take(&mut threads.running)
    };
    for (watch, _) in &running {
        watch.cancel();
    }
    for wake in lock(&WAKERS).iter() {
        wake();
    }
    let alive = running.iter().filter(|(_, h)| !h.is_finished()).count();
    for (_, handle) in running {
        let _ = handle.join();
    }
    alive
}
