//! Decodes config-target inputs and times them without instrumentation:
//! `cargo run --release --example time_input -- <target> <file>...`
//! (target: isaac_config, drunkard_config, bsp_config, graph_config (which
//! times `layout`), any_generator or progression_settings, which run the
//! job unwatched, without the budget and the planner settings;
//! grid_json_mutate
//! prints the JSON the input makes and nothing else). Prints the decoded
//! config (before generating, so a hang still shows what it is), how long
//! `generate` took and how long the whole target with its checks took.

use std::time::Instant;

use dungeon_core::{GenError, bsp, drunkard, graph_layout, isaac};
use dungeon_fuzz::{bsp as bsp_in, room_grid};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, files)) = args.split_first() else {
        eprintln!(
            "usage: time_input <isaac_config|drunkard_config|bsp_config|graph_config|any_generator|progression_settings> <file>..."
        );
        std::process::exit(2);
    };
    for f in files {
        let data = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        if target == "grid_json_mutate" {
            // Print the JSON the input makes (the text from_json is given).
            let json = dungeon_fuzz::mutate::mutated_grid_json(
                &mut dungeon_fuzz::knobs::Knobs::new(&data),
            );
            println!("{}", json.unwrap_or_default());
            continue;
        }
        let generate: Box<dyn Fn() -> Result<(), GenError>> = match target.as_str() {
            "any_generator" | "progression_settings" => {
                let input = dungeon_fuzz::any::decode(&data);
                eprintln!("{f}: {input:?}");
                Box::new(move || input.job.generate(input.seed, input.level).map(|_| ()))
            }
            "isaac_config" => {
                let (c, s, l) = room_grid::isaac_input(&data);
                eprintln!("{f}: {c:?} seed {s} level {l}");
                Box::new(move || isaac::generate(&c, s, l).map(|_| ()))
            }
            "drunkard_config" => {
                let (c, s, l) = room_grid::drunkard_input(&data);
                eprintln!("{f}: {c:?} seed {s} level {l}");
                Box::new(move || drunkard::generate(&c, s, l).map(|_| ()))
            }
            "graph_config" => {
                let (c, s, l) = dungeon_fuzz::graph::graph_input(&data);
                eprintln!("{f}: {c:?} seed {s} level {l}");
                Box::new(move || graph_layout::layout(&c, s, l).map(|_| ()))
            }
            "bsp_config" => {
                let (c, s, l) = bsp_in::bsp_input(&data);
                eprintln!("{f}: {c:?} seed {s} level {l}");
                Box::new(move || bsp::generate(&c, s, l).map(|_| ()))
            }
            other => panic!("unknown target {other}"),
        };
        let t = Instant::now();
        let result = generate();
        let took = t.elapsed();
        let t = Instant::now();
        match target.as_str() {
            "isaac_config" => room_grid::isaac_config(&data),
            "drunkard_config" => room_grid::drunkard_config(&data),
            "any_generator" => dungeon_fuzz::any::any_generator(&data),
            "progression_settings" => {
                dungeon_fuzz::progression::progression_settings(&data);
            }
            "graph_config" => dungeon_fuzz::graph::graph_config(&data),
            _ => bsp_in::bsp_config(&data),
        }
        eprintln!(
            "  generate: {took:?} ({}); the whole target with its checks: {:?}",
            result.map_or_else(|e| e.to_string(), |()| "ok".to_owned()),
            t.elapsed()
        );
    }
}
