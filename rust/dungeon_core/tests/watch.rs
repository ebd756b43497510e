//! `generate_watched` for every generator: an idle watch changes nothing,
//! a cancelled watch stops the run (before it starts, part way through,
//! from another thread), and progress only grows and ends at 1.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use dungeon_core::watch::Watch;
use dungeon_core::{DungeonGrid, GenError};
use dungeon_core::{
    bsp, cave, drunkard, graph_layout, hilbert, isaac, maze, template, tinykeep, tunneler, walker,
};

type Run = fn(u64, i32, &Watch) -> Result<DungeonGrid, GenError>;
type Plain = fn(u64, i32) -> Result<DungeonGrid, GenError>;

/// One generator: its plain `generate`, its watched one (both on a small
/// preset), and a watched run on a big map.
struct Case {
    name: &'static str,
    plain: Plain,
    watched: Run,
    big: fn(&Watch) -> Result<DungeonGrid, GenError>,
    /// Levels the small runs cycle through.
    levels: i32,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "bsp",
            plain: |s, l| bsp::generate(&bsp::BspConfig::default(), s, l),
            watched: |s, l, w| bsp::generate_watched(&bsp::BspConfig::default(), s, l, w),
            big: |w| {
                let c = bsp::BspConfig {
                    width: 512,
                    height: 512,
                    iterations: 10,
                    ..bsp::BspConfig::large()
                };
                bsp::generate_watched(&c, 3, 1, w)
            },
            levels: 1000,
        },
        Case {
            name: "cave",
            plain: |s, l| cave::generate(&cave::CaveConfig::default(), s, l),
            watched: |s, l, w| cave::generate_watched(&cave::CaveConfig::default(), s, l, w),
            big: |w| {
                let c = cave::CaveConfig {
                    width: 512,
                    height: 512,
                    ..cave::CaveConfig::classic()
                };
                cave::generate_watched(&c, 3, 1, w)
            },
            levels: 1000,
        },
        Case {
            name: "drunkard",
            plain: |s, l| drunkard::generate(&drunkard::DrunkardConfig::default(), s, l),
            watched: |s, l, w| {
                drunkard::generate_watched(&drunkard::DrunkardConfig::default(), s, l, w)
            },
            big: |w| drunkard::generate_watched(&drunkard::DrunkardConfig::wide(), 3, 10, w),
            levels: 10,
        },
        Case {
            name: "hilbert",
            plain: |s, l| hilbert::generate(&hilbert::HilbertConfig::default(), s, l),
            watched: |s, l, w| {
                hilbert::generate_watched(&hilbert::HilbertConfig::default(), s, l, w)
            },
            big: |w| {
                let c = hilbert::HilbertConfig {
                    order: 7,
                    grow_order: false,
                    path_length: (1 << 14) / 2,
                    path_per_level: 0.0,
                    path_variance: 0,
                    ..hilbert::HilbertConfig::sprawling()
                };
                hilbert::generate_watched(&c, 3, 1, w)
            },
            levels: 20,
        },
        Case {
            name: "isaac",
            plain: |s, l| isaac::generate(&isaac::IsaacConfig::default(), s, l),
            watched: |s, l, w| isaac::generate_watched(&isaac::IsaacConfig::default(), s, l, w),
            big: |w| isaac::generate_watched(&isaac::IsaacConfig::large_rooms(), 3, 20, w),
            levels: 10,
        },
        Case {
            name: "maze",
            plain: |s, l| maze::generate(&maze::MazeConfig::default(), s, l),
            watched: |s, l, w| maze::generate_watched(&maze::MazeConfig::default(), s, l, w),
            big: |w| {
                let c = maze::MazeConfig {
                    width: 511,
                    height: 511,
                    ..maze::MazeConfig::default()
                };
                maze::generate_watched(&c, 3, 1, w)
            },
            levels: 1000,
        },
        Case {
            name: "tinykeep",
            plain: |s, l| tinykeep::generate(&tinykeep::TinyKeepConfig::default(), s, l),
            watched: |s, l, w| {
                tinykeep::generate_watched(&tinykeep::TinyKeepConfig::default(), s, l, w)
            },
            big: |w| {
                let c = tinykeep::TinyKeepConfig::tinykeep();
                tinykeep::generate_watched(&c, 3, 1, w)
            },
            levels: 1000,
        },
        Case {
            name: "tunneler",
            plain: |s, l| tunneler::generate(&tunneler::TunnelerConfig::default(), s, l),
            watched: |s, l, w| {
                tunneler::generate_watched(&tunneler::TunnelerConfig::default(), s, l, w)
            },
            big: |w| {
                let c = tunneler::TunnelerConfig {
                    width: 512,
                    height: 512,
                    max_tunnels: 4000,
                    ..tunneler::TunnelerConfig::default()
                };
                tunneler::generate_watched(&c, 3, 1, w)
            },
            levels: 1000,
        },
        Case {
            name: "walker",
            plain: |s, l| walker::generate(&walker::WalkerConfig::default(), s, l),
            watched: |s, l, w| walker::generate_watched(&walker::WalkerConfig::default(), s, l, w),
            big: |w| {
                let c = walker::WalkerConfig {
                    width: 512,
                    height: 512,
                    ..walker::WalkerConfig::default()
                };
                walker::generate_watched(&c, 3, 1, w)
            },
            levels: 1000,
        },
        Case {
            name: "template",
            plain: |s, l| template::generate(&template::TemplateConfig::default(), s, l),
            watched: |s, l, w| {
                template::generate_watched(&template::TemplateConfig::default(), s, l, w)
            },
            big: |w| template::generate_watched(&template::TemplateConfig::corridors(), 3, 10, w),
            levels: 10,
        },
        Case {
            name: "graph",
            plain: |s, l| graph_layout::generate(&graph_layout::GraphConfig::default(), s, l),
            watched: |s, l, w| {
                graph_layout::generate_watched(&graph_layout::GraphConfig::default(), s, l, w)
            },
            big: |w| {
                let c = graph_layout::GraphConfig::demo();
                graph_layout::generate_watched(&c, 3, 10, w)
            },
            levels: 1000,
        },
    ]
}

/// A watch that records every progress value it is told, and cancels once
/// one reaches `stop_at` (never, for a value above 1).
fn recording(stop_at: f64) -> (Watch, Arc<Mutex<Vec<f64>>>) {
    let seen: Arc<Mutex<Vec<f64>>> = Arc::default();
    let s = Arc::clone(&seen);
    let watch = Watch::with_observer(move |p| {
        s.lock().unwrap().push(p);
        p < stop_at
    });
    (watch, seen)
}

/// A result in a word (a grid's debug print is megabytes).
fn outcome(r: Result<DungeonGrid, GenError>) -> String {
    match r {
        Ok(_) => "grid".into(),
        Err(GenError::Cancelled) => "cancelled".into(),
        Err(e) => format!("error: {e}"),
    }
}

/// A new generator fails here until it has a case.
#[test]
fn every_registered_generator_has_a_case() {
    let mut have: Vec<&str> = cases().iter().map(|c| c.name).collect();
    let mut want: Vec<&str> = dungeon_core::registry::GENERATORS
        .iter()
        .map(|g| g.name())
        .collect();
    have.sort_unstable();
    want.sort_unstable();
    assert_eq!(have, want);
}

#[test]
fn an_idle_watch_changes_nothing() {
    let mut compared = 0;
    for case in cases() {
        for seed in 0..200u64 {
            let level = 1 + (seed as i32 * 7) % case.levels;
            let plain = (case.plain)(seed, level);
            // A plain idle watch, and one whose observer sees everything
            // but never cancels: neither may change the result.
            let idle = (case.watched)(seed, level, &Watch::new());
            let (watch, seen) = recording(2.0);
            let observed = (case.watched)(seed, level, &watch);
            let ctx = || format!("{} seed {seed} level {level}", case.name);
            assert!(
                plain == idle,
                "{}: another result with an idle watch",
                ctx()
            );
            assert!(plain == observed, "{}: another result when observed", ctx());
            if plain.is_ok() {
                assert_eq!(seen.lock().unwrap().last(), Some(&1.0), "{}", case.name);
                compared += 1;
            }
        }
    }
    // Every generator grows (nearly) all of its small runs.
    assert!(compared > 1900, "{compared}");
}

#[test]
fn a_cancelled_watch_stops_before_anything_is_made() {
    for case in cases() {
        let (watch, seen) = recording(2.0);
        watch.cancel();
        assert_eq!(
            outcome((case.watched)(1, 1, &watch)),
            "cancelled",
            "{}",
            case.name
        );
        assert!(seen.lock().unwrap().is_empty(), "{}", case.name);
        assert_eq!(watch.progress(), 0.0, "{}", case.name);
        assert_eq!(outcome((case.big)(&watch)), "cancelled", "{}", case.name);
    }
    assert_eq!(
        GenError::Cancelled.to_string(),
        "the generation was cancelled before it finished"
    );
}

#[test]
fn a_watch_cancelled_part_way_stops_the_run_there() {
    for case in cases() {
        // The observer says stop at the first checkpoint past a quarter:
        // the run must notice it there, not only at its start.
        let (watch, seen) = recording(0.25);
        assert_eq!(outcome((case.big)(&watch)), "cancelled", "{}", case.name);
        let seen = seen.lock().unwrap();
        let last = *seen.last().unwrap();
        assert!(
            (0.25..1.0).contains(&last),
            "{}: stopped at {last}",
            case.name
        );
        assert!(
            seen.iter().filter(|&&p| p >= 0.25).count() == 1,
            "{}: ran on past the cancel: {seen:?}",
            case.name
        );
        assert_eq!(watch.progress(), last);
    }
}

#[test]
fn progress_only_grows_and_ends_at_one() {
    for case in cases() {
        let (watch, seen) = recording(2.0);
        let grid = (case.big)(&watch);
        assert_eq!(outcome(grid.clone()), "grid", "{}", case.name);
        let seen = seen.lock().unwrap();
        assert!(
            seen.windows(2).all(|w| w[0] < w[1]),
            "{}: {seen:?}",
            case.name
        );
        assert!(seen.iter().all(|&p| p > 0.0 && p <= 1.0), "{}", case.name);
        assert_eq!(seen.last(), Some(&1.0), "{}", case.name);
        assert_eq!(watch.progress(), 1.0);
        // Values between the ends: the progress moves during the run.
        let inner = seen.iter().filter(|&&p| p > 0.0 && p < 1.0).count();
        assert!(inner >= 2, "{}: {seen:?}", case.name);
        // The same big map without a watch.
        let plain = (case.big)(&Watch::new());
        assert!(
            grid == plain,
            "{}: another grid without the watch",
            case.name
        );
    }
}

#[test]
fn another_thread_cancels_a_running_generation() {
    // The worker's first checkpoint waits until the main thread has
    // cancelled: deterministic, and the cancel comes from another thread.
    let (started_tx, started_rx) = mpsc::channel::<()>();
    let (go_tx, go_rx) = mpsc::channel::<()>();
    let (started_tx, go_rx) = (Mutex::new(Some(started_tx)), Mutex::new(go_rx));
    let watch = Arc::new(Watch::with_observer(move |_| {
        if let Some(tx) = started_tx.lock().unwrap().take() {
            tx.send(()).unwrap();
            go_rx.lock().unwrap().recv().unwrap();
        }
        true
    }));
    let w = Arc::clone(&watch);
    let worker = std::thread::spawn(move || {
        let c = cave::CaveConfig {
            width: 512,
            height: 512,
            ..cave::CaveConfig::classic()
        };
        cave::generate_watched(&c, 9, 1, &w)
    });
    started_rx.recv().unwrap();
    assert!(watch.progress() > 0.0 && watch.progress() < 1.0);
    watch.cancel();
    go_tx.send(()).unwrap();
    assert_eq!(outcome(worker.join().unwrap()), "cancelled");
    assert!(watch.is_cancelled() && watch.progress() < 1.0);
}
