//! Agent radius above 0: the 3 × 3 lattice, its clearance, and the sweep.

use super::bound::worst_ratios;
use super::*;
use crate::grid::{DOOR_E, DOOR_W};
use crate::rng::DungeonRng;

/// A quarter of a tile.
const R: f64 = 4.0;

fn with_radius(r: f64) -> NavOptions {
    NavOptions {
        agent_radius: r,
        ..opts()
    }
}

#[test]
fn a_corridor_narrows_by_the_radius() {
    let g = DungeonGrid::from_ascii("S=====E").unwrap();
    let nav = checked(&g, &with_radius(R));
    assert_eq!(nav.polygon_count(), 1);
    assert_eq!(
        nav.vertices,
        [[4.0, 4.0], [4.0, 12.0], [108.0, 12.0], [108.0, 4.0]]
    );
}

#[test]
fn a_thin_wall_becomes_a_gap() {
    let mut g = DungeonGrid::from_ascii("S###\n===E").unwrap();
    wall_south(&mut g, (1, 0));
    wall_south(&mut g, (2, 0));
    let o = with_radius(R);
    let nav = checked(&g, &o);
    let r = verify::check(&g, &o, &nav, MERGE).unwrap();
    assert_eq!((r.components, r.wall_midpoints), (1, 0));
    // Nothing walkable within R of the wall line y = 16 over x in (16, 48).
    for poly in nav.polygons() {
        let ys: Vec<f32> = poly.iter().map(|&i| nav.vertices[i as usize][1]).collect();
        let xs: Vec<f32> = poly.iter().map(|&i| nav.vertices[i as usize][0]).collect();
        let (x0, x1) = (
            xs.iter().copied().fold(f32::MAX, f32::min),
            xs.iter().copied().fold(f32::MIN, f32::max),
        );
        let (y0, y1) = (
            ys.iter().copied().fold(f32::MAX, f32::min),
            ys.iter().copied().fold(f32::MIN, f32::max),
        );
        let over_wall = x1 > 16.0 - 4.0 && x0 < 48.0 + 4.0;
        assert!(!over_wall || y1 <= 12.0 || y0 >= 20.0, "{xs:?} {ys:?}");
    }
}

/// Whether the agent square of half-side `r` around every point of the
/// box `[x0, x1] × [y0, y1]` (grid units) stays on walkable cells and off
/// thin walls: the box grown by `r` meets no blocked cell's interior and
/// crosses no closed side between walkable cells.
fn clear(g: &DungeonGrid, b: [f64; 4], r: f64) -> bool {
    let (x0, y0, x1, y1) = (b[0] - r, b[1] - r, b[2] + r, b[3] + r);
    let eps = 1e-9;
    if x0 < -eps || y0 < -eps || x1 > f64::from(g.width()) + eps || y1 > f64::from(g.height()) + eps
    {
        return false;
    }
    for y in 0..g.height() {
        for x in 0..g.width() {
            let (fx, fy) = (f64::from(x), f64::from(y));
            let meets =
                fx < x1 - eps && fx + 1.0 > x0 + eps && fy < y1 - eps && fy + 1.0 > y0 + eps;
            if !meets {
                continue;
            }
            if !g.cell((x, y)).is_walkable() {
                return false;
            }
            // The east side x + 1 over [y, y + 1], crossed by the box's
            // interior; likewise the south side.
            let m = g.door_mask((x, y));
            let e = fx + 1.0 > x0 + eps && fx + 1.0 < x1 - eps;
            if e && x + 1 < g.width() && g.cell((x + 1, y)).is_walkable() && m & DOOR_E == 0 {
                return false;
            }
            let s = fy + 1.0 > y0 + eps && fy + 1.0 < y1 - eps;
            if s && y + 1 < g.height() && g.cell((x, y + 1)).is_walkable() && m & DOOR_S == 0 {
                return false;
            }
        }
    }
    true
}

#[test]
fn margin_cells_are_exactly_the_clear_places() {
    let mut rng = DungeonRng::new(9);
    for case in 0..300 {
        let (w, h) = (rng.range(1, 5), rng.range(1, 4));
        let mut g = DungeonGrid::new(w, h);
        for y in 0..h {
            for x in 0..w {
                if rng.chance(0.8) {
                    g.set((x, y), Cell::Floor);
                }
            }
        }
        g.connect_adjacent();
        for y in 0..h {
            for x in 0..w {
                if x + 1 < w && rng.chance(0.2) {
                    let (i, j) = (g.index((x, y)).unwrap(), g.index((x + 1, y)).unwrap());
                    g.doors[i] &= !DOOR_E;
                    g.doors[j] &= !DOOR_W;
                }
                if y + 1 < h && rng.chance(0.2) {
                    wall_south(&mut g, (x, y));
                }
            }
        }
        let r = rng.uniform(0.05, 0.45);
        let o = NavOptions {
            agent_radius: r,
            ..NavOptions::default()
        };
        let lat = o.lattice(&g, Watch::new().span(0.0, 1.0)).unwrap();
        for y in 0..lat.h {
            for x in 0..lat.w {
                let b = [lat.xs[x], lat.ys[y], lat.xs[x + 1], lat.ys[y + 1]];
                let walk = lat.has(x, y, lattice::WALK);
                // A walkable cell is clear everywhere; a blocked one is not
                // clear even at its centre.
                let centre = [(b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0];
                let here = if walk {
                    b
                } else {
                    [centre[0], centre[1], centre[0], centre[1]]
                };
                assert_eq!(
                    clear(&g, here, r),
                    walk,
                    "case {case} r {r} cell ({x}, {y})\n{g}"
                );
            }
        }
    }
}

#[test]
fn every_preset_with_a_radius() {
    assert!(worst_ratios(&with_radius(R), 0..2).len() >= GENERATORS.len() - 1);
}
