//! Properties every grid must have: the ones a generator guarantees (checked
//! on what it returns), and therefore the ones `DungeonGrid::from_json` must
//! enforce before it accepts a grid (issue 11: a loaded grid never passes
//! for a valid one when it is not).
//!
//! Each check panics with a message naming the broken property; libFuzzer
//! turns the panic into a saved crash input.

use dungeon_core::room_grid::{EndRule, EndRules};
use dungeon_core::{Cell, DungeonGrid, GenError, Pos, RoomRole};

/// Largest grid (in cells) whose JSON is round-tripped, drawn as ASCII and
/// generated twice on every run; bigger grids skip these to keep each
/// execution short (the round trip was over half the time of a BSP run).
pub const ROUND_TRIP_CELLS: usize = 1 << 12;

/// Grids above this many cells get only the checks that do not walk every
/// cell (a 4096×4096 BSP map would otherwise spend seconds in the checks
/// alone); grids up to [`ROUND_TRIP_CELLS`] get all of them, the ones in
/// between one search (connectivity, the end's distance) and `check()`.
pub const BIG_CELLS: usize = 1 << 20;

/// What a generator guarantees of any grid it returns.
///
/// # Panics
/// On the first broken property.
pub fn valid_grid(g: &DungeonGrid) {
    valid(g, DungeonGrid::check);
}

/// What a grid loaded from JSON must satisfy: [`valid_grid`] with
/// [`DungeonGrid::check_saved`] (saved BSP maps may have corridors opening
/// sideways into rooms).
///
/// # Panics
/// On the first broken property.
pub fn valid_saved_grid(g: &DungeonGrid) {
    valid(g, DungeonGrid::check_saved);
}

fn valid(g: &DungeonGrid, check: fn(&DungeonGrid) -> Result<(), dungeon_core::ParseError>) {
    let (w, h) = (g.width(), g.height());
    assert!(w >= 1 && h >= 1, "size {w}×{h}");
    let n = w as usize * h as usize;
    assert_eq!(g.cells().len(), n, "cells for {w}×{h}");
    assert_eq!(g.door_masks().len(), n, "door masks for {w}×{h}");
    assert_eq!(g.cell(g.start()), Cell::Start, "start {:?}", g.start());
    assert_eq!(g.cell(g.end()), Cell::End, "end {:?}", g.end());
    if n > BIG_CELLS {
        for (i, r) in g.room_rects().iter().enumerate() {
            rect_inside(i, r, w, h);
        }
        return;
    }
    if let Err(e) = check(g) {
        panic!("check() refuses the grid: {e}");
    }

    // Exactly one start and one end, on different cells, joined by a path.
    assert_eq!(g.count(Cell::Start), 1, "start cells");
    assert_eq!(g.count(Cell::End), 1, "end cells");
    assert_ne!(g.start(), g.end(), "start and end are one cell");
    assert_eq!(g.cell(g.start()), Cell::Start, "start {:?}", g.start());
    assert_eq!(g.cell(g.end()), Cell::End, "end {:?}", g.end());
    let d = g.distance_from_start(g.end());
    assert!(d > 0, "no path from start to end (distance {d})");
    if n <= ROUND_TRIP_CELLS {
        let path = g.path(g.start(), g.end());
        assert_eq!(
            path.map_or(0, |p| p.len()),
            usize::try_from(d).unwrap_or(0) + 1,
            "path(start, end) vs distance_from_start(end) = {d}"
        );
    }
    assert!(g.is_connected(), "walkable cells not all connected");

    let room_cells = g.cells().iter().filter(|c| c.is_room()).count();
    let mut marked = vec![false; n];
    let rects = g.room_rects();
    if g.is_open_floor() {
        // Caves, tunnels, walks: no rooms at all; start and end stand on
        // open floor.
        assert_eq!(g.count(Cell::Room), 0, "room floor on an open-floor map");
        assert!(g.rooms().is_empty(), "rooms listed on an open-floor map");
        assert_eq!(
            g.room_cell_count(),
            0,
            "room_cell_count() on an open-floor map"
        );
    } else if rects.is_empty() {
        // A room grid lists every room cell exactly once, and nothing else.
        let rooms = g.rooms();
        assert_eq!(
            g.room_cell_count(),
            rooms.len(),
            "room_cell_count() vs rooms().len()"
        );
        assert_eq!(
            rooms.len(),
            room_cells,
            "rooms lists {} cells, the grid has {room_cells} room cells",
            rooms.len()
        );
        for &p in rooms {
            let i = g.index(p);
            assert!(i.is_some(), "room {p:?} outside the grid");
            let i = i.unwrap_or(0);
            assert!(g.cells()[i].is_room(), "room {p:?} is {:?}", g.cells()[i]);
            assert!(!marked[i], "room {p:?} listed twice");
            marked[i] = true;
        }
    } else {
        // A tile grid's room cells are exactly its rectangles' cells:
        // rectangles with area, inside the grid, disjoint.
        let mut area = 0usize;
        for (i, r) in rects.iter().enumerate() {
            rect_inside(i, r, w, h);
            for p in r.cells() {
                let j = g.index(p).unwrap_or(0);
                assert!(
                    !marked[j],
                    "room_rects[{i}] = {r:?} overlaps another at {p:?}"
                );
                assert!(
                    g.cells()[j].is_room(),
                    "{p:?} in {r:?} is {:?}",
                    g.cells()[j]
                );
                marked[j] = true;
                area += 1;
            }
        }
        assert_eq!(area, room_cells, "room cells outside room_rects");
        assert_eq!(
            g.room_cell_count(),
            area,
            "room_cell_count() vs the rects' area"
        );
        let rooms = g.rooms();
        assert_eq!(rooms.len(), area, "rooms() vs the rects' area");
        let listed = rects.iter().flat_map(|r| r.cells());
        assert!(
            rooms.iter().copied().eq(listed),
            "rooms() is not the rects' cells in order"
        );
    }

    if n <= ROUND_TRIP_CELLS {
        exercise(g);
        round_trip(g);
    }
}

/// Calls every read-only query, so a panic in any of them on an accepted
/// grid shows up.
pub fn exercise(g: &DungeonGrid) {
    for p in [(-1, -1), (g.width(), g.height()), (i32::MIN, i32::MAX)] {
        let _ = g.cell(p);
        let _ = g.door_mask(p);
        let _ = g.is_dead_end(p);
        let _ = g.path(g.start(), p);
    }
    let _ = g.dead_ends();
    let _ = g.is_tree();
    let _ = g.has_room_block();
    let _ = g.door_count();
    let _ = g.walkable_count();
    let _ = g.distances_from(g.start());
    let _ = g.distance_from_start((-1, 0));
    let ascii = g.to_ascii();
    let _ = g.to_emoji();
    if let Ok(back) = DungeonGrid::from_ascii(&ascii) {
        assert_eq!(back.to_ascii(), ascii, "ASCII does not round-trip");
    }
}

/// `from_json(to_json(g)) == g`; indented JSON too for small grids.
///
/// # Panics
/// When the JSON is refused or reads back as another grid.
pub fn round_trip(g: &DungeonGrid) {
    let mut texts = vec![g.to_json()];
    if g.cells().len() <= 256 {
        texts.push(g.to_json_pretty());
    }
    for text in texts {
        match DungeonGrid::from_json(&text) {
            Ok(back) => {
                assert!(back == *g, "JSON reads back as another grid: {text}");
                assert_eq!(back.to_json(), g.to_json(), "JSON is not stable");
            }
            Err(e) => panic!("from_json refuses to_json's output: {e}\n{text}"),
        }
    }
}

/// What the room-grid generators (Isaac, drunkard walk) promise on top of
/// [`valid_grid`]: the drawn room count, the end rules, a door between
/// every two adjacent rooms, nothing but rooms on the grid.
///
/// # Panics
/// On the first broken property.
pub fn room_grid(g: &DungeonGrid, name: &str, seed: u64, level: i32, rooms: i32, ends: &EndRules) {
    assert_eq!(g.generator, name, "generator name");
    assert_eq!((g.seed, g.level), (seed, level), "seed and level");
    assert!(g.room_rects().is_empty(), "room grid with room_rects");
    valid_grid(g);
    // Secret rooms come on top of the count.
    let secrets = g.rooms_with_role(RoomRole::Secret);
    // Rooms, not cells: a large room counts once.
    assert_eq!(
        g.room_count() - secrets.len(),
        usize::try_from(rooms).unwrap_or(0),
        "room count vs room_count(seed, level)"
    );
    assert!(
        g.cells().iter().all(|c| c.is_room() || *c == Cell::Empty),
        "a room grid holds only rooms"
    );
    let dead = g.dead_ends().len();
    assert!(
        i64::try_from(dead).unwrap_or(i64::MAX) >= i64::from(ends.min_dead_ends),
        "{dead} dead ends < min_dead_ends {}",
        ends.min_dead_ends
    );
    assert!(
        g.is_dead_end(g.end()),
        "the end {:?} is not a dead end",
        g.end()
    );
    let (s, e): (Pos, Pos) = (g.start(), g.end());
    if let EndRule::FarthestApart {
        min_distance,
        off_axis,
    } = ends.end
    {
        if off_axis {
            assert!(
                s.0 != e.0 && s.1 != e.1,
                "start {s:?} and end {e:?} share an axis"
            );
        }
        let (dx, dy) = (f64::from(e.0 - s.0), f64::from(e.1 - s.1));
        assert!(
            (dx * dx + dy * dy).sqrt() + 1e-9 >= min_distance,
            "start {s:?} and end {e:?} closer than {min_distance}"
        );
    }
    // Every two adjacent room cells share a door, but two secret rooms; a
    // secret room beside a large room opens one door into it, on the first
    // touching side in N E S W order, so its pairs are counted by room.
    let secret = |p: Pos| g.room_at(p).is_some_and(|r| secrets.contains(&r));
    let mut secret_doors: Vec<(usize, usize, bool)> = Vec::new();
    for y in 0..g.height() {
        for x in 0..g.width() {
            if !g.cell((x, y)).is_room() {
                continue;
            }
            for (dx, dy, bit, _) in dungeon_core::grid::DIRS {
                let open = g.door_mask((x, y)) & bit != 0;
                let q = (x + dx, y + dy);
                let room = g.cell(q).is_room() && !(secret((x, y)) && secret(q));
                if room && secret((x, y)) != secret(q) {
                    if let (Some(a), Some(b)) = (g.room_at((x, y)), g.room_at(q)) {
                        secret_doors.push((a.min(b), a.max(b), open));
                    }
                    continue;
                }
                assert_eq!(open, room, "door {bit} of ({x}, {y})");
            }
        }
    }
    // Each side is seen from both cells: a secret room and a neighbour
    // room share exactly one open side (two sightings).
    secret_doors.sort_unstable();
    for pair in secret_doors.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
        let open = pair.iter().filter(|d| d.2).count();
        assert_eq!(
            open,
            2,
            "secret room pair {:?} shares {open} door sightings",
            (pair[0].0, pair[0].1)
        );
    }
}

/// The floor is a tree once the secret rooms' doors are closed.
///
/// # Panics
/// When it is not.
pub fn tree_apart_from_secret_rooms(g: &DungeonGrid) {
    // Doors between rooms (a large room's inner sides are none), the
    // secret rooms left out.
    let n = g.room_count();
    let secret: Vec<bool> = (0..n)
        .map(|r| g.room_role(r) == Some(RoomRole::Secret))
        .collect();
    let door_ends: usize = (0..n)
        .filter(|&r| !secret[r])
        .map(|r| {
            g.room_doors(r)
                .iter()
                .filter(|d| g.room_at(d.1).is_some_and(|o| !secret[o]))
                .count()
        })
        .sum();
    let secrets = secret.iter().filter(|&&s| s).count();
    assert_eq!(
        door_ends / 2 + 1,
        n - secrets,
        "not a tree apart from the secret rooms"
    );
}

/// Room rectangle `i` has an area and lies inside a `w × h` grid.
///
/// # Panics
/// When it does not.
fn rect_inside(i: usize, r: &dungeon_core::Rect, w: i32, h: i32) {
    assert!(r.w >= 1 && r.h >= 1, "room_rects[{i}] = {r:?} has no area");
    assert!(
        r.x >= 0
            && r.y >= 0
            && i64::from(r.x) + i64::from(r.w) <= i64::from(w)
            && i64::from(r.y) + i64::from(r.h) <= i64::from(h),
        "room_rects[{i}] = {r:?} is not inside {w}×{h}"
    );
}

/// A second call with the same inputs gives the same grid.
pub fn deterministic(g: &DungeonGrid, again: impl FnOnce() -> Result<DungeonGrid, GenError>) {
    if g.cells().len() > ROUND_TRIP_CELLS {
        return;
    }
    match again() {
        Ok(h) => assert!(h == *g, "the same inputs gave another grid"),
        Err(e) => panic!("the same inputs failed the second time: {e}"),
    }
}

/// A config error names its setting and what would work; an exhausted
/// budget says why.
pub fn error_names_a_setting(e: &GenError) {
    let text = e.to_string();
    assert!(!text.is_empty(), "empty error message");
    match e {
        GenError::Config(c) => {
            assert!(!c.field.is_empty(), "error without a field: {text}");
            assert!(
                !c.allowed.is_empty(),
                "error without what is allowed: {text}"
            );
            assert!(
                text.contains(c.field),
                "message does not name {}: {text}",
                c.field
            );
        }
        GenError::Exhausted { reason, .. } => {
            assert!(!reason.is_empty(), "exhausted without a reason: {text}");
        }
        GenError::Cancelled => panic!("cancelled without a watch: {text}"),
        // Kinds added later (e.g. a step budget) need only a message.
        #[allow(unreachable_patterns)]
        _ => {}
    }
}
