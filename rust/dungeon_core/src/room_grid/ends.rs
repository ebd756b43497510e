//! Which rooms become the start and the end, and when a layout is rejected.

use super::budget::Budget;
use super::scratch::RoomScratch;
use super::{MAX_SIDE, max_dead_ends};
use crate::analysis::bfs;
use crate::error::{ConfigError, check_range};
use crate::grid::Pos;
use crate::rng::DungeonRng;

/// Which room becomes the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartRule {
    /// The growth origin (the walk's first cell, Isaac's centre room).
    Origin,
    /// A random room, as the room-grid script picks it.
    RandomRoom,
}

/// Which dead end becomes the end room.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EndRule {
    /// Binding of Isaac (Boris the Brave, 2020): the dead end farthest from
    /// the start by path. The start is never a dead end: it is not a
    /// candidate and does not count toward `min_dead_ends`.
    FarthestDeadEnd,
    /// The room-grid script's rule (bugs fixed): the dead end farthest from
    /// the start by path among those at least `min_distance` away in a
    /// straight line and, with `off_axis`, sharing neither the start's row
    /// nor its column. Every room with one door, the start included,
    /// counts toward `min_dead_ends`.
    FarthestApart {
        /// Minimum straight-line distance between start and end (the script:
        /// 3).
        min_distance: f64,
        /// Start and end may share no row and no column (the script: true).
        off_axis: bool,
    },
}

/// The rules that accept or reject a grown layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndRules {
    /// How the start room is chosen.
    pub start: StartRule,
    /// How the end room is chosen.
    pub end: EndRule,
    /// A layout needs at least this many dead ends.
    pub min_dead_ends: i32,
}

impl EndRules {
    /// The room-grid script's rules (bugs fixed): at least 2 dead ends, the
    /// end at least 3 cells from the start in a straight line and off its
    /// axes.
    #[must_use]
    pub const fn far_apart(start: StartRule) -> Self {
        Self {
            start,
            end: EndRule::FarthestApart {
                min_distance: 3.0,
                off_axis: true,
            },
            min_dead_ends: 2,
        }
    }

    /// Binding of Isaac: start at the origin, the end (boss room) is the
    /// farthest dead end by path, no other rule.
    #[must_use]
    pub const fn isaac() -> Self {
        Self {
            start: StartRule::Origin,
            end: EndRule::FarthestDeadEnd,
            min_dead_ends: 1,
        }
    }

    /// Checks the rules against the grid a level uses and the fewest rooms it
    /// may draw, so that what can never succeed is refused up front.
    pub(super) fn validate(&self, width: i32, height: i32, rooms: i32) -> Result<(), ConfigError> {
        let most = max_dead_ends(rooms);
        if !(1..=most).contains(&self.min_dead_ends) {
            return Err(ConfigError::new(
                "min_dead_ends",
                self.min_dead_ends,
                format!(
                    "1..={most}: a floor of {rooms} rooms (the fewest this level may draw) \
                     has at most {most} dead ends"
                ),
            ));
        }
        if let EndRule::FarthestApart { min_distance, .. } = self.end {
            check_range(
                "min_end_distance",
                min_distance,
                0.0,
                f64::from(MAX_SIDE) * 2.0,
            )?;
            let (dx, dy) = (f64::from(width - 1), f64::from(height - 1));
            let diagonal = (dx * dx + dy * dy).sqrt();
            let reach = diagonal.min(f64::from(rooms - 1));
            if min_distance > reach + 1e-9 {
                return Err(ConfigError::new(
                    "min_end_distance",
                    min_distance,
                    format!(
                        "0..={reach:.2}: no two rooms of a {rooms}-room floor on the \
                         {width}×{height} grid this level uses can be farther apart"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The straight-line distance from `start` to `end` if `end` may be the
    /// end room, ignoring `min_distance` (so failures can report how close
    /// they came).
    fn apart(&self, start: Pos, end: Pos) -> Option<f64> {
        let off_axis = matches!(self.end, EndRule::FarthestApart { off_axis: true, .. });
        if start == end || (off_axis && (start.0 == end.0 || start.1 == end.1)) {
            return None;
        }
        let (dx, dy) = (f64::from(end.0 - start.0), f64::from(end.1 - start.1));
        Some((dx * dx + dy * dy).sqrt())
    }

    fn min_distance(&self) -> f64 {
        match self.end {
            EndRule::FarthestDeadEnd => 0.0,
            EndRule::FarthestApart { min_distance, .. } => min_distance,
        }
    }
}

/// Why a grown layout was rejected.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Rejected {
    /// It had this many dead ends, fewer than `min_dead_ends`.
    TooFewDeadEnds(usize),
    /// No start/end pair was far enough apart; the farthest pair that met
    /// the axis rule was this far apart in a straight line.
    TooClose(f64),
    /// The call's work budget ran out while checking.
    OutOfWork,
    /// The boss room (the end) is next to the start.
    BossBesideStart,
    /// A required special room found no place.
    NoPlaceFor(crate::grid::RoomRole),
}

impl RoomScratch {
    /// Applies `rules` to the grown layout; returns `(start, end)`. `origin`
    /// is the growth origin (for [`StartRule::Origin`]).
    pub(super) fn choose_ends(
        &mut self,
        rules: &EndRules,
        origin: Pos,
        rng: &mut DungeonRng,
        budget: &mut Budget,
    ) -> Result<(Pos, Pos), Rejected> {
        let w = self.width as usize;
        self.scan_doors();
        if self.has_large() {
            self.room_dead_ends();
        }
        let found = self.dead_ends.len();
        let need = rules.min_dead_ends.max(0) as usize;
        if found < need {
            return Err(Rejected::TooFewDeadEnds(found));
        }
        self.order.clear();
        match rules.start {
            StartRule::Origin => self.order.extend(self.idx(origin)),
            StartRule::RandomRoom => {
                self.order.extend(0..self.rooms.len());
                rng.shuffle(&mut self.order);
                for k in 0..self.order.len() {
                    let p = self.rooms[self.order[k]];
                    self.order[k] = p.1 as usize * w + p.0 as usize;
                }
            }
        }
        let start_excluded = rules.end == EndRule::FarthestDeadEnd;
        let mut closest_miss: Option<f64> = None;
        let mut short = true;
        // The rooms are connected, so every dead end is reachable: the first
        // start with a qualifying dead end is the one, and one search finds
        // the farthest of them by path.
        for k in 0..self.order.len() {
            if !budget.spend(self.dead_ends.len() as u64 + 1) {
                return Err(Rejected::OutOfWork);
            }
            let s = self.order[k];
            let sp = ((s % w) as i32, (s / w) as i32);
            if start_excluded && self.masks[s].is_power_of_two() && found - 1 < need {
                continue;
            }
            short = false;
            let mut any = false;
            for &(_, ep) in &self.dead_ends {
                if let Some(d) = rules.apart(sp, ep) {
                    if d + 1e-9 >= rules.min_distance() {
                        any = true;
                        break;
                    }
                    closest_miss = Some(closest_miss.map_or(d, |m| m.max(d)));
                }
            }
            if !any {
                continue;
            }
            if !budget.spend(self.cells() as u64) {
                return Err(Rejected::OutOfWork);
            }
            if self.has_large() {
                self.room_distances(s);
            } else {
                bfs(self.width, &self.masks, s, &mut self.dist, &mut self.queue);
            }
            let mut best: Option<(i32, Pos)> = None;
            for &(e, ep) in &self.dead_ends {
                let d = self.dist[e];
                let ok = rules
                    .apart(sp, ep)
                    .is_some_and(|a| a + 1e-9 >= rules.min_distance());
                if ok && d >= 0 && best.is_none_or(|(bd, _)| d > bd) {
                    best = Some((d, ep));
                }
            }
            if let Some((_, ep)) = best {
                return Ok((sp, ep));
            }
        }
        if short {
            Err(Rejected::TooFewDeadEnds(found.saturating_sub(1)))
        } else {
            Err(Rejected::TooClose(closest_miss.unwrap_or(0.0)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_grid_script_pairs() {
        let r = EndRules::far_apart(StartRule::Origin);
        let ok = |s, e| r.apart(s, e).is_some_and(|d| d + 1e-9 >= r.min_distance());
        assert!(ok((0, 0), (2, 3)));
        assert!(!ok((0, 0), (0, 5)));
        assert!(!ok((0, 0), (1, 1)));
        let i = EndRules::isaac();
        assert_eq!(i.apart((0, 0), (0, 1)), Some(1.0));
        assert_eq!(i.apart((2, 2), (2, 2)), None);
    }

    #[test]
    fn impossible_rules_are_refused_up_front() {
        let r = EndRules::far_apart(StartRule::RandomRoom);
        let e = EndRules {
            min_dead_ends: 4097,
            ..r
        }
        .validate(9, 20, 126)
        .unwrap_err();
        assert_eq!(e.field, "min_dead_ends");
        assert!(e.allowed.starts_with("1..=84:"), "{e}");
        let far = EndRules {
            end: EndRule::FarthestApart {
                min_distance: 512.0,
                off_axis: true,
            },
            ..r
        };
        let e = far.validate(8, 8, 10).unwrap_err();
        assert_eq!(e.field, "min_end_distance");
        assert_eq!(e.value, "512");
        assert!(e.allowed.starts_with("0..=9.00"), "{e}");
        assert!(r.validate(8, 8, 10).is_ok());
    }
}
