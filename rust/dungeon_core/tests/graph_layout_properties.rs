//! Graph layouts of random trees (2–60 rooms, random edge order and
//! direction, start and boss tags) with random template sets, over many
//! seeds: every level passes `check`; placement `i` is graph room `i` and
//! holds room record `i`; no two footprints overlap; the grid's room graph
//! is exactly the level graph (every connection realised, nothing else
//! connected); doors only where the graph says; start and end in the start
//! and boss rooms; the same seed gives the same bytes, watched or not; a
//! cancelled run stops; a tiny budget ends with an error, never a hang.

#[path = "support/random_door.rs"]
mod random_door;
#[path = "support/random_level_graph.rs"]
mod random_level_graph;

use random_door::add_random_door;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use dungeon_core::graph_layout::{
    self, EdgeMode, GraphConfig, GraphLevel, LevelGraph, MIN_WORK_BUDGET,
};
use dungeon_core::template::{DoorSlot, RoomTemplate, Side};
use dungeon_core::{Cell, DungeonRng, GenError, Rect, Watch};

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
        // neighbourhood holds a bounded number of rooms; corridors will
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
        work_budget: 500_000,
    }
}

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn check_level(c: &GraphConfig, l: &GraphLevel) {
    let g = &c.graph;
    let grid = &l.grid;
    grid.check().expect("check passes");
    assert_eq!(l.placements.len(), g.rooms.len());
    assert_eq!(grid.room_records().len(), g.rooms.len(), "one floor each");
    for (i, p) in l.placements.iter().enumerate() {
        let r = grid.room_records()[i].rect;
        let f = p.rect();
        assert!(
            r.x > f.x && r.y > f.y && r.x + r.w < f.x + f.w && r.y + r.h < f.y + f.h,
            "record {i} inside placement {i}"
        );
        assert_eq!(p.rooms, vec![i]);
        assert!(f.x >= 0 && f.y >= 0 && f.x + f.w <= grid.width() && f.y + f.h <= grid.height());
        for q in &l.placements[..i] {
            assert!(!overlap(&f, &q.rect()), "placements overlap");
        }
        // Tags: the template carries the room's tags.
        let t = &c.templates[p.template];
        assert!(g.rooms[i].tags.iter().all(|tag| t.has_tag(tag)));
    }
    // The derived room graph is exactly the level graph.
    let mut want: Vec<(usize, usize)> = g
        .edges
        .iter()
        .map(|e| (e.a.min(e.b), e.a.max(e.b)))
        .collect();
    want.sort_unstable();
    let mut got: Vec<(usize, usize)> = grid.connections().iter().map(|k| k.rooms).collect();
    got.sort_unstable();
    assert_eq!(got, want, "connections");
    // Doors only on joins: two door cells per unit of door width.
    let door_cells = grid.cells().iter().filter(|&&c| c == Cell::Door).count();
    let joined: i32 = l
        .joins
        .iter()
        .map(|j| {
            let d = &l.placements[j.a.placement].doors[j.a.door];
            2 * d.width
        })
        .sum();
    assert_eq!(door_cells, joined as usize);
    assert_eq!(l.joins.len(), g.edges.len());
    for (k, j) in l.joins.iter().enumerate() {
        let e = g.edges[k];
        assert_eq!((j.edge, j.a.placement, j.b.placement), (k, e.a, e.b));
        assert_eq!(l.placements[e.a].doors[j.a.door].join, Some(k));
        assert_eq!(l.placements[e.b].doors[j.b.door].join, Some(k));
    }
    let sealed = l
        .placements
        .iter()
        .flat_map(|p| &p.doors)
        .filter(|d| d.join.is_none())
        .count();
    assert_eq!(sealed, l.sealed.len());
    assert_eq!(grid.room_at(grid.start()), Some(l.start));
    assert_eq!(grid.room_at(grid.end()), Some(l.end));
    if let Some(s) = g.rooms.iter().position(|r| r.tags == ["start"]) {
        assert_eq!(l.start, s);
    }
    if let Some(b) = g.rooms.iter().position(|r| r.tags == ["boss"]) {
        assert_eq!(l.end, b);
    }
}

/// Lays out `cases` random trees (seeds from `base`), checking every
/// layout; how many were laid out.
fn tree_cases(base: u64, cases: u64) -> u64 {
    let (mut ok, mut exhausted) = (0, 0);
    for case in 0..cases {
        let mut rng = DungeonRng::new(base + case);
        let c = random_config(&mut rng);
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
    eprintln!("{ok} of {cases} trees laid out, {exhausted} exhausted");
    ok
}

#[test]
fn random_trees_are_realised_exactly() {
    let cases = 200;
    let ok = tree_cases(0x25_0000, cases);
    assert!(ok * 100 >= cases * 98, "{ok} of {cases} laid out");
}

/// [`random_trees_are_realised_exactly`] over many more seeds (release:
/// `cargo test --release -- --ignored`).
#[test]
#[ignore = "slow in debug; run in release"]
fn many_random_trees_are_realised_exactly() {
    let cases = 5000;
    let ok = tree_cases(0x25_4000, cases);
    assert!(ok * 100 >= cases * 98, "{ok} of {cases} laid out");
}

/// A random tree as [`random_tree`], plus up to three connections between
/// rooms three or four connections apart (loops of 4 or 5 rooms; no
/// triangles, which fixed door slots often cannot close), each kept only
/// if the graph stays planar.
fn random_loopy(rng: &mut DungeonRng) -> LevelGraph {
    let mut g = random_tree(rng);
    let n = g.rooms.len();
    let adj = g.adjacency();
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let want = rng.range(1, 4);
    let mut added = 0;
    for _ in 0..40 {
        if added == want {
            break;
        }
        let a = rng.below(n as u32) as usize;
        // Walk 3 or 4 steps away (never back): a loop of 4 or 5 rooms.
        let mut b = a;
        let mut prev = a;
        let steps = rng.range(3, 4);
        let mut walked = 0;
        for _ in 0..steps {
            let next: Vec<usize> = adj[b].iter().copied().filter(|&m| m != prev).collect();
            let Some(&m) = rng.pick(&next) else { break };
            prev = b;
            b = m;
            walked += 1;
        }
        if walked < steps {
            continue;
        }
        let known = g
            .edges
            .iter()
            .any(|e| (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a));
        if b == a || known || degree[a] >= 4 || degree[b] >= 4 {
            continue;
        }
        if !random_level_graph::connect_if_planar(&mut g, a, b, &mut degree) {
            continue;
        }
        added += 1;
    }
    g
}

/// Lays out `cases` random graphs with loops (seeds from `base`) within
/// `budget` work units, checking every layout; `(laid out, refused,
/// loops)`: a graph with a loop no template choice closes is refused by
/// validation naming that loop.
fn loopy_cases(base: u64, cases: u64, budget: i32) -> (u64, u64, usize) {
    let (mut ok, mut refused, mut loops) = (0, 0, 0);
    // Per number of loops: (graphs, laid out).
    let mut by_loops = [(0u32, 0u32); 8];
    for case in 0..cases {
        let mut rng = DungeonRng::new(base + case);
        let mut c = random_config(&mut rng);
        c.graph = random_loopy(&mut rng);
        c.work_budget = budget;
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
            Err(e) => panic!("case {case}: {e}"),
        }
    }
    eprintln!("(graphs, laid out) by number of loops: {by_loops:?}");
    (ok, refused, loops)
}

#[test]
fn random_graphs_with_loops_are_realised_exactly() {
    let cases = 24;
    let (ok, refused, loops) = loopy_cases(0x25_1000, cases, 300_000);
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
    let cases = 1000;
    let (ok, refused, loops) = loopy_cases(0x25_8000, cases, 300_000);
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
fn the_demo_over_many_seeds_and_levels() {
    let c = GraphConfig::demo();
    for seed in 0..100 {
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
