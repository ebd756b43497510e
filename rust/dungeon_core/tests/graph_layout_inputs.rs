//! The level graphs converted from Edgar-DotNet's inputs
//! (`tests/data/level_graphs/`, see its README) laid out from the demo
//! templates: every file loads and passes validation with direct doors;
//! each layout realises exactly its graph (checked by
//! `support/graph_check.rs`), direct doors everywhere and as the file is
//! written with the `corridors` setting on, when this build has it. The
//! ignored tests run 1000 seeds per input in release and require every
//! one to succeed (the goal for these inputs).

#[path = "support/graph_check.rs"]
mod graph_check;
#[path = "support/level_graph_inputs.rs"]
mod level_graph_inputs;

use dungeon_core::GenError;
use dungeon_core::graph_layout::{self, GraphConfig, LevelGraph};
use dungeon_core::registry::{Entry, GRAPH};
use level_graph_inputs::{all_direct, inputs};

/// The registry job's config for `g` (demo templates), with the
/// `corridors` setting on when `corridors` and the preset's work budget
/// unless `budget` says otherwise; `None` when this build refuses the
/// `corridors` setting.
fn config(g: &LevelGraph, corridors: bool, budget: Option<i32>) -> GraphConfig {
    let mut job = GRAPH.job(None).expect("the graph job");
    job.set("graph", &g.to_json()).expect("the graph setting");
    if let Some(b) = budget {
        job.set("work_budget", &b.to_string())
            .expect("the budget setting");
    }
    if corridors {
        job.set("corridors", "true").expect("the corridors setting");
    }
    job.config()
        .downcast_ref::<GraphConfig>()
        .cloned()
        .expect("a graph config")
}

/// Lays out `g` for `seeds` seeds, checking every layout; how many
/// succeeded. Every failure must be an exhausted budget.
fn run(name: &str, g: &LevelGraph, corridors: bool, seeds: u64, budget: Option<i32>) -> u64 {
    run_seeds(name, g, corridors, 0..seeds, budget)
}

/// [`run`] over seeds `from..from + count` at the preset's budget.
fn run_from(name: &str, g: &LevelGraph, corridors: bool, from: u64, count: u64) -> u64 {
    run_seeds(name, g, corridors, from..from + count, None)
}

/// [`run`] over `seeds`.
fn run_seeds(
    name: &str,
    g: &LevelGraph,
    corridors: bool,
    seeds: std::ops::Range<u64>,
    budget: Option<i32>,
) -> u64 {
    let c = config(g, corridors, budget);
    c.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut ok = 0;
    for seed in seeds {
        match graph_layout::layout(&c, seed, 1) {
            Ok(l) => {
                ok += 1;
                graph_check::check_realised(&c.graph, &l);
                graph_check::check_level(&c, &l);
            }
            Err(GenError::Exhausted { reason, .. }) => {
                assert!(reason.contains("work_budget"), "{name}: {reason}");
            }
            Err(e) => panic!("{name} seed {seed}: {e}"),
        }
    }
    ok
}

#[test]
fn every_input_loads_and_validates() {
    let all = inputs();
    assert_eq!(all.len(), 11, "the eleven converted inputs");
    for (name, g) in &all {
        g.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
        g.check_planar().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&LevelGraph::from_json(&g.to_json()).unwrap(), g, "{name}");
        assert_eq!(
            g.rooms.iter().filter(|r| r.tags == ["start"]).count(),
            1,
            "{name}: one start room"
        );
        let c = config(&all_direct(g), false, None);
        c.validate().unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Two seeds per input within a small budget (debug): whatever is laid
/// out is checked, the rest ends with an exhausted budget; the two trees
/// (the Dead Cells levels) are always laid out.
#[test]
fn a_few_seeds_per_input() {
    for (name, g) in inputs() {
        let ok = run(&name, &all_direct(&g), false, 2, Some(100_000));
        if g.is_tree() {
            assert_eq!(ok, 2, "{name}");
        }
        run(&name, &g, true, 2, Some(100_000));
    }
}

/// Threads for [`thousand_seeds_each`]: `DUNGEON_TEST_WORKERS` when set
/// (`tests/run_all.sh` runs this test on one core beside the Godot checks),
/// else as many as the machine has cores.
fn workers() -> usize {
    std::env::var("DUNGEON_TEST_WORKERS")
        .ok()
        .and_then(|w| w.parse::<usize>().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
        .clamp(1, 8)
}

/// Success over 1000 seeds per input, direct doors and as written with
/// corridors: every seed must lay out. The (input, mode, quarter of the
/// seeds) jobs are shared by [`workers`] threads, so the slowest input
/// does not hold up the rest.
fn thousand_seeds_each() {
    let all = inputs();
    let jobs: Vec<(usize, bool, u64)> = all
        .iter()
        .enumerate()
        .flat_map(|(k, _)| [false, true].map(|c| (k, c)))
        .flat_map(|(k, c)| (0..4).map(move |q| (k, c, q * 250)))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = workers();
    let done: Vec<(usize, bool, u64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let j = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(k, corridors, from)) = jobs.get(j) else {
                            return out;
                        };
                        let (name, g) = &all[k];
                        let g = if corridors { g.clone() } else { all_direct(g) };
                        out.push((k, corridors, run_from(name, &g, corridors, from, 250)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    let mut missed = Vec::new();
    for (k, (name, _)) in all.iter().enumerate() {
        for corridors in [false, true] {
            let ok: u64 = done
                .iter()
                .filter(|d| d.0 == k && d.1 == corridors)
                .map(|d| d.2)
                .sum();
            let mode = if corridors { "corridors" } else { "direct" };
            eprintln!("{name}, {mode}: {ok} of 1000");
            if ok < 1000 {
                missed.push((name.clone(), mode, ok));
            }
        }
    }
    assert!(missed.is_empty(), "laid out of 1000 seeds: {missed:?}");
}

#[test]
#[ignore = "1000 seeds per input and mode; run in release"]
fn every_input_over_1000_seeds_direct_and_with_corridors() {
    thousand_seeds_each();
}
