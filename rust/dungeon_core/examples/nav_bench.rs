//! Navigation build timing and quality: `nav::build` on BSP, cave and
//! maze maps at about 64², 256² and 1024² (the maze needs odd sides: 65,
//! 257, 1025), 16-unit tiles, agent radius 0 and 4 (a quarter tile).
//!
//! ```sh
//! cargo run --release -p dungeon_core --example nav_bench
//! cargo run --release -p dungeon_core --example nav_bench -- --seeds 5
//! ```
//!
//! Prints a markdown table. Per row, seeds 0 to N−1 (default 3) at level
//! 1: the build's wall-clock time (the best of five runs per seed, to keep
//! scheduler noise out; the median over seeds and the worst seed), the
//! walkable cells, the polygons and vertices, the lower bound on any
//! rectangle partition ([`dungeon_core::nav::bound`]) and the worst ratio
//! polygons / bound. Each build is also checked with
//! `nav::verify::check` (merge cell 1), untimed.

// Only its quantile, `--seeds` reader and settings type are used here.
#[allow(dead_code)]
#[path = "common/hundred.rs"]
mod hundred;

use std::time::Instant;

use dungeon_core::nav::{self, NavOptions, bound, verify};
use dungeon_core::registry::find;
use dungeon_core::watch::Watch;
use hundred::{Settings, quantile, seeds_arg};

/// `(generator, side, extra settings)`.
const ROWS: &[(&str, i32, Settings)] = &[
    ("bsp", 64, &[("iterations", "4")]),
    ("bsp", 256, &[("iterations", "8")]),
    ("bsp", 1024, &[("iterations", "12")]),
    ("cave", 64, &[]),
    ("cave", 256, &[]),
    ("cave", 1024, &[]),
    ("maze", 65, &[]),
    ("maze", 257, &[]),
    ("maze", 1025, &[]),
];

fn main() {
    let seeds = seeds_arg(3);
    println!("### Navigation from the grid: `nav::build` in the Rust core\n");
    println!(
        "`cargo run --release -p dungeon_core --example nav_bench -- --seeds {seeds}`: seeds 0 to {} \
         at level 1, 16-unit tiles, agent radius 0 and 4 (a quarter tile: the lattice is then 3×3 \
         per tile). Build time: the best of five runs per seed, then the median and the worst \
         seed. *Lower bound*: no partition of the walkable area into rectangles has fewer pieces. \
         It is the classic minimum for rectilinear polygons, (convex + 3 × reflex vertices) / 4 \
         less the largest set of non-crossing chords between reflex vertices (a bipartite \
         matching), extended to the thin walls door masks draw (`nav/bound.rs`); it equalled an \
         exhaustive search's optimum on every small grid its tests tried. *Worst polygons / \
         bound*: over the seeds; the goal is at most 2. Every build also passed \
         `nav::verify::check` (coverage, connectivity, no T-junctions, fans), untimed.\n",
        seeds.saturating_sub(1)
    );
    println!(
        "| map | radius | walkable cells | polygons | vertices | lower bound | worst polygons / bound | build ms p50 | build ms max |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (&(name, side, extra), radius) in ROWS.iter().flat_map(|r| [(r, 0.0), (r, 4.0)]) {
        let opts = NavOptions {
            cell_size: (16.0, 16.0),
            agent_radius: radius,
            ..NavOptions::default()
        };
        let Some(mut job) = find(name).and_then(|e| e.job(None)) else {
            eprintln!("no generator {name}");
            continue;
        };
        let set = [("width", side.to_string()), ("height", side.to_string())];
        let all = set
            .iter()
            .map(|(k, v)| (*k, v.as_str()))
            .chain(extra.iter().copied());
        if let Some(e) = all.map(|(k, v)| job.set(k, v)).find_map(Result::err) {
            eprintln!("{name}: {e}");
            continue;
        }
        let (mut times, mut cells, mut polys, mut verts, mut lbs) = (vec![], 0, 0, 0, 0);
        let mut worst: f64 = 0.0;
        for seed in 0..seeds {
            let Ok(g) = job.generate(seed, 1) else {
                eprintln!("{name} {side} seed {seed}: no grid");
                continue;
            };
            let mut best = f64::INFINITY;
            let mut out = None;
            for _ in 0..5 {
                let t = Instant::now();
                let r = nav::build(&g, &opts, &Watch::new());
                best = best.min(t.elapsed().as_secs_f64() * 1000.0);
                out = Some(r);
            }
            let Some(Ok(data)) = out else {
                eprintln!("{name} {side} seed {seed}: build failed");
                continue;
            };
            if let Err(e) = verify::check(&g, &opts, &data, 1.0) {
                eprintln!("{name} {side} seed {seed}: check failed: {e}");
            }
            let lb = bound::lower_bound(&g, &opts).unwrap_or(0);
            times.push(best);
            cells += g.walkable_count();
            polys += data.polygon_count();
            verts += data.vertices.len();
            lbs += lb;
            worst = worst.max(data.polygon_count() as f64 / lb.max(1) as f64);
        }
        let n = times.len().max(1);
        let max = times.iter().copied().fold(0.0, f64::max);
        println!(
            "| {name} {side}² | {radius} | {} | {} | {} | {} | {worst:.2} | {:.2} | {max:.2} |",
            cells / n,
            polys / n,
            verts / n,
            lbs / n,
            quantile(&mut times, 0.5),
        );
    }
}
