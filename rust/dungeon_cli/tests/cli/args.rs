//! Command lines: bad arguments, presets and overrides, every flag, seeds
//! as Godot ints, option parsing, and random command lines.

use std::ffi::OsString;
use std::path::PathBuf;

use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};

use super::output::{dungeon_in, files_in, scratch_dir};
use super::{dungeon, grid_from_json, ok, stderr, stdout};

#[test]
fn bad_arguments_exit_2_with_one_line_naming_the_flag() {
    for (args, needle) in [
        (
            &["isaac", "--level", "x"][..],
            r#"dungeon: --level: expected an integer, got "x""#,
        ),
        (&["isaac", "--seed", "-"][..], "dungeon: --seed: "),
        (
            &["isaac", "--diagonal"][..],
            "dungeon: --diagonal: not a flag for isaac",
        ),
        (
            &["bsp", "--rule", "branching"][..],
            "dungeon: --rule: not a flag for bsp",
        ),
        (
            &["drunkard", "--iterations", "3"][..],
            "dungeon: --iterations: not a flag for drunkard",
        ),
        (
            &["foo"][..],
            r#"dungeon: unknown command "foo" (expected isaac, drunkard, bsp"#,
        ),
        (&[][..], "dungeon: missing command"),
        (
            &["isaac", "--nope", "1"][..],
            "dungeon: --nope: unknown flag",
        ),
        (&["isaac", "--width"][..], "dungeon: --width: missing value"),
        (
            &["isaac", "--width", "1", "--width", "2"][..],
            "dungeon: --width: given more than once",
        ),
        (&["isaac", "--format", "gif"][..], "dungeon: --format: "),
        (
            &["isaac", "--format", "png"][..],
            "dungeon: --format png: needs --out FILE",
        ),
        (
            &["isaac", "--format", "png", "--out", "x.png", "--count", "2"][..],
            "dungeon: --count: ",
        ),
        (
            &["isaac", "--count", "0"][..],
            "dungeon: --count: expected 1..=100000, got 0",
        ),
        (&["isaac", "--count", "100001"][..], "dungeon: --count: "),
        (
            &["isaac", "--scale", "8"][..],
            "dungeon: --scale: only applies to --format png",
        ),
        (
            &["isaac", "--preset", "large"][..],
            "dungeon: --preset: unknown preset",
        ),
        (
            &["isaac", "--rule", "fast"][..],
            "dungeon: --rule: expected branching or crowding",
        ),
        (
            &["isaac", "--end-off-axis", "yes"][..],
            "dungeon: --end-off-axis: expected true or false",
        ),
        (
            &["drunkard", "--off-grid", "wrap"][..],
            "dungeon: --off-grid: ",
        ),
        (
            &["bsp", "--partition-range", "wide"][..],
            "dungeon: --partition-range: expected a number",
        ),
        (
            &["isaac", "words"][..],
            r#"dungeon: unexpected argument "words""#,
        ),
    ] {
        let o = dungeon(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.ends_with('\n'));
        assert_eq!(stdout(&o), "", "{args:?}");
    }
}

#[test]
fn generator_errors_exit_1_naming_the_field() {
    for (args, needle) in [
        (
            &["isaac", "--level", "0"][..],
            "dungeon: invalid level = 0: allowed 1..=",
        ),
        (
            &["isaac", "--width", "300"][..],
            "dungeon: invalid width = 300: allowed 2..=256",
        ),
        (
            &["drunkard", "--level", "40"][..],
            "dungeon: invalid level = 40",
        ),
        (&["bsp", "--border", "0"][..], "dungeon: invalid border = 0"),
        (&["bsp", "--level", "0"][..], "dungeon: invalid level = 0"),
        // An end distance no floor of the level can reach is refused up front.
        (
            &["isaac", "--min-end-distance", "100"][..],
            "dungeon: invalid min_end_distance = 100: allowed 0..=9.00",
        ),
        // A reachable but rare one: every attempt fails, the budget ends it.
        (
            &["isaac", "--min-end-distance", "8.9", "--max-attempts", "3"][..],
            "dungeon: isaac: no valid layout in 3 attempts",
        ),
    ] {
        let o = dungeon(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn preset_then_overrides() {
    let out = ok(&[
        "isaac",
        "--preset",
        "branching",
        "--width",
        "11",
        "--seed",
        "3",
        "--level",
        "2",
        "--format",
        "json",
    ]);
    let mut c = IsaacConfig::branching();
    c.grid.width = 11;
    let g = grid_from_json(out.trim_end());
    assert_eq!(g.width(), 11);
    assert_eq!(g, isaac::generate(&c, 3, 2).unwrap());
    // The order on the command line does not matter: the preset comes first.
    let again = ok(&[
        "--format=json",
        "--width=11",
        "isaac",
        "--level",
        "2",
        "--seed",
        "3",
        "--preset",
        "branching",
    ]);
    assert_eq!(again, out);
}

#[test]
fn every_flag_reaches_the_config() {
    let out = ok(&[
        "isaac",
        "--width",
        "10",
        "--height",
        "9",
        "--origin-x",
        "2",
        "--origin-y",
        "3",
        "--rule",
        "branching",
        "--base-rooms",
        "4",
        "--rooms-per-level",
        "2.5",
        "--room-variance",
        "2",
        "--give-up-chance",
        "0.4",
        "--start",
        "random",
        "--min-dead-ends",
        "3",
        "--min-end-distance",
        "2.5",
        "--end-off-axis",
        "false",
        "--max-fill",
        "0.5",
        "--grow-grid",
        "--max-attempts",
        "500",
        "--format",
        "json",
        "--level",
        "4",
        "--seed",
        "12",
    ]);
    let mut c = IsaacConfig::compact();
    c.grid.width = 10;
    c.grid.height = 9;
    c.origin = Some((2, 3));
    c.rule = isaac::GrowthRule::Branching;
    c.grid.count.base = 4;
    c.grid.count.per_level = 2.5;
    c.grid.count.variance = 2;
    c.give_up_chance = 0.4;
    c.grid.ends.start = dungeon_core::room_grid::StartRule::RandomRoom;
    c.grid.ends.min_dead_ends = 3;
    c.grid.ends.end = dungeon_core::room_grid::EndRule::FarthestApart {
        min_distance: 2.5,
        off_axis: false,
    };
    c.grid.max_fill = 0.5;
    c.grid.grow_grid = true;
    c.grid.max_attempts = 500;
    assert_eq!(
        grid_from_json(out.trim_end()),
        isaac::generate(&c, 12, 4).unwrap()
    );

    let out = ok(&[
        "drunkard",
        "--width",
        "9",
        "--height",
        "7",
        "--diagonal",
        "true",
        "--off-grid",
        "stay",
        "--max-steps",
        "5000",
        "--start",
        "origin",
        "--format",
        "json",
        "--level",
        "2",
    ]);
    let mut c = DrunkardConfig::winding();
    c.grid.width = 9;
    c.grid.height = 7;
    c.diagonal = true;
    c.off_grid = drunkard::OffGrid::Stay;
    c.max_steps = 5000;
    c.grid.ends.start = dungeon_core::room_grid::StartRule::Origin;
    assert_eq!(
        grid_from_json(out.trim_end()),
        drunkard::generate(&c, 0, 2).unwrap()
    );

    let out = ok(&[
        "bsp",
        "--width",
        "60",
        "--height",
        "45",
        "--iterations",
        "5",
        "--partition-range",
        "0.3",
        "--min-partition-size",
        "7",
        "--room-size-min",
        "0.5",
        "--room-size-max",
        "0.9",
        "--min-room-size",
        "3",
        "--border",
        "2",
        "--format",
        "json",
        "--seed",
        "5",
    ]);
    let c = BspConfig {
        width: 60,
        height: 45,
        iterations: 5,
        partition_range: 0.3,
        min_partition_size: 7,
        room_size_min: 0.5,
        room_size_max: 0.9,
        min_room_size: 3,
        border: 2,
    };
    assert_eq!(
        grid_from_json(out.trim_end()),
        bsp::generate(&c, 5, 1).unwrap()
    );
}

#[test]
fn negative_seeds_are_godot_ints() {
    let out = ok(&["isaac", "--seed", "-1", "--format", "json"]);
    let g = grid_from_json(out.trim_end());
    assert_eq!(g.seed, u64::MAX);
    assert_eq!(
        g,
        isaac::generate(&IsaacConfig::default(), u64::MAX, 1).unwrap()
    );
}

#[test]
fn dash_h_as_a_value_is_a_value() {
    let dir = scratch_dir("dash_h");
    let o = dungeon_in(&dir, &["isaac", "--preset", "-h"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "dungeon: --preset: unknown preset \"-h\" for isaac (expected compact or branching or large_rooms)\n"
    );
    assert_eq!(stdout(&o), "");
    let o = dungeon_in(&dir, &["isaac", "--seed", "-h"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("dungeon: --seed: expected an integer")
            && stderr(&o).contains("\"-h\""),
        "{}",
        stderr(&o)
    );
    // --out -h writes a file named -h and prints nothing.
    let o = dungeon_in(&dir, &["isaac", "--seed", "7", "--out", "-h"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(files_in(&dir), ["-h"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("-h")).unwrap(),
        ok(&["isaac", "--seed", "7"])
    );
    // Help is still help where a flag is expected.
    assert!(ok(&["isaac", "-h"]).contains("Usage: dungeon"));
}

#[test]
fn double_dash_ends_the_options() {
    assert_eq!(
        ok(&["--seed", "7", "--", "isaac"]),
        ok(&["isaac", "--seed", "7"])
    );
    for after in ["--help", "-h", "--level"] {
        let o = dungeon(&["isaac", "--", after]);
        assert_eq!(o.status.code(), Some(2), "{after}");
        assert_eq!(
            stderr(&o),
            format!("dungeon: unexpected argument {after:?}\n")
        );
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn count_from_the_top_seed_wraps_around_like_godot_ints() {
    // Seeds are 64-bit and count on modulo 2^64, as `seed + k` does on a
    // Godot int: -1, 0, 1.
    let out = ok(&["isaac", "--seed", "-1", "--count", "3"]);
    let seeds: Vec<u64> = out.lines().map(|l| grid_from_json(l).seed).collect();
    assert_eq!(seeds, [u64::MAX, 0, 1]);
    for (line, seed) in out.lines().zip(seeds) {
        assert_eq!(
            grid_from_json(line),
            isaac::generate(&IsaacConfig::default(), seed, 1).unwrap()
        );
    }
    assert_eq!(
        ok(&["isaac", "--seed", "18446744073709551615", "--count", "3"]),
        out
    );
    // Seeds past 64 bits name the value as given and what would work.
    let o = dungeon(&["isaac", "--seed", "18446744073709551616"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "dungeon: --seed: expected an integer in -9223372036854775808..=18446744073709551615, \
         got \"18446744073709551616\"\n"
    );
}

#[test]
fn config_errors_show_the_value_as_typed() {
    // What the core allows may change; the value must read as typed.
    for (args, want) in [
        (
            &["isaac", "--min-end-distance", "-9223372036854775808"][..],
            "dungeon: invalid min_end_distance = -9223372036854775808: allowed ",
        ),
        (
            &["drunkard", "--max-fill", "0.010000000000000000001"][..],
            "dungeon: invalid max_fill = 0.010000000000000000001: allowed ",
        ),
        (
            &["bsp", "--partition-range", "0.46"][..],
            "dungeon: invalid partition_range = 0.46: allowed ",
        ),
        (
            &["isaac", "--width", "+0300"][..],
            "dungeon: invalid width = +0300: allowed 2..=256",
        ),
        (
            &["isaac", "--origin-x", "08"][..],
            "dungeon: invalid origin.x = 08: allowed 0..=7",
        ),
        (
            &["isaac", "--level", "00"][..],
            "dungeon: invalid level = 00: allowed ",
        ),
    ] {
        let o = dungeon(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.starts_with(want), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // A value out of f64's range is refused before the core sees it.
    let o = dungeon(&["drunkard", "--rooms-per-level", "1e400"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "dungeon: --rooms-per-level: expected a number, got \"1e400\"\n"
    );
}

/// Argument lists built from pieces that mean something to the parser,
/// mixed at random: the library must answer each with 0, 1 or 2, one line
/// on stderr for 1 and 2, and create no file (`--out` only ever comes as
/// `--out -`). `show` reads files that are not there, or an empty stdin.
#[test]
fn random_command_lines_never_panic_nor_write_files() {
    const PIECES: &[&[&str]] = &[
        &["isaac"],
        &["drunkard"],
        &["bsp"],
        &["show"],
        &["show", "-"],
        &["--"],
        &["-h"],
        &["--help"],
        &["-"],
        &["-x"],
        &["--seed"],
        &["-1"],
        &["18446744073709551615"],
        &["99999999999999999999"],
        &["--level"],
        &["3"],
        &["0"],
        &["--count"],
        &["2"],
        &["--preset"],
        &["large"],
        &["compact"],
        &["wide"],
        &["--format"],
        &["png"],
        &["json"],
        &["emoji"],
        &["--scale"],
        &["--out", "-"],
        &["--out=-"],
        &["--width"],
        &["--height"],
        &["12"],
        &["300"],
        &["--diagonal"],
        &["--grow-grid"],
        &["true"],
        &["maybe"],
        &["--rule"],
        &["crowding"],
        &["--min-end-distance"],
        &["-9223372036854775808"],
        &["1e400"],
        &["nan"],
        &["--origin-x"],
        &["--iterations"],
        &["--border"],
        &["--bogus"],
        &["--width=7"],
        &["--diagonal=false"],
        &["--help=1"],
        &["--="],
        &[""],
        &["é"],
    ];
    let before = files_in(&PathBuf::from("."));
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: usize| {
        // xorshift64*: a fixed sequence, so a failure reproduces.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    };
    let mut codes = [0; 3];
    for _ in 0..3000 {
        let len = next(7);
        let mut args: Vec<OsString> = Vec::new();
        for _ in 0..len {
            args.extend(PIECES[next(PIECES.len())].iter().map(OsString::from));
        }
        #[cfg(unix)]
        if next(20) == 0 {
            use std::os::unix::ffi::OsStringExt;
            args.insert(
                next(args.len() + 1),
                OsString::from_vec(vec![b'-', b'-', 0xff]),
            );
        }
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = dungeon_cli::run(&args, &mut out, &mut err);
        let err = String::from_utf8(err).unwrap();
        // Parsing alone agrees on what is a usage error.
        match dungeon_cli::check_args(&args) {
            // Only a scale too big for the map is found after generating.
            Ok(()) => assert!(
                code != 2 || err.starts_with("dungeon: --scale: "),
                "{args:?}: {err}"
            ),
            Err(msg) => assert_eq!(err, format!("dungeon: {msg}\n"), "{args:?}"),
        }
        match code {
            0 => assert_eq!(err, "", "{args:?}"),
            1 | 2 => assert!(
                err.starts_with("dungeon: ") && err.lines().count() == 1,
                "{args:?}: {err}"
            ),
            _ => panic!("{args:?}: status {code}"),
        }
        codes[usize::from(code)] += 1;
    }
    assert!(codes.iter().all(|&n| n > 0), "{codes:?}");
    assert_eq!(files_in(&PathBuf::from(".")), before);
}
