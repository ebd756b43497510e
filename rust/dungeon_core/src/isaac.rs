//! Isaac-style neighbour growth on a small room grid: the Binding of Isaac
//! floorplan as Boris the Brave described it (2020), and seed 002's
//! neighbour generator.
//!
//! Two growth rules ([`GrowthRule`]):
//! - **Branching** (preset [`IsaacConfig::branching`]), the published Isaac
//!   algorithm: start at the centre cell of a 9×8 grid, on a FIFO queue. For
//!   each of a popped cell's four neighbours, give up if it is already a
//!   room, if it has more than one room neighbour, if enough rooms exist, or
//!   on a coin (`give_up_chance`, 50 %); otherwise it becomes a room and is
//!   queued. The result is a tree. The end (boss room) is the dead end
//!   farthest from the start by path; the start is never a dead end
//!   ([`EndRule::FarthestDeadEnd`]). When the queue empties before the count
//!   is reached, the attempt fails and the floor restarts, as Isaac does.
//!   For floors of more than 16 rooms, as in Boris's notes, the start cell is
//!   queued again when the queue runs dry, as long as it has a neighbour that
//!   may still become a room; this is what lets the preset reach level 10
//!   (31–32 rooms on 72 cells). Levels 1–4 (at most 16 rooms) never use it.
//! - **Crowding** (preset [`IsaacConfig::compact`]), seed 002's generator:
//!   passes over every placed room (the rooms placed before the pass began).
//!   For a candidate neighbour, let `c` be its room neighbours *not counting
//!   the room it was reached from*; when `c ≥ 1` it is skipped with
//!   probability `1/(4 − c)` (1/3, 1/2, always for c = 1, 2, 3); if not, it is
//!   skipped at random with probability `give_up_chance` (1/3). Compact
//!   floors that may have loops. A pass in which no candidate could be
//!   placed ends the attempt.
//!
//! What we changed from the sources:
//! - branching: the old `classic` preset applied seed 002's end rules (no
//!   shared row or column, straight distance ≥ 3) and re-queued every room
//!   when the queue ran dry. That threw away about 78 % of the level-1 floors
//!   Isaac accepts and skewed the rest (start with 1.6 room neighbours on
//!   average instead of 2.3, boss 4.4 steps away instead of 3.3). Now it
//!   follows the published rules; `tests/room_grid_fidelity.rs` compares it
//!   with a plain reference implementation over 2000 seeds.
//! - crowding: the old code counted the parent among the neighbours, so every
//!   case was shifted by one (a lone candidate was skipped 1 time in 4, a
//!   candidate with one other neighbour never placed at 1/2 but 1/3, …).
//! - seed 002 could add the same cell twice (it did not check whether the
//!   candidate was already a room, so its room list held repeats and its
//!   floors had fewer distinct rooms than drawn); here a cell is placed at
//!   most once and the count is exact. Its end rules' bugs are fixed as
//!   described in [`crate::room_grid`].
//!
//! How `compact` compares with the original seed-002 generator (the rules in
//! `ALGORITHMS.md` reimplemented plainly, bugs included; means over 2000 seeds
//! per level; `cargo run --release -p dungeon_core --example room_grid_fidelity`):
//!
//! ```text
//! FIDELITY_TABLE
//! ```

use crate::error::{ConfigError, GenError, check_range};
use crate::grid::{DIRS, DungeonGrid, Pos};
use crate::rng::DungeonRng;
#[cfg(doc)]
use crate::room_grid::EndRule;
use crate::room_grid::{
    Budget, EndRules, Generator, MAX_SIDE, RoomCount, RoomGridConfig, RoomScratch, StartRule, Work,
    preset, run,
};

/// How rooms grow from the start cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrowthRule {
    /// Binding of Isaac: FIFO queue, at most one room neighbour (a tree).
    Branching,
    /// Seed 002: passes over all rooms, skip chance grows with crowding.
    Crowding,
}

/// Settings for [`generate`]. Start from a preset and change fields.
#[derive(Clone, Debug, PartialEq)]
pub struct IsaacConfig {
    /// Grid, room count, end rules, capacity and attempts.
    pub grid: RoomGridConfig,
    /// Growth origin; `None` = the centre cell `((w-1)/2, (h-1)/2)`.
    pub origin: Option<Pos>,
    /// Growth rule.
    pub rule: GrowthRule,
    /// Chance to skip an eligible neighbour, in `[0, 0.99]`.
    pub give_up_chance: f64,
}

impl Default for IsaacConfig {
    fn default() -> Self {
        Self::compact()
    }
}

/// Highest `max_fill` each rule accepts: the fullest grids on which 1000 of
/// 1000 seeds succeeded (`cargo run --release --example capacity`).
const fn fill_limit(rule: GrowthRule) -> f64 {
    match rule {
        GrowthRule::Branching => 0.6,
        GrowthRule::Crowding => 0.7,
    }
}

impl IsaacConfig {
    /// Compact floors that may have loops (seed 002's neighbour growth): 8×8,
    /// growth from (3, 3), `randint(0,3) + 7 + level*3` rooms, crowding rule
    /// with a 1/3 skip chance, start = a random room, seed 002's end rules.
    /// Holds up to level 10 (37–40 rooms, `max_fill` 0.65 → 41 of 64 cells).
    #[must_use]
    pub fn compact() -> Self {
        Self {
            grid: RoomGridConfig::new(
                8,
                8,
                RoomCount::SEED_002,
                EndRules::seed_002(StartRule::RandomRoom),
                0.65,
            ),
            origin: None,
            rule: GrowthRule::Crowding,
            give_up_chance: 1.0 / 3.0,
        }
    }

    /// Tree-shaped Binding of Isaac floors (Boris the Brave's write-up):
    /// 9×8, start at the centre, `random(2) + 5 + level*2.6` rooms, FIFO queue
    /// with the four give-up rules (50 % coin), boss = the farthest dead end.
    /// Holds up to level 10 (31–32 rooms, `max_fill` 0.45 → 32 of 72 cells).
    #[must_use]
    pub fn branching() -> Self {
        Self {
            grid: RoomGridConfig::new(9, 8, RoomCount::ISAAC, EndRules::isaac(), 0.45),
            origin: None,
            rule: GrowthRule::Branching,
            give_up_chance: 0.5,
        }
    }

    /// The preset names [`IsaacConfig::preset`] knows.
    pub const PRESETS: [&'static str; 2] = ["compact", "branching"];

    /// A preset by name (one of [`IsaacConfig::PRESETS`]).
    #[must_use]
    pub fn preset(name: &str) -> Option<Self> {
        preset(
            name,
            &[("compact", Self::compact), ("branching", Self::branching)],
        )
    }

    /// Checks every field (and the level's capacity) without generating.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field, value and what would work.
    pub fn validate(&self, level: i32) -> Result<(), GenError> {
        self.check_own()?;
        self.grid
            .plan(0, level, fill_limit(self.rule), 0)
            .map(|_| ())
            .map_err(GenError::from)
    }

    /// The fields that are Isaac's own.
    fn check_own(&self) -> Result<(), ConfigError> {
        check_range("give_up_chance", self.give_up_chance, 0.0, 0.99)?;
        if let Some(p) = self.origin {
            check_range("width", self.grid.width, 2, MAX_SIDE)?;
            check_range("height", self.grid.height, 2, MAX_SIDE)?;
            check_range("origin.x", p.0, 0, self.grid.width - 1)?;
            check_range("origin.y", p.1, 0, self.grid.height - 1)?;
        }
        Ok(())
    }
}

/// Generates level `level` of the run `seed`.
///
/// # Errors
/// [`GenError::Config`] for an invalid config or a level beyond the grid's
/// capacity; [`GenError::Exhausted`] if every attempt (or the call's work
/// budget) ran out, with what would help.
pub fn generate(config: &IsaacConfig, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
    generate_counted(config, seed, level).0
}

/// [`generate`], also saying how much work the call did.
pub fn generate_counted(
    config: &IsaacConfig,
    seed: u64,
    level: i32,
) -> (Result<DungeonGrid, GenError>, Work) {
    let give_up = config.give_up_chance;
    let mut queue = Vec::new();
    let generator = Generator {
        name: "isaac",
        checked: config.check_own(),
        grid: &config.grid,
        fill_limit: fill_limit(config.rule),
        attempt_steps: 0,
        stall_hint: "lower give_up_chance or ask for fewer rooms",
    };
    run(&generator, seed, level, |s, target, rng, budget| {
        let origin = config
            .origin
            .unwrap_or(((s.width - 1) / 2, (s.height - 1) / 2));
        s.place(origin);
        let grown = match config.rule {
            GrowthRule::Branching => {
                grow_branching(s, &mut queue, origin, give_up, target, rng, budget)
            }
            GrowthRule::Crowding => grow_crowding(s, give_up, target, rng, budget),
        };
        grown.then_some(origin)
    })
}

/// Boris the Brave's FIFO growth from `origin` (already placed); `false`
/// when the queue empties short of `target` (the floor then restarts).
fn grow_branching(
    s: &mut RoomScratch,
    queue: &mut Vec<Pos>,
    origin: Pos,
    give_up: f64,
    target: usize,
    rng: &mut DungeonRng,
    budget: &mut Budget,
) -> bool {
    queue.clear();
    queue.push(origin);
    let mut head = 0;
    while let Some(&c) = queue.get(head) {
        head += 1;
        for (dx, dy, _, _) in DIRS {
            if s.rooms.len() >= target {
                return true;
            }
            if !budget.spend(1) {
                return false;
            }
            let n = (c.0 + dx, c.1 + dy);
            if !may_branch(s, n) || rng.chance(give_up) {
                continue;
            }
            s.place(n);
            queue.push(n);
        }
    }
    s.rooms.len() >= target
}

/// Isaac's rule for a neighbour: inside, empty, at most one room neighbour.
fn may_branch(s: &RoomScratch, n: Pos) -> bool {
    s.idx(n).is_some() && !s.is_room(n) && s.filled_neighbours(n) <= 1
}

/// Seed 002's passes over all placed rooms with the crowding skip rule.
fn grow_crowding(
    s: &mut RoomScratch,
    give_up: f64,
    target: usize,
    rng: &mut DungeonRng,
    budget: &mut Budget,
) -> bool {
    while s.rooms.len() < target {
        let mut placeable = false;
        for k in 0..s.rooms.len() {
            let c = s.rooms[k];
            for (dx, dy, _, _) in DIRS {
                if !budget.spend(1) {
                    return false;
                }
                let n = (c.0 + dx, c.1 + dy);
                if s.idx(n).is_none() || s.is_room(n) {
                    continue;
                }
                let Some(keep) = crowding_keeps(s, n, give_up, rng) else {
                    continue;
                };
                placeable = true;
                if keep {
                    s.place(n);
                    if s.rooms.len() >= target {
                        return true;
                    }
                }
            }
        }
        if !placeable {
            return false;
        }
    }
    true
}

/// Seed 002's test for an empty candidate `n` reached from a room: whether
/// it becomes a room, or `None` when it never can (three other neighbours).
fn crowding_keeps(s: &RoomScratch, n: Pos, give_up: f64, rng: &mut DungeonRng) -> Option<bool> {
    // Skip chance by the candidate's room neighbours besides its parent.
    const CROWD_SKIP: [f64; 3] = [0.0, 1.0 / 3.0, 1.0 / 2.0];
    let others = s.filled_neighbours(n).saturating_sub(1) as usize;
    let skip = *CROWD_SKIP.get(others)?;
    let crowded = others >= 1 && rng.chance(skip);
    Some(!crowded && !rng.chance(give_up))
}

/// Grid side limit, re-exported for bindings that clamp their inspectors.
pub const MAX_GRID_SIDE: i32 = MAX_SIDE;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room_grid::EndRule;

    #[test]
    fn branching_level_1_is_a_valid_tree() {
        let c = IsaacConfig::branching();
        let (lo, hi) = c.grid.room_count_range(1).unwrap();
        for seed in 0..300 {
            let g = generate(&c, seed, 1).unwrap();
            assert!(g.is_tree(), "seed {seed}\n{g}");
            assert!(!g.has_room_block());
            assert!((lo..=hi).contains(&(g.rooms().len() as i32)));
            assert_eq!(g.start(), (4, 3));
            assert!(g.is_dead_end(g.end()));
            // The boss room is the farthest dead end other than the start.
            let d = g.distances_from(g.start());
            let far = g
                .dead_ends()
                .into_iter()
                .filter(|&p| p != g.start())
                .map(|p| d[g.index(p).unwrap()])
                .max();
            assert_eq!(far, Some(d[g.index(g.end()).unwrap()]), "{g}");
        }
    }

    #[test]
    fn branching_floors_restart_instead_of_regrowing() {
        // With the queue never refilled, a level-1 floor that stalls is
        // thrown away: some seeds need more than one attempt.
        let c = IsaacConfig::branching();
        let retried = (0..200)
            .filter(|&s| generate_counted(&c, s, 1).1.attempts > 1)
            .count();
        assert!(retried > 20, "{retried}");
    }

    #[test]
    fn compact_draws_exact_counts() {
        let c = IsaacConfig::compact();
        for seed in 0..300 {
            for level in 1..=3 {
                let g = generate(&c, seed, level).unwrap();
                assert_eq!(Ok(g.rooms().len() as i32), c.grid.room_count(seed, level));
                assert!(g.is_connected());
                assert!(g.dead_ends().len() >= 2);
            }
        }
    }

    /// How often a candidate is placed when it has `others` room neighbours
    /// besides its parent, over `n` draws.
    fn keep_rate(others: usize, n: u32) -> f64 {
        let mut s = RoomScratch::new(5, 5);
        let cand = (2, 2);
        // The parent to the north, then the others east, south, west.
        for &(dx, dy, _, _) in DIRS.iter().take(others + 1) {
            s.place((cand.0 + dx, cand.1 + dy));
        }
        let mut rng = DungeonRng::new(7);
        let kept = (0..n)
            .filter(|_| crowding_keeps(&s, cand, 1.0 / 3.0, &mut rng) == Some(true))
            .count();
        f64::from(kept as u32) / f64::from(n)
    }

    #[test]
    fn crowding_skips_by_neighbours_besides_the_parent() {
        // Placed = (1 - 1/(4 - c)) × 2/3 for c ≥ 1, and 2/3 for c = 0. The
        // parent-counting bug gave 1/2, 1/3, 0, 0.
        let n = 60_000;
        for (others, want) in [(0, 2.0 / 3.0), (1, 4.0 / 9.0), (2, 1.0 / 3.0), (3, 0.0)] {
            let got = keep_rate(others, n);
            assert!((got - want).abs() < 0.01, "c = {others}: {got} vs {want}");
        }
    }

    #[test]
    fn bad_fields_name_themselves() {
        let mut c = IsaacConfig::branching();
        c.give_up_chance = 1.0;
        assert_eq!(
            generate(&c, 1, 1).unwrap_err(),
            GenError::Config(ConfigError::new("give_up_chance", 1.0, "0..=0.99"))
        );
        let mut narrow = IsaacConfig::branching();
        narrow.grid.width = -3;
        let mut off = IsaacConfig::branching();
        off.origin = Some((9, 0));
        for (c, level, want) in [
            (narrow, 1, "width = -3"),
            (IsaacConfig::branching(), 0, "level = 0"),
            (off, 1, "origin.x = 9"),
        ] {
            let e = generate(&c, 1, level).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
        }
        assert_eq!(
            IsaacConfig::branching().grid.ends.end,
            EndRule::FarthestDeadEnd
        );
    }
}
