//! The room graph on tile maps: pictures, and over many maps of every tile
//! generator with rooms (BSP, rooms and mazes, TinyKeep), cut at random,
//! "the graph is connected exactly when every room reaches every other".

use super::super::rooms::Derived;
use super::super::{Cell, DIRS, DungeonGrid, GridKind, Rect};
use crate::GeneratorConfig;
use crate::bsp::{self, BspConfig};
use crate::maze::{self, MazeConfig};
use crate::rng::DungeonRng;
use crate::tinykeep::{self, TinyKeepConfig};

fn tile_map(picture: &str, rects: Vec<Rect>) -> DungeonGrid {
    let mut d = DungeonGrid::from_ascii(picture).unwrap();
    d.kind = GridKind::TileMap;
    d.rooms.clear();
    d.room_rects = rects;
    d.derived = Derived::default();
    d.connect_adjacent();
    d
}

#[test]
fn rooms_along_one_corridor_form_a_chain_not_a_clique() {
    // Four rooms off one long corridor: each is joined to the rooms beside
    // it (the corridor tiles nearer to its door than to theirs).
    let d = tile_map(
        "
        S#...##...##...#E
        ##...##...##...##
        +.....+....+....+
        =================
        ",
        vec![
            Rect::new(0, 0, 2, 2),
            Rect::new(5, 0, 2, 2),
            Rect::new(10, 0, 2, 2),
            Rect::new(15, 0, 2, 2),
        ],
    );
    let pairs: Vec<(usize, usize)> = d.connections().iter().map(|c| c.rooms).collect();
    assert_eq!(pairs, vec![(0, 1), (1, 2), (2, 3)]);
    // The run crosses the boundary: door, corridor to the midpoint, door.
    let c = &d.connections()[0];
    assert_eq!(c.tiles.first(), Some(&(0, 2)));
    assert_eq!(c.tiles.last(), Some(&(6, 2)));
    assert_eq!(c.tiles.len(), 9);
    assert_eq!(d.room_path(0, 3), Some(vec![0, 1, 2, 3]));
}

#[test]
fn one_tile_between_two_rooms_joins_them() {
    // A door tile opening into two rooms, and a corridor network touching
    // no room (its tiles belong to no territory).
    let d = tile_map(
        "
        S#+#E..==
        ##.##....
        ",
        vec![Rect::new(0, 0, 2, 2), Rect::new(3, 0, 2, 2)],
    );
    assert_eq!(d.connections().len(), 1);
    assert_eq!(d.connections()[0].rooms, (0, 1));
    assert_eq!(d.connections()[0].tiles, vec![(2, 0)]);
}

/// Whether every room reaches every other through open sides.
fn rooms_reach_each_other(g: &DungeonGrid) -> bool {
    let rects = g.room_rects();
    let Some(first) = rects.first().and_then(|r| g.index((r.x, r.y))) else {
        return true;
    };
    let w = g.width as usize;
    let n = g.cells.len();
    let mut seen = vec![false; n];
    seen[first] = true;
    let mut stack = vec![first];
    while let Some(i) = stack.pop() {
        for ((_, _, bit, _), j) in
            DIRS.iter()
                .zip([i.wrapping_sub(w), i + 1, i + w, i.wrapping_sub(1)])
        {
            if g.doors[i] & bit != 0 && j < n && !seen[j] {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    rects
        .iter()
        .all(|r| g.index((r.x, r.y)).is_some_and(|i| seen[i]))
}

/// Whether the room graph joins every room.
fn graph_connected(g: &DungeonGrid) -> bool {
    let n = g.room_records().len();
    (0..n).all(|r| g.room_path(0, r).is_some())
}

/// Empties `cuts` random tiles outside the rooms and closes their sides.
fn cut(g: &DungeonGrid, cuts: usize, rng: &mut DungeonRng) -> DungeonGrid {
    let mut c = g.clone();
    c.derived = Derived::default();
    let outside: Vec<usize> = (0..c.cells.len())
        .filter(|&i| c.cells[i] != Cell::Empty && c.room_at(c.pos(i)).is_none())
        .collect();
    c.derived = Derived::default();
    if outside.is_empty() {
        return c;
    }
    let w = c.width as usize;
    for _ in 0..cuts {
        let i = outside[rng.below(outside.len() as u32) as usize];
        c.cells[i] = Cell::Empty;
        for ((_, _, bit, back), j) in
            DIRS.iter()
                .zip([i.wrapping_sub(w), i + 1, i + w, i.wrapping_sub(1)])
        {
            if c.doors[i] & bit != 0 {
                c.doors[j] &= !back;
            }
        }
        c.doors[i] = 0;
    }
    c
}

/// Every connection is a walk between its rooms through tiles outside the
/// rooms, and there are at most two per tile outside the rooms plus one per
/// door between rooms (linear, never a pair per two rooms of a network).
fn check_edges(g: &DungeonGrid) {
    let outside = (0..g.cells.len())
        .filter(|&i| g.cells[i] != Cell::Empty && g.room_at(g.pos(i)).is_none())
        .count();
    let rooms = g.room_records().len();
    assert!(g.connections().len() <= 2 * outside + 2 * rooms);
    for c in g.connections() {
        let (a, b) = c.rooms;
        assert!(a < b && b < rooms);
        let opens = |p: (i32, i32), room: usize| {
            DIRS.iter().any(|&(dx, dy, bit, _)| {
                g.door_mask(p) & bit != 0 && g.room_at((p.0 + dx, p.1 + dy)) == Some(room)
            })
        };
        if let (Some(&first), Some(&last)) = (c.tiles.first(), c.tiles.last()) {
            assert!(opens(first, a) && opens(last, b), "{c:?}");
            for t in &c.tiles {
                assert_eq!(g.room_at(*t), None);
            }
            for s in c.tiles.windows(2) {
                let step = (s[1].0 - s[0].0, s[1].1 - s[0].1);
                assert!(
                    DIRS.iter()
                        .any(|&(dx, dy, bit, _)| (dx, dy) == step && g.door_mask(s[0]) & bit != 0)
                );
            }
        }
    }
}

/// Checks one map and three cuts of it; returns how many cuts split it.
fn check_map(g: &DungeonGrid, rng: &mut DungeonRng) -> usize {
    assert!(
        graph_connected(g),
        "generated map, graph not connected\n{g}"
    );
    check_edges(g);
    let mut split = 0;
    for cuts in [1, 3, 10] {
        let c = cut(g, cuts, rng);
        let reach = rooms_reach_each_other(&c);
        assert_eq!(graph_connected(&c), reach, "{cuts} cuts\n{c}");
        check_edges(&c);
        split += usize::from(!reach);
    }
    split
}

#[test]
fn graph_connected_exactly_when_rooms_reach_each_other() {
    let mut rng = DungeonRng::new(0xC0_77EC7);
    let (mut maps, mut split) = (0, 0);
    for seed in 0..120u64 {
        for p in BspConfig::PRESETS {
            let c = BspConfig::preset(p).unwrap();
            split += check_map(&bsp::generate(&c, seed, 1).unwrap(), &mut rng);
            maps += 1;
        }
        for p in TinyKeepConfig::PRESETS {
            let c = TinyKeepConfig::preset(p).unwrap();
            split += check_map(&tinykeep::generate(&c, seed, 1).unwrap(), &mut rng);
            maps += 1;
        }
        for p in MazeConfig::PRESETS {
            let mut c = MazeConfig::preset(p).unwrap();
            // Loops and kept dead ends vary with the seed.
            c.extra_connector_chance = (seed % 4) as f64 * 0.1;
            c.dead_end_removal = (seed % 3) as f64 * 0.5;
            c.room_min_size = 1 + 2 * (seed % 2) as i32;
            split += check_map(&maze::generate(&c, seed, 1).unwrap(), &mut rng);
            maps += 1;
        }
    }
    assert_eq!(maps, 120 * 7);
    // Both answers were tested many times.
    let cuts = 3 * maps;
    assert!(
        split > cuts / 10 && split < cuts * 9 / 10,
        "{split} of {cuts} split"
    );
}
