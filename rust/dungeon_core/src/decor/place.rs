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

use super::bits::{BAND, CENTRE};
use super::gaps::Gaps;
use super::markers::{MarkerKind, MarkerMap, field};
use crate::error::{ConfigError, GenError};
use crate::grid::{DIRS, DungeonGrid, GridKind, LockKind, Pos, RoomRole};
use crate::rng::DungeonRng;

/// Which rooms a rule decorates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoomFilter {
    /// Rooms of these roles only; empty: any role, and cells in no room.
    pub roles: Vec<RoomRole>,
    /// `Some(true)`: rooms on the critical path (start room to end room)
    /// only; `Some(false)`: rooms off it only; `None`: either.
    pub critical_path: Option<bool>,
    /// Rooms carrying at least one of these tags only (the room tags given
    /// to [`decorate_tagged`], such as a template's tags); empty: any.
    pub tags: Vec<String>,
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
    decorate_tagged(grid, rules, seed, reserved, &[])
}

/// [`decorate`] with each room's tags (`room_tags[room]`; rooms past its
/// end have none), for rules that filter by tags.
///
/// # Errors
/// As [`decorate`].
pub fn decorate_tagged(
    grid: &DungeonGrid,
    rules: &[DecorRule],
    seed: u64,
    reserved: &[Pos],
    room_tags: &[Vec<String>],
) -> Result<Vec<Prop>, GenError> {
    check_rules(rules)?;
    let bits = MarkerMap::new(grid).into_bits();
    let critical = critical_rooms(grid, rules);
    let rooms = grid.room_index();
    let width = grid.width().max(1) as usize;
    // Maps without rooms never read the room index (a large table).
    let any_room = grid.room_count() > 0;
    let room_of = |c: usize| (any_room && rooms[c] != u32::MAX).then(|| rooms[c] as usize);
    // One bit per cell per marker kind the rules ask for, in one pass.
    let mut kinds: Vec<MarkerKind> = rules.iter().map(|r| r.marker).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let planes = planes(&bits, &kinds);
    let mut state = State::new(grid, bits, reserved);
    let mut props = Vec::new();
    let cap = Gaps::cap(grid.cells().len());
    for (i, rule) in rules.iter().enumerate() {
        let mut rng = DungeonRng::new(seed).stage(i as u64);
        let gaps = Gaps::new(rule.chance);
        // Markers to pass over before the next one that gets a try.
        let mut skip = gaps.next(&mut rng, cap);
        // The room filter once per room (the last entry: cells in no room).
        let mut room_pass: Vec<bool> = (0..grid.room_count())
            .map(|r| room_ok(grid, &rule.rooms, Some(r), &critical, room_tags))
            .collect();
        room_pass.push(room_ok(grid, &rule.rooms, None, &critical, room_tags));
        let every_room = room_pass.iter().all(|&ok| ok);
        if skip > cap {
            continue; // no marker gets a try (chance 0, say)
        }
        let mut run = RuleRun {
            index: i,
            rule,
            blocks: rule.blocks && grid.kind() == GridKind::TileMap,
            per_room: vec![0i32; grid.room_count()],
            spaced: Spacing::new(grid, rule.spacing),
            width,
            room_of: &room_of,
        };
        let (shift, mask, faces) = field(rule.marker);
        let plane = &planes[kinds.iter().position(|&k| k == rule.marker).unwrap_or(0)];
        for (wi, &word) in plane.iter().enumerate() {
            let mut left = word;
            if every_room && mask == 1 {
                // One marker per set bit: whole words passed over at once.
                loop {
                    let n = u64::from(left.count_ones());
                    if skip >= n {
                        skip -= n;
                        break;
                    }
                    for _ in 0..skip {
                        left &= left - 1;
                    }
                    let c = wi * 64 + left.trailing_zeros() as usize;
                    left &= left - 1;
                    skip = gaps.next(&mut rng, cap);
                    run.offer(&mut state, &mut props, c, None, true, faces[0]);
                }
                continue;
            }
            while left != 0 {
                let c = wi * 64 + left.trailing_zeros() as usize;
                left &= left - 1;
                // The room is looked up before the tries only when the
                // filter needs it (its index is a large table).
                let mut room = None;
                if !every_room {
                    room = room_of(c);
                    if !room_pass[room.unwrap_or(room_pass.len() - 1)] {
                        continue;
                    }
                }
                let mut set = if mask == 1 {
                    1
                } else {
                    (state.bits[c] >> shift) & mask
                };
                let n = u64::from(set.count_ones());
                if skip >= n {
                    skip -= n; // no try on this cell's markers
                    continue;
                }
                while set != 0 {
                    let facing = faces[set.trailing_zeros() as usize];
                    set &= set - 1;
                    // The chance picks markers whatever follows: the props
                    // of a rule do not depend on what earlier rules took.
                    if skip > 0 {
                        skip -= 1;
                        continue;
                    }
                    skip = gaps.next(&mut rng, cap);
                    run.offer(&mut state, &mut props, c, room, every_room, facing);
                }
            }
        }
    }
    Ok(props)
}

/// One rule's placing: what its tries test and count.
struct RuleRun<'a, F: Fn(usize) -> Option<usize>> {
    /// The rule's index in the list.
    index: usize,
    rule: &'a DecorRule,
    /// Whether its props block (tile maps only).
    blocks: bool,
    /// Its props per room.
    per_room: Vec<i32>,
    spaced: Spacing,
    /// The grid's width.
    width: usize,
    /// The room of a cell index.
    room_of: &'a F,
}

impl<F: Fn(usize) -> Option<usize>> RuleRun<'_, F> {
    /// A try at a prop on cell `c` facing `facing`: placed if every test
    /// holds. `room` is the cell's room when `look_up` is false (already
    /// looked up), else it is looked up when needed.
    fn offer(
        &mut self,
        state: &mut State,
        props: &mut Vec<Prop>,
        c: usize,
        mut room: Option<usize>,
        look_up: bool,
        facing: u8,
    ) {
        let most = self.rule.max_per_room;
        // The tests in order of cost; all must hold, so the order changes
        // nothing but the time. (A full room is tested before the spacing
        // and the blocking flood: once its rooms fill, a rule stops there.)
        if !state.free_for_prop(c) {
            return;
        }
        if look_up && most > 0 {
            room = (self.room_of)(c);
        }
        if let Some(r) = room
            && most > 0
            && self.per_room[r] >= most
        {
            return;
        }
        let p = ((c % self.width) as i32, (c / self.width) as i32);
        if self.spaced.near(p) {
            return;
        }
        if self.blocks && !state.can_block(p) {
            return;
        }
        if look_up && most == 0 {
            room = (self.room_of)(c);
        }
        state.take(c, self.blocks);
        self.spaced.add(p);
        if let Some(r) = room {
            self.per_room[r] += 1;
        }
        props.push(Prop {
            rule: self.index,
            cell: p,
            facing,
            room,
        });
    }
}

/// The rules' errors: a chance outside 0 to 1 (or not a number), a
/// negative spacing or a negative most per room, naming the rule.
pub(super) fn check_rules(rules: &[DecorRule]) -> Result<(), GenError> {
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
    Ok(())
}

/// Which rooms are on the critical path, when a rule asks (else empty).
pub(super) fn critical_rooms(grid: &DungeonGrid, rules: &[DecorRule]) -> Vec<bool> {
    if !rules.iter().any(|r| r.rooms.critical_path.is_some()) {
        return Vec::new();
    }
    let mut on = vec![false; grid.room_count()];
    for r in grid.critical_path() {
        if let Some(x) = on.get_mut(r) {
            *x = true;
        }
    }
    on
}

pub(super) fn room_ok(
    grid: &DungeonGrid,
    filter: &RoomFilter,
    room: Option<usize>,
    critical: &[bool],
    room_tags: &[Vec<String>],
) -> bool {
    if !filter.tags.is_empty() {
        let Some(have) = room.and_then(|r| room_tags.get(r)) else {
            return false;
        };
        if !filter.tags.iter().any(|t| have.contains(t)) {
            return false;
        }
    }
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

/// Calls `protect` on each key's cell and on both cells of each locked or
/// one-way door, and `gate(cell index, side)` for each side such a door
/// closes, from either cell.
pub(super) fn for_each_lock(
    grid: &DungeonGrid,
    protect: &mut impl FnMut(Pos),
    mut gate: impl FnMut(usize, u8),
) {
    for (k, lock) in grid.locks().iter().enumerate() {
        if let LockKind::Key { key } = lock.kind
            && let Some(t) = grid.key_tile(key)
        {
            protect(t);
        }
        for (p, bit) in grid.lock_gate(k) {
            protect(p);
            if let Some(i) = grid.index(p) {
                gate(i, bit);
            }
            if let Some(&(dx, dy, _, back)) = DIRS.iter().find(|d| d.2 == bit) {
                let q = (p.0 + dx, p.1 + dy);
                protect(q);
                if let Some(j) = grid.index(q) {
                    gate(j, back);
                }
            }
        }
    }
}

/// Per kind of `kinds`, one bit per cell (bit `i % 64` of word `i / 64`):
/// whether it has a marker of that kind; in one pass over `bits`.
fn planes(bits: &[u32], kinds: &[MarkerKind]) -> Vec<Vec<u64>> {
    let masks: Vec<u32> = kinds
        .iter()
        .map(|&k| {
            let (shift, mask, _) = field(k);
            mask << shift
        })
        .collect();
    let words = bits.len().div_ceil(64);
    let mut planes = vec![Vec::with_capacity(words); kinds.len()];
    for chunk in bits.chunks(64) {
        for (plane, &mask) in planes.iter_mut().zip(&masks) {
            // By bytes of 8 cells: the compiler turns each into a mask of
            // compared lanes.
            let mut word = 0u64;
            for (g, group) in chunk.chunks(8).enumerate() {
                let byte = group
                    .iter()
                    .enumerate()
                    .fold(0u8, |y, (j, &b)| y | (u8::from(b & mask != 0) << j));
                word |= u64::from(byte) << (8 * g);
            }
            plane.push(word);
        }
    }
    planes
}

/// A cell's flags in [`State`], in its marker bits above the markers'.
const PROTECTED: u32 = 1 << 29;
const TAKEN: u32 = 1 << 30;
const BLOCKED: u32 = 1 << 31;
const _: () = assert!(PROTECTED > CENTRE && PROTECTED > BAND);

/// The marker bits that make a cell protected: a door, a doorway, a room's
/// centre.
const PROTECTED_MARKERS: u32 = {
    let door = field(MarkerKind::DoorFloor);
    let doorway = field(MarkerKind::Doorway);
    let centre = field(MarkerKind::RoomCentre);
    (door.1 << door.0) | (doorway.1 << doorway.0) | (centre.1 << centre.0)
};

/// Which cells are protected, taken or blocked, and the locked sides.
struct State<'a> {
    grid: &'a DungeonGrid,
    /// The marker bits of each cell, and its `PROTECTED`, `TAKEN` and
    /// `BLOCKED` flags (one table: fewer fresh pages to touch than two; the
    /// protected markers are read from the marker bits).
    bits: Vec<u32>,
    /// Sides (door bits) of each cell closed by a lock or a one-way door
    /// (empty on a map without locks).
    gated: Vec<u8>,
}

impl<'a> State<'a> {
    fn new(grid: &'a DungeonGrid, mut bits: Vec<u32>, reserved: &[Pos]) -> Self {
        let n = grid.cells().len();
        let mut protect = |p: Pos| {
            if let Some(i) = grid.index(p) {
                bits[i] |= PROTECTED;
            }
        };
        protect(grid.start());
        protect(grid.end());
        for &p in reserved {
            protect(p);
        }
        // Only maps with locks need the gated sides.
        let mut gated = if grid.locks().is_empty() {
            Vec::new()
        } else {
            vec![0u8; n]
        };
        for_each_lock(grid, &mut protect, |i, bit| gated[i] |= bit);
        Self { grid, bits, gated }
    }

    fn free_for_prop(&self, i: usize) -> bool {
        self.bits[i] & (PROTECTED | TAKEN | PROTECTED_MARKERS) == 0
    }

    fn take(&mut self, i: usize, blocks: bool) {
        self.bits[i] |= if blocks { TAKEN | BLOCKED } else { TAKEN };
    }

    /// Whether `p`'s side `d` (an index into `DIRS`) leads to a free cell,
    /// with no lock there.
    fn passes(&self, p: Pos, d: usize) -> bool {
        let (dx, dy, bit, _) = DIRS[d];
        let (Some(i), Some(j)) = (self.grid.index(p), self.grid.index((p.0 + dx, p.1 + dy))) else {
            return false;
        };
        self.grid.cells()[j].is_walkable()
            && (self.bits[i] | self.bits[j]) & BLOCKED == 0
            && self.grid.door_masks()[i] & bit != 0
            && self.gated.get(i).is_none_or(|&g| g & bit == 0)
    }

    /// Whether the 3×3 square around `c` is open floor: inside the map,
    /// every cell walkable, unblocked and open on all four sides, and no
    /// lock on the map. Then its ring of eight joins every neighbour of
    /// `c` without `c`, which is what [`State::can_block`] floods for (a
    /// shortcut for the common case, room floor).
    fn open_square(&self, c: Pos) -> bool {
        let (w, h) = (self.grid.width(), self.grid.height());
        if !self.gated.is_empty() || c.0 < 1 || c.1 < 1 || c.0 + 1 >= w || c.1 + 1 >= h {
            return false;
        }
        let (cells, masks) = (self.grid.cells(), self.grid.door_masks());
        let w = w as usize;
        let centre = c.1 as usize * w + c.0 as usize;
        [centre - w, centre, centre + w].into_iter().all(|row| {
            (row - 1..=row + 1).all(|i| {
                cells[i].is_walkable() && masks[i] & 0b1111 == 0b1111 && self.bits[i] & BLOCKED == 0
            })
        })
    }

    /// Whether blocking `c` keeps its free neighbours joined through the
    /// free cells of the 3×3 square around it (see the module docs). The
    /// square's cells are bits `3 * (dy + 1) + (dx + 1)` of a mask.
    fn can_block(&self, c: Pos) -> bool {
        if self.open_square(c) {
            return true;
        }
        let slot = |dx: i32, dy: i32| (3 * (dy + 1) + (dx + 1)) as u32;
        let mut starts = 0u16;
        for (d, &(dx, dy, _, _)) in DIRS.iter().enumerate() {
            if self.passes(c, d) {
                starts |= 1 << slot(dx, dy);
            }
        }
        if starts.count_ones() <= 1 {
            return true;
        }
        // Flood the square from the first neighbour, never through `c`.
        let first = starts.trailing_zeros();
        let mut seen = 1u16 << first;
        let mut todo = [0u32; 9];
        todo[0] = first;
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let s = todo[len] as i32;
            let (sx, sy) = (s % 3 - 1, s / 3 - 1);
            for (d, &(dx, dy, _, _)) in DIRS.iter().enumerate() {
                let (qx, qy) = (sx + dx, sy + dy);
                if qx.abs() > 1 || qy.abs() > 1 || (qx, qy) == (0, 0) {
                    continue;
                }
                let q = slot(qx, qy);
                if seen & (1 << q) == 0 && self.passes((c.0 + sx, c.1 + sy), d) {
                    seen |= 1 << q;
                    todo[len] = q;
                    len += 1;
                }
            }
        }
        starts & !seen == 0
    }
}

/// One rule's props in buckets of `spacing` cells a side, for the spacing
/// test: two props of the rule in one bucket would stand closer than the
/// spacing, so a bucket holds at most one, and the props within `spacing
/// - 1` of a cell lie in the 3×3 buckets around it.
struct Spacing {
    /// The bucket side (the spacing); 0: no spacing to keep.
    side: i64,
    /// Buckets per row.
    across: i64,
    /// Buckets per column.
    down: i64,
    /// The prop of each bucket, packed by [`Spacing::pack`]; 0: none. (A
    /// zeroed table the allocator hands out untouched: a rule with a
    /// small spacing on a big map has many buckets and few props.)
    slots: Vec<u64>,
}

impl Spacing {
    fn new(grid: &DungeonGrid, spacing: i32) -> Self {
        if spacing <= 1 {
            return Self {
                side: 0,
                across: 0,
                down: 0,
                slots: Vec::new(),
            };
        }
        let side = i64::from(spacing);
        let across = (i64::from(grid.width()) + side - 1) / side;
        let down = (i64::from(grid.height()) + side - 1) / side;
        Self {
            side,
            across,
            down,
            slots: vec![0; (across * down).max(0) as usize],
        }
    }

    /// A cell as a nonzero bucket entry (`x + 1` high, `y` low).
    fn pack(p: Pos) -> u64 {
        (u64::from(p.0 as u32) + 1) << 32 | u64::from(p.1 as u32)
    }

    /// The cell of a nonzero bucket entry.
    fn unpack(v: u64) -> Pos {
        (((v >> 32) - 1) as u32 as i32, v as u32 as i32)
    }

    /// Whether a prop stands less than the spacing from `p` (the larger of
    /// the two axes).
    fn near(&self, p: Pos) -> bool {
        if self.side == 0 {
            return false;
        }
        let r = self.side - 1;
        let (px, py) = (i64::from(p.0), i64::from(p.1));
        let (bx0, bx1) = (
            ((px - r).max(0) / self.side),
            ((px + r) / self.side).min(self.across - 1),
        );
        let (by0, by1) = (
            ((py - r).max(0) / self.side),
            ((py + r) / self.side).min(self.down - 1),
        );
        (by0..=by1).any(|by| {
            (bx0..=bx1).any(|bx| {
                let v = self.slots[(by * self.across + bx) as usize];
                v != 0 && {
                    let q = Self::unpack(v);
                    (i64::from(q.0) - px).abs() <= r && (i64::from(q.1) - py).abs() <= r
                }
            })
        })
    }

    fn add(&mut self, p: Pos) {
        if self.side == 0 {
            return;
        }
        let b = i64::from(p.1) / self.side * self.across + i64::from(p.0) / self.side;
        if let Some(s) = self.slots.get_mut(b as usize) {
            *s = Self::pack(p);
        }
    }
}
