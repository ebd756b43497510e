//! `decor::markers` against a plain oracle, cell for cell, on every preset
//! of every registered generator over several seeds; plus hand-made grids
//! whose markers are known exactly.

use std::collections::BTreeSet;

use dungeon_core::decor::{Marker, MarkerKind, MarkerMap, markers, plain};
use dungeon_core::grid::{Cell, DOOR_E, DOOR_N, DOOR_S, DOOR_W, DungeonGrid, Pos};
use dungeon_core::registry::GENERATORS;

const SIDES: [(i32, i32, u8); 4] = [
    (0, -1, DOOR_N),
    (1, 0, DOOR_E),
    (0, 1, DOOR_S),
    (-1, 0, DOOR_W),
];

fn walkable(g: &DungeonGrid, p: Pos) -> bool {
    g.in_bounds(p) && g.cell(p) != Cell::Empty
}

/// Whether side `bit` of walkable `p` is open, by the definition.
fn is_open(g: &DungeonGrid, p: Pos, dx: i32, dy: i32, bit: u8) -> bool {
    walkable(g, (p.0 + dx, p.1 + dy)) && g.door_mask(p) & bit != 0
}

/// The room whose record holds `p` (by the records, not the cell index).
fn room_of(g: &DungeonGrid, p: Pos) -> Option<usize> {
    g.room_records().iter().position(|r| r.contains(p))
}

/// Every marker by its definition, one kind at a time.
fn oracle(g: &DungeonGrid) -> BTreeSet<Marker> {
    let mut out = BTreeSet::new();
    let mut add = |kind, cell: Pos, facing, room| {
        out.insert(Marker {
            kind,
            cell,
            facing,
            room,
        });
    };
    for y in 0..g.height() {
        for x in 0..g.width() {
            let p = (x, y);
            if !walkable(g, p) {
                continue;
            }
            let room = room_of(g, p);
            let kind = match g.cell(p) {
                Cell::Corridor => MarkerKind::CorridorFloor,
                Cell::Door => MarkerKind::DoorFloor,
                _ if room.is_some() => MarkerKind::RoomFloor,
                _ => MarkerKind::OpenFloor,
            };
            add(kind, p, 0, room);
            let mut open_sides = Vec::new();
            for &(dx, dy, bit) in &SIDES {
                if is_open(g, p, dx, dy, bit) {
                    open_sides.push(bit);
                } else {
                    add(MarkerKind::Wall, p, bit, room);
                }
            }
            if open_sides.len() == 1 {
                add(MarkerKind::DeadEnd, p, open_sides[0], room);
            }
            // Corners: a vertical side and a horizontal side.
            for &(vy, vbit) in &[(-1, DOOR_N), (1, DOOR_S)] {
                for &(hx, hbit) in &[(1, DOOR_E), (-1, DOOR_W)] {
                    let v_open = is_open(g, p, 0, vy, vbit);
                    let h_open = is_open(g, p, hx, 0, hbit);
                    if !v_open && !h_open {
                        add(MarkerKind::InnerCorner, p, vbit | hbit, room);
                    } else if v_open && h_open && !walkable(g, (x + hx, y + vy)) {
                        add(MarkerKind::OuterCorner, p, vbit | hbit, room);
                    }
                }
            }
            if g.cell(p) != Cell::Door {
                for &(dx, dy, bit) in &SIDES {
                    let q = (x + dx, y + dy);
                    if !is_open(g, p, dx, dy, bit) {
                        continue;
                    }
                    let other = room_of(g, q);
                    if g.cell(q) == Cell::Door
                        || (other != room && (room.is_some() || other.is_some()))
                    {
                        add(MarkerKind::Doorway, p, bit, room);
                    }
                }
            }
            if let Some(r) = room {
                let rec = &g.room_records()[r];
                let mut band = false;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        band |= !rec.contains((x + dx, y + dy));
                    }
                }
                if band {
                    add(MarkerKind::RoomBand, p, 0, room);
                }
            }
        }
    }
    for (k, rec) in g.room_records().iter().enumerate() {
        let cx = f64::from(rec.rect.x) + f64::from(rec.rect.w) / 2.0;
        let cy = f64::from(rec.rect.y) + f64::from(rec.rect.h) / 2.0;
        let mut best: Option<(f64, Pos)> = None;
        for cell in rec.cells().filter(|&c| walkable(g, c)) {
            let d = (f64::from(cell.0) + 0.5 - cx).powi(2) + (f64::from(cell.1) + 0.5 - cy).powi(2);
            // Row by row: the first of equal distances stays.
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, cell));
            }
        }
        if let Some((_, cell)) = best {
            add(MarkerKind::RoomCentre, cell, 0, Some(k));
        }
    }
    out
}

#[test]
fn markers_match_the_oracle_on_every_preset() {
    let mut grids = 0;
    let mut kinds = BTreeSet::new();
    for &g in GENERATORS {
        for preset in g.presets() {
            let job = g
                .job(Some(preset.name))
                .expect("a preset from the registry has a job");
            for seed in 0..3u64 {
                let Ok(grid) = job.generate(seed, 1 + (seed as i32) % 3) else {
                    continue;
                };
                let got = markers(&grid);
                let mut sorted = got.clone();
                sorted.sort_by_key(|m| (m.kind, m.cell.1, m.cell.0, m.facing));
                assert_eq!(
                    got,
                    sorted,
                    "{} {} seed {seed}: sorted by kind, row, column, facing",
                    g.name(),
                    preset.name
                );
                let set: BTreeSet<Marker> = got.iter().copied().collect();
                assert_eq!(
                    set.len(),
                    got.len(),
                    "{} {} seed {seed}: no marker twice",
                    g.name(),
                    preset.name
                );
                assert!(
                    MarkerMap::new(&grid) == plain::marker_map(&grid),
                    "{} {} seed {seed}: the marker map differs from its plain version",
                    g.name(),
                    preset.name
                );
                let want = oracle(&grid);
                if set != want {
                    let extra: Vec<_> = set.difference(&want).take(5).collect();
                    let missing: Vec<_> = want.difference(&set).take(5).collect();
                    panic!(
                        "{} {} seed {seed}: extra {extra:?}, missing {missing:?}",
                        g.name(),
                        preset.name
                    );
                }
                kinds.extend(got.iter().map(|m| m.kind));
                grids += 1;
            }
        }
    }
    assert!(grids >= 40, "{grids} grids checked");
    assert_eq!(
        kinds.len(),
        11,
        "every marker kind occurs on some preset: {kinds:?}"
    );
}

/// A ring of open floor around a pillar, drawn by hand: its markers are
/// known exactly.
#[test]
fn a_drawn_ring_has_exactly_its_markers() {
    let Ok(grid) = DungeonGrid::from_ascii(
        ".......\n\
         .S,,,,.\n\
         .,...,.\n\
         .,,,,E.\n\
         .......",
    ) else {
        panic!("the drawn grid parses");
    };
    let m = markers(&grid);
    let of = |k| -> Vec<(Pos, u8)> {
        m.iter()
            .filter(|x| x.kind == k)
            .map(|x| (x.cell, x.facing))
            .collect()
    };
    assert_eq!(of(MarkerKind::OpenFloor).len(), 12);
    assert_eq!(of(MarkerKind::Wall).len(), 24);
    assert_eq!(
        of(MarkerKind::InnerCorner),
        vec![
            ((1, 1), DOOR_N | DOOR_W),
            ((5, 1), DOOR_N | DOOR_E),
            ((1, 3), DOOR_S | DOOR_W),
            ((5, 3), DOOR_S | DOOR_E)
        ]
    );
    assert_eq!(
        of(MarkerKind::OuterCorner),
        vec![
            ((1, 1), DOOR_S | DOOR_E),
            ((5, 1), DOOR_S | DOOR_W),
            ((1, 3), DOOR_N | DOOR_E),
            ((5, 3), DOOR_N | DOOR_W)
        ]
    );
    assert!(of(MarkerKind::DeadEnd).is_empty() && of(MarkerKind::Doorway).is_empty());
    assert!(of(MarkerKind::RoomCentre).is_empty() && of(MarkerKind::RoomBand).is_empty());
}

/// A room grid drawn by hand (each `#` a room): a corridor of three rooms
/// with a side room. Doorways on both sides of every open side between
/// rooms, a centre per room, dead ends at the ends.
#[test]
fn a_drawn_room_grid_has_exactly_its_markers() {
    let Ok(grid) = DungeonGrid::from_ascii(
        "S#E\n\
         .#.",
    ) else {
        panic!("the drawn grid parses");
    };
    let m = markers(&grid);
    let of = |k| -> Vec<(Pos, u8)> {
        m.iter()
            .filter(|x| x.kind == k)
            .map(|x| (x.cell, x.facing))
            .collect()
    };
    assert_eq!(of(MarkerKind::RoomFloor).len(), 4);
    assert_eq!(
        of(MarkerKind::Doorway),
        vec![
            ((0, 0), DOOR_E),
            ((1, 0), DOOR_E),
            ((1, 0), DOOR_S),
            ((1, 0), DOOR_W),
            ((2, 0), DOOR_W),
            ((1, 1), DOOR_N)
        ]
    );
    assert_eq!(of(MarkerKind::RoomCentre).len(), 4);
    assert_eq!(of(MarkerKind::RoomBand).len(), 4);
    assert_eq!(
        of(MarkerKind::DeadEnd),
        vec![((0, 0), DOOR_E), ((2, 0), DOOR_W), ((1, 1), DOOR_N)]
    );
}

/// Maps of 1 to 4 cells a side, all edge or nearly: the fast marker map
/// (which reads the cells off the edge without bounds checks) matches its
/// plain version and the oracle on every drawing.
#[test]
fn tiny_maps_match_the_plain_version() {
    let drawings = [
        "SE",
        "S\nE",
        "S,\n,E",
        "S,,\n,.,\n,,E",
        "S,,.\n,,,,\n.,,E",
        "S+.\n,,,\n.,E",
    ];
    for d in drawings {
        let Ok(grid) = DungeonGrid::from_ascii(d) else {
            panic!("{d:?} parses");
        };
        assert!(
            MarkerMap::new(&grid) == plain::marker_map(&grid),
            "{d:?}: the marker map differs from its plain version"
        );
        let set: BTreeSet<Marker> = markers(&grid).into_iter().collect();
        assert_eq!(set, oracle(&grid), "{d:?}: the oracle");
    }
}
