//! Times each step of a config target's input without instrumentation:
//! `cargo run --release --example time_input -- <target> <file>...`
//! (target: isaac_config, drunkard_config or bsp_config). Prints the decoded
//! config, how long `generate` took and how long the checks took.

use std::time::Instant;

use dungeon_core::{bsp, drunkard, isaac};
use dungeon_fuzz::targets;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, files)) = args.split_first() else {
        eprintln!("usage: time_input <isaac_config|drunkard_config|bsp_config> <file>...");
        std::process::exit(2);
    };
    for f in files {
        let data = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        let t = Instant::now();
        let (what, result) = match target.as_str() {
            "isaac_config" => {
                let (c, s, l) = targets::isaac_input(&data);
                (
                    format!("{c:?} seed {s} level {l}"),
                    isaac::generate(&c, s, l).map(|_| ()),
                )
            }
            "drunkard_config" => {
                let (c, s, l) = targets::drunkard_input(&data);
                (
                    format!("{c:?} seed {s} level {l}"),
                    drunkard::generate(&c, s, l).map(|_| ()),
                )
            }
            "bsp_config" => {
                let (c, s, l) = targets::bsp_input(&data);
                (
                    format!("{c:?} seed {s} level {l}"),
                    bsp::generate(&c, s, l).map(|_| ()),
                )
            }
            other => panic!("unknown target {other}"),
        };
        let generate = t.elapsed();
        let t = Instant::now();
        match target.as_str() {
            "isaac_config" => targets::isaac_config(&data),
            "drunkard_config" => targets::drunkard_config(&data),
            _ => targets::bsp_config(&data),
        }
        let whole = t.elapsed();
        println!(
            "{f}: {what}\n  generate: {generate:?} ({}), whole target with checks: {whole:?}",
            match result {
                Ok(()) => "ok".to_owned(),
                Err(e) => e.to_string(),
            }
        );
    }
}
