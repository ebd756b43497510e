//! Isaac-style neighbour growth on a small room grid: the Binding of Isaac
//! floorplan as Boris the Brave described it (2020), and the crowding
//! neighbour generator of an original room-grid script.
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
//!   Boris notes that the game queues the start again now and then on floors
//!   of more than 16 rooms; we do not. Tried, it halved the attempts at
//!   level 10 (23 instead of 44, still microseconds) but moved the floors
//!   away from the published rule's (start neighbours 2.62 instead of 2.47,
//!   boss 0.3 steps farther at level 5), and without it every level up to 10
//!   succeeds for 2000 of 2000 seeds within the default 2000 attempts.
//!   With [`IsaacConfig::room_rules`] (the preset sets
//!   [`RoomRules::isaac`]) the accepted floor gets Isaac's special rooms:
//!   boss (= the end), then super secret, shop, treasure and optional rooms
//!   in the dead ends from farthest to nearest, and a secret room in an
//!   empty cell among rooms; floors with too few dead ends for the required
//!   rooms are regrown. The rules, the readings we chose and the figures
//!   over 10 000 floors per level are in [`crate::room_grid`]'s `roles`
//!   module docs and `examples/isaac_roles.rs`. The tables below compare
//!   the growth alone (`room_rules: None`). With
//!   [`IsaacConfig::large_rooms`] (preset `large_rooms`) new rooms may be
//!   Rebirth's large rooms (1×2, 2×1, 2×2, L; one room each, counted once),
//!   on Rebirth's 13×13 grid; see [`crate::room_grid`]'s `large` module.
//! - **Crowding** (preset [`IsaacConfig::compact`]), the script's generator:
//!   passes over every placed room (the rooms placed before the pass began).
//!   For a candidate neighbour, let `c` be its room neighbours *not counting
//!   the room it was reached from*; when `c ≥ 1` it is skipped with
//!   probability `1/(4 − c)` (1/3, 1/2, always for c = 1, 2, 3); if not, it is
//!   skipped at random with probability `give_up_chance` (1/3). Compact
//!   floors that may have loops. A pass in which no candidate could be
//!   placed ends the attempt.
//!
//! What we changed from the sources:
//! - branching: the old `classic` preset applied the script's end rules (no
//!   shared row or column, straight distance ≥ 3) and re-queued every room
//!   when the queue ran dry. That threw away about 78 % of the level-1 floors
//!   Isaac accepts and skewed the rest (start with 1.6 room neighbours on
//!   average instead of 2.3, boss 4.4 steps away instead of 3.3). Now it
//!   follows the published rules; `tests/room_grid_fidelity.rs` compares it
//!   with a plain reference implementation over 2000 seeds.
//! - crowding: the old code counted the parent among the neighbours, so every
//!   case was shifted by one: a candidate with no other room neighbour was
//!   skipped 1 time in 4 instead of never, one with one other neighbour 1 in
//!   2 instead of 1 in 3, one with two others always instead of 1 in 2.
//! - the script could add the same cell twice (it did not check whether the
//!   candidate was already a room, so its room list held repeats and its
//!   floors had fewer distinct rooms than drawn); here a cell is placed at
//!   most once and the count is exact. Its end rules' bugs are fixed as
//!   described in [`crate::room_grid`].
//!
//! How the presets compare with what they follow: means over 2000 seeds per
//! level of ours against plain reimplementations (`tests/reference/`) of
//! the room-grid script's generator with its acceptance rules, bugs
//! included (and once more without its repeated cells), and of Isaac as
//! Boris the Brave published it. Loops are doors − rooms + 1; steps are
//! along the doors; attempts count the layouts grown per floor kept.
//! `cargo run --release -p dungeon_core --example room_grid_fidelity`
//!
//! `compact` has the script's growth: with the repeats removed, rooms,
//! loops and bounding box agree (`tests/room_grid_fidelity.rs` checks it).
//! The script as it was made far fewer rooms than it drew (its list counted
//! repeats). Ours has slightly fewer dead ends and a farther end than the
//! script without repeats: its end is the farthest dead end, not the last in
//! scan order, and edge rooms count as dead ends.
//!
//! ```text
//! compact (ours) / the script as it was / the script without repeated cells
//! level | rooms | dead ends | loops | bounding box | start–end steps | start's neighbours | attempts
//!     1 | 11.5 / 8.7 / 11.5 | 3.12 / 2.78 / 3.15 | 3.15 / 1.70 / 3.12 | 4.5×4.7 / 3.8×4.1 / 4.5×4.7 | 4.22 / 4.00 / 4.16 | 1.97 / 1.65 / 1.94 | 1.06 / 2.94 / 1.10
//!     2 | 14.5 / 10.0 / 14.5 | 3.28 / 2.86 / 3.40 | 4.75 / 2.45 / 4.68 | 5.1×5.3 / 4.1×4.3 / 5.1×5.3 | 4.65 / 4.01 / 4.56 | 2.24 / 1.79 / 2.19 | 1.07 / 1.42 / 1.15
//!     3 | 17.5 / 10.9 / 17.5 | 3.28 / 3.08 / 3.50 | 6.66 / 2.97 / 6.49 | 5.6×5.8 / 4.3×4.5 / 5.6×5.8 | 5.03 / 4.06 / 4.88 | 2.50 / 1.87 / 2.46 | 1.09 / 1.13 / 1.28
//!     4 | 20.5 / 11.9 / 20.5 | 3.40 / 3.32 / 3.77 | 8.62 / 3.43 / 8.29 | 6.1×6.2 / 4.6×4.7 / 6.1×6.2 | 5.32 / 4.14 / 5.20 | 2.62 / 1.93 / 2.56 | 1.07 / 1.08 / 1.41
//!     5 | 23.5 / 13.1 / 23.5 | 3.50 / 3.38 / 3.86 | 10.51 / 4.07 / 10.22 | 6.6×6.6 / 4.8×5.0 / 6.5×6.6 | 5.63 / 4.30 / 5.47 | 2.80 / 2.04 / 2.69 | 1.06 / 1.12 / 1.47
//!     6 | 26.5 / 14.4 / 26.5 | 3.48 / 3.35 / 3.90 | 12.62 / 4.83 / 12.24 | 6.9×6.9 / 5.1×5.2 / 6.9×6.9 | 5.97 / 4.50 / 5.63 | 2.83 / 2.15 / 2.81 | 1.09 / 1.17 / 1.75
//!     7 | 29.5 / 15.6 / 29.5 | 3.37 / 3.30 / 3.94 | 14.82 / 5.61 / 14.36 | 7.2×7.2 / 5.3×5.4 / 7.1×7.1 | 6.21 / 4.67 / 5.90 | 2.98 / 2.27 / 2.84 | 1.13 / 1.26 / 2.21
//!     8 | 32.5 / 16.7 / 32.5 | 3.30 / 3.29 / 3.98 | 17.00 / 6.30 / 16.47 | 7.4×7.4 / 5.5×5.6 / 7.3×7.3 | 6.53 / 4.79 / 6.01 | 2.96 / 2.37 / 2.98 | 1.16 / 1.32 / 2.66
//!     9 | 35.5 / 17.8 / 35.5 | 3.31 / 3.31 / 3.99 | 19.37 / 6.99 / 18.72 | 7.7×7.6 / 5.7×5.8 / 7.5×7.5 | 6.81 / 4.90 / 6.26 | 3.07 / 2.45 / 3.00 | 1.21 / 1.38 / 3.33
//!    10 | 38.5 / 18.6 / 38.5 | 3.14 / 3.38 / 3.83 | 21.81 / 7.49 / 21.18 | 7.8×7.8 / 5.8×5.9 / 7.7×7.6 | 7.11 / 4.93 / 6.45 | 3.07 / 2.54 / 3.07 | 1.25 / 1.45 / 4.35
//!
//! branching (ours) / Binding of Isaac as published
//! level | rooms | dead ends | loops | bounding box | start–end steps | start's neighbours | attempts
//!     1 | 7.5 / 7.5 | 3.49 / 3.50 | 0.00 / 0.00 | 3.9×4.0 / 3.9×4.0 | 3.26 / 3.27 | 2.27 / 2.25 | 1.36 / 1.35
//!     2 | 10.5 / 10.5 | 4.37 / 4.38 | 0.00 / 0.00 | 4.9×4.9 / 4.9×4.9 | 4.29 / 4.33 | 2.33 / 2.30 | 1.64 / 1.61
//!     3 | 12.5 / 12.5 | 4.94 / 4.98 | 0.00 / 0.00 | 5.5×5.3 / 5.4×5.4 | 4.88 / 4.90 | 2.34 / 2.34 | 1.92 / 1.88
//!     4 | 15.5 / 15.5 | 5.80 / 5.77 | 0.00 / 0.00 | 6.2×6.0 / 6.2×6.0 | 5.74 / 5.70 | 2.38 / 2.39 | 2.49 / 2.53
//!     5 | 18.5 / 18.5 | 6.57 / 6.58 | 0.00 / 0.00 | 6.9×6.5 / 6.9×6.6 | 6.44 / 6.42 | 2.41 / 2.44 | 3.66 / 3.52
//!     6 | 20.5 / 20.5 | 7.09 / 7.10 | 0.00 / 0.00 | 7.4×6.9 / 7.3×6.9 | 6.84 / 6.90 | 2.49 / 2.44 | 4.77 / 4.47
//!     7 | 23.5 / 23.5 | 7.85 / 7.88 | 0.00 / 0.00 | 7.8×7.3 / 7.9×7.2 | 7.58 / 7.61 | 2.50 / 2.47 | 7.54 / 7.46
//!     8 | 25.5 / 25.5 | 8.31 / 8.35 | 0.00 / 0.00 | 8.2×7.5 / 8.1×7.5 | 8.09 / 8.07 | 2.47 / 2.48 | 11.21 / 10.90
//!     9 | 28.5 / 28.5 | 9.12 / 9.08 | 0.00 / 0.00 | 8.5×7.7 / 8.5×7.7 | 8.80 / 8.79 | 2.52 / 2.46 | 20.87 / 20.58
//!    10 | 31.5 / 31.5 | 9.77 / 9.76 | 0.00 / 0.00 | 8.8×7.8 / 8.8×7.9 | 9.67 / 9.63 | 2.47 / 2.47 | 43.77 / 44.90
//! ```

use crate::error::{ConfigError, GenError, check_range};
use crate::generator::GeneratorConfig;
use crate::grid::{DIRS, DungeonGrid, Pos};
use crate::preset::Preset;
use crate::rng::DungeonRng;
#[cfg(doc)]
use crate::room_grid::EndRule;
use crate::room_grid::{
    Budget, EndRules, Generator, LargeRooms, MAX_SIDE, RoomCount, RoomGridConfig, RoomRules,
    RoomScratch, StartRule, Work, run,
};
use crate::watch::Watch;

/// How rooms grow from the start cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GrowthRule {
    /// Binding of Isaac: FIFO queue, at most one room neighbour (a tree).
    Branching,
    /// The room-grid script's rule: passes over all rooms, skip chance grows
    /// with crowding.
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
    /// Special rooms (boss, shop, treasure, secret…; see
    /// [`crate::room_grid::RoomRules`]); `None` = none, the end room is
    /// plain.
    pub room_rules: Option<RoomRules>,
    /// Large rooms (1×2, 2×1, 2×2, L; branching growth only): the chance
    /// per shape that a new room is large. [`LargeRooms::NONE`] = every
    /// room one cell. See [`crate::room_grid`]'s `large` module docs.
    pub large_rooms: LargeRooms,
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

/// Isaac's presets.
pub const PRESET_LIST: [Preset<IsaacConfig>; 3] = [
    Preset::new(
        "compact",
        "8×8, rooms crowd around the middle and may form loops, 10–13 rooms on level 1 and 3 more per level",
        IsaacConfig::compact,
    ),
    Preset::new(
        "branching",
        "The Binding of Isaac after Boris the Brave's write-up: a tree of 7–8 rooms on level 1 with boss, shop, treasure and secret rooms",
        IsaacConfig::branching,
    ),
    Preset::new(
        "large_rooms",
        "branching on Rebirth's 13×13 grid with 1×2, 2×1, 2×2 and L-shaped large rooms",
        IsaacConfig::large_rooms,
    ),
];

impl IsaacConfig {
    /// Compact floors that may have loops (the room-grid script's neighbour
    /// growth): 8×8, growth from (3, 3), `randint(0,3) + 7 + level*3` rooms,
    /// crowding rule with a 1/3 skip chance, start = a random room, the
    /// script's end rules.
    /// Holds up to level 10 (37–40 rooms, `max_fill` 0.65 → 41 of 64 cells).
    #[must_use]
    pub fn compact() -> Self {
        Self {
            grid: RoomGridConfig::new(
                8,
                8,
                RoomCount::THREE_PER_LEVEL,
                EndRules::far_apart(StartRule::RandomRoom),
                0.65,
            ),
            origin: None,
            rule: GrowthRule::Crowding,
            give_up_chance: 1.0 / 3.0,
            room_rules: None,
            large_rooms: LargeRooms::NONE,
        }
    }

    /// Tree-shaped Binding of Isaac floors (Boris the Brave's write-up):
    /// 9×8, start at the centre, `random(2) + 5 + level*2.6` rooms, FIFO queue
    /// with the four give-up rules (50 % coin), boss = the farthest dead end,
    /// and Isaac's special rooms ([`RoomRules::isaac`]: super secret, shop,
    /// treasure and secret rooms on every floor, optional rooms from
    /// level 2). Holds up to level 10 (31–32 rooms, `max_fill` 0.45 → 32 of
    /// 72 cells; the secret room comes on top).
    #[must_use]
    pub fn branching() -> Self {
        Self {
            grid: RoomGridConfig::new(9, 8, RoomCount::ISAAC, EndRules::isaac(), 0.45),
            origin: None,
            rule: GrowthRule::Branching,
            give_up_chance: 0.5,
            room_rules: Some(RoomRules::isaac()),
            large_rooms: LargeRooms::NONE,
        }
    }

    /// [`IsaacConfig::branching`] with Rebirth's large rooms
    /// ([`LargeRooms::rebirth`]: 1×2, 2×1, 2×2 and L rooms) on Rebirth's
    /// 13×13 grid, start at its centre (6, 6); the same room count,
    /// growth and special rooms. Room counts count rooms, not cells.
    #[must_use]
    pub fn large_rooms() -> Self {
        let mut c = Self::branching();
        c.grid.width = 13;
        c.grid.height = 13;
        c.large_rooms = LargeRooms::rebirth();
        c
    }

    /// The preset names [`IsaacConfig::preset`](crate::GeneratorConfig::preset) knows.
    pub const PRESETS: [&'static str; 3] = crate::preset::names(&PRESET_LIST);

    /// Checks every field (and the level's capacity) without generating.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field, value and what would work.
    pub fn validate(&self, level: i32) -> Result<(), GenError> {
        self.check_own()?;
        self.grid.plan(0, level, fill_limit(self.rule), 0)?;
        if let Some(r) = &self.room_rules {
            r.check_level(&self.grid.count, level)?;
        }
        Ok(())
    }

    /// The fields that are Isaac's own.
    fn check_own(&self) -> Result<(), ConfigError> {
        check_range("give_up_chance", self.give_up_chance, 0.0, 0.99)?;
        self.large_rooms.validate()?;
        if self.large_rooms.any() && self.rule != GrowthRule::Branching {
            return Err(ConfigError::new(
                "large_rooms",
                "on",
                "no large rooms with the crowding rule (they grow only with rule = branching)",
            ));
        }
        if let Some(p) = self.origin {
            check_range("width", self.grid.width, 2, MAX_SIDE)?;
            check_range("height", self.grid.height, 2, MAX_SIDE)?;
            check_range("origin.x", p.0, 0, self.grid.width - 1)?;
            check_range("origin.y", p.1, 0, self.grid.height - 1)?;
        }
        Ok(())
    }
}

crate::generator::entry_points!(IsaacConfig);

impl GeneratorConfig for IsaacConfig {
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
    /// grid's capacity; [`GenError::Exhausted`] if every attempt (or the
    /// call's work budget) ran out, with what would help;
    /// [`GenError::Cancelled`] when `watch` was cancelled.
    fn build(&self, seed: u64, level: i32, watch: &Watch) -> Result<DungeonGrid, GenError> {
        counted(self, seed, level, watch).0
    }
}

/// [`generate`], also saying how much work the call did.
pub fn generate_counted(
    config: &IsaacConfig,
    seed: u64,
    level: i32,
) -> (Result<DungeonGrid, GenError>, Work) {
    counted(config, seed, level, &Watch::new())
}

/// [`generate_counted`] under `watch`.
fn counted(
    config: &IsaacConfig,
    seed: u64,
    level: i32,
    watch: &Watch,
) -> (Result<DungeonGrid, GenError>, Work) {
    let give_up = config.give_up_chance;
    let large = config.large_rooms;
    let mut queue = Vec::new();
    let generator = Generator {
        name: "isaac",
        checked: config.check_own(),
        grid: &config.grid,
        fill_limit: fill_limit(config.rule),
        attempt_steps: 0,
        stall_hint: format!("lower give_up_chance (now {give_up}) or ask for fewer rooms"),
        roles: config.room_rules.as_ref(),
    };
    run(&generator, seed, level, watch, |s, target, rng, budget| {
        let origin = config
            .origin
            .unwrap_or(((s.width - 1) / 2, (s.height - 1) / 2));
        s.place(origin);
        let grown = match config.rule {
            GrowthRule::Branching => {
                grow_branching(s, &mut queue, origin, give_up, &large, target, rng, budget)
            }
            GrowthRule::Crowding => grow_crowding(s, give_up, target, rng, budget),
        };
        grown.then_some(origin)
    })
}

/// Boris the Brave's FIFO growth from `origin` (already placed); `false`
/// when the queue empties short of `target` rooms (the floor then
/// restarts). With `large` chances, a new room may be large; all its cells
/// are queued.
#[allow(clippy::too_many_arguments)]
fn grow_branching(
    s: &mut RoomScratch,
    queue: &mut Vec<Pos>,
    origin: Pos,
    give_up: f64,
    large: &LargeRooms,
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
            if s.room_count() >= target {
                return true;
            }
            if !budget.spend(1) {
                return false;
            }
            let n = (c.0 + dx, c.1 + dy);
            if !may_branch(s, n) || rng.chance(give_up) {
                continue;
            }
            if large.any()
                && let Some(first) = s.try_large_room(large, n, rng, budget)
            {
                queue.extend_from_slice(&s.rooms[first..]);
                continue;
            }
            s.place(n);
            queue.push(n);
        }
    }
    s.room_count() >= target
}

/// Isaac's rule for a neighbour: inside, empty, at most one room neighbour.
fn may_branch(s: &RoomScratch, n: Pos) -> bool {
    s.idx(n).is_some() && !s.is_room(n) && s.filled_neighbours(n) <= 1
}

/// The room-grid script's passes over all placed rooms with the crowding
/// skip rule.
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

/// The room-grid script's test for an empty candidate `n` reached from a
/// room: whether
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
        // The grown floor, without the secret room (the one loop).
        let c = IsaacConfig {
            room_rules: None,
            ..IsaacConfig::branching()
        };
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
