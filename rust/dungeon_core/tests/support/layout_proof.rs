//! Whether a level graph has a layout at all with its templates, by trying
//! every placement of a relaxed problem: a test and bench oracle, written
//! on the crate's public API only (not the layout search's own tables).
//!
//! **The relaxed problem.** Every room of the graph's 2-core (what is left
//! after taking away rooms of one connection, again and again: the loops
//! and what joins them) gets a variant of an allowed template with at
//! least as many doors as it has connections, and a position, such that
//! the two rooms of every connection sit where a door of one touches a
//! door of the other as wide on the facing side, and no two rooms share a
//! cell (boxes, or outlines for rooms trimmed to their floors). Door
//! conflicts (two connections on doors that touch), the map's size and
//! the rooms off the loops are left aside, so every layout of the graph
//! gives a solution; when the depth-first search finds none, the graph
//! has no layout ([`Verdict::Impossible`]). A solution found
//! ([`Verdict::Relaxed`]) is not a layout, only a sign one may exist.
//! Direct connections only.
//!
//! **The search.** The core room with the most connections sits at the
//! origin in each of its variants in turn. Then, always the unplaced core
//! room with the most placed neighbours (then the most connections, then
//! the lowest number): its candidates are the offsets from one placed
//! neighbour that lie in the configuration spaces of every other placed
//! neighbour and overlap no placed room. After a room is placed, each
//! unplaced core room next to it with two or more placed neighbours must
//! still have a candidate (candidates only shrink as rooms are placed).
//! (Taking instead the room with the fewest candidates decided 21 of the
//! fixed-slot failures of `graph_proof -- --per 3 --sizes 10,20` against
//! 23, in 246 s against 167.)
//! Every offset tried counts against the cap; past it the verdict is
//! [`Verdict::Unknown`].

use std::collections::HashSet;

use dungeon_core::Rect;
use dungeon_core::graph_layout::{EdgeMode, GraphConfig};
use dungeon_core::template::{RoomTemplate, Side, Variant};

/// What the search concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The graph has no loop: nothing to try.
    NoLoop,
    /// No placement of the core rooms (listed) exists: no layout does.
    Impossible(Vec<usize>),
    /// A placement of the core rooms exists (a layout may).
    Relaxed,
    /// The cap was reached first, the config has corridors, or a room has
    /// no template at all (the layout refuses that up front).
    Unknown,
}

/// One variant: its box, the cells it takes, its door places.
struct Var {
    w: i32,
    h: i32,
    /// The cells it takes (its box when not trimmed), relative.
    cells: Vec<Rect>,
    /// Per door place: side, first cell, width.
    places: Vec<(Side, (i32, i32), i32)>,
}

fn variants(t: &RoomTemplate) -> Vec<Var> {
    t.orientations()
        .into_iter()
        .map(|(r, m)| {
            let v = Variant::of(t, r, m);
            let places = v
                .doors
                .iter()
                .flat_map(|d| (0..d.positions()).map(move |k| d.at(k)))
                .map(|p| (p.side, p.first_cell(v.width, v.height), p.width))
                .collect();
            Var {
                w: v.width,
                h: v.height,
                cells: v.outline.as_deref().map_or_else(
                    || vec![Rect::new(0, 0, v.width, v.height)],
                    <[Rect]>::to_vec,
                ),
                places,
            }
        })
        .collect()
}

fn share(a: &[Rect], at: (i32, i32), b: &[Rect], bt: (i32, i32)) -> bool {
    a.iter().any(|p| {
        b.iter().any(|q| {
            let (px, py, qx, qy) = (p.x + at.0, p.y + at.1, q.x + bt.0, q.y + bt.1);
            px < qx + q.w && qx < px + p.w && py < qy + q.h && qy < py + p.h
        })
    })
}

struct Problem {
    vars: Vec<Var>,
    /// Per room, its variant ids.
    allowed: Vec<Vec<usize>>,
    adj: Vec<Vec<usize>>,
    core: Vec<bool>,
    /// Per variant pair `a · n + b`: where `b` may sit relative to `a`,
    /// sorted, and as a set.
    cs: Vec<Vec<(i32, i32)>>,
    cs_set: Vec<HashSet<(i32, i32)>>,
    n: usize,
}

/// The rooms of the 2-core of a graph with adjacency `adj`.
pub fn two_core(adj: &[Vec<usize>]) -> Vec<bool> {
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut core = vec![true; adj.len()];
    while let Some(r) = (0..adj.len()).find(|&r| core[r] && degree[r] <= 1) {
        core[r] = false;
        for &m in &adj[r] {
            degree[m] = degree[m].saturating_sub(1);
        }
    }
    core
}

impl Problem {
    fn new(c: &GraphConfig) -> Self {
        let mut vars = Vec::new();
        let mut by_template = Vec::new();
        for t in &c.templates {
            let first = vars.len();
            vars.extend(variants(t));
            by_template.push(first..vars.len());
        }
        // The layout's own rule (tags and weights), and enough doors.
        let adj = c.graph.adjacency();
        let allowed = c
            .room_templates()
            .unwrap_or_default()
            .iter()
            .enumerate()
            .map(|(i, ts)| {
                ts.iter()
                    .filter(|&&t| c.templates[t].door_capacity() >= adj[i].len())
                    .flat_map(|&t| by_template[t].clone())
                    .collect()
            })
            .collect();
        let n = vars.len();
        let mut cs = Vec::with_capacity(n * n);
        for a in &vars {
            for b in &vars {
                let mut out = Vec::new();
                for &(sa, fa, wa) in &a.places {
                    for &(sb, fb, wb) in &b.places {
                        if sb == sa.opposite() && wa == wb {
                            let (sx, sy) = sa.step();
                            let at = (fa.0 + sx - fb.0, fa.1 + sy - fb.1);
                            if !share(&a.cells, (0, 0), &b.cells, at) {
                                out.push(at);
                            }
                        }
                    }
                }
                out.sort_unstable();
                out.dedup();
                cs.push(out);
            }
        }
        let cs_set = cs.iter().map(|v| v.iter().copied().collect()).collect();
        let core = two_core(&adj);
        Self {
            vars,
            allowed,
            adj,
            core,
            cs,
            cs_set,
            n,
        }
    }
}

/// A room's candidates: `(variant, position)`.
type Candidates = Vec<(usize, (i32, i32))>;

struct Search<'p> {
    p: &'p Problem,
    var: Vec<usize>,
    pos: Vec<(i32, i32)>,
    placed: Vec<bool>,
    checks: u64,
    cap: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Found,
    None,
    Capped,
}

impl Search<'_> {
    fn overlaps(&self, v: usize, at: (i32, i32)) -> bool {
        let me = &self.p.vars[v];
        (0..self.var.len()).any(|j| {
            if !self.placed[j] {
                return false;
            }
            let o = &self.p.vars[self.var[j]];
            let q = self.pos[j];
            at.0 < q.0 + o.w
                && q.0 < at.0 + me.w
                && at.1 < q.1 + o.h
                && q.1 < at.1 + me.h
                && share(&me.cells, at, &o.cells, q)
        })
    }

    fn candidates(&mut self, r: usize, out: &mut Candidates, first_only: bool) {
        out.clear();
        let nbrs: Vec<usize> = self.p.adj[r]
            .iter()
            .copied()
            .filter(|&m| self.placed[m])
            .collect();
        let Some(&p0) = nbrs.first() else { return };
        for &v in &self.p.allowed[r] {
            for &(dx, dy) in &self.p.cs[self.var[p0] * self.p.n + v] {
                self.checks += 1;
                let at = (self.pos[p0].0 + dx, self.pos[p0].1 + dy);
                let joins = nbrs[1..].iter().all(|&q| {
                    self.p.cs_set[self.var[q] * self.p.n + v]
                        .contains(&(at.0 - self.pos[q].0, at.1 - self.pos[q].1))
                });
                if joins && !self.overlaps(v, at) {
                    out.push((v, at));
                    if first_only {
                        return;
                    }
                }
            }
        }
    }

    fn next_room(&self) -> Option<usize> {
        (0..self.var.len())
            .filter(|&r| self.p.core[r] && !self.placed[r])
            .map(|r| {
                let placed = self.p.adj[r].iter().filter(|&&m| self.placed[m]).count();
                (placed, self.p.adj[r].len(), std::cmp::Reverse(r))
            })
            .filter(|k| k.0 > 0)
            .max()
            .map(|k| k.2.0)
    }

    fn dfs(&mut self) -> End {
        let Some(r) = self.next_room() else {
            return End::Found;
        };
        let mut cands = Vec::new();
        self.candidates(r, &mut cands, false);
        let mut probe = Vec::new();
        for (v, at) in cands {
            if self.checks >= self.cap {
                return End::Capped;
            }
            self.var[r] = v;
            self.pos[r] = at;
            self.placed[r] = true;
            let mut dead = false;
            for &u in &self.p.adj[r] {
                if self.p.core[u]
                    && !self.placed[u]
                    && self.p.adj[u].iter().filter(|&&m| self.placed[m]).count() >= 2
                {
                    self.candidates(u, &mut probe, true);
                    if probe.is_empty() {
                        dead = true;
                        break;
                    }
                }
            }
            let end = if dead { End::None } else { self.dfs() };
            self.placed[r] = false;
            if end != End::None {
                return end;
            }
        }
        End::None
    }
}

/// Whether `c`'s graph has a layout at all (see the module docs), trying
/// at most `cap` offsets.
pub fn prove(c: &GraphConfig, cap: u64) -> Verdict {
    let corridor = c.corridors || c.graph.edges.iter().any(|e| e.mode == EdgeMode::Corridor);
    if corridor || c.room_templates().is_err() {
        return Verdict::Unknown;
    }
    let p = Problem::new(c);
    let rooms = p.adj.len();
    let Some(first) = (0..rooms)
        .filter(|&r| p.core[r])
        .max_by_key(|&r| (p.adj[r].len(), std::cmp::Reverse(r)))
    else {
        return Verdict::NoLoop;
    };
    let mut s = Search {
        p: &p,
        var: vec![0; rooms],
        pos: vec![(0, 0); rooms],
        placed: vec![false; rooms],
        checks: 0,
        cap,
    };
    for &v in &p.allowed[first] {
        s.var[first] = v;
        s.placed[first] = true;
        let end = s.dfs();
        s.placed[first] = false;
        match end {
            End::Found => return Verdict::Relaxed,
            End::Capped => return Verdict::Unknown,
            End::None => {}
        }
    }
    Verdict::Impossible((0..rooms).filter(|&r| p.core[r]).collect())
}
