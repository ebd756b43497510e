//! The cut rounds against a plain model of them: every round relabels
//! the whole lattice with rectangle positions and shares vertices; the
//! build (ids kept across rounds, check rounds without shared vertices)
//! must give the same bytes.

use super::super::emit::{Cut, Emitted, MAX_ROUNDS, beside, cells, emit, split};
use super::super::partition::{Rect, labels};
use super::*;

/// [`super::super::emit::polygons`] written plainly: each round labels
/// every cell with its rectangle's position and emits with shared
/// vertices.
fn polygons_plain(lat: &Lattice, rects: &[Rect], unit: f64) -> NavData {
    let watch = Watch::new();
    let span = watch.span(0.0, 1.0);
    let mut rects = rects.to_vec();
    let mut only: Option<Vec<bool>> = None;
    for _ in 0..MAX_ROUNDS {
        let label = labels(lat, &rects);
        let Emitted { nav, cuts } =
            emit(lat, &rects, &label, (unit, only.as_deref(), true), span).unwrap();
        if cuts.is_empty() {
            if only.is_none() {
                return nav;
            }
            only = None;
            continue;
        }
        let mut at = Vec::new();
        let mut next = Vec::new();
        let mut dirty = Vec::new();
        let mut pending = cuts.iter().peekable();
        for (i, &r) in rects.iter().enumerate() {
            at.push(next.len());
            match pending.next_if(|c: &&(usize, Cut)| c.0 == i) {
                Some((_, c)) => split(r, c, &mut next),
                None => next.push(r),
            }
            dirty.resize(next.len(), false);
            if next.len() - at[i] > 1 {
                dirty[at[i]..].fill(true);
            }
        }
        for (i, _) in &cuts {
            for l in beside(lat, &label, rects[*i]) {
                dirty[at[l as usize]] = true;
            }
        }
        rects = next;
        only = Some(dirty);
    }
    let cells = cells(&rects);
    emit(lat, &cells, &labels(lat, &cells), (unit, None, true), span)
        .unwrap()
        .nav
}

/// The build and the plain model agree byte for byte on `g` under `o`;
/// 1 when the build cut a rectangle, else 0.
fn same(g: &DungeonGrid, o: &NavOptions) -> usize {
    let lat = o.lattice(g, Watch::new().span(0.0, 1.0)).unwrap();
    let rects = partition::best(&lat, Watch::new().span(0.0, 1.0)).unwrap();
    let unit = o.cell_size.0.min(o.cell_size.1);
    let plain = polygons_plain(&lat, &rects, unit);
    let built = build(g, o, &Watch::new()).unwrap();
    assert_eq!(built, plain);
    usize::from(plain.polygon_count() > rects.len())
}

/// Every generator's presets × seeds × radius 0 and 4 (16-unit cells),
/// and the room grids with walls and doorways: the build equals the
/// plain model, and some of these builds do cut rectangles.
#[test]
fn emission_equals_the_plain_model() {
    let mut cut = 0;
    for entry in GENERATORS {
        for preset in entry.presets() {
            let job = entry.job(Some(preset.name)).unwrap();
            for seed in 0..4 {
                let Ok(g) = job.generate(seed, 1 + (seed % 3) as i32) else {
                    continue;
                };
                for radius in [0.0, 4.0] {
                    let o = NavOptions {
                        cell_size: (16.0, 16.0),
                        agent_radius: radius,
                        ..NavOptions::default()
                    };
                    cut += same(&g, &o);
                }
                if g.kind() == GridKind::RoomGrid {
                    for radius in [0.0, 1.5] {
                        let o = NavOptions {
                            cell_size: (80.0, 60.0),
                            agent_radius: radius,
                            room_wall_thickness: 2.0,
                            room_door_width: 12.0,
                            ..NavOptions::default()
                        };
                        cut += same(&g, &o);
                    }
                }
            }
        }
    }
    assert!(cut > 0, "no build cut a rectangle");
}
