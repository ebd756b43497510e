//! The one attempt loop: grow a layout, choose its ends, retry on failure,
//! all within the call's work budget.

use super::MAX_STEPS;
use super::budget::Budget;
use super::config::RoomGridConfig;
use super::ends::{EndRule, EndRules, Rejected};
use super::roles::RoomRules;
use super::scratch::RoomScratch;
use crate::error::{ConfigError, GenError};
use crate::grid::{DungeonGrid, Pos};
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;

/// Progress when an attempt has grown its layout, and when it has its ends
/// and special rooms (the rest is writing the grid). Measured at level
/// 20 of Isaac's `large_rooms` (release, about 40 µs a call): growing about
/// half of an attempt, the ends and roles nearly all the rest. Every
/// attempt starts at 0 again, so a retry holds the value; each attempt
/// starts with a checkpoint.
const W_GROW: f64 = 0.5;
const W_ENDS: f64 = 0.95;

/// How much work one call did, for tests and tuning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Layouts grown (started), successful or not.
    pub attempts: u32,
    /// Work units spent.
    pub steps: u64,
    /// Work units the call was allowed (never more than [`MAX_STEPS`]).
    pub budget: u64,
}

/// What a generator plugs into [`run`].
pub(crate) struct Generator<'a> {
    /// The name in the grid and in messages.
    pub name: &'static str,
    /// The check of the generator's own fields.
    pub checked: Result<(), ConfigError>,
    /// The shared settings.
    pub grid: &'a RoomGridConfig,
    /// The generator's highest accepted `max_fill`.
    pub fill_limit: f64,
    /// Extra steps each attempt may take (e.g. the walk's `max_steps`).
    pub attempt_steps: u64,
    /// What would help when growth stops short, naming the setting and its
    /// value, e.g. "lower give_up_chance (now 0.9)".
    pub stall_hint: String,
    /// The special rooms to place, if any.
    pub roles: Option<&'a RoomRules>,
}

/// The failures of a call's attempts, kept to say what would help.
#[derive(Default)]
struct Tally {
    stalled: u32,
    few_dead_ends: u32,
    most_dead_ends: usize,
    too_close: u32,
    farthest: f64,
    /// Dead ends the special rooms need (0 without them).
    roles_need: i32,
    boss_beside_start: u32,
    no_place: Vec<(crate::grid::RoomRole, u32)>,
}

/// Validates, plans the level, then runs attempts: clear the scratch, `grow`
/// (which places rooms and returns the growth origin, or `None` if it stopped
/// short of `target` rooms), choose the ends. Returns the grid or one error.
pub(crate) fn run<G>(
    g: &Generator<'_>,
    seed: u64,
    level: i32,
    watch: &Watch,
    mut grow: G,
) -> (Result<DungeonGrid, GenError>, Work)
where
    G: FnMut(&mut RoomScratch, usize, &mut DungeonRng, &mut Budget) -> Option<Pos>,
{
    let planned = g
        .checked
        .clone()
        .and_then(|()| g.grid.plan(seed, level, g.fill_limit, g.attempt_steps))
        .and_then(|p| match g.roles {
            Some(r) => r.check_level(&g.grid.count, level).map(|()| p),
            None => Ok(p),
        });
    let plan = match planned {
        Ok(p) => p,
        Err(e) => return (Err(e.into()), Work::default()),
    };
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    // Special rooms draw from their own stream, so the layouts grown are
    // the same with or without them.
    let mut role_rng = DungeonRng::for_level(seed, level, stage::ROLES);
    let ends = EndRules {
        min_dead_ends: g
            .grid
            .ends
            .min_dead_ends
            .max(g.roles.map_or(0, |r| r.dead_ends_needed(level))),
        ..g.grid.ends
    };
    let mut s = RoomScratch::new(plan.width, plan.height);
    let mut budget = Budget::new(plan.budget);
    let mut work = Work {
        budget: plan.budget,
        ..Work::default()
    };
    let mut tally = Tally {
        roles_need: g.roles.map_or(0, |r| r.dead_ends_needed(level)),
        ..Tally::default()
    };
    let target = plan.rooms as usize;
    let cells = s.cells() as u64;
    while work.attempts < g.grid.max_attempts.unsigned_abs() {
        if let Err(e) = watch.at(0.0) {
            return (Err(e), work);
        }
        // Clearing and scanning the grid cost a step per cell each.
        if !budget.spend(2 * cells) {
            break;
        }
        work.attempts += 1;
        s.clear();
        let Some(origin) = grow(&mut s, target, &mut rng, &mut budget) else {
            tally.stalled += 1;
            continue;
        };
        if let Err(e) = watch.at(W_GROW) {
            return (Err(e), work);
        }
        let chosen = s.choose_ends(&ends, origin, &mut rng, &mut budget);
        let placed = chosen.and_then(|(start, end)| match g.roles {
            Some(r) => s
                .place_roles(r, level, start, end, &mut role_rng, &mut budget)
                .map(|()| (start, end)),
            None => Ok((start, end)),
        });
        match placed {
            Ok((start, end)) => {
                work.steps = plan.budget - budget.left();
                if let Err(e) = watch.at(W_ENDS) {
                    return (Err(e), work);
                }
                let grid = watch.finish(Ok(s.to_grid(g.name, seed, level, start, end)));
                return (grid, work);
            }
            Err(Rejected::TooFewDeadEnds(n)) => {
                tally.few_dead_ends += 1;
                tally.most_dead_ends = tally.most_dead_ends.max(n);
            }
            Err(Rejected::TooClose(d)) => {
                tally.too_close += 1;
                tally.farthest = tally.farthest.max(d);
            }
            Err(Rejected::BossBesideStart) => tally.boss_beside_start += 1,
            Err(Rejected::NoPlaceFor(role)) => {
                match tally.no_place.iter_mut().find(|t| t.0 == role) {
                    Some(t) => t.1 += 1,
                    None => tally.no_place.push((role, 1)),
                }
            }
            Err(Rejected::OutOfWork) => break,
        }
    }
    work.steps = plan.budget - budget.left();
    let err = GenError::Exhausted {
        generator: g.name,
        attempts: work.attempts,
        reason: explain(g, &tally, &work, plan.rooms, budget.is_spent()),
    };
    (Err(err), work)
}

/// Says why the attempts failed and what setting would help.
fn explain(g: &Generator<'_>, t: &Tally, work: &Work, rooms: i32, spent: bool) -> String {
    let ends = &g.grid.ends;
    let why = if t.too_close >= t.few_dead_ends.max(t.stalled) && t.too_close > 0 {
        let (d, axis) = match ends.end {
            EndRule::FarthestApart {
                min_distance,
                off_axis,
            } => (min_distance, off_axis),
            EndRule::FarthestDeadEnd => (0.0, false),
        };
        format!(
            "min_end_distance = {d}: no start/end pair was far enough apart (the farthest was \
             {:.2}); lower min_end_distance{}",
            t.farthest,
            if axis {
                " or turn end_off_axis off"
            } else {
                ""
            }
        )
    } else if t.few_dead_ends >= t.stalled && t.few_dead_ends > 0 {
        let needed = t.roles_need;
        if needed > ends.min_dead_ends {
            format!(
                "the special rooms need {needed} dead ends besides the start (room_rules); the \
                 most in one layout was {}; make fewer special rooms required (chance 1) or \
                 lower room_rules.min_dead_ends",
                t.most_dead_ends
            )
        } else if ends.min_dead_ends <= 1 {
            "no layout had a dead end besides the start; use the branching growth rule".to_owned()
        } else {
            format!(
                "min_dead_ends = {}: the most dead ends in one layout was {}; lower \
                 min_dead_ends",
                ends.min_dead_ends, t.most_dead_ends
            )
        }
    } else if t.boss_beside_start + t.no_place.iter().map(|n| n.1).sum::<u32>() > t.stalled {
        let mut parts = Vec::new();
        if t.boss_beside_start > 0 {
            parts.push(format!(
                "the boss room was next to the start {} times",
                t.boss_beside_start
            ));
        }
        for (role, n) in &t.no_place {
            parts.push(format!(
                "a required {} room found no place {n} times",
                role.name()
            ));
        }
        format!(
            "{}; lower the chance of the required special rooms",
            parts.join(", ")
        )
    } else if t.stalled > 0 {
        format!(
            "growth stopped short of {rooms} rooms in {} of {} attempts; {}",
            t.stalled, work.attempts, g.stall_hint
        )
    } else {
        format!("no layout of {rooms} rooms was finished")
    };
    if !spent {
        // More attempts can help unless the distance rule is what failed:
        // no attempt came close, and the grid or rule has to change.
        return if t.too_close > 0 && why.starts_with("min_end_distance") {
            why
        } else {
            format!("{why}, or raise max_attempts")
        };
    }
    if work.budget >= MAX_STEPS {
        format!(
            "{why}; the call used all {MAX_STEPS} work steps one call may take \
             (max_attempts = {} would not all fit), so ask for fewer rooms or a smaller grid",
            g.grid.max_attempts
        )
    } else {
        format!(
            "{why}; the {} work steps of {} attempts ran out, so raise max_attempts",
            work.budget, g.grid.max_attempts
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spent_budget_asks_for_more_attempts_only_when_they_would_fit() {
        let grid = crate::isaac::IsaacConfig::compact().grid;
        let g = Generator {
            name: "isaac",
            checked: Ok(()),
            grid: &grid,
            fill_limit: 0.7,
            attempt_steps: 0,
            stall_hint: "lower give_up_chance".to_owned(),
            roles: None,
        };
        let t = Tally {
            stalled: 3,
            ..Tally::default()
        };
        let capped = Work {
            attempts: 3,
            steps: MAX_STEPS,
            budget: MAX_STEPS,
        };
        let why = explain(&g, &t, &capped, 40, true);
        assert!(why.contains("lower give_up_chance"), "{why}");
        assert!(
            why.contains("ask for fewer rooms or a smaller grid"),
            "{why}"
        );
        assert!(!why.contains("raise max_attempts"), "{why}");
        let short = Work {
            budget: 1000,
            steps: 1000,
            ..capped
        };
        assert!(explain(&g, &t, &short, 40, true).ends_with("raise max_attempts"));
    }

    #[test]
    fn budget_spends_down_to_zero() {
        let mut b = Budget::new(5);
        assert!(b.spend(3));
        assert!(!b.is_spent());
        assert!(!b.spend(3));
        assert!(b.is_spent());
        assert!(!b.spend(1));
    }
}
