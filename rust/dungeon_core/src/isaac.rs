//! Isaac-style neighbour growth on a small room grid (seed 002, and the
//! Binding of Isaac floorplan as Boris the Brave described it in 2020).
//!
//! Two growth rules:
//! - [`GrowthRule::Classic`]: a FIFO queue from the start cell. For each of a
//!   popped cell's four neighbours, give up if it is already a room, if it
//!   has more than one room neighbour, if enough rooms exist, or on a coin
//!   (`give_up_chance`, 50 %). The result is a tree with no 2×2 blocks.
//! - [`GrowthRule::Crowding`]: seed 002's neighbour generator. Passes over
//!   every placed room; a candidate with `n` room neighbours is skipped with
//!   probability `1 / (4 − n)` (always when `n ≥ 3`), otherwise with
//!   probability `give_up_chance` (1/3). Compact, may contain loops.
//!
//! When the queue (or a pass) runs dry before the room count is reached,
//! growth goes on with another round over all placed rooms — Boris's
//! "re-enqueue the start cell now and then" for large floors, generalised.
//! A round in which no candidate was even eligible ends the attempt. Seed 002
//! could add the same cell twice; here a cell is placed at most once.
//!
//! The layout is then checked against [`EndRules`] (see
//! [`crate::room_grid`]) and regenerated on failure, at most
//! `max_attempts` times.

use crate::error::{GenError, check_range};
use crate::grid::{DIRS, DungeonGrid, Pos};
use crate::rng::{DungeonRng, stage};
use crate::room_grid::{
    EndRules, LevelPlan, MAX_SIDE, RoomCount, RoomScratch, StartRule, plan_level,
};

/// How rooms grow from the start cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrowthRule {
    /// Binding of Isaac: FIFO queue, at most one room neighbour (a tree).
    Classic,
    /// Seed 002: passes over all rooms, skip chance grows with crowding.
    Crowding,
}

/// Settings for [`generate`]. Start from a preset and change fields.
#[derive(Clone, Debug, PartialEq)]
pub struct IsaacConfig {
    /// Grid width in rooms (2..=256).
    pub width: i32,
    /// Grid height in rooms (2..=256).
    pub height: i32,
    /// Growth origin; `None` = the centre cell `((w-1)/2, (h-1)/2)`.
    pub origin: Option<Pos>,
    /// Growth rule.
    pub rule: GrowthRule,
    /// Per-level room count.
    pub count: RoomCount,
    /// Chance to skip an eligible neighbour, in `[0, 1)`.
    pub give_up_chance: f64,
    /// Start/end and dead-end rules.
    pub ends: EndRules,
    /// The share of grid cells that may be asked to be rooms. A level whose
    /// largest count exceeds `floor(w × h × max_fill)` fails fast with a
    /// `ConfigError`, or grows the grid when `grow_grid` is set.
    pub max_fill: f64,
    /// Let the grid grow (shorter side first) until the level fits.
    pub grow_grid: bool,
    /// Layouts tried before giving up with [`GenError::Exhausted`].
    pub max_attempts: i32,
}

impl Default for IsaacConfig {
    fn default() -> Self {
        Self::seed_002()
    }
}

/// Highest `max_fill` each rule accepts: the fullest grids on which 1000 of
/// 1000 seeds succeeded (`cargo run --release --example capacity`).
const fn fill_limit(rule: GrowthRule) -> f64 {
    match rule {
        GrowthRule::Classic => 0.6,
        GrowthRule::Crowding => 0.7,
    }
}

impl IsaacConfig {
    /// Seed 002: 8×8, start growth at (3, 3), `randint(0,3) + 7 + level*3`
    /// rooms, crowding rule with a 1/3 skip chance, start = a random room.
    /// Holds up to level 10 (37–40 rooms, `max_fill` 0.65 → 41 of 64 cells).
    #[must_use]
    pub fn seed_002() -> Self {
        Self {
            width: 8,
            height: 8,
            origin: None,
            rule: GrowthRule::Crowding,
            count: RoomCount::SEED_002,
            give_up_chance: 1.0 / 3.0,
            ends: EndRules::seed_002(StartRule::RandomRoom),
            max_fill: 0.65,
            grow_grid: false,
            max_attempts: 2000,
        }
    }

    /// Binding of Isaac: 9×8, start at the centre, `random(2) + 5 + level*2.6`
    /// rooms, FIFO queue with Boris the Brave's four give-up rules (50 %).
    /// Holds up to level 10 (31–32 rooms, `max_fill` 0.45 → 32 of 72 cells).
    #[must_use]
    pub fn classic() -> Self {
        Self {
            width: 9,
            height: 8,
            origin: None,
            rule: GrowthRule::Classic,
            count: RoomCount::CLASSIC,
            give_up_chance: 0.5,
            ends: EndRules::seed_002(StartRule::Origin),
            max_fill: 0.45,
            grow_grid: false,
            max_attempts: 2000,
        }
    }

    /// A preset by name: `"seed_002"` or `"classic"`.
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        match name {
            "seed_002" => Some(Self::seed_002()),
            "classic" => Some(Self::classic()),
            _ => None,
        }
    }

    /// The preset names [`IsaacConfig::preset`] knows.
    pub const PRESETS: [&'static str; 2] = ["seed_002", "classic"];

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

    fn plan(&self, seed: u64, level: i32) -> Result<(LevelPlan, Pos), GenError> {
        check_range("give_up_chance", self.give_up_chance, 0.0, 0.99)?;
        check_range("max_attempts", self.max_attempts, 1, 1_000_000)?;
        self.ends.validate()?;
        let plan = plan_level(
            self.width,
            self.height,
            &self.count,
            self.max_fill,
            fill_limit(self.rule),
            self.grow_grid,
            seed,
            level,
        )?;
        let origin = match self.origin {
            None => ((plan.width - 1) / 2, (plan.height - 1) / 2),
            Some(p) => {
                check_range("origin.x", p.0, 0, plan.width - 1)?;
                check_range("origin.y", p.1, 0, plan.height - 1)?;
                p
            }
        };
        Ok((plan, origin))
    }
}

/// Generates level `level` of the run `seed`.
///
/// # Errors
/// [`GenError::Config`] for an invalid config or a level beyond the grid's
/// capacity; [`GenError::Exhausted`] if `max_attempts` layouts all broke a rule.
pub fn generate(config: &IsaacConfig, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
    let (plan, origin) = config.plan(seed, level)?;
    let mut rng = DungeonRng::for_level(seed, level, stage::LAYOUT);
    let mut s = RoomScratch::new(plan.width, plan.height);
    let mut queue = Vec::with_capacity(s.occupied.len());
    let target = plan.rooms as usize;
    // Bounded: a round that finds nothing eligible ends the attempt, and the
    // total number of coin flips per attempt is capped.
    let flip_budget = 64 * (plan.width as usize * plan.height as usize).max(target);
    let mut reason = "no attempt made";
    for _ in 0..config.max_attempts {
        s.clear();
        s.place(origin);
        let grown = match config.rule {
            GrowthRule::Classic => grow_classic(
                &mut s,
                &mut queue,
                config.give_up_chance,
                target,
                flip_budget,
                &mut rng,
            ),
            GrowthRule::Crowding => {
                grow_crowding(&mut s, config.give_up_chance, target, flip_budget, &mut rng)
            }
        };
        if !grown {
            reason = "growth stalled before the room count was reached";
            continue;
        }
        match s.choose_ends(&config.ends, origin, &mut rng) {
            Ok((start, end)) => return Ok(s.to_grid("isaac", seed, level, start, end)),
            Err(why) => reason = why,
        }
    }
    Err(GenError::Exhausted {
        generator: "isaac",
        attempts: config.max_attempts.unsigned_abs(),
        reason: reason.to_owned(),
    })
}

/// Boris the Brave's FIFO growth; further rounds re-enqueue every room.
fn grow_classic(
    s: &mut RoomScratch,
    queue: &mut Vec<Pos>,
    give_up: f64,
    target: usize,
    mut flips: usize,
    rng: &mut DungeonRng,
) -> bool {
    queue.clear();
    queue.extend_from_slice(&s.rooms);
    loop {
        let mut head = 0;
        let mut eligible = false;
        while let Some(&c) = queue.get(head) {
            head += 1;
            for (dx, dy, _, _) in DIRS {
                let n = (c.0 + dx, c.1 + dy);
                if s.rooms.len() >= target {
                    return true;
                }
                if s.idx(n).is_none() || s.is_room(n) || s.filled_neighbours(n) > 1 {
                    continue;
                }
                eligible = true;
                if flips == 0 {
                    return false;
                }
                flips -= 1;
                if rng.chance(give_up) {
                    continue;
                }
                s.place(n);
                queue.push(n);
            }
        }
        if s.rooms.len() >= target {
            return true;
        }
        if !eligible {
            return false;
        }
        queue.clear();
        queue.extend_from_slice(&s.rooms);
    }
}

/// Seed 002's passes over all placed rooms with the crowding skip rule.
fn grow_crowding(
    s: &mut RoomScratch,
    give_up: f64,
    target: usize,
    mut flips: usize,
    rng: &mut DungeonRng,
) -> bool {
    const CROWD_SKIP: [f64; 4] = [1.0 / 4.0, 1.0 / 3.0, 1.0 / 2.0, 1.0];
    while s.rooms.len() < target {
        let mut eligible = false;
        let placed = s.rooms.len();
        for k in 0..placed {
            let c = s.rooms[k];
            for (dx, dy, _, _) in DIRS {
                let n = (c.0 + dx, c.1 + dy);
                if s.idx(n).is_none() || s.is_room(n) {
                    continue;
                }
                let filled = s.filled_neighbours(n) as usize;
                if filled >= 3 {
                    continue;
                }
                eligible = true;
                if flips == 0 {
                    return false;
                }
                flips -= 1;
                if rng.chance(CROWD_SKIP[filled]) || rng.chance(give_up) {
                    continue;
                }
                s.place(n);
                if s.rooms.len() >= target {
                    return true;
                }
            }
        }
        if !eligible {
            return false;
        }
    }
    true
}

/// Grid side limit, re-exported for bindings that clamp their inspectors.
pub const MAX_GRID_SIDE: i32 = MAX_SIDE;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConfigError;

    #[test]
    fn classic_level_1_is_a_valid_tree() {
        for seed in 0..300 {
            let g = generate(&IsaacConfig::classic(), seed, 1).unwrap();
            assert!(g.is_tree(), "seed {seed}\n{g}");
            assert!(!g.has_room_block());
            let (lo, hi) = IsaacConfig::classic().room_count_range(1);
            assert!((lo..=hi).contains(&(g.rooms().len() as i32)));
            assert_eq!(g.start(), (4, 3));
            assert!(g.is_dead_end(g.end()));
        }
    }

    #[test]
    fn seed_002_draws_exact_counts() {
        let c = IsaacConfig::seed_002();
        for seed in 0..300 {
            for level in 1..=3 {
                let g = generate(&c, seed, level).unwrap();
                assert_eq!(g.rooms().len() as i32, c.room_count(seed, level));
                assert!(g.is_connected());
                assert!(g.dead_ends().len() >= 2);
            }
        }
    }

    #[test]
    fn bad_fields_name_themselves() {
        let mut c = IsaacConfig::classic();
        c.give_up_chance = 1.0;
        assert_eq!(
            generate(&c, 1, 1).unwrap_err(),
            GenError::Config(ConfigError::new("give_up_chance", 1.0, "0..=0.99"))
        );
        let mut c = IsaacConfig::classic();
        c.width = -3;
        assert!(
            generate(&c, 1, 1)
                .unwrap_err()
                .to_string()
                .contains("width = -3")
        );
        assert!(
            generate(&IsaacConfig::classic(), 1, 0)
                .unwrap_err()
                .to_string()
                .contains("level = 0")
        );
        let mut c = IsaacConfig::classic();
        c.origin = Some((9, 0));
        assert!(
            generate(&c, 1, 1)
                .unwrap_err()
                .to_string()
                .contains("origin.x = 9")
        );
    }
}
