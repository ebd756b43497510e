//! Runs the built `dungeon` binary and checks what it prints, draws and
//! exits with. The JSON tests compare with the library called directly, so
//! they prove the CLI makes the same call the Godot classes make.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::process::{Command, Output};

use dungeon_core::DungeonGrid;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};

#[path = "cli/show.rs"]
mod show;

#[path = "cli/cave.rs"]
mod cave;
#[path = "cli/dig.rs"]
mod dig;
#[path = "cli/hilbert.rs"]
mod hilbert;
#[path = "cli/maze.rs"]
mod maze;
#[path = "cli/template.rs"]
mod template;

fn dungeon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .output()
        .expect("the dungeon binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

/// Runs and expects success with nothing on stderr.
fn ok(args: &[&str]) -> String {
    let o = dungeon(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{args:?}");
    stdout(&o)
}

/// A fresh file path in Cargo's scratch directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_file(&p);
    p
}

fn grid_from_json(line: &str) -> DungeonGrid {
    DungeonGrid::from_json(line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn isaac_ascii_parses_back_and_is_connected() {
    let out = ok(&["isaac", "--level", "3", "--seed", "7"]);
    let g = DungeonGrid::from_ascii(&out).unwrap();
    assert!(g.is_connected(), "{out}");
    let lib = isaac::generate(&IsaacConfig::default(), 7, 3).unwrap();
    assert_eq!(out, lib.to_ascii());
    assert_eq!(g.rooms().len(), lib.rooms().len());
}

#[test]
fn isaac_json_equals_the_library() {
    let out = ok(&["isaac", "--level", "3", "--seed", "7", "--format", "json"]);
    assert_eq!(out.lines().count(), 1);
    let g = grid_from_json(out.trim_end());
    assert_eq!(g, isaac::generate(&IsaacConfig::default(), 7, 3).unwrap());
    assert_eq!((g.generator.as_str(), g.seed, g.level), ("isaac", 7, 3));
}

#[test]
fn count_gives_consecutive_seeds_as_json_lines() {
    let out = ok(&["isaac", "--level", "3", "--seed", "7", "--count", "5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (line, seed) in lines.iter().zip(7..) {
        let g = grid_from_json(line);
        assert_eq!(g.seed, seed);
        assert_eq!(
            g,
            isaac::generate(&IsaacConfig::default(), seed, 3).unwrap()
        );
    }
    // --format json says the same thing.
    assert_eq!(
        ok(&[
            "isaac", "--level", "3", "--seed", "7", "--count", "5", "--format", "json"
        ]),
        out
    );
}

#[test]
fn count_with_ascii_separates_pictures_by_a_blank_line() {
    let out = ok(&[
        "drunkard", "--seed", "20", "--count", "3", "--format", "ascii",
    ]);
    let pictures: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(pictures.len(), 3, "{out}");
    for (pic, seed) in pictures.iter().zip(20..) {
        let want = drunkard::generate(&DrunkardConfig::default(), seed, 1).unwrap();
        assert_eq!(
            DungeonGrid::from_ascii(pic).unwrap().to_ascii(),
            want.to_ascii()
        );
    }
    let emoji = ok(&[
        "drunkard", "--seed", "20", "--count", "3", "--format", "emoji",
    ]);
    assert_eq!(emoji.split("\n\n").count(), 3);
}

/// Decodes a PNG and returns its size and number of distinct colours.
fn png_stats(path: &PathBuf) -> ((u32, u32), usize) {
    let img = image::open(path).unwrap().to_rgb8();
    let colours: HashSet<[u8; 3]> = img.pixels().map(|p| p.0).collect();
    (img.dimensions(), colours.len())
}

#[test]
fn png_is_width_times_scale_and_colourful() {
    let path = scratch("isaac_l3_s7.png");
    let p = path.to_str().unwrap();
    let out = ok(&[
        "isaac", "--level", "3", "--seed", "7", "--format", "png", "--out", p, "--scale", "10",
    ]);
    assert_eq!(out, "", "png goes to the file only");
    let g = isaac::generate(&IsaacConfig::default(), 7, 3).unwrap();
    let (size, colours) = png_stats(&path);
    assert_eq!(size, (g.width() as u32 * 10, g.height() as u32 * 10));
    assert!(colours > 4, "{colours} colours");
    // The default scale for a small room grid is 24.
    ok(&[
        "isaac", "--level", "3", "--seed", "7", "--format", "png", "--out", p,
    ]);
    assert_eq!(png_stats(&path).0, (8 * 24, 8 * 24));
}

#[test]
fn png_of_a_big_map_is_scaled_down_and_too_big_is_an_error() {
    let path = scratch("bsp_512.png");
    let p = path.to_str().unwrap();
    let big = [
        "bsp",
        "--width",
        "512",
        "--height",
        "256",
        "--iterations",
        "8",
        "--format",
        "png",
        "--out",
        p,
    ];
    ok(&big);
    let ((w, h), colours) = png_stats(&path);
    assert_eq!((w, h), (512 * 4, 256 * 4));
    assert!(colours > 4);
    let mut too_big = big.to_vec();
    too_big.extend(["--scale", "24"]);
    let o = dungeon(&too_big);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with("dungeon: --scale: ") && err.contains("--scale 16 or less"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

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
fn drunkard_every_format() {
    let lib = drunkard::generate(&DrunkardConfig::default(), 3, 5).unwrap();
    let base = ["drunkard", "--level", "5", "--seed", "3"];
    let with = |extra: &[&str]| ok(&[&base[..], extra].concat());
    assert_eq!(with(&[]), lib.to_ascii());
    assert_eq!(with(&["--format", "emoji"]), lib.to_emoji());
    assert_eq!(grid_from_json(with(&["--format", "json"]).trim_end()), lib);
    let path = scratch("drunkard_l5_s3.png");
    with(&["--format", "png", "--out", path.to_str().unwrap()]);
    let (size, colours) = png_stats(&path);
    assert_eq!(size, (8 * 24, 8 * 24));
    assert!(colours > 4);
    let eight = ok(&["drunkard", "--preset", "wide", "--format", "json"]);
    assert_eq!(
        grid_from_json(eight.trim_end()),
        drunkard::generate(&DrunkardConfig::wide(), 0, 1).unwrap()
    );
}

#[test]
fn bsp_every_format() {
    let lib = bsp::generate(&BspConfig::default(), 1, 2).unwrap();
    let base = ["bsp", "--level", "2", "--seed", "1"];
    let with = |extra: &[&str]| ok(&[&base[..], extra].concat());
    let ascii = with(&[]);
    assert_eq!(ascii, lib.to_ascii());
    assert!(DungeonGrid::from_ascii(&ascii).unwrap().is_connected());
    assert_eq!(with(&["--format", "emoji"]), lib.to_emoji());
    assert_eq!(grid_from_json(with(&["--format", "json"]).trim_end()), lib);
    let path = scratch("bsp_l2_s1.png");
    with(&["--format", "png", "--out", path.to_str().unwrap()]);
    let (size, colours) = png_stats(&path);
    assert_eq!(size, (40 * 24, 40 * 24));
    assert!(colours > 4);
}

#[test]
fn bsp_presets() {
    for (name, config) in [("small", BspConfig::small()), ("large", BspConfig::large())] {
        let out = ok(&["bsp", "--preset", name, "--seed", "9", "--format", "json"]);
        assert_eq!(
            grid_from_json(out.trim_end()),
            bsp::generate(&config, 9, 1).unwrap()
        );
    }
    let out = ok(&[
        "bsp",
        "--preset",
        "large",
        "--iterations",
        "3",
        "--format",
        "json",
    ]);
    let c = BspConfig {
        iterations: 3,
        ..BspConfig::large()
    };
    assert_eq!(
        grid_from_json(out.trim_end()),
        bsp::generate(&c, 0, 1).unwrap()
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
fn out_writes_the_same_text_to_a_file() {
    let path = scratch("isaac.jsonl");
    let p = path.to_str().unwrap();
    let printed = ok(&["isaac", "--count", "3", "--format", "json"]);
    assert_eq!(
        ok(&["isaac", "--count", "3", "--format", "json", "--out", p]),
        ""
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), printed);
    // A failed generation leaves no file behind.
    let failed = scratch("failed.txt");
    let o = dungeon(&["isaac", "--level", "0", "--out", failed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!failed.exists());
}

#[test]
fn help_goes_to_stdout_and_exits_0() {
    for flag in ["--help", "-h"] {
        let out = ok(&[flag]);
        assert!(
            out.contains("Usage: dungeon <isaac|drunkard|bsp|")
                && out.contains("hilbert flags:")
                && out.contains("--loop-chance")
                && out.contains("walker flags:"),
            "{out}"
        );
        for name in [
            "--seed",
            "--level",
            "--preset",
            "--format",
            "--out",
            "--scale",
            "--count",
            "--origin-x",
            "--give-up-chance",
            "--max-steps",
            "--off-grid",
            "--partition-range",
            "--border",
            "--max-tunnel-length",
            "--floor-fraction",
            "--directions 4|8",
            "--max-steps-per-tile",
        ] {
            assert!(out.contains(name), "{name}");
        }
    }
    assert!(ok(&["bsp", "--width", "x", "--help"]).starts_with("dungeon: print or draw"));
}

/// A fresh, empty directory in Cargo's scratch directory.
fn scratch_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the binary in `dir`.
fn dungeon_in(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the dungeon binary runs")
}

fn files_in(dir: &PathBuf) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn out_dash_writes_to_stdout() {
    let dir = scratch_dir("out_dash");
    let printed = ok(&["isaac", "--seed", "7", "--count", "2"]);
    let o = dungeon_in(
        &dir,
        &["isaac", "--seed", "7", "--count", "2", "--out", "-"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), printed);
    // PNG: the raw bytes on stdout, the same as the file would hold.
    let o = dungeon_in(
        &dir,
        &["bsp", "--seed", "3", "--format", "png", "--out", "-"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stdout.starts_with(b"\x89PNG\r\n\x1a\n"));
    let img = image::load_from_memory(&o.stdout).unwrap();
    assert_eq!((img.width(), img.height()), (40 * 24, 40 * 24));
    let file = scratch("bsp_s3.png");
    ok(&[
        "bsp",
        "--seed",
        "3",
        "--format",
        "png",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(std::fs::read(&file).unwrap(), o.stdout);
    // No file named "-" appeared.
    assert!(files_in(&dir).is_empty(), "{:?}", files_in(&dir));
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

/// Runs the library in-process: (status, stdout, stderr).
fn in_process(args: &[&str]) -> (u8, Vec<u8>, String) {
    let args: Vec<OsString> = args.iter().map(OsString::from).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = dungeon_cli::run(&args, &mut out, &mut err);
    (code, out, String::from_utf8(err).unwrap())
}

#[test]
fn the_library_runs_the_same_command_line() {
    for args in [
        &["isaac", "--seed", "7", "--level", "3"][..],
        &["drunkard", "--count", "3", "--format", "emoji"][..],
        &["bsp", "--format", "png", "--out", "-", "--scale", "2"][..],
        &["--help"][..],
        &["isaac", "--level", "0"][..],
        &["isaac", "--preset", "-h"][..],
    ] {
        let o = dungeon(args);
        let (code, out, err) = in_process(args);
        assert_eq!(Some(i32::from(code)), o.status.code(), "{args:?}");
        assert_eq!(out, o.stdout, "{args:?}");
        assert_eq!(err, stderr(&o), "{args:?}");
    }
}

/// A writer that fails every write with `kind`.
struct Failing(std::io::ErrorKind);

impl Write for Failing {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(self.0.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Err(self.0.into())
    }
}

#[test]
fn a_closed_stdout_stops_quietly_and_a_broken_one_is_reported() {
    let args: Vec<OsString> = ["isaac", "--count", "5"].map(OsString::from).to_vec();
    let mut err = Vec::new();
    let code = dungeon_cli::run(&args, &mut Failing(ErrorKind::BrokenPipe), &mut err);
    assert_eq!((code, err.as_slice()), (0, &b""[..]));
    let code = dungeon_cli::run(&args, &mut Failing(ErrorKind::StorageFull), &mut err);
    assert_eq!(code, 1);
    assert!(
        String::from_utf8(err)
            .unwrap()
            .starts_with("dungeon: stdout: ")
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

#[test]
fn tinykeep_subcommand_matches_the_core() {
    use dungeon_core::tinykeep::{self, TinyKeepConfig};
    let c = TinyKeepConfig {
        hallway_style: tinykeep::HallwayStyle::AStar,
        hallway_width: 1,
        cell_count: 60,
        ..TinyKeepConfig::small()
    };
    let want = tinykeep::generate(&c, 9, 2).unwrap();
    let got = ok(&[
        "tinykeep",
        "--preset",
        "small",
        "--hallway-style",
        "astar",
        "--hallway-width",
        "1",
        "--cell-count",
        "60",
        "--seed",
        "9",
        "--level",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(got.trim_end(), want.to_json());
    let o = dungeon(&["tinykeep", "--extra-edge-chance", "2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("extra_edge_chance = 2"),
        "{}",
        stderr(&o)
    );
}
