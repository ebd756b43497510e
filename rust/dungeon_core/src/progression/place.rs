//! The progression planner ([`plan`]): chooses the rooms to lock, the rooms
//! holding their keys and the one-way shortcuts of a finished layout, then
//! stores them in the grid once the proof ([`super::Proof`]) accepts them.
//!
//! After Metazelda's key levels and Dormans' lock-and-key cycle, inverted
//! for a layout that already exists: find the cuts first, then give the
//! keys levels.
//!
//! 1. **Candidates.** Locking room `v` closes every visible connection
//!    from `v` to a room outside `v` and the rooms behind it
//!    ([`RoomMetrics::behind`]): a bridge end gets one door, a room on a
//!    loop one door per arc. Rooms whose doors outnumber
//!    `max_doors_per_key` are left out. A candidate is *critical* when the
//!    end lies behind it, a *branch* otherwise.
//! 2. **Tile check**, per chosen candidate: with its doors shut (and every
//!    secret door open), a flood from the start must reach exactly the
//!    rooms outside what it claims to guard; a second corridor around it
//!    rejects it.
//! 3. **Choice.** About half the locks critical (the first in the last
//!    60 % of the critical path, the next ones at least two rooms nearer
//!    the start), the rest on the branches worth most (rooms behind,
//!    special rooms, depth).
//! 4. **Keys in key-level order.** Walking outward from the start region,
//!    each lock whose doors the player can reach gets its key in a room
//!    reached before it, far off the direct way (branch depth, dead ends,
//!    distance; for a lock on a loop, the far arc).
//! 5. **One-way shortcuts** on loops only, where the two rooms stay joined
//!    with every lock shut and without the shortcut.
//! 6. The locks are sorted and proven; the plan's own construction order is
//!    the witness.

use super::gates::{Side, gate};
use super::metrics::{CHOKEPOINT, DEAD_END, RoomMetrics};
use super::settings::ProgressionSettings;
use crate::analysis::{UNREACHABLE, bfs};
use crate::error::{ConfigError, GenError};
use crate::grid::{DungeonGrid, Lock, LockKind, RoomRole};
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;

/// What a plan placed (it places *up to* what was asked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    /// Key locks asked for (`ProgressionSettings::locks`).
    pub locks_wanted: i32,
    /// Key locks placed: locked rooms, each with its own key (a lock on a
    /// room with several doors counts once).
    pub locks_placed: i32,
    /// One-way doors asked for.
    pub one_way_wanted: i32,
    /// One-way doors placed.
    pub one_way_placed: i32,
}

/// A room the planner may lock.
#[derive(Clone, Debug)]
struct Candidate {
    /// The locked room.
    room: usize,
    /// The rooms outside it its doors lead to (the locks' `from`), sorted.
    doors: Vec<usize>,
    /// The end lies behind it.
    critical: bool,
    /// How much a branch lock is worth (more is better).
    value: i64,
}

/// Chooses locks, keys and one-way doors for `grid` (replacing any it has)
/// and stores them in it, proven finishable. The random stream is the
/// grid's own seed and level (`DungeonRng::for_level(grid.seed,
/// grid.level, stage::PROGRESSION)`), so the same grid and settings always
/// give the same locks.
///
/// # Errors
/// [`GenError::Config`] for bad settings (the field is the setting's
/// name), for more locks than the grid has connections, or for settings
/// asking for locks or one-way doors on a grid without rooms (field
/// `locks`/`one_way`, naming the generator: "the cave generator makes no
/// rooms"); [`GenError::Cancelled`] when `watch` is cancelled.
pub fn plan(
    grid: &mut DungeonGrid,
    settings: &ProgressionSettings,
    watch: &Watch,
) -> Result<Plan, GenError> {
    settings.validate().map_err(GenError::Config)?;
    let mut out = Plan {
        locks_wanted: settings.locks,
        one_way_wanted: settings.one_way,
        ..Plan::default()
    };
    grid.locks.clear();
    if !settings.is_active() {
        return Ok(out);
    }
    if grid.room_count() == 0 {
        let (field, value) = if settings.locks > 0 {
            ("locks", settings.locks)
        } else {
            ("one_way", settings.one_way)
        };
        return Err(GenError::Config(ConfigError::new(
            field,
            value,
            format!("0: the {} generator makes no rooms", grid.generator),
        )));
    }
    let ctx = Context::new(grid);
    let visible = ctx.visible_connections();
    if settings.locks as usize > visible {
        return Err(GenError::Config(ConfigError::new(
            "locks",
            settings.locks,
            format!("0..={visible} on this grid ({visible} connections)"),
        )));
    }
    watch.check()?;
    let mut rng = DungeonRng::for_level(grid.seed, grid.level, stage::PROGRESSION);
    let chosen = ctx.choose_locks(settings, &mut rng, watch)?;
    let keyed = ctx.place_keys(settings, &chosen, &mut rng, watch)?;
    let mut locks: Vec<Lock> = Vec::new();
    for &(c, key) in &keyed {
        for &from in &c.doors {
            locks.push(Lock {
                from,
                into: c.room,
                kind: LockKind::Key { key },
            });
        }
    }
    Lock::sort_canonical(&mut locks);
    grid.locks = locks;
    if grid.check_locks().is_err() {
        // Never expected: every step above keeps the proof's rules. A plan
        // the proof refuses is not stored.
        grid.locks.clear();
        return Ok(out);
    }
    out.locks_placed = i32::try_from(keyed.len()).unwrap_or(i32::MAX);
    Ok(out)
}

/// What the planner reads from the grid, found once.
struct Context<'a> {
    g: &'a DungeonGrid,
    m: RoomMetrics,
    /// Visible neighbours of each room (no secret rooms), sorted.
    adj: Vec<Vec<usize>>,
    start_room: Option<usize>,
    end_room: Option<usize>,
    /// Per room, whether a flood from the start (secret doors open, no
    /// lock) reaches it.
    reached: Vec<bool>,
}

impl<'a> Context<'a> {
    fn new(g: &'a DungeonGrid) -> Self {
        let n = g.room_count();
        let secret = |r: usize| g.room_role(r).is_some_and(RoomRole::is_secret);
        let mut adj = vec![Vec::new(); n];
        for c in g.connections() {
            let (a, b) = c.rooms;
            if a < n && b < n && !secret(a) && !secret(b) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for a in &mut adj {
            a.sort_unstable();
            a.dedup();
        }
        let mut ctx = Self {
            g,
            m: g.room_metrics(),
            adj,
            start_room: g.room_at(g.start()),
            end_room: g.room_at(g.end()),
            reached: Vec::new(),
        };
        ctx.reached = ctx.flood(&[]);
        ctx
    }

    fn secret(&self, r: usize) -> bool {
        self.g.room_role(r).is_some_and(RoomRole::is_secret)
    }

    fn visible_connections(&self) -> usize {
        self.adj.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// Whether room `r` lies in what a lock on `v` guards.
    fn guarded(&self, v: usize, r: usize) -> bool {
        r == v || self.m.is_behind(v, r)
    }

    /// The rooms a flood from the start reaches with `sides` shut and
    /// every secret door open.
    fn flood(&self, sides: &[Side]) -> Vec<bool> {
        let g = self.g;
        let mut masks = g.door_masks().to_vec();
        for &(p, bit) in sides {
            let (q, back) = super::gates::across(p, bit);
            for (cell, b) in [(p, bit), (q, back)] {
                if let Some(m) = g.index(cell).and_then(|i| masks.get_mut(i)) {
                    *m &= !b;
                }
            }
        }
        let (mut dist, mut queue) = (Vec::new(), Vec::new());
        if let Some(s) = g.index(g.start()) {
            bfs(g.width(), &masks, s, &mut dist, &mut queue);
        }
        g.room_records()
            .iter()
            .map(|room| {
                room.cells()
                    .next()
                    .and_then(|p| g.index(p))
                    .and_then(|i| dist.get(i))
                    .is_some_and(|&d| d != UNREACHABLE)
            })
            .collect()
    }

    /// The lock on `v`, if `v` may be locked under `settings`.
    fn candidate(&self, v: usize, settings: &ProgressionSettings) -> Option<Candidate> {
        if Some(v) == self.start_room
            || self.secret(v)
            || self.m.distance_rooms.get(v).is_none_or(|&d| d < 0)
        {
            return None;
        }
        let doors: Vec<usize> = self.adj[v]
            .iter()
            .copied()
            .filter(|&y| !self.guarded(v, y))
            .collect();
        if doors.is_empty() || doors.len() > settings.max_doors_per_key as usize {
            return None;
        }
        let critical = self.end_room.is_some_and(|e| self.guarded(v, e));
        let mut value = 0i64;
        for r in std::iter::once(v).chain(self.m.behind(v)) {
            value += 1;
            if self.special(r) {
                value += 3;
            }
        }
        value += i64::from(self.m.branch_depth.get(v).copied().unwrap_or(0).max(0));
        Some(Candidate {
            room: v,
            doors,
            critical,
            value,
        })
    }

    /// A room a player seeks out: treasure, shop and the other optional
    /// special rooms.
    fn special(&self, r: usize) -> bool {
        matches!(
            self.g.room_role(r),
            Some(
                RoomRole::Treasure
                    | RoomRole::Shop
                    | RoomRole::Sacrifice
                    | RoomRole::Curse
                    | RoomRole::Challenge
                    | RoomRole::Library
            )
        )
    }

    /// The gate sides of a lock on `c`; `None` if one of its doors closes
    /// nothing.
    fn sides(&self, c: &Candidate) -> Option<Vec<Side>> {
        let mut out = Vec::new();
        for &from in &c.doors {
            let lock = Lock {
                from,
                into: c.room,
                kind: LockKind::Key { key: 0 },
            };
            let s = gate(self.g, &lock)?;
            if s.is_empty() {
                return None;
            }
            out.extend(s);
        }
        Some(out)
    }

    /// Whether `c`, with its gate `sides` shut, cuts off exactly the rooms
    /// it claims (and none of its sides is shut by a lock already chosen).
    fn cuts(&self, c: &Candidate, sides: &[Side], taken: &[Side]) -> bool {
        let norm = |&(p, bit): &Side| {
            let (q, back) = super::gates::across(p, bit);
            (p, bit).min((q, back))
        };
        let mut own: Vec<Side> = sides.iter().map(norm).collect();
        own.sort_unstable();
        let len = own.len();
        own.dedup();
        if own.len() != len
            || taken
                .iter()
                .map(norm)
                .any(|s| own.binary_search(&s).is_ok())
        {
            return false;
        }
        let now = self.flood(sides);
        (0..self.g.room_count())
            .all(|r| self.secret(r) || now[r] == (self.reached[r] && !self.guarded(c.room, r)))
    }

    /// Up to `settings.locks` candidates that pass the tile check, no two
    /// on one connection.
    fn choose_locks(
        &self,
        settings: &ProgressionSettings,
        rng: &mut DungeonRng,
        watch: &Watch,
    ) -> Result<Vec<Candidate>, GenError> {
        let n = self.g.room_count();
        let mut critical = Vec::new();
        let mut branch = Vec::new();
        for v in 0..n {
            if let Some(c) = self.candidate(v, settings) {
                if c.critical {
                    critical.push(c);
                } else {
                    branch.push(c);
                }
            }
        }
        if settings.lock_guard == super::LockGuard::BranchesOnly {
            critical.clear();
        }
        // Critical candidates in walking order; branches best first, ties
        // in a seeded order.
        let path_at = |r: usize| self.m.critical_path.iter().position(|&x| x == r);
        critical.sort_by_key(|c| path_at(c.room));
        rng.shuffle(&mut branch);
        branch.sort_by_key(|c| std::cmp::Reverse(c.value));
        let want = settings.locks.max(0) as usize;
        let want_critical = match settings.lock_guard {
            super::LockGuard::Any => want.div_ceil(2),
            super::LockGuard::BranchesOnly => 0,
        };
        let mut chosen: Vec<Candidate> = Vec::new();
        let mut taken: Vec<Side> = Vec::new();
        let mut take = |c: &Candidate, chosen: &mut Vec<Candidate>| {
            let Some(sides) = self.sides(c) else {
                return false;
            };
            if !self.cuts(c, &sides, &taken) {
                return false;
            }
            taken.extend(sides);
            chosen.push(c.clone());
            true
        };
        // Critical locks: the first near the goal, then toward the start.
        let len = self.m.critical_path.len();
        let mut last: Option<usize> = None;
        while chosen.len() < want_critical && !critical.is_empty() {
            watch.check()?;
            let pool: Vec<usize> = (0..critical.len())
                .filter(|&i| {
                    let at = path_at(critical[i].room).unwrap_or(0);
                    match last {
                        None => at * 5 >= len * 2,
                        Some(l) => at + 2 <= l,
                    }
                })
                .collect();
            // Nothing far enough: the one nearest the goal.
            let i = rng.pick(&pool).copied().unwrap_or(critical.len() - 1);
            let c = critical.remove(i);
            if take(&c, &mut chosen) {
                last = path_at(c.room);
            }
        }
        let mut pending = branch.into_iter().chain(critical);
        while chosen.len() < want {
            watch.check()?;
            let Some(c) = pending.next() else { break };
            take(&c, &mut chosen);
        }
        Ok(chosen)
    }

    /// Gives each chosen lock a key room, in key-level order; a lock left
    /// without one is dropped (its rooms join the region around it).
    fn place_keys<'c>(
        &self,
        settings: &ProgressionSettings,
        chosen: &'c [Candidate],
        rng: &mut DungeonRng,
        watch: &Watch,
    ) -> Result<Vec<(&'c Candidate, usize)>, GenError> {
        let n = self.g.room_count();
        // The lock owning each room: the chosen lock with the fewest rooms
        // guarding it (the guarded sets nest), `None` for the start region.
        let size = |c: &Candidate| self.m.behind(c.room).count();
        let owner_of = |r: usize| {
            (0..chosen.len())
                .filter(|&i| self.guarded(chosen[i].room, r))
                .min_by_key(|&i| size(&chosen[i]))
        };
        let owner: Vec<Option<usize>> = (0..n).map(owner_of).collect();
        let parent: Vec<Option<usize>> = chosen
            .iter()
            .map(|c| {
                (0..chosen.len())
                    .filter(|&i| chosen[i].room != c.room && self.guarded(chosen[i].room, c.room))
                    .min_by_key(|&i| size(&chosen[i]))
            })
            .collect();
        let mut open = vec![false; chosen.len()];
        let mut key_of: Vec<Option<usize>> = vec![None; chosen.len()];
        let mut has_key = vec![false; n];
        let in_reach = |open: &[bool], r: usize| owner[r].is_none_or(|i| open[i]);
        for _ in 0..chosen.len() {
            watch.check()?;
            // The next lock: its doors in reach, branch locks first.
            let ready = |i: usize| !open[i] && parent[i].is_none_or(|p| open[p]);
            let Some(i) = (0..chosen.len())
                .filter(|&i| ready(i))
                .min_by_key(|&i| (chosen[i].critical, i))
            else {
                break;
            };
            let eligible = |r: usize| {
                in_reach(&open, r)
                    && Some(r) != self.end_room
                    && !self.secret(r)
                    && !has_key[r]
                    && self.reached[r]
                    && (!settings.flat_keys || owner[r].is_none())
                    && super::gates::key_tile(self.g, r).is_some()
            };
            let score = |r: usize| {
                let m = &self.m;
                let depth = i64::from(m.branch_depth.get(r).copied().unwrap_or(0).max(0));
                let dist = i64::from(m.distance_rooms.get(r).copied().unwrap_or(0).max(0));
                let dead = i64::from(m.has(r, DEAD_END) && !m.has(r, CHOKEPOINT));
                let start = if Some(r) == self.start_room { 1000 } else { 0 };
                4 * depth + 2 * dead + dist - start
            };
            let rooms: Vec<usize> = (0..n).filter(|&r| eligible(r)).collect();
            let best = rooms.iter().map(|&r| score(r)).max();
            let top: Vec<usize> = rooms
                .iter()
                .copied()
                .filter(|&r| best.is_some_and(|b| score(r) + 1 >= b))
                .collect();
            if let Some(&k) = rng.pick(&top) {
                key_of[i] = Some(k);
                has_key[k] = true;
            }
            open[i] = true;
        }
        Ok(chosen
            .iter()
            .zip(key_of)
            .filter_map(|(c, k)| Some((c, k?)))
            .collect())
    }
}
