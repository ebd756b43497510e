//! Fans a server can split without losing precision: the slenderness
//! bound, the cuts that keep it, and a 32-bit model of the closest-point
//! search that the bound protects.

use super::*;
use crate::nav::fan::{MAX_SLENDERNESS, slenderness_sq};

/// The slenderness of polygon `i`'s fan from its first vertex.
fn slenderness(nav: &NavData, i: usize) -> f64 {
    let pts: Vec<[f64; 2]> = nav
        .polygon(i)
        .iter()
        .map(|&v| nav.vertices[v as usize].map(f64::from))
        .collect();
    let (lo, hi) = pts
        .iter()
        .fold(([f64::MAX; 2], [f64::MIN; 2]), |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1])],
                [hi[0].max(p[0]), hi[1].max(p[1])],
            )
        });
    slenderness_sq(&pts, 0, (hi[0] - lo[0]).min(hi[1] - lo[1]), f64::INFINITY).sqrt()
}

/// The point of triangle `v` closest to `p`, worked out in 32-bit floats
/// the way a navigation server does (Eberly's method: minimise the
/// squared distance over the triangle's two edge parameters, clamping to
/// the edge or corner whose region holds the unconstrained minimum).
fn closest_f32(p: [f32; 2], v: [[f32; 2]; 3]) -> [f32; 2] {
    let sub = |a: [f32; 2], b: [f32; 2]| [a[0] - b[0], a[1] - b[1]];
    let dot = |a: [f32; 2], b: [f32; 2]| a[0] * b[0] + a[1] * b[1];
    let (e0, e1, w) = (sub(v[1], v[0]), sub(v[2], v[0]), sub(v[0], p));
    let (a, b, c) = (dot(e0, e0), dot(e0, e1), dot(e1, e1));
    let (d, e) = (dot(e0, w), dot(e1, w));
    let det = a * c - b * b;
    let (s, t) = (b * e - c * d, b * d - a * e);
    let unit = |x: f32| x.clamp(0.0, 1.0);
    // On the edge from v1 to v2: (s, 1 − s).
    let far_edge = || {
        let s = unit((c + e - b - d) / (a - 2.0 * b + c));
        (s, 1.0 - s)
    };
    let (s, t) = if s + t < det {
        match (s < 0.0, t < 0.0) {
            (true, true) if d < 0.0 => (unit(-d / a), 0.0),
            (true, _) => (0.0, unit(-e / c)),
            (false, true) => (unit(-d / a), 0.0),
            (false, false) => {
                let inv = 1.0 / det;
                (s * inv, t * inv)
            }
        }
    } else if s < 0.0 {
        if c + e > b + d {
            far_edge()
        } else {
            (0.0, unit(-e / c))
        }
    } else if t < 0.0 {
        if a + d > b + e {
            far_edge()
        } else {
            (unit(-d / a), 0.0)
        }
    } else {
        far_edge()
    };
    let q = [v[0][0] + s * e0[0], v[0][1] + s * e0[1]];
    [q[0] + t * e1[0], q[1] + t * e1[1]]
}

/// The largest distance, over the walkable cell centres of `g`, between a
/// centre and the closest point the 32-bit model finds on the fan of the
/// polygon holding it (the server takes the nearest over all triangles,
/// so its answer is at least this close). Tiles of [`TILE`].
fn worst_closest_point(g: &DungeonGrid, nav: &NavData) -> f32 {
    let (gw, gh) = (g.width() as usize, g.height() as usize);
    let mut worst: f32 = 0.0;
    for (i, poly) in nav.polygons().enumerate() {
        let v = |k: usize| nav.vertices[poly[k] as usize];
        let (lo, hi) = poly
            .iter()
            .fold(([f32::MAX; 2], [f32::MIN; 2]), |(lo, hi), &k| {
                let p = nav.vertices[k as usize];
                (
                    [lo[0].min(p[0]), lo[1].min(p[1])],
                    [hi[0].max(p[0]), hi[1].max(p[1])],
                )
            });
        let t = TILE.0 as f32;
        for y in 0..gh {
            for x in 0..gw {
                let p = [(x as f32 + 0.5) * t, (y as f32 + 0.5) * t];
                let inside = p[0] > lo[0] && p[0] < hi[0] && p[1] > lo[1] && p[1] < hi[1];
                if !inside {
                    continue;
                }
                let err = (2..poly.len())
                    .map(|j| {
                        let q = closest_f32(p, [v(0), v(j - 1), v(j)]);
                        ((q[0] - p[0]).powi(2) + (q[1] - p[1]).powi(2)).sqrt()
                    })
                    .fold(f32::MAX, f32::min);
                assert!(err < f32::MAX, "polygon {i} has no triangle");
                worst = worst.max(err);
            }
        }
    }
    worst
}

/// A 1 × `n` corridor of tiles.
fn corridor(n: usize) -> DungeonGrid {
    DungeonGrid::from_ascii(&format!("S{}E", "=".repeat(n - 2))).unwrap()
}

#[test]
fn a_long_corridor_is_cut_and_a_needle_is_refused() {
    // 100 tiles: one rectangle fans too slenderly from any vertex, even
    // from the middle of a long side; two halves do not.
    let g = corridor(100);
    let nav = checked(&g, &opts());
    assert_eq!(nav.polygon_count(), 2);
    for i in 0..2 {
        assert!(slenderness(&nav, i) <= MAX_SLENDERNESS);
    }
    // The corridor as one rectangle fanned from a corner is refused.
    let needle = NavData {
        vertices: vec![[0.0, 0.0], [0.0, 16.0], [1600.0, 16.0], [1600.0, 0.0]],
        indices: vec![0, 1, 2, 3],
        offsets: vec![0, 4],
    };
    assert!(slenderness(&needle, 0) > 8.0 * MAX_SLENDERNESS);
    let e = verify::check(&g, &opts(), &needle, MERGE).unwrap_err();
    assert!(e.contains("too slender"), "{e}");
    // 64 tiles: one rectangle, fanned from the middle of a long side.
    let short = checked(&corridor(64), &opts());
    assert_eq!(short.polygon_count(), 1);
    assert_eq!(short.vertices.len(), 5);
}

#[test]
fn a_corridor_with_many_branches_is_cut_into_fans_that_keep_their_ends() {
    // A 1 × 80 corridor on row 1 with a one-tile branch above every fifth
    // tile: its top side carries 32 vertices. As one polygon fanned from a
    // bottom corner (a first vertex with no flat triangle, as emission
    // once chose) its far triangles are needles that the modelled server
    // misplaces cell centres in by a tenth of a pixel.
    let n = 80;
    let top: String = (0..n).map(|x| if x % 5 == 2 { '.' } else { '#' }).collect();
    let mid: String = (0..n)
        .map(|x| match x {
            0 => 'S',
            x if x == n - 1 => 'E',
            _ => '=',
        })
        .collect();
    let g = DungeonGrid::from_ascii(&format!("{top}\n{mid}")).unwrap();
    let nav = checked(&g, &opts());
    assert_eq!(nav.polygon_count() - n / 5, 6, "corridor pieces");
    for i in 0..nav.polygon_count() {
        assert!(slenderness(&nav, i) <= MAX_SLENDERNESS, "polygon {i}");
    }
    // The modelled server finds every cell centre within a thousandth of
    // a tile.
    assert!(worst_closest_point(&g, &nav) < 0.016);
    // The corridor as one polygon (moved up a row, alone), walked from its
    // bottom-left corner: along the bottom, up the right side, back along
    // the top through the branches' vertices.
    let w = n as f32 * 16.0;
    let mut vertices = vec![[0.0, 16.0], [w, 16.0], [w, 0.0]];
    for b in (0..n / 5).rev() {
        vertices.extend([
            [(5 * b + 3) as f32 * 16.0, 0.0],
            [(5 * b + 2) as f32 * 16.0, 0.0],
        ]);
    }
    vertices.push([0.0, 0.0]);
    let old = NavData {
        indices: (0..vertices.len() as u32).collect(),
        offsets: vec![0, vertices.len() as u32],
        vertices,
    };
    assert!(slenderness(&old, 0) > 100.0 * MAX_SLENDERNESS);
    let alone = DungeonGrid::from_ascii(&mid).unwrap();
    let e = worst_closest_point(&alone, &old);
    assert!(e > 0.08, "{e}");
}

#[test]
fn every_preset_keeps_closest_points_within_a_thousandth_of_a_tile() {
    let mut worst: f32 = 0.0;
    sweep(&opts(), 0..2, |ctx, g, nav| {
        let e = worst_closest_point(g, nav);
        assert!(e < 0.016, "{ctx}: a cell centre lands {e} away");
        worst = worst.max(e);
    });
    println!("worst closest-point error: {worst} (tile 16)");
}
