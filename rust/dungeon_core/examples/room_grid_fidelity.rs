//! Our Isaac presets against plain implementations of what they follow:
//! `compact` against the original room-grid script's neighbour generator (as
//! the script had it, and with its repeated cells removed), `branching` against
//! Boris the Brave's description of Binding of Isaac. Prints means over 2000
//! seeds per level (the tables in `isaac.rs`'s docs). `cargo run --release -p
//! dungeon_core --example room_grid_fidelity`

#[path = "../tests/reference/mod.rs"]
mod reference;

use dungeon_core::isaac::{self, IsaacConfig};
use reference::{Floor, Stats};

const SEEDS: u64 = 2000;

fn ours(config: &IsaacConfig, level: i32) -> Stats {
    let floors: Vec<Floor> = (0..SEEDS)
        .filter_map(|seed| {
            let (g, work) = isaac::generate_counted(config, seed, level);
            g.ok().map(|g| Floor::of(&g, work.attempts))
        })
        .collect();
    Stats::of(&floors)
}

fn script(level: i32, repeats: bool) -> Stats {
    let floors: Vec<Floor> = (0..SEEDS)
        .filter_map(|s| reference::room_grid_script(s, level, repeats))
        .collect();
    assert_eq!(floors.len() as u64, SEEDS, "level {level}");
    Stats::of(&floors)
}

/// One line per level: each statistic as `ours / theirs…`.
fn row(level: i32, all: &[Stats]) {
    let join = |f: &dyn Fn(&Stats) -> String| all.iter().map(f).collect::<Vec<_>>().join(" / ");
    println!(
        "{level:>5} | {} | {} | {} | {} | {} | {} | {}",
        join(&|s| format!("{:.1}", s.rooms)),
        join(&|s| format!("{:.2}", s.dead_ends)),
        join(&|s| format!("{:.2}", s.loops)),
        join(&|s| format!("{:.1}×{:.1}", s.box_w, s.box_h)),
        join(&|s| format!("{:.2}", s.end_distance)),
        join(&|s| format!("{:.2}", s.start_neighbours)),
        join(&|s| format!("{:.2}", s.attempts)),
    );
}

fn header(title: &str) {
    println!("{title}");
    println!(
        "level | rooms | dead ends | loops | bounding box | start–end steps | start's neighbours | attempts"
    );
}

fn main() {
    header("compact (ours) / the script as it was / the script without repeated cells");
    for level in 1..=10 {
        let a = ours(&IsaacConfig::compact(), level);
        row(level, &[a, script(level, true), script(level, false)]);
    }
    println!();
    header("branching (ours) / Binding of Isaac as published");
    for level in 1..=10 {
        let published: Vec<Floor> = (0..SEEDS).map(|s| reference::isaac(s, level)).collect();
        row(
            level,
            &[
                ours(
                    &IsaacConfig {
                        room_rules: None,
                        ..IsaacConfig::branching()
                    },
                    level,
                ),
                Stats::of(&published),
            ],
        );
    }
}
