//! [`Plan`]: a plane graph grown by leaves and ears, and the loop-erased
//! walk lengths it measures faces with.

use dungeon_core::DungeonRng;
use dungeon_core::graph_layout::{EdgeMode, LevelGraph};

use super::Doors;
use super::shape::on_cycles;

/// A place to put a connection into a room's rotation: the room, and the
/// index its new neighbour takes (between the neighbours before and at it).
pub(super) type Corner = (usize, usize);

/// A plane graph under construction: every room's neighbours in clockwise
/// order (a rotation system that stays planar: rooms are added as leaves,
/// and paths only inside one face).
pub(super) struct Plan {
    rot: Vec<Vec<usize>>,
    cap: usize,
    /// Rooms on a cycle, kept up to date by [`Plan::ear`].
    on_loop: Vec<bool>,
}

/// Where a loop may touch what is built.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum At {
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
pub(super) enum Loop {
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
    pub(super) fn new_rooms(self) -> usize {
        match self {
            Loop::Petal { len, .. } => len - 1,
            Loop::Cross { k, .. } => k,
        }
    }
}

impl Plan {
    pub(super) fn new(cap: usize) -> Self {
        Self {
            rot: vec![Vec::new()],
            cap,
            on_loop: vec![false],
        }
    }

    pub(super) fn len(&self) -> usize {
        self.rot.len()
    }

    pub(super) fn deg(&self, v: usize) -> usize {
        self.rot[v].len()
    }

    pub(super) fn fits(&self, v: usize, at: At) -> bool {
        match at {
            At::Fresh => !self.on_loop[v],
            At::OnLoop => self.on_loop[v],
            At::Any => true,
            At::Room(r) => v == r,
        }
    }

    /// A new room hanging off `p` in a random corner of `p`.
    pub(super) fn leaf(&mut self, rng: &mut DungeonRng, p: usize) -> usize {
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
    pub(super) fn grow(&mut self, rng: &mut DungeonRng, hub: Option<(usize, usize)>) -> bool {
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
    pub(super) fn faces(&self) -> Vec<Vec<Corner>> {
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
    pub(super) fn ear(&mut self, u: Corner, v: Corner, k: usize) {
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
    pub(super) fn add(&mut self, rng: &mut DungeonRng, l: Loop) -> bool {
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
    pub(super) fn hops(&self, u: usize) -> Vec<usize> {
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
    pub(super) fn finish(&self, rng: &mut DungeonRng, doors: Doors) -> Option<LevelGraph> {
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
