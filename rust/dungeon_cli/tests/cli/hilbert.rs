//! `dungeon hilbert`: every format, the presets, every flag, and the
//! errors, compared with the library called directly.

use dungeon_core::hilbert::{self, HilbertConfig};

use super::{dungeon, grid_from_json as grid, ok, scratch};

#[test]
fn every_format_is_the_library_call() {
    let lib = hilbert::generate(&HilbertConfig::default(), 3, 2).unwrap();
    let base = ["hilbert", "--level", "2", "--seed", "3"];
    let with = |extra: &[&str]| ok(&[&base[..], extra].concat());
    assert_eq!(with(&[]), lib.to_ascii());
    assert_eq!(with(&["--format", "emoji"]), lib.to_emoji());
    assert_eq!(grid(&with(&["--format", "json"])), lib);
    let path = scratch("hilbert_l2_s3.png");
    let _ = std::fs::remove_file(&path);
    assert_eq!(
        with(&["--format", "png", "--out", path.to_str().unwrap()]),
        ""
    );
    let img = image::open(&path).unwrap().to_rgb8();
    assert_eq!(img.dimensions(), (8 * 24, 8 * 24));
}

#[test]
fn presets_and_every_flag() {
    for (name, config) in [
        ("winding", HilbertConfig::winding()),
        ("sprawling", HilbertConfig::sprawling()),
    ] {
        let out = ok(&[
            "hilbert", "--preset", name, "--seed", "9", "--format", "json",
        ]);
        assert_eq!(grid(&out), hilbert::generate(&config, 9, 1).unwrap());
    }
    let out = ok(&[
        "hilbert",
        "--preset",
        "sprawling",
        "--order",
        "5",
        "--grow-order=false",
        "--path-length",
        "20",
        "--path-per-level",
        "1.5",
        "--path-variance",
        "4",
        "--side-room-chance",
        "0.6",
        "--branch-length",
        "2",
        "--loop-chance",
        "0.25",
        "--allow-shortcuts",
        "--level",
        "3",
        "--format",
        "json",
    ]);
    let c = HilbertConfig {
        order: 5,
        grow_order: false,
        path_length: 20,
        path_per_level: 1.5,
        path_variance: 4,
        side_room_chance: 0.6,
        branch_length: 2,
        loop_chance: 0.25,
        allow_shortcuts: true,
    };
    let g = grid(&out);
    assert_eq!(g, hilbert::generate(&c, 0, 3).unwrap());
    assert_eq!(g.width(), 32);
    let lines = ok(&["hilbert", "--count", "3"]);
    assert_eq!(lines.lines().count(), 3);
}

#[test]
fn bad_settings_exit_1_naming_the_setting() {
    for (args, want) in [
        (
            &["hilbert", "--order", "0"][..],
            "dungeon: invalid order = 0: allowed 1..=10",
        ),
        (
            &["hilbert", "--order", "11"][..],
            "dungeon: invalid order = 11",
        ),
        (
            &["hilbert", "--path-length", "65", "--grow-order", "false"][..],
            "dungeon: invalid path_length = 65: allowed 2..=64",
        ),
        (
            &["hilbert", "--path-length", "1"][..],
            "dungeon: invalid path_length = 1",
        ),
        (
            &["hilbert", "--loop-chance", "1.5"][..],
            "dungeon: invalid loop_chance = 1.5",
        ),
        (
            &["hilbert", "--side-room-chance", "-0.5"][..],
            "dungeon: invalid side_room_chance = -0.5",
        ),
    ] {
        let o = dungeon(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with(want), "{args:?}: {err}");
    }
    let o = dungeon(&["hilbert", "--rule", "branching"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr).trim_end(),
        "dungeon: --rule: not a flag for hilbert"
    );
}
