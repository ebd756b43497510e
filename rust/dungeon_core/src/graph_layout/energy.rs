//! The layout state (flat arrays, room `i` = graph room `i`) and its
//! energy, in integers only: overlapping area of room footprints, the
//! distance of each connection from its configuration space, and door
//! conflicts (two joins of one room on one slot, or on slots that touch).
//! A layout realises the graph exactly when its energy is 0 (every placed
//! connection's rooms also have the door pair recorded).

use super::foot::Foot;
use super::graph::LevelGraph;
use super::space::{Offset, Space, slots_touch};
use crate::grid::Pos;

/// Weight of one cell of distance between a connection and its
/// configuration space.
pub(crate) const W_DIST: i64 = 4;
/// Weight of one door conflict.
pub(crate) const W_DOOR: i64 = 16;

/// Where every room is, which variant it uses and which of its doors are
/// joined (for which connection).
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    pub(crate) var: Vec<usize>,
    pub(crate) pos: Vec<Pos>,
    pub(crate) placed: Vec<bool>,
    pub(crate) foot: Vec<Foot>,
    /// Rooms in the order they were placed.
    pub(crate) order: Vec<usize>,
    /// Per room: `(door, connection)` of its joined doors.
    pub(crate) used: Vec<Vec<(usize, usize)>>,
    /// The joins `(room, room, connection)`, in the order they were made.
    joins: Vec<(usize, usize, usize)>,
}

impl State {
    /// Nothing placed, `n` rooms.
    pub(crate) fn new(n: usize) -> Self {
        Self {
            var: vec![0; n],
            pos: vec![(0, 0); n],
            placed: vec![false; n],
            foot: vec![Foot::default(); n],
            order: Vec::with_capacity(n),
            used: vec![Vec::new(); n],
            joins: Vec::new(),
        }
    }

    /// Removes every room.
    pub(crate) fn clear(&mut self) {
        for &i in &self.order {
            self.placed[i] = false;
            self.used[i].clear();
        }
        self.order.clear();
        self.joins.clear();
    }

    /// Removes the room placed last.
    pub(crate) fn unplace_last(&mut self) {
        if let Some(i) = self.order.pop() {
            self.placed[i] = false;
        }
    }

    /// Forgets the last join; returns its connection.
    pub(crate) fn unjoin_last(&mut self) -> Option<usize> {
        let (a, b, e) = self.joins.pop()?;
        self.used[a].pop();
        self.used[b].pop();
        Some(e)
    }

    /// How many joins are recorded.
    pub(crate) fn join_count(&self) -> usize {
        self.joins.len()
    }

    /// Places room `i` as variant `var` at `p`.
    pub(crate) fn place(&mut self, space: &Space, i: usize, var: usize, p: Pos) {
        let v = &space.vars[var].v;
        self.var[i] = var;
        self.pos[i] = p;
        self.foot[i] = Foot::of(p, v);
        if !self.placed[i] {
            self.placed[i] = true;
            self.order.push(i);
        }
    }

    /// Records that connection `edge` joins door `da` of room `a` and door
    /// `db` of room `b`.
    pub(crate) fn join(&mut self, a: usize, da: usize, b: usize, db: usize, edge: usize) {
        self.used[a].push((da, edge));
        self.used[b].push((db, edge));
        self.joins.push((a, b, edge));
    }

    /// The area footprint `f` shares with the placed rooms (the plain
    /// form of [`State::overlaps`], for tests).
    #[cfg(test)]
    pub(crate) fn overlap_with(&self, f: &Foot) -> i64 {
        self.order.iter().map(|&j| self.foot[j].overlap(f)).sum()
    }

    /// Whether footprint `f` shares some area with a placed room (stops at
    /// the first).
    pub(crate) fn overlaps(&self, f: &Foot) -> bool {
        self.order.iter().any(|&j| self.foot[j].overlap(f) != 0)
    }

    /// Whether door `d` of placed room `i` may still be joined: not
    /// joined, and touching no joined door on its side.
    pub(crate) fn door_free(&self, space: &Space, i: usize, d: usize) -> bool {
        let doors = &space.vars[self.var[i]].v.doors;
        let Some(slot) = doors.get(d) else {
            return false;
        };
        self.used[i]
            .iter()
            .all(|&(u, _)| u != d && !doors.get(u).is_some_and(|o| slots_touch(slot, o)))
    }

    /// Cells between `b`'s position relative to `a` and the nearest point
    /// of their configuration space (0 when the layout can join them).
    fn dist(&self, space: &Space, a: usize, b: usize, buf: &mut Vec<Offset>) -> i64 {
        let offs = space.pair(self.var[a], self.var[b], buf);
        let (dx, dy) = (self.pos[b].0 - self.pos[a].0, self.pos[b].1 - self.pos[a].1);
        offs.iter()
            .map(|o| i64::from((o.dx - dx).abs()) + i64::from((o.dy - dy).abs()))
            .min()
            .unwrap_or(i64::from(i32::MAX))
    }

    /// The energy of the placed rooms: overlap area, plus [`W_DIST`] per
    /// cell between each connection with both rooms placed and its
    /// configuration space (or its recorded door pair), plus [`W_DOOR`] per
    /// door conflict.
    pub(crate) fn energy(&self, space: &Space, g: &LevelGraph) -> i64 {
        let mut e = 0;
        for (k, &i) in self.order.iter().enumerate() {
            for &j in &self.order[..k] {
                e += self.foot[i].overlap(&self.foot[j]);
            }
        }
        let mut buf = Vec::new();
        for (k, edge) in g.edges.iter().enumerate() {
            let (a, b) = (edge.a, edge.b);
            if !(self.placed.get(a) == Some(&true) && self.placed.get(b) == Some(&true)) {
                continue;
            }
            let door = |r: usize| self.used[r].iter().find(|u| u.1 == k).map(|u| u.0);
            e += W_DIST
                * match (door(a), door(b)) {
                    (Some(da), Some(db)) => {
                        let o = space.offset(self.var[a], da, self.var[b], db);
                        let (dx, dy) =
                            (self.pos[b].0 - self.pos[a].0, self.pos[b].1 - self.pos[a].1);
                        let faces = space.vars[self.var[a]].v.doors[da].side.opposite()
                            == space.vars[self.var[b]].v.doors[db].side;
                        i64::from((o.dx - dx).abs() + (o.dy - dy).abs()) + i64::from(!faces)
                    }
                    _ => self.dist(space, a, b, &mut buf).max(1),
                };
        }
        for &i in &self.order {
            let doors = &space.vars[self.var[i]].v.doors;
            for (k, &(d, _)) in self.used[i].iter().enumerate() {
                for &(u, _) in &self.used[i][..k] {
                    let clash = u == d
                        || doors
                            .get(u)
                            .zip(doors.get(d))
                            .is_some_and(|(x, y)| slots_touch(x, y));
                    e += W_DOOR * i64::from(clash);
                }
            }
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph_layout::graph::EdgeMode;
    use crate::template::{DoorSlot, RoomTemplate, Side};

    #[test]
    fn joined_rooms_have_zero_energy_and_faults_cost() {
        let t = RoomTemplate::new(
            "t",
            5,
            5,
            vec![
                DoorSlot::new(Side::East, 2, 1),
                DoorSlot::new(Side::West, 2, 1),
                DoorSlot::new(Side::West, 3, 1),
            ],
        );
        let space = Space::new(&[t]);
        let mut g = LevelGraph::path(2);
        g.edges[0].mode = EdgeMode::Direct;
        let mut s = State::new(2);
        s.place(&space, 0, 0, (0, 0));
        let o = space.offset(0, 0, 0, 1);
        s.place(&space, 1, 0, (o.dx, o.dy));
        assert_eq!(s.energy(&space, &g), W_DIST, "placed but not joined yet");
        s.join(0, 0, 1, 1, 0);
        assert_eq!(s.energy(&space, &g), 0);
        assert!(!s.door_free(&space, 1, 1) && !s.door_free(&space, 1, 2));
        assert!(s.door_free(&space, 1, 0));
        // Moved one cell west: one cell off, and a column of 5 cells shared.
        s.place(&space, 1, 0, (o.dx - 1, o.dy));
        assert_eq!(s.energy(&space, &g), W_DIST + 5);
    }

    /// The early-exit overlap test answers as the summed overlap does.
    #[test]
    fn overlaps_is_a_nonzero_overlap_sum() {
        let t = RoomTemplate::new("t", 4, 3, vec![DoorSlot::new(Side::East, 1, 1)]);
        let space = Space::new(&[t]);
        let mut s = State::new(3);
        s.place(&space, 0, 0, (0, 0));
        s.place(&space, 1, 0, (4, 0));
        s.place(&space, 2, 0, (0, 3));
        let mut overlapping = 0;
        for x in -6..10 {
            for y in -5..8 {
                for (w, h) in [(1, 1), (3, 2), (9, 7)] {
                    let f = Foot::at((x, y), w, h);
                    assert_eq!(s.overlaps(&f), s.overlap_with(&f) != 0, "{f:?}");
                    overlapping += usize::from(s.overlaps(&f));
                }
            }
        }
        assert!(
            overlapping > 100 && overlapping < 16 * 13 * 3,
            "{overlapping}"
        );
    }
}
