//! Measures, per preset and level, how often generation succeeds (timings
//! live in the benchmarks, not here). `cargo run --release -p dungeon_core --example capacity`
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};

fn main() {
    let seeds = 2000u64;
    for (name, run) in [
        (
            "isaac seed_002",
            &(|s, l| isaac::generate(&IsaacConfig::seed_002(), s, l).map(|_| ()))
                as &dyn Fn(u64, i32) -> Result<(), dungeon_core::GenError>,
        ),
        ("isaac classic", &|s, l| {
            isaac::generate(&IsaacConfig::classic(), s, l).map(|_| ())
        }),
        ("drunkard seed_002", &|s, l| {
            drunkard::generate(&DrunkardConfig::seed_002(), s, l).map(|_| ())
        }),
        ("drunkard eight_way", &|s, l| {
            drunkard::generate(&DrunkardConfig::eight_way(), s, l).map(|_| ())
        }),
    ] {
        for level in 1..=12 {
            let mut fails = 0;
            let mut cfg_err = None;
            for s in 0..seeds {
                match run(s, level) {
                    Ok(()) => {}
                    Err(dungeon_core::GenError::Config(e)) => {
                        cfg_err = Some(e.to_string());
                        break;
                    }
                    Err(_) => fails += 1,
                }
            }
            if let Some(e) = cfg_err {
                println!("{name} L{level}: {e}");
                break;
            }
            println!("{name} L{level}: {fails}/{seeds} failed");
        }
    }
}
