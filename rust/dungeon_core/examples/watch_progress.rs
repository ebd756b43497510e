//! How a watched run's progress follows its time, per generator, on a big
//! map: where the `generate_watched` weights in the module docs come from.
//!
//! `cargo run --release -p dungeon_core --example watch_progress` prints,
//! per generator, the run's time, how many checkpoints moved the progress,
//! the longest stretch between two of them (how late a cancel can be
//! noticed), and the progress reached at a quarter, half and three quarters
//! of the run's time (0.25 / 0.50 / 0.75 when the weights match the cost).
//!
//! Arguments: an optional part of the run names to keep, and the side of
//! the tile maps (default 1024; the maze's is one less, odd). With
//! `WATCH_TRACE=1` every checkpoint is printed as `progress@ms`.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use dungeon_core::watch::Watch;
use dungeon_core::{DungeonGrid, GenError};
use dungeon_core::{
    bsp, cave, drunkard, hilbert, isaac, maze, template, tinykeep, tunneler, walker,
};

type Run = Box<dyn Fn(&Watch) -> Result<DungeonGrid, GenError>>;

fn cases(side: i32) -> Vec<(&'static str, Run)> {
    vec![
        (
            "cave classic",
            Box::new(move |w| {
                let c = cave::CaveConfig {
                    width: side,
                    height: side,
                    ..cave::CaveConfig::default()
                };
                cave::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "maze classic",
            Box::new(move |w| {
                let c = maze::MazeConfig {
                    width: side - 1,
                    height: side - 1,
                    ..maze::MazeConfig::default()
                };
                maze::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "bsp large",
            Box::new(move |w| {
                let c = bsp::BspConfig {
                    width: side,
                    height: side,
                    iterations: 12,
                    ..bsp::BspConfig::large()
                };
                bsp::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "walker open_cave",
            Box::new(move |w| {
                let c = walker::WalkerConfig {
                    width: side,
                    height: side,
                    ..walker::WalkerConfig::default()
                };
                walker::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "tunneler",
            Box::new(move |w| {
                let c = tunneler::TunnelerConfig {
                    width: side,
                    height: side,
                    max_tunnels: 20_000,
                    ..tunneler::TunnelerConfig::default()
                };
                tunneler::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "tinykeep 2000 cells",
            Box::new(|w| {
                let c = tinykeep::TinyKeepConfig {
                    cell_count: 2000,
                    radius: 73,
                    ..tinykeep::TinyKeepConfig::tinykeep()
                };
                tinykeep::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "hilbert order 9",
            Box::new(|w| {
                let c = hilbert::HilbertConfig {
                    order: 9,
                    grow_order: false,
                    path_length: (1 << 18) / 2,
                    path_per_level: 0.0,
                    path_variance: 0,
                    ..hilbert::HilbertConfig::sprawling()
                };
                hilbert::generate_watched(&c, 1, 1, w)
            }),
        ),
        (
            "template corridors level 10",
            Box::new(|w| {
                template::generate_watched(&template::TemplateConfig::corridors(), 1, 10, w)
            }),
        ),
        (
            "isaac large_rooms level 20",
            Box::new(|w| isaac::generate_watched(&isaac::IsaacConfig::large_rooms(), 1, 20, w)),
        ),
        (
            "drunkard wide level 10",
            Box::new(|w| drunkard::generate_watched(&drunkard::DrunkardConfig::wide(), 1, 10, w)),
        ),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let only = args.first().cloned().unwrap_or_default();
    let side = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1024);
    println!("Tile maps {side}² (the maze {}²).\n", side - 1);
    println!("| run | ms | checkpoints | longest gap ms | progress at 1/4, 1/2, 3/4 of the time |");
    println!("|---|---:|---:|---:|---|");
    for (name, run) in cases(side) {
        if !name.contains(only.as_str()) {
            continue;
        }
        let seen: Arc<Mutex<Vec<(f64, Instant)>>> = Arc::default();
        let s = Arc::clone(&seen);
        let watch = Watch::with_observer(move |p| {
            if let Ok(mut v) = s.lock() {
                v.push((p, Instant::now()));
            }
            true
        });
        let t0 = Instant::now();
        let result = run(&watch);
        let total = t0.elapsed().as_secs_f64();
        let seen = seen.lock().map(|v| v.clone()).unwrap_or_default();
        let mut gap = 0.0f64;
        let mut last = t0;
        for &(_, t) in &seen {
            gap = gap.max((t - last).as_secs_f64());
            last = t;
        }
        let at = |share: f64| {
            seen.iter()
                .take_while(|(_, t)| (*t - t0).as_secs_f64() <= share * total)
                .last()
                .map_or(0.0, |(p, _)| *p)
        };
        if std::env::var_os("WATCH_TRACE").is_some() {
            let trace: Vec<String> = seen
                .iter()
                .map(|(p, t)| format!("{p:.3}@{:.2}", (*t - t0).as_secs_f64() * 1e3))
                .collect();
            eprintln!("{name}: {}", trace.join(" "));
        }
        println!(
            "| {name}{} | {:.2} | {} | {:.3} | {:.2}, {:.2}, {:.2} |",
            if result.is_ok() { "" } else { " (failed)" },
            total * 1e3,
            seen.len(),
            gap * 1e3,
            at(0.25),
            at(0.5),
            at(0.75)
        );
    }
}
