//! Graphs drawn the way designers draw them (issue 37).
//!
//! # Designer-drawn graphs
//!
//! [`designer_graph`] takes a class, a number of rooms `n` and of
//! independent cycles `c` (connections − rooms + 1, exactly), and the
//! door counts of the templates ([`Doors`], read off the templates: for
//! the demo set, the start room 4, the boss room and any other room 8,
//! the `hall`'s and the `boss`'s two doors a side). All randomness comes
//! from the [`DungeonRng`] passed in, so a seed gives one graph.
//!
//! Every class but `disjoint` is built as a plane graph: a rotation system
//! (each room's neighbours in clockwise order) that starts as one room and
//! only grows by
//! - a *leaf*: a new room hung off a room, in a random corner of it, or
//! - an *ear*: a path of `k` new rooms between two corners of one face
//!   (the two ends may be one room for a *petal*, a loop of `k + 1` rooms
//!   from a room back to it, `k ≥ 2`; for `k = 0` a connection, between
//!   rooms not yet connected).
//!
//! Both keep the embedding planar; a leaf keeps the cyclomatic number and
//! an ear adds one, so a graph with `c` ears has exactly `c` cycles. An ear
//! across a face closes two cycles along it; their sizes are measured on
//! the face's boundary walk with back-and-forth detours erased, and a path
//! is only drawn when no shorter cycle through it exists elsewhere in the
//! graph (its ends are far enough apart), so a class that promises no
//! loop of 3 rooms has none. No room gets more connections than
//! `doors.other`. *Growing the tree* adds a leaf off one of the last four
//! rooms made with fewer than three connections (a line of rooms with side
//! rooms), or, when none has, off any room with a connection to spare.
//!
//! When it is done, the start is a random room with at most `doors.start`
//! connections; rooms are numbered breadth first from it (room 0, tagged
//! `start`), and the last of them, a room farthest from the start, is the
//! boss (tagged `boss`; a sample whose boss has more than `doors.boss`
//! connections is dropped). Connections are listed sorted by their rooms.
//! A request is sampled up to 64 times ([`ATTEMPTS`]); every loop inside a
//! sample is bounded by the rooms left, so a request a class cannot meet
//! (six loops in 10 rooms, a hub with more loops than doors) ends in an
//! `Err` naming it.
//!
//! The classes:
//! - `tree` (0 cycles): hubs: the first room is a hub with 4 to
//!   `doors.other` connections (drawn uniformly), all to new rooms at once;
//!   graphs of more than 40 rooms get up to `⌈n / 40⌉ − 1` more such hubs,
//!   each at a random point of the growth (uniform over `0..n` rooms made;
//!   a point past the end makes none), a random room with a door to spare;
//!   the rest is grown as a tree.
//! - `disjoint` (0–6): [`random_graph`] (the scaling curve: a tree of
//!   rooms each hung off one of the four made before it, loops of 4–6
//!   rooms closed over it, vertex-disjoint), up to 20 samples.
//! - `triangle` (1–6): vertex-disjoint loops, each a petal at a room on no
//!   loop yet: the first of 3 rooms, each further one of 3 rooms with
//!   chance 1/2, else 4–6 rooms (uniform).
//! - `shared` (2–6): loops of 4–6 rooms, none of 3; the first a petal at a
//!   room on no loop; each further one, with chance 1/2, a petal at a room
//!   already on a loop (the loops share that room), else an ear of 1–3 new
//!   rooms between two rooms on loops, across a face, closing a cycle of
//!   4–6 rooms along it and one of at least 4 on the other side (the loops
//!   share the path between the two rooms).
//! - `nested` (2–6): an outer loop through the first room of
//!   `max(5, c + 3)` to that plus 3 rooms (uniform; fewer when the rooms
//!   run short), then `c − 1` connections across its faces, inside or out,
//!   between rooms on loops: the first a chord (no new room), each further
//!   one a chord with chance 2/3, else a path through one new room; every
//!   cycle it closes has at least 4 rooms. Then the rest is grown as a tree.
//! - `hub` (1–6): every loop goes through the first room, the hub, whose
//!   target number of connections is drawn from `max(4, c + 1)` to
//!   `doors.other`. The first loop is a petal of 4–6 rooms at the hub; each
//!   further one is, with chance 1/2 while the target leaves a door for
//!   every loop still to come, another such petal, else an ear of 0–2 new
//!   rooms from the hub to a room on a loop across a face, closing a cycle
//!   of 4–6 rooms and one of at least 4. Then leaves off the hub up to its
//!   target (as rooms allow), then the rest grown as a tree.
//! - `mixed` (0–6): each loop of a kind drawn uniformly: a petal of 3–6
//!   rooms at a room on no loop; a chord between any two rooms of a face
//!   closing cycles of 3–6 rooms and at least 3; a petal of 3–6 rooms at a
//!   room on a loop; an ear of 1–3 new rooms between rooms on loops closing
//!   cycles of 3–6 and at least 3 (the first loop only of the first two
//!   kinds). The first room is a hub with a target of 4 to `doors.other`
//!   connections, drawn uniformly.
//!
//! `triangle`, `shared` and `mixed` interleave: each loop is given a random
//! point in the tree's growth (a number of leaves grown before it); at its
//! point, and after every later leaf while it does not fit, it is added
//! where it fits (a random room or pair of corners among all that do);
//! while the hub is short of its target, a leaf goes to it with chance
//! 1/2. `nested` and `hub` build their loops first, then the tree.

mod plan;
mod shape;

use dungeon_core::DungeonRng;
use dungeon_core::graph_layout::{GraphConfig, LevelGraph};
use dungeon_core::template::RoomTemplate;

use super::random_graph;
use plan::{At, Loop, Plan};
#[allow(unused_imports)]
pub use shape::{blocks, cyclic_blocks, has_triangle, on_cycles, shares_room};

/// Most independent cycles a designer graph is made with.
pub const MAX_CYCLES: usize = 6;

/// Samples [`designer_graph`] makes before it gives up on a request.
const ATTEMPTS: usize = 64;

/// A class of designer-drawn level graphs; see the module doc for how each
/// is sampled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    /// No loop; one hub room per 40 rooms.
    Tree,
    /// The scaling curve's graphs ([`random_graph`]): vertex-disjoint loops
    /// of 4–6 rooms closed over a random tree.
    Disjoint,
    /// Vertex-disjoint loops, the first of 3 rooms.
    Triangle,
    /// Loops that share a room or a path of rooms with an earlier loop.
    Shared,
    /// One outer loop with connections across it (chords).
    Nested,
    /// Every loop through one hub room.
    Hub,
    /// Each loop of a kind drawn at random; a hub in the tree.
    Mixed,
}

impl Class {
    /// Every class, in report order.
    pub const ALL: [Class; 7] = [
        Class::Tree,
        Class::Disjoint,
        Class::Triangle,
        Class::Shared,
        Class::Nested,
        Class::Hub,
        Class::Mixed,
    ];

    /// The name in reports and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Class::Tree => "tree",
            Class::Disjoint => "disjoint",
            Class::Triangle => "triangle",
            Class::Shared => "shared",
            Class::Nested => "nested",
            Class::Hub => "hub",
            Class::Mixed => "mixed",
        }
    }

    /// The class called `name`.
    pub fn from_name(name: &str) -> Option<Class> {
        Class::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The cycle counts the class is defined for.
    pub fn cycles(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Class::Tree => 0..=0,
            Class::Disjoint | Class::Mixed => 0..=MAX_CYCLES,
            Class::Triangle | Class::Hub => 1..=MAX_CYCLES,
            Class::Shared | Class::Nested => 2..=MAX_CYCLES,
        }
    }
}

/// The most connections a room may have: the most door slots of a
/// template that room can use (the start room, the boss room, any other).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Doors {
    /// The room tagged `start`.
    pub start: usize,
    /// The room tagged `boss`.
    pub boss: usize,
    /// Untagged rooms (templates tagged neither `start` nor `boss`).
    pub other: usize,
}

impl Doors {
    /// Read off `templates`.
    pub fn of(templates: &[RoomTemplate]) -> Self {
        let has = |t: &RoomTemplate, tag: &str| t.tags.iter().any(|x| x == tag);
        let most = |keep: &dyn Fn(&RoomTemplate) -> bool| {
            templates
                .iter()
                .filter(|t| keep(t))
                .map(|t| t.doors.len())
                .max()
                .unwrap_or(0)
        };
        Self {
            start: most(&|t| has(t, "start")),
            boss: most(&|t| has(t, "boss")),
            other: most(&|t| !has(t, "start") && !has(t, "boss")),
        }
    }

    /// Of [`GraphConfig::demo_templates`] (start 4, boss 8, others 8).
    pub fn demo() -> Self {
        Self::of(&GraphConfig::demo_templates())
    }
}

/// The seed of graph `s` of the cell (`class`, `rooms`, `cycles`), as
/// `graph_bench --designer` and the tests draw them.
pub fn cell_seed(class: Class, rooms: usize, cycles: usize, s: u64) -> u64 {
    0x37_0000 + class as u64 * 10_000_000 + rooms as u64 * 10_000 + cycles as u64 * 1000 + s
}

/// A level graph of `class` with `rooms` rooms and exactly `cycles`
/// independent cycles (connections − rooms + 1), connected, simple, planar,
/// every room within `doors`; room 0 tagged `start`, the last room (one
/// farthest from it) `boss`. The same `rng` state gives the same graph.
///
/// # Errors
/// A message when the class is not defined for `cycles` or no sample of
/// [`ATTEMPTS`] met the request (too few rooms for the loops, or degree
/// bounds too tight).
pub fn designer_graph(
    rng: &mut DungeonRng,
    class: Class,
    rooms: usize,
    cycles: usize,
    doors: Doors,
) -> Result<LevelGraph, String> {
    if !class.cycles().contains(&cycles) {
        return Err(format!(
            "class {} has {:?} cycles, not {cycles}",
            class.name(),
            class.cycles()
        ));
    }
    if !(3..=dungeon_core::graph_layout::MAX_GRAPH_ROOMS).contains(&rooms) {
        return Err(format!("{rooms} rooms: 3..=400 rooms"));
    }
    if doors.start < 1 || doors.other < 3 {
        return Err(format!("{doors:?}: too few doors for any loop"));
    }
    if class == Class::Disjoint {
        return (0..20)
            .find_map(|_| random_graph(rng, rooms, cycles))
            .ok_or_else(|| {
                format!("no graph of {rooms} rooms with {cycles} disjoint loops in 20 samples")
            });
    }
    for _ in 0..ATTEMPTS {
        let plan = match class {
            Class::Tree => tree(rng, rooms, doors.other),
            Class::Triangle | Class::Shared | Class::Mixed => {
                interleaved(rng, class, rooms, cycles, doors.other)
            }
            Class::Nested => nested(rng, rooms, cycles, doors.other),
            Class::Hub => hub(rng, rooms, cycles, doors.other),
            Class::Disjoint => None,
        };
        if let Some(g) = plan.and_then(|p| p.finish(rng, doors)) {
            return Ok(g);
        }
    }
    Err(format!(
        "no {} graph of {rooms} rooms with {cycles} cycles within {doors:?} in {ATTEMPTS} samples",
        class.name()
    ))
}

/// A tree with one hub per 40 rooms: when a hub is made, its next
/// connections (4 up to `cap` of them in all) go to new rooms at once.
fn tree(rng: &mut DungeonRng, n: usize, cap: usize) -> Option<Plan> {
    let mut p = Plan::new(cap);
    let hubs = n.div_ceil(40);
    // Rooms made when each hub is picked: the first at once, the others
    // spread over the rest.
    let mut when: Vec<usize> = (0..hubs)
        .map(|h| {
            if h == 0 {
                0
            } else {
                rng.below(n as u32) as usize
            }
        })
        .collect();
    when.sort_unstable();
    let mut next = 0;
    while p.len() < n {
        if next < when.len() && p.len() > when[next] {
            next += 1;
            let open: Vec<usize> = (0..p.len()).filter(|&v| p.deg(v) < cap).collect();
            let &h = rng.pick(&open)?;
            let target = rng.range(4, cap.max(4) as i32) as usize;
            while p.deg(h) < target.min(cap) && p.len() < n {
                p.leaf(rng, h);
            }
            continue;
        }
        if !p.grow(rng, None) {
            return None;
        }
    }
    Some(p)
}

/// A loop of 3 rooms with chance `triangles`, else of 4–6.
fn loop_len(rng: &mut DungeonRng, triangles: f64) -> usize {
    if rng.chance(triangles) {
        3
    } else {
        rng.range(4, 6) as usize
    }
}

/// The loops of the triangle, shared and mixed classes, added at random
/// points while a tree grows (room 0 first, each further room a leaf by
/// [`Plan::grow`]); a loop that does not fit yet is tried again after each
/// further room.
fn interleaved(
    rng: &mut DungeonRng,
    class: Class,
    n: usize,
    cycles: usize,
    cap: usize,
) -> Option<Plan> {
    let mut loops = Vec::with_capacity(cycles);
    for i in 0..cycles {
        let l = match class {
            Class::Triangle => Loop::Petal {
                len: if i == 0 { 3 } else { loop_len(rng, 0.5) },
                at: At::Fresh,
            },
            Class::Shared if i == 0 => Loop::Petal {
                len: loop_len(rng, 0.0),
                at: At::Fresh,
            },
            Class::Shared => {
                if rng.chance(0.5) {
                    Loop::Petal {
                        len: loop_len(rng, 0.0),
                        at: At::OnLoop,
                    }
                } else {
                    Loop::Cross {
                        k: rng.range(1, 3) as usize,
                        small: (4, 6),
                        large: 4,
                        from: At::OnLoop,
                        to: At::OnLoop,
                    }
                }
            }
            _ => {
                // Mixed: the first loop needs no loop before it.
                let kinds = if i == 0 { 2 } else { 4 };
                match rng.below(kinds) {
                    0 => Loop::Petal {
                        len: rng.range(3, 6) as usize,
                        at: At::Fresh,
                    },
                    1 => Loop::Cross {
                        k: 0,
                        small: (3, 6),
                        large: 3,
                        from: At::Any,
                        to: At::Any,
                    },
                    2 => Loop::Petal {
                        len: rng.range(3, 6) as usize,
                        at: At::OnLoop,
                    },
                    _ => Loop::Cross {
                        k: rng.range(1, 3) as usize,
                        small: (3, 6),
                        large: 3,
                        from: At::OnLoop,
                        to: At::OnLoop,
                    },
                }
            }
        };
        loops.push(l);
    }
    let new_rooms: usize = loops.iter().map(|l| l.new_rooms()).sum();
    let leaves = (n - 1).checked_sub(new_rooms)?;
    // The number of leaves grown before each loop.
    let mut at: Vec<usize> = (0..cycles)
        .map(|_| rng.below(leaves as u32 + 1) as usize)
        .collect();
    at.sort_unstable();
    let hub = (class == Class::Mixed).then(|| (0, rng.range(4, cap.max(4) as i32) as usize));
    let mut p = Plan::new(cap);
    let mut pending: Vec<Loop> = Vec::new();
    let mut grown = 0;
    let mut next = 0;
    loop {
        while next < cycles && at[next] <= grown {
            pending.push(loops[next]);
            next += 1;
        }
        let mut kept = Vec::new();
        for l in pending.drain(..) {
            if !p.add(rng, l) {
                kept.push(l);
            }
        }
        pending = kept;
        if grown == leaves {
            break;
        }
        if !p.grow(rng, hub) {
            return None;
        }
        grown += 1;
    }
    (pending.is_empty() && p.len() == n).then_some(p)
}

/// An outer loop of `max(5, cycles + 3)` to 3 more rooms through room 0,
/// then `cycles − 1` connections across its faces (the first a direct
/// chord, each further one a chord with chance 2/3, else a path through
/// one new room), every cycle closed at least 4 rooms; then a tree.
fn nested(rng: &mut DungeonRng, n: usize, cycles: usize, cap: usize) -> Option<Plan> {
    let least = (cycles + 3).max(5);
    if n < least {
        return None;
    }
    let mut across: Vec<usize> = (1..cycles)
        .map(|i| usize::from(i > 1 && rng.chance(1.0 / 3.0)))
        .collect();
    let drawn = rng.range(least as i32, least as i32 + 3) as usize;
    let extra: usize = across.iter().sum();
    let outer = if least + extra <= n {
        drawn.min(n - extra)
    } else {
        // Too few rooms for paths through new rooms: chords only.
        across.fill(0);
        drawn.min(n)
    };
    let mut p = Plan::new(cap);
    if !p.add(
        rng,
        Loop::Petal {
            len: outer,
            at: At::Room(0),
        },
    ) {
        return None;
    }
    for k in across {
        let l = Loop::Cross {
            k,
            small: (4, usize::MAX),
            large: 4,
            from: At::OnLoop,
            to: At::OnLoop,
        };
        if !p.add(rng, l) {
            return None;
        }
    }
    while p.len() < n {
        if !p.grow(rng, None) {
            return None;
        }
    }
    (p.len() == n).then_some(p)
}

/// Every loop through room 0, the hub, whose target degree is drawn from
/// `max(4, cycles + 1)..=cap`: a loop of 4–6 rooms from the hub back to it
/// first; each further loop the same with chance 1/2 while the target
/// leaves doors for the loops still to come, else a path of 0–2 new rooms
/// from the hub to a room on a loop across a face, closing cycles of 4–6
/// rooms and at least 4; then leaves off the hub up to the target, then a
/// tree.
fn hub(rng: &mut DungeonRng, n: usize, cycles: usize, cap: usize) -> Option<Plan> {
    let least = (cycles + 1).max(4);
    if least > cap {
        return None;
    }
    let target = rng.range(least as i32, cap as i32) as usize;
    let mut p = Plan::new(cap);
    for i in 0..cycles {
        let left = cycles - i - 1;
        let petal = i == 0 || (p.deg(0) + 2 + left <= target && rng.chance(0.5));
        let l = if petal {
            Loop::Petal {
                len: loop_len(rng, 0.0),
                at: At::Room(0),
            }
        } else {
            Loop::Cross {
                k: rng.range(0, 2) as usize,
                small: (4, 6),
                large: 4,
                from: At::Room(0),
                to: At::OnLoop,
            }
        };
        if p.len() + l.new_rooms() > n || !p.add(rng, l) {
            return None;
        }
    }
    while p.deg(0) < target && p.len() < n {
        p.leaf(rng, 0);
    }
    while p.len() < n {
        if !p.grow(rng, None) {
            return None;
        }
    }
    Some(p)
}
