//! Caves grown by a cellular automaton (after jimrandomh), on an open-floor
//! tile map.
//!
//! # What the originals do
//!
//! The two write-ups we follow, an implementation write-up and a survey of
//! dungeon techniques, both use Jim Babcock's "Cellular Automata Method for
//! Generating Random Cave-Like Levels" (jimrandomh.org, via RogueBasin). Every
//! tile starts as wall with probability `fill_prob` (the survey's example:
//! 0.4); then a rule runs over the whole map again and again, each pass reading
//! the previous pass's map: a tile becomes wall when R1, the walls within one
//! step (the 3×3 block, the tile included), reaches a cutoff, or when R2, the
//! walls within two steps (the 5×5 block minus its corners), is at most a
//! second cutoff; otherwise it becomes floor. The implementation chains phases
//! with different cutoffs; the survey prints a 60×30 example (fill 0.4, r1 5,
//! r2 2, 10 repeats). The result has separate caves: the implementation keeps
//! the region a flood fill reaches, the survey joins regions by walking from a
//! random point of one to a random point of the other.
//!
//! # What we do, and what we changed
//!
//! - **Rules.** [`CavePhase`] `{r1_cutoff, r2_cutoff, repeats}`, chained in
//!   [`CaveConfig::phases`]; each pass writes a second buffer (double buffered,
//!   never in place). We use the survey's `R1 ≥ r1_cutoff`. The
//!   implementation's prose writes `R1 > c`: that is `r1_cutoff = c + 1`.
//!   `r2_cutoff = -1` turns the second rule off (R2 is never negative),
//!   `r1_cutoff = 10` the first. Tiles past the map's edge count as wall, and
//!   the outer ring is wall after the fill and after every pass (the survey's
//!   picture has a solid border; neither write-up says how edges count).
//! - **Speed.** The automaton works on rows of bits, 64 tiles per word,
//!   counting neighbours with bitwise adders (`automaton.rs`); a tile by
//!   tile version of the rule is the tests' oracle. The random fill
//!   compares 64 draws with the threshold bit-plane by bit-plane and stops
//!   when every tile is decided, for about a quarter of the random numbers.
//!   Regions are found from runs of floor joined by a union-find
//!   (`regions.rs`), the end by a breadth-first search that moves 64 tiles
//!   at a time (`farthest.rs`), and the grid's cells and door masks are
//!   written from the bit rows word by word; each has a tile-by-tile
//!   oracle in the tests.
//! - **Regions** ([`Regions`]): `keep_largest` is the implementation's flood
//!   fill aimed at the largest region; `connect_all` fills regions of at most
//!   `min_region_size` tiles and joins every other region to the largest with
//!   the survey's walk. The survey drew among all four directions and skipped
//!   those that did not bring it closer (a loop with no bound on its draws); we
//!   draw among the closer ones only, the same distribution in exactly
//!   Manhattan-distance steps. `none` keeps the automaton's map as it is,
//!   except that the map must be walkable everywhere: only the region of a
//!   random floor tile (bigger regions are likelier) stays, and pockets nobody
//!   could reach are filled.
//! - **Too little floor.** A cave whose floor is under
//!   `min_floor_fraction` of the tiles inside the border (or under 2
//!   tiles) is redrawn with the next fill of the same stream, up to
//!   `max_attempts` times, then [`GenError::Exhausted`] names the floor it
//!   got and the settings that would give more. Nothing loops unbounded:
//!   the work is `attempts × (passes + ATTEMPT_OVERHEAD) × area`, and the
//!   attempts of one call share a cap of [`MAX_WORK`] (about 3 s in a
//!   release build), so big maps get fewer attempts than `max_attempts`
//!   ([`CaveConfig::attempt_limit`]): 100 attempts of 100 passes at 4096²
//!   took 65 s before the error, now 2 attempts take about 2 s.
//!
//! # Measured against the survey's example
//!
//! `examples/cave_fidelity.rs`, seeds 0–1999 of the `small` preset (the
//! survey's settings): the survey's printed 60×30 map is 43.5 % floor. Ours,
//! with every region kept and joined (`connect_all`, `min_region_size`
//! 0), averages 42.9 % (32.9–50.7 %); the preset's `keep_largest` keeps
//! 40.4 % on average (13.3–50.7 %), since the largest cave holds most of
//! the floor.
//!
//! # Start and end
//!
//! The start is a uniformly random floor tile of the finished cave (its
//! own stream, [`stage::ENDS`]); the end is the floor tile farthest from it
//! by path (the first in scan order on ties), found by a breadth-first
//! search that grows its frontier 64 tiles at a time (`farthest.rs`). Both stand on the floor
//! ([`Cell::Start`], [`Cell::End`]); every other floor tile is
//! [`Cell::Floor`], and every side between two floor tiles is open.
//!
//! ```
//! use dungeon_core::cave::{self, CaveConfig};
//! let grid = cave::generate(&CaveConfig::small(), 1, 1).unwrap();
//! assert!(grid.is_connected() && grid.is_open_floor());
//! println!("{grid}");
//! ```

mod automaton;
mod config;
mod farthest;
mod regions;

pub use config::{
    ATTEMPT_OVERHEAD, CaveConfig, CavePhase, MAX_ATTEMPTS, MAX_PHASES, MAX_REPEATS, MAX_SIDE,
    MAX_WORK, MIN_SIDE, PHASE_FIELDS, PRESET_LIST, R1_OFF, R2_OFF, Regions,
};

use crate::error::GenError;
use crate::generator::GeneratorConfig;
use crate::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind};
use crate::level::check_level;
use crate::preset::Preset;
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;
use automaton::{Bits, run_phases};
use regions::Labels;

/// Sub-stream of the layout stream for region choices and passages.
const REGIONS_STREAM: u64 = 0xCA_4E00;

/// Progress when the fill, the passes and the regions are done (see
/// [`CaveConfig::build`]).
const W_FILL: f64 = 0.10;
const W_PASSES: f64 = 0.22;
const W_REGIONS: f64 = 0.45;
const W_CELLS: f64 = 0.59;

crate::generator::entry_points!(CaveConfig);

impl GeneratorConfig for CaveConfig {
    const PRESET_LIST: &'static [Preset<Self>] = &PRESET_LIST;

    fn validate_for(&self, level: i32) -> Result<(), GenError> {
        self.validate()?;
        Ok(check_level(level)?)
    }

    /// Generates level `level` of the run `seed` under `watch`. The level
    /// only picks the random stream; the map comes from the config.
    /// Checkpoints: every automaton pass, every 64 steps of the end's
    /// search, and between the phases. Weights of the first attempt, from a
    /// 1024² `classic` cave (release): fill 10 %, passes 12 % (split
    /// evenly), regions 23 %, the grid's cells 14 %, the end's search 41 %;
    /// a retry holds the value.
    ///
    /// # Errors
    /// [`GenError::Config`] when [`CaveConfig::validate`] fails or `level`
    /// is outside `1..=1000`; [`GenError::Exhausted`] when no attempt left
    /// enough floor (see the module docs); [`GenError::Cancelled`] when
    /// `watch` was cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        self.validate_for(level)?;
        attempt(self, seed, level, watch, self.attempt_limit())
    }
}

/// [`CaveConfig::build`] after validation, with at most `attempts` attempts
/// ([`CaveConfig::attempt_limit`]; the tests pass fewer, to see the work
/// cap's message on small maps).
fn attempt(
    config: &CaveConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
    attempts: i32,
) -> Result<DungeonGrid, GenError> {
    let (w, h) = (config.width as usize, config.height as usize);
    let inner = (w - 2) * (h - 2);
    let need = ((config.min_floor_fraction * inner as f64).ceil() as usize).max(2);
    let min_region = usize::try_from(config.min_region_size).unwrap_or(0);

    let mut fill_rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut region_rng = fill_rng.stage(REGIONS_STREAM);
    let (mut a, mut b) = (Bits::walls(w, h), Bits::walls(w, h));
    let mut labels = Labels::default();
    let mut best = 0;
    for _ in 0..attempts {
        watch.at(0.0)?;
        a.fill(config.fill_probability, &mut fill_rng);
        run_phases(&mut a, &mut b, &config.phases, watch.span(W_FILL, W_PASSES))?;
        let kept = regions::apply(
            &mut a,
            config.regions,
            min_region,
            &mut labels,
            &mut region_rng,
        );
        watch.at(W_REGIONS)?;
        if kept >= need {
            return watch.finish(finish(config, &a, kept, seed, level, watch));
        }
        best = best.max(kept);
    }
    let kept_what = match config.regions {
        Regions::KeepLargest => "the largest cave",
        Regions::ConnectAll => "the joined caves",
        Regions::None => "the kept cave",
    };
    let capped = if attempts < config.max_attempts {
        format!(
            " (only {attempts} of max_attempts = {} fit in the work cap of {MAX_WORK} tile-passes \
             at {w}×{h} with {} passes; a smaller map or fewer passes allow more)",
            config.max_attempts,
            config.passes()
        )
    } else {
        String::new()
    };
    Err(GenError::Exhausted {
        generator: "cave",
        attempts: attempts as u32,
        reason: format!(
            "{kept_what} had at most {best} floor tiles ({:.1} % of the {inner} inside the border), \
             min_floor_fraction = {} asks for {need}: lower fill_probability (now {}), raise r1_cutoff \
             or lower r2_cutoff, or lower min_floor_fraction{capped}",
            100.0 * best as f64 / inner as f64,
            config.min_floor_fraction,
            config.fill_probability,
        ),
    })
}

/// The automaton alone: the random fill and every pass of `config`'s
/// phases (the first attempt of [`generate`], before regions), returning
/// how many tiles ended as wall. For the benchmark that weighs the
/// automaton against other cellular automata.
///
/// # Errors
/// As [`generate`]'s config and level errors.
#[doc(hidden)]
pub fn automaton_walls(config: &CaveConfig, seed: u64, level: i32) -> Result<u64, GenError> {
    config.validate_for(level)?;
    let (w, h) = (config.width as usize, config.height as usize);
    let (mut a, mut b) = (Bits::walls(w, h), Bits::walls(w, h));
    a.fill(
        config.fill_probability,
        &mut DungeonRng::for_level(seed, level, stage::LAYOUT),
    );
    run_phases(&mut a, &mut b, &config.phases, Watch::new().span(0.0, 1.0))?;
    let pad = (a.stride * 64 - w) as u64 * h as u64;
    Ok(a.words
        .iter()
        .map(|w| u64::from(w.count_ones()))
        .sum::<u64>()
        - pad)
}

/// The grid: floor tiles, open sides between them, start and end.
///
/// Read from the wall bits word by word: a floor tile's open sides are its
/// floor neighbours, found with shifts of its row and the rows above and
/// below, and only floor tiles are visited.
fn finish(
    config: &CaveConfig,
    bits: &Bits,
    count: usize,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> Result<DungeonGrid, GenError> {
    let (w, s) = (bits.width, bits.stride);
    let mut g = DungeonGrid::new(config.width, config.height);
    // The outer ring is wall: rows 0 and h - 1 hold no floor.
    let cells = watch.span(W_REGIONS, W_CELLS);
    for y in 1..bits.height.saturating_sub(1) {
        if y.is_multiple_of(64) {
            cells.step(y, bits.height)?;
        }
        let row = |y: usize| &bits.words[y * s..(y + 1) * s];
        let (up, here, down) = (row(y - 1), row(y), row(y + 1));
        for k in 0..s {
            let floor = !here[k];
            if floor == 0 {
                continue;
            }
            let prev = if k > 0 { !here[k - 1] } else { 0 };
            let next = if k + 1 < s { !here[k + 1] } else { 0 };
            let north = floor & !up[k];
            let south = floor & !down[k];
            let east = floor & (floor >> 1 | next << 63);
            let west = floor & (floor << 1 | prev >> 63);
            let mut rest = floor;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let i = y * w + k * 64 + bit as usize;
                g.cells[i] = Cell::Floor;
                let side = |open: u64, door: u8| if open >> bit & 1 == 1 { door } else { 0 };
                g.doors[i] = side(north, DOOR_N)
                    | side(east, DOOR_E)
                    | side(south, DOOR_S)
                    | side(west, DOOR_W);
            }
        }
    }
    watch.at(W_CELLS)?;
    // Start: the k-th floor tile in scan order.
    let mut rng = DungeonRng::for_level(seed, level, stage::ENDS);
    let mut k = rng.below(u32::try_from(count).unwrap_or(u32::MAX)) as usize;
    let mut start = 0;
    'rows: for y in 0..bits.height {
        for (j, &word) in bits.words[y * s..(y + 1) * s].iter().enumerate() {
            let mut floor = !word;
            let n = floor.count_ones() as usize;
            if k >= n {
                k -= n;
                continue;
            }
            for _ in 0..k {
                floor &= floor - 1;
            }
            start = y * w + j * 64 + floor.trailing_zeros() as usize;
            break 'rows;
        }
    }
    let (end, _) = farthest::farthest(bits, start, watch.span(W_CELLS, 1.0))?;
    let (s, e) = (g.pos(start), g.pos(end));
    g.set_ends(s, e);
    g.kind = GridKind::TileMap;
    g.stamp("cave", seed, level);
    Ok(g)
}

#[cfg(test)]
mod tests;
