//! Tests of the navigation build: goldens, registry sweeps, errors.

use super::lattice::{self, Lattice, OPEN_E, OPEN_S};
use super::partition::{self, NONE as NO_RECT};
use super::*;
use crate::grid::{Cell, DOOR_N, DOOR_S, GridKind};
use crate::registry::GENERATORS;

/// The merge cell the checks use (Godot 2D's default map cell size).
const MERGE: f64 = 1.0;
/// A tile size well above twice the merge cell.
const TILE: (f64, f64) = (16.0, 16.0);

fn opts() -> NavOptions {
    NavOptions {
        cell_size: TILE,
        ..NavOptions::default()
    }
}

/// Builds, checks with [`verify::check`] and returns the data.
fn checked(g: &DungeonGrid, o: &NavOptions) -> NavData {
    let nav = build(g, o, &Watch::new()).unwrap();
    if let Err(e) = verify::check(g, o, &nav, MERGE) {
        panic!("{e}\n{g}");
    }
    nav
}

/// Vertices in tile units, for readable goldens.
fn tiles(nav: &NavData) -> Vec<(f32, f32)> {
    nav.vertices
        .iter()
        .map(|v| (v[0] / 16.0, v[1] / 16.0))
        .collect()
}

fn polys(nav: &NavData) -> Vec<Vec<u32>> {
    nav.polygons().map(<[u32]>::to_vec).collect()
}

/// Closes the side between `a` and its south neighbour.
fn wall_south(g: &mut DungeonGrid, a: (i32, i32)) {
    let i = g.index(a).unwrap();
    let j = g.index((a.0, a.1 + 1)).unwrap();
    g.doors[i] &= !DOOR_S;
    g.doors[j] &= !DOOR_N;
}

#[test]
fn plus_golden() {
    let g = DungeonGrid::from_ascii(".S.\n###\n.E.").unwrap();
    let nav = checked(&g, &opts());
    assert_eq!(
        tiles(&nav),
        [
            (1.0, 0.0),
            (1.0, 1.0),
            (2.0, 1.0),
            (2.0, 0.0),
            (0.0, 1.0),
            (0.0, 2.0),
            (1.0, 2.0),
            (2.0, 2.0),
            (3.0, 2.0),
            (3.0, 1.0),
            (0.0, 1.5),
            (1.0, 3.0),
            (2.0, 3.0),
        ]
    );
    assert_eq!(
        polys(&nav),
        [
            vec![0, 1, 2, 3],
            // Fanned from a new vertex in the middle of its left side
            // (nothing walkable lies across it): each of its corners
            // touches a side with vertices inside.
            vec![10, 5, 6, 7, 8, 9, 2, 1, 4],
            vec![6, 11, 12, 7]
        ]
    );
    assert_eq!(nav.offsets, [0, 4, 13, 17]);
}

#[test]
fn corridor_beside_a_room_gets_a_wall_midpoint() {
    let mut g = DungeonGrid::from_ascii("S###\n===E").unwrap();
    wall_south(&mut g, (1, 0));
    wall_south(&mut g, (2, 0));
    let nav = checked(&g, &opts());
    assert_eq!(
        tiles(&nav),
        [
            (0.0, 0.0),
            (0.0, 1.0),
            (1.0, 1.0),
            (3.0, 1.0),
            (4.0, 1.0),
            (4.0, 0.0),
            (0.0, 2.0),
            (4.0, 2.0),
            (2.0, 1.0),
        ]
    );
    assert_eq!(
        polys(&nav),
        [vec![0, 1, 2, 3, 4, 5], vec![6, 7, 4, 3, 8, 2, 1]]
    );
    let r = verify::check(&g, &opts(), &nav, MERGE).unwrap();
    assert_eq!((r.joins, r.components, r.wall_midpoints), (2, 1, 1));
}

#[test]
fn vertices_closer_than_the_merge_cell_allows_are_refused() {
    let mut g = DungeonGrid::from_ascii("S###\n===E").unwrap();
    let with = |m: f64| NavOptions {
        merge_cell: m,
        ..opts()
    };
    // Tiles 16 apart; a vertex may sit half way along a side (a thin
    // wall's midpoint, or the one that gives a polygon a good first
    // vertex), so 16 / 2 / 1.5 is the largest merge cell, walls or not.
    for wall in [false, true] {
        if wall {
            wall_south(&mut g, (1, 0));
        }
        assert!(build(&g, &with(5.3), &Watch::new()).is_ok());
        let Err(GenError::Config(e)) = build(&g, &with(5.4), &Watch::new()) else {
            panic!("merge cell 5.4 accepted");
        };
        assert_eq!(e.field, "merge_cell");
    }
    assert!(build(&g, &with(f64::NAN), &Watch::new()).is_err());
}

#[test]
fn a_wall_that_cuts_the_map_splits_the_mesh() {
    // Closing every side between the rows leaves two parts, joined nowhere.
    let mut g = DungeonGrid::from_ascii("S##\n##E").unwrap();
    for x in 0..3 {
        wall_south(&mut g, (x, 0));
    }
    let nav = checked(&g, &opts());
    let r = verify::check(&g, &opts(), &nav, MERGE).unwrap();
    assert_eq!((r.polygons, r.joins, r.components), (2, 0, 2));
}

#[test]
fn l_ring_and_pinch_goldens() {
    // (picture, polygons, grid components)
    let cases = [
        ("S..\n#..\n##E", 2, 1),
        ("S##\n#.#\n##E", 4, 1),
        ("S#..\n##..\n..#E\n..##", 2, 2),
        ("S=====E", 1, 1),
        ("S#\n##\n##\n#E", 1, 1),
    ];
    for (pic, n, parts) in cases {
        let g = DungeonGrid::from_ascii(pic).unwrap();
        let nav = checked(&g, &opts());
        let r = verify::check(&g, &opts(), &nav, MERGE).unwrap();
        assert_eq!((r.polygons, r.components), (n, parts), "{pic}");
        assert_eq!(r.wall_midpoints, 0);
    }
}

#[test]
fn the_checker_catches_broken_builds() {
    let g = DungeonGrid::from_ascii(".S.\n###\n.E.").unwrap();
    let good = checked(&g, &opts());
    // A T-junction: the middle polygon loses its vertex under the top one.
    let mut t_junction = good.clone();
    t_junction.indices = vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 6, 10, 11, 7];
    t_junction.offsets = vec![0, 4, 11, 15];
    assert!(verify::check(&g, &opts(), &t_junction, MERGE).is_err());
    // A polygon dropped: cells uncovered.
    let mut gone = good.clone();
    gone.offsets.pop();
    assert!(
        verify::check(&g, &opts(), &gone, MERGE)
            .unwrap_err()
            .contains("not covered")
    );
    // The wall midpoint dropped: the polygons join across the wall.
    let mut w = DungeonGrid::from_ascii("S###\n===E").unwrap();
    wall_south(&mut w, (1, 0));
    wall_south(&mut w, (2, 0));
    let mut nav = checked(&w, &opts());
    nav.indices.retain(|&i| i != 8);
    *nav.offsets.last_mut().unwrap() -= 1;
    assert!(
        verify::check(&w, &opts(), &nav, MERGE)
            .unwrap_err()
            .contains("closed side")
    );
    // A merge cell of two tiles: neighbouring vertices share keys.
    assert!(
        verify::check(&g, &opts(), &good, 32.0)
            .unwrap_err()
            .contains("share the merge key")
    );
}

#[test]
fn bad_options_name_the_field() {
    let g = DungeonGrid::from_ascii("S#E").unwrap();
    for cs in [
        (0.0, 16.0),
        (-1.0, 16.0),
        (f64::NAN, 1.0),
        (1.0, f64::INFINITY),
    ] {
        let o = NavOptions {
            cell_size: cs,
            ..NavOptions::default()
        };
        let Err(GenError::Config(e)) = build(&g, &o, &Watch::new()) else {
            panic!("{cs:?} accepted");
        };
        assert_eq!(e.field, "cell_size");
    }
    for r in [8.0, 100.0, -1.0, f64::NAN] {
        let o = NavOptions {
            agent_radius: r,
            ..opts()
        };
        let Err(GenError::Config(e)) = build(&g, &o, &Watch::new()) else {
            panic!("radius {r} accepted");
        };
        assert_eq!(e.field, "agent_radius");
        assert!(e.to_string().contains("radius < 8"), "{e}");
    }
}

#[test]
fn a_cancelled_watch_stops_the_build() {
    let g = DungeonGrid::from_ascii("S#E").unwrap();
    let w = Watch::new();
    w.cancel();
    assert_eq!(build(&g, &opts(), &w), Err(GenError::Cancelled));
    let w = Watch::new();
    checked(&g, &opts());
    build(&g, &opts(), &w).unwrap();
    assert_eq!(w.progress(), 1.0);
    // Stopped part way: a cancel during the partition is seen there.
    let mut job = crate::registry::find("cave").unwrap().job(None).unwrap();
    job.set("width", "300").unwrap();
    job.set("height", "300").unwrap();
    let g = job.generate(1, 1).unwrap();
    let w = Watch::with_observer(|p| p < 0.5);
    assert_eq!(build(&g, &opts(), &w), Err(GenError::Cancelled));
    assert!(
        w.progress() >= 0.5 && w.progress() < 1.0,
        "{}",
        w.progress()
    );
}

/// No two rectangles of `rects` share a full side over open sides (the
/// merge step would find nothing).
fn assert_no_merge(lat: &Lattice, rects: &[partition::Rect]) {
    let label = partition::labels(lat, rects);
    let id = |x: u32, y: u32| {
        (x < lat.w as u32)
            .then(|| label.get(y as usize * lat.w + x as usize).copied())
            .flatten()
            .filter(|&l| l != NO_RECT)
    };
    for r in rects {
        if let Some(s) = id(r.x1, r.y0).map(|s| rects[s as usize])
            && (s.y0, s.y1) == (r.y0, r.y1)
        {
            assert!((r.y0..r.y1).any(|y| !lat.has(r.x1 as usize - 1, y as usize, OPEN_E)));
        }
        if let Some(s) = id(r.x0, r.y1).map(|s| rects[s as usize])
            && (s.x0, s.x1) == (r.x0, r.x1)
        {
            assert!((r.x0..r.x1).any(|x| !lat.has(x as usize, r.y1 as usize - 1, OPEN_S)));
        }
    }
}

/// Every generator × every preset × `seeds`, built with `o`: checked,
/// deterministic, and (with the secret doors closed too) still checked;
/// `each` sees every grid and its build.
pub(super) fn sweep(
    o: &NavOptions,
    seeds: std::ops::Range<u64>,
    mut each: impl FnMut(&str, &DungeonGrid, &NavData),
) {
    for entry in GENERATORS {
        for preset in entry.presets() {
            let job = entry.job(Some(preset.name)).unwrap();
            for seed in seeds.clone() {
                let Ok(g) = job.generate(seed, 1 + (seed % 3) as i32) else {
                    continue;
                };
                let nav = checked(&g, o);
                assert_eq!(build(&g, o, &Watch::new()).unwrap(), nav);
                let closed = NavOptions {
                    secret_doors_open: false,
                    ..o.clone()
                };
                checked(&g, &closed);
                let lat = o.lattice(&g, Watch::new().span(0.0, 1.0)).unwrap();
                assert_no_merge(
                    &lat,
                    &partition::rows_first(&lat, Watch::new().span(0.0, 1.0)).unwrap(),
                );
                assert_no_merge(
                    &lat.transposed(),
                    &partition::rows_first(&lat.transposed(), Watch::new().span(0.0, 1.0)).unwrap(),
                );
                each(
                    &format!("{} {} seed {seed}", entry.name(), preset.name),
                    &g,
                    &nav,
                );
            }
        }
    }
}

#[test]
fn every_preset_builds_checked_navigation() {
    let (mut kinds, mut walls) = ([0usize; 2], 0);
    sweep(&opts(), 0..5, |_, g, nav| {
        kinds[usize::from(g.kind() == GridKind::TileMap)] += 1;
        walls += verify::check(g, &opts(), nav, MERGE)
            .unwrap()
            .wall_midpoints;
    });
    // Both kinds of grid, and thin walls among them.
    assert!(
        kinds[0] > 0 && kinds[1] > 0 && walls > 0,
        "{kinds:?} {walls}"
    );
}

mod bound;
mod emit;
mod fan;
mod margin;
mod rooms;

/// A corridor whose every corner touches a side with vertices inside, and
/// no side of which has exactly one or borders nothing: no vertex order
/// fans it without a flat triangle, so it is cut in two (and its lower
/// half again), and the checks (the fan rule among them) still hold.
#[test]
fn a_corridor_no_vertex_order_fans_is_cut() {
    // Row 0 and row 6 are wide; column 2 joins them; the cells beside it
    // on rows 2 and 4 lie behind thin walls.
    let mut g = DungeonGrid::from_ascii("S####\n..#..\n.###.\n..#..\n.###.\n..#..\n####E").unwrap();
    for y in [2, 4] {
        for x in [1, 2] {
            let i = g.index((x, y)).unwrap();
            let j = g.index((x + 1, y)).unwrap();
            g.doors[i] &= !crate::grid::DOOR_E;
            g.doors[j] &= !crate::grid::DOOR_W;
        }
    }
    let nav = checked(&g, &opts());
    // Rows first: the two wide rows, the corridor, the four side cells
    // (7); the corridor becomes rows 1–2, 3 and 4–5.
    let rects = partition::best(
        &opts().lattice(&g, Watch::new().span(0.0, 1.0)).unwrap(),
        Watch::new().span(0.0, 1.0),
    )
    .unwrap();
    assert_eq!(rects.len(), 7);
    assert_eq!(nav.polygon_count(), 9);
}

/// Options a 32-bit output or a server's integer keys cannot hold are
/// refused, naming the merge cell: a radius a hair above 0 (its lines
/// would round onto the tile's), and a merge cell so fine that keys
/// overflow. Both found by the `nav_build` fuzz target.
#[test]
fn spacing_floats_and_keys_cannot_hold_is_refused() {
    let g = DungeonGrid::from_ascii("S###\n===E").unwrap();
    let hair = NavOptions {
        agent_radius: 5e-324,
        merge_cell: 0.0,
        ..opts()
    };
    let Err(GenError::Config(e)) = build(&g, &hair, &Watch::new()) else {
        panic!("a radius of 5e-324 accepted");
    };
    assert_eq!(e.field, "merge_cell");
    assert!(e.allowed.contains("round to one"), "{e}");
    let fine = NavOptions {
        merge_cell: 3e-86,
        ..opts()
    };
    let Err(GenError::Config(e)) = build(&g, &fine, &Watch::new()) else {
        panic!("a merge cell of 3e-86 accepted");
    };
    assert_eq!(e.field, "merge_cell");
    // A small radius that floats keep apart is fine.
    assert!(
        build(
            &g,
            &NavOptions {
                agent_radius: 0.01,
                merge_cell: 0.0,
                ..opts()
            },
            &Watch::new()
        )
        .is_ok()
    );
}
