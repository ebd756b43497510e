//! What the room-grid generators (Isaac, drunkard walk) share: the per-level
//! room-count formula, grid capacity, and the start/end rules that decide
//! whether a grown layout is accepted.
//!
//! Seed 002's rules, with its bugs fixed:
//! - a layout needs at least `min_dead_ends` dead ends, and rooms on the grid
//!   edge can be dead ends (the seed skipped out-of-bounds neighbours, so they
//!   never were);
//! - the end is the dead end *farthest from the start by path* that honours
//!   the seed's constraints — no shared row or column with the start and a
//!   straight-line distance of at least `min_end_distance` (the seed took the
//!   last dead end in scan order);
//! - when no start/end pair qualifies, the layout is regenerated within the
//!   attempt budget (the seed's start re-pick loop could spin forever).

use crate::analysis::{UNREACHABLE, bfs};
use crate::error::{ConfigError, check_range};
use crate::grid::{Cell, DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, Pos};
use crate::rng::{DungeonRng, stage};

/// Largest grid side a room-grid generator accepts.
pub const MAX_SIDE: i32 = 256;
/// Largest level accepted.
pub const MAX_LEVEL: i32 = 1000;

/// The per-level room count: `base + floor(per_level × level) + randint(0, variance)`.
///
/// Seed 002 uses `randint(0, 3) + 7 + level * 3` ([`RoomCount::SEED_002`]);
/// Binding of Isaac uses `random(2) + 5 + level * 2.6` ([`RoomCount::CLASSIC`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoomCount {
    /// Rooms at level 0 before the random extra.
    pub base: i32,
    /// Rooms added per level (fractions are floored after multiplying).
    pub per_level: f64,
    /// The random extra is drawn from `0..=variance`.
    pub variance: i32,
}

impl RoomCount {
    /// Seed 002: `randint(0, 3) + 7 + level * 3` (10–13 rooms at level 1).
    pub const SEED_002: RoomCount = RoomCount {
        base: 7,
        per_level: 3.0,
        variance: 3,
    };
    /// Binding of Isaac: `random(2) + 5 + level * 2.6` (7–8 rooms at level 1).
    pub const CLASSIC: RoomCount = RoomCount {
        base: 5,
        per_level: 2.6,
        variance: 1,
    };

    /// The smallest and largest count level `level` can draw.
    #[must_use]
    pub fn range(&self, level: i32) -> (i32, i32) {
        // The epsilon keeps 2.6 × 5 = 12.999… from flooring to 12.
        let per = (self.per_level * f64::from(level) + 1e-9).floor();
        let lo =
            (f64::from(self.base) + per).clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
        (lo, lo.saturating_add(self.variance.max(0)))
    }

    /// The seeded count for level `level` of run `seed` — the same number
    /// the generator will grow, so games can read it without generating.
    #[must_use]
    pub fn draw(&self, seed: u64, level: i32) -> i32 {
        let (lo, hi) = self.range(level);
        DungeonRng::for_level(seed, level, stage::COUNT).range(lo, hi)
    }

    pub(crate) fn validate(&self) -> Result<(), ConfigError> {
        check_range("base_rooms", self.base, 1, MAX_SIDE * MAX_SIDE)?;
        check_range("rooms_per_level", self.per_level, 0.0, 1000.0)?;
        check_range("room_variance", self.variance, 0, 1000)
    }
}

/// Which room becomes the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartRule {
    /// The growth origin (the walk's first cell, Isaac's centre room).
    Origin,
    /// A random room, as seed 002 picks it.
    RandomRoom,
}

/// The acceptance rules for a grown layout (seed 002's, bugs fixed).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EndRules {
    /// How the start room is chosen.
    pub start: StartRule,
    /// A layout needs at least this many dead ends (seed 002: 2).
    pub min_dead_ends: i32,
    /// Minimum straight-line distance between start and end (seed 002: 3).
    pub min_end_distance: f64,
    /// Start and end may share no row and no column (seed 002: true).
    pub end_off_axis: bool,
}

impl EndRules {
    /// Seed 002's rules with the given start rule.
    #[must_use]
    pub const fn seed_002(start: StartRule) -> Self {
        Self {
            start,
            min_dead_ends: 2,
            min_end_distance: 3.0,
            end_off_axis: true,
        }
    }

    pub(crate) fn validate(&self) -> Result<(), ConfigError> {
        check_range("min_dead_ends", self.min_dead_ends, 2, MAX_SIDE * MAX_SIDE)?;
        check_range(
            "min_end_distance",
            self.min_end_distance,
            0.0,
            f64::from(MAX_SIDE) * 2.0,
        )
    }

    fn accepts(&self, start: Pos, end: Pos) -> bool {
        let (dx, dy) = (f64::from(end.0 - start.0), f64::from(end.1 - start.1));
        start != end
            && (!self.end_off_axis || (start.0 != end.0 && start.1 != end.1))
            && (dx * dx + dy * dy).sqrt() + 1e-9 >= self.min_end_distance
    }
}

/// The room-grid size and room target for one level, after the capacity
/// check and optional growth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LevelPlan {
    pub width: i32,
    pub height: i32,
    pub rooms: i32,
}

/// The most rooms a `width × height` grid can be asked for when at most
/// `max_fill` of its cells may be rooms.
#[must_use]
pub fn capacity(width: i32, height: i32, max_fill: f64) -> i32 {
    (f64::from(width) * f64::from(height) * max_fill + 1e-9).floor() as i32
}

/// Validates the shared room-grid fields, applies the capacity rule
/// (growing the grid if `grow_grid`), and draws the level's room count.
#[allow(clippy::too_many_arguments)]
pub(crate) fn plan_level(
    width: i32,
    height: i32,
    count: &RoomCount,
    max_fill: f64,
    max_fill_limit: f64,
    grow_grid: bool,
    seed: u64,
    level: i32,
) -> Result<LevelPlan, ConfigError> {
    check_range("width", width, 2, MAX_SIDE)?;
    check_range("height", height, 2, MAX_SIDE)?;
    check_range("level", level, 1, MAX_LEVEL)?;
    check_range("max_fill", max_fill, 0.05, max_fill_limit)?;
    count.validate()?;
    let (_, max_rooms) = count.range(level);
    let (mut w, mut h) = (width, height);
    while capacity(w, h, max_fill) < max_rooms {
        if !grow_grid || (w >= MAX_SIDE && h >= MAX_SIDE) {
            let top = highest_level(count, capacity(width, height, max_fill));
            let allowed = if top >= 1 {
                format!(
                    "1..={top} on a {width}×{height} grid, which holds at most {} rooms \
                     (level {level} may ask {max_rooms}); enable grow_grid or use a bigger grid",
                    capacity(width, height, max_fill)
                )
            } else {
                format!(
                    "none: a {width}×{height} grid holds at most {} rooms; use a bigger grid",
                    capacity(width, height, max_fill)
                )
            };
            return Err(ConfigError::new("level", level, allowed));
        }
        // Grow the shorter side first, so the grid stays close to its shape.
        if (w <= h && w < MAX_SIDE) || h >= MAX_SIDE {
            w += 1;
        } else {
            h += 1;
        }
    }
    Ok(LevelPlan {
        width: w,
        height: h,
        rooms: count.draw(seed, level),
    })
}

/// The highest level whose largest room count fits in `cap` rooms (0 if none).
#[must_use]
pub fn highest_level(count: &RoomCount, cap: i32) -> i32 {
    (1..=MAX_LEVEL)
        .take_while(|&l| count.range(l).1 <= cap)
        .last()
        .unwrap_or(0)
}

/// Scratch state shared by the room-grid generators: an occupancy map, the
/// rooms in placement order, and buffers for the acceptance check. Reused
/// across attempts so the hot loop allocates nothing.
pub(crate) struct RoomScratch {
    pub width: i32,
    pub height: i32,
    pub occupied: Vec<bool>,
    pub rooms: Vec<Pos>,
    masks: Vec<u8>,
    dist: Vec<i32>,
    queue: Vec<u32>,
    /// Dead ends as (cell index, position).
    dead_ends: Vec<(usize, Pos)>,
    order: Vec<usize>,
}

impl RoomScratch {
    pub fn new(width: i32, height: i32) -> Self {
        let n = width as usize * height as usize;
        Self {
            width,
            height,
            occupied: vec![false; n],
            rooms: Vec::with_capacity(n),
            masks: vec![0; n],
            dist: Vec::with_capacity(n),
            queue: Vec::with_capacity(n),
            dead_ends: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
        }
    }

    /// Empties the grid for a new attempt.
    pub fn clear(&mut self) {
        self.occupied.fill(false);
        self.rooms.clear();
    }

    #[inline]
    pub fn idx(&self, p: Pos) -> Option<usize> {
        (p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < self.height)
            .then(|| p.1 as usize * self.width as usize + p.0 as usize)
    }

    #[inline]
    pub fn is_room(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.occupied[i])
    }

    /// Marks `p` a room (if it is inside and empty); returns whether it was added.
    #[inline]
    pub fn place(&mut self, p: Pos) -> bool {
        match self.idx(p) {
            Some(i) if !self.occupied[i] => {
                self.occupied[i] = true;
                self.rooms.push(p);
                true
            }
            _ => false,
        }
    }

    /// Number of 4-neighbours of `p` that are rooms.
    #[inline]
    pub fn filled_neighbours(&self, p: Pos) -> u32 {
        DIRS.iter()
            .filter(|&&(dx, dy, _, _)| self.is_room((p.0 + dx, p.1 + dy)))
            .count() as u32
    }

    /// Fills `masks` (every pair of adjacent rooms shares a door) and lists
    /// the dead ends in row-major order.
    ///
    /// The masks are computed without branching on the cells: whether a cell
    /// is a room is close to a coin flip on a half-full grid, so a branch on
    /// it would be mispredicted often. Each neighbour is read at a clamped
    /// index and masked off at the grid edge.
    fn scan_doors(&mut self) {
        let (w, h) = (self.width as usize, self.height as usize);
        let occ = &self.occupied;
        self.dead_ends.clear();
        let mut i = 0;
        for y in 0..h {
            let (up, down) = (u8::from(y > 0), u8::from(y + 1 < h));
            let above = if y > 0 { i - w } else { i };
            let below = if y + 1 < h { i + w } else { i };
            for x in 0..w {
                let (left, right) = (u8::from(x > 0), u8::from(x + 1 < w));
                let n = u8::from(occ[above + x]) & up;
                let e = u8::from(occ[i + x + usize::from(right)]) & right;
                let s = u8::from(occ[below + x]) & down;
                let west = u8::from(occ[i + x - usize::from(left)]) & left;
                let sides = (n * DOOR_N) | (e * DOOR_E) | (s * DOOR_S) | (west * DOOR_W);
                let m = u8::from(occ[i + x]) * sides;
                self.masks[i + x] = m;
                if m.is_power_of_two() {
                    self.dead_ends.push((i + x, (x as i32, y as i32)));
                }
            }
            i += w;
        }
    }

    /// Applies the acceptance rules; returns `(start, end)` or why the layout
    /// was rejected. `origin` is the growth origin (for `StartRule::Origin`).
    pub fn choose_ends(
        &mut self,
        rules: &EndRules,
        origin: Pos,
        rng: &mut DungeonRng,
    ) -> Result<(Pos, Pos), &'static str> {
        let w = self.width as usize;
        self.scan_doors();
        if (self.dead_ends.len() as i32) < rules.min_dead_ends {
            return Err("too few dead ends");
        }
        self.order.clear();
        match rules.start {
            StartRule::Origin => self.order.extend(self.idx(origin)),
            StartRule::RandomRoom => {
                self.order.extend(0..self.rooms.len());
                rng.shuffle(&mut self.order);
                // `order` held room numbers; turn them into cell indices.
                for k in 0..self.order.len() {
                    let p = self.rooms[self.order[k]];
                    self.order[k] = p.1 as usize * w + p.0 as usize;
                }
            }
        }
        for k in 0..self.order.len() {
            let s = self.order[k];
            let sp = ((s % w) as i32, (s / w) as i32);
            bfs(self.width, &self.masks, s, &mut self.dist, &mut self.queue);
            let mut best: Option<(i32, Pos)> = None;
            for &(e, ep) in &self.dead_ends {
                let d = self.dist[e];
                if d != UNREACHABLE && rules.accepts(sp, ep) && best.is_none_or(|(bd, _)| d > bd) {
                    best = Some((d, ep));
                }
            }
            if let Some((_, ep)) = best {
                return Ok((sp, ep));
            }
        }
        Err("no start/end pair meets the distance rules")
    }

    /// Builds the output grid from the accepted layout.
    pub fn to_grid(
        &self,
        generator: &str,
        seed: u64,
        level: i32,
        start: Pos,
        end: Pos,
    ) -> DungeonGrid {
        let mut g = DungeonGrid::new(self.width, self.height);
        for &p in &self.rooms {
            g.set(p, Cell::Room);
        }
        g.rooms.clone_from(&self.rooms);
        g.set_ends(start, end);
        // choose_ends left every pair of adjacent rooms sharing a door.
        g.doors.copy_from_slice(&self.masks);
        g.generator = generator.to_owned();
        g.seed = seed;
        g.level = level;
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_002_counts_match_the_seed() {
        let c = RoomCount::SEED_002;
        assert_eq!(c.range(1), (10, 13));
        assert_eq!(c.range(2), (13, 16));
        assert_eq!(c.range(3), (16, 19));
        assert_eq!(c.range(10), (37, 40));
    }

    #[test]
    fn classic_counts_match_isaac() {
        let c = RoomCount::CLASSIC;
        assert_eq!(c.range(1), (7, 8));
        assert_eq!(c.range(5), (18, 19));
        assert_eq!(c.range(10), (31, 32));
    }

    #[test]
    fn draws_are_in_range_and_seeded() {
        let c = RoomCount::SEED_002;
        for seed in 0..200 {
            for level in 1..=10 {
                let n = c.draw(seed, level);
                let (lo, hi) = c.range(level);
                assert!((lo..=hi).contains(&n));
                assert_eq!(n, c.draw(seed, level));
            }
        }
    }

    #[test]
    fn capacity_error_names_the_highest_level() {
        let e = plan_level(8, 8, &RoomCount::SEED_002, 0.5, 0.9, false, 1, 10).unwrap_err();
        assert_eq!(e.field, "level");
        assert!(
            e.allowed
                .starts_with("1..=7 on a 8×8 grid, which holds at most 32 rooms"),
            "{e}"
        );
        let p = plan_level(8, 8, &RoomCount::SEED_002, 0.5, 0.9, true, 1, 10).unwrap();
        assert!(capacity(p.width, p.height, 0.5) >= 40);
        assert_eq!((p.width, p.height), (9, 9));
    }

    #[test]
    fn end_rules() {
        let r = EndRules::seed_002(StartRule::Origin);
        assert!(r.accepts((0, 0), (2, 3)));
        assert!(!r.accepts((0, 0), (0, 5)));
        assert!(!r.accepts((0, 0), (1, 1)));
    }
}
