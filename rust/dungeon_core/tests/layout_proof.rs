//! The layout-existence oracle (`support/layout_proof.rs`) and the
//! product's proof ([`GraphConfig::prove_layout`], on the rooms' relative
//! order rather than their positions) on graphs with a known answer, and
//! against the layout search and each other: a graph the search lays out
//! is never called impossible, and where the oracle decides, the proof
//! never contradicts it (designer-drawn graphs of every class, demo
//! templates with fixed slots and with door lines, and rooms trimmed to
//! their floors).

#[path = "support/layout_proof.rs"]
mod layout_proof;
#[path = "support/random_level_graph/mod.rs"]
#[expect(dead_code, reason = "add_loops serves the other layout tests")]
mod random_level_graph;

use layout_proof::{Verdict, prove, two_core};
use random_level_graph::{Class, Doors, designer_graph};

use dungeon_core::GenError;
use dungeon_core::graph_layout::{self, EdgeMode, GraphConfig, LayoutProof, LevelGraph};
use dungeon_core::template::{DoorSlot, RoomTemplate, Side};
use dungeon_core::{DungeonRng, Rect};

/// A loop of four rooms, every room `t`.
fn square(t: RoomTemplate) -> GraphConfig {
    let mut g = LevelGraph::new();
    for _ in 0..4 {
        g.add_room(&[]);
    }
    for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] {
        g.connect(a, b, EdgeMode::Direct);
    }
    GraphConfig {
        graph: g,
        templates: vec![t],
        ..GraphConfig::demo()
    }
}

#[test]
fn the_two_core_is_the_loops_and_what_joins_them() {
    // A square 0-1-2-3, a path 3-4-5 to a triangle 5-6-7, a leaf 8.
    let mut adj = vec![Vec::new(); 9];
    for (a, b) in [
        (0, 1),
        (1, 2),
        (2, 3),
        (3, 0),
        (3, 4),
        (4, 5),
        (5, 6),
        (6, 7),
        (7, 5),
        (7, 8),
    ] {
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut want = vec![true; 9];
    want[8] = false;
    assert_eq!(two_core(&adj), want);
    assert_eq!(two_core(&[vec![1], vec![0, 2], vec![1]]), vec![false; 3]);
}

#[test]
fn known_answers() {
    // Doors north and south only, never turned: every join stacks the
    // rooms in a column, so a loop of four cannot close; the layout search
    // fails too.
    let column = RoomTemplate::new(
        "column",
        5,
        5,
        vec![
            DoorSlot::new(Side::North, 1, 1),
            DoorSlot::new(Side::North, 3, 1),
            DoorSlot::new(Side::South, 1, 1),
            DoorSlot::new(Side::South, 3, 1),
        ],
    );
    let mut c = square(column);
    c.validate().expect("no up-front check refuses it");
    assert_eq!(prove(&c, 1 << 20), Verdict::Impossible(vec![0, 1, 2, 3]));
    assert_eq!(
        c.prove_layout(1 << 20),
        Ok(LayoutProof::NoLayout(vec![0, 1, 2, 3]))
    );
    // The layout's search fails, then its proof names the graph.
    c.work_budget = 20_000;
    match graph_layout::layout(&c, 1, 1) {
        Err(GenError::Config(e)) => {
            assert_eq!(e.field, "graph");
            assert!(e.value.contains("a graph with no layout"), "{e}");
            assert!(e.value.contains("room 0, room 1, room 2, room 3"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    // A door on every side, turned: the square closes.
    let mut four = RoomTemplate::new(
        "four",
        5,
        5,
        Side::ALL.iter().map(|&s| DoorSlot::new(s, 2, 1)).collect(),
    );
    four.rotations = true;
    assert_eq!(prove(&square(four.clone()), 1 << 20), Verdict::Relaxed);
    assert_eq!(
        square(four.clone()).prove_layout(1 << 20),
        Ok(LayoutProof::Arranged)
    );
    // A cap too small to decide; a tree has nothing to prove; corridors
    // are not covered by the oracle, and are by the proof.
    assert_eq!(prove(&square(four.clone()), 2), Verdict::Unknown);
    assert_eq!(
        square(four.clone()).prove_layout(2),
        Ok(LayoutProof::Undecided)
    );
    let mut tree = square(four);
    tree.graph.edges.pop();
    assert_eq!(prove(&tree, 1 << 20), Verdict::NoLoop);
    assert_eq!(tree.prove_layout(1 << 20), Ok(LayoutProof::Arranged));
    let mut corridors = GraphConfig::demo();
    corridors.corridors = true;
    assert_eq!(prove(&corridors, 1 << 20), Verdict::Unknown);
    assert_eq!(corridors.prove_layout(1 << 24), Ok(LayoutProof::Arranged));
    // A refused configuration is refused by the proof too.
    let mut bad = GraphConfig::demo();
    bad.work_budget = 0;
    assert_eq!(bad.prove_layout(1 << 20).unwrap_err().field, "work_budget");
}

/// Two rooms `a`, `b` that each join the same three rooms (K₂,₃), on demo
/// door-line templates: `a` and `b` of template `big`, the three of
/// `small`.
fn k23(big: (i32, i32), small: (i32, i32)) -> GraphConfig {
    let line = |name: &str, (w, h): (i32, i32)| {
        let mut t = RoomTemplate::new(
            name,
            w,
            h,
            vec![
                DoorSlot::line(Side::North, 1, 1, w - 2),
                DoorSlot::line(Side::East, 1, 1, h - 2),
                DoorSlot::line(Side::South, 1, 1, w - 2),
                DoorSlot::line(Side::West, 1, 1, h - 2),
            ],
        )
        .tagged(&[name]);
        t.rotations = true;
        t
    };
    let mut g = LevelGraph::new();
    for tag in ["big", "big", "small", "small", "small"] {
        g.add_room(&[tag]);
    }
    for (a, b) in [(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)] {
        g.connect(a, b, EdgeMode::Direct);
    }
    GraphConfig {
        graph: g,
        templates: vec![line("big", big), line("small", small)],
        ..GraphConfig::demo()
    }
}

#[test]
fn two_rooms_joining_the_same_three_need_room_for_them() {
    // All 7 × 7: the three rooms cannot all reach both big ones.
    let c = k23((7, 7), (7, 7));
    c.validate().expect("no up-front check refuses it");
    let all = vec![0, 1, 2, 3, 4];
    assert_eq!(prove(&c, 1 << 26), Verdict::Impossible(all.clone()));
    assert_eq!(c.prove_layout(1 << 24), Ok(LayoutProof::NoLayout(all)));
    // 13 × 13 on either side of a column of three 7 × 7 rooms (21 cells
    // tall, each still meeting both 11-cell door lines): it fits.
    let c = k23((13, 13), (7, 7));
    assert_eq!(prove(&c, 1 << 26), Verdict::Relaxed);
    assert_eq!(c.prove_layout(1 << 24), Ok(LayoutProof::Arranged));
    graph_layout::layout(&c, 1, 1).expect("the column fits between them");
}

/// An L trimmed to its floors, `w × h`: floors across the top three rows
/// and down the left three columns, so the notch is `x ≥ 5, y ≥ 5`; a
/// door in the notch's top wall at `x = top` and one in the leg's right
/// wall at `y = side`.
fn l_room(w: i32, h: i32, top: i32, side: i32) -> RoomTemplate {
    let mut l = RoomTemplate::new(
        "l",
        w,
        h,
        vec![
            DoorSlot::new(Side::South, top, 1).with_inset(h - 5),
            DoorSlot::new(Side::East, side, 1).with_inset(w - 5),
        ],
    );
    l.floors = vec![Rect::new(1, 1, w - 2, 3), Rect::new(1, 4, 3, h - 5)];
    l.trim_to_floors = true;
    l.validate().expect("the L");
    l.tagged(&["l"])
}

/// A loop of three: an L and two 4 × 4 rooms with a door line on every
/// side.
fn notch_loop(l: RoomTemplate) -> GraphConfig {
    let small = RoomTemplate::new(
        "small",
        4,
        4,
        Side::ALL
            .iter()
            .map(|&s| DoorSlot::line(s, 1, 1, 2))
            .collect(),
    )
    .tagged(&["small"]);
    let mut g = LevelGraph::new();
    g.add_room(&["l"]);
    g.add_room(&["small"]);
    g.add_room(&["small"]);
    for (a, b) in [(0, 1), (1, 2), (2, 0)] {
        g.connect(a, b, EdgeMode::Direct);
    }
    GraphConfig {
        graph: g,
        templates: vec![l, small],
        ..GraphConfig::demo()
    }
}

#[test]
fn a_loop_of_three_closes_in_an_l_notch_when_it_fits() {
    // 9 × 13: one small room under the notch's top wall (x 5..=8), the
    // other against the leg below it, the two joined top to bottom.
    let c = notch_loop(l_room(9, 13, 7, 10));
    assert_eq!(prove(&c, 1 << 22), Verdict::Relaxed);
    let level = graph_layout::layout(&c, 3, 1).expect("the loop closes in the notch");
    let big = level.placements[0].rect();
    for p in &level.placements[1..] {
        let r = p.rect();
        assert!(
            r.x >= big.x + 5 && r.y >= big.y + 5,
            "{r:?} in the notch of {big:?}"
        );
    }
    // 9 × 9 with the doors at 6: the first small room fills the 4 × 4
    // notch, so the second has nowhere to go. The oracle agrees with the
    // up-front check of loops of three, which works on outlines too.
    let c = notch_loop(l_room(9, 9, 6, 6));
    assert_eq!(prove(&c, 1 << 22), Verdict::Impossible(vec![0, 1, 2]));
    // Rooms trimmed to their floors are not modelled by the proof.
    assert_eq!(c.prove_layout(1 << 22), Err(c.validate().unwrap_err()));
    assert_eq!(
        notch_loop(l_room(9, 13, 7, 10)).prove_layout(1 << 22),
        Ok(LayoutProof::Undecided)
    );
    let e = c.validate().unwrap_err().to_string();
    assert!(e.contains("cannot close"), "{e}");
}

/// Lays out graph 0 of every cell of the designer classes at `rooms`
/// rooms with `templates` (budget 300,000), and runs the oracle (cap
/// `cap`) and the proof (work `work`) on each: `(laid out, failed, failures
/// the oracle proves impossible, failures the proof proves impossible)`;
/// panics when a graph laid out is called impossible by either, or when
/// the two contradict each other.
fn cross_check(
    templates: &[RoomTemplate],
    rooms: usize,
    cap: u64,
    work: u64,
) -> (u32, u32, u32, u32) {
    let (mut ok, mut failed, mut impossible, mut proven) = (0, 0, 0, 0);
    for class in Class::ALL {
        for cycles in class.cycles() {
            let mut rng = DungeonRng::new(0x9_7000 + class as u64 * 1000 + cycles as u64);
            let Ok(graph) = designer_graph(&mut rng, class, rooms, cycles, Doors::demo()) else {
                continue;
            };
            let c = GraphConfig {
                graph,
                templates: templates.to_vec(),
                work_budget: 300_000,
                ..GraphConfig::demo()
            };
            let laid_out = graph_layout::layout(&c, 0, 1).is_ok();
            let verdict = prove(&c, cap);
            let proof = c.prove_layout(work);
            let no = matches!(proof, Ok(LayoutProof::NoLayout(_)));
            let contradiction = match verdict {
                Verdict::Impossible(_) => proof == Ok(LayoutProof::Arranged),
                Verdict::Relaxed => no,
                Verdict::NoLoop | Verdict::Unknown => false,
            };
            let name = class.name();
            assert!(
                !contradiction,
                "{name} {cycles}: {verdict:?} against {proof:?}"
            );
            if laid_out {
                ok += 1;
                assert!(
                    !matches!(verdict, Verdict::Impossible(_)) && !no,
                    "{name} {cycles}: laid out, but called impossible"
                );
            } else {
                failed += 1;
                impossible += u32::from(matches!(verdict, Verdict::Impossible(_)));
                proven += u32::from(no);
            }
        }
    }
    (ok, failed, impossible, proven)
}

#[test]
#[ignore = "release: many layouts (tests/run_all.sh runs it)"]
fn a_graph_laid_out_is_never_called_impossible() {
    let fixed = GraphConfig::demo_templates();
    let (ok, failed, impossible, proven) = cross_check(&fixed, 10, 20_000_000, 2_000_000);
    eprintln!(
        "fixed slots, 10 rooms: {ok} laid out, {failed} not; proven impossible: \
         {impossible} by the oracle, {proven} by the proof"
    );
    assert!(
        ok >= 10 && impossible >= 1 && proven >= 1,
        "{ok} {failed} {impossible} {proven}"
    );
    let lines = GraphConfig::demo_line_templates();
    let (ok, failed, impossible, proven) = cross_check(&lines, 10, 2_000_000, 8_000_000);
    eprintln!(
        "door lines, 10 rooms: {ok} laid out, {failed} not; proven impossible: \
         {impossible} by the oracle, {proven} by the proof"
    );
    assert!(
        ok >= 10 && proven >= 1,
        "{ok} {failed} {impossible} {proven}"
    );
}
