//! `DungeonCollision`'s async requests: the shapes are worked out on a
//! worker ([`Jobs`]), then the bodies are made on the main thread, a few a
//! frame for a build of one body per chunk, in request order.

use std::collections::{BTreeMap, VecDeque};

use godot::prelude::*;

use crate::async_gen::{Finished, Jobs, Work};
use crate::collision_body::{Built, Maker, Part};

/// What a worker hands back: the shapes, how to make the bodies, and the
/// parts (one per body).
pub(crate) struct Job {
    pub(crate) data: Built,
    pub(crate) maker: MakerSpec,
    /// The chunk side of a build of one body per chunk; `None` for one
    /// body.
    pub(crate) chunk: Option<i32>,
}

/// A [`Maker`]'s settings, plain data a worker can carry.
#[derive(Clone, Copy)]
pub(crate) enum MakerSpec {
    Flat(Vector2),
    Solid {
        cell: Vector3,
        height: f32,
        base_y: f32,
    },
}

/// A finished request whose bodies are being made.
pub(crate) struct Staged {
    pub(crate) id: i64,
    pub(crate) data: Built,
    pub(crate) maker: Maker,
    pub(crate) parts: Vec<Part>,
    /// How many parts have their body.
    pub(crate) next: usize,
    /// Per chunk: the node the bodies go under (made on the first step,
    /// added to the request's parent).
    pub(crate) root: Option<Gd<Node>>,
    pub(crate) chunked: bool,
}

/// A finished request waiting to be delivered.
pub(crate) enum Ready {
    Built(Box<Staged>),
    Failed(i64, String),
}

/// The requests of one `DungeonCollision`: those on a worker, then those
/// whose bodies are being made. Its methods are the ones [`async_api!`]
/// calls on a `jobs` field.
///
/// [`async_api!`]: crate::async_api::async_api
#[derive(Default)]
pub(crate) struct CollisionJobs {
    inner: Jobs<Job>,
    pub(crate) ready: VecDeque<Ready>,
    /// Where each pending build of one body per chunk adds its bodies.
    pub(crate) parents: BTreeMap<i64, Gd<Node>>,
    /// Set by `wait_all`: make every remaining body now.
    pub(crate) flush: bool,
    /// Whether the current batch has a build of one body per chunk (its
    /// progress is then half worker, half bodies).
    chunked_batch: bool,
    /// Nodes of chunk bodies being freed a few bodies a frame (a level's
    /// previous collision), oldest first; cancelling does not stop it.
    pub(crate) retiring: VecDeque<Gd<Node>>,
}

impl CollisionJobs {
    pub(crate) fn start(&mut self, work: Work<Job>, parent: Option<Gd<Node>>) -> i64 {
        if !self.busy() {
            self.chunked_batch = false;
        }
        let id = self.inner.start(work);
        if let Some(p) = parent {
            self.chunked_batch = true;
            self.parents.insert(id, p);
        }
        id
    }

    pub(crate) fn cancel(&mut self) -> usize {
        let n = self.inner.cancel() + self.ready.len();
        for r in self.ready.drain(..) {
            drop_partial(r);
        }
        self.parents.clear();
        n
    }

    pub(crate) fn cancel_one(&mut self, id: i64) -> bool {
        self.parents.remove(&id);
        if self.inner.cancel_one(id) {
            return true;
        }
        let at = self.ready.iter().position(|r| match r {
            Ready::Built(s) => s.id == id,
            Ready::Failed(i, _) => *i == id,
        });
        match at.and_then(|at| self.ready.remove(at)) {
            Some(r) => {
                drop_partial(r);
                true
            }
            None => false,
        }
    }

    pub(crate) fn stopping(&mut self) -> usize {
        self.inner.stopping()
    }

    pub(crate) fn busy(&self) -> bool {
        self.inner.busy() || !self.ready.is_empty() || !self.retiring.is_empty()
    }

    /// Frees up to `budget` bodies of the nodes being retired (each node
    /// once it is empty).
    pub(crate) fn retire_step(&mut self, mut budget: usize) {
        while let Some(root) = self.retiring.front() {
            let mut root = root.clone();
            if !root.is_instance_valid() {
                self.retiring.pop_front();
                continue;
            }
            while budget > 0 && root.get_child_count() > 0 {
                if let Some(mut body) = root.get_child(root.get_child_count() - 1) {
                    root.remove_child(&body);
                    body.queue_free();
                }
                budget -= 1;
            }
            if root.get_child_count() > 0 {
                return;
            }
            if let Some(mut p) = root.get_parent() {
                p.remove_child(&root);
            }
            root.queue_free();
            self.retiring.pop_front();
        }
    }

    pub(crate) fn progress(&self) -> f64 {
        if !self.inner.busy() && self.ready.is_empty() {
            return 1.0;
        }
        if !self.chunked_batch {
            return self.inner.progress();
        }
        let (done, all) = self.ready.iter().fold((0, 0), |(d, a), r| match r {
            Ready::Built(s) => (d + s.next, a + s.parts.len()),
            Ready::Failed(..) => (d, a),
        });
        let bodies = if self.inner.busy() || all == 0 {
            0.0
        } else {
            done as f64 / all as f64
        };
        0.5 * self.inner.progress() + 0.5 * bodies
    }

    pub(crate) fn take_finished(&mut self) -> Finished<Job> {
        self.inner.take_finished()
    }

    pub(crate) fn wait_all(&mut self) -> Finished<Job> {
        self.flush = true;
        self.inner.wait_all()
    }
}

/// Frees the bodies a cancelled request had added.
fn drop_partial(r: Ready) {
    if let Ready::Built(s) = r
        && let Some(mut root) = s.root
        && root.is_instance_valid()
    {
        if let Some(mut p) = root.get_parent() {
            p.remove_child(&root);
        }
        root.queue_free();
    }
}
