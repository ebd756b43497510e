//! Drunkard walk on a room grid (seed 002's second generator; seed 000's
//! 8-direction walker as an option).
//!
//! The walker starts on a random cell and steps in a random direction; every
//! empty cell it enters becomes a room, until the level's room count is
//! reached. Fixes against the seed:
//! - the seed made `maxRooms + 1` rooms (it counted before adding the start);
//!   here the count is exact, start included;
//! - the seed had no step cap and looped forever when asked for more rooms
//!   than the grid has; here the count is checked against the grid's
//!   capacity first and every attempt has a `max_steps` budget;
//! - seed 000's 8-direction switch never stepped in pure −x; here all eight
//!   directions are equally likely, and a diagonal step also fills one of the
//!   two orthogonal cells it cuts past, so rooms stay door-connected.
//!
//! Start/end selection and the acceptance rules are shared with Isaac
//! ([`crate::room_grid`]).

use crate::error::{GenError, check_range};
use crate::grid::{DungeonGrid, Pos};
use crate::rng::{DungeonRng, stage};
use crate::room_grid::{EndRules, RoomCount, RoomScratch, StartRule, plan_level};

/// What the walker does when a step would leave the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffGrid {
    /// Teleport back to the walk's first cell (seed 002).
    ReturnToStart,
    /// Stay where it is; the step is spent.
    Stay,
}

/// Settings for [`generate`].
#[derive(Clone, Debug, PartialEq)]
pub struct DrunkardConfig {
    /// Grid width in rooms (2..=256).
    pub width: i32,
    /// Grid height in rooms (2..=256).
    pub height: i32,
    /// Per-level room count (seed 002's formula by default).
    pub count: RoomCount,
    /// Walk in 8 directions instead of 4.
    pub diagonal: bool,
    /// What happens at the grid edge.
    pub off_grid: OffGrid,
    /// Steps per attempt before the walk gives up.
    pub max_steps: i32,
    /// Start/end and dead-end rules.
    pub ends: EndRules,
    /// The share of grid cells that may be asked to be rooms (see
    /// [`crate::isaac::IsaacConfig::max_fill`]).
    pub max_fill: f64,
    /// Let the grid grow until the level fits.
    pub grow_grid: bool,
    /// Walks tried before giving up with [`GenError::Exhausted`].
    pub max_attempts: i32,
}

/// Highest `max_fill` accepted: fuller walks rarely keep two dead ends.
const FILL_LIMIT: f64 = 0.7;

impl Default for DrunkardConfig {
    fn default() -> Self {
        Self::seed_002()
    }
}

impl DrunkardConfig {
    /// Seed 002: 8×8, 4 directions, back to the start at the edge, seed 002's
    /// room count, start = a random room. Holds up to level 11 (40–43 rooms,
    /// `max_fill` 0.7 → 44 of 64 cells).
    #[must_use]
    pub fn seed_002() -> Self {
        Self {
            width: 8,
            height: 8,
            count: RoomCount::SEED_002,
            diagonal: false,
            off_grid: OffGrid::ReturnToStart,
            max_steps: 20_000,
            ends: EndRules::seed_002(StartRule::RandomRoom),
            max_fill: 0.7,
            grow_grid: false,
            max_attempts: 2000,
        }
    }

    /// Seed 000's walker: 8 directions, stays at the edge.
    #[must_use]
    pub fn eight_way() -> Self {
        Self {
            diagonal: true,
            off_grid: OffGrid::Stay,
            ..Self::seed_002()
        }
    }

    /// A preset by name: `"seed_002"` or `"eight_way"`.
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "seed_002" => Some(Self::seed_002()),
            "eight_way" => Some(Self::eight_way()),
            _ => None,
        }
    }

    /// The preset names [`DrunkardConfig::preset`] knows.
    pub const PRESETS: [&'static str; 2] = ["seed_002", "eight_way"];

    /// The smallest and largest room count level `level` can draw.
    #[must_use]
    pub fn room_count_range(&self, level: i32) -> (i32, i32) {
        self.count.range(level)
    }

    /// The room count level `level` of run `seed` will have.
    #[must_use]
    pub fn room_count(&self, seed: u64, level: i32) -> i32 {
        self.count.draw(seed, level)
    }

    /// Checks every field (and the level's capacity) without generating.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, value and allowed range.
    pub fn validate(&self, level: i32) -> Result<(), GenError> {
        self.plan(0, level).map(|_| ())
    }

    fn plan(&self, seed: u64, level: i32) -> Result<crate::room_grid::LevelPlan, GenError> {
        check_range("max_steps", self.max_steps, 1, 10_000_000)?;
        check_range("max_attempts", self.max_attempts, 1, 1_000_000)?;
        self.ends.validate()?;
        Ok(plan_level(
            self.width,
            self.height,
            &self.count,
            self.max_fill,
            FILL_LIMIT,
            self.grow_grid,
            seed,
            level,
        )?)
    }
}

/// 4-direction steps, N E S W.
const STEPS4: [Pos; 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
/// 8-direction steps.
const STEPS8: [Pos; 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Generates level `level` of the run `seed`.
///
/// # Errors
/// [`GenError::Config`] for an invalid config or a level beyond the grid's
/// capacity; [`GenError::Exhausted`] if `max_attempts` walks all failed.
pub fn generate(config: &DrunkardConfig, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
    let plan = config.plan(seed, level)?;
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut s = RoomScratch::new(plan.width, plan.height);
    let target = plan.rooms as usize;
    let mut reason = "no attempt made";
    for _ in 0..config.max_attempts {
        s.clear();
        let origin = (rng.range(0, plan.width - 1), rng.range(0, plan.height - 1));
        s.place(origin);
        let walked = if config.diagonal {
            walk(&mut s, config, &STEPS8, origin, target, &mut rng)
        } else {
            walk(&mut s, config, &STEPS4, origin, target, &mut rng)
        };
        if !walked {
            reason = "the walk ran out of steps before the room count was reached";
            continue;
        }
        match s.choose_ends(&config.ends, origin, &mut rng) {
            Ok((start, end)) => return Ok(s.to_grid("drunkard", seed, level, start, end)),
            Err(why) => reason = why,
        }
    }
    Err(GenError::Exhausted {
        generator: "drunkard",
        attempts: config.max_attempts.unsigned_abs(),
        reason: reason.to_owned(),
    })
}

/// One walk of up to `max_steps` steps. Compiled once per direction table
/// (`N` = 4 or 8), so the 4-direction walk carries no diagonal test: that
/// test branches on the random direction and is mispredicted half the time.
/// Kept out of line: inlined into `generate`, the loop ran about 20 % slower
/// at 80×50 (its state no longer stayed in registers).
#[inline(never)]
fn walk<const N: usize>(
    s: &mut RoomScratch,
    config: &DrunkardConfig,
    steps: &[Pos; N],
    origin: Pos,
    target: usize,
    rng: &mut DungeonRng,
) -> bool {
    let mut at = origin;
    for _ in 0..config.max_steps {
        if s.rooms.len() >= target {
            return true;
        }
        let (dx, dy) = steps[rng.below(N as u32) as usize];
        let next = (at.0 + dx, at.1 + dy);
        if s.idx(next).is_none() {
            if config.off_grid == OffGrid::ReturnToStart {
                at = origin;
            }
            continue;
        }
        if N == 8 && dx != 0 && dy != 0 {
            // Cut the corner through one of the two orthogonal cells, so
            // the diagonal neighbour shares a door with the path.
            let via = if rng.chance(0.5) {
                (at.0 + dx, at.1)
            } else {
                (at.0, at.1 + dy)
            };
            s.place(via);
            if s.rooms.len() >= target {
                return true;
            }
        }
        s.place(next);
        at = next;
    }
    s.rooms.len() >= target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_counts_connected_both_modes() {
        for c in [DrunkardConfig::seed_002(), DrunkardConfig::eight_way()] {
            for seed in 0..200 {
                for level in [1, 3, 5] {
                    let g = generate(&c, seed, level).unwrap();
                    assert_eq!(g.rooms().len() as i32, c.room_count(seed, level), "{g}");
                    assert!(g.is_connected(), "{g}");
                    assert!(g.is_dead_end(g.end()));
                }
            }
        }
    }

    #[test]
    fn too_many_rooms_is_a_config_error_not_a_hang() {
        let mut c = DrunkardConfig::seed_002();
        c.width = 2;
        c.height = 2;
        let e = generate(&c, 1, 1).unwrap_err();
        assert!(
            matches!(e, GenError::Config(ref ce) if ce.field == "level"),
            "{e}"
        );
    }
}
