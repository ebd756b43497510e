//! The walk itself: one tight loop over steps with the floor count kept
//! live.

use super::config::{Directions, WalkerConfig};
use crate::error::GenError;
use crate::grid::{Cell, DungeonGrid, Pos};
use crate::rng::DungeonRng;

/// Seed 000's eight moves in its `switch` order (cases 1 to 8), with case 4
/// fixed from `y--` (a repeat of case 2) to `x--`. [`Directions::Four`]
/// uses the first four.
pub const MOVES: [(i32, i32); 8] = [
    (1, 0),
    (0, -1),
    (0, 1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// What a walk did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WalkStats {
    /// Steps taken, skipped ones included.
    pub steps: u64,
    /// Steps drawn of each kind, in [`MOVES`] order.
    pub moves: [u64; 8],
    /// Steps skipped because they would have entered the wall border.
    pub skipped: u64,
    /// Walkers replaced after their lifetime.
    pub respawns: u64,
    /// Floor tiles at the end (the target, or one more when the last step
    /// was diagonal and dug two tiles).
    pub floor: u64,
    /// The target: `WalkerConfig::target_tiles`.
    pub target: u64,
    /// Work units: steps plus the tiles of every pass over the map.
    pub work: u64,
}

/// The map being dug and the live floor count.
struct Dig<'a> {
    cells: &'a mut [Cell],
    width: usize,
    floor: u64,
    /// Every dug tile, kept only when walkers respawn on one.
    dug: Vec<u32>,
    keep_list: bool,
}

impl Dig<'_> {
    fn carve(&mut self, x: i32, y: i32) {
        let i = y as usize * self.width + x as usize;
        if self.cells[i] == Cell::Empty {
            self.cells[i] = Cell::Floor;
            self.floor += 1;
            if self.keep_list {
                self.dug.push(i as u32);
            }
        }
    }
}

struct Walker {
    x: i32,
    y: i32,
    life: i32,
}

/// Walks on `g` (all wall) from `start` until the target is floor.
pub(super) fn walk(
    config: &WalkerConfig,
    g: &mut DungeonGrid,
    start: Pos,
    rng: &mut DungeonRng,
) -> Result<WalkStats, GenError> {
    let (w, h) = (config.width, config.height);
    let width = w as usize;
    let target = config.target_tiles();
    let budget = config.step_budget();
    let dir_mask: u32 = if config.directions == Directions::Eight {
        7
    } else {
        3
    };
    let keep_list = config.lifetime > 0;
    let mut d = Dig {
        cells: &mut g.cells,
        width,
        floor: 0,
        dug: Vec::new(),
        keep_list,
    };
    d.carve(start.0, start.1);
    let mut walkers: Vec<Walker> = (0..config.walkers)
        .map(|_| Walker {
            x: start.0,
            y: start.1,
            life: config.lifetime,
        })
        .collect();
    let mut stats = WalkStats {
        target,
        ..WalkStats::default()
    };
    let (mut bits, mut left) = (0u32, 0u32);
    let mut turn = 0usize;
    while d.floor < target {
        if stats.steps >= budget {
            return Err(GenError::Exhausted {
                generator: "walker",
                attempts: 1,
                reason: format!(
                    "the walk used its budget of {budget} steps (max_steps_per_tile = {} × {}×{} tiles) \
                     and dug {} of the {target} floor tiles floor_fraction = {} asks for; \
                     raise max_steps_per_tile or lower floor_fraction",
                    config.max_steps_per_tile, w, h, d.floor, config.floor_fraction
                ),
            });
        }
        if left == 0 {
            bits = rng.next_u32();
            left = 8;
        }
        let r = bits & 15;
        bits >>= 4;
        left -= 1;
        let k = (r & dir_mask) as usize;
        stats.moves[k] += 1;
        stats.steps += 1;
        let wk = &mut walkers[turn];
        let (dx, dy) = MOVES[k];
        let (nx, ny) = (wk.x + dx, wk.y + dy);
        if nx < 1 || ny < 1 || nx > w - 2 || ny > h - 2 {
            stats.skipped += 1;
        } else {
            if dx != 0 && dy != 0 {
                // Also dig the side tile, so the floor stays 4-connected.
                if r & 8 == 0 {
                    d.carve(nx, wk.y);
                } else {
                    d.carve(wk.x, ny);
                }
            }
            d.carve(nx, ny);
            wk.x = nx;
            wk.y = ny;
        }
        if keep_list {
            wk.life -= 1;
            if wk.life <= 0 {
                // Half the time a random tile among the newest quarter
                // dug (near the cave's edge, so the new walker keeps
                // digging and the work stays linear), half the time any
                // floor tile (so walkers never stay trapped in a corner
                // already dug out).
                let n = d.dug.len();
                let pick = rng.next_u32();
                let range = if pick & 1 == 0 { (n / 4).max(1) } else { n };
                let back = ((u64::from(pick >> 1) * range as u64) >> 31) as usize;
                let i = d.dug[n - 1 - back.min(n - 1)] as usize;
                wk.x = (i % width) as i32;
                wk.y = (i / width) as i32;
                wk.life = config.lifetime;
                stats.respawns += 1;
            }
        }
        turn += 1;
        if turn == walkers.len() {
            turn = 0;
        }
    }
    stats.floor = d.floor;
    Ok(stats)
}
