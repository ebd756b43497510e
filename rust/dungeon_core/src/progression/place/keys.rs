//! Step 4 of the planner: a key room for each chosen lock, in key-level
//! order (see [`super`]).

use std::collections::VecDeque;

use super::Context;
use super::locks::Candidate;
use crate::error::GenError;
use crate::progression::metrics::DEAD_END;
use crate::progression::settings::ProgressionSettings;
use crate::rng::DungeonRng;
use crate::watch::Watch;

/// What the start room's score loses: a key lies there only when no other
/// room is left.
const START: i64 = 1 << 20;

impl Context<'_> {
    /// The lock owning each room: the chosen lock guarding it with the
    /// fewest rooms (guarded sets nest), `None` for the start region. A
    /// secret room belongs where its neighbours do; `Err` marks a room no
    /// key may go to (unreached, or a secret room between regions).
    fn owners(&self, chosen: &[Candidate]) -> Vec<Result<Option<usize>, ()>> {
        let n = self.g.room_count();
        let size: Vec<usize> = chosen
            .iter()
            .map(|c| self.m.behind(c.room).count())
            .collect();
        let owner = |r: usize| {
            (0..chosen.len())
                .filter(|&i| self.guarded(chosen[i].room, r))
                .min_by_key(|&i| size[i])
        };
        let mut out: Vec<Result<Option<usize>, ()>> = (0..n)
            .map(|r| {
                if self.reached[r] && !self.secret(r) {
                    Ok(owner(r))
                } else {
                    Err(())
                }
            })
            .collect();
        if !self.secrets_open {
            return out;
        }
        let mut beside: Vec<Vec<Option<usize>>> = vec![Vec::new(); n];
        for c in self.g.connections() {
            let (a, b) = c.rooms;
            for (s, other) in [(a, b), (b, a)] {
                if s < n && other < n && self.secret(s) && !self.secret(other) {
                    beside[s].push(owner(other));
                }
            }
        }
        for (s, owners) in beside.iter().enumerate() {
            if self.reached[s]
                && let Some(&first) = owners.first()
                && owners.iter().all(|&o| o == first)
            {
                out[s] = Ok(first);
            }
        }
        out
    }

    /// For a lock on a loop (several doors): the rooms outside it nearer,
    /// in rooms, to one of its far doors than to the door nearest the
    /// start (by tiles): the long arc, where its key belongs.
    fn far_arc(&self, c: &Candidate) -> Vec<bool> {
        let n = self.g.room_count();
        let mut far = vec![false; n];
        let dist = |r: usize| {
            self.m
                .distance_tiles
                .get(r)
                .copied()
                .filter(|&d| d >= 0)
                .unwrap_or(i32::MAX)
        };
        let Some(&near) = c.doors.iter().min_by_key(|&&y| (dist(y), y)) else {
            return far;
        };
        if c.doors.len() < 2 {
            return far;
        }
        // Breadth-first from every door at once, the near door first; each
        // room keeps the door that reached it first.
        let mut from: Vec<Option<usize>> = vec![None; n];
        let mut queue = VecDeque::new();
        for &y in std::iter::once(&near).chain(c.doors.iter().filter(|&&y| y != near)) {
            if from[y].is_none() {
                from[y] = Some(y);
                queue.push_back(y);
            }
        }
        while let Some(r) = queue.pop_front() {
            for &q in &self.adj[r] {
                if from[q].is_none() && !self.guarded(c.room, q) {
                    from[q] = from[r];
                    queue.push_back(q);
                }
            }
        }
        for (r, f) in from.iter().enumerate() {
            far[r] = f.is_some_and(|y| y != near);
        }
        far
    }

    /// Gives each chosen lock a key room, in key-level order; a lock left
    /// without one is dropped (its rooms join the region around it).
    pub(super) fn place_keys<'c>(
        &self,
        settings: &ProgressionSettings,
        chosen: &'c [Candidate],
        rng: &mut DungeonRng,
        watch: &Watch,
    ) -> Result<Vec<(&'c Candidate, usize)>, GenError> {
        let n = self.g.room_count();
        let owner = self.owners(chosen);
        let parent: Vec<Option<usize>> = chosen
            .iter()
            .map(|c| {
                (0..chosen.len())
                    .filter(|&i| chosen[i].room != c.room && self.guarded(chosen[i].room, c.room))
                    .min_by_key(|&i| self.m.behind(chosen[i].room).count())
            })
            .collect();
        // Per lock: opened (solved or dropped), and dropped.
        let mut open = vec![false; chosen.len()];
        let mut dropped = vec![false; chosen.len()];
        let mut key_of: Vec<Option<usize>> = vec![None; chosen.len()];
        let mut has_key = vec![false; n];
        let has_tile: Vec<bool> = (0..n).map(|r| self.g.key_tile(r).is_some()).collect();
        // Every lock guarding `r` is done (for flat keys: dropped).
        let free = |r: usize, done: &[bool]| {
            chosen
                .iter()
                .enumerate()
                .all(|(i, c)| done[i] || !self.guarded(c.room, r))
        };
        for _ in 0..chosen.len() {
            watch.check()?;
            // The next lock: its doors in reach, branch locks first.
            let Some(i) = (0..chosen.len())
                .filter(|&i| !open[i] && parent[i].is_none_or(|p| open[p]))
                .min_by_key(|&i| (chosen[i].critical, i))
            else {
                break;
            };
            let far = self.far_arc(&chosen[i]);
            let eligible = |r: usize| {
                let Ok(o) = owner[r] else { return false };
                o.is_none_or(|j| open[j])
                    && Some(r) != self.end_room
                    && (!self.secret(r) || self.secrets_open)
                    && !has_key[r]
                    && (!settings.flat_keys
                        || o.is_none()
                        || (!self.secret(r) && free(r, &dropped)))
                    && has_tile[r]
            };
            let score = |r: usize| {
                let depth = Self::metric(&self.m.branch_depth, r);
                let dist = Self::metric(&self.m.distance_rooms, r);
                let dead = i64::from(self.m.has(r, DEAD_END));
                let start = if Some(r) == self.start_room { START } else { 0 };
                4 * depth + 2 * dead + dist + 3 * i64::from(far[r]) - start
            };
            let rooms: Vec<(usize, i64)> = (0..n)
                .filter(|&r| eligible(r))
                .map(|r| (r, score(r)))
                .collect();
            let best = rooms.iter().map(|&(_, s)| s).max().unwrap_or(0);
            let top: Vec<usize> = rooms
                .iter()
                .filter(|&&(_, s)| s + 1 >= best)
                .map(|&(r, _)| r)
                .collect();
            match rng.pick(&top) {
                Some(&k) => {
                    key_of[i] = Some(k);
                    has_key[k] = true;
                }
                None => dropped[i] = true,
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
