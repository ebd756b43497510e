//! Level graphs laid out from the demo templates: success rate and time
//! per layout on the graphs converted from Edgar-DotNet's inputs
//! (`tests/data/level_graphs/`, see its README), with direct doors and with
//! corridors, and a scaling curve over random planar graphs.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example graph_bench              # 1000 seeds per input
//! cargo run --release -p dungeon_core --example graph_bench -- --quick   # a smoke run
//! cargo run --release -p dungeon_core --example graph_bench -- --seeds 200 --scaling-seeds 50
//! cargo run --release -p dungeon_core --example graph_bench -- --seeds 200 --inputs edgar_map_41 --hashes h.txt
//! ```
//!
//! Prints a markdown section. Each figure times one whole generate call
//! through the registry job (`graph`, and `corridors` = `true` for the
//! corridor runs), seeds 0 to N−1, level 1; p50 / p95 / worst are over
//! every call, failed ones (an exhausted work budget) included.
//! `--inputs a,b` keeps some inputs (and skips the scaling curve);
//! `--hashes FILE` writes a line per call (input, mode, seed, success, a
//! hash of the grid or error) to compare two builds' layouts.
//!
//! - **Direct doors**: every connection forced to a direct door (the map
//!   descriptions draw them all, or some, through corridors).
//! - **Corridors**: the file as written (corridor connections stay
//!   corridors, direct ones direct) with `corridors` on, so plain
//!   connections go through corridors too.
//! - **Scaling**: random connected planar graphs of 10, 20, 40, 80 and 100
//!   rooms (`tests/support/random_level_graph/mod.rs`: a random tree, each
//!   room hung off one of the four made before it, plus 0–4 vertex-disjoint
//!   loops of 4–6 rooms, kept only if the graph stays planar); start and
//!   boss tagged; direct doors. These are the designer maker's `disjoint`
//!   class.
//! - **Designer-drawn graphs** (`--designer N`, instead of the above): N
//!   graphs per cell of each class of `designer_graph` (same file: trees
//!   with hubs, vertex-disjoint loops, loops of three rooms, loops sharing
//!   rooms, chords across a loop, a hub on every loop, a mix) × 10, 20,
//!   40, 80 and 100 rooms × 0–6 independent cycles, each laid out once
//!   (seed = the graph's number) with direct doors and with corridors;
//!   then, per class and mode, how many failures named which kind of chain
//!   or room, and the most CPU time a failed layout took. `--classes
//!   tree,hub` keeps some classes.
//!
//! ```sh
//! cargo run --release -p dungeon_core --example graph_bench -- --designer 10
//! ```

use std::io::Write;
use std::time::Instant;

#[path = "../tests/support/level_graph_inputs.rs"]
mod level_graph_inputs;
#[path = "../tests/support/random_level_graph/mod.rs"]
#[expect(dead_code, reason = "add_loops serves the tests")]
mod random_level_graph;

use level_graph_inputs::{all_direct, inputs};
use random_level_graph::{Class, Doors, MAX_CYCLES, designer_graph, has_triangle, shares_room};
use std::collections::BTreeMap;

use dungeon_core::GeneratorConfig;
use dungeon_core::graph_layout::{GraphConfig, LevelGraph, layout};
use dungeon_core::registry::{Entry, GRAPH, Job};
use dungeon_core::{DungeonRng, GenError};

const SIZES: [usize; 5] = [10, 20, 40, 80, 100];

struct Args {
    seeds: u64,
    scaling_seeds: u64,
    /// Graphs per cell of the designer-drawn report; 0: the ordinary run.
    designer: u64,
    /// The designer classes to report.
    classes: Vec<Class>,
    /// The designer report on the demo templates with door lines
    /// (`GraphConfig::demo_line_templates`) instead of fixed slots.
    lines: bool,
    /// Direct doors only (no corridor runs).
    direct: bool,
    /// The designer report's room counts.
    sizes: Vec<usize>,
    /// Where to write one line per layout (designer graphs, or the Edgar
    /// inputs: input, mode, seed) with a hash of its grid or error (to
    /// check that a change keeps layouts byte-identical).
    hashes: Option<String>,
    /// The Edgar inputs to run (all when empty); no scaling curve then.
    inputs: Vec<String>,
}

fn args() -> Args {
    let mut a = Args {
        seeds: 1000,
        scaling_seeds: 100,
        designer: 0,
        classes: Class::ALL.to_vec(),
        lines: false,
        direct: false,
        sizes: SIZES.to_vec(),
        hashes: None,
        inputs: Vec::new(),
    };
    let list: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < list.len() {
        let value = || list.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        match list[i].as_str() {
            "--quick" => {
                a.seeds = 10;
                a.scaling_seeds = 5;
            }
            "--seeds" => {
                a.seeds = value().unwrap_or_else(|| usage());
                i += 1;
            }
            "--scaling-seeds" => {
                a.scaling_seeds = value().unwrap_or_else(|| usage());
                i += 1;
            }
            "--designer" => {
                a.designer = value().unwrap_or_else(|| usage());
                i += 1;
            }
            "--lines" => a.lines = true,
            "--direct" => a.direct = true,
            "--sizes" => {
                let names = list.get(i + 1).unwrap_or_else(|| usage());
                a.sizes = names
                    .split(',')
                    .map(|n| n.parse().unwrap_or_else(|_| usage()))
                    .collect();
                i += 1;
            }
            "--hashes" => {
                a.hashes = Some(list.get(i + 1).unwrap_or_else(|| usage()).clone());
                i += 1;
            }
            "--inputs" => {
                let names = list.get(i + 1).unwrap_or_else(|| usage());
                a.inputs = names.split(',').map(str::to_string).collect();
                i += 1;
            }
            "--classes" => {
                let names = list.get(i + 1).unwrap_or_else(|| usage());
                a.classes = names
                    .split(',')
                    .map(|n| Class::from_name(n).unwrap_or_else(|| usage()))
                    .collect();
                i += 1;
            }
            _ => usage(),
        }
        i += 1;
    }
    a
}

fn usage() -> ! {
    eprintln!(
        "usage: graph_bench [--quick] [--seeds N] [--scaling-seeds N] [--inputs a,b] [--hashes FILE] | --designer N [--lines] [--direct] [--sizes 10,20] [--hashes FILE] [--classes tree,disjoint,triangle,shared,nested,hub,mixed]"
    );
    std::process::exit(2)
}

/// The registry job for `g`, with `corridors` on or off.
fn job(g: &LevelGraph, corridors: bool) -> Box<dyn Job> {
    let mut job = GRAPH.job(None).expect("the graph job");
    job.set("graph", &g.to_json()).expect("the graph setting");
    job.set("corridors", &corridors.to_string())
        .expect("the corridors setting");
    job
}

/// Where `measure` writes a hash line per call: the file and the line's
/// head (input and mode).
type HashOut<'a> = Option<(&'a mut std::fs::File, String)>;

/// Success count and sorted times (ms) of `seeds` calls; `Err` with the
/// message when the configuration is refused. With `hashes`, one line per
/// call: the head, the seed and a hash of the grid or the error.
fn measure(
    job: &(dyn Job + 'static),
    seeds: u64,
    mut hashes: HashOut<'_>,
) -> Result<(u64, Vec<f64>), String> {
    let mut ok = 0;
    let mut times = Vec::with_capacity(seeds as usize);
    for seed in 0..seeds {
        let t = Instant::now();
        let r = job.generate(seed, 1);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if let Some((out, head)) = hashes.as_mut() {
            let h = fnv(&format!("{r:?}"));
            let _ = writeln!(out, "{head} {seed} {} {h:016x}", u8::from(r.is_ok()));
        }
        match r {
            Ok(_) => ok += 1,
            Err(dungeon_core::GenError::Config(e)) => return Err(e.to_string()),
            Err(_) => {}
        }
    }
    times.sort_by(f64::total_cmp);
    Ok((ok, times))
}

fn pct(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let k = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

fn cells(seeds: u64, r: &Result<(u64, Vec<f64>), String>) -> String {
    match r {
        Ok((ok, t)) => format!(
            "{:.1} % | {:.2} | {:.2} | {:.2}",
            100.0 * *ok as f64 / seeds as f64,
            pct(t, 0.5),
            pct(t, 0.95),
            t.last().copied().unwrap_or(0.0)
        ),
        Err(e) => format!("refused: {e} | | |"),
    }
}

fn main() {
    let a = args();
    let started = Instant::now();
    if a.designer > 0 {
        designer(&a);
        eprintln!("graph_bench: {:.0} s", started.elapsed().as_secs_f64());
        return;
    }
    println!("### Level graphs (GraphLayoutGenerator, demo templates)\n");
    println!(
        "`cargo run --release -p dungeon_core --example graph_bench -- --seeds {} --scaling-seeds {}`: {} seeds per input (0 to {}), level 1, one generate call each through the registry job; \
         times in ms over every call, failed ones included. Inputs converted from Edgar-DotNet (Ondřej Nepožitek, MIT): `rust/dungeon_core/tests/data/level_graphs/README.md` says what was changed.\n",
        a.seeds,
        a.scaling_seeds,
        a.seeds,
        a.seeds.saturating_sub(1)
    );
    println!(
        "| input | rooms | connections | cycles | direct: success | p50 | p95 | worst | corridors: success | p50 | p95 | worst |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    // Inputs short of every seed, and the p95 of inputs of 40–49 rooms
    // with 4 cycles.
    let mut short_inputs = Vec::new();
    let mut short_corridors = Vec::new();
    let mut p95_40s = Vec::new();
    let mut hashes = a
        .hashes
        .as_ref()
        .map(|p| std::fs::File::create(p).expect("the hashes file"));
    for (name, g) in inputs() {
        if !a.inputs.is_empty() && !a.inputs.contains(&name) {
            continue;
        }
        let direct = job(&all_direct(&g), false);
        let out = hashes.as_mut().map(|f| (f, format!("{name} direct")));
        let d = measure(direct.as_ref(), a.seeds, out);
        let cycles = g.edges.len() + 1 - g.rooms.len();
        match &d {
            Ok((ok, t)) => {
                if *ok < a.seeds {
                    short_inputs.push(format!("{name} {ok}/{}", a.seeds));
                }
                if (40..50).contains(&g.rooms.len()) && cycles == 4 {
                    p95_40s.push((name.clone(), pct(t, 0.95)));
                }
            }
            Err(_) => short_inputs.push(format!("{name} refused")),
        }
        let out = hashes.as_mut().map(|f| (f, format!("{name} corridors")));
        let with = measure(job(&g, true).as_ref(), a.seeds, out);
        if !matches!(&with, Ok((ok, _)) if *ok == a.seeds) {
            short_corridors.push(name.clone());
        }
        let c = cells(a.seeds, &with);
        println!(
            "| {name} | {} | {} | {} | {} | {c} |",
            g.rooms.len(),
            g.edges.len(),
            cycles,
            cells(a.seeds, &d)
        );
    }
    if !a.inputs.is_empty() {
        eprintln!("graph_bench: {:.0} s", started.elapsed().as_secs_f64());
        return;
    }
    println!(
        "\n**Scaling** ({} random graphs per cell, one seed each; direct doors): success, then p50 / p95 / worst ms.\n",
        a.scaling_seeds
    );
    println!("| rooms | 0 cycles | 1 cycle | 2 cycles | 3 cycles | 4 cycles |");
    println!("|---:|---|---|---|---|---|");
    let mut p95_4 = Vec::new();
    for n in SIZES {
        let mut row = format!("| {n} |");
        for cycles in 0..=4 {
            let (mut ok, mut short, mut times) = (0u64, 0u64, Vec::new());
            for s in 0..a.scaling_seeds {
                let mut rng =
                    DungeonRng::new(0x6b_0000 + (n as u64) * 1000 + cycles as u64 * 100 + s);
                let Ok(g) = designer_graph(&mut rng, Class::Disjoint, n, cycles, Doors::demo())
                else {
                    short += 1;
                    continue;
                };
                let j = job(&g, false);
                let t = Instant::now();
                let r = j.generate(s, 1);
                times.push(t.elapsed().as_secs_f64() * 1e3);
                ok += u64::from(r.is_ok());
            }
            times.sort_by(f64::total_cmp);
            if cycles == 4 {
                p95_4.push((n, pct(&times, 0.95)));
            }
            if times.is_empty() {
                row.push_str(&format!(
                    " no graph of {n} rooms with {cycles} such loops |"
                ));
                continue;
            }
            let note = if short > 0 {
                format!(" ({short} of {} not made)", a.scaling_seeds)
            } else {
                String::new()
            };
            row.push_str(&format!(
                " {:.0} %, {:.1} / {:.1} / {:.1}{note} |",
                100.0 * ok as f64 / times.len() as f64,
                pct(&times, 0.5),
                pct(&times, 0.95),
                times.last().copied().unwrap_or(0.0)
            ));
        }
        println!("{row}");
    }
    verdicts(&short_inputs, &short_corridors, &p95_40s, &p95_4);
    eprintln!("graph_bench: {:.0} s", started.elapsed().as_secs_f64());
}

/// The goals of the level-graph issue against what was measured.
fn verdicts(
    short: &[String],
    short_corridors: &[String],
    p95_40s: &[(String, f64)],
    p95_4: &[(usize, f64)],
) {
    let verdict = |met: bool| if met { "met" } else { "missed" };
    let at = |n: usize| {
        p95_4
            .iter()
            .find(|&&(m, _)| m == n)
            .map_or(0.0, |&(_, p)| p)
    };
    println!("\nGoals (2 cores):");
    println!(
        "- 100 % success on every input, direct doors: {}{}{}.",
        verdict(short.is_empty()),
        if short.is_empty() { "" } else { " (laid out: " },
        if short.is_empty() {
            String::new()
        } else {
            format!("{})", short.join(", "))
        }
    );
    println!(
        "- 100 % success on every input, corridors: {}{}.",
        verdict(short_corridors.is_empty()),
        if short_corridors.is_empty() {
            String::new()
        } else {
            format!(" (short: {})", short_corridors.join(", "))
        }
    );
    println!(
        "- p95 ≤ 50 ms at 40–49 rooms with 4 cycles: {} (random graphs of 40 rooms {:.1} ms{}{}).",
        verdict(at(40) <= 50.0 && p95_40s.iter().all(|(_, p)| *p <= 50.0)),
        at(40),
        if p95_40s.is_empty() { "" } else { "; " },
        p95_40s
            .iter()
            .map(|(n, p)| format!("{n} {p:.1} ms"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!(
        "- p95 ≤ 250 ms at 100 rooms with 4 cycles: {} ({:.1} ms).",
        verdict(at(100) <= 250.0),
        at(100)
    );
    println!(
        "\nEdgar-DotNet itself was not timed: it needs NuGet packages (GraphPlanarityTesting, RangeTree, BenchmarkUtils, YamlDotNet) that no registry reachable here serves, and a .NET SDK that Debian does not package (its Mono 6.8 has no NuGet restore from here)."
    );
}

/// The layouts of one cell of the designer report, in one mode.
#[derive(Default)]
struct Cell {
    ok: u64,
    times: Vec<f64>,
}

impl Cell {
    fn show(&mut self) -> String {
        self.times.sort_by(f64::total_cmp);
        format!(
            "{}/{}, {:.1} / {:.0} / {:.0}",
            self.ok,
            self.times.len(),
            pct(&self.times, 0.5),
            pct(&self.times, 0.95),
            self.times.last().copied().unwrap_or(0.0)
        )
    }
}

/// What a failed layout names, without its room numbers: the kind of
/// chain (a loop, a path, one room closing a loop) and its size (graph
/// rooms and corridor pieces), or a tree room without a spot, or the
/// refusal.
fn failure_kind(e: &GenError, rooms: usize) -> String {
    let GenError::Exhausted { reason, .. } = e else {
        let text: String = e
            .to_string()
            .chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect();
        return format!(
            "refused or other: {}",
            text.chars().take(100).collect::<String>()
        );
    };
    let how = if reason.contains("no layout of its rooms") {
        "no layout joining them without overlap"
    } else if reason.contains("closest layout left energy") {
        "closest layout left energy"
    } else {
        "other"
    };
    let size = |start: &str| {
        let list = reason.split(start).nth(1)?.split(')').next()?;
        let list = list.split(' ').next()?;
        let named: Vec<usize> = list.split('–').filter_map(|r| r.parse().ok()).collect();
        let graph = named.iter().filter(|&&r| r < rooms).count();
        Some(match named.len() - graph {
            0 => format!("{graph}"),
            pieces => format!("{graph} + {pieces} corridor pieces"),
        })
    };
    // A chain names its rooms not placed before it.
    if let Some(s) = size("(the loop through rooms ") {
        format!("loop chain, new rooms {s}: {how}")
    } else if let Some(s) = size("(the path through rooms ") {
        format!("path chain, new rooms {s}: {how}")
    } else if let Some(s) = size("(room ") {
        let what = if reason.contains("closing a loop)") {
            "loop chain, one new room"
        } else {
            "path chain, one room"
        };
        let piece = if s == "1" { "" } else { " (a corridor piece)" };
        format!("{what}{piece}: {how}")
    } else if reason.contains("found no spot") {
        "tree room: no spot against its parent".to_string()
    } else if reason.contains("no attempt finished") {
        "no attempt finished".to_string()
    } else {
        let text: String = reason
            .chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .take(100)
            .collect();
        format!("other: {text}")
    }
}

/// CPU time of this thread in ms (Linux: `/proc/thread-self/schedstat`),
/// `None` elsewhere: failing runs are compared by it, since wall-clock
/// times on a shared machine follow its load.
fn thread_cpu_ms() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

/// The designer-drawn report: per class, a table of rooms × cycles with
/// direct doors and with corridors, then the failures by kind.
/// FNV-1a of `s`.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn designer(a: &Args) {
    let n = a.designer;
    if a.lines {
        println!("### Designer-drawn graphs (demo templates with door lines)\n");
    } else {
        println!("### Designer-drawn graphs (demo templates)\n");
    }
    println!(
        "`cargo run --release -p dungeon_core --example graph_bench -- --designer {n}{}{}`: {n} graphs per cell (graph `s` of a cell laid out with seed `s`, level 1), the same graphs with direct doors and with corridors; a cell: laid out / made, then p50 / p95 / worst ms over every call, failed ones included; – where the class has no such cycle count, \"not made\" where the maker met no request.\n",
        if a.lines { " --lines" } else { "" },
        if a.classes == Class::ALL {
            String::new()
        } else {
            let names: Vec<&str> = a.classes.iter().map(|c| c.name()).collect();
            format!(" --classes {}", names.join(","))
        }
    );
    let doors = Doors::demo();
    let mut hashes = a
        .hashes
        .as_ref()
        .map(|p| std::fs::File::create(p).expect("the hashes file"));
    let (mut all_ok, mut all) = ([0u64; 2], [0u64; 2]);
    for &class in &a.classes {
        println!("**{}**\n", class.name());
        let mut head = String::from("| rooms | doors |");
        let mut rule = String::from("|---:|---|");
        for c in 0..=MAX_CYCLES {
            head.push_str(&format!(" {c} cycle{} |", if c == 1 { "" } else { "s" }));
            rule.push_str("---|");
        }
        println!("{head}\n{rule}");
        let mut kinds: [BTreeMap<String, u64>; 2] = [BTreeMap::new(), BTreeMap::new()];
        // Laid out and made, by the most connections of a room.
        let mut by_degree: [BTreeMap<usize, (u64, u64)>; 2] = [BTreeMap::new(), BTreeMap::new()];
        // Laid out and made, by shape: [with a loop of 3 rooms, without,
        // with loops sharing a room, without].
        let mut by_shape = [[(0u64, 0u64); 4]; 2];
        let (mut class_ok, mut class_all) = ([0u64; 2], [0u64; 2]);
        // The most CPU time (ms) a failed layout took, per mode.
        let mut slowest_failure = [0f64; 2];
        for &rooms in &a.sizes {
            let mut rows = [
                format!("| {rooms} | direct |"),
                format!("| {rooms} | corridors |"),
            ];
            for cycles in 0..=MAX_CYCLES {
                if !class.cycles().contains(&cycles) {
                    rows.iter_mut().for_each(|r| r.push_str(" – |"));
                    continue;
                }
                let mut cells = [Cell::default(), Cell::default()];
                let mut not_made = 0;
                for s in 0..n {
                    let mut rng = DungeonRng::new(
                        0x37_0000
                            + class as u64 * 10_000_000
                            + rooms as u64 * 10_000
                            + cycles as u64 * 1000
                            + s,
                    );
                    let Ok(g) = designer_graph(&mut rng, class, rooms, cycles, doors) else {
                        not_made += 1;
                        continue;
                    };
                    let adj = g.adjacency();
                    let shape = [
                        usize::from(!has_triangle(&adj)),
                        2 + usize::from(!shares_room(&adj)),
                    ];
                    for (m, corridors) in [false, true].into_iter().enumerate() {
                        if corridors && a.direct {
                            continue;
                        }
                        let t = Instant::now();
                        let cpu = thread_cpu_ms();
                        let r = if a.lines {
                            GraphConfig {
                                graph: g.clone(),
                                templates: GraphConfig::demo_line_templates(),
                                corridors,
                                ..GraphConfig::demo()
                            }
                            .generate(s, 1)
                        } else {
                            job(&g, corridors).generate(s, 1)
                        };
                        cells[m].times.push(t.elapsed().as_secs_f64() * 1e3);
                        let most = g.adjacency().iter().map(Vec::len).max().unwrap_or(0);
                        let d = by_degree[m].entry(most).or_default();
                        d.1 += 1;
                        d.0 += u64::from(r.is_ok());
                        for k in shape {
                            by_shape[m][k].0 += u64::from(r.is_ok());
                            by_shape[m][k].1 += 1;
                        }
                        if let Some(out) = hashes.as_mut() {
                            let h = r.as_ref().map_or(0, |grid| fnv(&format!("{grid:?}")));
                            // The work a success took (laid out again).
                            let work = r.as_ref().map_or(0, |_| {
                                let c = GraphConfig {
                                    graph: g.clone(),
                                    templates: if a.lines {
                                        GraphConfig::demo_line_templates()
                                    } else {
                                        GraphConfig::demo_templates()
                                    },
                                    corridors,
                                    ..GraphConfig::demo()
                                };
                                layout(&c, s, 1).map_or(0, |l| l.stats.work)
                            });
                            let _ = writeln!(
                                out,
                                "{} {rooms} {cycles} {s} {m} {} {h:016x} {work}",
                                class.name(),
                                u8::from(r.is_ok())
                            );
                        }
                        match r {
                            Ok(_) => cells[m].ok += 1,
                            Err(e) => {
                                *kinds[m].entry(failure_kind(&e, rooms)).or_default() += 1;
                                if let (Some(a), Some(b)) = (cpu, thread_cpu_ms()) {
                                    slowest_failure[m] = slowest_failure[m].max(b - a);
                                }
                            }
                        }
                    }
                }
                for m in 0..2 {
                    class_ok[m] += cells[m].ok;
                    class_all[m] += cells[m].times.len() as u64;
                    let note = if not_made == n {
                        " not made |".to_string()
                    } else if not_made > 0 {
                        format!(" {} ({not_made} not made) |", cells[m].show())
                    } else {
                        format!(" {} |", cells[m].show())
                    };
                    rows[m].push_str(&note);
                }
            }
            for r in rows {
                println!("{r}");
            }
        }
        println!();
        for (m, mode) in ["direct", "corridors"].into_iter().enumerate() {
            all_ok[m] += class_ok[m];
            all[m] += class_all[m];
            let mut list: Vec<(&String, &u64)> = kinds[m].iter().collect();
            list.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
            let shown: Vec<String> = list.iter().map(|(k, c)| format!("{k}: {c}")).collect();
            let degrees: Vec<String> = by_degree[m]
                .iter()
                .map(|(d, (ok, all))| format!("{d}: {ok}/{all}"))
                .collect();
            let sh = by_shape[m];
            println!(
                "- {mode}: {}/{} laid out (with a loop of 3 rooms {}/{}, without {}/{}; with loops sharing a room {}/{}, without {}/{}; by the most connections of a room: {}); slowest failure {:.0} ms of CPU; failures: {}",
                class_ok[m],
                class_all[m],
                sh[0].0,
                sh[0].1,
                sh[1].0,
                sh[1].1,
                sh[2].0,
                sh[2].1,
                sh[3].0,
                sh[3].1,
                degrees.join(", "),
                slowest_failure[m],
                if shown.is_empty() {
                    "none".to_string()
                } else {
                    shown.join("; ")
                }
            );
        }
        println!();
    }
    println!(
        "All classes: direct {}/{}, corridors {}/{}.",
        all_ok[0], all[0], all_ok[1], all[1]
    );
}
