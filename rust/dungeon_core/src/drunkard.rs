//! Drunkard walk on a room grid (the original room-grid script's second
//! generator; an 8-direction walker as an option).
//!
//! The walker starts on a random cell and steps in a random direction; every
//! empty cell it enters becomes a room, until the level's room count is
//! reached. Fixes against the script:
//! - the script made `maxRooms + 1` rooms (it counted before adding the start);
//!   here the count is exact, start included;
//! - the script had no step cap and looped forever when asked for more rooms
//!   than the grid has; here the count is checked against the grid's
//!   capacity first and every attempt has a `max_steps` budget;
//! - the 8-direction `random_walk()` switch we follow (after abhayMore's
//!   Random-Walker) never stepped in pure −x; here all eight directions are
//!   equally likely, and a diagonal step also fills one of the two
//!   orthogonal cells it cuts past, so rooms stay door-connected.
//!
//! Start/end selection, the acceptance rules, the attempt loop and the work
//! budget are shared with Isaac ([`crate::room_grid`]).

use crate::error::{GenError, check_range};
use crate::generator::GeneratorConfig;
use crate::grid::{DungeonGrid, Pos};
use crate::preset::Preset;
use crate::rng::DungeonRng;
use crate::room_grid::{
    Budget, EndRules, Generator, RoomCount, RoomGridConfig, RoomScratch, StartRule, Work, run,
};
use crate::watch::Watch;

/// What the walker does when a step would leave the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffGrid {
    /// Teleport back to the walk's first cell (the room-grid script's rule).
    ReturnToStart,
    /// Stay where it is; the step is spent.
    Stay,
}

/// Settings for [`generate`].
#[derive(Clone, Debug, PartialEq)]
pub struct DrunkardConfig {
    /// Grid, room count, end rules, capacity and attempts.
    pub grid: RoomGridConfig,
    /// Walk in 8 directions instead of 4.
    pub diagonal: bool,
    /// What happens at the grid edge.
    pub off_grid: OffGrid,
    /// Steps per attempt before the walk gives up (1..=10 000 000).
    pub max_steps: i32,
}

/// Highest `max_fill` accepted: fuller walks rarely keep two dead ends.
const FILL_LIMIT: f64 = 0.7;

impl Default for DrunkardConfig {
    fn default() -> Self {
        Self::winding()
    }
}

/// The drunkard walk's presets.
pub const PRESET_LIST: [Preset<DrunkardConfig>; 2] = [
    Preset::new(
        "winding",
        "a 4-direction walk that jumps back to its first cell at the grid edge",
        DrunkardConfig::winding,
    ),
    Preset::new(
        "wide",
        "an eight-way walk that stops at the grid edge",
        DrunkardConfig::wide,
    ),
];

impl DrunkardConfig {
    /// Long winding floors (the room-grid script's walk): 8×8, 4 directions,
    /// back to the start at the edge, the script's room count and end rules,
    /// start = a random room. Holds up to level 11 (40–43 rooms, `max_fill` 0.7
    /// → 44 of 64 cells).
    #[must_use]
    pub fn winding() -> Self {
        Self {
            grid: RoomGridConfig::new(
                8,
                8,
                RoomCount::THREE_PER_LEVEL,
                EndRules::far_apart(StartRule::RandomRoom),
                FILL_LIMIT,
            ),
            diagonal: false,
            off_grid: OffGrid::ReturnToStart,
            max_steps: 20_000,
        }
    }

    /// Wider, blockier floors (an eight-direction walker): 8 directions, the
    /// walker stays put at the edge; otherwise as [`DrunkardConfig::winding`].
    #[must_use]
    pub fn wide() -> Self {
        Self {
            diagonal: true,
            off_grid: OffGrid::Stay,
            ..Self::winding()
        }
    }

    /// The preset names [`DrunkardConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 2] = crate::preset::names(&PRESET_LIST);

    /// Checks every field (and the level's capacity) without generating.
    ///
    /// # Errors
    /// A [`crate::ConfigError`] naming the field, value and what would work.
    pub fn validate(&self, level: i32) -> Result<(), GenError> {
        check_range("max_steps", self.max_steps, 1, 10_000_000)?;
        self.grid
            .plan(0, level, FILL_LIMIT, self.max_steps.unsigned_abs().into())
            .map(|_| ())
            .map_err(GenError::from)
    }
}

/// 4-direction steps, N E S W.
const STEPS4: [Pos; 4] = crate::grid::NEIGHBOURS_4;
/// 8-direction steps, N NE E SE S SW W NW (the painters' neighbour order).
const STEPS8: [Pos; 8] = crate::paint::NEIGHBOURS_8;

/// [`generate`], also saying how much work the call did (walks tried, steps).
pub fn generate_counted(
    config: &DrunkardConfig,
    seed: u64,
    level: i32,
) -> (Result<DungeonGrid, GenError>, Work) {
    counted(config, seed, level, &Watch::new())
}

/// [`generate_counted`] under `watch`.
fn counted(
    config: &DrunkardConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> (Result<DungeonGrid, GenError>, Work) {
    let generator = Generator {
        name: "drunkard",
        checked: check_range("max_steps", config.max_steps, 1, 10_000_000),
        grid: &config.grid,
        fill_limit: FILL_LIMIT,
        attempt_steps: config.max_steps.unsigned_abs().into(),
        stall_hint: format!(
            "raise max_steps (now {}) or ask for fewer rooms",
            config.max_steps
        ),
        roles: None,
    };
    run(&generator, seed, level, watch, |s, target, rng, budget| {
        let origin = (rng.range(0, s.width - 1), rng.range(0, s.height - 1));
        s.place(origin);
        let walked = if config.diagonal {
            walk(s, config, &STEPS8, origin, target, rng, budget)
        } else {
            walk(s, config, &STEPS4, origin, target, rng, budget)
        };
        walked.then_some(origin)
    })
}

crate::generator::entry_points!(DrunkardConfig);

impl GeneratorConfig for DrunkardConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate(level)
    }

    /// Generates level `level` of the run `seed` under `watch`. The
    /// checkpoints are the room-grid attempt loop's (see
    /// [`crate::room_grid`]): at the start of each attempt, after growing
    /// and after the ends.
    ///
    /// # Errors
    /// [`GenError::Config`] for an invalid config or a level beyond the
    /// grid's capacity; [`GenError::Exhausted`] if every walk (or the
    /// call's work budget) ran out, with what would help;
    /// [`GenError::Cancelled`] when `watch` was cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        counted(self, seed, level, watch).0
    }
}

/// One walk of up to `max_steps` steps (fewer if the call's budget has
/// fewer left), charged to the budget when it ends so the loop itself
/// carries no budget test. Compiled once per direction table (`N` = 4 or
/// 8), so the 4-direction walk carries no diagonal test: that test branches
/// on the random direction and is mispredicted half the time. Kept out of
/// line: inlined into `generate`, the loop ran about 20 % slower at 80×50
/// (its state no longer stayed in registers).
#[inline(never)]
fn walk<const N: usize>(
    s: &mut RoomScratch,
    config: &DrunkardConfig,
    steps: &[Pos; N],
    origin: Pos,
    target: usize,
    rng: &mut DungeonRng,
    budget: &mut Budget,
) -> bool {
    let limit = budget.left().min(config.max_steps.unsigned_abs().into());
    let mut taken = limit;
    let mut at = origin;
    for step in 0..limit {
        if s.rooms.len() >= target {
            taken = step;
            break;
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
                taken = step + 1;
                break;
            }
        }
        s.place(next);
        at = next;
    }
    budget.spend(taken);
    s.rooms.len() >= target
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_counts_connected_both_modes() {
        for c in [DrunkardConfig::winding(), DrunkardConfig::wide()] {
            for seed in 0..200 {
                for level in [1, 3, 5] {
                    let g = generate(&c, seed, level).unwrap();
                    assert_eq!(
                        Ok(g.rooms().len() as i32),
                        c.grid.room_count(seed, level),
                        "{g}"
                    );
                    assert!(g.is_connected(), "{g}");
                    assert!(g.is_dead_end(g.end()));
                }
            }
        }
    }

    #[test]
    fn too_many_rooms_is_a_config_error_not_a_hang() {
        let mut c = DrunkardConfig::winding();
        c.grid.width = 2;
        c.grid.height = 2;
        let e = generate(&c, 1, 1).unwrap_err();
        assert!(
            matches!(e, GenError::Config(ref ce) if ce.field == "level"),
            "{e}"
        );
    }
}
