//! Graph layouts of random trees (2–60 rooms, random edge order and
//! direction, start and boss tags) and graphs with loops, with random
//! template sets, over many seeds, with direct doors, every connection
//! through a corridor, or a mix: every level passes `check`; placement `i`
//! is graph room `i` and holds room record `i`, the corridor pieces after
//! them in connection order; no two footprints overlap; the grid's room
//! graph is exactly the level graph (every direct connection realised,
//! every corridor connection as room – piece – room, nothing else
//! connected); doors only where the graph says; start and end in the start
//! and boss rooms; the same seed gives the same bytes, watched or not; a
//! cancelled run stops; a tiny budget ends with an error, never a hang.

#[path = "support/graph_check.rs"]
mod graph_check;
#[path = "support/random_door.rs"]
mod random_door;
#[path = "support/random_level_graph/mod.rs"]
#[expect(
    dead_code,
    reason = "the designer classes serve designer_graphs.rs and graph_bench"
)]
mod random_level_graph;

use graph_check::{check_level, check_realised};
use random_door::add_random_door;
use random_level_graph::add_loops;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use dungeon_core::graph_layout::{self, EdgeMode, GraphConfig, LevelGraph, MIN_WORK_BUDGET};
use dungeon_core::template::{DoorSlot, RoomTemplate, Side};
use dungeon_core::{DungeonRng, GenError, Watch};

/// A room with two doors of width 1 on every side, none adjacent.
fn hub(name: &str, w: i32, h: i32) -> RoomTemplate {
    let mut doors = Vec::new();
    for side in Side::ALL {
        let len = if matches!(side, Side::North | Side::South) {
            w
        } else {
            h
        };
        doors.push(DoorSlot::new(side, 1, 1));
        doors.push(DoorSlot::new(side, len - 2, 1));
    }
    let mut t = RoomTemplate::new(name, w, h, doors);
    t.rotations = true;
    t
}

/// A random template: 4–11 cells a side, doors of width 1 or 2 on at
/// least two sides.
fn random_template(rng: &mut DungeonRng, i: usize) -> RoomTemplate {
    let (w, h) = (rng.range(4, 11), rng.range(4, 11));
    let mut t = RoomTemplate::new(&format!("t{i}"), w, h, Vec::new());
    let mut sides = Side::ALL;
    rng.shuffle(&mut sides);
    let count = rng.range(2, 4) as usize;
    for &side in &sides[..count] {
        for _ in 0..rng.range(1, 2) {
            add_random_door(rng, &mut t, side);
        }
    }
    t.weight = [0.5, 1.0, 2.0][rng.below(3) as usize];
    t.rotations = rng.chance(0.7);
    t.mirroring = rng.chance(0.3);
    t
}

/// A random tree of at most degree 4 (each room hangs off one of the four
/// rooms made before it), rooms numbered at random, edges in random order
/// and direction; the start and boss rooms tagged.
fn random_tree(rng: &mut DungeonRng) -> LevelGraph {
    let n = rng.range(2, 60) as usize;
    let mut label: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut label);
    let mut degree = vec![0; n];
    let mut edges = Vec::new();
    for i in 1..n {
        // Parents among the last few rooms: level graphs are runs of
        // rooms with branches. (Bushy trees of fixed-slot rooms joined door
        // to door cannot fit in the plane past a few levels: a room's
        // neighbourhood holds a bounded number of rooms; corridors
        // give them room.)
        let open: Vec<usize> = (i.saturating_sub(4)..i)
            .filter(|&p| degree[p] < 4)
            .collect();
        let p = *rng.pick(&open).expect("a tree always has a leaf");
        degree[p] += 1;
        degree[i] += 1;
        let (a, b) = (label[p], label[i]);
        edges.push(if rng.chance(0.5) { (a, b) } else { (b, a) });
    }
    rng.shuffle(&mut edges);
    let mut g = LevelGraph::new();
    for _ in 0..n {
        g.add_room(&[]);
    }
    g.rooms[label[0]].tags = vec!["start".into()];
    if n > 2 && rng.chance(0.7) {
        g.rooms[label[n - 1]].tags = vec!["boss".into()];
    }
    for (a, b) in edges {
        let mode = if rng.chance(0.2) {
            EdgeMode::Direct
        } else {
            EdgeMode::Default
        };
        g.connect(a, b, mode);
    }
    g
}

fn random_config(rng: &mut DungeonRng) -> GraphConfig {
    let mut templates: Vec<RoomTemplate> = (0..rng.range(1, 5) as usize)
        .map(|i| random_template(rng, i))
        .collect();
    templates.push(hub("hub", rng.range(5, 9), rng.range(5, 9)));
    templates.push(hub("start", 7, 7).tagged(&["start"]));
    templates.push(hub("boss", 9, 9).tagged(&["boss"]));
    GraphConfig {
        graph: random_tree(rng),
        templates,
        corridors: false,
        corridor_templates: Vec::new(),
        corridor_min: 4,
        corridor_max: 8,
        work_budget: 500_000,
    }
}

/// How a case's connections are realised.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Doors that touch (the graph's own modes, corridors off).
    Direct,
    /// Every connection through a corridor piece.
    Corridors,
    /// Corridors on, about a third of the connections direct and a few
    /// marked as corridors explicitly.
    Mixed,
}

/// Sets `c` up for `mode` from its own stream (so the graph and templates
/// are those of the direct case): random straight lengths and, now and
/// then, a bend of the designer's.
fn apply_mode(c: &mut GraphConfig, mode: Mode, seed: u64) {
    let mut rng = DungeonRng::new(seed ^ 0xC0_881D);
    match mode {
        Mode::Direct => return,
        Mode::Corridors => {
            c.corridors = true;
            for e in &mut c.graph.edges {
                e.mode = EdgeMode::Default;
            }
        }
        Mode::Mixed => {
            c.corridors = true;
            for e in &mut c.graph.edges {
                e.mode = match rng.below(6) {
                    0 | 1 => EdgeMode::Direct,
                    2 => EdgeMode::Corridor,
                    _ => EdgeMode::Default,
                };
            }
        }
    }
    c.corridor_min = rng.range(3, 6);
    c.corridor_max = c.corridor_min + rng.range(0, 5);
    if rng.chance(0.3) {
        let size = rng.range(5, 9);
        let mut bend = RoomTemplate::new(
            "bend",
            size,
            size,
            vec![
                DoorSlot::new(Side::North, rng.range(1, size - 2), 1),
                DoorSlot::new(Side::East, rng.range(1, size - 2), 1),
            ],
        );
        bend.rotations = true;
        c.corridor_templates.push(bend);
    }
}

/// Lays out `cases` random trees (seeds from `base`) in `mode`, checking
/// every layout; how many were laid out.
fn tree_cases(base: u64, cases: u64, mode: Mode) -> u64 {
    let (mut ok, mut exhausted) = (0, 0);
    for case in 0..cases {
        let mut rng = DungeonRng::new(base + case);
        let mut c = random_config(&mut rng);
        apply_mode(&mut c, mode, base + case);
        c.validate().expect("random configs are valid");
        let seed = u64::from(rng.next_u32());
        match graph_layout::layout(&c, seed, 1) {
            Ok(l) => {
                ok += 1;
                check_level(&c, &l);
                if case % 4 == 0 {
                    let again = graph_layout::layout(&c, seed, 1).unwrap();
                    assert_eq!(again, l, "same seed, same level");
                    let watched =
                        graph_layout::generate_watched(&c, seed, 1, &Watch::new()).unwrap();
                    assert_eq!(watched.to_json(), l.grid.to_json(), "same bytes watched");
                }
            }
            Err(GenError::Exhausted { reason, .. }) => {
                exhausted += 1;
                assert!(reason.contains("work_budget"), "{reason}");
            }
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    eprintln!("{mode:?}: {ok} of {cases} trees laid out, {exhausted} exhausted");
    ok
}

#[test]
fn random_trees_are_realised_exactly() {
    let cases = 200;
    let ok = tree_cases(0x25_0000, cases, Mode::Direct);
    assert!(ok * 100 >= cases * 98, "{ok} of {cases} laid out");
}

#[test]
fn random_trees_with_corridors_are_realised_exactly() {
    for mode in [Mode::Corridors, Mode::Mixed] {
        let cases = 16;
        let ok = tree_cases(0x25_2000, cases, mode);
        assert!(ok * 100 >= cases * 95, "{mode:?}: {ok} of {cases} laid out");
    }
}

/// [`random_trees_are_realised_exactly`] over many more seeds (release:
/// `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug; run in release"]
fn many_random_trees_are_realised_exactly() {
    let cases = 2500;
    let ok = tree_cases(0x25_4000, cases, Mode::Direct);
    assert!(ok * 100 >= cases * 98, "{ok} of {cases} laid out");
}

/// [`random_trees_with_corridors_are_realised_exactly`] over many more
/// seeds (release: `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug; run in release"]
fn many_random_trees_with_corridors_are_realised_exactly() {
    for mode in [Mode::Corridors, Mode::Mixed] {
        let cases = 1000;
        let ok = tree_cases(0x25_4000, cases, mode);
        assert!(ok * 100 >= cases * 95, "{mode:?}: {ok} of {cases} laid out");
    }
}

/// A random tree as [`random_tree`], plus up to four loops of 4 or 5
/// rooms (one to four asked of [`add_loops`], 40 draws).
fn random_loopy(rng: &mut DungeonRng) -> LevelGraph {
    let mut g = random_tree(rng);
    let want = rng.range(1, 4) as usize;
    add_loops(rng, &mut g, want, 40);
    g
}

/// Lays out `cases` random graphs with loops (seeds from `base`) within
/// `budget` work units, checking every layout; `(laid out, refused,
/// loops)`: a graph with a loop no template choice closes is refused by
/// validation naming that loop, and one whose search fails may be proven
/// to have no layout at all (refused too, naming the loops' rooms).
fn loopy_cases(base: u64, cases: u64, budget: i32, mode: Mode) -> (u64, u64, usize) {
    let (mut ok, mut refused, mut loops, mut proven) = (0, 0, 0, 0);
    // Per number of loops: (graphs, laid out).
    let mut by_loops = [(0u32, 0u32); 8];
    for case in 0..cases {
        let mut rng = DungeonRng::new(base + case);
        let mut c = random_config(&mut rng);
        c.graph = random_loopy(&mut rng);
        c.work_budget = budget;
        apply_mode(&mut c, mode, base + case);
        if let Err(e) = c.validate() {
            assert!(e.to_string().contains("cannot close"), "{e}");
            assert_eq!(
                graph_layout::layout(&c, 1, 1),
                Err(GenError::Config(e)),
                "layout refuses it too"
            );
            refused += 1;
            continue;
        }
        let mine = c.graph.edges.len() + 1 - c.graph.rooms.len();
        loops += mine;
        let tally = &mut by_loops[mine.min(7)];
        tally.0 += 1;
        let seed = u64::from(rng.next_u32());
        match graph_layout::layout(&c, seed, 1) {
            Ok(l) => {
                ok += 1;
                tally.1 += 1;
                check_level(&c, &l);
                if case % 8 == 0 {
                    assert_eq!(graph_layout::layout(&c, seed, 1).unwrap(), l);
                }
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.contains("work_budget"), "{reason}");
            }
            Err(GenError::Config(e)) if e.value.starts_with("a graph with no layout") => {
                proven += 1;
                refused += 1;
            }
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    eprintln!(
        "{mode:?}: (graphs, laid out) by number of loops: {by_loops:?}; {proven} proven to \
         have no layout after the search"
    );
    (ok, refused, loops)
}

#[test]
fn random_graphs_with_loops_are_realised_exactly() {
    let cases = 24;
    let (ok, refused, loops) = loopy_cases(0x25_1000, cases, 300_000, Mode::Direct);
    assert!(loops as u64 >= cases, "{loops} loops");
    eprintln!("{ok} of {cases} laid out, {refused} refused, {loops} loops");
    // Measured (release, 300 000 work units, loops of 4–5 rooms): 16 of
    // these 24; over the 1000 seeds of the test below 633, by number of
    // loops 1: 96 %, 2: 72 %, 3: 45 %, 4: 34 %. These random template sets
    // (doors on two to four sides, some not turnable) leave many loops
    // without a layout; every other run ends with a message naming the
    // chain or room it could not place. The demo templates lay out nearly
    // every such graph (`demo_templates_lay_out_random_graphs_with_four_loops`).
    assert!(ok * 100 >= cases * 50, "{ok} of {cases} laid out");
}

/// [`random_graphs_with_loops_are_realised_exactly`] over many more
/// seeds (release: `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug; run in release"]
fn many_random_graphs_with_loops_are_realised_exactly() {
    let cases = 500;
    let (ok, refused, loops) = loopy_cases(0x25_8000, cases, 300_000, Mode::Direct);
    eprintln!("{ok} of {cases} laid out, {refused} refused, {loops} loops");
    assert!(ok * 100 >= cases * 58, "{ok} of {cases} laid out");
}

/// The demo templates (doors on every side, turnable) on random planar
/// graphs of 40 rooms with 4 independent loops of 4–6 rooms: every level
/// checked, and the share laid out within the default budget (release:
/// `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug; run in release"]
fn demo_templates_lay_out_random_graphs_with_four_loops() {
    let (mut ok, mut tried) = (0u64, 0u64);
    for case in 0..200u64 {
        let mut rng = DungeonRng::new(0x25_c000 + case);
        let Some(graph) = random_level_graph::random_graph(&mut rng, 40, 4) else {
            continue;
        };
        let c = GraphConfig {
            graph,
            ..GraphConfig::demo()
        };
        tried += 1;
        match graph_layout::layout(&c, case, 1) {
            Ok(l) => {
                ok += 1;
                check_level(&c, &l);
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.contains("work_budget"), "{reason}");
            }
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    eprintln!("{ok} of {tried} laid out");
    assert!(tried >= 150, "only {tried} graphs made");
    // Measured: 198 of 199 (the goal is 100 %).
    assert!(ok * 100 >= tried * 98, "{ok} of {tried} laid out");
}

#[test]
fn random_graphs_with_loops_and_corridors_are_realised_exactly() {
    // Measured (release, 300 000 work units, 1000 seeds, the test below):
    // every connection through a corridor 316 laid out, by number of loops
    // 1: 82 %, 2: 25 %, 3: 5 %, 4: 3 %; mixed modes 351, 1: 88 %, 2: 30 %,
    // 3: 9 %, 4: 2 % (direct doors: 476; 95 %, 52 %, 22 %, 13 %). Each failure
    // ends with a message naming the chain it could not place. The search
    // lays out a loop of k rooms through corridors as a loop of 2k rooms,
    // and long loops are what it closes worst.
    let mut ok = 0;
    for mode in [Mode::Corridors, Mode::Mixed] {
        let cases = 4;
        let (laid, refused, loops) = loopy_cases(0x25_3000, cases, 300_000, mode);
        eprintln!("{mode:?}: {laid} of {cases} laid out, {refused} refused, {loops} loops");
        ok += laid;
    }
    assert!(ok >= 2, "{ok} of 8 laid out");
}

/// [`random_graphs_with_loops_and_corridors_are_realised_exactly`] over
/// many more seeds (release: `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug; run in release"]
fn many_random_graphs_with_loops_and_corridors_are_realised_exactly() {
    let cases = 500;
    let mut laid = Vec::new();
    for mode in [Mode::Corridors, Mode::Mixed] {
        let (ok, refused, loops) = loopy_cases(0x25_8000, cases, 300_000, mode);
        eprintln!("{mode:?}: {ok} of {cases} laid out, {refused} refused, {loops} loops");
        laid.push(ok);
    }
    assert!(
        laid.iter().all(|&ok| ok * 100 >= cases * 25),
        "{laid:?} of {cases} laid out"
    );
}

#[test]
fn the_demo_over_many_seeds_and_levels() {
    let c = GraphConfig::demo();
    for seed in 0..100 {
        let l = graph_layout::layout(&c, seed, 1 + (seed % 5) as i32).unwrap();
        check_level(&c, &l);
        check_realised(&c.graph, &l);
    }
    let c = GraphConfig::corridors();
    for seed in 0..4 {
        let l = graph_layout::layout(&c, seed, 1 + (seed % 5) as i32).unwrap();
        check_level(&c, &l);
    }
    // The level varies the stream.
    let a = graph_layout::generate(&c, 7, 1).unwrap();
    let b = graph_layout::generate(&c, 7, 2).unwrap();
    assert_ne!(a, b);
}

#[test]
fn the_json_form_round_trips_random_graphs() {
    for case in 0..200 {
        let mut rng = DungeonRng::new(case);
        let g = random_tree(&mut rng);
        assert_eq!(LevelGraph::from_json(&g.to_json()).unwrap(), g);
    }
}

#[test]
fn watch_progress_grows_and_cancel_stops() {
    let c = GraphConfig::demo();
    let seen = Arc::new(AtomicU32::new(0));
    let s = Arc::clone(&seen);
    let w = Watch::with_observer(move |p| {
        let before = f64::from(s.swap((p * 1e6) as u32, Ordering::Relaxed)) / 1e6;
        assert!(p >= before, "progress only grows");
        true
    });
    let grid = graph_layout::generate_watched(&c, 5, 1, &w).unwrap();
    assert_eq!(w.progress(), 1.0);
    assert_eq!(grid, graph_layout::generate(&c, 5, 1).unwrap());
    // Cancelled before it starts, and at the first checkpoint past 5 %.
    let w = Watch::new();
    w.cancel();
    assert_eq!(
        graph_layout::generate_watched(&c, 5, 1, &w),
        Err(GenError::Cancelled)
    );
    let w = Watch::with_observer(|p| p < 0.06);
    assert_eq!(
        graph_layout::generate_watched(&c, 5, 1, &w),
        Err(GenError::Cancelled)
    );
}

#[test]
fn the_work_budget_bounds_every_run() {
    // 60 rooms in a line of rooms with one door pair each way: a tight
    // budget ends with Exhausted (or a layout), never a hang.
    let mut c = GraphConfig::demo();
    c.graph = LevelGraph::path(60);
    c.templates = vec![hub("hub", 5, 5)];
    c.work_budget = MIN_WORK_BUDGET;
    for seed in 0..20 {
        match graph_layout::layout(&c, seed, 1) {
            Ok(l) => check_level(&c, &l),
            Err(GenError::Exhausted { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
}
