//! The search of the proof (see [`super`]): difference constraints per
//! axis, and the relations tried room by room.

use crate::error::GenError;
use crate::template::Side;
use crate::watch::Watch;

const INF: i32 = i32::MAX / 4;

/// One variant as the proof sees it: size and, per door, its side, width
/// and the range of its first cell along the side.
#[derive(PartialEq, Eq)]
pub(super) struct Var {
    pub(super) w: i32,
    pub(super) h: i32,
    /// `(side, width, first place, last place)`.
    pub(super) doors: Vec<(Side, i32, i32, i32)>,
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
pub(super) enum End {
    /// An arrangement exists.
    Found,
    /// None exists.
    None,
    /// The work ran out first.
    Spent,
}

struct Search<'a> {
    vars: &'a [Var],
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

/// The search on rooms `0..adj.len()` (each with its variant ids in
/// `allowed`), with at most `budget` work: how it ended (`None`: no
/// arrangement exists) and the work it spent.
pub(super) fn decide(
    vars: &[Var],
    allowed: Vec<Vec<usize>>,
    adj: Vec<Vec<usize>>,
    turnable: bool,
    budget: u64,
    watch: &Watch,
) -> Result<(End, u64), GenError> {
    let n = adj.len();
    let mut st = State {
        x: Axis::new(n),
        y: Axis::new(n),
    };
    let most =
        |r: usize, f: fn(&Var) -> i32| allowed[r].iter().map(|&v| f(&vars[v])).max().unwrap_or(0);
    for (a, near) in adj.iter().enumerate() {
        for &b in near.iter().filter(|&&b| b > a) {
            let reach = st.x.between(a, b, -most(b, |v| v.w), most(a, |v| v.w))
                && st.y.between(a, b, -most(b, |v| v.h), most(a, |v| v.h));
            if !reach {
                return Ok((End::None, 0));
            }
        }
    }
    let first = (0..n)
        .max_by_key(|&r| (adj[r].len(), std::cmp::Reverse(r)))
        .unwrap_or(0);
    let mut s = Search {
        vars,
        allowed,
        adj,
        var: vec![0; n],
        placed: vec![false; n],
        turnable,
        unit: 1 + (n * n) as u64 / 64,
        left: budget,
        tried: 0,
        watch,
        cancelled: false,
        pool: Vec::new(),
    };
    let mut end = End::None;
    for k in 0..s.allowed.get(first).map_or(0, Vec::len) {
        s.var[first] = s.allowed[first][k];
        s.placed[first] = true;
        end = s.place(&st);
        s.placed[first] = false;
        if s.cancelled {
            return Err(GenError::Cancelled);
        }
        if end != End::None {
            break;
        }
    }
    Ok((end, budget - s.left))
}
