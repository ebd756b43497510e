//! The Dungeoning's growing loop: from the start room, pick an
//! open door at random, pick a template by weight with a door as wide on
//! the facing side, place it so the doors meet, inside the map and over no
//! other room; on failure try the other templates, then leave the door
//! sealed. Every placement test and door pick is a step of one budget.

use super::shape::Side;
use super::tables::{Prepared, key};
use crate::grid::Pos;
use crate::rng::DungeonRng;
use crate::watch::Span;

/// One placed template.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Placed {
    pub(crate) template: usize,
    pub(crate) variant: usize,
    pub(crate) x: i32,
    pub(crate) y: i32,
}

/// What became of a door slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DoorState {
    Open,
    Sealed,
    /// Joined by join number.
    Joined(usize),
}

/// Two joined doors, `(placement, door)` each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawJoin {
    pub(crate) a: (usize, usize),
    pub(crate) b: (usize, usize),
    pub(crate) is_loop: bool,
}

/// A grown layout: placements, door states, joins, start (placement 0)
/// and end.
pub(crate) struct Layout {
    pub(crate) placed: Vec<Placed>,
    pub(crate) doors: Vec<Vec<DoorState>>,
    pub(crate) joins: Vec<RawJoin>,
    pub(crate) end: usize,
}

/// Work done, for benchmarks and messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrowStats {
    /// Attempts started (a failed attempt starts the level over).
    pub attempts: u32,
    /// Steps spent: door picks plus placement tests.
    pub steps: u64,
    /// Placement tests (a template orientation tried at a door).
    pub tries: u64,
    /// Placement tests that failed (overlap or outside the map).
    pub failed: u64,
    /// Work units: door picks, candidate templates weighed, cells read by
    /// placement tests and written by placements; at most
    /// [`super::MAX_WORK`] (and a few more) per level.
    pub work: u64,
}

/// One attempt's state.
pub(crate) struct Grower<'p, 'a> {
    p: &'p Prepared<'a>,
    rng: &'p mut DungeonRng,
    stats: &'p mut GrowStats,
    budget: u64,
    /// The level's work cap ([`super::MAX_WORK`]; lower in tests).
    cap: u64,
    /// Occupancy per map cell: 0 free, else placement + 1. Shared by the
    /// attempts of one level; each attempt clears what it placed.
    occ: &'p mut [u32],
    placed: Vec<Placed>,
    doors: Vec<Vec<DoorState>>,
    joins: Vec<RawJoin>,
    open: Vec<(usize, usize)>,
    counts: Vec<i32>,
    rooms: i32,
    goal: i32,
}

impl<'p, 'a> Grower<'p, 'a> {
    /// An attempt on the all-free occupancy grid `occ` (width × height).
    pub(crate) fn new(
        p: &'p Prepared<'a>,
        rng: &'p mut DungeonRng,
        stats: &'p mut GrowStats,
        occ: &'p mut [u32],
        cap: u64,
    ) -> Self {
        let c = p.config;
        Self {
            occ,
            budget: u64::try_from(c.max_steps).unwrap_or(0),
            cap,
            counts: vec![0; p.rules.len()],
            p,
            rng,
            stats,
            placed: Vec::new(),
            doors: Vec::new(),
            joins: Vec::new(),
            open: Vec::new(),
            rooms: 0,
            goal: 0,
        }
    }

    fn out_of_steps(&self) -> bool {
        self.stats.steps >= self.budget || self.stats.work >= self.cap
    }

    /// Frees the cells this attempt placed rooms on, so the next attempt
    /// starts from a free map without a new grid (a big map and many quick
    /// failures would otherwise clear millions of cells each time).
    pub(crate) fn clear(&mut self) {
        let cw = self.p.config.width as usize;
        for pl in &self.placed {
            let var = &self.p.variants[pl.template][pl.variant];
            for y in pl.y..pl.y + var.height {
                let row = y as usize * cw + pl.x as usize;
                self.occ[row..row + var.width as usize].fill(0);
            }
        }
    }

    /// One attempt at a level of `target` rooms.
    ///
    /// `progress` is checked every 256 steps, at the share of the rooms
    /// placed; a cancelled run ends the attempt with an empty reason (the
    /// caller reads the watch).
    pub(crate) fn attempt(&mut self, target: i32, progress: Span<'_>) -> Result<Layout, String> {
        let c = self.p.config;
        let has_end = !c.end_tag.is_empty();
        self.goal = target - i32::from(has_end);
        self.place_start()?;
        while self.rooms < self.goal {
            if self.out_of_steps() {
                if self.stats.steps < self.budget {
                    return Err(format!(
                        "the work cap of {} units ran out after {} of {target} rooms",
                        self.cap, self.rooms
                    ));
                }
                return Err(format!(
                    "max_steps = {} ran out after {} of {target} rooms; raise max_steps",
                    c.max_steps, self.rooms
                ));
            }
            if self.open.is_empty() {
                return Err(format!(
                    "only {} of {target} rooms placed: no open door left takes a template inside \
                     the {} × {} map; raise width and height, or add templates with more doors",
                    self.rooms, c.width, c.height
                ));
            }
            self.stats.steps += 1;
            self.stats.work += 1;
            if self.stats.steps.is_multiple_of(256)
                && progress
                    .step(self.rooms.max(0) as usize, self.goal.max(1) as usize)
                    .is_err()
            {
                return Err(String::new());
            }
            let i = self.rng.below(self.open.len() as u32) as usize;
            let (pl, d) = self.open[i];
            if self.doors[pl][d] != DoorState::Open {
                self.open.swap_remove(i);
                continue;
            }
            let placed = self.outside_free(pl, d) && self.try_door(pl, d, false);
            // New doors were pushed at the end, so index i is still this door.
            self.open.swap_remove(i);
            if !placed {
                self.doors[pl][d] = DoorState::Sealed;
            }
        }
        let end = if has_end {
            self.place_end()?
        } else {
            0 // chosen after trimming
        };
        let mut layout = self.finish(end);
        if !has_end {
            layout.end = farthest_room(&layout, &self.p.corridor).ok_or_else(|| {
                "no room besides the start: add templates that are not corridors".to_string()
            })?;
        }
        self.check_rules(&layout)?;
        Ok(layout)
    }

    fn place_start(&mut self) -> Result<(), String> {
        let c = self.p.config;
        let starts: Vec<usize> = (0..c.templates.len())
            .filter(|&t| c.can_start(&c.templates[t]))
            .collect();
        let mut pool: Vec<(usize, u32)> = starts.iter().map(|&t| (t, self.p.ticks[t])).collect();
        while let Some(k) = weighted(self.rng, &pool) {
            let t = pool[k].0;
            let fitting: Vec<usize> = (0..self.p.variants[t].len())
                .filter(|&v| {
                    let var = &self.p.variants[t][v];
                    var.width <= c.width && var.height <= c.height
                })
                .collect();
            if let Some(&v) = self.rng.pick(&fitting) {
                let var = &self.p.variants[t][v];
                let origin = ((c.width - var.width) / 2, (c.height - var.height) / 2);
                self.place(t, v, origin, None, false);
                return Ok(());
            }
            pool.swap_remove(k);
        }
        Err("no start template fits the map".into())
    }

    /// Whether the cell just outside door `d` of placement `pl` is free and
    /// inside the map.
    fn outside_free(&self, pl: usize, d: usize) -> bool {
        let (side, first, _) = self.world_door(pl, d);
        let (sx, sy) = side.step();
        self.occupant((first.0 + sx, first.1 + sy)) == Some(0)
    }

    /// The occupancy at `p` (0 free, placement + 1), `None` outside.
    fn occupant(&self, p: Pos) -> Option<u32> {
        let c = self.p.config;
        if p.0 < 0 || p.1 < 0 || p.0 >= c.width || p.1 >= c.height {
            return None;
        }
        self.occ
            .get(p.1 as usize * c.width as usize + p.0 as usize)
            .copied()
    }

    /// Door `d` of placement `pl` in map coordinates: side, first cell,
    /// width.
    fn world_door(&self, pl: usize, d: usize) -> (Side, Pos, i32) {
        let pc = self.placed[pl];
        let var = &self.p.variants[pc.template][pc.variant];
        let door = var.doors[d];
        let (lx, ly) = door.first_cell(var.width, var.height);
        (door.side, (pc.x + lx, pc.y + ly), door.width)
    }

    /// Whether template `t` may join a door of placement `parent` now.
    fn allowed(&self, t: usize, parent: usize, end: bool) -> bool {
        let c = self.p.config;
        let tpl = &c.templates[t];
        if !(if end { c.is_end(tpl) } else { c.can_grow(tpl) }) {
            return false;
        }
        let tags = self.p.tags[t];
        for (r, &(bit, _, max)) in self.p.rules.iter().enumerate() {
            if max >= 0 && tags & bit != 0 && self.counts[r] >= max {
                return false;
            }
        }
        let corridor = self.p.corridor[t];
        if c.corridors_between_rooms && !corridor && !self.p.corridor[self.placed[parent].template]
        {
            return false;
        }
        if end || corridor {
            return true;
        }
        // Keep enough of the remaining rooms for the tags still needed.
        let mut need: i32 = 0;
        let mut helps = false;
        for (r, &(bit, min, _)) in self.p.rules.iter().enumerate() {
            let missing = (min - self.counts[r]).max(0);
            need = need.saturating_add(missing);
            helps |= missing > 0 && tags & bit != 0;
        }
        helps || need < self.goal - self.rooms
    }

    /// Tries templates at open door `d` of `pl` (by weight, each in every
    /// fitting orientation); places the first that fits.
    fn try_door(&mut self, pl: usize, d: usize, end: bool) -> bool {
        let (side, first, width) = self.world_door(pl, d);
        let cands = &self.p.by_door[key(side.opposite(), width)];
        let mut pool: Vec<(usize, u32)> = cands
            .iter()
            .enumerate()
            .filter(|(_, cand)| self.allowed(cand.template, pl, end))
            .map(|(i, cand)| (i, self.p.ticks[cand.template]))
            .collect();
        let (sx, sy) = side.step();
        let target = (first.0 + sx, first.1 + sy);
        // Free cells straight out from the door: a room deeper than that
        // cannot fit (its wall column through the door spans its depth), so
        // it is skipped without a test. Same placements, fewer failed tests.
        let mut room = 0;
        while room < super::config::MAX_TEMPLATE_SIDE
            && self.occupant((target.0 + sx * room, target.1 + sy * room)) == Some(0)
        {
            room += 1;
        }
        self.stats.work += cands.len() as u64 + room as u64;
        while let Some(k) = weighted(self.rng, &pool) {
            let cand = &cands[pool[k].0];
            let mut order = cand.fits.clone();
            self.rng.shuffle(&mut order);
            for (v, nd) in order {
                if self.out_of_steps() {
                    return false;
                }
                let var = &self.p.variants[cand.template][v];
                let depth = if sx == 0 { var.height } else { var.width };
                if depth > room {
                    continue;
                }
                self.stats.steps += 1;
                self.stats.tries += 1;
                let (lx, ly) = var.doors[nd].first_cell(var.width, var.height);
                let origin = (target.0 - lx, target.1 - ly);
                let (free, read) = self.free(origin, var.width, var.height);
                self.stats.work += 1 + read;
                if free {
                    // The placement writes the cells the test read.
                    self.stats.work += read;
                    self.place(cand.template, v, origin, Some((pl, d, nd)), end);
                    return true;
                }
                self.stats.failed += 1;
            }
            pool.swap_remove(k);
        }
        false
    }

    /// Whether a `w × h` room at `origin` lies inside the map over free
    /// cells.
    /// Also returns how many cells it read, up to the first taken one.
    fn free(&self, origin: Pos, w: i32, h: i32) -> (bool, u64) {
        let c = self.p.config;
        if origin.0 < 0 || origin.1 < 0 || origin.0 + w > c.width || origin.1 + h > c.height {
            return (false, 0);
        }
        let cw = c.width as usize;
        let mut read = 0;
        for y in origin.1..origin.1 + h {
            let row = y as usize * cw + origin.0 as usize;
            let cells = &self.occ[row..row + w as usize];
            match cells.iter().position(|&o| o != 0) {
                Some(k) => return (false, read + k as u64 + 1),
                None => read += w as u64,
            }
        }
        (true, read)
    }

    /// Places variant `v` of template `t` at `origin`, joined through
    /// `(parent, parent door, own door)`; its other doors open, loop or seal.
    fn place(
        &mut self,
        t: usize,
        v: usize,
        origin: Pos,
        join: Option<(usize, usize, usize)>,
        end: bool,
    ) {
        let c = self.p.config;
        let idx = self.placed.len();
        let var = &self.p.variants[t][v];
        let (w, h) = (var.width, var.height);
        let cw = c.width as usize;
        for y in origin.1..origin.1 + h {
            let row = y as usize * cw + origin.0 as usize;
            self.occ[row..row + w as usize].fill(idx as u32 + 1);
        }
        self.placed.push(Placed {
            template: t,
            variant: v,
            x: origin.0,
            y: origin.1,
        });
        self.doors.push(vec![DoorState::Open; var.doors.len()]);
        let tags = self.p.tags[t];
        for (r, &(bit, _, _)) in self.p.rules.iter().enumerate() {
            if tags & bit != 0 {
                self.counts[r] += 1;
            }
        }
        if !self.p.corridor[t] {
            self.rooms += 1;
        }
        let own = join.map(|(pl, d, nd)| {
            self.link((pl, d), (idx, nd), false);
            nd
        });
        for e in 0..var.doors.len() {
            if Some(e) == own {
                continue;
            }
            let (side, first, width) = self.world_door(idx, e);
            let (sx, sy) = side.step();
            let q = (first.0 + sx, first.1 + sy);
            match self.occupant(q) {
                None => self.doors[idx][e] = DoorState::Sealed,
                Some(0) => self.open.push((idx, e)),
                Some(o) => {
                    let other = o as usize - 1;
                    let facing = (0..self.doors[other].len()).find(|&f| {
                        self.doors[other][f] == DoorState::Open
                            && self.world_door(other, f) == (side.opposite(), q, width)
                    });
                    let rooms_meet =
                        !self.p.corridor[t] && !self.p.corridor[self.placed[other].template];
                    match facing {
                        Some(f)
                            if c.loops && !end && !(c.corridors_between_rooms && rooms_meet) =>
                        {
                            self.link((other, f), (idx, e), true);
                        }
                        _ => self.doors[idx][e] = DoorState::Sealed,
                    }
                }
            }
        }
    }

    fn link(&mut self, a: (usize, usize), b: (usize, usize), is_loop: bool) {
        let j = self.joins.len();
        self.joins.push(RawJoin { a, b, is_loop });
        self.doors[a.0][a.1] = DoorState::Joined(j);
        self.doors[b.0][b.1] = DoorState::Joined(j);
    }

    /// The end room: an end template joined to an open door of a room at
    /// least as deep as the deepest room less one, so it is the farthest.
    fn place_end(&mut self) -> Result<usize, String> {
        let depth = depths(self.placed.len(), &self.joins);
        let deepest = depth.iter().copied().max().unwrap_or(0);
        let mut doors: Vec<(usize, usize)> = (0..self.placed.len())
            .filter(|&pl| depth[pl].saturating_add(1) >= deepest)
            .flat_map(|pl| (0..self.doors[pl].len()).map(move |d| (pl, d)))
            .filter(|&(pl, d)| self.doors[pl][d] == DoorState::Open)
            .collect();
        self.rng.shuffle(&mut doors);
        doors.sort_by_key(|&(pl, _)| std::cmp::Reverse(depth[pl]));
        for (pl, d) in doors {
            if self.out_of_steps() {
                break;
            }
            if self.outside_free(pl, d) && self.try_door(pl, d, true) {
                return Ok(self.placed.len() - 1);
            }
        }
        Err(format!(
            "no open door of the deepest rooms takes an end_tag {:?} template (rooms {}, {} × {} map)",
            self.p.config.end_tag, self.rooms, self.p.config.width, self.p.config.height
        ))
    }

    /// Seals open doors, removes corridor pieces leading nowhere and
    /// renumbers.
    fn finish(&mut self, end: usize) -> Layout {
        let n = self.placed.len();
        let mut alive = vec![true; n];
        let mut live_joins = vec![true; self.joins.len()];
        let mut degree = vec![0u32; n];
        for j in &self.joins {
            degree[j.a.0] += 1;
            degree[j.b.0] += 1;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for p in 1..n {
                if alive[p]
                    && p != end
                    && self.p.corridor[self.placed[p].template]
                    && degree[p] <= 1
                {
                    alive[p] = false;
                    changed = true;
                    for (j, join) in self.joins.iter().enumerate() {
                        if live_joins[j] && (join.a.0 == p || join.b.0 == p) {
                            live_joins[j] = false;
                            degree[join.a.0] -= 1;
                            degree[join.b.0] -= 1;
                        }
                    }
                }
            }
        }
        let mut new_index = vec![usize::MAX; n];
        let mut placed = Vec::new();
        for p in 0..n {
            if alive[p] {
                new_index[p] = placed.len();
                placed.push(self.placed[p]);
            }
        }
        let mut join_index = vec![usize::MAX; self.joins.len()];
        let mut joins = Vec::new();
        for (j, join) in self.joins.iter().enumerate() {
            if live_joins[j] {
                join_index[j] = joins.len();
                joins.push(RawJoin {
                    a: (new_index[join.a.0], join.a.1),
                    b: (new_index[join.b.0], join.b.1),
                    is_loop: join.is_loop,
                });
            }
        }
        let doors = (0..n)
            .filter(|&p| alive[p])
            .map(|p| {
                self.doors[p]
                    .iter()
                    .map(|&s| match s {
                        DoorState::Joined(j) if live_joins[j] => DoorState::Joined(join_index[j]),
                        _ => DoorState::Sealed,
                    })
                    .collect()
            })
            .collect();
        Layout {
            placed,
            doors,
            joins,
            end: new_index[end.min(n - 1)],
        }
    }

    fn check_rules(&self, layout: &Layout) -> Result<(), String> {
        for r in &self.p.config.tag_rules {
            let n = layout
                .placed
                .iter()
                .filter(|pl| self.p.config.templates[pl.template].has_tag(&r.tag))
                .count() as i32;
            if n < r.min || (r.max >= 0 && n > r.max) {
                return Err(format!(
                    "tag rule {:?} wants {}..{} rooms, {n} placed",
                    r.tag,
                    r.min,
                    if r.max < 0 {
                        "any".to_string()
                    } else {
                        r.max.to_string()
                    }
                ));
            }
        }
        Ok(())
    }
}

/// A weighted pick from `(item, weight)` pairs: the index, or `None` when
/// all weights are zero or the list is empty.
fn weighted(rng: &mut DungeonRng, pool: &[(usize, u32)]) -> Option<usize> {
    let total: u64 = pool.iter().map(|&(_, w)| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let total = u32::try_from(total).unwrap_or(u32::MAX);
    let mut r = rng.below(total);
    for (i, &(_, w)) in pool.iter().enumerate() {
        if r < w {
            return Some(i);
        }
        r -= w;
    }
    pool.len().checked_sub(1)
}

/// Hops from placement 0 along joins, per placement (`u32::MAX` if cut off).
pub(crate) fn depths(n: usize, joins: &[RawJoin]) -> Vec<u32> {
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for j in joins {
        adj[j.a.0].push(j.b.0);
        adj[j.b.0].push(j.a.0);
    }
    crate::adjacency::hops(&adj, 0)
}

/// The non-corridor room farthest from the start (the first of a tie).
fn farthest_room(layout: &Layout, corridor: &[bool]) -> Option<usize> {
    let depth = depths(layout.placed.len(), &layout.joins);
    crate::adjacency::farthest_node(
        &depth,
        (1..layout.placed.len()).filter(|&p| !corridor[layout.placed[p].template]),
    )
}
