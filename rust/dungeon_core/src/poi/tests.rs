use super::*;
use crate::grid::{Cell, GridKind, Rect};
use crate::rng::DungeonRng;

#[path = "../../tests/support/poi_oracle.rs"]
mod oracle;

/// A tile map from a picture and its room rectangles (doors open between
/// every two adjacent walkable tiles, as `from_ascii` makes them).
fn tile_map(pic: &str, rects: &[Rect]) -> DungeonGrid {
    let mut g = DungeonGrid::from_ascii(pic).unwrap();
    g.kind = GridKind::TileMap;
    g.rooms.clear();
    g.room_rects = rects.to_vec();
    g
}

#[test]
fn a_corridor_between_two_rooms() {
    let g = tile_map("S#+==+#E", &[Rect::new(0, 0, 2, 1), Rect::new(6, 0, 2, 1)]);
    assert_eq!(g.check(), Ok(()));
    let graph = NodeGraph::new(&g);
    // Two rooms, two doors, one run of two tiles.
    let kinds: Vec<NodeKind> = (0..graph.len()).map(|k| graph.kind(k)).collect();
    assert_eq!(
        kinds,
        [
            NodeKind::Room(0),
            NodeKind::Room(1),
            NodeKind::Door,
            NodeKind::Run,
            NodeKind::Door
        ]
    );
    let weights: Vec<u32> = (0..graph.len()).map(|k| graph.weight(k)).collect();
    // Rooms 2×1: ceil(3 / 2) = 2.
    assert_eq!(weights, [2, 2, 1, 2, 1]);
    assert_eq!(graph.neighbors(3), [2, 4]);
    for ends in [PoiEnds::AnyNodes, PoiEnds::Rooms] {
        let p = oracle::check_poi(&g, ends).unwrap();
        assert_eq!(p.length, 8);
        let ids: Vec<usize> = p.nodes.iter().map(|n| n.id).collect();
        assert_eq!(ids, [0, 2, 3, 4, 1]);
        // From the centre of the first room to the centre of the last.
        assert_eq!(p.tiles, (0..7).map(|x| (x, 0)).collect::<Vec<_>>());
    }
}

#[test]
fn a_junction_is_a_branching_point() {
    let g = tile_map(
        "
        S#+=====+#E
        .....=.....
        .....=.....
        .....+.....
        ....###....
        ",
        &[
            Rect::new(0, 0, 2, 1),
            Rect::new(9, 0, 2, 1),
            Rect::new(4, 4, 3, 1),
        ],
    );
    assert_eq!(g.check(), Ok(()));
    let graph = NodeGraph::new(&g);
    let count = |k: NodeKind| (0..graph.len()).filter(|&i| graph.kind(i) == k).count();
    assert_eq!(
        (
            count(NodeKind::Door),
            count(NodeKind::Branch),
            count(NodeKind::Run)
        ),
        (3, 1, 3)
    );
    let branch = graph.node_at((5, 0)).unwrap();
    assert_eq!(graph.kind(branch), NodeKind::Branch);
    assert_eq!(graph.neighbors(branch).len(), 3);
    // Every room pair is 2 + 1 + 2 + 1 + 2 + 1 + 2 = 11 apart.
    let p = oracle::check_poi(&g, PoiEnds::Rooms).unwrap();
    assert_eq!(p.length, 11);
    assert_eq!(p.nodes.len(), 7);
    assert!(p.nodes.iter().any(|n| n.kind == NodeKind::Branch));
}

#[test]
fn caves_have_no_rooms_but_a_path_between_nodes() {
    let g = DungeonGrid::from_ascii(
        "
        S,,
        .,.
        .,E
        ",
    )
    .unwrap();
    assert!(g.is_open_floor());
    assert_eq!(path_of_interest(&g, PoiEnds::Rooms), None);
    let p = oracle::check_poi(&g, PoiEnds::AnyNodes).unwrap();
    // Run {S} (1) + branch (1) + run of three (3).
    assert_eq!(p.length, 5);
    let mut tiles = p.tiles.clone();
    if tiles[0] != (0, 0) {
        tiles.reverse();
    }
    assert_eq!(tiles, [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)]);
    // A single run has no pair of nodes.
    let line = DungeonGrid::from_ascii("S,,E").unwrap();
    assert_eq!(path_of_interest(&line, PoiEnds::AnyNodes), None);
}

#[test]
fn room_grids_measure_rooms_of_weight_one() {
    let g = DungeonGrid::from_ascii(
        "
        S##.
        ..#.
        ..#E
        ",
    )
    .unwrap();
    let p = oracle::check_poi(&g, PoiEnds::Rooms).unwrap();
    assert_eq!(p.length, 6);
    assert_eq!(p.tiles.len(), 6);
}

/// Random small grids of every kind against the brute-force oracle.
#[test]
fn random_grids_match_the_oracle() {
    let mut rng = DungeonRng::new(4004);
    let mut found = 0;
    for case in 0..3000 {
        let (w, h) = (rng.range(1, 9), rng.range(1, 9));
        let mut g = DungeonGrid::new(w, h);
        let kinds = [
            Cell::Empty,
            Cell::Floor,
            Cell::Floor,
            Cell::Floor,
            Cell::Door,
        ];
        for c in g.cells.iter_mut() {
            *c = *rng.pick(&kinds).unwrap();
        }
        // Sides open with a chance, symmetric.
        for i in 0..g.cells.len() {
            let p = g.pos(i);
            for (dx, dy, bit, back) in [(1, 0, 2u8, 8u8), (0, 1, 4, 1)] {
                let q = (p.0 + dx, p.1 + dy);
                if g.cell(p).is_walkable() && g.cell(q).is_walkable() && rng.chance(0.8) {
                    let j = g.index(q).unwrap();
                    g.doors[i] |= bit;
                    g.doors[j] |= back;
                }
            }
        }
        match case % 3 {
            0 => g.kind = GridKind::TileMap,
            1 => {
                // A room grid: every walkable cell a room.
                for c in g.cells.iter_mut() {
                    if c.is_walkable() {
                        *c = Cell::Room;
                    }
                }
                g.rooms = (0..g.cells.len())
                    .filter(|&i| g.cells[i].is_walkable())
                    .map(|i| g.pos(i))
                    .collect();
            }
            _ => {
                // A tile map with one room rectangle, if it lands on floor.
                g.kind = GridKind::TileMap;
                let r = Rect::new(rng.range(0, w - 1), rng.range(0, h - 1), 2, 2);
                if r.cells().all(|p| g.cell(p).is_walkable()) {
                    for p in r.cells() {
                        g.set(p, Cell::Room);
                    }
                    // A room's floor is open inside (the graph counts a
                    // room as one place), as on every generated map.
                    for p in r.cells() {
                        for (dx, dy, bit, back) in crate::DIRS {
                            let q = (p.0 + dx, p.1 + dy);
                            if r.contains(q) {
                                let (i, j) = (g.index(p).unwrap(), g.index(q).unwrap());
                                g.doors[i] |= bit;
                                g.doors[j] |= back;
                            }
                        }
                    }
                    g.room_rects.push(r);
                }
            }
        }
        found += oracle::check_both(&g).iter().flatten().count();
    }
    assert!(found > 2500, "{found}");
}

#[test]
fn the_search_budget_is_counted_in_searches() {
    // A long corridor of branching points: every search is a full one and
    // the bounds settle it after a few.
    let row: String = std::iter::once('S')
        .chain(std::iter::repeat_n(',', 40))
        .chain(std::iter::once('E'))
        .collect();
    let pic = format!("{row}\n{row}\n{row}")
        .replacen('S', ",", 2)
        .replacen('E', ",", 2);
    let g = DungeonGrid::from_ascii(&pic).unwrap();
    let p = oracle::check_poi(&g, PoiEnds::AnyNodes).unwrap();
    assert!(p.exact && p.length > 40);
}

#[test]
fn heavy_nodes_use_the_heap_and_agree() {
    // A run of 5000 tiles weighs more than the bucket queue takes.
    let corridor = "=".repeat(5000);
    let pic = format!("S#+{corridor}+#E\n##.{}.##", ".".repeat(5000));
    let w = 5006;
    let g = tile_map(&pic, &[Rect::new(0, 0, 2, 2), Rect::new(w - 2, 0, 2, 2)]);
    assert_eq!(g.check(), Ok(()));
    let p = oracle::check_poi(&g, PoiEnds::Rooms).unwrap();
    // Rooms 2×2 weigh 2: 2 + 1 + 5000 + 1 + 2.
    assert_eq!(p.length, 5006);
}
