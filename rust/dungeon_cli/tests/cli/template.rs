//! `dungeon template`: every format equals the library's grid, every setting
//! is a flag, bad settings exit 1 with the core's message.

use dungeon_core::DungeonGrid;
use dungeon_core::room_grid::RoomCount;
use dungeon_core::template::{self, TagRule, TemplateConfig};

use super::{dungeon, ok};

#[test]
fn every_format_is_the_library_grid() {
    let lib = template::generate(&TemplateConfig::demo(), 3, 2).unwrap();
    let base = ["template", "--seed", "3", "--level", "2"];
    let with = |extra: &[&str]| ok(&[&base[..], extra].concat());
    assert_eq!(with(&[]), lib.to_ascii());
    let json = with(&["--format", "json"]);
    assert_eq!(DungeonGrid::from_json(json.trim_end()).unwrap(), lib);
    let png = dungeon(&[&base[..], &["--format", "png", "--out", "-"]].concat());
    assert_eq!(png.status.code(), Some(0));
    assert_eq!(&png.stdout[1..4], b"PNG");
}

#[test]
fn every_setting_is_a_flag() {
    let out = ok(&[
        "template",
        "--preset",
        "corridors",
        "--width",
        "110",
        "--height",
        "90",
        "--base-rooms",
        "5",
        "--rooms-per-level",
        "1.5",
        "--room-variance",
        "1",
        "--start-tag",
        "start",
        "--end-tag",
        "",
        "--corridor-tag",
        "corridor",
        "--corridors-between-rooms",
        "false",
        "--loops",
        "true",
        "--tag-rules",
        "corridor:0:6",
        "--max-steps",
        "5000",
    ]);
    let c = TemplateConfig {
        width: 110,
        height: 90,
        count: RoomCount {
            base: 5,
            per_level: 1.5,
            variance: 1,
        },
        start_tag: "start".into(),
        end_tag: String::new(),
        corridor_tag: "corridor".into(),
        corridors_between_rooms: false,
        loops: true,
        tag_rules: vec![TagRule::new("corridor", 0, 6)],
        max_steps: 5000,
        ..TemplateConfig::corridors()
    };
    assert_eq!(out, template::generate(&c, 0, 1).unwrap().to_ascii());
    assert_eq!(ok(&["template", "--preset", "demo"]), ok(&["template"]));
}

#[test]
fn bad_settings_exit_1_naming_the_setting() {
    for (args, want) in [
        (&["template", "--width", "5"][..], "invalid width = 5"),
        (&["template", "--end-tag", "dragon"][..], "invalid end_tag"),
        (
            &["template", "--tag-rules", "hall:1:1"][..],
            "invalid tag_rules",
        ),
        (
            &["template", "--max-steps", "5"][..],
            "invalid max_steps = 5",
        ),
    ] {
        let o = dungeon(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    let o = dungeon(&["template", "--tag-rules", "hall"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("tag:min:max"));
}

/// The cases: each fails at once (no attempt made) with exit
/// status 1 and a message naming the setting, the value as typed and why.
#[test]
fn impossible_start_tag_and_tag_rules_are_refused_up_front() {
    for (args, want) in [
        (
            &["template", "--start-tag", "X"][..],
            "dungeon: invalid start_tag = X: allowed a tag some template with weight above 0 \
             carries, or empty for any template (the tags are \"boss\", \"corridor\", \"start\")\n",
        ),
        (
            &["template", "--tag-rules", "boss:2:2"][..],
            "dungeon: invalid tag_rules = boss:2:2: allowed a min of at most 1 for \"boss\": \
             only the end room can carry it (end_tag templates only end a level)\n",
        ),
        (
            &["template", "--tag-rules", "start:0:0"][..],
            "dungeon: invalid tag_rules = start:0:0: allowed a max of at least 1 (or -1) on a \
             tag the start room carries: every level has one start room, and every template \
             that may start (\"start\") carries it\n",
        ),
    ] {
        let o = dungeon(args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&o.stderr), want, "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    // Rules a level can keep still grow; an empty start tag lets any
    // template start.
    for args in [
        &["template", "--tag-rules", "start:1:1,boss:1:1"][..],
        &["template", "--tag-rules", "boss:2:2", "--end-tag", ""][..],
        &["template", "--start-tag", "", "--seed", "3"][..],
    ] {
        let out = ok(args);
        assert!(out.contains('S') && out.contains('E'), "{args:?}: {out}");
    }
}
