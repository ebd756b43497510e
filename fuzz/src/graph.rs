//! Target `graph_config`: any level graph, room templates, corridor
//! settings, work budget, seed and level for the graph layout generator.

use dungeon_core::GenError;
use dungeon_core::graph_layout::{
    self, EdgeMode, GraphConfig, GraphEdge, GraphLevel, GraphRoom, LayoutProof, LevelGraph,
    MAX_CORRIDOR_LENGTH, MAX_GRAPH_ROOMS, MAX_WORK_BUDGET, MIN_CORRIDOR_LENGTH, MIN_WORK_BUDGET,
};
use dungeon_core::level::MAX_LEVEL;
use dungeon_core::template::{DoorSlot, MAX_TEMPLATE_SIDE, RoomTemplate, Side, Variant};

use crate::checks;
use crate::knobs::Knobs;

/// Tags rooms ask for and templates carry; the first (none) is what a
/// used-up input reads.
const TAGS: [&str; 6] = ["", "start", "boss", "shop", "treasure", "x"];

/// The config's fields (a `Config` error names one of them, or `level`).
const FIELDS: [&str; 8] = [
    "graph",
    "templates",
    "corridors",
    "corridor_templates",
    "corridor_min",
    "corridor_max",
    "work_budget",
    "level",
];

/// Valid budgets above this are lowered to it, so that one execution stays
/// short: a work unit is about a microsecond in release, and a success is
/// laid out twice (about 60 ms at most in release).
const BUDGET_CAP: i32 = 30_000;

/// Most rooms a drawn graph has, apart from the limits `MAX_GRAPH_ROOMS`
/// and one past it (whose graphs are a path, or refused at once).
const TYPICAL_ROOMS: i32 = 30;

fn tags(k: &mut Knobs<'_>) -> Vec<String> {
    (0..k.index(3))
        .map(|_| TAGS[k.index(TAGS.len())].to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// A template from fuzz bytes: a demo template (turned or not, retagged,
/// its inside split into two floors, or an L trimmed to its floors with
/// doors on its inner walls), or any size and doors, sometimes with doors
/// on corners or past the side, extra floors, zero or bad weights, trimmed
/// to its floors with doors moved in.
fn fuzz_template(k: &mut Knobs<'_>, i: usize, demo: &[RoomTemplate]) -> RoomTemplate {
    if k.flag(true) {
        let at = k.index(demo.len());
        let mut t = demo[at].clone();
        if k.flag(false) {
            // Its door lines instead of its slots.
            if let Some(lined) = GraphConfig::demo_line_templates().get(at) {
                t.doors.clone_from(&lined.doors);
            }
        }
        t.rotations = k.flag(t.rotations);
        t.mirroring = k.flag(false);
        if k.flag(false) {
            t.tags = tags(k);
        }
        if k.flag(false) {
            // The inside as two floors, top and bottom: two room records
            // for one placement, touching.
            let top = (t.height - 2) / 2;
            t.floors = vec![
                dungeon_core::Rect::new(1, 1, t.width - 2, top),
                dungeon_core::Rect::new(1, 1 + top, t.width - 2, t.height - 2 - top),
            ];
        }
        if k.flag(false) {
            trim_to_an_l(k, &mut t);
        }
        return t;
    }
    let w = k.int(7, 3..=13, &[0, 2, 3, MAX_TEMPLATE_SIDE]);
    let h = k.int(7, 3..=13, &[0, 2, 3, MAX_TEMPLATE_SIDE]);
    let doors = (0..k.index(7))
        .map(|_| {
            let side = Side::ALL[k.index(4)];
            let offset = k.int(2, 0..=10, &[-1, 0, i32::MAX]);
            let width = k.int(1, 1..=3, &[0, -2]);
            if k.flag(false) {
                // A door line, sometimes shorter than its door or past
                // the corner.
                let length = k.int(width.saturating_add(2), 0..=12, &[-1, i32::MAX]);
                DoorSlot::line(side, offset, width, length)
            } else {
                DoorSlot::new(side, offset, width)
            }
        })
        .collect();
    let mut t = RoomTemplate::new(&format!("f{i}"), w, h, doors);
    if k.flag(false) {
        t.floors = (0..k.index(3))
            .map(|_| {
                dungeon_core::Rect::new(
                    k.int(1, 0..=4, &[]),
                    k.int(1, 0..=4, &[]),
                    k.int(2, 1..=5, &[0]),
                    k.int(2, 1..=5, &[0]),
                )
            })
            .collect();
    }
    t.tags = tags(k);
    t.weight = k.float(1.0, (0.0, 5.0), &[0.0, 1000.0, -1.0, f64::NAN]);
    t.rotations = k.flag(true);
    t.mirroring = k.flag(false);
    if k.flag(false) {
        // Trimmed to its floors, doors moved in from the edge (often off
        // any wall).
        t.trim_to_floors = true;
        for d in &mut t.doors {
            if k.flag(false) {
                d.inset = k.int(1, 0..=6, &[-1, i32::MAX]);
            }
        }
    }
    t
}

/// Makes `t` an L trimmed to its floors (the top rows and the left
/// columns of its inside), keeps the doors still valid, and adds a few
/// doors at fuzzed places on the inner walls (kept when valid).
fn trim_to_an_l(k: &mut Knobs<'_>, t: &mut RoomTemplate) {
    let (iw, ih) = (t.width - 2, t.height - 2);
    // The bar's rows and the arm's columns, within the inside (fuzzed
    // values past it are clamped: the L itself is what is under test).
    let bar = k.int(ih / 2, 1..=ih, &[0]).clamp(1, ih.max(1));
    let arm = k.int(iw / 2, 1..=iw, &[0]).clamp(1, iw.max(1));
    t.floors = vec![
        dungeon_core::Rect::new(1, 1, iw, bar),
        dungeon_core::Rect::new(1, 1 + bar, arm, ih - bar),
    ];
    t.floors.retain(|f| f.w > 0 && f.h > 0);
    t.trim_to_floors = true;
    let keep = |t: &RoomTemplate, d: DoorSlot| {
        let mut one = t.clone();
        one.doors = vec![d];
        one.validate().is_ok()
    };
    let doors = std::mem::take(&mut t.doors);
    t.doors = doors.into_iter().filter(|&d| keep(t, d)).collect();
    for _ in 0..k.index(4) {
        let side = Side::ALL[k.index(4)];
        let d = DoorSlot::line(side, k.int(2, 1..=12, &[]), 1, k.int(1, 1..=4, &[]))
            .with_inset(k.int(bar, 0..=12, &[]));
        if keep(t, d) && !t.doors.iter().any(|o| o.side == side && o.inset == d.inset) {
            t.doors.push(d);
        }
    }
}

/// A corridor piece from fuzz bytes: mostly an L bend with one door at
/// each end, sometimes any template (wrong door counts, touching doors).
fn fuzz_corridor(k: &mut Knobs<'_>, i: usize, demo: &[RoomTemplate]) -> RoomTemplate {
    if k.flag(true) {
        let s = k.int(5, 3..=9, &[2, MAX_TEMPLATE_SIDE + 1]);
        let mut t = RoomTemplate::new(
            &format!("bend{i}"),
            s,
            s,
            vec![
                DoorSlot::new(Side::North, k.int(1, 1..=3, &[0]), 1),
                DoorSlot::new(Side::East, k.int(1, 1..=3, &[0]), 1),
            ],
        );
        t.rotations = k.flag(true);
        t.mirroring = k.flag(false);
        return t;
    }
    fuzz_template(k, i, demo)
}

/// A room count from fuzz bytes: typically up to 30, also the limits.
fn room_count(k: &mut Knobs<'_>) -> usize {
    let n = k.int(
        8,
        0..=TYPICAL_ROOMS,
        &[0, 2, MAX_GRAPH_ROOMS as i32, MAX_GRAPH_ROOMS as i32 + 1],
    );
    // Other huge counts are out of range like 401 is; keep them cheap.
    usize::try_from(n).map_or(0, |n| n.min(MAX_GRAPH_ROOMS + 1))
}

/// A level graph from fuzz bytes: the demo graph, or rooms with random
/// tags on a tree (each room hanging off one of the four before it) plus
/// random connections — self-loops, repeats, rooms that do not exist —
/// each of any mode.
fn fuzz_graph(k: &mut Knobs<'_>) -> LevelGraph {
    let modes = [EdgeMode::Default, EdgeMode::Direct, EdgeMode::Corridor];
    if k.flag(false) {
        let mut g = GraphConfig::demo_graph();
        for e in &mut g.edges {
            e.mode = k.pick(&modes);
        }
        return g;
    }
    let n = room_count(k);
    let rooms: Vec<GraphRoom> = (0..n)
        .map(|i| {
            let mut tags = if n <= TYPICAL_ROOMS as usize {
                tags(k)
            } else {
                Vec::new()
            };
            // Often a start first and a boss last, as designers draw them.
            if i == 0 && k.flag(true) {
                tags = vec!["start".to_string()];
            } else if i + 1 == n && k.flag(true) {
                tags = vec!["boss".to_string()];
            }
            GraphRoom {
                tags,
                name: if i % 3 == 1 {
                    format!("r{i}")
                } else {
                    String::new()
                },
            }
        })
        .collect();
    let mut edges = Vec::new();
    let tree = k.flag(true);
    for i in 1..n {
        if tree {
            let back = 1 + k.index(i.min(4));
            edges.push(GraphEdge {
                a: i - back,
                b: i,
                mode: k.pick(&modes),
            });
        }
    }
    let end = |k: &mut Knobs<'_>| match k.byte() % 8 {
        0 => n,
        1 => usize::MAX,
        _ => k.index(n.max(1)),
    };
    for _ in 0..k.index(8) {
        let a = end(k);
        let b = if k.flag(false) { a } else { end(k) };
        edges.push(GraphEdge {
            a,
            b,
            mode: k.pick(&modes),
        });
    }
    LevelGraph { rooms, edges }
}

/// A graph layout config, seed and level from fuzz bytes.
#[must_use]
pub fn graph_input(data: &[u8]) -> (GraphConfig, u64, i32) {
    let mut k = Knobs::new(data);
    let (seed, level) = (k.seed(), k.level());
    let demo = GraphConfig::demo_templates();
    let templates = if k.flag(true) {
        demo.clone()
    } else {
        let n = usize::try_from(k.int(6, 0..=10, &[0, 1])).map_or(0, |n| n.min(12));
        (0..n).map(|i| fuzz_template(&mut k, i, &demo)).collect()
    };
    let corridors = k.flag(false);
    let corridor_templates = (0..k.index(3))
        .map(|i| fuzz_corridor(&mut k, i, &demo))
        .collect();
    let limits = [MIN_CORRIDOR_LENGTH, MAX_CORRIDOR_LENGTH];
    let corridor_min = k.int(4, 3..=8, &limits);
    let corridor_max = k.int(8, 3..=10, &limits);
    let mut work_budget = k.int(
        20_000,
        MIN_WORK_BUDGET..=BUDGET_CAP,
        &[MIN_WORK_BUDGET, MAX_WORK_BUDGET],
    );
    if (BUDGET_CAP..=MAX_WORK_BUDGET).contains(&work_budget) {
        work_budget = BUDGET_CAP;
    }
    // The graph last: its rooms and connections take the most bytes, and
    // a short input should still reach every setting above.
    let graph = fuzz_graph(&mut k);
    let c = GraphConfig {
        graph,
        templates,
        corridors,
        corridor_templates,
        corridor_min,
        corridor_max,
        work_budget,
    };
    (c, seed, level)
}

/// What a layout of `c` must be: a valid grid of the generator's name,
/// seed and level; a placement per graph room then per corridor
/// connection, none overlapping another; a join per direct connection and
/// two per corridor; the grid's room graph, read by placement, is
/// `c.room_pairs()` (exactly, when every template has one floor).
fn check_level(c: &GraphConfig, l: &GraphLevel, seed: u64, level: i32) {
    let g = &l.grid;
    assert_eq!(g.generator, "graph");
    assert_eq!((g.seed, g.level), (seed, level));
    checks::valid_grid(g);
    let n = c.graph.rooms.len();
    let corridors: Vec<usize> = (0..c.graph.edges.len())
        .filter(|&k| c.through_corridor(c.graph.edges[k].mode))
        .collect();
    assert_eq!(l.placements.len(), n + corridors.len(), "placements");
    assert_eq!(
        l.joins.len(),
        c.graph.edges.len() + corridors.len(),
        "joins"
    );
    let pieces = c.corridor_pieces();
    let mut feet: Vec<Vec<dungeon_core::Rect>> = Vec::new();
    for (i, p) in l.placements.iter().enumerate() {
        assert_eq!(p.rooms.first(), Some(&i), "placement {i}'s first record");
        let edge = i.checked_sub(n).map(|j| corridors[j]);
        assert_eq!(
            (p.corridor, p.edge),
            (edge.is_some(), edge),
            "placement {i}"
        );
        // Each door on its template door (slot or line), turned; a joined
        // door as long as it is wide.
        let t = if i < n {
            &c.templates[p.template]
        } else {
            &pieces[p.template]
        };
        let v = Variant::of(t, p.rotation, p.mirrored);
        // No two footprints (boxes, or outlines when trimmed) share a cell.
        let r = p.rect();
        let foot: Vec<dungeon_core::Rect> = v.outline.as_deref().map_or_else(
            || vec![r],
            |o| {
                o.iter()
                    .map(|q| dungeon_core::Rect::new(q.x + r.x, q.y + r.y, q.w, q.h))
                    .collect()
            },
        );
        for (j, other) in feet.iter().enumerate() {
            let hit = foot.iter().any(|a| other.iter().any(|b| a.overlaps(b)));
            assert!(!hit, "placement {i} overlaps {j}");
        }
        feet.push(foot);
        for d in &p.doors {
            let line = v.doors[d.slot];
            let on_line: Vec<_> = line
                .cells(v.width, v.height)
                .map(|(x, y)| (p.position.0 + x, p.position.1 + y))
                .collect();
            assert!(
                d.cells().all(|c| on_line.contains(&c)),
                "{d:?} off its door line {line:?}"
            );
            assert!(d.join.is_none() || d.length == d.width, "{d:?}");
        }
    }
    // Whose placement each room record is.
    let mut owner = vec![usize::MAX; g.room_records().len()];
    for (i, p) in l.placements.iter().enumerate() {
        for &r in &p.rooms {
            assert_eq!(
                owner.get(r),
                Some(&usize::MAX),
                "record {r} of two placements"
            );
            owner[r] = i;
        }
    }
    assert!(
        owner.iter().all(|&o| o != usize::MAX),
        "a record of no placement"
    );
    let got: Vec<(usize, usize)> = g.connections().iter().map(|k| k.rooms).collect();
    let mut sorted = got.clone();
    sorted.sort_unstable();
    assert!(
        sorted.windows(2).all(|w| w[0] != w[1]),
        "a pair connected twice"
    );
    // Read by placement: a multi-floor template may join from any of its
    // floors, and its floors join each other.
    let mut by_placement: Vec<(usize, usize)> = got
        .iter()
        .map(|&(a, b)| (owner[a].min(owner[b]), owner[a].max(owner[b])))
        .filter(|&(a, b)| a != b)
        .collect();
    by_placement.sort_unstable();
    by_placement.dedup();
    assert_eq!(by_placement, c.room_pairs(), "the grid's connections");
    if g.room_records().len() == l.placements.len() {
        assert_eq!(sorted, c.room_pairs(), "the grid's connections");
    }
}

/// Target `graph_config`: `layout` never panics; a success is a layout of
/// exactly the graph ([`check_level`]) and repeats exactly; a config error
/// names a field of the config (or `level`) and comes only when `validate`
/// or the level refuses, or when the proof after a failed search found the
/// graph has no layout (and the proof on its own says so too); running out
/// of budget says why.
pub fn graph_config(data: &[u8]) {
    let (c, seed, level) = graph_input(data);
    match graph_layout::layout(&c, seed, level) {
        Ok(l) => {
            check_level(&c, &l, seed, level);
            let again = graph_layout::layout(&c, seed, level);
            assert!(
                again.as_ref() == Ok(&l),
                "the same inputs gave another layout"
            );
        }
        Err(e) => {
            checks::error_names_a_setting(&e);
            if let GenError::Config(x) = &e {
                let head = x.field.split(['.', '[']).next().unwrap_or(x.field);
                assert!(FIELDS.contains(&head), "the error names no field: {e}");
                let refused = c.validate().is_err() || !(1..=MAX_LEVEL).contains(&level);
                if !refused && x.value.starts_with("a graph with no layout") {
                    let work = u64::try_from(c.work_budget).unwrap_or(0) * 2;
                    assert!(
                        matches!(c.prove_layout(work), Ok(LayoutProof::NoLayout(_))),
                        "the layout said no layout exists, the proof does not: {e}"
                    );
                    return;
                }
                assert!(refused, "a config validate accepts failed: {e}");
            }
        }
    }
}
