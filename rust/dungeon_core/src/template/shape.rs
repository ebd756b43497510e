//! [`RoomTemplate`]: a hand-made room (size, door slots, floor, tags) and
//! its turned and mirrored variants.

use crate::grid::{Pos, Rect};

/// A side of a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The top side (y = 0).
    North,
    /// The right side (x = width − 1).
    East,
    /// The bottom side (y = height − 1).
    South,
    /// The left side (x = 0).
    West,
}

impl Side {
    /// Every side, in N E S W order.
    pub const ALL: [Side; 4] = [Side::North, Side::East, Side::South, Side::West];

    /// The side facing this one.
    #[must_use]
    pub const fn opposite(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::East => Side::West,
            Side::South => Side::North,
            Side::West => Side::East,
        }
    }

    /// The step out of a room through this side.
    #[must_use]
    pub const fn step(self) -> Pos {
        match self {
            Side::North => (0, -1),
            Side::East => (1, 0),
            Side::South => (0, 1),
            Side::West => (-1, 0),
        }
    }

    /// The step along this side, left to right or top to bottom.
    #[must_use]
    pub const fn along(self) -> Pos {
        match self {
            Side::North | Side::South => (1, 0),
            Side::East | Side::West => (0, 1),
        }
    }

    /// The lower-case name (`"north"`...).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::North => "north",
            Side::East => "east",
            Side::South => "south",
            Side::West => "west",
        }
    }

    /// `0..4` in N E S W order.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::North => 0,
            Side::East => 1,
            Side::South => 2,
            Side::West => 3,
        }
    }
}

/// A door on a template's edge: a fixed slot, `width` cells of the wall on
/// `side` starting `offset` cells from the side's top or left end; or a
/// door line, where a door `width` cells wide may sit anywhere within
/// `length` cells of the wall from `offset` (a fixed slot is a line as long
/// as its door is wide). The level-graph layout picks where along a line
/// each door goes; a line may hold several doors, apart from each other.
///
/// On a room trimmed to its floors ([`RoomTemplate::trim_to_floors`]) a
/// door may sit on a wall inside the bounding box, `inset` cells in from
/// the side (the inner walls of an L, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DoorSlot {
    /// The side the door is on.
    pub side: Side,
    /// Cells from the side's left end (north and south sides) or top end
    /// (east and west sides) to the slot's (or the line's) first cell; at
    /// least 1, because the corners are wall.
    pub offset: i32,
    /// How many cells wide the door is; doors join only doors as wide.
    pub width: i32,
    /// How many cells of wall the door may sit in: `width` for a fixed
    /// slot, more for a door line.
    pub length: i32,
    /// Cells between the side of the bounding box and the door's wall: 0
    /// for a door on the box's edge, more for an inner wall of a room
    /// trimmed to its floors.
    pub inset: i32,
}

impl DoorSlot {
    /// A fixed door on `side`, `offset` cells along it, `width` cells wide.
    #[must_use]
    pub const fn new(side: Side, offset: i32, width: i32) -> Self {
        Self {
            side,
            offset,
            width,
            length: width,
            inset: 0,
        }
    }

    /// A door line on `side`: a door `width` cells wide anywhere within the
    /// `length` cells from `offset`.
    #[must_use]
    pub const fn line(side: Side, offset: i32, width: i32, length: i32) -> Self {
        Self {
            side,
            offset,
            width,
            length,
            inset: 0,
        }
    }

    /// This door moved `inset` cells in from its side of the bounding box,
    /// onto an inner wall of a room trimmed to its floors.
    #[must_use]
    pub const fn with_inset(mut self, inset: i32) -> Self {
        self.inset = inset;
        self
    }

    /// Whether the door may sit in more than one place.
    #[must_use]
    pub const fn is_line(&self) -> bool {
        self.length > self.width
    }

    /// How many places along the line the door may sit in (1 for a fixed
    /// slot).
    #[must_use]
    pub const fn positions(&self) -> i32 {
        if self.length >= self.width {
            self.length - self.width + 1
        } else {
            0
        }
    }

    /// The fixed slot at place `k` (`0..positions()`) of the line.
    #[must_use]
    pub const fn at(&self, k: i32) -> Self {
        Self::new(self.side, self.offset + k, self.width).with_inset(self.inset)
    }

    /// The most doors the line holds at once: doors on one side must not
    /// touch, so `length + 1` cells over `width + 1` each (1 for a fixed
    /// slot).
    #[must_use]
    pub const fn capacity(&self) -> usize {
        if self.width < 1 || self.length < self.width {
            return 0;
        }
        ((self.length + 1) / (self.width + 1)) as usize
    }

    /// The first cell of the slot (or the line) in a `w × h` room (the
    /// cell on the wall).
    #[must_use]
    pub const fn first_cell(&self, w: i32, h: i32) -> Pos {
        let i = self.inset;
        match self.side {
            Side::North => (self.offset, i),
            Side::South => (self.offset, h - 1 - i),
            Side::West => (i, self.offset),
            Side::East => (w - 1 - i, self.offset),
        }
    }

    /// The step from one door cell to the next.
    #[must_use]
    pub const fn along(&self) -> Pos {
        self.side.along()
    }

    /// The cells of the slot (every cell of a line) in a `w × h` room.
    pub fn cells(&self, w: i32, h: i32) -> impl Iterator<Item = Pos> + use<> {
        let (x, y) = self.first_cell(w, h);
        let (dx, dy) = self.along();
        (0..self.length).map(move |i| (x + dx * i, y + dy * i))
    }
}

/// A hand-made room: its size in cells (walls included), its door slots,
/// its floor, tags and how often and how it may be used.
///
/// The outer ring of cells is wall, except where a door slot is; the floor
/// is the inside (or the [`RoomTemplate::floors`] rectangles, for rooms
/// that are not one rectangle, such as an L). Two rooms join when a door of
/// one touches a door of the other as wide on the facing side, so a
/// passage between two rooms is two door cells long.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomTemplate {
    /// A name for messages (the scene's file name, say).
    pub name: String,
    /// Width in cells, walls included, `3..=64`.
    pub width: i32,
    /// Height in cells, walls included, `3..=64`.
    pub height: i32,
    /// Door slots and door lines, at least one.
    pub doors: Vec<DoorSlot>,
    /// Floor rectangles inside the walls; empty means the whole inside
    /// (`1, 1, width − 2, height − 2`). Each becomes one room record; they
    /// must not overlap and must touch each other into one piece.
    pub floors: Vec<Rect>,
    /// Tags the rules refer to (`"start"`, `"boss"`, `"corridor"`...).
    pub tags: Vec<String>,
    /// How often the template is picked relative to the others, `0..=1000`
    /// (0: never used).
    pub weight: f64,
    /// Whether it may be turned by quarter turns.
    pub rotations: bool,
    /// Whether it may be mirrored left to right.
    pub mirroring: bool,
    /// Whether the room is only its floors and the wall round them rather
    /// than its whole bounding box: other rooms may then sit in the parts
    /// of the box it leaves (the notch of an L), and its doors may sit on
    /// those inner walls ([`DoorSlot::inset`]). Level-graph layouts only.
    pub trim_to_floors: bool,
}

impl RoomTemplate {
    /// A `width × height` template with `doors`, weight 1, no tags, no
    /// turning or mirroring.
    #[must_use]
    pub fn new(name: &str, width: i32, height: i32, doors: Vec<DoorSlot>) -> Self {
        Self {
            name: name.to_string(),
            width,
            height,
            doors,
            floors: Vec::new(),
            tags: Vec::new(),
            weight: 1.0,
            rotations: false,
            mirroring: false,
            trim_to_floors: false,
        }
    }

    /// This template with `tags`.
    #[must_use]
    pub fn tagged(mut self, tags: &[&str]) -> Self {
        self.tags = tags.iter().map(|t| (*t).to_string()).collect();
        self
    }

    /// The most connections its doors can take at once: one per fixed slot,
    /// [`DoorSlot::capacity`] per door line.
    #[must_use]
    pub fn door_capacity(&self) -> usize {
        self.doors.iter().map(DoorSlot::capacity).sum()
    }

    /// Whether any of its doors is a door line.
    #[must_use]
    pub fn has_door_lines(&self) -> bool {
        self.doors.iter().any(DoorSlot::is_line)
    }

    /// Whether it carries `tag`.
    #[must_use]
    pub fn has_tag(&self, tag: &str) -> bool {
        !tag.is_empty() && self.tags.iter().any(|t| t == tag)
    }

    /// The floor rectangles: [`RoomTemplate::floors`], or the inside.
    #[must_use]
    pub fn floor_rects(&self) -> Vec<Rect> {
        if self.floors.is_empty() {
            vec![Rect::new(1, 1, self.width - 2, self.height - 2)]
        } else {
            self.floors.clone()
        }
    }

    /// The cells the room takes, walls included, as rectangles that do
    /// not overlap (row runs, merged downwards): its floors and every cell
    /// next to one (diagonals too) when [`RoomTemplate::trim_to_floors`]
    /// is set; `None` for the whole bounding box.
    #[must_use]
    pub fn outline(&self) -> Option<Vec<Rect>> {
        self.trim_to_floors
            .then(|| outline_of(&self.floor_rects(), self.width, self.height))
    }

    /// Its variants, as `(quarter turns clockwise, mirrored)`: only the
    /// ones it allows, the plain one first.
    #[must_use]
    pub fn orientations(&self) -> Vec<(u8, bool)> {
        let turns: &[u8] = if self.rotations { &[0, 1, 2, 3] } else { &[0] };
        let mirrors: &[bool] = if self.mirroring {
            &[false, true]
        } else {
            &[false]
        };
        mirrors
            .iter()
            .flat_map(|&m| turns.iter().map(move |&t| (t, m)))
            .collect()
    }
}

/// The cells of a `w × h` box within one step (diagonals too) of a floor
/// cell, as rectangles that do not overlap: each row's runs, a run merged
/// into the one above it when the two span the same columns.
#[must_use]
pub fn outline_of(floors: &[Rect], w: i32, h: i32) -> Vec<Rect> {
    let (w, h) = (w.clamp(0, 64), h.clamp(0, 64));
    let near = |x: i32, y: i32| {
        floors
            .iter()
            .any(|f| x >= f.x - 1 && x <= f.x + f.w && y >= f.y - 1 && y <= f.y + f.h)
    };
    let mut out: Vec<Rect> = Vec::new();
    // Rectangles still growing downwards: indices into `out`.
    let mut open: Vec<usize> = Vec::new();
    for y in 0..h {
        let mut runs = Vec::new();
        let mut x = 0;
        while x < w {
            if near(x, y) {
                let x0 = x;
                while x < w && near(x, y) {
                    x += 1;
                }
                runs.push((x0, x - x0));
            } else {
                x += 1;
            }
        }
        let mut next = Vec::with_capacity(runs.len());
        for (x0, rw) in runs {
            match open
                .iter()
                .find(|&&i| out[i].x == x0 && out[i].w == rw && out[i].y + out[i].h == y)
            {
                Some(&i) => {
                    out[i].h += 1;
                    next.push(i);
                }
                None => {
                    next.push(out.len());
                    out.push(Rect::new(x0, y, rw, 1));
                }
            }
        }
        open = next;
    }
    out
}

/// The walls of a room trimmed to its floors ([`RoomTemplate::outline`]):
/// which cells a door may sit on. The one rule the template check and the
/// scene readers share.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrimmedWalls {
    /// The cells the room takes.
    pub outline: Vec<Rect>,
    /// Its floor rectangles.
    pub floors: Vec<Rect>,
}

impl TrimmedWalls {
    /// The walls of `t` as if trimmed to its floors (whether or not it is).
    #[must_use]
    pub fn of(t: &RoomTemplate) -> Self {
        let floors = t.floor_rects();
        Self {
            outline: outline_of(&floors, t.width, t.height),
            floors,
        }
    }

    /// Whether cell `p` is wall facing `side`: in the outline, not floor,
    /// and the next cell towards `side` outside the room.
    #[must_use]
    pub fn faces(&self, p: Pos, side: Side) -> bool {
        let inside = |q: Pos| self.outline.iter().any(|r| r.contains(q));
        let (sx, sy) = side.step();
        inside(p) && !self.floors.iter().any(|f| f.contains(p)) && !inside((p.0 + sx, p.1 + sy))
    }

    /// Whether every cell of `slot` in a `w × h` box is wall facing its
    /// side ([`TrimmedWalls::faces`]).
    #[must_use]
    pub fn holds(&self, slot: &DoorSlot, w: i32, h: i32) -> bool {
        slot.cells(w, h).all(|p| self.faces(p, slot.side))
    }
}

/// One orientation of a template, with everything in the turned frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Quarter turns clockwise (after mirroring).
    pub rotation: u8,
    /// Mirrored left to right (before turning).
    pub mirrored: bool,
    /// Width after turning.
    pub width: i32,
    /// Height after turning.
    pub height: i32,
    /// The template's doors, in the template's order, turned.
    pub doors: Vec<DoorSlot>,
    /// The floor rectangles, turned.
    pub floors: Vec<Rect>,
    /// The cells it takes ([`RoomTemplate::outline`]), turned; `None` for
    /// the whole box.
    pub outline: Option<std::sync::Arc<[Rect]>>,
}

/// Where the cell `p` of a `w × h` room lands after mirroring (x flipped)
/// and then `turns` quarter turns clockwise (y points down, as in Godot 2D).
#[must_use]
pub const fn orient_cell(p: Pos, w: i32, h: i32, turns: u8, mirrored: bool) -> Pos {
    let (mut x, mut y) = p;
    if mirrored {
        x = w - 1 - x;
    }
    let (mut cw, mut ch) = (w, h);
    let mut t = 0;
    while t < turns % 4 {
        // One clockwise quarter turn of a cw × ch room: (x, y) → (ch−1−y, x).
        let nx = ch - 1 - y;
        y = x;
        x = nx;
        let tmp = cw;
        cw = ch;
        ch = tmp;
        t += 1;
    }
    (x, y)
}

/// Where `side` ends up after mirroring and `turns` quarter turns clockwise.
#[must_use]
pub const fn orient_side(side: Side, turns: u8, mirrored: bool) -> Side {
    let mut s = match (side, mirrored) {
        (Side::East, true) => Side::West,
        (Side::West, true) => Side::East,
        (s, _) => s,
    };
    let mut t = 0;
    while t < turns % 4 {
        s = match s {
            Side::North => Side::East,
            Side::East => Side::South,
            Side::South => Side::West,
            Side::West => Side::North,
        };
        t += 1;
    }
    s
}

impl Variant {
    /// `template` mirrored (if `mirrored`) and turned `rotation` quarter
    /// turns clockwise.
    #[must_use]
    pub fn of(template: &RoomTemplate, rotation: u8, mirrored: bool) -> Self {
        let (w, h) = (template.width, template.height);
        let (vw, vh) = if rotation % 2 == 1 { (h, w) } else { (w, h) };
        let doors = template
            .doors
            .iter()
            .map(|d| {
                let side = orient_side(d.side, rotation, mirrored);
                let along = |p: Pos| match side {
                    Side::North | Side::South => p.0,
                    Side::East | Side::West => p.1,
                };
                let offset = d
                    .cells(w, h)
                    .map(|p| along(orient_cell(p, w, h, rotation, mirrored)))
                    .min()
                    .unwrap_or(d.offset);
                let (x, y) = orient_cell(d.first_cell(w, h), w, h, rotation, mirrored);
                let inset = match side {
                    Side::North => y,
                    Side::South => vh - 1 - y,
                    Side::West => x,
                    Side::East => vw - 1 - x,
                };
                DoorSlot::line(side, offset, d.width, d.length).with_inset(inset)
            })
            .collect();
        let floors = template
            .floor_rects()
            .iter()
            .map(|r| {
                let a = orient_cell((r.x, r.y), w, h, rotation, mirrored);
                let b = orient_cell((r.x + r.w - 1, r.y + r.h - 1), w, h, rotation, mirrored);
                let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
                let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
                Rect::new(x0, y0, x1 - x0 + 1, y1 - y0 + 1)
            })
            .collect::<Vec<Rect>>();
        let outline = template
            .trim_to_floors
            .then(|| outline_of(&floors, vw, vh).into());
        Self {
            rotation,
            mirrored,
            width: vw,
            height: vh,
            doors,
            floors,
            outline,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l_room() -> RoomTemplate {
        // 7 × 5, an L of two floors, a door on the north and one on the east.
        let mut t = RoomTemplate::new(
            "l",
            7,
            5,
            vec![
                DoorSlot::new(Side::North, 1, 2),
                DoorSlot::new(Side::East, 1, 1),
            ],
        );
        t.floors = vec![Rect::new(1, 1, 5, 1), Rect::new(1, 2, 2, 2)];
        t
    }

    #[test]
    fn a_door_line_has_a_place_per_cell_it_can_start_on() {
        let line = DoorSlot::line(Side::North, 1, 2, 5);
        assert!(line.is_line() && !DoorSlot::new(Side::North, 1, 2).is_line());
        assert_eq!(line.positions(), 4);
        assert_eq!(line.at(3), DoorSlot::new(Side::North, 4, 2));
        assert_eq!(line.cells(9, 9).count(), 5);
        // Doors 2 wide that do not touch: cells 1–2 and 4–5 of 1..=5.
        assert_eq!(line.capacity(), 2);
        assert_eq!(DoorSlot::new(Side::West, 2, 3).capacity(), 1);
        assert_eq!(DoorSlot::line(Side::West, 2, 3, 2).positions(), 0);
        let mut t = l_room();
        t.doors.push(line);
        assert_eq!(t.door_capacity(), 4);
        assert!(t.has_door_lines() && !l_room().has_door_lines());
    }

    #[test]
    fn a_turned_door_line_covers_the_turned_cells() {
        let mut t = l_room();
        t.doors = vec![
            DoorSlot::line(Side::North, 1, 1, 4),
            DoorSlot::line(Side::East, 1, 2, 3),
        ];
        for (r, m) in [0, 1, 2, 3].iter().flat_map(|&r| [(r, false), (r, true)]) {
            let v = Variant::of(&t, r, m);
            for (d, turned) in t.doors.iter().zip(&v.doors) {
                assert_eq!((turned.width, turned.length), (d.width, d.length));
                let mut want: Vec<Pos> = d
                    .cells(t.width, t.height)
                    .map(|p| orient_cell(p, t.width, t.height, r, m))
                    .collect();
                let mut got: Vec<Pos> = turned.cells(v.width, v.height).collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "turns {r} mirrored {m}");
            }
        }
    }

    /// The cells of `rects`, sorted; panics if two rectangles share one.
    fn cells_of(rects: &[Rect]) -> Vec<Pos> {
        let mut out: Vec<Pos> = rects
            .iter()
            .flat_map(|r| r.cells().collect::<Vec<_>>())
            .collect();
        let n = out.len();
        out.sort_unstable();
        out.dedup();
        assert_eq!(out.len(), n, "rectangles overlap: {rects:?}");
        out
    }

    #[test]
    fn an_outline_is_the_floors_and_the_ring_round_them() {
        let mut t = l_room();
        assert_eq!(t.outline(), None);
        t.trim_to_floors = true;
        let got = cells_of(&t.outline().unwrap());
        // The plain form: every cell of the box within one step of a floor.
        let floors = t.floor_rects();
        let mut want: Vec<Pos> = Rect::new(0, 0, t.width, t.height)
            .cells()
            .filter(|&(x, y)| {
                (-1..=1).any(|dx| {
                    (-1..=1).any(|dy| floors.iter().any(|f| f.contains((x + dx, y + dy))))
                })
            })
            .collect();
        want.sort_unstable();
        assert_eq!(got, want);
        // The L's floors (5 × 1 on top, 2 × 2 below its left end) leave the
        // bottom right of the 7 × 5 box.
        assert_eq!(got.len(), 7 * 3 + 4 * 2);
        assert!(!got.contains(&(4, 3)) && got.contains(&(3, 3)));
        for (r, m) in [0, 1, 2, 3].iter().flat_map(|&r| [(r, false), (r, true)]) {
            let v = Variant::of(&t, r, m);
            let mut turned: Vec<Pos> = got
                .iter()
                .map(|&p| orient_cell(p, t.width, t.height, r, m))
                .collect();
            turned.sort_unstable();
            assert_eq!(cells_of(v.outline.as_deref().unwrap()), turned, "{r} {m}");
        }
    }

    #[test]
    fn an_inset_door_turns_with_its_wall() {
        let mut t = l_room();
        t.trim_to_floors = true;
        // The L's inner wall facing east (x 3, y 3): 3 cells in from the
        // east side of the 7 × 5 box.
        t.doors = vec![DoorSlot::new(Side::East, 3, 1).with_inset(3)];
        assert_eq!(t.doors[0].first_cell(7, 5), (3, 3));
        for (r, m) in [0, 1, 2, 3].iter().flat_map(|&r| [(r, false), (r, true)]) {
            let v = Variant::of(&t, r, m);
            let d = v.doors[0];
            assert_eq!(d.side, orient_side(Side::East, r, m));
            assert_eq!(
                d.first_cell(v.width, v.height),
                orient_cell((3, 3), 7, 5, r, m),
                "{r} {m}"
            );
        }
    }

    #[test]
    fn turning_four_times_is_the_identity() {
        let t = l_room();
        for m in [false, true] {
            let (v, w) = (Variant::of(&t, 4, m), Variant::of(&t, 0, m));
            assert_eq!(
                (v.width, v.height, &v.doors, &v.floors),
                (w.width, w.height, &w.doors, &w.floors)
            );
        }
        let plain = Variant::of(&t, 0, false);
        assert_eq!(plain.doors, t.doors);
        assert_eq!(plain.floors, t.floors);
    }

    #[test]
    fn a_quarter_turn_moves_north_doors_east() {
        let t = l_room();
        let v = Variant::of(&t, 1, false);
        assert_eq!((v.width, v.height), (5, 7));
        // North door at x 1..3 of a 7-wide room: after a clockwise turn it is
        // on the east side at y 1..3.
        assert_eq!(v.doors[0], DoorSlot::new(Side::East, 1, 2));
        // East door at y 1: after the turn it is on the south side, at
        // x = 5 − 1 − 1 = 3.
        assert_eq!(v.doors[1], DoorSlot::new(Side::South, 3, 1));
        assert_eq!(v.floors[0], Rect::new(3, 1, 1, 5));
    }

    #[test]
    fn mirroring_swaps_east_and_west() {
        let t = l_room();
        let v = Variant::of(&t, 0, true);
        assert_eq!(v.doors[0], DoorSlot::new(Side::North, 4, 2));
        assert_eq!(v.doors[1], DoorSlot::new(Side::West, 1, 1));
        assert_eq!(v.floors[1], Rect::new(4, 2, 2, 2));
    }

    #[test]
    fn every_variant_keeps_doors_on_edges_and_floors_inside() {
        let t = l_room();
        for (r, m) in [0, 1, 2, 3].iter().flat_map(|&r| [(r, false), (r, true)]) {
            let v = Variant::of(&t, r, m);
            for d in &v.doors {
                for (x, y) in d.cells(v.width, v.height) {
                    let on_edge = x == 0 || y == 0 || x == v.width - 1 || y == v.height - 1;
                    assert!(on_edge, "{r} {m}: door cell {x},{y}");
                }
            }
            let area: i32 = v.floors.iter().map(|f| f.w * f.h).sum();
            assert_eq!(area, 9);
        }
        assert_eq!(t.orientations().len(), 1);
        let mut all = t.clone();
        all.rotations = true;
        all.mirroring = true;
        assert_eq!(all.orientations().len(), 8);
    }
}
