//! Random connected planar level graphs for the graph layout tests and
//! `examples/graph_bench.rs`: the scaling curve's graphs
//! ([`random_graph`]), loops added to a graph at random ([`add_loops`]),
//! and graphs drawn the way designers draw them ([`designer_graph`], issue
//! 37), in classes sampled on their own so that a layout's success can be
//! told per class. Test and bench aid only; not part of the crate's API.
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

use dungeon_core::DungeonRng;
use dungeon_core::graph_layout::{EdgeMode, GraphConfig, LevelGraph};
use dungeon_core::template::RoomTemplate;

/// Rooms `0..n` (room 0 tagged `start`, the last `boss`): a random tree
/// (each room hanging off one of the four rooms made before it, at most
/// three tree connections a room) plus `loops` connections closing
/// vertex-disjoint loops of 4–6 rooms, each kept only if the graph stays
/// planar, no room past 4 connections; `None` when the loops could not be placed.
pub fn random_graph(rng: &mut DungeonRng, n: usize, loops: usize) -> Option<LevelGraph> {
    let mut degree = vec![0usize; n];
    let mut g = LevelGraph::new();
    for i in 0..n {
        let tags: &[&str] = if i == 0 {
            &["start"]
        } else if i + 1 == n {
            &["boss"]
        } else {
            &[]
        };
        g.add_room(tags);
    }
    for i in 1..n {
        let open: Vec<usize> = (i.saturating_sub(4)..i)
            .filter(|&p| degree[p] < 3)
            .collect();
        let &p = rng.pick(&open)?;
        degree[p] += 1;
        degree[i] += 1;
        g.connect(p, i, EdgeMode::Default);
    }
    let mut on_loop = vec![false; n];
    let mut added = 0;
    for _ in 0..400 {
        if added == loops {
            break;
        }
        let a = rng.below(n as u32) as usize;
        // Walk 3–5 steps from a without coming back: a loop of 4–6 rooms.
        let adj = g.adjacency();
        let steps = rng.range(3, 5) as usize;
        let mut path = vec![a];
        let mut prev = a;
        let mut b = a;
        for _ in 0..steps {
            let next: Vec<usize> = adj[b]
                .iter()
                .copied()
                .filter(|&m| m != prev && !path.contains(&m))
                .collect();
            let Some(&m) = rng.pick(&next) else { break };
            prev = b;
            b = m;
            path.push(m);
        }
        if path.len() != steps + 1 || path.iter().any(|&r| on_loop[r]) {
            continue;
        }
        if degree[a] >= 4 || degree[b] >= 4 {
            continue;
        }
        if !connect_if_planar(&mut g, a, b, &mut degree) {
            continue;
        }
        for &r in &path {
            on_loop[r] = true;
        }
        added += 1;
    }
    (added == loops).then_some(g)
}

/// Connects rooms `a` and `b` and counts it in `degree` if the graph stays
/// planar; whether it did.
pub fn connect_if_planar(g: &mut LevelGraph, a: usize, b: usize, degree: &mut [usize]) -> bool {
    g.connect(a, b, EdgeMode::Default);
    if g.check_planar().is_err() {
        g.edges.pop();
        return false;
    }
    degree[a] += 1;
    degree[b] += 1;
    true
}

/// Adds up to `want` connections to `g`, each between rooms three or four
/// connections apart in the graph as it was (loops of 4 or 5 rooms; no
/// triangles, which fixed door slots often cannot close), between rooms
/// of fewer than four connections, each kept only if the graph stays
/// planar; `tries` draws at most. How many were added.
pub fn add_loops(rng: &mut DungeonRng, g: &mut LevelGraph, want: usize, tries: usize) -> usize {
    let n = g.rooms.len();
    if n == 0 {
        return 0;
    }
    let adj = g.adjacency();
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut added = 0;
    for _ in 0..tries {
        if added == want {
            break;
        }
        let a = rng.below(n as u32) as usize;
        // Walk 3 or 4 steps away (never back): a loop of 4 or 5 rooms.
        let mut b = a;
        let mut prev = a;
        let steps = rng.range(3, 4);
        let mut walked = 0;
        for _ in 0..steps {
            let next: Vec<usize> = adj[b].iter().copied().filter(|&m| m != prev).collect();
            let Some(&m) = rng.pick(&next) else { break };
            prev = b;
            b = m;
            walked += 1;
        }
        if walked < steps {
            continue;
        }
        let known = g
            .edges
            .iter()
            .any(|e| (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a));
        if b == a || known || degree[a] >= 4 || degree[b] >= 4 {
            continue;
        }
        if !connect_if_planar(g, a, b, &mut degree) {
            continue;
        }
        added += 1;
    }
    added
}

// ---------------------------------------------------------------------------
// Designer-drawn graphs (issue 37)
// ---------------------------------------------------------------------------

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

/// A place to put a connection into a room's rotation: the room, and the
/// index its new neighbour takes (between the neighbours before and at it).
type Corner = (usize, usize);

/// A plane graph under construction: every room's neighbours in clockwise
/// order (a rotation system that stays planar: rooms are added as leaves,
/// and paths only inside one face).
struct Plan {
    rot: Vec<Vec<usize>>,
    cap: usize,
    /// Rooms on a cycle, kept up to date by [`Plan::ear`].
    on_loop: Vec<bool>,
}

/// Where a loop may touch what is built.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    /// Rooms on no loop.
    Fresh,
    /// Rooms on a loop.
    OnLoop,
    /// Any room.
    Any,
    /// This room.
    Room(usize),
}

/// A loop to add.
#[derive(Clone, Copy)]
enum Loop {
    /// A loop of `len` rooms through one room: `len − 1` new rooms from it
    /// back to it.
    Petal { len: usize, at: At },
    /// A path of `k` new rooms between two rooms of one face: of the two
    /// cycles it closes along the face, the smaller has `small.0..=small.1`
    /// rooms and the larger at least `large`, and no cycle through it has
    /// fewer than `small.0` rooms (the ends are at least `small.0 − k − 1`
    /// connections apart); one end at `from`, the other at `to`.
    Cross {
        k: usize,
        small: (usize, usize),
        large: usize,
        from: At,
        to: At,
    },
}

impl Loop {
    /// New rooms it brings.
    fn new_rooms(self) -> usize {
        match self {
            Loop::Petal { len, .. } => len - 1,
            Loop::Cross { k, .. } => k,
        }
    }
}

impl Plan {
    fn new(cap: usize) -> Self {
        Self {
            rot: vec![Vec::new()],
            cap,
            on_loop: vec![false],
        }
    }

    fn len(&self) -> usize {
        self.rot.len()
    }

    fn deg(&self, v: usize) -> usize {
        self.rot[v].len()
    }

    fn fits(&self, v: usize, at: At) -> bool {
        match at {
            At::Fresh => !self.on_loop[v],
            At::OnLoop => self.on_loop[v],
            At::Any => true,
            At::Room(r) => v == r,
        }
    }

    /// A new room hanging off `p` in a random corner of `p`.
    fn leaf(&mut self, rng: &mut DungeonRng, p: usize) -> usize {
        let x = self.rot.len();
        let d = self.deg(p);
        let pos = if d == 0 {
            0
        } else {
            1 + rng.below(d as u32) as usize
        };
        self.rot[p].insert(pos, x);
        self.rot.push(vec![p]);
        self.on_loop.push(false);
        x
    }

    /// A leaf off one of the last four rooms made with fewer than three
    /// connections (a path with side rooms), or else off any room with a
    /// door to spare; `hub` first, with chance 1/2, while it has fewer
    /// than its target. `false` when no room has a door to spare.
    fn grow(&mut self, rng: &mut DungeonRng, hub: Option<(usize, usize)>) -> bool {
        if let Some((h, target)) = hub
            && self.deg(h) < target.min(self.cap)
            && rng.chance(0.5)
        {
            self.leaf(rng, h);
            return true;
        }
        let n = self.len();
        let recent: Vec<usize> = (n.saturating_sub(4)..n)
            .filter(|&v| self.deg(v) < 3.min(self.cap))
            .collect();
        let p = match rng.pick(&recent) {
            Some(&p) => p,
            None => {
                let open: Vec<usize> = (0..n).filter(|&v| self.deg(v) < self.cap).collect();
                match rng.pick(&open) {
                    Some(&p) => p,
                    None => return false,
                }
            }
        };
        self.leaf(rng, p);
        true
    }

    /// The faces of the embedding, each as the corners its boundary walk
    /// passes, in order (corner `(v, i)`: at `v`, after the neighbour the
    /// walk came from).
    fn faces(&self) -> Vec<Vec<Corner>> {
        if self.rot.iter().all(Vec::is_empty) {
            return vec![vec![(0, 0)]];
        }
        let mut seen: Vec<Vec<bool>> = self.rot.iter().map(|r| vec![false; r.len()]).collect();
        let mut faces = Vec::new();
        for a in 0..self.len() {
            for i in 0..self.deg(a) {
                if seen[a][i] {
                    continue;
                }
                let mut face = Vec::new();
                let (mut x, mut j) = (a, i);
                while !seen[x][j] {
                    seen[x][j] = true;
                    let y = self.rot[x][j];
                    let back = self.rot[y].iter().position(|&z| z == x).unwrap_or(0);
                    face.push((y, back + 1));
                    j = (back + 1) % self.deg(y);
                    x = y;
                }
                faces.push(face);
            }
        }
        faces
    }

    /// A path of `k` new rooms from corner `u` to corner `v` of one face
    /// (`u` and `v` the same corner for a petal, `k ≥ 2`); marks the rooms
    /// now on a cycle.
    fn ear(&mut self, u: Corner, v: Corner, k: usize) {
        let first = self.len();
        for j in 0..k {
            let prev = if j == 0 { u.0 } else { first + j - 1 };
            let next = if j + 1 == k { v.0 } else { first + j + 1 };
            self.rot.push(vec![prev, next]);
            self.on_loop.push(false);
        }
        let (nu, nv) = if k == 0 {
            (v.0, u.0)
        } else {
            (first, first + k - 1)
        };
        if u.0 == v.0 {
            self.rot[u.0].insert(u.1, nv);
            self.rot[u.0].insert(u.1, nu);
        } else {
            self.rot[u.0].insert(u.1, nu);
            self.rot[v.0].insert(v.1, nv);
        }
        for (i, on) in on_cycles(&self.rot).into_iter().enumerate() {
            self.on_loop[i] = on;
        }
    }

    /// Adds `l` at a random place that fits; `false` when none does.
    fn add(&mut self, rng: &mut DungeonRng, l: Loop) -> bool {
        match l {
            Loop::Petal { len, at } => {
                let rooms: Vec<usize> = (0..self.len())
                    .filter(|&v| self.fits(v, at) && self.deg(v) + 2 <= self.cap)
                    .collect();
                let Some(&v) = rng.pick(&rooms) else {
                    return false;
                };
                let d = self.deg(v);
                let pos = if d == 0 {
                    0
                } else {
                    1 + rng.below(d as u32) as usize
                };
                self.ear((v, pos), (v, pos), len - 1);
                true
            }
            Loop::Cross {
                k,
                small,
                large,
                from,
                to,
            } => {
                let mut found = Vec::new();
                // Connections between each candidate end and every room:
                // the shortest cycle the path closes goes through the
                // graph, not only along the face.
                let mut hops: Vec<Option<Vec<usize>>> = vec![None; self.len()];
                for face in self.faces() {
                    let walk: Vec<usize> = face.iter().map(|c| c.0).collect();
                    let dist = erased_lengths(&walk, self.len());
                    for i in 0..walk.len() {
                        for j in 0..walk.len() {
                            let (u, v) = (walk[i], walk[j]);
                            if u == v
                                || !self.fits(u, from)
                                || !self.fits(v, to)
                                || self.deg(u) >= self.cap
                                || self.deg(v) >= self.cap
                                || (k == 0 && self.rot[u].contains(&v))
                            {
                                continue;
                            }
                            // Rooms on the two cycles the path closes.
                            let a = dist[i][j] + k + 1;
                            let b = dist[j][i] + k + 1;
                            let (lo, hi) = (a.min(b), a.max(b));
                            if !(small.0..=small.1).contains(&lo) || hi < large {
                                continue;
                            }
                            let from_u = hops[u].get_or_insert_with(|| self.hops(u));
                            if from_u[v] + k + 1 >= small.0 {
                                found.push((face[i], face[j]));
                            }
                        }
                    }
                }
                let Some(&(u, v)) = rng.pick(&found) else {
                    return false;
                };
                self.ear(u, v, k);
                true
            }
        }
    }

    /// Connections on a shortest path from `u` to every room.
    fn hops(&self, u: usize) -> Vec<usize> {
        let mut d = vec![usize::MAX; self.len()];
        d[u] = 0;
        let mut todo = std::collections::VecDeque::from([u]);
        while let Some(v) = todo.pop_front() {
            for &w in &self.rot[v] {
                if d[w] == usize::MAX {
                    d[w] = d[v] + 1;
                    todo.push_back(w);
                }
            }
        }
        d
    }

    /// The level graph: the start a random room within `doors.start`
    /// connections, rooms numbered breadth first from it (neighbours in
    /// rotation order), the boss the last of them; `None` when the boss
    /// room has more connections than `doors.boss`.
    fn finish(&self, rng: &mut DungeonRng, doors: Doors) -> Option<LevelGraph> {
        let n = self.len();
        let starts: Vec<usize> = (0..n).filter(|&v| self.deg(v) <= doors.start).collect();
        let &start = rng.pick(&starts)?;
        let mut order = vec![start];
        let mut number = vec![usize::MAX; n];
        number[start] = 0;
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in &self.rot[v] {
                if number[w] == usize::MAX {
                    number[w] = order.len();
                    order.push(w);
                }
            }
        }
        if order.len() != n || self.deg(order[n - 1]) > doors.boss {
            return None;
        }
        let mut g = LevelGraph::new();
        for i in 0..n {
            g.add_room(match i {
                0 => &["start"],
                _ if i + 1 == n => &["boss"],
                _ => &[],
            });
        }
        let mut edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|v| self.rot[v].iter().map(move |&w| (v, w)))
            .filter(|&(v, w)| v < w)
            .map(|(v, w)| (number[v].min(number[w]), number[v].max(number[w])))
            .collect();
        edges.sort_unstable();
        for (a, b) in edges {
            g.connect(a, b, EdgeMode::Default);
        }
        Some(g)
    }
}

/// `out[i][j]`: connections on the loop-erased walk from `walk[i]` forward
/// (cyclically) to `walk[j]`, a simple path between the two rooms.
fn erased_lengths(walk: &[usize], rooms: usize) -> Vec<Vec<usize>> {
    let f = walk.len();
    let mut out = vec![vec![0; f]; f];
    let mut at = vec![usize::MAX; rooms];
    let mut stack: Vec<usize> = Vec::with_capacity(f);
    for i in 0..f {
        for &v in &stack {
            at[v] = usize::MAX;
        }
        stack.clear();
        stack.push(walk[i]);
        at[walk[i]] = 0;
        for t in 1..f {
            let j = (i + t) % f;
            let v = walk[j];
            if at[v] == usize::MAX {
                at[v] = stack.len();
                stack.push(v);
            } else {
                while stack.len() > at[v] + 1 {
                    let w = stack.pop().unwrap_or(v);
                    at[w] = usize::MAX;
                }
            }
            out[i][j] = stack.len() - 1;
        }
    }
    out
}

/// Which rooms lie on a cycle (have a connection that is not a bridge).
pub fn on_cycles(adj: &[Vec<usize>]) -> Vec<bool> {
    let mut on = vec![false; adj.len()];
    for b in blocks(adj) {
        if b.0.len() >= 3 {
            for &v in &b.0 {
                on[v] = true;
            }
        }
    }
    on
}

/// A loop of 3 rooms.
pub fn has_triangle(adj: &[Vec<usize>]) -> bool {
    (0..adj.len()).any(|a| {
        adj[a]
            .iter()
            .any(|&b| adj[b].iter().any(|&c| c != a && adj[c].contains(&a)))
    })
}

/// The blocks that hold a cycle.
pub fn cyclic_blocks(adj: &[Vec<usize>]) -> Vec<(Vec<usize>, usize)> {
    blocks(adj).into_iter().filter(|b| b.0.len() >= 3).collect()
}

/// Two cycles share a room: a block with more than one independent cycle
/// (cycles sharing a path), or a room in two blocks with cycles.
pub fn shares_room(adj: &[Vec<usize>]) -> bool {
    let cyclic = cyclic_blocks(adj);
    if cyclic.iter().any(|b| b.1 > b.0.len()) {
        return true;
    }
    let mut count = vec![0; adj.len()];
    for b in &cyclic {
        for &r in &b.0 {
            count[r] += 1;
        }
    }
    count.iter().any(|&c| c >= 2)
}

/// The blocks (biconnected components) of the graph with neighbour lists
/// `adj`: each block's rooms and its number of connections (a bridge is a
/// block of 2 rooms and 1 connection).
pub fn blocks(adj: &[Vec<usize>]) -> Vec<(Vec<usize>, usize)> {
    let n = adj.len();
    let mut disc = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut time = 0;
    let mut edge_stack: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    for root in 0..n {
        if disc[root] != usize::MAX {
            continue;
        }
        disc[root] = time;
        low[root] = time;
        time += 1;
        // (room, parent, next neighbour index)
        let mut stack = vec![(root, usize::MAX, 0usize)];
        while let Some(top) = stack.last_mut() {
            let (v, parent) = (top.0, top.1);
            if top.2 < adj[v].len() {
                let w = adj[v][top.2];
                top.2 += 1;
                if disc[w] == usize::MAX {
                    edge_stack.push((v, w));
                    disc[w] = time;
                    low[w] = time;
                    time += 1;
                    stack.push((w, v, 0));
                } else if w != parent && disc[w] < disc[v] {
                    edge_stack.push((v, w));
                    low[v] = low[v].min(disc[w]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p] = low[p].min(low[v]);
                    if low[v] >= disc[p] {
                        let mut rooms = Vec::new();
                        let mut count = 0;
                        while let Some(e) = edge_stack.pop() {
                            count += 1;
                            rooms.push(e.0);
                            rooms.push(e.1);
                            if e == (p, v) {
                                break;
                            }
                        }
                        rooms.sort_unstable();
                        rooms.dedup();
                        out.push((rooms, count));
                    }
                }
            }
        }
    }
    out
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
