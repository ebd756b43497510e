//! Spawn and loot points ([`DungeonGrid::spawn_points`]): where enemies,
//! loot, traps and the boss may stand, from a few rules.
//!
//! The points are a pure function of the grid (its locks included) and the
//! [`SpawnRules`]: they are not stored in the grid, its JSON or its
//! [layout hash](crate::DungeonGrid::layout_hash), and two peers with the
//! same hash and rules get the same points.
//!
//! # Free tiles (tile maps)
//!
//! A point stands on a *free* tile of a room: a room floor tile that is not
//! the start, the end or a key tile, lies farther than
//! [`SpawnRules::door_clearance`] (counted like a king's move) from every
//! tile a doorway of the room leads to, and does not *block*: taking it
//! out of the floor must leave every doorway and the start, end and key
//! tiles of the room joined through the room (a room one tile wide between
//! two doors has no free tile). Points are accepted one by one, and each
//! only if the room stays passable with all of them taken together.
//!
//! # Counts per room
//!
//! - Enemies: `free · enemy_density / 100 · (1 + enemy_ramp · d / far)`,
//!   rounded down, where `d` is the room's distance from the start room in
//!   rooms and `far` the largest such distance; none in the start room
//!   when [`SpawnRules::start_room_safe`], none in secret rooms.
//! - Loot: [`SpawnRules::loot_per_dead_end`] in a dead end (not the start
//!   or end room), plus `loot_per_branch_room · branch_depth` rounded down
//!   off the critical path, plus one in a treasure room; one in a secret
//!   room (the reward for finding it); none in a room holding a key.
//! - Traps: in rooms with two or more doorways (on the way, not in
//!   closets), not secret, not the safe start room: the whole part of
//!   [`SpawnRules::traps_per_room`], plus one with the fraction as chance.
//! - Boss: one in the end room.
//!
//! A room gets fewer points than counted when its free tiles run out or
//! [`SpawnRules::min_spacing`] leaves no room; the boss is placed first,
//! then loot, enemies and traps.
//!
//! # Randomness
//!
//! Each room draws from its own stream of the grid's seed and level, so a
//! rule that changes one room's counts never moves another room's points.
//! Spacing is kept between the points of one room; rooms are apart from
//! each other already, and points of two rooms that touch may stand
//! closer.
//!
//! # Room grids
//!
//! On a room grid every room is one cell (or a few, for a large room), and
//! the game places the objects inside its room scene: a room gets at most
//! one point of each kind per cell, on its cells, and a cell counts as 100
//! floor tiles for [`SpawnRules::enemy_density`]. Start, end and key rooms
//! are not left out (the scene has room for them); spacing and clearance
//! do not apply.
//!
//! Open-floor maps (caves, tunnels, walks) have no rooms and get no points.

mod floor;
mod rules;

#[cfg(test)]
mod tests;

pub use rules::{
    MAX_DOOR_CLEARANCE, MAX_ENEMY_DENSITY, MAX_ENEMY_RAMP, MAX_LOOT_PER_BRANCH_ROOM,
    MAX_LOOT_PER_DEAD_END, MAX_MIN_SPACING, MAX_TRAPS_PER_ROOM, SpawnKind, SpawnPoint, SpawnRules,
};

use floor::Floor;

use super::metrics::{DEAD_END, RoomMetrics};
use crate::error::ConfigError;
use crate::grid::{Cell, DungeonGrid, GridKind, Pos, Room, RoomRole};
use crate::rng::{DungeonRng, stage};

/// The order kinds are placed in: the most important first.
const PLACING_ORDER: [SpawnKind; 4] = [
    SpawnKind::Boss,
    SpawnKind::Loot,
    SpawnKind::Enemy,
    SpawnKind::Trap,
];

/// Floor tiles a room-grid cell counts as.
const TILES_PER_ROOM_CELL: f64 = 100.0;

/// Distance counted like a king's move.
fn chebyshev(a: Pos, b: Pos) -> i64 {
    let dx = (i64::from(a.0) - i64::from(b.0)).abs();
    let dy = (i64::from(a.1) - i64::from(b.1)).abs();
    dx.max(dy)
}

/// What every room's count needs.
struct Context<'a> {
    rules: &'a SpawnRules,
    metrics: RoomMetrics,
    key_rooms: Vec<usize>,
    start_room: Option<usize>,
    end_room: Option<usize>,
    /// The largest distance from the start room, at least 1.
    far: f64,
}

impl Context<'_> {
    /// How many points of each kind (indexed by code) room `id` asks for,
    /// given its number of doorways, `area` free tiles and its draw for the
    /// trap fraction.
    fn wanted(&self, id: usize, room: &Room, doorways: usize, area: f64, draw: f64) -> [usize; 4] {
        let r = self.rules;
        let secret = room.role.is_secret();
        let is_start = self.start_room == Some(id);
        let is_end = self.end_room == Some(id);
        let safe = is_start && r.start_room_safe;
        let at = |v: &[i32]| f64::from(v.get(id).copied().unwrap_or(0).max(0));
        let mut want = [0usize; 4];

        if !secret && !safe {
            let d = at(&self.metrics.distance_rooms);
            let n = area * r.enemy_density / 100.0 * (1.0 + r.enemy_ramp * d / self.far);
            want[SpawnKind::Enemy as usize] = n.floor() as usize;
        }

        if self.key_rooms.binary_search(&id).is_err() {
            let loot = if secret {
                1.0
            } else {
                let mut n = 0.0;
                if self.metrics.has(id, DEAD_END) && !is_start && !is_end {
                    n += f64::from(r.loot_per_dead_end);
                }
                n += (r.loot_per_branch_room * at(&self.metrics.branch_depth)).floor();
                if room.role == RoomRole::Treasure {
                    n += 1.0;
                }
                n
            };
            want[SpawnKind::Loot as usize] = loot as usize;
        }

        if !secret && !safe && doorways >= 2 {
            let whole = r.traps_per_room.floor();
            let extra = if draw < r.traps_per_room - whole {
                1.0
            } else {
                0.0
            };
            want[SpawnKind::Trap as usize] = (whole + extra) as usize;
        }

        want[SpawnKind::Boss as usize] = usize::from(is_end);
        want
    }
}

impl DungeonGrid {
    /// Spawn and loot points for every room, from `rules` (see the
    /// [module docs](crate::progression::spawns) for the rules), sorted by
    /// room, kind, row and column. Empty on grids without rooms.
    ///
    /// # Errors
    /// A [`ConfigError`] naming the first bad field of `rules`.
    pub fn spawn_points(&self, rules: &SpawnRules) -> Result<Vec<SpawnPoint>, ConfigError> {
        rules.validate()?;
        let rooms = self.room_records();
        if rooms.is_empty() {
            return Ok(Vec::new());
        }
        let metrics = self.metrics_with_tiles(false);
        let far = metrics
            .distance_rooms
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
            .max(1);
        let ctx = Context {
            rules,
            far: f64::from(far),
            metrics,
            key_rooms: self.key_rooms(),
            start_room: self.room_at(self.start),
            end_room: self.room_at(self.end),
        };
        let mut marked = vec![self.start, self.end];
        marked.extend(ctx.key_rooms.iter().filter_map(|&k| self.key_tile(k)));
        let base = DungeonRng::for_level(self.seed, self.level, stage::SPAWNS);
        let mut out = Vec::new();
        for (id, room) in rooms.iter().enumerate() {
            let mut rng = base.stage(id as u64);
            // Drawn first and always, so the shuffle below never depends
            // on the trap rule.
            let draw = rng.unit();
            match self.kind {
                GridKind::RoomGrid => {
                    let mut cells: Vec<Pos> = room.cells().collect();
                    let area = cells.len() as f64 * TILES_PER_ROOM_CELL;
                    let want = ctx.wanted(id, room, self.room_doors(id).len(), area, draw);
                    rng.shuffle(&mut cells);
                    for kind in PLACING_ORDER {
                        out.extend(cells.iter().take(want[kind as usize]).map(|&cell| {
                            SpawnPoint {
                                cell,
                                room: id,
                                kind,
                            }
                        }));
                    }
                }
                GridKind::TileMap => {
                    self.place_on_floor(&ctx, id, room, &marked, &mut rng, draw, &mut out);
                }
            }
        }
        out.sort_unstable_by_key(|p| (p.room, p.kind, p.cell.1, p.cell.0));
        Ok(out)
    }

    /// The points of tile-map room `id`, appended to `out`.
    #[allow(clippy::too_many_arguments)]
    fn place_on_floor(
        &self,
        ctx: &Context<'_>,
        id: usize,
        room: &Room,
        marked: &[Pos],
        rng: &mut DungeonRng,
        draw: f64,
        out: &mut Vec<SpawnPoint>,
    ) {
        let floor = Floor::new(self, room, marked);
        let blocks = floor.blocking();
        let doors = self.room_doors(id);
        // Tiles within the clearance of a doorway's outer tile.
        let c = ctx.rules.door_clearance;
        let mut near_door = vec![false; floor.len()];
        for &(_, q) in &doors {
            for dy in -c..=c {
                for dx in -c..=c {
                    if let Some(i) = floor.index((q.0 + dx, q.1 + dy)) {
                        near_door[i] = true;
                    }
                }
            }
        }
        let mut free: Vec<usize> = (0..floor.len())
            .filter(|&i| {
                let p = floor.pos(i);
                floor.is_floor(i)
                    && !blocks[i]
                    && !near_door[i]
                    && self.cell(p) == Cell::Room
                    && !marked.contains(&p)
            })
            .collect();
        let want = ctx.wanted(id, room, doors.len(), free.len() as f64, draw);
        rng.shuffle(&mut free);
        let spacing = i64::from(ctx.rules.min_spacing);
        let mut taken: Vec<usize> = Vec::new();
        let mut occupied = vec![false; floor.len()];
        for kind in PLACING_ORDER {
            let mut placed = 0;
            // Each free tile is tried at most once per kind.
            for &i in &free {
                if placed >= want[kind as usize] {
                    break;
                }
                let p = floor.pos(i);
                if taken.iter().any(|&t| chebyshev(floor.pos(t), p) < spacing) {
                    continue;
                }
                // The local test settles most tiles; the search the rest.
                taken.push(i);
                if !floor.is_simple(i, &occupied) && !floor.keeps_ways(&taken) {
                    taken.pop();
                    continue;
                }
                occupied[i] = true;
                placed += 1;
                out.push(SpawnPoint {
                    cell: p,
                    room: id,
                    kind,
                });
            }
        }
    }
}
