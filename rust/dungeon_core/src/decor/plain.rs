//! The plain versions of [`MarkerMap::new`] and [`super::decorate`]: the
//! test oracle the fast ones must match byte for byte, and the baseline
//! `examples/decor_bench.rs` times them against.

use super::bits::{cell_bits, mark_centres};
use super::gaps::Gaps;
use super::markers::{MarkerKind, MarkerMap};
use super::place::{DecorRule, Prop, check_rules, critical_rooms, for_each_lock, room_ok};
use crate::error::GenError;
use crate::grid::{Cell, DIRS, DungeonGrid, GridKind, Pos};
use crate::rng::DungeonRng;

/// [`MarkerMap::new`], plainly: each cell on its own, its neighbours
/// looked up with bounds checks.
#[must_use]
pub fn marker_map(grid: &DungeonGrid) -> MarkerMap {
    let (w, h) = (grid.width(), grid.height());
    let mut bits = vec![0u32; grid.cells().len()];
    for y in 0..h {
        for x in 0..w {
            bits[(y * w + x) as usize] = cell_bits(grid, x, y);
        }
    }
    mark_centres(grid, &mut bits);
    MarkerMap::from_bits(w, bits)
}

/// [`super::decorate`], plainly: each rule scans every cell, the spacing
/// looks at every cell within it, and the blocking test floods a list.
///
/// # Errors
/// As [`super::decorate`].
pub fn decorate(
    grid: &DungeonGrid,
    rules: &[DecorRule],
    seed: u64,
    reserved: &[Pos],
) -> Result<Vec<Prop>, GenError> {
    decorate_tagged(grid, rules, seed, reserved, &[])
}

/// [`super::decorate_tagged`], plainly.
///
/// # Errors
/// As [`super::decorate`].
pub fn decorate_tagged(
    grid: &DungeonGrid,
    rules: &[DecorRule],
    seed: u64,
    reserved: &[Pos],
    room_tags: &[Vec<String>],
) -> Result<Vec<Prop>, GenError> {
    check_rules(rules)?;
    let map = marker_map(grid);
    let mut state = State::new(grid, &map, reserved);
    let critical = critical_rooms(grid, rules);
    let mut props = Vec::new();
    for (i, rule) in rules.iter().enumerate() {
        let mut rng = DungeonRng::new(seed).stage(i as u64);
        let gaps = Gaps::new(rule.chance);
        let cap = Gaps::cap(grid.cells().len());
        // Markers to pass over before the next one that gets a try.
        let mut skip = gaps.next(&mut rng, cap);
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
                if !room_ok(grid, &rule.rooms, room, &critical, room_tags) {
                    continue;
                }
                for facing in facings {
                    // The chance picks markers whatever follows: the props
                    // of a rule do not depend on what earlier rules took.
                    if skip > 0 {
                        skip -= 1;
                        continue;
                    }
                    skip = gaps.next(&mut rng, cap);
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
        for_each_lock(grid, &mut protect, |i, bit| gated[i] |= bit);
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
