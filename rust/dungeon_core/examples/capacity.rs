//! Measures, per preset and level, how often generation succeeds, how many
//! attempts it takes and the most work one call did (timings live in the
//! benchmarks, not here).
//! `cargo run --release -p dungeon_core --example capacity`
use dungeon_core::GenError;
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};
use dungeon_core::room_grid::Work;

type Run = Box<dyn Fn(u64, i32) -> (Result<(), GenError>, Work)>;

fn isaac_run(c: IsaacConfig) -> Run {
    Box::new(move |s, l| {
        let (r, w) = isaac::generate_counted(&c, s, l);
        (r.map(|_| ()), w)
    })
}

fn drunkard_run(c: DrunkardConfig) -> Run {
    Box::new(move |s, l| {
        let (r, w) = drunkard::generate_counted(&c, s, l);
        (r.map(|_| ()), w)
    })
}

fn main() {
    let seeds = 2000u64;
    let runs: [(&str, Run); 4] = [
        ("isaac compact", isaac_run(IsaacConfig::compact())),
        ("isaac branching", isaac_run(IsaacConfig::branching())),
        ("drunkard winding", drunkard_run(DrunkardConfig::winding())),
        ("drunkard wide", drunkard_run(DrunkardConfig::wide())),
    ];
    for (name, run) in runs {
        for level in 1..=12 {
            let (mut fails, mut attempts, mut most_steps) = (0, 0u64, 0u64);
            let mut cfg_err = None;
            for s in 0..seeds {
                let (r, work) = run(s, level);
                attempts += u64::from(work.attempts);
                most_steps = most_steps.max(work.steps);
                match r {
                    Ok(()) => {}
                    Err(GenError::Config(e)) => {
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
            println!(
                "{name} L{level}: {fails}/{seeds} failed, {:.2} attempts per call, at most {most_steps} steps",
                attempts as f64 / seeds as f64
            );
        }
    }
}
