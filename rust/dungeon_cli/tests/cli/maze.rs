//! `dungeon maze`: every format equals the library's grid, every setting is
//! a flag, bad settings exit 1 with the core's message.

use dungeon_core::DungeonGrid;
use dungeon_core::maze::{self, MazeConfig};

use super::{dungeon, ok};

#[test]
fn every_format_is_the_library_grid() {
    let lib = maze::generate(&MazeConfig::classic(), 3, 2).unwrap();
    let base = ["maze", "--seed", "3", "--level", "2"];
    let with = |extra: &[&str]| ok(&[&base[..], extra].concat());
    assert_eq!(with(&[]), lib.to_ascii());
    assert_eq!(with(&["--format", "emoji"]), lib.to_emoji());
    let json = with(&["--format", "json"]);
    assert_eq!(DungeonGrid::from_json(json.trim_end()).unwrap(), lib);
    let png = dungeon(&[&base[..], &["--format", "png", "--out", "-"]].concat());
    assert_eq!(png.status.code(), Some(0));
    assert_eq!(&png.stdout[1..4], b"PNG");
}

#[test]
fn every_setting_is_a_flag() {
    let out = ok(&[
        "maze",
        "--preset",
        "labyrinth",
        "--width",
        "31",
        "--height",
        "21",
        "--room-attempts",
        "12",
        "--room-min-size",
        "1",
        "--room-max-size",
        "5",
        "--windiness",
        "0.7",
        "--extra-connector-chance",
        "0.2",
        "--dead-end-removal",
        "0.5",
    ]);
    let c = MazeConfig {
        width: 31,
        height: 21,
        room_attempts: 12,
        room_min_size: 1,
        room_max_size: 5,
        windiness: 0.7,
        extra_connector_chance: 0.2,
        dead_end_removal: 0.5,
    };
    assert_eq!(out, maze::generate(&c, 0, 1).unwrap().to_ascii());
    let classic = ok(&["maze", "--preset", "classic"]);
    assert_eq!(classic, ok(&["maze"]));
}

#[test]
fn bad_settings_exit_1_naming_the_setting() {
    for (args, want) in [
        (&["maze", "--width", "60"][..], "invalid width = 60"),
        (
            &["maze", "--room-min-size", "9", "--room-max-size", "7"][..],
            "invalid room_max_size = 7",
        ),
        (
            &["maze", "--room-max-size", "41"][..],
            "invalid room_max_size = 41",
        ),
        (&["maze", "--windiness", "2"][..], "invalid windiness = 2"),
        (&["maze", "--width", "99999"][..], "invalid width = 99999"),
    ] {
        let o = dungeon(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    let o = dungeon(&["maze", "--iterations", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a flag for maze"));
}
