//! A walker (or several) wandering through rock and digging as it goes
//! (an eight-direction random walk).
//!
//! # What the original does
//!
//! The walk follows a C++ `random_walk()` (adapted from abhayMore's
//! Random-Walker): draw `rand() % 8 + 1` and move by a `switch` of eight
//! cases: `x++`, `y--`, `y++`, `y--`, and the four diagonals. It has no map,
//! no edge, no stopping rule and no seed.
//!
//! # What we changed
//!
//! - **The repeated case (a bug).** Cases 2 and 4 are both `y--`, so the
//!   original walker never steps in pure −x and steps north twice as often as
//!   any other way: it drifts. Case 4 is `x--` here, so the eight moves are
//!   the eight neighbours, each drawn with probability 1/8 (with
//!   [`Directions::Four`], the first four cases, each 1/4).
//!   `examples/walker_fidelity.rs` measures it.
//! - **Diagonal steps keep the floor 4-connected.** A diagonal step also
//!   digs one of the two tiles beside it (which one is a coin flip), so a
//!   player who moves in four directions can follow every step.
//! - **A map and a goal.** The walk happens on a `width × height` map of
//!   rock whose outermost rows and columns are never dug (a 1-tile wall
//!   border for painters to close the map with); a step that would enter
//!   the border is skipped (the walker stays where it is, and the step
//!   counts). It stops once `floor_fraction` of the map is floor. The floor
//!   count is kept as tiles are dug, never recounted: the work is the number
//!   of steps plus two passes over the map (door masks, the end search),
//!   so it grows linearly with the area (mapgen's `DrunkardsWalk` recounts
//!   the whole map after every walker). The step loop has no branch on the
//!   random direction (a table of the 16 four-bit draws gives each step's
//!   offsets; a skipped step multiplies them by 0), since such branches are
//!   mispredicted every other step.
//! - **A budget.** A walk that has not reached `floor_fraction` after
//!   `max_steps_per_tile × width × height` steps stops with
//!   [`GenError::Exhausted`] saying so (only very high fractions come close:
//!   40 % of a 1024×1024 map takes about 1.6 steps per tile with
//!   `open_cave`'s walker, 3.6 with four-way walkers of 400 steps). On big
//!   maps a cap on the whole walk's work bites first: [`MAX_WALK_WORK`]
//!   (2^27) units, a step counting 1 and a replaced walker
//!   [`RESPAWN_WORK`] more, at most about 3 s in a release build; without it
//!   `max_steps_per_tile = 1000` on a 1024² map walked for 12.8 s and on a
//!   2048² map for minutes.
//! - **Several walkers and lifetimes.** `walkers` walkers set out from the
//!   start and take turns, one step each. With a `lifetime`, a walker that
//!   has taken that many steps is replaced by a new one on a tile already
//!   dug, so the map stays connected (mapgen's walkers respawn anywhere and
//!   need a cull afterwards): a random tile among the newest quarter dug,
//!   which lies near the cave's edge, so the new walker keeps digging. After
//!   each walker that dug nothing the window doubles (up to every floor
//!   tile), so short walkers never stay trapped in a corner already dug
//!   out. A uniform pick among all floor tiles starts most walkers deep
//!   inside a big cave, where they dig nothing: the work per tile then grew
//!   with the map's side (3.7, 4.0, 5.0, 7.3, 11.4 work units per tile from
//!   32² to 512² for `sprawling_cave` at 40 %; now 3.6, 3.9, 4.5, 4.8, 4.9).
//! - **Seeded.** Steps come from a [`DungeonRng`] stream of
//!   `(seed, level)`, four bits per step (three for the direction, one for
//!   the diagonal's side tile), eight steps per 32-bit draw.
//!
//! # Measured against the original
//!
//! `examples/walker_fidelity.rs`, 2000 seeds per preset: the share of each
//! move among all steps drawn.
//!
//! | preset | +x | −y | +y | −x | diagonals (each) | floor share (target) | steps per tile |
//! |---|---|---|---|---|---|---|---|
//! | original code | 0.125 | 0.250 | 0.125 | 0 | 0.125 | | |
//! | `open_cave` (8 ways) | 0.1251 | 0.1251 | 0.1249 | 0.1249 | 0.1248–0.1252 | 0.4001 (0.4) | 1.32 |
//! | `sprawling_cave` (4 ways) | 0.2501 | 0.2501 | 0.2498 | 0.2500 | — | 0.3500 (0.35) | 1.76 |
//!
//! # Start and end
//!
//! The start is the middle of the map, where every walker sets out; the
//! end is the floor tile farthest from it by walking (4-connected), as for
//! every open-floor map ([`crate::dig`]).
//!
//! ```
//! use dungeon_core::walker::{self, WalkerConfig};
//! let grid = walker::generate(&WalkerConfig::open_cave(), 1, 1).unwrap();
//! assert!(grid.is_connected() && grid.is_open_floor());
//! println!("{grid}");
//! ```

mod config;
mod walk;

pub use config::{
    Directions, MAX_LIFETIME, MAX_SIDE, MAX_STEPS_PER_TILE, MAX_WALK_WORK, MAX_WALKERS, MIN_SIDE,
    PRESET_LIST, RESPAWN_WORK, WalkerConfig,
};
pub use walk::{MOVES, WalkStats};

use crate::dig;
use crate::error::GenError;
use crate::generator::GeneratorConfig;
use crate::grid::DungeonGrid;
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;

/// Progress when the walk is done (see [`WalkerConfig::build`]).
const W_WALK: f64 = 0.72;

crate::generator::entry_points!(WalkerConfig);

impl GeneratorConfig for WalkerConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate()?;
        Ok(check_level(level)?)
    }

    /// Generates level `level` of the run `seed` under `watch`.
    /// Checkpoints: every 65 536 steps of the walk, at the share of the
    /// floor target dug, and before the finishing passes. Weights, from a
    /// 1024² `open_cave` (release): the walk 72 %, door masks and the end's
    /// search 28 %.
    ///
    /// # Errors
    /// [`GenError::Config`] when [`WalkerConfig::validate`] fails or
    /// `level` is outside `1..=1000`; [`GenError::Exhausted`] when the step
    /// budget runs out before `floor_fraction` of the map is floor;
    /// [`GenError::Cancelled`] when `watch` was cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        run(self, seed, level, watch).map(|(g, _)| g)
    }
}

/// [`generate`], also returning what the walk did: steps, moves by kind,
/// skipped steps, the work done. For the fidelity example and the tests
/// that check the work grows linearly with the map.
///
/// # Errors
/// As [`generate`].
pub fn generate_with_stats(
    config: &WalkerConfig,
    seed: u64,
    level: i32,
) -> Result<(DungeonGrid, WalkStats), GenError> {
    run(config, seed, level, &Watch::new())
}

/// [`generate_with_stats`] under `watch`.
fn run(
    config: &WalkerConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<(DungeonGrid, WalkStats), GenError> {
    run_capped(config, seed, level, watch, MAX_WALK_WORK)
}

/// [`run`] with a work cap of `cap` instead of [`MAX_WALK_WORK`] (the tests
/// lower it to see it bite on small maps).
fn run_capped(
    config: &WalkerConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
    cap: u64,
) -> Result<(DungeonGrid, WalkStats), GenError> {
    config.validate_for(level)?;
    watch.at(0.0)?;
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut g = dig::walls(config.width, config.height);
    let start = (config.width / 2, config.height / 2);
    let mut stats = walk::walk(
        config,
        &mut g,
        start,
        &mut rng,
        watch.span(0.0, W_WALK),
        cap,
    )?;
    watch.at(W_WALK)?;
    dig::finish(
        &mut g,
        start,
        "walker",
        seed,
        level,
        watch.span(W_WALK, 1.0),
    )?;
    // Two passes over the map after the walk: door masks and the BFS.
    stats.work = stats.steps + 2 * (config.width as u64 * config.height as u64);
    Ok((g, stats))
}

#[cfg(test)]
mod tests;
