//! `dungeon show FILE`: saved grids read back through `DungeonGrid::from_json`
//! and written again. Round trips are byte for byte; a corrupt grid fails
//! with the core's own message.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use dungeon_core::DungeonGrid;

use super::{dungeon, files_in, in_process, ok, scratch, scratch_dir, stderr, stdout};

/// Runs the binary with `input` on standard input.
fn dungeon_fed(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dungeon binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = input.to_vec();
    // A separate writer, so a big input cannot fill both pipes at once.
    let writer = std::thread::spawn(move || {
        // The child may exit before reading it all.
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// `show` with `input` on standard input; expects success and no message.
fn show_fed(args: &[&str], input: &[u8]) -> Vec<u8> {
    let o = dungeon_fed(args, input);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    assert_eq!(stderr(&o), "", "{args:?}");
    o.stdout
}

/// Expects exit status 1, nothing on stdout and exactly `msg` on stderr.
fn fails_with(o: &Output, msg: &str) {
    assert_eq!(o.status.code(), Some(1), "{}", stderr(o));
    assert_eq!(stderr(o), format!("dungeon: {msg}\n"));
    assert!(o.stdout.is_empty(), "{}", stdout(o));
}

#[test]
fn json_round_trips_byte_for_byte() {
    for args in [
        &["isaac", "--level", "3", "--seed", "7", "--format", "json"][..],
        &["isaac", "--preset", "branching", "--count", "5"][..],
        &["bsp", "--seed", "3", "--format", "json"][..],
        &["bsp", "--preset", "large", "--count", "5"][..],
        &[
            "drunkard", "--preset", "wide", "--count", "5", "--level", "4",
        ][..],
    ] {
        let saved = ok(args);
        assert!(saved.ends_with('\n'));
        let again = show_fed(&["show", "-", "--format", "json"], saved.as_bytes());
        assert_eq!(String::from_utf8(again).unwrap(), saved, "{args:?}");
    }
}

#[test]
fn pictures_equal_the_generators() {
    for (make, format) in [
        (&["isaac", "--level", "3", "--seed", "7"][..], "ascii"),
        (&["isaac", "--count", "5", "--level", "2"][..], "ascii"),
        (&["drunkard", "--count", "3"][..], "emoji"),
        (&["bsp", "--seed", "9"][..], "ascii"),
        (&["bsp", "--seed", "9"][..], "emoji"),
    ] {
        let json = ok(&[make, &["--format", "json"]].concat());
        let want = ok(&[make, &["--format", format]].concat());
        let got = show_fed(&["show", "-", "--format", format], json.as_bytes());
        assert_eq!(String::from_utf8(got).unwrap(), want, "{make:?} {format}");
    }
    // ASCII is the default, whatever the input holds.
    let json = ok(&["isaac", "--seed", "2", "--count", "2"]);
    let want = ok(&["isaac", "--seed", "2", "--count", "2", "--format", "ascii"]);
    assert_eq!(show_fed(&["show", "-"], json.as_bytes()), want.as_bytes());
}

#[test]
fn png_equals_the_generators() {
    let json = ok(&["bsp", "--seed", "4", "--format", "json"]);
    let want = dungeon(&[
        "bsp", "--seed", "4", "--format", "png", "--out", "-", "--scale", "3",
    ]);
    assert_eq!(want.status.code(), Some(0));
    let got = show_fed(
        &["show", "-", "--format", "png", "--out", "-", "--scale", "3"],
        json.as_bytes(),
    );
    assert!(got.starts_with(b"\x89PNG"));
    assert_eq!(got, want.stdout);
    // One picture per call: several grids are a usage error.
    let lines = ok(&["isaac", "--count", "2"]);
    let o = dungeon_fed(
        &["show", "-", "--format", "png", "--out", "-"],
        lines.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "dungeon: --format png: draws one grid, stdin holds 2\n"
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn a_file_reads_like_stdin_and_may_be_rewritten_in_place() {
    let path = scratch("show_in_place.jsonl");
    let p = path.to_str().unwrap();
    let saved = ok(&["drunkard", "--seed", "5", "--count", "4"]);
    std::fs::write(&path, &saved).unwrap();
    assert_eq!(ok(&["show", p, "--format", "json"]), saved);
    assert_eq!(ok(&["show", "--format=json", p]), saved);
    // Every grid is read before the output is opened.
    assert_eq!(ok(&["show", p, "--format", "json", "--out", p]), "");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), saved);
    // `--` ends the options, so a file may be named like one.
    let dir = scratch_dir("show_dash_name");
    std::fs::write(dir.join("-h"), &saved).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["show", "--format", "json", "--", "-h"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(stdout(&o), saved, "{}", stderr(&o));
}

#[test]
fn pretty_json_bom_blank_lines_and_version_1_load() {
    let g =
        DungeonGrid::from_json(ok(&["bsp", "--seed", "1", "--format", "json"]).trim_end()).unwrap();
    let want = g.to_json() + "\n";
    for input in [
        g.to_json_pretty(),
        format!("\u{feff}{}", g.to_json()),
        format!("\n\n{}\r\n\n", g.to_json()),
    ] {
        let got = show_fed(&["show", "-", "--format", "json"], input.as_bytes());
        assert_eq!(String::from_utf8(got).unwrap(), want, "{input:.40}");
    }
    // Grids saved as version 1 (the core's frozen vectors), as JSON lines.
    let tsv = include_str!("../../../dungeon_core/tests/golden/v1_grids.tsv");
    let v1: Vec<&str> = tsv
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split('\t').nth(4))
        .collect();
    assert!(v1.len() > 20 && v1.iter().all(|j| !j.contains("\"version\"")));
    let want: String = v1
        .iter()
        .map(|j| DungeonGrid::from_json(j).unwrap().to_json() + "\n")
        .collect();
    let got = show_fed(&["show", "-", "--format", "json"], v1.join("\n").as_bytes());
    assert_eq!(String::from_utf8(got).unwrap(), want);
}

/// `json` with the rows of field `name` (`cells` or `doors`) changed by
/// `edit`, which gets the rows of numbers and returns whether it changed
/// one. The rows are rewritten as `to_json` writes them.
fn edit_rows(json: &str, name: &str, edit: impl FnOnce(&mut Vec<Vec<u8>>) -> bool) -> String {
    let key = format!("\"{name}\":[[");
    let start = json.find(&key).unwrap() + key.len() - 2;
    let end = start + json[start..].find("]]").unwrap() + 2;
    let mut rows: Vec<Vec<u8>> = json[start + 2..end - 2]
        .split("],[")
        .map(|r| r.split(',').map(|n| n.parse().unwrap()).collect())
        .collect();
    assert!(edit(&mut rows), "nothing to change in {name}");
    let text: Vec<String> = rows
        .iter()
        .map(|r| {
            let nums: Vec<String> = r.iter().map(u8::to_string).collect();
            format!("[{}]", nums.join(","))
        })
        .collect();
    format!("{}[{}]{}", &json[..start], text.join(","), &json[end..])
}

/// Corrupt versions of a saved grid, each breaking one invariant, with a
/// word the core's message must hold.
fn corrupt(json: &str) -> Vec<(String, &'static str)> {
    let rect = json.find("\"rect\":[").unwrap() + "\"rect\":".len();
    let rect_end = rect + json[rect..].find(']').unwrap() + 1;
    let huge = format!("{}[0,0,100000,100000]{}", &json[..rect], &json[rect_end..]);
    let two_starts = edit_rows(json, "cells", |rows| {
        let Some(c) = rows.iter_mut().flatten().find(|c| **c == 1) else {
            return false;
        };
        *c = 2;
        true
    });
    // Close one side of a door: the cell east of it still opens west.
    let one_sided = edit_rows(json, "doors", |rows| {
        let Some(m) = rows.iter_mut().flatten().find(|m| **m & 2 != 0) else {
            return false;
        };
        *m &= !2;
        true
    });
    vec![(huge, "100000"), (two_starts, "start"), (one_sided, "door")]
}

#[test]
fn corrupt_grids_exit_1_with_the_cores_message() {
    let json = ok(&["isaac", "--seed", "11", "--level", "3", "--format", "json"]);
    let json = json.trim_end();
    let path = scratch("show_corrupt.json");
    let p = path.to_str().unwrap();
    let out = scratch("show_corrupt_out.txt");
    for (bad, word) in corrupt(json) {
        let msg = DungeonGrid::from_json(&bad).unwrap_err().to_string();
        assert!(msg.contains(word), "{msg}");
        fails_with(
            &dungeon_fed(&["show", "-"], bad.as_bytes()),
            &format!("stdin: {msg}"),
        );
        std::fs::write(&path, &bad).unwrap();
        fails_with(&dungeon(&["show", p]), &format!("{p}: {msg}"));
        // A failed load writes nothing, not even an empty --out file.
        let o = dungeon(&["show", p, "--out", out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        assert!(!out.exists());
    }
    // The same in bsp's tile maps.
    let json = ok(&["bsp", "--seed", "2", "--format", "json"]);
    for (bad, word) in corrupt(json.trim_end()) {
        let msg = DungeonGrid::from_json(&bad).unwrap_err().to_string();
        assert!(msg.contains(word), "{msg}");
        fails_with(
            &dungeon_fed(&["show", "-"], bad.as_bytes()),
            &format!("stdin: {msg}"),
        );
    }
}

#[test]
fn json_lines_name_the_line_that_does_not_load() {
    let saved = ok(&["isaac", "--seed", "20", "--count", "5"]);
    let mut lines: Vec<String> = saved.lines().map(str::to_owned).collect();
    let (bad, _) = corrupt(&lines[2]).swap_remove(1);
    let msg = DungeonGrid::from_json(&bad).unwrap_err().to_string();
    lines[2] = bad;
    let text = lines.join("\n") + "\n";
    fails_with(
        &dungeon_fed(&["show", "-"], text.as_bytes()),
        &format!("stdin line 3: {msg}"),
    );
    // Blank lines count: the message names the line an editor shows.
    let spaced = format!("\n{}", text.replacen('\n', "\n\n", 1));
    let path = scratch("show_lines.jsonl");
    std::fs::write(&path, spaced).unwrap();
    let p = path.to_str().unwrap();
    fails_with(&dungeon(&["show", p]), &format!("{p} line 5: {msg}"));
    // Not JSON at all.
    let o = dungeon_fed(&["show", "-"], b"{\"version\":2}\nnot json\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("dungeon: stdin line 1: "),
        "{}",
        stderr(&o)
    );
    let o = dungeon_fed(&["show", "-"], b"\xff\xfe{}");
    fails_with(&o, "stdin: not UTF-8 text (byte 0)");
    fails_with(
        &dungeon_fed(&["show", "-"], b"\n  \n"),
        "stdin: no grid (the input is empty)",
    );
}

#[test]
fn unreadable_files_exit_1_naming_the_file_and_the_os_error() {
    let dir = scratch_dir("show_unreadable");
    let missing = dir.join("missing.json");
    let m = missing.to_str().unwrap();
    let os = std::fs::File::open(&missing).unwrap_err().to_string();
    fails_with(&dungeon(&["show", m]), &format!("{m}: {os}"));
    #[cfg(unix)]
    {
        let d = dir.to_str().unwrap();
        let o = dungeon(&["show", d]);
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stderr(&o).starts_with(&format!("dungeon: {d}: ")),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(files_in(&dir), Vec::<String>::new());
}

#[test]
fn only_output_flags_apply_to_show() {
    for (args, msg) in [
        (
            &["show", "a.json", "--seed", "1"][..],
            "--seed: not a flag for show",
        ),
        (
            &["show", "a.json", "--level", "2"][..],
            "--level: not a flag for show",
        ),
        (
            &["show", "a.json", "--preset", "large"][..],
            "--preset: not a flag for show",
        ),
        (
            &["show", "a.json", "--count", "2"][..],
            "--count: not a flag for show",
        ),
        (
            &["--width", "9", "show", "a.json"][..],
            "--width: not a flag for show",
        ),
        (
            &["show", "a.json", "--diagonal"][..],
            "--diagonal: not a flag for show",
        ),
        (
            &["--diagonal", "show", "a.json"][..],
            "--diagonal: not a flag for show",
        ),
        (
            &["show", "a.json", "--bogus"][..],
            "--bogus: unknown flag (see dungeon --help)",
        ),
        (&["show", "a.json", "-x"][..], "-x: unknown flag"),
        (&["show"][..], "show: missing FILE"),
        (&["show", ""][..], "show: expected a FILE name"),
        (
            &["show", "a.json", "b.json"][..],
            "unexpected argument \"b.json\"",
        ),
        (
            &["show", "a.json", "--format", "png"][..],
            "--format png: needs --out",
        ),
        (
            &["show", "a.json", "--scale", "3"][..],
            "--scale: only applies to --format png",
        ),
        (
            &["show", "a.json", "--format", "gif"][..],
            "--format: expected ascii or emoji",
        ),
    ] {
        let o = dungeon(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.starts_with(&format!("dungeon: {msg}")),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        let argv: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
        assert_eq!(
            dungeon_cli::check_args(&argv).map_err(|e| format!("dungeon: {e}\n")),
            Err(err)
        );
    }
}

#[test]
fn the_library_reads_stdin_only_when_given_a_reader() {
    let saved = ok(&["isaac", "--seed", "3", "--format", "json"]);
    // `run` has an empty standard input: `show -` finds no grid, reads nothing.
    let (code, out, err) = in_process(&["show", "-", "--format", "json"]);
    assert_eq!(
        (code, out.as_slice(), err.as_str()),
        (
            1,
            &b""[..],
            "dungeon: stdin: no grid (the input is empty)\n"
        )
    );
    // `run_with_stdin` reads the reader it is given, as the binary does.
    let args: Vec<std::ffi::OsString> = ["show", "-", "--format", "json"].map(Into::into).to_vec();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = dungeon_cli::run_with_stdin(&args, &mut saved.as_bytes(), &mut out, &mut err);
    assert_eq!((code, err.as_slice()), (0, &b""[..]));
    assert_eq!(out, saved.as_bytes());
}

#[test]
fn help_documents_show() {
    let help = ok(&["--help"]);
    assert!(
        help.contains("dungeon show FILE [--format ascii|emoji|json|png|hash]"),
        "{help}"
    );
    assert!(help.contains("show FILE: read saved grids back; FILE - is standard input"));
    assert!(help.contains("dungeon isaac --format json | dungeon show - --format emoji"));
    assert_eq!(ok(&["show", "--help"]), help);
}
