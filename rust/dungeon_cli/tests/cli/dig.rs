//! The `tunneler` and `walker` subcommands: every setting a flag, the same
//! grids as the core, clear errors.

use dungeon_core::tunneler::{self, TunnelerConfig};
use dungeon_core::walker::{self, Directions, WalkerConfig};

use super::{dungeon, grid_from_json, ok, scratch, stderr};

#[test]
fn tunneler_flags_reach_the_core() {
    let out = ok(&[
        "tunneler",
        "--seed",
        "9",
        "--level",
        "2",
        "--width",
        "30",
        "--height",
        "20",
        "--max-tunnels",
        "12",
        "--min-tunnel-length",
        "2",
        "--max-tunnel-length",
        "9",
    ]);
    let c = TunnelerConfig {
        width: 30,
        height: 20,
        max_tunnels: 12,
        min_tunnel_length: 2,
        max_tunnel_length: 9,
    };
    assert_eq!(out, tunneler::generate(&c, 9, 2).unwrap().to_ascii());
    let json = ok(&["tunneler", "--preset", "long_halls", "--format", "json"]);
    let g = grid_from_json(json.trim());
    assert_eq!(
        g,
        tunneler::generate(&TunnelerConfig::long_halls(), 0, 1).unwrap()
    );
}

#[test]
fn walker_flags_reach_the_core() {
    let out = ok(&[
        "walker",
        "--seed",
        "4",
        "--width",
        "40",
        "--height",
        "30",
        "--directions",
        "4",
        "--floor-fraction",
        "0.3",
        "--walkers",
        "3",
        "--lifetime",
        "50",
        "--max-steps-per-tile",
        "200",
        "--format",
        "emoji",
    ]);
    let c = WalkerConfig {
        width: 40,
        height: 30,
        directions: Directions::Four,
        floor_fraction: 0.3,
        walkers: 3,
        lifetime: 50,
        max_steps_per_tile: 200,
    };
    assert_eq!(out, walker::generate(&c, 4, 1).unwrap().to_emoji());
    let lines = ok(&["walker", "--preset", "sprawling_cave", "--count", "3"]);
    assert_eq!(lines.lines().count(), 3);
    for (k, line) in lines.lines().enumerate() {
        let g = grid_from_json(line);
        assert_eq!(
            g,
            walker::generate(&WalkerConfig::sprawling_cave(), k as u64, 1).unwrap()
        );
    }
    let png = scratch("walker.png");
    ok(&["walker", "--format", "png", "--out", png.to_str().unwrap()]);
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn bad_settings_are_clear_errors() {
    for (args, want, code) in [
        (
            &["tunneler", "--width", "0"][..],
            "invalid width = 0: allowed 8..=4096",
            1,
        ),
        (
            &["tunneler", "--max-tunnel-length", "99"],
            "invalid max_tunnel_length = 99",
            1,
        ),
        (
            &["tunneler", "--min-tunnel-length", "9"],
            "invalid min_tunnel_length = 9",
            1,
        ),
        (
            &["tunneler", "--max-tunnels", "0"],
            "invalid max_tunnels = 0",
            1,
        ),
        (
            &["walker", "--floor-fraction", "0.99"],
            "invalid floor_fraction = 0.99",
            1,
        ),
        (&["walker", "--walkers", "0"], "invalid walkers = 0", 1),
        (
            &["walker", "--max-steps-per-tile", "0"],
            "invalid max_steps_per_tile = 0",
            1,
        ),
        (
            &["walker", "--directions", "6"],
            "--directions: expected 4 or 8",
            2,
        ),
        (
            &["walker", "--max-tunnels", "3"],
            "--max-tunnels: not a flag for walker",
            2,
        ),
        (
            &["walker", "--preset", "long_halls"],
            "unknown preset \"long_halls\" for walker",
            2,
        ),
        (
            &[
                "walker",
                "--floor-fraction",
                "0.9",
                "--max-steps-per-tile",
                "1",
            ],
            "raise max_steps_per_tile",
            1,
        ),
    ] {
        let o = dungeon(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        assert!(stderr(&o).contains(want), "{args:?}: {}", stderr(&o));
    }
}
