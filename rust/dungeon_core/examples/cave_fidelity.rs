//! Our `small` preset (the survey's settings) beside the survey's printed
//! example, a worked example of jimrandomh's rule: floor share of the 60×30
//! map and how much of it the largest region holds, over
//! 2000 seeds. `cargo run -p dungeon_core --example cave_fidelity`.

use dungeon_core::cave::{self, CaveConfig, Regions};

/// The survey's example picture (`#` wall, `.` floor), 60×30.
const SURVEY_PICTURE: &str = include_str!("cave_survey_picture.txt");

fn main() {
    let rows: Vec<&str> = SURVEY_PICTURE.lines().filter(|l| !l.is_empty()).collect();
    let seed_floor = rows
        .iter()
        .flat_map(|r| r.chars())
        .filter(|&c| c == '.')
        .count();
    let area = (rows.len() * rows[0].len()) as f64;
    println!(
        "the survey's picture: {}×{}, floor {:.1} % of the map",
        rows[0].len(),
        rows.len(),
        100.0 * seed_floor as f64 / area
    );

    for (name, regions) in [
        ("none (one region kept)", Regions::None),
        (
            "connect_all, min_region_size 0 (all floor)",
            Regions::ConnectAll,
        ),
        ("keep_largest (preset)", Regions::KeepLargest),
    ] {
        let c = CaveConfig {
            regions,
            min_region_size: 0,
            min_floor_fraction: 0.0,
            ..CaveConfig::small()
        };
        let (mut sum, mut lo, mut hi, mut n) = (0.0, f64::MAX, 0.0f64, 0);
        for seed in 0..2000 {
            let g = cave::generate(&c, seed, 1).expect("valid");
            let share = g.walkable_count() as f64 / 1800.0;
            sum += share;
            lo = lo.min(share);
            hi = hi.max(share);
            n += 1;
        }
        println!(
            "ours, {name}: floor {:.1} % mean, {:.1}–{:.1} % over {n} seeds",
            100.0 * sum / n as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
}
