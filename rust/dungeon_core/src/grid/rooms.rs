//! Rooms as records and the room graph: which rooms a walker can go between
//! without crossing a third, and through which corridor tiles.
//!
//! A room grid has one room per room cell, numbered in generation order; a
//! tile map has one room per rectangle, in [`DungeonGrid::room_rects`] order.
//! Two rooms are *connected* when a door opens from one straight into the
//! other (room grids), or, on tile maps, when their corridor territories
//! touch ([`super::connections`] has the definition); the connection then
//! carries a run of corridor tiles from one to the other.

use std::sync::OnceLock;

use super::{DIRS, DungeonGrid, GridKind, Pos, Rect, RoomShape};

/// What a room is for.
///
/// A fixed set of named roles rather than free-form names: each role is a
/// Godot constant (`DungeonGrid.ROLE_*`) and an Inspector choice, JSON
/// carries it by name, and `check()` can tell a valid grid from a broken
/// one (a boss room that is not the end, a role on the start room). The
/// special roles are The Binding of Isaac's; a game that needs another
/// kind of room gives one of the optional roles (sacrifice, curse,
/// challenge, library) its own meaning.
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
    /// The boss room: the end room of a floor with special rooms (it holds
    /// the end cell).
    Boss = 3,
    /// A treasure (item) room, in a dead end.
    Treasure = 4,
    /// A shop, in a dead end.
    Shop = 5,
    /// A secret room: a cell beside several rooms, reached through secret
    /// doors; the one room that makes a loop.
    Secret = 6,
    /// A super secret room: a dead end beside exactly one ordinary room,
    /// reached through a secret door.
    SuperSecret = 7,
    /// An optional dead-end room (Isaac: sacrifice room).
    Sacrifice = 8,
    /// An optional dead-end room (Isaac: curse room).
    Curse = 9,
    /// An optional dead-end room (Isaac: challenge room).
    Challenge = 10,
    /// An optional dead-end room (Isaac: library).
    Library = 11,
}

impl RoomRole {
    /// Every role, in code order.
    pub const ALL: [RoomRole; 12] = [
        RoomRole::Normal,
        RoomRole::Start,
        RoomRole::End,
        RoomRole::Boss,
        RoomRole::Treasure,
        RoomRole::Shop,
        RoomRole::Secret,
        RoomRole::SuperSecret,
        RoomRole::Sacrifice,
        RoomRole::Curse,
        RoomRole::Challenge,
        RoomRole::Library,
    ];

    /// The name used in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RoomRole::Normal => "normal",
            RoomRole::Start => "start",
            RoomRole::End => "end",
            RoomRole::Boss => "boss",
            RoomRole::Treasure => "treasure",
            RoomRole::Shop => "shop",
            RoomRole::Secret => "secret",
            RoomRole::SuperSecret => "super_secret",
            RoomRole::Sacrifice => "sacrifice",
            RoomRole::Curse => "curse",
            RoomRole::Challenge => "challenge",
            RoomRole::Library => "library",
        }
    }

    /// The role with this JSON name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<RoomRole> {
        RoomRole::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The role with this code (`role as u8`).
    #[must_use]
    pub fn from_code(code: i64) -> Option<RoomRole> {
        RoomRole::ALL.into_iter().find(|r| *r as i64 == code)
    }

    /// Whether this is a special role (anything but normal, start and end).
    #[must_use]
    pub const fn is_special(self) -> bool {
        !matches!(self, RoomRole::Normal | RoomRole::Start | RoomRole::End)
    }

    /// Whether the doors into a room of this role are secret.
    #[must_use]
    pub const fn is_secret(self) -> bool {
        matches!(self, RoomRole::Secret | RoomRole::SuperSecret)
    }
}

/// One room: its role, the rectangle of floor it spans and its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Room {
    /// What the room is for.
    pub role: RoomRole,
    /// The room's bounding rectangle: its cell on room grids (1×1, or 1×2,
    /// 2×1, 2×2 for a large room), the room's rectangle on tile maps.
    pub rect: Rect,
    /// Which cells of `rect` the room covers: [`RoomShape::Single`] or a
    /// large shape on room grids, [`RoomShape::Rect`] on tile maps.
    pub shape: RoomShape,
}

impl Room {
    /// Every floor cell, row by row (an L leaves out its missing corner).
    pub fn cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let gap = self
            .shape
            .missing()
            .map(|(x, y)| (self.rect.x + x, self.rect.y + y));
        self.rect.cells().filter(move |&p| Some(p) != gap)
    }

    /// Whether `p` is one of the room's floor cells.
    #[must_use]
    pub fn contains(&self, p: Pos) -> bool {
        self.rect.contains(p)
            && self
                .shape
                .missing()
                .is_none_or(|(x, y)| p != (self.rect.x + x, self.rect.y + y))
    }
}

/// Two neighbouring rooms: a walker can go between them without crossing a
/// third room. On tile maps, two rooms are neighbours when their corridor
/// territories touch (each corridor tile belongs to the room whose doorway
/// is nearest through corridor; `grid::connections` has the definition),
/// so the graph grows linearly with the rooms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Connection {
    /// The two room numbers, smaller first.
    pub rooms: (usize, usize),
    /// A run of corridor and door tiles from the first room to the second,
    /// in walking order (the shortest through the boundary of their
    /// territories); empty when a door opens straight from one room into
    /// the other.
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
    /// a room grid, one per rectangle on a tile map. The room holding the
    /// start cell has the role [`RoomRole::Start`]; the rooms listed in
    /// [`DungeonGrid::special_rooms`] have theirs (the end room is
    /// [`RoomRole::Boss`] on floors with special rooms); the room holding
    /// the end cell is otherwise [`RoomRole::End`], every other room
    /// [`RoomRole::Normal`].
    #[must_use]
    pub fn room_records(&self) -> &[Room] {
        self.derived.records.get_or_init(|| {
            let role = |id: usize, r: &Room| {
                if r.contains(self.start) {
                    RoomRole::Start
                } else if let Ok(k) = self.specials.binary_search_by_key(&id, |s| s.0) {
                    self.specials[k].1
                } else if r.contains(self.end) {
                    RoomRole::End
                } else {
                    RoomRole::Normal
                }
            };
            let mut rooms: Vec<Room> = match self.kind {
                GridKind::RoomGrid => self.room_grid_rooms(),
                GridKind::TileMap => self
                    .room_rects
                    .iter()
                    .map(|&rect| Room {
                        role: RoomRole::Normal,
                        rect,
                        shape: RoomShape::Rect,
                    })
                    .collect(),
            };
            for (id, r) in rooms.iter_mut().enumerate() {
                r.role = role(id, r);
            }
            rooms
        })
    }

    /// A room grid's rooms (roles not yet set): one per cell of `rooms`,
    /// but a large room takes its shape's cells, consecutive in `rooms`.
    /// Cells that form no shape (a broken grid, refused by `check()`) give
    /// the rectangle of the first cell.
    fn room_grid_rooms(&self) -> Vec<Room> {
        let mut out = Vec::with_capacity(self.rooms.len());
        let mut large = self.large_rooms.iter().peekable();
        let mut k = 0;
        while k < self.rooms.len() {
            let id = out.len();
            let shape = match large.peek() {
                Some(&&(r, shape)) if r == id => {
                    large.next();
                    shape
                }
                _ => RoomShape::Single,
            };
            let n = shape.cell_count().max(1);
            let cells = &self.rooms[k..(k + n).min(self.rooms.len())];
            let (x, y) = match RoomShape::of_cells(cells) {
                Some((s, corner)) if s == shape => corner,
                _ => self.rooms[k],
            };
            let (w, h) = shape.size();
            out.push(Room {
                role: RoomRole::Normal,
                rect: Rect::new(x, y, w, h),
                shape,
            });
            k += n;
        }
        out
    }

    /// The large rooms of a room grid, `(room, shape)` in room order; empty
    /// when every room is one cell.
    #[must_use]
    pub fn large_rooms(&self) -> &[(usize, RoomShape)] {
        &self.large_rooms
    }

    /// The shape of room `room`; `None` for a number that is not a room.
    #[must_use]
    pub fn room_shape(&self, room: usize) -> Option<RoomShape> {
        self.room_records().get(room).map(|r| r.shape)
    }

    /// The number of rooms (a large room counts once).
    #[must_use]
    pub fn room_count(&self) -> usize {
        self.room_records().len()
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
    pub(crate) fn room_index(&self) -> &[u32] {
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

    /// The rooms with a special role, as `(room, role)` in room order (see
    /// [`RoomRole::is_special`]); empty on grids without special rooms.
    #[must_use]
    pub fn special_rooms(&self) -> &[(usize, RoomRole)] {
        &self.specials
    }

    /// The role of room `room`; `None` for a number that is not a room.
    #[must_use]
    pub fn room_role(&self, room: usize) -> Option<RoomRole> {
        self.room_records().get(room).map(|r| r.role)
    }

    /// The boss room, if this floor has special rooms (it holds the end).
    #[must_use]
    pub fn boss_room(&self) -> Option<usize> {
        self.specials
            .iter()
            .find(|s| s.1 == RoomRole::Boss)
            .map(|s| s.0)
    }

    /// The sides of cell `p` that are secret doors (`DOOR_N | …`): open
    /// sides between two rooms one of which is a secret or super secret
    /// room. A secret door is an ordinary open door in the door masks (so
    /// paths, connectivity and the room graph see it); it is secret by the
    /// role of a room it joins, so a painter can hide it until it is found.
    #[must_use]
    pub fn secret_door_mask(&self, p: Pos) -> u8 {
        let mask = self.door_mask(p);
        if mask == 0 || self.specials.is_empty() {
            return 0;
        }
        let secret = |q: Pos| {
            self.room_at(q)
                .and_then(|r| self.room_role(r))
                .is_some_and(RoomRole::is_secret)
        };
        let here = secret(p);
        let mut out = 0;
        for (dx, dy, bit, _) in DIRS {
            let q = (p.0 + dx, p.1 + dy);
            if mask & bit != 0
                && self.room_at(q).is_some()
                && self.room_at(q) != self.room_at(p)
                && (here || secret(q))
            {
                out |= bit;
            }
        }
        out
    }

    /// The door masks with every secret door closed: the floor as the
    /// player sees it before finding a secret, on which the end rules were
    /// applied (a copy; the grid's own masks keep the secret doors open).
    #[must_use]
    pub fn masks_without_secret_doors(&self) -> Vec<u8> {
        let mut masks = self.doors.clone();
        if !self.specials.is_empty() {
            for (i, m) in masks.iter_mut().enumerate() {
                *m &= !self.secret_door_mask(self.pos(i));
            }
        }
        masks
    }

    /// The room graph's edges, sorted by room pair, one per pair: rooms
    /// that open into each other, and on tile maps rooms whose corridor
    /// territories touch (see [`Connection`]). Connected exactly when every
    /// room can walk to every other.
    #[must_use]
    pub fn connections(&self) -> &[Connection] {
        self.derived
            .connections
            .get_or_init(|| super::connections::derive(self, self.room_index()))
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
    /// Neighbours are searched in room order, so ties between equally short
    /// ways go the same way on every run.
    #[must_use]
    pub fn room_path(&self, from: usize, to: usize) -> Option<Vec<usize>> {
        let adjacent = self.room_adjacency(|_| true);
        if from >= adjacent.len() {
            return None;
        }
        let (dist, parent) = crate::adjacency::bfs_tree(&adjacent, &[from]);
        crate::adjacency::tree_path(&dist, &parent, to)
    }

    /// The room graph as adjacency lists, one per room, each in room
    /// order, over the connections `keep` accepts.
    pub(crate) fn room_adjacency(&self, keep: impl Fn(&Connection) -> bool) -> Vec<Vec<usize>> {
        let mut adjacent = vec![Vec::new(); self.room_records().len()];
        for c in self.connections().iter().filter(|c| keep(c)) {
            let (a, b) = c.rooms;
            if a != b && a < adjacent.len() && b < adjacent.len() {
                adjacent[a].push(b);
                adjacent[b].push(a);
            }
        }
        for list in &mut adjacent {
            list.sort_unstable();
        }
        adjacent
    }

    /// The open sides of `p` that lead out of its room: its doors (N=1,
    /// E=2, S=4, W=8). The sides between two cells of one large room are
    /// open in [`DungeonGrid::door_mask`] (the room is one floor) but are
    /// no doors. Off room floor it equals the door mask; 0 outside the grid.
    #[must_use]
    pub fn room_door_mask(&self, p: Pos) -> u8 {
        let here = self.room_at(p);
        let open = self.door_mask(p);
        DIRS.iter()
            .filter(|&&(dx, dy, bit, _)| {
                open & bit != 0 && (here.is_none() || self.room_at((p.0 + dx, p.1 + dy)) != here)
            })
            .fold(0, |mask, d| mask | d.2)
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
                if mask & bit != 0 && !r.contains(q) {
                    out.push((p, q));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(s: &str) -> DungeonGrid {
        DungeonGrid::from_ascii(s).unwrap()
    }

    #[test]
    fn room_grid_records_and_graph() {
        // The classic plus: five rooms, the centre joined to the other four.
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
        // The junction at (3, 0) is nearer to room 0's door than to room
        // 2's, so rooms 1 and 2 are not neighbours: their corridor
        // territories do not touch (see `grid::connections`).
        let c = d.connections();
        assert_eq!(c.len(), 2, "{c:?}");
        assert_eq!(c[0].rooms, (0, 1));
        assert_eq!(c[0].tiles, vec![(2, 0), (3, 0), (4, 0), (5, 0)]);
        assert_eq!(c[1].rooms, (0, 2));
        assert_eq!(c[1].tiles, vec![(2, 0), (3, 0), (3, 1), (3, 2), (3, 3)]);
        assert_eq!(d.room_path(1, 2), Some(vec![1, 0, 2]));
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

    #[test]
    fn room_door_mask_names_exactly_the_room_doors() {
        let mut config = crate::isaac::IsaacConfig::large_rooms();
        config.room_rules = Some(crate::room_grid::RoomRules::isaac());
        for seed in 0..40 {
            let grid = crate::isaac::generate(&config, seed, 4).unwrap();
            for room in 0..grid.room_records().len() {
                let mut from_masks = Vec::new();
                for p in grid.room_records()[room].cells() {
                    let m = grid.room_door_mask(p);
                    for (dx, dy, bit, _) in DIRS {
                        if m & bit != 0 {
                            from_masks.push((p, (p.0 + dx, p.1 + dy)));
                        }
                    }
                }
                from_masks.sort_unstable();
                let mut doors = grid.room_doors(room);
                doors.sort_unstable();
                assert_eq!(from_masks, doors, "seed {seed}, room {room}");
            }
        }
    }
}
