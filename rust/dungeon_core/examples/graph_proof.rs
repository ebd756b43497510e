//! Which designer-drawn level graphs have no layout at all: the graphs of
//! `graph_bench --designer` (same cells, same seeds), direct doors, laid
//! out once each at the default budget. A layout that fails proves, within
//! its work budget, that no layout exists when it can
//! ([`GraphConfig::prove_layout`]). Every failure it leaves undecided then
//! goes to a proof with `--cap` units of work: the product's
//! ([`GraphConfig::prove_layout`], on the rooms' relative order) or, with
//! `--points`, the exhaustive test oracle of `tests/support/layout_proof.rs`
//! (every point of every configuration space; `--cap` counts points). Each
//! says "no layout", "arranged" (the loops' rooms can be placed, door
//! conflicts and the other rooms aside: the search missed a layout, or
//! those forbid it) or "undecided" (its cap reached). Per class, with the
//! demo templates' fixed slots or (`--lines`) door lines. `--budget` sets
//! the layout's work budget; `--list` names each failure, its verdict and
//! its time on stderr.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example graph_proof -- --per 3 --sizes 10,20 --cap 200000000 --lines
//! ```

#[path = "../tests/support/layout_proof.rs"]
mod layout_proof;
#[path = "../tests/support/random_level_graph/mod.rs"]
#[expect(dead_code, reason = "add_loops serves the tests")]
mod random_level_graph;

use layout_proof::{Verdict, prove};
use random_level_graph::{Class, Doors, cell_seed, designer_graph};

use dungeon_core::graph_layout::{GraphConfig, LayoutProof};
use dungeon_core::{DungeonRng, GenError, GeneratorConfig};

/// The columns after "graphs".
const COLUMNS: [&str; 6] = [
    "laid out",
    "refused up front",
    "no layout: the layout's own proof",
    "no layout: longer proof",
    "arranged",
    "undecided",
];

fn main() {
    let mut per = 3u64;
    let mut sizes = vec![10usize, 20];
    let mut cap = 200_000_000u64;
    let mut lines = false;
    let mut points = false;
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
            "--points" => points = true,
            "--list" => list = true,
            "--budget" => budget = value().parse().unwrap_or(budget),
            _ => {
                eprintln!(
                    "usage: graph_proof [--per N] [--sizes 10,20] [--cap WORK] [--lines] \
                     [--points] [--budget UNITS] [--list]"
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
        "`graph_proof -- --per {per} --sizes {} --cap {cap} --budget {budget}{}{}`\n",
        sizes
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(","),
        if lines { " --lines" } else { "" },
        if points { " --points" } else { "" }
    );
    println!("| class | graphs | {} |", COLUMNS.join(" | "));
    println!("|---|---:|{}", "---:|".repeat(COLUMNS.len()));
    let mut total = [0u32; 7];
    for class in Class::ALL {
        let mut row = [0u32; 7];
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
                    let t1 = std::time::Instant::now();
                    let k = if c.validate().is_err() {
                        2
                    } else {
                        match c.generate(s, 1) {
                            Ok(_) => 1,
                            Err(GenError::Config(_)) => 3,
                            Err(_) if points => match prove(&c, cap) {
                                Verdict::Impossible(_) => 4,
                                Verdict::Relaxed | Verdict::NoLoop => 5,
                                Verdict::Unknown => 6,
                            },
                            Err(_) => match c.prove_layout(cap) {
                                Ok(LayoutProof::NoLayout(_)) => 4,
                                Ok(LayoutProof::Arranged) => 5,
                                _ => 6,
                            },
                        }
                    };
                    row[k] += 1;
                    if list && k > 2 {
                        eprintln!(
                            "{} {rooms} rooms {cycles} cycles graph {s}: {} ({:.2} s)",
                            class.name(),
                            COLUMNS[k - 1],
                            t1.elapsed().as_secs_f64()
                        );
                    }
                }
            }
        }
        let cells: Vec<String> = row.iter().map(u32::to_string).collect();
        println!("| {} | {} |", class.name(), cells.join(" | "));
        for (t, r) in total.iter_mut().zip(row) {
            *t += r;
        }
    }
    let cells: Vec<String> = total.iter().map(u32::to_string).collect();
    println!("| all | {} |", cells.join(" | "));
    println!("\ngraph_proof: {:.0} s", t0.elapsed().as_secs_f64());
}
