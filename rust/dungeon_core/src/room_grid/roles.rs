//! Special rooms on a room-grid floor, after The Binding of Isaac (Boris the
//! Brave, "Dungeon Generation in Binding of Isaac", 2020): boss, super
//! secret, shop and treasure rooms in dead ends, a secret room in an empty
//! cell among rooms, and further optional roles, all by per-level rules
//! ([`RoomRules`]).
//!
//! Placement, once a layout and its ends are accepted:
//! 1. **Boss** = the end room: the dead end farthest from the start by path
//!    (the end rule already chose it). A floor whose boss room is next to
//!    the start is regenerated.
//! 2. **Dead-end roles**, in rule order (the default: super secret, shop,
//!    treasure, then sacrifice, curse, challenge, library): the remaining
//!    dead ends are ordered from farthest to nearest (ties in random order);
//!    each rule that applies to the level (`min_level`) places up to `count`
//!    rooms, each with probability `chance`, in the farthest free dead end.
//!    The start room is never a candidate.
//! 3. **Secret room** (rule [`RoomRole::Secret`]): an empty cell with ≥ 3
//!    room neighbours, none of them a dead end; failing that ≥ 2, then ≥ 1.
//!    It opens a door to every neighbouring room: the only loops on the floor.
//!
//! **Super secret: which reading.** The issue lists the super secret room
//! both second in the dead-end order and as "an empty cell next to exactly
//! one ordinary room, not next to the boss room". In Isaac's floor plan the
//! two are the same room: the super secret room takes a dead end of the
//! grown floor (second after the boss, as the write-up orders them), and a
//! dead-end cell is by construction a cell next to exactly one room; its
//! door is hidden, so to the player it is an empty cell beside one room. We
//! follow the write-up: the super secret room is a dead end whose one
//! neighbour is an ordinary (normal) room — not the boss room and not the
//! start — and its door is a secret door. A dead end that fails this is
//! skipped for the next farthest.
//!
//! **Secret rooms: tries vs. a scan.** Isaac tries random cells and relaxes
//! the neighbour rule after 300 and 600 failed tries. We list the eligible
//! cells for ≥ 3 neighbours and pick one uniformly, else for ≥ 2, else for
//! ≥ 1: the choice the tries converge to (300 random tries on a 9×8 grid
//! miss a single eligible cell 1.5 % of the time), exact, testable and
//! cheaper. With no eligible cell at all, a floor that requires a secret
//! room is regenerated.
//!
//! **Secret doors** are ordinary open doors in the door masks, so paths,
//! connectivity, `check()` and the room graph see them; a door is secret
//! because it opens into a secret or super secret room
//! ([`DungeonGrid::secret_door_mask`](crate::DungeonGrid::secret_door_mask)),
//! and JSON carries it through the room's role.
//!
//! **Counts.** The room-count formula counts the grown floor, the dead-end
//! roles included; each secret room is added on top of it, in an empty
//! cell (Isaac does not count its secret room either).
//!
//! **Large rooms** (`large` module): dead ends, distances and neighbours
//! are counted in rooms (a large room is one step, a dead end is a room
//! with one door); the dead-end roles go to one-cell rooms only (a large
//! dead end is skipped, as in Isaac), the boss room may be large; a secret
//! room scores the rooms beside it, not their cells (an L's notch is beside
//! one room), and opens one door to each. Figures for floors with large
//! rooms: `rust/dungeon_bench/examples/isaac_floors_bench.rs`.
//!
//! **Minimum dead ends.** A floor needs at least
//! `max(1 + required dead-end rooms, min_dead_ends + dead_ends_per_level ×
//! (level − 1))` dead ends besides the start, where the required rooms are
//! those whose rule has `chance` 1 at that level (Rebirth's rule is 5 plus
//! 1 per floor after the first: [`RoomRules::rebirth`]); floors with fewer
//! are regenerated within the attempt budget. A level whose fewest rooms
//! can never have that many dead ends is refused up front, naming the
//! highest level that can.

//!
//! **Figures** (`cargo run --release -p dungeon_core --example isaac_roles`:
//! 10 000 floors per level of the `branching` preset, each checked against
//! every rule above). Means per floor; "Rebirth min" is the minimum dead
//! ends Rebirth asks (5 + level − 1), which we do not by default; the
//! secret column splits the secret rooms by their room neighbours (3 or
//! more / 2 / 1). Isaac places one boss, super secret, shop, treasure and
//! secret room per floor; the write-up publishes no other figures.
//!
//! ```text
//! level | failed | attempts | dead ends (Rebirth min) | boss | super secret | shop | treasure | secret (3+/2/1) | sacrifice | curse | challenge | library
//!     1 | 0 |  3.84 | 4.04 (5)  | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (0/4434/5566)    | 0.00 | 0.00 | 0.00 | 0.00
//!     2 | 0 |  2.12 | 4.48 (6)  | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (1400/5833/2767) | 0.07 | 0.19 | 0.06 | 0.02
//!     3 | 0 |  2.11 | 4.94 (7)  | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (3028/5000/1972) | 0.11 | 0.30 | 0.12 | 0.05
//!     4 | 0 |  2.62 | 5.68 (8)  | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (4914/4097/989)  | 0.13 | 0.42 | 0.20 | 0.09
//!     5 | 0 |  3.65 | 6.47 (9)  | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (6310/3149/541)  | 0.14 | 0.47 | 0.25 | 0.11
//!     6 | 0 |  4.76 | 7.01 (10) | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (6962/2692/346)  | 0.15 | 0.49 | 0.28 | 0.13
//!     7 | 0 |  7.58 | 7.77 (11) | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (7940/1864/196)  | 0.15 | 0.49 | 0.28 | 0.14
//!     8 | 0 | 11.14 | 8.27 (12) | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (8222/1653/125)  | 0.15 | 0.50 | 0.30 | 0.14
//!     9 | 0 | 20.63 | 8.98 (13) | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (8661/1278/61)   | 0.15 | 0.50 | 0.30 | 0.15
//!    10 | 0 | 44.74 | 9.69 (14) | 1.00 | 1.00 | 1.00 | 1.00 | 1.00 (9052/907/41)    | 0.15 | 0.50 | 0.30 | 0.14
//! ```
//!
//! Level 1 needs 4 dead ends besides the start for boss, super secret, shop
//! and treasure, and 7–8-room floors have 3.5 on average, so it takes 3.84
//! attempts instead of 1.36; from level 2 on the special rooms cost almost
//! no extra attempts. With Rebirth's minimum ([`RoomRules::rebirth`]) on
//! the original room count and 9×8 grid, 481, 500, 1000, 1000, 1000, 972,
//! 902, 521, 290 and 127 of 1000 seeds succeed on levels 1–10 within the
//! 2000 attempts: it needs Rebirth's larger floors.

use super::budget::Budget;
use super::count::RoomCount;
use super::ends::Rejected;
use super::scratch::{RoomScratch, scan_cells};
use super::{MAX_LEVEL, max_dead_ends};
use crate::error::{ConfigError, check_range};
use crate::grid::{DIRS, Pos, RoomRole};
use crate::rng::DungeonRng;

/// The rule for one special role: how likely, from which level, how many.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoleRule {
    /// The role placed (a special role other than boss, which is the end).
    pub role: RoomRole,
    /// Chance, in `[0, 1]`, that each of the `count` rooms is placed. A
    /// rule with chance 1 is required: the floor is regenerated until it
    /// fits; rooms of a lower chance are left out when no place is free.
    pub chance: f64,
    /// The first level the role appears on (1..=1000).
    pub min_level: i32,
    /// Rooms of this role per floor (0..=16).
    pub count: i32,
}

impl RoleRule {
    /// A rule for `role`.
    #[must_use]
    pub const fn new(role: RoomRole, chance: f64, min_level: i32, count: i32) -> Self {
        Self {
            role,
            chance,
            min_level,
            count,
        }
    }

    /// Whether the rule places rooms on `level`, whatever its chance.
    fn applies(&self, level: i32) -> bool {
        level >= self.min_level && self.count > 0 && self.chance > 0.0
    }

    /// How many dead ends the rule requires on `level`.
    fn required_dead_ends(&self, level: i32) -> i32 {
        let dead_end = self.role != RoomRole::Secret;
        if dead_end && self.applies(level) && self.chance >= 1.0 {
            self.count
        } else {
            0
        }
    }
}

/// The special rooms of a floor: the rules per role, in placement order,
/// and the minimum dead ends per level. The boss room needs no rule: it is
/// always the end room.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomRules {
    /// One rule per role, each role at most once; dead-end roles are placed
    /// in this order (farthest dead ends first), secret rooms after them.
    pub rules: Vec<RoleRule>,
    /// Dead ends (besides the start) a level-1 floor needs at least, on top
    /// of what the required rooms need (0..=1000).
    pub min_dead_ends: i32,
    /// Extra dead ends required per level after the first (0..=100).
    pub dead_ends_per_level: i32,
}

impl Default for RoomRules {
    fn default() -> Self {
        Self::isaac()
    }
}

/// Largest `count` of one rule.
const MAX_COUNT: i32 = 16;

impl RoomRules {
    /// The Binding of Isaac's floors: super secret, shop, treasure and a
    /// secret room on every floor from level 1; from level 2 a sacrifice
    /// room (chance 0.15), a curse room (0.5), a challenge room (0.3) and a
    /// library (0.15) when a dead end is left for them. The optional
    /// roles' chances are our choice (the write-up publishes none); no
    /// minimum dead ends beyond what the required rooms take.
    #[must_use]
    pub fn isaac() -> Self {
        use RoomRole::{Challenge, Curse, Library, Sacrifice, Secret, Shop, SuperSecret, Treasure};
        Self {
            rules: vec![
                RoleRule::new(SuperSecret, 1.0, 1, 1),
                RoleRule::new(Shop, 1.0, 1, 1),
                RoleRule::new(Treasure, 1.0, 1, 1),
                RoleRule::new(Sacrifice, 0.15, 2, 1),
                RoleRule::new(Curse, 0.5, 2, 1),
                RoleRule::new(Challenge, 0.3, 2, 1),
                RoleRule::new(Library, 0.15, 2, 1),
                RoleRule::new(Secret, 1.0, 1, 1),
            ],
            min_dead_ends: 0,
            dead_ends_per_level: 0,
        }
    }

    /// [`RoomRules::isaac`] with Rebirth's minimum dead ends: 5 on the
    /// first floor, one more on each floor after it. It needs Rebirth's
    /// larger floors: with the original room count on 9×8 only the first
    /// levels reach it within the attempt budget (see `examples/isaac_roles.rs`).
    #[must_use]
    pub fn rebirth() -> Self {
        Self {
            min_dead_ends: 5,
            dead_ends_per_level: 1,
            ..Self::isaac()
        }
    }

    /// Checks every rule.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the field (`room_rules.chance`…), the value
    /// and what is allowed, with the role in the message.
    pub fn validate(&self) -> Result<(), ConfigError> {
        check_range("room_rules.min_dead_ends", self.min_dead_ends, 0, MAX_LEVEL)?;
        check_range(
            "room_rules.dead_ends_per_level",
            self.dead_ends_per_level,
            0,
            100,
        )?;
        for (k, r) in self.rules.iter().enumerate() {
            // The rule's number and role, only formatted for an error.
            let which = || format!(" (rule {k}, {})", r.role.name());
            let named = |e: ConfigError| ConfigError {
                allowed: format!("{}{}", e.allowed, which()),
                ..e
            };
            if !r.role.is_special() || r.role == RoomRole::Boss {
                return Err(ConfigError::new(
                    "room_rules.role",
                    r.role.name(),
                    format!(
                        "a special role other than boss (the boss room is always the end){}",
                        which()
                    ),
                ));
            }
            if self.rules[..k].iter().any(|o| o.role == r.role) {
                return Err(ConfigError::new(
                    "room_rules.role",
                    r.role.name(),
                    format!("each role once; use count for more rooms{}", which()),
                ));
            }
            check_range("room_rules.chance", r.chance, 0.0, 1.0).map_err(named)?;
            check_range("room_rules.min_level", r.min_level, 1, MAX_LEVEL).map_err(named)?;
            check_range("room_rules.count", r.count, 0, MAX_COUNT).map_err(named)?;
        }
        Ok(())
    }

    /// The dead ends besides the start a floor of `level` needs: the boss
    /// room, the required dead-end rooms, and at least the per-level minimum.
    #[must_use]
    pub fn dead_ends_needed(&self, level: i32) -> i32 {
        let required: i32 = self.rules.iter().map(|r| r.required_dead_ends(level)).sum();
        let floor = i64::from(self.min_dead_ends)
            + i64::from(self.dead_ends_per_level) * i64::from(level.max(1) - 1);
        (1 + required).max(floor.min(i64::from(i32::MAX)) as i32)
    }

    /// Refuses a level whose fewest rooms can never have the dead ends it
    /// needs, naming the highest level that can.
    pub(crate) fn check_level(&self, count: &RoomCount, level: i32) -> Result<(), ConfigError> {
        self.validate()?;
        let fits = |l: i32| {
            let (lo, _) = count.range_unchecked(l);
            self.dead_ends_needed(l) <= max_dead_ends(lo)
        };
        if fits(level) {
            return Ok(());
        }
        let top = (1..=MAX_LEVEL).take_while(|&l| fits(l)).last();
        let (lo, _) = count.range_unchecked(level);
        Err(ConfigError::new(
            "level",
            level,
            format!(
                "{} (level {level} needs {} dead ends besides the start for its special rooms \
                 (room_rules.min_dead_ends = {}, dead_ends_per_level = {}), but a floor of \
                 {lo} rooms has at most {}); lower the minimum dead ends or make fewer rooms required",
                top.map_or("none".to_owned(), |t| format!("1..={t}")),
                self.dead_ends_needed(level),
                self.min_dead_ends,
                self.dead_ends_per_level,
                max_dead_ends(lo),
            ),
        ))
    }
}

impl RoomScratch {
    /// Places the special rooms of `rules` on the accepted layout (after
    /// `choose_ends`, whose search left `dist` holding distances from the
    /// start). Fills `self.roles`; may add secret rooms.
    pub(super) fn place_roles(
        &mut self,
        rules: &RoomRules,
        level: i32,
        start: Pos,
        end: Pos,
        rng: &mut DungeonRng,
        budget: &mut Budget,
    ) -> Result<(), Rejected> {
        self.roles.clear();
        // Every two touching rooms share a door (growth opens each side
        // between rooms), so the boss room is beside the start exactly when
        // it is one room away.
        if self.idx(end).is_some_and(|i| self.dist[i] == 1) {
            return Err(Rejected::BossBesideStart);
        }
        self.roles.push((end, RoomRole::Boss));
        // Free dead ends, farthest first, ties in random order.
        self.candidates.clear();
        // Only one-cell rooms take a dead-end role: the boss room is the
        // one special room that may be large.
        for &(i, p) in &self.dead_ends {
            if p != start && !self.same_room(p, end) && self.large_at(i).is_none() {
                self.candidates.push((self.dist[i], i, p));
            }
        }
        rng.shuffle(&mut self.candidates);
        self.candidates.sort_by_key(|c| std::cmp::Reverse(c.0));
        for rule in rules.rules.iter().filter(|r| r.applies(level)) {
            for _ in 0..rule.count {
                if !rng.chance(rule.chance) {
                    continue;
                }
                let placed = if rule.role == RoomRole::Secret {
                    self.place_secret(rng, budget)?
                } else {
                    self.take_dead_end(rule.role, start, end)
                };
                match placed {
                    Some(p) => self.roles.push((p, rule.role)),
                    None if rule.chance >= 1.0 => return Err(Rejected::NoPlaceFor(rule.role)),
                    None => {}
                }
            }
        }
        Ok(())
    }

    /// The farthest free dead end for `role` (a super secret room's one
    /// neighbour must be a normal room: not the start, not the boss room),
    /// taken off the free list.
    fn take_dead_end(&mut self, role: RoomRole, start: Pos, end: Pos) -> Option<Pos> {
        let k = self.candidates.iter().position(|&(_, i, p)| {
            role != RoomRole::SuperSecret || {
                let n = self.only_neighbour(i, p);
                n != start && !self.same_room(n, end) && !self.roles.iter().any(|r| r.0 == n)
            }
        })?;
        Some(self.candidates.remove(k).2)
    }

    /// The neighbour a dead end at index `i` opens to.
    fn only_neighbour(&self, i: usize, p: Pos) -> Pos {
        let m = self.masks[i];
        DIRS.iter()
            .find(|d| m & d.2 != 0)
            .map_or(p, |&(dx, dy, _, _)| (p.0 + dx, p.1 + dy))
    }

    /// Adds a secret room: an empty cell with the most room neighbours the
    /// floor offers (≥ 3, else ≥ 2, else ≥ 1), none of them a dead end,
    /// chosen uniformly; it opens to every neighbouring room. Other secret
    /// rooms are not neighbours: no door joins two secret rooms. `None`
    /// when no cell qualifies.
    fn place_secret(
        &mut self,
        rng: &mut DungeonRng,
        budget: &mut Budget,
    ) -> Result<Option<Pos>, Rejected> {
        if !budget.spend(self.cells() as u64) {
            return Err(Rejected::OutOfWork);
        }
        let (w, h) = (self.width as usize, self.height as usize);
        // Secret rooms placed before are no neighbours (no door joins two
        // secret rooms) and no candidates: hide them during the scan.
        let hidden: Vec<usize> = self
            .roles
            .iter()
            .filter(|r| r.1 == RoomRole::Secret)
            .filter_map(|r| self.idx(r.0))
            .collect();
        for &i in &hidden {
            self.occupied[i] = false;
        }
        if self.has_large() {
            return Ok(self.place_secret_among_large(&hidden, rng));
        }
        // Each empty cell's score, min(room neighbours, 3), or 0 when it
        // has none or touches a dead end; computed without branching on
        // the cells (`scan_cells`).
        let (occ, masks) = (&self.occupied, &self.masks);
        let room = |j: usize| u8::from(occ[j]);
        let dead = |j: usize| u8::from(occ[j] && masks[j].is_power_of_two());
        let scores = &mut self.secret_scores;
        scores.clear();
        let mut best = 0u8;
        scan_cells(w, h, |c| {
            let (mut rooms, mut beside_dead) = (0, 0);
            for k in 0..4 {
                rooms += room(c.at[k]) & c.on[k];
                beside_dead |= dead(c.at[k]) & c.on[k];
            }
            let free = u8::from(!occ[c.cell]) & (1 - beside_dead);
            let score = rooms.min(3) * free;
            scores.push(score);
            best = best.max(score);
        });
        self.keep_best_secret_cells(&hidden, best);
        let Some(&i) = rng.pick(&self.secret_cells) else {
            return Ok(None);
        };
        let p = ((i % w) as i32, (i / w) as i32);
        self.place(p);
        let hidden = &hidden;
        for &(dx, dy, bit, back) in &DIRS {
            let q = (p.0 + dx, p.1 + dy);
            if let Some(j) = self.idx(q)
                && self.occupied[j]
                && !hidden.contains(&j)
            {
                self.masks[i] |= bit;
                self.masks[j] |= back;
            }
        }
        Ok(Some(p))
    }
}

impl RoomScratch {
    /// The end of a secret room's scan: the earlier secret rooms (`hidden`)
    /// are marked occupied again and score 0, and `secret_cells` lists the
    /// cells scoring `best` (none when `best` is 0), in index order.
    fn keep_best_secret_cells(&mut self, hidden: &[usize], best: u8) {
        for &i in hidden {
            self.occupied[i] = true;
            self.secret_scores[i] = 0;
        }
        self.secret_cells.clear();
        if best > 0 {
            let scores = &self.secret_scores;
            self.secret_cells
                .extend((0..scores.len()).filter(|&i| scores[i] == best));
        }
    }

    /// [`RoomScratch::place_secret`] on a floor with large rooms, where a
    /// cell's neighbours may be two cells of one room: the score counts the
    /// rooms (min 3), "beside a dead end" means beside a room with one door
    /// (`exits`), and the secret room opens one door to each neighbouring
    /// room (the first side in N E S W order). `hidden` (the secret rooms
    /// placed before) are already unmarked; they are marked again here.
    fn place_secret_among_large(&mut self, hidden: &[usize], rng: &mut DungeonRng) -> Option<Pos> {
        // Only the empty cells beside a room can score: visit those.
        const UNSEEN: u8 = u8::MAX;
        self.secret_scores.clear();
        self.secret_scores.resize(self.cells(), UNSEEN);
        let mut best = 0u8;
        for k in 0..self.rooms.len() {
            let p = self.rooms[k];
            for &(dx, dy, _, _) in &DIRS {
                let Some(i) = self.idx((p.0 + dx, p.1 + dy)) else {
                    continue;
                };
                if self.occupied[i] || self.secret_scores[i] != UNSEEN {
                    continue;
                }
                let rooms = self.neighbour_rooms(self.pos_of(i));
                let count = rooms.iter().flatten().count() as u8;
                let beside_dead = rooms
                    .iter()
                    .flatten()
                    .any(|&(_, r)| self.exits.get(r as usize) == Some(&1));
                let score = if beside_dead { 0 } else { count.min(3) };
                self.secret_scores[i] = score;
                best = best.max(score);
            }
        }
        self.keep_best_secret_cells(hidden, best);
        let &i = rng.pick(&self.secret_cells)?;
        let p = self.pos_of(i);
        for &i in hidden {
            self.occupied[i] = false;
        }
        let doors = self.neighbour_rooms(p);
        for &i in hidden {
            self.occupied[i] = true;
        }
        self.place(p);
        for (k, &(dx, dy, bit, back)) in DIRS.iter().enumerate() {
            if doors[k].is_some()
                && let Some(j) = self.idx((p.0 + dx, p.1 + dy))
            {
                self.masks[i] |= bit;
                self.masks[j] |= back;
            }
        }
        Some(p)
    }

    /// The rooms beside `p`, by side (N E S W): `(cell index, room)` for
    /// the first side of each room, `None` for empty sides, sides off the
    /// grid and the later sides of a room already listed.
    fn neighbour_rooms(&self, p: Pos) -> [Option<(usize, u32)>; 4] {
        let mut out = [None; 4];
        for (k, &(dx, dy, _, _)) in DIRS.iter().enumerate() {
            if let Some(j) = self.idx((p.0 + dx, p.1 + dy))
                && self.occupied[j]
                && !out.iter().flatten().any(|&(_, r)| r == self.room_of[j])
            {
                out[k] = Some((j, self.room_of[j]));
            }
        }
        out
    }
}
