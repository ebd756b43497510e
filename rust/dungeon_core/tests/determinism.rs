//! Same config + seed + level = the same dungeon, byte for byte, forever.
//!
//! `tests/golden/*.txt` hold ASCII pictures and `tests/golden/vectors.tsv`
//! the full JSON of a few seeds per generator preset. A change to the RNG, a
//! generator or a dependency that alters any layout fails here. If the change
//! is intended, regenerate with `UPDATE_GOLDEN=1 cargo test -p dungeon_core
//! --test determinism` and say so in the changelog: saved seeds will change.
//!
//! `vectors.tsv` is also read by the Godot suites, which check that the
//! extension produces the identical JSON for the same inputs.

use std::fmt::Write as _;
use std::path::PathBuf;

use dungeon_core::registry::{self, Entry, GENERATORS};
use dungeon_core::{DungeonGrid, GenError};

/// The (seed, level) pairs pinned for each preset of `generator`: three for
/// most; more for the room grids (a deep level 10) and Hilbert (level 30,
/// past its curve's first orders). A new generator gets the three.
fn seeds(generator: &str) -> &'static [(u64, i32)] {
    match generator {
        "isaac" | "drunkard" => &[(0, 1), (7, 3), (42, 5), (u64::MAX, 10), (123_456_789, 2)],
        "hilbert" => &[(0, 1), (7, 3), (u64::MAX, 2), (42, 30)],
        _ => &[(0, 1), (7, 3), (u64::MAX, 2)],
    }
}

/// Generators whose cases were pinned in one loop with the generator before
/// them in [`GENERATORS`]: seed by seed, the presets of both. The order of
/// `vectors.tsv` keeps that.
const SHARE_SEEDS_WITH_PREVIOUS: &[&str] = &["drunkard", "walker"];

/// (generator, preset, seed, level) cases pinned by the golden files: every
/// preset of every generator in the registry, each on its [`seeds`].
fn cases() -> Vec<(&'static str, &'static str, u64, i32)> {
    let mut groups: Vec<Vec<&dyn Entry>> = Vec::new();
    for &g in GENERATORS {
        match groups.last_mut() {
            Some(group) if SHARE_SEEDS_WITH_PREVIOUS.contains(&g.name()) => group.push(g),
            _ => groups.push(vec![g]),
        }
    }
    let mut v = Vec::new();
    for group in groups {
        let pinned = seeds(group[0].name());
        for &(seed, level) in pinned {
            for g in &group {
                assert_eq!(
                    seeds(g.name()),
                    pinned,
                    "{} shares its seed loop with {}, so it needs the same seeds",
                    g.name(),
                    group[0].name()
                );
                for p in g.presets() {
                    v.push((g.name(), p.name, seed, level));
                }
            }
        }
    }
    v
}

/// The one place that maps a (generator, preset) name pair to a generation:
/// the registry's job for that preset.
pub fn run(generator: &str, preset: &str, seed: u64, level: i32) -> Result<DungeonGrid, GenError> {
    registry::find(generator)
        .unwrap_or_else(|| panic!("unknown generator {generator}"))
        .job(Some(preset))
        .unwrap_or_else(|| panic!("{generator} has no preset {preset}"))
        .generate(seed, level)
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn compare_or_update(name: &str, got: &str) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    });
    if want != got {
        let first = want
            .lines()
            .zip(got.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "{name} changed at line {}:\nwant: {}\ngot:  {}\n(layouts must not change; see the module docs)",
            first + 1,
            want.lines().nth(first).unwrap_or(""),
            got.lines().nth(first).unwrap_or("")
        );
    }
}

#[test]
fn golden_pictures_and_vectors() {
    let mut vectors = String::from(
        "# generator\tpreset\tseed as i64 (Godot's int)\tlevel\tjson (see determinism.rs)\n",
    );
    let mut pictures = std::collections::BTreeMap::<String, String>::new();
    for (generator, preset, seed, level) in cases() {
        let g = run(generator, preset, seed, level).unwrap();
        writeln!(
            vectors,
            "{generator}\t{preset}\t{}\t{level}\t{}",
            seed as i64,
            g.to_json()
        )
        .unwrap();
        let pic = pictures
            .entry(format!("{generator}_{preset}.txt"))
            .or_default();
        writeln!(pic, "seed {seed} level {level}\n{g}").unwrap();
    }
    compare_or_update("vectors.tsv", &vectors);
    for (name, pic) in pictures {
        compare_or_update(&name, &pic);
    }
}

/// `golden/hashes.tsv`: every vector's `layout_hash()`, as 16 hex digits,
/// pinned for the cross-platform check (`tests/cross_check.sh`, step 4) and
/// the Godot suite. The grid read back from its vector's JSON and the grid
/// generated now must both give the pinned hash.
#[test]
fn golden_layout_hashes() {
    let cases = cases();
    // While `UPDATE_GOLDEN` rewrites `vectors.tsv` beside this test, the
    // vectors are made here instead of read half-written.
    let vectors = if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let mut v = String::new();
        for &(generator, preset, seed, level) in &cases {
            let json = run(generator, preset, seed, level).unwrap().to_json();
            writeln!(v, "{generator}\t{preset}\t{seed}\t{level}\t{json}").unwrap();
        }
        v
    } else {
        std::fs::read_to_string(golden_dir().join("vectors.tsv")).unwrap()
    };
    let jsons: Vec<&str> = vectors
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.splitn(5, '\t').nth(4))
        .collect();
    assert_eq!(
        jsons.len(),
        cases.len(),
        "vectors.tsv has one line per case"
    );
    let mut hashes = String::from(
        "# generator\tpreset\tseed as i64 (Godot's int)\tlevel\tlayout_hash (16 hex digits)\n",
    );
    for ((generator, preset, seed, level), json) in cases.into_iter().zip(jsons) {
        let hash = run(generator, preset, seed, level).unwrap().layout_hash();
        // Not the JSON in the message: a vector's line is far too long.
        let read = DungeonGrid::from_json(json)
            .unwrap_or_else(|e| panic!("{generator} {preset} {seed} {level}: {e}"));
        assert_eq!(
            read.layout_hash(),
            hash,
            "{generator} {preset} seed {seed} level {level}: the grid read from vectors.tsv hashes differently"
        );
        writeln!(
            hashes,
            "{generator}\t{preset}\t{}\t{level}\t{hash:016x}",
            seed as i64
        )
        .unwrap();
    }
    compare_or_update("hashes.tsv", &hashes);
}

#[test]
fn same_inputs_same_grid_different_seeds_differ() {
    for (generator, preset, seed, level) in cases() {
        let a = run(generator, preset, seed, level).unwrap();
        let b = run(generator, preset, seed, level).unwrap();
        assert_eq!(a, b);
        let c = run(generator, preset, seed.wrapping_add(1), level).unwrap();
        assert_ne!(
            a.cells(),
            c.cells(),
            "{generator}/{preset} seeds {seed} and {seed}+1 gave the same map"
        );
    }
}

#[test]
fn levels_do_not_depend_on_earlier_levels() {
    // Level 3 generated alone equals level 3 generated after levels 1 and 2.
    let alone = run("isaac", "compact", 99, 3).unwrap();
    let _ = run("isaac", "compact", 99, 1).unwrap();
    let _ = run("isaac", "compact", 99, 2).unwrap();
    assert_eq!(run("isaac", "compact", 99, 3).unwrap(), alone);
    // And different levels of one run differ.
    assert_ne!(
        run("isaac", "compact", 99, 4).unwrap().cells(),
        alone.cells()
    );
}

/// Minesweeper boards (issue 15) are not grids, so they get their own
/// golden picture: each preset for a few seeds, and rule-30 decorations.
#[test]
fn golden_minesweeper_boards() {
    use dungeon_core::elementary;
    use dungeon_core::minesweeper::{self, MinesweeperConfig};
    let mut out = String::new();
    for name in minesweeper::PRESETS {
        for seed in [0, 7, u64::MAX] {
            let config = MinesweeperConfig::preset(name).unwrap();
            let board = minesweeper::generate(&config, seed).unwrap();
            writeln!(out, "{name} seed {seed}\n{}", board.to_ascii()).unwrap();
        }
    }
    for (rule, fill) in [(30, 0.0), (30, 0.5), (90, 0.0), (110, 0.4)] {
        let config = elementary::ElementaryConfig {
            rule,
            width: 24,
            generations: 8,
            start: if fill > 0.0 {
                elementary::StartRow::Random { fill }
            } else {
                elementary::StartRow::SingleCell
            },
            wrap: true,
        };
        let rows = elementary::run(&config, 7).unwrap();
        writeln!(
            out,
            "rule {rule} fill {fill} seed 7\n{}\n",
            elementary::to_text(&rows)
        )
        .unwrap();
    }
    compare_or_update("minesweeper_boards.txt", &out);
}
