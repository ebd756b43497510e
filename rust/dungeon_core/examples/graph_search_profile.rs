//! Where the level-graph layout search spends its time and where it
//! fails: random connected planar graphs of 10–100 rooms with 0–4
//! independent loops (vertex-disjoint loops of 4–6 rooms), laid out with
//! the built-in demo templates (room 0 `start`, the last room `boss`);
//! per size and loop count the success rate, p50 / p95 / worst time and
//! the messages of the failures. Extra arguments are level-graph JSON
//! files, each laid out with the demo templates over the same seeds, with
//! direct doors for every connection.
//! `cargo run --release -p dungeon_core --example graph_search_profile [seeds] [files…]`

use std::time::Instant;

#[path = "../tests/support/random_level_graph.rs"]
mod random_level_graph;

use dungeon_core::graph_layout::{self, EdgeMode, GraphConfig, LevelGraph};
use dungeon_core::{DungeonRng, GenError};
use random_level_graph::random_graph;

fn pct(times: &mut [f64], q: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort_by(f64::total_cmp);
    let i = ((times.len() as f64 - 1.0) * q).round() as usize;
    times[i.min(times.len() - 1)]
}

/// Lays out `c` over `seeds` seeds (graph from `make`); prints a row.
fn row(name: &str, seeds: u64, mut make: impl FnMut(u64) -> Option<GraphConfig>) {
    let mut times = Vec::new();
    let (mut ok, mut tried, mut refused) = (0u64, 0u64, 0u64);
    let mut attempts = 0u64;
    let mut work = 0u64;
    let mut fails: Vec<String> = Vec::new();
    for seed in 0..seeds {
        let Some(c) = make(seed) else { continue };
        if let Err(e) = c.validate() {
            refused += 1;
            if refused <= 2 {
                println!("  refused: {e}");
            }
            continue;
        }
        tried += 1;
        let t = Instant::now();
        let r = graph_layout::layout(&c, seed, 1);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        match r {
            Ok(l) => {
                ok += 1;
                attempts += u64::from(l.stats.attempts);
                work += l.stats.work;
            }
            Err(GenError::Exhausted { reason, .. }) => fails.push(reason),
            Err(e) => fails.push(e.to_string()),
        }
    }
    let worst = times.iter().copied().fold(0.0, f64::max);
    let p50 = pct(&mut times, 0.5);
    let p95 = pct(&mut times, 0.95);
    println!(
        "{name:>24}: {ok:>4}/{tried:<4} {:>6.1} %  p50 {p50:>7.2}  p95 {p95:>7.2}  worst {worst:>8.2} ms  \
         attempts/ok {:.1}  work/ok {}{}",
        100.0 * ok as f64 / tried.max(1) as f64,
        attempts as f64 / ok.max(1) as f64,
        work / ok.max(1),
        if refused > 0 {
            format!("  refused {refused}")
        } else {
            String::new()
        }
    );
    for f in fails.iter().take(3) {
        let short: String = f.chars().take(260).collect();
        println!("      fail: {short}");
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let seeds: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let files: Vec<String> = args.collect();
    if !files.is_empty() {
        for f in &files {
            let Ok(text) = std::fs::read_to_string(f) else {
                println!("{f}: unreadable");
                continue;
            };
            let g = match LevelGraph::from_json(&text) {
                Ok(g) => g,
                Err(e) => {
                    println!("{f}: {e}");
                    continue;
                }
            };
            // Corridor connections are laid out as direct doors (the
            // inputs' direct variant).
            let mut g = g;
            for e in &mut g.edges {
                e.mode = EdgeMode::Default;
            }
            let name = f.rsplit('/').next().unwrap_or(f);
            row(name, seeds, |_| {
                let mut c = GraphConfig::demo();
                c.graph = g.clone();
                Some(c)
            });
        }
        return;
    }
    // `GRAPH_PROFILE_ONLY=40:4` limits the sweep to one size and loop count.
    let only = std::env::var("GRAPH_PROFILE_ONLY").ok();
    for n in [10usize, 20, 40, 80, 100] {
        for loops in 0..=4 {
            if only.as_ref().is_some_and(|o| *o != format!("{n}:{loops}")) {
                continue;
            }
            row(&format!("{n} rooms, {loops} loops"), seeds, |seed| {
                let mut rng =
                    DungeonRng::new(0x6c00_0000 + seed * 131 + n as u64 * 7 + loops as u64);
                let mut c = GraphConfig::demo();
                c.graph = random_graph(&mut rng, n, loops)?;
                Some(c)
            });
        }
    }
}
