//! `dungeon cave`: every setting as a flag, every output format, the same
//! grid as the core, and clear errors.

use dungeon_core::DungeonGrid;
use dungeon_core::cave::{self, CaveConfig, CavePhase, Regions};

use super::{dungeon, ok, scratch, stderr};

#[test]
fn cave_prints_the_cores_grid_in_every_format() {
    let args = [
        "cave",
        "--seed",
        "9",
        "--level",
        "2",
        "--width",
        "50",
        "--height",
        "30",
        "--fill-probability",
        "0.42",
        "--phases",
        "5:2:3,5:off:2",
        "--regions",
        "connect_all",
        "--min-region-size",
        "4",
        "--min-floor-fraction",
        "0.2",
        "--max-attempts",
        "7",
    ];
    let c = CaveConfig {
        width: 50,
        height: 30,
        fill_probability: 0.42,
        phases: vec![CavePhase::new(5, 2, 3), CavePhase::new(5, -1, 2)],
        regions: Regions::ConnectAll,
        min_region_size: 4,
        min_floor_fraction: 0.2,
        max_attempts: 7,
    };
    let want = cave::generate(&c, 9, 2).unwrap();
    assert_eq!(ok(&args), want.to_ascii());
    let json = ok(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(json.trim_end(), want.to_json());
    assert_eq!(DungeonGrid::from_json(json.trim_end()).unwrap(), want);
    assert_eq!(
        ok(&[&args[..], &["--format", "emoji"]].concat()),
        want.to_emoji()
    );
    let png = scratch("cave.png");
    let p = png.to_str().unwrap();
    assert_eq!(
        ok(&[&args[..], &["--format", "png", "--out", p]].concat()),
        ""
    );
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[1..4], b"PNG");
    // Presets by name.
    for (name, c) in [
        ("classic", CaveConfig::classic()),
        ("small", CaveConfig::small()),
    ] {
        let want = cave::generate(&c, 3, 1).unwrap();
        assert_eq!(
            ok(&["cave", "--preset", name, "--seed", "3"]),
            want.to_ascii()
        );
    }
}

#[test]
fn cave_errors_name_the_setting() {
    for (args, status, needle) in [
        (
            &["cave", "--fill-probability", "1.5"][..],
            1,
            "dungeon: invalid fill_probability = 1.5: allowed 0..=1",
        ),
        (
            &["cave", "--phases", "5:2:4,11:off:3"][..],
            1,
            "dungeon: invalid phase_2_r1_cutoff = 11",
        ),
        (
            &["cave", "--phases", ""][..],
            1,
            "dungeon: invalid phases = : allowed 1 to 100 passes in all",
        ),
        (
            &["cave", "--phases", "5:2"][..],
            2,
            "dungeon: --phases: expected R1:R2:N[,...]",
        ),
        (
            &["cave", "--regions", "all"][..],
            2,
            "dungeon: --regions: expected keep_largest or connect_all or none",
        ),
        (
            &["cave", "--width", "0"][..],
            1,
            "dungeon: invalid width = 0: allowed 4..=4096",
        ),
        (
            &["cave", "--fill-probability", "0.9"][..],
            1,
            "dungeon: cave: no valid layout in 10 attempts",
        ),
        (
            &["cave", "--preset", "large"][..],
            2,
            "dungeon: --preset: unknown preset \"large\" for cave (expected classic or small)",
        ),
    ] {
        let o = dungeon(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(status), "{args:?}: {err}");
        assert!(err.starts_with(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
