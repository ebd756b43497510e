//! The progression planner ([`plan`]): chooses the rooms to lock, the rooms
//! holding their keys and the one-way shortcuts of a finished layout, then
//! stores them in the grid once the proof ([`super::Proof`]) accepts them.
//!
//! After Metazelda's key levels (Coxon) and Dormans' lock-and-key cycle
//! (*Unexplored*), turned around for a layout that already exists: find
//! the cuts first, then give the keys their levels.
//!
//! 1. **Candidates** (`locks.rs`). Locking room `v` closes every visible
//!    connection from `v` to a room outside `v` and the rooms behind it
//!    ([`RoomMetrics::behind`]): a bridge end gets one door, a room on a
//!    loop one door per arc, all opened by one key. Rooms with more doors
//!    than `max_doors_per_key` are left out. A candidate is *critical* when
//!    the end lies behind it, a *branch* otherwise; a branch is worth the
//!    rooms it guards, three more per special room among them (treasure,
//!    shop…) and its depth, and a lone plain dead end beside the critical
//!    path is taken only when nothing else is left.
//! 2. **Tile check**, per candidate when it is chosen: with its doors shut
//!    (and every secret door open), a flood from the start must reach
//!    exactly the rooms outside what it claims to guard, and none of its
//!    doors may be one a chosen lock already shuts. A second corridor
//!    around it (mazes, TinyKeep's extra corridors) or a secret room beside
//!    both sides rejects it.
//! 3. **Choice.** With [`LockGuard::Any`] half the locks (rounded up) are
//!    critical: the first a seeded pick in the last 60 % of the critical
//!    path, each next one at least two rooms nearer the start; the rest on
//!    the branches worth most, ties in a seeded order. Either list fills in
//!    when the other runs out. The guarded sets nest or are apart, so the
//!    locks form a tree of regions rooted at the start.
//! 4. **Keys in key-level order** (`keys.rs`). From the start region
//!    outward, each lock whose doors the player can reach gets its key in a
//!    room reached before it (branch locks first, so a critical lock's key
//!    may lie behind a branch lock), scored
//!    `4·branch depth + 2·dead end + distance`, the best within one point
//!    drawn by the seeded stream; a lock on a loop scores the rooms on its
//!    far arc three more (the player meets the door at the end of the short
//!    arc and finds the key at the end of the long one). Never the end
//!    room, the start room only when nothing else is left, secret rooms only
//!    with [`SecretRooms::Open`]; with `flat_keys` only rooms no lock
//!    guards. A lock left without a key is dropped.
//! 5. **One-way shortcuts** (`one_way.rs`): a connection on a loop whose
//!    two rooms stay joined with every lock and every other one-way door
//!    shut and without it (the proof's one-way rule), passable from the
//!    room farther from the start into the nearer one; deep ones and ones
//!    beside a key room or the end first.
//! 6. The locks are sorted and proven ([`DungeonGrid::check_locks`]); the
//!    plan's own order is the witness, so the proof never fails on a plan
//!    (a plan it refused would not be stored).
//!
//! [`LockGuard::Any`]: super::LockGuard::Any
//! [`SecretRooms::Open`]: super::SecretRooms::Open

mod keys;
mod locks;
mod one_way;

use super::gates::{Side, across};
use super::metrics::RoomMetrics;
use super::settings::{ProgressionSettings, SecretRooms};
use crate::analysis::{UNREACHABLE, bfs};
use crate::error::{ConfigError, GenError};
use crate::grid::{DungeonGrid, Lock, LockKind, RoomRole};
use crate::rng::{DungeonRng, stage};
use crate::watch::Watch;

/// What a plan placed (it places *up to* what was asked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Plan {
    /// Keys (locked rooms) asked for (`ProgressionSettings::locks`).
    pub locks_wanted: i32,
    /// Keys placed: locked rooms, each with its own key (a room locked on
    /// several doors counts once). The grid's key locks (one per door) may
    /// be more.
    pub locks_placed: i32,
    /// One-way doors asked for.
    pub one_way_wanted: i32,
    /// One-way doors placed.
    pub one_way_placed: i32,
}

/// Generates a level with `make`, then plans `settings` on its grid
/// ([`plan`]): "generate, then plan the locks", the one way every front end
/// makes a level with progression (the registry's jobs, and each of the Godot
/// binding's generating methods). `settings` are checked before anything is
/// generated; `None`, or settings asking for nothing, plan nothing. `grid`
/// finds the grid in what `make` returns (a grid, or a grid with how it was
/// made).
///
/// # Errors
/// Bad `settings` ([`GenError::Config`], before `make` runs), then
/// `make`'s error, then [`plan`]'s.
pub fn generate_then_plan<T>(
    settings: Option<&ProgressionSettings>,
    watch: &Watch,
    make: impl FnOnce() -> Result<T, GenError>,
    grid: impl FnOnce(&mut T) -> &mut DungeonGrid,
) -> Result<T, GenError> {
    if let Some(s) = settings {
        s.validate().map_err(GenError::Config)?;
    }
    let mut made = make()?;
    if let Some(s) = settings.filter(|s| s.is_active()) {
        plan(grid(&mut made), s, watch)?;
    }
    Ok(made)
}

/// Chooses locks, keys and one-way doors for `grid` (replacing any it has)
/// and stores them in it, proven finishable. The random stream is the
/// grid's own seed and level (`DungeonRng::for_level(grid.seed,
/// grid.level, stage::PROGRESSION)`), so the same grid and settings always
/// give the same locks.
///
/// # Errors
/// [`GenError::Config`] for bad settings (the field is the setting's
/// name), for more locks than the grid has visible connections, or for
/// settings asking for locks or one-way doors on a grid without rooms
/// (field `locks`/`one_way`, naming the generator: "the cave generator
/// makes no rooms"); [`GenError::Cancelled`] when `watch` is cancelled.
pub fn plan(
    grid: &mut DungeonGrid,
    settings: &ProgressionSettings,
    watch: &Watch,
) -> Result<Plan, GenError> {
    settings.validate().map_err(GenError::Config)?;
    let mut out = Plan {
        locks_wanted: settings.locks,
        one_way_wanted: settings.one_way,
        ..Plan::default()
    };
    grid.locks.clear();
    if !settings.is_active() {
        return Ok(out);
    }
    if grid.room_count() == 0 {
        let (field, value) = if settings.locks > 0 {
            ("locks", settings.locks)
        } else {
            ("one_way", settings.one_way)
        };
        return Err(GenError::Config(ConfigError::new(
            field,
            value,
            format!("0: the {} generator makes no rooms", grid.generator),
        )));
    }
    watch.check()?;
    let ctx = Context::new(grid, settings);
    let visible = ctx.visible_connections();
    if usize::try_from(settings.locks).unwrap_or(0) > visible {
        return Err(GenError::Config(ConfigError::new(
            "locks",
            settings.locks,
            format!("0..={visible} on this grid ({visible} connections)"),
        )));
    }
    let (locks, keys, shortcuts) = ctx.assemble(settings, watch)?;
    let placed = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
    // Never expected to be refused: every step keeps the proof's rules.
    // Should it be, the shortcuts go first, then the locks.
    for (with_locks, with_shortcuts) in [(true, true), (true, false), (false, false)] {
        watch.check()?;
        let mut all = if with_locks {
            locks.clone()
        } else {
            Vec::new()
        };
        if with_shortcuts {
            all.extend(shortcuts.iter().copied());
        }
        Lock::sort_canonical(&mut all);
        grid.locks = all;
        if grid.check_locks().is_ok() {
            out.locks_placed = if with_locks { placed(keys) } else { 0 };
            out.one_way_placed = if with_shortcuts {
                placed(shortcuts.len())
            } else {
                0
            };
            return Ok(out);
        }
    }
    grid.locks.clear();
    Ok(out)
}

/// What the planner reads from the grid, found once.
struct Context<'a> {
    g: &'a DungeonGrid,
    m: RoomMetrics,
    /// Visible neighbours of each room (no secret rooms), sorted.
    adj: Vec<Vec<usize>>,
    start_room: Option<usize>,
    end_room: Option<usize>,
    /// Per room, whether a flood from the start (secret doors open, no
    /// lock) reaches it.
    reached: Vec<bool>,
    /// Secret rooms count as ordinary rooms (keys may lie in them).
    secrets_open: bool,
}

impl<'a> Context<'a> {
    fn new(g: &'a DungeonGrid, settings: &ProgressionSettings) -> Self {
        let n = g.room_count();
        let secret = |r: usize| g.room_role(r).is_some_and(RoomRole::is_secret);
        let mut adj = vec![Vec::new(); n];
        for c in g.connections() {
            let (a, b) = c.rooms;
            if a < n && b < n && !secret(a) && !secret(b) {
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for a in &mut adj {
            a.sort_unstable();
            a.dedup();
        }
        let mut ctx = Self {
            g,
            m: g.room_metrics(),
            adj,
            start_room: g.room_at(g.start()),
            end_room: g.room_at(g.end()),
            reached: Vec::new(),
            secrets_open: settings.secret_rooms == SecretRooms::Open,
        };
        ctx.reached = ctx.flood(&[]);
        ctx
    }

    /// Steps 1–5: the key locks, how many keys they take, and the one-way
    /// doors, in the order the plan made them.
    fn assemble(
        &self,
        settings: &ProgressionSettings,
        watch: &Watch,
    ) -> Result<(Vec<Lock>, usize, Vec<Lock>), GenError> {
        let g = self.g;
        let mut rng = DungeonRng::for_level(g.seed, g.level, stage::PROGRESSION);
        let chosen = self.choose_locks(settings, &mut rng, watch)?;
        let keyed = self.place_keys(settings, &chosen, &mut rng, watch)?;
        let mut locks: Vec<Lock> = Vec::new();
        for &(c, key) in &keyed {
            for &from in &c.doors {
                locks.push(Lock {
                    from,
                    into: c.room,
                    kind: LockKind::Key { key },
                });
            }
        }
        let keys: Vec<usize> = keyed.iter().map(|&(_, k)| k).collect();
        let shortcuts = self.one_way(settings, &locks, &keys, &mut rng, watch)?;
        Ok((locks, keys.len(), shortcuts))
    }

    fn secret(&self, r: usize) -> bool {
        self.g.room_role(r).is_some_and(RoomRole::is_secret)
    }

    fn visible_connections(&self) -> usize {
        self.adj.iter().map(Vec::len).sum::<usize>() / 2
    }

    /// Whether room `r` lies in what a lock on `v` guards.
    fn guarded(&self, v: usize, r: usize) -> bool {
        r == v || self.m.is_behind(v, r)
    }

    /// A metric of room `r` as a score term: `-1` (no value) counts 0.
    fn metric(values: &[i32], r: usize) -> i64 {
        i64::from(values.get(r).copied().unwrap_or(0).max(0))
    }

    /// The rooms a flood from the start reaches with `sides` shut and
    /// every secret door open.
    fn flood(&self, sides: &[Side]) -> Vec<bool> {
        let g = self.g;
        let mut masks = g.door_masks().to_vec();
        for &(p, bit) in sides {
            let (q, back) = across(p, bit);
            for (cell, b) in [(p, bit), (q, back)] {
                if let Some(m) = g.index(cell).and_then(|i| masks.get_mut(i)) {
                    *m &= !b;
                }
            }
        }
        let (mut dist, mut queue) = (Vec::new(), Vec::new());
        if let Some(s) = g.index(g.start()) {
            bfs(g.width(), &masks, s, &mut dist, &mut queue);
        }
        g.room_records()
            .iter()
            .map(|room| {
                room.cells()
                    .next()
                    .and_then(|p| g.index(p))
                    .and_then(|i| dist.get(i))
                    .is_some_and(|&d| d != UNREACHABLE)
            })
            .collect()
    }
}

/// A gate side named the same from either of its cells.
fn norm(&(p, bit): &Side) -> Side {
    (p, bit).min(across(p, bit))
}

#[cfg(test)]
mod tests;
