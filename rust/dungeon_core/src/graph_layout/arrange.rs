//! The proof that no layout exists: after a search that found nothing, a
//! complete search of a relaxed problem on the rooms' relative order, so a
//! graph its templates cannot realise is named as such rather than left to
//! "the work budget ran out".
//!
//! **The relaxed problem.** Every room of the (subdivided) graph's 2-core —
//! what is left after taking away rooms of one connection, again and
//! again: the loops and what joins them — gets a variant of an allowed
//! template with enough doors and a position; the two rooms of every
//! connection touch where a door of one faces a door of the other as wide,
//! and no two rooms overlap. Door conflicts, the rooms off the loops and
//! everything else are left aside, so every layout gives a solution:
//! when there is none, no seed and no budget can lay the graph out.
//!
//! **Positions are never chosen.** Each choice is a relation, a set of
//! difference constraints on the rooms' left edges `x` and top edges `y`:
//! - a connection through door `a` of room `i` on its east side and door
//!   `b` of room `j`: `x_j − x_i = w_i`, and `y_j − y_i` in the interval
//!   where the two doors' places meet (one value for two fixed slots, a
//!   range for door lines); likewise for the other sides;
//! - two rooms with no connection: one east, west, south or north of the
//!   other (`x_j − x_i ≥ w_i`, …; boxes may touch), each way denying the
//!   ways tried before it, so no placement is looked at twice.
//!
//! Difference constraints have an integer solution exactly when their
//! graph has no negative cycle; each axis keeps the matrix of its shortest
//! paths, updated in `O(rooms²)` per constraint. The rooms of every
//! connection also start within reach of each other (`x_j − x_i` in
//! `−w_j..=w_i` for their widest variants). A separation already implied
//! is not branched on.
//!
//! **The search.** The core room with the most connections first, in each
//! of its variants; then always the unplaced core room with the most
//! placed neighbours: each variant, each pair of facing doors for each
//! placed neighbour, each separation still open from every other placed
//! room. With every template turnable, the second room goes east of the
//! first (a turned solution is a solution). Each relation tried costs work
//! in proportion to the matrices' size, and the proof stops at its budget,
//! undecided.
//!
//! Rooms trimmed to their floors (doors on inner walls, other rooms in the
//! box) are not modelled: such a configuration is never proven
//! impossible. Measured in BENCHMARKS.md ("Which level graphs have no
//! layout").

use super::config::GraphConfig;
use super::graph::LevelGraph;
use super::space::Space;
use crate::error::{ConfigError, GenError};
use crate::template::{RoomTemplate, Side};
use crate::watch::Watch;

const INF: i32 = i32::MAX / 4;

/// What [`GraphConfig::prove_layout`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutProof {
    /// No layout exists, whatever the seed or work budget: the rooms on the
    /// graph's loops (ascending; for corridors, of the graph with a room
    /// per corridor piece, the pieces after the graph's rooms) cannot be
    /// arranged.
    NoLayout(Vec<usize>),
    /// The rooms on the loops can be arranged, door conflicts and the
    /// rooms off the loops aside: a layout may exist. (Also for a graph
    /// with no loop.)
    Arranged,
    /// The work ran out first, or a template is trimmed to its floors
    /// (not modelled).
    Undecided,
}

impl GraphConfig {
    /// Whether the graph provably has no layout with these templates, with
    /// at most `work` units of work (a relation tried costs 1 plus the
    /// square of the loops' room count over 64). Complete: given the work,
    /// it decides. A layout ([`super::layout`]) runs it with four times its
    /// work budget after a search that found nothing, once per
    /// configuration and thread.
    ///
    /// # Errors
    /// As [`GraphConfig::validate`].
    pub fn prove_layout(&self, work: u64) -> Result<LayoutProof, ConfigError> {
        let c = self.check()?;
        prove(
            &c.ex.config.graph,
            &c.ex.config.templates,
            &c.space,
            &c.allowed,
            work,
            &Watch::new(),
        )
        // A watch of its own is never cancelled.
        .or(Ok(LayoutProof::Undecided))
    }
}

/// One variant as the proof sees it: size and, per door, its side, width
/// and the range of its first cell along the side.
#[derive(PartialEq, Eq)]
struct Var {
    w: i32,
    h: i32,
    doors: Vec<(Side, i32, i32, i32)>,
}

/// One axis's shortest paths: `d[u·n + v]` bounds `p_v − p_u` from above
/// (`INF`: no bound).
#[derive(Clone)]
struct Axis {
    n: usize,
    d: Vec<i32>,
}

impl Axis {
    fn new(n: usize) -> Self {
        let mut d = vec![INF; n * n];
        for u in 0..n {
            d[u * n + u] = 0;
        }
        Self { n, d }
    }

    fn bound(&self, u: usize, v: usize) -> i32 {
        self.d[u * self.n + v]
    }

    /// Adds `p_v − p_u ≤ c`; false when that leaves no solution. (Row `v`
    /// itself cannot shrink: `d[v][u] + c ≥ 0` once the check passed.)
    fn add(&mut self, u: usize, v: usize, c: i32) -> bool {
        let n = self.n;
        if self.bound(v, u) < INF && self.bound(v, u) + c < 0 {
            return false;
        }
        if self.bound(u, v) <= c {
            return true;
        }
        for a in (0..n).filter(|&a| a != v) {
            let au = self.d[a * n + u];
            if au >= INF {
                continue;
            }
            let via = au + c;
            // Rows `a` and `v` apart, so one can be written as the other
            // is read.
            let (row_a, row_v) = if a < v {
                let (lo, hi) = self.d.split_at_mut(v * n);
                (&mut lo[a * n..a * n + n], &hi[..n])
            } else {
                let (lo, hi) = self.d.split_at_mut(a * n);
                (&mut hi[..n], &lo[v * n..v * n + n])
            };
            for (cell, &vb) in row_a.iter_mut().zip(row_v) {
                let through = if vb >= INF { INF } else { via + vb };
                *cell = (*cell).min(through);
            }
        }
        true
    }

    /// Adds `lo ≤ p_v − p_u ≤ hi`.
    fn between(&mut self, u: usize, v: usize, lo: i32, hi: i32) -> bool {
        self.add(u, v, hi) && self.add(v, u, -lo)
    }
}

#[derive(Clone)]
struct State {
    x: Axis,
    y: Axis,
}

impl State {
    /// Becomes a copy of `other`, in its own memory.
    fn copy_from(&mut self, other: &State) {
        self.x.d.clone_from(&other.x.d);
        self.y.d.clone_from(&other.y.d);
    }

    /// Room `j` joined to room `i` through door `da` of `a` (room `i`'s
    /// variant) and door `db` of `b` (room `j`'s): `(across, along)`, the
    /// axis the doors face on (`true`: x) with `p_j − p_i` there, and the
    /// range of `p_j − p_i` along the wall.
    fn join_terms(a: &Var, da: usize, b: &Var, db: usize) -> (bool, i32, (i32, i32)) {
        let (side, _, a0, a1) = a.doors[da];
        let (_, _, b0, b1) = b.doors[db];
        // The doors' first cells `p_i + a0..=a1` and `p_j + b0..=b1` meet.
        let along = (a0 - b1, a1 - b0);
        match side {
            Side::East => (true, a.w, along),
            Side::West => (true, -b.w, along),
            Side::South => (false, a.h, along),
            Side::North => (false, -b.h, along),
        }
    }

    /// Whether the join's constraints are each open on their own (a cheap
    /// test before copying the state).
    fn may_join(&self, i: usize, j: usize, terms: (bool, i32, (i32, i32))) -> bool {
        let (on_x, d, (lo, hi)) = terms;
        let (across, wall) = if on_x {
            (&self.x, &self.y)
        } else {
            (&self.y, &self.x)
        };
        let open = |ax: &Axis, lo: i32, hi: i32| {
            let (up, down) = (ax.bound(i, j), ax.bound(j, i));
            (down >= INF || down + hi >= 0) && (up >= INF || up - lo >= 0) && lo <= hi
        };
        open(across, d, d) && open(wall, lo, hi)
    }

    /// Adds the join's constraints; false when that leaves no solution.
    fn join(&mut self, i: usize, j: usize, terms: (bool, i32, (i32, i32))) -> bool {
        let (on_x, d, (lo, hi)) = terms;
        let (across, wall) = if on_x {
            (&mut self.x, &mut self.y)
        } else {
            (&mut self.y, &mut self.x)
        };
        across.between(i, j, d, d) && wall.between(i, j, lo, hi)
    }
}

/// How a branch of the search ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Found,
    None,
    Spent,
}

struct Search<'a> {
    vars: Vec<Var>,
    /// Per core room (dense), its variant ids in `vars`.
    allowed: Vec<Vec<usize>>,
    /// Per core room, its core neighbours.
    adj: Vec<Vec<usize>>,
    var: Vec<usize>,
    placed: Vec<bool>,
    turnable: bool,
    /// Work per relation tried, and the work left.
    unit: u64,
    left: u64,
    tried: u64,
    watch: &'a Watch,
    cancelled: bool,
    /// States to copy into, so a branch allocates nothing.
    pool: Vec<State>,
}

impl Search<'_> {
    /// Pays for one relation; false when the budget is spent or the run
    /// was cancelled.
    fn pay(&mut self) -> bool {
        if self.left < self.unit {
            return false;
        }
        self.left -= self.unit;
        self.tried += 1;
        if self.tried.is_multiple_of(1024) && self.watch.check().is_err() {
            self.cancelled = true;
        }
        !self.cancelled
    }

    /// A copy of `st` from the pool.
    fn copy(&mut self, st: &State) -> State {
        let mut s = self.pool.pop().unwrap_or_else(|| st.clone());
        s.copy_from(st);
        s
    }

    fn next_room(&self) -> Option<usize> {
        (0..self.adj.len())
            .filter(|&r| !self.placed[r])
            .map(|r| {
                let placed = self.adj[r].iter().filter(|&&m| self.placed[m]).count();
                (placed, self.adj[r].len(), std::cmp::Reverse(r))
            })
            .filter(|k| k.0 > 0)
            .max()
            .map(|k| k.2.0)
    }

    fn place(&mut self, st: &State) -> End {
        let Some(r) = self.next_room() else {
            return End::Found;
        };
        let nbrs: Vec<usize> = self.adj[r]
            .iter()
            .copied()
            .filter(|&m| self.placed[m])
            .collect();
        for k in 0..self.allowed[r].len() {
            self.var[r] = self.allowed[r][k];
            let end = self.joins(st, r, &nbrs, 0);
            if end != End::None {
                return end;
            }
        }
        End::None
    }

    /// Room `r` joined to `nbrs[k..]`, then kept apart from the others.
    fn joins(&mut self, st: &State, r: usize, nbrs: &[usize], k: usize) -> End {
        let Some(&m) = nbrs.get(k) else {
            let others: Vec<usize> = (0..self.adj.len())
                .filter(|&q| self.placed[q] && !self.adj[r].contains(&q))
                .collect();
            return self.apart(st, r, &others, 0);
        };
        let (vm, vr) = (self.var[m], self.var[r]);
        let second = self.turnable && self.placed.iter().filter(|&&p| p).count() == 1;
        for da in 0..self.vars[vm].doors.len() {
            for db in 0..self.vars[vr].doors.len() {
                let (sa, wa, _, _) = self.vars[vm].doors[da];
                let (sb, wb, _, _) = self.vars[vr].doors[db];
                if sb != sa.opposite() || wa != wb || (second && sa != Side::East) {
                    continue;
                }
                if !self.pay() {
                    return End::Spent;
                }
                let terms = State::join_terms(&self.vars[vm], da, &self.vars[vr], db);
                if !st.may_join(m, r, terms) {
                    continue;
                }
                let mut next = self.copy(st);
                let end = if next.join(m, r, terms) {
                    self.joins(&next, r, nbrs, k + 1)
                } else {
                    End::None
                };
                self.pool.push(next);
                if end != End::None {
                    return end;
                }
            }
        }
        End::None
    }

    /// Room `r` kept apart from `others[k..]`, then the next room.
    fn apart(&mut self, st: &State, r: usize, others: &[usize], k: usize) -> End {
        let Some(&q) = others.get(k) else {
            self.placed[r] = true;
            let end = self.place(st);
            self.placed[r] = false;
            return end;
        };
        let (a, b) = (&self.vars[self.var[q]], &self.vars[self.var[r]]);
        // `(on x, u, v, c)`: `p_v − p_u ≥ c`.
        let ways = [
            (true, q, r, a.w),
            (true, r, q, b.w),
            (false, q, r, a.h),
            (false, r, q, b.h),
        ];
        let implied = ways.iter().any(|&(on_x, u, v, c)| {
            let ax = if on_x { &st.x } else { &st.y };
            ax.bound(v, u) <= -c
        });
        if implied {
            return self.apart(st, r, others, k + 1);
        }
        let mut denied = self.copy(st);
        let mut end = End::None;
        for (on_x, u, v, c) in ways {
            if !self.pay() {
                end = End::Spent;
                break;
            }
            // Open on its own (`p_u − p_v ≤ −c` against `p_u − p_v`'s
            // least value)?
            let open = {
                let ax = if on_x { &denied.x } else { &denied.y };
                ax.bound(u, v) >= c
            };
            if open {
                let mut next = self.copy(&denied);
                let ax = if on_x { &mut next.x } else { &mut next.y };
                if ax.add(v, u, -c) {
                    end = self.apart(&next, r, others, k + 1);
                }
                self.pool.push(next);
                if end != End::None {
                    break;
                }
            }
            // The next ways deny this one: `p_v − p_u ≤ c − 1`.
            let ax = if on_x { &mut denied.x } else { &mut denied.y };
            if !ax.add(u, v, c - 1) {
                break;
            }
        }
        self.pool.push(denied);
        end
    }
}

/// The rooms of the 2-core of a graph with adjacency `adj`.
fn two_core(adj: &[Vec<usize>]) -> Vec<bool> {
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut core = vec![true; adj.len()];
    let mut stack: Vec<usize> = (0..adj.len()).filter(|&r| degree[r] <= 1).collect();
    while let Some(r) = stack.pop() {
        if !core[r] {
            continue;
        }
        core[r] = false;
        for &m in &adj[r] {
            degree[m] = degree[m].saturating_sub(1);
            if core[m] && degree[m] <= 1 {
                stack.push(m);
            }
        }
    }
    core
}

/// Whether graph `g` has no layout when room `r` may use
/// `templates[t]` for each `t` of `allowed[r]` (their variants in
/// `space`), spending at most `budget` work.
///
/// # Errors
/// [`GenError::Cancelled`] when `watch` was cancelled.
pub(crate) fn prove(
    g: &LevelGraph,
    templates: &[RoomTemplate],
    space: &Space,
    allowed: &[Vec<usize>],
    budget: u64,
    watch: &Watch,
) -> Result<LayoutProof, GenError> {
    let adj_all = g.adjacency();
    let in_core = two_core(&adj_all);
    let core: Vec<usize> = (0..adj_all.len()).filter(|&r| in_core[r]).collect();
    if core.is_empty() {
        return Ok(LayoutProof::Arranged);
    }
    let mut dense = vec![usize::MAX; adj_all.len()];
    for (k, &r) in core.iter().enumerate() {
        dense[r] = k;
    }
    let adj: Vec<Vec<usize>> = core
        .iter()
        .map(|&r| {
            adj_all[r]
                .iter()
                .filter(|&&m| in_core[m])
                .map(|&m| dense[m])
                .collect()
        })
        .collect();
    // Each core room's variants, turns that give the same box and doors
    // kept once; rooms trimmed to their floors leave the proof undecided.
    let mut vars: Vec<Var> = Vec::new();
    let mut of_template: Vec<Option<Vec<usize>>> = vec![None; space.by_template.len()];
    let mut room_vars = Vec::with_capacity(core.len());
    for &r in &core {
        let mut ids = Vec::new();
        let degree = adj_all[r].len();
        for &t in allowed[r]
            .iter()
            .filter(|&&t| templates[t].door_capacity() >= degree)
        {
            if of_template[t].is_none() {
                let (lo, hi) = space.by_template[t];
                let mut mine: Vec<usize> = Vec::new();
                for info in &space.vars[lo..hi] {
                    let v = &info.v;
                    if v.outline.is_some() || info.lines.iter().any(|d| d.inset != 0) {
                        return Ok(LayoutProof::Undecided);
                    }
                    // The doors as the template has them: a door line is
                    // one door here, its places a range.
                    let mut doors: Vec<(Side, i32, i32, i32)> = info
                        .lines
                        .iter()
                        .filter(|d| d.positions() > 0)
                        .map(|d| {
                            let (fx, fy) = d.first_cell(v.width, v.height);
                            let first = match d.side {
                                Side::North | Side::South => fx,
                                Side::East | Side::West => fy,
                            };
                            (d.side, d.width, first, first + d.positions() - 1)
                        })
                        .collect();
                    doors.sort_unstable_by_key(|&(s, w, a, b)| (s.index(), w, a, b));
                    let var = Var {
                        w: v.width,
                        h: v.height,
                        doors,
                    };
                    if !mine.iter().any(|&k| vars[k] == var) {
                        mine.push(vars.len());
                        vars.push(var);
                    }
                }
                of_template[t] = Some(mine);
            }
            ids.extend(of_template[t].iter().flatten().copied());
        }
        room_vars.push(ids);
    }
    let n = core.len();
    let mut st = State {
        x: Axis::new(n),
        y: Axis::new(n),
    };
    let most =
        |r: usize, f: fn(&Var) -> i32| room_vars[r].iter().map(|&v| f(&vars[v])).max().unwrap_or(0);
    let no_layout = || LayoutProof::NoLayout(core.clone());
    for (a, near) in adj.iter().enumerate() {
        for &b in near.iter().filter(|&&b| b > a) {
            let reach = st.x.between(a, b, -most(b, |v| v.w), most(a, |v| v.w))
                && st.y.between(a, b, -most(b, |v| v.h), most(a, |v| v.h));
            if !reach {
                return Ok(no_layout());
            }
        }
    }
    let first = (0..n)
        .max_by_key(|&r| (adj[r].len(), std::cmp::Reverse(r)))
        .unwrap_or(0);
    let mut s = Search {
        vars,
        allowed: room_vars,
        adj,
        var: vec![0; n],
        placed: vec![false; n],
        turnable: templates.iter().all(|t| t.rotations),
        unit: 1 + (n * n) as u64 / 64,
        left: budget,
        tried: 0,
        watch,
        cancelled: false,
        pool: Vec::new(),
    };
    for k in 0..s.allowed[first].len() {
        s.var[first] = s.allowed[first][k];
        s.placed[first] = true;
        let end = s.place(&st);
        s.placed[first] = false;
        if s.cancelled {
            return Err(GenError::Cancelled);
        }
        match end {
            End::Found => return Ok(LayoutProof::Arranged),
            End::Spent => return Ok(LayoutProof::Undecided),
            End::None => {}
        }
    }
    Ok(no_layout())
}
