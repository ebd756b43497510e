//! `collision::build` against a plain per-cell oracle on every registered
//! generator's presets over several seeds (with locks where the generator
//! has rooms): the wall rectangles cover every blocked cell that touches a
//! walkable one (eight neighbours, the ring outside the grid included)
//! exactly once and no walkable cell; every side between two walkable
//! cells that the masks do not open has a thin wall along it and no open
//! side has one; every door side has exactly one door shape, with the
//! right connection and lock, and no other side has one; no two shapes
//! overlap; the build is deterministic; merged walls are fewer than
//! per-tile ones on caves.

use std::collections::{BTreeMap, HashMap};

use dungeon_core::collision::{self, Box2, CollisionData, CollisionOptions};
use dungeon_core::grid::{DIRS, DOOR_E, DOOR_N, DOOR_S, DOOR_W, GridKind, LockKind};
use dungeon_core::registry::GENERATORS;
use dungeon_core::{DungeonGrid, Watch};

/// A small margin along a side, clear of the shapes that end near its ends.
const EPS: f32 = 0.01;

/// Rectangles bucketed by the cells they touch, for point queries.
struct Index<'a> {
    rects: Vec<&'a Box2>,
    buckets: HashMap<(i32, i32), Vec<usize>>,
}

impl<'a> Index<'a> {
    fn new(rects: impl IntoIterator<Item = &'a Box2>) -> Self {
        let rects: Vec<&Box2> = rects.into_iter().collect();
        let mut buckets: HashMap<(i32, i32), Vec<usize>> = HashMap::new();
        for (i, r) in rects.iter().enumerate() {
            for y in r.y0.floor() as i32..=r.y1.floor() as i32 {
                for x in r.x0.floor() as i32..=r.x1.floor() as i32 {
                    buckets.entry((x, y)).or_default().push(i);
                }
            }
        }
        Self { rects, buckets }
    }

    /// The rectangles holding `(x, y)` (boundary included).
    fn at(&self, x: f32, y: f32) -> Vec<usize> {
        let key = (x.floor() as i32, y.floor() as i32);
        let mut out: Vec<usize> = self
            .buckets
            .get(&key)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&i| {
                let r = self.rects[i];
                r.x0 <= x && x <= r.x1 && r.y0 <= y && y <= r.y1
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The door sides the module docs define, first one wins:
/// `(cell, bit) → (connection, lock)`, keyed by the side.
fn expected_doors(g: &DungeonGrid) -> BTreeMap<(bool, i32, i32), (usize, Option<usize>)> {
    let key = |p: (i32, i32), bit: u8| match bit {
        DOOR_N => (false, p.1, p.0),
        DOOR_S => (false, p.1 + 1, p.0),
        DOOR_W => (true, p.0, p.1),
        _ => (true, p.0 + 1, p.1),
    };
    let mut out = BTreeMap::new();
    let conns = g.connections();
    for (i, lock) in g.locks().iter().enumerate() {
        let pair = (lock.from.min(lock.into), lock.from.max(lock.into));
        let c = conns.iter().position(|c| c.rooms == pair).unwrap();
        for (p, bit) in g.lock_gate(i) {
            out.entry(key(p, bit)).or_insert((c, Some(i)));
        }
    }
    let rooms = g.room_records();
    for (ci, c) in conns.iter().enumerate() {
        let (a, b) = c.rooms;
        let mut cells: Vec<((i32, i32), usize)> = Vec::new();
        match (c.tiles.first(), c.tiles.last()) {
            (Some(&f), Some(&l)) => cells.extend([(f, a), (l, b)]),
            _ => cells.extend(rooms[a].cells().map(|p| (p, b))),
        }
        for (p, room) in cells {
            for (dx, dy, bit, _) in DIRS {
                let q = (p.0 + dx, p.1 + dy);
                if g.door_mask(p) & bit != 0 && rooms[room].contains(q) {
                    out.entry(key(p, bit)).or_insert((ci, None));
                }
            }
        }
    }
    out
}

/// Every property the module promises, checked cell by cell and side by
/// side.
/// Returns how many one-way door sides it checked.
fn check(g: &DungeonGrid, opts: &CollisionOptions, d: &CollisionData, what: &str) -> usize {
    let (w, h) = (g.width(), g.height());
    let walk = |x: i32, y: i32| g.cell((x, y)).is_walkable();
    // Walls: coverage counts over the grid and its ring.
    let lw = (w + 2) as usize;
    let mut count = vec![0u32; lw * (h + 2) as usize];
    for r in &d.walls {
        assert!(
            r.x0 >= -1 && r.y0 >= -1 && r.x1 <= w + 1 && r.y1 <= h + 1,
            "{what}: {r:?}"
        );
        for y in r.y0..r.y1 {
            for x in r.x0..r.x1 {
                count[(y + 1) as usize * lw + (x + 1) as usize] += 1;
            }
        }
    }
    for y in -1..=h {
        for x in -1..=w {
            let c = count[(y + 1) as usize * lw + (x + 1) as usize];
            let near = (-1..=1).any(|dy| (-1..=1).any(|dx| walk(x + dx, y + dy)));
            if walk(x, y) {
                assert_eq!(c, 0, "{what}: walkable ({x}, {y}) covered");
            } else if near {
                assert_eq!(c, 1, "{what}: wall cell ({x}, {y}) covered {c} times");
            } else {
                assert!(
                    c <= u32::from(opts.fill_solid),
                    "{what}: rock ({x}, {y}) covered {c}"
                );
            }
        }
    }
    // Sides between walkable cells.
    let half = opts.wall_thickness / 2.0;
    let thin = Index::new(&d.thin_walls);
    let doors = Index::new(d.doors.iter().map(|x| &x.rect));
    let expected = expected_doors(g);
    let gap = (g.kind() == GridKind::RoomGrid && opts.room_door_width > 0.0)
        .then_some(opts.room_door_width);
    let mut door_sides_seen = 0;
    let mut one_way_doors = 0;
    for y in 0..h {
        for x in 0..w {
            if !walk(x, y) {
                continue;
            }
            for (dx, dy, bit, back) in [(1, 0, DOOR_E, DOOR_W), (0, 1, DOOR_S, DOOR_N)] {
                let (qx, qy) = (x + dx, y + dy);
                if !walk(qx, qy) {
                    continue;
                }
                let vertical = dx == 1;
                // The point `s` of the way along the side.
                let at = |s: f32| {
                    if vertical {
                        ((x + 1) as f32, y as f32 + s)
                    } else {
                        (x as f32 + s, (y + 1) as f32)
                    }
                };
                let walls_at = |s: f32| {
                    let (px, py) = at(s);
                    thin.at(px, py).len()
                };
                let open = g.door_mask((x, y)) & bit != 0 && g.door_mask((qx, qy)) & back != 0;
                let side = if vertical {
                    (true, x + 1, y)
                } else {
                    (false, y + 1, x)
                };
                let door = expected.get(&side);
                let here = format!("{what}: side {side:?}");
                if !open {
                    assert!(door.is_none(), "{here}: a door on a closed side");
                    for s in [half + EPS, 0.5, 1.0 - half - EPS] {
                        assert!(walls_at(s) >= 1, "{here}: closed side open at {s}");
                    }
                    continue;
                }
                let between_rooms = g.room_at((x, y)) != g.room_at((qx, qy));
                let (lo, hi) = match (gap, between_rooms) {
                    (Some(dw), true) => {
                        let flank = (1.0 - dw) / 2.0;
                        assert!(
                            walls_at(flank - EPS) >= 1,
                            "{here}: no wall beside the doorway"
                        );
                        assert!(
                            walls_at(1.0 - flank + EPS) >= 1,
                            "{here}: no wall beside the doorway"
                        );
                        (flank + EPS, 1.0 - flank - EPS)
                    }
                    _ => (half + EPS, 1.0 - half - EPS),
                };
                for s in [lo, 0.5, hi] {
                    assert_eq!(walls_at(s), 0, "{here}: open side walled at {s}");
                    let (px, py) = at(s);
                    let found = doors.at(px, py);
                    match door {
                        None => assert!(found.is_empty(), "{here}: a door shape on no door"),
                        Some(&(conn, lock)) => {
                            assert_eq!(found.len(), 1, "{here}: {} door shapes", found.len());
                            let rec = &d.doors[found[0]];
                            assert_eq!((rec.connection, rec.lock), (conn, lock), "{here}");
                            let kind = lock.map(|i| g.locks()[i].kind);
                            let secret = g.secret_door_mask((x, y)) & bit != 0;
                            assert_eq!(rec.secret, secret, "{here}");
                            let key = matches!(kind, Some(LockKind::Key { .. }));
                            assert_eq!(rec.closed, key || secret, "{here}");
                            // A one-way door blocks the step that would
                            // enter its `from` cell through it (the cell
                            // whose one-way mask lets walkers out there).
                            let one_way = matches!(kind, Some(LockKind::OneWay));
                            match rec.one_way {
                                None => assert!(!one_way, "{here}: one-way door unmarked"),
                                Some(step) => {
                                    assert!(one_way, "{here}: marked one-way: {step:?}");
                                    let (into, towards) = if step == (dx, dy) {
                                        ((qx, qy), back)
                                    } else {
                                        assert_eq!(step, (-dx, -dy), "{here}: not across the side");
                                        ((x, y), bit)
                                    };
                                    assert_ne!(g.one_way_mask(into) & towards, 0, "{here}");
                                    one_way_doors += 1;
                                }
                            }
                        }
                    }
                }
                door_sides_seen += usize::from(door.is_some());
            }
        }
    }
    assert_eq!(
        door_sides_seen,
        expected.len(),
        "{what}: door sides off walkable pairs"
    );
    let listed: usize = d.doors.iter().map(|x| x.sides.len()).sum();
    assert_eq!(
        listed,
        expected.len(),
        "{what}: door records list other sides"
    );
    // No two shapes overlap: a sweep along x.
    let mut all: Vec<Box2> = d.walls.iter().map(|r| r.to_box()).collect();
    all.extend(d.thin_walls.iter().copied());
    all.extend(d.doors.iter().map(|x| x.rect));
    for b in &all {
        assert!(b.x1 > b.x0 && b.y1 > b.y0, "{what}: empty shape {b:?}");
    }
    all.sort_by(|a, b| a.x0.total_cmp(&b.x0));
    for (i, a) in all.iter().enumerate() {
        for b in all[i + 1..].iter().take_while(|b| b.x0 < a.x1) {
            assert!(!a.overlaps(b), "{what}: {a:?} overlaps {b:?}");
        }
    }
    one_way_doors
}

/// Every preset of every generator on a few seeds (with up to two locks
/// and a one-way door where the generator has rooms), and per grid the
/// options to check it with.
fn for_each_grid(seeds: u64, mut f: impl FnMut(&DungeonGrid, &str)) {
    for entry in GENERATORS {
        for preset in entry.presets() {
            for seed in 0..seeds {
                let mut job = entry.job(Some(preset.name)).unwrap();
                let g = job.generate(seed, 1 + seed as i32 % 3).unwrap();
                let what = format!("{} {} seed {seed}", entry.name(), preset.name);
                f(&g, &what);
                if entry.has_rooms() {
                    job.set("locks", "2").unwrap();
                    job.set("one_way", "1").unwrap();
                    if let Ok(g) = job.generate(seed, 1 + seed as i32 % 3) {
                        f(&g, &format!("{what} locked"));
                    }
                }
            }
        }
    }
}

#[test]
fn every_generator_meets_the_oracle() {
    let mut locked = 0;
    let mut doors = 0;
    let mut one_way = 0;
    for_each_grid(3, |g, what| {
        let opts = CollisionOptions::default();
        let d = collision::build(g, &opts, &Watch::new()).unwrap();
        one_way += check(g, &opts, &d, what);
        locked += usize::from(d.doors.iter().any(|x| x.lock.is_some()));
        doors += d.doors.len();
        let solid = CollisionOptions {
            fill_solid: true,
            wall_thickness: 0.5,
            ..opts.clone()
        };
        let filled = collision::build(g, &solid, &Watch::new()).unwrap();
        check(g, &solid, &filled, &format!("{what} filled"));
        assert!(filled.walls.len() <= d.walls.len() + 1, "{what}");
        if g.kind() == GridKind::RoomGrid {
            let rooms = CollisionOptions {
                room_door_width: 0.4,
                wall_thickness: 0.2,
                ..opts
            };
            let d = collision::build(g, &rooms, &Watch::new()).unwrap();
            check(g, &rooms, &d, &format!("{what} doorways"));
        }
    });
    // The oracle saw locks and doors, so their checks ran.
    assert!(locked > 10, "{locked} grids with locked doors");
    assert!(one_way > 5, "{one_way} one-way door sides");
    assert!(doors > 1000, "{doors} doors");
}

#[test]
fn builds_are_deterministic() {
    for_each_grid(1, |g, what| {
        let opts = CollisionOptions::default();
        let a = collision::build(g, &opts, &Watch::new()).unwrap();
        let b = collision::build(&g.clone(), &opts, &Watch::new()).unwrap();
        assert_eq!(a, b, "{what}");
        let a = collision::outline(g, &opts, 16, &Watch::new()).unwrap();
        let b = collision::outline(&g.clone(), &opts, 16, &Watch::new()).unwrap();
        assert_eq!(a, b, "{what} outline");
    });
}

#[test]
fn merged_walls_are_fewer_than_per_tile_on_caves() {
    let cave = GENERATORS.iter().find(|e| e.name() == "cave").unwrap();
    for preset in cave.presets() {
        for seed in 0..4 {
            let g = cave
                .job(Some(preset.name))
                .unwrap()
                .generate(seed, 1)
                .unwrap();
            let d = collision::build(&g, &CollisionOptions::default(), &Watch::new()).unwrap();
            let per_tile = collision::per_tile_count(&g);
            let one_each = CollisionOptions {
                merge: false,
                ..CollisionOptions::default()
            };
            let tiles = collision::build(&g, &one_each, &Watch::new()).unwrap();
            assert_eq!(tiles.walls.len(), per_tile, "{} {seed}", preset.name);
            check(
                &g,
                &one_each,
                &tiles,
                &format!("cave {} {seed} per tile", preset.name),
            );
            assert!(
                d.shape_count() < per_tile,
                "{} {seed}: {} ≥ {per_tile}",
                preset.name,
                d.shape_count()
            );
            assert!(
                d.walls.len() * 2 < per_tile,
                "{} {seed}: {} walls of {per_tile}",
                preset.name,
                d.walls.len()
            );
        }
    }
}

/// The outline against the same oracle: every solid side (between a
/// walkable and a blocked cell, or a closed side between two walkable
/// ones, or the walls beside a room-grid doorway) lies on a segment, no
/// open side does, segments on one line never overlap, each segment lies
/// in its chunk, and the doors are the rectangle build's.
fn check_outline(g: &DungeonGrid, opts: &CollisionOptions, size: i32, what: &str) {
    let out = collision::outline(g, opts, size, &Watch::new()).unwrap();
    let rects = collision::build(g, opts, &Watch::new()).unwrap();
    assert_eq!(out.doors, rects.doors, "{what}: doors");
    let mut lines: BTreeMap<(bool, i32), Vec<(f32, f32)>> = BTreeMap::new();
    for c in &out.chunks {
        assert!(!c.segments.is_empty(), "{what}: an empty chunk");
        for s in &c.segments {
            let vertical = s.a.0 == s.b.0;
            let (line, a, b) = if vertical {
                (s.a.0, s.a.1, s.b.1)
            } else {
                (s.a.1, s.a.0, s.b.0)
            };
            assert!(
                vertical || s.a.1 == s.b.1,
                "{what}: {s:?} is not axis-aligned"
            );
            assert!(line.fract() == 0.0 && a < b, "{what}: {s:?}");
            // Its start lies in its chunk, and it does not cross into the next.
            let (cx, cy) = c.chunk;
            let (along, lo) = if vertical { (cy, a) } else { (cx, a) };
            assert_eq!(
                (lo.floor() as i32).min(if vertical { g.height() } else { g.width() } - 1) / size,
                along,
                "{what}: {s:?} in chunk {:?}",
                c.chunk
            );
            assert!(
                b <= ((along + 1) * size) as f32,
                "{what}: {s:?} crosses its chunk's end"
            );
            lines
                .entry((vertical, line as i32))
                .or_default()
                .push((a, b));
        }
    }
    for list in lines.values_mut() {
        list.sort_by(|x, y| x.0.total_cmp(&y.0));
        for pair in list.windows(2) {
            assert!(pair[0].1 <= pair[1].0, "{what}: segments overlap: {pair:?}");
        }
    }
    let covered = |vertical: bool, line: i32, at: f32| {
        lines
            .get(&(vertical, line))
            .is_some_and(|l| l.iter().any(|&(a, b)| a <= at && at <= b))
    };
    let walk = |x: i32, y: i32| g.cell((x, y)).is_walkable();
    let gap = (g.kind() == GridKind::RoomGrid && opts.room_door_width > 0.0)
        .then_some((1.0 - opts.room_door_width) / 2.0);
    let mut solid_sides = 0;
    for vertical in [false, true] {
        let (lines_n, len) = if vertical {
            (g.width(), g.height())
        } else {
            (g.height(), g.width())
        };
        for line in 0..=lines_n {
            for k in 0..len {
                let (a, b, bit, back) = if vertical {
                    ((line - 1, k), (line, k), DOOR_E, DOOR_W)
                } else {
                    ((k, line - 1), (k, line), DOOR_S, DOOR_N)
                };
                let (wa, wb) = (walk(a.0, a.1), walk(b.0, b.1));
                let open = wa && wb && g.door_mask(a) & bit != 0 && g.door_mask(b) & back != 0;
                let kf = k as f32;
                let here = format!("{what}: side {vertical} {line} {k}");
                if wa != wb || (wa && wb && !open) {
                    solid_sides += 1;
                    for s in [0.01, 0.5, 0.99] {
                        assert!(
                            covered(vertical, line, kf + s),
                            "{here}: solid but open at {s}"
                        );
                    }
                } else if open && gap.is_some() && g.room_at(a) != g.room_at(b) {
                    let f = gap.unwrap_or(0.0);
                    assert!(
                        covered(vertical, line, kf + f / 2.0),
                        "{here}: no wall beside the doorway"
                    );
                    assert!(
                        covered(vertical, line, kf + 1.0 - f / 2.0),
                        "{here}: no wall beside the doorway"
                    );
                    assert!(
                        !covered(vertical, line, kf + 0.5),
                        "{here}: the doorway is walled"
                    );
                } else if wa || wb {
                    assert!(
                        !covered(vertical, line, kf + 0.5),
                        "{here}: an open side is walled"
                    );
                }
            }
        }
    }
    assert!(solid_sides == 0 || !out.chunks.is_empty(), "{what}");
}

#[test]
fn every_generator_meets_the_outline_oracle() {
    for_each_grid(2, |g, what| {
        let opts = CollisionOptions::default();
        check_outline(g, &opts, 8, what);
        check_outline(g, &opts, 1, &format!("{what} chunk 1"));
        if g.kind() == GridKind::RoomGrid {
            let rooms = CollisionOptions {
                room_door_width: 0.4,
                wall_thickness: 0.2,
                ..opts
            };
            check_outline(g, &rooms, 3, &format!("{what} doorways"));
        }
    });
    let g = DungeonGrid::from_ascii("S#E").unwrap();
    let bad = collision::outline(&g, &CollisionOptions::default(), 0, &Watch::new());
    assert!(matches!(bad, Err(dungeon_core::GenError::Config(e)) if e.field == "chunk_size"));
}

#[test]
fn outlines_need_one_shape_per_chunk() {
    let cave = GENERATORS.iter().find(|e| e.name() == "cave").unwrap();
    let mut job = cave.job(None).unwrap();
    job.set("width", "256").unwrap();
    job.set("height", "256").unwrap();
    let g = job.generate(1, 1).unwrap();
    let opts = CollisionOptions::default();
    let out = collision::outline(&g, &opts, 64, &Watch::new()).unwrap();
    // A cave has no doors: one shape per chunk, at most 4 × 4 of them
    // (the ring's lines belong to the chunks at the edge).
    assert!(out.doors.is_empty());
    assert!(
        !out.chunks.is_empty() && out.shape_count() <= 16,
        "{}",
        out.shape_count()
    );
    let per_tile = collision::per_tile_count(&g);
    assert!(
        out.shape_count() * 1000 < per_tile,
        "{} shapes, {per_tile} per tile",
        out.shape_count()
    );
    // Segments merge along lines: fewer than the solid sides.
    let sides: usize = (0..g.height())
        .flat_map(|y| (0..g.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| g.cell((x, y)).is_walkable())
        .map(|(x, y)| {
            DIRS.iter()
                .filter(|d| !g.cell((x + d.0, y + d.1)).is_walkable())
                .count()
        })
        .sum();
    assert!(
        out.segment_count() < sides,
        "{} segments, {sides} sides",
        out.segment_count()
    );
}
