//! The generator's failure messages and the demo preset.

use super::*;
use crate::GeneratorConfig;
use crate::grid::Rect;
use crate::template::{DoorSlot, RoomTemplate, Side};

fn message(c: &GraphConfig) -> String {
    layout(c, 1, 1).unwrap_err().to_string()
}

fn square(name: &str, width: i32) -> RoomTemplate {
    RoomTemplate::new(
        name,
        7,
        7,
        Side::ALL
            .iter()
            .map(|&s| DoorSlot::new(s, 2, width))
            .collect(),
    )
}

#[test]
fn the_demo_lays_out_its_graph() {
    let c = GraphConfig::demo();
    assert!(c.validate().is_ok());
    for seed in 0..20 {
        let l = layout(&c, seed, 1).unwrap();
        assert_eq!(l.placements.len(), 11);
        assert_eq!(l.joins.len(), 12);
        assert_eq!((l.start, l.end), (0, 10));
        assert!(l.grid.check().is_ok());
        assert_eq!(l.grid.generator, NAME);
    }
    assert_eq!(GraphConfig::preset("demo"), Some(GraphConfig::demo()));
}

#[test]
fn tags_no_template_carries_are_named() {
    let mut c = GraphConfig::demo();
    c.graph.rooms[6].name = "shop".into();
    c.graph.rooms[6].tags = vec!["market".into()];
    let m = message(&c);
    assert!(m.contains("graph.rooms[6] (shop) tags [\"market\"]"), "{m}");
    assert!(
        m.contains("no template with weight above 0 carries them"),
        "{m}"
    );
    assert!(m.contains("the tags are \"boss\""), "{m}");
    // Plain rooms need a template free of the tags rooms ask for.
    let mut c = GraphConfig::demo();
    for t in &mut c.templates {
        if t.tags.is_empty() {
            t.tags.push("start".into());
        }
    }
    let m = message(&c);
    assert!(
        m.contains("graph.rooms[1] no template with weight above 0 is free"),
        "{m}"
    );
}

#[test]
fn too_many_connections_for_the_doors_are_named() {
    let mut c = GraphConfig::demo();
    c.templates = vec![square("square", 1)];
    let mut g = LevelGraph::new();
    for _ in 0..6 {
        g.add_room(&[]);
    }
    for b in 1..6 {
        g.connect(0, b, EdgeMode::Default);
    }
    c.graph = g;
    let m = message(&c);
    assert!(
        m.contains("room 0 has 5 connections but its templates have at most 4 doors (square)"),
        "{m}"
    );
}

#[test]
fn doors_that_cannot_meet_are_named() {
    let mut c = GraphConfig::demo();
    let mut g = LevelGraph::path(3);
    g.rooms[2].tags = vec!["wide".into()];
    c.graph = g;
    c.templates = vec![square("narrow", 1), square("wide", 2).tagged(&["wide"])];
    let m = message(&c);
    assert!(
        m.contains("connection #1 [1, 2]: no template of room 1 has a door that fits a door of a template of room 2 (door widths 1 vs 2)"),
        "{m}"
    );
}

/// The grid's room graph, `(a, b)` with `a < b`, sorted.
fn derived(l: &GraphLevel) -> Vec<(usize, usize)> {
    let mut got: Vec<(usize, usize)> = l.grid.connections().iter().map(|k| k.rooms).collect();
    got.sort_unstable();
    got
}

#[test]
fn loops_are_closed_exactly() {
    let c = GraphConfig::demo();
    for seed in 0..10 {
        let l = layout(&c, seed, 1).unwrap();
        assert_eq!(l.joins.len(), 12);
        assert_eq!(derived(&l), c.room_pairs());
        assert!(l.placements.iter().all(|p| !p.corridor && p.edge.is_none()));
        // The plan: a spanning tree of the graph and the two loops' extra
        // connections; the main path one grid hop a step.
        let plan = l.grid.planned_graph();
        assert_eq!((plan.tree.len(), plan.extra.len()), (10, 2));
        assert_eq!(plan.main_path.first(), Some(&0));
        assert_eq!(plan.main_path.last(), Some(&10));
    }
}

#[test]
fn a_corridor_connection_is_a_piece_between_its_rooms() {
    let mut c = GraphConfig::demo();
    c.graph.edges[4].mode = EdgeMode::Corridor;
    let pieces = c.corridor_pieces();
    for seed in 0..10 {
        let l = layout(&c, seed, 1).unwrap();
        assert_eq!(l.placements.len(), 12);
        assert_eq!(l.grid.room_records().len(), 12);
        let p = &l.placements[11];
        assert!(p.corridor);
        assert_eq!(p.edge, Some(4));
        assert_eq!(p.rooms, vec![11]);
        assert_eq!(p.doors.iter().filter(|d| d.join == Some(4)).count(), 2);
        let t = &pieces[p.template];
        assert_eq!(t.doors.len(), 2);
        assert_eq!(
            (p.size.0 * p.size.1),
            t.width * t.height,
            "the piece's footprint"
        );
        let mut got = derived(&l);
        assert_eq!(got, c.room_pairs());
        got.retain(|&(a, b)| a == 11 || b == 11);
        assert_eq!(got, vec![(1, 11), (6, 11)], "1 – piece – 6");
        // Connection 4 is two joins: room 1 to the piece, the piece to 6.
        let halves: Vec<_> = l.joins.iter().filter(|j| j.edge == 4).collect();
        assert_eq!(halves.len(), 2);
        assert_eq!((halves[0].a.placement, halves[0].b.placement), (1, 11));
        assert_eq!((halves[1].a.placement, halves[1].b.placement), (11, 6));
        assert_eq!(l.joins.len(), 13);
    }
}

#[test]
fn the_corridors_preset_and_mixed_modes() {
    let c = GraphConfig::corridors();
    assert_eq!(GraphConfig::preset("corridors"), Some(c.clone()));
    assert_eq!(GraphConfig::PRESETS, ["demo", "corridors", "fixed_doors"]);
    for seed in 0..5 {
        let l = layout(&c, seed, 1).unwrap();
        assert_eq!(l.placements.len(), 23);
        assert_eq!(derived(&l), c.room_pairs());
        for (k, p) in l.placements[11..].iter().enumerate() {
            assert_eq!(p.edge, Some(k));
        }
        assert_eq!(layout(&c, seed, 1).unwrap(), l, "deterministic");
    }
    // Direct connections stay direct with corridors on.
    let mut c = GraphConfig::corridors();
    for k in [0, 3, 7, 11] {
        c.graph.edges[k].mode = EdgeMode::Direct;
    }
    for seed in 0..5 {
        let l = layout(&c, seed, 1).unwrap();
        assert_eq!(l.placements.len(), 19);
        assert_eq!(derived(&l), c.room_pairs());
    }
}

#[test]
fn corridor_settings_are_checked() {
    let c = GraphConfig {
        corridor_min: 9,
        corridor_max: 5,
        ..GraphConfig::corridors()
    };
    let m = message(&c);
    assert!(m.contains("corridor_min = 9 with corridor_max = 5"), "{m}");
    let c = GraphConfig {
        corridor_max: 33,
        ..GraphConfig::corridors()
    };
    assert!(message(&c).contains("corridor_max"));
    let mut c = GraphConfig::corridors();
    c.corridor_templates.push(square("cross", 1));
    let m = message(&c);
    assert!(
        m.contains("corridor_templates = [0] \"cross\": 4 door slots"),
        "{m}"
    );
    let mut c = GraphConfig::corridors();
    c.corridor_templates = vec![RoomTemplate::new(
        "twin",
        7,
        7,
        vec![
            DoorSlot::new(Side::North, 2, 1),
            DoorSlot::new(Side::North, 3, 1),
        ],
    )];
    let m = message(&c);
    assert!(m.contains("its two door slots touch"), "{m}");
    // Each setting also fails validation when no connection has a corridor.
    let c = GraphConfig {
        corridor_min: 2,
        ..GraphConfig::demo()
    };
    assert!(message(&c).contains("corridor_min"));
}

#[test]
fn a_corridor_no_piece_fits_is_named() {
    let mut c = GraphConfig::demo();
    let mut g = LevelGraph::path(3);
    g.rooms[2].tags = vec!["wide".into()];
    g.edges[1].mode = EdgeMode::Corridor;
    c.graph = g;
    c.templates = vec![square("narrow", 1), square("wide", 2).tagged(&["wide"])];
    // Straight pieces have two doors as wide.
    let m = message(&c);
    assert!(
        m.contains("connection #1 [1, 2] goes through a corridor but no corridor piece has doors that fit a door of a template of room 1 and one of room 2 (door widths 1 vs 2)"),
        "{m}"
    );
    // A piece that narrows fits.
    c.corridor_templates.push(RoomTemplate::new(
        "funnel",
        4,
        6,
        vec![
            DoorSlot::new(Side::North, 1, 1),
            DoorSlot::new(Side::South, 1, 2),
        ],
    ));
    let l = layout(&c, 2, 1).unwrap();
    assert_eq!(derived(&l), vec![(0, 1), (1, 3), (2, 3)]);
    assert_eq!(l.placements[3].template, 0, "the funnel");
}

#[test]
fn a_non_planar_graph_is_refused_with_corridors_too() {
    let mut c = GraphConfig::corridors();
    let mut g = LevelGraph::new();
    for _ in 0..5 {
        g.add_room(&[]);
    }
    for a in 0..5 {
        for b in a + 1..5 {
            g.connect(a, b, EdgeMode::Default);
        }
    }
    c.graph = g;
    let m = message(&c);
    assert!(m.contains("10 connections among 5 rooms"), "{m}");
    // Without one connection (K5 less an edge) the graph is planar.
    c.graph.edges.pop();
    assert!(c.validate().is_ok());
}

#[test]
fn a_bad_level_or_budget_is_refused() {
    let c = GraphConfig::demo();
    assert!(layout(&c, 1, 0).unwrap_err().to_string().contains("level"));
    let c = GraphConfig {
        work_budget: 5,
        ..GraphConfig::demo()
    };
    assert!(message(&c).contains("work_budget"));
}

#[test]
fn a_crowded_star_runs_out_of_budget_with_a_message() {
    // 3 × 3 rooms with one door in the middle of each side, never turned:
    // every join is a step of 3 cells along one axis, so rooms sit on a
    // lattice. Room 0 with four neighbours, each with three children, each
    // with three more: 53 rooms within three steps of room 0, where the
    // lattice has 25 places. Every room seats its four connections, so
    // nothing is refused up front; the budget runs out.
    let mut c = GraphConfig {
        work_budget: MIN_WORK_BUDGET,
        ..GraphConfig::demo()
    };
    let mut cell = RoomTemplate::new(
        "cell",
        3,
        3,
        Side::ALL.iter().map(|&s| DoorSlot::new(s, 1, 1)).collect(),
    );
    cell.rotations = false;
    cell.mirroring = false;
    c.templates = vec![cell];
    let mut g = LevelGraph::new();
    g.add_room(&[]);
    let mut layer = vec![0];
    for children in [4, 3, 3] {
        let mut next = Vec::new();
        for &p in &layer {
            for _ in 0..children {
                let r = g.add_room(&[]);
                g.connect(p, r, EdgeMode::Default);
                next.push(r);
            }
        }
        layer = next;
    }
    assert_eq!(g.rooms.len(), 53);
    c.graph = g;
    assert!(c.validate().is_ok());
    match layout(&c, 3, 1) {
        Err(GenError::Exhausted { reason, .. }) => {
            assert!(reason.contains("work_budget = 10000 spent"), "{reason}");
            assert!(reason.contains("found no spot against room"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_loop_no_template_closes_is_named_and_a_square_closes() {
    // 7 × 7 rooms with one door per side, all at offset 2: every join is a
    // step of 7 cells along one axis, so rooms sit on a lattice whose
    // loops have an even number of rooms; a triangle can never close.
    let mut c = GraphConfig::demo();
    c.templates = vec![square("square", 1)];
    let mut g = LevelGraph::path(5);
    g.connect(2, 4, EdgeMode::Default);
    c.graph = g;
    let m = message(&c);
    assert!(m.contains("cannot close"), "{m}");
    for r in ["room 2", "room 3", "room 4"] {
        assert!(m.contains(r), "{m}");
    }
    assert!(!m.contains("room 1 "), "{m}");
    // A triangle of demo rooms with a boss room of 13 × 13 with one door
    // a side, in the middle, joins door to door only with two rooms
    // overlapping: refused, naming it; with the demo boss room (two doors
    // a side) it closes.
    let mut d = GraphConfig::fixed_doors();
    let mut g = LevelGraph::path(4);
    g.rooms[0].tags = vec!["start".into()];
    g.rooms[3].tags = vec!["boss".into()];
    g.connect(1, 3, EdgeMode::Default);
    d.graph = g;
    let boss = d.templates.iter_mut().find(|t| t.has_tag("boss")).unwrap();
    boss.doors = Side::ALL
        .iter()
        .map(|&side| DoorSlot::new(side, 6, 1))
        .collect();
    let m = message(&d);
    assert!(
        m.contains("cannot close") && m.contains("overlapping"),
        "{m}"
    );
    assert!(m.contains("room 3 (boss)") || m.contains("room 3"), "{m}");
    d.templates = GraphConfig::demo_templates();
    assert!(d.validate().is_ok(), "{:?}", d.validate());
    // A square of the same rooms closes, and its doors are the graph's.
    let mut g = LevelGraph::path(4);
    g.connect(3, 0, EdgeMode::Default);
    c.graph = g;
    assert!(c.validate().is_ok());
    for seed in 0..10 {
        let l = layout(&c, seed, 1).unwrap();
        let mut got: Vec<(usize, usize)> = l.grid.connections().iter().map(|k| k.rooms).collect();
        got.sort_unstable();
        assert_eq!(got, vec![(0, 1), (0, 3), (1, 2), (2, 3)]);
    }
}

#[test]
fn room_pairs_put_corridor_pieces_after_the_rooms() {
    let mut c = GraphConfig::demo();
    let mut g = LevelGraph::path(4);
    g.edges[0].mode = EdgeMode::Corridor;
    g.edges[1].mode = EdgeMode::Direct;
    c.graph = g;
    assert_eq!(c.room_pairs(), vec![(0, 4), (1, 2), (1, 4), (2, 3)]);
    c.corridors = true;
    assert_eq!(c.room_pairs(), vec![(0, 4), (1, 2), (1, 4), (2, 5), (3, 5)]);
}

#[test]
fn a_loop_of_three_through_corridors_closes_with_bends_on_it_only() {
    // Straight pieces cannot close a triangle of demo rooms; the generated
    // bends can, and only the triangle's connections may use them.
    assert!(GraphConfig::corridors().bend_pieces().is_empty());
    let mut c = GraphConfig::corridors();
    let mut g = LevelGraph::path(4);
    g.rooms[0].tags = vec!["start".into()];
    g.connect(1, 3, EdgeMode::Default);
    c.graph = g;
    let pieces = c.corridor_pieces();
    let bends = c.bend_pieces();
    // Door width 1 only, lengths 4 to 8.
    assert_eq!(bends.len(), 5);
    assert_eq!(pieces[pieces.len() - bends.len()..], bends[..]);
    let mut used = 0;
    for seed in 0..10 {
        let l = layout(&c, seed, 1).unwrap();
        assert_eq!(l.placements.len(), 8);
        for p in l.placements.iter().filter(|p| p.corridor) {
            if p.template >= pieces.len() - bends.len() {
                used += 1;
                assert_ne!(p.edge, Some(0), "the bridge 0–1 uses a straight piece");
            }
        }
    }
    assert!(used >= 10, "every triangle needs a bend: {used}");
}

#[test]
fn two_floor_templates_keep_a_main_path_the_grid_walks() {
    // Every demo template's inside as a top and a bottom floor: a door may
    // open from the second floor, a later room record, so the grid joins
    // that record, not the placement's first, to the next room.
    let mut c = GraphConfig::demo();
    for t in &mut c.templates {
        let top = (t.height - 2) / 2;
        t.floors = vec![
            Rect::new(1, 1, t.width - 2, top),
            Rect::new(1, 1 + top, t.width - 2, t.height - 2 - top),
        ];
    }
    let mut later = 0;
    for seed in 0..10 {
        let l = layout(&c, seed, 3).unwrap();
        let g = &l.grid;
        assert_eq!(g.room_records().len(), 2 * l.placements.len());
        let path = &g.planned_graph().main_path;
        assert_eq!((path.first(), path.last()), (Some(&l.start), Some(&l.end)));
        later += usize::from(path.iter().any(|&r| r >= l.placements.len()));
        let back = DungeonGrid::from_json(&g.to_json()).unwrap();
        assert!(back == *g, "seed {seed}: the saved grid reads back");
    }
    assert!(later > 0, "no main path went through a second floor");
}

#[test]
fn a_connection_on_three_loops_of_three_is_refused_and_two_lay_out() {
    // Rooms 1 and 3, joined, with three common neighbours 0, 2 and 5: one
    // of the three triangles would have to enclose a room.
    let mut g = LevelGraph::new();
    for _ in 0..6 {
        g.add_room(&[]);
    }
    for (a, b) in [
        (1, 3),
        (1, 0),
        (3, 0),
        (1, 2),
        (3, 2),
        (1, 5),
        (3, 5),
        (2, 4),
    ] {
        g.connect(a, b, EdgeMode::Default);
    }
    let c = GraphConfig {
        graph: g.clone(),
        templates: GraphConfig::demo_line_templates(),
        ..GraphConfig::demo()
    };
    let e = c.validate().unwrap_err().to_string();
    assert!(
        e.contains("room 1 and room 3 share 3 loops of three (with room 0, room 2, room 5)"),
        "{e}"
    );
    assert_eq!(message(&c), e);
    // Through a corridor, the connection 1–5 breaks one of the loops.
    let mut through = c.clone();
    through.graph.edges[5].mode = EdgeMode::Corridor;
    assert!(
        !through
            .validate()
            .is_err_and(|e| e.to_string().contains("loops of three"))
    );
    // Without room 5's connections, two loops of three share 1–3: they lay out.
    let mut two = c.clone();
    two.graph.edges.retain(|e| e.a != 5 && e.b != 5);
    two.graph.connect(4, 5, EdgeMode::Default);
    for seed in 0..10 {
        let l = layout(&two, seed, 1).unwrap();
        assert_eq!(derived(&l).len(), two.graph.edges.len());
    }
}

#[test]
fn a_room_whose_connections_cannot_sit_around_it_is_refused() {
    // A star: room 0 joined to `d` rooms. With the demo's fixed slots at
    // most 6 rooms fit side by side around the biggest template (two a
    // wall on its long sides, one on its short sides), so 7 are refused
    // up front, naming the room; 6 lay out.
    let star = |d: usize, templates: Vec<RoomTemplate>| {
        let mut g = LevelGraph::new();
        for k in 0..=d {
            // The start and the boss tagged, as in the demo: their
            // templates (the boss has two doors a side) are theirs alone.
            g.add_room(match k {
                1 => &["start"],
                2 => &["boss"],
                _ => &[],
            });
        }
        for k in 1..=d {
            g.connect(0, k, EdgeMode::Default);
        }
        GraphConfig {
            graph: g,
            templates,
            ..GraphConfig::demo()
        }
    };
    let seven = star(7, GraphConfig::demo_templates());
    let e = seven.validate().unwrap_err().to_string();
    assert!(
        e.contains("room 0 has 7 connections, but at most 6 rooms fit side by side around it"),
        "{e}"
    );
    assert_eq!(message(&seven), e);
    let six = star(6, GraphConfig::demo_templates());
    assert!(six.validate().is_ok());
    for seed in 0..5 {
        let l = layout(&six, seed, 1).unwrap();
        assert_eq!(derived(&l).len(), 6);
    }
    // Door lines seat more: 8 connections pass the check and lay out.
    let eight = star(8, GraphConfig::demo_line_templates());
    assert!(eight.validate().is_ok());
    assert_eq!(derived(&layout(&eight, 1, 1).unwrap()).len(), 8);
}

/// A configuration laid out again on the same thread is checked once
/// ([`LAST_CHECKED`]), and every layout is the one a fresh thread, which
/// checks it anew, finds.
#[test]
fn a_configuration_laid_out_again_is_checked_once_and_lays_out_the_same() {
    let lines = GraphConfig::demo();
    let fixed = GraphConfig {
        templates: GraphConfig::demo_templates(),
        ..GraphConfig::demo()
    };
    let bad = GraphConfig {
        work_budget: 0,
        ..GraphConfig::demo()
    };
    let calls = [
        (&lines, 0),
        (&lines, 1),
        (&fixed, 0),
        (&bad, 0),
        (&lines, 2),
        (&bad, 1),
        (&fixed, 1),
        (&fixed, 1),
    ];
    let (got, checks) = std::thread::scope(|s| {
        s.spawn(|| {
            let got: Vec<_> = calls.iter().map(|&(c, seed)| layout(c, seed, 1)).collect();
            (got, CHECKS.with(std::cell::Cell::get))
        })
        .join()
        .expect("the layouts")
    });
    // lines, fixed, bad (refused, so not kept), lines, bad, fixed.
    assert_eq!(checks, 6);
    assert!(got[3].is_err() && got[5].is_err());
    for (&(c, seed), g) in calls.iter().zip(&got) {
        let fresh =
            std::thread::scope(|s| s.spawn(|| layout(c, seed, 1)).join()).expect("a fresh layout");
        assert_eq!(&fresh, g, "seed {seed}");
    }
    assert_ne!(got[0], got[2]);
}

/// Two 7 × 7 rooms that each join the same three 7 × 7 rooms, door lines
/// on every side: the three cannot all reach both.
fn no_layout_config() -> GraphConfig {
    let mut t = RoomTemplate::new(
        "square",
        7,
        7,
        Side::ALL
            .iter()
            .map(|&s| DoorSlot::line(s, 1, 1, 5))
            .collect(),
    );
    t.rotations = true;
    let mut g = LevelGraph::new();
    for _ in 0..5 {
        g.add_room(&[]);
    }
    for (a, b) in [(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)] {
        g.connect(a, b, EdgeMode::Direct);
    }
    GraphConfig {
        graph: g,
        templates: vec![t],
        work_budget: 50_000,
        ..GraphConfig::demo()
    }
}

#[test]
fn a_graph_with_no_layout_is_named_after_one_search_and_then_refused() {
    let c = no_layout_config();
    c.validate().expect("nothing up front refuses it");
    let (got, proofs) = std::thread::scope(|s| {
        s.spawn(|| {
            let got: Vec<_> = (0..3).map(|seed| layout(&c, seed, 1)).collect();
            (got, PROOFS.with(std::cell::Cell::get))
        })
        .join()
        .expect("the layouts")
    });
    // Proven once, after the first search; the next calls refuse it.
    assert_eq!(proofs, 1);
    for g in &got {
        let Err(GenError::Config(e)) = g else {
            panic!("{g:?}");
        };
        assert_eq!(e.field, "graph");
        assert!(e.value.contains("a graph with no layout"), "{e}");
        assert!(
            e.value.contains("room 0, room 1, room 2, room 3, room 4"),
            "{e}"
        );
    }
    assert_eq!(got[0], got[2]);
    // A fresh thread (nothing kept) says the same.
    let fresh = std::thread::scope(|s| s.spawn(|| layout(&c, 2, 1)).join()).expect("a layout");
    assert_eq!(fresh, got[2]);
    // Too little work decides nothing.
    assert_eq!(
        c.prove_layout(1),
        Ok(LayoutProof::Undecided),
        "one unit decides nothing"
    );
}
