//! Plain reimplementations of the published room-grid algorithms, written to
//! be obviously right rather than fast, to measure our presets against:
//! - [`isaac`]: the Binding of Isaac floorplan as Boris the Brave described
//!   it (2020);
//! - [`room_grid_script`]: the neighbour generator of the original room-grid script
//!   that `compact` reproduces, and its regenerate-until-valid rules, bugs
//!   included, with its endless loops bounded.
//!
//! Shared by `tests/room_grid_fidelity.rs` and
//! `examples/room_grid_fidelity.rs`.

#![allow(dead_code)]

use std::collections::VecDeque;

use dungeon_core::{DungeonGrid, DungeonRng};

/// North, east, south, west.
const DIRS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// A finished floor: which cells are rooms, and where start and end are.
#[derive(Clone, Debug)]
pub struct Floor {
    pub width: i32,
    pub height: i32,
    pub room: Vec<bool>,
    pub start: (i32, i32),
    pub end: (i32, i32),
    /// Layouts grown to get this one (1 = the first was kept).
    pub attempts: u32,
}

impl Floor {
    /// The same view of one of our grids.
    pub fn of(g: &DungeonGrid, attempts: u32) -> Self {
        let mut room = vec![false; (g.width() * g.height()) as usize];
        for &p in g.rooms() {
            room[(p.1 * g.width() + p.0) as usize] = true;
        }
        Self {
            width: g.width(),
            height: g.height(),
            room,
            start: g.start(),
            end: g.end(),
            attempts,
        }
    }

    fn inside(&self, p: (i32, i32)) -> bool {
        p.0 >= 0 && p.1 >= 0 && p.0 < self.width && p.1 < self.height
    }

    pub fn is_room(&self, p: (i32, i32)) -> bool {
        self.inside(p) && self.room[(p.1 * self.width + p.0) as usize]
    }

    /// Rooms next to `p`.
    pub fn room_neighbours(&self, p: (i32, i32)) -> usize {
        DIRS.iter()
            .filter(|d| self.is_room((p.0 + d.0, p.1 + d.1)))
            .count()
    }

    fn cells(&self) -> impl Iterator<Item = (i32, i32)> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| (x, y)))
    }

    pub fn rooms(&self) -> usize {
        self.room.iter().filter(|&&r| r).count()
    }

    /// Rooms with exactly one neighbouring room.
    pub fn dead_ends(&self) -> usize {
        self.cells()
            .filter(|&p| self.is_room(p) && self.room_neighbours(p) == 1)
            .count()
    }

    /// Pairs of adjacent rooms (each shares a door).
    pub fn doors(&self) -> usize {
        self.cells()
            .filter(|&p| self.is_room(p))
            .map(|p| {
                [(1, 0), (0, 1)]
                    .iter()
                    .filter(|d| self.is_room((p.0 + d.0, p.1 + d.1)))
                    .count()
            })
            .sum()
    }

    /// Independent cycles: doors − rooms + 1 (0 for a tree).
    pub fn loops(&self) -> i64 {
        self.doors() as i64 - self.rooms() as i64 + 1
    }

    /// Width and height of the rooms' bounding box.
    pub fn bounding_box(&self) -> (i32, i32) {
        let rooms: Vec<_> = self.cells().filter(|&p| self.is_room(p)).collect();
        let w = rooms.iter().map(|p| p.0).max().unwrap() - rooms.iter().map(|p| p.0).min().unwrap();
        let h = rooms.iter().map(|p| p.1).max().unwrap() - rooms.iter().map(|p| p.1).min().unwrap();
        (w + 1, h + 1)
    }

    /// Steps from `from` to every room (None where unreachable).
    pub fn distances(&self, from: (i32, i32)) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.room.len()];
        let idx = |p: (i32, i32)| (p.1 * self.width + p.0) as usize;
        dist[idx(from)] = Some(0);
        let mut queue = VecDeque::from([from]);
        while let Some(p) = queue.pop_front() {
            let d = dist[idx(p)].unwrap();
            for (dx, dy) in DIRS {
                let n = (p.0 + dx, p.1 + dy);
                if self.is_room(n) && dist[idx(n)].is_none() {
                    dist[idx(n)] = Some(d + 1);
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Steps from the start to the end.
    pub fn end_distance(&self) -> u32 {
        self.distances(self.start)[(self.end.1 * self.width + self.end.0) as usize].unwrap()
    }
}

/// Binding of Isaac's room count: `random(2) + 5 + level * 2.6`.
fn isaac_count(rng: &mut DungeonRng, level: i32) -> usize {
    (rng.range(0, 1) + 5 + (f64::from(level) * 2.6 + 1e-9).floor() as i32) as usize
}

/// Boris the Brave's description of Isaac's floorplan: 9×8, start at the
/// centre on a FIFO queue; each neighbour of a popped cell is given up if it
/// is a room, has more than one room neighbour, enough rooms exist, or on a
/// 50 % coin. A popped cell that added nothing is a dead end. The boss room
/// is the dead end farthest from the start by path. A floor that stops short
/// of the count restarts.
pub fn isaac(seed: u64, level: i32) -> Floor {
    let mut rng = DungeonRng::new(seed ^ 0x15AA_C000);
    let target = isaac_count(&mut rng, level);
    let start = (4, 3);
    for attempt in 1..=10_000 {
        let mut f = Floor {
            width: 9,
            height: 8,
            room: vec![false; 72],
            start,
            end: start,
            attempts: attempt,
        };
        f.room[(start.1 * 9 + start.0) as usize] = true;
        let mut count = 1;
        let mut queue = VecDeque::from([start]);
        let mut dead_ends = Vec::new();
        while let Some(c) = queue.pop_front() {
            let mut added = false;
            for (dx, dy) in DIRS {
                let n = (c.0 + dx, c.1 + dy);
                if !f.inside(n) || f.is_room(n) {
                    continue;
                }
                if f.room_neighbours(n) > 1 || count >= target || rng.chance(0.5) {
                    continue;
                }
                f.room[(n.1 * 9 + n.0) as usize] = true;
                count += 1;
                queue.push_back(n);
                added = true;
            }
            if !added && c != start {
                dead_ends.push(c);
            }
        }
        if count < target {
            continue;
        }
        let dist = f.distances(start);
        f.end = *dead_ends
            .iter()
            .max_by_key(|p| dist[(p.1 * 9 + p.0) as usize])
            .unwrap();
        return f;
    }
    panic!("seed {seed} level {level}: no Isaac floor in 10 000 attempts");
}

/// The room-grid script's room count: `randint(0, 3) + 7 + level * 3`.
fn script_room_count(rng: &mut DungeonRng, level: i32) -> usize {
    (rng.range(0, 3) + 7 + level * 3) as usize
}

/// The room-grid script's neighbour generator and validity rules, as the
/// script had them:
/// - 8×8, growth from (3, 3); each pass goes over every room in the list
///   (as long as it was when the pass began); a neighbour inside the grid
///   with `c` room neighbours besides the room it was reached from is
///   skipped with probability 1/(4 − c) when c ≥ 1, then at random with
///   probability 1/3; the candidate is not checked for being a room
///   already, so the list can hold a cell twice, and the list's length is
///   what reaches the count;
/// - valid when it has at least 2 dead ends, where a dead end is a room with
///   3 empty neighbours counted among the cells inside the grid (so edge
///   rooms never are); the end is the last dead end in row-major order; the
///   start is a random room at least 3 from the end in a straight line that
///   shares neither its row nor its column (re-picked; bounded here at 1000
///   picks, then the floor is regenerated);
/// - the script's growth could loop forever; here it stops after 10 000 passes
///   and the floor is regenerated (never reached at levels 1–10).
///
/// With `repeats` false, a candidate that is already a room is passed over
/// (before any draw), which isolates the effect of the script's repeats.
pub fn room_grid_script(seed: u64, level: i32, repeats: bool) -> Option<Floor> {
    let mut rng = DungeonRng::new(seed ^ 0x5EED_0002);
    let target = script_room_count(&mut rng, level);
    for attempt in 1..=10_000 {
        let mut f = Floor {
            width: 8,
            height: 8,
            room: vec![false; 64],
            start: (3, 3),
            end: (3, 3),
            attempts: attempt,
        };
        f.room[3 * 8 + 3] = true;
        let mut list = vec![(3, 3)];
        let mut passes = 0;
        'grow: while list.len() < target && passes < 10_000 {
            passes += 1;
            for i in 0..list.len() {
                let c: (i32, i32) = list[i];
                for (dx, dy) in DIRS {
                    let n = (c.0 + dx, c.1 + dy);
                    if !f.inside(n) || (!repeats && f.is_room(n)) {
                        continue;
                    }
                    let others = f.room_neighbours(n) - 1;
                    if others >= 1 && rng.chance(1.0 / (4 - others) as f64) {
                        continue;
                    }
                    if rng.chance(1.0 / 3.0) {
                        continue;
                    }
                    f.room[(n.1 * 8 + n.0) as usize] = true;
                    list.push(n);
                    if list.len() >= target {
                        break 'grow;
                    }
                }
            }
        }
        if list.len() < target {
            continue;
        }
        let dead: Vec<(i32, i32)> = f
            .cells()
            .filter(|&p| {
                f.is_room(p)
                    && DIRS
                        .iter()
                        .map(|d| (p.0 + d.0, p.1 + d.1))
                        .filter(|&n| f.inside(n) && !f.is_room(n))
                        .count()
                        == 3
            })
            .collect();
        if dead.len() < 2 {
            continue;
        }
        let end = *dead.last().unwrap();
        let rooms: Vec<_> = f.cells().filter(|&p| f.is_room(p)).collect();
        for _ in 0..1000 {
            let s = *rng.pick(&rooms).unwrap();
            let (dx, dy) = (f64::from(s.0 - end.0), f64::from(s.1 - end.1));
            if s.0 != end.0 && s.1 != end.1 && (dx * dx + dy * dy).sqrt() >= 3.0 {
                f.start = s;
                f.end = end;
                return Some(f);
            }
        }
    }
    None
}

/// Means of a floor statistic over many floors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub floors: u32,
    pub rooms: f64,
    pub dead_ends: f64,
    pub loops: f64,
    pub box_w: f64,
    pub box_h: f64,
    pub end_distance: f64,
    pub start_neighbours: f64,
    pub attempts: f64,
}

impl Stats {
    pub fn of(floors: &[Floor]) -> Self {
        let n = floors.len() as f64;
        let mean = |f: &dyn Fn(&Floor) -> f64| floors.iter().map(f).sum::<f64>() / n;
        Self {
            floors: floors.len() as u32,
            rooms: mean(&|f| f.rooms() as f64),
            dead_ends: mean(&|f| f.dead_ends() as f64),
            loops: mean(&|f| f.loops() as f64),
            box_w: mean(&|f| f64::from(f.bounding_box().0)),
            box_h: mean(&|f| f64::from(f.bounding_box().1)),
            end_distance: mean(&|f| f64::from(f.end_distance())),
            start_neighbours: mean(&|f| f.room_neighbours(f.start) as f64),
            attempts: mean(&|f| f64::from(f.attempts)),
        }
    }
}
