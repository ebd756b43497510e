//! [`decorate`]: props placed by rules on a grid's markers, with the
//! guarantees decoration keeps.
//!
//! **What is guaranteed** (tile maps; `tests/decor_props.rs` checks it over
//! many seeds of every generator):
//! - No prop stands on a protected cell: the start, the end, a door cell, a
//!   doorway cell (either side of a doorway), a key's cell, a cell on
//!   either side of a locked or one-way door, a room's centre cell, or a
//!   cell the caller reserves (spawn points).
//! - Blocking props never cut the walkable area: a cell gets a blocking
//!   prop only if the free cells beside it (open sides, no locked or
//!   one-way door between) stay joined to each other through free cells
//!   of the 3×3 square around it. Then every path through the cell has a
//!   way around it within that square that crosses no locked or one-way
//!   door, so any two free cells that were reachable from each other
//!   (with whichever locks open) still are. Every protected cell stays
//!   free, so every room (through its centre), door, key, lock, spawn
//!   point, the start and the end stay reachable, and a level a player
//!   could finish (its progression solution) still can be.
//! - On room grids a cell is a whole room: props stand in rooms and never
//!   block (a rule's `blocks` only counts on tile maps).

use super::markers::{MarkerKind, MarkerMap};
use crate::error::{ConfigError, GenError};
use crate::grid::{Cell, DIRS, DungeonGrid, GridKind, LockKind, Pos, RoomRole};
use crate::rng::DungeonRng;

/// Which rooms a rule decorates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomFilter {
    /// Rooms of these roles only; empty: any role, and cells in no room.
    pub roles: Vec<RoomRole>,
    /// `Some(true)`: rooms on the critical path (start room to end room)
    /// only; `Some(false)`: rooms off it only; `None`: either.
    pub critical_path: Option<bool>,
}

/// One decoration rule: where its props may go and how many.
#[derive(Clone, Debug, PartialEq)]
pub struct DecorRule {
    /// The marker its props stand on.
    pub marker: MarkerKind,
    /// The rooms it decorates.
    pub rooms: RoomFilter,
    /// The chance that a marker gets a prop, 0 to 1.
    pub chance: f64,
    /// The least distance (in cells, the larger of the two axes) between
    /// two props of this rule; 0 or 1 lets them touch.
    pub spacing: i32,
    /// The most props of this rule in one room; 0: no limit.
    pub max_per_room: i32,
    /// Whether its props block movement (tile maps).
    pub blocks: bool,
}

/// A placed prop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prop {
    /// The rule (its index in the list given to [`decorate`]).
    pub rule: usize,
    /// The cell it stands on.
    pub cell: Pos,
    /// The marker's facing (see [`MarkerKind`]).
    pub facing: u8,
    /// The room of the cell, if any.
    pub room: Option<usize>,
}

/// Props for `grid` by `rules`, applied in order (a cell holds one prop),
/// each rule's draws from its own stream of `seed`. `reserved` cells
/// (spawn points) get none.
///
/// # Errors
/// [`GenError::Config`] naming the rule for a chance outside 0 to 1 (or
/// not a number), a negative spacing or a negative most per room.
pub fn decorate(
    grid: &DungeonGrid,
    rules: &[DecorRule],
    seed: u64,
    reserved: &[Pos],
) -> Result<Vec<Prop>, GenError> {
    for (i, r) in rules.iter().enumerate() {
        if !(0.0..=1.0).contains(&r.chance) {
            return Err(
                ConfigError::new("chance", format!("{} (rule {i})", r.chance), "0 to 1").into(),
            );
        }
        if r.spacing < 0 {
            return Err(ConfigError::new(
                "spacing",
                format!("{} (rule {i})", r.spacing),
                "0 or more",
            )
            .into());
        }
        if r.max_per_room < 0 {
            return Err(ConfigError::new(
                "max_per_room",
                format!("{} (rule {i})", r.max_per_room),
                "0 (no limit) or more",
            )
            .into());
        }
    }
    let map = MarkerMap::new(grid);
    let mut state = State::new(grid, &map, reserved);
    let critical: Vec<bool> = if rules.iter().any(|r| r.rooms.critical_path.is_some()) {
        let mut on = vec![false; grid.room_count()];
        for r in grid.critical_path() {
            if let Some(x) = on.get_mut(r) {
                *x = true;
            }
        }
        on
    } else {
        Vec::new()
    };
    let mut props = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        let mut rng = DungeonRng::new(seed).stage(i as u64);
        let mut per_room = vec![0i32; grid.room_count()];
        let blocks = rule.blocks && grid.kind() == GridKind::TileMap;
        for y in 0..grid.height() {
            for x in 0..grid.width() {
                let p = (x, y);
                if map.facings(p, rule.marker) == 0 {
                    continue;
                }
                let facings = map.each_facing(p, rule.marker);
                let room = grid.room_at(p);
                if !room_ok(grid, &rule.rooms, room, &critical) {
                    continue;
                }
                for facing in facings {
                    // One draw per marker, whatever follows: the props of a
                    // rule do not depend on what earlier rules took.
                    if rng.unit() >= rule.chance {
                        continue;
                    }
                    if !state.free_for_prop(p) {
                        continue;
                    }
                    if let Some(r) = room
                        && rule.max_per_room > 0
                        && per_room[r] >= rule.max_per_room
                    {
                        continue;
                    }
                    if state.near(p, i, rule.spacing) {
                        continue;
                    }
                    if blocks && !state.can_block(p) {
                        continue;
                    }
                    state.take(p, i, blocks);
                    if let Some(r) = room {
                        per_room[r] += 1;
                    }
                    props.push(Prop {
                        rule: i,
                        cell: p,
                        facing,
                        room,
                    });
                }
            }
        }
    }
    Ok(props)
}

fn room_ok(
    grid: &DungeonGrid,
    filter: &RoomFilter,
    room: Option<usize>,
    critical: &[bool],
) -> bool {
    if !filter.roles.is_empty() {
        let Some(role) = room.and_then(|r| grid.room_role(r)) else {
            return false;
        };
        if !filter.roles.contains(&role) {
            return false;
        }
    }
    match (filter.critical_path, room) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(on), Some(r)) => critical.get(r).copied().unwrap_or(false) == on,
    }
}

/// Which cells are protected, taken or blocked, and the locked sides.
struct State<'a> {
    grid: &'a DungeonGrid,
    /// Cells no prop may take.
    protected: Vec<bool>,
    /// The rule of the prop on each cell (`usize::MAX`: none).
    taken: Vec<usize>,
    /// Cells holding a blocking prop.
    blocked: Vec<bool>,
    /// Sides (door bits) of each cell closed by a lock or a one-way door.
    gated: Vec<u8>,
}

impl<'a> State<'a> {
    fn new(grid: &'a DungeonGrid, map: &MarkerMap, reserved: &[Pos]) -> Self {
        let n = grid.cells().len();
        let mut protected = vec![false; n];
        let mut protect = |p: Pos| {
            if let Some(i) = grid.index(p) {
                protected[i] = true;
            }
        };
        protect(grid.start());
        protect(grid.end());
        for &p in reserved {
            protect(p);
        }
        for i in 0..n {
            let p = grid.pos(i);
            if grid.cells()[i] == Cell::Door
                || map.facings(p, MarkerKind::Doorway) != 0
                || map.facings(p, MarkerKind::RoomCentre) != 0
            {
                protect(p);
            }
        }
        let mut gated = vec![0u8; n];
        for (k, lock) in grid.locks().iter().enumerate() {
            if let LockKind::Key { key } = lock.kind
                && let Some(t) = grid.key_tile(key)
            {
                protect(t);
            }
            for (p, bit) in grid.lock_gate(k) {
                protect(p);
                if let Some(i) = grid.index(p) {
                    gated[i] |= bit;
                }
                if let Some(&(dx, dy, _, back)) = DIRS.iter().find(|d| d.2 == bit) {
                    let q = (p.0 + dx, p.1 + dy);
                    protect(q);
                    if let Some(j) = grid.index(q) {
                        gated[j] |= back;
                    }
                }
            }
        }
        Self {
            grid,
            protected,
            taken: vec![usize::MAX; n],
            blocked: vec![false; n],
            gated,
        }
    }

    fn free_for_prop(&self, p: Pos) -> bool {
        self.grid
            .index(p)
            .is_some_and(|i| !self.protected[i] && self.taken[i] == usize::MAX)
    }

    fn take(&mut self, p: Pos, rule: usize, blocks: bool) {
        if let Some(i) = self.grid.index(p) {
            self.taken[i] = rule;
            self.blocked[i] |= blocks;
        }
    }

    /// Whether a prop of `rule` stands less than `spacing` cells from `p`
    /// (the larger of the two axes).
    fn near(&self, p: Pos, rule: usize, spacing: i32) -> bool {
        let r = spacing - 1;
        (-r..=r).any(|dy| {
            (-r..=r).any(|dx| {
                self.grid
                    .index((p.0 + dx, p.1 + dy))
                    .is_some_and(|j| self.taken[j] == rule)
            })
        })
    }

    /// Whether `p`'s side `bit` leads to a free cell, with no lock there.
    fn passes(&self, p: Pos, dx: i32, dy: i32, bit: u8) -> bool {
        let (Some(i), Some(j)) = (self.grid.index(p), self.grid.index((p.0 + dx, p.1 + dy))) else {
            return false;
        };
        self.grid.cells()[j].is_walkable()
            && !self.blocked[j]
            && !self.blocked[i]
            && self.grid.door_mask(p) & bit != 0
            && self.gated[i] & bit == 0
    }

    /// Whether blocking `c` keeps its free neighbours joined through the
    /// free cells of the 3×3 square around it (see the module docs).
    fn can_block(&self, c: Pos) -> bool {
        let inside = |p: Pos| (p.0 - c.0).abs() <= 1 && (p.1 - c.1).abs() <= 1 && p != c;
        let starts: Vec<Pos> = DIRS
            .iter()
            .filter(|&&(dx, dy, bit, _)| self.passes(c, dx, dy, bit))
            .map(|&(dx, dy, _, _)| (c.0 + dx, c.1 + dy))
            .collect();
        if starts.len() <= 1 {
            return true;
        }
        // Flood the square from the first neighbour, never through `c`.
        let mut seen = vec![starts[0]];
        let mut k = 0;
        while k < seen.len() {
            let p = seen[k];
            k += 1;
            for &(dx, dy, bit, _) in &DIRS {
                let q = (p.0 + dx, p.1 + dy);
                if inside(q) && !seen.contains(&q) && self.passes(p, dx, dy, bit) {
                    seen.push(q);
                }
            }
        }
        starts.iter().all(|s| seen.contains(s))
    }
}
