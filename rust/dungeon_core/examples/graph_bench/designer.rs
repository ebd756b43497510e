//! `graph_bench --designer`: designer-drawn level graphs per class, size
//! and cycle count (see `main.rs`).

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use super::random_level_graph::{
    Class, Doors, MAX_CYCLES, cell_seed, designer_graph, has_triangle, shares_room,
};
use super::{Args, fnv, pct, preset_job, thread_cpu_ms};
use dungeon_core::graph_layout::{GraphConfig, layout};
use dungeon_core::{DungeonRng, GenError, GeneratorConfig};

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
    if let GenError::Config(c) = e
        && c.value.starts_with("a graph with no layout")
    {
        return "no layout exists (proven after the search)".to_string();
    }
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

/// The designer-drawn report: per class, a table of rooms × cycles with
/// direct doors and with corridors, then the failures by kind.
pub(super) fn designer(a: &Args) {
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
                    let mut rng = DungeonRng::new(cell_seed(class, rooms, cycles, s));
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
                            // Fixed slots: the preset whose templates they are.
                            preset_job(Some("fixed_doors"), &g, corridors).generate(s, 1)
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
