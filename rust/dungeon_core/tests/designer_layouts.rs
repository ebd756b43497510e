//! Success per class of designer-drawn level graphs (issue 37), with the
//! demo templates (fixed door slots, the `demo` preset) and with the same
//! templates on door lines, direct doors, at the default work budget.
//!
//! The sample: for every class of [`designer_graph`], every cycle count
//! it has (0–6) and 10, 20, 40, 80 and 100 rooms, the first graph of
//! `graph_bench --designer`'s cell (the same seed, so these are graph 0 of
//! each cell of the BENCHMARKS tables), laid out once at level 1 with
//! seed 0. Layouts are deterministic (the budget counts work, not time), so
//! the counts are exact: each class must lay out at least as many graphs
//! as when the bound was measured, every layout checked
//! (`support/graph_check.rs`: the grid's room graph is exactly the level
//! graph, no overlap, rooms in graph order), every failure a refusal or a
//! spent budget with its message. A search change that wins graphs should
//! raise the bounds. Release only (about 40 s of CPU): `tests/run_all.sh` runs it
//! with the other seed counts, one test per class side by side.

#[path = "support/graph_check.rs"]
mod graph_check;
#[path = "support/random_level_graph/mod.rs"]
#[expect(dead_code, reason = "add_loops serves the other layout tests")]
mod random_level_graph;

use graph_check::{check_level, check_realised};
use random_level_graph::{Class, Doors, cell_seed, designer_graph};

use dungeon_core::graph_layout::{self, GraphConfig};
use dungeon_core::{DungeonRng, GenError};

const SIZES: [usize; 5] = [10, 20, 40, 80, 100];

/// Laid out, made and refused up front, for `class` on `templates`.
fn class_counts(class: Class, lines: bool) -> (u32, u32, u32) {
    let (mut ok, mut made, mut refused) = (0, 0, 0);
    for rooms in SIZES {
        for cycles in class.cycles() {
            let mut rng = DungeonRng::new(cell_seed(class, rooms, cycles, 0));
            let Ok(graph) = designer_graph(&mut rng, class, rooms, cycles, Doors::demo()) else {
                continue;
            };
            made += 1;
            let c = GraphConfig {
                graph,
                templates: if lines {
                    GraphConfig::demo_line_templates()
                } else {
                    GraphConfig::demo_templates()
                },
                ..GraphConfig::demo()
            };
            match graph_layout::layout(&c, 0, 1) {
                Ok(l) => {
                    check_realised(&c.graph, &l);
                    check_level(&c, &l);
                    ok += 1;
                }
                Err(GenError::Exhausted { reason, .. }) => {
                    assert!(reason.contains("work_budget"), "{reason}");
                }
                Err(GenError::Config(e)) => {
                    assert_eq!(e.field, "graph", "{e}");
                    refused += 1;
                }
                Err(e) => panic!("{} {rooms} rooms {cycles} cycles: {e}", class.name()),
            }
        }
    }
    (ok, made, refused)
}

/// Per class: graphs made, then at least this many laid out with fixed
/// slots and with door lines, as measured (last changed when long
/// door-line chains got a narrower beam: hubs 17 → 19, mixed 26 → 25.
/// That is one graph of this sample; at 12 graphs per cell mixed graphs
/// gained, 218 → 223, and shared, hub and mixed together 706 → 710 of
/// 1,054. The fixed-slot graphs the rest fail on are mostly refused up
/// front: a room of 7–8 connections, which fixed slots cannot seat).
const FLOOR: [(Class, u32, u32, u32); 7] = [
    (Class::Tree, 5, 3, 5),
    (Class::Disjoint, 29, 29, 29),
    (Class::Triangle, 27, 26, 26),
    (Class::Shared, 24, 9, 13),
    (Class::Nested, 25, 6, 6),
    (Class::Hub, 29, 4, 19),
    (Class::Mixed, 35, 15, 25),
];

/// Checks `class` against its row of [`FLOOR`].
fn check_class(class: Class) {
    let Some(&(_, made_want, fixed_want, lines_want)) = FLOOR.iter().find(|f| f.0 == class) else {
        panic!("{} has no floor", class.name());
    };
    let (fixed, made, refused_f) = class_counts(class, false);
    let (lines, made_l, refused_l) = class_counts(class, true);
    assert_eq!(made, made_l);
    eprintln!(
        "{}: made {made}; fixed slots {fixed} laid out ({refused_f} refused up front), door \
         lines {lines} ({refused_l} refused)",
        class.name()
    );
    assert!(
        made == made_want && fixed >= fixed_want && lines >= lines_want,
        "{}: made {made} (want {made_want}), fixed {fixed} (at least {fixed_want}), lines \
         {lines} (at least {lines_want})",
        class.name()
    );
}

// One test per class, so the test harness runs them side by side.

#[test]
#[ignore = "many layouts; run in release"]
fn trees_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Tree);
}

#[test]
#[ignore = "many layouts; run in release"]
fn disjoint_loops_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Disjoint);
}

#[test]
#[ignore = "many layouts; run in release"]
fn triangles_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Triangle);
}

#[test]
#[ignore = "many layouts; run in release"]
fn shared_loops_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Shared);
}

#[test]
#[ignore = "many layouts; run in release"]
fn nested_loops_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Nested);
}

#[test]
#[ignore = "many layouts; run in release"]
fn hubs_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Hub);
}

#[test]
#[ignore = "many layouts; run in release"]
fn mixed_graphs_lay_out_at_least_as_often_as_measured() {
    check_class(Class::Mixed);
}

/// Big trees on door lines, 40 graphs of 80 rooms and 40 of 100 (graphs
/// 0–39 of `graph_bench --designer`'s tree cells, each laid out with its
/// number as the seed): every one lays out and checks. Before later
/// attempts fitted template sizes to connections (`greedy.rs`,
/// `JUNCTION`), 27 of the 40 graphs of 100 rooms laid out.
#[test]
#[ignore = "many layouts; run in release"]
fn big_trees_on_door_lines_all_lay_out() {
    for rooms in [80, 100] {
        for s in 0..40 {
            let mut rng = DungeonRng::new(cell_seed(Class::Tree, rooms, 0, s));
            let graph =
                designer_graph(&mut rng, Class::Tree, rooms, 0, Doors::demo()).expect("a tree");
            let c = GraphConfig {
                graph,
                templates: GraphConfig::demo_line_templates(),
                ..GraphConfig::demo()
            };
            match graph_layout::layout(&c, s, 1) {
                Ok(l) => {
                    check_realised(&c.graph, &l);
                    check_level(&c, &l);
                }
                Err(e) => panic!("tree {s} of {rooms} rooms: {e}"),
            }
        }
    }
}
