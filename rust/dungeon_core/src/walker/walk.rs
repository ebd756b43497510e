//! The walk itself: one tight loop over steps with the floor count kept
//! live.

use super::config::{Directions, RESPAWN_WORK, WalkerConfig};
use crate::error::GenError;
use crate::grid::{Cell, DungeonGrid, Pos};
use crate::rng::DungeonRng;
use crate::watch::Span;

/// The original walk's eight moves in its `switch` order (cases 1 to 8), with
/// case 4 fixed from `y--` (a repeat of case 2) to `x--`. [`Directions::Four`]
/// uses the first four. Its own table, not the grid's neighbour lists: a move
/// is drawn by its index here, so this order shapes every walk.
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
    floor: u64,
    /// Every dug tile in order (its first `len` entries), kept only when
    /// walkers respawn on one; sized for the most tiles the walk can dig.
    dug: Vec<u32>,
    len: usize,
    keep_list: bool,
    /// `len` when the last walker was replaced.
    len_at_respawn: usize,
    /// Walkers in a row that dug nothing.
    fruitless: u32,
}

impl Dig<'_> {
    /// Digs tile `i` (a no-op on floor). Branch-free but for the list,
    /// whose branch is the same on every call: the direction of a random
    /// walk cannot be predicted, so branches on it would be mispredicted
    /// every other step.
    #[inline(always)]
    fn carve(&mut self, i: usize) {
        let fresh = self.cells[i] == Cell::Empty;
        self.cells[i] = Cell::Floor;
        self.floor += u64::from(fresh);
        if self.keep_list {
            self.dug[self.len] = i as u32;
            self.len += usize::from(fresh);
        }
    }
}

/// One 4-bit draw decoded: the move, and the offsets of the tile it enters
/// and of the side tile a diagonal step also digs (0, the tile the walker
/// stands on, for an orthogonal step).
#[derive(Clone, Copy, Default)]
struct Step {
    k: usize,
    dx: i32,
    dy: i32,
    to: isize,
    side: isize,
}

/// The 16 draws' steps: bits 0–2 (or 0–1 with four directions) pick the
/// move, bit 3 the side tile of a diagonal (the one beside the walker
/// along x when clear, along y when set).
fn steps(directions: Directions, width: isize) -> [Step; 16] {
    let mask = if directions == Directions::Eight {
        7
    } else {
        3
    };
    let mut t = [Step::default(); 16];
    for (r, s) in t.iter_mut().enumerate() {
        let k = r & mask;
        let (dx, dy) = MOVES[k];
        let (ox, oy) = (dx as isize, dy as isize * width);
        let side = match (dx != 0 && dy != 0, r & 8 == 0) {
            (false, _) => 0,
            (true, true) => ox,
            (true, false) => oy,
        };
        *s = Step {
            k,
            dx,
            dy,
            to: ox + oy,
            side,
        };
    }
    t
}

#[derive(Clone, Copy)]
struct Walker {
    x: i32,
    y: i32,
    i: usize,
    life: i32,
}

/// Walks on `g` (all wall) from `start` until the target is floor, or
/// until the step budget or the work cap `cap` (steps plus
/// [`RESPAWN_WORK`] per replaced walker) runs out.
pub(super) fn walk(
    config: &WalkerConfig,
    g: &mut DungeonGrid,
    start: Pos,
    rng: &mut DungeonRng,
    progress: Span<'_>,
    cap: u64,
) -> Result<WalkStats, GenError> {
    let (w, h) = (config.width, config.height);
    let width = w as usize;
    let target = config.target_tiles();
    let budget = config.tile_budget();
    let table = steps(config.directions, width as isize);
    let keep_list = config.lifetime > 0;
    let mut d = Dig {
        cells: &mut g.cells,
        floor: 0,
        dug: if keep_list {
            vec![0; usize::try_from(target).unwrap_or(0) + 2]
        } else {
            Vec::new()
        },
        len: 0,
        keep_list,
        len_at_respawn: 0,
        fruitless: 0,
    };
    let start_i = start.1 as usize * width + start.0 as usize;
    d.carve(start_i);
    let mut walkers: Vec<Walker> = (0..config.walkers)
        .map(|_| Walker {
            x: start.0,
            y: start.1,
            i: start_i,
            life: config.lifetime,
        })
        .collect();
    let mut stats = WalkStats {
        target,
        ..WalkStats::default()
    };
    // Interior spans: x in 1..=w-2 is `(x - 1) as u32 < w - 2`.
    let (span_x, span_y) = ((w - 2) as u32, (h - 2) as u32);
    let run = Run {
        config,
        table: &table,
        span: (span_x, span_y),
        width,
        target,
        budget,
        cap,
        keep_list,
        progress,
    };
    if walkers.len() == 1 {
        run.steps::<true>(&mut walkers, &mut d, rng, &mut stats)?;
    } else {
        run.steps::<false>(&mut walkers, &mut d, rng, &mut stats)?;
    }
    stats.floor = d.floor;
    Ok(stats)
}

/// What the step loop reads.
struct Run<'a> {
    config: &'a WalkerConfig,
    table: &'a [Step; 16],
    span: (u32, u32),
    width: usize,
    target: u64,
    /// `width × height × max_steps_per_tile` steps.
    budget: u64,
    /// The most work: steps plus [`RESPAWN_WORK`] per replaced walker.
    cap: u64,
    keep_list: bool,
    /// Checked every [`CHECK_EVERY`] steps, at the share of the target dug.
    progress: Span<'a>,
}

/// Steps between two checkpoints (well under a millisecond).
const CHECK_EVERY: u64 = 1 << 16;

impl Run<'_> {
    /// Steps until the target is floor. With `ONE` (a single walker) the
    /// walker lives in locals, so its position stays in registers instead
    /// of going through memory on every step.
    #[inline(always)]
    fn steps<const ONE: bool>(
        &self,
        walkers: &mut [Walker],
        d: &mut Dig,
        rng: &mut DungeonRng,
        stats: &mut WalkStats,
    ) -> Result<(), GenError> {
        let Run {
            config,
            table,
            span: (span_x, span_y),
            width,
            target,
            budget,
            cap,
            keep_list,
            progress,
        } = *self;
        let (w, h) = (config.width, config.height);
        let mut solo = walkers[0];
        let (mut bits, mut left) = (0u32, 0u32);
        let mut turn = 0usize;
        // Work: steps plus RESPAWN_WORK per replaced walker; never less
        // than the steps, so `work + budget - steps` is reached no later
        // than the step budget. One compare per step covers the budget,
        // the work cap and the checkpoints.
        let mut work = 0u64;
        let mut stop = budget.min(cap).min(CHECK_EVERY);
        while d.floor < target {
            if work >= stop {
                if stats.steps < budget && work < cap {
                    progress.step(d.floor as usize, target as usize)?;
                    stop = cap
                        .min(work + CHECK_EVERY)
                        .min(work + (budget - stats.steps));
                    continue;
                }
                if stats.steps < budget {
                    return Err(GenError::Exhausted {
                        generator: "walker",
                        attempts: 1,
                        reason: format!(
                            "the walk reached the cap of {cap} work units every walk has \
                             ({} steps, and {RESPAWN_WORK} more for each of the {} walkers replaced) \
                             long before max_steps_per_tile = {} × {}×{} tiles ran out, and dug {} of the \
                             {target} floor tiles floor_fraction = {} asks for; lower floor_fraction \
                             or the map's size (or, with walkers replaced, raise lifetime)",
                            stats.steps,
                            stats.respawns,
                            config.max_steps_per_tile,
                            w,
                            h,
                            d.floor,
                            config.floor_fraction
                        ),
                    });
                }
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
            let s = table[(bits & 15) as usize];
            bits >>= 4;
            left -= 1;
            stats.moves[s.k] += 1;
            stats.steps += 1;
            work += 1;
            let wk = if ONE { &mut solo } else { &mut walkers[turn] };
            // A step into the border is skipped: every offset times 0.
            let inside = ((wk.x + s.dx - 1) as u32) < span_x && ((wk.y + s.dy - 1) as u32) < span_y;
            let m = isize::from(inside);
            stats.skipped += u64::from(!inside);
            let here = wk.i as isize;
            d.carve((here + s.side * m) as usize);
            let to = (here + s.to * m) as usize;
            d.carve(to);
            wk.i = to;
            wk.x += s.dx * m as i32;
            wk.y += s.dy * m as i32;
            if keep_list {
                wk.life -= 1;
                if wk.life <= 0 {
                    // A random tile among the newest quarter dug: near the
                    // cave's edge, so the new walker keeps digging and the
                    // work stays linear. After each walker that dug nothing
                    // the window doubles (up to every floor tile), so walkers
                    // never stay trapped in a corner already dug out.
                    let n = d.len;
                    if n == d.len_at_respawn {
                        d.fruitless = (d.fruitless + 1).min(40);
                    } else {
                        d.fruitless = 0;
                    }
                    d.len_at_respawn = n;
                    let range = (n / 4)
                        .max(1)
                        .saturating_mul(1 << d.fruitless.min(32))
                        .min(n);
                    let back = rng.below(range as u32) as usize;
                    let i = d.dug[n - 1 - back.min(n - 1)] as usize;
                    wk.i = i;
                    wk.x = (i % width) as i32;
                    wk.y = (i / width) as i32;
                    wk.life = config.lifetime;
                    stats.respawns += 1;
                    work += RESPAWN_WORK;
                }
            }
            if !ONE {
                turn += 1;
                if turn == walkers.len() {
                    turn = 0;
                }
            }
        }
        if ONE {
            walkers[0] = solo;
        }
        Ok(())
    }
}
