//! Which designer-drawn level graphs have no layout at all: the graphs of
//! `graph_bench --designer` (same cells, same seeds), direct doors, laid
//! out once each at the default budget; every failure then goes to the
//! exhaustive oracle (`tests/support/layout_proof.rs`), which says
//! "impossible" (no placement of the rooms on the loops joins them
//! without overlap, door conflicts aside), "relaxed" (such a placement
//! exists: the search missed a layout, or door conflicts forbid it) or
//! "unknown" (its cap reached). Per class, with the demo templates' fixed
//! slots or (`--lines`) door lines. `--budget` sets the layout's work
//! budget; `--list` names each failure and its verdict on stderr.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example graph_proof -- --per 3 --sizes 10,20 --cap 300000000
//! ```

#[path = "../tests/support/layout_proof.rs"]
mod layout_proof;
#[path = "../tests/support/random_level_graph/mod.rs"]
#[expect(dead_code, reason = "add_loops serves the tests")]
mod random_level_graph;

use layout_proof::{Verdict, prove};
use random_level_graph::{Class, Doors, cell_seed, designer_graph};

use dungeon_core::graph_layout::GraphConfig;
use dungeon_core::{DungeonRng, GenError, GeneratorConfig};

fn main() {
    let mut per = 3u64;
    let mut sizes = vec![10usize, 20];
    let mut cap = 300_000_000u64;
    let mut lines = false;
    let mut list = false;
    let mut budget = GraphConfig::demo().work_budget;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match a.as_str() {
            "--per" => per = value().parse().unwrap_or(per),
            "--sizes" => sizes = value().split(',').filter_map(|s| s.parse().ok()).collect(),
            "--cap" => cap = value().parse().unwrap_or(cap),
            "--lines" => lines = true,
            "--list" => list = true,
            "--budget" => budget = value().parse().unwrap_or(budget),
            _ => {
                eprintln!(
                    "usage: graph_proof [--per N] [--sizes 10,20] [--cap CHECKS] [--lines] \
                     [--budget UNITS] [--list]"
                );
                std::process::exit(2);
            }
        }
    }
    let templates = if lines {
        GraphConfig::demo_line_templates()
    } else {
        GraphConfig::demo_templates()
    };
    let t0 = std::time::Instant::now();
    println!(
        "`graph_proof -- --per {per} --sizes {} --cap {cap} --budget {budget}{}`\n",
        sizes
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(","),
        if lines { " --lines" } else { "" }
    );
    println!(
        "| class | graphs | laid out | refused up front | failed: proven impossible | relaxed placement found | unknown |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut total = [0u32; 6];
    for class in Class::ALL {
        let mut row = [0u32; 6];
        for &rooms in &sizes {
            for cycles in class.cycles() {
                for s in 0..per {
                    let mut rng = DungeonRng::new(cell_seed(class, rooms, cycles, s));
                    let Ok(graph) = designer_graph(&mut rng, class, rooms, cycles, Doors::demo())
                    else {
                        continue;
                    };
                    let c = GraphConfig {
                        graph,
                        templates: templates.clone(),
                        work_budget: budget,
                        ..GraphConfig::demo()
                    };
                    row[0] += 1;
                    let k = match c.generate(s, 1) {
                        Ok(_) => 1,
                        Err(GenError::Config(_)) => 2,
                        Err(_) => match prove(&c, cap) {
                            Verdict::Impossible(_) => 3,
                            Verdict::Relaxed => 4,
                            Verdict::NoLoop | Verdict::Unknown => 5,
                        },
                    };
                    row[k] += 1;
                    if list && k > 2 {
                        let what = ["", "", "", "impossible", "relaxed", "unknown"][k];
                        eprintln!(
                            "{} {rooms} rooms {cycles} cycles graph {s}: {what}",
                            class.name()
                        );
                    }
                }
            }
        }
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            class.name(),
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5]
        );
        for (t, r) in total.iter_mut().zip(row) {
            *t += r;
        }
    }
    println!(
        "| all | {} | {} | {} | {} | {} | {} |",
        total[0], total[1], total[2], total[3], total[4], total[5]
    );
    println!("\ngraph_proof: {:.0} s", t0.elapsed().as_secs_f64());
}
