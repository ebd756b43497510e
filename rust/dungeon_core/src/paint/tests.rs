use super::*;
use crate::grid::Cell;

/// The 47 blob masks as published for the blob tile set (cr31's "blob"
/// reference), typed in by hand.
const PUBLISHED_47: [u8; 47] = [
    0, 1, 4, 5, 7, 16, 17, 20, 21, 23, 28, 29, 31, 64, 65, 68, 69, 71, 80, 81, 84, 85, 87, 92, 93,
    95, 112, 113, 116, 117, 119, 124, 125, 127, 193, 197, 199, 209, 213, 215, 221, 223, 241, 245,
    247, 253, 255,
];

/// A 5×5 grid whose centre (2, 2) is empty and whose 8 neighbours are
/// solid where `mask` has their bit, room floor elsewhere.
fn around(mask: u8) -> DungeonGrid {
    let mut g = DungeonGrid::new(5, 5);
    for (i, d) in NEIGHBOURS_8.iter().enumerate() {
        if mask & (1 << i) == 0 {
            g.set((2 + d.0, 2 + d.1), Cell::Room);
        }
    }
    g
}

#[test]
fn blob_masks_are_the_published_47() {
    assert_eq!(BLOB_MASKS, PUBLISHED_47);
}

#[test]
fn every_blob_case_from_a_grid() {
    for (i, &mask) in PUBLISHED_47.iter().enumerate() {
        let g = around(mask);
        assert_eq!(solid_mask_8(&g, (2, 2)), mask);
        assert_eq!(usize::from(blob_index(mask)), i, "mask {mask}");
        let wall = mask != 255;
        assert_eq!(
            is_wall(&g, (2, 2), WallNeighbours::Eight),
            wall,
            "mask {mask}"
        );
        let expected = if wall {
            PaintKind::Wall {
                edge: edge_from_8(mask),
                blob: i as u8,
            }
        } else {
            PaintKind::Nothing
        };
        assert_eq!(paint_kind(&g, (2, 2), WallNeighbours::Eight), expected);
    }
}

#[test]
fn corners_count_only_between_two_solid_sides() {
    // N and E solid, NE open: the corner is dropped, the tile is the N|E one.
    assert_eq!(reduce_blob(1 | 4), 5);
    assert_eq!(blob_index(1 | 4), 3);
    // The NE corner alone (sides open) is ignored: same as no neighbours.
    assert_eq!(blob_index(2), blob_index(0));
    // Every raw mask lands on a tile whose mask it reduces to.
    for m in 0..=255u8 {
        assert_eq!(BLOB_MASKS[usize::from(blob_index(m))], reduce_blob(m));
        assert_eq!(reduce_blob(reduce_blob(m)), reduce_blob(m));
    }
}

#[test]
fn every_edge_case_from_a_grid() {
    for edge in 0..16u8 {
        // The side bits N=1, E=2, S=4, W=8 sit at blob bits 0, 2, 4, 6;
        // diagonals solid except NE, which keeps the centre a wall when
        // all four sides are solid.
        let sides = (edge & 1) | ((edge & 2) << 1) | ((edge & 4) << 2) | ((edge & 8) << 3);
        let mask = sides | 8 | 32 | 128;
        let g = around(mask);
        assert_eq!(edge_index(&g, (2, 2)), edge, "edge {edge}");
        assert!(is_wall(&g, (2, 2), WallNeighbours::Eight));
        // With four neighbours a wall needs an open side.
        assert_eq!(is_wall(&g, (2, 2), WallNeighbours::Four), edge != 15);
    }
}

#[test]
fn walls_ring_a_room_exactly() {
    let g = DungeonGrid::from_ascii(
        "
        .......
        .......
        ..S#...
        ..#E...
        .......
        .......
        ",
    )
    .unwrap();
    let walls = |n| -> Vec<Pos> {
        (0..g.cells().len())
            .map(|i| g.pos(i))
            .filter(|&p| is_wall(&g, p, n))
            .collect()
    };
    let eight = walls(WallNeighbours::Eight);
    // The 4×4 square around the 2×2 room minus the room itself.
    let mut ring = Vec::new();
    for y in 1..=4 {
        for x in 1..=4 {
            if !(2..=3).contains(&x) || !(2..=3).contains(&y) {
                ring.push((x, y));
            }
        }
    }
    assert_eq!(eight, ring);
    let four = walls(WallNeighbours::Four);
    let corners = [(1, 1), (4, 1), (1, 4), (4, 4)];
    let sides: Vec<Pos> = ring.into_iter().filter(|p| !corners.contains(p)).collect();
    assert_eq!(four, sides);
    // The wall above the room's top-left tile: floor S and SE, solid elsewhere.
    let top = paint_kind(&g, (2, 1), WallNeighbours::Eight);
    let raw = 255 - 16 - 8;
    assert_eq!(
        top,
        PaintKind::Wall {
            edge: 1 | 2 | 8,
            blob: blob_index(raw)
        }
    );
    assert_eq!(
        BLOB_MASKS[usize::from(blob_index(raw))],
        1 | 2 | 4 | 64 | 128
    );
    // The outer corner NW of the room: only SE is floor (mask 247, tile 44).
    assert_eq!(
        paint_kind(&g, (1, 1), WallNeighbours::Eight),
        PaintKind::Wall { edge: 15, blob: 44 }
    );
    let all = paint_all(&g, WallNeighbours::Eight);
    assert_eq!(all[3 * 7 + 3], PaintKind::Cell(Cell::End));
    assert_eq!(all[0], PaintKind::Nothing);
    assert_eq!(
        all.iter()
            .filter(|k| matches!(k, PaintKind::Wall { .. }))
            .count(),
        12
    );
}

#[test]
fn walls_stay_inside_the_grid() {
    let g = DungeonGrid::from_ascii("SE\n..").unwrap();
    assert!(is_wall(&g, (0, 1), WallNeighbours::Four));
    assert!(!is_wall(&g, (0, -1), WallNeighbours::Eight));
    // Outside the grid counts as solid.
    assert_eq!(edge_index(&g, (0, 1)), 2 | 4 | 8);
}

/// `paint_all` (one pass over a padded copy) gives what `paint_kind`, the
/// plain per-cell rule, gives, on random grids of every cell kind (walkable
/// cells on the border too) and on a generated map.
#[test]
fn paint_all_matches_paint_kind_on_every_cell() {
    let mut rng = crate::rng::DungeonRng::new(4711);
    let kinds = [
        Cell::Empty,
        Cell::Empty,
        Cell::Empty,
        Cell::Floor,
        Cell::Room,
        Cell::Door,
        Cell::Start,
        Cell::End,
    ];
    let mut grids: Vec<DungeonGrid> = (0..2000)
        .map(|_| {
            let (w, h) = (rng.range(1, 12), rng.range(1, 12));
            let mut g = DungeonGrid::new(w, h);
            for c in g.cells.iter_mut() {
                *c = *rng.pick(&kinds).unwrap();
            }
            g
        })
        .collect();
    let cave = crate::cave::CaveConfig {
        width: 96,
        height: 64,
        ..Default::default()
    };
    grids.push(crate::cave::generate(&cave, 3, 1).unwrap());
    for g in &grids {
        for n in [WallNeighbours::Four, WallNeighbours::Eight] {
            let all = paint_all(g, n);
            assert_eq!(all.len(), g.cells().len());
            for (i, k) in all.iter().enumerate() {
                assert_eq!(
                    *k,
                    paint_kind(g, g.pos(i), n),
                    "cell {:?} of\n{}",
                    g.pos(i),
                    g.to_ascii()
                );
            }
        }
    }
}
