//! `generate_async()` for every generator class (and
//! `DungeonNavigation`'s async builds): the pure-Rust work runs on a small
//! pool of worker threads, and the result is handed back on the main thread
//! from the SceneTree's `process_frame` signal.
//!
//! No Godot object is touched off the main thread: the class copies its
//! settings into a plain closure before the job is queued, the worker only
//! runs that closure, and the finished core grid is wrapped into a
//! `DungeonGrid` by the main-thread poll. Godot needs no
//! `experimental-threads` for this (the workers never call into Godot).
//!
//! Each job has a [`Watch`] (the core's cancel flag and progress value),
//! which the worker hands to the generator's `generate_watched`. Cancelling
//! sets its flag: a job not yet started is taken off the queue and never
//! runs; a running one stops at its next checkpoint (the generators check
//! between phases and every so often in their long loops: at most about
//! 15 ms of work apart at 1024² in a release build, see
//! `dungeon_core::watch`) and frees its worker.
//! Until it has stopped it counts in [`Jobs::stopping`]. `progress` reads
//! the running jobs' watches.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::mem::ManuallyDrop;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};

use dungeon_core::DungeonGrid as CoreGrid;
use dungeon_core::watch::Watch;

use crate::background::{self, lock};
use godot::classes::{Engine, SceneTree};
use godot::prelude::*;

/// What a job hands back: its value (a generator's grid by default), or
/// the error message.
pub type JobResult<T = CoreGrid> = Result<T, String>;

/// A job's state, shared by the worker and the main-thread poll.
#[derive(Default)]
pub struct JobSlot {
    /// The job's cancel flag and progress, read by the generator.
    watch: Arc<Watch>,
    /// 0 queued, 1 running, 2 finished.
    stage: AtomicU8,
}

impl JobSlot {
    fn stage(&self) -> u8 {
        self.stage.load(Ordering::Acquire)
    }
}

/// A job: the copied settings and the core call under the job's watch,
/// touching no Godot object.
pub type Work<T = CoreGrid> = Box<dyn FnOnce(&Watch) -> JobResult<T> + Send>;

/// Where a job's result goes, shared by the worker and the poll.
type Cell<T> = Arc<Mutex<Option<JobResult<T>>>>;

/// A queued job as the pool sees it, whatever its result type: the work,
/// which stores its result in its [`Cell`].
type Runner = Box<dyn FnOnce(&Watch) + Send>;

/// The shared worker pool: a queue and a few threads that never touch Godot.
struct Pool {
    queue: Mutex<VecDeque<(Arc<JobSlot>, Runner)>>,
    ready: Condvar,
    /// The jobs the workers are running now (cancelled when the library
    /// is unloaded).
    running: Mutex<Vec<Arc<JobSlot>>>,
    /// Set when the library is unloaded: the workers end, and new jobs
    /// are refused.
    closed: AtomicBool,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<&'static Pool> = OnceLock::new();
    POOL.get_or_init(|| {
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            queue: Mutex::new(VecDeque::new()),
            ready: Condvar::new(),
            running: Mutex::new(Vec::new()),
            closed: AtomicBool::new(false),
        }));
        background::on_shut_down(close_pool);
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(1, 4));
        for i in 0..workers {
            // A pool without threads still works: jobs wait, and
            // `wait_async` runs them on the caller.
            let _ = background::spawn_thread(
                &format!("dungeon-gen-{i}"),
                Arc::new(Watch::new()),
                move || worker(pool),
            );
        }
        pool
    })
}

/// At unload: refuses new jobs, cancels the queued and running ones and
/// wakes the idle workers, which then end (the library waits for them).
fn close_pool() {
    let pool = pool();
    pool.closed.store(true, Ordering::Release);
    for (slot, _) in lock(&pool.queue).drain(..) {
        slot.watch.cancel();
        slot.stage.store(2, Ordering::Release);
    }
    for slot in lock(&pool.running).iter() {
        slot.watch.cancel();
    }
    pool.ready.notify_all();
}

fn worker(pool: &'static Pool) {
    loop {
        let job = {
            let mut queue = lock(&pool.queue);
            loop {
                if pool.closed.load(Ordering::Acquire) {
                    return;
                }
                if let Some(job) = queue.pop_front() {
                    break job;
                }
                queue = pool
                    .ready
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let slot = Arc::clone(&job.0);
        lock(&pool.running).push(Arc::clone(&slot));
        if pool.closed.load(Ordering::Acquire) {
            slot.watch.cancel();
        }
        run(job);
        lock(&pool.running).retain(|s| !Arc::ptr_eq(s, &slot));
    }
}

/// Runs one job unless it was cancelled before it started.
fn run((slot, work): (Arc<JobSlot>, Runner)) {
    if slot.watch.is_cancelled() {
        slot.stage.store(2, Ordering::Release);
        return;
    }
    slot.stage.store(1, Ordering::Release);
    work(&slot.watch);
    slot.stage.store(2, Ordering::Release);
}

/// `work` as the pool runs it: a panic becomes an error message, and the
/// result goes into `cell`.
fn runner<T: Send + 'static>(work: Work<T>, cell: Cell<T>) -> Runner {
    Box::new(move |watch| {
        let result = catch_unwind(AssertUnwindSafe(move || work(watch)))
            .unwrap_or_else(|_| Err("the job stopped unexpectedly (internal error)".into()));
        *lock(&cell) = Some(result);
    })
}

/// Takes the queued job of `slot` off the queue and runs it here, if no
/// worker has picked it up yet.
fn run_here(slot: &Arc<JobSlot>) {
    let job = {
        let mut queue = lock(&pool().queue);
        let at = queue.iter().position(|(s, _)| Arc::ptr_eq(s, slot));
        at.and_then(|i| queue.remove(i))
    };
    if let Some(job) = job {
        run(job);
    }
}

/// Cancels `slots` and takes those still queued off the pool's queue
/// (they never run); returns the ones a worker already holds.
fn cancel_slots(slots: impl IntoIterator<Item = Arc<JobSlot>>) -> Vec<Arc<JobSlot>> {
    let slots: Vec<Arc<JobSlot>> = slots.into_iter().collect();
    if slots.is_empty() {
        // Nothing to cancel: leave the pool alone (a generator that never
        // made a request must not start it when it goes away).
        return slots;
    }
    for slot in &slots {
        slot.watch.cancel();
    }
    lock(&pool().queue).retain(|(s, _)| {
        let queued_and_cancelled = s.watch.is_cancelled();
        if queued_and_cancelled {
            s.stage.store(2, Ordering::Release);
        }
        !queued_and_cancelled
    });
    slots.into_iter().filter(|s| s.stage() != 2).collect()
}

/// One object's requests, oldest first; `T` is what a job gives (a
/// generator's grid by default).
pub struct Jobs<T = CoreGrid> {
    pending: Vec<(i64, Arc<JobSlot>, Cell<T>)>,
    /// Cancelled requests a worker was running: they stop at their next
    /// checkpoint.
    stopping: Vec<Arc<JobSlot>>,
    next_id: i64,
    /// Requests made since the object was last idle (for `progress`).
    batch: usize,
}

/// What the poll found: finished requests in request order.
pub type Finished<T = CoreGrid> = Vec<(i64, JobResult<T>)>;

impl<T> Default for Jobs<T> {
    fn default() -> Self {
        Self {
            pending: Vec::new(),
            stopping: Vec::new(),
            next_id: 0,
            batch: 0,
        }
    }
}

impl<T: Send + 'static> Jobs<T> {
    /// Queues `work` and returns the request id (1, 2, ...).
    pub fn start(&mut self, work: Work<T>) -> i64 {
        if self.pending.is_empty() {
            self.batch = 0;
        }
        self.next_id += 1;
        self.batch += 1;
        let slot = Arc::new(JobSlot::default());
        let cell: Cell<T> = Arc::default();
        self.pending
            .push((self.next_id, Arc::clone(&slot), Arc::clone(&cell)));
        let pool = pool();
        if pool.closed.load(Ordering::Acquire) {
            // The library is being unloaded: nothing runs any more.
            *lock(&cell) = Some(Err("the extension is being unloaded".into()));
            slot.stage.store(2, Ordering::Release);
        } else {
            lock(&pool.queue).push_back((slot, runner(work, cell)));
            pool.ready.notify_one();
        }
        self.next_id
    }
}

impl<T> Jobs<T> {
    /// Cancels every pending request; returns how many there were.
    pub fn cancel(&mut self) -> usize {
        let n = self.pending.len();
        let running = cancel_slots(self.pending.drain(..).map(|(_, s, _)| s));
        self.stopping();
        self.stopping.extend(running);
        n
    }

    /// Cancels request `id`; `false` if it is not pending.
    pub fn cancel_one(&mut self, id: i64) -> bool {
        match self.pending.iter().position(|(i, _, _)| *i == id) {
            Some(at) => {
                let (_, slot, _) = self.pending.remove(at);
                let running = cancel_slots([slot]);
                self.stopping();
                self.stopping.extend(running);
                true
            }
            None => false,
        }
    }

    /// How many cancelled requests are still running on a worker (each
    /// stops at its next checkpoint, then its worker is free).
    pub fn stopping(&mut self) -> usize {
        self.stopping.retain(|s| s.stage() != 2);
        self.stopping.len()
    }

    /// `true` while a request is pending.
    pub fn busy(&self) -> bool {
        !self.pending.is_empty()
    }

    /// The share of the current batch done: finished requests count 1,
    /// running ones what their watch says; 1.0 when idle.
    pub fn progress(&self) -> f64 {
        if self.pending.is_empty() || self.batch == 0 {
            return 1.0;
        }
        let delivered = self.batch - self.pending.len();
        let partial: f64 = self
            .pending
            .iter()
            .map(|(_, s, _)| match s.stage() {
                2 => 1.0,
                1 => s.watch.progress(),
                _ => 0.0,
            })
            .sum();
        ((delivered as f64 + partial) / self.batch as f64).clamp(0.0, 1.0)
    }

    /// Takes the finished requests at the front, in request order (a later
    /// request that finished first waits for the earlier ones).
    pub fn take_finished(&mut self) -> Finished<T> {
        let mut out = Vec::new();
        while let Some((id, slot, cell)) = self.pending.first() {
            if slot.stage() != 2 {
                break;
            }
            let result = lock(cell)
                .take()
                .unwrap_or_else(|| Err("the request was cancelled".into()));
            out.push((*id, result));
            self.pending.remove(0);
        }
        out
    }

    /// Blocks until every pending request has finished, running queued ones
    /// on this thread, then takes them all.
    pub fn wait_all(&mut self) -> Finished<T> {
        for (_, slot, _) in &self.pending {
            run_here(slot);
            // A worker runs it: wait (bounded by the generator's budget).
            while slot.stage() != 2 {
                std::thread::yield_now();
            }
        }
        self.take_finished()
    }
}

/// The SceneTree, if the main loop is one.
fn scene_tree() -> Option<Gd<SceneTree>> {
    Engine::singleton()
        .get_main_loop()
        .and_then(|l| l.try_cast::<SceneTree>().ok())
}

thread_local! {
    /// Objects kept alive while they follow the frames, so a generator
    /// nobody holds any more still delivers its requests. Never dropped as
    /// a whole (no Godot call from a thread-local destructor at exit).
    static KEPT: ManuallyDrop<RefCell<Vec<Gd<Object>>>> = const { ManuallyDrop::new(RefCell::new(Vec::new())) };
}

/// Connects (`on`) or disconnects `object.method` to the SceneTree's
/// `process_frame`. While connected, a reference-counted object (a
/// generator) is kept alive, so a pending request of a generator the game
/// dropped still arrives; the reference is let go in the next frame, never
/// while one of its methods runs.
/// Returns `false` if there is no SceneTree to connect to.
pub fn follow_frames(object: &Gd<Object>, method: &str, on: bool) -> bool {
    let Some(mut tree) = scene_tree() else {
        return false;
    };
    let callable = Callable::from_object_method(object, method);
    let connected = tree.is_connected("process_frame", &callable);
    if on && !connected {
        tree.connect("process_frame", &callable);
        // Only reference-counted objects (generators) can be kept alive;
        // a Node is freed by its owner whatever we hold.
        if object.clone().try_cast::<RefCounted>().is_ok() {
            KEPT.with(|k| k.borrow_mut().push(object.clone()));
        }
    } else if !on && connected {
        tree.disconnect("process_frame", &callable);
        let id = object.instance_id();
        let held = KEPT.with(|k| {
            let mut k = k.borrow_mut();
            k.iter()
                .position(|o| o.instance_id() == id)
                .map(|i| k.swap_remove(i))
        });
        if let Some(held) = held {
            let mut held = Some(held);
            let release = Callable::from_fn("dungeon_release", move |_| {
                held.take();
            });
            tree.connect_flags(
                "process_frame",
                &release,
                godot::classes::object::ConnectFlags::ONE_SHOT,
            );
        }
    }
    true
}

impl<T> Drop for Jobs<T> {
    /// An object that goes away cancels its requests.
    fn drop(&mut self) {
        self.cancel();
    }
}
