//! Rooms as records and the room graph: which rooms a walker can go between
//! without crossing a third, and through which corridor tiles.
//!
//! A room grid has one room per room cell, numbered in generation order; a
//! tile map has one room per rectangle, in [`DungeonGrid::room_rects`] order.
//! Two rooms are *connected* when a door opens from one straight into the
//! other (room grids), or when a run of corridor and door tiles joins them
//! (tile maps); the connection then carries a shortest such run.

use std::sync::OnceLock;

use super::{Cell, DIRS, DungeonGrid, GridKind, Pos, Rect};

/// What a room is for. Generators that place special rooms (bosses, shops,
/// secrets) add roles here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum RoomRole {
    /// An ordinary room.
    #[default]
    Normal = 0,
    /// The room holding the start cell.
    Start = 1,
    /// The room holding the end cell (the goal: stairs, the boss).
    End = 2,
}

impl RoomRole {
    /// Every role, in code order.
    pub const ALL: [RoomRole; 3] = [RoomRole::Normal, RoomRole::Start, RoomRole::End];

    /// The name used in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RoomRole::Normal => "normal",
            RoomRole::Start => "start",
            RoomRole::End => "end",
        }
    }

    /// The role with this JSON name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<RoomRole> {
        RoomRole::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// One room: its role and the rectangle of floor it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Room {
    /// What the room is for.
    pub role: RoomRole,
    /// The room's floor: a single cell on room grids, the room's rectangle
    /// on tile maps.
    pub rect: Rect,
}

impl Room {
    /// Every floor cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        self.rect.cells()
    }
}

/// Two rooms a walker can go between without crossing a third room.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Connection {
    /// The two room numbers, smaller first.
    pub rooms: (usize, usize),
    /// A shortest run of corridor and door tiles from the first room to the
    /// second, in walking order; empty when a door opens straight from one
    /// room into the other.
    pub tiles: Vec<Pos>,
}

/// No room at this cell, in the room index.
const NO_ROOM: u32 = u32::MAX;

/// Data derived from the grid on first use. It is a function of the grid's
/// other fields, so it never makes two grids differ.
#[derive(Clone, Debug, Default)]
pub(crate) struct Derived {
    pub room_cells: OnceLock<Vec<Pos>>,
    records: OnceLock<Vec<Room>>,
    index: OnceLock<Vec<u32>>,
    connections: OnceLock<Vec<Connection>>,
}

impl PartialEq for Derived {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Derived {}

impl DungeonGrid {
    /// The rooms, numbered from 0: one per room cell in generation order on
    /// a room grid, one per rectangle on a tile map. The rooms holding the
    /// start and end cells have the roles [`RoomRole::Start`] and
    /// [`RoomRole::End`].
    #[must_use]
    pub fn room_records(&self) -> &[Room] {
        self.derived.records.get_or_init(|| {
            let role = |r: &Rect| {
                if r.contains(self.start) {
                    RoomRole::Start
                } else if r.contains(self.end) {
                    RoomRole::End
                } else {
                    RoomRole::Normal
                }
            };
            let rects: Vec<Rect> = match self.kind {
                GridKind::RoomGrid => self
                    .rooms
                    .iter()
                    .map(|&(x, y)| Rect::new(x, y, 1, 1))
                    .collect(),
                GridKind::TileMap => self.room_rects.clone(),
            };
            rects
                .into_iter()
                .map(|rect| Room {
                    role: role(&rect),
                    rect,
                })
                .collect()
        })
    }

    /// The number of the room whose floor holds `p`, if any.
    #[must_use]
    pub fn room_at(&self, p: Pos) -> Option<usize> {
        let i = self.index(p)?;
        let id = self.room_index()[i];
        (id != NO_ROOM).then_some(id as usize)
    }

    /// Row-major room numbers (`NO_ROOM` off room floor). Rooms are checked
    /// to lie inside the grid before a loaded grid is used, and generated
    /// rooms always do; a cell outside is skipped, never a panic.
    fn room_index(&self) -> &[u32] {
        self.derived.index.get_or_init(|| {
            let mut index = vec![NO_ROOM; self.cells.len()];
            for (id, room) in self.room_records().iter().enumerate() {
                for p in room.cells() {
                    if let Some(i) = self.index(p) {
                        index[i] = id as u32;
                    }
                }
            }
            index
        })
    }

    /// The rooms of one role, in room order.
    #[must_use]
    pub fn rooms_with_role(&self, role: RoomRole) -> Vec<usize> {
        let rooms = self.room_records().iter().enumerate();
        rooms
            .filter(|(_, r)| r.role == role)
            .map(|(i, _)| i)
            .collect()
    }

    /// The room graph's edges, sorted by room pair, one per pair.
    #[must_use]
    pub fn connections(&self) -> &[Connection] {
        self.derived
            .connections
            .get_or_init(|| derive_connections(self))
    }

    /// The rooms connected to `room`, in room order.
    #[must_use]
    pub fn room_neighbors(&self, room: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self
            .connections()
            .iter()
            .filter_map(|c| match c.rooms {
                (a, b) if a == room => Some(b),
                (a, b) if b == room => Some(a),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The fewest rooms to walk through from room `from` to room `to`, both
    /// included; `None` when either is not a room or there is no way.
    #[must_use]
    pub fn room_path(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        let n = self.room_records().len();
        if from >= n || to >= n {
            return None;
        }
        let mut adjacent = vec![Vec::new(); n];
        for c in self.connections() {
            adjacent[c.rooms.0].push(c.rooms.1);
            adjacent[c.rooms.1].push(c.rooms.0);
        }
        // Neighbours in room order keep the path deterministic.
        for list in &mut adjacent {
            list.sort_unstable();
        }
        let mut parent = vec![usize::MAX; n];
        parent[from] = from;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(r) = queue.pop_front() {
            if r == to {
                let mut path = vec![to];
                let mut at = to;
                while at != from {
                    at = parent[at];
                    path.push(at);
                }
                path.reverse();
                return Some(path);
            }
            for &s in &adjacent[r] {
                if parent[s] == usize::MAX {
                    parent[s] = r;
                    queue.push_back(s);
                }
            }
        }
        None
    }

    /// The doors of `room`: each `(inside, outside)` pair is a floor cell of
    /// the room and the walkable cell its open side leads to. Empty for a
    /// number that is not a room.
    #[must_use]
    pub fn room_doors(&self, room: usize) -> Vec<(Pos, Pos)> {
        let Some(r) = self.room_records().get(room) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for p in r.cells() {
            let mask = self.door_mask(p);
            for (dx, dy, bit, _) in DIRS {
                let q = (p.0 + dx, p.1 + dy);
                if mask & bit != 0 && !r.rect.contains(q) {
                    out.push((p, q));
                }
            }
        }
        out
    }
}

/// Builds the room graph: rooms whose floors open into each other, and rooms
/// joined by a component of corridor and door tiles (every pair of rooms
/// the component touches, with a shortest run of its tiles between them).
fn derive_connections(g: &DungeonGrid) -> Vec<Connection> {
    let index = g.room_index();
    let n = g.cells.len();
    let w = g.width as usize;
    // The open neighbours of cell `i`, as indices.
    let open = |i: usize| {
        let m = g.doors[i];
        DIRS.iter()
            .zip([i.wrapping_sub(w), i + 1, i + w, i.wrapping_sub(1)])
            .filter(move |((_, _, bit, _), j)| m & bit != 0 && *j < n)
            .map(|(_, j)| j)
    };
    let mut found: Vec<Connection> = Vec::new();
    for i in 0..n {
        if index[i] == NO_ROOM {
            continue;
        }
        for j in open(i) {
            let (a, b) = (index[i], index[j]);
            if b != NO_ROOM && a < b {
                found.push(Connection {
                    rooms: (a as usize, b as usize),
                    tiles: Vec::new(),
                });
            }
        }
    }
    let corridor = |i: usize| index[i] == NO_ROOM && g.cells[i] != Cell::Empty;
    let mut component = vec![u32::MAX; n];
    let mut dist = vec![u32::MAX; n];
    let mut parent = vec![u32::MAX; n];
    let mut tiles: Vec<usize> = Vec::new();
    let mut queue: Vec<usize> = Vec::new();
    for first in 0..n {
        if !corridor(first) || component[first] != u32::MAX {
            continue;
        }
        // The component's tiles, in BFS order.
        tiles.clear();
        tiles.push(first);
        component[first] = first as u32;
        let mut head = 0;
        while let Some(&t) = tiles.get(head) {
            head += 1;
            for j in open(t) {
                if corridor(j) && component[j] == u32::MAX {
                    component[j] = first as u32;
                    tiles.push(j);
                }
            }
        }
        // The rooms it touches, in room order.
        let mut touched: Vec<u32> = tiles
            .iter()
            .flat_map(|&t| open(t).map(|j| index[j]))
            .filter(|&r| r != NO_ROOM)
            .collect();
        touched.sort_unstable();
        touched.dedup();
        for (k, &a) in touched.iter().enumerate() {
            if k + 1 == touched.len() {
                break;
            }
            // BFS inside the component from every tile that opens into `a`.
            for &t in &tiles {
                dist[t] = u32::MAX;
            }
            queue.clear();
            for &t in &tiles {
                if open(t).any(|j| index[j] == a) {
                    dist[t] = 0;
                    parent[t] = u32::MAX;
                    queue.push(t);
                }
            }
            let mut head = 0;
            while let Some(&t) = queue.get(head) {
                head += 1;
                for j in open(t) {
                    if corridor(j) && dist[j] == u32::MAX {
                        dist[j] = dist[t] + 1;
                        parent[j] = t as u32;
                        queue.push(j);
                    }
                }
            }
            for &b in &touched[k + 1..] {
                // The nearest tile opening into `b` (lowest index on ties).
                let Some(&end) = tiles
                    .iter()
                    .filter(|&&t| dist[t] != u32::MAX && open(t).any(|j| index[j] == b))
                    .min_by_key(|&&t| (dist[t], t))
                else {
                    continue;
                };
                let mut run = vec![g.pos(end)];
                let mut at = end;
                while parent[at] != u32::MAX {
                    at = parent[at] as usize;
                    run.push(g.pos(at));
                }
                run.reverse();
                found.push(Connection {
                    rooms: (a as usize, b as usize),
                    tiles: run,
                });
            }
        }
    }
    // One connection per pair: a direct door first, else the shortest run.
    found.sort_by(|x, y| {
        (x.rooms, x.tiles.len(), &x.tiles).cmp(&(y.rooms, y.tiles.len(), &y.tiles))
    });
    found.dedup_by(|later, kept| later.rooms == kept.rooms);
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> DungeonGrid {
        DungeonGrid::from_ascii(s).unwrap()
    }

    #[test]
    fn room_grid_records_and_graph() {
        // The seed's plus: five rooms, the centre joined to the other four.
        let d = g("
            .S.
            ###
            .E.
        ");
        let rooms = d.room_records();
        assert_eq!(rooms.len(), 5);
        let start = d.room_at((1, 0)).unwrap();
        let end = d.room_at((1, 2)).unwrap();
        let centre = d.room_at((1, 1)).unwrap();
        assert_eq!(rooms[start].role, RoomRole::Start);
        assert_eq!(rooms[end].role, RoomRole::End);
        assert_eq!(d.rooms_with_role(RoomRole::Normal).len(), 3);
        assert_eq!(d.connections().len(), 4);
        assert!(d.connections().iter().all(|c| c.tiles.is_empty()));
        assert_eq!(d.room_neighbors(centre).len(), 4);
        assert_eq!(d.room_path(start, end), Some(vec![start, centre, end]));
        assert_eq!(d.room_at((0, 0)), None);
        assert_eq!(d.room_doors(start), vec![((1, 0), (1, 1))]);
        assert_eq!(d.room_path(start, 99), None);
    }

    #[test]
    fn tile_map_rooms_join_through_corridors() {
        // Two 2×2 rooms, a corridor from a door on each; a third room off a
        // junction of the same corridor.
        let mut d = g("
            S#+==+##
            ##.=..#E
            ...=....
            ...+....
            ..##....
            ..##....
        ");
        d.kind = GridKind::TileMap;
        d.rooms.clear();
        d.room_rects = vec![
            Rect::new(0, 0, 2, 2),
            Rect::new(6, 0, 2, 2),
            Rect::new(2, 4, 2, 2),
        ];
        d.derived = Derived::default();
        // Door tiles open only into the room they enter; masks as generated.
        d.connect_adjacent();
        assert_eq!(d.room_records().len(), 3);
        assert_eq!(d.room_records()[0].role, RoomRole::Start);
        assert_eq!(d.room_records()[1].role, RoomRole::End);
        let c = d.connections();
        assert_eq!(c.len(), 3, "{c:?}");
        assert_eq!(c[0].rooms, (0, 1));
        assert_eq!(c[0].tiles, vec![(2, 0), (3, 0), (4, 0), (5, 0)]);
        assert_eq!(c[1].rooms, (0, 2));
        assert_eq!(c[1].tiles, vec![(2, 0), (3, 0), (3, 1), (3, 2), (3, 3)]);
        assert_eq!(c[2].rooms, (1, 2));
        assert_eq!(d.room_path(1, 2), Some(vec![1, 2]));
        // Each corridor tile of a connection steps to the next through an
        // open side.
        for conn in c {
            for pair in conn.tiles.windows(2) {
                assert_eq!(
                    (pair[0].0 - pair[1].0).abs() + (pair[0].1 - pair[1].1).abs(),
                    1
                );
            }
        }
    }
}
