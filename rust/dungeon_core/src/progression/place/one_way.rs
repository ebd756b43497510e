//! Step 5 of the planner: one-way shortcuts on loops (see [`super`]).

use std::cmp::Reverse;

use super::{Context, norm};
use crate::error::GenError;
use crate::grid::{Lock, LockKind};
use crate::progression::gates::{Side, gate};
use crate::progression::regions::{closed_masks, label};
use crate::progression::settings::ProgressionSettings;
use crate::rng::DungeonRng;
use crate::watch::Watch;

impl Context<'_> {
    /// Up to `settings.one_way` one-way doors beside the key `locks`
    /// (whose keys lie in `keys`). Each joins two rooms that stay joined
    /// with every lock and every other one-way door shut and the secret
    /// doors closed, so no one-way door ever changes what a player can
    /// reach: it only opens a way back.
    pub(super) fn one_way(
        &self,
        settings: &ProgressionSettings,
        locks: &[Lock],
        keys: &[usize],
        rng: &mut DungeonRng,
        watch: &Watch,
    ) -> Result<Vec<Lock>, GenError> {
        let want = usize::try_from(settings.one_way).unwrap_or(0);
        if want == 0 {
            return Ok(Vec::new());
        }
        let g = self.g;
        let n = g.room_count();
        let key_sides: Vec<Side> = locks.iter().filter_map(|l| gate(g, l)).flatten().collect();
        let mut taken: Vec<Side> = key_sides.iter().map(norm).collect();
        taken.sort_unstable();
        let pair = |l: &Lock| (l.from.min(l.into), l.from.max(l.into));
        let mut used: Vec<(usize, usize)> = locks.iter().map(pair).collect();
        used.sort_unstable();
        let dist = |r: usize| self.m.distance_tiles.get(r).copied().unwrap_or(-1);
        let beside_goal = |r: usize| keys.contains(&r) || Some(r) == self.end_room;
        let mut candidates: Vec<(Lock, (bool, i32))> = Vec::new();
        for c in g.connections() {
            let (a, b) = c.rooms;
            if a >= n
                || b >= n
                || self.secret(a)
                || self.secret(b)
                || self.m.bridges.binary_search(&(a, b)).is_ok()
                || used.binary_search(&(a, b)).is_ok()
                || dist(a) < 0
                || dist(b) < 0
            {
                continue;
            }
            // Passable from the room farther from the start.
            let (from, into) = if (dist(a), a) > (dist(b), b) {
                (a, b)
            } else {
                (b, a)
            };
            let lock = Lock {
                from,
                into,
                kind: LockKind::OneWay,
            };
            candidates.push((lock, (beside_goal(a) || beside_goal(b), dist(from))));
        }
        rng.shuffle(&mut candidates);
        candidates.sort_by_key(|&(_, score)| Reverse(score));
        let mut chosen: Vec<Lock> = Vec::new();
        let mut chosen_sides: Vec<Side> = Vec::new();
        // Each check floods the tiles once: a few per door wanted.
        let mut checks = 2 * want + 6;
        for (lock, _) in candidates {
            if chosen.len() >= want || checks == 0 {
                break;
            }
            watch.check()?;
            let Some(sides) = gate(g, &lock).filter(|s| !s.is_empty()) else {
                continue;
            };
            let mut own: Vec<Side> = sides.iter().map(norm).collect();
            own.sort_unstable();
            let len = own.len();
            own.dedup();
            if own.len() != len || own.iter().any(|s| taken.binary_search(s).is_ok()) {
                continue;
            }
            checks -= 1;
            let shut = key_sides.iter().chain(&chosen_sides).chain(&sides);
            let regions = label(g, &closed_masks(g, shut, false));
            let region = |r: usize| {
                g.room_records()
                    .get(r)
                    .and_then(|room| room.cells().next())
                    .and_then(|p| regions.of(g, p))
            };
            let joined = |l: &Lock| region(l.from).is_some() && region(l.from) == region(l.into);
            if joined(&lock) && chosen.iter().all(joined) {
                taken.extend(own);
                taken.sort_unstable();
                chosen_sides.extend(sides);
                chosen.push(lock);
            }
        }
        Ok(chosen)
    }
}
