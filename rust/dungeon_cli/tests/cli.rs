//! Runs the built `dungeon` binary and checks what it prints, draws and
//! exits with. The JSON tests compare with the library called directly, so
//! they prove the CLI makes the same call the Godot classes make.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Output};

use dungeon_core::DungeonGrid;
use dungeon_core::bsp::{self, BspConfig};
use dungeon_core::drunkard::{self, DrunkardConfig};
use dungeon_core::isaac::{self, IsaacConfig};

#[path = "cli/show.rs"]
mod show;

#[path = "cli/args.rs"]
mod args;
#[path = "cli/output.rs"]
mod output;
use output::{files_in, png_stats, scratch_dir};

#[path = "cli/cave.rs"]
mod cave;
#[path = "cli/dig.rs"]
mod dig;
#[path = "cli/graph.rs"]
mod graph;
#[path = "cli/hash.rs"]
mod hash;
#[path = "cli/hilbert.rs"]
mod hilbert;
#[path = "cli/locks.rs"]
mod locks;
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
