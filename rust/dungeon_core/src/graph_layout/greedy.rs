//! The search: loop chains first (annealed, `anneal.rs`; a chain that
//! does not fit re-lays the chains before it), then the forest hanging off
//! them (or the whole tree from the start room) room by room, as Edgar
//! handles trees greedily: rooms in breadth-first order, each placed
//! against its already placed parent at a point of their configuration
//! space. A room's candidates are its templates drawn by weight without
//! replacement, each with its (variant, parent door, door) choices
//! shuffled; a candidate fits when it overlaps no placed room, uses a
//! parent door that is free and touches no joined door, and leaves both
//! rooms enough doors with free cells outside for the children still to
//! come (a one-step lookahead). From the second attempt on, a dead end
//! tries its smallest templates first and a room of [`JUNCTION`]
//! connections or more its biggest ([`Greedy::templates_for`]). A room
//! with no fitting candidate jumps back to its parent and tries the
//! parent's next candidate; a room hanging off a chain that finds none
//! lays that chain (and the later ones) out again, up to [`RELAYS`] times;
//! an attempt whose work passes its cap starts over (caps follow the Luby
//! sequence) until the work budget is spent.
//!
//! The budget is spent in two phases. The first (`1 / FIRST_SHARE` of
//! it) searches as described; every layout it finds is the one the search
//! found before the second phase existed. Where it finds none, the second
//! phase searches on with the same stream and the same Luby sequence of
//! attempt caps (restarting it lost graphs of 80–100 rooms that need long
//! attempts), with one more test per
//! candidate: the rooms still to hang off a room of five connections or
//! more (a hub) must fit around it all at once, each at the first spot
//! that overlaps nothing: the parent's later children when a tree room is
//! placed, the room's own children, and a loop chain's rooms' pending
//! neighbours when a chain is laid out ([`Greedy::packs`]). The one-cell
//! lookahead counts free doors; on a hub's wall they are not enough when
//! the rooms on them cannot sit side by side. And a loop's closure must
//! leave every room still to come that joins two or more placed rooms a
//! spot where their configuration spaces meet on free ground
//! (`Dp::ears_close`): a closure that takes it, or puts the two rooms where
//! no room joins both, dooms every layout after it.

use super::NAME;
use super::chains::{Chain, cycle_chains};
use super::config::GraphConfig;
use super::energy::{State, W_DIST, W_DOOR};
use super::foot::Foot;
use super::space::Offset;
use super::space::slots_touch;
use super::validate::Checked;
use crate::error::GenError;
use crate::rng::DungeonRng;
use crate::watch::Watch;

/// How the forest (`forest.rs`, the rooms hanging off the loops) ended.
pub(super) enum Forest {
    /// Every room is placed.
    Done,
    /// The attempt ends (see its deepest failure).
    Stuck,
    /// Lay chain `.0` (and the ones after it) out again.
    Relay(usize),
}

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
pub(super) struct Tree {
    pub(super) order: Vec<usize>,
    pub(super) parent: Vec<usize>,
    pub(super) parent_edge: Vec<usize>,
    pub(super) degree: Vec<usize>,
    /// Per room: its position in `order`.
    pub(super) position: Vec<usize>,
    /// Per position in `order`: how many children its parent still gets
    /// after this one.
    pub(super) later_siblings: Vec<usize>,
    /// How many rooms at the front of `order` are placed before the
    /// forest (the loops' rooms, or the start room alone).
    pub(super) roots: usize,
}

impl Tree {
    /// The forest hanging off `roots` (placed first, in this order).
    fn new(c: &GraphConfig, roots: &[usize]) -> Self {
        let n = c.graph.rooms.len();
        let mut adj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
        for (k, e) in c.graph.edges.iter().enumerate() {
            adj[e.a].push((e.b, k));
            adj[e.b].push((e.a, k));
        }
        let mut parent = vec![usize::MAX; n];
        let mut parent_edge = vec![usize::MAX; n];
        let mut order = roots.to_vec();
        for &r in roots {
            parent[r] = r;
        }
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
        let roots_n = roots.len();
        let mut left = vec![0usize; n];
        for &c in &order[roots_n.min(order.len())..] {
            left[parent[c]] += 1;
        }
        let later_siblings = order
            .iter()
            .enumerate()
            .map(|(k, &c)| {
                if k < roots_n {
                    return 0;
                }
                let p = parent[c];
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
            roots: roots_n,
        }
    }
}

/// Why an attempt stopped: the rooms it placed, and what stopped it.
pub(super) type Stuck = (usize, String);

/// Work cap of an attempt, in units, is `LUBY_UNIT · (FIRST_CAP + 50 ·
/// rooms)` times the Luby sequence (1, 1, 2, 1, 1, 2, 4, …; Luby,
/// Sinclair and Zuckerman 1993): within a log factor of the best fixed
/// cap for a search whose run length is random, without knowing it. A
/// unit too small mostly ends attempts that were on their way (measured:
/// 8 left Edgar's 41-room map with corridors at 99 % of 100 seeds and a
/// mean of 478k units, 32 at 100 % and 221k).
const LUBY_UNIT: u64 = 32;
/// See [`LUBY_UNIT`].
const FIRST_CAP: u64 = 2_000;
/// Times an attempt lays a chain out again because a room hanging off it
/// found no spot, before the attempt ends.
pub(super) const RELAYS: u32 = 8;
/// The first phase of the search gets `1 / FIRST_SHARE` of the budget.
const FIRST_SHARE: u64 = 2;
/// Connections from which a room hanging off the loops tries its biggest
/// templates first after the first attempt ([`Greedy::templates_for`]).
/// Measured on the designer maker's trees with door lines, 1000 per size
/// (release): 80 rooms 913 → 1000 laid out, 100 rooms 763 → 999, in 110
/// instead of 185 s of CPU for all 5,000 (10–100 rooms). Graphs 0–399 of
/// 80 and of 100 rooms: 800 laid out from 3 connections, 797 from 5, 798
/// from 2.
pub(super) const JUNCTION: usize = 3;

/// Term `i` (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, …
fn luby(i: u32) -> u64 {
    let mut i = u64::from(i.max(1));
    loop {
        // The smallest k with i ≤ 2^k − 1.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// The search: config, tables, stream, state and budget.
pub(crate) struct Greedy<'a> {
    pub(super) c: &'a GraphConfig,
    pub(super) k: &'a Checked,
    pub(super) rng: &'a mut DungeonRng,
    watch: &'a Watch,
    pub(crate) state: State,
    pub(crate) stats: GraphStats,
    budget: u64,
    next_check: u64,
    best: Option<Stuck>,
    ticks: Vec<u32>,
    pub(super) offs: Vec<Offset>,
    /// The doors [`Greedy::conflicts`] lists.
    pub(super) doors: Vec<usize>,
    /// Per room: `(neighbour, connection)`, in connection order.
    pub(super) adj: Vec<Vec<(usize, usize)>>,
    /// Per connection: whether its doors are recorded.
    pub(super) joined: Vec<bool>,
    /// The second phase of the search (see [`Greedy::run`]).
    pub(super) bold: bool,
}

/// One room's candidates in the depth-first search, and the next to try.
pub(super) struct Frame {
    pub(super) cands: Vec<(usize, Offset)>,
    pub(super) next: usize,
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
            doors: Vec::new(),
            adj: {
                let mut adj = vec![Vec::new(); c.graph.rooms.len()];
                for (k, e) in c.graph.edges.iter().enumerate() {
                    adj[e.a].push((e.b, k));
                    adj[e.b].push((e.a, k));
                }
                adj
            },
            joined: vec![false; c.graph.edges.len()],
            bold: false,
        }
    }

    /// Lays out the tree; the state then holds every room.
    ///
    /// # Errors
    /// [`GenError::Cancelled`], or [`GenError::Exhausted`] when the budget
    /// ran out, naming the room the best attempt could not place.
    pub(crate) fn run(&mut self, root: usize) -> Result<(), GenError> {
        let chains = cycle_chains(&self.c.graph, root);
        let roots: Vec<usize> = if chains.is_empty() {
            vec![root]
        } else {
            chains
                .iter()
                .flat_map(|ch| ch.rooms.iter().copied())
                .collect()
        };
        let tree = Tree::new(self.c, &roots);
        let unit = LUBY_UNIT * (FIRST_CAP + 50 * tree.order.len() as u64);
        // Two phases share the budget: the first (half) searches as before
        // the second existed, so a layout it finds is the same as then;
        // the second, where the first found nothing, adds the packing
        // lookahead (`forest.rs`, `room_left.rs`), its attempts' caps
        // going on along the Luby sequence.
        let split = self.budget / FIRST_SHARE;
        let mut end = split;
        while self.stats.work < self.budget {
            if self.stats.work >= end {
                self.bold = true;
                end = self.budget;
            }
            self.watch.check()?;
            self.stats.attempts += 1;
            self.state.clear();
            self.joined.fill(false);
            let cap = unit.saturating_mul(luby(self.stats.attempts));
            let until = self.stats.work.saturating_add(cap).min(end);
            match self.attempt(&tree, &chains, until)? {
                None => return Ok(()),
                Some(stuck) => {
                    if self.best.as_ref().is_none_or(|b| stuck.0 > b.0) {
                        self.best = Some(stuck);
                    }
                }
            }
            // An attempt always spends work, so the loop ends.
            self.stats.work += 1;
        }
        Err(self.exhausted())
    }

    fn exhausted(&self) -> GenError {
        let n = self.c.graph.rooms.len();
        let why = match &self.best {
            Some((placed, what)) => {
                format!("the best attempt placed {placed} of {n} rooms: {what}")
            }
            None => "no attempt finished".to_string(),
        };
        GenError::Exhausted {
            generator: NAME,
            attempts: self.stats.attempts,
            reason: format!("work_budget = {} spent; {why}", self.c.work_budget),
        }
    }

    /// Why room `c` found no spot against its parent `p`.
    pub(super) fn no_spot(&self, c: usize, p: usize) -> String {
        let g = &self.c.graph;
        format!(
            "{} found no spot against {} (its template's doors free and no overlap); raise \
             work_budget, or give these rooms smaller templates or templates with more doors",
            g.room_label(c),
            g.room_label(p)
        )
    }

    /// Spends `units` of work; a checkpoint every 256 units. `false` when
    /// the work reached `until`. The progress reported is the larger of
    /// the share of rooms placed and the share of the work budget spent,
    /// so it keeps moving while attempts fail at the same room (a run
    /// ends when its budget does).
    pub(super) fn spend(
        &mut self,
        units: u64,
        placed: usize,
        until: u64,
    ) -> Result<bool, GenError> {
        self.stats.work += units;
        if self.stats.work >= self.next_check {
            self.next_check = self.stats.work + 256;
            let n = self.c.graph.rooms.len().max(1) as f64;
            let spent = self.stats.work as f64 / self.budget.max(1) as f64;
            let done = (placed as f64 / n).max(spent);
            self.watch.at(P_START + (P_END - P_START) * done)?;
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
    /// random order. From the second attempt on, sorted by size (width ×
    /// height, the weighted order breaking ties) where the room's
    /// connections call for it: a dead end (one connection) smallest
    /// first, a room of [`JUNCTION`] connections or more biggest first.
    /// Small dead ends leave space for the rooms placed after them, big
    /// junctions wall for their children. The first attempt keeps the
    /// weights' order, so a graph laid out at once follows the weights and
    /// its layout is the same as before the rule existed.
    pub(super) fn templates_for(&mut self, room: usize, degree: usize) -> Vec<usize> {
        let mut left: Vec<usize> = self.k.allowed[room]
            .iter()
            .copied()
            .filter(|&t| self.c.templates[t].door_capacity() >= degree)
            .collect();
        let mut out = Vec::with_capacity(left.len());
        while let Some(t) = self.draw(&mut left) {
            out.push(t);
        }
        if self.stats.attempts > 1 {
            let ts = &self.c.templates;
            let size = |t: usize| i64::from(ts[t].width) * i64::from(ts[t].height);
            if degree == 1 {
                out.sort_by_key(|&t| size(t));
            } else if degree >= JUNCTION {
                out.sort_by_key(|&t| std::cmp::Reverse(size(t)));
            }
        }
        out
    }

    /// The candidates for room `c` against its placed parent `p`.
    pub(super) fn frame(&mut self, tree: &Tree, c: usize) -> Frame {
        let space = &self.k.space;
        let p = tree.parent[c];
        let mut cands = Vec::new();
        for t in self.templates_for(c, tree.degree[c]) {
            let from = cands.len();
            for v in space.variants_of(t) {
                let offs = space.pair(self.state.var[p], v, &mut self.offs);
                for &o in offs {
                    if self.state.door_free(space, p, o.da) {
                        cands.push((v, o));
                    }
                }
            }
            self.rng.shuffle(&mut cands[from..]);
        }
        Frame { cands, next: 0 }
    }

    /// Whether placed room `i` has at least `need` doors other than `but`
    /// (and not touching it) that are free and have a free cell outside,
    /// counting `extra` as placed too. Stops at the `need`th.
    pub(super) fn has_usable_doors(&self, i: usize, but: usize, extra: &Foot, need: usize) -> bool {
        if need == 0 {
            return true;
        }
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
                extra.overlap(&out) == 0 && !self.state.overlaps(&out)
            })
            .take(need)
            .count()
            == need
    }

    /// Whether candidate `(v, o)` for room `c` (parent `p`) fits.
    pub(super) fn fits(&mut self, tree: &Tree, idx: usize, v: usize, o: Offset) -> bool {
        let c = tree.order[idx];
        let p = tree.parent[c];
        let space = &self.k.space;
        if !self.state.door_free(space, p, o.da) {
            return false;
        }
        let pp = self.state.pos[p];
        let at = (pp.0 + o.dx, pp.1 + o.dy);
        let var = &space.vars[v].v;
        let foot = Foot::of(at, var);
        if self.state.overlaps(&foot) {
            return false;
        }
        // Lookahead: the parent keeps doors for its later children, the
        // room for its own.
        if !self.has_usable_doors(p, o.da, &foot, tree.later_siblings[idx]) {
            return false;
        }
        let own = tree.degree[c].saturating_sub(1);
        if own > 0 {
            self.state.place(space, c, v, at);
            let ok = self.has_usable_doors(c, o.db, &Foot::default(), own);
            self.state.unplace_last();
            if !ok {
                return false;
            }
        }
        !self.bold || self.siblings_fit(tree, idx, v, &foot, o)
    }

    /// One attempt: the loop chains by annealing, then the forest depth
    /// first (until the work reaches `until`); `None` when every room is
    /// placed, else where it stuck deepest.
    fn attempt(
        &mut self,
        tree: &Tree,
        chains: &[Chain],
        until: u64,
    ) -> Result<Option<Stuck>, GenError> {
        let space = &self.k.space;
        if chains.is_empty() {
            let root = tree.order[0];
            let roots = self.templates_for(root, tree.degree[root]);
            let Some(&t) = roots.first() else {
                return Ok(Some((0, "no template for the start room".into())));
            };
            let vs = space.variants_of(t);
            let v = vs.start + self.rng.below(vs.len() as u32) as usize;
            self.state.place(space, root, v, (0, 0));
        }
        // Loop chains in order; a chain that does not fit re-lays the one
        // before it (at most three times per chain, then the attempt ends).
        let mut marks: Vec<(usize, usize)> = Vec::with_capacity(chains.len());
        let mut tries = vec![0u32; chains.len()];
        let mut i = 0;
        let mut relays = 0;
        let mut deepest: Option<Stuck> = None;
        loop {
            while let Some(ch) = chains.get(i) {
                marks.truncate(i);
                marks.push((self.state.order.len(), self.state.join_count()));
                let Some(e) = self.anneal(&ch.rooms, until)? else {
                    i += 1;
                    continue;
                };
                // Re-lay the chain before (three times), then the one before
                // that, and so on: a bounded depth-first search over chains.
                let mut back = i;
                loop {
                    if back == 0 {
                        break;
                    }
                    tries[back] += 1;
                    if tries[back] <= 3 {
                        break;
                    }
                    tries[back] = 0;
                    back -= 1;
                }
                if back == 0 || self.stats.work >= until {
                    let names: Vec<String> = ch.rooms.iter().map(usize::to_string).collect();
                    // The chain's rooms not placed before it: one room may
                    // close a loop on its own.
                    let what = match (ch.is_cycle, names.len()) {
                        (true, 1) => "room {} closing a loop",
                        (true, _) => "the loop through rooms {}",
                        (false, 1) => "room {}",
                        (false, _) => "the path through rooms {}",
                    };
                    let what = what.replace("{}", &names.join("–"));
                    return Ok(Some((
                        self.state.order.len(),
                        if e == i64::MAX {
                            format!(
                                "chain {} ({what}) did not fit: no layout of its rooms was found \
                             that joins them to each other and to the placed rooms without \
                             overlap; raise work_budget, or give these rooms templates with more \
                             doors",
                                i + 1,
                            )
                        } else {
                            format!(
                                "chain {} ({what}) did not fit: its closest layout left energy \
                             {e} (overlapping cells + {W_DIST} per cell a connection is off + \
                             {W_DOOR} per door conflict); raise work_budget, or give these rooms \
                             templates with more doors",
                                i + 1,
                            )
                        },
                    )));
                }
                i = back - 1;
                self.undo_to(marks[i]);
            }
            match self.forest(tree, chains, &mut relays, &mut deepest, until)? {
                Forest::Done => return Ok(None),
                Forest::Stuck => return Ok(deepest),
                Forest::Relay(ci) => {
                    self.undo_to(marks[ci]);
                    i = ci;
                }
            }
        }
    }

    /// Removes the rooms and joins made after `mark` (rooms placed, joins
    /// made).
    fn undo_to(&mut self, (rooms, joins): (usize, usize)) {
        while self.state.join_count() > joins {
            if let Some(k) = self.state.unjoin_last() {
                self.joined[k] = false;
            }
        }
        while self.state.order.len() > rooms {
            self.state.unplace_last();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Greedy, JUNCTION};
    use crate::graph_layout::{EdgeMode, GraphConfig, LevelGraph};
    use crate::rng::DungeonRng;
    use crate::watch::Watch;

    /// The first attempt draws a room's templates by weight alone; later
    /// ones put a dead end's smallest first and a junction's biggest first,
    /// and leave a room of two connections to the weights.
    #[test]
    fn later_attempts_fit_template_sizes_to_connections() {
        // Room 0 joins rooms 1–3; room 1 joins room 4 too.
        let mut graph = LevelGraph::new();
        for _ in 0..5 {
            graph.add_room(&[]);
        }
        for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 4)] {
            graph.connect(a, b, EdgeMode::Direct);
        }
        let c = GraphConfig {
            graph,
            templates: GraphConfig::demo_line_templates(),
            ..GraphConfig::demo()
        };
        let k = c.check().expect("a valid graph");
        let cfg = &k.ex.config;
        let size = |t: usize| cfg.templates[t].width * cfg.templates[t].height;
        let watch = Watch::new();
        let mut unsorted = 0;
        for seed in 0..20 {
            for (room, degree) in [(0, JUNCTION), (2, 1), (1, 2)] {
                let orders: Vec<Vec<usize>> = [1, 2]
                    .map(|attempt| {
                        let mut rng = DungeonRng::new(seed);
                        let mut g = Greedy::new(cfg, &k, &mut rng, &watch);
                        g.stats.attempts = attempt;
                        g.templates_for(room, degree)
                    })
                    .into();
                let (first, later) = (&orders[0], &orders[1]);
                let mut same = first.clone();
                same.sort_unstable();
                let mut all = later.clone();
                all.sort_unstable();
                assert_eq!(same, all, "the same templates, seed {seed}");
                assert!(first.len() >= 3, "{first:?}");
                let sizes: Vec<i32> = later.iter().map(|&t| size(t)).collect();
                match degree {
                    1 => assert!(sizes.is_sorted(), "{sizes:?}"),
                    2 => assert_eq!(first, later),
                    _ => assert!(sizes.iter().rev().is_sorted(), "{sizes:?}"),
                }
                let first_sizes: Vec<i32> = first.iter().map(|&t| size(t)).collect();
                if degree != 2 && !first_sizes.is_sorted() && !first_sizes.iter().rev().is_sorted()
                {
                    unsorted += 1;
                }
            }
        }
        // The first attempt's order follows the draw, not the sizes.
        assert!(unsorted > 20, "{unsorted} of 40 first orders not by size");
    }

    #[test]
    fn the_luby_sequence() {
        let got: Vec<u64> = (1..=15).map(super::luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(super::luby(0), 1);
        assert!(super::luby(u32::MAX) >= 1);
    }
}
