//! Steps 1–3 of the planner: the rooms that may be locked, the tile check
//! and the choice of locks (see [`super`]).

use std::cmp::Reverse;

use super::{Context, norm};
use crate::error::GenError;
use crate::grid::{Lock, LockKind, RoomRole};
use crate::progression::gates::{Side, gate};
use crate::progression::metrics::{DEAD_END, ON_CRITICAL_PATH};
use crate::progression::regions::{closed_masks, label};
use crate::progression::settings::{LockGuard, ProgressionSettings};
use crate::rng::DungeonRng;
use crate::watch::Watch;

/// What a lone plain dead end beside the critical path is worth less than
/// any other branch: it is locked only when nothing else is left.
const WORTHLESS: i64 = 1 << 20;

/// A room the planner may lock.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    /// The locked room.
    pub room: usize,
    /// The rooms outside it that its doors lead from (the locks' `from`),
    /// sorted: one for a bridge, one per arc on a loop.
    pub doors: Vec<usize>,
    /// The end lies behind it.
    pub critical: bool,
    /// How much a branch lock is worth (more is better).
    value: i64,
}

impl Context<'_> {
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
        let most = usize::try_from(settings.max_doors_per_key).unwrap_or(0);
        if doors.is_empty() || doors.len() > most {
            return None;
        }
        let critical = self.end_room.is_some_and(|e| self.guarded(v, e));
        let (mut rooms, mut special) = (0i64, false);
        let mut value = Self::metric(&self.m.branch_depth, v);
        for r in std::iter::once(v).chain(self.m.behind(v)) {
            rooms += 1;
            if self.special(r) {
                special = true;
                value += 3;
            }
        }
        value += rooms;
        let lone = rooms == 1
            && !special
            && self.m.has(v, DEAD_END)
            && doors.iter().all(|&y| self.m.has(y, ON_CRITICAL_PATH));
        if lone {
            value -= WORTHLESS;
        }
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
    pub(super) fn sides(&self, room: usize, doors: &[usize]) -> Option<Vec<Side>> {
        let mut out = Vec::new();
        for &from in doors {
            let lock = Lock {
                from,
                into: room,
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

    /// The tile check: with `c`'s gate `sides` shut besides the `chosen`
    /// locks' (`taken`, sorted, as [`norm`] names them) and every secret
    /// door open, the tiles must fall into one region per lock plus the
    /// start's, each holding exactly the rooms that lock guards and no
    /// inner lock does: a second corridor or a secret room around a lock
    /// joins two of them, and two locks that cut the way only together
    /// (both arcs of a loop) strand rooms no lock claims. No side is shut
    /// twice.
    fn cuts(&self, c: &Candidate, sides: &[Side], chosen: &[Candidate], taken: &[Side]) -> bool {
        let mut own: Vec<Side> = sides.iter().map(norm).collect();
        own.sort_unstable();
        let len = own.len();
        own.dedup();
        if own.len() != len || own.iter().any(|s| taken.binary_search(s).is_ok()) {
            return false;
        }
        let g = self.g;
        let regions = label(g, &closed_masks(g, taken.iter().chain(&own), true));
        let locks: Vec<&Candidate> = chosen.iter().chain(std::iter::once(c)).collect();
        let size: Vec<usize> = locks
            .iter()
            .map(|d| self.m.behind(d.room).count())
            .collect();
        // Owner 0: the start's region; owner i + 1: lock i's.
        let mut region_of = vec![None; locks.len() + 1];
        let mut owner_of = vec![None; regions.count];
        for (r, room) in g.room_records().iter().enumerate() {
            if self.secret(r) || !self.reached[r] {
                continue;
            }
            let owner = (0..locks.len())
                .filter(|&i| self.guarded(locks[i].room, r))
                .min_by_key(|&i| size[i])
                .map_or(0, |i| i + 1);
            let Some(region) = room.cells().next().and_then(|p| regions.of(g, p)) else {
                return false;
            };
            if *region_of[owner].get_or_insert(region) != region
                || *owner_of[region].get_or_insert(owner) != owner
            {
                return false;
            }
        }
        true
    }

    /// Up to `settings.locks` candidates (rooms to lock, one key each, with
    /// all their doors) that pass the tile check.
    pub(super) fn choose_locks(
        &self,
        settings: &ProgressionSettings,
        rng: &mut DungeonRng,
        watch: &Watch,
    ) -> Result<Vec<Candidate>, GenError> {
        let (mut critical, mut branch): (Vec<Candidate>, Vec<Candidate>) = (0..self.g.room_count())
            .filter_map(|v| self.candidate(v, settings))
            .partition(|c| c.critical);
        if settings.lock_guard == LockGuard::BranchesOnly {
            critical.clear();
        }
        // Critical candidates in walking order; branches best first, ties
        // in a seeded order.
        let path = &self.m.critical_path;
        let at = |c: &Candidate| path.iter().position(|&x| x == c.room).unwrap_or(0);
        critical.sort_by_key(|c| at(c));
        rng.shuffle(&mut branch);
        branch.sort_by_key(|c| Reverse(c.value));
        let want = usize::try_from(settings.locks).unwrap_or(0);
        let want_critical = match settings.lock_guard {
            LockGuard::Any => want.div_ceil(2),
            LockGuard::BranchesOnly => 0,
        };
        let mut chosen: Vec<Candidate> = Vec::new();
        let mut taken: Vec<Side> = Vec::new();
        // The connections chosen locks close, as sorted room pairs: two
        // rooms on a loop may each claim the connection between them.
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        let pair = |a: usize, b: usize| (a.min(b), a.max(b));
        // Each tile check floods the map once: a few per lock wanted.
        let mut checks = 2 * want + 12;
        let mut take = |c: &Candidate, chosen: &mut Vec<Candidate>| {
            if checks == 0 {
                return false;
            }
            if c.doors
                .iter()
                .any(|&y| pairs.binary_search(&pair(y, c.room)).is_ok())
            {
                return false;
            }
            checks -= 1;
            let Some(sides) = self.sides(c.room, &c.doors) else {
                return false;
            };
            if !self.cuts(c, &sides, chosen, &taken) {
                return false;
            }
            taken.extend(sides.iter().map(norm));
            taken.sort_unstable();
            pairs.extend(c.doors.iter().map(|&y| pair(y, c.room)));
            pairs.sort_unstable();
            chosen.push(c.clone());
            true
        };
        // Critical locks: the first near the goal, then toward the start.
        let mut last: Option<usize> = None;
        while chosen.len() < want_critical && !critical.is_empty() {
            watch.check()?;
            let pool: Vec<usize> = (0..critical.len())
                .filter(|&i| {
                    let here = at(&critical[i]);
                    last.map_or(here * 5 >= path.len() * 2, |l| here + 2 <= l)
                })
                .collect();
            let i = match rng.pick(&pool) {
                Some(&i) => i,
                // The last 60 % has none left: the one nearest the goal.
                None if last.is_none() => critical.len() - 1,
                None => break,
            };
            let c = critical.remove(i);
            if take(&c, &mut chosen) {
                last = Some(at(&c));
            }
        }
        // The branches, then what is left of the critical path, nearest the
        // goal first.
        critical.sort_by_key(|c| Reverse(at(c)));
        let mut pending = branch.into_iter().chain(critical);
        while chosen.len() < want {
            watch.check()?;
            let Some(c) = pending.next() else { break };
            take(&c, &mut chosen);
        }
        Ok(chosen)
    }
}
