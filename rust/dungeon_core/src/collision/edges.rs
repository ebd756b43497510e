//! Shapes on cell sides: thin walls where door masks close a side between
//! two walkable cells (and the walls beside a room-grid doorway), and the
//! door shapes.
//!
//! Every side is a stretch of a *line*: horizontal line `y` holds the
//! sides between rows `y − 1` and `y`, vertical line `x` those between
//! columns `x − 1` and `x`. Pieces along one line are merged while they
//! touch and are of one kind; a horizontal shape spans its whole stretch,
//! a vertical one is cut at every lattice point a horizontal shape
//! touches and stops half a thickness short of it, so no two shapes
//! overlap and none leaves a gap a body fits through.

use std::collections::BTreeMap;

use super::{Box2, CollisionOptions, Door};
use crate::error::GenError;
use crate::grid::{DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, GridKind, LockKind, Pos};
use crate::nav::lattice::ROWS_PER_CHECK;
use crate::watch::Span;

/// A side: `(vertical, line, at)`. Horizontal sides (`false`) lie on line
/// `y` between cells `(at, y − 1)` and `(at, y)`; vertical ones (`true`) on
/// line `x` between `(x − 1, at)` and `(x, at)`.
pub(super) type Edge = (bool, i32, i32);

/// The side of cell `p` with door bit `bit`.
fn edge(p: Pos, bit: u8) -> Edge {
    match bit {
        DOOR_N => (false, p.1, p.0),
        DOOR_S => (false, p.1 + 1, p.0),
        DOOR_W => (true, p.0, p.1),
        _ => (true, p.0 + 1, p.1),
    }
}

/// A door's tags: the connection, the lock, whether it is secret.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Tag {
    connection: usize,
    lock: Option<usize>,
    secret: bool,
    closed: bool,
    /// A one-way door: the direction it may not be crossed in.
    one_way: Option<(i32, i32)>,
}

/// For the side of cell `p` with door bit `bit`: the direction `(dx, dy)`
/// a one-way door there may not be crossed in (from its `into` side back
/// to its `from` side), or `None` when the side is no one-way door.
fn one_way_block(grid: &DungeonGrid, p: Pos, bit: u8) -> Option<(i32, i32)> {
    let &(dx, dy, _, back) = DIRS.iter().find(|d| d.2 == bit)?;
    let q = (p.0 + dx, p.1 + dy);
    if grid.one_way_mask(p) & bit != 0 {
        // Passable out of `p`: blocked going from `q` into `p`.
        Some((-dx, -dy))
    } else if grid.one_way_mask(q) & back != 0 {
        Some((dx, dy))
    } else {
        None
    }
}

/// What a piece of a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Wall,
    /// A door with this tag (an index into the tag list); `whole` when it
    /// spans its side (only whole-side doors merge).
    Door {
        tag: usize,
        whole: bool,
    },
}

/// A stretch `[a, b]` of a line, with the integer positions of the sides
/// it stands on (doors only).
#[derive(Clone, Debug)]
struct Piece {
    a: f32,
    b: f32,
    kind: Kind,
    sides: Vec<i32>,
}

/// The door sides, each with its tag, in the order of the module docs.
pub(super) fn door_sides(grid: &DungeonGrid) -> (BTreeMap<Edge, usize>, Vec<Tag>) {
    let conns = grid.connections();
    let rooms = grid.room_records();
    let mut tags: Vec<Tag> = Vec::new();
    let mut sides: BTreeMap<Edge, usize> = BTreeMap::new();
    let mut ids: BTreeMap<Tag, usize> = BTreeMap::new();
    let mut add = |tags: &mut Vec<Tag>, tag: Tag, p: Pos, bit: u8| {
        let secret = grid.secret_door_mask(p) & bit != 0;
        let tag = Tag {
            secret,
            closed: tag.closed || secret,
            ..tag
        };
        let id = *ids.entry(tag).or_insert_with(|| {
            tags.push(tag);
            tags.len() - 1
        });
        sides.entry(edge(p, bit)).or_insert(id);
    };
    // The open sides of `p` into the floor of room `room`.
    let into = |p: Pos, room: usize| {
        let mask = grid.door_mask(p);
        DIRS.iter()
            .filter(move |&&(dx, dy, bit, _)| {
                mask & bit != 0
                    && rooms
                        .get(room)
                        .is_some_and(|r| r.contains((p.0 + dx, p.1 + dy)))
            })
            .map(move |d| (p, d.2))
            .collect::<Vec<_>>()
    };
    for (i, lock) in grid.locks().iter().enumerate() {
        let pair = (lock.from.min(lock.into), lock.from.max(lock.into));
        let Ok(connection) = conns.binary_search_by_key(&pair, |c| c.rooms) else {
            continue;
        };
        let tag = Tag {
            connection,
            lock: Some(i),
            secret: false,
            closed: matches!(lock.kind, LockKind::Key { .. }),
            one_way: None,
        };
        for (p, bit) in grid.lock_gate(i) {
            let one_way = match lock.kind {
                LockKind::OneWay => one_way_block(grid, p, bit),
                LockKind::Key { .. } => None,
            };
            add(&mut tags, Tag { one_way, ..tag }, p, bit);
        }
    }
    for (connection, c) in conns.iter().enumerate() {
        let tag = Tag {
            connection,
            lock: None,
            secret: false,
            closed: false,
            one_way: None,
        };
        let (a, b) = c.rooms;
        let found: Vec<(Pos, u8)> = match (c.tiles.first(), c.tiles.last()) {
            (Some(&first), Some(&last)) => {
                into(first, a).into_iter().chain(into(last, b)).collect()
            }
            _ => rooms
                .get(a)
                .map(|r| r.cells().flat_map(|p| into(p, b)).collect())
                .unwrap_or_default(),
        };
        for (p, bit) in found {
            add(&mut tags, tag, p, bit);
        }
    }
    (sides, tags)
}

/// Per cell, which of its east and south sides (`DOOR_E`, `DOOR_S`) are
/// door sides, so most sides skip the map lookup; empty when there are
/// no doors.
pub(super) fn door_bits(grid: &DungeonGrid, doors: &BTreeMap<Edge, usize>) -> Vec<u8> {
    let mut bits = vec![
        0u8;
        if doors.is_empty() {
            0
        } else {
            grid.cells().len()
        }
    ];
    for &(vertical, line, at) in doors.keys() {
        let (p, bit) = if vertical {
            ((line - 1, at), DOOR_E)
        } else {
            ((at, line - 1), DOOR_S)
        };
        if let Some(b) = grid.index(p).and_then(|i| bits.get_mut(i)) {
            *b |= bit;
        }
    }
    bits
}

/// Whether the side of `p` with bit `bit` (`DOOR_E` or `DOOR_S`) is a door
/// side.
pub(super) fn is_door(grid: &DungeonGrid, bits: &[u8], p: Pos, bit: u8) -> bool {
    grid.index(p)
        .and_then(|i| bits.get(i))
        .is_some_and(|b| b & bit != 0)
}

/// The thin walls and doors of `grid`.
pub(super) fn build(
    grid: &DungeonGrid,
    opts: &CollisionOptions,
    span: Span<'_>,
) -> Result<(Vec<Box2>, Vec<Door>), GenError> {
    let (w, h) = (grid.width().max(0), grid.height().max(0));
    let (doors, tags) = door_sides(grid);
    let door_bits = door_bits(grid, &doors);
    span.at(0.2)?;
    let cells = grid.cells();
    let masks = grid.door_masks();
    let walk = |x: i32, y: i32| grid.index((x, y)).is_some_and(|i| cells[i].is_walkable());
    let mask = |x: i32, y: i32| grid.index((x, y)).map_or(0, |i| masks[i]);
    let gap = (grid.kind() == GridKind::RoomGrid && opts.room_door_width > 0.0)
        .then_some(opts.room_door_width);
    // Pieces per line: horizontal lines 0..=h, vertical lines 0..=w.
    let mut lines_h: Vec<Vec<Piece>> = vec![Vec::new(); h as usize + 1];
    let mut lines_v: Vec<Vec<Piece>> = vec![Vec::new(); w as usize + 1];
    let wall = |a: f32, b: f32| Piece {
        a,
        b,
        kind: Kind::Wall,
        sides: Vec::new(),
    };
    for y in 0..h {
        if y % ROWS_PER_CHECK as i32 == 0 {
            span.span(0.2, 0.6).step(y as usize, h as usize)?;
        }
        for x in 0..w {
            if !walk(x, y) {
                continue;
            }
            // East side (vertical line x + 1, at y), then south side
            // (horizontal line y + 1, at x).
            for (dx, dy, bit, back) in [(1, 0, DOOR_E, DOOR_W), (0, 1, DOOR_S, DOOR_N)] {
                let (qx, qy) = (x + dx, y + dy);
                if !walk(qx, qy) {
                    continue;
                }
                let (vertical, line, at) = edge((x, y), bit);
                let list = if vertical {
                    &mut lines_v[line as usize]
                } else {
                    &mut lines_h[line as usize]
                };
                let k = at as f32;
                let open = mask(x, y) & bit != 0 && mask(qx, qy) & back != 0;
                if !open {
                    list.push(wall(k, k + 1.0));
                    continue;
                }
                let door = if is_door(grid, &door_bits, (x, y), bit) {
                    doors.get(&(vertical, line, at)).copied()
                } else {
                    None
                };
                let between_rooms = grid.room_at((x, y)) != grid.room_at((qx, qy));
                match (gap, between_rooms) {
                    (Some(d), true) => {
                        let (a, b) = (k + (1.0 - d) / 2.0, k + (1.0 + d) / 2.0);
                        list.push(wall(k, a));
                        if let Some(tag) = door {
                            list.push(Piece {
                                a,
                                b,
                                kind: Kind::Door { tag, whole: false },
                                sides: vec![at],
                            });
                        }
                        list.push(wall(b, k + 1.0));
                    }
                    _ => {
                        if let Some(tag) = door {
                            list.push(Piece {
                                a: k,
                                b: k + 1.0,
                                kind: Kind::Door { tag, whole: true },
                                sides: vec![at],
                            });
                        }
                    }
                }
            }
        }
    }
    span.at(0.6)?;
    let half = opts.wall_thickness / 2.0;
    let mut thin = Vec::new();
    let mut out_doors = Vec::new();
    // Lattice points a horizontal shape touches, `(x, y)`.
    let mut touched = std::collections::BTreeSet::new();
    let mut emit = |vertical: bool, line: i32, p: Piece, thin: &mut Vec<Box2>| {
        let l = line as f32;
        let rect = if vertical {
            Box2 {
                x0: l - half,
                y0: p.a,
                x1: l + half,
                y1: p.b,
            }
        } else {
            Box2 {
                x0: p.a,
                y0: l - half,
                x1: p.b,
                y1: l + half,
            }
        };
        match p.kind {
            Kind::Wall => thin.push(rect),
            Kind::Door { tag, .. } => {
                let t = tags[tag];
                let sides = p
                    .sides
                    .iter()
                    .map(|&at| {
                        if vertical {
                            ((line, at), DOOR_W)
                        } else {
                            ((at, line), DOOR_N)
                        }
                    })
                    .collect();
                out_doors.push(Door {
                    rect,
                    sides,
                    connection: t.connection,
                    lock: t.lock,
                    secret: t.secret,
                    closed: t.closed,
                    one_way: t.one_way,
                });
            }
        }
    };
    for (y, list) in lines_h.into_iter().enumerate() {
        for p in merged(list) {
            for x in p.a.ceil() as i32..=p.b.floor() as i32 {
                touched.insert((x, y as i32));
            }
            emit(false, y as i32, p, &mut thin);
        }
    }
    span.at(0.8)?;
    for (x, list) in lines_v.into_iter().enumerate() {
        let x = x as i32;
        for p in merged(list) {
            // Cut at every touched lattice point, stopping half a
            // thickness short of it.
            let mut start = p.a;
            let lo = p.a.ceil() as i32;
            let hi = p.b.floor() as i32;
            let cuts: Vec<i32> = (lo..=hi).filter(|&y| touched.contains(&(x, y))).collect();
            let mut ends: Vec<f32> = cuts.iter().map(|&y| y as f32).collect();
            if ends.last() != Some(&p.b) {
                ends.push(p.b);
            }
            for end in ends {
                if end <= start {
                    continue;
                }
                let is_cut = |v: f32| v.fract() == 0.0 && touched.contains(&(x, v as i32));
                let a = if is_cut(start) { start + half } else { start };
                let b = if is_cut(end) { end - half } else { end };
                let sides = p
                    .sides
                    .iter()
                    .copied()
                    .filter(|&s| (s as f32) < end && (s + 1) as f32 > start)
                    .collect::<Vec<_>>();
                if b > a {
                    let piece = Piece {
                        a,
                        b,
                        kind: p.kind,
                        sides,
                    };
                    emit(true, x, piece, &mut thin);
                }
                start = end;
            }
        }
    }
    span.at(1.0)?;
    Ok((thin, out_doors))
}

/// The pieces of one line (in order along it) with touching pieces of one
/// kind merged (doors only when each spans its whole side).
fn merged(list: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(list.len());
    for p in list {
        if let Some(last) = out.last_mut() {
            let joins = match (last.kind, p.kind) {
                (Kind::Wall, Kind::Wall) => true,
                (
                    Kind::Door {
                        tag: a,
                        whole: true,
                    },
                    Kind::Door {
                        tag: b,
                        whole: true,
                    },
                ) => a == b,
                _ => false,
            };
            if joins && last.b == p.a {
                last.b = p.b;
                last.sides.extend(p.sides);
                continue;
            }
        }
        out.push(p);
    }
    out
}
