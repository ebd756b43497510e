//! Tree graphs laid out room by room (Edgar lays trees out greedily too):
//! rooms in breadth-first order from the start room, each placed against
//! its already placed parent at a point of their configuration space.
//! A room's candidates are its templates drawn by weight without
//! replacement, each with its (variant, parent door, door) choices
//! shuffled; a candidate fits when it overlaps no placed room, uses a
//! parent door that is free and touches no joined door, and leaves both
//! rooms enough doors with free cells outside for the children still to
//! come (a one-step lookahead). A room with no fitting candidate
//! backtracks to the room's parent and tries the parent's next candidate (backjumping); an attempt whose work
//! passes its cap starts over (the cap doubles each time, so the search
//! is complete in the limit), until the work budget is spent.

use super::NAME;
use super::config::GraphConfig;
use super::energy::{Foot, State};
use super::space::Offset;
use super::space::slots_touch;
use super::validate::Checked;
use crate::error::GenError;
use crate::rng::DungeonRng;
use crate::watch::Watch;

/// Work done, for benchmarks and messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GraphStats {
    /// Attempts started.
    pub attempts: u32,
    /// Work units spent: one per candidate placement tested, plus one per
    /// 32 placed rooms its overlap test read.
    pub work: u64,
}

/// Progress when the layout starts and ends.
pub(crate) const P_START: f64 = 0.05;
pub(crate) const P_END: f64 = 0.95;

/// The tree laid out from the start room outwards.
struct Tree {
    order: Vec<usize>,
    parent: Vec<usize>,
    parent_edge: Vec<usize>,
    degree: Vec<usize>,
    /// Per room: its position in `order`.
    position: Vec<usize>,
    /// Per position in `order`: how many children its parent still gets
    /// after this one.
    later_siblings: Vec<usize>,
}

impl Tree {
    fn new(c: &GraphConfig, root: usize) -> Self {
        let n = c.graph.rooms.len();
        let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (k, e) in c.graph.edges.iter().enumerate() {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
        let mut parent = vec![usize::MAX; n];
        let mut parent_edge = vec![usize::MAX; n];
        let mut order = vec![root];
        parent[root] = root;
        let mut head = 0;
        while let Some(&r) = order.get(head) {
            head += 1;
            for &(m, k) in &adj[r] {
                if parent[m] == usize::MAX {
                    parent[m] = r;
                    parent_edge[m] = k;
                    order.push(m);
                }
            }
        }
        let mut left: Vec<usize> = (0..n)
            .map(|r| adj[r].len() - usize::from(r != root))
            .collect();
        let later_siblings = order
            .iter()
            .map(|&c| {
                let p = parent[c];
                if c == root {
                    return 0;
                }
                left[p] = left[p].saturating_sub(1);
                left[p]
            })
            .collect();
        let mut position = vec![0; n];
        for (k, &r) in order.iter().enumerate() {
            position[r] = k;
        }
        Self {
            order,
            parent,
            parent_edge,
            degree: adj.iter().map(Vec::len).collect(),
            position,
            later_siblings,
        }
    }
}

/// Why the best attempt stopped: `(rooms placed, room, its parent)`.
type Stuck = (usize, usize, usize);

/// Work cap of the first attempt, in units; each restart doubles it.
const FIRST_CAP: u64 = 2_000;

/// The search: config, tables, stream, state and budget.
pub(crate) struct Greedy<'a> {
    c: &'a GraphConfig,
    k: &'a Checked,
    rng: &'a mut DungeonRng,
    watch: &'a Watch,
    pub(crate) state: State,
    pub(crate) stats: GraphStats,
    budget: u64,
    next_check: u64,
    best: Option<Stuck>,
    ticks: Vec<u32>,
    offs: Vec<Offset>,
}

/// One room's candidates in the depth-first search, and the next to try.
struct Frame {
    cands: Vec<(usize, Offset)>,
    next: usize,
}

impl<'a> Greedy<'a> {
    pub(crate) fn new(
        c: &'a GraphConfig,
        k: &'a Checked,
        rng: &'a mut DungeonRng,
        watch: &'a Watch,
    ) -> Self {
        Self {
            c,
            k,
            rng,
            watch,
            state: State::new(c.graph.rooms.len()),
            stats: GraphStats::default(),
            budget: u64::try_from(c.work_budget).unwrap_or(0),
            next_check: 0,
            best: None,
            ticks: c
                .templates
                .iter()
                .map(|t| (t.weight * 1000.0).round().clamp(1.0, 1e6) as u32)
                .collect(),
            offs: Vec::new(),
        }
    }

    /// Lays out the tree; the state then holds every room.
    ///
    /// # Errors
    /// [`GenError::Cancelled`], or [`GenError::Exhausted`] when the budget
    /// ran out, naming the room the best attempt could not place.
    pub(crate) fn run(&mut self, root: usize) -> Result<(), GenError> {
        let tree = Tree::new(self.c, root);
        let mut cap = FIRST_CAP + 50 * tree.order.len() as u64;
        while self.stats.work < self.budget {
            self.watch.check()?;
            self.stats.attempts += 1;
            self.state.clear();
            let until = self.stats.work.saturating_add(cap).min(self.budget);
            match self.attempt(&tree, until)? {
                None => return Ok(()),
                Some(stuck) => {
                    if self.best.is_none_or(|b| stuck.0 > b.0) {
                        self.best = Some(stuck);
                    }
                }
            }
            // An attempt always spends work, so the loop ends.
            self.stats.work += 1;
            cap = cap.saturating_mul(2);
        }
        Err(self.exhausted())
    }

    fn exhausted(&self) -> GenError {
        let g = &self.c.graph;
        let n = g.rooms.len();
        let why = match self.best {
            Some((placed, room, parent)) if placed > 0 => format!(
                "the best attempt placed {placed} of {n} rooms: {} found no spot against {} \
                 (its template's doors free and no overlap); raise work_budget, or give these \
                 rooms smaller templates or templates with more doors",
                g.room_label(room),
                g.room_label(parent)
            ),
            _ => "no attempt finished".to_string(),
        };
        GenError::Exhausted {
            generator: NAME,
            attempts: self.stats.attempts,
            reason: format!("work_budget = {} spent; {why}", self.c.work_budget),
        }
    }

    /// Spends `units` of work; a checkpoint every 256 units. `false` when
    /// the work reached `until`.
    fn spend(&mut self, units: u64, placed: usize, until: u64) -> Result<bool, GenError> {
        self.stats.work += units;
        if self.stats.work >= self.next_check {
            self.next_check = self.stats.work + 256;
            let n = self.c.graph.rooms.len().max(1) as f64;
            self.watch
                .at(P_START + (P_END - P_START) * placed as f64 / n)?;
        }
        Ok(self.stats.work < until)
    }

    /// The next of `left` drawn by weight, removed from it.
    fn draw(&mut self, left: &mut Vec<usize>) -> Option<usize> {
        let total: u64 = left.iter().map(|&t| u64::from(self.ticks[t])).sum();
        let mut r = u64::from(self.rng.below(u32::try_from(total).unwrap_or(u32::MAX)));
        let mut at = 0;
        for (k, &t) in left.iter().enumerate() {
            let w = u64::from(self.ticks[t]);
            at = k;
            if r < w {
                break;
            }
            r -= w;
        }
        (at < left.len()).then(|| left.remove(at))
    }

    /// Room `room`'s templates with at least `degree` doors, in a weighted
    /// random order.
    fn templates_for(&mut self, room: usize, degree: usize) -> Vec<usize> {
        let mut left: Vec<usize> = self.k.allowed[room]
            .iter()
            .copied()
            .filter(|&t| self.c.templates[t].doors.len() >= degree)
            .collect();
        let mut out = Vec::with_capacity(left.len());
        while let Some(t) = self.draw(&mut left) {
            out.push(t);
        }
        out
    }

    /// The candidates for room `c` against its placed parent `p`.
    fn frame(&mut self, tree: &Tree, c: usize) -> Frame {
        let space = &self.k.space;
        let p = tree.parent[c];
        let mut cands = Vec::new();
        for t in self.templates_for(c, tree.degree[c]) {
            let from = cands.len();
            for v in space.variants_of(t) {
                self.offs.clear();
                space.offsets(self.state.var[p], v, &mut self.offs);
                for &o in &self.offs {
                    if self.state.door_free(space, p, o.da) {
                        cands.push((v, o));
                    }
                }
            }
            self.rng.shuffle(&mut cands[from..]);
        }
        Frame { cands, next: 0 }
    }

    /// Doors of placed room `i` other than `but` (and not touching it)
    /// that are free and have a free cell outside, counting `extra` as
    /// placed too.
    fn usable_doors(&self, i: usize, but: usize, extra: &Foot) -> usize {
        let space = &self.k.space;
        let v = &space.vars[self.state.var[i]].v;
        let (px, py) = self.state.pos[i];
        let skip = v.doors.get(but);
        (0..v.doors.len())
            .filter(|&d| {
                let slot = &v.doors[d];
                if d == but || skip.is_some_and(|b| slots_touch(b, slot)) {
                    return false;
                }
                if !self.state.door_free(space, i, d) {
                    return false;
                }
                let (x, y) = slot.first_cell(v.width, v.height);
                let (sx, sy) = slot.side.step();
                let out = Foot::at((px + x + sx, py + y + sy), 1, 1);
                extra.overlap(&out) == 0 && self.state.overlap_with(&out) == 0
            })
            .count()
    }

    /// Whether candidate `(v, o)` for room `c` (parent `p`) fits.
    fn fits(&mut self, tree: &Tree, idx: usize, v: usize, o: Offset) -> bool {
        let c = tree.order[idx];
        let p = tree.parent[c];
        let space = &self.k.space;
        if !self.state.door_free(space, p, o.da) {
            return false;
        }
        let pp = self.state.pos[p];
        let at = (pp.0 + o.dx, pp.1 + o.dy);
        let var = &space.vars[v].v;
        let foot = Foot::at(at, var.width, var.height);
        if self.state.overlap_with(&foot) != 0 {
            return false;
        }
        // Lookahead: the parent keeps doors for its later children, the
        // room for its own.
        if self.usable_doors(p, o.da, &foot) < tree.later_siblings[idx] {
            return false;
        }
        self.state.place(space, c, v, at);
        let ok = self.usable_doors(c, o.db, &Foot::default()) + 1 >= tree.degree[c];
        self.state.unplace_last();
        ok
    }

    /// One attempt (depth first, until the work reaches `until`); `None`
    /// when every room is placed, else where it stuck deepest.
    fn attempt(&mut self, tree: &Tree, until: u64) -> Result<Option<Stuck>, GenError> {
        let space = &self.k.space;
        let root = tree.order[0];
        let roots = self.templates_for(root, tree.degree[root]);
        let Some(&t) = roots.first() else {
            return Ok(Some((0, root, root)));
        };
        let vs = space.variants_of(t);
        let v = vs.start + self.rng.below(vs.len() as u32) as usize;
        self.state.place(space, root, v, (0, 0));
        let n = tree.order.len();
        // stack[k]: the frame of the room at position k + 1, whose
        // candidate `next − 1` is placed.
        let mut stack: Vec<Frame> = Vec::with_capacity(n);
        let mut resume: Option<Frame> = None;
        let mut deepest: Stuck = (1, root, root);
        loop {
            let idx = stack.len() + 1;
            if idx >= n {
                return Ok(None);
            }
            let c = tree.order[idx];
            let p = tree.parent[c];
            let mut f = match resume.take() {
                Some(f) => f,
                None => self.frame(tree, c),
            };
            let mut placed = false;
            while let Some(&(v, o)) = f.cands.get(f.next) {
                f.next += 1;
                let units = 2 + self.state.order.len() as u64 / 16;
                if !self.spend(units, idx, until)? {
                    return Ok(Some(deepest));
                }
                if self.fits(tree, idx, v, o) {
                    let pp = self.state.pos[p];
                    self.state.place(space, c, v, (pp.0 + o.dx, pp.1 + o.dy));
                    self.state.join(p, o.da, c, o.db, tree.parent_edge[c]);
                    placed = true;
                    break;
                }
            }
            if placed {
                stack.push(f);
                continue;
            }
            if idx > deepest.0 {
                deepest = (idx, c, p);
            }
            // Backjump to the parent (the room `c` must fit against): undo
            // every room placed since, and go on with the parent's frame.
            // The root has no frame: the attempt ends.
            let target = tree.position[p];
            if target == 0 {
                return Ok(Some(deepest));
            }
            let mut prev = None;
            while stack.len() >= target {
                prev = stack.pop();
                self.state.unjoin_last();
                self.state.unplace_last();
            }
            let Some(prev) = prev else {
                return Ok(Some(deepest));
            };
            resume = Some(prev);
        }
    }
}
