//! Where output goes: PNG sizes, `--out` files and `-`, help, and closed or
//! broken stdout.

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::{ErrorKind, Write};
use std::path::PathBuf;
use std::process::{Command, Output};

use dungeon_core::isaac::{self, IsaacConfig};

use super::{dungeon, ok, scratch, stderr, stdout};

/// Decodes a PNG and returns its size and number of distinct colours.
pub(super) fn png_stats(path: &PathBuf) -> ((u32, u32), usize) {
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
pub(super) fn scratch_dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs the binary in `dir`.
pub(super) fn dungeon_in(dir: &PathBuf, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the dungeon binary runs")
}

pub(super) fn files_in(dir: &PathBuf) -> Vec<String> {
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

/// The case: `--count` whose later seed gives up (seed 1 has at
/// most 3 dead ends) after seed 0 was written.
const FAILS_AT_SEED_1: [&str; 7] = [
    "isaac",
    "--max-attempts",
    "1",
    "--min-dead-ends",
    "4",
    "--count",
    "10",
];

#[test]
fn a_run_failing_part_way_leaves_an_existing_file_as_it_was() {
    let dir = scratch_dir("out_kept");
    let file = dir.join("k.txt");
    for format in ["json", "ascii", "emoji"] {
        std::fs::write(&file, "precious\n").unwrap();
        let mut args = FAILS_AT_SEED_1.to_vec();
        args.extend(["--format", format, "--out", "k.txt"]);
        let o = dungeon_in(&dir, &args);
        assert_eq!(o.status.code(), Some(1), "{format}: {}", stderr(&o));
        assert!(
            stderr(&o).starts_with("dungeon: seed 1: isaac: no valid layout in 1 attempt"),
            "{format}: {}",
            stderr(&o)
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "precious\n");
        // No temporary file left beside it.
        assert_eq!(files_in(&dir), ["k.txt"], "{format}");
    }
    // A PNG whose generation fails leaves the old picture too.
    std::fs::write(dir.join("k.png"), "precious\n").unwrap();
    let o = dungeon_in(
        &dir,
        &[
            "isaac",
            "--seed",
            "1",
            "--max-attempts",
            "1",
            "--min-dead-ends",
            "4",
            "--format",
            "png",
            "--out",
            "k.png",
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(std::fs::read(dir.join("k.png")).unwrap(), b"precious\n");
    // A run that succeeds replaces each whole, leaving nothing else.
    let o = dungeon_in(&dir, &["isaac", "--count", "3", "--out", "k.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        ok(&["isaac", "--count", "3"])
    );
    let o = dungeon_in(&dir, &["isaac", "--format", "png", "--out", "k.png"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(png_stats(&dir.join("k.png")).0, (8 * 24, 8 * 24));
    assert_eq!(files_in(&dir), ["k.png", "k.txt"]);
}

#[test]
fn out_naming_a_directory_or_no_place_fails_before_generating() {
    let dir = scratch_dir("out_bad_places");
    std::fs::create_dir(dir.join("d")).unwrap();
    std::fs::write(dir.join("f"), "precious\n").unwrap();
    let missing = std::fs::metadata(dir.join("missing")).unwrap_err();
    for (out, msg) in [
        ("d", "--out d: is a directory".to_owned()),
        ("d/", "--out d/: is a directory".to_owned()),
        ("d/..", "--out d/..: is a directory".to_owned()),
        (
            "missing/..",
            "--out missing/..: names a directory, not a file".to_owned(),
        ),
        (
            "new/",
            "--out new/: ends in a separator: a directory name, not a file".to_owned(),
        ),
        (
            "missing/k.txt",
            format!("--out missing/k.txt: directory missing: {missing}"),
        ),
        ("f/k.txt", "--out f/k.txt: f is not a directory".to_owned()),
    ] {
        // Seed 1 fails after seed 0 was made: the place is checked first.
        let mut args = FAILS_AT_SEED_1.to_vec();
        args.extend(["--out", out]);
        let o = dungeon_in(&dir, &args);
        assert_eq!(o.status.code(), Some(1), "{out}: {}", stderr(&o));
        assert_eq!(stderr(&o), format!("dungeon: {msg}\n"));
        assert_eq!(files_in(&dir), ["d", "f"], "{out}");
        assert!(files_in(&dir.join("d")).is_empty(), "{out}");
    }
    assert_eq!(std::fs::read(dir.join("f")).unwrap(), b"precious\n");
    // The same --out twice is a usage error; nothing is written.
    let o = dungeon_in(&dir, &["isaac", "--out", "k.txt", "--out", "k.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "dungeon: --out: given more than once\n");
    assert_eq!(files_in(&dir), ["d", "f"]);
}

#[cfg(unix)]
#[test]
fn an_unwritable_directory_fails_before_generating() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch_dir("out_unwritable");
    let ro = dir.join("ro");
    std::fs::create_dir(&ro).unwrap();
    std::fs::write(ro.join("f.txt"), "precious\n").unwrap();
    std::fs::set_permissions(ro.join("f.txt"), std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root writes anyway: nothing to check then.
    let root = std::fs::write(ro.join("probe"), "").is_ok();
    if !root {
        let mut args = FAILS_AT_SEED_1.to_vec();
        args.extend(["--out", "ro/new.txt"]);
        let o = dungeon_in(&dir, &args);
        assert_eq!(o.status.code(), Some(1));
        assert!(
            stderr(&o).starts_with("dungeon: --out ro/new.txt: "),
            "{}",
            stderr(&o)
        );
        // An existing file there is still written over, once all is made.
        let o = dungeon_in(&dir, &["isaac", "--count", "2", "--out", "ro/f.txt"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(
            std::fs::read_to_string(ro.join("f.txt")).unwrap(),
            ok(&["isaac", "--count", "2"])
        );
        assert_eq!(files_in(&ro), ["f.txt"]);
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[cfg(unix)]
#[test]
fn a_full_disk_is_an_error_naming_the_file() {
    for format in ["json", "png"] {
        let o = dungeon(&["isaac", "--format", format, "--out", "/dev/full"]);
        assert_eq!(o.status.code(), Some(1), "{format}");
        assert!(
            stderr(&o).starts_with("dungeon: --out /dev/full: "),
            "{format}: {}",
            stderr(&o)
        );
    }
    // A device is written in place, never renamed over.
    assert_eq!(ok(&["isaac", "--out", "/dev/null"]), "");
    assert!(!std::fs::metadata("/dev/null").unwrap().is_file());
}

/// Quitting mid-run (the process killed outright, as Ctrl-C does): the
/// output so far was held in memory, so the file is as it was and nothing
/// is left beside it. (The hashes of 100 000 caves of 512 × 512: a few MiB,
/// well under the 32 MiB held before a temporary file is used, and minutes
/// of work even in an optimised build.)
#[cfg(unix)]
#[test]
fn a_killed_run_leaves_an_existing_file_as_it_was() {
    let dir = scratch_dir("out_killed");
    std::fs::write(dir.join("k.txt"), "precious\n").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(["cave", "--width", "512", "--height", "512"])
        .args(["--count", "100000", "--format", "hash"])
        .args(["--out", "k.txt"])
        .current_dir(&dir)
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let finished = child.try_wait().unwrap().is_some();
    let _ = child.kill();
    child.wait().unwrap();
    assert!(!finished, "the run ended before it was killed");
    let kept = std::fs::read(dir.join("k.txt")).unwrap();
    assert!(
        kept == b"precious\n",
        "k.txt now holds {} bytes",
        kept.len()
    );
    assert_eq!(files_in(&dir), ["k.txt"]);
}
